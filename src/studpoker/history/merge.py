"""Reading Merge Gaming hand histories of Seven Card Stud, Stud Hi/Lo, Razz and
Five-Card Stud.

Merge writes each hand as an XML element with no single root for the file: a
``<description type="7-Stud" stakes="Limit $0.50/$1"/>`` naming the game and the
stakes (once before the hands it describes, or before each), then the hand:

- ``<game id="31423297-107" starttime="20110204202244" … realmoney="true"
  data="20110204|Hudson (31423297)|31423297|31423297-107|false">`` (the table is the
  data's second field; a last field ``true``, or a description type ending in
  ``Tournament``, is a tournament, whose number is the third field's first part);
  from 2015 the game element names its own ``stakes`` too;
- ``<players>``: ``<player seat="0" nickname="Hero" balance="$11.51" dealtin="true"/>``
  (seats counted from 0: seat 0 is listed as seat 1);
- one ``<round id=…>`` after another: ``BLINDS`` (the antes), ``BRING_IN``,
  ``THIRD_STREET`` to ``SEVENTH_STREET``, ``SHOWDOWN``, ``END_OF_GAME``.  Each holds
  ``<event type=… player="5" amount="0.05"/>`` (the player named by the seat), then
  the cards dealt on that street: ``<cards type="DRAW_DRAWN_CARDS"
  cards="null,null,4s,7c" player="5"/>`` (every card the player holds, in dealing
  order, ``null`` for one not seen), ``HOLE`` for the hero's (still written, unchanged,
  after the hero folds), ``SHOWN`` and ``MUCKED`` at the showdown (Merge shows the
  mucked hands too) and ``COMMUNITY`` for a card dealt to all (R7.4);
- ``<winner amount="3.47" uncalled="false" potnumber="1" player="5" pottype="n"/>``,
  after rake, in the last round or the one before ``END_OF_GAME``: ``pottype`` ``h``
  and ``l`` are Stud/8's halves, ``uncalled="true"`` an uncalled bet returned (its own
  pot number).

The amounts have no currency (the stakes carry ``$``).  A ``CALL``, ``BET`` and
``ALL_IN`` amount is what the action put in; ``RAISE`` is the player's total for the
street since September 2010 (``RAISE 1.00`` after a bring-in of 0.10 is a raise to
1.00), and before it what the raise put in (as fpdb reads Merge); ``COMPLETE`` comes
from a player with nothing in on the street (the bring-in player completes at once), so
that both readings agree.  ``ALL_IN`` is a call, bet or raise by what it puts in beside
the street's bet (or, when only that fits the player's stack, the street's total: both
are the stack's last chips).  Merge states no rake and no total pot: the replay
takes the rake as what the winners' amounts leave of the pot (``rake_stated``); a
tournament has none.  In tournaments the balance is written after the ante and the
bring-in were posted (as fpdb reads it), so they are added back to the stack.

Each hand is parsed by expat, refusing a document type and entity declarations (no
entity is ever expanded but XML's five), an ``&`` that begins no reference read as
itself; every fact's line is its element's line in the file.

>>> text = '''<description type="Razz" stakes="Limit $0.50/$1"/>
... <game id="1-1" starttime="20111115223628" numholecards="7" gametype="47" \\
... realmoney="true" data="20111115|Pinatubo (1)|1|1-1|false">
...   <players dealer="1">
...     <player seat="0" nickname="Ann" balance="$4.50" dealtin="true" />
...     <player seat="1" nickname="Bob" balance="$5.63" dealtin="true" />
...   </players>
...   <round id="BLINDS" sequence="1">
...     <event sequence="1" type="ANTE" player="0" amount="0.05"/>
...     <event sequence="2" type="ANTE" player="1" amount="0.05"/>
...   </round>
...   <round id="BRING_IN" sequence="2">
...     <event sequence="3" type="BRING_IN" player="1" amount="0.10"/>
...     <cards type="HOLE" cards="6d,Kd,4s" player="0"/>
...     <cards type="DRAW_DRAWN_CARDS" cards="null,null,Ks" player="1"/>
...   </round>
...   <round id="THIRD_STREET" sequence="3">
...     <event sequence="4" type="FOLD" player="0"/>
...   </round>
...   <round id="END_OF_GAME" sequence="4">
...     <winner amount="0.10" uncalled="true" potnumber="2" player="1" pottype="n"/>
...     <winner amount="0.10" uncalled="false" potnumber="1" player="1" pottype="n"/>
...   </round>
... </game>'''
>>> (record,) = read_merge(text)
>>> record.game, record.small_bet, record.ante, record.bring_in, record.cards["Ann"][:3]
('razz', 50, 5, 10, [Card.parse('6d'), Card.parse('Kd'), Card.parse('4s')])
>>> record.uncalled, [(got.player, got.amount) for got in record.collected]
([('Bob', 10, 20)], [('Bob', 10)])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Literal
from xml.parsers import expat

from studpoker.cards import Card
from studpoker.history.record import (
    Collected,
    Game,
    HandRecord,
    HistoryError,
    OtherGame,
    RecordedAction,
    SeatRecord,
    amount_at,
    learn,
    learn_shown,
    parse_card_list,
    to_units,
)
from studpoker.history.site import SiteReader, settle_players

__all__ = ["HEADER", "READER", "MergeReader", "iter_merge", "read_merge"]

SITE = "Merge"
# What starts a Merge file's hand: its description, or the game element itself.
HEADER = re.compile(r'\s*<(?:description type="|game id="[^"]*" starttime=")')

# The games Merge names in a description, by the name in lower case.
_GAMES: dict[str, Game] = {
    "7-stud": "seven_card_stud",
    "7-stud hi": "seven_card_stud",
    "7-stud h/l8": "stud_hilo",
    "7-stud h/l": "stud_hilo",
    "7-stud hi/lo": "stud_hilo",
    "razz": "razz",
    "5-stud": "five_card_stud",
    "5-stud hi": "five_card_stud",
}
# The games of Merge's descriptions we do not deal (fpdb's list of Merge's games).
_OTHER_GAMES = frozenset(
    (
        "holdem",
        "omaha",
        "omaha h/l8",
        "2-7 lowball",
        "a-5 lowball",
        "badugi",
        "5-draw w/joker",
        "5-draw",
    )
)
# A mixed game's hands name their game by number (``multigametype``, else ``gametype``):
# the stud games' numbers, and those of the others (fpdb's table of Merge's numbers).
_GAME_NUMBERS: dict[str, Game] = {
    **dict.fromkeys(("38", "39", "41", "42"), "seven_card_stud"),
    **dict.fromkeys(("43", "45"), "stud_hilo"),
    **dict.fromkeys(("46", "47", "49"), "razz"),
}
_OTHER_NUMBERS = {
    **dict.fromkeys(("1", "2", "9", "23"), "Holdem"),
    "4": "Omaha",
    **dict.fromkeys(("34", "35", "37"), "Omaha H/L8"),
}
_NOT_FIXED_LIMIT = re.compile(r"\b(?:No|(?:Half )?Pot) Limit\b", re.IGNORECASE)
_NUMBER = r"[$€£]?\d+(?:,\d{3})*(?:\.\d+)?"
_BETS = re.compile(rf"(?P<small>{_NUMBER})\s*/\s*(?P<big>{_NUMBER})")
_GAME_ID = re.compile(r'<game\b[^>]*?\bid="([^"]*)"')
_START = re.compile(r"(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})")
# An "&" that begins no reference: a name written as it is ("Tom&Jerry").
_BARE_AMPERSAND = re.compile(r"&(?!(?:[A-Za-z_][\w.-]*|#\d+|#x[0-9A-Fa-f]+);)")
# Until then Merge wrote a raise as what it put in, since then as the street's total.
_RAISE_TO_SINCE = "20100908"
# The rounds of the streets, by the street's number as a seven-card game counts them.
_STREET_ROUNDS = {
    "SECOND_STREET": 2,
    "THIRD_STREET": 3,
    "FOURTH_STREET": 4,
    "FIFTH_STREET": 5,
    "SIXTH_STREET": 6,
    "SEVENTH_STREET": 7,
}
_OTHER_ROUNDS = frozenset(("BLINDS", "SHOWDOWN", "END_OF_GAME"))
_WAGERS = frozenset(("BRING_IN", "COMPLETE", "BET", "RAISE", "CALL", "ALL_IN"))
_ACTIONS = _WAGERS | {"CHECK", "FOLD", "SIT_OUT"}
# Events that state nothing the replay checks: the table's news.
_NOISE = frozenset(
    (
        "DISCONNECTED",
        "RECONNECTED",
        "LEAVE",
        "PLAYER_OUT",
        "SIT_IN",
        "JOIN",
        "CHAT",
        "TIMEOUT",
        "TIME_BANK",
    )
)


@dataclass(slots=True)
class _Element:
    """One element of a hand: its tag, attributes, line in the file, and the round it
    is in (the round's ``id``)."""

    tag: str
    attrs: dict[str, str]
    line: int
    round: str | None


class _Refused(Exception):
    """What a hand may not hold: a document type or an entity declaration."""


def _elements(text: str, first: int) -> list[_Element]:
    """The elements of ``text`` (its first line the file's line ``first``), with expat;
    raises :class:`_Refused` or ``expat.ExpatError``."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    found: list[_Element] = []
    in_round: list[str | None] = [None]

    def start(tag: str, attrs: dict[str, str]) -> None:
        line = first + parser.CurrentLineNumber - 1
        found.append(_Element(tag, attrs, line, in_round[0]))
        if tag == "round":
            in_round[0] = attrs.get("id", "")

    def end(tag: str) -> None:
        if tag == "round":
            in_round[0] = None

    def refuse(*_: object) -> None:
        raise _Refused("a document type or an entity declaration, which a hand may not hold")

    def refuse_external(*_: object) -> int:
        raise _Refused("an external entity, which a hand may not hold")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse_external
    parser.Parse(_BARE_AMPERSAND.sub("&amp;", text), True)
    return found


def _at(number: str, line: int) -> str:
    """How an error names a hand before its record is made (as ``record.where``)."""
    return f"{SITE} hand #{number}, line {line}"


class MergeReader(SiteReader):
    """Merge Gaming's XML-like text: a hand is its ``<game>`` element and the
    ``<description>`` before it."""

    name = SITE
    header = HEADER
    first_word = "<"

    def hands(self, lines: str | Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """Each ``<game>…</game>`` of a file, as it is read, after the description last
        written before it: the description's line number and the lines from it to the
        game's end when only blank lines part them; else (a file may describe several
        hands once) the description as the line before the game's.  A file whose last
        description no game follows (a file cut short) ends with that description alone,
        which reads as a hand with no game."""
        if isinstance(lines, str):
            lines = lines.splitlines()
        description, described_at = "", 0
        blanks: int | None = 0  # the blank lines since the description; None: not only blanks
        hand: list[str] | None = None
        start = 0
        followed = True  # whether a game came after the last description
        for number, raw in enumerate(lines, 1):
            line = raw.rstrip("\r\n").lstrip("\ufeff")
            tag = line.lstrip()
            opens = tag.startswith(("<game ", "<game>", "<game\t"))
            if hand is not None and (opens or tag.startswith("<description")):
                yield start, hand  # a hand cut short: its reading says where
                hand = None
            if hand is None:
                if tag.startswith("<description"):
                    description, described_at, blanks = line, number, 0
                    followed = False
                elif opens:
                    followed = True
                    if description and blanks is not None:
                        hand, start = [description, *[""] * blanks, line], described_at
                    else:
                        hand, start = [description, line], number - 1
                    blanks = None
                    if "</game>" in line:
                        yield start, hand
                        hand = None
                elif blanks is not None:
                    blanks = blanks + 1 if not tag else None
                continue
            hand.append(line)
            if "</game>" in line:
                yield start, hand
                hand = None
        if hand is not None:
            yield start, hand
        elif not followed:
            yield described_at, [description]

    def read_hand(self, first: int, lines: list[str]) -> HandRecord:
        return _HandReading(first, lines).read()


class _HandReading:
    """One hand read: its elements in the order written, the money each player put in
    on each street (to read ``ALL_IN`` and tell who is all in), the cards."""

    record: HandRecord
    names: dict[str, str]  # seat (as written) -> player
    stacks: dict[str, int]  # player -> the chips they began the hand with
    put_in: dict[str, int]  # player -> the chips they put in so far
    street: int | None  # the street of the last betting action
    on_street: dict[str, int]  # player -> the chips they put in on that street
    level: int  # the street's bet to match
    base: int | None  # the number of the first street round (Five-Card Stud's)
    old_raises: bool  # a RAISE's amount is what it put in (before September 2010)

    def __init__(self, first: int, lines: list[str]) -> None:
        self.description = lines[0].strip() if lines else ""
        self.described_at = first
        self.lines = lines[1:]  # blank lines perhaps, then the game
        self.first = first + 1  # the line of lines[1]
        found = next((_GAME_ID.search(line) for line in self.lines if line.strip()), None)
        self.number = found.group(1) if found else "?"

    # -- the elements -------------------------------------------------------------------

    def parse(self, text: str, first: int) -> list[_Element]:
        try:
            return _elements(text, first)
        except expat.ExpatError as error:
            line = first + (error.lineno or 1) - 1
            message = expat.ErrorString(error.code)
            raise HistoryError(f"{_at(self.number, line)}: not XML: {message}") from None
        except _Refused as error:
            raise HistoryError(f"{_at(self.number, first)}: {error}") from None
        except (ValueError, RecursionError) as error:  # text expat cannot take at all
            raise HistoryError(f"{_at(self.number, first)}: not XML: {error}") from None

    def read(self) -> HandRecord:
        if not any(line.strip() for line in self.lines):
            where = _at(self.number, self.described_at)
            raise HistoryError(f"{where}: a description with no game after it")
        last = self.lines[-1]
        cut = last.find("</game>")
        body = [*self.lines[:-1], last[: cut + len("</game>")] if cut >= 0 else last]
        elements = self.parse("\n".join(body), self.first)
        game = elements[0]
        if game.tag != "game":
            raise HistoryError(f"{_at(self.number, game.line)}: not a game: <{game.tag}>")
        self.number = game.attrs.get("id", self.number)
        described: dict[str, str] = {}
        if self.description:
            (element, *_) = self.parse(self.description, self.described_at)
            described = element.attrs
        record = self.header_record(game, described)
        self.read_elements(record, elements)
        return record

    # -- the game and the stakes --------------------------------------------------------

    def header_record(self, game: _Element, described: dict[str, str]) -> HandRecord:
        where = _at(self.number, game.line)
        attrs = game.attrs
        named = described.get("type", "").strip()
        data = attrs.get("data", "").split("|")
        tournament = named.lower().endswith(" tournament") or (
            len(data) >= 5 and data[4].strip().lower() == "true"
        )
        if named.lower().endswith(" tournament"):
            named = named[: -len(" tournament")].strip()
        stakes = attrs.get("stakes") or described.get("stakes", "")
        kind = self.game_of(named, attrs, where)
        if _NOT_FIXED_LIMIT.search(stakes):
            limit = _NOT_FIXED_LIMIT.search(stakes)
            assert limit is not None
            name = f"{limit.group(0)} {named or kind}"
            raise OtherGame(f"{where}: a hand of {name}, not a fixed-limit stud game", name)
        bets = _BETS.search(stakes)
        if bets is None:
            raise HistoryError(f"{where}: the stakes {stakes!r} name no bets")
        real = attrs.get("realmoney", "true").strip().lower() != "false"
        currency = next((sign for sign in "$€£" if sign in stakes), "$") if real else None
        scale = 1 if tournament else 100
        start = _START.fullmatch(attrs.get("starttime", "").strip())
        record = HandRecord(
            site=SITE,
            number=self.number,
            line=game.line,
            game=kind,
            currency=None if tournament else currency,
            scale=scale,
            small_bet=to_units(bets["small"], scale, where=where),
            big_bet=to_units(bets["big"], scale, where=where),
            tournament=(data[2].split("-")[0] or None) if tournament and len(data) > 2 else None,
            table=data[1].strip() if len(data) > 1 else "",
            played_at=("{}-{}-{} {}:{}:{}".format(*start.groups()) if start is not None else None),
            rake_stated=tournament,  # a tournament takes none; else what is left, bounded
        )
        return record

    @staticmethod
    def game_of(named: str, attrs: dict[str, str], where: str) -> Game:
        """The game a hand is of: by the description's name, or for a mixed game (HORSE)
        or a hand with no description, by its game number; ``OtherGame`` for a game we
        do not deal."""
        name = named.lower()
        if name in _GAMES:
            return _GAMES[name]
        if name in _OTHER_GAMES:
            raise OtherGame(f"{where}: a hand of {named}, not a stud game", named)
        number = (attrs.get("multigametype") or attrs.get("gametype") or "").strip()
        if number in _GAME_NUMBERS:
            return _GAME_NUMBERS[number]
        said = f"{named} " if named else ""
        if number in _OTHER_NUMBERS:
            other = _OTHER_NUMBERS[number]
            raise OtherGame(f"{where}: a {said}hand of {other}, not a stud game", other)
        if attrs.get("numholecards", "").strip() not in ("5", "7"):
            game = f"{said}game type {number or '?'}".strip()
            raise OtherGame(f"{where}: a hand of {game}, not a stud game", game)
        raise HistoryError(
            f"{where}: a game Merge names {named or '(no name)'!r}, game type {number or '?'}, "
            "which we do not know"
        )

    # -- the hand -----------------------------------------------------------------------

    def read_elements(self, record: HandRecord, elements: list[_Element]) -> None:
        self.record = record
        tournament = record.tournament is not None
        seats: dict[str, tuple[str, int, int]] = {}  # seat -> name, balance, line
        for element in elements:
            if element.tag == "player":
                seat = element.attrs.get("seat", "").strip()
                name = element.attrs.get("nickname", "")
                balance = element.attrs.get("balance", "").strip()
                if not seat.isdigit() or not name or not balance:
                    raise HistoryError(f"{record.where(element.line)}: cannot read the seat")
                if seat in seats:
                    raise HistoryError(f"{record.where(element.line)}: seat {seat} listed twice")
                seats[seat] = (name, amount_at(balance, record, element.line), element.line)
        if len(seats) < 2:
            raise HistoryError(f"{record.where()}: fewer than two players listed")
        self.names = {seat: name for seat, (name, _, _) in seats.items()}
        if len(set(self.names.values())) < len(self.names):
            raise HistoryError(f"{record.where()}: two seats have the same player")
        self.stacks = {name: balance for name, balance, _ in seats.values()}
        if tournament:  # the balance is written after the ante and the bring-in
            for element in elements:
                kind = element.attrs.get("type")
                if element.tag == "event" and kind in ("ANTE", "BRING_IN"):
                    self.stacks[self.player(element)] += self.amount(element)
        for seat, (name, _, line) in sorted(seats.items(), key=lambda item: int(item[0])):
            record.seats.append(SeatRecord(int(seat) + 1, name, self.stacks[name], line))
        self.put_in = dict.fromkeys(self.stacks, 0)
        self.street = None
        self.on_street = {}
        self.level = 0
        self.base = None
        self.old_raises = self.old_format(elements[0])
        record.community = self.community(elements)
        winners: list[_Element] = []
        end: int | None = None
        for element in elements:
            if element.tag == "event":
                self.event(element)
            elif element.tag == "cards":
                self.cards(element)
            elif element.tag == "winner":
                winners.append(element)
            elif element.tag == "round" and element.attrs.get("id") == "END_OF_GAME":
                end = element.line
        if not winners:
            raise HistoryError(f"{record.where(elements[-1].line)}: the hand names no winner")
        record.summary_line = end if end is not None else winners[0].line
        self.winners(winners)
        # Who was dealt in: every player with cards on the first street or an ante.
        dealt = record.dealt[0]
        for player in record.antes:
            if player not in dealt:
                dealt.append(player)
        settle_players(record)

    def old_format(self, game: _Element) -> bool:
        """Whether the hand is from before Merge wrote a raise as the street's total."""
        started = game.attrs.get("starttime", "").strip()
        return bool(started) and started[:8] < _RAISE_TO_SINCE

    def player(self, element: _Element) -> str:
        seat = element.attrs.get("player", "").strip()
        name = self.names.get(seat)
        if name is None:
            where = _at(self.number, element.line)
            raise HistoryError(f"{where}: no player sits in seat {seat or '(none)'}")
        return name

    def amount(self, element: _Element) -> int:
        written = element.attrs.get("amount")
        if written is None or not written.strip():
            kind = element.attrs.get("type", element.tag)
            raise HistoryError(f"{_at(self.number, element.line)}: {kind} with no amount")
        return amount_at(written.strip(), self.record, element.line)

    def street_of(self, element: _Element) -> int | None:
        """The street (0 the first) of the round an element is in; None outside the
        streets (the antes, the showdown, the winners)."""
        record = self.record
        round_id = element.round
        if round_id in (None, *_OTHER_ROUNDS):
            return None
        if round_id == "BRING_IN":
            return 0
        number = _STREET_ROUNDS.get(round_id or "")
        if number is None:
            raise HistoryError(f"{record.where(element.line)}: a round Merge calls {round_id!r}")
        if self.base is None:
            # A seven-card game's streets are third to seventh; Five-Card Stud's the
            # rounds in order from the first (second or third street, as Merge names it).
            self.base = 3 if record.game != "five_card_stud" else number
        street = number - self.base
        streets = record.layout.streets
        if not 0 <= street < len(streets):
            raise HistoryError(
                f"{record.where(element.line)}: {record.game} has no {round_id} "
                f"({len(streets)} streets)"
            )
        return street

    def community(self, elements: list[_Element]) -> Card | None:
        """The card dealt to all when the deck ran short (R7.4), if any."""
        for element in elements:
            if element.tag == "cards" and element.attrs.get("type") == "COMMUNITY":
                where = self.record.where(element.line)
                words = [w for w in element.attrs.get("cards", "").split(",") if w.strip()]
                if len(words) != 1:
                    raise HistoryError(f"{where}: a community card that is not one card")
                (card,) = parse_card_list(words[0].strip(), where=where)
                return card
        return None

    # -- the events ---------------------------------------------------------------------

    def text(self, element: _Element) -> str:
        """The line an element is written on, as the site wrote it."""
        return self.lines[element.line - self.first].strip()

    def event(self, element: _Element) -> None:
        record = self.record
        kind = element.attrs.get("type", "").strip().upper()
        where = record.where(element.line)
        if kind == "ANTE":
            player = self.player(element)
            amount = self.amount(element)
            self.put_in[player] += amount
            left = self.stacks[player] - self.put_in[player]
            record.antes[player] = (amount, left == 0, element.line)
            return
        if kind in ("SHOW", "MUCK"):
            said = record.shows if kind == "SHOW" else record.mucks
            said.setdefault(self.player(element), element.line)
            return
        if kind == "GAME_CANCELLED":
            raise HistoryError(f"{where}: the game was cancelled")
        if kind not in _ACTIONS:
            if kind in _NOISE or element.attrs.get("amount") is None:
                return  # the table's news: nobody's chips move
            raise HistoryError(f"{where}: cannot read the event {kind or '(no type)'}")
        street = self.street_of(element)
        if street is None and kind == "BRING_IN" and element.round == "BLINDS":
            street = 0  # the bring-in among the antes: third street's first action
        if street is None:
            raise HistoryError(f"{where}: {kind} outside the betting rounds")
        if street != self.street:
            self.street, self.on_street, self.level = street, {}, 0
        player = self.player(element)
        if kind in ("CHECK", "FOLD", "SIT_OUT"):
            name: Literal["check", "fold"] = "check" if kind == "CHECK" else "fold"
            self.act(element, street, player, name, None, 0, all_in=False)
            return
        already = self.on_street.get(player, 0)
        left = self.stacks[player] - self.put_in[player]
        if kind == "ALL_IN":
            written = element.attrs.get("amount", "").strip()
            if not written:
                added = left  # the rest of the stack
            else:
                amount = self.amount(element)
                # What it put in (fpdb's reading), unless only the street's total is
                # the player's last chip.
                added = amount - already if amount != left and amount == already + left else amount
            total = already + added
            if total <= self.level:
                self.act(element, street, player, "call", added, added, all_in=True)
            elif self.level == 0:
                self.act(element, street, player, "bet", total, added, all_in=True)
            else:
                self.act(element, street, player, "raise", total, added, all_in=True)
            return
        amount = self.amount(element)
        if kind == "BRING_IN":
            record.bring_in = max(record.bring_in or 0, amount)
            self.act(element, street, player, "bring_in", amount, amount)
        elif kind == "CALL":
            self.act(element, street, player, "call", amount, amount)
        elif kind == "BET":
            self.act(element, street, player, "bet", already + amount, amount)
        elif kind == "COMPLETE":  # by a player with nothing in yet: its total
            self.act(element, street, player, "complete", already + amount, amount)
        else:  # RAISE
            total = already + amount if self.old_raises else amount
            self.act(element, street, player, "raise", total, total - already)

    def act(
        self,
        element: _Element,
        street: int,
        player: str,
        kind: Literal["bring_in", "complete", "bet", "raise", "call", "check", "fold"],
        amount: int | None,
        added: int,
        *,
        all_in: bool | None = None,
    ) -> None:
        """A betting action: ``amount`` as a record states it (a call's cost, a wager's
        total), ``added`` what it put in; all in as the element says, else when it took
        the player's last chip."""
        self.put_in[player] += added
        total = self.on_street.get(player, 0) + added
        self.on_street[player] = total
        self.level = max(self.level, total)
        if all_in is None:
            all_in = added > 0 and self.stacks[player] == self.put_in[player]
        self.record.actions.append(
            RecordedAction(street, player, kind, amount, all_in, element.line, self.text(element))
        )

    # -- the cards ----------------------------------------------------------------------

    def cards(self, element: _Element) -> None:
        record = self.record
        kind = element.attrs.get("type", "").strip().upper()
        if kind == "COMMUNITY":
            return  # read first (community)
        where = record.where(element.line)
        player = self.player(element)
        words = [word.strip() for word in element.attrs.get("cards", "").split(",")]
        if words == [""]:
            return  # no card shown
        layout = record.layout
        if len(words) > len(layout.slots):
            raise HistoryError(f"{where}: {player} holds {len(words)} cards")
        known: list[Card | None] = [
            None if word.lower() in ("null", "", "xx") else parse_card_list(word, where=where)[0]
            for word in words
        ]
        community = record.community
        if community is not None and len(known) == len(layout.slots) and known[-1] == community:
            known[-1] = None  # the card dealt to all, not to the player (R7.4)
        if kind in ("SHOWN", "MUCKED"):
            said = record.shows if kind == "SHOWN" else record.mucks
            said.setdefault(player, element.line)
            if None not in known:  # the down cards as the site lists them (any order)
                learn_shown(
                    record, player, [card for card in known if card is not None], element.line
                )
                return
        elif kind in ("DRAW_DRAWN_CARDS", "HOLE"):
            street = self.street_of(element)
            if street is not None:
                held = layout.held[street]
                if len(words) > held:
                    raise HistoryError(
                        f"{where}: {player} holds {held} cards on {layout.streets[street]} "
                        f"street, but the element shows {len(words)}"
                    )
                if len(words) == held and player not in record.dealt[street]:
                    record.dealt[street].append(player)
            if kind == "HOLE":
                record.hero = player
        else:
            raise HistoryError(f"{where}: cards of a kind Merge calls {kind or '(none)'!r}")
        for slot, card in enumerate(known):
            if card is not None:
                learn(record, player, slot, card, element.line)

    # -- the pots -----------------------------------------------------------------------

    def winners(self, winners: list[_Element]) -> None:
        """The pots collected (after rake), and the uncalled bets returned."""
        record = self.record
        pots: dict[str, set[str]] = {}  # pot number -> the pot types written
        taken: list[tuple[_Element, str, int]] = []
        for element in winners:
            player = self.player(element)
            amount = self.amount(element)
            if element.attrs.get("uncalled", "false").strip().lower() == "true":
                record.uncalled.append((player, amount, element.line))
                continue
            number = element.attrs.get("potnumber", "1").strip() or "1"
            pots.setdefault(number, set()).add(element.attrs.get("pottype", "n").strip().lower())
            taken.append((element, player, amount))
        for element, player, amount in taken:
            number = element.attrs.get("potnumber", "1").strip() or "1"
            pot: Literal["pot", "main pot", "side pot"] = (
                "pot"
                if len(pots) == 1
                else "main pot"
                if number == min(pots, key=_pot_order)
                else "side pot"
            )
            # A half only where the pot was split: a pot with no low is won whole.
            kind = element.attrs.get("pottype", "n").strip().lower()
            half: Literal["high", "low"] | None = None
            if pots[number] >= {"h", "l"}:
                half = "high" if kind == "h" else "low" if kind == "l" else None
            record.collected.append(Collected(player, amount, pot, element.line, half))


def _pot_order(number: str) -> int:
    return int(number) if number.isdigit() else 0


READER = MergeReader()


def read_merge(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of a Merge file (its text, or its lines), each a record or the error
    that stopped reading it (the other hands are still read)."""
    return READER.read(text)


def iter_merge(lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_merge` a hand at a time, as ``lines`` are read."""
    return READER.iter_hands(lines)
