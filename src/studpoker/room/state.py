"""What the room holds — its store, its tables, its listeners, its workers — which
each of its parts reads and changes (the parts are the modules beside this one,
and :class:`~studpoker.room.Room` is all of them)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import socket
from collections.abc import Callable

from studpoker.room.accounts import Accounts
from studpoker.room.attendance import Attendance
from studpoker.room.cashier import Cashier
from studpoker.room.chat import Chat
from studpoker.room.journal import JournalWriter
from studpoker.room.ownership import Leases, LocalLeases
from studpoker.room.registry import TableRegistry
from studpoker.room.tables import RoomTable
from studpoker.room.waiting import WaitingLists
from studpoker.room.workers import Workers
from studpoker.store import JournalSeating, Store
from studpoker.table import TableUpdate

__all__ = ["Listener", "RoomState"]

# The room's one logger, whichever of its parts logs: operators and tests filter on it.
log = logging.getLogger("studpoker.room.room")

Listener = Callable[[TableUpdate], None]


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
        # Which process runs each table (room/registry.py): leases shared with other
        # processes (Redis), or this process's own; the name it holds them under.
        self.registry = TableRegistry(
            store,
            LocalLeases() if leases is None else leases,
            owner or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}",
            lease_seconds,
            shared=leases is not None,
        )
        self.tables = self.registry.tables  # read them; the registry changes them
        self.known_tables = self.registry.known
        # How long a stop of a process sharing its tables lets the hands under way end
        # before it hands them over in the middle (room/lifecycle.py: stop).
        if not hand_over_seconds >= 0:
            raise ValueError(f"hand_over_seconds is 0 or more, not {hand_over_seconds!r}")
        self.hand_over_seconds = hand_over_seconds
        self._keeper: asyncio.Task[None] | None = None
        # Store each hand's deal and actions as they happen (room/journal.py): what a
        # process that takes a table over will deal again from (docs/scaling.md).
        self.journal = journal
        self._journal = JournalWriter(store, on_stale=self.registry.lose_soon) if journal else None
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
        # Tables the operator paused (room/operator.py): each deals no hand, whichever
        # process runs it; read at the start, kept by the operator's actions.
        self.paused: set[str] = set()
        self.listeners: list[Listener] = []
        # Its services, each the one owner of its state (DESIGN.md idea 7).
        self.accounts = Accounts(store)
        self.chat = Chat(self.table)
        self.attendance = Attendance(self.tables, grace=grace)
        # Full tables' waiting lists (issue 36), each change told as a ``waiting`` update.
        self.waiting = WaitingLists(
            lambda: self.tables,
            lambda table_id: self._tell(TableUpdate("waiting", table_id)),
        )
        # Every chip between a balance and a table, written as this process's fencing
        # token for the table allows (DESIGN.md idea 4).
        self.cashier = Cashier(store, write=self.registry.write, fence=self.registry.fence)
        self._started = False
        # Stopping: a table taken up now is handed over at once, dealing nothing.
        self._stopping = False
        self._closing: set[asyncio.Task[None]] = set()  # private tables closing after a hand
        self._renewed_at = 0.0  # when the leases were last renewed (the loop's time)
        # Hand histories on workers of their own, apart from the database calls
        # (workers.py; the accounts have theirs for passwords).  A process: formatting
        # is pure Python (histories.py); a database in memory is this process's alone,
        # so its histories are written on a thread.
        self.histories = Workers("hand histories", size=1, waiting=8, processes=not store.in_memory)

    def _tell(self, update: TableUpdate) -> None:
        """Tell the room's listeners of a change the room made (not its table)."""
        for listener in list(self.listeners):
            try:
                listener(update)
            except Exception:
                log.exception("a room listener failed on %s", update.kind)

    @property
    def started(self) -> bool:
        """Whether the room has started and not stopped since."""
        return self._started

    @property
    def leases(self) -> Leases:
        """The leases this process holds its tables by (room/registry.py)."""
        return self.registry.leases

    @property
    def owner(self) -> str:
        """The name this process holds its leases under."""
        return self.registry.owner

    @property
    def shared(self) -> bool:
        """Whether other processes share the room's leases (Redis)."""
        return self.registry.shared

    @property
    def lease_seconds(self) -> float:
        return self.registry.lease_seconds

    @lease_seconds.setter
    def lease_seconds(self, seconds: float) -> None:
        self.registry.lease_seconds = seconds

    def runs(self, table_id: str) -> bool:
        """Whether this process runs ``table_id`` now (room/registry.py)."""
        return self.registry.runs(table_id)

    def table(self, table_id: str) -> RoomTable:
        """Table ``table_id``, run here; a RoomError ``no_table`` if it is not."""
        return self.registry.get(table_id)

    def drop_lapsed(self) -> None:
        """Let go at once of every table whose lease may have run out (a pause)."""
        self.registry.drop_lapsed()

    def _seating_changed(self, table_id: str) -> None:
        """Who sits where at ``table_id`` has changed: written through the journal,
        in order with its hands (room/restore.py reads it back)."""
        room_table = self.tables.get(table_id)
        if room_table is None or self._journal is None or room_table.tournament_id is not None:
            return  # a tournament's seating is its director's, stored with each hand
        seating = room_table.table.seating()
        seating["competition_id"] = room_table.competition_id
        text = json.dumps(seating)
        if text != room_table.seating:  # a hand's end often changes nobody's seat
            room_table.seating = text
            self._journal.put(JournalSeating(table_id, text, room_table.fence))
