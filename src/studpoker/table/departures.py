"""How occupants leave a table: a computer player giving way to a person (R7.1),
those who stood up or busted, and the room told of each person who left with
their chips."""

from __future__ import annotations

from studpoker.table.competition import chip_leader
from studpoker.table.publish import TablePublishing
from studpoker.table.seating import Occupant, Seat
from studpoker.table.state import log
from studpoker.table.updates import TableUpdate

__all__ = ["TableDepartures"]


class TableDepartures(TablePublishing):
    """A table's seats emptied."""

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
                    await self.hooks.on_bust(self._as_table(), held.number, held.occupant, by)
        for held in leaving:
            await self._seat_left(held.number, held.occupant, held.chips + held.top_up)
        if leaving:
            log.debug("table %s: seats %s left (%s)", self.table_id, numbers, reason)

    async def _seat_left(self, seat: int, occupant: Occupant, chips: int) -> None:
        if not occupant.is_bot and self.hooks.on_seat_left is not None:
            await self.hooks.on_seat_left(self._as_table(), seat, occupant, chips)
