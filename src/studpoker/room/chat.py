"""A table's chat: a player's line, checked and told to the chat's listeners (the
dealer's lines are made per reader when sent, R5.7)."""

from __future__ import annotations

from datetime import UTC, datetime

from studpoker.room.errors import RoomError
from studpoker.room.names import chat_text
from studpoker.room.state import RoomState, log
from studpoker.room.tables import ChatLine
from studpoker.store import Account

__all__ = ["CHAT_LENGTH", "RoomChat"]

CHAT_LENGTH = 300


class RoomChat(RoomState):
    """A room's chat."""

    def say(self, account: Account, table_id: str, text: str) -> ChatLine:
        self.table(table_id)
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
        self.table(table_id)
        text = chat_text(text)
        if not text:
            raise RoomError("say something: the message is empty", "chat_empty")
        return self._tell(table_id, ChatLine(datetime.now(UTC), None, text, room=True))

    def _tell(self, table_id: str, line: ChatLine) -> ChatLine:
        self.table(table_id).chat.append(line)
        for listener in list(self.chat_listeners):
            try:
                listener(table_id, line)
            except Exception:
                log.exception("a chat listener failed")
        return line
