"""The tables this process runs, and the leases it runs them by (docs/scaling.md, "One
owner a table"): the one owner of which table is here, of how long each lease surely
holds, of the table writes in flight and of the kept tables this process could not
open.  The room's parts ask it; none of them changes what it holds.

A table is here from :meth:`TableRegistry.add` to :meth:`TableRegistry.remove` (closed,
handed over) or :meth:`TableRegistry.lose` (another process runs it now).  Every write
of a table carries the fencing token its lease came with (:meth:`TableRegistry.write`),
so that a process that lost a table without knowing it (a long pause) is refused by the
store, and lets the table go at once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from studpoker.room.errors import RoomError
from studpoker.room.ownership import Lease, Leases
from studpoker.room.tables import RoomTable
from studpoker.room.tasks import stop_task
from studpoker.store import StaleOwner, Store

__all__ = ["TableRegistry"]

# The room's one logger, whichever of its parts logs: operators and tests filter on it.
log = logging.getLogger("studpoker.room.room")

T = TypeVar("T")


class TableRegistry:
    """The tables process ``owner`` runs, under ``leases`` of ``lease_seconds`` (shared
    with other processes when ``shared``; else this process's own, and no write is
    fenced); ``store`` gives the fencing tokens and takes the fenced writes."""

    def __init__(
        self, store: Store, leases: Leases, owner: str, lease_seconds: float, *, shared: bool
    ) -> None:
        self.store = store
        self.leases = leases
        self.owner = owner
        self.lease_seconds = lease_seconds
        self.shared = shared
        self.tables: dict[str, RoomTable] = {}
        # Every table the room keeps, as this process last read them or opened them: one
        # that no process is known to run now is between owners (its owner died or let
        # it go, another takes it up), not a table that does not exist (server/peers.py).
        self.known: set[str] = set()
        self.broken: set[str] = set()  # kept tables this process could not open
        # Until when (the loop's clock) each lease this process holds surely holds: the
        # moment it last asked for it, plus its seconds (leases are shared only).
        self._until: dict[str, float] = {}
        self._writes: set[asyncio.Future[Any]] = set()  # table writes in flight
        self._letting_go: set[asyncio.Task[None]] = set()

    # -- which tables are here ------------------------------------------------------

    async def own(self, table_id: str) -> tuple[Lease, int | None] | None:
        """The lease of ``table_id`` for this process and the fencing token it writes
        the table with (the database's, greater than any before: store.next_fence; none
        for a room whose leases nobody shares), or None while another process holds the
        table.  The caller adds the table, or releases the lease."""
        asked = asyncio.get_running_loop().time()
        lease = await self.leases.acquire(table_id, self.owner, self.lease_seconds)
        if lease is None:
            return None
        if not self.shared:  # no other process: nothing to fence off, no check to pay
            return lease, None
        self._until[table_id] = asked + self.lease_seconds
        try:
            return lease, await asyncio.to_thread(self.store.next_fence, table_id)
        except BaseException:
            await self.leases.release(lease)
            raise

    def add(self, table_id: str, room_table: RoomTable) -> None:
        """Table ``table_id``, opened under a lease of :meth:`own`, is run here."""
        self.tables[table_id] = room_table
        self.known.add(table_id)

    async def remove(
        self, table_id: str, *, forget: bool = False, release: bool = True
    ) -> RoomTable | None:
        """Table ``table_id`` is no longer run here (closed, handed over): its lease let
        go for another process to take up, unless ``release`` is False (the caller lets
        it go once the table is shut); with ``forget``, the room keeps it no more."""
        room_table = self.tables.pop(table_id, None)
        self._until.pop(table_id, None)
        if forget:
            self.known.discard(table_id)
        if room_table is not None and release:
            await self.release(room_table.lease)
        return room_table

    async def release(self, lease: Lease | None) -> None:
        """Let go of ``lease``, if any; one another process holds by now is refused,
        and that is no error."""
        if lease is not None:
            with contextlib.suppress(Exception):
                await self.leases.release(lease)

    def get(self, table_id: str) -> RoomTable:
        """Table ``table_id``, run here; a RoomError ``no_table`` if it is not."""
        if self.lapsed(table_id):
            self.drop_lapsed()
        room_table = self.tables.get(table_id)
        if room_table is None:
            raise RoomError(f"no table {table_id!r}", "no_table", table=table_id)
        return room_table

    def runs(self, table_id: str) -> bool:
        """Whether this process runs ``table_id`` now (a table whose lease may have run
        out during a pause is let go first: :meth:`drop_lapsed`)."""
        if self.lapsed(table_id):
            self.drop_lapsed()
        return table_id in self.tables

    # -- the leases kept --------------------------------------------------------------

    async def renew(self) -> None:
        """Renew the lease of every table here; a table whose lease could not be renewed
        is let go at once, writing nothing."""
        self.drop_lapsed()  # woken from a pause longer than a lease: those are lost
        holding = [
            (table_id, room_table)
            for table_id, room_table in self.tables.items()
            if room_table.lease
        ]
        asked = asyncio.get_running_loop().time()
        renewed = await self.leases.renew_all(
            [room_table.lease for _, room_table in holding if room_table.lease is not None],
            self.lease_seconds,
        )
        for (table_id, room_table), kept in zip(holding, renewed, strict=True):
            if not kept:
                await self.lose(table_id, "its lease ran out")
            elif self.tables.get(table_id) is room_table:
                self._until[table_id] = asked + self.lease_seconds

    def lapsed(self, table_id: str) -> bool:
        """Whether this process's lease of ``table_id`` may have run out unrenewed: the
        process was paused (SIGSTOP, a stalled machine) longer than the lease, and
        another may run the table now."""
        until = self._until.get(table_id)
        return until is not None and asyncio.get_running_loop().time() > until

    def drop_lapsed(self) -> None:
        """Let go at once of every table whose lease may have run out, before it tells
        anyone anything: a process woken from a pause longer than its lease must not
        play on a hand another process has taken over, nor send its players the stale
        hand, nor say it runs the table.  Should nobody else have taken it, one of the
        processes takes it up again, its hand played on from the journal."""
        for table_id in [t for t in self.tables if self.lapsed(t)]:
            room_table = self._let_go(table_id, "its lease ran out while this process was paused")
            if room_table is not None:
                gone = asyncio.get_running_loop().create_task(self._wind_down(room_table))
                self._letting_go.add(gone)
                gone.add_done_callback(self._letting_go.discard)

    def hold_until(self, table_id: str, until: float) -> None:
        """Count the lease of ``table_id`` as sure until ``until`` (the loop's clock)."""
        self._until[table_id] = until

    # -- writes, fenced ---------------------------------------------------------------

    def fence(self, table_id: str) -> int | None:
        """The fencing token this process writes table ``table_id`` with."""
        room_table = self.tables.get(table_id)
        return None if room_table is None else room_table.fence

    async def write(self, table_id: str, write: Callable[..., T], *args: Any, **kw: Any) -> T:
        """``write(*args, **kw, fence=…)`` of the store, on a thread, with the token this
        process writes ``table_id`` with.  Refused as a stale owner's (StaleOwner, raised
        on for the caller's own answer), the table is let go.  A table this process no
        longer runs is never written unfenced when leases are shared: the write is
        refused before the store is asked."""
        room_table = self.tables.get(table_id)
        if room_table is None and self.shared:
            raise StaleOwner(
                f"table {table_id} is no longer run by this process: the write is refused",
                table_id=table_id,
                token=0,
                fence=0,
            )
        fence = None if room_table is None else room_table.fence
        # A write runs to its end even if the task that asked for it is cancelled (a
        # stop): the stop waits for every write in flight (writes_done) before its own,
        # so that an abandoned write never lands after the last word on the table.
        write_done = asyncio.ensure_future(asyncio.to_thread(write, *args, fence=fence, **kw))
        self._writes.add(write_done)
        write_done.add_done_callback(self._writes.discard)
        try:
            return await asyncio.shield(write_done)
        except StaleOwner:
            self.lose_soon(table_id)
            raise

    async def writes_done(self) -> None:
        """Wait for the table writes in flight, whatever they answer."""
        while self._writes:
            await asyncio.gather(*list(self._writes), return_exceptions=True)

    # -- a table lost to another process ----------------------------------------------

    def lose_soon(self, table_id: str) -> None:
        """A write of ``table_id`` was refused as a stale owner's: another process runs
        the table now, and this one lets go of it."""
        if table_id in self.tables:
            asyncio.get_running_loop().create_task(self.lose(table_id, "another process took it"))

    async def lose(self, table_id: str, why: str) -> None:
        """Stop running ``table_id`` at once, writing nothing: its hand is not void (the
        process that runs the table now plays it on), nobody is paid out (their chips
        are at the table still), and those watching here are told nothing more of it."""
        room_table = self._let_go(table_id, why)
        if room_table is not None:
            await self._wind_down(room_table)

    def _let_go(self, table_id: str, why: str) -> RoomTable | None:
        """The part of :meth:`lose` that cannot wait: the table no longer this
        process's, silenced and cancelled; :meth:`_wind_down` is the rest."""
        room_table = self.tables.pop(table_id, None)
        self._until.pop(table_id, None)
        if room_table is None:
            return None
        log.warning("table %s is no longer run here: %s", table_id, why)
        room_table.table.listeners.clear()  # not "hand void": the hand goes on elsewhere
        room_table.stop.set()
        if room_table.task is not None and room_table.task is not asyncio.current_task():
            room_table.task.cancel()
        return room_table

    async def _wind_down(self, room_table: RoomTable) -> None:
        task = room_table.task
        if task is not None and task is not asyncio.current_task():
            if task.cancelling():  # cancelled by _let_go: for sure
                await stop_task(task)
            else:  # it lost its table itself and ends on its own
                await asyncio.wait([task])
        await self.release(room_table.lease)  # it may be another's by now: refused
