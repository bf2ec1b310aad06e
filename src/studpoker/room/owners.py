"""Which process runs each table (docs/scaling.md, "One owner a table"): the leases this
process holds are renewed before they run out; a table whose lease could not be renewed
is let go of at once, writing nothing; and a kept table no process holds — its owner
died, or let go of it — is taken up and opened as it was, its running hand played on
(room/restore.py).  A process that lost a table without knowing it (a long pause) is
harmless: every write it makes carries its fencing token, and the store refuses it."""

from __future__ import annotations

import asyncio
import contextlib

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

    async def _keep_leases(self) -> None:
        """While the room stops: its leases renewed every third of a lease, so that no
        other process takes a table up while its hand is played to the end here; no
        table is taken up."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self._renew_leases()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the table leases could not be kept up")

    async def _stop_keeping(self) -> None:
        """No more renewals nor tables taken up (the keeper task ends)."""
        if self._keeper is not None:
            self._keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keeper
            self._keeper = None

    async def _renew_leases(self) -> None:
        self.drop_lapsed()  # woken from a pause longer than a lease: those are lost
        loop = asyncio.get_running_loop()
        for table_id, held in list(self.tables.items()):
            if held.lease is None:
                continue
            asked = loop.time()
            if not await self.leases.renew(held.lease, self.lease_seconds):
                await self._lose(table_id, "its lease ran out")
            elif self.tables.get(table_id) is held:
                self._lease_until[table_id] = asked + self.lease_seconds

    async def _take_up_tables(self) -> None:
        """Open the kept tables no process holds (their owner died or let go)."""
        kept = await asyncio.to_thread(self.store.kept_tables)
        self.known_tables.update(saved.table_id for saved in kept)
        for saved in kept:
            if saved.table_id in self.tables or saved.table_id in self._broken:
                continue
            if await self.leases.holder(saved.table_id) is not None:
                continue
            if await self._reopen(saved):
                log.info("table %s taken up by %s", saved.table_id, self.owner)
