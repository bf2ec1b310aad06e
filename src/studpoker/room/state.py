"""What the room holds — its store, its tables, its listeners, its workers — which
each of its parts reads and changes (the parts are the modules beside this one,
and :class:`~studpoker.room.Room` is all of them)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
from collections.abc import Callable
from typing import Any, TypeVar

from studpoker.room.accounts import Accounts
from studpoker.room.attendance import Attendance
from studpoker.room.cashier import Cashier
from studpoker.room.chat import Chat
from studpoker.room.errors import RoomError
from studpoker.room.journal import JournalWriter
from studpoker.room.ownership import Lease, Leases, LocalLeases
from studpoker.room.tables import RoomTable
from studpoker.room.tasks import stop_task
from studpoker.room.workers import Workers
from studpoker.store import JournalSeating, StaleOwner, Store
from studpoker.table import TableUpdate

__all__ = ["Listener", "RoomState"]

# The room's one logger, whichever of its parts logs: operators and tests filter on it.
log = logging.getLogger("studpoker.room.room")

Listener = Callable[[TableUpdate], None]
T = TypeVar("T")


class RoomState:
    """A room's state, and its tables by id (the arguments are
    :class:`~studpoker.room.Room`'s)."""

    def __init__(
        self,
        store: Store,
        *,
        seed: int | None = None,
        clock: float = 20.0,
        time_bank: float = 60.0,
        pause: float = 2.0,
        competition_seconds: float = 1800.0,
        bot_level: str = "normal",
        bot_think: float = 0.0,
        default_tables: bool = True,
        grace: float = 60.0,
        journal: bool = True,
        leases: Leases | None = None,
        owner: str | None = None,
        lease_seconds: float = 10.0,
        hand_over_seconds: float = 30.0,
    ) -> None:
        self.store = store
        # Which process runs each table (room/owners.py): leases shared with other
        # processes (Redis), or this process's own; the name it holds them under.
        self.shared = leases is not None
        self.leases: Leases = LocalLeases() if leases is None else leases
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.lease_seconds = lease_seconds
        # How long a stop of a process sharing its tables lets the hands under way end
        # before it hands them over in the middle (room/lifecycle.py: stop).
        if not hand_over_seconds >= 0:
            raise ValueError(f"hand_over_seconds is 0 or more, not {hand_over_seconds!r}")
        self.hand_over_seconds = hand_over_seconds
        # Until when (the loop's clock) each lease this process holds surely holds: the
        # moment it last asked for it, plus its seconds (leases are shared only).
        self._lease_until: dict[str, float] = {}
        self._letting_go: set[asyncio.Task[None]] = set()
        self._keeper: asyncio.Task[None] | None = None
        self._broken: set[str] = set()  # kept tables this process could not open
        # Every table the room keeps, as this process last read them or opened them: one
        # that no process is known to run now is between owners (its owner died or let
        # it go, another takes it up), not a table that does not exist (server/peers.py).
        self.known_tables: set[str] = set()
        self._writes: set[asyncio.Future[Any]] = set()  # table writes in flight
        # Store each hand's deal and actions as they happen (room/journal.py): what a
        # process that takes a table over will deal again from (docs/scaling.md).
        self.journal = journal
        self._journal = JournalWriter(store, on_stale=self._lose_soon) if journal else None
        self.seed = seed
        self.clock = clock
        self.time_bank = time_bank
        self.pause = pause
        self.competition_seconds = competition_seconds
        self.bot_level = bot_level
        if not bot_think >= 0:
            raise ValueError(f"bot_think is 0 or more, not {bot_think!r}")
        self.bot_think = bot_think  # computer players' think times, scaled (bots/thinking.py)
        self.default_tables = default_tables
        self.tables: dict[str, RoomTable] = {}
        # Tables the operator paused (room/operator.py): each deals no hand, whichever
        # process runs it; read at the start, kept by the operator's actions.
        self.paused: set[str] = set()
        self.listeners: list[Listener] = []
        # Its services, each the one owner of its state (DESIGN.md idea 7).
        self.accounts = Accounts(store)
        self.chat = Chat(self.table)
        self.attendance = Attendance(self.tables, grace=grace)
        # Every chip between a balance and a table, written as this process's fencing
        # token for the table allows (DESIGN.md idea 4).
        self.cashier = Cashier(store, write=self._write_table, fence=self._fence)
        # The tournaments it runs (room/tournaments.py), and who hears of their changes.
        self.tournaments: dict[int, Any] = {}
        self.tournament_listeners: list[Callable[[], None]] = []
        # Tables of tournaments directed here, by process and tournament, whose process
        # is to be told that who sits there changed (room/tournaments.py).
        self._to_wake: dict[tuple[str, int], set[int]] = {}
        self._started = False
        # Stopping: a table taken up now is handed over at once, dealing nothing.
        self._stopping = False
        self._renewed_at = 0.0  # when the leases were last renewed (the loop's time)
        # Hand histories on workers of their own, apart from the database calls
        # (workers.py; the accounts have theirs for passwords).  A process: formatting
        # is pure Python (histories.py); a database in memory is this process's alone,
        # so its histories are written on a thread.
        self.histories = Workers("hand histories", size=1, waiting=8, processes=not store.in_memory)

    @property
    def started(self) -> bool:
        """Whether the room has started and not stopped since."""
        return self._started

    async def _own(self, table_id: str) -> tuple[Lease, int | None] | None:
        """The lease of ``table_id`` for this process and the fencing token it writes
        the table with (the database's, greater than any before: store.next_fence; none
        for a room whose leases nobody shares), or None while another process holds the
        table."""
        asked = asyncio.get_running_loop().time()
        lease = await self.leases.acquire(table_id, self.owner, self.lease_seconds)
        if lease is None:
            return None
        if not self.shared:  # no other process: nothing to fence off, no check to pay
            return lease, None
        self._lease_until[table_id] = asked + self.lease_seconds
        try:
            return lease, await asyncio.to_thread(self.store.next_fence, table_id)
        except BaseException:
            await self.leases.release(lease)
            raise

    def _fence(self, table_id: str) -> int | None:
        """The fencing token this process writes table ``table_id`` with."""
        held = self.tables.get(table_id)
        return None if held is None else held.fence

    async def _write_table(
        self, table_id: str, write: Callable[..., T], *args: Any, **kw: Any
    ) -> T:
        """``write(*args, **kw, fence=…)`` of the store, on a thread, with the token this
        process writes ``table_id`` with.  Refused as a stale owner's (StaleOwner, raised
        on for the caller's own answer), the table is let go.  A table this process no
        longer runs is never written unfenced when leases are shared: the write is
        refused before the store is asked."""
        held = self.tables.get(table_id)
        if held is None and self.shared:
            raise StaleOwner(
                f"table {table_id} is no longer run by this process: the write is refused",
                table_id=table_id,
                token=0,
                fence=0,
            )
        fence = None if held is None else held.fence
        # A write runs to its end even if the task that asked for it is cancelled (a
        # stop): the stop waits for every write in flight (_writes_done) before its own,
        # so that an abandoned write never lands after the last word on the table.
        write_done = asyncio.ensure_future(asyncio.to_thread(write, *args, fence=fence, **kw))
        self._writes.add(write_done)
        write_done.add_done_callback(self._writes.discard)
        try:
            return await asyncio.shield(write_done)
        except StaleOwner:
            self._lose_soon(table_id)
            raise

    async def _writes_done(self) -> None:
        """Wait for the table writes in flight, whatever they answer."""
        while self._writes:
            await asyncio.gather(*list(self._writes), return_exceptions=True)

    def _lose_soon(self, table_id: str) -> None:
        """A write of ``table_id`` was refused as a stale owner's: another process runs
        the table now, and this one lets go of it (room/owners.py)."""
        if table_id in self.tables:
            asyncio.get_running_loop().create_task(self._lose(table_id, "another process took it"))

    async def _lose(self, table_id: str, why: str) -> None:
        """Stop running ``table_id`` at once, writing nothing: its hand is not void (the
        process that runs the table now plays it on), nobody is paid out (their chips
        are at the table still), and those watching here are told nothing more of it."""
        held = self._let_go(table_id, why)
        if held is not None:
            await self._wind_down(table_id, held)

    def _let_go(self, table_id: str, why: str) -> RoomTable | None:
        """The part of :meth:`_lose` that cannot wait: the table no longer this
        process's, silenced and cancelled; :meth:`_wind_down` is the rest."""
        held = self.tables.pop(table_id, None)
        self._lease_until.pop(table_id, None)
        if held is None:
            return None
        log.warning("table %s is no longer run here: %s", table_id, why)
        held.table.listeners.clear()  # not "hand void": the hand goes on elsewhere
        held.stop.set()
        if held.task is not None and held.task is not asyncio.current_task():
            held.task.cancel()
        return held

    async def _wind_down(self, table_id: str, held: RoomTable) -> None:
        task = held.task
        if task is not None and task is not asyncio.current_task():
            if task.cancelling():  # cancelled by _lose: for sure
                await stop_task(task)
            else:  # it lost its table itself and ends on its own
                await asyncio.wait([task])
        if held.lease is not None:
            with contextlib.suppress(Exception):  # it may be another's by now: refused
                await self.leases.release(held.lease)

    def _lapsed(self, table_id: str) -> bool:
        """Whether this process's lease of ``table_id`` may have run out unrenewed: the
        process was paused (SIGSTOP, a stalled machine) longer than the lease, and
        another may run the table now."""
        until = self._lease_until.get(table_id)
        return until is not None and asyncio.get_running_loop().time() > until

    def drop_lapsed(self) -> None:
        """Let go at once of every table whose lease may have run out, before it tells
        anyone anything: a process woken from a pause longer than its lease must not
        play on a hand another process has taken over, nor send its players the stale
        hand, nor say it runs the table.  Should nobody else have taken it, one of the
        processes takes it up again, its hand played on from the journal."""
        for table_id in [t for t in self.tables if self._lapsed(t)]:
            held = self._let_go(table_id, "its lease ran out while this process was paused")
            if held is not None:
                gone = asyncio.get_running_loop().create_task(self._wind_down(table_id, held))
                self._letting_go.add(gone)
                gone.add_done_callback(self._letting_go.discard)

    def runs(self, table_id: str) -> bool:
        """Whether this process runs ``table_id`` now (a table whose lease may have run
        out during a pause is let go first: :meth:`drop_lapsed`)."""
        if self._lapsed(table_id):
            self.drop_lapsed()
        return table_id in self.tables

    def table(self, table_id: str) -> RoomTable:
        if self._lapsed(table_id):
            self.drop_lapsed()
        held = self.tables.get(table_id)
        if held is None:
            raise RoomError(f"no table {table_id!r}", "no_table", table=table_id)
        return held

    def _seating_changed(self, table_id: str) -> None:
        """Who sits where at ``table_id`` has changed: written through the journal,
        in order with its hands (room/restore.py reads it back)."""
        held = self.tables.get(table_id)
        if held is None or self._journal is None or held.tournament_id is not None:
            return  # a tournament's seating is its director's, stored with each hand
        seating = held.table.seating()
        seating["competition_id"] = held.competition_id
        text = json.dumps(seating)
        if text != held.seating:  # a hand's end often changes nobody's seat
            held.seating = text
            self._journal.put(JournalSeating(table_id, text, held.fence))
