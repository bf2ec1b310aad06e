"""A table's seats as its players ask for them: sitting down (a computer player
making room for a person at a practice table, R7.1), standing up, topping up
(R7.2), sitting out and in, and whether they are connected (R8.3)."""

from __future__ import annotations

from studpoker.table.competing import TableCompetitions
from studpoker.table.decisions import TableDecisions
from studpoker.table.errors import TableError
from studpoker.table.seating import Occupant, Seat
from studpoker.table.state import _whole
from studpoker.table.updates import TableUpdate

__all__ = ["TableSeats"]


class TableSeats(TableDecisions, TableCompetitions):
    """A table's seats, taken and left."""

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
        if held.sitting_out or held.away:
            raise TableError(
                f"seat {seat} is already sitting out", "already_sitting_out", seat=seat
            )
        if self.config.mode == "tournament":  # dealt in and acted for at once (R8.4)
            held.away = True
        else:
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

    def set_connected(self, seat: int, connected: bool) -> None:
        """Whether the occupant of ``seat`` has a connection open (the room tells the
        table; R8.3): shown to every viewer, the seat's clock is the same either way.
        At a tournament's table a player whose connection is gone is absent: acted for
        at once until they come back (R8.4), and back when a connection opens."""
        held = self._occupied(seat)
        if held.connected != connected:
            held.connected = connected
            if self.config.mode == "tournament":
                held.away = not connected
            change = "connected" if connected else "disconnected"
            self._notify(TableUpdate("seat", self.table_id, seat=seat, change=change))


def _same(one: Occupant, other: Occupant) -> bool:
    """The same person: the same account, or the same player object."""
    if one.account_id is not None and one.account_id == other.account_id:
        return True
    return one.player is other.player
