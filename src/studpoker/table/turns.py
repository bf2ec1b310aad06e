"""A decision the table waits for, and the player of a seat played from outside.

Every decision the table asks for gets a sequence number, so that an answer that
comes late (after the clock ran out and the table acted for the seat) or twice is
refused rather than taken for the next decision (R8.1).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from studpoker.engine import Action, Event, HandView, LegalAction
from studpoker.games import GameSpec

__all__ = ["RemotePlayer", "Turn"]


@dataclass(frozen=True, slots=True)
class Turn:
    """The decision pending: number ``seq`` of the table, for table seat ``seat``
    (engine seat ``engine_seat``) in hand ``hand_number``.  Times are the event
    loop's: the clock runs out at ``clock_ends``, the time bank at ``deadline``
    (R8.1); then the table acts for the seat (check if free, else fold)."""

    seq: int
    seat: int
    engine_seat: int
    hand_number: int
    legal_actions: tuple[LegalAction, ...]
    started: float
    clock_ends: float
    deadline: float

    def remaining(self, now: float) -> float:
        """Seconds left before the table acts for the seat, time bank included."""
        return max(self.deadline - now, 0.0)


class RemotePlayer:
    """A seat played from outside the table: a person at a browser, or a program
    connected over the network.

    ``decide`` returns a future that :meth:`Table.submit
    <studpoker.table.Table.submit>` resolves with the answer (or the table, with
    the action it took when the clock ran out).  The player keeps what it was told
    this hand: ``events`` (what the seat may see), ``view`` of the decision pending.
    """

    name = "remote"

    def __init__(self) -> None:
        self.seat: int | None = None
        self.spec: GameSpec | None = None
        self.events: list[Event] = []
        self._view: HandView | Callable[[], HandView] | None = None
        self.pending: asyncio.Future[Action] | None = None

    @property
    def view(self) -> HandView | None:
        """The view of the decision pending, made when it is first read (the room's
        players read their state from the table, and never ask); once it is answered,
        the view read of it, or None if it never was (the hand has moved on)."""
        view = self._view
        if callable(view):
            view = self._view = view()
        return view

    def new_hand(self, seat: int, spec: GameSpec) -> None:
        self.seat, self.spec = seat, spec
        self.events = []
        self._view = None

    def observe(self, events: Sequence[Event]) -> None:
        self.events.extend(events)

    def decide(self, view: HandView) -> asyncio.Future[Action]:
        return self.ask(view)

    def ask(self, view: HandView | Callable[[], HandView]) -> asyncio.Future[Action]:
        """:meth:`decide`, given the view or how to make it (the table asks so: while
        the seat decides the hand does not move, so the view made when it is read is
        the one of this decision)."""
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        self._view, self.pending = view, future
        future.add_done_callback(self._answered)
        return future

    def _answered(self, future: asyncio.Future[Action]) -> None:
        if self.pending is future:
            self.pending = None
            if callable(self._view):
                self._view = None

    def __repr__(self) -> str:
        return f"<RemotePlayer seat {self.seat}>"
