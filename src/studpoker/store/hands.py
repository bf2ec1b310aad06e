"""Hands played: stored with their record and events, and, at chips tables, their
nets moved into the players' holdings in the same transaction."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from studpoker.store.base import StoreBase
from studpoker.store.checks import (
    bounded_text,
    check_table_id,
    json_text,
    moment,
    signed,
    whole,
)
from studpoker.store.deals import keep_deal
from studpoker.store.errors import StoreError
from studpoker.store.fences import check_fence, tournament_key
from studpoker.store.journal import forget_running
from studpoker.store.models import (
    GAME_LENGTH,
    AccountModel,
    HandModel,
    HandPlayerModel,
    TournamentModel,
)
from studpoker.store.money import change_holding, held, rollover_of, set_rollover_chips, write
from studpoker.store.values import HandPlayer, HandRow, LedgerKind, StoredHand, TableMode


def _check_hand(hand: HandRow) -> TableMode:
    if not isinstance(hand, HandRow):
        raise StoreError(f"record_hand takes a HandRow, not {type(hand).__name__}")
    check_table_id(hand.table_id)
    whole(hand.number, "a hand number")
    bounded_text(hand.game, "a game", length=GAME_LENGTH)
    try:
        mode = TableMode(hand.mode)
    except ValueError:
        modes = ", ".join(m.value for m in TableMode)
        raise StoreError(f"a table mode is one of {modes}, not {hand.mode!r}") from None
    if moment(hand.ended_at, "a hand's end") < moment(hand.started_at, "a hand's start"):
        raise StoreError(f"hand {hand.number} ends ({hand.ended_at}) before it starts")
    if not isinstance(hand.record, str):
        raise StoreError("a hand's record is text (PHH)")
    json_text(hand.events, "a hand's events are JSON text")
    whole(hand.pot, "a pot", minimum=0)
    if hand.rollover is not None:
        whole(hand.rollover, "a rollover", minimum=0)
    if not hand.players:
        raise StoreError(f"hand {hand.number} has no players")
    seats = set()
    for player in hand.players:
        if not isinstance(player, HandPlayer):
            raise StoreError(f"a hand's players are HandPlayer values, not {player!r}")
        whole(player.seat, "a seat", minimum=0)
        bounded_text(player.name, "a player's name", length=64)
        signed(player.net, "a net")
        if player.account_id is not None:
            whole(player.account_id, "an account id")
        if player.seat in seats:
            raise StoreError(f"hand {hand.number} has seat {player.seat} twice")
        seats.add(player.seat)
    if mode is TableMode.CHIPS:
        accounts = [player.account_id for player in hand.players]
        if None in accounts:
            raise StoreError(f"every player of a chips hand has an account (hand {hand.number})")
        if len(set(accounts)) != len(accounts):
            raise StoreError(f"hand {hand.number} seats an account twice")
    return mode


def _hand_values(session: Session, rows: Iterable[HandModel]) -> list[StoredHand]:
    rows = list(rows)
    players: dict[int, list[HandPlayer]] = {row.id: [] for row in rows}
    if rows:
        for seat in session.scalars(
            select(HandPlayerModel)
            .where(HandPlayerModel.hand_id.in_(players))
            .order_by(HandPlayerModel.hand_id, HandPlayerModel.seat)
        ):
            players[seat.hand_id].append(
                HandPlayer(seat=seat.seat, name=seat.name, net=seat.net, account_id=seat.account_id)
            )
    return [
        StoredHand(
            id=row.id,
            table_id=row.table_id,
            number=row.number,
            game=row.game,
            mode=TableMode(row.mode),
            started_at=row.started_at,
            ended_at=row.ended_at,
            record=row.record,
            events=row.events,
            pot=row.pot,
            rake=row.rake,
            rollover=row.rollover,
            players=tuple(players[row.id]),
        )
        for row in rows
    ]


class Hands(StoreBase):
    def record_hand(
        self,
        hand: HandRow,
        *,
        fence: int | None = None,
        tournament: tuple[int, str] | None = None,
        tournament_fence: int | None = None,
    ) -> int:
        """Stores a finished hand and returns its id, in one transaction: the hand, its
        players and — at a chips table (R7.2) — each player's chips at the table changed
        by their net and the table's rollover set to ``hand.rollover`` (R6.8), each with
        its ledger row. A chips hand must balance: the nets and the change of the
        rollover add up to 0. Practice and competition hands are stored and move no
        money. If anything is refused, nothing is stored.
        With ``fence`` (the owner's fencing token, docs/scaling.md), raises
        :class:`StaleOwner` instead, changing nothing, if another owner has written for
        the table since.  With ``tournament`` (its id and its director's state after
        the hand, JSON), the tournament's state is kept in the same transaction: a
        restart deals on from the last hand stored; ``tournament_fence`` is its
        director's token (a director on another process than the table's)."""
        mode = _check_hand(hand)
        table = hand.table_id
        try:
            with self._transaction() as session:
                check_fence(session, table, fence)
                if tournament is not None:
                    check_fence(session, tournament_key(tournament[0]), tournament_fence)
                ids = {p.account_id for p in hand.players if p.account_id is not None}
                found = set(
                    session.scalars(select(AccountModel.id).where(AccountModel.id.in_(ids)))
                )
                missing = sorted(ids - found)
                if missing:
                    raise StoreError(f"no account {missing[0]} (hand {hand.number})")
                old = new = 0
                if mode is TableMode.CHIPS:
                    old = rollover_of(session, table)
                    new = old if hand.rollover is None else hand.rollover
                    nets = sum(player.net for player in hand.players)
                    if nets + new - old != 0:
                        raise StoreError(
                            f"hand {hand.number} at table {table} does not balance: the nets add "
                            f"up to {nets} and the rollover goes from {old} to {new}"
                        )
                forget_running(session, table, hand.number)  # played out: no longer running
                # A hand stored twice is refused by the table's unique (table, number):
                # the IntegrityError below, with nothing stored.
                hand_id = session.execute(
                    insert(HandModel).returning(HandModel.id),
                    [
                        {
                            "table_id": table,
                            "number": hand.number,
                            "game": hand.game,
                            "mode": mode.value,
                            "started_at": hand.started_at,
                            "ended_at": hand.ended_at,
                            "record": hand.record,
                            "events": hand.events,
                            "pot": hand.pot,
                            "rake": 0,
                            "rollover": hand.rollover,
                        }
                    ],
                ).scalar_one()
                session.execute(
                    insert(HandPlayerModel),
                    [
                        {
                            "hand_id": hand_id,
                            "seat": player.seat,
                            "account_id": player.account_id,
                            "name": player.name,
                            "net": player.net,
                        }
                        for player in hand.players
                    ],
                )
                # Its seeds, secret until its table's seed epoch ends (store/deals.py).
                keep_deal(
                    session, hand_id, hand, self._now(), self.epoch, (self.open_epochs, fence)
                )
                if mode is TableMode.CHIPS:
                    self._move_nets(session, hand, hand_id, old, new)
                if tournament is not None:
                    kept = session.execute(
                        update(TournamentModel)
                        .where(
                            TournamentModel.id == tournament[0],
                            TournamentModel.state == "running",
                        )
                        .values(director=tournament[1])
                    )
                    if not kept.rowcount:  # type: ignore[attr-defined]
                        raise StoreError(f"tournament {tournament[0]} is not running")
        except IntegrityError as error:  # the same hand stored at the same moment
            raise StoreError(f"hand {hand.number} of table {table} is already stored") from error
        return hand_id

    def _move_nets(self, session: Session, hand: HandRow, hand_id: int, old: int, new: int) -> None:
        table = hand.table_id
        now = self._now()
        if new != old:
            set_rollover_chips(session, table, new)
            write(
                session,
                now,
                LedgerKind.HAND,
                account_id=None,
                table_id=table,
                table_change=new - old,
                hand_id=hand_id,
            )
        for player in sorted(hand.players, key=lambda p: p.account_id or 0):
            assert player.account_id is not None  # checked by _check_hand
            if change_holding(session, table, player.account_id, player.net) is None:
                have = held(session, table, player.account_id)
                raise StoreError(
                    f"{player.name} holds {have} at table {table} and cannot lose "
                    f"{-player.net} in hand {hand.number}"
                )
            write(
                session,
                now,
                LedgerKind.HAND,
                account_id=player.account_id,
                table_id=table,
                table_change=player.net,
                hand_id=hand_id,
            )

    def hand(self, table_id: str, number: int) -> StoredHand | None:
        """Hand ``number`` of the table, or None."""
        table = check_table_id(table_id)
        whole(number, "a hand number")
        with self._transaction() as session:
            rows = session.scalars(
                select(HandModel).where(HandModel.table_id == table, HandModel.number == number)
            )
            found = _hand_values(session, rows)
            return found[0] if found else None

    def hands_of(
        self, account_id: int, *, limit: int = 100, before: int | None = None
    ) -> list[StoredHand]:
        """The account's hands, newest first: at most ``limit``, and only those with an
        id below ``before`` when it is given (the next page starts before the last id
        of this one)."""
        whole(account_id, "an account id")
        limit = whole(limit, "a limit")
        statement = (
            select(HandModel)
            .join(HandPlayerModel, HandPlayerModel.hand_id == HandModel.id)
            .where(HandPlayerModel.account_id == account_id)
            .order_by(HandModel.id.desc())
            .limit(limit)
        )
        if before is not None:
            statement = statement.where(HandModel.id < whole(before, "a hand id"))
        with self._transaction() as session:
            return _hand_values(session, session.scalars(statement))

    def last_hand_number(self, table_id: str) -> int:
        """The number of the table's last stored hand, 0 if none: the next hand after a
        restart is this plus one."""
        table = check_table_id(table_id)
        with self._transaction() as session:
            number = session.scalar(
                select(func.max(HandModel.number)).where(HandModel.table_id == table)
            )
            return number or 0
