"""Reading OnGame hand histories of Seven Card Stud, Stud Hi/Lo and Razz.

OnGame begins a hand ``***** History for hand R5-82086688-607 *****`` (a tournament's
adds ``(TOURNAMENT: "name", T5-…, buy-in: $1)``), then ``Start hand: Mon Sep 13
22:31:30 GMT+0100 2010``, the table with the game and the stakes (``Table: Milwaukee
[82086688] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)``; the games
``SEVEN_CARD_STUD``, ``SEVEN_CARD_STUD_HI_LO`` and ``RAZZ``, the others hold'em, Omaha
and draw), the hero (``User: Hero``), the seats (``Seat 1: the bAAr ($6.53)``: names
hold spaces) and the hand, its streets parted by ``---``: ``posts ante $0.02``,
``Dealing pocket cards`` and ``Dealing to kueto: [-, -, 4h]`` (``-`` a card not shown),
``small bring in $0.05``, ``big bring in $0.10`` (the bring-in player completing at
once), ``calls $0.05`` (what it costs), ``bets $0.10`` (the total; on third street
after the bring-in, the completion), ``raises $0.10 to $0.20`` (to the total), ``checks``,
``folds``, ``and is all-in`` after an action that takes a player's last chip,
``Dealing 4th street`` to ``Dealing river`` and each new card (``Dealing to Hero: [9h]``).

The summary gives each pot before the rake and what its winners collect after it
(``Main pot: $2.35 won by Hero ($2.24)``, ``Side pot 1: …``), the rake (``Rake taken:
$0.11``: taken from the pots in proportion), and each seat's stack and net, with the cards
of the hands shown (``Seat 2: Hero ($3.47), net: +$1.47, [Jh, 9d, Ac, 7h, Js, 5c, 9h]
(TWO_PAIR JACK, NINE)``).  OnGame writes no uncalled bet returned: the pots are without
it.  The total pot is the sum of the pots.

>>> text = '''***** History for hand R5-1-1 *****
... Start hand: Mon Sep 13 22:31:30 GMT+0100 2010
... Table: Milwaukee [1] (LIMIT RAZZ $0.10/$0.20, ante: $0.02, Real money)
... User: Ann
... Players in round: 2
... Seat 1: Ann ($2)
... Seat 2: Bob ($2)
... Ann posts ante $0.02
... Bob posts ante $0.02
... ---
... Dealing pocket cards
... Dealing to Ann: [Ah, 2d, 3c]
... Dealing to Bob: [-, -, Kd]
... Bob small bring in $0.05
... Ann folds
... ---
... Summary:
... Main pot: $0.09 won by Bob ($0.09)
... Rake taken: $0
... Seat 1: Ann ($1.98), net: -$0.02
... Seat 2: Bob ($2.07), net: +$0.02
... ***** End of hand R5-1-1 *****'''
>>> (record,) = read_ongame(text)
>>> record.game, record.ante, record.bring_in, record.total_pot, record.hero
('razz', 2, 5, 9, 'Ann')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import ClassVar, Literal

from studpoker.cards import Card
from studpoker.history.record import (
    Collected,
    Game,
    HandRecord,
    HistoryError,
    OtherGame,
    amount_at,
    learn_shown,
    learn_street_cards,
    parse_card_list,
    street_of_marker,
    to_units,
)
from studpoker.history.site import AMOUNT, Kind, LineReader, settle_players
from studpoker.history.text import Names

__all__ = ["HEADER", "OnGameReader", "iter_ongame", "read_ongame"]

HEADER = re.compile(
    r"^\*{5} History for hand (?P<id>[-A-Za-z\d]+)"
    r"(?: \(TOURNAMENT:(?: \"(?P<name>.*?)\",)?(?: (?P<tournament>[-A-Za-z\d]+))?[^)]*\))?"
)
_TABLE = re.compile(
    r"^Table: (?:\[SPEED\] )?(?P<table>.+?) \[\d+\] \("
    r"(?P<limit>LIMIT|Limit|FIXED_LIMIT|NO_LIMIT|No Limit|POT_LIMIT|Pot Limit) "
    rf"(?P<game>[A-Za-z0-9_']+) (?P<small>{AMOUNT})/(?P<big>{AMOUNT})"
    rf"(?:, ante: (?P<ante>{AMOUNT}))?(?:, (?P<money>[^)]*))?\)"
)
# Any table line's game, to tell another game's hand from one the line breaks.
_ANY_GAME = re.compile(r"^Table: .*\((?:[A-Za-z_ ]*LIMIT|Limit) (?P<game>[A-Za-z0-9_']+) ")
_GAMES: dict[str, Game] = {
    "SEVEN_CARD_STUD": "seven_card_stud",
    "SEVEN_CARD_STUD_HI_LO": "stud_hilo",
    "RAZZ": "razz",
    "FIVE_CARD_STUD": "five_card_stud",
}
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
# ``Mon Sep 13 22:31:30 GMT+0100 2010``
_START = re.compile(
    r"^Start hand: \w{3} (?P<month>\w{3}) (?P<day>\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2})"
    r" \S+ (?P<year>\d{4})"
)
_POT = re.compile(rf"^(?P<pot>Main pot|Side pot(?: \d+)?): (?P<amount>{AMOUNT}) won by (?P<by>.+)$")
_WON = re.compile(rf"^(?P<amount>{AMOUNT})(?: (?P<half>High|Low|high|low))?\)(?:, )?")
_RAKE = re.compile(rf"^Rake taken: (?P<amount>{AMOUNT})")
_SEAT_RESULT = re.compile(
    rf"^(?P<stack>{AMOUNT})(?: in chips)?\)"
    rf"(?:, net: (?P<sign>[-+]?)(?P<net>{AMOUNT}))?(?:, \[(?P<cards>[^\]]*)\])?"
)
# A line ends after its amount, or ``and is all-in``: a line with more is not read.
_ALL_IN = r"(?P<all_in> and is all-in)?\s*$"
_NOISE = (
    "sits out",
    "sits in",
    "is sitting out",
    "has timed out",
    "timed out",
    "is disconnected",
    "has been disconnected",
    "has reconnected",
    "has left",
    "has joined",
    "leaves",
    "joins",
    "adds",
)


class OnGameReader(LineReader):
    """OnGame's text: the game on the table line, a summary of pots and nets."""

    name = "OnGame"
    header = HEADER
    first_word = "***** Hist"
    summary = "Summary:"
    dealt = None  # ``Dealing to X: [-, -, Kh]``: other_line
    all_in = "and is all-in"
    noise = ("---",)
    seat = re.compile(
        rf"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})(?: in chips)?\)\s*$"
    )
    street = re.compile(r"^Dealing (?P<street>pocket cards|\d(?:st|nd|rd|th) street|river)\s*$")
    player_lines: ClassVar[tuple[tuple[Kind, re.Pattern[str]], ...]] = (
        ("ante", re.compile(rf"^posts ante (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("bring_in", re.compile(rf"^small bring in (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("complete", re.compile(rf"^big bring in (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("call", re.compile(rf"^calls (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("bet", re.compile(rf"^bets (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("raise", re.compile(rf"^raises (?:{AMOUNT} )?to (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("check", re.compile(rf"^checks{_ALL_IN}")),
        ("fold", re.compile(rf"^folds{_ALL_IN}")),
        ("shows", re.compile(r"^shows \[(?P<cards>[^\]]*)\]")),
        ("mucks", re.compile(r"^mucks")),
    )

    def header_record(self, number: int, line: str) -> HandRecord:
        match = HEADER.match(line)
        assert match is not None
        # The game and the stakes come on the table line (before_seats): until then the
        # record is a Seven Card Stud hand of no stakes.
        return HandRecord(
            site=self.name,
            number=match["id"],
            line=number,
            game="seven_card_stud",
            currency=None,
            scale=1,
            small_bet=0,
            big_bet=0,
            tournament=match["tournament"] or match["name"],
            uncalled_written=False,
        )

    def before_seats(self, record: HandRecord, line: str, number: int) -> bool:
        if line.startswith("Table: "):
            _table_line(record, line, number)
            return True
        if line.startswith("User: "):
            record.hero = line[len("User: ") :].strip()
            return True
        start = _START.match(line)
        if start is not None:
            month = _MONTHS.index(start["month"]) + 1 if start["month"] in _MONTHS else 0
            if month:
                day = int(start["day"])
                record.played_at = f"{start['year']}-{month:02}-{day:02} {start['time']:0>8}"
            return True
        return line.startswith(("Players in round", "Button: "))

    def street_of(self, record: HandRecord, word: str, number: int) -> int:
        if word == "pocket cards":
            word = record.layout.marker_words[0]
        return street_of_marker(record, word.removesuffix(" street"), number)

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
        if kind == "shows":  # ``shows [ KC,JD ]``: cards parted by commas
            learn_shown(record, player, _shown(found["cards"], record, number), number)
            record.shows[player] = number
            return
        super().player_line(record, player, kind, found, street, line, number)

    def other_line(
        self, record: HandRecord, names: Names, street: int | None, line: str, number: int
    ) -> bool:
        if line.startswith("Dealing to "):  # ``Dealing to kueto: [-, -, 4h]``
            said = names.split(line[len("Dealing to ") :], ": ")
            if said is None or street is None:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            player, text = said
            cards = _cards(text, record, number)
            learn_street_cards(record, player, street, cards, number)
            if player not in record.dealt[street]:
                record.dealt[street].append(player)
            return True
        said = names.split(line, " ")
        if said is None:
            return True  # a table message
        return said[1].startswith(_NOISE)

    def summary_other_line(self, record: HandRecord, names: Names, line: str, number: int) -> bool:
        pot = _POT.match(line)
        if pot is not None:
            amount = amount_at(pot["amount"], record, number)
            record.total_pot = (record.total_pot or 0) + amount
            if not record.total_line:
                record.total_line = number
            which: Literal["main pot", "side pot"] = (
                "main pot" if pot["pot"] == "Main pot" else "side pot"
            )
            _winners(record, names, which, pot["by"], line, number)
            return True
        rake = _RAKE.match(line)
        if rake is not None:
            record.rake = amount_at(rake["amount"], record, number)
            return True
        if line.startswith("Seat "):
            _seat_result(record, names, line, number)
            return True
        return False

    def finish(self, record: HandRecord) -> None:
        if record.total_pot is None:
            where = record.where(record.summary_line)
            raise HistoryError(f"{where}: no pot in the summary")
        settle_players(record)


def _table_line(record: HandRecord, line: str, number: int) -> None:
    """The record's table, game and stakes; a game we do not deal raises OtherGame."""
    where = record.where(number)
    found = _TABLE.match(line)
    game = _GAMES.get(found["game"].upper()) if found is not None else None
    if found is None or game is None or found["limit"].upper() not in ("LIMIT", "FIXED_LIMIT"):
        named = found or _ANY_GAME.match(line)
        if named is not None:
            name = f"{found['limit']} {found['game']}" if found is not None else named["game"]
            if found is not None or named["game"].upper() not in _GAMES:
                raise OtherGame(f"{where}: a hand of {name}, not a fixed-limit stud game", name)
        raise HistoryError(f"{where}: cannot read the table line {line!r}")
    small, big, ante, money = found["small"], found["big"], found["ante"], found["money"] or ""
    tournament = record.tournament is not None
    sign = next((sign for sign in "$€£" if sign in small), None)
    real = not tournament and "play" not in money.lower()
    # Money in cents; a tournament's chips, and play money without a decimal point, as
    # written.
    scale = 100 if sign or any("." in text for text in (small, big, ante or "")) else 1
    if tournament:
        scale = 1
    record.table = found["table"]
    record.game = game
    record.dealt = [[] for _ in record.layout.streets]
    record.currency = sign if real else None
    record.scale = scale
    record.small_bet = to_units(small, scale, where=where)
    record.big_bet = to_units(big, scale, where=where)
    if ante is not None:
        record.ante = to_units(ante, scale, where=where)


def _cards(text: str, record: HandRecord, number: int) -> list[Card | None]:
    """``[-, -, Kh]`` (or ``[ KC,JD ]``) as cards, None for ``-``: a card the line does
    not show."""
    where = record.where(number)
    cards: list[Card | None] = []
    for word in text.strip().strip("[]").split(","):
        word = word.strip()
        if word == "-":
            cards.append(None)
            continue
        read = parse_card_list(word, where=where)
        if len(read) != 1:
            raise HistoryError(f"{where}: {word!r} is not a card")
        cards.append(read[0])
    return cards


def _shown(text: str, record: HandRecord, number: int) -> list[Card]:
    """The cards of a hand shown: every one of them a card."""
    cards = _cards(text, record, number)
    known = [card for card in cards if card is not None]
    if len(known) < len(cards):
        raise HistoryError(f"{record.where(number)}: a hand shown with a card not shown")
    return known


def _winners(
    record: HandRecord,
    names: Names,
    pot: Literal["main pot", "side pot"],
    text: str,
    line: str,
    number: int,
) -> None:
    """A pot's winners: ``Hero ($2.24)``, ``A ($1.37), B ($1.36)``, a Stud/8 half named
    after the amount (``($0.95 High)``)."""
    rest = text
    while rest:
        said = names.split(rest, " (")
        won = _WON.match(said[1]) if said is not None else None
        if said is None or won is None:
            raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
        amount = amount_at(won["amount"], record, number)
        half = (won["half"] or "").lower()
        named: Literal["high", "low"] | None = (
            "high" if half == "high" else "low" if half == "low" else None
        )
        record.collected.append(Collected(said[0], amount, pot, number, named))
        rest = said[1][won.end() :]


def _seat_result(record: HandRecord, names: Names, line: str, number: int) -> None:
    """``Seat 2: Hero ($3.47), net: +$1.47, [Jh, 9d, …] (TWO_PAIR JACK, NINE)``: the
    player's net, and the cards of a hand shown."""
    _, _, rest = line.partition(": ")
    said = names.split(rest, " (")
    result = _SEAT_RESULT.match(said[1]) if said is not None else None
    if said is None or result is None:
        raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
    player = said[0]
    if result["net"] is not None:  # (a seat sitting out may list its stack alone)
        net = amount_at(result["net"], record, number)
        record.net[player] = (-net if result["sign"] == "-" else net, number)
    if result["cards"] is None:
        return
    folded = {a.player for a in record.actions if a.kind == "fold"}
    dealt = record.dealt[0] if record.dealt else []
    still_in = [name for name in dealt if name not in folded]
    if player in folded or player not in dealt or len(still_in) < 2:
        return  # cards not shown at a showdown (a hand that folded, or won unopposed)
    learn_shown(record, player, _shown(result["cards"], record, number), number)
    record.shows[player] = number


READER = OnGameReader()


def read_ongame(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of an OnGame file (its text, or its lines), each a record or the error
    that stopped reading it (the other hands are still read)."""
    return READER.read(text)


def iter_ongame(lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_ongame` a hand at a time, as ``lines`` are read."""
    return READER.iter_hands(lines)
