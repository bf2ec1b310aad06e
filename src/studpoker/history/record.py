"""A hand as a poker site recorded it: what the text says, before any replay.

The readers of :mod:`studpoker.history.pokerstars` and
:mod:`studpoker.history.fulltilt` turn a site's text into :class:`HandRecord`;
:func:`studpoker.history.replay.replay` plays a record through the engine and
checks every fact it states.  Amounts are integers in the record's smallest unit
(cents for money, ``scale`` units per dollar; chips for tournaments), as the
engine counts them (R1.4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Literal, NamedTuple

from studpoker.cards import Card

__all__ = [
    "STREETS",
    "Collected",
    "HandRecord",
    "HistoryError",
    "RecordedAction",
    "SeatRecord",
    "to_units",
]

Game = Literal["seven_card_stud", "stud_hilo", "razz"]
ActionName = Literal["bring_in", "complete", "bet", "raise", "call", "check", "fold"]
STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
# Where each of a seven-card player's cards sits in the order they are dealt:
# two down, four up, one down (R2.3).
UP_SLOTS = (2, 3, 4, 5)


class HistoryError(ValueError):
    """A record that cannot be read: the message names the hand and the line."""


class OtherGame(HistoryError):
    """A hand of a game that is not one of ours, such as a mixed-game file's hold'em,
    Omaha or draw hands (8-Game, HORSE): skipped and counted as skipped, not an error.
    ``game`` is the game as the header names it."""

    def __init__(self, message: str, game: str) -> None:
        super().__init__(message)
        self.game = game


@dataclass(slots=True)
class SeatRecord:
    """A seat as the header lists it."""

    number: int
    name: str
    stack: int
    line: int


@dataclass(slots=True)
class RecordedAction:
    """One betting action as written: ``amount`` is what a call or bring-in
    cost, or the total a bet, raise or completion went to (R2: "raises 200 to
    400" is a raise to 400)."""

    street: int
    player: str
    kind: ActionName
    amount: int | None
    all_in: bool
    line: int
    text: str
    by: int | None = None  # PokerStars' "raises A to B": A, what the raise added to the level


@dataclass(slots=True)
class Collected:
    """Chips a player collected (after rake), and from which pot the record says."""

    player: str
    amount: int
    pot: Literal["pot", "main pot", "side pot"]
    line: int
    half: Literal["high", "low"] | None = None
    """The Stud/8 half the record names (Full Tilt: ``wins the low side pot``), if it
    names one."""


@dataclass(slots=True)
class HandRecord:
    """Everything a site's record of one hand states."""

    site: Literal["PokerStars", "Full Tilt"]
    number: str
    line: int  # the header's line in the file (1-based)
    game: Game
    currency: str | None  # "$" for money, None for tournament chips
    scale: int  # units per currency unit: 100 for money, 1 for chips
    small_bet: int
    big_bet: int
    ante: int | None = None
    bring_in: int | None = None
    tournament: str | None = None
    table: str = ""
    seats: list[SeatRecord] = field(default_factory=list)
    # The players dealt in, in seat order (seat 1 first).
    players: list[str] = field(default_factory=list)
    antes: dict[str, tuple[int, bool, int]] = field(default_factory=dict)  # amount, all in, line
    # Each player's cards in dealing order (two down, four up, one down); None unknown.
    cards: dict[str, list[Card | None]] = field(default_factory=dict)
    community: Card | None = None  # R7.4
    # Which players were dealt on each street, as the record shows them.
    dealt: list[list[str]] = field(default_factory=lambda: [[] for _ in STREETS])
    actions: list[RecordedAction] = field(default_factory=list)
    capped: list[tuple[int, int]] = field(default_factory=list)  # (index of action, line)
    open_pair: list[tuple[int, int]] = field(default_factory=list)  # (street, line): R2.7
    bring_in_claim: tuple[str, int] | None = None  # "X is low with [3c]" (Full Tilt)
    uncalled: list[tuple[str, int, int]] = field(default_factory=list)  # player, amount, line
    shows: dict[str, int] = field(default_factory=dict)  # player -> line
    mucks: dict[str, int] = field(default_factory=dict)
    collected: list[Collected] = field(default_factory=list)
    total_pot: int | None = None
    total_line: int = 0
    rake: int = 0
    pots: list[int] | None = None  # main pot then side pots, after rake, when listed
    summary_line: int = 0
    notes: list[str] = field(default_factory=list)  # what the replay had to assume
    owners: dict[Card, str] = field(default_factory=dict, repr=False)  # who holds each card

    def where(self, line: int | None = None) -> At:
        """How an error names this hand: its site, number and line (written out
        only when an error needs it: a reader asks for it on every line)."""
        return At(self, self.line if line is None else line)

    def seat_of(self, player: str) -> int:
        """The engine seat (0 first, in table order) of a player dealt in."""
        return self.players.index(player)


def amount_at(text: str, record: HandRecord, line: int) -> int:
    """:func:`to_units` for a line of ``record`` (the usual forms read directly)."""
    scale = record.scale
    raw = text.lstrip("$€£")
    if raw.isdigit():
        return int(raw) * scale
    whole, dot, cents = raw.partition(".")
    if scale == 100 and dot and whole.isdigit() and cents.isdigit() and len(cents) <= 2:
        return int(whole) * 100 + int(cents) * (10 if len(cents) == 1 else 1)
    return to_units(text, scale, where=record.where(line))


class At(NamedTuple):
    """A line of a hand, as errors name it: "PokerStars hand #1, line 12"."""

    record: HandRecord
    line: int

    def __str__(self) -> str:
        return f"{self.record.site} hand #{self.record.number}, line {self.line}"


def to_units(text: str, scale: int, *, where: object) -> int:
    """``"$0.04"``, ``"1,144"`` or ``"51125.64"`` as an integer number of units."""
    raw = text.strip().lstrip("$€£").replace(",", "")
    if raw.isdigit():
        return int(raw) * scale
    try:
        value = Decimal(raw) * scale
    except InvalidOperation:
        raise HistoryError(f"{where}: {text!r} is not an amount") from None
    if value != value.to_integral_value():
        raise HistoryError(f"{where}: {text!r} has more decimals than the record's unit")
    return int(value)


def learn(record: HandRecord, player: str, slot: int, card: Card, line: int) -> None:
    """What a line tells of one of a player's cards; two lines that disagree are
    an error."""
    cards = record.cards.setdefault(player, [None] * 7)
    if cards[slot] is not None and cards[slot] != card:
        raise HistoryError(
            f"{record.where(line)}: {player}'s card {slot + 1} is {card} here "
            f"but {cards[slot]} before"
        )
    if record.owners.setdefault(card, player) != player:
        raise HistoryError(f"{record.where(line)}: {card} is dealt twice")
    cards[slot] = card


def learn_dealt(record: HandRecord, player: str, street: int, text: str, line: int) -> None:
    """A "Dealt to" line's cards (``"[Ac Kc 8c] [9c]"``) on ``street`` (0 is third
    street): every card the player holds (the hero, or a hand shown early), or
    only the up cards.  A down card the site wrote unreadably (a PokerStars
    record has ``[of]``) is a card the record does not show: unknown, noted."""
    words = text.replace("[", " ").replace("]", " ").split()
    held = 3 + street
    if len(words) == held:
        slots = list(range(held))
    elif len(words) == 1 + street and street < 4:
        slots = list(range(2, 3 + street))
    else:
        raise HistoryError(
            f"{record.where(line)}: {player} holds {held} cards on {STREETS[street]} street, "
            f"but the line shows {len(words)}"
        )
    known = record.cards.get(player)
    for slot, word in zip(slots, words, strict=True):
        card = _CARDS.get(word)
        if card is not None and known is not None and known[slot] is card:
            continue  # a card an earlier line gave
        if card is None and (slot in UP_SLOTS or is_card(word)):
            (card,) = parse_card_list(word, where=record.where(line))
        if card is not None:
            learn(record, player, slot, card, line)
        else:
            record.notes.append(
                f"line {line}: {player}'s down card {word!r} is not a card; taken as unknown"
            )


def learn_shown(record: HandRecord, player: str, shown: list[Card], line: int) -> None:
    """A hand shown: two down cards, the up cards, the last down card.  Sites
    may list the down cards in another order than they dealt them."""
    if len(shown) > 7:
        raise HistoryError(f"{record.where(line)}: {player} shows {len(shown)} cards")
    downs, ups = shown[:2] + shown[6:], shown[2:6]
    down_slots = (0, 1, 6)[: len(downs)]
    held = record.cards.setdefault(player, [None] * 7)
    known = [held[slot] for slot in down_slots if held[slot] is not None]
    if any(card not in downs for card in known):
        raise HistoryError(
            f"{record.where(line)}: {player} shows {' '.join(map(str, shown))}, "
            f"not the down cards dealt ({' '.join(map(str, known))})"
        )
    rest = [card for card in downs if card not in known]
    for slot in down_slots:
        if held[slot] is None:
            learn(record, player, slot, rest.pop(0), line)
    for slot, card in enumerate(ups, start=2):
        learn(record, player, slot, card, line)


_CARD = re.compile(r"^(10|[2-9TJQKA])([cdhs])$", re.IGNORECASE)


def is_card(word: str) -> bool:
    return _CARD.match(word) is not None


def parse_card_list(text: str, *, where: object) -> list[Card]:
    """``"Ac Kc 8c"`` as cards; a broken card is an error naming it."""
    cards = []
    for word in text.split():
        card = _CARDS.get(word)
        if card is None:
            if not is_card(word):
                raise HistoryError(f"{where}: {word!r} is not a card")
            card = _CARDS[word] = Card.parse(word)
        cards.append(card)
    return cards


_CARDS: dict[str, Card] = {}
