"""A hand the table has played, kept for the "last hand" view (R5.8) and the room's
records: the engine's hand (its events are the whole story, DESIGN.md idea 1)
with the table's seat numbers and who held them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from studpoker.engine import Hand, HandResult, PotAwarded
from studpoker.table.seatmap import SeatMap
from studpoker.table.seeds import HandSeeds

__all__ = ["CompletedHand"]


@dataclass(frozen=True, slots=True, eq=False)
class CompletedHand:
    """Hand ``number`` of table ``table_id``.  The engine numbers its seats from 0
    in dealing order; ``seats[i]`` is the table seat of engine seat ``i``, and
    ``names[i]``, ``account_ids[i]`` who held it.  Times are UTC.  ``seeds``: what its
    deck was made from (docs/fairness.md; None for a hand dealt without seeds)."""

    table_id: str
    number: int
    hand: Hand
    seats: tuple[int, ...]
    names: tuple[str, ...]
    account_ids: tuple[int | None, ...]
    started: datetime
    ended: datetime
    seeds: HandSeeds | None = None

    @property
    def seat_map(self) -> SeatMap:
        """The table seat of each engine seat."""
        return SeatMap(self.seats)

    @property
    def result(self) -> HandResult:
        return self.hand.result

    @property
    def net(self) -> dict[int, int]:
        """Each table seat's gain or loss in chips."""
        return self.seat_map.by_table_seat(self.hand.result.net)

    @property
    def pot(self) -> int:
        """The chips awarded, a rolled-over amount won whole included (R6.8)."""
        return sum(event.amount for event in self.hand.events if isinstance(event, PotAwarded))

    @property
    def carry_in(self) -> int:
        """Chips rolled over into this hand from the one before (R6.8)."""
        return self.hand.carry_in

    @property
    def rollover(self) -> int:
        """Chips this hand leaves on the table for the next one (R6.8)."""
        return self.hand.result.rollover

    def engine_seat(self, seat: int) -> int:
        """The engine's seat of table ``seat``."""
        engine = self.seat_map.engine_seat(seat)
        if engine is None:
            raise ValueError(f"seat {seat} was not dealt in hand {self.number}")
        return engine

    def __repr__(self) -> str:
        return f"<CompletedHand {self.table_id} #{self.number} seats {list(self.seats)}>"
