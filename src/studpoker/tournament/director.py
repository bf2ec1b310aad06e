"""The tournament director (issue 17): who sits where, the level, who moves, who
finished where, and the prizes.

:class:`Tournament` is pure: it keeps no clock (every call that depends on time is
given ``now``, in seconds) and does no I/O; its random draws (the seats, a moved
player's new seat) come from the injected ``rng``, the OS CSPRNG when none is given
(R1.5).  Whoever runs the tables (a test, ``bench/tournament.py``, the room) asks
:meth:`Tournament.next_hand` for a table's next deal and tells
:meth:`Tournament.hand_over` how it ended; the director answers with the moves to
make.

The rules it keeps, as PokerStars and poker-network run a multi-table tournament:

* **Seats are drawn** at random when it starts: the players are shuffled and dealt
  to the tables in turn, so that no table has more than one player more than
  another, each to a random seat of its table.
* **Levels** change on the clock (``level_minutes`` of play, not counting the time
  the room is down: :meth:`pause` and :meth:`resume`), or after ``level_hands``
  hands a table: the level ends when the tables together have dealt ``level_hands``
  times as many hands as there were tables at its start.  A hand is played whole at
  the level it was dealt at.  No hand is dealt during a break.
* **Balancing**: when a hand ends, a table with two players or more than the
  shortest table gives players to the shortest tables until it has at most one more.
  The player who moves is the one due first in the next deal: stud has no blinds to
  dodge, so the sites move by the deal's order, the seat after the one that was
  dealt first last hand.  A moved player takes a random empty seat.  A table never
  deals while it has two players more than another.
* **Breaking**: when the players left fit at fewer tables, the table with the fewest
  players (the highest number among equals) is broken as soon as its hand ends, its
  players sent to the tables with the fewest players, until one, the final table,
  is left.  Chips rolled over at a broken table (Show Hand's short call, R6.8) are
  split among its players, as at a table's last hand.
* **Places**: a player busts when a hand leaves them no chips.  Players who bust in
  the same hand are placed by their stacks at its start (the larger stack, the
  better place); equal stacks tie and split the prizes of the places they share
  (odd chips to the first in seat order).  Places count entries, so that a late
  entry or a re-entry moves every earlier bust one place down.
* **Late registration** (``late_levels``): a player may enter until that many
  levels have started; with ``reentry``, a busted player may enter again in that
  time.  A late entry takes a random empty seat at the shortest table.

>>> import random
>>> from studpoker.tournament import default_structure
>>> t = Tournament(default_structure("razz", "turbo"), table_size=8, rng=random.Random(1))
>>> [t.register(name) for name in ("ann", "bob", "cy")]
['ann', 'bob', 'cy']
>>> t.start(now=0.0)
>>> deal = t.next_hand(1, now=0.0)
>>> deal.level.title, deal.players, deal.stacks
('Level I (10/20)', ('cy', 'ann', 'bob'), (1500, 1500, 1500))
>>> moves = t.hand_over(1, (0, 2250, 2250), carry=0, now=30.0)
>>> t.finishes[-1].players, t.players_left
(('cy',), 2)
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from studpoker.engine import rollover_shares
from studpoker.games import GameSpec, Rotation
from studpoker.tournament.payouts import payouts
from studpoker.tournament.structure import Break, Level, Structure

__all__ = [
    "Deal",
    "Finish",
    "Move",
    "Place",
    "Table",
    "Tournament",
    "TournamentError",
    "chop",
    "entry_name",
    "player_of",
]


class TournamentError(ValueError):
    """What a tournament refuses, with its reason (``code`` stable, for the wire)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Table:
    """One table of the tournament: ``seats[i]`` is the entry sitting in seat ``i``
    (None: empty); ``dealt_first`` the seat dealt first in the last hand."""

    number: int
    seats: list[str | None]
    carry: int = 0
    dealt_first: int = -1
    playing: bool = False
    breaking: bool = False
    broken: bool = False
    hands: int = 0
    # The entries and stacks at the start of the hand being played.
    hand_entries: tuple[str, ...] = ()
    hand_stacks: tuple[int, ...] = ()
    # The number of the deal being played (or the last one played) and the step of
    # the schedule it was dealt at: a hand's end names its deal, and a table whose
    # process died is dealt the same hand again (:meth:`Tournament.current_deal`).
    deal: int = 0
    deal_step: int = 0

    @property
    def count(self) -> int:
        return sum(entry is not None for entry in self.seats)

    @property
    def occupied(self) -> list[int]:
        return [seat for seat, entry in enumerate(self.seats) if entry is not None]


@dataclass(frozen=True)
class Move:
    """A player sent from one table's seat to another's (``reason``: "balance" or
    "break")."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str


@dataclass(frozen=True)
class Deal:
    """A table's next hand: the level and game it is dealt at, its players (entries)
    in seat order, the seats they hold and their stacks, and the chips rolled over
    into its pot (``carry``, Show Hand's R6.8)."""

    table: int
    number: int
    level: Level
    spec: GameSpec
    seats: tuple[int, ...]
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    carry: int
    moves: tuple[Move, ...] = ()


@dataclass(frozen=True)
class Finish:
    """Entries who busted in one hand with the same starting stack, in seat order
    (several only when they tie); ``order`` counts busts, the first bust 0."""

    players: tuple[str, ...]
    table: int
    hand: int
    stack_at_start: int
    order: int


@dataclass(frozen=True)
class Place:
    """An entry's place (the best of the places it shares in a tie) and prize."""

    player: str
    place: int
    prize: int


@dataclass
class _Clock:
    """The tournament's play time: seconds since it started, less the pauses."""

    started: float | None = None
    paused_at: float | None = None
    paused_for: float = 0.0

    def elapsed(self, now: float) -> float:
        if self.started is None:
            return 0.0
        end = self.paused_at if self.paused_at is not None else now
        return max(0.0, end - self.started - self.paused_for)


def _first_after(seats: list[int], seat: int) -> int:
    """The first of the occupied ``seats`` after ``seat``, round the table: the seat
    dealt first in the next hand."""
    return next((taken for taken in seats if taken > seat), seats[0])


def _carry_shares(table: Table) -> dict[str, int]:
    """R6.8: the chips rolled over at ``table`` split among its players, the odd chips
    to the first in seat order."""
    seated = [taken for taken in table.seats if taken is not None]
    if not table.carry or not seated:
        return {}
    return dict(zip(seated, rollover_shares(table.carry, len(seated)), strict=True))


def chop(pool: int, stacks: Sequence[tuple[str, int]]) -> dict[str, int]:
    """``pool`` shared by chip count among ``stacks`` (entry, chips), given in the
    order the entries entered: each is paid ``pool * chips // total``, and the few
    left over (fewer than there are stacks) go one each to the biggest stacks, the
    earlier entry first among equal stacks.  The shares add up to ``pool``, and a
    bigger stack is never paid less than a smaller one.

    >>> chop(1000, [("ann", 500), ("bob", 300), ("cy", 300)])
    {'ann': 455, 'bob': 273, 'cy': 272}
    """
    if pool < 0:
        raise TournamentError("bad_chop", f"a pool is 0 chips or more, not {pool}")
    if not stacks or any(chips <= 0 for _, chips in stacks):
        raise TournamentError(
            "bad_chop", f"a pool is shared among stacks of 1 chip or more, not {list(stacks)}"
        )
    total = sum(chips for _, chips in stacks)
    shares = {entry: pool * chips // total for entry, chips in stacks}
    left = pool - sum(shares.values())
    biggest = sorted(range(len(stacks)), key=lambda i: -stacks[i][1])  # stable: entry order
    for i in biggest[:left]:
        shares[stacks[i][0]] += 1
    return shares


def _name(player: Any) -> str:
    if not isinstance(player, str) or not player or len(player) > 64:
        raise TournamentError("bad_player", f"a player is a name of 1 to 64 characters: {player!r}")
    return player


def entry_name(player: str, entry: int) -> str:
    """The entry's name: the player's name, then ``#2``, ``#3`` for re-entries."""
    return player if entry == 1 else f"{player}#{entry}"


def player_of(entry: str) -> str:
    """The player whose entry it is."""
    head, _, number = entry.rpartition("#")
    return head if head and number.isdigit() else entry


@dataclass
class Tournament:
    """A multi-table tournament (a sit-and-go is one that starts when its
    ``capacity`` is reached: :attr:`full`)."""

    structure: Structure
    table_size: int = 0
    capacity: int | None = None
    late_levels: int = 0
    reentry: bool = False
    rng: random.Random = field(default_factory=random.SystemRandom)
    mix: str | None = None  # a mixed game (Triple Stud), each table in its own rotation
    mix_hands: int = 0  # hands a game of the mix (0: an orbit, a hand a seat)
    entries: list[str] = field(default_factory=list)
    stacks: dict[str, int] = field(default_factory=dict)
    tables: dict[int, Table] = field(default_factory=dict)
    where: dict[str, tuple[int, int]] = field(default_factory=dict)
    finishes: list[Finish] = field(default_factory=list)
    hands: int = 0
    state: str = "registering"  # registering, running, finished
    clock: _Clock = field(default_factory=_Clock)
    step: int = 0  # the place in the structure's schedule
    step_started: float = 0.0  # play time (s) when the step started
    step_hands: int = 0  # hands dealt in the step
    step_quota: int = 0  # hands the step lasts (level_hands)

    def __post_init__(self) -> None:
        self._finish_rows: list[list[Any]] = []  # the finishes as to_json writes them
        most = self.structure.spec(self.structure.levels[0]).max_seats
        if not self.table_size:
            self.table_size = most
        if not 2 <= self.table_size <= most:
            raise TournamentError(
                "bad_table_size",
                f"a table of {self.structure.game} seats 2 to {most} players, "
                f"not {self.table_size}",
            )
        if self.capacity is not None and not 2 <= self.capacity <= 1000:
            raise TournamentError(
                "bad_capacity", f"a tournament takes 2 to 1000 entries, not {self.capacity}"
            )
        if self.late_levels < 0:
            raise TournamentError("bad_late_levels", "late registration lasts 0 levels or more")
        self.rotation: Rotation | None = None
        if self.mix is not None:
            try:
                self.rotation = Rotation.of(self.mix, hands=self.mix_hands or self.table_size)
            except ValueError as error:
                raise TournamentError("bad_mix", str(error)) from None
            if self.rotation.games[0] != self.structure.game:
                raise TournamentError(
                    "bad_mix",
                    f"a {self.mix} tournament's structure is of {self.rotation.games[0]}",
                )

    # -- registration ---------------------------------------------------------------

    @property
    def full(self) -> bool:
        return self.capacity is not None and len(self.entries) >= self.capacity

    @property
    def level_number(self) -> int:
        """The number of the level being played, or of the one after the break."""
        return self._level_at(self.step).number

    @property
    def late_registration(self) -> bool:
        """Whether a player may still enter (before the start, or in its late levels)."""
        if self.state == "registering":
            return not self.full
        return self.state == "running" and self.level_number <= self.late_levels and not self.full

    def entries_of(self, player: str) -> list[str]:
        return [entry for entry in self.entries if player_of(entry) == player]

    def register(self, player: str) -> str:
        """Enter ``player``; return the entry's name.  Refused with a reason: the
        tournament started (and its late registration is over), it is full, the
        player is in it already, or busted without re-entry."""
        entry = self.check_register(player)
        self.entries.append(entry)
        self.stacks[entry] = self.structure.starting_chips
        if self.state == "running":
            self._seat_late(entry)
        return entry

    def check_register(self, player: str) -> str:
        """The entry :meth:`register` would make, changing nothing; a TournamentError
        says why it would refuse."""
        _name(player)
        if "#" in player:
            raise TournamentError("bad_player", f"a player's name has no '#': {player!r}")
        if self.state == "finished":
            raise TournamentError("finished", "the tournament is over")
        if self.full:
            raise TournamentError("full", f"the tournament is full ({self.capacity} entries)")
        if self.state == "running" and not self.late_registration:
            raise TournamentError("started", "the tournament started: registration is closed")
        mine = self.entries_of(player)
        if mine and mine[-1] in self.stacks:
            raise TournamentError("registered", f"{player} is in the tournament already")
        if mine and not self.reentry:
            raise TournamentError("busted", f"{player} busted and this tournament has no re-entry")
        return entry_name(player, len(mine) + 1)

    def unregister(self, player: str) -> None:
        """Take ``player`` out before the start."""
        if self.state != "registering":
            raise TournamentError("started", "the tournament started: a player cannot leave it")
        if player not in self.stacks:
            raise TournamentError("not_registered", f"{player!r} is not registered")
        self.entries.remove(player)
        del self.stacks[player]

    # -- the start and the clock ----------------------------------------------------------

    def start(self, now: float) -> None:
        """Draw the seats and start the clock."""
        if self.state != "registering":
            raise TournamentError("started", "the tournament started already")
        if len(self.entries) < 2:
            raise TournamentError("too_few", "a tournament needs two players to start")
        players = list(self.entries)
        self.rng.shuffle(players)
        count = math.ceil(len(players) / self.table_size)
        for number in range(1, count + 1):
            self.tables[number] = Table(number, [None] * self.table_size)
        groups: list[list[str]] = [players[i::count] for i in range(count)]
        for number, group in enumerate(groups, 1):
            table = self.tables[number]
            drawn = self.rng.sample(range(self.table_size), len(group))
            for entry, seat in zip(group, drawn, strict=True):
                table.seats[seat] = entry
                self.where[entry] = (number, seat)
        self.state = "running"
        self.clock.started = now
        self._start_step(0, 0.0)

    def pause(self, now: float) -> None:
        """Stop the clock (the room is going down)."""
        if self.clock.paused_at is None:
            self.clock.paused_at = now

    def resume(self, now: float) -> None:
        """Start the clock again where it stopped."""
        if self.clock.paused_at is not None:
            self.clock.paused_for += max(0.0, now - self.clock.paused_at)
            self.clock.paused_at = None

    def _level_at(self, step: int) -> Level:
        schedule = self.structure.schedule
        for item in schedule[step:]:
            if isinstance(item, Level):
                return item
        raise AssertionError("a structure ends with a level")  # pragma: no cover

    def _start_step(self, step: int, at: float) -> None:
        self.step, self.step_started, self.step_hands = step, at, 0
        running = sum(1 for table in self.tables.values() if not table.broken)
        self.step_quota = (self.structure.level_hands or 0) * max(1, running)

    def _step_ends(self) -> float | None:
        """Play time (s) when the current step ends on the clock (None: not on it)."""
        item = self.structure.schedule[self.step]
        if isinstance(item, Break):
            return self.step_started + item.minutes * 60
        if self.step == len(self.structure.schedule) - 1:
            return None  # the last level lasts
        if self.structure.level_minutes is None:
            return None
        return self.step_started + self.structure.level_minutes * 60

    def _advance(self, now: float) -> None:
        elapsed = self.clock.elapsed(now)
        schedule = self.structure.schedule
        while self.step < len(schedule) - 1:
            ends = self._step_ends()
            if ends is not None and elapsed >= ends:
                self._start_step(self.step + 1, ends)
                continue
            level = isinstance(schedule[self.step], Level)
            if level and self.structure.level_hands and self.step_hands >= self.step_quota:
                self._start_step(self.step + 1, elapsed)
                continue
            break

    @property
    def on_break(self) -> bool:
        return isinstance(self.structure.schedule[self.step], Break)

    def level(self, now: float) -> Level:
        """The level being played at ``now`` (in a break: the one after it)."""
        self._advance(now)
        return self._level_at(self.step)

    def next_level_in(self, now: float) -> float | None:
        """Seconds of play until the next level or break (None: not on the clock)."""
        self._advance(now)
        ends = self._step_ends()
        return None if ends is None else max(0.0, ends - self.clock.elapsed(now))

    # -- hands ---------------------------------------------------------------------

    @property
    def players_left(self) -> int:
        return len(self.stacks)

    @property
    def running_tables(self) -> list[Table]:
        return [table for table in self.tables.values() if not table.broken]

    def next_hand(self, number: int, now: float) -> Deal | None:
        """The next deal at table ``number``, or None when it must wait: a break, a
        paused clock, fewer than two players, or a table being broken.  A table that
        would deal with two players more than another gives them first: the deal
        carries those moves."""
        table = self._table(number)
        if self.state != "running":
            return None
        if table.playing:
            raise TournamentError("playing", f"table {number} is playing a hand already")
        if self.clock.paused_at is not None or table.breaking:
            return None
        self._advance(now)
        if self.on_break:
            return None
        moves = tuple(self._give(table))
        if table.count < 2:
            return None
        level = self._level_at(self.step)
        seats = table.occupied
        table.dealt_first = _first_after(seats, table.dealt_first)
        players = tuple(table.seats[seat] or "" for seat in seats)
        stacks = tuple(self.stacks[entry] for entry in players)
        table.playing, table.hand_entries, table.hand_stacks = True, players, stacks
        table.hands += 1
        self.hands += 1
        self.step_hands += 1
        table.deal, table.deal_step = self.hands, self.step
        return Deal(
            number,
            self.hands,
            level,
            self.deal_spec(level, table.hands - 1),
            tuple(seats),
            players,
            stacks,
            table.carry,
            moves,
        )

    def deal_spec(self, level: Level, hand: int) -> GameSpec:
        """The game and stakes of a table's ``hand``-th hand (from 0) at ``level``:
        a mixed game's tables each in the mix's turn."""
        spec = self.structure.spec(level)
        if self.rotation is not None:
            spec = self.rotation.spec(spec, hand)
        return spec

    def current_deal(self, number: int) -> Deal | None:
        """The deal table ``number`` is playing, as it was dealt (None: it is between
        hands).  A table whose process died in the middle of a hand is dealt it again:
        the hand cut short is void (tournament chips are not money), its players and
        stacks as they were."""
        table = self._table(number)
        if not table.playing:
            return None
        level = self._level_at(table.deal_step)
        seats = tuple(self.where[entry][1] for entry in table.hand_entries)
        return Deal(
            number,
            table.deal,
            level,
            self.deal_spec(level, table.hands - 1),
            seats,
            table.hand_entries,
            table.hand_stacks,
            table.carry,
        )

    def adopt(self, number: int, deal: int, players: Sequence[str], stacks: Sequence[int]) -> bool:
        """A hand table ``number`` played that this director never dealt: a director
        started again from its last kept state, which was kept before the deal.  Taken
        as dealt (then :meth:`hand_over` ends it) if its players still sit at the table
        with the stacks they were dealt; whether it was."""
        table = self._table(number)
        if table.playing or deal <= table.deal or len(players) != len(stacks) or len(players) < 2:
            return False
        for entry, stack in zip(players, stacks, strict=True):
            if self.where.get(entry, (0, 0))[0] != number or self.stacks.get(entry) != stack:
                return False
        table.playing, table.hand_entries, table.hand_stacks = True, tuple(players), tuple(stacks)
        table.hands += 1
        self.hands = max(self.hands, deal)
        table.deal, table.deal_step = deal, self.step
        return True

    def hand_over(
        self, number: int, stacks: Sequence[int], *, carry: int, now: float
    ) -> list[Move]:
        """Table ``number``'s hand ended with ``stacks`` (in the deal's seat order) and
        ``carry`` chips rolled over; place the busted, then balance and break tables.
        Returns the moves made, in order."""
        table = self._table(number)
        if not table.playing:
            raise TournamentError("not_playing", f"table {number} is not playing a hand")
        entries, before = table.hand_entries, table.hand_stacks
        if len(stacks) != len(entries) or any(
            not isinstance(s, int) or isinstance(s, bool) or s < 0 for s in stacks
        ):
            raise TournamentError(
                "bad_result", f"table {number}'s hand ends with {len(entries)} stacks of chips"
            )
        if (
            not isinstance(carry, int)
            or carry < 0
            or (sum(stacks) + carry != sum(before) + table.carry)
        ):
            raise TournamentError(
                "bad_result",
                f"table {number}'s hand ends with {sum(stacks) + carry} chips, "
                f"not the {sum(before) + table.carry} it started with",
            )
        table.playing, table.carry = False, carry
        busted: list[tuple[int, str]] = []
        for entry, stack, start in zip(entries, stacks, before, strict=True):
            if stack:
                self.stacks[entry] = stack
            else:
                busted.append((start, entry))
        self._place(table, busted)
        if len(self.stacks) == 1:
            self._finish(table)
            return []
        return self._balance(table)

    def _place(self, table: Table, busted: list[tuple[int, str]]) -> None:
        # The smaller starting stack busts first (the worse place); stable: seat
        # order among equals.
        busted.sort(key=lambda item: item[0])
        for start, group in itertools.groupby(busted, key=lambda item: item[0]):
            players = tuple(entry for _, entry in group)
            for entry in players:
                del self.stacks[entry]
                seat = self.where.pop(entry)[1]
                table.seats[seat] = None
            order = len(self.finishes)
            self.finishes.append(Finish(players, table.number, self.hands, start, order))

    def _finish(self, table: Table) -> None:
        (winner,) = self.stacks
        # The last table's rolled-over chips go to the one player left (R6.8).
        self.stacks[winner] += table.carry
        table.carry = 0
        self.state = "finished"

    # -- balancing ---------------------------------------------------------------------

    def _shortest(self, exclude: Table) -> Table | None:
        others = [t for t in self.running_tables if t is not exclude and not t.breaking]
        return min(others, key=lambda t: (t.count, t.number), default=None)

    def _move(self, entry: str, source: Table, to: Table, reason: str) -> Move:
        seat = self.where[entry][1]
        source.seats[seat] = None
        empty = [i for i, taken in enumerate(to.seats) if taken is None]
        new = self.rng.choice(empty)
        to.seats[new] = entry
        self.where[entry] = (to.number, new)
        return Move(entry, source.number, seat, to.number, new, reason)

    def _due(self, table: Table) -> str:
        """The player due first in the table's next deal: the one who moves."""
        entry = table.seats[_first_after(table.occupied, table.dealt_first)]
        assert entry is not None
        return entry

    def _balance(self, table: Table) -> list[Move]:
        moves: list[Move] = []
        needed = math.ceil(len(self.stacks) / self.table_size)
        while sum(1 for t in self.running_tables if not t.breaking) > needed:
            candidates = [t for t in self.running_tables if not t.breaking]
            victim = min(candidates, key=lambda t: (t.count, -t.number))
            victim.breaking = True
        for victim in self.running_tables:
            if victim.breaking and not victim.playing:
                moves += self._break(victim)
        if not table.broken:
            moves += self._give(table)
        return moves

    def _give(self, table: Table) -> list[Move]:
        """Moves from ``table`` to the shortest tables until it has at most one player
        more than each."""
        moves = []
        while (shortest := self._shortest(table)) is not None and (
            table.count > shortest.count + 1
        ):
            moves.append(self._move(self._due(table), table, shortest, "balance"))
        return moves

    def _break(self, victim: Table) -> list[Move]:
        others = [t for t in self.running_tables if t is not victim and not t.breaking]
        if sum(self.table_size - t.count for t in others) < victim.count:
            # Late entries seated since it was marked filled the others: it plays on
            # (Hypothesis found a break with nowhere to seat its last player).
            victim.breaking = False
            return []
        shared = _carry_shares(victim)
        for taken, share in shared.items():
            self.stacks[taken] += share
        if shared:
            victim.carry = 0
        moves = []
        for seat in victim.occupied:
            entry = victim.seats[seat]
            assert entry is not None
            to = self._shortest(victim)
            assert to is not None, "a table is broken only when others can seat its players"
            moves.append(self._move(entry, victim, to, "break"))
        victim.broken = True
        return moves

    def _seat_late(self, entry: str) -> None:
        open_tables = [
            t for t in self.running_tables if not t.breaking and t.count < self.table_size
        ]
        if open_tables:
            table = min(open_tables, key=lambda t: (t.count, t.number))
        else:
            number = max(self.tables) + 1
            table = self.tables[number] = Table(number, [None] * self.table_size)
        empty = [i for i, taken in enumerate(table.seats) if taken is None]
        seat = self.rng.choice(empty)
        table.seats[seat] = entry
        self.where[entry] = (table.number, seat)

    def _table(self, number: int) -> Table:
        table = self.tables.get(number)
        if table is None or table.broken:
            raise TournamentError("no_table", f"the tournament has no table {number}")
        return table

    # -- the results -----------------------------------------------------------------------

    @property
    def chips(self) -> int:
        """The chips in play: every stack and every table's rolled-over chips."""
        return sum(self.stacks.values()) + sum(t.carry for t in self.tables.values())

    def places(self, pool: int = 0) -> list[Place]:
        """Every entry's place and prize from a prize pool of ``pool``, the winner
        first, once the tournament is over."""
        if self.state != "finished":
            raise TournamentError("not_finished", "the places are known when it is over")
        (winner,) = self.stacks
        return [Place(winner, 1, self._prizes(pool)[0]), *self.busted(pool)]

    def busted(self, pool: int = 0) -> list[Place]:
        """The places and prizes of the entries busted so far, the best place first: a
        player knows theirs as they bust, not only when the tournament is over (the
        places below those still in; with late entries still coming, as they stand)."""
        if not self.finishes:  # nobody busted (one cancelled before its start included)
            return []
        prizes = self._prizes(pool)
        out = []
        place = len(self.stacks) + 1
        for finish in reversed(self.finishes):
            group = finish.players
            share, odd = divmod(sum(prizes[place - 1 : place - 1 + len(group)]), len(group))
            out += [Place(entry, place, share + (i < odd)) for i, entry in enumerate(group)]
            place += len(group)
        return out

    def _prizes(self, pool: int) -> list[int]:
        """Each place's prize from ``pool``, by the field's size (0 past those paid)."""
        prizes = payouts(len(self.entries), pool)
        return prizes + [0] * (len(self.entries) - len(prizes))

    def chop(self, pool: int) -> dict[str, int]:
        """``pool`` shared by chip count among the entries still in (a cancelled
        tournament, :func:`chop`): each one's chips with its share of the chips rolled
        over at its table (R6.8, as when a table breaks), in the order they entered."""
        chips = dict(self.stacks)
        for table in self.running_tables:
            for taken, share in _carry_shares(table).items():
                chips[taken] += share
        return chop(pool, [(entry, chips[entry]) for entry in self.entries if entry in chips])

    def standings(self) -> list[tuple[str, int]]:
        """The entries still in, by their chips, the most first (ties by name)."""
        return sorted(self.stacks.items(), key=lambda item: (-item[1], item[0]))

    # -- kept and read back (a restart of the room) ----------------------------------------

    def to_json(self) -> str:
        """The director's state as JSON text (the structure and the random generator
        are given again to :meth:`from_json`), with the deals being played: a table
        whose hand ends after a restart of its director is taken as it was dealt."""
        tables = [
            {
                "number": t.number, "seats": t.seats, "carry": t.carry,
                "dealt_first": t.dealt_first, "breaking": t.breaking, "broken": t.broken,
                "hands": t.hands, "playing": t.playing, "hand_entries": t.hand_entries,
                "hand_stacks": t.hand_stacks, "deal": t.deal, "deal_step": t.deal_step,
            }
            for t in self.tables.values()
        ]  # fmt: skip
        # Finishes only grow: each written once, kept (a 1,000-entry field's hands each
        # stored the whole list again).
        rows = self._finish_rows
        for f in self.finishes[len(rows) :]:
            rows.append([list(f.players), f.table, f.hand, f.stack_at_start, f.order])
        return orjson.dumps(
            {
                "table_size": self.table_size, "capacity": self.capacity,
                "late_levels": self.late_levels, "reentry": self.reentry,
                "mix": self.mix, "mix_hands": self.mix_hands,
                "entries": self.entries, "stacks": self.stacks, "tables": tables,
                "finishes": rows,
                "hands": self.hands, "state": self.state,
                "clock": [self.clock.started, self.clock.paused_at, self.clock.paused_for],
                "step": [self.step, self.step_started, self.step_hands, self.step_quota],
            },
        ).decode()  # fmt: skip

    @classmethod
    def from_json(
        cls, text: str | dict[str, Any], structure: Structure, rng: random.Random | None = None
    ) -> Tournament:
        """The director kept by :meth:`to_json`, the deals being played with it (a
        table whose process died too is dealt the same hand again: current_deal)."""
        data = json.loads(text) if isinstance(text, str) else text
        t = cls(
            structure,
            table_size=data["table_size"],
            capacity=data["capacity"],
            late_levels=data["late_levels"],
            reentry=data["reentry"],
            rng=random.SystemRandom() if rng is None else rng,
            mix=data.get("mix"),
            mix_hands=data.get("mix_hands", 0),
        )
        t.entries = list(data["entries"])
        t.stacks = {str(k): int(v) for k, v in data["stacks"].items()}
        for row in data["tables"]:
            table = Table(row["number"], list(row["seats"]), row["carry"], row["dealt_first"])
            table.breaking, table.broken, table.hands = row["breaking"], row["broken"], row["hands"]
            table.playing = bool(row.get("playing", False))
            table.hand_entries = tuple(row.get("hand_entries", ()))
            table.hand_stacks = tuple(row.get("hand_stacks", ()))
            table.deal, table.deal_step = row.get("deal", 0), row.get("deal_step", 0)
            t.tables[table.number] = table
            for seat, entry in enumerate(table.seats):
                if entry is not None and not table.broken:
                    t.where[entry] = (table.number, seat)
        t.finishes = [Finish(tuple(p), table, hand, start, order)
                      for p, table, hand, start, order in data["finishes"]]  # fmt: skip
        t.hands, t.state = data["hands"], data["state"]
        t.clock = _Clock(*data["clock"])
        t.step, t.step_started, t.step_hands, t.step_quota = data["step"]
        return t

    def check(self) -> None:
        """Raise AssertionError if a rule the director keeps does not hold (tests)."""
        total = len(self.entries) * self.structure.starting_chips
        assert self.chips == total, f"{self.chips} chips in play, not {total}"
        seated = [entry for t in self.running_tables for entry in t.seats if entry is not None]
        assert sorted(seated) == sorted(self.stacks), "every player left has one seat"
        for entry, (number, seat) in self.where.items():
            assert self.tables[number].seats[seat] == entry
        busted = [entry for finish in self.finishes for entry in finish.players]
        assert len(set(busted)) == len(busted)
        assert not set(busted) & set(self.stacks)
        assert len(busted) + len(self.stacks) == len(self.entries)
