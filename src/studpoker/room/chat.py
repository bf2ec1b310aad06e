"""A table's chat: a player's line, checked and told to the chat's listeners (the
dealer's lines are made per reader when sent, R5.7).

:class:`Chat` is one of the room's services (DESIGN.md idea 7): the only writer of its
listeners, its mute rule and each table's recent lines; all it asks of the room is the
open table of an id."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from studpoker.room.errors import RoomError
from studpoker.room.names import chat_text
from studpoker.store import Account

__all__ = ["CHAT_LENGTH", "CHAT_LINES", "Chat", "ChatLine", "ChatLines", "ChatListener"]

# The room's one logger (room/state.py), which state.py cannot lend: it imports this module.
log = logging.getLogger("studpoker.room.room")

CHAT_LENGTH = 300
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


ChatListener = Callable[[str, ChatLine], None]


class ChatLines:
    """The last :data:`CHAT_LINES` lines said at one table, oldest first: what a
    client that opens the table is sent.  Kept with the table (its lines go when the
    table closes or another process takes it), read by anyone, written by
    :class:`Chat` only."""

    __slots__ = ("_lines",)

    def __init__(self) -> None:
        self._lines: deque[ChatLine] = deque(maxlen=CHAT_LINES)

    def __iter__(self) -> Iterator[ChatLine]:
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)

    def _keep(self, line: ChatLine) -> None:
        self._lines.append(line)


class ChatTable(Protocol):
    """What the chat reads of an open table: its lines."""

    @property
    def chat(self) -> ChatLines: ...


class Chat:
    """The room's chat.  ``table`` is the open table of an id, or the room's
    RoomError ``no_table`` (the room's :meth:`~studpoker.room.Room.table`)."""

    def __init__(self, table: Callable[[str], ChatTable]) -> None:
        self._table = table
        self.listeners: list[ChatListener] = []
        # Until when an account may not chat, as the operator's service knows it now
        # (room/operator.py sets it); None: as the account was read at login.
        self.muted: Callable[[Account], datetime | None] | None = None

    def say(self, account: Account, table_id: str, text: str) -> ChatLine:
        """``account`` says ``text`` at ``table_id``: refused when the line is empty
        or too long once read (room/names.py) or while the account is muted."""
        self._table(table_id)
        text = chat_text(text)
        if not text:
            raise RoomError("say something: the line is empty", "chat_empty")
        if len(text) > CHAT_LENGTH:
            raise RoomError(
                f"a chat line is {CHAT_LENGTH} characters at most, not {len(text)}",
                "chat_length",
                maximum=CHAT_LENGTH,
                length=len(text),
            )
        muted = account.muted_until if self.muted is None else self.muted(account)
        if muted is not None and muted > datetime.now(UTC):
            raise RoomError(
                f"the room has muted {account.name} until {muted:%Y-%m-%d %H:%M} UTC",
                "muted",
                until=muted.isoformat(),
            )
        return self._tell(table_id, ChatLine(datetime.now(UTC), account.name, text))

    def announce(self, table_id: str, text: str) -> ChatLine:
        """The room's operator says ``text`` at ``table_id`` (its chat, marked the room's)."""
        self._table(table_id)
        text = chat_text(text)
        if not text:
            raise RoomError("say something: the message is empty", "chat_empty")
        return self._tell(table_id, ChatLine(datetime.now(UTC), None, text, room=True))

    def _tell(self, table_id: str, line: ChatLine) -> ChatLine:
        self._table(table_id).chat._keep(line)
        for listener in list(self.listeners):
            try:
                listener(table_id, line)
            except Exception:
                log.exception("a chat listener failed")
        return line
