"""A table's seats: the one place a :class:`~studpoker.table.Seat` is made and
changed — sitting down (a computer player making room for a person at a practice
table, R7.1), standing up, stacks and top-ups (R7.2), sitting out and in, the time
bank (R8.1), being away or connected (R8.3, R8.4).

The part knows the table's settings and two things of the table around it, given to
it: whether a seat is in the hand being played (``in_hand``), and whom to tell of a
changed seat (``tell``, with the seat and the change, a ``seat`` update's fields).
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping, ValuesView

from studpoker.engine import rollover_shares
from studpoker.table.config import TableConfig
from studpoker.table.errors import TableError
from studpoker.table.seating import Occupant, Seat, TablePlayer

__all__ = ["REFILL_HANDS", "REFILL_SECONDS", "Seats", "whole"]

# R8.5: at a ring table a seat's time bank gets REFILL_SECONDS back after every
# REFILL_HANDS hands it is dealt, never above the table's bank; at a tournament's table
# it is full again at the start of each level.
REFILL_SECONDS = 10.0
REFILL_HANDS = 20


class Seats:
    """The occupied seats of a table playing by ``config``, by number.  Read a
    :class:`~studpoker.table.Seat` freely; only this part changes one."""

    def __init__(
        self,
        config: TableConfig,
        *,
        in_hand: Callable[[int], bool],
        tell: Callable[[int, str], None],
    ) -> None:
        self._config = config
        self._in_hand = in_hand
        self._tell = tell
        self._held: dict[int, Seat] = {}

    # Reading

    def get(self, number: int) -> Seat | None:
        return self._held.get(number)

    def __getitem__(self, number: int) -> Seat:
        return self._held[number]

    def __contains__(self, number: object) -> bool:
        return number in self._held

    def __len__(self) -> int:
        return len(self._held)

    def __iter__(self) -> Iterator[int]:
        return iter(self._held)

    def items(self) -> ItemsView[int, Seat]:
        return self._held.items()

    def values(self) -> ValuesView[Seat]:
        return self._held.values()

    def by_number(self) -> dict[int, Seat]:
        """The seats in seat order (a copy)."""
        return dict(sorted(self._held.items()))

    def seat_of_account(self, account_id: int) -> int | None:
        """The seat a person of ``account_id`` holds, if any."""
        for number, occupied in self._held.items():
            occupant = occupied.occupant
            if occupant.account_id == account_id and not occupant.is_bot:
                return number
        return None

    def check_number(self, seat: int) -> None:
        if not whole(seat) or not 0 <= seat < self._config.seats:
            raise TableError(
                f"there is no seat {seat!r}: the seats are 0 to {self._config.seats - 1}",
                "no_seat",
                seat=seat,
                seats=self._config.seats,
            )

    def occupied(self, seat: int) -> Seat:
        """Seat ``seat``, a TableError if there is none or it is empty."""
        self.check_number(seat)
        occupied = self._held.get(seat)
        if occupied is None:
            raise TableError(f"seat {seat} is empty", "seat_empty", seat=seat)
        return occupied

    def all_bots(self, seats: Iterable[Seat] | None = None) -> bool:
        return all(
            occupied.occupant.is_bot
            for occupied in (self._held.values() if seats is None else seats)
        )

    def player_count(self) -> int:
        """The players who will be at the table for the next hand."""
        return sum(
            not occupied.leaving or occupied.successor is not None
            for occupied in self._held.values()
        )

    def gives_way(self, seat: int) -> bool:
        """Whether a person may take the computer player's ``seat`` (R7.1)."""
        occupied = self._held[seat]
        return occupied.occupant.is_bot and occupied.successor is None

    def dealt_in(self) -> list[Seat]:
        """The seats to deal in, in seat order: at a tournament's table everyone with
        chips (nobody is sat out of the deal, R8.4), else those with chips who are
        neither sitting out nor leaving."""
        if self._config.mode == "tournament":
            return [occupied for _, occupied in sorted(self._held.items()) if occupied.chips > 0]
        return [
            occupied
            for _, occupied in sorted(self._held.items())
            if not occupied.sitting_out and occupied.chips > 0 and not occupied.leaving
        ]

    def leaving(self) -> list[int]:
        """The seats whose occupants stood up during a hand, in order."""
        return [n for n, occupied in sorted(self._held.items()) if occupied.leaving]

    # Sitting down

    def plan(
        self, occupant: Occupant, chips: int, seat: int | None, *, competing: bool
    ) -> tuple[int, int, int, list[int]]:
        """Where :meth:`sit` seats ``occupant`` and with what (``competing``: a
        competition is under way): the seat, the chips, the players for the next hand
        and the computer players who may make room; a TableError says why not."""
        config, mode = self._config, self._config.mode
        for occupied in self._held.values():
            waiting = occupied.successor[0] if occupied.successor is not None else None
            for other in (occupied.occupant, waiting):
                if other is not None and _same(other, occupant):
                    raise TableError(
                        f"{occupant.name} is already in seat {occupied.number}",
                        "already_in_seat",
                        name=occupant.name,
                        seat=occupied.number,
                    )
        if occupant.is_bot and mode != "practice":
            rule = "R7.2" if mode == "chips" else "R7.3"
            raise TableError(
                f"a {mode} table has no computer players ({rule})", "bots_practice_only", mode=mode
            )
        if mode == "competition" and competing:
            raise TableError(
                "the competition has started: nobody may join it", "competition_started"
            )
        if mode == "chips":
            config.check_buy_in(chips)  # the one check of a buy-in, the room's too (R7.2)
        else:
            chips = config.buy_in_max if mode == "practice" else config.competition_chips
        if seat is not None:
            self.check_number(seat)
        most = config.players_at_most
        people = sum(not occupied.occupant.is_bot for occupied in self._held.values())
        people += sum(occupied.successor is not None for occupied in self._held.values())
        if mode == "practice" and not occupant.is_bot and people >= most:
            raise TableError(
                f"a practice table seats at most {most} players",
                "practice_full",
                maximum=most,
            )
        if mode == "competition" and len(self._held) >= most:
            raise TableError(
                f"a competition seats at most {most} players",
                "competition_full",
                maximum=most,
            )
        count = self.player_count()
        free = [n for n in range(config.seats) if n not in self._held]
        takes_bot = mode == "practice" and not occupant.is_bot
        bots = [n for n in sorted(self._held) if takes_bot and self.gives_way(n)]
        # A computer player still to play the next hand can make room for a person.
        staying = [n for n in bots if not self._held[n].leaving]
        full = TableError(f"the table is full: {most} players at most", "table_full", maximum=most)
        if seat is None:
            if free and (count < most or staying):
                seat = free[0]
            elif bots:
                seat = bots[0]
            else:
                raise full
        elif seat in self._held:
            if seat not in bots:
                raise TableError(f"seat {seat} is taken", "seat_taken", seat=seat)
        elif count >= most and not staying:
            raise full
        return seat, chips, count, staying

    def sit(self, occupant: Occupant, chips: int, seat: int | None, *, competing: bool) -> int:
        """Seat ``occupant`` as :meth:`plan` says; at a full practice table a person
        takes a computer player's seat, at once between hands, else when the hand
        ends (R7.1)."""
        seat, chips, count, staying = self.plan(occupant, chips, seat, competing=competing)
        if seat in self._held:
            self.give_way(seat, (occupant, chips))
        else:
            self.add(seat, occupant, chips)
            if count >= self._config.players_at_most:  # a computer player makes room (R7.1)
                self.give_way(staying[0], None)
        return seat

    def add(self, seat: int, occupant: Occupant, chips: int) -> None:
        """``occupant`` sits in the empty ``seat`` with ``chips`` and a full time bank."""
        self._held[seat] = Seat(seat, occupant, chips, float(self._config.time_bank))
        self._tell(seat, "sat")

    def seat_entry(self, occupant: Occupant, chips: int, seat: int) -> None:
        """A tournament's entry sits in the empty ``seat`` with its ``chips``."""
        self.check_number(seat)
        if seat in self._held:
            raise TableError(f"seat {seat} is taken", "seat_taken", seat=seat)
        if not whole(chips) or chips < 1:
            raise TableError(f"an entry sits with chips, not {chips!r}", "malformed")
        self.add(seat, occupant, chips)

    def seat_bots(self, bot_for: Callable[[int], TablePlayer]) -> None:
        """R7.1: computer players fill the empty seats up to eight while a person
        plays, give up surplus seats, and every player has ``buy_in_max`` chips."""
        config = self._config
        if self.all_bots():
            for number in sorted(self._held):
                self.give_way(number, None)
            return
        most = config.players_at_most
        bots = sorted((n for n in self._held if self._held[n].occupant.is_bot), reverse=True)
        while len(self._held) > most and bots:
            self.give_way(bots.pop(0), None)
        for number in range(config.seats):
            if len(self._held) >= most:
                break
            if number not in self._held:
                self.add(number, Occupant(f"Bot {number}", None, bot_for(number), is_bot=True), 0)
        for occupied in self._held.values():
            occupied.chips = max(occupied.chips, config.buy_in_max)

    def restore(self, seats: Mapping[int, Seat]) -> None:
        """The seats of a table rebuilt (table/restore.py), before it plays."""
        self._held = dict(seats)
        for number in sorted(self._held):
            self._tell(number, "sat")

    # Leaving

    def give_way(self, seat: int, successor: tuple[Occupant, int] | None) -> None:
        """The computer player of ``seat`` leaves, for ``successor`` or to make room:
        when the hand it plays ends, else at once."""
        occupied = self._held[seat]
        if self._in_hand(seat):
            if occupied.leaving and successor is None:
                return
            occupied.leaving, occupied.successor = True, successor
            self._tell(seat, "reserved" if successor is not None else "leaving")
            return
        self.remove(seat)
        if successor is not None:
            self.add(seat, *successor)

    def remove(self, seat: int, change: str = "left") -> Seat:
        """The occupant of ``seat`` is gone (``change`` tells the viewers how)."""
        occupied = self._held.pop(seat)
        self._tell(seat, change)
        return occupied

    def depart(self, numbers: Iterable[int]) -> list[Seat]:
        """The occupants of ``numbers`` leave, and a person waiting for one of their
        seats takes it (R7.1); the seats as they were."""
        leaving = [self._held[n] for n in numbers if n in self._held]
        for occupied in leaving:
            self.remove(occupied.number)
            if occupied.successor is not None:
                self.add(occupied.number, *occupied.successor)
        return leaving

    def unreserve(self, seat: int) -> tuple[Occupant, int] | None:
        """The person waiting for ``seat`` stops waiting; who it was, with their chips."""
        occupied = self._held[seat]
        successor, occupied.successor = occupied.successor, None
        if successor is not None:
            self._tell(seat, "unreserved")
        return successor

    def stand_up(self, seat: int) -> None:
        """The occupant of ``seat`` stood up during the hand: folded when they must
        act, gone when it ends."""
        self._held[seat].leaving = True
        self._tell(seat, "leaving")

    # Stacks

    def check_top_up(self, seat: int, amount: int, *, stopped: str | None) -> Seat:
        """The seat :meth:`top_up` would top up (``stopped``: why the table deals no
        more hands, if it does not); a TableError says why it would refuse."""
        occupied = self.occupied(seat)
        config = self._config
        if config.mode != "chips":
            if config.mode == "practice":
                raise TableError(
                    f"a practice table tops every player up to {config.buy_in_max} "
                    "before each hand",
                    "no_top_ups",
                    mode=config.mode,
                )
            raise TableError(
                "a competition has no top-ups: everyone plays the chips they got",
                "no_top_ups",
                mode=config.mode,
            )
        if stopped is not None:
            raise TableError(f"the table deals no more hands: {stopped}", "table_stopped")
        room = config.buy_in_max - occupied.chips - occupied.top_up
        if not whole(amount) or amount < 1:
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
        return occupied

    def top_up(self, seat: int, amount: int, *, stopped: str | None) -> None:
        """``amount`` more chips for ``seat`` (R7.2): at once between hands, when it
        ends during one the seat plays."""
        occupied = self.check_top_up(seat, amount, stopped=stopped)
        if self._in_hand(seat):
            occupied.top_up += amount
        else:
            occupied.chips += amount
        self._tell(seat, "topped_up")

    def add_top_ups(self) -> None:
        """Chips bought during the hand count now it is over."""
        for occupied in self._held.values():
            if occupied.top_up:
                occupied.chips, occupied.top_up = occupied.chips + occupied.top_up, 0

    def take_stacks(self, stacks: Mapping[int, int]) -> None:
        """A hand's result: each seat dealt in has its stack after it."""
        for number, stack in stacks.items():
            self._held[number].chips = stack

    def set_chips(self, seat: int, chips: int) -> None:
        """The chips a tournament's director says the entry in ``seat`` has."""
        occupied = self.occupied(seat)
        if not whole(chips) or chips < 1:
            raise TableError(f"an entry sits with chips, not {chips!r}", "malformed")
        if occupied.chips != chips:
            occupied.chips = chips
            self._tell(seat, "chips")

    def share(self, amount: int) -> None:
        """``amount`` (a rollover) split equally among the seated players, the
        remainder by seat order (R6.8)."""
        numbers = sorted(self._held)
        for number, share in zip(numbers, rollover_shares(amount, len(numbers)), strict=True):
            self._held[number].chips += share
            self._tell(number, "chips")

    def start_competition(self) -> None:
        """Everyone gets ``competition_chips`` and a full time bank (R7.3)."""
        for occupied in self._held.values():
            occupied.chips, occupied.top_up = self._config.competition_chips, 0
            occupied.time_bank = float(self._config.time_bank)

    def sit_out_broke(self) -> None:
        """At a chips table a seat with no chips sits out until a top-up (R7.2)."""
        for number, occupied in sorted(self._held.items()):
            if not occupied.chips and not occupied.sitting_out:
                occupied.sitting_out = True
                self._tell(number, "sat_out")

    # Being there

    def spend_time(self, seat: int, used: float, clock: float) -> None:
        """``seat`` took ``used`` seconds over a decision whose clock was ``clock``:
        the time beyond it comes out of its time bank (R8.1)."""
        occupied = self._held[seat]
        occupied.time_bank = max(occupied.time_bank - max(used - clock, 0.0), 0.0)

    def count_dealt(self, dealt: Iterable[int]) -> None:
        """Each seat of ``dealt`` was dealt the hand just played: at a ring table every
        :data:`REFILL_HANDS`-th hand gives back :data:`REFILL_SECONDS` of its time bank,
        never above the table's (R8.5; a tournament's refills go by level)."""
        if self._config.mode == "tournament":
            return
        full = float(self._config.time_bank)
        for number in sorted(dealt):
            occupied = self._held.get(number)
            if occupied is None:
                continue
            occupied.hands_dealt += 1
            if occupied.hands_dealt % REFILL_HANDS == 0 and occupied.time_bank < full:
                occupied.time_bank = min(occupied.time_bank + REFILL_SECONDS, full)
                self._tell(number, "time_bank")

    def refill_time_banks(self) -> None:
        """A tournament's new level: every seat's time bank full again (R8.5)."""
        full = float(self._config.time_bank)
        for number, occupied in sorted(self._held.items()):
            if occupied.time_bank < full:
                occupied.time_bank = full
                self._tell(number, "time_bank")

    def time_out(self, seat: int) -> None:
        """R8.3: ``seat``'s clock ran out: it is acted for at once for the rest of the
        hand and, but in a competition (R8.4's rule: dealt in until back), sits out
        from the next hand until it sits in again."""
        occupied = self._held.get(seat)
        if occupied is None or occupied.occupant.is_bot or occupied.away:
            return
        occupied.away = True
        if self._config.mode not in ("competition", "tournament"):
            occupied.sitting_out = True
        self._tell(seat, "timed_out")

    def count_missed(self, dealt: set[int], going: list[int]) -> list[int]:
        """Each seat sitting out, not dealt in and not going, missed a hand; those who
        missed ``max_missed_hands`` go too (the seats, in order)."""
        gone = []
        for number, occupied in sorted(self._held.items()):
            if occupied.sitting_out and number not in dealt and number not in going:
                occupied.missed_hands += 1
                if occupied.missed_hands >= self._config.max_missed_hands:
                    gone.append(number)
        return gone

    def sit_out(self, seat: int) -> None:
        """``seat`` is not dealt in from the next hand (at a tournament's table it is
        dealt in and acted for at once, R8.4)."""
        occupied = self.occupied(seat)
        if occupied.sitting_out or occupied.away:
            raise TableError(
                f"seat {seat} is already sitting out", "already_sitting_out", seat=seat
            )
        if self._config.mode == "tournament":
            occupied.away = True
        else:
            occupied.sitting_out = True
        self._tell(seat, "sat_out")

    def sit_in(self, seat: int) -> None:
        """``seat`` is dealt in again and plays its own decisions again (R8.3)."""
        occupied = self.occupied(seat)
        if not occupied.sitting_out and not occupied.away:
            raise TableError(f"seat {seat} is not sitting out", "not_sitting_out", seat=seat)
        if not occupied.chips and not occupied.top_up:
            raise TableError(f"seat {seat} has no chips: top up first", "no_chips", seat=seat)
        occupied.sitting_out = occupied.away = False
        occupied.missed_hands = 0
        self._tell(seat, "sat_in")

    def set_auto_muck(self, seat: int, on: bool) -> None:
        """Whether ``seat`` mucks at once a hand it may muck at the showdown (R5.3)."""
        occupied = self.occupied(seat)
        if occupied.auto_muck != on:
            occupied.auto_muck = on
            self._tell(seat, "auto_muck")

    def set_connected(self, seat: int, connected: bool) -> None:
        """Whether the occupant of ``seat`` has a connection open (R8.3); at a
        tournament's table one without is away until it comes back (R8.4)."""
        occupied = self.occupied(seat)
        if occupied.connected != connected:
            occupied.connected = connected
            if self._config.mode == "tournament":
                occupied.away = not connected
            self._tell(seat, "connected" if connected else "disconnected")


def _same(one: Occupant, other: Occupant) -> bool:
    """The same person: the same account, or the same player object."""
    if one.account_id is not None and one.account_id == other.account_id:
        return True
    return one.player is other.player


def whole(value: object) -> bool:
    """Whether ``value`` is a whole number (an int, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)
