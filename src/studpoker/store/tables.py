"""The tables the room keeps open (docs/scaling.md): what each was opened with and who
sits where, so that a room started again — or the process that takes a table over —
opens the same table with the same people in their seats, and goes on with its running
hand (store/journal.py).

A table's seating is written through the journal (``JournalSeating``), in order with
its hands' deals and actions.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from studpoker.store.base import StoreBase
from studpoker.store.checks import check_table_id, json_text
from studpoker.store.errors import StoreError
from studpoker.store.fences import check_fence
from studpoker.store.models import AccountModel, RoomTableModel
from studpoker.store.values import JournalSeating, SavedTable

__all__ = ["Tables", "write_seating"]


def write_seating(session: Session, entry: JournalSeating) -> None:
    """Within a write's transaction: the table's seating replaced by ``entry``'s."""
    row = session.get(RoomTableModel, entry.table_id)
    if row is None:
        raise StoreError(f"the room keeps no table {entry.table_id}: its seating is not stored")
    row.seating = entry.seating


def checked_seating(entry: JournalSeating) -> JournalSeating:
    check_table_id(entry.table_id)
    json_text(entry.seating, "a table's seating is JSON text")
    return entry


class Tables(StoreBase):
    def keep_table(
        self,
        table_id: str,
        config: str,
        *,
        created_by: int | None = None,
        fence: int | None = None,
    ) -> None:
        """The room keeps table ``table_id`` open, opened with ``config`` (JSON text).
        Kept already, its config is replaced and its seating and creator stay."""
        table = check_table_id(table_id)
        json_text(config, "a table's config is JSON text")
        with self._transaction() as session:
            check_fence(session, table, fence)
            if created_by is not None and session.get(AccountModel, created_by) is None:
                raise StoreError(f"no account {created_by}: table {table} is not kept")
            row = session.get(RoomTableModel, table)
            if row is None:
                session.add(
                    RoomTableModel(
                        table_id=table,
                        config=config,
                        created_by=created_by,
                        created_at=self._now(),
                        seating=None,
                    )
                )
            else:
                row.config = config

    def kept_tables(self) -> list[SavedTable]:
        """Every table the room keeps, in the order they were first kept."""
        with self._transaction() as session:
            rows = session.scalars(
                select(RoomTableModel).order_by(RoomTableModel.created_at, RoomTableModel.table_id)
            )
            return [
                SavedTable(row.table_id, row.config, row.created_by, row.created_at, row.seating)
                for row in rows
            ]
