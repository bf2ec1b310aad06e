"""Whether a person is there (R8.3): their seats marked connected or not, and their
practice seats freed when they stay gone for the grace period.

:class:`Attendance` is one of the room's services (DESIGN.md idea 7): the only owner of
the grace period and of who is gone; all it reads of the room is its open tables (each
table says who sits where).  Not :class:`studpoker.store.Presence`, which is who each
process has online, for the operator."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Protocol

from studpoker.table import Table

__all__ = ["Attendance", "OpenTable"]

# The room's one logger (room/state.py, which holds this service).
log = logging.getLogger("studpoker.room.room")


class OpenTable(Protocol):
    """What attendance reads of a table the room runs: the table."""

    @property
    def table(self) -> Table: ...


class Attendance:
    """Who is there, over the room's ``tables`` (read, never changed): a person's
    seats marked connected or not, and the practice seats of one whose every
    connection is gone freed after ``grace`` seconds unless one opens again
    (``sleep`` waits them: tests move time instead)."""

    def __init__(
        self,
        tables: Mapping[str, OpenTable],
        *,
        grace: float = 60.0,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self._tables = tables
        self.grace = grace
        self._sleep = sleep
        # People whose every connection is gone, each with the task that frees their
        # practice seats when the grace period ends.
        self._gone: dict[int, asyncio.Task[None]] = {}

    def connected(self, account_id: int) -> None:
        """A connection of ``account_id`` is open again (the server says): its seats
        are marked connected, and its practice seats are kept."""
        waiting = self._gone.pop(account_id, None)
        if waiting is not None:
            waiting.cancel()
        self._mark_connected(account_id, True)

    def disconnected(self, account_id: int) -> None:
        """Every connection of ``account_id`` is gone: its seats are marked so, keep
        their clock (R8.1) and sit out once it runs out; its practice seats are freed
        if it is not back within :attr:`grace` seconds (R8.3)."""
        self._mark_connected(account_id, False)
        if account_id not in self._gone:
            self._gone[account_id] = asyncio.create_task(self._free_after_grace(account_id))

    def stop(self) -> None:
        """Free nobody's seat any more (the room stops): the waits are cancelled."""
        for waiting in self._gone.values():
            waiting.cancel()
        self._gone.clear()

    def _mark_connected(self, account_id: int, connected: bool) -> None:
        for room_table in self._tables.values():
            number = room_table.table.seat_of_account(account_id)
            if number is not None:
                room_table.table.set_connected(number, connected)

    async def _free_after_grace(self, account_id: int) -> None:
        await self._sleep(self.grace)
        for table_id, room_table in list(self._tables.items()):
            table = room_table.table
            if table.config.mode != "practice":
                continue  # a chips seat sits out, and stands after its missed hands
            async with table.exclusive():
                if self._tables.get(table_id) is not room_table:
                    continue  # closed or let go meanwhile
                number = table.seat_of_account(account_id)
                if number is None or table.seats[number].leaving:
                    continue
                log.info("table %s: seat %d is freed: its player left (R8.3)", table_id, number)
                await table.stand(number)
        self._gone.pop(account_id, None)
