"""Reading Bovada (Bodog, Ignition) hand histories of Seven Card Stud and Stud Hi/Lo.

Bovada's tables are anonymous: a player is named by the seat (``Seat+1``), the file's
own player with ``[ME]`` after it (``Seat+2 [ME]``, a name like any other, the record's
``hero``).  A hand is:

- the header: ``Bovada Hand #2633952287 TBL#2027664 7CARD HiLo Fixed Limit - 2012-09-19
  13:11:08`` (``Bodog Hand #…``, ``Ignition Hand #…``; ``7CARD`` is Seven Card Stud,
  ``7CARD HiLo`` or ``7CARD_HL`` Stud Hi/Lo; hold'em and Omaha are other games, and so
  is a stud game not in fixed limit); a cash game's header names no stakes: they are
  read from the wagers (:func:`~studpoker.history.increments.infer_stakes`); a
  tournament's names its level's (``Tournament #1 TBL#2, Normal Fixed Limit - Level 1
  (20/40) - …``), its amounts chips;
- the seats: ``Seat+1: $5.03 in chips``;
- ``Seat+1 : Ante chip $0.05``, ``*** HOLE CARDS ***`` or ``*** 3RD STREET ***``, then
  every player's cards as they are dealt, a player's own and the others' alike:
  ``Seat+1 : Card dealt to a spot [6d Ad 2s]``, then ``[3s]`` on fourth street.  The
  older files (Bodog) mark no later street: a street begins where its first card is
  dealt; the newer mark ``*** 4TH STREET ***`` to ``*** RIVER ***``;
- the actions, each amount what the action puts in: ``Bring_in chip $0.02``, ``Bets
  $0.25`` (the bring-in player completing at once, or a bet), ``D bets $0.10`` (an
  open pair's double bet on fourth street, R2.7), ``Calls $0.05``, ``Raises $0.10``
  (what the raise puts in; a newer file writes ``Raises $0.35 to $0.40``, the total
  after ``to``), ``All-in $0.40`` (a call, bet or raise that takes the last chip:
  which, the amounts say), ``All-in(raise) $0.35 to $0.40``, ``Checks``, ``Folds``, a
  ``(timeout)`` after any of them;
- ``Return uncalled portion of bet $0.10``, ``Showdown [Js Jd Ac Td 9d] (One pair)``
  (the best five; in Stud/8 the high five then the low five), ``Does not show […]``
  (the winner nobody called), ``Mucks``, ``Hand result $0.45`` (what the player takes
  after rake; ``Hand result-Side pot``);
- the summary: ``Total Pot($4.85) | Rake ($0.20)`` (the total before the rake; a newer
  file writes no rake: the replay then takes it as what the results leave of the pot),
  and a line a seat, which repeats the results.

Seats that sit out (``Seat sit out``, ``Seat stand``, ``Table leave user``) are not
dealt in; a player is dealt in by the cards dealt, or by an ante or an action.  A
player is all in when an action takes the last chip of the stack the seat list gives.

>>> text = '''Bovada Hand #1 TBL#2 7CARD Fixed Limit - 2012-05-07 03:40:07
... Seat+1: $0.57 in chips
... Seat+3 [ME]: $0.50 in chips
... Seat+1 : Ante chip $0.01
... Seat+3 [ME] : Ante chip $0.01
... *** HOLE CARDS ***
... Seat+1 : Card dealt to a spot [7h 8c Jc]
... Seat+3 [ME] : Card dealt to a spot [Jh Qh 2s]
... Seat+3 [ME] : Bring_in chip $0.02
... Seat+1 : Bets $0.05
... Seat+3 [ME] : Folds
... Seat+1 : Return uncalled portion of bet $0.03
... Seat+1 : Does not show [7h 8c Jc] (High Card)
... Seat+1 : Hand result $0.06
... *** SUMMARY ***
... Total Pot($0.06) | Rake ($0)'''
>>> (record,) = read_bovada(text)
>>> record.game, record.small_bet, record.big_bet, record.ante, record.hero
('seven_card_stud', 5, 10, 1, 'Seat+3 [ME]')
>>> [(action.player, action.kind, action.amount) for action in record.actions]
[('Seat+3 [ME]', 'bring_in', 2), ('Seat+1', 'bet', 5), ('Seat+3 [ME]', 'fold', None)]
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
    street_level,
    street_step,
)
from studpoker.history.record import (
    ActionName,
    Game,
    HandRecord,
    HistoryError,
    OtherGame,
    RecordedAction,
    amount_at,
    learn_street_cards,
    parse_card_list,
    played_at,
    street_of_marker,
    to_units,
)
from studpoker.history.site import AMOUNT, Kind, LineReader
from studpoker.history.text import Names

__all__ = ["HEADER", "READER", "BovadaReader", "iter_bovada", "read_bovada"]

HEADER = re.compile(
    r"^(?P<brand>Ignition|Bovada|Bodog(?: UK| Canada|88)?) Hand #C?(?P<number>\d+):?"
    r"\s+(?P<rest>.*)$"
)
_BRANDS = ("Ignition", "Bovada", "Bodog")
# The header after the hand's number: the table, the game, a tournament, the betting,
# a tournament's level and stakes, the moment.
_GAME = re.compile(r"(?:^|\s)(?P<game>[0-9A-Z_]+(?: HiLo)?(?:ZonePoker)?)\s")
_TABLE = re.compile(r"(?:TBL|Zone Poker ID)#(?P<table>\S+?),?(?:\s|$)")
_TOURNAMENT = re.compile(r"Tournament #(?P<number>\d+)")
_LIMIT = re.compile(r"\b(?P<limit>No Limit|Pot Limit|Fixed Limit|Limit)\b")
_LEVEL = re.compile(r"Level \d+ \(?(?P<small>[$]?[\d,.]+)/(?P<big>[$]?[\d,.]+)")
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})[ -]+(\d{1,2}:\d{2}:\d{2})")
_GAMES: dict[str, Game] = {
    "7CARD": "seven_card_stud",
    "7CARD HiLo": "stud_hilo",
    "7CARD_HL": "stud_hilo",
    "RAZZ": "razz",
}
_TIMEOUT = r"(?: ?\(timeout\))?"
_AMOUNT_END = rf"(?P<amount>{AMOUNT})\s*$"
_ALL_IN = re.compile(
    r"^All-in(?:\((?P<raise>raise|raise-timeout)\))?"
    rf"{_TIMEOUT} (?P<amount>{AMOUNT})(?: to (?P<to>{AMOUNT}))?\s*$"
)
_DEALT = "Card dealt to a spot "
# What a player's line may say that states nothing the replay checks: seats changing,
# the table's own lines, the winner nobody called not showing (``Does not show``).
_NOISE = (
    "Seat sit",
    "Seat stand",
    "Seat re-join",
    "Table ",
    "Sitout",
    "Enter",
    "Leave",
    "Does not show",
    "Set dealer",
    "Posts chip",
    "Posts dead chip",
)
_MONEY_KINDS = frozenset(("ante", "bring_in", "complete", "bet", "raise", "call"))
_ME = re.compile(r" +\[ME\]")
_TOTAL = re.compile(rf"^Total Pot\((?P<total>{AMOUNT})\)(?:\s*\|\s*Rake \((?P<rake>{AMOUNT})\))?")


class BovadaReader(LineReader):
    """Bovada's text: players named by seat, every card dealt written, amounts what
    each action puts in, streets marked by their cards in the older files."""

    name = "Bovada"
    header = HEADER
    first_word = "Bovada"  # and Bodog, Ignition: :meth:`hands` splits the file
    separator = " : "
    dealt = None  # ``Seat+1 : Card dealt to a spot [6d Ad 2s]``: other_line
    seat = re.compile(
        rf"^(?P<name>Seat\+(?P<seat>\d+)(?: \[ME\])?)\s?: \(?(?P<stack>{AMOUNT}) in chips\)?"
    )
    street = re.compile(
        r"^\*\*\* (?P<street>HOLE CARDS|[2-7](?:ND|RD|TH) STREET|RIVER) \*\*\*", re.IGNORECASE
    )
    uncalled = re.compile(
        rf"^(?P<name>.+?) : Return uncalled portion of bet (?P<amount>{AMOUNT})\s*$"
    )
    player_lines: ClassVar[tuple[tuple[Kind, re.Pattern[str]], ...]] = (
        ("ante", re.compile(rf"^Ante chip{_TIMEOUT} {_AMOUNT_END}")),
        (
            "bring_in",
            re.compile(rf"^(?:Bring_in chip|Big blind/Bring in|Bring in){_TIMEOUT} {_AMOUNT_END}"),
        ),
        ("bet", re.compile(rf"^(?P<double>D |Double )?[Bb]ets{_TIMEOUT} {_AMOUNT_END}")),
        (
            "raise",
            re.compile(rf"^[Rr]aises{_TIMEOUT} (?P<amount>{AMOUNT})(?: to (?P<to>{AMOUNT}))?\s*$"),
        ),
        ("call", re.compile(rf"^Calls?{_TIMEOUT} {_AMOUNT_END}")),
        ("check", re.compile(r"^Checks(?: ?\([^)]*\))?\s*$")),
        ("fold", re.compile(r"^Folds?(?: ?\([^)]*\))?(?: & shows \[(?P<cards>[^\]]*)\].*)?\s*$")),
        ("shows", re.compile(r"^Showdown \[(?P<cards>[^\]]*)\]")),
        ("mucks", re.compile(r"^Mucks(?: \[(?P<cards>[^\]]*)\])?")),
        ("collected", re.compile(rf"^Hand [Rr]esult(?P<side>-Side [Pp]ot)? {_AMOUNT_END}")),
    )

    def finds(self, line: str) -> bool:
        return HEADER.match(line.lstrip("\ufeff")) is not None

    def hands(self, lines: str | Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """Each hand: its header (``Bovada Hand #…``, ``Bodog Hand #…``, ``Ignition
        Hand #…``) and the lines to the next header."""
        source = lines.splitlines() if isinstance(lines, str) else lines
        hand: list[str] = []
        start = 0
        for number, raw in enumerate(source, 1):
            line = raw.rstrip("\r\n")
            bare = line.lstrip("\ufeff")
            if bare.startswith(_BRANDS) and HEADER.match(bare) is not None:
                if hand:
                    yield start, hand
                hand, start = [bare], number
            elif hand:
                hand.append(line)
        if hand:
            yield start, hand

    def read_hand(self, first: int, lines: list[str]) -> HandRecord:
        # The file's own player is ``Seat+2 [ME]`` in one line and ``Seat+2  [ME]`` in
        # another: one name.
        return super().read_hand(first, [_ME.sub(" [ME]", line) for line in lines])

    def header_record(self, number: int, line: str) -> HandRecord:
        return _header(number, line)

    def street_of(self, record: HandRecord, word: str, number: int) -> int:
        if word.upper() == "HOLE CARDS":
            return 0
        return street_of_marker(record, word.split()[0], number)

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
        if street is not None:
            street = _dealing_street(record)  # the older files mark no later street
        if kind in ("shows", "mucks", "fold"):
            cards = found["cards"]
            if cards:
                _check_cards(record, player, cards, number)
            if kind == "fold":
                super().player_line(record, player, kind, found, street, line, number)
            elif kind == "shows":
                record.shows[player] = number
            else:
                record.mucks[player] = number
            return
        if kind == "collected":
            super().player_line(record, player, kind, found, street, line, number)
            if found["side"]:
                record.collected[-1].pot = "side pot"
            return
        if kind in WAGERS and street is not None:
            total = _wager_total(record, player, kind, found, street, number)
            super().player_line(record, player, kind, found, street, line, number)
            record.actions[-1].amount = total
            if kind == "bet" and found["double"]:
                record.open_pair.append((street, number))  # R2.7
        else:
            super().player_line(record, player, kind, found, street, line, number)
        if kind in _MONEY_KINDS:
            mark_all_in(record, player, ante=kind == "ante")

    def other_line(
        self, record: HandRecord, names: Names, street: int | None, line: str, number: int
    ) -> bool:
        said = names.split(line, " : ")
        if said is None:
            return True  # the table's lines (``Dealer : Set dealer…``), the summary's
        player, rest = said
        if rest.startswith(_DEALT):
            _dealt(record, player, rest[len(_DEALT) :], number)
            return True
        all_in = _ALL_IN.match(rest)
        if all_in is not None:
            _all_in(record, player, street, all_in, line, number)
            return True
        return rest.startswith(_NOISE)

    def summary_other_line(self, record: HandRecord, names: Names, line: str, number: int) -> bool:
        # ``Total Pot($4.85) | Rake ($0.20)``; the lines a seat repeat the results.
        total = _TOTAL.match(line)
        if total is not None:
            record.total_pot = amount_at(total["total"], record, number)
            record.total_line = number
            if total["rake"] is not None:
                record.rake = amount_at(total["rake"], record, number)
            else:
                record.rake_stated = False  # the replay takes what the results leave
        return True

    def finish(self, record: HandRecord) -> None:
        if record.total_pot is None:
            raise HistoryError(f"{record.where(record.summary_line)}: no total pot in the summary")
        note = infer_stakes(record)
        if note is not None:
            record.notes.append(note)
        # Who was dealt in: the players dealt cards on the first street, and any who
        # posted an ante or acted (a line of cards lost).
        dealt = record.dealt[0]
        record.up_cards_written = all(
            player in dealt for player in [*record.antes, *(a.player for a in record.actions)]
        )
        for player in [*record.antes, *(a.player for a in record.actions if a.street == 0)]:
            if player not in dealt:
                dealt.append(player)
        record.seats.sort(key=lambda seat: seat.number)
        super().finish(record)
        # The file's own player, when dealt in (one sitting out is not).
        record.hero = next((player for player in record.players if "[ME]" in player), None)


def _header(number: int, line: str) -> HandRecord:
    match = HEADER.match(line)
    if match is None:
        raise HistoryError(f"Bovada hand, line {number}: cannot read {line!r}")
    hand_id, rest = match["number"], match["rest"]
    where = f"Bovada hand #{hand_id}, line {number}"
    head = rest.split(" - ")[0]
    table = _TABLE.search(head)
    named = _GAME.search(_TABLE.sub(" ", head) + " ")
    name = named["game"] if named is not None else head.strip()
    game = _GAMES.get(name)
    limit = _LIMIT.search(head)
    if game is None or (limit is not None and limit["limit"] in ("No Limit", "Pot Limit")):
        shown = f"{limit['limit']} {name}" if limit is not None else name
        if game is None and named is None:
            raise HistoryError(f"{where}: cannot read the game in {line!r}")
        raise OtherGame(f"{where}: a hand of {shown}, not a fixed-limit stud game", shown)
    tournament = _TOURNAMENT.search(rest)
    scale = 1 if tournament else 100
    record = HandRecord(
        site="Bovada",
        number=hand_id,
        line=number,
        game=game,
        currency=None if tournament else "$",
        scale=scale,
        small_bet=0,  # read from the wagers (finish), or the tournament's level
        big_bet=0,
        tournament=tournament["number"] if tournament else None,
        table=table["table"] if table is not None else "",
    )
    level = _LEVEL.search(rest)
    if level is not None:
        record.small_bet = to_units(level["small"], scale, where=where)
        record.big_bet = to_units(level["big"], scale, where=where)
    date = _DATE.search(rest)
    if date is not None:
        year, month, day, time = date.groups()
        record.played_at = played_at(f"{year}/{month}/{day} {time}")
    return record


def _dealing_street(record: HandRecord) -> int:
    """The street the cards were last dealt on: the street the actions are on."""
    return max((street for street, dealt in enumerate(record.dealt) if dealt), default=0)


def _dealt(record: HandRecord, player: str, text: str, number: int) -> None:
    """``[6d Ad 2s]``, then ``[3s]``: the cards of the next street ``player`` is dealt."""
    cards = parse_card_list(text.replace("[", " ").replace("]", " "), where=record.where(number))
    street = sum(player in dealt for dealt in record.dealt)
    if street >= len(record.layout.streets):
        raise HistoryError(f"{record.where(number)}: {player} is dealt a card after the last")
    learn_street_cards(record, player, street, list(cards), number)
    record.dealt[street].append(player)


def _wager_total(
    record: HandRecord, player: str, kind: Kind, found: re.Match[str], street: int, number: int
) -> int:
    """A bet's or raise's total on the street, from what it puts in.  ``Raises $A to $B``
    says it (B); a bare ``Raises $A`` is what the raise puts in, unless A is itself the
    next fixed-limit level and A added to what the player had in is not (the two
    readings differ only for a player who had put chips in on the street)."""
    before = put_in(record, player, street)
    to = found["to"] if kind == "raise" else None
    if to is not None:
        return amount_at(to, record, number)
    written = amount_at(found["amount"], record, number)
    if kind != "raise" or before == 0:
        return before + written
    level = street_level(record, street)
    step = street_step(record, street)
    if step is not None and written - level == step and before + written - level != step:
        return written
    return before + written


def _all_in(
    record: HandRecord,
    player: str,
    street: int | None,
    found: re.Match[str],
    line: str,
    number: int,
) -> None:
    """``All-in $0.40``: before the cards, the ante posted all in; after, the call, bet
    or raise the amounts make it; ``All-in(raise) $A to $B``: a raise to B."""
    added = amount_at(found["amount"], record, number)
    if street is None:
        record.antes[player] = (added, True, number)
        return
    street = _dealing_street(record)
    to = found["to"]
    if to is not None:
        total = amount_at(to, record, number)
        level = street_level(record, street)
        kind: ActionName = "raise" if level else "bet"
        record.actions.append(RecordedAction(street, player, kind, total, True, number, line))
        return
    action = all_in_action(record, player, street, added, number, line)
    record.actions.append(action)
    if action.kind == "bring_in" and action.amount:
        record.bring_in = max(record.bring_in or 0, action.amount)


def _check_cards(record: HandRecord, player: str, text: str, number: int) -> None:
    """The cards a player shows (the best five, or in Stud/8 the high five and the low
    five) are the player's: none dealt to another."""
    cards = parse_card_list(text.replace(",", " "), where=record.where(number))
    for card in cards:
        owner = record.owners.get(card)
        if owner is not None and owner != player:
            raise HistoryError(f"{record.where(number)}: {player} shows {card}, dealt to {owner}")


READER = BovadaReader()


def read_bovada(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of a Bovada file (its text, or its lines), each a record or the error
    that stopped reading it (the other hands are still read)."""
    return READER.read(text)


def iter_bovada(lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_bovada` a hand at a time, as ``lines`` are read."""
    return READER.iter_hands(lines)
