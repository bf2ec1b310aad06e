"""Competitions (R7.3): everyone starts with the same chips, a player who loses
them all leaves and is rated against the chip leader of that moment, and the
competition ends when one player is left or its time is up.

>>> from studpoker.bots import CallingStation
>>> seats = [Seat(n, Occupant(f"p{n}", n, CallingStation()), chips, 0.0)
...          for n, chips in ((0, 1500), (3, 1500), (5, 900))]
>>> chip_leader(seats).number                  # equal stacks: the lower seat leads
0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from studpoker.table.seating import Occupant, Seat

__all__ = ["Competition", "Standing", "chip_leader", "standings"]


@dataclass(frozen=True, slots=True, eq=False)
class Standing:
    """A player's place in a finished competition (1: the winner), their seat, the
    chips they ended with, and whether they left before the end (busted or quit)."""

    place: int
    seat: int
    occupant: Occupant
    chips: int
    busted: bool


@dataclass(slots=True)
class Competition:
    """A competition under way: when it started and ends (event loop time), how
    many started it, and who is out, in the order they went (worst first)."""

    started: float
    deadline: float
    entrants: int
    out: list[tuple[int, Occupant]] = field(default_factory=list)


def chip_leader(seats: Iterable[Seat]) -> Seat | None:
    """The seat with the most chips; equal stacks go to the lower seat (R7.3)."""
    return min(seats, key=lambda seat: (-seat.chips, seat.number), default=None)


def standings(
    remaining: Sequence[Seat], out: Sequence[tuple[int, Occupant]]
) -> tuple[Standing, ...]:
    """The finishing order: those still seated by their chips (the leader first,
    R7.3), then those who went out, the last to go first."""
    still = sorted(remaining, key=lambda seat: (-seat.chips, seat.number))
    places = [Standing(0, seat.number, seat.occupant, seat.chips, False) for seat in still]
    places += [Standing(0, seat, occupant, 0, True) for seat, occupant in reversed(out)]
    return tuple(
        Standing(place, s.seat, s.occupant, s.chips, s.busted)
        for place, s in enumerate(places, start=1)
    )
