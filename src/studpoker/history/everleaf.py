"""Reading Everleaf Gaming hand histories of Seven Card Stud, Stud Hi/Lo and Razz.

Everleaf writes a hand as three lines of header (``Everleaf Gaming Game #285997460``,
``***** Hand history for game #285997460 *****``, then the stakes, the game and the
moment: ``$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53``), the table, the seats
(``Seat 1: Player1 (  $ 0.54 USD )``), and then the hand with no summary: it ends with
its last ``wins`` line, and hands are parted by blank lines.  Some lines have a colon
after the name (``Player1: posts ante [$ 0.01 USD]``, ``Player4: bets [$ 0.10 USD]``),
the others none (``Player2 posts bring-in $0.02.``, ``Player3 completes to $0.05.``,
``Player4 calls [$ 0.02 USD]``, ``Player2 raises [$ 0.20 USD]``).  A call's amount is
what it costs; a raise's is what the raiser puts in with it (a player who brought in for
$0.02 and ``raises [$ 0.08 USD]`` is at $0.10: the hold'em records, where the big
blind's raise is written the same way, show it), turned here into the total the record
keeps.  The streets are ``** Dealing down cards **`` then ``**** dealing 4th street
****`` to ``**** dealing river ****``.

What Everleaf does not write, the record says it does not: nobody's up cards (only the
hands shown at the showdown, ``shows [ 5d, 8d, Kd, 7d, 9d, Jh, Qc ]`` in dealing order,
and the hero's ``Dealt to`` line when there is one), no uncalled bet returned, no total
pot and no rake: ``wins $ 0.32 USD from main pot`` is after both.  Nor does it say who is
all in: a player is all in when an action takes the last of the stack the seat list
gives.  Who was dealt in is whoever posted an ante (or acted on third street).

>>> text = '''Everleaf Gaming Game #1
... ***** Hand history for game #1 *****
... $0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53
... Table Clarkdale 20
... Seat 1: Ann (  $ 0.54 USD )
... Seat 2: Bob (  $ 1.29 USD )
... Ann: posts ante [$ 0.01 USD]
... Bob: posts ante [$ 0.01 USD]
... ** Dealing down cards **
... Bob posts bring-in $0.02.
... Ann folds
... Bob does not show cards
... Bob wins $ 0.02 USD from main pot'''
>>> (record,) = read_everleaf(text)
>>> record.game, record.small_bet, record.big_bet, record.ante, record.bring_in
('seven_card_stud', 5, 10, 1, 2)
>>> record.players, [(got.player, got.amount) for got in record.collected]
(['Ann', 'Bob'], [('Bob', 2)])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import ClassVar

from studpoker.history.record import (
    Game,
    HandRecord,
    HistoryError,
    OtherGame,
    learn_shown,
    learn_street_cards,
    parse_card_list,
    street_of_marker,
    to_units,
)
from studpoker.history.site import Kind, LineReader, settle_players
from studpoker.history.text import Names

__all__ = ["HEADER", "EverleafReader", "iter_everleaf", "read_everleaf"]

HEADER = re.compile(r"^Everleaf Gaming Game #(\d+)", re.IGNORECASE)
# An amount as Everleaf writes it: ``$ 0.01`` (a space after the sign in brackets),
# ``$0.02``, ``1,500``; the currency's code after it (``USD``) is not part of it.
_MONEY = r"[$€£]?\s?\d+(?:,\d{3})*(?:\.\d+)?"
_CODE = r"(?:\s?(?:USD|EURO?|GBP|CAD|GEL|FPP|[Cc]hips))?"
_BRACKETED = rf"\[\s*(?P<amount>{_MONEY}){_CODE}\s*\]"
# The stakes, the game and the moment: ``$0.05/$0.10 7 Card Stud - 2011/07/08 -
# 00:08:53``; hold'em's ``Blinds $0.50/$1 NL Hold'em - …``; a table's size may follow the
# game (``- 6 Max``).
_GAME_LINE = re.compile(
    rf"^(?:Blinds )?(?P<small>{_MONEY}) ?/ ?(?P<big>{_MONEY}) (?P<game>.+?)"
    r"(?: - \d+ Max)? - (?P<year>\d{4})/(?P<month>\d{1,2})/(?P<day>\d{1,2})"
    r" - (?P<time>\d{1,2}:\d{2}:\d{2})"
)
_TOURNAMENT = re.compile(r"Tournament #(\d+)", re.IGNORECASE)
_BUTTON = re.compile(r"^Seat \d+ is the button")
_HI_LO = re.compile(r"hi ?[/-]? ?lo|h/l|8 or better|/8\b|\b8\b")
# A player's line: after the name, a colon or not, then a space.
_AFTER = r"^:? "
# The words a line about a player begins with when it states a fact (a line beginning
# so that no pattern reads is broken, not chat).
_VERBS = (
    "posts",
    "bets",
    "raises",
    "calls",
    "checks",
    "folds",
    "completes",
    "shows",
    "mucks",
    "wins",
    "does not show",
)
# What a player's line may say that states nothing the replay checks.
_NOISE = (
    "has ",
    "is ",
    "was ",
    "sits ",
    "will ",
    "adds ",
    "leaves",
    "joins",
    "stands",
    "re-buys",
    "rebuys",
    "timed out",
)
_MONEY_KINDS = frozenset(("ante", "bring_in", "complete", "bet", "raise", "call"))
# A line ends after its amount (and the period Everleaf puts after some), or after words
# saying the player is all in: a line with more is not read.
_END = r"\.?(?:\s*\(?(?P<all_in>all[- ]in)\)?)?\s*$"


class EverleafReader(LineReader):
    """Everleaf Gaming's text: the game on the third line, no summary, no up cards."""

    name = "Everleaf"
    header = HEADER
    first_word = "Everleaf"
    separator = ""  # a colon after the name on some lines, none on others: see _AFTER
    summary = None  # the hand ends with its last line
    dealt = None  # the hero's ``Dealt to`` line lists its cards with commas: other_line
    table = re.compile(r"^Table (?P<table>.+?)\s*$")
    seat = re.compile(
        r"^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*"
        rf"(?:(?P<stack>{_MONEY}){_CODE}|new player)[^)]*\)\s*$"
    )
    street = re.compile(
        r"^\*{2,4} ?[Dd]ealing (?:down cards|(?P<street>\d(?:st|nd|rd|th)|river)"
        r"(?: street)?) ?\*{2,4}"
    )
    player_lines: ClassVar[tuple[tuple[Kind, re.Pattern[str]], ...]] = (
        ("ante", re.compile(rf"{_AFTER}posts ante {_BRACKETED}{_END}")),
        ("bring_in", re.compile(rf"{_AFTER}posts bring-in (?P<amount>{_MONEY}){_CODE}{_END}")),
        ("complete", re.compile(rf"{_AFTER}completes to (?P<amount>{_MONEY}){_CODE}{_END}")),
        ("bet", re.compile(rf"{_AFTER}bets {_BRACKETED}{_END}")),
        ("raise", re.compile(rf"{_AFTER}raises {_BRACKETED}{_END}")),  # what it puts in
        ("call", re.compile(rf"{_AFTER}calls {_BRACKETED}{_END}")),
        ("check", re.compile(rf"{_AFTER}checks{_END}")),
        ("fold", re.compile(rf"{_AFTER}folds{_END}")),
        ("shows", re.compile(rf"{_AFTER}shows \[(?P<cards>[^\]]*)\]")),
        (
            "mucks",
            re.compile(rf"{_AFTER}(?:mucks|does not show)(?: cards)?(?: \[(?P<cards>[^\]]*)\])?"),
        ),
        # ``wins $ 0.08 USD from main pot``, then perhaps ``with a flush, king high [ … ]``;
        # a Stud/8 half or a side pot as Everleaf's hold'em names them.
        (
            "collected",
            re.compile(
                rf"{_AFTER}wins (?:the )?(?:(?P<half>high|low) )?\(?(?P<amount>{_MONEY}){_CODE}"
                r"\)?(?: from (?:the )?(?P<pot>main pot|side pot(?: ?[#-]?\d+)?))?(?: with .*)?\s*$"
            ),
        ),
    )

    def header_record(self, number: int, line: str) -> HandRecord:
        match = HEADER.match(line)
        assert match is not None
        # The game and the stakes come on the third line (before_seats): until then the
        # record is a Seven Card Stud hand of no stakes.
        return HandRecord(
            site=self.name,
            number=match.group(1),
            line=number,
            game="seven_card_stud",
            currency=None,
            scale=1,
            small_bet=0,
            big_bet=0,
            rake_stated=False,
            uncalled_written=False,
            up_cards_written=False,
        )

    def before_seats(self, record: HandRecord, line: str, number: int) -> bool:
        if line.startswith(("*****", "Total number of players")) or _BUTTON.match(line):
            return True  # the hand's number again; how many play; the button (hold'em)
        tournament = _TOURNAMENT.search(line)
        if tournament is not None:
            record.tournament = tournament.group(1)
            return True
        found = _GAME_LINE.match(line)
        if found is not None:
            _game_line(record, found, number)
            return True
        if not record.small_bet:  # the line after the hand's number gives the game
            raise HistoryError(f"{record.where(number)}: cannot read the game {line!r}")
        return False

    def street_of(self, record: HandRecord, word: str | None, number: int) -> int:
        if word is None:  # ``** Dealing down cards **``: the first street
            word = record.layout.marker_words[0]
        return street_of_marker(record, word, number)

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
        if kind in ("shows", "mucks"):
            cards = found["cards"]
            if cards is not None and cards.strip():
                shown = parse_card_list(cards.replace(",", " "), where=record.where(number))
                learn_shown(record, player, shown, number)
            if kind == "shows":
                record.shows[player] = number
            else:
                record.mucks[player] = number
            return
        before = _put_in(record, player, street) if kind == "raise" else 0
        super().player_line(record, player, kind, found, street, line, number)
        if kind not in _MONEY_KINDS:
            return
        if kind == "raise":  # what the raise put in, made the player's total
            action = record.actions[-1]
            assert action.amount is not None
            action.amount += before
        # All in when the action takes the last chip of the stack the seat list gives.
        stack = next(seat.stack for seat in record.seats if seat.name == player)
        if _put_in(record, player) >= stack:
            if kind == "ante":
                amount, _, at = record.antes[player]
                record.antes[player] = (amount, True, at)
            else:
                record.actions[-1].all_in = True

    def other_line(
        self, record: HandRecord, names: Names, street: int | None, line: str, number: int
    ) -> bool:
        if line.startswith("Dealt to "):  # the hero: ``Dealt to Hero [ 5c, 8s, Jh ]``
            said = names.split(line[len("Dealt to ") :], " ")
            if said is None:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            player, text = said
            at = 0 if street is None else street
            cards = parse_card_list(
                text.replace("[", " ").replace("]", " ").replace(",", " "),
                where=record.where(number),
            )
            learn_street_cards(record, player, at, list(cards), number)
            if player not in record.dealt[at]:
                record.dealt[at].append(player)
            return True
        said = names.split(line, "")
        if said is None or not said[1].startswith((" ", ":")):
            return True  # a table message (a name's prefix is no name)
        rest = said[1]
        if rest.startswith(": "):  # chat, unless it is a fact written wrong
            return not rest[2:].startswith(_VERBS)
        return rest[1:].startswith(_NOISE)

    def finish(self, record: HandRecord) -> None:
        if not record.small_bet:
            raise HistoryError(f"{record.where()}: no line gives the stakes and the game")
        # Who was dealt in: the players who posted an ante or acted on the first street
        # (Everleaf writes nobody's first cards but the hero's).
        dealt = record.dealt[0]
        for player in [*record.antes, *(a.player for a in record.actions if a.street == 0)]:
            if player not in dealt:
                dealt.append(player)
        settle_players(record)


def _game_line(record: HandRecord, found: re.Match[str], number: int) -> None:
    """The record's game, stakes and moment from its third line; a game we do not deal
    raises OtherGame."""
    where = record.where(number)
    name = found["game"].strip()
    game = _game_of(name)
    if game is None:
        raise OtherGame(f"{where}: a hand of {name}, not a fixed-limit stud game", name)
    small, big = found["small"], found["big"]
    currency = next((sign for sign in "$€£" if sign in small), None)
    scale = 100 if currency else 1  # no sign: a tournament's chips
    record.game = game
    record.dealt = [[] for _ in record.layout.streets]
    record.currency = currency
    record.scale = scale
    record.small_bet = to_units(small, scale, where=where)
    record.big_bet = to_units(big, scale, where=where)
    month, day = int(found["month"]), int(found["day"])
    record.played_at = f"{found['year']}-{month:02}-{day:02} {found['time']:0>8}"


def _game_of(name: str) -> Game | None:
    """Our game by Everleaf's name for it (``7 Card Stud``, ``Razz``, a Stud/8 in any of
    its spellings); None for hold'em, Omaha, no-limit or pot-limit games."""
    lowered = name.lower().removeprefix("fixed limit ").removeprefix("limit ")
    lowered = lowered.removeprefix("fl ")
    if lowered.startswith(("nl ", "pl ", "no limit", "pot limit", "no-limit", "pot-limit")):
        return None
    if "razz" in lowered:
        return None if "2-7" in lowered else "razz"
    if "stud" not in lowered:
        return None
    if lowered.startswith(("5", "five")):
        return "five_card_stud"
    return "stud_hilo" if _HI_LO.search(lowered) else "seven_card_stud"


def _put_in(record: HandRecord, player: str, street: int | None = None) -> int:
    """What ``player`` has put in so far: on ``street``, or in the whole hand with the
    ante."""
    totals: dict[int, int] = {}
    for action in record.actions:
        if action.player != player or action.amount is None:
            continue
        if action.kind in ("bring_in", "call"):
            totals[action.street] = totals.get(action.street, 0) + action.amount
        elif action.kind in ("bet", "raise", "complete"):
            totals[action.street] = action.amount
    if street is not None:
        return totals.get(street, 0)
    ante = record.antes.get(player)
    return sum(totals.values()) + (ante[0] if ante is not None else 0)


READER = EverleafReader()


def read_everleaf(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of an Everleaf file (its text, or its lines), each a record or the
    error that stopped reading it (the other hands are still read)."""
    return READER.read(text)


def iter_everleaf(lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_everleaf` a hand at a time, as ``lines`` are read."""
    return READER.iter_hands(lines)
