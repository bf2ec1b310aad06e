"""The books of a served room, read at one moment: every chips table's seats against
what the database holds for them, and the store's own audit."""

from __future__ import annotations

from typing import Any

from studpoker.room import Room


async def _differences(room: Room, deposited: int) -> list[str]:
    problems: list[str] = []
    for table_id, held in room.tables.items():
        table = held.table
        if table.config.mode != "chips":
            continue
        # With the table's lock held no seat changes and no hand starts or ends, so
        # the seats and the holdings below are of one moment (the store is read on
        # the room's loop on purpose: nothing else may run meanwhile).
        async with table.exclusive():
            holdings = {
                account: chips for (_, account), chips in room.store.holdings(table_id).items()
            }
            seated: dict[int, int] = {}
            for seat in table.seats.values():
                account = seat.occupant.account_id
                if account is not None:
                    seated[account] = seat.chips + seat.top_up
            if seated != holdings:
                problems.append(f"{table_id}: seats hold {seated}, the database {holdings}")
            if table.halted is not None:
                problems.append(f"{table_id} halted: {table.halted}")
    problems += room.store.audit()
    total = room.store.total_chips()
    if total != deposited:
        problems.append(f"the room holds {total} chips, {deposited} were deposited")
    return problems


def book_differences(server: Any, deposited: int) -> list[str]:
    """Every way the served room's books are wrong now (empty when they are right):
    a seat whose stack and pending top-up are not what the database holds for it,
    a halted table, what the store's audit finds, chips made or lost."""
    result: list[str] = server.call(_differences(server.room, deposited))
    return result
