"""Reading KingsClub hand histories of Seven Card Stud, Stud Hi/Lo and Razz.

KingsClub, a site of mixed and stud games, writes a text close to PokerStars' with
its own habits, as its files (``../shared/handhistories/kingsclub``) and fpdb's
``KingsClubToFpdb.py`` show them:

- the header is the hand's number, the game and the small and big bet
  (``#37581152: Limit Seven Card Stud - 44/88``), then the date (``2020-10-26
  19:00:47``, no zone) and the table (``Table 'Real Deal Mix'``; a tournament's
  ``Table 'T123 [4]'``) before the seats; the ante and the bring-in are read from
  the lines that post them;
- the antes are ``Player0: posts ante 33.16`` (a colon), every other line a name and
  its verb (``Player2 bets 44``, ``brings in for 33.16``, ``raises to 77.16``);
  the completion is written ``bets 44``;
- a call is written as the caller's total on the street (``Player2 bets 44``, then
  ``Player2 calls 121.16`` puts in 77.16 more): the summary's nets say so, and the
  reader turns it into what the call cost;
- the cards dealt are ``Dealt to Player0: [X X 2s]``, each street's new cards, ``X``
  for a card not shown (the player whose down cards show is the file's hero);
- the street markers come one street late in the files we have: no marker before
  third street, ``*** 3RD STREET ***`` before fourth street's cards, ``*** 6TH
  STREET ***`` before seventh's.  fpdb reads both that and markers on time (``*** 3RD
  STREET ***`` before third street's cards); a marker here starts the street after
  the last one dealt, and its word must name that street or the one before;
- no total pot: the summary lists every seat's stack after the hand and what it won
  or lost (``Seat 1: Player0 (2,079.98) -66.32``: the stack after must be the stack
  before and the net, and the net is checked by the replay,
  :attr:`~studpoker.history.record.HandRecord.net`), then ``Rake 5`` and who won
  (``Player3 wins pot (1,294.60)``, after rake);
- an uncalled bet is returned without a line (the winner's ``wins pot`` leaves it
  out): the replay returns it as the rules do and checks the nets and the pots won
  without it (:attr:`~studpoker.history.record.HandRecord.uncalled_written`);
- amounts have up to two decimals and no currency sign.  A cash game's money is US
  dollars (the site's ring games, as fpdb reads them: ``$``, in cents); a
  tournament's chips are written the same way (fpdb counts them a hundred to the
  written unit), so they are read in hundredths too, with no currency.

What the site plays differently: after a completion the first raise goes to the
bring-in plus a small bet (``bets 44``, ``raises to 77.16`` with a bring-in of
33.16), not to two small bets (R2.4); later raises are a small bet each.  The engine
has no option for that rule, so such a hand replays as a mismatch at that raise.

>>> text = '''#1: Limit Razz - 40/80
... 2021-01-02 15:48:40
... Table '8 Game Mix'
... Seat 1: Ann (1,060.38)
... Seat 6: Bob (2,058.40)
... Ann: posts ante 10
... Bob: posts ante 10
... Dealt to Ann: [X X Tc]
... Dealt to Bob: [9d 3h 6d]
... Ann brings in for 10
... Bob bets 40
... Ann calls 40
... *** 3RD STREET ***
... Dealt to Ann: [Qs]
... Dealt to Bob: [2c]
... Bob bets 40
... Ann folds
... *** SUMMARY ***
... Seat 1: Ann (1,010.38) -50
... Seat 6: Bob (2,107.40) +49
... Rake 1
... Bob wins pot (99)'''
>>> (record,) = read_kingsclub(text)
>>> record.game, record.small_bet, record.ante, record.bring_in, record.net["Bob"]
('razz', 4000, 1000, 1000, (4900, 20))
>>> [(a.street, a.player, a.kind, a.amount) for a in record.actions[1:3]]
[(0, 'Bob', 'bet', 4000), (0, 'Ann', 'call', 3000)]
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
    amount_at,
    learn,
    parse_card_list,
    street_of_marker,
    to_units,
)
from studpoker.history.site import AMOUNT, Kind, LineReader, settle_players
from studpoker.history.text import Names

__all__ = ["HEADER", "READER", "KingsClubReader", "iter_kingsclub", "read_kingsclub"]

# ``#37581152: Limit Seven Card Stud - 44/88``: the number, the game, the small and big
# bet (any game: a mixed file's hold'em and draw hands are found, then skipped).
HEADER = re.compile(
    rf"^#(?P<number>\d+):\s+(?P<game>\S.*?) - (?P<small>{AMOUNT})/(?P<big>{AMOUNT})(?:\s.*)?$"
)
# The stud games by their names after ``Limit``, in lower case (fpdb's names, and the
# spellings a mixed game may use).
_GAMES: dict[str, Game] = {
    "seven card stud": "seven_card_stud",
    "seven card stud hi": "seven_card_stud",
    "7 card stud": "seven_card_stud",
    "stud": "seven_card_stud",
    "seven card stud hi-lo": "stud_hilo",
    "seven card stud hi/lo": "stud_hilo",
    "seven card stud hi-lo 8": "stud_hilo",
    "7 card stud hi-lo": "stud_hilo",
    "stud hi-lo": "stud_hilo",
    "stud hi/lo": "stud_hilo",
    "stud 8": "stud_hilo",
    "razz": "razz",
    "five card stud": "five_card_stud",
    "5 card stud": "five_card_stud",
}
_DATE = re.compile(r"^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T]+(\d{1,2}):(\d{2}):(\d{2})\b")
_TABLE = re.compile(r"^Table (?:ID )?'(?P<table>.*)'(?P<rest>.*)$")
_TOURNAMENT_TABLE = re.compile(r"^T(?P<tournament>\d+) \[(?P<table>[^\]]*)\]$")
# A summary's seat: its stack after the hand and what it won or lost.
_SUMMARY_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{AMOUNT})\) "
    rf"(?P<sign>[+-]?)(?P<net>{AMOUNT})\s*$"
)
_POSTS_ANTE = re.compile(rf"^posts (?:the )?ante (?P<amount>{AMOUNT})(?P<all_in>,? and is all.in)?")
# What may end a player's line: all in, the cap reached, a disconnection.
_TAIL = r"(?P<all_in>,? and is all.in)?(?: and has reached the \S+ cap)?(?: \(disconnect\))?\s*$"
_ACTIONS = frozenset(("bring_in", "call", "bet", "complete", "raise", "check", "fold"))
_NOT_PLAYING = (
    "sits out",
    "is sitting out",
    "sits down",
    "stands up",
    "joins the table",
    "leaves the table",
    "has left the table",
    "is disconnected",
    "is connected",
    "has reconnected",
    "has timed out",
    "returns",
    "adds ",
    "said",
    "says",
    "finished the tournament",
    "wins the tournament",
)
# A bounty won (``wins the 10 bounty for eliminating Ann``, ``Ann, Bob split the …``).
_BOUNTY = re.compile(r"^(?:wins|split) the \S+ bounty for ")


class KingsClubReader(LineReader):
    """KingsClub's text: antes with a colon, the other lines without; calls written as
    the caller's total; street markers one street late; nets in the summary."""

    name = "KingsClub"
    header = HEADER
    first_word = "#"
    seat = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(?P<rest>.*)$")
    street = re.compile(r"^\*\*\* (?P<street>2ND|3RD|4TH|5TH|6TH|7TH) STREET \*\*\*", re.I)
    dealt = None  # the cards dealt are read here (other_line): only each street's new ones
    uncalled = re.compile(rf"^Uncalled bet \((?P<amount>{AMOUNT})\) returned to (?P<name>.+?)\s*$")
    total = re.compile(rf"^Rake (?P<rake>{AMOUNT})\s*$")
    noise = ("*** SHOW DOWN ***", "*** SHOWDOWN ***")
    all_in = "all-in"
    player_lines: ClassVar[tuple[tuple[Kind, re.Pattern[str]], ...]] = (
        ("bring_in", re.compile(rf"^brings[- ]in(?: low| high)? for (?P<amount>{AMOUNT}){_TAIL}")),
        ("call", re.compile(rf"^calls (?P<amount>{AMOUNT}){_TAIL}")),
        ("bet", re.compile(rf"^bets (?P<amount>{AMOUNT}){_TAIL}")),
        ("complete", re.compile(rf"^completes (?:it )?to (?P<amount>{AMOUNT}){_TAIL}")),
        # ``raises to B``; ``raises A to B``, if the site writes it, read by its total.
        ("raise", re.compile(rf"^raises (?:{AMOUNT} )?to (?P<amount>{AMOUNT}){_TAIL}")),
        ("check", re.compile(rf"^checks{_TAIL}")),
        ("fold", re.compile(rf"^folds{_TAIL}")),
        ("shows", re.compile(r"^shows \[(?P<cards>[^\]]*)\]")),
        ("mucks", re.compile(r"^mucks(?: |$)")),
    )
    # ``wins pot (1,294.60)``, ``wins (279.50) from pot``, ``wins side pot 1 (20)``, and
    # a Stud/8 half if the site names it.
    summary_lines: ClassVar[tuple[tuple[Kind, re.Pattern[str]], ...]] = (
        (
            "collected",
            re.compile(
                r"^(?:wins|ties for|splits) (?:the )?(?:(?P<half>high|low) )?"
                r"(?:(?P<pot>pot|main pot|side pot(?: #?\d+)?) )?"
                rf"\((?P<amount>{AMOUNT})\)"
            ),
        ),
    )

    # -- the header, the date and the table -------------------------------------------

    def header_record(self, number: int, line: str) -> HandRecord:
        match = HEADER.match(line)
        assert match is not None
        hand_id, written = match["number"], match["game"].strip()
        where = f"KingsClub hand #{hand_id}, line {number}"
        name = written.lower()
        game = _GAMES.get(name[len("limit ") :].strip()) if name.startswith("limit ") else None
        if game is None:  # hold'em, Omaha, draw, 2-7 Razz, no-limit or pot-limit stud
            raise OtherGame(f"{where}: a hand of {written}, not a fixed-limit stud game", written)
        return HandRecord(
            site=self.name,
            number=hand_id,
            line=number,
            game=game,
            currency="$",  # a tournament's table line takes it away (before_seats)
            scale=100,
            uncalled_written=False,  # returned without a line
            small_bet=to_units(match["small"], 100, where=where),
            big_bet=to_units(match["big"], 100, where=where),
        )

    def before_seats(self, record: HandRecord, line: str, number: int) -> bool:
        date = _DATE.match(line)
        if date is not None:
            year, month, day, hour, minute, second = date.groups()
            record.played_at = (
                f"{year}-{int(month):02}-{int(day):02} {int(hour):02}:{minute}:{second}"
            )
            return True
        table = _TABLE.match(line)
        if table is not None:
            record.table = table["table"]
            tournament = _TOURNAMENT_TABLE.match(record.table)
            if tournament is not None:
                record.tournament = tournament["tournament"]
                record.table = tournament["table"]
                record.currency = None  # chips, in hundredths as the site writes them
            elif "(Play Money)" in table["rest"]:
                record.currency = None
            return True
        return False

    # -- the hand -------------------------------------------------------------------

    def street_of(self, record: HandRecord, word: str, number: int) -> int:
        """The street after the last one dealt: a marker on time names it, a marker
        one street late (the files we have) names the street before it."""
        streets = record.layout.streets
        street = sum(1 for dealt in record.dealt if dealt)
        if record.game == "five_card_stud":
            named = street  # its markers' words vary by site; their order is enough
        else:
            named = street_of_marker(record, word, number)
        if street == len(streets) and named == street - 1:
            return street - 1  # a late marker after the last street's betting
        if street >= len(streets) or named not in (street, street - 1):
            started = streets[street] if street < len(streets) else "no"
            raise HistoryError(
                f"{record.where(number)}: a {word} street marker where {started} street "
                "begins, after the cards of "
                + (f"{streets[street - 1]} street" if street else "no street")
            )
        return street

    def other_line(
        self, record: HandRecord, names: Names, street: int | None, line: str, number: int
    ) -> bool:
        if line.startswith("Dealt to "):
            self._dealt(record, names, street, line, number)
            return True
        colon = names.split(line, ": ")
        if colon is not None:
            ante = _POSTS_ANTE.match(colon[1])
            if ante is not None:  # ``Player0: posts ante 33.16``
                self.player_line(record, colon[0], "ante", ante, street, line, number)
                return True
        said = colon or names.split(line, " ")
        if said is not None:
            player, rest = said
            for kind, pattern in self.player_lines:
                found = pattern.match(rest)
                if found is None:
                    continue
                if street is None and not record.dealt[0] and kind in _ACTIONS:
                    raise HistoryError(f"{record.where(number)}: {player} acts before the deal")
                # The first street's betting, written before any marker; or a line
                # written with a colon.
                self.player_line(record, player, kind, found, street or 0, line, number)
                return True
            if colon is not None or rest.startswith(_NOT_PLAYING) or _BOUNTY.match(rest):
                return True  # a player's chat, or someone not playing
        if line.startswith("Hand cancelled"):
            raise HistoryError(f"{record.where(number)}: the hand was cancelled")
        if street is None and record.dealt[0]:
            raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
        return False

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
        if kind == "call" and street is not None:
            # The caller's total on the street, as the site writes it: what it cost is
            # that less what the caller had in already.
            total = amount_at(found["amount"], record, number)
            cost = total - _put_in(record, player, street)
            if cost <= 0:
                raise HistoryError(
                    f"{record.where(number)}: {player} calls {found['amount']}, "
                    "no more than they have in on the street"
                )
            all_in = bool(found["all_in"]) or line.endswith(self.all_in)
            record.actions.append(
                RecordedAction(street, player, "call", cost, all_in, number, line)
            )
            return
        if kind == "shows" and "X" in found["cards"].split():
            self._shown_in_part(record, player, found["cards"], number)
            record.shows[player] = number
            return
        super().player_line(record, player, kind, found, street, line, number)

    def summary_other_line(self, record: HandRecord, names: Names, line: str, number: int) -> bool:
        """A summary's seat: its stack after the hand, which must be its stack before
        and its net, and the net, which the replay checks."""
        found = _SUMMARY_SEAT.match(line)
        if found is None:
            return False
        name = found["name"]
        before = next((seat.stack for seat in record.seats if seat.name == name), None)
        if before is None:
            raise HistoryError(f"{record.where(number)}: {name} has no seat in the hand")
        after = amount_at(found["stack"], record, number)
        net = amount_at(found["net"], record, number)
        if found["sign"] == "-":
            net = -net
        if before + net != after:
            raise HistoryError(
                f"{record.where(number)}: {name} ends with {found['stack']}, not the "
                f"stack before and the net {found['sign']}{found['net']}"
            )
        record.net[name] = (net, number)
        return True

    def finish(self, record: HandRecord) -> None:
        settle_players(record)  # no total pot: the nets and the pots won are checked

    # -- what only KingsClub writes ---------------------------------------------------

    def _dealt(
        self, record: HandRecord, names: Names, street: int | None, line: str, number: int
    ) -> None:
        """``Dealt to Player0: [X X 2s]``: the street's new cards (``X`` unknown), after
        any cards held before in their own brackets."""
        said = names.split(line[len("Dealt to ") :], ": ")
        if said is None:
            raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
        player, text = said
        if street is None:
            street = 0  # the first street, dealt before any marker
        groups = re.findall(r"\[([^\]]*)\]", text)
        if not groups:
            raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
        layout = record.layout
        held_before = layout.held[street - 1] if street else 0
        new_slots = range(held_before, layout.held[street])
        new_cards = groups[-1].split()
        before = [word for group in groups[:-1] for word in group.split()]
        if len(new_cards) != len(new_slots) or (before and len(before) != held_before):
            raise HistoryError(
                f"{record.where(number)}: {player} is dealt {len(new_slots)} cards on "
                f"{layout.streets[street]} street, but the line shows {text.strip()}"
            )
        for slot, word in (*enumerate(before), *zip(new_slots, new_cards, strict=True)):
            if word.upper() != "X":
                (card,) = parse_card_list(word, where=record.where(number))
                learn(record, player, slot, card, number)
        if player not in record.dealt[street]:
            record.dealt[street].append(player)
        if record.hero is None and any(word.upper() != "X" for word in new_cards[:-1]):
            record.hero = player  # the player whose down cards the file shows

    def _shown_in_part(self, record: HandRecord, player: str, text: str, number: int) -> None:
        """A hand shown with cards written ``X``: the others, in dealing order."""
        words = text.split()
        if len(words) > len(record.layout.slots):
            raise HistoryError(f"{record.where(number)}: {player} shows {len(words)} cards")
        known = [word for word in words if word.upper() != "X"]
        if not known:
            return
        cards = iter(parse_card_list(" ".join(known), where=record.where(number)))
        for slot, word in enumerate(words):
            if word.upper() != "X":
                learn(record, player, slot, next(cards), number)


def _put_in(record: HandRecord, player: str, street: int) -> int:
    """What ``player`` has put in on ``street`` so far, by the actions read."""
    total = 0
    for action in record.actions:
        if action.street != street or action.player != player or action.amount is None:
            continue
        if action.kind in ("bring_in", "call"):
            total += action.amount
        elif action.kind in ("bet", "raise", "complete"):
            total = action.amount
    return total


READER = KingsClubReader()


def read_kingsclub(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of a KingsClub file (its text, or its lines), each a record or the
    error that stopped reading it (the other hands are still read)."""
    return READER.read(text)


def iter_kingsclub(lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_kingsclub` a hand at a time, as ``lines`` are read."""
    return READER.iter_hands(lines)
