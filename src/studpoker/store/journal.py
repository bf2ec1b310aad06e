"""The hands being played, written as they are played (docs/scaling.md, "A hand
survives its process"): a hand's deal when it begins, its actions as they are taken. When
the process running a table dies, the one that takes the table over reads the running
hand back and plays it on from the same deck, action for action.

A table has at most one running hand. ``record_hand`` deletes it in the transaction that
stores the finished hand; ``void_hand`` deletes a hand cut short. Every write may carry
the owner's fencing token (``fence``, store/fences.py): a stale owner's is refused,
changing nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import cast

from sqlalchemy import Table, delete, func, insert, select
from sqlalchemy.orm import Session

from studpoker.store.base import StoreBase
from studpoker.store.checks import bounded_text, check_table_id, json_text, moment, whole
from studpoker.store.errors import StoreError
from studpoker.store.fences import check_fence, check_fences
from studpoker.store.models import ACTION_LENGTH, RunningActionModel, RunningHandModel
from studpoker.store.tables import checked_seating, write_seating
from studpoker.store.values import JournalActions, JournalDeal, JournalSeating, RunningHand

__all__ = ["Journal", "JournalEntry", "forget_running"]

JournalEntry = JournalDeal | JournalActions | JournalSeating


_HANDS = cast(Table, RunningHandModel.__table__)
_ACTIONS = cast(Table, RunningActionModel.__table__)


def forget_running(session: Session, table_id: str, number: int | None = None) -> None:
    """Within a write's transaction: the table's running hand (hand ``number`` only, if
    given) and its actions deleted."""
    hands = delete(RunningHandModel).where(RunningHandModel.table_id == table_id)
    actions = delete(RunningActionModel).where(RunningActionModel.table_id == table_id)
    if number is not None:
        hands = hands.where(RunningHandModel.number == number)
        actions = actions.where(RunningActionModel.number == number)
    session.execute(actions)
    session.execute(hands)


def _checked_deal(entry: JournalDeal) -> JournalDeal:
    check_table_id(entry.table_id)
    whole(entry.number, "a hand number")
    moment(entry.started_at, "a hand's start")
    json_text(entry.setup, "a hand's setup is JSON text")
    return entry


def _checked_actions(entry: JournalActions) -> JournalActions:
    check_table_id(entry.table_id)
    whole(entry.number, "a hand number")
    whole(entry.first, "an action's number", minimum=0)
    actions = entry.actions
    if isinstance(actions, str) or not isinstance(actions, Sequence):
        raise StoreError(f"actions are a list of texts, not {actions!r}")
    for action in actions:
        bounded_text(action, "an action", length=ACTION_LENGTH)
    return entry


def _checked(entry: JournalEntry) -> JournalEntry:
    if isinstance(entry, JournalDeal):
        return _checked_deal(entry)
    if isinstance(entry, JournalActions):
        return _checked_actions(entry)
    if isinstance(entry, JournalSeating):
        return checked_seating(entry)
    raise StoreError(f"a journal entry is a deal, actions or a seating, not {entry!r}")


class _Batch:
    """One transaction's journal entries applied in order: which hand each table of the
    batch is running and how many actions it has stored, read for every table of the
    batch in two queries, then kept here as the entries change them; the actions to
    insert gathered, and inserted together (the cost of a batch is its statements,
    not its rows)."""

    def __init__(self, session: Session, tables: set[str]) -> None:
        self.session = session
        self.running: dict[str, int] = {}
        self.counts: dict[str, int] = {}
        if tables:
            hands = select(RunningHandModel.table_id, RunningHandModel.number)
            for table, number in session.execute(
                hands.where(RunningHandModel.table_id.in_(tables))
            ):
                self.running[table] = number
            counts = (
                select(RunningActionModel.table_id, func.count())
                .where(RunningActionModel.table_id.in_(tables))
                .group_by(RunningActionModel.table_id)
            )
            for table, count in session.execute(counts):
                self.counts[table] = count
        self.rows: list[dict[str, object]] = []

    def deal(self, entry: JournalDeal) -> None:
        self.insert()  # a table's earlier actions go in before the deal deletes them
        forget_running(self.session, entry.table_id)
        self.session.execute(
            insert(_HANDS),
            [
                {
                    "table_id": entry.table_id,
                    "number": entry.number,
                    "started_at": entry.started_at,
                    "setup": entry.setup,
                }
            ],
        )
        self.running[entry.table_id] = entry.number
        self.counts[entry.table_id] = 0

    def log(self, entry: JournalActions) -> None:
        table, number, first = entry.table_id, entry.number, entry.first
        running = self.running.get(table)
        if running != number:
            playing = "no hand" if running is None else f"hand {running}"
            raise StoreError(
                f"table {table} is playing {playing}, not hand {number}: its actions are not stored"
            )
        count = self.counts.get(table, 0)
        if first != count:
            raise StoreError(
                f"hand {number} of table {table} has {count} actions stored: the next "
                f"is action {count}, not {first}"
            )
        self.rows.extend(
            {"table_id": table, "seq": first + i, "number": number, "action": action}
            for i, action in enumerate(entry.actions)
        )
        self.counts[table] = count + len(entry.actions)

    def insert(self) -> None:
        if self.rows:
            # The table, not the model: a plain executemany, without the ORM's bulk
            # machinery (a tenth of the journal's time, for nothing it needs).
            self.session.execute(insert(_ACTIONS), self.rows)
            self.rows = []


class Journal(StoreBase):
    def begin_hand(
        self,
        table_id: str,
        number: int,
        setup: str,
        started_at: datetime,
        *,
        fence: int | None = None,
    ) -> None:
        """Hand ``number`` of the table begins, dealt from ``setup`` (JSON text). A hand
        the table was playing before is void: it and its actions are replaced."""
        self.write_journal([JournalDeal(table_id, number, setup, started_at, fence)])

    def log_actions(
        self,
        table_id: str,
        number: int,
        first: int,
        actions: Sequence[str],
        *,
        fence: int | None = None,
    ) -> None:
        """Actions ``first``, ``first + 1``, … (0 is the hand's first) of the table's
        running hand ``number``, in one transaction. Refused unless that hand is running
        and ``first`` comes next."""
        self.write_journal([JournalActions(table_id, number, first, actions, fence)])

    def write_journal(self, entries: Sequence[JournalEntry]) -> None:
        """Deals, actions and seatings of any tables, in order, in one transaction (a
        room writes what its tables did in the last moment at once): all of them, or, if
        one is refused, none."""
        checked = [_checked(entry) for entry in entries]
        with self._transaction() as session:
            # Each table's fence checked once, every table's in one statement.
            check_fences(session, ((entry.table_id, entry.fence) for entry in checked))
            batch = _Batch(session, {e.table_id for e in checked if isinstance(e, JournalActions)})
            for entry in checked:
                if isinstance(entry, JournalDeal):
                    batch.deal(entry)
                elif isinstance(entry, JournalActions):
                    batch.log(entry)
                else:
                    write_seating(session, entry)
            batch.insert()

    def void_hand(self, table_id: str, number: int, *, fence: int | None = None) -> None:
        """The table's running hand ``number`` is void (cut short, every bet back): it
        and its actions are deleted. Nothing to delete is not an error."""
        table = check_table_id(table_id)
        whole(number, "a hand number")
        with self._transaction() as session:
            check_fence(session, table, fence)
            forget_running(session, table, number)

    def running_hand(self, table_id: str) -> RunningHand | None:
        """The hand the table is playing, with its actions so far, or None."""
        table = check_table_id(table_id)
        with self._transaction() as session:
            found = self._running(session, [table])
        return found[0] if found else None

    def running_hands(self) -> list[RunningHand]:
        """Every table's running hand, by table."""
        with self._transaction() as session:
            return self._running(session, None)

    @staticmethod
    def _running(session: Session, tables: list[str] | None) -> list[RunningHand]:
        hands = select(RunningHandModel).order_by(RunningHandModel.table_id)
        actions = select(RunningActionModel).order_by(
            RunningActionModel.table_id, RunningActionModel.seq
        )
        if tables is not None:
            hands = hands.where(RunningHandModel.table_id.in_(tables))
            actions = actions.where(RunningActionModel.table_id.in_(tables))
        taken: dict[tuple[str, int], list[str]] = {}
        for row in session.scalars(actions):
            taken.setdefault((row.table_id, row.number), []).append(row.action)
        return [
            RunningHand(
                table_id=row.table_id,
                number=row.number,
                started_at=row.started_at,
                setup=row.setup,
                actions=tuple(taken.get((row.table_id, row.number), ())),
            )
            for row in session.scalars(hands)
        ]
