"""Reading PartyPoker hand histories of Seven Card Stud and Stud Hi/Lo.

A PartyPoker hand begins ``Game #9581478205 starts.``, then ``#Game No : 9581478205``
and ``***** Hand History for Game 9581478205 *****`` (older files begin at one of the
later two: a hand is the lines from the first line naming its number to the next
hand's), then:

- the game line: ``$0.50/$1 USD 7 Card Stud Hi-Lo - Monday, August 30, 20:20:17 EEST
  2010``, the small and the big bet, the game, the moment; a tournament's names its
  level's stakes (``FL 7 Card Stud Trny: 1234 Level: 2 Stakes-Antes(20/40 - 5) - …``);
  hold'em and Omaha (``$10 USD NL Texas Hold'em - …``) are other games, skipped;
- ``Table Table  136403 (Real Money)``, ``Seat 0 is the button``, ``Total number of
  players : 7/8``, the seats in any order (``Seat 3: Hero ( $24.95 USD )``), a player
  listed who posts no ante nor acts sitting out (not dealt in);
- ``posts ante [$0.05 USD]``, ``** Dealing **`` (third street), ``Dealt to Hero [  Td
  5s 3c ]`` (the hero's cards only; on a later street the card it deals, ``[  2c ]``),
  ``YMAN1 opens`` (who opens the street: on third street, the bring-in the replay
  checks), ``bring-ins [$0.25 USD]``, ``completes [$0.50 USD]``, ``bets``, ``double
  bets`` (an open pair's double bet, R2.7), ``raises [$2 USD]``, ``calls [$0.25
  USD]``, ``checks``, ``folds``, ``is all-In  [$0.40 USD]``, ``** Dealing Fourth street
  **`` to ``** Dealing River **``;
- at the end ``shows [ Ad, Qd, Ah, 2d, 7d, Th, 6d ]a flush, Ace high.`` and ``doesn't
  show [ 5h, 9d, … ]a pair of Nines.`` (cards in dealing order: a hand not shown is
  still written, and its cards are known), ``does not show cards.`` (the winner nobody
  called), ``wins $8.45 USD from the main pot with …`` (``wins Lo ($2.10 USD)`` for the
  low half), ``There was no qualifying low hand``; no summary.

Every amount is what the action puts in (``raises [$2 USD]`` over a $1 bet is a raise
to $2; a re-raise to $3 by a player who bet $1 is ``raises [$2 USD]`` too): the reader
makes a wager's amount the player's total on the street, as the record keeps it.  What
PartyPoker does not write, the record says it does not: nobody's up cards but the
hero's (the replay takes each street's first actor from the record,
``up_cards_written``), no uncalled bet returned (it stays in the ``wins`` amount of its
owner, ``uncalled_collected``), no rake nor total pot (``rake_stated``: the replay takes
the rake as what the ``wins`` lines leave of the pot), and nobody all in but on ``is
all-In`` lines (a player is also all in when an action takes the last chip of the
stack the seat list gives).  The files start each hand with a NUL byte (the ``data``
that ``file`` says): it is read as nothing.

>>> text = '''Game #1 starts.
...
... #Game No : 1
... ***** Hand History for Game 1 *****
... $0.50/$1 USD 7 Card Stud - Monday, April 25, 14:20:12 EDT 2011
... Table Table  136419 (Real Money)
... Seat 2: Bob ( $10 USD )
... Seat 1: Ann ( $20 USD )
... Ann posts ante [$0.05 USD]
... Bob posts ante [$0.05 USD]
... ** Dealing **
... Dealt to Ann [  3h 8c 7c ]
... Ann opens
... Ann bring-ins [$0.25 USD]
... Bob completes [$0.50 USD]
... Ann folds
... Bob does not show cards.
... Bob wins $0.85 USD'''
>>> (record,) = read_partypoker(text)
>>> record.game, record.small_bet, record.big_bet, record.ante, record.players
('seven_card_stud', 50, 100, 5, ['Ann', 'Bob'])
>>> [(action.player, action.kind, action.amount) for action in record.actions]
[('Ann', 'bring_in', 25), ('Bob', 'complete', 50), ('Ann', 'fold', None)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import ClassVar

from studpoker.history.increments import (
    WAGERS,
    all_in_action,
    infer_stakes,
    mark_all_in,
    put_in,
)
from studpoker.history.record import (
    Game,
    HandRecord,
    HistoryError,
    OtherGame,
    amount_at,
    learn_shown,
    learn_street_cards,
    parse_card_list,
    to_units,
)
from studpoker.history.site import AMOUNT, Kind, LineReader
from studpoker.history.text import Names

__all__ = ["HEADER", "READER", "PartyPokerReader", "iter_partypoker", "read_partypoker"]

# The lines that name a hand's number, any of which may be its first: ``Game #1
# starts.``, ``#Game No : 1``, ``***** Hand History for Game 1 *****``.
HEADER = re.compile(
    r"^(?:Game #(?P<started>\d+) starts\."
    r"|#Game No\s*:\s*(?P<number>\d+)"
    r"|\*{5} Hand History [Ff]or Game (?P<history>\d+) \*{5})"
)
_FIRST_CHARACTERS = ("G", "#", "*")
# An amount in brackets, its currency's code after it: ``[$0.05 USD]``, ``[20]``; an
# action that takes the last chip may say so after it.
_CODE = r"(?:\s*(?:USD|EUR|GBP|[Cc]hips))?"
_BRACKETED = rf"\[\s*(?P<amount>{AMOUNT}){_CODE}\s*\]\.?(?P<all_in>\s+and is all-In)?\.?\s*$"
# The game line of a cash game: the small and the big bet, their currency's code.
_CASH = re.compile(
    r"^(?P<small>[$€£]?\s?[\d,]+(?:\.\d+)?)\s?/\s?(?P<big>[$€£]?\s?[\d,]+(?:\.\d+)?)"
    r"(?:\s*(?P<code>USD|EUR|GBP))?\s"
)
# A tournament's: its number and its level's stakes (the small bet, the big bet, the
# ante), ``Trny: 1234 Level: 2 Stakes-Antes(20/40 - 5)``, or only its number.
_TOURNEY = re.compile(r"Trny:\s?(?P<number>\d+)|STT Tournament #(?P<stt>\d+)")
_LEVEL = re.compile(
    r"(?:^|\s)(?:Blinds|Stakes)(?:-Antes)?\((?P<small>[\d,. ]+)/(?P<big>[\d,. ]+)"
    r"(?:\s*-\s*(?P<ante>[\d,. ]+)\$?)?\)"
)
# The stakes or the buy-in a cash game's line begins with, before its game's name.
_STAKES = re.compile(r"^[$€£]?\s?[\d,.]+(?:\s?/\s?[$€£]?\s?[\d,.]+)?(?:\s*(?:USD|EUR|GBP))?\s*")
_LIMITS = re.compile(r"\b(?:NL|PL|No Limit|Pot Limit)\b")
_OTHER_GAMES = ("hold'em", "holdem", "omaha", "draw", "badugi")
_DATE = re.compile(
    r"(?P<month>[A-Z][a-z]{2})[a-z]*\s+(?P<day>\d{1,2}),?\s+(?P<time>\d{1,2}:\d{2}:\d{2})"
    r"\s+(?:[A-Z]+\s+)?(?P<year>\d{4})"
)
_MONTHS = {
    name: number
    for number, name in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
        1,
    )
}
_BUTTON = re.compile(r"^Seat \d+ is the button")
_TABLE = re.compile(r"^Table\s+(?P<table>.+?)(?:\s*\((?P<money>Real|Play) Money\))?\s*$")
# The streets' words after ``** Dealing``, by the number of the street they deal.
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}
_ALL_IN = re.compile(rf"^is all-In\.?(?:\s*\[\s*(?P<amount>{AMOUNT}){_CODE}\s*\])?\.?\s*$")
# The words a line about a player begins with when it states a fact: such a line that
# no pattern reads is broken, not a table message.
_VERBS = (
    "posts ",
    "bring-ins",
    "completes",
    "bets",
    "double bets",
    "raises",
    "calls",
    "checks",
    "folds",
    "shows",
    "doesn't show",
    "wins",
    "is all-In",
)
_MONEY_KINDS = frozenset(("ante", "bring_in", "complete", "bet", "raise", "call"))
_UNREAD = -1  # the small bet of a record whose game line is not read yet


class PartyPokerReader(LineReader):
    """PartyPoker's text: the game on a later line, amounts what each action puts in,
    no summary."""

    name = "PartyPoker"
    header = HEADER
    first_word = "Game"
    summary = None  # the hand ends with its last line
    dealt = None  # the hero's cards, and on later streets only the card dealt: other_line
    seat = re.compile(
        rf"^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>{AMOUNT}){_CODE}\s*\)\s*$"
    )
    street = re.compile(r"^\*\* Dealing(?: (?P<street>[A-Za-z]+)(?: street)?)? \*\*\s*$")
    player_lines: ClassVar[tuple[tuple[Kind, re.Pattern[str]], ...]] = (
        ("ante", re.compile(rf"^posts ante {_BRACKETED}")),
        ("claim", re.compile(r"^opens\.?\s*$")),
        ("bring_in", re.compile(rf"^bring-ins {_BRACKETED}")),
        ("complete", re.compile(rf"^completes {_BRACKETED}")),
        ("bet", re.compile(rf"^(?P<double>double )?bets {_BRACKETED}")),
        ("raise", re.compile(rf"^raises {_BRACKETED}")),
        ("call", re.compile(rf"^calls {_BRACKETED}")),
        ("check", re.compile(r"^checks\.?\s*$")),
        ("fold", re.compile(r"^folds\.?\s*$")),
        ("shows", re.compile(r"^shows \[(?P<cards>[^\]]*)\]")),
        ("mucks", re.compile(r"^doesn't show \[(?P<cards>[^\]]*)\]")),
        # ``wins $8.45 USD from the main pot with …``, ``wins Lo ($2.10 USD) from …``.
        (
            "collected",
            re.compile(
                rf"^wins (?:(?P<half>Hi|Lo) \(\s*)?(?P<amount>{AMOUNT}){_CODE}(?:\s*\))?"
                r"(?: from (?:the )?(?P<pot>main pot|side pot(?: ?#?\d+)?))?"
            ),
        ),
    )

    def finds(self, line: str) -> bool:
        return HEADER.match(line.lstrip("\ufeff\x00")) is not None

    def hands(self, lines: str | Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """Each hand: the lines from the first that names its number (``Game #1
        starts.``, ``#Game No : 1``, ``***** Hand History for Game 1 *****``: a hand
        may begin at any of them) to the first naming another number; the NUL bytes
        PartyPoker writes before each hand read as nothing."""
        source = lines.splitlines() if isinstance(lines, str) else lines
        hand: list[str] = []
        start = 0
        current: str | None = None
        for number, raw in enumerate(source, 1):
            line = raw.rstrip("\r\n")
            if "\x00" in line:
                line = line.replace("\x00", "")
            if line.startswith("\ufeff"):
                line = line.lstrip("\ufeff")
            found = HEADER.match(line) if line.startswith(_FIRST_CHARACTERS) else None
            if found is None:
                if hand:
                    hand.append(line)
                continue
            game = found["started"] or found["number"] or found["history"]
            if hand and game != current:
                yield start, hand
                hand = []
            if not hand:
                start = number
            current = game
            hand.append(line)
        if hand:
            yield start, hand

    def header_record(self, number: int, line: str) -> HandRecord:
        found = HEADER.match(line)
        if found is None:
            raise HistoryError(f"PartyPoker hand, line {number}: cannot read {line!r}")
        # The game and the stakes come on a later line (before_seats): until then the
        # record is a Seven Card Stud hand whose game line is not read.
        return HandRecord(
            site=self.name,
            number=found["started"] or found["number"] or found["history"],
            line=number,
            game="seven_card_stud",
            currency="$",
            scale=100,
            small_bet=_UNREAD,
            big_bet=_UNREAD,
            rake_stated=False,  # no rake nor total pot: what the wins leave of the pot
            uncalled_written=False,  # no uncalled bet returned:
            uncalled_collected=True,  # it stays in its owner's "wins" amount
            up_cards_written=False,  # only the hero's cards
        )

    def before_seats(self, record: HandRecord, line: str, number: int) -> bool:
        if not line or HEADER.match(line):
            return True  # the hand's number again
        if record.small_bet == _UNREAD:
            _game_line(record, line, number)  # the first other line: the game's
            return True
        table = _TABLE.match(line)
        if table is not None:
            record.table = table["table"]
            if table["money"] == "Play":
                record.currency = None  # play money: counted in hundredths, not money
            return True
        return bool(_BUTTON.match(line) or line.startswith("Total number of players"))

    def street_of(self, record: HandRecord, word: str | None, number: int) -> int:
        streets = len(record.layout.streets)
        if word is None:  # ``** Dealing **``: the first street
            return 0
        lowered = word.lower()
        if lowered == "river":
            return streets - 1
        first = 3 if record.game != "five_card_stud" else 2
        street = _ORDINALS.get(lowered, 0) - first
        if not 0 < street < streets:
            raise HistoryError(f"{record.where(number)}: {record.game} has no {word} street")
        return street

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
        if kind == "claim":
            # Who opens third street is who brings in (R3.1, R3.2): the replay checks it.
            # On a later street the first action says who opens it.
            first_street = street == 0 and not any(a.street == 0 for a in record.actions)
            if first_street and record.bring_in_claim is None:
                record.bring_in_claim = (player, number)
            return
        if kind in ("shows", "mucks"):
            # The hand in dealing order, shown or not: ``[ Ad, Qd, Ah, 2d, 7d, Th, 6d ]``.
            written = found["cards"].replace(",", " ")
            cards = parse_card_list(written, where=record.where(number))
            if cards:
                learn_shown(record, player, cards, number)
            if kind == "shows":
                record.shows[player] = number
            else:
                record.mucks[player] = number
            return
        before = put_in(record, player, street) if kind in WAGERS and street is not None else 0
        super().player_line(record, player, kind, found, street, line, number)
        if kind == "collected":
            half = found["half"]
            if half is not None:
                record.collected[-1].half = "low" if half == "Lo" else "high"
            return
        if kind in WAGERS:  # what the wager put in, made the player's total on the street
            action = record.actions[-1]
            assert action.amount is not None
            action.amount += before
            if kind == "bet" and found["double"]:
                record.open_pair.append((action.street, number))  # R2.7
        if kind in _MONEY_KINDS:
            mark_all_in(record, player, ante=kind == "ante")

    def other_line(
        self, record: HandRecord, names: Names, street: int | None, line: str, number: int
    ) -> bool:
        if line.startswith("Dealt to "):  # ``Dealt to Hero [  3h 8c 7c ]``, then ``[  2c ]``
            said = names.split(line[len("Dealt to ") :], " ")
            if said is None:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            player, text = said
            at = 0 if street is None else street
            written = text.replace("[", " ").replace("]", " ").replace(",", " ")
            cards = parse_card_list(written, where=record.where(number))
            learn_street_cards(record, player, at, list(cards), number)
            if player not in record.dealt[at]:
                record.dealt[at].append(player)
            if record.hero is None and at == 0 and len(cards) == record.layout.held[0]:
                record.hero = player  # the player whose file it is
            return True
        said = names.split(line, " ")
        if said is None:
            level = _LEVEL.match(line)
            if level is not None and record.tournament is not None:
                _level(record, level, number)  # a tournament's new level
            # A table message: ``There was no qualifying low hand``, ``Table Closed``.
            return True
        player, rest = said
        all_in = _ALL_IN.match(rest)
        if all_in is not None:
            if street is None:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            written = all_in["amount"]
            added = amount_at(written, record, number) if written is not None else None
            action = all_in_action(record, player, street, added, number, line)
            record.actions.append(action)
            if action.kind == "bring_in" and action.amount:
                record.bring_in = max(record.bring_in or 0, action.amount)
            return True
        # A fact no pattern reads is broken; anything else about a player (``does not
        # show cards.``, ``has joined the table``, ``is sitting out``) states nothing.
        return not rest.startswith(_VERBS)

    def finish(self, record: HandRecord) -> None:
        if record.small_bet == _UNREAD:
            raise HistoryError(f"{record.where()}: no line gives the game and the stakes")
        if not record.small_bet:
            note = infer_stakes(record)  # a tournament whose line names no stakes
            if note is not None:
                record.notes.append(note)
        if not record.collected:
            where = record.where(record.summary_line)
            raise HistoryError(f"{where}: the hand ends before anyone wins")
        record.seats.sort(key=lambda seat: seat.number)  # listed in any order
        # Who was dealt in: the players who posted an ante or acted on the first street
        # (PartyPoker writes nobody's first cards but the hero's).
        dealt = record.dealt[0]
        for player in [*record.antes, *(a.player for a in record.actions if a.street == 0)]:
            if player not in dealt:
                dealt.append(player)
        super().finish(record)


def _game_line(record: HandRecord, line: str, number: int) -> None:
    """The record's game, stakes and moment from the line after the hand's number; a
    game we do not deal raises OtherGame."""
    where = record.where(number)
    lowered = line.lower()
    game = _game_of(lowered)
    if game is None:
        if any(name in lowered for name in _OTHER_GAMES):
            name = _game_name(line)
            raise OtherGame(f"{where}: a hand of {name}, not a stud game", name)
        raise HistoryError(f"{where}: cannot read the game and the stakes in {line!r}")
    if _LIMITS.search(line) or "(nl)" in lowered or "(pl)" in lowered:
        name = _game_name(line)
        raise OtherGame(f"{where}: a hand of {name}, not a fixed-limit stud game", name)
    record.game = game
    record.dealt = [[] for _ in record.layout.streets]
    for date in _DATE.finditer(line):
        month = _MONTHS.get(date["month"], 0)
        if month:  # ``August 30, 20:20:17 EEST 2010``, in the zone it names
            day = int(date["day"])
            record.played_at = f"{date['year']}-{month:02}-{day:02} {date['time']:0>8}"
            break
    tourney = _TOURNEY.search(line)
    if tourney is not None:
        record.tournament = tourney["number"] or tourney["stt"]
        record.currency, record.scale = None, 1
        record.rake_stated = True  # a tournament takes no rake from the pots
        record.small_bet = record.big_bet = 0  # unless its level says them
        level = _LEVEL.search(line)
        if level is not None:
            _level(record, level, number)
        return
    cash = _CASH.match(line)
    if cash is None:
        raise HistoryError(f"{where}: cannot read the stakes in {line!r}")
    small, big, code = cash["small"], cash["big"], cash["code"]
    sign = next((sign for sign in "$€£" if sign in small), None)
    by_code = {"USD": "$", "EUR": "€", "GBP": "£"}
    record.currency = sign or (by_code[code] if code else None)
    record.small_bet = to_units(small, 100, where=where)
    record.big_bet = to_units(big, 100, where=where)


def _level(record: HandRecord, level: re.Match[str], number: int) -> None:
    """A tournament level's stakes: ``Stakes-Antes(20/40 - 5)``."""
    where = record.where(number)
    record.small_bet = to_units(level["small"].replace(" ", ""), 1, where=where)
    record.big_bet = to_units(level["big"].replace(" ", ""), 1, where=where)
    if level["ante"]:
        record.ante = to_units(level["ante"].replace(" ", ""), 1, where=where)


def _game_of(lowered: str) -> Game | None:
    """Our game by the game line's name for it (in lower case), else None."""
    if "7 card stud hi-lo" in lowered or "7 card stud hi/lo" in lowered:
        return "stud_hilo"
    if "7 card stud" in lowered:
        return "seven_card_stud"
    if "razz" in lowered and "2-7" not in lowered:
        return "razz"
    if "5 card stud" in lowered:
        return "five_card_stud"
    return None


def _game_name(line: str) -> str:
    """The game as a game line names it: its words before the moment, after the
    stakes or the buy-in (``$10 USD NL Texas Hold'em``)."""
    return _STAKES.sub("", line.split(" - ")[0]).strip()


READER = PartyPokerReader()


def read_partypoker(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of a PartyPoker file (its text, or its lines), each a record or the
    error that stopped reading it (the other hands are still read)."""
    return READER.read(text)


def iter_partypoker(lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_partypoker` a hand at a time, as ``lines`` are read."""
    return READER.iter_hands(lines)
