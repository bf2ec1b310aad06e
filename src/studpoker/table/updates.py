"""What a table tells the world: updates for its listeners, and the room's hooks.

Listeners are plain callables, called synchronously after every change, in
order; the server turns them into messages, filtering each event for each
viewer with ``hand.events_for(seat)`` (DESIGN.md idea 2).  Hooks are awaited
where the room must do something before the table goes on: store a hand, cash
out a seat, rate a competition.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from studpoker.engine import Event, Hand
from studpoker.table.competition import Standing
from studpoker.table.completed import CompletedHand

__all__ = ["Listener", "TableUpdate", "UpdateKind"]

UpdateKind = Literal[
    "hand_started",
    "event",
    "turn",
    "seat",
    "hand_ended",
    "hand_cancelled",
    "competition_started",
    "competition_ended",
    "halted",
    "paused",
    "closed",
    "waiting",
]


@dataclass(frozen=True, slots=True, eq=False)
class TableUpdate:
    """One change at table ``table_id``; which fields are set depends on ``kind``:

    * ``hand_started``: ``hand_number``, ``hand``, ``seats`` (the table seat of each
      engine seat);
    * ``event``: ``hand_number``, ``hand``, ``event`` (as the engine made it: filter
      it for a viewer with ``hand.events_for(seat)[index]``) and its ``index``;
    * ``turn``: ``hand_number``, ``seat`` (table seat), ``seq``, ``deadline`` (event
      loop time): the table waits for a seat whose player answers later (a person,
      a remote program, or a computer player that pauses like a person,
      bots/thinking.py; one that does not answers at once, its action the next
      event);
    * ``seat``: ``seat`` and ``change``: ``sat``, ``left``, ``leaving``, ``sat_out``,
      ``sat_in``, ``topped_up``, ``reserved`` (a person waits for a computer
      player's seat), ``unreserved`` (they stopped waiting), ``chips`` (a
      rollover's share, R6.8), ``timed_out`` (its clock ran out: the table acts
      for it and it sits out, R8.3), ``disconnected``, ``connected``, ``chose`` (the
      next game, at dealer's choice);
    * ``hand_ended``: ``hand_number``, ``completed``;
    * ``hand_cancelled``: ``hand_number`` (the hand was cut short and is void: every
      stack is as it was before it);
    * ``competition_started``; ``competition_ended``: ``standings``;
    * ``halted``: ``change`` says why the table deals no more hands.
    * ``paused``: ``change`` is ``paused`` when the room's operator paused the table,
      empty when it deals again.
    * ``closed``: the room closed the table for good (its operator's; told by the room,
      not the table).
    * ``waiting``: its waiting list or the seat offered from it changed (told by the
      room, room/waiting.py).
    """

    kind: UpdateKind
    table_id: str
    hand_number: int | None = None
    hand: Hand | None = None
    seats: tuple[int, ...] | None = None
    event: Event | None = None
    index: int | None = None
    seat: int | None = None
    seq: int | None = None
    deadline: float | None = None
    change: str | None = None
    completed: CompletedHand | None = None
    standings: tuple[Standing, ...] | None = None


Listener = Callable[[TableUpdate], None]
