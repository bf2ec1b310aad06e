"""A table's state and a hand's events as the server sends them (docs/protocol.md, "The
state"): the shapes of ``table.snapshot(seat)`` and ``event_dict(event, seats)``, typed.

They are typed dicts (``TypedDict``): the hub builds thousands of these a second as plain
dicts, and a ``TypedDict`` types that dict where it is built (mypy) at no cost at run
time, while pydantic validates it (tests/server/test_schema.py checks every message of
real traffic) and writes its JSON Schema (:mod:`studpoker.server.schema`).  Every one
forbids a field it does not name, so that a field the table adds without a word here
fails that test.  Seats are the table's, numbered from 0; chips are whole numbers.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field, WithJsonSchema
from typing_extensions import TypedDict

from studpoker.engine import ActionKind
from studpoker.games.spec import MAX_SEATS, Game
from studpoker.server.protocol import Lang
from studpoker.server.wire import wire
from studpoker.table.config import Mode
from studpoker.table.updates import UpdateKind

__all__ = [
    "CardProof",
    "CardText",
    "Change",
    "Chips",
    "ClientSeedState",
    "CompetitionState",
    "FairnessState",
    "FixedLimitStakes",
    "GameOptions",
    "HandEvent",
    "HandState",
    "HandValueText",
    "LegalOption",
    "Nets",
    "NextHandState",
    "PlayerState",
    "PotState",
    "SeatNumber",
    "SeatState",
    "Seconds",
    "ShowHandStakes",
    "Stakes",
    "TableState",
    "TurnState",
]


SeatNumber = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
"""A table seat, numbered from 0."""
Chips = Annotated[int, Field(ge=0)]
Seconds = Annotated[
    Annotated[int, Field(ge=0)] | Annotated[float, Field(ge=0)],
    WithJsonSchema({"type": "number", "minimum": 0}),
]
"""Seconds, whole or not: a REST answer writes the number as the table holds it (``5``
stays ``5``, as on the WebSocket, rather than becoming ``5.0``)."""
CardText = Annotated[str, Field(pattern="^[2-9TJQKA][cdhs]$")]
"""A card as text: rank (``T`` for ten) and suit, ``"As"``, ``"Td"``."""
Cards = list[CardText | None]
"""Cards in order; ``null`` for one the viewer may not see."""
Nets = dict[Annotated[str, Field(pattern="^[0-9]+$")], int]
"""Each seat's gain or loss in a hand, by seat number (as text: the keys of JSON)."""
Change = Literal["state", UpdateKind]
"""What a ``table`` message tells: ``state`` (the answer to ``watch``) or the table's
update (``hand_started``, ``event``, ``turn``, ``seat``, ``hand_ended``, …)."""


@wire
class FixedLimitStakes(TypedDict):
    """The stakes of a fixed-limit table (R2.1)."""

    ante: Chips
    bring_in: Chips
    small_bet: Chips
    big_bet: Chips


@wire
class ShowHandStakes(TypedDict):
    """The stakes of a Show Hand table (R6.4)."""

    ante: Chips
    min_bet: Chips


Stakes = FixedLimitStakes | ShowHandStakes


@wire
class GameOptions(TypedDict):
    """The options of RULES.md a player opening a table sets, each on or off; a game
    has only its own (table.config.option_names), and a game without any none."""

    open_pair_double: NotRequired[bool]
    """An open pair may bet the big bet: on fourth street in Seven Card Stud (R2.7, on
    by default), on third street in Five-Card Stud (R9.3, off by default)."""


@wire
class LegalOption(TypedDict):
    """A kind of action open to the seat to act."""

    kind: ActionKind
    minimum: Chips
    """What it puts in: for bet, raise and complete the total to."""
    maximum: Chips
    choices: list[Chips] | None
    """The only amounts allowed when they are not a range (fixed limit, R2.7)."""
    text: str
    """The option as an ``act`` may send it when it names one amount."""


@wire
class HandValueText(TypedDict):
    """A hand's value: its name and its five cards."""

    name: str
    cards: list[CardText]


@wire
class SeatState(TypedDict):
    """A taken seat."""

    seat: SeatNumber
    name: str
    account_id: int | None
    """None for a computer player."""
    is_bot: bool
    chips: Chips
    in_hand: bool
    sitting_out: bool
    away: bool
    """Its clock ran out: the table acts for it at once (R8.3)."""
    connected: bool
    """False while every connection of its player is closed (R8.3)."""
    leaving: bool
    time_bank: Seconds
    auto_muck: bool
    """A hand it may muck at the showdown (R5.3) is mucked at once ("Auto-muck losing
    hands": on from sitting down; its player's ``auto_muck`` message sets it)."""
    top_up: Chips
    waiting: str | None
    """The person waiting to take this computer player's seat (R7.1)."""


@wire
class PlayerState(TypedDict):
    """A seat dealt in, as the viewer sees it."""

    seat: SeatNumber
    stack: Chips
    bet: Chips
    contributed: Chips
    folded: bool
    all_in: bool
    down_cards: Cards
    up_cards: list[CardText]
    shown: bool
    best: dict[Lang, str] | None
    """The best hand its cards make so far, named in each language (R4.5): for the
    viewer's own seat and every seat whose cards are all shown, else null."""


@wire
class PotState(TypedDict):
    amount: Chips
    eligible: list[SeatNumber]


@wire
class HandState(TypedDict):
    """The hand being played, as the viewer sees it."""

    game: Game
    street: Annotated[int, Field(ge=0)]
    street_name: str
    actor: SeatNumber | None
    legal_actions: list[LegalOption]
    """The viewer's, when it is to act; else empty."""
    players: list[PlayerState]
    """The seats dealt in, in the engine's order."""
    community: Cards
    pots: list[PotState]
    pot_total: Chips
    carry_in: Chips
    is_over: bool
    events: NotRequired[list[HandEvent]]
    """Every event so far: in ``GET /api/tables/{table_id}`` only (a ``table`` message
    carries them beside the state)."""


@wire
class TurnState(TypedDict):
    """The decision the table waits for."""

    seq: Annotated[int, Field(ge=0)]
    """The decision's number, which the ``act`` answering it repeats."""
    seat: SeatNumber
    remaining: Seconds
    """Seconds before the table acts for the seat: the clock and the time bank (R8.1)."""
    clock: Seconds
    """Seconds left of the clock itself."""
    legal_actions: list[LegalOption]
    """The seat's, in its own message only; empty in everyone else's."""


@wire
class CompetitionState(TypedDict):
    """The competition being played (R7.3)."""

    remaining: Seconds
    entrants: Annotated[int, Field(ge=0)]
    chips: Chips


MoneyUnit = Annotated[
    Literal[1, 100],
    Field(
        description="How money is written (R1.4): this many chips make one unit — 100 for "
        "the fixed-limit games, the seven-card games and Five-Card Stud (cents: 1240 is "
        "written 12.40), 1 for Show Hand (chips)."
    ),
]


Mix = Literal["triple_stud", "dealers_choice"]
Level = Literal["easy", "normal", "hard", "expert"]  # bots.LEVELS: the computer players'


@wire
class MixState(TypedDict):
    """A mixed game's table (issue 17; Triple Stud: Seven Card Stud, Razz and Stud/8 in
    turn): the game of the hand being played (between hands, of the next), the game
    after it, and how many hands of this one are left after the current."""

    name: Mix
    games: list[Game]
    game: Game
    next_game: Game
    hands_left: Annotated[int, Field(ge=0)]
    chooser: NotRequired[SeatNumber | None]
    """Dealer's choice: the seat that chooses the game of the hands to come (the lowest
    seat first, then round the table; null before it is known)."""
    chosen: NotRequired[bool]
    """Dealer's choice: whether that seat has chosen (else ``choice`` is the next game
    of the list, as when its player lets the hands go by)."""
    choice: NotRequired[Game]
    """Dealer's choice: the game of the hands to come, chosen or not."""


Hash = Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
"""A SHA-256 hash as 64 lowercase hex digits."""
HandId = Annotated[str, Field(min_length=1)]
"""A hand's id as the deal reads it: ``TABLE/NUMBER`` (docs/fairness.md)."""
DeckSize = Literal[52, 32, 28]


@wire
class ClientSeedState(TypedDict):
    """A seat's client seed for the hand (docs/fairness.md)."""

    seat: SeatNumber
    seed: Annotated[str, Field(pattern="^([0-9a-f]{2}){1,64}$")]
    """Hex of 1 to 64 bytes."""
    chosen_by_room: bool
    """Its player sent none: the room chose it."""


@wire
class FairnessState(TypedDict):
    """What the hand being played is dealt from (docs/fairness.md): told with its first
    message, before any card."""

    hand_id: HandId
    commitment: Hash
    """SHA-256 of the server seed and the hand id, told before the client seeds were
    taken (the ``next_hand`` before it)."""
    root: Hash
    """The root of the Merkle tree over the deck's order: every card's proof checks
    against it."""
    size: DeckSize
    client_seeds: list[ClientSeedState]
    """One a seat dealt in, in seat order: the order the deal reads them in."""
    test_seed: bool
    """Dealt from a test seed (a room run with ``--seed``): reproducible, not secret."""


@wire
class NextHandState(TypedDict):
    """The next hand, announced before it is dealt: a seated player may send a client
    seed for it (``client_seed``) until the deal."""

    hand_id: HandId
    commitment: Hash
    test_seed: bool


@wire
class CardProof(TypedDict):
    """A card the viewer sees, proven: its place in the deck, its salt and its audit
    path to the hand's ``fairness.root`` (RFC 6962; docs/fairness.md)."""

    position: Annotated[int, Field(ge=0, lt=52)]
    """0 is the first card dealt."""
    card: CardText
    salt: Annotated[str, Field(pattern="^[0-9a-f]{32}$")]
    path: list[Hash]
    """The siblings from the leaf up."""
    size: DeckSize


@wire
class TableState(TypedDict):
    """Everything the viewer's seat may see of a table now (``table.snapshot(seat)``)."""

    table_id: str
    name: str
    game: Game
    mode: Mode
    stakes: Stakes
    money_unit: MoneyUnit
    viewer: SeatNumber | None
    """The viewer's seat; None for an onlooker."""
    hand_number: int | None
    """The hand being played; None between hands."""
    last_hand_number: int | None
    rollover: Chips
    halted: str | None
    """Why the table deals no more hands (its books disagree with the database)."""
    paused: bool
    """Paused by the room's operator: no hand is dealt until resumed."""
    seats: list[SeatState | None]
    """One entry a seat, None when it is empty."""
    hand: HandState | None
    turn: TurnState | None
    competition: CompetitionState | None
    mix: MixState | None
    fairness: FairnessState | None
    """What the hand being played is dealt from; None between hands."""
    next_hand: NextHandState | None
    """The hand whose client seeds are taken now; None while a hand is played."""


# -- the hand's events: the engine's (docs/engine.md), the class name as ``type`` ----------


@wire
class AnteEvent(TypedDict):
    type: Literal["Ante"]
    seat: SeatNumber
    amount: Chips


@wire
class CarryInEvent(TypedDict):
    """Chips rolled over from the previous hand (R6.8)."""

    type: Literal["CarryIn"]
    amount: Chips


@wire
class StreetStartedEvent(TypedDict):
    type: Literal["StreetStarted"]
    street: str
    index: Annotated[int, Field(ge=0)]


@wire
class CardDealtEvent(TypedDict):
    type: Literal["CardDealt"]
    seat: SeatNumber
    card: CardText | None
    up: bool


@wire
class CommunityCardEvent(TypedDict):
    """R7.4: the deck cannot give every player a card; one card face up for all."""

    type: Literal["CommunityCard"]
    card: CardText | None


@wire
class BringInEvent(TypedDict):
    type: Literal["BringIn"]
    seat: SeatNumber
    amount: Chips


@wire
class CompleteEvent(TypedDict):
    type: Literal["Complete"]
    seat: SeatNumber
    to: Chips
    """The player's whole wager on the street."""


@wire
class BetEvent(TypedDict):
    type: Literal["Bet"]
    seat: SeatNumber
    to: Chips


@wire
class RaiseEvent(TypedDict):
    type: Literal["Raise"]
    seat: SeatNumber
    to: Chips


@wire
class CallEvent(TypedDict):
    type: Literal["Call"]
    seat: SeatNumber
    amount: Chips


@wire
class CheckEvent(TypedDict):
    type: Literal["Check"]
    seat: SeatNumber


@wire
class FoldEvent(TypedDict):
    type: Literal["Fold"]
    seat: SeatNumber


@wire
class ShowhandEvent(TypedDict):
    """R6.6: the seat pushes ``amount`` more chips, to ``to`` on the street."""

    type: Literal["Showhand"]
    seat: SeatNumber
    amount: Chips
    to: Chips


@wire
class AllInEvent(TypedDict):
    type: Literal["AllIn"]
    seat: SeatNumber


@wire
class UncalledBetReturnedEvent(TypedDict):
    type: Literal["UncalledBetReturned"]
    seat: SeatNumber
    amount: Chips


@wire
class ShowEvent(TypedDict):
    type: Literal["Show"]
    seat: SeatNumber
    cards: Cards


@wire
class MuckEvent(TypedDict):
    """``cards`` only where the table shows mucked hands (R5.8)."""

    type: Literal["Muck"]
    seat: SeatNumber
    cards: Cards | None


@wire
class PotAwardedEvent(TypedDict):
    type: Literal["PotAwarded"]
    pot: Annotated[int, Field(ge=0)]
    """0 is the main pot."""
    half: Literal["whole", "high", "low"]
    seat: SeatNumber
    amount: Chips
    value: HandValueText | None
    """The winning hand; None when everyone else folded (R5.1)."""


@wire
class ExcessReturnedEvent(TypedDict):
    """R6.7: what the Show Hand winner may not take goes back to who put it in."""

    type: Literal["ExcessReturned"]
    seat: SeatNumber
    amount: Chips


@wire
class RolloverEvent(TypedDict):
    """R6.8: chips left on the table for the next hand's pot."""

    type: Literal["Rollover"]
    amount: Chips


HandEvent = Annotated[
    AnteEvent
    | CarryInEvent
    | StreetStartedEvent
    | CardDealtEvent
    | CommunityCardEvent
    | BringInEvent
    | CompleteEvent
    | BetEvent
    | RaiseEvent
    | CallEvent
    | CheckEvent
    | FoldEvent
    | ShowhandEvent
    | AllInEvent
    | UncalledBetReturnedEvent
    | ShowEvent
    | MuckEvent
    | PotAwardedEvent
    | ExcessReturnedEvent
    | RolloverEvent,
    Field(discriminator="type"),
]
"""An event of the hand (``studpoker.engine``): its class name as ``type``, and its
fields."""
