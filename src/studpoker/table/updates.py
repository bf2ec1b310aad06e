"""What a table tells the world: updates for its listeners, and the room's hooks.

Listeners are plain callables, called synchronously after every change, in
order; the server turns them into messages, filtering each event for each
viewer with ``hand.events_for(seat)`` (DESIGN.md idea 2).  Hooks are awaited
where the room must do something before the table goes on: store a hand, cash
out a seat, rate a competition.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from studpoker.engine import Event, Hand
from studpoker.table.competition import Standing
from studpoker.table.completed import CompletedHand
from studpoker.table.seating import Occupant

if TYPE_CHECKING:
    from studpoker.table.table import Table

__all__ = ["Listener", "TableHooks", "TableUpdate", "UpdateKind"]

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
      for it and it sits out, R8.3), ``disconnected``, ``connected``;
    * ``hand_ended``: ``hand_number``, ``completed``;
    * ``hand_cancelled``: ``hand_number`` (the hand was cut short and is void: every
      stack is as it was before it);
    * ``competition_started``; ``competition_ended``: ``standings``;
    * ``halted``: ``change`` says why the table deals no more hands.
    * ``paused``: ``change`` is ``paused`` when the room's operator paused the table,
      empty when it deals again.
    * ``closed``: the room closed the table for good (its operator's; told by the room,
      not the table).
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


@dataclass(frozen=True, slots=True)
class TableHooks:
    """The room's part, each optional and awaited by the table:

    * ``on_hand_end(table, completed)``: the hand is over, before its stacks are
      released for the next hand (store the hand and its chip movements);
    * ``on_seat_left(table, seat, occupant, chips)``: a person left the table with
      ``chips`` (cash them out at a chips table; practice and competition chips
      are not money).  Not called for the table's computer players;
    * ``on_bust(table, seat, occupant, leader)``: in a competition, a player lost
      every chip or quit; ``leader`` is the chip leader then (R7.3), None if nobody
      is left;
    * ``on_competition_end(table, standings)``: the competition is over; the
      standings in finishing order, the winner first;
    * ``check_books(table)``: before each deal and after each hand, with the
      table's lock held: compare every seat's stack with what the room holds for it
      (and :meth:`~studpoker.table.Table.halt` the table when they disagree);
    * ``on_deal(table, number, setup)``: hand ``number`` is dealt, before anyone
      acts; ``setup`` (JSON text) is what it was dealt from — the game and stakes,
      each seat dealt in with its account, name and stack, the carried-in chips and
      the deck's order — so that the hand can be dealt again from it (store it: a
      hand survives its process, docs/scaling.md);
    * ``on_actions(table, number, first, actions)``: the actions taken since the
      last call (``first`` is the first one's number, 0 for the hand's first), as
      text (``"raise 400"``), after each decision and before the next.
    """

    on_hand_end: Callable[[Table, CompletedHand], Awaitable[None]] | None = None
    on_seat_left: Callable[[Table, int, Occupant, int], Awaitable[None]] | None = None
    on_bust: Callable[[Table, int, Occupant, Occupant | None], Awaitable[None]] | None = None
    on_competition_end: Callable[[Table, tuple[Standing, ...]], Awaitable[None]] | None = None
    check_books: Callable[[Table], Awaitable[None]] | None = None
    on_deal: Callable[[Table, int, str], Awaitable[None]] | None = None
    on_actions: Callable[[Table, int, int, list[str]], Awaitable[None]] | None = None
