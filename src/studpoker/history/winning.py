"""Reading the Winning Poker Network's hand histories (Americas Cardroom and its sister
rooms) of Seven Card Stud and Stud Hi/Lo, cash and tournaments: the site's two formats,
each its own reader.

**The 2016 format** (:data:`READER_2016`; UTF-16 files, ``HH… G….txt``) begins a hand
with the moment it started and names the game last on the next line::

    Game started at: 2016/8/2 11:13:2
    Game ID: 693975843 1/2 (PRR) La Llorona - 3 (Seven Cards Stud HiLow)
    Seat 5: ChazDazzle (10).

Every line about a player begins ``Player NAME`` and puts its amount in brackets:
``ante (0.15)``, ``bring in (0.40)``, ``calls (0.40)``, ``bets (1)``, ``raises (2)``,
``allin (3.55)``, each amount what the line puts in the pot (not a total: ``raises
(2)`` after a bet of 1 is a raise to 2 only for a player who had nothing in).  Cards
are dealt a line at a time, hidden ones as ``received a card.`` and the ones the
record shows as ``received card: [10d]``.  No marker begins third street, and each
marker is written one street late: ``*** Third street ***`` begins fourth street,
``*** Sixth street ***`` seventh.  The summary gives the pot after the rake and the
jackpot fee (``Pot: 7.05. Rake 0.14. JP fee 0.06``: 7.25 was bet) and for each player
what they bet and collected (``*Player ChazDazzle shows: … [6h 10d 2c As 7d 4d 9s] …
Bets: 3.55. Collects: 3.53. Loses: 0.02.``, the cards in dealing order), which the
record keeps as each player's net (:attr:`~studpoker.history.record.HandRecord.net`).
The games are ``Seven Cards Stud`` and ``Seven Cards Stud HiLow``.

**The 2019 format** (:data:`READER_2019`; ``… CASHID-… GAMETYPE.txt``, UTF-8) is
PokerStars' text without the colon after the name::

    Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC
    Game Hand #9 - Tournament #11 - 7Stud H/L (Fixed Limit) - Level 1 (20.00/40.00) - …

``posts ante $0.01``, ``brings in $0.02``, ``calls``, ``bets``, ``raises $0.04 to
$0.04`` (the second amount the player's total on the street, the first what the line
put in), ``and is all-in``; streets ``*** 3rd STREET ***`` to ``*** 7th STREET ***``,
each followed by the pots so far (``Main pot $0.21 | Rake $0.00``, not read: the
replay makes its own); ``collected $0.50 from main pot`` (or ``side pot-1``, each half
of a Stud/8 pot its own line) at a showdown, and otherwise only the summary's ``did not
show and won $0.36``; the summary's ``Total pot $0.36 | Rake $0.01 | JP Fee $0.02`` is
after the rake and the fee.  Tournament amounts are chips written with cents
(``250.00``).  The games are ``7Stud`` and ``7Stud H/L``; ``Razz`` is read too, a name
assumed (no record of the site's shows it).

In both formats the rake a replay allows for is the rake and the jackpot fee together,
and the total pot is the record's total with both added back.  A hand the file cuts
off before its summary at the file's end, after other hands (a hand still being
written when the file was copied), is not read; one cut off before the next hand, or
the only hand of a file, is an error.  Hold'em and Omaha hands (and stud that is not
fixed limit) are other games, skipped.

>>> text = '''Hand #1 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC
... Gorham 8-max
... Seat 1: Ann ($1)
... Seat 2: Bob ($1)
... Ann posts ante $0.01
... Bob posts ante $0.01
... *** 3rd STREET ***
... Main pot $0.02 | Rake $0.00
... Dealt to Ann [Kc Kd 2s]
... Dealt to Bob [9h]
... Ann brings in $0.02
... Bob folds
... Uncalled bet ($0.02) returned to Ann
... Ann does not show
... *** SUMMARY ***
... Total pot $0.02 | Rake $0.00
... Seat 1: Ann did not show and won $0.02'''
>>> (record,) = READER_2019.read(text)
>>> record.game, record.small_bet, record.ante, record.bring_in, record.players
('seven_card_stud', 4, 1, 2, ['Ann', 'Bob'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import ClassVar

from studpoker.history.record import (
    ActionName,
    Collected,
    Game,
    HandRecord,
    HistoryError,
    OtherGame,
    RecordedAction,
    SeatRecord,
    amount_at,
    learn,
    learn_dealt,
    parse_card_list,
    played_at,
    to_units,
)
from studpoker.history.site import AMOUNT, Kind, LineReader, SiteReader, settle_players
from studpoker.history.text import Names, split_hands

__all__ = [
    "HEADER_2016",
    "HEADER_2019",
    "READER_2016",
    "READER_2019",
    "Winning2016Reader",
    "Winning2019Reader",
    "read_winning",
]

SITE = "WPN"

# -- what both formats share ---------------------------------------------------------


def complete_hands(
    hands: Iterator[tuple[int, list[str]]], summary: str
) -> Iterator[tuple[int, list[str]]]:
    """Each hand of a file, but the last one if the file ends before its summary (the
    line that begins with ``summary``) after other hands: a hand still being written
    when the file was copied, which states nothing whole.  A hand cut off before the
    next one, or the only hand of a file, is read (and is an error)."""
    held: tuple[int, list[str]] | None = None
    earlier = False
    for hand in hands:
        if held is not None:
            yield held
            earlier = True
        held = hand
    if held is not None and (not earlier or any(line.startswith(summary) for line in held[1])):
        yield held


# How a shown hand marks a card it does not show (``shows [- Jc]``).
_NOT_SHOWN = frozenset(("-", "X", "x", "?"))


def learn_shown_cards(record: HandRecord, player: str, text: str, line: int) -> None:
    """Cards a player shows (``"5d 3d 3s 6s 8s 8h Ad"``, a ``-`` for a card not shown),
    in any order: the ones the record gave them before stay where they were dealt, and
    the others fill the player's unknown cards in dealing order (the down cards, when
    the up cards were dealt face up before; every card, in the order the site lists
    them, when none was).  A card shown that the player cannot hold (another's, or one
    more than they were dealt) is an error."""
    words = [word for word in text.split() if word not in _NOT_SHOWN]
    if not words:
        return
    cards = parse_card_list(" ".join(words), where=record.where(line))
    slots = len(record.layout.slots)
    held = record.cards.get(player)
    if held is None:
        held = record.cards[player] = [None] * slots
    known = {card for card in held if card is not None}
    new = [card for card in cards if card not in known]
    free = [slot for slot in range(slots) if held[slot] is None]
    if len(new) > len(free):
        given = " ".join(str(card) for card in held if card is not None)
        raise HistoryError(
            f"{record.where(line)}: {player} shows {' '.join(map(str, cards))}, but was dealt "
            f"{given} and {len(free)} unknown"
        )
    for slot, card in zip(free, new, strict=False):
        learn(record, player, slot, card, line)


# -- the 2016 format -----------------------------------------------------------------

HEADER_2016 = re.compile(
    r"^Game started at: (\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})\s*$"
)
# ``Game ID: 693975843 1/2 (PRR) La Llorona - 3 (Seven Cards Stud HiLow)``: the small
# and big bet, the table (brackets and all), the game last (a table size may follow).
_GAME_ID = re.compile(
    r"^Game ID: (?P<number>\d+) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) ?(?P<table>.*?) ?"
    r"\((?P<game>[^()]*)\)(?: \d+-max)?\s*$",
    re.IGNORECASE,
)
_GAMES_2016: dict[str, Game] = {  # by the name in lower case
    "seven cards stud": "seven_card_stud",
    "seven card stud": "seven_card_stud",
    "seven cards stud hilow": "stud_hilo",
    "seven card stud hilow": "stud_hilo",
    "seven cards stud hi/lo": "stud_hilo",
    "razz": "razz",
}
# ``Seat 5: ChazDazzle (10).``: a name may hold brackets, so the stack is the last.
_SEAT_2016 = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d.,]+)\)\.?\s*$")
_TOURNAMENT_TABLE = re.compile(r"^(?P<name>.*), Table \d+")
_MARKER_2016 = re.compile(r"^\*\*\* (?P<word>\w+) street \*\*\*\s*$", re.IGNORECASE)
# The street each marker begins: the one after the street it names.
_MARKER_STREETS = {"third": 1, "fourth": 2, "fifth": 3, "sixth": 4}
_SUMMARY_2016 = "------ Summary ------"
_UNCALLED = re.compile(rf"^Uncalled bet \((?P<amount>{AMOUNT})\) returned to (?P<name>.+?)\s*$")
# What a player line says after ``Player NAME``; the amount in brackets, if any.
_VERB_2016 = re.compile(
    r"^(?P<verb>posts ante|ante|bring in|brings in|calls|bets|raises|caps|cap|allin|all-in"
    r"|checks|folds)(?: \((?P<amount>[^)]*)\))?\s*$"
)
_RECEIVED = "received a card."
_RECEIVED_CARD = re.compile(r"^received card: \[(?P<card>[^\]]+)\]\s*$")
# Lines about a player that state nothing the replay checks.
_NOISE_2016 = (
    "is timed out",
    "sitting out",
    "is sitting out",
    "sits out",
    "wait BB",
    "waits for",
    "has returned",
    "is back",
    "is disconnected",
    "has reconnected",
    "is connected",
    "stands up",
    "sits down",
    "adds ",
    "has left",
    "leaves",
    "joins",
)
_POT_2016 = re.compile(
    rf"^Pot: (?P<pot>{AMOUNT})\.?(?:\s*Rake (?P<rake>{AMOUNT})\.?)?"
    rf"(?:\s*JP fee (?P<fee>{AMOUNT})\.?)?\s*$",
    re.IGNORECASE,
)
# ``*Player X shows: … [cards] ….Bets: 3.55. Collects: 3.53. Loses: 0.02.`` (``*``: a
# winner); ``does not show cards.`` or ``mucks cards.`` where nothing is shown.
_RESULT_2016 = re.compile(
    rf"^(?P<what>.*?)\.?\s*Bets: (?P<bets>{AMOUNT})\.\s*Collects: (?P<collects>{AMOUNT})\."
    rf"\s*(?:Wins|Loses): (?P<difference>{AMOUNT})\.?\s*$"
)
_SHOWN = re.compile(r"\[(?P<cards>[^\]]*)\]")


class Winning2016Reader(SiteReader):
    """The 2016 format: ``Game started at:``, ``Player NAME verb (amount)``.  Its own
    loop rather than :class:`~studpoker.history.site.LineReader`'s: no marker begins
    the first street, the markers come a street late, and the amounts are what each
    line puts in, read against what the player has put in on the street."""

    name = SITE
    header = HEADER_2016
    first_word = "Game"

    def hands(self, lines: str | Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        return complete_hands(split_hands(lines, self.header, self.first_word), _SUMMARY_2016)

    def read_hand(self, first: int, lines: list[str]) -> HandRecord:
        return _Hand2016(first, lines).read()


class _Hand2016:
    """One hand of the 2016 format, read a line at a time."""

    def __init__(self, first: int, lines: list[str]) -> None:
        self.first, self.lines = first, lines
        self.record = _header_2016(first, lines)
        self.names = Names(())
        self.street: int | None = None  # None until the first card
        self.received: dict[str, int] = {}  # the cards each player was dealt so far
        self.on_street: dict[str, int] = {}  # what each player put in on this street
        self.level = 0  # the most anyone put in on this street
        self.left: dict[str, int] = {}  # each player's chips behind

    def read(self) -> HandRecord:
        record, first = self.record, self.first
        index, last = 2, first + 1  # the line read, and the last that holds anything
        while index < len(self.lines):  # the seats (and hold'em's ``Seat 1 is the button``)
            number = first + index
            line = self.lines[index].rstrip()
            seat = _SEAT_2016.match(line)
            if seat is None and line and not line.startswith("Seat "):
                break
            if seat is not None:
                stack = amount_at(seat["stack"], record, number)
                record.seats.append(SeatRecord(int(seat["seat"]), seat["name"], stack, number))
                self.left.setdefault(seat["name"], stack)
            if line:
                last = number
            index += 1
        if not record.seats:
            at = first + index if index < len(self.lines) else last
            raise HistoryError(f"{record.where(at)}: no seats listed")
        self.names = Names(seat.name for seat in record.seats)
        in_summary = False
        for number, text in enumerate(self.lines[index:], first + index):
            line = text.rstrip()
            if not line:
                continue
            last = number
            if in_summary:
                self.summary_line(line, number)
            elif line.startswith(_SUMMARY_2016):
                in_summary = True
                record.summary_line = number
            else:
                self.line(line, number)
        if not in_summary:
            raise HistoryError(f"{record.where(last)}: the hand ends before its summary")
        if record.total_pot is None:
            where = record.where(record.summary_line)
            raise HistoryError(f"{where}: no pot in the summary")
        settle_players(record)
        return record

    def line(self, line: str, number: int) -> None:
        record = self.record
        marker = _MARKER_2016.match(line)
        if marker is not None:
            street = _MARKER_STREETS.get(marker["word"].lower())
            if street is None or street >= len(record.layout.streets):
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            self.street = street
            self.on_street, self.level = {}, 0
            return
        uncalled = _UNCALLED.match(line)
        if uncalled is not None:
            amount = amount_at(uncalled["amount"], record, number)
            record.uncalled.append((uncalled["name"].strip(), amount, number))
            return
        if not line.startswith("Player "):
            return  # a table message
        said = self.names.split(line[7:], " ")
        if said is None:
            return  # someone not seated in the hand (joins, sits out)
        player, rest = said
        if rest == _RECEIVED:
            self.dealt(player, None, number)
            return
        card = _RECEIVED_CARD.match(rest)
        if card is not None:
            self.dealt(player, card["card"], number)
            return
        verb = _VERB_2016.match(rest)
        if verb is None:
            if rest.startswith("mucks"):
                record.mucks[player] = number
            elif not rest.startswith(_NOISE_2016):
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            return
        self.action(player, verb["verb"], verb["amount"], line, number)

    def dealt(self, player: str, card: str | None, number: int) -> None:
        """A card dealt: the player's next card, on the street being dealt."""
        record = self.record
        if self.street is None:
            self.street = 0  # the first card dealt begins third street
        slot = self.received.get(player, 0)
        layout = record.layout
        if slot >= len(layout.slots) or layout.street_of[slot] != self.street:
            raise HistoryError(
                f"{record.where(number)}: {player} is dealt a card too many on "
                f"{layout.streets[self.street]} street"
            )
        self.received[player] = slot + 1
        if card is not None:
            (known,) = parse_card_list(card, where=record.where(number))
            learn(record, player, slot, known, number)
        dealt = record.dealt[self.street]
        if player not in dealt:
            dealt.append(player)

    def action(self, player: str, verb: str, written: str | None, line: str, number: int) -> None:
        """An ante or a betting action; ``written`` the amount the line puts in."""
        record = self.record
        amount = amount_at(written, record, number) if written is not None else None
        if verb in ("ante", "posts ante"):
            if amount is None:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            self.left[player] = self.left.get(player, 0) - amount
            record.antes[player] = (amount, self.left[player] <= 0, number)
            return
        street = self.street
        if street is None:
            raise HistoryError(f"{record.where(number)}: {line!r} before any card is dealt")
        if verb in ("checks", "folds"):
            kind: ActionName = "check" if verb == "checks" else "fold"
            record.actions.append(RecordedAction(street, player, kind, None, False, number, line))
            return
        before = self.on_street.get(player, 0)
        all_in = verb in ("allin", "all-in")
        if amount is None:
            if not all_in:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            amount = self.left.get(player, 0)  # all in for what they had
        total = before + amount
        wrote: RecordedAction
        if verb in ("bring in", "brings in") or (
            all_in and street == 0 and not self.actions_on(0) and total < record.small_bet
        ):
            record.bring_in = max(record.bring_in or 0, amount)
            wrote = RecordedAction(street, player, "bring_in", amount, False, number, line)
        elif verb == "calls" or (all_in and total <= self.level):
            wrote = RecordedAction(street, player, "call", amount, False, number, line)
        elif verb == "bets" or (all_in and self.level == 0):
            wrote = RecordedAction(street, player, "bet", total, False, number, line)
        else:  # raises, caps, or all in for more than the level: a raise to the total
            wrote = RecordedAction(street, player, "raise", total, False, number, line)
        self.on_street[player] = total
        self.level = max(self.level, total)
        self.left[player] = self.left.get(player, 0) - amount
        # All in: said so, or every chip put in (the format writes no other word).
        wrote.all_in = all_in or self.left[player] <= 0
        record.actions.append(wrote)

    def actions_on(self, street: int) -> bool:
        return any(action.street == street for action in self.record.actions)

    def summary_line(self, line: str, number: int) -> None:
        record = self.record
        pot = _POT_2016.match(line)
        if pot is not None:
            after = amount_at(pot["pot"], record, number)
            rake = amount_at(pot["rake"], record, number) if pot["rake"] else 0
            fee = amount_at(pot["fee"], record, number) if pot["fee"] else 0
            record.rake = rake + fee  # the jackpot fee comes off the pot as the rake does
            record.total_pot = after + rake + fee
            record.total_line = number
            return
        text = line.lstrip("*")
        if not text.startswith("Player "):
            return  # the board, the end's moment
        said = self.names.split(text[7:], " ")
        if said is None:
            return
        player, rest = said
        result = _RESULT_2016.match(rest)
        if result is None:
            return  # a line of the summary that states no result
        what = result["what"]
        if what.startswith("shows"):
            shown = _SHOWN.search(what)
            if shown is None:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            learn_shown_cards(record, player, shown["cards"], number)
            record.shows[player] = number
        elif what.startswith("mucks"):
            record.mucks[player] = number
        bets = amount_at(result["bets"], record, number)
        collects = amount_at(result["collects"], record, number)
        record.net[player] = (collects - bets, number)


def _header_2016(first: int, lines: list[str]) -> HandRecord:
    started = HEADER_2016.match(lines[0].lstrip("\ufeff").rstrip())
    if started is None:  # (a header cut short)
        raise HistoryError(f"{SITE} hand (line {first}), line {first}: cannot read {lines[0]!r}")
    year, month, day, hour, minute, second = (int(part) for part in started.groups())
    moment = f"{year}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02}"
    line = lines[1].rstrip() if len(lines) > 1 else ""
    game_id = _GAME_ID.match(line)
    if game_id is None:
        raise HistoryError(f"{SITE} hand (line {first}), line {first + 1}: cannot read {line!r}")
    where = f"{SITE} hand #{game_id['number']}, line {first + 1}"
    name = game_id["game"].strip()
    game = _GAMES_2016.get(name.lower())
    if game is None:  # hold'em, Omaha, Omaha HiLow: skipped, not an error
        raise OtherGame(f"{where}: a hand of {name}, not a stud game", name)
    table = game_id["table"].strip()
    tournament = _TOURNAMENT_TABLE.match(table)
    # Money tables play in dollars and cents; a play-money table's name begins "PM ".
    currency = None if tournament or table.startswith("PM ") else "$"
    scale = 1 if tournament else 100
    return HandRecord(
        site=SITE,
        number=game_id["number"],
        line=first,
        game=game,
        currency=currency,
        scale=scale,
        small_bet=to_units(game_id["small"], scale, where=where),
        big_bet=to_units(game_id["big"], scale, where=where),
        tournament=tournament["name"] if tournament else None,
        table=table,
        played_at=moment,
    )


# -- the 2019 format -----------------------------------------------------------------

# ``Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC``, a
# tournament's ``Game Hand #… - Tournament #… - … - Level 1 (20.00/40.00) - …``.
HEADER_2019 = re.compile(
    r"^(?:Game )?Hand #(?P<number>\d+) - (?:Tournament #(?P<tournament>\d+) - )?"
    r"(?P<game>[^()]+?) ?\((?P<limit>[^()]*Limit)\) - (?P<rest>.*)$",
    re.IGNORECASE,
)
_STAKES_2019 = re.compile(
    rf"^(?:Level \S+ \()?(?P<small>{AMOUNT})/(?P<big>{AMOUNT})\)?"
    rf"(?:, Ante (?P<ante>{AMOUNT}))?\s*-\s*"
)
_GAMES_2019: dict[str, Game] = {  # by the name in lower case
    "7stud": "seven_card_stud",
    "7 stud": "seven_card_stud",
    "7stud h/l": "stud_hilo",
    "7 stud h/l": "stud_hilo",
    "7stud hi/lo": "stud_hilo",
    "razz": "razz",
}
_SUMMARY_2019 = "*** SUMMARY ***"
_ALL_IN = r"(?P<all_in> and is all-in)?\s*$"
# ``Seat 7: Player2 did not show and won $0.36``, ``Seat 6: X (button) showed [Td Ad]
# and won 60600.00 with HI - …``, ``Seat 1: Hero mucked [As 2s]``.
_SUMMARY_SEAT = re.compile(r"^Seat \d+: (?P<rest>.*)$")
_POSITION = re.compile(r"^(?:\((?:button|small blind|big blind)\) )+")
_SUMMARY_SHOWN = re.compile(r"^(?P<how>showed|mucked) \[(?P<cards>[^\]]*)\]")
_WON = re.compile(rf"\b(?:won|collected) \(?(?P<amount>{AMOUNT})\)?")


class Winning2019Reader(LineReader):
    """The 2019 format: PokerStars' text without the colon after the name."""

    name = SITE
    header = HEADER_2019
    first_word = "Hand"
    separator = " "
    seat = re.compile(rf"^\s?Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(?: .*)?$")
    # ``Gorham 8-max``, a tournament's ``Table '4' 8-max`` (a button or ``(Play Money)``
    # may follow).
    table = re.compile(r"^(?:Table ')?(?P<table>.+?)'? \d+-max\b.*$")
    street = re.compile(r"^\*\*\* (?P<street>[3-7](?:rd|th)) STREET \*\*\*", re.IGNORECASE)
    dealt = None  # read by other_line: a down-card street may repeat the up cards
    uncalled = _UNCALLED
    total = re.compile(
        rf"^Total pot (?P<total>{AMOUNT})(?:\s*\| Rake (?P<rake>{AMOUNT}))?"
        rf"(?:\s*\| JP Fee (?P<fee>{AMOUNT}))?",
        re.IGNORECASE,
    )
    summary = _SUMMARY_2019
    all_in = "and is all-in"
    player_lines: ClassVar[tuple[tuple[Kind, re.Pattern[str]], ...]] = (
        ("ante", re.compile(rf"^posts (?:the )?ante (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("bring_in", re.compile(rf"^brings?[- ]in(?: low)? (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("call", re.compile(rf"^calls (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("bet", re.compile(rf"^bets (?P<amount>{AMOUNT}){_ALL_IN}")),
        # ``raises $0.04 to $0.04``: the total is the second amount (the first is what
        # the line put in, not what the raise added to the level).
        ("raise", re.compile(rf"^(?:raises|caps) {AMOUNT} to (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("check", re.compile(rf"^checks{_ALL_IN}")),
        ("fold", re.compile(rf"^folds{_ALL_IN}")),
        ("shows", re.compile(r"^shows \[(?P<cards>[^\]]*)\]")),
        ("mucks", re.compile(r"^mucks(?: |$)")),
        (
            "collected",
            re.compile(
                rf"^collected (?P<amount>{AMOUNT}) from (?P<pot>main pot|side pot(?:-\d+)?|pot)"
            ),
        ),
    )
    noise = ("Main pot ", "Side pot", "*** SHOW DOWN ***", "*** SHOWDOWN ***", "BombPot")

    def hands(self, lines: str | Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """The hands of a file, whose headers begin ``Hand #`` (cash) or ``Game Hand #``
        (tournaments)."""
        return complete_hands(_split_2019(lines, self.header), _SUMMARY_2019)

    def header_record(self, number: int, line: str) -> HandRecord:
        return _header_2019(number, line)

    def other_line(
        self, record: HandRecord, names: Names, street: int | None, line: str, number: int
    ) -> bool:
        if line.startswith("Dealt to "):
            said = names.split(line[9:], " ")
            if said is None or street is None:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            player, cards = said
            _learn_dealt_2019(record, player, street, cards, number)
            if player not in record.dealt[street]:
                record.dealt[street].append(player)
            return True
        said = names.split(line, " ")
        if said is None:  # a table message, or someone not in the hand
            return not line.startswith("*** ")
        return said[1].startswith(_NOISE_2019)

    def player_line(
        self,
        record: HandRecord,
        player: str,
        kind: Kind,
        found: re.Match[str],
        street: int | None,
        line: str,
        number: int,
    ) -> None:
        if kind == "shows":  # in any order, a ``-`` for a card not shown
            learn_shown_cards(record, player, found["cards"], number)
            record.shows[player] = number
            return
        super().player_line(record, player, kind, found, street, line, number)

    def summary_other_line(self, record: HandRecord, names: Names, line: str, number: int) -> bool:
        """A summary line: the total pot, or a seat's result (the cards it showed, and
        what it won where no ``collected`` line said it before the summary)."""
        total = self.total.match(line) if self.total is not None else None
        if total is not None:
            after = amount_at(total["total"], record, number)
            rake = amount_at(total["rake"], record, number) if total["rake"] else 0
            fee = amount_at(total["fee"], record, number) if total["fee"] else 0
            record.rake = rake + fee  # the jackpot fee comes off the pot as the rake does
            record.total_pot = after + rake + fee  # the summary's total is after both
            record.total_line = number
            return True
        seat = _SUMMARY_SEAT.match(line)
        said = names.split(seat["rest"], " ") if seat is not None else None
        if said is None:
            return True  # the board, a bomb pot's mark
        player, rest = said
        rest = _POSITION.sub("", rest)
        shown = _SUMMARY_SHOWN.match(rest)
        if shown is not None and player not in record.shows:
            learn_shown_cards(record, player, shown["cards"], number)
            if shown["how"] == "showed":
                record.shows[player] = number
            else:
                record.mucks.setdefault(player, number)
        won = [amount_at(found["amount"], record, number) for found in _WON.finditer(rest)]
        if won and not any(got.player == player for got in record.collected):
            record.collected.append(Collected(player, sum(won), "pot", number))
        return True


# Lines about a player that state nothing the replay checks.
_NOISE_2019 = (
    "does not show",
    "is sitting out",
    "sits out",
    "sitting out",
    "is timed out",
    "has timed out",
    "waits for",
    "will be allowed",
    "has returned",
    "is disconnected",
    "has reconnected",
    "joins",
    "leaves",
    "stands up",
    "sits down",
    "adds ",
    "said,",
)


def _split_2019(
    lines: str | Iterable[str], header: re.Pattern[str]
) -> Iterator[tuple[int, list[str]]]:
    """Each hand's first line number and its lines: a hand starts at a line matching
    ``header`` (``Hand #…`` or ``Game Hand #…``)."""
    if isinstance(lines, str):
        lines = lines.splitlines()
    hand: list[str] = []
    start = 0
    for number, text in enumerate(lines, 1):
        line = text.rstrip("\r\n")
        bare = line.lstrip("\ufeff")
        if bare[:11].lower().startswith(("hand #", "game hand #")) and (
            header.match(bare) is not None
        ):
            if hand:
                yield start, hand
            hand, start = [line], number
        elif hand:
            hand.append(line)
    if hand:
        yield start, hand


def _learn_dealt_2019(record: HandRecord, player: str, street: int, text: str, line: int) -> None:
    """A ``Dealt to`` line: every card the player holds (the hero), or the up cards so
    far and the new one; on seventh street, whose card is dealt down, perhaps only the
    up cards again."""
    words = text.replace("[", " ").replace("]", " ").split()
    _held, ups, dealt_up = record.layout.shown[street]
    if not dealt_up and len(words) == len(ups):
        cards = parse_card_list(" ".join(words), where=record.where(line))
        for slot, card in zip(ups, cards, strict=True):
            learn(record, player, slot, card, line)
        return
    learn_dealt(record, player, street, text, line)


def _header_2019(number: int, line: str) -> HandRecord:
    match = HEADER_2019.match(line)
    if match is None:  # (a header cut short)
        raise HistoryError(f"{SITE} hand (line {number}), line {number}: cannot read {line!r}")
    where = f"{SITE} hand #{match['number']}, line {number}"
    name = match["game"].strip()
    limit = match["limit"].strip()
    game = _GAMES_2019.get(name.lower())
    if game is None or limit.lower() != "fixed limit":
        # Hold'em, Omaha, or stud that is not fixed limit: skipped, not an error.
        raise OtherGame(f"{where}: a hand of {name} ({limit}), not a stud game", name)
    stakes = _STAKES_2019.match(match["rest"])
    if stakes is None:
        raise HistoryError(f"{where}: no small and big bet in the header")
    tournament = match["tournament"]
    currency = "$" if "$" in stakes["small"] else None
    # Chips in tournaments (written with cents: ``100.00``), cents at money tables.
    whole = all(
        written.replace(",", "").endswith((".00", ".0")) or "." not in written
        for written in (stakes["small"], stakes["big"], stakes["ante"] or "0")
    )
    scale = 1 if tournament and whole else 100
    record = HandRecord(
        site=SITE,
        number=match["number"],
        line=number,
        game=game,
        currency=currency if not tournament else None,
        scale=scale,
        small_bet=to_units(stakes["small"], scale, where=where),
        big_bet=to_units(stakes["big"], scale, where=where),
        tournament=tournament,
        played_at=played_at(match["rest"]),
    )
    if stakes["ante"]:
        record.ante = to_units(stakes["ante"], scale, where=where)
    return record


READER_2016 = Winning2016Reader()
READER_2019 = Winning2019Reader()


def read_winning(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of a WPN file of either format (its text, or its lines), each a
    record or the error that stopped reading it (the other hands are still read)."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    for line in lines:
        bare = line.lstrip("\ufeff").rstrip("\r\n")
        if READER_2016.finds(bare):
            return READER_2016.read(lines)
        if READER_2019.finds(bare):
            return READER_2019.read(lines)
    return []
