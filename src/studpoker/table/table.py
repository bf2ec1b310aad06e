"""A table playing hand after hand (the ``table`` layer of DESIGN.md).

The table owns its seats and stacks, deals each hand between the seated players
who are in (the engine numbers them from 0 in seat order), asks each player to
act against the clock (R8.1), and tells its listeners every change.  It knows
nothing of HTTP or SQL: the room reaches it through its methods, its listeners
and its hooks, and the players through :class:`~studpoker.table.TablePlayer`.

Seats are numbered from 0, like the engine's.  A seat's chips stay with the
table between hands; during a hand the hand holds them, and the table takes
the result when it is over (so a hand cut short leaves every stack as it was).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from functools import partial
from typing import Any

from studpoker.bots import bot
from studpoker.engine import Action, ActionKind, Hand, IllegalAction
from studpoker.table.competition import Competition, Standing, chip_leader, standings
from studpoker.table.completed import CompletedHand
from studpoker.table.config import TableConfig
from studpoker.table.errors import TableError
from studpoker.table.seating import Occupant, Seat, TablePlayer
from studpoker.table.snapshot import legal_dict, view_dict
from studpoker.table.turns import Turn
from studpoker.table.updates import Listener, TableHooks, TableUpdate

__all__ = ["Table"]

log = logging.getLogger(__name__)
K = ActionKind
RECENT_HANDS = 100  # completed hands kept for the last-hand view and the lobby


class Table:
    """Table ``table_id`` playing by ``config``.

    ``rng`` shuffles every deck (the OS CSPRNG by default, R1.5: a seeded one
    makes the table reproducible); ``bot_factory(seat)`` makes a practice table's
    computer players (by default the ``config.bot_level`` bot, seeded from
    ``rng``); ``hooks`` are the room's; hands are numbered from
    ``first_hand_number``.
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
    ) -> None:
        if not _whole(first_hand_number) or first_hand_number < 1:
            raise ValueError(f"first_hand_number is 1 or more, not {first_hand_number!r}")
        self.table_id = table_id
        self.config = config
        self.spec = config.hand_spec
        self.rng: random.Random = secrets.SystemRandom() if rng is None else rng
        self.hooks = TableHooks() if hooks is None else hooks
        self.listeners: list[Listener] = []
        self.rollover = 0  # chips on the table for the next hand's pot (R6.8)
        self.next_hand_number = first_hand_number
        self._bot_factory = self._default_bot if bot_factory is None else bot_factory
        self._seats: dict[int, Seat] = {}
        self._hand: Hand | None = None
        self._number = 0
        self._dealt: tuple[int, ...] = ()  # the table seat of each engine seat
        self._players: tuple[Occupant, ...] = ()
        self._live = False  # a hand is dealt and its stacks not yet released
        self._playing = False  # play_hand is running
        self._started = datetime.now(UTC)
        self._told: list[int] = []  # events each engine seat has been told
        self._published = 0  # events the listeners have been given
        self._turn: Turn | None = None
        self._answer: asyncio.Future[Action] | None = None
        self._waiter: asyncio.Future[Any] | None = None  # the player's awaitable answer
        self._seq = 0
        self._recent: deque[CompletedHand] = deque(maxlen=RECENT_HANDS)
        self._recent_pots = 0  # the pots of those hands, kept as they come for the lobby
        self._competition: Competition | None = None
        self._closed = False
        self._halted: str | None = None
        self._wake = asyncio.Event()  # a seat changed: a waiting table looks again
        # Held while a hand is dealt and while its stacks are released, and by
        # whoever leaves between hands meanwhile.
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None  # the task holding it

    # -- what the table shows ----------------------------------------------------------

    @property
    def seats(self) -> dict[int, Seat]:
        """The occupied seats by number (read them; the table changes them)."""
        return dict(sorted(self._seats.items()))

    @property
    def current_hand(self) -> Hand | None:
        """The hand being played, or None between hands."""
        return self._hand

    @property
    def hand_number(self) -> int | None:
        """The number of the hand being played, or None."""
        return self._number if self._hand is not None else None

    @property
    def dealt(self) -> tuple[int, ...]:
        """The table seat of each engine seat of the hand being played."""
        return self._dealt if self._hand is not None else ()

    def engine_seat_of(self, seat: int | None) -> int | None:
        """The engine seat of table ``seat`` in the hand being played, if the one who
        sits there now was dealt in; None for an onlooker, a seat not dealt in, and a
        seat taken over since the deal (R7.1: a person in a computer player's seat must
        not see the cards it held)."""
        if seat is None or self._hand is None or seat not in self._dealt:
            return None
        engine = self._dealt.index(seat)
        held = self._seats.get(seat)
        if held is None or held.occupant is not self._players[engine]:
            return None
        return engine

    @property
    def turn(self) -> Turn | None:
        """The decision the table waits for, or None."""
        return self._turn

    @property
    def competition(self) -> Competition | None:
        """The competition under way, or None (R7.3)."""
        return self._competition

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def halted(self) -> str | None:
        """Why the table deals no more hands (its books disagree with the room's), or
        None while it plays."""
        return self._halted

    def halt(self, reason: str) -> None:
        """Deal no new hand from now on, for ``reason``; the hand being played is
        finished, and players may still leave."""
        if self._halted is None:
            self._halted = reason
            log.error("table %s halted: %s", self.table_id, reason)
            self._notify(TableUpdate("halted", self.table_id, change=reason))
            self._wake.set()

    def last_hand(self) -> CompletedHand | None:
        """The hand played last (R5.8), or None."""
        return self._recent[-1] if self._recent else None

    def hand(self, number: int) -> CompletedHand | None:
        """Hand ``number``, if it is among the last hands the table keeps."""
        return next((done for done in self._recent if done.number == number), None)

    def info(self) -> dict[str, Any]:
        """The table for the lobby."""
        recent = self._recent
        average_pot = self._recent_pots // len(recent) if recent else 0
        span = (recent[-1].ended - recent[0].ended).total_seconds() if len(recent) > 1 else 0.0
        return {
            "id": self.table_id,
            "name": self.config.name,
            "game": self.spec.game,
            "mode": self.config.mode,
            "stakes": self.config.stakes,
            "money_unit": self.spec.money_unit,
            "seated": len(self._seats),
            "humans": sum(not seat.occupant.is_bot for seat in self._seats.values()),
            "seats": self.config.seats,
            "average_pot": average_pot,
            "hands_per_hour": round((len(recent) - 1) * 3600 / span) if span > 0 else 0,
            "competition": self._competition is not None,
            "halted": self._halted,
        }

    def snapshot(self, viewer: int | None = None, *, events: bool = True) -> dict[str, Any]:
        """Everything table seat ``viewer`` (None: an onlooker) may see now, as plain
        values: the seats, the hand as its view shows it (never another seat's down
        card, DESIGN.md idea 2) with its events unless ``events`` is False, the
        decision pending and its time left."""
        now = _now()
        hand, dealt = self._hand, self._dealt
        stacks: dict[int, int] = {}
        view = None
        if hand is not None:
            stacks = dict(zip(dealt, hand.stacks, strict=True))
            seen = self.engine_seat_of(viewer)
            view = view_dict(hand.view(seen), dealt, events=events)
        turn = self._turn
        competition = self._competition
        return {
            "table_id": self.table_id,
            "name": self.config.name,
            "game": self.spec.game,
            "mode": self.config.mode,
            "stakes": self.config.stakes,
            "money_unit": self.spec.money_unit,
            "viewer": viewer,
            "hand_number": self.hand_number,
            "last_hand_number": self._recent[-1].number if self._recent else None,
            "rollover": hand.carry_in if hand is not None else self.rollover,
            "halted": self._halted,
            "seats": [self._seat_dict(number, stacks) for number in range(self.config.seats)],
            "hand": view,
            "turn": None
            if turn is None
            else {
                "seq": turn.seq,
                "seat": turn.seat,
                # to the millisecond: the digits beyond are noise in every update
                "remaining": round(turn.remaining(now), 3),
                "clock": round(max(turn.clock_ends - now, 0.0), 3),
                "legal_actions": [legal_dict(o) for o in turn.legal_actions]
                if turn.seat == viewer
                else [],
            },
            "competition": None
            if competition is None
            else {
                "remaining": round(max(competition.deadline - now, 0.0), 3),
                "entrants": competition.entrants,
                "chips": self.config.competition_chips,
            },
        }

    def _seat_dict(self, number: int, stacks: dict[int, int]) -> dict[str, Any] | None:
        seat = self._seats.get(number)
        if seat is None:
            return None
        occupant = seat.occupant
        return {
            "seat": number,
            "name": occupant.name,
            "account_id": occupant.account_id,
            "is_bot": occupant.is_bot,
            "chips": stacks.get(number, seat.chips),
            "in_hand": number in stacks,
            "sitting_out": seat.sitting_out,
            "away": seat.away,
            "connected": seat.connected,
            "leaving": seat.leaving,
            "time_bank": seat.time_bank,
            "top_up": seat.top_up,
            "waiting": None if seat.successor is None else seat.successor[0].name,
        }

    # -- seats ------------------------------------------------------------------------

    def sit(self, occupant: Occupant, chips: int, seat: int | None = None) -> int:
        """Seat ``occupant`` with ``chips`` (the buy-in; a practice table gives
        ``buy_in_max``, a competition its chips) at ``seat`` or the first free one,
        and return the seat.  They are dealt in from the next hand.

        At a full practice table a person takes a computer player's seat: at once
        between hands, else when the hand ends (R7.1)."""
        seat, chips, count, staying = self._sit_plan(occupant, chips, seat)
        if seat in self._seats:
            self._give_way(seat, (occupant, chips))
        else:
            self._seats[seat] = Seat(seat, occupant, chips, float(self.config.time_bank))
            self._notify(TableUpdate("seat", self.table_id, seat=seat, change="sat"))
            if count >= self.config.players_at_most:  # a computer player makes room (R7.1)
                self._give_way(staying[0], None)
        self._wake.set()
        return seat

    def check_sit(self, occupant: Occupant, chips: int, seat: int | None = None) -> int:
        """The seat :meth:`sit` would give, changing nothing; a TableError says why it
        would refuse."""
        return self._sit_plan(occupant, chips, seat)[0]

    def _sit_plan(
        self, occupant: Occupant, chips: int, seat: int | None
    ) -> tuple[int, int, int, list[int]]:
        """Where :meth:`sit` seats ``occupant`` and with what: the seat, the chips, the
        players for the next hand and the computer players who may make room."""
        config, mode = self.config, self.config.mode
        if self._closed:
            raise TableError("the table is closed", "table_closed")
        if self._halted is not None:
            raise TableError(f"the table deals no more hands: {self._halted}", "table_stopped")
        for held in self._seats.values():
            waiting = held.successor[0] if held.successor is not None else None
            for other in (held.occupant, waiting):
                if other is not None and _same(other, occupant):
                    raise TableError(
                        f"{occupant.name} is already in seat {held.number}",
                        "already_in_seat",
                        name=occupant.name,
                        seat=held.number,
                    )
        if occupant.is_bot and mode != "practice":
            rule = "R7.2" if mode == "chips" else "R7.3"
            raise TableError(
                f"a {mode} table has no computer players ({rule})", "bots_practice_only", mode=mode
            )
        if mode == "competition" and self._competition is not None:
            raise TableError(
                "the competition has started: nobody may join it (R7.3)", "competition_started"
            )
        if mode == "chips":
            if not _whole(chips) or not config.buy_in_min <= chips <= config.buy_in_max:
                raise TableError(
                    f"a buy-in is {config.buy_in_min} to {config.buy_in_max} chips, not {chips!r}",
                    "buy_in_range",
                    minimum=config.buy_in_min,
                    maximum=config.buy_in_max,
                    amount=chips,
                )
        else:
            chips = config.buy_in_max if mode == "practice" else config.competition_chips
        if seat is not None:
            self._check_number(seat)
        most = config.players_at_most
        people = sum(not held.occupant.is_bot for held in self._seats.values())
        people += sum(held.successor is not None for held in self._seats.values())
        if mode == "practice" and not occupant.is_bot and people >= most:
            raise TableError(
                f"a practice table seats at most {most} players (R7.1)",
                "practice_full",
                maximum=most,
            )
        if mode == "competition" and len(self._seats) >= most:
            raise TableError(
                f"a competition seats at most {most} players (R7.3)",
                "competition_full",
                maximum=most,
            )
        count = self._player_count()
        free = [n for n in range(config.seats) if n not in self._seats]
        takes_bot = mode == "practice" and not occupant.is_bot
        bots = [n for n in sorted(self._seats) if takes_bot and self._gives_way(n)]
        # A computer player still to play the next hand can make room for a person.
        staying = [n for n in bots if not self._seats[n].leaving]
        full = TableError(f"the table is full: {most} players at most", "table_full", maximum=most)
        if seat is None:
            if free and (count < most or staying):
                seat = free[0]
            elif bots:
                seat = bots[0]
            else:
                raise full
        elif seat in self._seats:
            if seat not in bots:
                raise TableError(f"seat {seat} is taken", "seat_taken", seat=seat)
        elif count >= most and not staying:
            raise full
        return seat, chips, count, staying

    async def stand(self, seat: int) -> None:
        """The occupant of ``seat`` leaves: at once between hands; during a hand
        they are folded when they must act and leave when it ends.  In a
        competition, quitting counts as busting (R7.3).  A person waiting for a
        computer player's seat (practice) stops waiting."""
        held = self._occupied(seat)
        if held.successor is not None:
            occupant, chips = held.successor
            held.successor = None
            self._notify(TableUpdate("seat", self.table_id, seat=seat, change="unreserved"))
            await self._seat_left(seat, occupant, chips)
            return
        if held.leaving:
            raise TableError(
                f"seat {seat} is already leaving: it goes when this hand ends",
                "already_leaving",
                seat=seat,
            )
        if not self._in_hand(seat):
            async with self.exclusive():  # not while a hand is dealt or its stacks released
                if self._seats.get(seat) is not held:
                    return  # gone meanwhile (after missed hands, or busted)
                if not self._in_hand(seat):
                    await self._depart([seat], "stood")
                    if self._competition_over():
                        await self._end_competition()
                    return
        held.leaving = True
        self._notify(TableUpdate("seat", self.table_id, seat=seat, change="leaving"))
        turn = self._turn
        if turn is not None and turn.seat == seat:
            self._apply(self._fold_or_default(), turn)

    def top_up(self, seat: int, amount: int) -> None:
        """Buy ``amount`` more chips for ``seat`` (a chips table, R7.2): the stack
        may reach ``buy_in_max``.  They count from the next hand: at once between
        hands, when it ends during one the seat plays."""
        held = self.check_top_up(seat, amount)
        if self._in_hand(seat):
            held.top_up += amount
        else:
            held.chips += amount
        self._notify(TableUpdate("seat", self.table_id, seat=seat, change="topped_up"))
        self._wake.set()

    def check_top_up(self, seat: int, amount: int) -> Seat:
        """The seat :meth:`top_up` would top up, changing nothing; a TableError says
        why it would refuse."""
        held = self._occupied(seat)
        config = self.config
        if config.mode != "chips":
            if config.mode == "practice":
                raise TableError(
                    f"a practice table tops every player up to {config.buy_in_max} "
                    "before each hand (R7.1)",
                    "no_top_ups",
                    mode=config.mode,
                )
            raise TableError(
                "a competition has no top-ups: everyone plays the chips they got (R7.3)",
                "no_top_ups",
                mode=config.mode,
            )
        if self._halted is not None:
            raise TableError(f"the table deals no more hands: {self._halted}", "table_stopped")
        room = config.buy_in_max - held.chips - held.top_up
        if not _whole(amount) or amount < 1:
            raise TableError(
                f"a top-up is a whole number of chips, 1 or more, not {amount!r}", "malformed"
            )
        if amount > room:
            raise TableError(
                f"seat {seat} may top up {room} chips at most: a stack is "
                f"{config.buy_in_max} at most",
                "top_up_limit",
                seat=seat,
                most=room,
                stack_cap=config.buy_in_max,
            )
        return held

    def sit_out(self, seat: int) -> None:
        """``seat`` is not dealt in from the next hand; after ``max_missed_hands``
        hands missed it is removed."""
        held = self._occupied(seat)
        if held.sitting_out:
            raise TableError(
                f"seat {seat} is already sitting out", "already_sitting_out", seat=seat
            )
        held.sitting_out = True
        self._notify(TableUpdate("seat", self.table_id, seat=seat, change="sat_out"))

    def sit_in(self, seat: int) -> None:
        """``seat`` is dealt in again from the next hand, and a seat the table was
        acting for (its clock ran out, R8.3) plays its own decisions again."""
        held = self._occupied(seat)
        if not held.sitting_out and not held.away:
            raise TableError(f"seat {seat} is not sitting out", "not_sitting_out", seat=seat)
        if not held.chips and not held.top_up:
            raise TableError(f"seat {seat} has no chips: top up first", "no_chips", seat=seat)
        held.sitting_out = held.away = False
        held.missed_hands = 0
        self._notify(TableUpdate("seat", self.table_id, seat=seat, change="sat_in"))
        self._wake.set()

    def _check_number(self, seat: int) -> None:
        if not _whole(seat) or not 0 <= seat < self.config.seats:
            raise TableError(
                f"there is no seat {seat!r}: the seats are 0 to {self.config.seats - 1}",
                "no_seat",
                seat=seat,
                seats=self.config.seats,
            )

    def _occupied(self, seat: int) -> Seat:
        self._check_number(seat)
        held = self._seats.get(seat)
        if held is None:
            raise TableError(f"seat {seat} is empty", "seat_empty", seat=seat)
        return held

    def _in_hand(self, seat: int) -> bool:
        return self._live and seat in self._dealt

    def _player_count(self) -> int:
        """The players who will be at the table for the next hand."""
        return sum(not held.leaving or held.successor is not None for held in self._seats.values())

    def _gives_way(self, seat: int) -> bool:
        """Whether a person may take the computer player's ``seat`` (R7.1)."""
        held = self._seats[seat]
        return held.occupant.is_bot and held.successor is None

    def _give_way(self, seat: int, successor: tuple[Occupant, int] | None) -> None:
        """The computer player of ``seat`` leaves, for ``successor`` or to make room."""
        held = self._seats[seat]
        if self._in_hand(seat):
            if held.leaving and successor is None:
                return
            held.leaving, held.successor = True, successor
            change = "reserved" if successor is not None else "leaving"
            self._notify(TableUpdate("seat", self.table_id, seat=seat, change=change))
            return
        del self._seats[seat]
        self._notify(TableUpdate("seat", self.table_id, seat=seat, change="left"))
        if successor is not None:
            occupant, chips = successor
            self._seats[seat] = Seat(seat, occupant, chips, float(self.config.time_bank))
            self._notify(TableUpdate("seat", self.table_id, seat=seat, change="sat"))

    async def _depart(self, numbers: list[int], reason: str) -> None:
        """The occupants of ``numbers`` leave (``reason``: stood, busted, missed
        hands, the competition's end, the table's close); in a competition those
        who leave before its end are out, rated against the chip leader (R7.3)."""
        competition = self._competition
        leaving = [self._seats[n] for n in numbers if n in self._seats]
        for held in leaving:
            del self._seats[held.number]
            self._notify(TableUpdate("seat", self.table_id, seat=held.number, change="left"))
            if held.successor is not None:
                occupant, chips = held.successor
                self._seats[held.number] = Seat(
                    held.number, occupant, chips, float(self.config.time_bank)
                )
                self._notify(TableUpdate("seat", self.table_id, seat=held.number, change="sat"))
        if competition is not None:
            people = [held for held in leaving if not held.occupant.is_bot]
            leader = chip_leader(self._seats.values())
            competition.out.extend((held.number, held.occupant) for held in people)
            for held in people:
                if self.hooks.on_bust is not None:
                    by = None if leader is None else leader.occupant
                    await self.hooks.on_bust(self, held.number, held.occupant, by)
        for held in leaving:
            await self._seat_left(held.number, held.occupant, held.chips + held.top_up)
        if leaving:
            log.debug("table %s: seats %s left (%s)", self.table_id, numbers, reason)

    async def _seat_left(self, seat: int, occupant: Occupant, chips: int) -> None:
        if not occupant.is_bot and self.hooks.on_seat_left is not None:
            await self.hooks.on_seat_left(self, seat, occupant, chips)

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

    def _default_bot(self, seat: int) -> TablePlayer:
        return bot(self.config.bot_level, self.spec, random.Random(self.rng.getrandbits(64)))

    # -- competitions (R7.3) -------------------------------------------------------------

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
        if self._competition is not None:
            raise TableError("the competition has already started", "competition_started")
        count = len(self._seats)
        if not 2 <= count <= config.players_at_most:
            raise TableError(
                f"a competition needs 2 to {config.players_at_most} players, not {count} (R7.3)",
                "competition_players",
                minimum=2,
                maximum=config.players_at_most,
                players=count,
            )
        now = _now()
        for held in self._seats.values():
            held.chips, held.top_up = config.competition_chips, 0
            held.time_bank = float(config.time_bank)
        self.rollover = 0
        self._competition = Competition(now, now + config.competition_seconds, count)
        self._notify(TableUpdate("competition_started", self.table_id))
        self._wake.set()

    async def _end_competition(self) -> tuple[Standing, ...]:
        """The competition is over: the standings go to the room, and the table is
        cleared for the next one (R7.3)."""
        competition = self._competition
        assert competition is not None
        final = standings(list(self._seats.values()), competition.out)
        self._competition = None
        self.rollover = 0  # competition chips are not money: nothing to share out
        self._notify(TableUpdate("competition_ended", self.table_id, standings=final))
        if self.hooks.on_competition_end is not None:
            await self.hooks.on_competition_end(self, final)
        await self._depart(sorted(self._seats), "the competition is over")
        return final

    def _competition_over(self) -> bool:
        competition = self._competition
        return competition is not None and (len(self._seats) < 2 or _now() >= competition.deadline)

    # -- hands --------------------------------------------------------------------------

    async def play_hand(self) -> CompletedHand | None:
        """Deal one hand between the seated players who are in and have chips, play
        it to the end and return it; None when fewer than two can be dealt in."""
        if self._playing:
            raise TableError("a hand is being played at this table", "internal")
        if self._closed:
            return None
        self._playing = True
        try:
            async with self.exclusive():
                await self._before_hand()
                await self._check_books()
                players = self._players_in()
                if players is None:
                    return None
                hand = self._deal(players)
            while not hand.is_over:
                await self._decision(hand)
                await asyncio.sleep(0)  # computer players answer at once: let others run
            async with self.exclusive():
                return await self._end_hand(hand)
        finally:
            cut_short = self._live and self._hand is not None and not self._hand.is_over
            self._playing = False
            self._turn = self._answer = None
            self._hand, self._live = None, False
            if cut_short:
                # Cancelled: the hand is void, every stack as before it; told once it is
                # gone, so that a snapshot made for the update shows no hand.
                self._notify(TableUpdate("hand_cancelled", self.table_id, self._number))

    async def run(self, stop: asyncio.Event) -> None:
        """Play hand after hand, ``config.pause`` seconds apart, until ``stop`` is
        set (the hand being played is finished first) or the table is closed.
        With too few players it waits for someone to sit down."""
        while not stop.is_set() and not self._closed:
            self._wake.clear()
            done = await self.play_hand()
            if stop.is_set() or self._closed:
                break
            if done is not None:
                if self.config.pause > 0:
                    await _first(stop, timeout=self.config.pause)
                else:
                    await asyncio.sleep(0)
                continue
            competition = self._competition
            timeout = None if competition is None else max(competition.deadline - _now(), 0.0)
            await _first(stop, self._wake, timeout=timeout)

    async def close(self) -> None:
        """The table's last hand has been played: a rolled-over amount is split
        equally among the seated players, the remainder by seat order (R6.8), and
        everyone leaves.  A competition under way ends first."""
        if self._playing:
            raise TableError("a hand is being played: stop the table before closing it", "internal")
        if self._closed:
            return
        async with self.exclusive():
            await self._close()

    async def _close(self) -> None:
        self._closed = True
        if self._competition is not None:
            await self._end_competition()
        numbers = sorted(self._seats)
        if numbers and self.rollover:
            share, odd = divmod(self.rollover, len(numbers))
            for i, number in enumerate(numbers):
                self._seats[number].chips += share + (i < odd)
                self._notify(TableUpdate("seat", self.table_id, seat=number, change="chips"))
            self.rollover = 0
        await self._depart(numbers, "the table is closed")
        self._wake.set()

    async def _before_hand(self) -> None:
        """What waits for a hand to end, when the last one ended early; the
        competition's end; the practice table's computer players and chips."""
        await self._depart([n for n, held in sorted(self._seats.items()) if held.leaving], "stood")
        for held in self._seats.values():
            held.chips, held.top_up = held.chips + held.top_up, 0
        if self._competition_over():
            await self._end_competition()
        if self.config.mode == "practice":
            self._seat_bots()

    def _seat_bots(self) -> None:
        """R7.1: computer players fill the empty seats up to eight while a person
        plays, give up surplus seats, and every player has ``buy_in_max`` chips."""
        config = self.config
        if all(held.occupant.is_bot for held in self._seats.values()):
            for number in sorted(self._seats):
                self._give_way(number, None)
            return
        most = config.players_at_most
        bots = sorted((n for n in self._seats if self._seats[n].occupant.is_bot), reverse=True)
        while len(self._seats) > most and bots:
            self._give_way(bots.pop(0), None)
        for number in range(config.seats):
            if len(self._seats) >= most:
                break
            if number not in self._seats:
                occupant = Occupant(f"Bot {number}", None, self._bot_factory(number), is_bot=True)
                self._seats[number] = Seat(number, occupant, 0, float(config.time_bank))
                self._notify(TableUpdate("seat", self.table_id, seat=number, change="sat"))
        for held in self._seats.values():
            held.chips = max(held.chips, config.buy_in_max)

    async def _check_books(self) -> None:
        """The room compares every stack with what it holds for the seat; a table
        whose books disagree is halted by it."""
        if self.hooks.check_books is not None:
            await self.hooks.check_books(self)

    def _players_in(self) -> list[Seat] | None:
        """The seats to deal in, in seat order, or None if there is no hand to play."""
        if self._halted is not None:
            return None
        if self.config.mode == "competition" and self._competition is None:
            return None
        players = [
            held
            for _, held in sorted(self._seats.items())
            if not held.sitting_out and held.chips > 0 and not held.leaving
        ]
        if self.config.mode == "practice" and all(held.occupant.is_bot for held in players):
            return None
        return players if len(players) >= 2 else None

    def _deal(self, players: list[Seat]) -> Hand:
        number = self.next_hand_number
        hand = Hand(
            self.spec, [held.chips for held in players], rng=self.rng, carry_in=self.rollover
        )
        self.next_hand_number += 1
        self._hand, self._number, self._live = hand, number, True
        self._dealt = tuple(held.number for held in players)
        self._players = tuple(held.occupant for held in players)
        self._started = datetime.now(UTC)
        self._told = [0] * len(players)
        self._published = 0
        for engine_seat, occupant in enumerate(self._players):
            try:
                occupant.player.new_hand(engine_seat, self.spec)
            except Exception:
                log.exception(
                    "table %s: %r failed to start hand %d", self.table_id, occupant, number
                )
        self._notify(
            TableUpdate("hand_started", self.table_id, number, hand=hand, seats=self._dealt)
        )
        self._publish()
        return hand

    async def _decision(self, hand: Hand) -> None:
        """Ask the seat to act and wait for the answer, at most the clock and what
        is left of the seat's time bank (R8.1); then act for it."""
        engine_seat = hand.actor
        assert engine_seat is not None
        number = self._dealt[engine_seat]
        held = self._seats[number]
        legal = hand.legal_actions()
        if held.leaving and not held.occupant.is_bot:  # stood up: fold
            self._apply(self._fold_or_default(), None)
            return
        if held.away:  # its clock ran out before: check if free, else fold, at once (R8.3)
            self._apply(hand.default_action(), None)
            return
        if len(legal) == 1 and legal[0].kind in (K.BRING_IN, K.SHOW, K.MUCK):
            # Nothing to choose: a short bring-in (R2.4, R8.2), a hand to show (R5.3).
            self._apply(Action(legal[0].kind), None)
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        clock = self.config.clock
        self._seq += 1
        turn = Turn(
            self._seq,
            number,
            engine_seat,
            self._number,
            tuple(legal),
            now,
            now + clock,
            now + clock + held.time_bank,
        )
        answer: asyncio.Future[Action] = loop.create_future()
        self._turn, self._answer = turn, answer
        try:
            decision = held.occupant.player.decide(hand.view(engine_seat))
        except Exception:
            log.exception("table %s: %r failed to decide", self.table_id, held.occupant)
            self._apply(hand.default_action(), turn)
            return
        if not inspect.isawaitable(decision):
            self._offer(turn, decision)  # a computer player: no clock to show
            return
        waiter: asyncio.Future[Any] = asyncio.ensure_future(decision)
        waiter.add_done_callback(partial(self._answered, turn))
        self._waiter = waiter
        # Told once the player was asked, so that an answer may come at once.
        self._notify(
            TableUpdate(
                "turn",
                self.table_id,
                self._number,
                seat=number,
                seq=turn.seq,
                deadline=turn.deadline,
            )
        )
        try:
            if self._turn is turn:
                await asyncio.wait((answer,), timeout=max(turn.deadline - loop.time(), 0.0))
            if self._turn is turn:  # the time is up: check if free, else fold (R8.1)
                self._apply(hand.default_action(), turn)
                self._timed_out(number)
        finally:
            self._waiter = None
            if not waiter.done():
                waiter.cancel()  # the hand was cut short

    def _timed_out(self, number: int) -> None:
        """R8.3: a seat whose clock ran out is acted for at once for the rest of the
        hand and, but in a competition (R8.4's rule: dealt in until back), sits out
        from the next hand until it sits in again."""
        held = self._seats.get(number)
        if held is None or held.occupant.is_bot or held.away:
            return
        held.away = True
        if self.config.mode != "competition":
            held.sitting_out = True
        self._notify(TableUpdate("seat", self.table_id, seat=number, change="timed_out"))

    def set_connected(self, seat: int, connected: bool) -> None:
        """Whether the occupant of ``seat`` has a connection open (the room tells the
        table; R8.3): shown to every viewer, the seat's clock is the same either way."""
        held = self._occupied(seat)
        if held.connected != connected:
            held.connected = connected
            change = "connected" if connected else "disconnected"
            self._notify(TableUpdate("seat", self.table_id, seat=seat, change=change))

    def _answered(self, turn: Turn, waiter: asyncio.Future[Any]) -> None:
        """A player's awaitable answer came."""
        if self._turn is not turn or waiter.cancelled():
            return
        error = waiter.exception()
        if error is not None:
            log.warning("table %s: seat %d's answer failed: %r", self.table_id, turn.seat, error)
            self._apply(self._require_hand().default_action(), turn)
            return
        self._offer(turn, waiter.result())

    def _offer(self, turn: Turn, decision: object) -> None:
        """A player's answer: played if legal, else logged and the table acts for
        the seat as when the time is up (R8.1) — a player never stops the table."""
        hand = self._require_hand()
        try:
            self._apply(_as_action(decision), turn)
        except (IllegalAction, ValueError) as error:
            log.warning(
                "table %s: seat %d's player answered %r: %s; it checks or folds",
                self.table_id,
                turn.seat,
                decision,
                error,
            )
            self._apply(hand.default_action(), turn)

    def submit(self, seat: int, action: Action | str, seq: int) -> None:
        """The answer of table ``seat`` to decision ``seq`` (a person's or a remote
        program's).  Refused, changing nothing, if the seat is not to act, the
        decision is not the one pending, or the action is illegal."""
        turn = self._turn
        if turn is None:
            raise TableError("no seat is to act now", "no_turn")
        if seat != turn.seat:
            raise TableError(
                f"seat {seat} is not to act; seat {turn.seat} is",
                "not_your_turn",
                seat=seat,
                actor=turn.seat,
            )
        if seq != turn.seq:
            raise TableError(
                f"decision {seq} is not pending: seat {seat} is to answer decision {turn.seq}",
                "stale_decision",
                seat=seat,
                seq=seq,
                pending=turn.seq,
            )
        try:
            self._apply(_as_action(action), turn)
        except (IllegalAction, ValueError) as error:
            message = str(error)
            engine = f"seat {turn.engine_seat} "
            if message.startswith(engine):  # the engine's seat numbers are not the table's
                message = f"seat {turn.seat} " + message[len(engine) :]
            raise TableError(
                message,
                "illegal_action",
                seat=turn.seat,
                action=str(action),
                reason=error.reason if isinstance(error, IllegalAction) else "unreadable",
                rule=error.rule if isinstance(error, IllegalAction) else None,
                legal_actions=[legal_dict(option) for option in turn.legal_actions],
            ) from None

    def _apply(self, action: Action, turn: Turn | None) -> None:
        """Play ``action`` for the seat to act, ending ``turn``; IllegalAction if it
        is not allowed, and then nothing changes."""
        hand = self._require_hand()
        hand.act(action)
        if turn is not None:
            held = self._seats[turn.seat]
            used = _now() - turn.started
            held.time_bank = max(held.time_bank - max(used - self.config.clock, 0.0), 0.0)
            self._turn = None
            answer, waiter = self._answer, self._waiter
            if answer is not None and not answer.done():
                answer.set_result(action)
            if waiter is not None and not waiter.done():
                if isinstance(waiter, asyncio.Task):
                    waiter.cancel()  # a player still thinking when the table acted for it
                else:
                    waiter.set_result(action)  # tell a remote seat what was done
        self._publish()

    def _fold_or_default(self) -> Action:
        """A seat whose player stood up folds when it may, else does what the clock
        does (post the bring-in, open the minimum, show or muck)."""
        hand = self._require_hand()
        if any(option.kind == K.FOLD for option in hand.legal_actions()):
            return Action(K.FOLD)
        return hand.default_action()

    def _require_hand(self) -> Hand:
        if self._hand is None:
            raise TableError("no hand is being played", "internal")
        return self._hand

    def _publish(self) -> None:
        """Give the listeners the hand's new events, and each player those its seat
        may see (the Player protocol's ``observe``)."""
        hand = self._require_hand()
        events = hand.events
        for index in range(self._published, len(events)):
            self._notify(
                TableUpdate(
                    "event",
                    self.table_id,
                    self._number,
                    hand=hand,
                    event=events[index],
                    index=index,
                )
            )
        self._published = len(events)
        for engine_seat, occupant in enumerate(self._players):
            told = self._told[engine_seat]
            if told < len(events):
                seen = hand.events_for(engine_seat)
                self._told[engine_seat] = len(seen)
                try:
                    occupant.player.observe(seen[told:])
                except Exception:
                    log.exception("table %s: %r failed to observe", self.table_id, occupant)

    async def _end_hand(self, hand: Hand) -> CompletedHand:
        result = hand.result
        for number, stack in zip(self._dealt, result.stacks, strict=True):
            self._seats[number].chips = stack
        self.rollover = result.rollover
        done = CompletedHand(
            self.table_id,
            self._number,
            hand,
            self._dealt,
            tuple(occupant.name for occupant in self._players),
            tuple(occupant.account_id for occupant in self._players),
            self._started,
            datetime.now(UTC),
        )
        if len(self._recent) == self._recent.maxlen:
            self._recent_pots -= self._recent[0].pot
        self._recent.append(done)
        self._recent_pots += done.pot
        if self.hooks.on_hand_end is not None:
            await self.hooks.on_hand_end(self, done)
        self._notify(TableUpdate("hand_ended", self.table_id, done.number, completed=done))
        await self._after_hand(done)
        return done

    async def _after_hand(self, done: CompletedHand) -> None:
        """The stacks are released: top-ups count, those who stood up leave, busted
        competitors go (R7.3), sitting out counts a missed hand."""
        for held in self._seats.values():
            if held.top_up:
                held.chips, held.top_up = held.chips + held.top_up, 0
        dealt = set(done.seats)
        going = [n for n, held in sorted(self._seats.items()) if held.leaving]
        if self._competition is not None:
            start = dict(zip(done.seats, done.hand.starting_stacks, strict=True))
            busted = [n for n in sorted(dealt) if n in self._seats and not self._seats[n].chips]
            # Out in the same hand: the bigger stack before it finishes higher.
            going += sorted((n for n in busted if n not in going), key=lambda n: (start[n], -n))
        for number, held in sorted(self._seats.items()):
            if held.sitting_out and number not in dealt and number not in going:
                held.missed_hands += 1
                if held.missed_hands >= self.config.max_missed_hands:
                    going.append(number)
        self._live = False
        await self._depart(going, "after the hand")
        if self.config.mode == "chips":
            for number, held in sorted(self._seats.items()):
                if not held.chips and not held.sitting_out:
                    held.sitting_out = True  # no chips: sitting out until a top-up
                    self._notify(TableUpdate("seat", self.table_id, seat=number, change="sat_out"))
        if self._competition_over():
            await self._end_competition()
        await self._check_books()

    def _notify(self, update: TableUpdate) -> None:
        for listener in list(self.listeners):
            try:
                listener(update)
            except Exception:
                log.exception("table %s: a listener failed on %s", self.table_id, update.kind)

    def __repr__(self) -> str:
        return (
            f"<Table {self.table_id} {self.spec.game} {self.config.mode}, "
            f"{len(self._seats)}/{self.config.seats} seated>"
        )


def _now() -> float:
    """The event loop's time (monotonic), or the monotonic clock outside a loop."""
    try:
        return asyncio.get_running_loop().time()
    except RuntimeError:
        return time.monotonic()


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _same(one: Occupant, other: Occupant) -> bool:
    """The same person: the same account, or the same player object."""
    if one.account_id is not None and one.account_id == other.account_id:
        return True
    return one.player is other.player


def _as_action(decision: object) -> Action:
    if isinstance(decision, Action):
        return decision
    if isinstance(decision, str):
        return Action.parse(decision)
    raise IllegalAction(f"{decision!r} is not an action")


async def _first(*events: asyncio.Event, timeout: float | None) -> None:
    """Wait until one of ``events`` is set, or ``timeout`` seconds."""
    waiters = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waiters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()
