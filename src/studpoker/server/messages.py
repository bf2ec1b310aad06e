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

from typing import Annotated, Any, Final, Literal, NotRequired

from pydantic import Field, WithJsonSchema
from typing_extensions import TypedDict

from studpoker.games.spec import MAX_SEATS, MIN_SEATS, Game
from studpoker.room.money import ROOM_UNIT
from studpoker.server.protocol import Lang, MessageId
from studpoker.server.state import (
    CardProof,
    Change,
    Chips,
    GameOptions,
    HandEvent,
    LegalOption,
    Level,
    Mix,
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
    "BALANCE_UNIT",
    "AccountView",
    "AddOp",
    "AlreadyInSeatMessage",
    "AlreadySeatedMessage",
    "BalanceMessage",
    "BuyInRangeMessage",
    "CharacterMessage",
    "ChatLimitMessage",
    "ChatMessage",
    "ClockRangeMessage",
    "CompetitionPlayersMessage",
    "ErrorMessage",
    "FullMessage",
    "HandResult",
    "IllegalActionMessage",
    "Limited",
    "LobbyMessage",
    "LobbyTable",
    "LoggedOutMessage",
    "ModeMessage",
    "NameRefusedMessage",
    "NoAccountMessage",
    "NoHandMessage",
    "NoSeatMessage",
    "NotYourTurnMessage",
    "OkMessage",
    "OpenTablesMessage",
    "PatchOp",
    "Placing",
    "PongMessage",
    "Reason",
    "RemoveOp",
    "ReplaceOp",
    "RetryLaterMessage",
    "SeatRefusedMessage",
    "SeatsRangeMessage",
    "ServerError",
    "ServerMessage",
    "StaleDecisionMessage",
    "TableMessage",
    "TableRefusedMessage",
    "TooLongMessage",
    "TooShortMessage",
    "TopUpLimitMessage",
    "UnknownChoiceMessage",
    "UnknownOptionsMessage",
    "UnknownStakesMessage",
    "WelcomeMessage",
]

Version = Literal[1]


BALANCE_UNIT: Final = ROOM_UNIT
"""How the balance is written (R1.4; the room's ``ROOM_UNIT``), the one answer the server
sends with it (``AccountView.money_unit``) and with a tournament's buy-in, fee and prizes
(``TournamentInfo.money_unit``): as the fixed-limit games write money, 100 chips a unit
(95225 chips are 952.25)."""


@wire
class AccountView(TypedDict):
    """An account as its own player sees it (``welcome``, the REST sessions, ``GET
    /api/me``)."""

    id: int
    name: str
    balance: int
    """Chips on the account, off the tables."""
    money_unit: MoneyUnit
    """How ``balance`` is written (R1.4): 100 chips a unit, as the fixed-limit games write
    money (95225 is 952.25), whatever the game of a table they are taken to."""
    guest: bool
    bot: bool
    """A remote computer player's account (practice tables only)."""
    role: Literal["player", "operator"]
    """``operator``: the account may use the operator's tools (``/api/admin``), and the
    page offers them."""


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
    paused: bool
    """Paused by the room's operator: no hand is dealt until resumed."""
    clock: Seconds
    """Seconds a player has for a decision (R8.1), before the time bank."""
    buy_in: tuple[Chips, Chips]
    """The least and the most a player brings to a seat."""
    options: GameOptions
    """The options its player opened the table with (the preset's where none was set)."""
    mix: Mix | None
    """A mixed game the table deals (``game`` is the game of its hand now)."""
    level: Level | None
    """A practice table's computer players' level (null at other tables)."""
    private: bool
    """A private table (issue 36): only those its host invited may sit."""
    host: str | None
    """A private table's host, who opened it (null at other tables)."""
    onlookers: Literal["anyone", "invited"]
    """Who may watch: anyone, or at a private table only the invited, as its host chose."""
    waiting: list[str]
    """The names on its waiting list, first in line first."""
    offer: SeatOffer | None
    """A seat freed and held for the first in line, until a time."""
    next_game: Game | None
    """Dealer's choice: the game of the hands to come (null at other tables)."""
    chooser: str | None
    """Dealer's choice: who chooses (or chose) the game of the hands to come."""


class SeatOffer(TypedDict):
    """A free seat held for the first on a table's waiting list (room/waiting.py)."""

    name: str
    until: Annotated[float, Field(ge=0)]
    """When the offer ends, in seconds since 1970 (UTC)."""


@wire
class WelcomeMessage(TypedDict):
    """The first message of every connection."""

    type: Literal["welcome"]
    protocol: Version
    account: AccountView | None
    """None for an onlooker's connection (no valid session token)."""
    lang: Lang
    """The language of the dealer's lines."""
    currency: NotRequired[Annotated[str, Field(max_length=4)]]
    """The sign of the room's money ("$"; "" for none), written before the fixed-limit
    games' stakes and the balance (100 chips a unit); Show Hand's chips have none."""
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


JsonPointer = Annotated[str, Field(pattern="^(/[^/]*)*$")]
"""Where in the state an operation applies (RFC 6901): ``/hand/players/0/stack``."""


@wire
class AddOp(TypedDict):
    """Put ``value`` at ``path``: a new key, or an item at the end of a list (``/-``)."""

    op: Literal["add"]
    path: JsonPointer
    value: Any


@wire
class RemoveOp(TypedDict):
    """Take away the key or the list item at ``path``."""

    op: Literal["remove"]
    path: JsonPointer


@wire
class ReplaceOp(TypedDict):
    """Put ``value`` in place of what is at ``path`` (``""``: the whole state)."""

    op: Literal["replace"]
    path: JsonPointer
    value: Any


PatchOp = Annotated[AddOp | RemoveOp | ReplaceOp, Field(discriminator="op")]
"""One operation of a JSON Patch (RFC 6902): only these three are written."""


@wire
class TableMessage(TypedDict):
    """A change at a table the client watches, made for the client's seat alone: the
    whole state in the answer to ``watch``, else a patch of the last state sent to this
    client (exactly one of ``state`` and ``patch``)."""

    type: Literal["table"]
    table: str
    change: Change
    state: NotRequired[TableState]
    """The whole table as the client's seat sees it: in the answer to ``watch``."""
    patch: NotRequired[list[PatchOp]]
    """What changed since the last ``table`` message of this table, as JSON Patch
    operations (RFC 6902) to apply in order to the state it left."""
    events: list[HandEvent]
    """The hand's events this client has not been sent yet, as its seat may see them."""
    lines: list[str]
    """The dealer's lines for those events, in the client's language (R5.7)."""
    proofs: NotRequired[list[CardProof]]
    """The proof of each card those events show the client for the first time in the
    hand (its own down cards, the up cards, the cards shown, the community card):
    checked against the state's ``fairness.root`` (docs/fairness.md)."""
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
    """Who said it (empty for the room)."""
    text: str
    room: bool
    """Said by the room's operator, not a player."""
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
    place: NotRequired[Annotated[int, Field(ge=1)]]
    """The place on the waiting list (1: first), for ``join_waiting_list``."""
    v: Version


@wire
class PongMessage(TypedDict):
    type: Literal["pong"]
    id: MessageId | None
    v: Version


LoggedOutReason = Literal["logout", "expired", "banned"]
"""Why a socket was logged out: its session was logged out (in any tab), it expired, or
the room's operator banned the account."""


@wire
class LoggedOutMessage(TypedDict):
    """The session has ended (logged out from any tab, or expired): the connection is an
    onlooker's from now on."""

    type: Literal["logged_out"]
    message: str
    reason: LoggedOutReason
    v: Version


# -- errors: a message refused, and nothing changed ------------------------------------------
#
# Each refusal has a stable ``code`` and, in ``params``, what its English ``message``
# says, as data: names and tables as text, seats, counts and amounts (in chips, the
# table's unit) as numbers.  A client writes the refusal in its own language from these,
# never from ``message``.  The models group the codes by the parameters they carry; the
# REST answers carry the same ``code`` and ``params`` beside ``detail``
# (server.answers.Problem).  docs/protocol.md, "Errors", lists every code.


@wire
class _Error(TypedDict):
    type: Literal["error"]
    id: MessageId | None
    """The ``id`` of the message refused (None when it could not be read)."""
    message: str
    """Why, in English, and what is allowed."""
    v: Version


@wire
class ErrorMessage(_Error):
    """A refusal without parameters."""

    code: Literal[
        "malformed",
        "login",
        "wrong_password",
        "no_turn",
        "internal",
        "not_found",
        "method_not_allowed",
        "name_blank",
        "guests_practice_only",
        "competition_started",
        "table_closed",
        "table_stopped",
        "chat_empty",
        "no_guest_name",
        "invalid_stakes",
        "starts_at",
        "capacity_range",
        "fee_range",
        "practice_free",
        "late_levels_range",
        "tournament_name_length",
        "invalid_structure",
        "not_supported",
        "no_dealers_choice",
        "dealers_choice_private",
    ]


Limited = Literal[
    "messages",
    "logins",
    "failed_logins",
    "accounts",
    "guests",
    "tables",
    "hand_histories",
    "imports",
    "replays",
    "statistics",
    "password_hashing",
    "table_owner",
    "tournament_director",
    "notes",
]
"""What came too often (``rate_limited``) or waits for the room's workers, or for the
process that runs a table (``table_owner``) or directs a tournament
(``tournament_director``), to answer (``busy``)."""


@wire
class RetryParams(TypedDict):
    what: Limited
    retry_after: Seconds
    """Seconds before the next try is read (a REST answer's ``Retry-After``)."""


@wire
class RetryLaterMessage(_Error):
    """Too many messages (``rate_limited``), or the room too busy now (``busy``): the
    next one is read in ``retry_after`` seconds."""

    code: Literal["rate_limited", "busy"]
    params: RetryParams
    retry_after: Seconds


@wire
class ChatLimitParams(TypedDict):
    lines: Annotated[int, Field(ge=1)]
    seconds: Seconds
    """``lines`` chat lines at most every ``seconds``."""
    retry_after: Seconds


@wire
class ChatLimitMessage(_Error):
    """Too many chat lines: the next one is said in ``retry_after`` seconds."""

    code: Literal["chat_limit"]
    params: ChatLimitParams
    retry_after: Seconds


@wire
class StaleDecisionParams(TypedDict):
    seat: SeatNumber
    seq: Annotated[int, Field(ge=0)]
    """The decision the ``act`` answered."""
    pending: Annotated[int, Field(ge=0)]
    """The decision to answer."""


@wire
class StaleDecisionMessage(_Error):
    """An ``act`` for a decision that is not the one pending."""

    code: Literal["stale_decision"]
    params: StaleDecisionParams


@wire
class NotYourTurnParams(TypedDict):
    seat: SeatNumber
    """The asker's seat."""
    actor: SeatNumber
    """The seat to act."""


@wire
class NotYourTurnMessage(_Error):
    code: Literal["not_your_turn"]
    params: NotYourTurnParams


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
class IllegalActionMessage(_Error):
    code: Literal["illegal_action"]
    params: IllegalActionParams


@wire
class TableParams(TypedDict):
    table: str


@wire
class TableRefusedMessage(_Error):
    """No such table, not seated at it, not a competition table, or (a table opened with
    an id of its own) a table of that id already open."""

    code: Literal[
        "no_table", "not_seated", "not_competition", "table_exists", "not_host", "seat_free"
    ]
    params: TableParams


@wire
class NotYourChoiceParams(TypedDict):
    seat: SeatNumber
    chooser: SeatNumber | None
    """The seat whose choice the next game is (null: nobody's yet)."""


@wire
class NotYourChoiceMessage(_Error):
    """At dealer's choice, the next game is chosen by the seat whose turn it is."""

    code: Literal["not_your_choice"]
    params: NotYourChoiceParams


@wire
class WrongHandParams(TypedDict):
    hand_id: str | None
    """The hand whose client seeds are taken now (null: none, a hand is being played)."""


@wire
class WrongHandMessage(_Error):
    """A client seed is for the hand announced (the state's ``next_hand``), no other."""

    code: Literal["wrong_hand_id"]
    params: WrongHandParams


@wire
class ClientSeedParams(TypedDict):
    minimum: int
    """Bytes at least."""
    maximum: int
    """Bytes at most."""


@wire
class BadClientSeedMessage(_Error):
    """A client seed is hex of 1 to 64 bytes."""

    code: Literal["bad_client_seed"]
    params: ClientSeedParams


@wire
class ChoiceHandsParams(TypedDict):
    minimum: int
    maximum: int


@wire
class ChoiceHandsMessage(_Error):
    """A dealer's choice lasts 1 to 50 hands."""

    code: Literal["choice_hands_range"]
    params: ChoiceHandsParams


@wire
class InviteOnlyParams(TypedDict):
    table: str
    host: str
    """Who opened the private table, and invites to it."""


@wire
class InviteOnlyMessage(_Error):
    """A private table seats (and, as its host chose, shows) only those its host
    invited: its link carries the invite."""

    code: Literal["invite_only"]
    params: InviteOnlyParams


@wire
class SeatOfferedParams(TypedDict):
    table: str
    name: str
    """The first on the waiting list, for whom the seat is held."""
    seconds: Annotated[float, Field(ge=0)]
    """How long it is held for them still."""


@wire
class SeatOfferedMessage(_Error):
    """The table's one free seat is held for the first on its waiting list."""

    code: Literal["seat_offered"]
    params: SeatOfferedParams


@wire
class WaitingListFullParams(TypedDict):
    table: str
    most: Annotated[int, Field(ge=1)]


@wire
class WaitingListFullMessage(_Error):
    code: Literal["waiting_list_full"]
    params: WaitingListFullParams


@wire
class SeatsLimitParams(TypedDict):
    name: str
    most: Annotated[int, Field(ge=1)]
    """Tables a player sits at at once, at most."""
    tables: list[str]
    """The tables where the player sits now."""


@wire
class SeatsLimitMessage(_Error):
    """A player sits at four tables at once at most (tournaments apart)."""

    code: Literal["seats_limit"]
    params: SeatsLimitParams


@wire
class SeatParams(TypedDict):
    seat: SeatNumber


@wire
class SeatRefusedMessage(_Error):
    code: Literal[
        "seat_taken",
        "seat_empty",
        "no_chips",
        "already_leaving",
        "already_sitting_out",
        "not_sitting_out",
    ]
    params: SeatParams


@wire
class NoSeatParams(TypedDict):
    seat: int
    """The seat asked for."""
    seats: Annotated[int, Field(ge=MIN_SEATS, le=MAX_SEATS)]
    """The table's seats, numbered 0 to ``seats`` - 1."""


@wire
class NoSeatMessage(_Error):
    code: Literal["no_seat"]
    params: NoSeatParams


@wire
class NameParams(TypedDict):
    name: str


@wire
class NameRefusedMessage(_Error):
    """A name another player has (``name_taken``) or one that reads like it
    (``name_lookalike``), one the room keeps for itself (``name_reserved``: Dealer,
    Bot 3, Guest 123456), or no player of that name (``no_player``)."""

    code: Literal["name_taken", "name_lookalike", "name_reserved", "no_player"]
    params: NameParams


@wire
class NoteRefusedMessage(_Error):
    """A note on one's own account: notes are on other players (issue 36)."""

    code: Literal["note_self"]
    params: NameParams


@wire
class CharacterParams(TypedDict):
    character: Annotated[str, Field(pattern="^U\\+[0-9A-F]{4,6}$")]
    """The character refused, as its code point: ``U+200B``."""


@wire
class CharacterMessage(_Error):
    """A character a name, a chat line, a table's or a tournament's name, or a note, may
    not hold (a control, format, invisible or private-use character, a lone surrogate, a
    stray combining mark, a bidirectional control)."""

    code: Literal[
        "name_characters",
        "chat_characters",
        "table_name_characters",
        "tournament_name_characters",
        "note_characters",
    ]
    params: CharacterParams


@wire
class TooLongParams(TypedDict):
    maximum: Annotated[int, Field(ge=0)]
    length: Annotated[int, Field(ge=0)]
    """The length sent: characters (once normalised), or bytes for ``too_large``."""


@wire
class TooLongMessage(_Error):
    code: Literal[
        "name_length",
        "password_too_long",
        "chat_length",
        "table_name_length",
        "too_large",
        "note_length",
    ]
    params: TooLongParams


@wire
class TooShortParams(TypedDict):
    minimum: Annotated[int, Field(ge=0)]
    length: Annotated[int, Field(ge=0)]


@wire
class TooShortMessage(_Error):
    code: Literal["password_too_short"]
    params: TooShortParams


@wire
class FullParams(TypedDict):
    maximum: Annotated[int, Field(ge=0)]
    """Players at the table (or sockets from one address) at most."""


@wire
class FullMessage(_Error):
    """No room: the table is full (a practice table and a competition seat 8 players at
    most, R7.1, R7.3), the address has as many sockets open as it may, or the player
    keeps as many notes as they may (``notes_full``)."""

    code: Literal[
        "table_full", "practice_full", "competition_full", "too_many_sockets", "notes_full"
    ]
    params: FullParams


@wire
class ModeParams(TypedDict):
    mode: Mode
    """The table's mode."""


@wire
class ModeMessage(_Error):
    """What the table's mode does not allow: top-ups (practice, R7.1; competition,
    R7.3), computer players (chips, R7.2; competition, R7.3)."""

    code: Literal["no_top_ups", "bots_practice_only"]
    params: ModeParams


@wire
class ChoiceParams(TypedDict):
    value: str
    """What was asked for."""
    allowed: list[str]


@wire
class UnknownChoiceMessage(_Error):
    code: Literal[
        "unknown_game",
        "unknown_mode",
        "unknown_language",
        "unknown_kind",
        "unknown_speed",
        "unknown_mix",
        "unknown_level",
        "unknown_colour",
        "unknown_onlookers",
    ]
    params: ChoiceParams


@wire
class UnknownStakesParams(TypedDict):
    game: Game
    stakes: list[str]
    """The stakes given that the game does not have."""
    allowed: list[str]
    """The game's stakes (R2.1, R6.4)."""


@wire
class UnknownStakesMessage(_Error):
    code: Literal["unknown_stakes"]
    params: UnknownStakesParams


@wire
class UnknownOptionsParams(TypedDict):
    game: Game
    options: list[str]
    """The options given that the game does not have."""
    allowed: list[str]
    """The game's options (table.config.option_names): ``open_pair_double`` for Seven
    Card Stud and Five-Card Stud (R2.7, R9.3), none for the others."""


@wire
class UnknownOptionsMessage(_Error):
    code: Literal["unknown_options"]
    params: UnknownOptionsParams


@wire
class SeatsRangeParams(TypedDict):
    game: Game
    minimum: int
    maximum: int
    seats: int
    """The seats asked for."""


@wire
class SeatsRangeMessage(_Error):
    """A table of the game has ``minimum`` to ``maximum`` seats (R7.4)."""

    code: Literal["seats_range"]
    params: SeatsRangeParams


@wire
class ClockRangeParams(TypedDict):
    minimum: Seconds
    maximum: Seconds


@wire
class ClockRangeMessage(_Error):
    """A table's clock is ``minimum`` to ``maximum`` seconds (R8.1)."""

    code: Literal["clock_range"]
    params: ClockRangeParams


@wire
class BuyInRangeParams(TypedDict):
    minimum: Chips
    maximum: Chips
    amount: int
    """The buy-in asked for."""


@wire
class BuyInRangeMessage(_Error):
    code: Literal["buy_in_range"]
    params: BuyInRangeParams


@wire
class BalanceParams(TypedDict):
    name: str
    balance: Chips
    """What the account has."""
    buy_in: Chips
    """What the buy-in or top-up takes."""


@wire
class BalanceMessage(_Error):
    """A buy-in or a top-up larger than the account's balance (R7.2)."""

    code: Literal["balance_too_low"]
    params: BalanceParams


@wire
class WithdrawalParams(TypedDict):
    name: str
    balance: Chips
    """What the account has on its balance."""
    amount: Chips
    """What the operator asked to withdraw."""


@wire
class WithdrawalMessage(_Error):
    """A withdrawal larger than the balance: chips at tables are never withdrawn."""

    code: Literal["withdrawal_too_large"]
    params: WithdrawalParams


@wire
class AlreadySeatedParams(TypedDict):
    name: str
    table: str


@wire
class AlreadySeatedMessage(_Error):
    code: Literal["already_seated"]
    params: AlreadySeatedParams


@wire
class AlreadyInSeatParams(TypedDict):
    name: str
    seat: SeatNumber
    """The seat the player holds, or waits for (a computer player's, R7.1)."""


@wire
class AlreadyInSeatMessage(_Error):
    code: Literal["already_in_seat"]
    params: AlreadyInSeatParams


@wire
class TopUpLimitParams(TypedDict):
    seat: SeatNumber
    most: Chips
    """The most this seat may top up now."""
    stack_cap: Chips
    """The largest stack of the table (its most buy-in, R7.2)."""


@wire
class TopUpLimitMessage(_Error):
    code: Literal["top_up_limit"]
    params: TopUpLimitParams


@wire
class CompetitionPlayersParams(TypedDict):
    minimum: int
    maximum: int
    players: Annotated[int, Field(ge=0)]
    """The players seated."""


@wire
class CompetitionPlayersMessage(_Error):
    """A competition starts with ``minimum`` to ``maximum`` players (R7.3)."""

    code: Literal["competition_players"]
    params: CompetitionPlayersParams


@wire
class OpenTablesParams(TypedDict):
    name: str
    open: Annotated[int, Field(ge=0)]
    """Tables the player opened that are open now."""
    most: Annotated[int, Field(ge=0)]


@wire
class OpenTablesMessage(_Error):
    """A player has ``most`` tables of their own open at once (docs/security.md)."""

    code: Literal["open_tables"]
    params: OpenTablesParams


@wire
class HandParams(TypedDict):
    table: str
    hand: int


@wire
class NoHandMessage(_Error):
    """A hand the table does not keep (or has not played)."""

    code: Literal["no_hand"]
    params: HandParams


@wire
class AccountParams(TypedDict):
    account: int


@wire
class NoAccountMessage(_Error):
    code: Literal["no_account"]
    params: AccountParams


@wire
class TournamentParams(TypedDict):
    tournament: int
    """The tournament's id."""


@wire
class TournamentRefusedMessage(_Error):
    """What a tournament refuses: no such tournament; it started (registration is
    closed, a player cannot leave it), it is full, over; the account is in it already,
    busted where there is no re-entry, or not registered (issue 17)."""

    code: Literal[
        "no_tournament",
        "tournament_started",
        "tournament_full",
        "tournament_finished",
        "tournament_registered",
        "tournament_busted",
        "tournament_not_registered",
    ]
    params: TournamentParams


@wire
class MutedParams(TypedDict):
    until: Annotated[str, WithJsonSchema({"type": "string", "format": "date-time"})]
    """Until when the account may not chat (UTC)."""


@wire
class MutedMessage(_Error):
    """The room's operator muted the account: no chat line until ``until``."""

    code: Literal["muted"]
    params: MutedParams


@wire
class AccountRefusedMessage(_Error):
    """The account named may not: it is banned (a login), or it is not an operator's
    (the operator's tools)."""

    code: Literal["banned", "operator_only"]
    params: NameParams


@wire
class OperatorRefusedMessage(_Error):
    """The operator's tools refused: a one-time password reset unknown, used or
    expired; free chips where the room gives none, or to a guest; the store refused
    (``detail`` says why)."""

    code: Literal["reset_invalid", "free_chips_off", "free_chips_guest", "refused"]


@wire
class AmountParams(TypedDict):
    amount: str
    """The amount as written."""


@wire
class AmountRangeMessage(_Error):
    """An amount in the room's unit that is not above 0 with two decimals at most."""

    code: Literal["amount_range"]
    params: AmountParams


@wire
class FreeChipsWaitParams(TypedDict):
    retry_after: Seconds
    """Seconds until the account may ask for free chips again."""


@wire
class FreeChipsWaitMessage(_Error):
    """Free chips once every few hours an account."""

    code: Literal["free_chips_wait"]
    params: FreeChipsWaitParams


@wire
class FreeChipsAddressParams(TypedDict):
    maximum: Annotated[int, Field(ge=1)]
    """Grants a day from one address."""


@wire
class FreeChipsAddressMessage(_Error):
    """Free chips a few times a day from one address (so new accounts cannot farm them)."""

    code: Literal["free_chips_address"]
    params: FreeChipsAddressParams


@wire
class FreeChipsBalanceParams(TypedDict):
    balance: Chips
    below: Chips
    """Free chips are for a balance below this: the smallest buy-in."""


@wire
class FreeChipsBalanceMessage(_Error):
    code: Literal["free_chips_balance"]
    params: FreeChipsBalanceParams


@wire
class TableSeatParams(TypedDict):
    table: str
    seat: SeatNumber


@wire
class OperatorSeatMessage(_Error):
    """The operator removes people, not computer players (they come and go with the
    people at a practice table)."""

    code: Literal["computer_player"]
    params: TableSeatParams


@wire
class TournamentTableParams(TypedDict):
    table: str
    tournament: int


@wire
class TournamentTableMessage(_Error):
    """A tournament's table closes with its tournament (cancel the tournament)."""

    code: Literal["tournament_table"]
    params: TournamentTableParams


ServerError = Annotated[
    TournamentRefusedMessage
    | MutedMessage
    | AccountRefusedMessage
    | OperatorRefusedMessage
    | AmountRangeMessage
    | FreeChipsWaitMessage
    | FreeChipsAddressMessage
    | FreeChipsBalanceMessage
    | OperatorSeatMessage
    | TournamentTableMessage
    | ErrorMessage
    | RetryLaterMessage
    | ChatLimitMessage
    | StaleDecisionMessage
    | NotYourTurnMessage
    | IllegalActionMessage
    | TableRefusedMessage
    | InviteOnlyMessage
    | NotYourChoiceMessage
    | WrongHandMessage
    | BadClientSeedMessage
    | ChoiceHandsMessage
    | SeatOfferedMessage
    | WaitingListFullMessage
    | SeatsLimitMessage
    | SeatRefusedMessage
    | NoSeatMessage
    | NameRefusedMessage
    | NoteRefusedMessage
    | CharacterMessage
    | TooLongMessage
    | TooShortMessage
    | FullMessage
    | ModeMessage
    | UnknownChoiceMessage
    | UnknownStakesMessage
    | UnknownOptionsMessage
    | SeatsRangeMessage
    | ClockRangeMessage
    | BuyInRangeMessage
    | BalanceMessage
    | WithdrawalMessage
    | AlreadySeatedMessage
    | AlreadyInSeatMessage
    | TopUpLimitMessage
    | CompetitionPlayersMessage
    | OpenTablesMessage
    | NoHandMessage
    | NoAccountMessage,
    Field(discriminator="code"),
]
"""An ``error``, told apart by its ``code``: every refusal of the room and the server.
A few are met only over REST (``wrong_password``, the names and passwords of a new
account, a table's options, ``not_found``…), with the same code and params."""

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
