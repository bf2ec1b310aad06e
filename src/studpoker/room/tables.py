"""A table of the room: the table, the task that plays it, its competition in
the store, and its chat."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from studpoker.room.chat import ChatLines
from studpoker.room.ownership import Lease
from studpoker.room.privacy import Privacy
from studpoker.table import Table

__all__ = ["RoomTable"]


@dataclass(eq=False)
class RoomTable:
    """A table of the room, the task that plays it and its chat."""

    table: Table
    created_by: int | None = None
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    chat: ChatLines = field(default_factory=ChatLines)  # written by the room's Chat
    competition_id: int | None = None
    # This process's right to run the table, and the fencing token every write of the
    # table carries (docs/scaling.md): a write after another process took it is refused.
    lease: Lease | None = None
    fence: int | None = None
    seating: str | None = None  # the seating last put to the journal (JSON text)
    tournament_id: int | None = None  # a tournament's table (room/tournament_tables.py)
    tournament_table: int = 0  # its number in the tournament
    plan: Any = None  # the tournament's rules as its tables need them
    deal: Any = None  # the desk's deal being played (JSON data)
    # Set when the tournament's desk says who sits where changed (or to stop waiting).
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    privacy: Privacy | None = None  # a private table's invite (room/privacy.py)
