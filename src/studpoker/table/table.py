"""A table playing hand after hand (the ``table`` layer of DESIGN.md).

The table deals each hand between the seated players who are in (the engine numbers
them from 0 in seat order), asks each player to act against the clock (R8.1), and
tells its listeners every change.  It knows nothing of HTTP or SQL: the room reaches
it through its methods, its listeners and its hooks, and the players through
:class:`~studpoker.table.TablePlayer`.

Seats are numbered from 0, like the engine's.  A seat's chips stay with the table
between hands; during a hand the hand holds them, and the table takes the result
when it is over (so a hand cut short leaves every stack as it was).

A table is made of parts, each the only writer of its own state (DESIGN.md idea 7),
wired here as lila's round actor wires its helpers: its seats
(:class:`~studpoker.table.seats.Seats`), the hand in play
(:class:`~studpoker.table.play.HandInPlay`), the turn and its clock
(:class:`~studpoker.table.decisions.Turns`), the feed to its listeners
(:class:`~studpoker.table.feed.Feed`), its recent hands
(:class:`~studpoker.table.recent.RecentHands`) and its competition
(:class:`~studpoker.table.competing.Competing`).  The table itself keeps what is the
whole table's — open, halted or paused, its lock — and runs the hand from deal to end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from studpoker.bots import bot
from studpoker.engine import Action, Event, Hand
from studpoker.games import DealersChoice, GameSpec
from studpoker.table.clock import Clock, LoopClock, wait_first
from studpoker.table.competing import Competing
from studpoker.table.competition import Competition, Standing, chip_leader, standings
from studpoker.table.completed import CompletedHand
from studpoker.table.config import TableConfig
from studpoker.table.decisions import Turns
from studpoker.table.errors import TableError
from studpoker.table.feed import Feed, OwnCards, log
from studpoker.table.play import HandInPlay, Resumed
from studpoker.table.recent import RecentHands
from studpoker.table.restore import ResumedHand, dealt_again, seating, seeds_again
from studpoker.table.seating import Occupant, Seat, TablePlayer
from studpoker.table.seatmap import SeatMap
from studpoker.table.seats import Seats, whole
from studpoker.table.seeds import HandSeeds, Seeds
from studpoker.table.snapshot import view_dict
from studpoker.table.turns import Turn
from studpoker.table.updates import Listener, TableUpdate
from studpoker.table.views import competition_dict, mix_dict, seat_dict, turn_dict

__all__ = ["Table", "TableHooks"]


# The longest the first hand after a table waited for players waits for the client
# seeds of those who just sat down (a round trip of a browser's; Table.run).
SEED_WAIT = 1.0


@dataclass(frozen=True, slots=True)
class TableHooks:
    """The room's part, each optional and awaited by the table:

    * ``on_hand_end(table, completed)``: the hand is over, before its stacks are
      released for the next hand (store the hand and its chip movements);
    * ``on_seat_left(table, seat, occupant, chips)``: a person left the table with
      ``chips`` (cash them out at a chips table; practice and competition chips
      are not money).  Not called for the table's computer players;
    * ``on_bust(table, seat, occupant, leader)``: in a competition, a player lost
      every chip or quit; ``leader`` is the chip leader then (R7.3), None if nobody
      is left;
    * ``on_competition_end(table, standings)``: the competition is over; the
      standings in finishing order, the winner first;
    * ``check_books(table)``: before each deal and after each hand, with the
      table's lock held: compare every seat's stack with what the room holds for it
      (and :meth:`~studpoker.table.Table.halt` the table when they disagree);
    * ``on_deal(table, number, setup)``: hand ``number`` is dealt, before anyone
      acts; ``setup`` (JSON text) is what it was dealt from — the game and stakes,
      each seat dealt in with its account, name and stack, the carried-in chips and
      the deck's order — so that the hand can be dealt again from it (store it: a
      hand survives its process, docs/scaling.md);
    * ``on_actions(table, number, first, actions)``: the actions taken since the
      last call (``first`` is the first one's number, 0 for the hand's first), as
      text (``"raise 400"``), after each decision and before the next.
    """

    on_hand_end: Callable[[Table, CompletedHand], Awaitable[None]] | None = None
    on_seat_left: Callable[[Table, int, Occupant, int], Awaitable[None]] | None = None
    on_bust: Callable[[Table, int, Occupant, Occupant | None], Awaitable[None]] | None = None
    on_competition_end: Callable[[Table, tuple[Standing, ...]], Awaitable[None]] | None = None
    check_books: Callable[[Table], Awaitable[None]] | None = None
    on_deal: Callable[[Table, int, str], Awaitable[None]] | None = None
    on_actions: Callable[[Table, int, int, list[str]], Awaitable[None]] | None = None


class Table:
    """Table ``table_id`` playing by ``config``.

    ``rng`` draws the seeds every deck is dealt from (the OS CSPRNG by default, R1.5; a
    seeded one is a test seed: the table is reproducible, and every hand says
    ``test_seed``, docs/fairness.md); ``bot_factory(seat)`` makes a practice table's
    computer players (by default the ``config.bot_level`` bot, seeded from ``rng``);
    ``hooks`` are the room's; hands are numbered from ``first_hand_number``; ``clock`` is the
    time the table keeps (the event loop's by default; a test gives a
    :class:`~studpoker.table.clock.ManualClock` and moves it).
    """

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        *,
        rng: random.Random | None = None,
        bot_factory: Callable[[int], TablePlayer] | None = None,
        hooks: TableHooks | None = None,
        first_hand_number: int = 1,
        clock: Clock | None = None,
    ) -> None:
        if not whole(first_hand_number) or first_hand_number < 1:
            raise ValueError(f"first_hand_number is 1 or more, not {first_hand_number!r}")
        self.table_id = table_id
        self.config = config
        self.rng: random.Random = secrets.SystemRandom() if rng is None else rng
        # Every hand's deck from seeds (docs/fairness.md): drawn from the OS CSPRNG, or
        # from a seeded ``rng`` (a test seed, which every hand then says).
        self._seeds = Seeds(
            table_id, None if isinstance(self.rng, random.SystemRandom) else self.rng
        )
        self.hooks = TableHooks() if hooks is None else hooks
        self.clock: Clock = LoopClock() if clock is None else clock
        self._bot_factory = bot_factory
        self._feed = Feed(table_id)
        self._play = HandInPlay(config.hand_spec, first_hand_number)
        self._seats = Seats(config, in_hand=self._play.in_hand, tell=self._feed.seat_changed)
        self._turns = Turns(
            table_id,
            self.clock,
            config.clock,
            seats=self._seats,
            play=self._play,
            publish=self._publish,
            notify=self._feed.notify,
        )
        self._recent = RecentHands()
        self._competing = Competing()
        self._closed = False
        self._halted: str | None = None
        self._paused = False  # by the room's operator: no hand is dealt until resumed
        self._wake = asyncio.Event()  # a seat changed: a waiting table looks again
        # Held while a hand is dealt and while its stacks are released, and by
        # whoever leaves between hands meanwhile.
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None  # the task holding it

    def __repr__(self) -> str:
        return (
            f"<Table {self.table_id} {self.spec.game} {self.config.mode}, "
            f"{len(self._seats)}/{self.config.seats} seated>"
        )

    # What the parts hold, as the room reads (and, for a few, sets) it

    @property
    def listeners(self) -> list[Listener]:
        """Called with every :class:`~studpoker.table.TableUpdate`, in order."""
        return self._feed.listeners

    @property
    def spec(self) -> GameSpec:
        """The game of the hand being played, or of the next."""
        return self._play.spec

    @property
    def rollover(self) -> int:
        """Chips on the table for the next hand's pot (R6.8)."""
        return self._play.rollover

    @rollover.setter
    def rollover(self, chips: int) -> None:
        self._play.rollover = chips

    @property
    def rotation_index(self) -> int:
        """A mixed game's hand count (games.rotation): the hand being dealt, or the next."""
        return self._play.rotation_index

    @rotation_index.setter
    def rotation_index(self, index: int) -> None:
        self._play.rotation_index = index

    @property
    def next_hand_number(self) -> int:
        return self._play.next_number

    @property
    def hand_in_progress(self) -> bool:
        """Whether a hand is dealt and its stacks not yet released."""
        return self._play.live

    @property
    def seats(self) -> dict[int, Seat]:
        """The occupied seats by number (read them; the table changes them)."""
        return self._seats.by_number()

    def seat(self, number: int) -> Seat | None:
        """Seat ``number`` if it is occupied (read it; the table changes it): what
        ``seats.get(number)`` gives, without copying every seat."""
        return self._seats.get(number)

    def seat_of_account(self, account_id: int) -> int | None:
        """The seat a person of ``account_id`` holds here, if any (asked for every
        message to a client: no copy of the seats)."""
        return self._seats.seat_of_account(account_id)

    @property
    def current_hand(self) -> Hand | None:
        """The hand being played, or None between hands."""
        return self._play.hand

    @property
    def hand_number(self) -> int | None:
        """The number of the hand being played, or None."""
        return self._play.number if self._play.hand is not None else None

    @property
    def dealt(self) -> tuple[int, ...]:
        """The table seat of each engine seat of the hand being played."""
        return self.seat_map.seats

    @property
    def seat_map(self) -> SeatMap:
        """The table seat of each engine seat of the hand being played (none between
        hands)."""
        return self._play.seat_map if self._play.hand is not None else SeatMap()

    def engine_seat_of(self, seat: int | None) -> int | None:
        """The engine seat of table ``seat`` in the hand being played, if the one who
        sits there now was dealt in; None for an onlooker, a seat not dealt in, and a
        seat taken over since the deal (R7.1: a person in a computer player's seat must
        not see the cards it held)."""
        if seat is None:
            return None
        occupied = self._seats.get(seat)
        return self._play.engine_seat_of(seat, None if occupied is None else occupied.occupant)

    def own_cards(self, seat: int) -> OwnCards | None:
        """Table ``seat``'s own down cards as the wire has them and its best hand's
        names, as its snapshot shows them (from the hand's view of the seat, DESIGN.md
        idea 2); None if it holds no cards in the hand being played."""
        hand = self._play.hand
        mine = self.engine_seat_of(seat)
        if hand is None or mine is None:
            return None
        return self._feed.own_cards(hand, mine)

    @property
    def turn(self) -> Turn | None:
        """The decision the table waits for, or None."""
        return self._turns.turn

    @property
    def competition(self) -> Competition | None:
        """The competition under way, or None (R7.3)."""
        return self._competing.current

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def paused(self) -> bool:
        """Whether the room's operator paused the table (it deals no hand until resumed)."""
        return self._paused

    @property
    def halted(self) -> str | None:
        """Why the table deals no more hands (its books disagree with the room's), or
        None while it plays."""
        return self._halted

    def last_hand(self) -> CompletedHand | None:
        """The hand played last (R5.8), or None."""
        return self._recent.last()

    def hand(self, number: int) -> CompletedHand | None:
        """Hand ``number``, if it is among the last hands the table keeps whole
        (:data:`~studpoker.table.recent.KEPT_HANDS`)."""
        return self._recent.find(number)

    @property
    def seeds(self) -> HandSeeds | None:
        """What the hand being played is dealt from (docs/fairness.md), or None."""
        return self._play.seeds if self._play.hand is not None else None

    def next_hand(self) -> dict[str, Any] | None:
        """The next hand's id and the commitment to its server seed, told before its
        client seeds are taken; None while a hand is played."""
        return self._seeds.next_hand()

    def proofs(
        self, events: Sequence[Event], made: dict[int, dict[str, object]] | None = None
    ) -> list[dict[str, object]]:
        """The proof of every card that ``events`` show (those a viewer is given,
        ``hand.events_for(seat)``: what a seat sees is decided there, DESIGN.md idea 2),
        as the wire has them; none for a hand that has no seeds.  ``made``: the proofs
        of the hand made so far, by position, kept by the caller (HandSeeds.proofs)."""
        seeds = self.seeds
        return [] if seeds is None else seeds.proofs(events, made)

    def _announce(self) -> None:
        """Players sit at a table between hands: the next hand's server seed is drawn and
        its commitment told, unless it is already."""
        if self._seeds.pending is None and not self._play.live:
            self._seeds.announce(self._play.next_number)

    def bot_for(self, seat: int) -> TablePlayer:
        """A computer player for ``seat`` of a practice table (R7.1): the table's
        ``bot_factory``'s, else the ``config.bot_level`` bot seeded from its ``rng``."""
        if self._bot_factory is not None:
            return self._bot_factory(seat)
        return bot(self.config.bot_level, self.spec, random.Random(self.rng.getrandbits(64)))

    # What it shows

    def info(self) -> dict[str, Any]:
        """The table for the lobby."""
        config = self.config
        return {
            "id": self.table_id,
            "name": config.name,
            "game": self.spec.game,
            "mode": config.mode,
            "stakes": config.stakes,
            "money_unit": self.spec.money_unit,
            "seated": len(self._seats),
            "humans": sum(not seat.occupant.is_bot for seat in self._seats.values()),
            "seats": config.seats,
            "average_pot": self._recent.average_pot,
            "hands_per_hour": self._recent.hands_per_hour,
            "competition": self._competing.current is not None,
            "halted": self._halted,
            "paused": self._paused,
            "mix": None if config.rotation is None else config.rotation.name,
        }

    def mix_state(self) -> dict[str, Any] | None:
        """A mixed game's state: the game of the hand being played (between hands, of
        the next), the game after it and how many hands of this one are left after
        the current (games.rotation); at dealer's choice, the seat that chooses the
        game of the block to come and whether it has."""
        rotation = self.config.rotation
        state = mix_dict(rotation, self._play.rotation_index)
        if state is not None and isinstance(rotation, DealersChoice):
            block = self._choice_block()
            state["chooser"] = rotation.chooser(block)
            state["chosen"] = block in rotation.chosen
            state["choice"] = rotation.game(block * rotation.hands)
        return state

    def _choice_block(self) -> int:
        """The block of hands whose game dealer's choice asks for now: the one after
        the block of the hand dealt last."""
        rotation = self.config.rotation
        assert rotation is not None
        return (self._play.next_number - 2) // rotation.hands + 1

    def choose_game(self, seat: int, game: str) -> None:
        """``seat`` chooses the game of the next block of hands (dealer's choice,
        games.rotation): the chooser's, one of the table's games, before the block is
        dealt; it may change its mind until then."""
        rotation = self.config.rotation
        if not isinstance(rotation, DealersChoice) or self.config.mode == "tournament":
            raise TableError("this table does not deal dealer's choice", "no_dealers_choice")
        self._seats.occupied(seat)
        block = self._choice_block()
        chooser = rotation.chooser(block)
        if chooser != seat:
            raise TableError(
                "it is not your choice: the next game is chosen by the seat whose turn it is",
                "not_your_choice",
                seat=seat,
                chooser=chooser,
            )
        if game not in rotation.games:
            raise TableError(
                f"the game is one of {', '.join(rotation.games)}, not {game!r}",
                "unknown_game",
                value=str(game),
                allowed=list(rotation.games),
            )
        rotation.choose(block, seat, game)
        self._feed.seat_changed(seat, "chose")

    def snapshot(self, viewer: int | None = None, *, events: bool = True) -> dict[str, Any]:
        """Everything table seat ``viewer`` (None: an onlooker) may see now, as plain
        values: the seats, the hand as its view shows it (never another seat's down
        card, DESIGN.md idea 2) with its events unless ``events`` is False, the
        decision pending and its time left."""
        now = self.clock.now()
        config, play = self.config, self._play
        hand = play.hand
        stacks: dict[int, int] = {}
        view = None
        if hand is not None:
            stacks = play.seat_map.by_table_seat(hand.stacks)
            view = view_dict(hand.view(self.engine_seat_of(viewer)), play.seat_map, events=events)
        last = self._recent.last()
        seat = self._seats.get
        return {
            "table_id": self.table_id,
            "name": config.name,
            "game": self.spec.game,
            "mode": config.mode,
            "stakes": config.stakes,
            "money_unit": self.spec.money_unit,
            "viewer": viewer,
            "hand_number": self.hand_number,
            "last_hand_number": last.number if last is not None else None,
            "rollover": hand.carry_in if hand is not None else play.rollover,
            "halted": self._halted,
            "paused": self._paused,
            "seats": [seat_dict(seat(number), stacks) for number in range(config.seats)],
            "hand": view,
            "turn": turn_dict(self._turns.turn, viewer, now),
            "competition": competition_dict(self._competing.current, config.competition_chips, now),
            "mix": self.mix_state(),
            "fairness": None if self.seeds is None else self.seeds.as_dict(),
            "next_hand": self._seeds.next_hand(),
        }

    def seating(self) -> dict[str, Any]:
        """Who sits where now, as plain values (JSON): the people's seats — computer
        players of the table are made again, not kept — those waiting for a computer
        player's seat, the rollover and the competition under way."""
        return seating(
            self._seats.by_number().values(),
            self._play.rollover,
            self._competing.current,
            self.clock.now(),
        )

    # The room's lock

    @contextlib.asynccontextmanager
    async def exclusive(self) -> AsyncIterator[None]:
        """Hold the table's lock: no hand is dealt and no stacks are released while
        it is held, so the room may move money for a seat and change the seat as one
        step (a buy-in, a top-up, a cash-out).  A hook the table awaits while holding
        it (the same task) may call the table again without waiting for itself."""
        task = asyncio.current_task()
        if task is not None and self._owner is task:
            yield
            return
        async with self._lock:
            self._owner = task
            try:
                yield
            finally:
                self._owner = None

    # Seats, as their players ask for them

    def sit(self, occupant: Occupant, chips: int, seat: int | None = None) -> int:
        """Seat ``occupant`` with ``chips`` (the buy-in; a practice table gives
        ``buy_in_max``, a competition its chips) at ``seat`` or the first free one,
        and return the seat.  They are dealt in from the next hand.

        At a full practice table a person takes a computer player's seat: at once
        between hands, else when the hand ends (R7.1)."""
        self._open_to_players()
        seat = self._seats.sit(occupant, chips, seat, competing=self._competing.current is not None)
        self._announce()
        self._wake.set()
        return seat

    def check_sit(self, occupant: Occupant, chips: int, seat: int | None = None) -> int:
        """The seat :meth:`sit` would give, changing nothing; a TableError says why it
        would refuse."""
        self._open_to_players()
        competing = self._competing.current is not None
        return self._seats.plan(occupant, chips, seat, competing=competing)[0]

    def _open_to_players(self) -> None:
        if self._closed:
            raise TableError("the table is closed", "table_closed")
        if self._halted is not None:
            raise TableError(f"the table deals no more hands: {self._halted}", "table_stopped")

    async def stand(self, seat: int) -> None:
        """The occupant of ``seat`` leaves: at once between hands; during a hand
        they are folded when they must act and leave when it ends.  In a
        competition, quitting counts as busting (R7.3).  A person waiting for a
        computer player's seat (practice) stops waiting."""
        occupied = self._seats.occupied(seat)
        if occupied.successor is not None:
            successor = self._seats.unreserve(seat)
            assert successor is not None
            await self._seat_left(seat, *successor)
            return
        if occupied.leaving:
            raise TableError(
                f"seat {seat} is already leaving: it goes when this hand ends",
                "already_leaving",
                seat=seat,
            )
        in_hand = self._play.in_hand
        if not in_hand(seat):
            async with self.exclusive():  # not while a hand is dealt or its stacks released
                if self._seats.get(seat) is not occupied:
                    return  # gone meanwhile (after missed hands, or busted)
                if not in_hand(seat):
                    await self._depart([seat], "stood")
                    if self._competition_over():
                        await self._end_competition()
                    return
        self._seats.stand_up(seat)
        self._turns.stood_up(seat)

    def top_up(self, seat: int, amount: int) -> None:
        """Buy ``amount`` more chips for ``seat`` (a chips table, R7.2): the stack
        may reach ``buy_in_max``.  They count from the next hand: at once between
        hands, when it ends during one the seat plays."""
        self._seats.top_up(seat, amount, stopped=self._halted)
        self._wake.set()

    def check_top_up(self, seat: int, amount: int) -> Seat:
        """The seat :meth:`top_up` would top up, changing nothing; a TableError says
        why it would refuse."""
        return self._seats.check_top_up(seat, amount, stopped=self._halted)

    def sit_out(self, seat: int) -> None:
        """``seat`` is not dealt in from the next hand; after ``max_missed_hands``
        hands missed it is removed."""
        self._seats.sit_out(seat)

    def sit_in(self, seat: int) -> None:
        """``seat`` is dealt in again from the next hand, and a seat the table was
        acting for (its clock ran out, R8.3) plays its own decisions again."""
        self._seats.sit_in(seat)
        self._wake.set()

    def set_auto_muck(self, seat: int, on: bool) -> None:
        """ "Auto-muck losing hands" for ``seat``: when on (as a seat sits down) a hand
        it may muck at the showdown (R5.3) is mucked at once; when off it is asked to
        show or muck, and a clock that runs out mucks it without sitting it out."""
        self._seats.set_auto_muck(seat, on)

    def set_connected(self, seat: int, connected: bool) -> None:
        """Whether the occupant of ``seat`` has a connection open (the room tells the
        table; R8.3): shown to every viewer, the seat's clock is the same either way.
        At a tournament's table a player whose connection is gone is absent: acted for
        at once until they come back (R8.4), and back when a connection opens."""
        self._seats.set_connected(seat, connected)

    def take_client_seed(self, seat: int, said_hand: str, seed: str) -> None:
        """The client seed (hex of 1 to 64 bytes) that the player of ``seat`` gives for
        hand ``said_hand``, the hand announced (:meth:`next_hand`).  Refused, changing
        nothing: ``wrong_hand_id``, ``bad_client_seed`` (docs/fairness.md)."""
        occupied = self._seats.occupied(seat)
        self._seeds.take(seat, occupied.occupant.account_id, said_hand, seed)

    def submit(self, seat: int, action: Action | str, seq: int) -> None:
        """The answer of table ``seat`` to decision ``seq`` (a person's or a remote
        program's).  Refused, changing nothing, if the seat is not to act, the
        decision is not the one pending, or the action is illegal."""
        self._turns.submit(seat, action, seq)

    # A tournament's seats and levels (issue 17), given and taken by its director

    def _tournament_only(self) -> None:
        if self.config.mode != "tournament":
            raise TableError(f"a {self.config.mode} table has no tournament seats", "internal")

    def seat_entry(self, occupant: Occupant, chips: int, seat: int) -> None:
        """Seat a tournament's entry with its ``chips`` in the empty ``seat`` (drawn
        by the director); dealt in from the next hand.  Nobody is sat out of a
        tournament's deal: an absent player is dealt in and acted for at once (R8.4)."""
        self._tournament_only()
        self._seats.seat_entry(occupant, chips, seat)
        self._announce()
        self._wake.set()

    def unseat(self, seat: int, change: str = "left") -> Seat:
        """Take the entry in ``seat`` away between hands, or once the hand is over
        (busted, or moved: ``change`` tells the viewers); returns its seat as it was."""
        self._tournament_only()
        self._seats.occupied(seat)
        hand = self._play.hand
        if self._play.in_hand(seat) and not (hand is None or hand.is_over):
            raise TableError(f"seat {seat} is in the hand", "internal", seat=seat)
        return self._seats.remove(seat, change)

    def set_chips(self, seat: int, chips: int) -> None:
        """The chips the director says the entry in ``seat`` has, between hands (a hand
        the director did not take is void: the stacks go back to its own)."""
        self._tournament_only()
        self._seats.occupied(seat)
        if self._play.live:
            raise TableError("a hand is being played", "internal")
        self._seats.set_chips(seat, chips)

    def refill_time_banks(self) -> None:
        """A new level of the tournament: every seat's time bank full again (R8.5)."""
        self._tournament_only()
        self._seats.refill_time_banks()

    def set_level(self, spec: GameSpec) -> None:
        """The stakes of the next hands (a new level), between hands."""
        self._tournament_only()
        if self._play.live:
            raise TableError("a hand is being played", "internal")
        rotation = self.config.rotation
        # A mixed game's table keeps its stakes as its first game's (what the lobby
        # shows); the hand is dealt in its own game.
        base = spec if rotation is None else rotation.spec(spec, 0)
        self.config = replace(self.config, spec=base)
        self._play.spec = spec if rotation is not None else self.config.hand_spec

    # A table written down and rebuilt (table/restore.py)

    def restore(
        self,
        seats: Sequence[Seat],
        *,
        rollover: int = 0,
        competition: Competition | None = None,
        resumed: ResumedHand | None = None,
    ) -> None:
        """Seat ``seats`` as they were, with ``rollover`` on the table and
        ``competition`` under way, before the table plays; with ``resumed``, the first
        hand it plays is that one, played on from its last action.  A hand that cannot
        be dealt again (a seat missing, an action the engine refuses) is a TableError,
        changing nothing."""
        play = self._play
        if play.playing or len(self._seats) or play.hand is not None or self._closed:
            raise TableError("only a table that has not played is restored", "internal")
        by_number: dict[int, Seat] = {}
        for occupied in seats:
            self._seats.check_number(occupied.number)
            if occupied.number in by_number:
                raise TableError(f"seat {occupied.number} is restored twice", "internal")
            by_number[occupied.number] = occupied
        hand = None if resumed is None else dealt_again(self.spec, resumed, by_number)
        play.rollover = rollover
        self._competing.restore(competition)
        if resumed is not None and hand is not None:
            # Shown as it stands from now on: whoever watches the table before its task
            # plays the hand on sees it, not an empty table (a take-over, issue 16).
            dealt = [by_number[n] for n in resumed.seats]
            journaled = len(resumed.actions)
            again = seeds_again(self.spec, resumed)
            play.resume(
                Resumed(hand, resumed.number, resumed.started, resumed.seats, journaled, again),
                dealt,
            )
            self._feed.hold(len(dealt))
        self._seats.restore(by_number)
        if by_number:
            self._announce()
        self._wake.set()

    # Hand after hand

    async def play_hand(self) -> CompletedHand | None:
        """Deal one hand between the seated players who are in and have chips, play
        it to the end and return it; None when fewer than two can be dealt in."""
        if self._closed:
            if self._play.playing:
                raise TableError("a hand is being played at this table", "internal")
            return None
        resumed = self._play.start()
        try:
            async with self.exclusive():
                if resumed is None:
                    await self._before_hand()
                    await self._check_books()
                    players = self._players_in()
                    if players is None:
                        return None
                    hand = self._play.deal(players, self.config, self._seeds)
                    self._begin()
                    await self._journal_deal(hand, players)
                    journaled = 0
                else:  # dealt again (restore.py): played on from its last action
                    hand, journaled = resumed.hand, resumed.journaled
                    await self._check_books()
                    dealt = [self._seats[n] for n in resumed.seats]
                    self._play.hold(hand, dealt, resumed.number, resumed.started, resumed.seeds)
                    self._begin()
            decide, journal = self._turns.decide, self._journal_actions
            while not hand.is_over:
                waited = await decide(hand)
                journaled = await journal(hand, journaled)
                if not waited:  # computer players answer at once: let others run
                    await asyncio.sleep(0)
            async with self.exclusive():
                return await self._end_hand(hand)
        finally:
            self._turns.clear()
            if self._play.stop():
                # Cancelled: the hand is void, every stack as before it; told once it is
                # gone, so that a snapshot made for the update shows no hand.
                self._feed.notify(TableUpdate("hand_cancelled", self.table_id, self._play.number))

    async def run(self, stop: asyncio.Event) -> None:
        """Play hand after hand, ``config.pause`` seconds apart, until ``stop`` is
        set (the hand being played is finished first) or the table is closed.
        With too few players it waits for someone to sit down; once enough have, the
        first hand waits too, ``config.pause`` seconds but at most :data:`SEED_WAIT`,
        so that the players who just sat down can send its client seed (their browsers
        send it when told the hand's commitment: docs/fairness.md)."""
        waited = False
        while not stop.is_set() and not self._closed:
            first = min(self.config.pause, SEED_WAIT)
            # (anyone seated: a practice table seats its computer players as it deals)
            if waited and first > 0 and len(self._seats) > 0:
                await wait_first(self.clock, stop, timeout=first)
                if stop.is_set() or self._closed:
                    break
            self._wake.clear()
            done = await self.play_hand()
            waited = done is None
            if stop.is_set() or self._closed:
                break
            if done is not None:
                if self.config.pause > 0:
                    await wait_first(self.clock, stop, timeout=self.config.pause)
                else:
                    await asyncio.sleep(0)
                continue
            competition = self._competing.current
            timeout = (
                None if competition is None else max(competition.deadline - self.clock.now(), 0.0)
            )
            await wait_first(self.clock, stop, self._wake, timeout=timeout)

    async def close(self) -> None:
        """The table's last hand has been played: a rolled-over amount is split
        equally among the seated players, the remainder by seat order (R6.8), and
        everyone leaves.  A competition under way ends first."""
        if self._play.playing:
            raise TableError("a hand is being played: stop the table before closing it", "internal")
        if self._closed:
            return
        async with self.exclusive():
            self._closed = True
            if self._competing.current is not None:
                await self._end_competition()
            numbers = sorted(self._seats)
            if numbers and self._play.rollover:
                self._seats.share(self._play.rollover)
                self._play.rollover = 0
            await self._depart(numbers, "the table is closed")
            await self._check_books()  # nobody seated: the room's books of the table say so
            self._wake.set()

    def halt(self, reason: str) -> None:
        """Deal no new hand from now on, for ``reason``; the hand being played is
        finished, and players may still leave."""
        if self._halted is None:
            self._halted = reason
            log.error("table %s halted: %s", self.table_id, reason)
            self._feed.notify(TableUpdate("halted", self.table_id, change=reason))
            self._wake.set()

    def pause(self, paused: bool = True) -> None:
        """The room's operator pauses the table (no hand is dealt from the end of the
        one being played) or lets it deal again."""
        if paused != self._paused:
            self._paused = paused
            self._feed.notify(
                TableUpdate("paused", self.table_id, change="paused" if paused else "")
            )
            self._wake.set()

    async def _before_hand(self) -> None:
        """What waits for a hand to end, when the last one ended early; the
        competition's end; the practice table's computer players and chips."""
        await self._depart(self._seats.leaving(), "stood")
        self._seats.add_top_ups()
        if self._competition_over():
            await self._end_competition()
        if self.config.mode == "practice":
            self._seats.seat_bots(self.bot_for)

    async def _check_books(self) -> None:
        """The room compares every stack with what it holds for the seat; a table
        whose books disagree is halted by it."""
        if self.hooks.check_books is not None:
            await self.hooks.check_books(self)

    def _players_in(self) -> list[Seat] | None:
        """The seats to deal in, in seat order, or None if there is no hand to play."""
        mode = self.config.mode
        if self._halted is not None or self._paused:
            return None
        if mode == "competition" and self._competing.current is None:
            return None
        players = self._seats.dealt_in()
        if mode == "practice" and self._seats.all_bots(players):
            return None
        return players if len(players) >= 2 else None

    def _begin(self) -> None:
        """The hand in play is under way: each player is told it from its first event
        (a hand dealt again, restore.py, from the events it has so far)."""
        play = self._play
        for engine_seat, occupant in enumerate(play.players):
            try:
                occupant.player.new_hand(engine_seat, play.spec)
            except Exception:
                log.exception(
                    "table %s: %r failed to start hand %d", self.table_id, occupant, play.number
                )
        hand = play.require()
        self._feed.begin(hand, play.number, play.seat_map.seats, len(play.players))
        self._publish()

    def _publish(self) -> None:
        play = self._play
        self._feed.publish(play.require(), play.number, play.players)

    async def _journal_deal(self, hand: Hand, players: list[Seat]) -> None:
        """Tell the room what the hand is dealt from (TableHooks.on_deal)."""
        if self.hooks.on_deal is None:
            return
        setup = {
            "game": self.spec.game,
            "mode": self.config.mode,
            "stakes": self.config.stakes,
            "carry_in": hand.carry_in,
            "seats": [
                [
                    occupied.number,
                    occupied.occupant.account_id,
                    occupied.occupant.name,
                    occupied.chips,
                ]
                for occupied in players
            ],
            "deck": [None if card is None else str(card) for card in hand.deck_order],
            "seeds": None if self._play.seeds is None else self._play.seeds.journal(),
        }
        await self.hooks.on_deal(self, self._play.number, json.dumps(setup))

    async def _journal_actions(self, hand: Hand, journaled: int) -> int:
        """Tell the room the actions taken since the first ``journaled``
        (TableHooks.on_actions); how many are told now."""
        actions = hand.actions
        if self.hooks.on_actions is not None and len(actions) > journaled:
            new = [str(action) for _, action in actions[journaled:]]
            await self.hooks.on_actions(self, self._play.number, journaled, new)
        return len(actions)

    async def _end_hand(self, hand: Hand) -> CompletedHand:
        play = self._play
        result = hand.result
        self._seats.take_stacks(play.seat_map.by_table_seat(result.stacks))
        play.end(result, self.config)
        # The next hand's server seed, committed to before its client seeds are taken.
        self._seeds.announce(play.next_number)
        done = CompletedHand(
            self.table_id,
            play.number,
            hand,
            play.seat_map.seats,
            tuple(occupant.name for occupant in play.players),
            tuple(occupant.account_id for occupant in play.players),
            play.started,
            datetime.now(UTC),
            play.seeds,
        )
        if self.hooks.on_hand_end is not None:
            await self.hooks.on_hand_end(self, done)
        # The last hand once the room has it (stored, with its journal before it): what
        # the table shows as its last hand is what a download of its hands finds.
        self._recent.add(done)
        self._feed.notify(TableUpdate("hand_ended", self.table_id, done.number, completed=done))
        await self._after_hand(done)
        return done

    async def _after_hand(self, done: CompletedHand) -> None:
        """The stacks are released: top-ups count, those who stood up leave, busted
        competitors go (R7.3), sitting out counts a missed hand."""
        seats = self._seats
        seats.add_top_ups()
        dealt = set(done.seats)
        seats.count_dealt(dealt)  # R8.5: the time banks refill by hands dealt
        going = seats.leaving()
        if self._competing.current is not None:
            start = done.seat_map.by_table_seat(done.hand.starting_stacks)
            busted = [n for n in sorted(dealt) if n in seats and not seats[n].chips]
            # Out in the same hand: the bigger stack before it finishes higher.
            going += sorted((n for n in busted if n not in going), key=lambda n: (start[n], -n))
        going += seats.count_missed(dealt, going)
        self._play.release()
        await self._depart(going, "after the hand")
        if self.config.mode == "chips":
            seats.sit_out_broke()
        if self._competition_over():
            await self._end_competition()
        await self._check_books()

    # Seats emptied, and the competition (R7.3)

    async def _depart(self, numbers: list[int], reason: str) -> None:
        """The occupants of ``numbers`` leave (``reason``: stood, busted, missed
        hands, the competition's end, the table's close); in a competition those
        who leave before its end are out, rated against the chip leader (R7.3)."""
        under_way = self._competing.current is not None
        leaving = self._seats.depart(numbers)
        if under_way:
            people = [occupied for occupied in leaving if not occupied.occupant.is_bot]
            leader = chip_leader(self._seats.values())
            self._competing.went_out(people)
            for occupied in people:
                if self.hooks.on_bust is not None:
                    by = None if leader is None else leader.occupant
                    await self.hooks.on_bust(self, occupied.number, occupied.occupant, by)
        for occupied in leaving:
            await self._seat_left(
                occupied.number, occupied.occupant, occupied.chips + occupied.top_up
            )
        if leaving:
            log.debug("table %s: seats %s left (%s)", self.table_id, numbers, reason)

    async def _seat_left(self, seat: int, occupant: Occupant, chips: int) -> None:
        if not occupant.is_bot and self.hooks.on_seat_left is not None:
            await self.hooks.on_seat_left(self, seat, occupant, chips)

    def start_competition(self) -> None:
        """Start a competition between the players seated (2 to 8): everyone gets
        ``competition_chips``, the clock of ``competition_seconds`` starts, and
        nobody may sit down until it is over (R7.3)."""
        config = self.config
        if config.mode != "competition":
            raise TableError(
                f"a {config.mode} table holds no competitions",
                "not_competition",
                table=self.table_id,
            )
        if self._closed:
            raise TableError("the table is closed", "table_closed")
        self._competing.start(config, len(self._seats), self.clock.now())
        self._seats.start_competition()
        self._play.rollover = 0
        self._feed.notify(TableUpdate("competition_started", self.table_id))
        self._wake.set()

    async def _end_competition(self) -> tuple[Standing, ...]:
        """The competition is over: the standings go to the room, and the table is
        cleared for the next one (R7.3)."""
        competition = self._competing.finish()
        final = standings(list(self._seats.values()), competition.out)
        self._play.rollover = 0  # competition chips are not money: nothing to share out
        self._feed.notify(TableUpdate("competition_ended", self.table_id, standings=final))
        if self.hooks.on_competition_end is not None:
            await self.hooks.on_competition_end(self, final)
        await self._depart(sorted(self._seats), "the competition is over")
        return final

    def _competition_over(self) -> bool:
        return self._competing.over(len(self._seats), self.clock.now())
