"""Reading iPoker hand histories (XML) of Seven Card Stud, Stud Hi/Lo, Razz and
Five-Card Stud.

iPoker (Playtech's network: William Hill, Titan, Betfair and their skins) writes XML,
not lines of text.  A file is one ``<session sessioncode=…>`` or several (each perhaps
its own ``<?xml ?>`` document, back to back, or the whole file on one line), each a
``<general>`` block that names the game and stakes for all its hands (``<gametype>7
Card Stud L $0.05/$0.10</gametype>``, the small and big bet), the currency and the
hero (``<nickname>``), then one ``<game gamecode=…>`` element a hand::

    <game gamecode="2418629537">
     <general>
      <startdate>2010-09-05 13:00:46</startdate>
      <players>
       <player seat="2" name="Hero" chips="$0.73" dealer="0" win="$0.13" bet="$0.03" />
      </players>
     </general>
     <round no="0"> <action no="2" player="Hero" type="15" sum="$0.01" cards="[cards]"/>
     <round no="2"> <cards type="Third Street" player="Hero">H8 D7 C2</cards> …

What is special:

- Actions are numbers (:data:`ACTION_TYPES`, as fpdb's ``iPokerToFpdb.py`` and other
  trackers' parsers read them): 0 fold, 3 call, 4 check, 5 bet (a completion too), 15
  ante, 16 bring-in, 23 raise, 6 and 7 all in, 8 and 9 a seat sitting out.  ``sum`` is
  the chips the action put in, except a raise's (23), which is the player's total for the
  street.  A round lists its actions grouped by player: their ``no`` gives the order.
- Cards are suit first, ten as ``10`` (``H8 D10 SA``, lower case ``c10`` in some
  exports); a card not seen is ``X``.  A hand shown at the showdown has its down cards
  written in place, on the street they were dealt.  Streets are ``<round no="2">`` on
  (round 0 the antes), their cards named ``Third Street`` … ``River`` (Five-Card Stud:
  ``Second Street`` … ``River``).
- There are no collected lines, no total pot, no rake and no uncalled bet: each
  ``<player>`` says what they put in (``bet``, an uncalled bet included) and what they
  got back (``win``, after rake, the uncalled bet included).  The record's
  :attr:`~studpoker.history.record.HandRecord.net` is ``win - bet`` for every player,
  the rake what the players put in less what they got back.

:meth:`IPokerReader.hands` splits a file into its ``<game>`` elements as it reads it (the
memory of one hand), each with its session's ``<general>`` block written before it on
its first line, so that every hand's text is a whole document; each hand is parsed by
expat into ElementTree elements, with each element's line in the file, and a document
type (entities) is refused.

>>> text = '''<session sessioncode="1"><general><gametype>7 Card Stud L $0.10/$0.20</gametype>
... <currency>USD</currency><nickname>Ann</nickname></general>
... <game gamecode="7"><general><startdate>2011-11-02 18:10:00</startdate><players>
... <player seat="1" name="Ann" chips="$4" dealer="0" win="$0.06" bet="$0.04"/>
... <player seat="2" name="Bob" chips="$5" dealer="0" win="$0" bet="$0.02"/></players></general>
... <round no="0"><action no="1" player="Ann" type="15" sum="$0.02" cards="[cards]"/>
... <action no="2" player="Bob" type="15" sum="$0.02" cards="[cards]"/></round>
... <round no="2"><cards type="Third Street" player="Ann">S6 DK H2</cards>
... <action no="3" player="Ann" type="16" sum="$0.02" cards=""/>
... <cards type="Third Street" player="Bob">X X SK</cards>
... <action no="4" player="Bob" type="0" sum="$0" cards=""/></round></game></session>'''
>>> (record,) = read_ipoker(text)
>>> record.game, record.small_bet, record.ante, record.bring_in, record.cards["Ann"][:3]
('seven_card_stud', 10, 2, 2, [Card.parse('6s'), Card.parse('Kd'), Card.parse('2h')])
>>> record.net  # win less bet, and the line of the player's element
{'Ann': (2, 4), 'Bob': (-2, 5)}
>>> from studpoker.history.replay import replay
>>> replay(record).matched
True
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Final
from xml.parsers import expat
from xml.sax.saxutils import unescape

from studpoker.cards import Card
from studpoker.history.record import (
    ActionName,
    Game,
    HandRecord,
    HistoryError,
    OtherGame,
    RecordedAction,
    SeatRecord,
    learn_street_cards,
)
from studpoker.history.site import SiteReader, settle_players

__all__ = ["ACTION_TYPES", "IPokerReader", "iter_ipoker", "read_ipoker"]

SITE = "iPoker"

# What each action type is, by its number (fpdb's iPokerToFpdb.py, the HandHistories
# parser's IPokerFastParserImpl): what ``sum`` then says is in :meth:`_Betting.action`.
ACTION_TYPES: Final[dict[int, str]] = {
    0: "fold",
    1: "small blind",
    2: "big blind",
    3: "call",
    4: "check",
    5: "bet",
    6: "all in",
    7: "all in",
    8: "sitting out",
    9: "sitting out",
    15: "ante",
    16: "bring-in",
    23: "raise",
}

# Where a session or a hand begins (``<gametype>``, ``<gamecount>`` are not ``<game``; a
# hand's tag names its game code), where a hand and a session's header end.
_START = re.compile(r"<(session)(?=[\s>/])|<(game)\s[^<>]*?gamecode\s*=")
_GAME_END = re.compile(r"</game\s*>")
_HEADER_END = re.compile(r"</general\s*>")
_ENDS_GAME = re.compile(r"</game\s*>\s*$")
_FINDS = re.compile(r"<session\s+sessioncode=|<game\s+gamecode=")
_GAMECODE = re.compile(r"<game\s[^<>]*?gamecode\s*=\s*[\"']([^\"'<>]*)")
_SESSIONCODE = re.compile(r"<session\s[^<>]*?sessioncode\s*=\s*[\"']([^\"'<>]*)")
_GAMETYPE = re.compile(r"<gametype>([^<]*)</gametype>")
_GAME_TAG = re.compile(r"<game(?=[\s>/])")

# ``<gametype>``: the game, its limit, the small and big bet (none in a tournament), an
# ante (fpdb knows ``… Ante $0.01``).
_GAME_TYPE = re.compile(
    r"^(?P<game>.+?)\s+(?P<limit>L|FL|Limit|NL|SL|LZ|PL|LP|No\s+limit|Pot\s+limit|БЛ)"
    r"(?:\s+(?P<small>[^/]+?)\s*/\s*(?P<big>[^/]+?))?(?:\s+Ante\s+(?P<ante>[^/]+?))?\s*$",
    re.IGNORECASE,
)
_FIXED_LIMIT = frozenset(("l", "fl", "limit"))
_GAMES: dict[str, Game] = {  # by the name in lower case, spaces single
    "7 card stud": "seven_card_stud",
    "7 card stud hi": "seven_card_stud",
    "7 card stud hi-lo": "stud_hilo",
    "7 card stud hilow": "stud_hilo",
    "7 card stud hi/lo": "stud_hilo",
    "7 card stud hi-lo 8": "stud_hilo",
    "razz": "razz",
    "7 card razz": "razz",
    "5 card stud": "five_card_stud",
    "5 card stud hi": "five_card_stud",
}
_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£"}
_PLAY = frozenset(("FUN", "PLAY", "T$"))  # play money's "currency"
# What an amount holds besides its digits and separators: its currency, spaces.
_NOT_AMOUNT = re.compile(r"[$€£\s]|^[A-Z]{3}|[A-Z]{3}$")
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
# A card: its suit, then its rank (``H8``, ``D10``, ``c10``, ``ST``).
_CARD = re.compile(r"^([SHDCshdc])(10|[2-9TJQKAtjqka])$")
# The streets the cards elements name: the number of the street (the seventh ``River``).
_STREET_NAMES = {
    "second street": 2,
    "third street": 3,
    "fourth street": 4,
    "fifth street": 5,
    "sixth street": 6,
    "seventh street": 7,
}
_MONTHS = {
    name: number
    for number, name in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1
    )
}
_DATES = (  # (pattern, the order of its year, month, day groups)
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?"), (0, 1, 2)),
    (re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2})(?::(\d{2}))?"), (0, 1, 2)),
    (re.compile(r"(\d{1,2})[/.](\d{1,2})[/.](\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?"), (2, 1, 0)),
    (re.compile(r"(\d{1,2})-([A-Za-z]{3})-(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?"), (2, 1, 0)),
)


class IPokerReader(SiteReader):
    """iPoker's XML: a session's header, then a ``<game>`` element a hand."""

    name = SITE
    header = _FINDS
    first_word = "<session"

    def finds(self, line: str) -> bool:
        """Whether ``line`` holds a session's or a hand's opening tag (anywhere in it:
        a file may be one line, or begin with its ``<?xml ?>`` declaration)."""
        return _FINDS.search(line) is not None

    def hands(self, lines: str | Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """Each ``<game>`` element of a file, as its first line's number and its lines:
        the first from the ``<game`` tag on, prefixed by its session's header (the
        ``<session …><general>…</general>`` text on one line), the last up to
        ``</game>``.  A hand that another begins before its end, or the file's end, is
        given as far as it goes (its reading then says where it stops)."""
        source: Iterable[str] = (
            io.StringIO(lines, newline=None) if isinstance(lines, str) else lines
        )
        header = ""  # the current session's header, on one line
        reading_header: list[str] | None = None  # the parts of a header being read
        game: list[str] | None = None
        start = session_line = 0
        found = False  # whether a hand was found
        for number, line in enumerate(source, 1):
            line = line.rstrip("\r\n")
            at = 0  # where the part of the line not yet read begins
            while True:
                if reading_header is not None:
                    end = _HEADER_END.search(line, at)
                    tag = _START.search(line, at + 1 if not reading_header else at)
                    if tag is not None and (end is None or tag.start() < end.start()):
                        reading_header.append(line[at : tag.start()])
                        at = tag.start()  # a hand (or session) with no header before it
                    elif end is not None:
                        reading_header.append(line[at : end.end()])
                        at = end.end()
                    else:
                        reading_header.append(line[at:])
                        break
                    header = " ".join(part.strip() for part in reading_header if part.strip())
                    reading_header = None
                elif game is not None:
                    end = _GAME_END.search(line, at)
                    tag = _START.search(line, at + 1 if not game else at)
                    if tag is not None and (end is None or tag.start() < end.start()):
                        game.append(line[at : tag.start()])  # cut short by the next
                        yield start, [header + game[0], *game[1:]]
                        game, at = None, tag.start()
                    elif end is not None:
                        game.append(line[at : end.end()])
                        yield start, [header + game[0], *game[1:]]
                        game, at = None, end.end()
                    else:
                        game.append(line[at:])
                        break
                else:
                    tag = _START.search(line, at)
                    if tag is None:
                        break
                    at = tag.start()
                    if tag.group(1) == "session":
                        header, reading_header, session_line = "", [], number
                    else:
                        game, start, found = [], number, True
        if game is not None:
            yield start, [header + game[0], *game[1:]]
        elif not found and session_line:
            # Sessions and no hand: said, so that a file found to be iPoker's is never
            # read as nothing.
            yield session_line, [header or "".join(reading_header or ())]

    def read_hand(self, first: int, lines: list[str]) -> HandRecord:
        return _Hand(first, lines).read()


READER = IPokerReader()


def read_ipoker(text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
    """Every hand of an iPoker file (its text, or its lines), each a record or the
    error that stopped reading it (the other hands are still read)."""
    return READER.read(text)


def iter_ipoker(lines: Iterable[str]) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_ipoker` a hand at a time, as ``lines`` are read."""
    return READER.iter_hands(lines)


class _Refused(Exception):
    """A document type in a hand: refused (its entities could expand without end)."""


class _Hand:
    """One ``<game>`` element read into a record."""

    def __init__(self, first: int, lines: list[str]) -> None:
        self.first, self.lines = first, lines
        code = next(filter(None, map(_GAMECODE.search, lines)), None)
        self.code = code.group(1) if code is not None else "?"
        self.line_of: dict[ET.Element, int] = {}
        self.end_line = first + len(lines) - 1

    def error(self, line: int, message: str) -> HistoryError:
        if self.code == "?" and (session := _SESSIONCODE.search(self.lines[0])) is not None:
            return HistoryError(f"{SITE} session #{session.group(1)}, line {line}: {message}")
        return HistoryError(f"{SITE} hand #{self.code}, line {line}: {message}")

    # -- the XML -------------------------------------------------------------------------

    def read(self) -> HandRecord:
        head = self.lines[0]
        if not any(_GAMECODE.search(line) for line in self.lines):
            raise self.error(self.first, "a session with no hand (no <game gamecode=…>)")
        tag = _GAME_TAG.search(head)
        game_type = _GAMETYPE.search(head, 0, tag.start() if tag is not None else len(head))
        named = unescape(game_type.group(1)).strip() if game_type is not None else None
        # Another game is skipped from its header, even if its XML is broken.
        game = self.game_of(named) if named is not None else None
        if not _ENDS_GAME.search(self.lines[-1]):
            raise self.error(self.end_line, "the hand ends before its </game>")
        root = self.parse()
        if root.tag == "session":
            general, element = root.find("general"), root.find("game")
        else:
            general, element = None, root
        if element is None or element.tag != "game":
            raise self.error(self.first, "no <game> element")
        if general is None or named is None or game is None:
            raise self.error(self.first, "no session header before the hand gives its game")
        return self.record(general, element, named, game)

    def parse(self) -> ET.Element:
        """The hand's elements (expat into ElementTree), each element's line kept."""
        text = "\n".join(self.lines)
        if text.startswith("<session"):
            text += "</session>"  # the session the header opened
        builder = ET.TreeBuilder()
        parser = expat.ParserCreate()
        parser.buffer_text = True
        first, line_of = self.first - 1, self.line_of
        game_end = [self.end_line]

        def start(tag: str, attributes: dict[str, str]) -> None:
            line_of[builder.start(tag, attributes)] = first + parser.CurrentLineNumber

        def end(tag: str) -> None:
            builder.end(tag)
            if tag == "game":
                game_end[0] = first + parser.CurrentLineNumber

        def refuse(*_: object) -> None:
            raise _Refused

        parser.StartElementHandler = start
        parser.EndElementHandler = end
        parser.CharacterDataHandler = builder.data
        parser.StartDoctypeDeclHandler = refuse
        parser.EntityDeclHandler = refuse
        try:
            parser.Parse(text, True)
        except expat.ExpatError as broken:
            line = first + (broken.lineno or 1)
            raise self.error(line, f"broken XML: {expat.ErrorString(broken.code)}") from None
        except _Refused:
            line = first + parser.CurrentLineNumber
            raise self.error(line, "a document type in a hand is refused") from None
        self.end_line = game_end[0]
        return builder.close()

    def game_of(self, named: str) -> Game:
        """The game a ``<gametype>`` names; one we do not deal (hold'em, Omaha, a stud
        that is not fixed-limit, 2-7 Razz) is another game: :class:`OtherGame`."""
        found = _GAME_TYPE.match(named)
        name = " ".join(found["game"].lower().split()) if found is not None else ""
        game = _GAMES.get(name)
        if game is not None and found is not None and found["limit"].lower() in _FIXED_LIMIT:
            return game
        lowered = named.lower()
        ours = ("stud" in lowered or "razz" in lowered) and "2-7" not in lowered
        if not ours or (found is not None and found["limit"].lower() not in _FIXED_LIMIT):
            raise OtherGame(f"{SITE} hand #{self.code}: a hand of {named}, not a stud game", named)
        raise self.error(self.first, f"cannot read the game type {named!r}")

    # -- the record ----------------------------------------------------------------------

    def record(self, general: ET.Element, game: ET.Element, named: str, kind: Game) -> HandRecord:
        found = _GAME_TYPE.match(named)
        assert found is not None  # game_of read it
        tournament = _tournament(general)
        small, big = found["small"], found["big"]
        sign = next((s for s in "$€£" if s in (small or "")), None)
        code = (_text(general, "tablecurrency") or _text(general, "currency") or "").upper()
        currency = sign or _SIGNS.get(code) or (code if code.isalpha() else None)
        if currency in _PLAY or (_text(general, "mode") or "").lower() == "play":
            currency = None  # play money: not money, but written in cents as money is
        if small is None:
            tournament = tournament or _text(general, "tablename") or "?"
        general_line = self.line_of.get(general, self.first)
        record = HandRecord(
            site=SITE,
            number=self.code,
            line=self.first,
            game=kind,
            currency=currency if tournament is None else None,
            scale=100 if tournament is None else 1,  # a tournament's chips are whole
            small_bet=0,
            big_bet=0,
            tournament=tournament,
            table=_text(general, "tablename") or "",
            played_at=_played_at(game.findtext("general/startdate") or ""),
        )
        if small is not None and big is not None:
            record.small_bet = self.units(small, record, general_line)
            record.big_bet = self.units(big, record, general_line)
        if found["ante"] is not None:
            record.ante = self.units(found["ante"], record, general_line)
        record.uncalled_written = False  # left in the bet and the win: see the net
        hero = _text(general, "nickname")
        _Betting(self, record, game).read()
        settle_players(record)
        if hero in record.players:
            record.hero = hero
        return record

    def units(self, text: str, record: HandRecord, line: int) -> int:
        """An amount as iPoker writes it (``$0.05``, ``€1,50``, ``1 500``, ``£1,866.23``,
        ``€1.144,50``) in the record's unit: of a comma and a point, the last is the
        decimal one; a comma alone is decimal before one or two digits."""
        raw = _NOT_AMOUNT.sub("", text)
        if not raw:
            return 0
        if _DIGITS.fullmatch(raw) is None:
            raise self.error(line, f"{text!r} is not an amount")
        comma, point = raw.rfind(","), raw.rfind(".")
        if comma >= 0 and point >= 0:
            decimal, thousands = (",", ".") if comma > point else (".", ",")
            raw = raw.replace(thousands, "").replace(decimal, ".")
        elif comma >= 0:
            decimals = len(raw) - comma - 1
            decimal_comma = raw.count(",") == 1 and decimals in (1, 2)
            raw = raw.replace(",", ".") if decimal_comma else raw.replace(",", "")
        elif raw.count(".") > 1:
            raw = raw.replace(".", "")  # points between thousands
        if raw.count(".") > 1:
            raise self.error(line, f"{text!r} is not an amount")
        value = Decimal(raw) * record.scale
        if value != value.to_integral_value():
            raise self.error(line, f"{text!r} is not an amount in the record's unit")
        return int(value)


class _Betting:
    """The players, the rounds and their cards and actions, read into a record."""

    def __init__(self, hand: _Hand, record: HandRecord, game: ET.Element) -> None:
        self.hand, self.record, self.game = hand, record, game
        self.stack: dict[str, int] = {}  # what each player has left
        self.put_in: dict[str, int] = {}  # what each player's actions put in
        self.last_cards: dict[str, int] = {}  # each player's last cards element's line
        # The street being bet: what each player has put in on it, the most anyone has,
        # and the bring-in's level (a wager above it on the first street is a raise).
        self.street_in: dict[str, int] = {}
        self.level = self.bring_in_level = 0

    def read(self) -> None:
        self.seats()
        rounds = sorted(self.game.iter("round"), key=lambda rnd: _number(rnd.get("no"), 10**9))
        street = -1
        for rnd in rounds:
            street = self.round(rnd, street)
        self.results()
        self.shows()

    def seats(self) -> None:
        hand, record = self.hand, self.record
        players = self.game.find("general/players")
        if players is None:
            raise hand.error(hand.first, "no <players> in the hand")
        seats: list[SeatRecord] = []
        for player in players.iter("player"):
            name = player.get("name") or ""
            if not name:
                continue  # an empty seat
            line = hand.line_of[player]
            seat = _number(player.get("seat"), -1)
            if seat < 0:
                raise hand.error(line, f"{name}'s seat is not a number")
            if any(seat_.name == name for seat_ in seats):
                raise hand.error(line, f"{name} is seated twice")
            stack = hand.units(player.get("chips") or "0", record, line)
            seats.append(SeatRecord(seat, name, stack, line))
            self.stack[name] = stack
            self.put_in[name] = 0
        record.seats = sorted(seats, key=lambda seat_: seat_.number)

    def player(self, element: ET.Element, line: int) -> str:
        name = element.get("player") or ""
        if name not in self.stack:
            raise self.hand.error(line, f"{name!r} is not seated at the table")
        return name

    # -- a round ------------------------------------------------------------------

    def round(self, rnd: ET.Element, before: int) -> int:
        """A round's cards and actions; its street (``before``: the last round's)."""
        hand, record = self.hand, self.record
        layout = record.layout
        cards = [e for e in rnd if e.tag == "cards"]
        actions = [e for e in rnd if e.tag == "action"]
        streets = {self.street_named(e) for e in cards}
        street = -1
        if len(streets) > 1:
            line = hand.line_of[cards[0]]
            raise hand.error(line, "a round deals the cards of two streets")
        if streets:
            street = streets.pop()
        elif any(_number(a.get("type"), -1) not in (15, 8, 9) for a in actions):
            street = _number(rnd.get("no"), -1) - 2  # round 2 the first street
        if street == -1 and not actions:
            return before
        if street >= len(layout.streets) or (street != -1 and street < before):
            line = hand.line_of[rnd]
            raise hand.error(line, f"round {rnd.get('no')} is not a street of the game")
        for element in cards:
            self.cards(element, street)
        self.street_in = dict.fromkeys(self.stack, 0)
        self.level = self.bring_in_level = 0
        for element in actions:
            if _number(element.get("no"), -1) < 0:
                line = hand.line_of[element]
                raise hand.error(line, f"an action numbered {element.get('no')!r}")
        # A round lists its actions a player at a time: their numbers give the order.
        ordered = sorted(actions, key=lambda a: _number(a.get("no"), 0))
        for element in ordered:
            self.action(element, street)
        return max(street, before)

    def street_named(self, element: ET.Element) -> int:
        hand, layout = self.hand, self.record.layout
        named = " ".join((element.get("type") or "").lower().split())
        last = len(layout.streets) - 1
        if named == "river":
            return last
        number = _STREET_NAMES.get(named)
        first = 2 if self.record.game == "five_card_stud" else 3
        if number is None or not 0 <= number - first <= last:
            line = hand.line_of[element]
            said = element.get("type")
            raise hand.error(line, f"cards of a street {self.record.game} does not deal: {said!r}")
        return number - first

    def cards(self, element: ET.Element, street: int) -> None:
        """A player's cards of a street (``X`` not seen): the street's new cards, or
        every card the player holds."""
        hand, record = self.hand, self.record
        layout = record.layout
        line = hand.line_of[element]
        words = (element.text or "").split()
        if not element.get("player"):
            if street == len(layout.streets) - 1 and len(words) == 1:
                record.community = _card(words[0], hand, line)  # R7.4
                return
            raise hand.error(line, "cards dealt to nobody")
        player = self.player(element, line)
        if words:
            cards = [_card(word, hand, line) for word in words]
            learn_street_cards(record, player, street, cards, line)
        record.cards.setdefault(player, [None] * len(layout.slots))
        if player not in record.dealt[street]:
            record.dealt[street].append(player)
        self.last_cards[player] = line

    # -- an action ------------------------------------------------------------------

    def action(self, element: ET.Element, street: int) -> None:
        hand, record = self.hand, self.record
        line = hand.line_of[element]
        code = _number(element.get("type"), -1)
        if code in (8, 9) and element.get("player") not in self.stack:
            return  # an empty seat sitting out
        player = self.player(element, line)
        written = element.get("sum") or "0"
        text = (
            f'<action no="{element.get("no")}" player="{player}" '
            f'type="{element.get("type")}" sum="{written}"/>'
        )
        if code not in ACTION_TYPES:
            raise hand.error(line, f"{text}: action type {element.get('type')} is unknown")
        if code == 15:  # the ante
            amount = hand.units(written, record, line)
            self.pay(player, amount)
            record.antes[player] = (amount, self.stack[player] == 0, line)
            return
        if code in (8, 9):  # sitting out: a fold if dealt in and on a street
            if street >= 0 and player in record.dealt[0]:
                self.add(street, player, "fold", None, False, line, text)
            return
        if code in (1, 2):
            raise hand.error(line, f"{text}: a blind posted in a stud game")
        if street < 0:
            raise hand.error(line, f"{text}: an action before the cards")
        if code == 0:
            self.add(street, player, "fold", None, False, line, text)
            return
        if code == 4:
            self.add(street, player, "check", None, False, line, text)
            return
        amount = hand.units(written, record, line)
        already = self.street_in[player]
        # What the action puts in: the raise's ``sum`` is the street's total.
        added = amount - already if code == 23 else amount
        total = already + added
        self.pay(player, added)
        self.street_in[player] = total
        all_in = self.stack[player] == 0 or code == 7  # 7: all in, as the site says
        kind: ActionName
        if code == 16:
            kind = "bring_in"
            record.bring_in = max(record.bring_in or 0, amount)
            self.bring_in_level = max(self.bring_in_level, total)
        elif code == 3 or (code in (6, 7) and total <= self.level):
            kind, amount = "call", added
        elif street == 0 and self.level <= self.bring_in_level:
            kind, amount = "complete", total  # R2.4
        else:
            kind, amount = ("raise" if self.level else "bet"), total
        self.level = max(self.level, total)
        self.add(street, player, kind, amount, all_in, line, text)

    def pay(self, player: str, amount: int) -> None:
        self.stack[player] -= amount
        self.put_in[player] += amount

    def add(
        self,
        street: int,
        player: str,
        kind: ActionName,
        amount: int | None,
        all_in: bool,
        line: int,
        text: str,
    ) -> None:
        self.record.actions.append(RecordedAction(street, player, kind, amount, all_in, line, text))

    # -- the end --------------------------------------------------------------------

    def results(self) -> None:
        """Each player's net (``win`` less ``bet``); the rake, what the players put
        in less what they got back; the stakes, if the header gave none."""
        hand, record = self.hand, self.record
        players = self.game.find("general/players")
        assert players is not None
        bets = wins = 0
        for element in players.iter("player"):
            name = element.get("name") or ""
            if name not in self.stack:
                continue
            line = hand.line_of[element]
            written = element.get("bet")
            if written is None:
                bet = self.put_in[name]
                record.notes.append(
                    f"line {line}: no bet for {name}; taken as what the actions put in"
                )
            else:
                bet = hand.units(written, record, line)
            win = hand.units(element.get("win") or "0", record, line)
            bets, wins = bets + bet, wins + win
            if bet or win or name in record.dealt[0]:
                record.net[name] = (win - bet, line)
        record.rake = max(0, bets - wins)
        record.summary_line = hand.end_line
        if not record.small_bet:
            self.stakes()

    def stakes(self) -> None:
        """A tournament's stakes, which its header does not write: the first
        street's completion (the small bet) and a bet from the street the big bet
        starts (R2.6, R9.2)."""
        record = self.record
        wagers = [a for a in record.actions if a.kind in ("complete", "bet", "raise")]
        small = next((a.amount for a in wagers if a.street == 0 and a.amount), None)
        big = next((a.amount for a in wagers if a.street >= 2 and a.kind == "bet"), None)
        if small is None and big is not None:
            small = big // 2
        if small is None:
            small = 2 * (record.bring_in or record.ante or 1)
            record.notes.append(
                f"the stakes are not written; the small bet taken as {small}, "
                "which no fact depends on"
            )
        record.small_bet, record.big_bet = small, big or 2 * small

    def shows(self) -> None:
        """Who shows at the showdown: the players still in whose every card is
        written (a hand mucked keeps its ``X``)."""
        record = self.record
        folded = {a.player for a in record.actions if a.kind == "fold"}
        still_in = [p for p in record.dealt[0] if p not in folded]
        if len(still_in) < 2:
            return
        last = max(s for s, dealt in enumerate(record.dealt) if dealt)
        held = record.layout.held[last]
        if record.community is not None and last == len(record.layout.streets) - 1:
            held -= 1
        for player in still_in:
            cards = record.cards.get(player)
            if cards is not None and None not in cards[:held]:
                record.shows[player] = self.last_cards[player]


def _text(general: ET.Element, tag: str) -> str | None:
    text = general.findtext(tag)
    return text.strip() if text is not None and text.strip() else None


def _tournament(general: ET.Element) -> str | None:
    """The tournament a session's header names, if it is one."""
    for tag in ("tournamentcode", "tourcode", "tournamentname"):
        text = _text(general, tag)
        if text is not None:
            return text
    return None


def _number(text: str | None, default: int) -> int:
    try:
        return int(text or "")
    except ValueError:
        return default


def _card(word: str, hand: _Hand, line: int) -> Card | None:
    """``H8``, ``D10``, ``c10`` as a card; ``X`` (not seen) as None."""
    if word.strip("Xx") == "":
        return None
    found = _CARD.match(word)
    if found is None:
        raise hand.error(line, f"{word!r} is not a card")
    suit, rank = found.groups()
    return Card.parse(("T" if rank == "10" else rank.upper()) + suit.lower())


def _played_at(text: str) -> str | None:
    """``2010-09-05 13:00:46`` (or day first, or ``05-Sep-2010 13:00``) as
    ``YYYY-MM-DD HH:MM:SS``; no zone is written."""
    for pattern, (year_at, month_at, day_at) in _DATES:
        found = pattern.search(text)
        if found is None:
            continue
        groups = found.groups()
        month_text = groups[month_at]
        month = _MONTHS.get(month_text.lower()) if month_text.isalpha() else int(month_text)
        if month is None:
            continue
        hour, minute, second = groups[3], groups[4], groups[5] or "00"
        day = int(groups[day_at])
        return f"{groups[year_at]}-{month:02}-{day:02} {int(hour):02}:{minute}:{second}"
    return None
