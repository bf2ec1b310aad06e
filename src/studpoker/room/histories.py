"""An account's hands as PokerStars text, as its seat saw them (``GET /api/hands``).

Written on a worker process of the room's (:mod:`studpoker.room.workers`): a
thousand hands are seconds of pure Python, which in the room's own process would hold
the interpreter's lock against the tables.  The process opens the room's database by
its URL; a room on an in-memory SQLite database (tests) writes them on a thread with
its own store instead.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from studpoker.fairness import DealRecord
from studpoker.games import MIX_TITLES, GameSpec
from studpoker.history import to_pokerstars
from studpoker.history.phh import from_phh
from studpoker.store import Competition, Store, TournamentRow
from studpoker.tournament import structure_of

__all__ = ["hand_histories"]

_stores: dict[str, Store] = {}  # the worker process's stores, by URL


def hand_histories(store: Store | str, account_id: int, limit: int, table_id: str | None) -> str:
    """The last ``limit`` hands of ``account_id`` (at ``table_id`` only, if given) as
    PokerStars text from its seat, oldest first; ``store`` is the room's store or its
    URL."""
    if isinstance(store, str):
        if store not in _stores:
            _stores[store] = Store(store)
        store = _stores[store]
    texts = []
    competitions: dict[str, list[Competition]] = {}  # by table, read once
    tournaments: dict[int, _Tournament | None] = {}  # by id, read once
    mixes: dict[str, str | None] | None = None  # the kept tables' mixed games, read once
    hands = store.hands_of(account_id, limit=limit)
    # Each hand's deal from seeds, its server seed once its epoch is over (issue 38).
    deals = store.deals_of([stored.id for stored in hands])
    for stored in reversed(hands):
        if table_id is not None and stored.table_id != table_id:
            continue
        hand = from_phh(stored.record)
        players = sorted(stored.players, key=lambda p: p.seat)
        engine = [p.account_id for p in players].index(account_id)
        spec = hand.spec
        # What the money is, so that a tracker never books play chips as dollars: a
        # chips table's fixed-limit games in dollars and cents (Show Hand in chips), a
        # practice table's play chips as PokerStars writes play money (no currency), a
        # competition's hands as the tournament they are (R7.3), in chips.
        tournament = None
        if stored.mode == "competition":
            if stored.table_id not in competitions:
                competitions[stored.table_id] = store.competitions(stored.table_id)
            tournament = _competition_of(
                competitions[stored.table_id], stored.started_at, stored.ended_at
            )
        level, buy_in, table, size = 1, None, stored.table_id, spec.max_seats
        mix: str | None = None
        if stored.mode != "tournament":  # a Triple Stud table's hands name their mix
            if mixes is None:
                mixes = {
                    kept.table_id: json.loads(kept.config).get("mix")
                    for kept in store.kept_tables()
                }
            mix = MIX_TITLES.get(mixes.get(stored.table_id) or "")
        if stored.mode == "tournament":  # issue 17: "t{id}-{table}", as PokerStars writes it
            number, _, at = stored.table_id[1:].partition("-")
            tid = int(number)
            if tid not in tournaments:
                tournaments[tid] = _Tournament.read(store.tournament(tid))
            entry = tournaments[tid]
            tournament, table = tid, f"{tid} {at}"
            if entry is not None:
                level = entry.level_of(spec)
                size, mix, buy_in = entry.size, entry.mix, entry.buy_in
        money = stored.mode == "chips" and spec.money_unit > 1  # the table wrote money
        texts.append(
            to_pokerstars(
                hand,
                viewer=engine,
                names=[p.name for p in players],
                seats=[p.seat + 1 for p in players],
                hand_id=stored.id,
                table=table,
                started=stored.started_at,
                currency="$" if money else None,
                tournament=tournament,
                max_seats=size,
                level=level,
                buy_in=buy_in,
                mix=mix,
                deal=_deal_for(deals.get(stored.id), len(players)),
            )
        )
    return "\n\n\n".join(texts) + ("\n" if texts else "")


def _deal_for(deal: DealRecord | None, players: int) -> DealRecord | None:
    """The deal a download writes: the hand's, when it names a client seed for each of
    its players (a hand dealt before deals from seeds has none)."""
    return deal if deal is not None and len(deal.client_seeds) == players else None


@dataclass(frozen=True)
class _Tournament:
    """What a tournament's hands write in their headers, read once a download."""

    levels: dict[tuple[int, int, int], int]  # (ante, small bet, min bet) -> level number
    size: int
    mix: str | None
    buy_in: tuple[int, int] | None

    @classmethod
    def read(cls, row: TournamentRow | None) -> _Tournament | None:
        if row is None:
            return None
        settings = json.loads(row.settings)
        structure = structure_of(settings["structure"])
        levels: dict[tuple[int, int, int], int] = {}
        for level in structure.levels:
            levels.setdefault((level.ante, level.small_bet, level.min_bet), level.number)
        return cls(
            levels,
            settings["table_size"],
            MIX_TITLES.get(settings.get("mix") or ""),
            (row.buy_in, row.fee) if row.buy_in or row.fee else None,
        )

    def level_of(self, spec: GameSpec) -> int:
        """The number of the level whose stakes the hand was dealt at."""
        return self.levels.get((spec.ante, spec.small_bet, spec.min_bet), 1)


def _competition_of(competitions: list[Competition], started: datetime, ended: datetime) -> int:
    """The number of the competition a hand played from ``started`` to ``ended`` was
    part of (its id in the store; 0 if none is found, which a tracker still reads as a
    tournament).  The first hand is dealt as the competition starts, a moment before
    the store writes its start: the hand's time and the competition's overlap."""
    for competition in competitions:
        end = competition.finished_at or competition.ends_at
        if competition.started_at <= ended and started <= end:
            return competition.id
    return 0
