"""A table of the room: the table, the task that plays it, its competition in
the store, and its chat."""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from studpoker.room.ownership import Lease
from studpoker.table import Table

__all__ = ["CHAT_LINES", "ChatLine", "RoomTable"]

CHAT_LINES = 100


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A line a player (``name``) said at a table.  The dealer's lines are not kept:
    they are made from the events each reader may see, in the reader's language,
    when they are sent (R5.7)."""

    at: datetime
    name: str | None
    text: str
    room: bool = False
    """Said by the room's operator (a message to the table or to every table)."""


@dataclass(eq=False)
class RoomTable:
    """A table of the room, the task that plays it and its chat."""

    table: Table
    created_by: int | None = None
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    chat: deque[ChatLine] = field(default_factory=lambda: deque(maxlen=CHAT_LINES))
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
