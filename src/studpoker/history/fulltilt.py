"""Reading Full Tilt Poker hand histories of Seven Card Stud, Stud Hi/Lo, Razz and
Five-Card Stud.

Full Tilt writes lines without a colon after the name (``Hero calls $3``),
``completes it to $3`` and ``raises to $6`` (totals), ``is low with [3c]`` for
the bring-in, an ante nobody matched returned at once (``Uncalled bet of 1
returned to Hero``), all-in hands shown as soon as the betting is over, and
``wins the pot ($9.50)`` after rake.  Seats listed as sitting out are dealt in
when they ante (a sit-and-go blinds them off).  Five-Card Stud (R9) is ``Limit 5
Card Stud`` (or ``Limit 5-Card Stud Hi``, the other name fpdb's reader knows), its
streets ``*** 2ND STREET ***`` to ``*** 5TH STREET ***``, the hero's second street
``Dealt to Hero [9s] [Kd]`` (the down card, the up card).

>>> text = '''Full Tilt Poker Game #1: Table Mart - $0.10/$0.20 Ante $0.02 - Limit Razz - \\
... 17:10:10 ET - 2010/12/07
... Seat 1: Ann ($4.50)
... Seat 2: Bob ($5.63)
... Ann antes $0.02
... Bob antes $0.02
... *** 3RD STREET ***
... Dealt to Ann [6d Kd] [4s]
... Dealt to Bob [Ks]
... Bob is high with [Ks]
... Bob brings in for $0.03
... Ann folds
... Uncalled bet of $0.03 returned to Bob
... Bob mucks
... Bob wins the pot ($0.04)
... *** SUMMARY ***
... Total pot $0.04 | Rake $0'''
>>> (record,) = read_fulltilt(text)
>>> record.game, record.small_bet, record.ante, record.bring_in, record.cards["Ann"][:3]
('razz', 10, 2, 3, [Card.parse('6d'), Card.parse('Kd'), Card.parse('4s')])
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
    played_at,
    to_units,
)
from studpoker.history.site import AMOUNT, Kind, LineReader
from studpoker.history.text import Names

__all__ = ["HEADER", "FullTiltReader", "iter_fulltilt", "read_fulltilt"]

HEADER = re.compile(r"^Full Tilt Poker Game #(\d+): (.*)$", re.IGNORECASE)
_AMOUNT = r"([$€£]?\d+(?:,\d{3})*(?:\.\d+)?)"
# The table, the stakes and the game; a mixed table names its mix between them
# (``- $1/$2 - HORSE - Limit Razz -``, ``- 10-Game -``); header words in any case (a
# tracker's export).
_STAKES = re.compile(
    rf"(?:^|, )Table (.+?) - {_AMOUNT}/{_AMOUNT}(?: Ante {_AMOUNT})?(?: - (?:\d+-Game|[^-]+?))?"
    r" - Limit (5-Card Stud Hi|[^-]+?) - ",
    re.IGNORECASE,
)
# Any game's name, to tell a mixed file's hold'em, Omaha or draw hand (``Limit 2-7
# Triple Draw``: a hyphen between digits is part of the name) from a hand unreadable.
_ANY_GAME = re.compile(
    r" - ((?:No |Pot )?Limit (?:5-Card Stud Hi|(?:\d-\d|[^-])+?)) - ", re.IGNORECASE
)
_TOURNAMENT = re.compile(r"\((\d+)\), Table ")
_GAMES: dict[str, Game] = {  # by the name in lower case
    "stud hi": "seven_card_stud",
    "stud": "seven_card_stud",
    "stud h/l": "stud_hilo",
    "stud hi/lo": "stud_hilo",
    "stud 8": "stud_hilo",
    "razz": "razz",
    "5 card stud": "five_card_stud",
    "5-card stud hi": "five_card_stud",
}
_ALL_IN = r"(?P<all_in>.*and is all in)?"
_NOISE = (
    "has ",
    "is sitting out",
    "stands up",
    "sits down",
    "adds ",
    "is disconnected",
    "has reconnected",
    "has timed out",
    "mucks",
    "leaves the table",
    "seconds left",
    "is feeling",
)


class FullTiltReader(LineReader):
    """Full Tilt Poker's text: a name and its verb without a colon."""

    name = "Full Tilt"
    header = HEADER
    first_word = "Full Tilt"
    seat = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(.*)$")
    street = re.compile(r"^\*\*\* (?P<street>2ND|3RD|4TH|5TH|6TH|7TH) STREET \*\*\*")
    uncalled = re.compile(rf"^Uncalled bet of (?P<amount>{AMOUNT}) returned to (?P<name>.+?)\s*$")
    total = re.compile(rf"^Total pot (?P<total>{AMOUNT})(.*?)\s*\| Rake (?P<rake>{AMOUNT})")
    all_in = "and is all in"
    player_lines: ClassVar[tuple[tuple[Kind, re.Pattern[str]], ...]] = (
        ("ante", re.compile(rf"^antes (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("shows", re.compile(r"^shows \[(?P<cards>[^\]]*)\]")),
        # Every pot a Stud/8 hand can award, and its ties: ``wins the pot ($9.50)``,
        # ``wins the high main pot ($3.60)``, ``wins the low side pot ($6)``, ``ties for
        # the high pot ($2)`` (a side pot may be numbered: ``side pot #2``).
        (
            "collected",
            re.compile(
                r"^(?:wins|ties for) (?:the )?(?:(?P<half>high|low) )?"
                rf"(?P<pot>pot|main pot|side pot(?: #?\d+)?)[^(]*\((?P<amount>{AMOUNT})\)"
            ),
        ),
        ("mucks", re.compile(r"^mucks(?: |$)")),
        ("claim", re.compile(r"^is (?:low|high) with \[")),
        ("bring_in", re.compile(rf"^brings in for (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("call", re.compile(rf"^calls (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("bet", re.compile(rf"^bets (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("complete", re.compile(rf"^completes it to (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("raise", re.compile(rf"^raises to (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("check", re.compile(rf"^checks{_ALL_IN}")),
        ("fold", re.compile(rf"^folds{_ALL_IN}")),
    )

    def header_record(self, number: int, line: str) -> HandRecord:
        return _header(number, line)

    def other_line(
        self, record: HandRecord, names: Names, street: int | None, line: str, number: int
    ) -> bool:
        said = names.split(line, " ")
        if said is None:
            return True  # a table message, or someone not playing (adds chips, sits down)
        return said[1].startswith(_NOISE) or ": " in line  # the clock, seats, chat


READER = FullTiltReader()


def read_fulltilt(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of a Full Tilt file (its text, or its lines), each a record or the
    error that stopped reading it (the other hands are still read)."""
    return READER.read(text)


def iter_fulltilt(lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_fulltilt` a hand at a time, as ``lines`` are read."""
    return READER.iter_hands(lines)


def read_hand(first: int, lines: list[str]) -> HandRecord:
    """One hand's record from its lines (``first``: its header's line number)."""
    return READER.read_hand(first, lines)


def _header(number: int, line: str) -> HandRecord:
    match = HEADER.match(line)
    assert match is not None
    hand_id, rest = match.groups()
    where = f"Full Tilt hand #{hand_id}, line {number}"
    stakes = _STAKES.search(rest)
    game = _GAMES.get(stakes.group(5).strip().lower()) if stakes else None
    if stakes is None or game is None:
        named = _ANY_GAME.search(rest)
        if named is not None:
            name = named.group(1)
            ours = name.lower().startswith("limit ") and name[6:].strip().lower() in _GAMES
            if not ours:  # a mixed file's hand of another game (2-7 Triple Draw, No
                # Limit Stud, hold'em): skipped, not an error
                raise OtherGame(f"{where}: a hand of {name}, not a stud game", name)
        raise HistoryError(f"{where}: not a fixed-limit stud game: {rest!r}")
    table, small, big, ante, _name = stakes.groups()
    currency = next((sign for sign in "$€£" if sign in small), None)
    tournament = _TOURNAMENT.search(rest)
    scale = 100 if currency and not tournament else 1
    record = HandRecord(
        site="Full Tilt",
        rake_from="main pot",  # all from the main pot: a side pot is collected whole
        number=hand_id,
        line=number,
        game=game,
        currency=currency if not tournament else None,
        scale=scale,
        small_bet=to_units(small, scale, where=where),
        big_bet=to_units(big, scale, where=where),
        tournament=tournament.group(1) if tournament else None,
        table=table,
        played_at=played_at(rest),
    )
    if ante:
        record.ante = to_units(ante, scale, where=where)
    return record
