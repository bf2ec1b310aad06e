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
from typing import Literal

from studpoker.history.record import (
    Collected,
    Game,
    HandRecord,
    HistoryError,
    OtherGame,
    RecordedAction,
    SeatRecord,
    amount_at,
    learn_dealt,
    learn_shown,
    parse_card_list,
    played_at,
    street_of_marker,
    to_units,
)
from studpoker.history.text import Names, iter_hands, read_hands

__all__ = ["HEADER", "iter_fulltilt", "read_fulltilt"]

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
_SEAT = re.compile(rf"^Seat (\d+): (.+?) \({_AMOUNT}\)(.*)$")
_STREET = re.compile(r"^\*\*\* (2ND|3RD|4TH|5TH|6TH|7TH) STREET \*\*\*")
_ALL_IN = "and is all in"
_ACTIONS = (
    (re.compile(rf"^brings in for {_AMOUNT}(.*)$"), "bring_in"),
    (re.compile(rf"^calls {_AMOUNT}(.*)$"), "call"),
    (re.compile(rf"^bets {_AMOUNT}(.*)$"), "bet"),
    (re.compile(rf"^completes it to {_AMOUNT}(.*)$"), "complete"),
    (re.compile(rf"^raises to {_AMOUNT}(.*)$"), "raise"),
    (re.compile(r"^checks(.*)$"), "check"),
    (re.compile(r"^folds(.*)$"), "fold"),
)
_ANTE = re.compile(rf"^antes {_AMOUNT}(.*)$")
_UNCALLED = re.compile(rf"^Uncalled bet of {_AMOUNT} returned to (.+?)\s*$")
# Every pot a Stud/8 hand can award, and its ties: ``wins the pot ($9.50)``, ``wins the
# high main pot ($3.60)``, ``wins the low side pot ($6)``, ``ties for the high pot ($2)``
# (a side pot may be numbered: ``side pot #2``).
_WINS = re.compile(
    r"^(?:wins|ties for) (?:the )?(?:(high|low) )?(pot|main pot|side pot(?: #?\d+)?)[^(]*"
    rf"\({_AMOUNT}\)"
)
_TOTAL = re.compile(rf"^Total pot {_AMOUNT}(.*?)\s*\| Rake {_AMOUNT}")
_SHOWS = re.compile(r"^shows \[([^\]]*)\]")
_CLAIM = re.compile(r"^is (?:low|high) with \[")
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


def read_fulltilt(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of a Full Tilt file (its text, or its lines), each a record or the
    error that stopped reading it (the other hands are still read)."""
    return read_hands(text, HEADER, "Full Tilt", read_hand)


def iter_fulltilt(lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_fulltilt` a hand at a time, as ``lines`` are read."""
    return iter_hands(lines, HEADER, "Full Tilt", read_hand)


def read_hand(first: int, lines: list[str]) -> HandRecord:
    """One hand's record from its lines (``first``: its header's line number)."""
    record = _header(first, lines[0].lstrip("\ufeff"))
    index = 1
    number = first
    while index < len(lines):
        number = first + index
        seat = _SEAT.match(lines[index].rstrip())
        if seat is None:
            break
        stack = amount_at(seat.group(3), record, number)
        record.seats.append(SeatRecord(int(seat.group(1)), seat.group(2), stack, number))
        index += 1
    if not record.seats:
        raise HistoryError(f"{record.where(number)}: no seats listed")
    names = Names(seat.name for seat in record.seats)
    last = number
    street: int | None = None
    summary = False
    for at in range(index, len(lines)):
        number = first + at
        line = lines[at].rstrip()
        if not line:
            continue
        last = number
        if line.startswith("*** SUMMARY ***"):
            summary = True
            record.summary_line = number
            continue
        if summary:
            total = _TOTAL.match(line)
            if total:
                where = record.where(number)
                record.total_pot = to_units(total.group(1), record.scale, where=where)
                record.total_line = number
                record.rake = to_units(total.group(3), record.scale, where=where)
            continue
        heading = _STREET.match(line)
        if heading:
            street = street_of_marker(record, heading.group(1), number)
            continue
        if line.startswith("*** "):
            continue  # *** SHOW DOWN ***
        _play_line(record, names, street, line, number)
    if not summary:
        raise HistoryError(f"{record.where(last)}: the hand ends before its summary")
    if record.total_pot is None:
        raise HistoryError(f"{record.where(record.summary_line)}: no total pot in the summary")
    dealt = set(record.dealt[0])
    if len(dealt) < 2:
        raise HistoryError(f"{record.where()}: fewer than two players dealt in")
    record.players = [seat.name for seat in record.seats if seat.name in dealt]
    record.ante = max((amount for amount, _, _ in record.antes.values()), default=0)
    for player in record.players:
        record.cards.setdefault(player, [None] * len(record.layout.slots))
    return record


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


def _play_line(
    record: HandRecord, names: Names, street: int | None, line: str, number: int
) -> None:
    where = record.where(number)
    if line.startswith("Dealt to "):
        said = names.split(line[len("Dealt to ") :], " ")
        if said is None or street is None:
            raise HistoryError(f"{where}: cannot read {line!r}")
        player, rest = said
        learn_dealt(record, player, street, rest, number)
        if player not in record.dealt[street]:
            record.dealt[street].append(player)
        return
    uncalled = _UNCALLED.match(line)
    if uncalled:
        amount = to_units(uncalled.group(1), record.scale, where=where)
        record.uncalled.append((uncalled.group(2), amount, number))
        return
    said = names.split(line, " ")
    if said is None:
        return  # a table message, or someone who is not playing (adds chips, sits down)
    player, rest = said
    ante = _ANTE.match(rest)
    if ante:
        amount = to_units(ante.group(1), record.scale, where=where)
        record.antes[player] = (amount, _ALL_IN in ante.group(2), number)
        return
    shows = _SHOWS.match(rest)
    if shows:
        learn_shown(record, player, parse_card_list(shows.group(1), where=where), number)
        record.shows[player] = number
        return
    wins = _WINS.match(rest)
    if wins:
        half, which, won = wins.groups()
        amount = to_units(won, record.scale, where=where)
        pot: Literal["pot", "main pot", "side pot"] = (
            "side pot" if which.startswith("side") else "main pot" if which == "main pot" else "pot"
        )
        named: Literal["high", "low"] | None = "high" if half == "high" else "low" if half else None
        record.collected.append(Collected(player, amount, pot, number, named))
        return
    if rest == "mucks" or rest.startswith("mucks "):
        record.mucks[player] = number
        return
    if _CLAIM.match(rest):
        record.bring_in_claim = (player, number)
        return
    if street is not None:
        for pattern, kind in _ACTIONS:
            match = pattern.match(rest)
            if match is None:
                continue
            wager: int | None = None
            if kind not in ("check", "fold"):
                wager = to_units(match.group(1), record.scale, where=where)
            if kind == "bring_in":
                record.bring_in = wager
            all_in = _ALL_IN in match.groups()[-1]
            record.actions.append(
                RecordedAction(street, player, kind, wager, all_in, number, line)  # type: ignore[arg-type]
            )
            return
    if rest.startswith(_NOISE) or ": " in line:
        return  # the clock, seats changing, chat
    raise HistoryError(f"{where}: cannot read {line!r}")
