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
from typing import Any, Literal, NamedTuple, get_args

from studpoker.cards import Card
from studpoker.fairness import DealRecord
from studpoker.games import preset

__all__ = [
    "STREETS",
    "Collected",
    "HandRecord",
    "HistoryError",
    "RecordedAction",
    "SeatRecord",
    "played_at",
    "to_units",
]

Game = Literal["seven_card_stud", "stud_hilo", "razz", "five_card_stud", "show_hand"]
ActionName = Literal["bring_in", "complete", "bet", "raise", "call", "check", "fold"]
STREETS = ("third", "fourth", "fifth", "sixth", "seventh")  # the seven-card games'


# The words of the street markers ("*** 4th STREET ***"), by the game's streets.
_MARKERS = {"second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th", "sixth": "6th"}


@dataclass(frozen=True, slots=True)
class Layout:
    """How a game deals, as its preset says (R2.3, R9.1): the streets' names, and
    whether each of a player's cards is dealt down (``"d"``) or up (``"u"``), in
    dealing order: ``"dduuuud"`` in the seven-card games, ``"duuuu"`` in Five-Card
    Stud.  A record keeps each player's cards in this order."""

    streets: tuple[str, ...]
    slots: str
    held: tuple[int, ...]  # the cards a player holds after each street
    up_slots: tuple[int, ...] = field(init=False)
    down_slots: tuple[int, ...] = field(init=False)
    # What a "Dealt to" line may show on each street: every card held (the slots
    # 0 to held), or only the up cards so far, the latter if the street deals one up.
    shown: tuple[tuple[int, tuple[int, ...], bool], ...] = field(init=False, repr=False)
    # The street markers' words ("4th"), by the streets (the seventh "river").
    marker_words: tuple[str, ...] = field(init=False, repr=False)
    every: tuple[tuple[int, ...], ...] = field(init=False, repr=False)  # the first n slots
    street_of: tuple[int, ...] = field(init=False, repr=False)  # each slot's street
    # The down slots and the up slots among the first n.
    kinds: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        slots, held = self.slots, self.held
        ups = tuple(i for i, kind in enumerate(slots) if kind == "u")
        set_ = object.__setattr__  # a frozen dataclass's fields, set once
        set_(self, "up_slots", ups)
        set_(self, "down_slots", tuple(i for i, kind in enumerate(slots) if kind == "d"))
        set_(
            self,
            "shown",
            tuple(
                (
                    count,
                    tuple(slot for slot in ups if slot < count),
                    "u" in slots[held[street - 1] if street else 0 : count],
                )
                for street, count in enumerate(held)
            ),
        )
        set_(self, "marker_words", tuple(_MARKERS.get(name, "river") for name in self.streets))
        every = tuple(tuple(range(count)) for count in range(len(slots) + 1))
        set_(self, "street_of", tuple(sum(slot >= count for count in held) for slot in every[-1]))
        set_(self, "every", every)
        set_(
            self,
            "kinds",
            tuple(
                (
                    tuple(slot for slot in first if slots[slot] == "d"),
                    tuple(slot for slot in first if slots[slot] == "u"),
                )
                for first in every
            ),
        )


def _layout(game: Game) -> Layout:
    streets = preset(game).streets
    held = tuple(sum(len(s.cards) for s in streets[: k + 1]) for k in range(len(streets)))
    return Layout(tuple(s.name for s in streets), "".join(s.cards for s in streets), held)


LAYOUTS: dict[Game, Layout] = {game: _layout(game) for game in get_args(Game)}


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

    site: str  # the site's name, as its reader calls it ("PokerStars", "Winamax")
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
    # When the hand was played, as the header says it in ET when it gives ET (the sites'
    # own clock), else in the zone it names: "2009-11-26 10:08:43"; None if not said.
    played_at: str | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    # The players dealt in, in seat order (seat 1 first).
    players: list[str] = field(default_factory=list)
    antes: dict[str, tuple[int, bool, int]] = field(default_factory=dict)  # amount, all in, line
    # Each player's cards in dealing order (:class:`Layout`: in the seven-card games two
    # down, four up, one down; in Five-Card Stud one down, four up); None unknown.
    cards: dict[str, list[Card | None]] = field(default_factory=dict)
    community: Card | None = None  # R7.4
    # Which players were dealt on each street, as the record shows them.
    dealt: list[list[str]] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)  # the street markers read, in order
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
    # Where the site takes its rake: from the pots in proportion (PokerStars), or all
    # from the main pot, so that a side pot is collected whole (Full Tilt).
    rake_from: Literal["pots", "main pot"] = "pots"
    # False where the site states neither the rake nor the total pot (Everleaf): the
    # replay takes the rake as what the collected lines leave of its pot, within bounds.
    rake_stated: bool = True
    # False where the site never writes an uncalled bet returned (Everleaf, OnGame): the
    # replay returns it as the rules do and checks the pots without it, not its line.
    uncalled_written: bool = True
    # False where the site writes nobody's up cards (Everleaf shows only the hands shown
    # at the showdown): where an up card that says who brings in or speaks first is
    # unknown, the replay takes the record's first actor on the street (R3.1 to R3.3 not
    # checked there), and the record's first bet on fourth street says whether an open
    # pair allowed the double bet (R2.7).
    up_cards_written: bool = True
    # True where the site writes no uncalled bet but counts it in the pot its owner
    # collects (Winamax: a fold to a bet collects the bet with the pot, an all-in's
    # excess is a side pot of its own): the replay adds it to the total and the pots.
    uncalled_collected: bool = False
    # Whether the site writes a line whenever an open pair allows the double bet (R2.7):
    # then its absence is checked too.
    open_pairs_written: bool = False
    # What each player won or lost in the hand, after rake, where the record says it
    # (KingsClub's summary, WPN's "Loses: 0.15"): player -> (net, line).
    net: dict[str, tuple[int, int]] = field(default_factory=dict)
    # The player whose file it is, where the site names them (Bovada's "[ME]", OnGame's
    # "User: Hero", iPoker's nickname); else the study tools take the player whose down
    # cards a first "Dealt to" line shows.
    hero: str | None = None
    # The hand's deal from seeds, where the record states it (our room's, issue 38):
    # what ``stud verify`` checks.
    deal: DealRecord | None = None
    pots: list[int] | None = None  # main pot then side pots, after rake, when listed
    # The table's stakes and options the record states beyond the ante and the bets, as
    # GameSpec names them: Show Hand's minimum bet and limit (R6.4, R6.5) from the
    # header, the rules our PokerStars text writes on its table line.
    options: dict[str, Any] = field(default_factory=dict)
    # Show Hand's settlement (R6.7, R6.8): what went back to each player (player, amount,
    # line), the chips rolled over to the next hand and those carried in (amount, line).
    excess: list[tuple[str, int, int]] = field(default_factory=list)
    rollover: tuple[int, int] | None = None
    carry_in: tuple[int, int] | None = None
    summary_line: int = 0
    notes: list[str] = field(default_factory=list)  # what the replay had to assume
    owners: dict[Card, str] = field(default_factory=dict, repr=False)  # who holds each card

    def __post_init__(self) -> None:
        if not self.dealt:
            self.dealt = [[] for _ in self.layout.streets]

    @property
    def layout(self) -> Layout:
        """How the record's game deals."""
        return LAYOUTS[self.game]

    def where(self, line: int | None = None) -> At:
        """How an error names this hand: its site, number and line (written out
        only when an error needs it: a reader asks for it on every line)."""
        return At(self, self.line if line is None else line)

    def seat_of(self, player: str) -> int:
        """The engine seat (0 first, in table order) of a player dealt in."""
        return self.players.index(player)


def amount_at(text: str, record: HandRecord, line: int) -> int:
    """:func:`to_units` for a line of ``record``."""
    units = amounts(record.scale).get(text)
    if units is None:
        units = to_units(text, record.scale, where=record.where(line))
    return units


def amounts(scale: int) -> dict[str, int]:
    """The amounts read so far at ``scale``, by their text (a reader looks an amount up
    here before :func:`to_units` reads it): a file writes the same few again and again."""
    known = _AMOUNTS.get(scale)
    if known is None:
        known = _AMOUNTS[scale] = {}
    return known


_AMOUNTS: dict[int, dict[str, int]] = {}


class At(NamedTuple):
    """A line of a hand, as errors name it: "PokerStars hand #1, line 12"."""

    record: HandRecord
    line: int

    def __str__(self) -> str:
        return f"{self.record.site} hand #{self.record.number}, line {self.line}"


def to_units(text: str, scale: int, *, where: object) -> int:
    """``"$0.04"``, ``"1,144"`` or ``"51125.64"`` as an integer number of units."""
    known = amounts(scale)
    units = known.get(text)
    if units is None:
        units = _units(text, scale, where)
        if len(known) > 10_000:
            known.clear()
        known[text] = units
    return units


def _units(text: str, scale: int, where: object) -> int:
    # A sign before or after ("$0.04", "5€", "$ 0.01 USD"), thousands separated by commas.
    raw = text.strip().removesuffix(" USD").removesuffix(" EUR").removesuffix(" GBP")
    raw = raw.strip("$€£ ").replace(",", "")
    if raw.isdigit():
        return int(raw) * scale
    try:
        value = Decimal(raw) * scale
    except InvalidOperation:
        raise HistoryError(f"{where}: {text!r} is not an amount") from None
    if value != value.to_integral_value():
        raise HistoryError(f"{where}: {text!r} has more decimals than the record's unit")
    return int(value)


def street_of_marker(record: HandRecord, word: str, line: int) -> int:
    """The street (0 the first) that a site's marker starts: ``word`` is the marker's
    number as written (``"4th"``, ``"4TH"``) or ``"river"``.  In the seven-card games
    the marker names its street (``3rd`` to ``7th``, PokerStars' ``RIVER`` the
    seventh).  A Five-Card Stud record whose first marker is ``2nd`` names its streets
    ``2nd`` to ``5th`` (R9.1); one that numbers them otherwise (``3rd`` to ``6th``, as a
    seven-card game's) has its markers taken in the order they come, four at most."""
    word = word.lower()
    names = record.layout.marker_words
    if record.game != "five_card_stud":
        if word == "7th":
            word = "river"
        if word not in names:
            raise HistoryError(f"{record.where(line)}: {record.game} has no {word} street")
        return names.index(word)
    record.markers.append(word)
    if record.markers[0] == names[0]:
        if word not in names:
            streets = f"{names[0]} to {names[-1]}"
            raise HistoryError(
                f"{record.where(line)}: Five-Card Stud's streets are {streets} (R9.1), not {word}"
            )
        return names.index(word)
    if len(record.markers) > len(names):
        raise HistoryError(
            f"{record.where(line)}: a {len(record.markers)}th street marker; Five-Card Stud "
            f"has {len(names)} streets (R9.1)"
        )
    return len(record.markers) - 1


def learn(record: HandRecord, player: str, slot: int, card: Card, line: int) -> None:
    """What a line tells of one of a player's cards; two lines that disagree are
    an error."""
    cards = record.cards.get(player)
    if cards is None:
        cards = record.cards[player] = [None] * len(record.layout.slots)
    if cards[slot] is not None and cards[slot] != card:
        raise HistoryError(
            f"{record.where(line)}: {player}'s card {slot + 1} is {card} here "
            f"but {cards[slot]} before"
        )
    if record.owners.setdefault(card, player) != player:
        raise HistoryError(f"{record.where(line)}: {card} is dealt twice")
    cards[slot] = card


def learn_dealt(record: HandRecord, player: str, street: int, text: str, line: int) -> None:
    """A "Dealt to" line's cards (``"[Ac Kc 8c] [9c]"``) on ``street`` (0 is the first:
    third street, or Five-Card Stud's second): every card the player holds (the hero,
    or a hand shown early), or only the up cards.  A down card the site wrote
    unreadably (a PokerStars record has ``[of]``) is a card the record does not show:
    unknown, noted; one the site marks unseen (:data:`UNSEEN_CARDS`, Winamax's ``X``) is
    unknown, as the site says."""
    words = text.replace("[", " ").replace("]", " ").split()
    layout = LAYOUTS[record.game]
    held, ups, dealt_up = layout.shown[street]
    if len(words) == held:
        slots = layout.every[held]
    elif len(words) == len(ups) and dealt_up:
        slots = ups
    else:
        raise HistoryError(
            f"{record.where(line)}: {player} holds {held} cards on "
            f"{layout.streets[street]} street, but the line shows {len(words)}"
        )
    known = record.cards.get(player)
    at = 0
    for word in words:  # a reader's hottest loop: no zip, learn() inline
        slot = slots[at]
        at += 1
        card = _CARDS.get(word)
        if card is None:
            if layout.slots[slot] != "u" and word in UNSEEN_CARDS:
                continue  # the site's own mark of a card it does not show
            if layout.slots[slot] != "u" and not is_card(word):
                record.notes.append(
                    f"line {line}: {player}'s down card {word!r} is not a card; taken as unknown"
                )
                continue
            (card,) = parse_card_list(word, where=record.where(line))
        elif known is not None and known[slot] is card:
            continue  # a card an earlier line gave
        if known is None:
            known = record.cards[player] = [None] * len(layout.slots)
        before = known[slot]
        if before is not None and before != card:
            raise HistoryError(
                f"{record.where(line)}: {player}'s card {slot + 1} is {card} here "
                f"but {before} before"
            )
        if record.owners.setdefault(card, player) != player:
            raise HistoryError(f"{record.where(line)}: {card} is dealt twice")
        known[slot] = card


def learn_shown(record: HandRecord, player: str, shown: list[Card], line: int) -> None:
    """A hand shown, its cards in dealing order (:class:`Layout`): in the seven-card
    games two down cards, the up cards, the last down card; in Five-Card Stud the down
    card, then the up cards.  Sites may list the down cards in another order than they
    dealt them."""
    layout = LAYOUTS[record.game]
    if len(shown) > len(layout.slots):
        raise HistoryError(f"{record.where(line)}: {player} shows {len(shown)} cards")
    down_slots, up_slots = layout.kinds[len(shown)]
    downs = [shown[slot] for slot in down_slots]
    held = record.cards.get(player)
    if held is None:
        held = record.cards[player] = [None] * len(layout.slots)
    known = [held[slot] for slot in down_slots if held[slot] is not None]
    for card in known:
        if card not in downs:
            raise HistoryError(
                f"{record.where(line)}: {player} shows {' '.join(map(str, shown))}, "
                f"not the down cards dealt ({' '.join(map(str, known))})"
            )
    rest = [card for card in downs if card not in known]
    for slot in down_slots:
        if held[slot] is None:
            learn(record, player, slot, rest.pop(0), line)
    for slot in up_slots:
        card = shown[slot]
        if held[slot] is not card:  # else a card a "Dealt to" line gave
            learn(record, player, slot, card, line)


def learn_street_cards(
    record: HandRecord, player: str, street: int, cards: list[Card | None], line: int
) -> None:
    """A line of the cards dealt to a player on ``street`` (0 the first), None for a card
    the line hides (OnGame's ``[-, -, Kh]``): every card held so far, or the cards this
    street deals (OnGame's ``[3h]`` on fourth street), or the up cards so far."""
    layout = record.layout
    held, ups, dealt_up = layout.shown[street]
    new = layout.every[held][layout.held[street - 1] if street else 0 :]
    if len(cards) == held:
        slots = layout.every[held]
    elif len(cards) == len(new):
        slots = new
    elif len(cards) == len(ups) and dealt_up:
        slots = ups
    else:
        raise HistoryError(
            f"{record.where(line)}: {player} holds {held} cards on "
            f"{layout.streets[street]} street, but the line shows {len(cards)}"
        )
    for slot, card in zip(slots, cards, strict=True):
        if card is not None:
            learn(record, player, slot, card, line)


_CARD = re.compile(r"^(10|[2-9TJQKA])([cdhs])$", re.IGNORECASE)
# How sites write a down card they do not show (Winamax: ``Dealt to Ann [X X 9h]``).
UNSEEN_CARDS = frozenset(("X", "x"))


def is_card(word: str) -> bool:
    return _CARD.match(word) is not None


def parse_card_list(text: str, *, where: object) -> list[Card]:
    """``"Ac Kc 8c"`` as cards; a broken card is an error naming it."""
    words = text.split()
    read = [_CARDS.get(word) for word in words]
    if None not in read:
        return read  # type: ignore[return-value]  # every card read before
    cards = []
    for word in words:
        card = _CARDS.get(word)
        if card is None:
            if not is_card(word):
                raise HistoryError(f"{where}: {word!r} is not a card")
            card = _CARDS[word] = Card.parse(word)
        cards.append(card)
    return cards


_CARDS: dict[str, Card] = {}


# A header's moment: "2009/11/26 10:08:43 ET" (PokerStars: date first) or "12:18:37 ET -
# 2010/06/11" (Full Tilt: time first); a zone of letters after the time.
_DATE_TIME = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ?([A-Z]*)")
_TIME_DATE = re.compile(r"(\d{1,2}):(\d{2}):(\d{2}) ?([A-Z]*) - (\d{4})/(\d{1,2})/(\d{1,2})")


def played_at(header: str) -> str | None:
    """When a header says its hand was played, ``"YYYY-MM-DD HH:MM:SS"``: the moment it
    gives in ET if it gives two (PokerStars' ``2009/07/16 2:36:31 CET [2009/07/15
    20:36:31 ET]``), else the one it gives; None if it gives none."""
    moments: list[tuple[str, tuple[str, ...]]] = []
    for match in _DATE_TIME.finditer(header):
        year, month, day, hour, minute, second, zone = match.groups()
        moments.append((zone, (year, month, day, hour, minute, second)))
    if not moments:
        for match in _TIME_DATE.finditer(header):
            hour, minute, second, zone, year, month, day = match.groups()
            moments.append((zone, (year, month, day, hour, minute, second)))
    if not moments:
        return None
    _, (year, month, day, hour, minute, second) = next(
        (m for m in moments if m[0] == "ET"), moments[0]
    )
    return f"{year}-{int(month):02}-{int(day):02} {int(hour):02}:{minute}:{second}"
