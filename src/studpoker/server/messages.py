"""Every message the server sends on the WebSocket (docs/protocol.md, "Server messages"),
typed: :data:`ServerMessage`, told apart by ``type`` (and an error by its ``code``).

Like the table's state (:mod:`studpoker.server.state`) they are typed dicts
(``TypedDict``): plain dicts where they are sent, checked there by mypy and, in the
tests, validated by pydantic against every message of real traffic
(tests/server/test_schema.py); their JSON Schema is docs/protocol.schema.json
(:mod:`studpoker.server.schema`).  Every message
carries the protocol's version ``v``; ``id`` is the one the client gave the message that
a message answers (None when that message could not be read).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from studpoker.games.spec import MAX_SEATS, MIN_SEATS, Game
from studpoker.server.protocol import Lang, MessageId
from studpoker.server.state import (
    Change,
    Chips,
    HandEvent,
    LegalOption,
    MoneyUnit,
    Nets,
    SeatNumber,
    Seconds,
    Stakes,
    TableState,
)
from studpoker.server.wire import wire
from studpoker.table.config import Mode

__all__ = [
    "AccountView",
    "ChatMessage",
    "ErrorMessage",
    "HandResult",
    "IllegalActionMessage",
    "LobbyMessage",
    "LobbyTable",
    "LoggedOutMessage",
    "NotSeatedMessage",
    "NotYourTurnMessage",
    "OkMessage",
    "Placing",
    "PongMessage",
    "Reason",
    "RetryLaterMessage",
    "ServerError",
    "ServerMessage",
    "StaleDecisionMessage",
    "TableMessage",
    "WelcomeMessage",
]

Version = Literal[1]


@wire
class AccountView(TypedDict):
    """An account as its own player sees it (``welcome``, the REST sessions)."""

    id: int
    name: str
    balance: int
    """Chips on the account, off the tables."""
    guest: bool
    bot: bool
    """A remote computer player's account (practice tables only)."""


@wire
class LobbyTable(TypedDict):
    """A table as the lobby lists it (``lobby``, ``GET /api/tables``)."""

    id: str
    name: str
    game: Game
    mode: Mode
    stakes: Stakes
    money_unit: MoneyUnit
    seated: Annotated[int, Field(ge=0)]
    humans: Annotated[int, Field(ge=0)]
    """Seats taken by people, apart from computer players."""
    seats: Annotated[int, Field(ge=MIN_SEATS, le=MAX_SEATS)]
    """How many seats the table has."""
    average_pot: Chips
    hands_per_hour: Annotated[int, Field(ge=0)]
    competition: bool
    """Whether a competition is being played."""
    halted: str | None
    clock: Seconds
    """Seconds a player has for a decision (R8.1), before the time bank."""
    buy_in: tuple[Chips, Chips]
    """The least and the most a player brings to a seat."""


@wire
class WelcomeMessage(TypedDict):
    """The first message of every connection."""

    type: Literal["welcome"]
    protocol: Version
    account: AccountView | None
    """None for an onlooker's connection (no valid session token)."""
    lang: Lang
    """The language of the dealer's lines."""
    v: Version


@wire
class LobbyMessage(TypedDict):
    """Every table: after ``welcome``, when tables change (to clients that watch none)
    and as the answer to ``lobby``."""

    type: Literal["lobby"]
    tables: list[LobbyTable]
    v: Version
    id: NotRequired[MessageId]


@wire
class HandResult(TypedDict):
    hand: int
    net: Nets
    """Each dealt seat's gain or loss, by seat number."""


@wire
class Placing(TypedDict):
    """A player's place in a finished competition (R7.3)."""

    place: Annotated[int, Field(ge=1)]
    seat: SeatNumber
    name: str
    chips: Chips
    """What the player ended with."""
    busted: bool
    """Out before the end, by losing every chip or quitting."""


@wire
class TableMessage(TypedDict):
    """A change at a table the client watches, made for the client's seat alone."""

    type: Literal["table"]
    table: str
    change: Change
    state: TableState
    events: list[HandEvent]
    """The hand's events this client has not been sent yet, as its seat may see them."""
    lines: list[str]
    """The dealer's lines for those events, in the client's language (R5.7)."""
    v: Version
    id: NotRequired[MessageId]
    """On the answer to ``watch``."""
    result: NotRequired[HandResult]
    """On ``hand_ended``."""
    standings: NotRequired[list[Placing]]
    """On ``competition_ended``: the finishing order, the winner first."""


@wire
class ChatMessage(TypedDict):
    """A line someone said at a table."""

    type: Literal["chat"]
    table: str
    name: str
    text: str
    v: Version


@wire
class OkMessage(TypedDict):
    """A message done."""

    type: Literal["ok"]
    id: MessageId | None
    seat: NotRequired[SeatNumber]
    """The seat taken, for ``sit``."""
    competition: NotRequired[int]
    """The competition's number, for ``start_competition``."""
    v: Version


@wire
class PongMessage(TypedDict):
    type: Literal["pong"]
    id: MessageId | None
    v: Version


@wire
class LoggedOutMessage(TypedDict):
    """The session has ended (logged out from any tab, or expired): the connection is an
    onlooker's from now on."""

    type: Literal["logged_out"]
    message: str
    v: Version


# -- errors: a message refused, and nothing changed ------------------------------------------


@wire
class ErrorMessage(TypedDict):
    """A refusal without parameters: ``message`` says why in English; a client writes
    it in its own language from ``code``."""

    type: Literal["error"]
    id: MessageId | None
    code: Literal[
        "malformed", "too_large", "login", "refused", "no_turn", "too_many_sockets", "internal"
    ]
    message: str
    v: Version


@wire
class RetryLaterMessage(TypedDict):
    """Too many messages or chat lines (``rate_limited``), or the room too busy now
    (``busy``): the next one is read in ``retry_after`` seconds."""

    type: Literal["error"]
    id: MessageId | None
    code: Literal["rate_limited", "busy"]
    message: str
    retry_after: Seconds
    v: Version


@wire
class StaleDecisionParams(TypedDict):
    seat: SeatNumber
    seq: Annotated[int, Field(ge=0)]
    """The decision the ``act`` answered."""
    pending: Annotated[int, Field(ge=0)]
    """The decision to answer."""


@wire
class StaleDecisionMessage(TypedDict):
    """An ``act`` for a decision that is not the one pending."""

    type: Literal["error"]
    id: MessageId | None
    code: Literal["stale_decision"]
    message: str
    params: StaleDecisionParams
    v: Version


@wire
class NotYourTurnParams(TypedDict):
    seat: SeatNumber
    """The asker's seat."""
    actor: SeatNumber
    """The seat to act."""


@wire
class NotYourTurnMessage(TypedDict):
    type: Literal["error"]
    id: MessageId | None
    code: Literal["not_your_turn"]
    message: str
    params: NotYourTurnParams
    v: Version


@wire
class NotSeatedParams(TypedDict):
    table: str


@wire
class NotSeatedMessage(TypedDict):
    type: Literal["error"]
    id: MessageId | None
    code: Literal["not_seated"]
    message: str
    params: NotSeatedParams
    v: Version


Reason = Literal[
    "amount",
    "bring_in_first",
    "facing_bet",
    "nothing_to_call",
    "capped",
    "after_showhand",
    "no_showhand",
    "opener_must_bet",
    "amount_needed",
    "wrong_cost",
    "betting_not_over",
    "showdown",
    "never_muck_winner",
    "hand_over",
    "not_open",
    "unreadable",
]
"""Why an action is refused (the engine's ``IllegalAction.reason``; ``unreadable``: not an
action at all)."""


@wire
class IllegalActionParams(TypedDict):
    seat: SeatNumber
    action: str
    """The action as sent."""
    reason: Reason
    rule: Annotated[str, Field(pattern=r"^R[0-9]+\.[0-9]+$")] | None
    """The rule of RULES.md that forbids it, when one does."""
    legal_actions: list[LegalOption]
    """What the seat may do instead."""


@wire
class IllegalActionMessage(TypedDict):
    type: Literal["error"]
    id: MessageId | None
    code: Literal["illegal_action"]
    message: str
    params: IllegalActionParams
    v: Version


ServerError = Annotated[
    ErrorMessage
    | RetryLaterMessage
    | StaleDecisionMessage
    | NotYourTurnMessage
    | NotSeatedMessage
    | IllegalActionMessage,
    Field(discriminator="code"),
]
"""An ``error``, told apart by its ``code``."""

ServerMessage = Annotated[
    WelcomeMessage
    | LobbyMessage
    | TableMessage
    | ChatMessage
    | OkMessage
    | PongMessage
    | LoggedOutMessage
    | ServerError,
    Field(discriminator="type"),
]
"""Any message the server sends, told apart by its ``type``."""
