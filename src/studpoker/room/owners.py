"""Which process runs each table (docs/scaling.md, "One owner a table"): the leases this
process holds are renewed before they run out; a table whose lease could not be renewed
is let go of at once, writing nothing; and a kept table no process holds — its owner
died, or let go of it — is taken up and opened as it was, its running hand played on
(room/restore.py).  A process that lost a table without knowing it (a long pause) is
harmless: every write it makes carries its fencing token, and the store refuses it."""

from __future__ import annotations

import asyncio

from studpoker.room.restore import RoomRestore
from studpoker.room.state import log

__all__ = ["RoomOwners"]


class RoomOwners(RoomRestore):
    """A room's tables among the processes that share its leases."""

    async def _keep_tables(self) -> None:
        """Every third of a lease: renew this process's leases, then take up the
        tables nobody holds."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self._renew_leases()
                await self._take_up_tables()
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis or the database away a moment: try again
                log.exception("the table leases could not be kept up")

    async def _renew_leases(self) -> None:
        for table_id, held in list(self.tables.items()):
            if held.lease is None:
                continue
            if not await self.leases.renew(held.lease, self.lease_seconds):
                await self._lose(table_id, "its lease ran out")

    async def _take_up_tables(self) -> None:
        """Open the kept tables no process holds (their owner died or let go)."""
        for saved in await asyncio.to_thread(self.store.kept_tables):
            if saved.table_id in self.tables or saved.table_id in self._broken:
                continue
            if await self.leases.holder(saved.table_id) is not None:
                continue
            if await self._reopen(saved):
                log.info("table %s taken up by %s", saved.table_id, self.owner)
