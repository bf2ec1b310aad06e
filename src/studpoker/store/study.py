"""Hands to study (issue 18): imported from one's own files, or played in the room, each
with its events and every player's facts (studpoker.study); the sums the statistics are
made of, summed by the database."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from sqlalchemy import ColumnElement, and_, case, func, insert, or_, select, tuple_
from sqlalchemy.exc import IntegrityError

from studpoker.store.base import StoreBase
from studpoker.store.checks import bounded_text, whole
from studpoker.store.errors import StoreError
from studpoker.store.hands import _hand_values
from studpoker.store.models import (
    GAME_LENGTH,
    NUMBER_LENGTH,
    SOURCE_LENGTH,
    STUDY_FACTS,
    HandModel,
    study_hands,
    study_players,
)
from studpoker.store.values import StoredHand

__all__ = ["Study", "StudyFilter", "StudyPlayerRow", "StudyRow"]

# Rows a statement inserts at most (SQLite's limit on bound values is 32,766).
_BATCH = 400


@dataclass(frozen=True, slots=True)
class StudyPlayerRow:
    """A player's facts in a hand: ``counts`` by :data:`STUDY_FACTS`."""

    seat: int
    name: str
    net: int
    net_bb: float
    counts: Sequence[int]


@dataclass(frozen=True, slots=True)
class StudyRow:
    """A hand to study, as stored: ``events`` JSON text, ``record`` its text."""

    source: str
    number: str
    game: str
    small_bet: int
    big_bet: int
    players: Sequence[StudyPlayerRow]
    events: str
    record: str = ""
    played_at: str | None = None
    currency: str | None = None
    table_size: int | None = None
    room_hand_id: int | None = None


@dataclass(frozen=True, slots=True)
class StudyFilter:
    """Which hands a statistic counts: a game, stakes (the big bet, in the hand's
    unit) and money (``currency``), a date range (``"YYYY-MM-DD"``, both ends
    included), a table size; None is any.  ``owner_id`` whose imported hands count
    beside the room's (None: the room's only)."""

    owner_id: int | None = None
    game: str | None = None
    big_bet: int | None = None
    since: str | None = None
    until: str | None = None
    table_size: int | None = None
    room: bool = True  # the room's own hands too
    currency: str | None = None  # a site's money sign ("$"), "" for chips, None: any
    # Where the hands come from: a site ("Winamax"), "room", "PHH"; None: any.  A name is
    # one person on one site: the same name on two sites may be two players.
    site: str | None = None


def _check_row(row: StudyRow) -> None:
    if not isinstance(row, StudyRow):
        raise StoreError(f"add_study_hands takes StudyRow values, not {type(row).__name__}")
    bounded_text(row.source, "a source", length=SOURCE_LENGTH)
    bounded_text(row.number, "a hand number", length=NUMBER_LENGTH)
    bounded_text(row.game, "a game", length=GAME_LENGTH)
    whole(row.small_bet, "a small bet", minimum=0)
    whole(row.big_bet, "a big bet", minimum=0)
    if not row.players:
        raise StoreError(f"hand {row.number} has no players")
    for player in row.players:
        if len(player.counts) != len(STUDY_FACTS):
            raise StoreError(f"a player's facts are {len(STUDY_FACTS)} counts")


class Study(StoreBase):
    def add_study_hands(self, owner_id: int | None, rows: Sequence[StudyRow]) -> tuple[int, int]:
        """Store ``rows`` as ``owner_id``'s (None: the room's), in one transaction: a
        hand already stored for the owner (the same source and number), or twice in
        ``rows``, is left out.  How many were added, and how many left out."""
        if owner_id is not None:
            whole(owner_id, "an account id")
        for row in rows:
            _check_row(row)
        try:
            return self._add_study_hands(owner_id, rows)
        except IntegrityError:  # stored by another process at the same moment
            raise StoreError("these hands were stored by another at the same time") from None

    def _add_study_hands(self, owner_id: int | None, rows: Sequence[StudyRow]) -> tuple[int, int]:
        added = skipped = 0
        now = self._now()
        with self._transaction() as session:
            if owner_id is not None:
                self._account_row(session, owner_id)
            for start in range(0, len(rows), _BATCH):
                batch = rows[start : start + _BATCH]
                keys = {(row.source, row.number) for row in batch}
                owner = (
                    study_hands.c.owner_id.is_(None)
                    if owner_id is None
                    else study_hands.c.owner_id == owner_id
                )
                have = {
                    (source, number)
                    for source, number in session.execute(
                        select(study_hands.c.source, study_hands.c.number).where(
                            owner,
                            tuple_(study_hands.c.source, study_hands.c.number).in_(keys),
                        )
                    )
                }
                fresh: list[StudyRow] = []
                for row in batch:
                    key = (row.source, row.number)
                    if key in have:
                        skipped += 1
                        continue
                    have.add(key)
                    fresh.append(row)
                if not fresh:
                    continue
                # Each new row's id, by its key (RETURNING in one batched statement:
                # asking for the rows' order makes SQLite insert them one by one).
                made = session.execute(
                    insert(study_hands).returning(
                        study_hands.c.id, study_hands.c.source, study_hands.c.number
                    ),
                    [
                        {
                            "owner_id": owner_id,
                            "source": row.source,
                            "number": row.number,
                            "game": row.game,
                            "played_at": row.played_at,
                            "small_bet": row.small_bet,
                            "big_bet": row.big_bet,
                            "currency": row.currency,
                            "table_size": row.table_size,
                            "players": len(row.players),
                            "record": row.record,
                            "events": row.events,
                            "imported_at": now,
                            "room_hand_id": row.room_hand_id,
                        }
                        for row in fresh
                    ],
                )
                ids = {(source, number): hand_id for hand_id, source, number in made}
                # The players through the driver's executemany: SQLAlchemy's per-row
                # work was a tenth of an import's time.
                players = [
                    (ids[row.source, row.number], p.seat, p.name, p.net, p.net_bb, *p.counts)
                    for row in fresh
                    for p in row.players
                ]
                connection = session.connection()
                mark = "?" if connection.dialect.paramstyle == "qmark" else "%s"
                columns = ["hand_id", "seat", "name", "net", "net_bb", *STUDY_FACTS]
                statement = (
                    f"INSERT INTO study_players ({', '.join(columns)}) "
                    f"VALUES ({', '.join([mark] * len(columns))})"
                )
                connection.exec_driver_sql(statement, players)
                added += len(fresh)
        return added, skipped

    def room_hands_to_study(self, limit: int = 1000) -> list[int]:
        """The ids of up to ``limit`` room hands not yet studied, oldest first."""
        with self._transaction() as session:
            last = session.scalar(select(func.max(study_hands.c.room_hand_id))) or 0
            return list(
                session.scalars(
                    select(HandModel.id)
                    .where(HandModel.id > last)
                    .order_by(HandModel.id)
                    .limit(limit)
                )
            )

    def room_hands(self, ids: Sequence[int]) -> list[StoredHand]:
        """The room's hands of ``ids``, in that order (those that exist)."""
        with self._transaction() as session:
            rows = session.scalars(select(HandModel).where(HandModel.id.in_(list(ids))))
            found = {hand.id: hand for hand in _hand_values(session, rows)}
        return [found[i] for i in ids if i in found]

    def _where(self, name: str | None, where: StudyFilter) -> list[ColumnElement[bool]]:
        h = study_hands.c
        clauses: list[ColumnElement[bool]] = []
        if name is not None:
            clauses.append(study_players.c.name == name)
        owners: list[ColumnElement[bool]] = [h.owner_id.is_(None)] if where.room else []
        if where.owner_id is not None:
            owners.append(h.owner_id == where.owner_id)
        if not owners:
            raise StoreError("a statistic counts the room's hands, one's own, or both")
        clauses.append(or_(*owners))
        if where.game is not None:
            clauses.append(h.game == where.game)
        if where.big_bet is not None:
            clauses.append(h.big_bet == where.big_bet)
        if where.currency is not None:
            clauses.append(
                h.currency.is_(None) if where.currency == "" else h.currency == where.currency
            )
        if where.site is not None:
            clauses.append(h.source == where.site)
        if where.since is not None:
            clauses.append(h.played_at >= where.since)
        if where.until is not None:
            clauses.append(h.played_at <= f"{where.until} 99")
        if where.table_size is not None:
            clauses.append(h.table_size == where.table_size)
        return clauses

    def study_sums(self, name: str, where: StudyFilter) -> dict[str, float]:
        """The sums of ``name``'s facts over the hands ``where`` takes: ``hands``,
        ``sh_hands`` (those of Show Hand: a statistic of its own is counted over them
        alone), ``net``, ``net_bb``, ``net_bb2`` (its squares) and each of
        :data:`STUDY_FACTS`."""
        p = study_players.c
        show_hand = case((study_hands.c.game == "show_hand", 1), else_=0)
        columns = [
            func.count().label("hands"),
            func.coalesce(func.sum(show_hand), 0).label("sh_hands"),
            func.coalesce(func.sum(p.net), 0).label("net"),
            func.coalesce(func.sum(p.net_bb), 0.0).label("net_bb"),
            func.coalesce(func.sum(p.net_bb * p.net_bb), 0.0).label("net_bb2"),
            *(func.coalesce(func.sum(p[fact]), 0).label(fact) for fact in STUDY_FACTS),
        ]
        statement = (
            select(*columns)
            .select_from(study_players.join(study_hands, study_hands.c.id == p.hand_id))
            .where(and_(*self._where(name, where)))
        )
        with self._transaction() as session:
            row = session.execute(statement).one()
        return {key: float(value) if key.startswith("net_bb") else int(value)
                for key, value in row._mapping.items()}  # fmt: skip

    def study_stakes(self, name: str, where: StudyFilter) -> list[dict[str, object]]:
        """The stakes ``name`` played in the hands ``where`` takes, whatever its own
        stakes: each game, small and big bet and currency with its hands, the most
        played first — what a stakes filter offers."""
        h = study_hands.c
        hands = func.count().label("hands")
        statement = (
            select(h.game, h.small_bet, h.big_bet, h.currency, hands)
            .select_from(study_players.join(study_hands, h.id == study_players.c.hand_id))
            .where(and_(*self._where(name, replace(where, big_bet=None, currency=None))))
            .group_by(h.game, h.small_bet, h.big_bet, h.currency)
            .order_by(hands.desc(), h.game, h.big_bet, h.currency.asc().nulls_first())
        )
        with self._transaction() as session:
            return [dict(row._mapping) for row in session.execute(statement)]

    def study_sites(self, name: str, where: StudyFilter) -> list[dict[str, object]]:
        """Where ``name``'s hands that ``where`` takes come from, whatever its own site:
        each site ("room" for the room's own) with its hands, the most first — what a
        site filter offers."""
        h = study_hands.c
        hands = func.count().label("hands")
        statement = (
            select(h.source.label("site"), hands)
            .select_from(study_players.join(study_hands, h.id == study_players.c.hand_id))
            .where(and_(*self._where(name, replace(where, site=None))))
            .group_by(h.source)
            .order_by(hands.desc(), h.source)
        )
        with self._transaction() as session:
            return [dict(row._mapping) for row in session.execute(statement)]

    def study_series(self, name: str, where: StudyFilter) -> list[tuple[str | None, float, bool]]:
        """``name``'s hands in the order played (then stored): when, the net in big bets,
        whether it went to a showdown — a winnings graph's points."""
        p = study_players.c
        statement = (
            select(study_hands.c.played_at, p.net_bb, p.showdown)
            .select_from(study_players.join(study_hands, study_hands.c.id == p.hand_id))
            .where(and_(*self._where(name, where)))
            .order_by(study_hands.c.played_at, study_hands.c.id)
        )
        with self._transaction() as session:
            return [(at, float(bb), bool(sd)) for at, bb, sd in session.execute(statement)]

    def study_hands_of(
        self, owner_id: int, *, limit: int = 100, before: int | None = None
    ) -> list[dict[str, object]]:
        """``owner_id``'s imported hands, the newest first (``before``: ids below it):
        each one's id, source, number, game, when played and big bet."""
        h = study_hands.c
        statement = select(h.id, h.source, h.number, h.game, h.played_at, h.big_bet).where(
            h.owner_id == whole(owner_id, "an account id")
        )
        if before is not None:
            statement = statement.where(h.id < before)
        statement = statement.order_by(h.id.desc()).limit(whole(limit, "a limit", minimum=1))
        with self._transaction() as session:
            return [dict(row._mapping) for row in session.execute(statement)]

    def study_hand(self, owner_id: int, hand_id: int) -> tuple[str, str] | None:
        """``owner_id``'s imported hand ``hand_id``: its source and its record's text;
        None if it is not theirs (or does not exist)."""
        h = study_hands.c
        with self._transaction() as session:
            row = session.execute(
                select(h.source, h.record).where(
                    h.id == whole(hand_id, "a hand id"), h.owner_id == whole(owner_id, "an id")
                )
            ).one_or_none()
        return None if row is None else (str(row.source), str(row.record))

    def study_hand_count(self, owner_id: int | None) -> int:
        """How many hands ``owner_id`` imported (None: the room's studied)."""
        owner = (
            study_hands.c.owner_id.is_(None)
            if owner_id is None
            else study_hands.c.owner_id == owner_id
        )
        with self._transaction() as session:
            return int(session.scalar(select(func.count()).where(owner)) or 0)
