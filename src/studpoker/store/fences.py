"""Fencing tokens (docs/scaling.md): each write of a table's chips or hands may carry
its owner's token; the store refuses it, in the same transaction and changing
nothing, when a greater token has written for that table since.

The lease (``studpoker.room.ownership``) says which process should run a table; the
fence here is what makes a stale owner harmless.  ``fence=None`` (the embedded room,
one process) writes without a check.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from sqlalchemy import Table, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from studpoker.store.base import StoreBase
from studpoker.store.checks import check_table_id, whole
from studpoker.store.errors import StaleOwner
from studpoker.store.models import FenceModel

__all__ = ["Fences", "check_fence", "check_fences", "tournament_key"]

_FENCES = cast(Table, FenceModel.__table__)
# check_fences on PostgreSQL: every fence a token may raise, raised.
_RAISE = text(
    f"UPDATE {_FENCES.name} AS fence SET token = given.token"
    " FROM unnest(CAST(:tables AS text[]), CAST(:tokens AS bigint[])) AS given(table_id, token)"
    " WHERE fence.table_id = given.table_id AND fence.token <= given.token"
    " RETURNING fence.table_id"
)


def tournament_key(tournament_id: int) -> str:
    """The name a tournament's director is leased and fenced under (its tables are
    ``t<id>-<n>``): ``tournament-<id>``."""
    return f"tournament-{int(tournament_id)}"


def check_fence(session: Session, table_id: str, token: int | None) -> None:
    """Within a write's transaction: refuse it if a greater token than ``token`` has
    written for the table, else make ``token`` the table's fence.  The row stays
    locked (PostgreSQL) until the write commits, so a new owner's first write waits
    for a stale owner's write in flight, then shuts it out."""
    if token is None:
        return
    token = whole(token, "a fencing token")
    raised = session.execute(
        update(_FENCES)
        .where(_FENCES.c.table_id == table_id, _FENCES.c.token <= token)
        .values(token=token)
    )
    if raised.rowcount:  # type: ignore[attr-defined]
        return
    fence = session.scalar(select(FenceModel.token).where(FenceModel.table_id == table_id))
    if fence is not None and fence <= token:  # another's first write came in between
        check_fence(session, table_id, token)
        return
    if fence is None:  # the table's first fenced write
        try:
            with session.begin_nested():
                session.add(FenceModel(table_id=table_id, token=token))
            return
        except IntegrityError:  # another owner's first write at the same moment:
            check_fence(session, table_id, token)  # the row is there now: raise or refuse
            return
    raise StaleOwner(
        f"table {table_id} has another owner now (fencing token {fence}; this write "
        f"has {token}): the write is refused",
        table_id=table_id,
        token=token,
        fence=int(fence or 0),
    )


def check_fences(session: Session, fences: Iterable[tuple[str, int | None]]) -> None:
    """:func:`check_fence` for many tables in one statement (a room's journal writes
    what dozens of its tables did in one transaction): the fences a token may raise
    raised at once, in the tables' order (PostgreSQL); the others (a table's first
    fenced write, a stale owner's) checked one by one, which raises for a stale one."""
    pairs = list(
        dict.fromkeys((table_id, token) for table_id, token in fences if token is not None)
    )
    tables = {table_id for table_id, _ in pairs}
    one_by_one = (
        len(pairs) < 2
        or len(tables) != len(pairs)  # two tokens of a table: checked in their order
        or session.get_bind().dialect.name != "postgresql"  # unnest of arrays
    )
    if one_by_one:
        for table_id, token in pairs:
            check_fence(session, table_id, token)
        return
    pairs.sort()
    # The tables and tokens as two arrays: one statement whatever their number, compiled
    # once (a VALUES list of N rows was compiled again for every batch).
    raised = session.execute(
        _RAISE,
        {
            "tables": [t for t, _ in pairs],
            "tokens": [whole(k, "a fencing token") for _, k in pairs],
        },
    )
    done = set(raised.scalars())
    for table_id, token in pairs:
        if table_id not in done:
            check_fence(session, table_id, token)


class Fences(StoreBase):
    def claim_table(self, table_id: str, token: int) -> None:
        """A process that has just been granted a table's lease claims it: every write
        with a smaller token is refused from now on.  Raises :class:`StaleOwner` if a
        greater token has already written."""
        table = check_table_id(table_id)
        with self._transaction() as session:
            check_fence(session, table, token)

    def next_fence(self, table_id: str) -> int:
        """A fencing token greater than every one the table was written with, made the
        table's fence at once: a process that has just been granted the table's lease
        takes it, and every write with an earlier token is refused from now on.  The
        database gives the tokens, not the lease's keeper: a Redis started again has
        forgotten its counters, and the database has not."""
        table = check_table_id(table_id)
        while True:
            with self._transaction() as session:
                token = session.scalar(
                    update(FenceModel)
                    .where(FenceModel.table_id == table)
                    .values(token=FenceModel.token + 1)
                    .returning(FenceModel.token)
                )
                if token is not None:
                    return int(token)
                try:
                    with session.begin_nested():
                        session.add(FenceModel(table_id=table, token=1))
                    return 1
                except IntegrityError:  # another's first token at the same moment
                    pass

    def table_fence(self, table_id: str) -> int:
        """The greatest token written with at the table (0: none yet)."""
        table = check_table_id(table_id)
        with self._transaction() as session:
            fence = session.scalar(select(FenceModel.token).where(FenceModel.table_id == table))
        return int(fence or 0)
