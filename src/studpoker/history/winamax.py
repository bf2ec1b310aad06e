"""Reading Winamax hand histories of Seven Card Stud, Stud Hi/Lo and Razz.

Winamax deals stud in its mixed cash games (8-Game, 10-Game, HORSE) and tournaments;
a file of a mixed table holds its hold'em, Omaha and draw hands too, which are other
games (skipped and counted, never errors).  What it writes:

- the header: ``Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card
  Stud fixed limit (5€/25€/50€) - 2016/11/12 22:46:27 UTC``, the stakes in brackets
  the ante, the small bet and the big bet (the bring-in is read from its line); a
  tournament's ``Winamax Poker - Tournament "name" buyIn: 2€ + 0.20€ level: 3 -
  HandId: …`` has its stakes in chips (``(10/40/80)``), and its table line names the
  tournament's number (``Table: 'name(1124364443)#0'``); an export of play money
  writes ``7stud fixed limit (0.01/0.05/0.10)``, its amounts with cents and no sign;
- the table (``Table: 'Pampelune' 6-max (real money)``) and the seats
  (``Seat 1: Hero (1749.22€)``, a bounty after the stack in a tournament);
- the streets ``*** 3rd STREET ***`` to ``*** 7th STREET ***``, or, in the export,
  ``*** THIRD ***`` to ``*** SEVENTH ***``;
- every player's up cards on each street, the hero's down cards too, an unseen card
  written ``X``: ``Dealt to Player0 [X X 9h] [Kh]`` (the cards held, then the one
  dealt); the export writes none;
- ``posts ante 5€``, ``brings in 10€`` (the export: ``bring-in 0.02``), ``calls
  15€`` (what the call costs), ``bets 50€``, ``raises 50€ to 100€`` (``to``: the
  player's total on the street), ``checks``, ``folds``, `` and is all-in`` after an
  all-in action;
- the completion of the bring-in written as a raise from nothing: ``raises 25€ to
  25€`` over a bring-in of 10€ (the bring-in is no level of the street to
  Winamax, and the raise's first amount is of no use to the replay);
- ``shows [8c Td 9h Kh Kd Qc Jc] (Straight King high)``, the cards in dealing order;
- ``collected 458€ from pot`` (or ``from main pot``, ``from side pot 1``): what the
  player takes after rake, with the bet nobody called: Winamax writes no line
  returning it, the bet stays in the pot its owner collects (a fold to a bet
  collects the bet with the pot; an all-in's excess is a side pot of its own);
- the summary: ``Total pot 458€ | Rake 2€`` (or ``| No rake``), the total after
  the rake: what was collected.  The record's ``total_pot`` is what was put in,
  the total and the rake.

Amounts: real money is euros, in cents (``scale`` 100, ``currency`` "€");
tournament chips are chips (``scale`` 1, ``currency`` None); play money (the
export) is neither: its amounts have cents, so they are counted in hundredths
(``scale`` 100) with no currency (``currency`` None: it is not money).

Two readings follow fpdb's (WinamaxToFpdb): on third street a ``bets X`` after the
bring-in may be the completion written by what it adds (``bets 15€`` over a 10€
bring-in), and the bring-in player's own raise is written without the bring-in in
its total (``raises … to 40€`` for a total of 50€ over a 10€ bring-in).  Each is
taken where the written amount cannot be the wager's total (a fixed-limit wager goes
to the next level, an all-in one to the player's last chip) and the other reading
can.

>>> text = '''Winamax Poker - CashGame - HandId: #1-2-3 - Razz fixed limit (1€/4€/8€) - \\
... 2016/11/12 22:46:27 UTC
... Table: 'Pampelune' 6-max (real money)
... Seat 1: Ann (100€)
... Seat 2: Bob (80€)
... *** ANTE/BLINDS ***
... Ann posts ante 1€
... Bob posts ante 1€
... *** 3rd STREET ***
... Dealt to Ann [6d 2d 4s]
... Dealt to Bob [X X Ks]
... Bob brings in 2€
... Ann raises 4€ to 4€
... Bob folds
... Ann collected 8€ from pot
... *** SUMMARY ***
... Total pot 8€ | No rake'''
>>> (record,) = read_winamax(text)
>>> record.game, record.ante, record.bring_in, record.small_bet, record.hero, record.total_pot
('razz', 100, 200, 400, 'Ann', 800)
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
    RecordedAction,
    is_card,
    learn_dealt,
    played_at,
    street_of_marker,
    to_units,
)
from studpoker.history.site import AMOUNT, Kind, LineReader
from studpoker.history.text import Names

__all__ = ["HEADER", "READER", "WinamaxReader", "iter_winamax", "read_winamax"]

# The first line of every hand: a cash game's, a tournament's, a fast table's
# (``Go Fast "name"``, ``HOLD-UP "name"``: hold'em), in any case (a tracker's export).
HEADER = re.compile(
    r"^Winamax Poker - (?P<kind>.*?) - HandId: #(?P<number>[\w-]+) - (?P<game>.+?)"
    r" \((?P<stakes>[^()]*)\) - (?P<rest>.*)$",
    re.IGNORECASE,
)
# The game as the header names it, then its betting: ``7-Card Stud fixed limit``.
_GAME = re.compile(r"^(?P<name>.+?) (?P<limit>fixed limit|no limit|pot limit|limit)$", re.I)
_TOURNAMENT = re.compile(r'^Tournament\b(?: "(?P<name>[^"]*)")?', re.IGNORECASE)
_TABLE = re.compile(
    r"^Table: '(?P<table>.*)'(?: (?P<seats>\d+)-max)?(?: \((?P<money>[\w ]+)\))?", re.I
)
_TOURNAMENT_NUMBER = re.compile(r"\((\d+)\)#\d+$")  # 'Expresso(1124364443)#0'
_ALL_IN = r"(?P<all_in> and is all-in)?\s*$"
# Table messages about a player, which state nothing the replay checks.
_NOISE = (
    "is sitting out",
    "sits out",
    "is back",
    "has returned",
    "sits down",
    "joins the table",
    "leaves the table",
    "is disconnected",
    "is connected",
    "has timed out",
    "will be allowed to play",
    "said,",
    "says:",
)
# The street markers' words, by the word of a seven-card game's marker.
_STREET_WORDS = {
    "second": "2nd",
    "third": "3rd",
    "fourth": "4th",
    "fifth": "5th",
    "sixth": "6th",
    "seventh": "7th",
}


def _game_of(name: str) -> Game | None:
    """One of our games, by the name Winamax gives it (``7-Card Stud``, ``7stud``,
    ``7-Card Stud Hi/Lo``, ``Razz``), else None."""
    plain = re.sub(r"[\s_-]", "", name.lower())
    if plain.startswith(("27", "2to7")):
        return None  # 2-7 Razz or Triple Draw: lowball by other rules
    if plain == "razz":
        return "razz"
    if "stud" not in plain:
        return None
    if any(word in plain for word in ("hi/lo", "hilo", "h/l", "8orbetter", "stud8")):
        return "stud_hilo"
    if plain.startswith(("5", "five")):
        return "five_card_stud"
    if plain in ("stud", "studhi", "7stud", "7studhi", "7cardstud", "7cardstudhi", "sevencardstud"):
        return "seven_card_stud"
    return None


class WinamaxReader(LineReader):
    """Winamax's text: a name and its verb without a colon, amounts with a trailing €."""

    name = "Winamax"
    header = HEADER
    first_word = "Winamax"
    seat = re.compile(
        rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{AMOUNT})(?:, [^)]*)?\)(?: .*)?$"
    )
    street = re.compile(
        r"^\*\*\* (?P<street>2nd|3rd|4th|5th|6th|7th|SECOND|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH)"
        r"(?: STREET)? \*\*\*",
        re.IGNORECASE,
    )
    dealt = None  # read by other_line: the hero is the player whose down cards it shows
    total = re.compile(
        rf"^Total pot (?P<total>{AMOUNT})\b.*?\| (?:No rake|Rake (?P<rake>{AMOUNT}))",
        re.IGNORECASE,
    )
    all_in = " and is all-in"
    noise = ("*** ",)  # *** ANTE/BLINDS ***, *** SHOW DOWN ***
    player_lines: ClassVar[tuple[tuple[Kind, re.Pattern[str]], ...]] = (
        ("ante", re.compile(rf"^posts ante (?P<amount>{AMOUNT}){_ALL_IN}")),
        (
            "bring_in",
            re.compile(rf"^(?:brings in|bring-in)(?: for)? (?P<amount>{AMOUNT}){_ALL_IN}"),
        ),
        ("call", re.compile(rf"^calls (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("bet", re.compile(rf"^bets (?P<amount>{AMOUNT}){_ALL_IN}")),
        # ``raises A to B``: B the total; A (what the raise adds, the bring-in not
        # counted) is left unread.
        ("raise", re.compile(rf"^raises {AMOUNT} to (?P<amount>{AMOUNT}){_ALL_IN}")),
        ("check", re.compile(rf"^checks{_ALL_IN}")),
        ("fold", re.compile(rf"^folds{_ALL_IN}")),
        ("shows", re.compile(r"^shows \[(?P<cards>[^\]]*)\]")),
        ("mucks", re.compile(r"^(?:mucks|doesn't show)\b")),
        (
            "collected",
            re.compile(
                rf"^collected (?P<amount>{AMOUNT}) from "
                r"(?P<pot>pot|main pot|side pot(?: ?#?\d+)?)\b"
            ),
        ),
    )

    def header_record(self, number: int, line: str) -> HandRecord:
        return _header(number, line)

    def before_seats(self, record: HandRecord, line: str, number: int) -> bool:
        table = _TABLE.match(line)
        if table is None:
            return False
        record.table = table["table"]
        money = (table["money"] or "").lower()
        if record.tournament is None and record.currency is None and money == "real money":
            record.currency = "€"  # a cash game's stakes written without their sign
        if record.tournament is not None:
            numbered = _TOURNAMENT_NUMBER.search(record.table)
            if numbered is not None:
                record.tournament = numbered.group(1)
        return True

    def street_of(self, record: HandRecord, word: str, number: int) -> int:
        word = word.lower()
        return street_of_marker(record, _STREET_WORDS.get(word, word), number)

    def other_line(
        self, record: HandRecord, names: Names, street: int | None, line: str, number: int
    ) -> bool:
        if line.startswith("Dealt to "):
            said = names.split(line[len("Dealt to ") :], " ")
            if said is None or street is None:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            player, cards = said
            learn_dealt(record, player, street, cards, number)
            if player not in record.dealt[street]:
                record.dealt[street].append(player)
            if record.hero is None and _shows_every_card(record, street, cards):
                record.hero = player  # the player whose file it is
            return True
        said = names.split(line, " ")
        if said is None:
            return True  # a table message, or someone not dealt in
        return said[1].startswith(_NOISE)

    def finish(self, record: HandRecord) -> None:
        # Who was dealt in: the players the "Dealt to" lines show on the first street, and
        # (the export writes none) every player who posts an ante or acts.
        first = record.dealt[0]
        if not any(record.dealt):
            record.up_cards_written = False  # the replay takes the record's first actors
        for player in (*record.antes, *(action.player for action in record.actions)):
            if player not in first:
                first.append(player)
        _first_street_totals(record)
        super().finish(record)
        if record.total_pot is not None:
            record.total_pot += record.rake  # Winamax's total is after the rake


READER = WinamaxReader()


def read_winamax(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of a Winamax file (its text, or its lines), each a record or the
    error that stopped reading it (the other hands are still read)."""
    return READER.read(text)


def iter_winamax(lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_winamax` a hand at a time, as ``lines`` are read."""
    return READER.iter_hands(lines)


def _shows_every_card(record: HandRecord, street: int, cards: str) -> bool:
    """Whether a "Dealt to" line shows every card its player holds, the first a card
    (dealt down), not ``X``: the hero's line."""
    words = cards.replace("[", " ").replace("]", " ").split()
    return len(words) == record.layout.held[street] and is_card(words[0])


def _header(number: int, line: str) -> HandRecord:
    match = HEADER.match(line)
    if match is None:  # a header its line end or spaces cut short
        raise HistoryError(f"Winamax hand, line {number}: cannot read {line!r}")
    hand_id = match["number"]
    where = f"Winamax hand #{hand_id}, line {number}"
    written = match["game"].strip()
    named = _GAME.match(written)
    name = named["name"] if named else written
    game = _game_of(name)
    if named is None or named["limit"].lower() in ("no limit", "pot limit") or game is None:
        plain = name.lower()
        if game is not None or ("stud" not in plain and "razz" not in plain) or "2-7" in plain:
            # A mixed table's hand of another game (hold'em, Omaha, 2-7 Triple Draw), or
            # a stud game not in fixed limit: skipped, not an error.
            raise OtherGame(f"{where}: a hand of {written}, not a fixed-limit stud game", written)
        raise HistoryError(f"{where}: not a stud game we know: {written!r}")
    kind = match["kind"]
    tournament = _TOURNAMENT.match(kind)
    stakes = [part.strip() for part in match["stakes"].split("/")]
    if len(stakes) not in (2, 3):
        raise HistoryError(
            f"{where}: stakes {match['stakes']!r}: not an ante, a small and a big bet"
        )
    currency = "€" if "€" in match["stakes"] else None
    scale = 1 if tournament else 100
    record = HandRecord(
        site="Winamax",
        number=hand_id,
        line=number,
        game=game,
        currency=currency if not tournament else None,
        scale=scale,
        small_bet=to_units(stakes[-2], scale, where=where),
        big_bet=to_units(stakes[-1], scale, where=where),
        tournament=(tournament["name"] or hand_id.split("-")[0]) if tournament else None,
        played_at=played_at(match["rest"]),
        uncalled_written=False,  # no "Uncalled bet" line:
        uncalled_collected=True,  # the bet is collected with the pot
    )
    if len(stakes) == 3:
        record.ante = to_units(stakes[0], scale, where=where)
    return record


def _first_street_totals(record: HandRecord) -> None:
    """The totals of the first street's wagers where Winamax writes them otherwise than
    as the total (fpdb's readings, above): a ``bets X`` over the bring-in that is what
    the completion adds, a raise by the bring-in player that leaves the bring-in out.
    The other reading is taken only where it is the wager's total and the written
    amount cannot be: the next fixed-limit level, or the player's last chip when all
    in, or above the street's level at all."""
    bring_in: RecordedAction | None = None
    level = 0
    completed = False
    stacks = {seat.name: seat.stack for seat in record.seats}
    for action in record.actions:
        if action.street != 0:
            break
        player, amount = action.player, action.amount
        if action.kind == "bring_in" and amount is not None:
            bring_in = action
            level = max(level, amount)
            continue
        if action.kind not in ("bet", "raise", "complete") or amount is None:
            continue
        other = None
        if bring_in is not None and bring_in.amount is not None:
            if action.kind == "bet":
                other = level + amount
            elif action.kind == "raise" and player == bring_in.player:
                other = amount + bring_in.amount
        if other is not None:
            ante = record.antes.get(player, (0, False, 0))[0]
            if action.all_in:
                due = stacks.get(player, 0) - ante  # every chip left after the ante
            else:
                due = level + record.small_bet if completed else record.small_bet
            if amount != due and (other == due or amount <= level):
                action.amount = amount = other
        level = max(level, amount)
        completed = True
