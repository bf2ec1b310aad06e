"""A table's recent hands: the last ones kept whole (the "last hand" view, R5.8,
and GET /api/tables/{table}/hands/{number}) and the pots and ends of the last
hundred, which the lobby averages."""

from __future__ import annotations

from collections import deque
from datetime import datetime

from studpoker.table.completed import CompletedHand

__all__ = ["KEPT_HANDS", "RECENT_HANDS", "RecentHands"]

RECENT_HANDS = 100  # the last hands whose pots and ends the lobby averages
# Completed hands kept whole (their events); older ones are in the store's records.  A
# whole hand is tens of kB: at 300 tables a process, 100 of them a table were gigabytes.
KEPT_HANDS = 20


class RecentHands:
    """The hands a table played last."""

    def __init__(self) -> None:
        self._kept: deque[CompletedHand] = deque(maxlen=KEPT_HANDS)
        # The pot and end of the last hands; their pots' sum kept as they come.
        self._recent: deque[tuple[int, datetime]] = deque(maxlen=RECENT_HANDS)
        self._recent_pots = 0

    def add(self, done: CompletedHand) -> None:
        """``done`` is the table's last hand (once the room has it)."""
        if len(self._recent) == self._recent.maxlen:
            self._recent_pots -= self._recent[0][0]
        self._recent.append((done.pot, done.ended))
        self._recent_pots += done.pot
        if self._kept:  # no longer the hand every seat is being told of
            self._kept[-1].hand.forget_views()
        self._kept.append(done)

    def last(self) -> CompletedHand | None:
        """The hand played last (R5.8), or None."""
        return self._kept[-1] if self._kept else None

    def find(self, number: int) -> CompletedHand | None:
        """Hand ``number``, if it is among those kept whole."""
        return next((done for done in self._kept if done.number == number), None)

    @property
    def average_pot(self) -> int:
        recent = self._recent
        return self._recent_pots // len(recent) if recent else 0

    @property
    def hands_per_hour(self) -> int:
        recent = self._recent
        span = (recent[-1][1] - recent[0][1]).total_seconds() if len(recent) > 1 else 0.0
        return round((len(recent) - 1) * 3600 / span) if span > 0 else 0
