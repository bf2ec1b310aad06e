"""What happens in a hand, as an append-only list of typed events (DESIGN.md idea 1).

Seats are numbered from 0 in dealing order (seat 0 is RULES.md's seat 1).  A card
is ``None`` where it is not known: a card a replayed record does not show, or, in
the events a seat may see (:meth:`Hand.events_for`), another seat's down card.
Amounts are chips; ``to`` is a player's whole wager on the street after the action.

Events are records: nothing changes one once it is in the list.  (They are not
frozen dataclasses only because a frozen one costs four times as much to make,
and a hand makes a hundred of them.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from studpoker.cards import Card
from studpoker.hands import HandValue

__all__ = [
    "AllIn",
    "Ante",
    "Bet",
    "BringIn",
    "Call",
    "CardDealt",
    "CarryIn",
    "Check",
    "CommunityCard",
    "Complete",
    "Event",
    "ExcessReturned",
    "Fold",
    "Muck",
    "PotAwarded",
    "Raise",
    "Rollover",
    "Show",
    "Showhand",
    "StreetStarted",
    "UncalledBetReturned",
]


@dataclass(slots=True)
class Event:
    """Base of every event."""


@dataclass(slots=True)
class Ante(Event):
    seat: int
    amount: int


@dataclass(slots=True)
class CarryIn(Event):
    """Chips rolled over from the table's previous hand (R6.8), won whole by this
    hand's winner."""

    amount: int


@dataclass(slots=True)
class StreetStarted(Event):
    street: str
    index: int


@dataclass(slots=True)
class CardDealt(Event):
    seat: int
    card: Card | None
    up: bool


@dataclass(slots=True)
class CommunityCard(Event):
    """R7.4: the deck cannot give every player a card; one card face up for all."""

    card: Card | None


@dataclass(slots=True)
class BringIn(Event):
    seat: int
    amount: int


@dataclass(slots=True)
class Complete(Event):
    seat: int
    to: int


@dataclass(slots=True)
class Bet(Event):
    seat: int
    to: int


@dataclass(slots=True)
class Raise(Event):
    seat: int
    to: int


@dataclass(slots=True)
class Call(Event):
    seat: int
    amount: int


@dataclass(slots=True)
class Check(Event):
    seat: int


@dataclass(slots=True)
class Fold(Event):
    seat: int


@dataclass(slots=True)
class Showhand(Event):
    """R6.6: the seat pushes ``amount`` more chips, to ``to`` on the street."""

    seat: int
    amount: int
    to: int


@dataclass(slots=True)
class AllIn(Event):
    """The seat's last action (or ante) put its last chip in."""

    seat: int


@dataclass(slots=True)
class UncalledBetReturned(Event):
    seat: int
    amount: int


@dataclass(slots=True)
class Show(Event):
    seat: int
    cards: tuple[Card | None, ...]


@dataclass(slots=True)
class Muck(Event):
    """The seat gives up its claim; ``cards`` only where the table shows mucked
    hands (``reveal_mucked``, R5.8) — otherwise they stay hidden."""

    seat: int
    cards: tuple[Card | None, ...] | None = None


@dataclass(slots=True)
class PotAwarded(Event):
    """``amount`` of pot ``pot`` (0 is the main pot) goes to ``seat``: the whole pot,
    or its ``"high"`` or ``"low"`` half (R5.5); ``value`` is the winning hand
    (None when everyone else folded, R5.1)."""

    pot: int
    half: Literal["whole", "high", "low"]
    seat: int
    amount: int
    value: HandValue | None


@dataclass(slots=True)
class ExcessReturned(Event):
    """R6.7: what the Show Hand winner may not take goes back to who put it in."""

    seat: int
    amount: int


@dataclass(slots=True)
class Rollover(Event):
    """R6.8: chips left on the table for the next hand's pot."""

    amount: int
