"""Reading PokerStars hand histories of Seven Card Stud, Stud Hi/Lo, Razz and
Five-Card Stud, and the Show Hand hands our room writes in their format.

The format, as the records in ``../shared/handhistories/pokerstars`` write it:

- the header names the game (also inside a mixed game: ``HORSE (7 Card Stud
  Hi/Lo Limit)``) and the small and big bet (``($0.04/$0.08)``, or a
  tournament's ``Level V (200/400)``); the ante and the bring-in are read from
  the lines that post them;
- Five-Card Stud (R9) is ``5 Card Stud Limit``, its streets ``*** 2nd STREET ***``
  to ``*** 5th STREET ***`` (markers numbered otherwise are taken in their order,
  :func:`~studpoker.history.record.street_of_marker`); the hero's second street is
  ``Dealt to Hero [9s] [Kd]``, the down card and the up card;
- ``raises A to B``: B is the player's total on the street; a completion is
  written as a raise, and as a bet when the bring-in player completes;
- ``Total pot`` is before rake; ``Main pot``, ``Side pot`` and every
  ``collected`` are after it.

Show Hand (R6), which PokerStars never dealt, is read as our room writes it
(:mod:`~studpoker.history.pokerstars_write`): ``5 Card Stud No Limit`` (``Pot Limit``,
``Spread Limit``: R6.5's limits) with the ante and the minimum bet as the header's pair,
no bring-in (a hand of no-limit five-card stud that brings in is another game, skipped),
a showhand as a bet or raise ``and is all-in``, ``Excess (N) returned to X`` (R6.7),
``Rollover (N) to the next hand`` and ``from the previous hand`` (R6.8), and the table's
other rules on its table line: ``Table 'Lucky' 6-max (rules: deck=32)``.

>>> text = '''PokerStars Game #1:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:31:45 ET
... Table 'Gotha II' 8-max
... Seat 1: Ann ($1 in chips)
... Seat 2: Bob ($1 in chips)
... Ann: posts the ante $0.01
... Bob: posts the ante $0.01
... *** 3rd STREET ***
... Dealt to Ann [Kc]
... Dealt to Bob [3d]
... Ann: brings in for $0.02
... Bob: folds
... Uncalled bet ($0.02) returned to Ann
... Ann collected $0.02 from pot
... *** SUMMARY ***
... Total pot $0.02 | Rake $0'''
>>> (record,) = read_pokerstars(text)
>>> record.game, record.small_bet, record.ante, record.bring_in, record.players
('razz', 4, 1, 2, ['Ann', 'Bob'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from fractions import Fraction

from studpoker.fairness import DealRecord
from studpoker.games import show_hand
from studpoker.history.pokerstars_write import RULE_NAMES
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
    amounts,
    learn_dealt,
    learn_shown,
    parse_card_list,
    played_at,
    street_of_marker,
    to_units,
)
from studpoker.history.site import SiteReader, settle_players
from studpoker.history.text import Names

__all__ = ["HEADER", "PokerStarsReader", "iter_pokerstars", "read_pokerstars"]

# Every form of the first line PokerStars wrote (cash, tournament, Home Game, Zoom),
# its words matched without regard to case: trackers that export hands again write
# them in capitals (PokerTracker: ``TOURNAMENT #…, 7 CARD STUD HI/LO LIMIT - LEVEL I``).
HEADER = re.compile(
    r"^PokerStars (?:Home Game |Zoom )?(?:Hand|Game) #(\d+):\s+(.*)$", re.IGNORECASE
)
_GAMES: tuple[tuple[str, Game], ...] = (
    ("7 card stud hi/lo", "stud_hilo"),
    ("7 card stud", "seven_card_stud"),
    ("5 card stud", "five_card_stud"),
    ("razz", "razz"),
)
# A mixed game's hand names its game in brackets: ``HORSE (Razz Limit, $0.10/$0.20 USD)``,
# ``Triple Stud (7 Card Stud Limit)``, ``8-Game (Hold'em No Limit, …)``.
_MIXED = re.compile(r"\(([^,()]*\blimit)\b", re.IGNORECASE)
# The stakes' separator may stand between spaces (``($0.04 / $0.08 USD)``, 2026's text).
_STAKES = re.compile(
    r"\((?:[^()]*?, )?([$€£]?[\d.,]+)\s*/\s*([$€£]?[\d.,]+)(?: [A-Z]{3})?\)(?: - \d{4}/| - Level"
    r"| - Match Round)",
    re.IGNORECASE,
)
# A tournament's level, with a shootout's or a match's round before it:
# ``- Level XXXI (250/500)``, ``- Match Round I, Level I (20/40)``.
_LEVEL = re.compile(r" - (?:Match Round [^,(]*, )?Level [^(]*\(([\d.,]+)\s*/\s*([\d.,]+)\)", re.I)
_TOURNAMENT = re.compile(r"Tournament #(\d+)", re.IGNORECASE)
_TABLE = re.compile(r"^Table '(.*)' (\d+)-max")
# The table's rules our room writes for Show Hand (pokerstars_write.show_hand_rules).
_RULES = re.compile(r" \(rules: ([^()]*)\)\s*$")
# Show Hand's limits (R6.5), as the header names them: "5 Card Stud No Limit".
_SHOW_HAND_LIMITS = (("no limit", "none"), ("pot limit", "pot"), ("spread limit", "fixed_max"))
_SHOW_HAND_GAME = re.compile(r"5 Card Stud (?:No|Pot|Spread) Limit", re.IGNORECASE)
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(([$€£]?[\d.,]+) in chips[^)]*\)(.*)$")
_STREET = re.compile(r"^\*\*\* (2nd|3rd|4th|5th|6th|7th) STREET \*\*\*|^\*\*\* RIVER \*\*\*(.*)$")
# The markers as PokerStars writes them, alone on their lines: read without the pattern.
_MARKERS = {f"*** {word} STREET ***": word for word in ("2nd", "3rd", "4th", "5th", "6th", "7th")}
_MARKERS["*** RIVER ***"] = "river"
_AMOUNT = r"([$€£]?\d+(?:,\d{3})*(?:\.\d+)?)"
_ANTE = re.compile(rf"^posts the ante {_AMOUNT}(.*)$")
_UNCALLED = re.compile(rf"^Uncalled bet \({_AMOUNT}\) returned to (.+?)\s*$")
_COLLECTED = re.compile(rf"^ collected {_AMOUNT} from (pot|main pot|side pot)(?:-\d+)?\s*$")
_TOTAL = re.compile(
    rf"^Total pot {_AMOUNT}(?: Main pot {_AMOUNT}\.)?((?: Side pot(?:-\d+)? [$€£]?[\d.,]+\.)*)"
    rf"\s*\| Rake {_AMOUNT}"
)
_SIDE = re.compile(r"Side pot(?:-\d+)? ([$€£]?[\d.,]+)\.")
_EXCESS = re.compile(rf"^Excess \({_AMOUNT}\) returned to (.+?)\s*$")
_ROLLOVER = re.compile(rf"^Rollover \({_AMOUNT}\) (to the next|from the previous) hand\s*$")
_SHOWS = re.compile(r"^shows \[([^\]]*)\]")
_BOARD_CARD = re.compile(r"^\s*\[(\S+)\]\s*$")


class PokerStarsReader(SiteReader):
    """PokerStars' text: ``NAME: verb`` lines.  Its hand is read by a loop of its own
    rather than :class:`~studpoker.history.site.LineReader`'s patterns: PokerStars files
    are the ones players import by the hundred thousand, and this loop looks at a
    line's first words before any pattern (three times the patterns' speed)."""

    name = "PokerStars"
    header = HEADER
    first_word = "PokerStars"

    def read_hand(self, first: int, lines: list[str]) -> HandRecord:
        return read_hand(first, lines)


READER = PokerStarsReader()


def read_pokerstars(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of a PokerStars file (its text, or its lines), each a record or the
    error that stopped reading it (the other hands are still read)."""
    return READER.read(text)


def iter_pokerstars(lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_pokerstars` a hand at a time, as ``lines`` are read."""
    return READER.iter_hands(lines)


def read_hand(first: int, lines: list[str]) -> HandRecord:
    """One hand's record from its lines (``first``: its header's line number)."""
    record = _header(first, lines[0].lstrip("\ufeff"))
    amounts_read = amounts(record.scale)
    number = first
    index = 1
    # The table and the seats.
    while index < len(lines):
        line = lines[index].rstrip()
        number = first + index
        table = _TABLE.match(line) if line.startswith("Table '") else None
        seat = _SEAT.match(line) if line.startswith("Seat ") else None
        if table:
            record.table = table.group(1)
            rules = _RULES.search(line) if line.endswith(")") else None
            if rules:
                record.options.update(_rules(record, rules.group(1), number))
        elif seat:
            stack = amounts_read.get(seat.group(3))
            if stack is None:
                stack = amount_at(seat.group(3), record, number)
            record.seats.append(SeatRecord(int(seat.group(1)), seat.group(2), stack, number))
        elif record.seats:
            break
        index += 1
    if not record.seats:
        raise HistoryError(f"{record.where(number)}: no seats listed")
    names = Names(seat.name for seat in record.seats)
    known = names.names
    actions, dealt_on = record.actions, record.dealt
    seated = number  # the last line read so far
    street: int | None = None  # None before third street
    for number, line in enumerate(lines[index:], first + index):
        line = line.rstrip()
        if not line:
            continue
        head = line[0]
        if head == "*":
            if line.startswith("*** SUMMARY ***"):
                record.summary_line = number
                break
            marker = _MARKERS.get(line)  # the usual marker, alone on its line
            if marker is not None:
                street = street_of_marker(record, marker, number)
                continue
            heading = _STREET.match(line)
            if heading:
                street = _street(record, heading, line, number)
                continue
            if line.startswith("*** SHOW DOWN ***"):
                continue
            # Else read on: a name may begin with "*".
        elif head == "D" and line.startswith("Dealt to "):
            player, _, cards = line[9:].partition(" [")
            if player not in known:
                said = names.split(line[9:], " ")
                if said is None:
                    raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
                player, cards = said
            if street is None:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            learn_dealt(record, player, street, cards, number)
            dealt = dealt_on[street]
            if player not in dealt:
                dealt.append(player)
            continue
        # "NAME: what they did": most often a betting action.
        player, colon, rest = line.partition(": ")
        if not colon:  # no name (a name followed by ": " is nowhere)
            _other_line(record, names, street, line, number)
            continue
        if player not in known:
            said = names.split(line, ": ")
            if said is None:
                _other_line(record, names, street, line, number)
                continue
            player, rest = said
        # The verb, and in "calls $0.02" or "bets $0.04" an amount read before: the
        # line is split into its words only when more is needed.
        first_word, _, tail = rest.partition(" ")
        verb = _VERBS.get(first_word)
        if verb is not None and street is not None:
            kind, at = verb
            if at is None:  # checks, folds
                all_in = rest.endswith("all-in")
                actions.append(RecordedAction(street, player, kind, None, all_in, number, line))
                continue
            if at == 1:
                wager = amounts_read.get(tail)  # None if the tail is more than an amount
                if wager is not None:
                    all_in = rest.endswith("all-in")
                    actions.append(
                        RecordedAction(street, player, kind, wager, all_in, number, line)
                    )
                    continue
            words = rest.split()
        elif rest.startswith("posts the ante ") and (ante := _ante(rest)) is not None:
            written, all_in = ante
            amount = amounts_read.get(written)
            if amount is None:
                amount = amount_at(written, record, number)
            record.antes[player] = (amount, all_in, number)
            continue
        else:
            if verb is None and first_word.isalpha():  # the first of the words: no verb
                _player_line(record, player, street, rest, line, number)
                continue
            words = rest.split()
            verb = _VERBS.get(words[0]) if words else None
            if verb is None or street is None:
                _player_line(record, player, street, rest, line, number)
                continue
            kind, at = verb
        # Any action, read from its words.
        wager = by = None
        if at is not None:
            if len(words) <= at:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            wager = amounts_read.get(words[at])
            if wager is None:
                wager = amount_at(words[at], record, number)
            if kind == "raise":
                by = amounts_read.get(words[1])
                if by is None:
                    by = amount_at(words[1], record, number)
            elif kind == "bring_in":
                if record.game == "show_hand":  # R6.4: Show Hand has no bring-in
                    named = _SHOW_HAND_GAME.search(lines[0])
                    game = named.group(0) if named else "5 Card Stud"
                    raise OtherGame(
                        f"{record.where(number)}: a hand of {game} with a bring-in, not Show Hand",
                        game,
                    )
                record.bring_in = max(record.bring_in or 0, wager)
        all_in = rest.endswith("all-in")
        actions.append(RecordedAction(street, player, kind, wager, all_in, number, line, by))
    else:
        filled = [first + at for at in range(index, len(lines)) if lines[at].strip()]
        last = filled[-1] if filled else seated
        raise HistoryError(f"{record.where(last)}: the hand ends before its summary")
    deal_lines: list[tuple[int, str]] = []
    for number, line in enumerate(
        lines[record.summary_line - first + 1 :], record.summary_line + 1
    ):
        if line.startswith("Total pot"):
            _summary_line(record, line.rstrip(), number)
        elif line.startswith(("Deal: ", "Client seed: ", "Server seed: ")):
            deal_lines.append((number, line.rstrip()))
    if deal_lines:
        record.deal = _deal(record, deal_lines)
    if record.total_pot is None:
        raise HistoryError(f"{record.where(record.summary_line)}: no total pot in the summary")
    settle_players(record)
    return record


_DEAL = re.compile(
    r"^Deal: hand (.+), (\d+) cards, commitment ([0-9a-f]{64}), root ([0-9a-f]{64})"
    r"( \(test seed\))?$"
)
_CLIENT_SEED = re.compile(r"^Client seed: Seat (\d+): ([0-9a-f]{2,128})( \(chosen by the room\))?$")
_SERVER_SEED = re.compile(r"^Server seed: (?:([0-9a-f]{64})|not revealed yet)$")


def _deal(record: HandRecord, lines: list[tuple[int, str]]) -> DealRecord:
    """The deal from seeds the summary's last lines state (docs/fairness.md, "Records"):
    a ``Deal:`` line, a ``Client seed:`` line for each seat in seat order, ``Server
    seed:``."""
    said: re.Match[str] | None = None
    seeds: list[bytes] = []
    chosen: set[int] = set()
    server: bytes | None = None
    for number, line in lines:
        deal = _DEAL.match(line)
        client = _CLIENT_SEED.match(line)
        revealed = _SERVER_SEED.match(line)
        if deal is not None and said is None:
            said = deal
        elif client is not None and len(client.group(2)) % 2 == 0:
            if client.group(3):
                chosen.add(len(seeds))
            seeds.append(bytes.fromhex(client.group(2)))
        elif revealed is not None:
            server = bytes.fromhex(revealed.group(1)) if revealed.group(1) else None
        else:
            raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
    if said is None:
        raise HistoryError(f"{record.where(lines[0][0])}: client or server seeds with no Deal line")
    hand_id, size, commitment, root, test = said.groups()
    return DealRecord(
        hand_id,
        int(size),
        bytes.fromhex(commitment),
        bytes.fromhex(root),
        tuple(seeds),
        frozenset(chosen),
        server,
        bool(test),
    )


def _street(record: HandRecord, heading: re.Match[str], line: str, number: int) -> int:
    """A street's marker: the street it starts; seventh street's may deal a
    community card (R7.4, ``*** RIVER *** [6s]``)."""
    street = street_of_marker(record, heading.group(1) or "river", number)
    if heading.group(2) and heading.group(2).strip():
        if record.game == "five_card_stud":
            raise HistoryError(f"{record.where(number)}: Five-Card Stud deals no community card")
        board = _BOARD_CARD.match(heading.group(2))
        if board is None:
            raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
        (card,) = parse_card_list(board.group(1), where=record.where(number))
        if record.owners.setdefault(card, "the board") != "the board":
            raise HistoryError(f"{record.where(number)}: {card} is dealt twice")
        record.community = card
    return street


def _header(number: int, line: str) -> HandRecord:
    match = HEADER.match(line)
    assert match is not None
    hand_id, rest = match.groups()
    where = f"PokerStars hand #{hand_id}, line {number}"
    lowered = rest.lower()
    mixed = _MIXED.search(rest)
    named = mixed.group(1).strip() if mixed else None
    # Show Hand, as our room writes it: five-card stud in no limit, pot limit or a
    # spread limit (R6.5).
    limit = _show_hand_limit(named.lower() if named is not None else lowered)
    if (
        named is not None
        and limit is None
        and (not any(name in named.lower() for name, _ in _GAMES) or not _fixed_limit(named))
    ):
        # A mixed-game file's hand of another game (or of a stud game not in fixed
        # limit, not one of ours): skipped, not an error.
        raise OtherGame(f"{where}: a hand of {named}, not a stud game", named)
    game: Game | None = "show_hand" if limit is not None else None
    if game is None:
        for name, named_game in _GAMES:
            if name in lowered:
                game = named_game
                break
        if game is None or not _fixed_limit(lowered):
            raise HistoryError(f"{where}: not a fixed-limit stud game: {rest!r}")
    tournament = _TOURNAMENT.search(rest) if "#" in rest else None
    stakes = _LEVEL.search(rest) if tournament else _STAKES.search(rest)
    if stakes is None:
        raise HistoryError(f"{where}: no small and big bet in the header")
    written = stakes.group(0)
    currency = None
    for sign in "$€£":
        if sign in written:
            currency = sign
            break
    scale = 100 if currency else 1
    first = to_units(stakes.group(1), scale, where=where)
    second = to_units(stakes.group(2), scale, where=where)
    record = HandRecord(
        site="PokerStars",
        open_pairs_written=True,  # "Pair on board - a double bet is allowed"
        number=hand_id,
        line=number,
        game=game,
        currency=currency,
        scale=scale,
        small_bet=first,
        big_bet=second,
        tournament=tournament.group(1) if tournament else None,
        played_at=played_at(rest),
    )
    if limit is not None:
        # Show Hand's pair is the ante and the minimum bet (R6.4); it has no fixed bets.
        record.small_bet = record.big_bet = 0
        record.ante = first
        record.options = {"limit": limit, "min_bet": second}
    return record


def _show_hand_limit(lowered: str) -> str | None:
    """Show Hand's limit (R6.5) if a header's game (in lower case) is five-card stud
    not in fixed limit: ``"none"``, ``"pot"`` or ``"fixed_max"``; else None."""
    if "5 card stud " not in lowered:
        return None
    for words, limit in _SHOW_HAND_LIMITS:
        if "5 card stud " + words in lowered:
            return limit
    return None


def _rules(record: HandRecord, text: str, number: int) -> dict[str, object]:
    """The table's rules our room writes on the table line (``deck=32,
    showhand_allowed=False, street_caps=1/4 1/2 1 1``), as GameSpec options."""
    rules: dict[str, object] = {}
    for item in text.split(", "):
        name, equals, value = item.partition("=")
        if not equals or name not in RULE_NAMES or not value:
            raise HistoryError(f"{record.where(number)}: cannot read the table's rule {item!r}")
        rule = _rule_value(name, value, record, number)
        if type(rule) not in _RULE_KINDS[name]:
            raise HistoryError(f"{record.where(number)}: cannot read the table's rule {item!r}")
        rules[name] = rule
    return rules


_RULE_WORDS: dict[str, object] = {"True": True, "False": False, "None": None}
# The kinds of value each rule takes: the preset's, and beside None (no street caps,
# R6.5; a choice left to the deck, R6.10) fractions or a yes or no.
_RULE_KINDS: dict[str, tuple[type, ...]] = {
    name: (type(None), tuple if name == "street_caps" else bool)
    if getattr(show_hand(), name) is None
    else (type(getattr(show_hand(), name)),)
    for name in RULE_NAMES
}


def _rule_value(name: str, text: str, record: HandRecord, number: int) -> object:
    if name == "max_bet":  # an amount, written as the hand's money
        return amount_at(text, record, number)
    if name == "street_caps":  # a fraction of the showhand amount a round (R6.5)
        try:
            return tuple(Fraction(part) for part in text.split())
        except (ValueError, ZeroDivisionError):
            raise HistoryError(
                f"{record.where(number)}: cannot read the table's street caps {text!r}"
            ) from None
    if text in _RULE_WORDS:
        return _RULE_WORDS[text]
    return int(text) if text.isdigit() else text


# An action line's verb, and how many words in its amount is (None: no amount).
_VERBS: dict[str, tuple[ActionName, int | None]] = {
    "brings": ("bring_in", 3),  # brings in for X
    "calls": ("call", 1),
    "bets": ("bet", 1),
    "raises": ("raise", 3),  # raises X to Y
    "checks": ("check", None),
    "folds": ("fold", None),
}


def _fixed_limit(game: str) -> bool:
    lowered = game.lower()
    return " limit" in lowered and "no limit" not in lowered and "pot limit" not in lowered


def _ante(rest: str) -> tuple[str, bool] | None:
    """A "posts the ante $0.01" line's amount as written and whether it is all in, or
    None if it is no ante (the few forms a file writes, each read once)."""
    if rest in _ANTES:
        return _ANTES[rest]
    match = _ANTE.match(rest)
    ante = (match.group(1), "all-in" in match.group(2)) if match else None
    if len(_ANTES) > 1_000:
        _ANTES.clear()
    _ANTES[rest] = ante
    return ante


_ANTES: dict[str, tuple[str, bool] | None] = {}


def _other_line(
    record: HandRecord, names: Names, street: int | None, line: str, number: int
) -> None:
    """A line that is not a player's "NAME: ..." nor a "Dealt to" line."""
    uncalled = _UNCALLED.match(line) if line.startswith("Uncalled bet (") else None
    if uncalled:
        amount = amount_at(uncalled.group(1), record, number)
        record.uncalled.append((uncalled.group(2), amount, number))
        return
    if line.startswith("Pair on board - a double bet is allowed") and street is not None:
        record.open_pair.append((street, number))
        return
    if line.startswith(("Excess (", "Rollover (")):
        _settled(record, line, number)
        return
    if line.startswith("Betting is capped"):
        record.capped.append((len(record.actions) - 1, number))
        return
    collected = names.split(line, "") if " collected " in line else None
    if collected:
        got = _COLLECTED.match(collected[1])
        if got:
            amount = amount_at(got.group(1), record, number)
            pot = got.group(2)
            record.collected.append(Collected(collected[0], amount, pot, number))  # type: ignore[arg-type]
    # Else a table message: joins, leaves, is sitting out, was removed, ...


def _settled(record: HandRecord, line: str, number: int) -> None:
    """Show Hand's settlement (R6.7, R6.8): ``Excess (N) returned to X``, ``Rollover (N)
    to the next hand``, ``Rollover (N) from the previous hand``."""
    excess = _EXCESS.match(line)
    if excess:
        amount = amount_at(excess.group(1), record, number)
        record.excess.append((excess.group(2), amount, number))
        return
    rollover = _ROLLOVER.match(line)
    if rollover is None:
        return  # a table message
    amount = amount_at(rollover.group(1), record, number)
    if rollover.group(2) == "to the next":
        record.rollover = (amount, number)
    else:
        record.carry_in = (amount, number)


def _player_line(
    record: HandRecord, player: str, street: int | None, rest: str, line: str, number: int
) -> None:
    """A "NAME: ..." line that is no betting action."""
    ante = _ANTE.match(rest) if rest.startswith("posts the ante ") else None
    if ante:
        amount = amount_at(ante.group(1), record, number)
        record.antes[player] = (amount, "all-in" in ante.group(2), number)
        return
    shows = _SHOWS.match(rest) if rest.startswith("shows [") else None
    if shows:
        cards = parse_card_list(shows.group(1), where=record.where(number))
        learn_shown(record, player, cards, number)
        record.shows[player] = number
        return
    if rest.startswith("mucks hand"):
        record.mucks[player] = number
        return
    if street is None or rest.startswith(("doesn't show hand", "said, ", "is ", "has ")):
        return
    raise HistoryError(f"{record.where(number)}: cannot read {line!r}")


def _summary_line(record: HandRecord, line: str, number: int) -> None:
    total = _TOTAL.match(line)
    if total:
        where = record.where(number)
        record.total_pot = to_units(total.group(1), record.scale, where=where)
        record.total_line = number
        record.rake = to_units(total.group(4), record.scale, where=where)
        if total.group(2):
            record.pots = [to_units(total.group(2), record.scale, where=where)]
            record.pots += [
                to_units(side, record.scale, where=where) for side in _SIDE.findall(total.group(3))
            ]
