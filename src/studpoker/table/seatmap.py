"""Which table seat holds each engine seat of a hand: the one place where the
engine's seats become the table's (STYLE.md, "what crosses a boundary is typed").

The engine numbers the players dealt in from 0, in seat order; the table numbers
all its seats from 0, empty ones and those sitting out included.  So seat 1 of the
engine may be seat 4 of the table, and every seat the engine names — in an event,
a view, a pot, a refusal's text — is turned into the table's here.

>>> dealt = SeatMap((1, 4, 5))
>>> dealt.table_seat(1)
4
>>> dealt.engine_seat(5), dealt.engine_seat(2)
(2, None)
>>> dealt.by_table_seat([600, 0, 1400])
{1: 600, 4: 0, 5: 1400}
>>> dealt.rewrite("seat 1 cannot check: facing a bet of 40; allowed: fold, call 40")
'seat 4 cannot check: facing a bet of 40; allowed: fold, call 40'
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

__all__ = ["SeatMap"]

T = TypeVar("T")

# How the engine's refusals begin: "seat 2 cannot check: …" (engine.betting).
_ENGINE_SEAT = re.compile(r"seat (0|[1-9][0-9]*) ")


@dataclass(frozen=True, slots=True)
class SeatMap:
    """The table seat of each engine seat of one hand: ``seats[i]`` holds engine
    seat ``i`` (no hand: no seats).  Iterating gives the table seats in the
    engine's order."""

    seats: tuple[int, ...] = ()

    @classmethod
    def of(cls, seats: SeatMap | Sequence[int]) -> SeatMap:
        """``seats`` as a map: one already, or the table seat of each engine seat."""
        return seats if isinstance(seats, SeatMap) else cls(tuple(seats))

    def table_seat(self, engine_seat: int) -> int:
        """The table seat of ``engine_seat``."""
        return self.seats[engine_seat]

    def engine_seat(self, table_seat: int) -> int | None:
        """The engine seat of ``table_seat``, or None if it was not dealt in."""
        if table_seat not in self.seats:
            return None
        return self.seats.index(table_seat)

    def by_table_seat(self, values: Sequence[T]) -> dict[int, T]:
        """``values``, one an engine seat in the engine's order, by table seat."""
        return dict(zip(self.seats, values, strict=True))

    def rewrite(self, message: str) -> str:
        """The engine's ``message`` about a seat ("seat 1 cannot …") with the table's
        seat number; any other message as it is."""
        found = _ENGINE_SEAT.match(message)
        if found is None or int(found[1]) >= len(self.seats):
            return message
        return f"seat {self.table_seat(int(found[1]))} " + message[found.end() :]

    def __contains__(self, table_seat: object) -> bool:
        return table_seat in self.seats

    def __iter__(self) -> Iterator[int]:
        return iter(self.seats)

    def __len__(self) -> int:
        return len(self.seats)
