"""What the room holds — its store, its tables, its listeners, its workers — which
each of its parts reads and changes (the parts are the modules beside this one,
and :class:`~studpoker.room.Room` is all of them)."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable

from studpoker.room.errors import RoomError
from studpoker.room.journal import JournalWriter
from studpoker.room.tables import ChatLine, RoomTable
from studpoker.room.workers import Workers
from studpoker.store import JournalSeating, Store
from studpoker.table import RemotePlayer, TableUpdate

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
        default_tables: bool = True,
        grace: float = 60.0,
        journal: bool = True,
    ) -> None:
        self.store = store
        self.grace = grace
        # Store each hand's deal and actions as they happen (room/journal.py): what a
        # process that takes a table over will deal again from (docs/scaling.md).
        self.journal = journal
        self._journal = JournalWriter(store) if journal else None
        # People whose every connection is gone, each with the task that frees their
        # practice seats when the grace period ends (R8.3).
        self._gone: dict[int, asyncio.Task[None]] = {}
        self.seed = seed
        self.clock = clock
        self.time_bank = time_bank
        self.pause = pause
        self.competition_seconds = competition_seconds
        self.bot_level = bot_level
        self.default_tables = default_tables
        self.tables: dict[str, RoomTable] = {}
        self.listeners: list[Listener] = []
        self.chat_listeners: list[Callable[[str, ChatLine], None]] = []
        self._players: dict[tuple[str, int], RemotePlayer] = {}
        self._started = False
        # Slow work on threads of its own, apart from the database calls (workers.py).
        # One hashing thread: argon2 keeps a core busy a tenth of a second a hash, and
        # on a two-core room the other core is the tables'.
        self.hashing = Workers("password hashing", size=1, waiting=32)
        # A process: formatting is pure Python (histories.py); a database in memory is
        # this process's alone, so its histories are written on a thread.
        self.histories = Workers("hand histories", size=1, waiting=8, processes=not store.in_memory)

    def table(self, table_id: str) -> RoomTable:
        held = self.tables.get(table_id)
        if held is None:
            raise RoomError(f"no table {table_id!r}", "no_table", table=table_id)
        return held

    def _seating_changed(self, table_id: str) -> None:
        """Who sits where at ``table_id`` has changed: written through the journal,
        in order with its hands (room/restore.py reads it back)."""
        held = self.tables.get(table_id)
        if held is None or self._journal is None:
            return
        seating = held.table.seating()
        seating["competition_id"] = held.competition_id
        self._journal.put(JournalSeating(table_id, json.dumps(seating)))
