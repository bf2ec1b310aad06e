"""The WebSocket protocol, version 1 (docs/protocol.md): what a client may send, as
typed messages.  Every message is a JSON object with a ``type``; a client may add an
``id`` of its own, which the server repeats in its answer or error, and ``v`` (1).
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    TypeAdapter,
)
from pydantic_core import PydanticCustomError

from studpoker.games.spec import MAX_SEATS, Game
from studpoker.table.config import STACK_MAX

__all__ = [
    "MAX_DEPTH",
    "MAX_MESSAGE",
    "VERSION",
    "ClientMessage",
    "Lang",
    "MalformedMessage",
    "MessageId",
    "Text",
    "Unicode",
    "encodable",
    "message_id",
    "read_message",
]

VERSION: Final = 1
# Bytes in one client message at most; a longer one is refused (and nothing done).
MAX_MESSAGE = 4096
# How deep a message may nest: it is one object of plain values (depth 1).  Deeper text is
# refused before anything parses it, so that no parser recurses on it.
MAX_DEPTH = 8
# The largest whole number a JavaScript client reads exactly (Number.MAX_SAFE_INTEGER).
MAX_SAFE_INTEGER = 2**53 - 1
ID_LENGTH = 64

Lang = Literal["en", "zh-Hant", "zh-Hans"]
"""A language of the dealer's lines (R5.7)."""


class MalformedMessage(ValueError):
    """Text that is no message at all: not UTF-8, nested too deep, or holding a lone
    surrogate (a JSON escape such as ``\\ud800`` that UTF-8 cannot carry back)."""


# -- text from clients (WebSocket messages and REST bodies) -----------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")


def _unicode(text: str) -> str:
    if _SURROGATE.search(text) or "\ufffd" in text:
        raise ValueError("text cannot hold a lone surrogate (U+D800 to U+DFFF) or U+FFFD")
    return text


Unicode = AfterValidator(_unicode)
"""The check of a string a client sends: Unicode text, without a lone surrogate (JSON can
spell one, ``"\\ud800"``, that no answer can carry back), nor U+FFFD, which
:func:`encodable` puts in their place.  After a length: ``Annotated[str, Field(...),
Unicode]``."""
Text = Annotated[str, Unicode]
"""A string a client sends (:data:`Unicode`)."""

_NOT_FINITE = {math.inf: "Infinity", -math.inf: "-Infinity"}


def encodable(data: Any) -> Any:
    """Decoded JSON as an answer can quote it back: a lone surrogate (keys too) becomes
    U+FFFD, which UTF-8 can carry, and ``NaN``, ``Infinity`` and ``-Infinity`` (which
    Python's ``json`` reads, ``1e999`` too, and strict JSON cannot write) become those
    words as strings.  Iterative: JSON nested a thousand deep does not recurse.

    >>> encodable({"name": "a\\ud800", "clock": float("nan")}) == {
    ...     "name": "a\\ufffd",
    ...     "clock": "NaN",
    ... }
    True
    """

    def scalar(value: Any) -> Any:
        if isinstance(value, str):
            return _SURROGATE.sub("\ufffd", value)
        if isinstance(value, float) and not math.isfinite(value):
            return _NOT_FINITE.get(value, "NaN")
        return value

    def shell(value: Any) -> Any:
        return {} if isinstance(value, dict) else [] if isinstance(value, list) else None

    root = shell(data)
    if root is None:
        return scalar(data)
    pending = [(data, root)]
    while pending:
        source, copy = pending.pop()
        items = source.items() if isinstance(source, dict) else enumerate(source)
        for key, value in items:
            inner = shell(value)
            if inner is not None:
                pending.append((value, inner))
            out = scalar(value) if inner is None else inner
            if isinstance(copy, dict):
                copy[scalar(key)] = out
            else:
                copy.append(out)
    return root


# -- the messages ---------------------------------------------------------------------


def _message_id(value: object) -> int | str:
    if isinstance(value, str) and len(value) <= ID_LENGTH and not _SURROGATE.search(value):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_SAFE_INTEGER:
        return value
    raise PydanticCustomError(
        "message_id",
        "an id is a whole number from -(2**53 - 1) to 2**53 - 1 or a text of 64 characters at most",
    )


MessageId = Annotated[int | str, PlainValidator(_message_id, json_schema_input_type=int | str)]
"""The ``id`` a client may give a message, which its answer repeats: a whole number that
JavaScript reads exactly, or a text of 64 characters at most."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: MessageId | None = None
    v: Literal[1] = 1


class _AtTable(_Message):
    table: Annotated[str, Field(min_length=1, max_length=64)]


class Lobby(_Message):
    """Ask for the lobby again (it is sent on connecting and when tables change)."""

    type: Literal["lobby"]


# A private table's invite (room/privacy.py), as its link carries it.
Invite = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


class Watch(_AtTable):
    """Follow a table: its whole state now, then every change.  A private table whose
    host lets only the invited watch asks for its ``invite``."""

    type: Literal["watch"]
    invite: Invite | None = None


class Unwatch(_AtTable):
    type: Literal["unwatch"]


class Sit(_AtTable):
    """Sit down (``seat`` None: any free seat); at a chips table ``buy_in`` comes from
    the balance (None: the table's least); at a private table, with its ``invite``
    (its host needs none)."""

    type: Literal["sit"]
    seat: Annotated[int, Field(ge=0, lt=MAX_SEATS)] | None = None
    buy_in: Annotated[int, Field(gt=0, le=STACK_MAX)] | None = None
    invite: Invite | None = None


class JoinWaitingList(_AtTable):
    """Wait for a seat at a full table: when one frees, the first in line is offered it
    for 30 seconds (the lobby's ``offer``), then the next.  The answer is ``ok`` with
    the ``place`` (1: first)."""

    type: Literal["join_waiting_list"]
    invite: Invite | None = None


class LeaveWaitingList(_AtTable):
    type: Literal["leave_waiting_list"]


class ChooseGame(_AtTable):
    """At a dealer's choice table, the seat whose choice it is (the table state's
    ``mix.chooser``) names the game of the next hands; it may change its mind until
    they are dealt."""

    type: Literal["choose_game"]
    game: Game


class Stand(_AtTable):
    type: Literal["stand"]


class SitOut(_AtTable):
    type: Literal["sit_out"]


class SitIn(_AtTable):
    type: Literal["sit_in"]


class AutoMuck(_AtTable):
    """ "Auto-muck losing hands" at one's seat: on (as every seat starts), a hand that
    may be mucked at the showdown (R5.3) is mucked at once; off, the player is asked to
    show or muck, and a clock that runs out mucks it."""

    type: Literal["auto_muck"]
    on: StrictBool  # true or false: "yes", 1 or "off" are refused, not read as a choice


class ClientSeed(_AtTable):
    """A seated player's client seed for the hand announced (the table state's
    ``next_hand``, its commitment told first; docs/fairness.md): hex of 1 to 64 bytes.
    A second replaces the first until the deal (``wrong_hand_id``, ``bad_client_seed``,
    ``not_seated``)."""

    type: Literal["client_seed"]
    hand_id: Annotated[str, Field(min_length=1, max_length=200)]
    seed: Annotated[str, Field(min_length=1, max_length=200)]
    """Read by the table, which says what is wrong with it (``bad_client_seed``)."""


class TopUp(_AtTable):
    type: Literal["top_up"]
    amount: Annotated[int, Field(gt=0, le=STACK_MAX)]


class Act(_AtTable):
    """Answer decision ``seq`` with ``action`` (``"call"``, ``"raise 400"``, …)."""

    type: Literal["act"]
    seq: Annotated[int, Field(ge=0, le=MAX_SAFE_INTEGER)]
    action: Annotated[str, Field(min_length=1, max_length=40)]


class Chat(_AtTable):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=300)]


class StartCompetition(_AtTable):
    type: Literal["start_competition"]


class Language(_Message):
    """The language of the dealer's lines from now on."""

    type: Literal["language"]
    lang: Lang


class Ping(_Message):
    type: Literal["ping"]


ClientMessage = Annotated[
    Lobby
    | Watch
    | Unwatch
    | Sit
    | JoinWaitingList
    | LeaveWaitingList
    | ChooseGame
    | Stand
    | SitOut
    | SitIn
    | AutoMuck
    | ClientSeed
    | TopUp
    | Act
    | Chat
    | StartCompetition
    | Language
    | Ping,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


_ID: TypeAdapter[int | str] = TypeAdapter(MessageId)
# A JSON string; one left open runs to the end (so that no scan starts again inside it).
_STRING = re.compile(r'"(?:[^"\\]+|\\.)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|.)", re.DOTALL)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def read_message(text: str | bytes) -> ClientMessage:
    """A client message from its JSON; a ``ValueError`` says what is wrong: a
    :class:`MalformedMessage` for text that is not UTF-8, nests deeper than
    :data:`MAX_DEPTH` or holds a lone surrogate, else pydantic's ``ValidationError``.

    >>> read_message('{"type": "ping", "id": 7}')
    Ping(id=7, v=1, type='ping')
    >>> read_message('{"type": "ping", "id": "\\\\ud800"}')
    Traceback (most recent call last):
    ...
    studpoker.server.protocol.MalformedMessage: a message cannot hold a lone surrogate \
(\\ud800): its strings are Unicode text
    """
    if isinstance(text, bytes):
        try:
            text = text.decode()
        except UnicodeDecodeError:
            raise MalformedMessage("a message is JSON text in UTF-8") from None
    _check_text(text)
    return _ADAPTER.validate_json(text)


def message_id(text: str) -> int | str | None:
    """The ``id`` of ``text``, JSON that is not a valid message, for the error to repeat:
    None unless it is a :data:`MessageId` and the text one that :func:`read_message`
    would parse.

    >>> message_id('{"type": "sit", "id": "a1", "seat": "near the window"}')
    'a1'
    >>> message_id('{"type": "sit", "id": [[["deep"]]], "seat": 1}') is None
    True
    """
    try:
        _check_text(text)
        data = json.loads(text)
        return _ID.validate_python(data.get("id") if isinstance(data, dict) else None)
    except (ValueError, RecursionError):
        return None


def _check_text(text: str) -> None:
    """Refuse what no parser should be given: nesting deeper than MAX_DEPTH (counted
    outside strings) and lone surrogates (written as escapes, or, from a Python
    caller, as characters)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    deepest = max(accumulate(map(_STEP.__getitem__, brackets)), default=0)
    if deepest > MAX_DEPTH:
        raise MalformedMessage(
            f"a message nests {MAX_DEPTH} deep at most (it is one object of plain values), "
            f"not {deepest}"
        )
    if _SURROGATE.search(text):
        raise MalformedMessage("a message cannot hold a lone surrogate: it is Unicode text")
    if not _SURROGATE_ESCAPE.search(text):
        return
    high_end = -1  # where the last high surrogate escape ended, waiting for its low half
    for escape in _ESCAPE.finditer(text):
        code = int(escape.group(1), 16) if escape.group(1) else None
        is_low = code is not None and 0xDC00 <= code <= 0xDFFF
        if high_end >= 0 and not (is_low and escape.start() == high_end):
            _lone(text[high_end - 6 : high_end])
        if is_low and high_end != escape.start():
            _lone(escape.group(0))
        is_high = code is not None and 0xD800 <= code <= 0xDBFF
        high_end = escape.end() if is_high else -1
    if high_end >= 0:
        _lone(text[high_end - 6 : high_end])


def _lone(escape: str) -> None:
    raise MalformedMessage(
        f"a message cannot hold a lone surrogate ({escape}): its strings are Unicode text"
    )
