"""The one skeleton every site's reader is built on.

A :class:`SiteReader` knows how to recognise its site's hands in a file (by the content,
never by a flag or the file's name), how to split a file into hands, and how to read one
hand into a :class:`~studpoker.history.record.HandRecord`.  Most sites write text a line
at a time, and for them :class:`LineReader` is the whole reading: the header, the seat
list, then one line after another tried against the site's patterns, each pattern's
meaning given by its kind (an ante, a bring-in, a call, a card dealt, a pot collected…).
A site's reader is then its patterns and a few hooks (its header, how its street markers
count, a line only it writes), as PokerKit's site parsers share one base.

>>> from studpoker.history.sites import reader_for
>>> reader_for("Full Tilt Poker Game #1: Table Mart - $0.10/$0.20 - Limit Razz - 17:10:10 ET")
<FullTiltReader Full Tilt>
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import ClassVar, Literal

from studpoker.history.record import (
    Collected,
    HandRecord,
    HistoryError,
    RecordedAction,
    SeatRecord,
    amount_at,
    learn_dealt,
    learn_shown,
    parse_card_list,
    street_of_marker,
)
from studpoker.history.text import Names, split_hands

__all__ = ["AMOUNT", "Kind", "LineReader", "SiteReader", "settle_players"]

# An amount as the sites write it: a currency sign before or after, thousands separated
# by commas ("$1,144.50", "5€", "1,827.32").
AMOUNT = r"[$€£]?\s?\d+(?:,\d{3})*(?:\.\d+)?(?:\s?[€£])?"

Kind = Literal[
    "ante",  # groups: amount; all_in
    "bring_in",  # amount; all_in
    "complete",  # amount (the total); all_in
    "bet",  # amount; all_in
    "raise",  # amount (the total), by (what the raise added, if written); all_in
    "call",  # amount; all_in
    "check",
    "fold",
    "shows",  # cards
    "mucks",
    "collected",  # amount; half ("high"/"low"); pot ("main pot", "side pot…")
    "claim",  # the bring-in's "is low with [3c]"
]
_ACTION_KINDS = frozenset(("bring_in", "complete", "bet", "raise", "call", "check", "fold"))


class SiteReader:
    """How one site's files are found and read.

    A subclass names its site (:attr:`name`), its header (:attr:`header`: the line that
    starts a hand, matched after any byte-order mark) and the word that header begins
    with (:attr:`first_word`, in any case: it finds the hands quickly), and reads one
    hand (:meth:`read_hand`).  A site whose hands are not a header and the lines after
    it (iPoker's XML) splits the file itself (:meth:`hands`)."""

    name: ClassVar[str]
    header: ClassVar[re.Pattern[str]]
    first_word: ClassVar[str]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    def finds(self, line: str) -> bool:
        """Whether ``line`` (no line end) starts one of this site's hands."""
        return self.header.match(line.lstrip("\ufeff")) is not None

    def hands(self, lines: str | Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """Each hand of a file (its whole text, or its lines as they are read) as its
        first line's number (1-based) and its lines (no line ends)."""
        return split_hands(lines, self.header, self.first_word)

    def read_hand(self, first: int, lines: list[str]) -> HandRecord:
        """One hand's record from its lines (``first``: the number of its first line);
        a hand that cannot be read raises :class:`HistoryError` naming the line, and a
        hand of a game we do not deal raises :class:`~studpoker.history.OtherGame`."""
        raise NotImplementedError

    def iter_hands(self, lines: str | Iterable[str]) -> Iterator[HandRecord | HistoryError]:
        """Every hand of a file, as its lines are read, each a record or the error that
        stopped reading it (the other hands are still read)."""
        for first, hand in self.hands(lines):
            try:
                yield self.read_hand(first, hand)
            except HistoryError as error:
                yield error

    def read(self, text: str | Iterable[str]) -> list[HandRecord | HistoryError]:
        """:meth:`iter_hands` as a list."""
        return list(self.iter_hands(text))


class LineReader(SiteReader):
    """A site that writes a hand as lines: a header, the table and the seats, the hand a
    line at a time, a summary.

    The subclass gives its patterns, each with named groups:

    - :attr:`seat`: ``seat``, ``name``, ``stack`` (a line of the seat list; a seat
      whose ``stack`` the pattern leaves empty, Everleaf's ``( new player )``, is a
      player not dealt in, and not listed);
    - :attr:`street`: ``street``, the marker's word (``3rd``, ``FOURTH``), which
      :meth:`street_of` turns into a street;
    - :attr:`dealt`: the words a line of cards dealt begins with (``"Dealt to "``),
      then the name and :attr:`dealt_separator`, then the cards (``Dealt to Ann
      [Kc]``; names may hold spaces and brackets, so the line is split by the names
      the seat list gave);
    - :attr:`player_lines`: a line about a player, after the name and
      :attr:`separator` (``": "`` or ``" "``), as ``(kind, pattern)`` pairs tried in
      order; the groups a kind reads are listed in :data:`Kind`;
    - :attr:`uncalled`: ``amount``, ``name``; :attr:`total`: ``total``, ``rake``;
    - :attr:`summary`: the line that starts the summary, after which only
      :attr:`total` and :attr:`summary_lines` (the same kinds as
      :attr:`player_lines`, for a site that says who won there) are read, and the
      lines :meth:`summary_other_line` reads; None for a site that writes no
      summary (Everleaf: the hand ends with its last line);
    - :attr:`noise`: lines that state nothing checked (chat, seats changing).

    A line none of them reads is an error, unless :meth:`other_line` reads it."""

    separator: ClassVar[str] = " "
    table: ClassVar[re.Pattern[str] | None] = None
    seat: ClassVar[re.Pattern[str]]
    street: ClassVar[re.Pattern[str]]
    dealt: ClassVar[str | None] = "Dealt to "
    dealt_separator: ClassVar[str] = " "
    player_lines: ClassVar[tuple[tuple[Kind, re.Pattern[str]], ...]] = ()
    summary_lines: ClassVar[tuple[tuple[Kind, re.Pattern[str]], ...]] = ()
    uncalled: ClassVar[re.Pattern[str] | None] = None
    total: ClassVar[re.Pattern[str] | None] = None
    summary: ClassVar[str | None] = "*** SUMMARY ***"
    noise: ClassVar[tuple[str, ...]] = ()
    # Words that end a player line when the player is all in ("and is all in").
    all_in: ClassVar[str] = "all-in"

    # -- hooks ------------------------------------------------------------------------

    def header_record(self, number: int, line: str) -> HandRecord:
        """The record begun from the header line (the game, the stakes, the hand's
        number); a game we do not deal raises ``OtherGame``."""
        raise NotImplementedError

    def street_of(self, record: HandRecord, word: str, number: int) -> int:
        """The street (0 the first) a marker whose word is ``word`` starts."""
        return street_of_marker(record, word, number)

    def other_line(
        self, record: HandRecord, names: Names, street: int | None, line: str, number: int
    ) -> bool:
        """A line no pattern read: True if the site's own reading took it."""
        return False

    def summary_other_line(self, record: HandRecord, names: Names, line: str, number: int) -> bool:
        """A line of the summary, before the patterns try it: True if the site's own
        reading took it (a summary not written a player at a time)."""
        return False

    def finish(self, record: HandRecord) -> None:
        """The record once every line is read: who was dealt in, the ante.  A site
        whose summary gives the total pot (:attr:`total`) must give it."""
        if self.total is not None and record.total_pot is None:
            where = record.where(record.summary_line)
            raise HistoryError(f"{where}: no total pot in the summary")
        settle_players(record)

    # -- the reading ------------------------------------------------------------------

    def read_hand(self, first: int, lines: list[str]) -> HandRecord:
        record = self.header_record(first, lines[0].lstrip("\ufeff").rstrip())
        index, number = 1, first
        seat_pattern, table = self.seat, self.table
        while index < len(lines):  # the table and the seats
            number = first + index
            line = lines[index].rstrip()
            seat = seat_pattern.match(line)
            if seat is not None:
                if seat["stack"] is not None:  # else a seat taken by a player not dealt in
                    stack = amount_at(seat["stack"], record, number)
                    record.seats.append(SeatRecord(int(seat["seat"]), seat["name"], stack, number))
            elif table is not None and (found := table.match(line)) is not None:
                record.table = found["table"]
            elif record.seats or not self.before_seats(record, line, number):
                break
            index += 1
        if not record.seats:
            raise HistoryError(f"{record.where(number)}: no seats listed")
        names = Names(seat.name for seat in record.seats)
        street: int | None = None
        in_summary = False
        summary = self.summary
        last = number
        for number, line in enumerate(lines[index:], first + index):
            line = line.rstrip()
            if not line:
                continue
            last = number
            if in_summary:
                self._summary_line(record, names, line, number)
                continue
            if summary is not None and line.startswith(summary):
                in_summary = True
                record.summary_line = number
                continue
            marker = self.street.match(line)
            if marker is not None:
                street = self.street_of(record, marker["street"], number)
                continue
            if self._line(record, names, street, line, number):
                continue
            if self.other_line(record, names, street, line, number):
                continue
            if line.startswith(self.noise) or street is None:
                continue  # a table message, or a line before the cards
            raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
        if summary is None:
            record.summary_line = last  # no summary: the hand's last line ends it
        elif not in_summary:
            raise HistoryError(f"{record.where(last)}: the hand ends before its summary")
        self.finish(record)
        return record

    def before_seats(self, record: HandRecord, line: str, number: int) -> bool:
        """A line between the header and the seats (a date, a table): True to read on."""
        return False

    def _line(
        self, record: HandRecord, names: Names, street: int | None, line: str, number: int
    ) -> bool:
        prefix = self.dealt
        if prefix is not None and line.startswith(prefix):
            said = names.split(line[len(prefix) :], self.dealt_separator)
            if said is None or street is None:
                raise HistoryError(f"{record.where(number)}: cannot read {line!r}")
            player, cards = said
            learn_dealt(record, player, street, cards, number)
            if player not in record.dealt[street]:
                record.dealt[street].append(player)
            return True
        uncalled = self.uncalled.match(line) if self.uncalled is not None else None
        if uncalled is not None:
            amount = amount_at(uncalled["amount"], record, number)
            record.uncalled.append((uncalled["name"], amount, number))
            return True
        said = names.split(line, self.separator)
        if said is None:
            return False
        player, rest = said
        for kind, pattern in self.player_lines:
            found = pattern.match(rest)
            if found is not None:
                if kind in _ACTION_KINDS and street is None:
                    return False
                self.player_line(record, player, kind, found, street, line, number)
                return True
        return False

    def _summary_line(self, record: HandRecord, names: Names, line: str, number: int) -> None:
        if self.summary_other_line(record, names, line, number):
            return
        total = self.total.match(line) if self.total is not None else None
        if total is not None:
            groups = total.groupdict()
            if groups.get("total") is not None:
                record.total_pot = amount_at(groups["total"], record, number)
            if groups.get("rake") is not None:
                record.rake = amount_at(groups["rake"], record, number)
            record.total_line = number
            return
        if not self.summary_lines:
            return
        said = names.split(line, self.separator)
        if said is None:
            return
        player, rest = said
        for kind, pattern in self.summary_lines:
            found = pattern.match(rest)
            if found is not None:
                self.player_line(record, player, kind, found, None, line, number)
                return

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
        """What a line about ``player`` says, by its kind."""
        groups = found.groupdict()
        written = groups.get("amount")
        amount = amount_at(written, record, number) if written is not None else None
        all_in = bool(groups.get("all_in")) or line.endswith(self.all_in)
        if kind == "ante":
            assert amount is not None
            record.antes[player] = (amount, all_in, number)
        elif kind == "shows":
            cards = parse_card_list(groups["cards"], where=record.where(number))
            learn_shown(record, player, cards, number)
            record.shows[player] = number
        elif kind == "mucks":
            record.mucks[player] = number
        elif kind == "claim":
            record.bring_in_claim = (player, number)
        elif kind == "collected":
            assert amount is not None
            pot_word = groups.get("pot") or "pot"
            pot: Literal["pot", "main pot", "side pot"] = (
                "side pot"
                if pot_word.startswith("side")
                else "main pot"
                if pot_word.startswith("main")
                else "pot"
            )
            half = groups.get("half")
            named: Literal["high", "low"] | None = (
                "high" if half == "high" else "low" if half == "low" else None
            )
            record.collected.append(Collected(player, amount, pot, number, named))
        else:
            assert street is not None
            by = groups.get("by")
            if kind == "bring_in" and amount is not None:
                record.bring_in = max(record.bring_in or 0, amount)
            record.actions.append(
                RecordedAction(
                    street,
                    player,
                    kind,
                    amount,
                    all_in,
                    number,
                    line,
                    amount_at(by, record, number) if by is not None else None,
                )
            )


def settle_players(record: HandRecord) -> None:
    """Who was dealt in: the players with a card on the first street, in seat order;
    the ante is the most anyone posted (unless the header gave it); every player's
    cards unknown where no line gave them.  A hand no two players were dealt, or with a
    player acting who was not dealt in, cannot be read."""
    dealt = set(record.dealt[0])
    if len(dealt) < 2:
        raise HistoryError(f"{record.where()}: fewer than two players dealt in")
    record.players = [seat.name for seat in record.seats if seat.name in dealt]
    posted = max((amount for amount, _, _ in record.antes.values()), default=0)
    record.ante = max(record.ante or 0, posted)
    held = len(record.layout.slots)
    for player in record.players:
        if player not in record.cards:
            record.cards[player] = [None] * held
    for action in record.actions:
        if action.player not in dealt:
            raise HistoryError(
                f"{record.where(action.line)}: {action.player} acts but was not dealt in"
            )
