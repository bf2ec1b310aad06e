"""Any hand of the engine as PokerStars hand-history text: the format trackers read
(PokerTracker, Hold'em Manager, fpdb) and the one players download their hands in.

The text is written line for line as the PokerStars stud records in
``handhistories/pokerstars/`` are: the header and the table, the seats and their
stacks, ``posts the ante``, ``*** 3rd STREET ***`` to ``*** 6th STREET ***`` and
``*** RIVER ***``, ``Dealt to`` lines (earlier cards in the first bracket, the new
card in the second), ``brings in for``, a completion as ``raises A to B`` (``bets``
when the bring-in player completes), ``raises A to B`` with B the player's whole wager
on the street, ``and is all-in``, ``Uncalled bet (N) returned to X``, ``*** SHOW
DOWN ***``, ``collected N from pot`` (``main pot``, ``side pot``, ``side pot-1`` …,
the last side pot first; in Stud/8 one unlabelled line for each half, the high half
first), the summary, and PokerStars' informational lines ``Pair on board - a double
bet is allowed`` (R2.7), ``Betting is capped`` (R2.5) and ``No low hand qualified``
(R5.5).  The events do not say when the betting is capped, so ``_Street`` counts the
full bets and raises as the engine's betting round does (R2.11).  Shows and mucks come
in the engine's showdown order (R5.2, R5.3), then every ``collected`` line; the
``doesn't show hand`` a PokerStars winner may add has no counterpart.  Lines keep
PokerStars' trailing spaces (``checks``, ``folds``, ``mucks hand``, the seat and
``Total pot`` lines).  The community card of a short deck (R7.4) is written as
PokerStars wrote it: ``*** RIVER *** [6h]``, no ``Dealt to`` line on that street, and
``Board [6h]`` in the summary; shown hands list the players' own cards only.

Choices where the PokerStars records have no word:

* **Who sees what.** ``viewer=None`` writes the full record: every player's
  ``Dealt to`` lines show all their cards, as the hero's do.  ``viewer=seat``
  writes what that seat saw, read from ``hand.events_for(seat)`` (DESIGN.md idea 2):
  its own cards in full, other players' up cards only, their down cards only where
  they showed them at the showdown, and a mucked hand as ``mucked`` without cards
  (unless the table shows mucked hands, R5.8).
* **Money.** The engine counts integers in the table's smallest unit (R1.4).  With
  ``currency="$"`` they are cents and print as PokerStars prints dollars (``$0.04``,
  ``$1``, ``$3318``; ``USD`` in the header); ``currency=None`` prints chips (``1144``).
* **Tournaments.** ``tournament=N`` writes the tournament header: ``Tournament #N,
  Freeroll  7 Card Stud Limit - Level I (200/400)``, or with ``buy_in=(100, 10)``
  ``Tournament #N, $1.00+$0.10 USD 7 Card Stud Limit - Level III (20/40)`` (the buy-in
  and fee are cents of the room's balance, the money its chips tables' hands write in
  dollars: written as PokerStars writes a tournament bought with money, the Triple Stud
  file's ``$2.00+$0.20 USD``), ``level`` its number in
  Roman numerals (a competition, R7.3, is a freeroll of one level, ``I``); a mixed
  game (``mix="Triple Stud"``) names itself, then the game in brackets: ``Triple Stud
  (7 Card Stud Limit) - Level XXXI (250/500)``, and at a ring table with the stakes in
  the brackets, ``Triple Stud (Razz Limit, $2/$4 USD)``, as PokerStars does.  Tournament
  amounts are chips.
* **Time.** ``started`` is written in Eastern Time, as PokerStars writes ``ET``: an
  aware datetime is converted to ``America/New_York``, a naive one is taken to be ET
  already; the default is the current time.
* **Five-Card Stud (R9)** is written as the seven-card games are, adapted:
  ``5 Card Stud Limit ($2/$4 USD)`` (``(200/400)`` as play money, ``Tournament #N,
  Freeroll  5 Card Stud Limit - Level I (200/400)``), the streets ``*** 2nd STREET
  ***`` to ``*** 5th STREET ***`` (no river: every card after the first is dealt up),
  second street's down card and up card each in its brackets (``Dealt to Hero [9s]
  [Kd]``), then ``Dealt to Hero [9s Kd] [4c]``; ``folded on the 2nd Street`` in the
  summary; ``Pair on board - a double bet is allowed`` on third street when the table
  has ``open_pair_double`` (R9.3).
* **Show Hand (R6)**, which PokerStars never dealt, is written in the same format as
  ``5 Card Stud No Limit`` (``Pot Limit``, or ``Spread Limit`` for a table with a
  maximum bet), the header's pair being the ante and the minimum bet, with the
  streets ``*** 2nd STREET ***`` to ``*** 5th STREET ***``.  A showhand (R6.6) is a
  bet or raise ``and is all-in`` (under ``showhand_amount="smallest_stack"`` a
  showhand that leaves chips behind reads as a bet or raise to the showhand amount).
  What the winner may not take (R6.7) is written ``Excess (N) returned to X`` after
  the ``collected`` line; chips left for the next hand (R6.8) ``Rollover (N) to the
  next hand``, and chips carried in ``Rollover (N) from the previous hand`` before
  the antes.  ``Total pot`` counts every chip put in, so it is what was collected plus
  what was returned or rolled over.  The table's rules the text cannot otherwise say
  (:func:`show_hand_rules`: those that differ from the preset at its stakes and limit)
  follow the table's size on the table line, as PokerStars writes ``(Play Money)``
  there, and as trackers skip it: ``Table 'Lucky' 6-max (rules: max_bet=200,
  showhand_from_round=3, deck=32)``.  The deck's size is one of them, written
  rather than guessed from the cards: a hand folded early shows too few cards to tell
  a 32-card deck from the 52 (R6.10).  Burnt cards (R2.12) are not written: in Show
  Hand every player is dealt five cards whatever the deck, so they change nothing the
  text shows.

>>> from datetime import datetime
>>> from studpoker.cards import deck_cards, parse_cards
>>> from studpoker.engine import Hand
>>> from studpoker.games import seven_card_stud
>>> first = parse_cards("As Kd 7c  Ah Kh 3d  9s 4c 2d")
>>> deck = first + [card for card in deck_cards(52) if card not in first]
>>> hand = Hand(seven_card_stud(ante=1, bring_in=2, small_bet=4, big_bet=8), [100] * 3, deck=deck)
>>> hand.act("bring_in"); hand.act("complete 4"); hand.act("fold"); hand.act("fold")
>>> text = to_pokerstars(hand, viewer=0, currency="$", started=datetime(2024, 5, 1, 20, 0))
>>> print(text.replace(" \\n", "~\\n"), end="")
PokerStars Hand #1:  7 Card Stud Limit ($0.04/$0.08 USD) - 2024/05/01 20:00:00 ET
Table 'studpoker' 8-max
Seat 1: Player1 ($1 in chips)~
Seat 2: Player2 ($1 in chips)~
Seat 3: Player3 ($1 in chips)~
Player1: posts the ante $0.01
Player2: posts the ante $0.01
Player3: posts the ante $0.01
*** 3rd STREET ***
Dealt to Player1 [As Ah 9s]
Dealt to Player2 [4c]
Dealt to Player3 [2d]
Player3: brings in for $0.02
Player1: raises $0.02 to $0.04
Player2: folds~
Player3: folds~
Uncalled bet ($0.02) returned to Player1
Player1 collected $0.07 from pot
*** SUMMARY ***
Total pot $0.07 | Rake $0~
Seat 1: Player1 collected ($0.07)
Seat 2: Player2 folded on the 3rd Street (didn't bet)
Seat 3: Player3 folded on the 3rd Street
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from datetime import UTC, datetime
from fractions import Fraction
from itertools import pairwise
from typing import Final
from zoneinfo import ZoneInfo

from studpoker.cards import Card
from studpoker.engine import (
    AllIn,
    Ante,
    Bet,
    BringIn,
    Call,
    CardDealt,
    CarryIn,
    Check,
    CommunityCard,
    Complete,
    Event,
    ExcessReturned,
    Fold,
    Hand,
    Muck,
    PotAwarded,
    Raise,
    Rollover,
    Show,
    Showhand,
    StreetStarted,
    UncalledBetReturned,
)
from studpoker.fairness import DealRecord
from studpoker.games import GameSpec, show_hand
from studpoker.hands import Category, HandValue
from studpoker.history.levels import roman

__all__ = ["RULE_NAMES", "hand_name", "rules_text", "show_hand_rules", "to_pokerstars"]

_GAME_NAMES: Final = {
    "seven_card_stud": "7 Card Stud",
    "stud_hilo": "7 Card Stud Hi/Lo",
    "razz": "Razz",
    "show_hand": "5 Card Stud",
    "five_card_stud": "5 Card Stud",
}
_SHOW_HAND_LIMITS: Final = {"none": "No Limit", "pot": "Pot Limit", "fixed_max": "Spread Limit"}
_CURRENCY_CODES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}
_STREET_WORDS: Final = {
    "second": "2nd",
    "third": "3rd",
    "fourth": "4th",
    "fifth": "5th",
    "sixth": "6th",
}

# {top} is the first rank compared, {bottom} the last (a straight's ends); {tops} and
# {nexts} the ranks the name mentions, in the plural (kings and nines, kings full of fours).
_HIGH_NAMES: Final = {
    Category.HIGH_CARD: "high card {top}",
    Category.PAIR: "a pair of {tops}",
    Category.TWO_PAIR: "two pair, {tops} and {nexts}",
    Category.THREE_OF_A_KIND: "three of a kind, {tops}",
    Category.STRAIGHT: "a straight, {bottom} to {top}",
    Category.FLUSH: "a flush, {top} high",
    Category.FULL_HOUSE: "a full house, {tops} full of {nexts}",
    Category.FOUR_OF_A_KIND: "four of a kind, {tops}",
    Category.STRAIGHT_FLUSH: "a straight flush, {bottom} to {top}",
}
_SINGULAR: Final = {
    1: "Ace", 2: "Deuce", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
    8: "Eight", 9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace",
}  # fmt: skip
_PLURAL: Final = {rank: word + ("es" if word == "Six" else "s") for rank, word in _SINGULAR.items()}
_LOW_CHARS: Final = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}

_ACTIONS: Final = (BringIn, Complete, Bet, Raise, Call, Check, Fold, Showhand)


def hand_name(value: HandValue) -> str:
    """The name PokerStars gives a high hand: ``'a pair of Nines'``, ``'two pair,
    Kings and Nines'``, ``'a straight, Five to Nine'``, ``'a Royal Flush'`` …; and a
    low hand's ranks from the top, pairs first: ``'8,6,4,3,2'``, ``'T,5,3,2,A'``.

    >>> from studpoker.hands import high, low_a5
    >>> hand_name(high("Kh Kd 9s 9c 4d 2s 3c")), hand_name(low_a5("Th 5d 3c 2s Ad Kd Kc"))
    ('two pair, Kings and Nines', 'T,5,3,2,A')
    """
    ranks = value.ranks
    if value.is_low:
        return ",".join(_LOW_CHARS.get(rank, str(rank)) for rank in ranks)
    if value.category not in _HIGH_NAMES:
        raise ValueError(f"{value!r} is a showing board, not a showdown hand")
    if value.category == Category.STRAIGHT_FLUSH and ranks[0] == 14:
        return "a Royal Flush"
    named = value.named_ranks()
    return _HIGH_NAMES[value.category].format(
        top=_SINGULAR[ranks[0]],
        bottom=_SINGULAR[ranks[-1]],
        tops=_PLURAL[named[0]],
        nexts=_PLURAL[named[-1]],
    )


def to_pokerstars(
    hand: Hand,
    *,
    viewer: int | None = None,
    names: Sequence[str] | None = None,
    seats: Sequence[int] | None = None,
    hand_id: int = 1,
    table: str = "studpoker",
    started: datetime | None = None,
    currency: str | None = None,
    tournament: int | None = None,
    max_seats: int | None = None,
    level: int = 1,
    buy_in: tuple[int, int] | None = None,
    mix: str | None = None,
    deal: DealRecord | None = None,
) -> str:
    """The finished ``hand`` as PokerStars hand-history text, ending in a newline.

    ``viewer`` is the seat (0-based, as the engine counts) whose record it is, or
    None for the full record with every card.  ``names`` are the players' names
    (default ``Player1`` …, by table seat), ``seats`` their table seat numbers in
    dealing order (default 1 to n), ``max_seats`` the table's size (default the
    game's).  Amounts print in ``currency`` (``"$"``: the engine's amounts are
    cents) or as chips; ``tournament`` writes a tournament hand, in chips, at
    ``level`` with ``buy_in`` (the buy-in and fee, in cents; None a freeroll); ``mix`` names a
    mixed game the hand is part of (``Triple Stud``).  ``deal``, the hand's deal from
    seeds (issue 38, docs/fairness.md), is written after the summary: ``Deal:`` its hand
    id, deck, commitment and root, a ``Client seed:`` line for each seat, and ``Server
    seed:``, the seed once revealed.
    """
    if not hand.is_over:
        raise ValueError("a hand history is written for a finished hand; this one is still on")
    count = hand.player_count
    if viewer is not None and not 0 <= viewer < count:
        raise ValueError(f"the viewer is a seat from 0 to {count - 1} or None, not {viewer!r}")
    if currency is not None and tournament is not None:
        raise ValueError("a tournament hand is in chips: give a currency or a tournament, not both")
    if "'" in table or "\n" in table or "\r" in table:
        raise ValueError(f"{table!r} is not a table name: no quotes or line breaks")
    size = hand.spec.max_seats if max_seats is None else max_seats
    numbers, players = _seating(count, seats, names, size)
    events = list(hand.events) if viewer is None else hand.events_for(viewer)
    writer = _Writer(hand, events, viewer, players, currency)
    lines = [
        _header(hand, writer, hand_id, started, currency, tournament, level, buy_in, mix),
        f"Table '{table}' {size}-max" + rules_text(show_hand_rules(hand.spec), writer.money),
    ]
    lines += [
        f"Seat {number}: {name} ({writer.money(stack)} in chips) "
        for number, name, stack in zip(numbers, players, hand.starting_stacks, strict=True)
    ]
    lines += writer.body()
    lines += writer.summary(numbers)
    if deal is not None:
        lines += deal_lines(deal, numbers)
    return "\n".join(lines) + "\n"


def deal_lines(deal: DealRecord, numbers: Sequence[int]) -> list[str]:
    """The lines that say a hand's deal from seeds (docs/fairness.md, "Records"), after
    the summary: ``numbers`` are the table seats of the players, in seat order."""
    if len(deal.client_seeds) != len(numbers):
        raise ValueError(
            f"a client seed for each of the {len(numbers)} players, not {len(deal.client_seeds)}"
        )
    test = " (test seed)" if deal.test_seed else ""
    lines = [
        f"Deal: hand {deal.hand_id}, {deal.size} cards, commitment {deal.commitment.hex()}, "
        f"root {deal.root.hex()}{test}"
    ]
    for seat, (number, seed) in enumerate(zip(numbers, deal.client_seeds, strict=True)):
        chosen = " (chosen by the room)" if seat in deal.chosen_by_room else ""
        lines.append(f"Client seed: Seat {number}: {seed.hex()}{chosen}")
    revealed = deal.server_seed.hex() if deal.server_seed is not None else "not revealed yet"
    lines.append(f"Server seed: {revealed}")
    return lines


# The options of a Show Hand table its text states on the table line: every GameSpec
# option but the stakes (the header's), the limit (the header's words), the seats (the
# table line's "N-max", and the players), how money is written, and two that change
# nothing the text shows: burnt cards (every player gets five cards, R6.10) and whether
# mucked hands are shown (R5.8: the summary's "mucked" cards, which no replay reads).
_NOT_RULES = frozenset(
    ("game", "streets", "ante", "bring_in", "small_bet", "big_bet", "min_bet", "limit",
     "max_seats", "money_unit", "burn_cards", "reveal_mucked")
)  # fmt: skip
RULE_NAMES: Final = frozenset(
    field.name for field in fields(GameSpec) if field.init and field.name not in _NOT_RULES
)


def show_hand_rules(spec: GameSpec) -> dict[str, object]:
    """The options of a Show Hand table that differ from the preset at its ante and
    minimum bet and that its text cannot otherwise say (:data:`RULE_NAMES`); none for
    the other games, whose PokerStars text stays PokerStars' own.

    >>> show_hand_rules(show_hand(ante=10, deck=32, showhand_allowed=False))
    {'showhand_allowed': False, 'deck': 32}
    >>> show_hand_rules(show_hand(ante=5, min_bet=20, limit="pot"))
    {}
    """
    if not spec.is_show_hand:
        return {}
    base = show_hand(ante=spec.ante, min_bet=spec.min_bet)
    return {
        field.name: getattr(spec, field.name)
        for field in fields(GameSpec)
        if field.name in RULE_NAMES and getattr(spec, field.name) != getattr(base, field.name)
    }


def rules_text(rules: dict[str, object], money: Callable[[int], str] = str) -> str:
    """Rules as the table line writes them: ``" (rules: deck=32, street_caps=1/4 1/2 1
    1)"``, or nothing; the maximum bet (R6.5) as ``money`` writes the hand's amounts.

    >>> rules_text({"deck": 28, "showhand_amount": "smallest_stack"})
    ' (rules: deck=28, showhand_amount=smallest_stack)'
    """
    if not rules:
        return ""
    written = []
    for name, value in rules.items():
        if isinstance(value, tuple):  # street_caps: fractions of the showhand amount
            text = " ".join(str(Fraction(part)) for part in value)
        elif name == "max_bet" and isinstance(value, int):
            text = money(value)
        else:
            text = str(value)
        written.append(f"{name}={text}")
    return f" (rules: {', '.join(written)})"


def _seating(
    count: int, seats: Sequence[int] | None, names: Sequence[str] | None, size: int
) -> tuple[list[int], list[str]]:
    """The players' table seat numbers and names, checked."""
    numbers = list(range(1, count + 1)) if seats is None else list(seats)
    if len(numbers) != count or any(b <= a for a, b in pairwise(numbers)):
        raise ValueError(f"seats gives {count} table seat numbers in increasing order, not {seats}")
    if numbers[0] < 1 or numbers[-1] > size:
        raise ValueError(f"table seats are numbered 1 to {size} (max_seats), not {numbers}")
    players = [f"Player{number}" for number in numbers] if names is None else list(names)
    if len(players) != count or len(set(players)) != count:
        raise ValueError(f"names gives {count} different names, one for each seat, not {names}")
    for name in players:
        if not name or name != name.strip() or "\n" in name or "\r" in name:
            raise ValueError(f"{name!r} is not a name: no line breaks, no spaces at either end")
    return numbers, players


def _header(
    hand: Hand,
    writer: _Writer,
    hand_id: int,
    started: datetime | None,
    currency: str | None,
    tournament: int | None,
    level: int = 1,
    buy_in: tuple[int, int] | None = None,
    mix: str | None = None,
) -> str:
    spec = hand.spec
    game = _GAME_NAMES[spec.game]
    if spec.is_show_hand:
        game += " " + _SHOW_HAND_LIMITS[spec.limit]
        stakes = (spec.ante, spec.min_bet)
    else:
        game += " Limit"
        stakes = (spec.small_bet, spec.big_bet)
    when = _eastern(started)
    time = f"{when:%Y/%m/%d} {when.hour}:{when:%M:%S} ET"
    low, high = (writer.money(amount) for amount in stakes)
    if tournament is not None:
        if mix is not None:
            game = f"{mix} ({game})"
        paid = "Freeroll " if buy_in is None else f"{_dollars(buy_in[0])}+{_dollars(buy_in[1])} USD"
        return (
            f"PokerStars Hand #{hand_id}: Tournament #{tournament}, {paid} {game} - "
            f"Level {roman(level)} ({low}/{high}) - {time}"
        )
    code = _CURRENCY_CODES.get(currency or "")
    money = f"{low}/{high}" if code is None else f"{low}/{high} {code}"
    if mix is not None:  # HORSE (Razz Limit, $0.10/$0.20 USD), as PokerStars writes a mix
        return f"PokerStars Hand #{hand_id}:  {mix} ({game}, {money}) - {time}"
    return f"PokerStars Hand #{hand_id}:  {game} ({money}) - {time}"


def _dollars(cents: int) -> str:
    """A tournament's buy-in or fee as PokerStars writes one: ``$2.00``, ``$0.20``."""
    return f"${cents // 100}.{cents % 100:02d}"


def _eastern(started: datetime | None) -> datetime:
    """The time as PokerStars writes it, in ET; a naive time is ET already."""
    if started is None:
        started = datetime.now(UTC)
    if started.tzinfo is None:
        return started
    return started.astimezone(ZoneInfo("America/New_York"))


class _Street:
    """The betting on the street being written: what each seat has put in, the level
    to match, and (fixed limit) how far it is from the cap (R2.5)."""

    def __init__(self, spec: GameSpec, index: int, count: int, open_pair: bool) -> None:
        self.spec = spec
        self.index = index
        self.bets = [0] * count
        self.level = 0
        self.full_level = 0  # the level of the last full bet or raise (R2.11)
        self.wagers = 0  # the bet (or completion) and the full raises so far
        self.step = spec.big_bet if spec.streets[index].big else spec.small_bet
        self.open_pair = open_pair  # R2.7
        self.big_made = False

    def bring_in(self, seat: int, amount: int) -> None:
        self.bets[seat] += amount
        self.level = self.full_level = max(self.level, self.spec.bring_in)  # R2.4

    def wager(self, seat: int, to: int, *, complete: bool) -> bool:
        """A completion, bet, raise or showhand to ``to``; whether it caps the
        betting, as the engine's betting round counts it (R2.5, R2.7, R2.11)."""
        spec, before = self.spec, self.level
        self.bets[seat] = to
        self.level = max(before, to)
        if spec.is_show_hand:
            return False
        if complete:
            full = to == spec.small_bet or 2 * (to - self.full_level) >= (
                spec.small_bet - self.full_level
            )
        else:
            step = spec.big_bet if self.big_made else self.step
            steps = (
                (spec.small_bet, spec.big_bet) if self.open_pair and not self.big_made else (step,)
            )
            full = to - self.full_level in steps or 2 * (to - before) >= step
            if full and self.open_pair and to - self.full_level == spec.big_bet:
                self.big_made = True
        if not full:
            return False
        self.full_level = to
        self.wagers += 1
        return self.wagers == 1 + spec.max_raises


class _Writer:
    """Walks the events once, writing the hand's lines and keeping what the summary
    needs."""

    def __init__(
        self,
        hand: Hand,
        events: list[Event],
        viewer: int | None,
        names: list[str],
        currency: str | None,
    ) -> None:
        self.hand = hand
        self.spec = hand.spec
        self.events = events
        self.viewer = viewer
        self.names = names
        self.currency = currency
        count = hand.player_count
        self.cards: list[list[tuple[Card | None, bool]]] = [[] for _ in range(count)]
        self.community: list[Card] = []
        self.folded: dict[int, str] = {}  # seat: where it folded, as the summary says it
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.mucked: dict[int, tuple[Card, ...] | None] = {}
        self.won = [0] * count
        self.pots: dict[int, int] = {}  # what was collected from each pot
        self.total = 0  # every chip put in and not returned as an uncalled bet
        self.street = _Street(self.spec, 0, count, open_pair=False)
        self.showdown = False
        self.values = {seat: values for seat, (_, values) in hand.result.shown.items()}

    def money(self, amount: int) -> str:
        if self.currency is None:
            return str(amount)
        whole, cents = divmod(amount, 100)
        return f"{self.currency}{whole}.{cents:02d}" if cents else f"{self.currency}{whole}"

    def _is_river(self, index: int) -> bool:
        """PokerStars calls seventh street the river; Five-Card Stud's last street
        (and Show Hand's) is ``5th``."""
        return self.spec.streets[index].name == "seventh"

    # -- the hand, event by event ------------------------------------------------------

    def body(self) -> list[str]:
        lines: list[str] = []
        events, end = self.events, len(self.events)
        i = 0
        while i < end:
            event = events[i]
            if isinstance(event, StreetStarted):
                j = i + 1
                while j < end and isinstance(events[j], CardDealt | CommunityCard):
                    j += 1
                lines += self._deal(event, events[i + 1 : j], events[j] if j < end else None)
                i = j
                continue
            if isinstance(event, PotAwarded):
                j = i
                while j < end and isinstance(events[j], PotAwarded):
                    j += 1
                lines += self._collect([e for e in events[i:j] if isinstance(e, PotAwarded)])
                i = j
                continue
            if isinstance(event, Show | Muck) and not self.showdown:
                self.showdown = True
                lines.append("*** SHOW DOWN ***")
            following = events[i + 1] if i + 1 < end else None
            all_in = isinstance(following, AllIn) and following.seat == _seat(event)
            lines += self._lines(event, " and is all-in" if all_in else "")
            i += 1
        return lines

    def _lines(self, event: Event, tail: str) -> list[str]:
        """The lines of one event: its own, and the cap after a capping raise."""
        name = self.names[seat] if (seat := _seat(event)) is not None else ""
        money, street = self.money, self.street
        if isinstance(event, Ante):
            self.total += event.amount
            return [f"{name}: posts the ante {money(event.amount)}{tail}"]
        if isinstance(event, CarryIn):
            self.total += event.amount
            return [f"Rollover ({money(event.amount)}) from the previous hand"]
        if isinstance(event, BringIn):
            self.total += event.amount
            street.bring_in(event.seat, event.amount)
            return [f"{name}: brings in for {money(event.amount)}{tail}"]
        if isinstance(event, Complete | Bet | Raise | Showhand):
            level = street.level
            self.total += event.to - street.bets[event.seat]
            capped = street.wager(event.seat, event.to, complete=isinstance(event, Complete))
            if level == 0:
                line = f"{name}: bets {money(event.to)}{tail}"
            else:
                line = f"{name}: raises {money(event.to - level)} to {money(event.to)}{tail}"
            return [line, "Betting is capped"] if capped and self._cap_applies() else [line]
        if isinstance(event, Call):
            self.total += event.amount
            street.bets[event.seat] += event.amount
            return [f"{name}: calls {money(event.amount)}{tail}"]
        if isinstance(event, Check):
            return [f"{name}: checks "]
        if isinstance(event, Fold):
            where = self._street_word(street.index)
            if street.index == 0 and not street.bets[event.seat]:
                where += " (didn't bet)"
            self.folded[event.seat] = where
            return [f"{name}: folds "]
        if isinstance(event, UncalledBetReturned):
            self.total -= event.amount
            return [f"Uncalled bet ({money(event.amount)}) returned to {name}"]
        if isinstance(event, Show):
            self.shown[event.seat] = self._own(event.cards)
            cards = _cards(self.shown[event.seat])
            return [f"{name}: shows [{cards}] ({self._shown_name(event.seat)})"]
        if isinstance(event, Muck):
            self.mucked[event.seat] = self._mucked_cards(event)
            return [f"{name}: mucks hand "]
        if isinstance(event, ExcessReturned):
            return [f"Excess ({money(event.amount)}) returned to {name}"]
        if isinstance(event, Rollover):
            return [f"Rollover ({money(event.amount)}) to the next hand"]
        return []  # AllIn: written with the action before it

    def _cap_applies(self) -> bool:
        """R2.5: the cap holds heads-up too unless ``cap_heads_up`` is off."""
        live = self.hand.player_count - len(self.folded)
        return self.spec.cap_heads_up or live > 2

    def _street_word(self, index: int) -> str:
        if self._is_river(index):
            return "River"
        return f"{_STREET_WORDS[self.spec.streets[index].name]} Street"

    # -- dealing ------------------------------------------------------------------------

    def _deal(self, started: StreetStarted, dealt: list[Event], follows: Event | None) -> list[str]:
        index = started.index
        header = (
            "*** RIVER ***"
            if self._is_river(index)
            else f"*** {_STREET_WORDS[started.street]} STREET ***"
        )
        new: dict[int, list[tuple[Card | None, bool]]] = {}  # in dealing order
        for event in dealt:
            if isinstance(event, CommunityCard) and event.card is not None:
                self.community.append(event.card)
                header += f" [{event.card}]"
            elif isinstance(event, CardDealt):
                new.setdefault(event.seat, []).append((event.card, event.up))
        lines = [header]
        for seat, cards in new.items():
            before = self._visible(seat, self.cards[seat])
            now = self._visible(seat, cards)
            self.cards[seat] += cards
            if before and now:
                lines.append(f"Dealt to {self.names[seat]} [{_cards(before)}] [{_cards(now)}]")
            elif len(now) == 2 and self.spec.game == "five_card_stud":
                # Second street's down card and up card, each in its brackets (R9.1).
                lines.append(f"Dealt to {self.names[seat]} [{now[0]}] [{now[1]}]")
            elif now:
                lines.append(f"Dealt to {self.names[seat]} [{_cards(now)}]")
        open_pair = index == 1 and self.spec.open_pair_double and self._pair_showing()
        self.street = _Street(self.spec, index, self.hand.player_count, open_pair)
        if open_pair and isinstance(follows, _ACTIONS):
            lines.append("Pair on board - a double bet is allowed")
        return lines

    def _pair_showing(self) -> bool:
        for seat, cards in enumerate(self.cards):
            ranks = [card.rank for card, up in cards if up and card is not None]
            if seat not in self.folded and len(ranks) != len(set(ranks)):
                return True
        return False

    def _visible(self, seat: int, cards: list[tuple[Card | None, bool]]) -> list[Card]:
        """The cards a ``Dealt to`` line shows: every card in the full record; in a
        seat's record its own cards and the others' up cards (PokerStars never puts
        another player's down card there, not even one shown later)."""
        mine = self.viewer is None or seat == self.viewer
        return [card for card, up in cards if card is not None and (up or mine)]

    def _own(self, cards: tuple[Card | None, ...]) -> tuple[Card, ...]:
        """A player's cards without the community card (R7.4), which PokerStars
        writes on the board only."""
        own = cards[: len(cards) - len(self.community)]
        return tuple(card for card in own if card is not None)

    def _mucked_cards(self, event: Muck) -> tuple[Card, ...] | None:
        """The mucked cards the record may show: all of them where the table shows
        mucked hands (R5.8), in the full record, or in the record of their owner."""
        if event.cards is not None and None not in event.cards:
            return self._own(event.cards)
        cards = [card for card, _ in self.cards[event.seat]]
        if (self.viewer is None or event.seat == self.viewer) and None not in cards:
            return tuple(card for card in cards if card is not None)
        return None

    # -- the showdown and the pots ---------------------------------------------------------

    def _shown_name(self, seat: int) -> str:
        values = self.values[seat]
        if self.spec.low:
            return f"Lo: {hand_name(values[0])}"
        if self.spec.hilo:
            low = f"; LO: {hand_name(values[1])}" if len(values) > 1 else ""
            return f"HI: {hand_name(values[0])}{low}"
        return hand_name(values[0])

    def _collect(self, awards: list[PotAwarded]) -> list[str]:
        """The ``collected`` lines: the last side pot first and the main pot last, as
        PokerStars settles them; in Stud/8 the high half before the low (R5.5), or
        ``No low hand qualified`` when no pot had a low half."""
        count = max(award.pot for award in awards) + 1
        lines = []
        for pot in reversed(range(count)):
            where = _pot_name(pot, count).lower()
            mine = [award for award in awards if award.pot == pot]
            for award in mine:
                self.won[award.seat] += award.amount
                self.pots[pot] = self.pots.get(pot, 0) + award.amount
                name, amount = self.names[award.seat], self.money(award.amount)
                lines.append(f"{name} collected {amount} from {where}")
        showdown = any(award.value is not None for award in awards)
        if self.spec.hilo and showdown and all(award.half != "low" for award in awards):
            lines.append("No low hand qualified")
        return lines

    # -- the summary -----------------------------------------------------------------------

    def summary(self, numbers: list[int]) -> list[str]:
        money = self.money
        total = f"Total pot {money(self.total)}"
        if len(self.pots) > 1:
            for pot in range(len(self.pots)):
                total += f" {_pot_name(pot, len(self.pots))} {money(self.pots[pot])}."
        lines = ["*** SUMMARY ***", f"{total} | Rake {money(0)} "]
        if self.community:
            lines.append(f"Board [{_cards(self.community)}]")
        for seat, number in enumerate(numbers):
            lines.append(f"Seat {number}: {self.names[seat]} {self._outcome(seat)}")
        return lines

    def _outcome(self, seat: int) -> str:
        if seat in self.folded:
            return f"folded on the {self.folded[seat]}"
        if seat in self.shown:
            cards, name = _cards(self.shown[seat]), self._shown_name(seat)
            if self.won[seat]:
                return f"showed [{cards}] and won ({self.money(self.won[seat])}) with {name}"
            return f"showed [{cards}] and lost with {name}"
        if seat in self.mucked:
            mucked = self.mucked[seat]
            return "mucked" if mucked is None else f"mucked [{_cards(mucked)}]"
        return f"collected ({self.money(self.won[seat])})"  # everyone else folded (R5.1)


def _seat(event: Event) -> int | None:
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) else None


def _pot_name(pot: int, count: int) -> str:
    """``Pot`` alone; else ``Main pot``, then ``Side pot`` or ``Side pot-1`` …"""
    if count == 1:
        return "Pot"
    if pot == 0:
        return "Main pot"
    return "Side pot" if count == 2 else f"Side pot-{pot}"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)
