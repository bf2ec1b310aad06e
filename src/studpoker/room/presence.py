"""Whether a person is there (R8.3): their seats marked connected or not, and their
practice seats freed when they stay gone for the grace period."""

from __future__ import annotations

import asyncio

from studpoker.room.seats import RoomSeats
from studpoker.room.state import log

__all__ = ["RoomPresence"]


class RoomPresence(RoomSeats):
    """A room's view of who is connected."""

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

    def _mark_connected(self, account_id: int, connected: bool) -> None:
        for table_id, held in self.tables.items():
            number = self.seat_of(account_id, table_id)
            if number is not None:
                held.table.set_connected(number, connected)

    async def _free_after_grace(self, account_id: int) -> None:
        await asyncio.sleep(self.grace)
        for table_id, held in list(self.tables.items()):
            table = held.table
            if table.config.mode != "practice":
                continue  # a chips seat sits out, and stands after its missed hands
            async with table.exclusive():
                number = self.seat_of(account_id, table_id)
                if number is None or table.seats[number].leaving:
                    continue
                log.info("table %s: seat %d is freed: its player left (R8.3)", table_id, number)
                await table.stand(number)
        self._gone.pop(account_id, None)
