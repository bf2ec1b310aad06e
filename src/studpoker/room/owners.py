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
from studpoker.room.tasks import stop_task

__all__ = ["RoomOwners"]


class RoomOwners(RoomRestore):
    """A room's tables among the processes that share its leases."""

    async def _keep_tables(self) -> None:
        """Every third of a lease: renew this process's leases, then take up the
        tables nobody holds (renewing again between two while that takes long)."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self._renew_leases()
                await self._take_up_tables()
                await self.desk.tend_desks()
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
        keeper, self._keeper = self._keeper, None
        await stop_task(keeper)

    async def _renew_leases(self) -> None:
        self._renewed_at = asyncio.get_running_loop().time()
        await self.registry.renew()
        await self.desk.renew_desks()

    async def _take_up_tables(self) -> None:
        """Open the kept tables no process holds (their owner died or let go)."""
        kept = await asyncio.to_thread(self.store.kept_tables)
        self.known_tables.update(saved.table_id for saved in kept)
        free = [
            s
            for s in kept
            if s.table_id not in self.tables and s.table_id not in self.registry.broken
        ]
        holders = await self.leases.holders([saved.table_id for saved in free])
        loop = asyncio.get_running_loop()
        for saved, holder in zip(free, holders, strict=True):
            if self._stopping:
                return
            if holder is not None or saved.table_id in self.tables:
                continue
            if loop.time() - self._renewed_at > self.lease_seconds / 3:
                # Opening many tables (a peer died) takes longer than a lease: the
                # tables held here must not lapse meanwhile.
                await self._renew_leases()
            if await self._reopen(saved):
                log.info("table %s taken up by %s", saved.table_id, self.owner)
