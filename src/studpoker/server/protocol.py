"""The WebSocket protocol, version 1 (docs/protocol.md): what a client may send, as
typed messages.  Every message is a JSON object with a ``type``; a client may add an
``id`` of its own, which the server repeats in its answer or error, and ``v`` (1).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

__all__ = ["MAX_MESSAGE", "VERSION", "ClientMessage", "read_message"]

VERSION = 1
# Bytes in one client message at most; a longer one is refused (and nothing done).
MAX_MESSAGE = 4096


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str | int | None = None
    v: Literal[1] = 1


class _AtTable(_Message):
    table: Annotated[str, Field(min_length=1, max_length=64)]


class Lobby(_Message):
    """Ask for the lobby again (it is sent on connecting and when tables change)."""

    type: Literal["lobby"]


class Watch(_AtTable):
    """Follow a table: its whole state now, then every change."""

    type: Literal["watch"]


class Unwatch(_AtTable):
    type: Literal["unwatch"]


class Sit(_AtTable):
    """Sit down (``seat`` None: any free seat); at a chips table ``buy_in`` comes from
    the balance (None: the table's least)."""

    type: Literal["sit"]
    seat: Annotated[int, Field(ge=0, le=9)] | None = None
    buy_in: Annotated[int, Field(gt=0)] | None = None


class Stand(_AtTable):
    type: Literal["stand"]


class SitOut(_AtTable):
    type: Literal["sit_out"]


class SitIn(_AtTable):
    type: Literal["sit_in"]


class TopUp(_AtTable):
    type: Literal["top_up"]
    amount: Annotated[int, Field(gt=0)]


class Act(_AtTable):
    """Answer decision ``seq`` with ``action`` (``"call"``, ``"raise 400"``, …)."""

    type: Literal["act"]
    seq: Annotated[int, Field(ge=0)]
    action: Annotated[str, Field(min_length=1, max_length=40)]


class Chat(_AtTable):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=300)]


class StartCompetition(_AtTable):
    type: Literal["start_competition"]


class Language(_Message):
    """The language of the dealer's lines from now on."""

    type: Literal["language"]
    lang: Literal["en", "zh-Hant", "zh-Hans"]


class Ping(_Message):
    type: Literal["ping"]


ClientMessage = Annotated[
    Lobby
    | Watch
    | Unwatch
    | Sit
    | Stand
    | SitOut
    | SitIn
    | TopUp
    | Act
    | Chat
    | StartCompetition
    | Language
    | Ping,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


def read_message(text: str | bytes) -> ClientMessage:
    """A client message from its JSON; a ``ValueError`` (pydantic's
    ``ValidationError``) says what is wrong."""
    return _ADAPTER.validate_json(text)
