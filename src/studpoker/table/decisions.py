"""The turn at a table and its clock (R8.1): the seat to act is asked against its
clock and time bank, its answer is played if legal, and the table acts for a seat
whose time is up, whose player failed or who stood up.  Time is the table's
:class:`~studpoker.table.clock.Clock`, so a test moves it instead of waiting."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from functools import partial
from typing import Any

from studpoker.engine import Action, ActionKind, Hand, IllegalAction
from studpoker.table.clock import Clock
from studpoker.table.errors import TableError
from studpoker.table.feed import log
from studpoker.table.play import HandInPlay
from studpoker.table.seats import Seats
from studpoker.table.snapshot import legal_dict
from studpoker.table.turns import RemotePlayer, Turn
from studpoker.table.updates import TableUpdate

__all__ = ["Turns"]

K = ActionKind


class Turns:
    """The decision a table waits for, numbered so that a late or repeated answer is
    refused (R8.1).  It plays the actions of ``play``'s hand, charges the time used
    beyond the ``clock_seconds`` to the seat's time bank in ``seats``, and then
    ``publish``-es the hand; ``notify`` tells the listeners of a turn."""

    def __init__(
        self,
        table_id: str,
        clock: Clock,
        clock_seconds: float,
        *,
        seats: Seats,
        play: HandInPlay,
        publish: Callable[[], None],
        notify: Callable[[TableUpdate], None],
    ) -> None:
        self._table_id = table_id
        self._clock = clock
        self._seconds = clock_seconds
        self._seats = seats
        self._play = play
        self._publish = publish
        self._notify = notify
        self._turn: Turn | None = None
        self._answer: asyncio.Future[Action | None] | None = None
        self._waiter: asyncio.Future[Any] | None = None  # the player's awaitable answer
        self._seq = 0

    @property
    def turn(self) -> Turn | None:
        """The decision pending, or None."""
        return self._turn

    def clear(self) -> None:
        """The hand is over or cut short: no decision is pending."""
        self._turn = self._answer = None

    async def decide(self, hand: Hand) -> bool:
        """Ask the seat to act and wait for the answer, at most the clock and what
        is left of the seat's time bank (R8.1); then act for it.  Whether it waited
        (else the table has not let the others run)."""
        engine_seat = hand.actor
        assert engine_seat is not None
        number = self._play.seat_map.table_seat(engine_seat)
        occupied = self._seats[number]
        legal = hand.legal_actions()
        if occupied.leaving and not occupied.occupant.is_bot:  # stood up: fold
            self._apply(self._fold_or_default(hand), None)
            return False
        if occupied.away:  # its clock ran out before: check if free, else fold, at once (R8.3)
            self._apply(hand.default_action(), None)
            return False
        if len(legal) == 1 and legal[0].kind in (K.BRING_IN, K.SHOW, K.MUCK):
            # Nothing to choose: a short bring-in (R2.4, R8.2), a hand to show (R5.3).
            self._apply(Action(legal[0].kind), None)
            return False
        showdown = {option.kind for option in legal} == {K.SHOW, K.MUCK}
        if showdown and occupied.auto_muck:
            # A hand that cannot win may be mucked (R5.3): "Auto-muck losing hands".
            self._apply(Action(K.MUCK), None)
            return False
        clock = self._clock
        now = clock.now()
        self._seq += 1
        turn = Turn(
            self._seq,
            number,
            engine_seat,
            self._play.number,
            tuple(legal),
            now,
            now + self._seconds,
            now + self._seconds + occupied.time_bank,
        )
        answer: asyncio.Future[Action | None] = asyncio.get_running_loop().create_future()
        self._turn, self._answer = turn, answer
        try:
            player = occupied.occupant.player
            if isinstance(player, RemotePlayer):  # its view made only if it is read
                decision: object = player.ask(partial(hand.view, engine_seat))
            else:
                decision = player.decide(hand.view(engine_seat))
        except Exception:
            log.exception("table %s: %r failed to decide", self._table_id, occupied.occupant)
            self._apply(hand.default_action(), turn)
            return False
        if not inspect.isawaitable(decision):
            self._offer(turn, decision)  # a computer player: no clock to show
            return False
        waiter: asyncio.Future[Any] = asyncio.ensure_future(decision)
        waiter.add_done_callback(partial(self._answered, turn))
        self._waiter = waiter
        # The answer awaited itself, its clock a timer (not asyncio.wait, whose own
        # future costs two more turns of the loop between a person's answer and the
        # next seat's turn: tens of ms on a busy room).  Set before the turn is told,
        # so that whoever is told may move the clock past it.
        timer = clock.call_later(max(turn.deadline - clock.now(), 0.0), _time_up, answer)
        waited = False
        try:
            # Told once the player was asked, so that an answer may come at once.
            self._notify(
                TableUpdate(
                    "turn",
                    self._table_id,
                    self._play.number,
                    seat=number,
                    seq=turn.seq,
                    deadline=turn.deadline,
                )
            )
            if self._turn is turn:
                waited = True
                await answer
            if self._turn is turn:  # the time is up: check if free, else fold (R8.1)
                self._apply(hand.default_action(), turn)
                if not showdown:  # a hand not shown in time is mucked, nobody sat out
                    self._seats.time_out(number)
        finally:
            timer.cancel()
            self._waiter = None
            if not waiter.done():
                waiter.cancel()  # the hand was cut short
        return waited

    def _answered(self, turn: Turn, waiter: asyncio.Future[Any]) -> None:
        """A player's awaitable answer came."""
        if self._turn is not turn or waiter.cancelled():
            return
        error = waiter.exception()
        if error is not None:
            log.warning("table %s: seat %d's answer failed: %r", self._table_id, turn.seat, error)
            self._apply(self._play.require().default_action(), turn)
            return
        self._offer(turn, waiter.result())

    def _offer(self, turn: Turn, decision: object) -> None:
        """A player's answer: played if legal, else logged and the table acts for
        the seat as when the time is up (R8.1) — a player never stops the table."""
        try:
            self._apply(_as_action(decision), turn)
        except (IllegalAction, ValueError) as error:
            log.warning(
                "table %s: seat %d's player answered %r: %s; it checks or folds",
                self._table_id,
                turn.seat,
                decision,
                error,
            )
            self._apply(self._play.require().default_action(), turn)

    def submit(self, seat: int, action: Action | str, seq: int) -> None:
        """The answer of table ``seat`` to decision ``seq``; refused, changing
        nothing, if the seat is not to act, the decision is not the one pending, or
        the action is illegal."""
        turn = self._turn
        if turn is None:
            raise TableError("no seat is to act now", "no_turn")
        if seat != turn.seat:
            raise TableError(
                f"seat {seat} is not to act; seat {turn.seat} is",
                "not_your_turn",
                seat=seat,
                actor=turn.seat,
            )
        if seq != turn.seq:
            raise TableError(
                f"decision {seq} is not pending: seat {seat} is to answer decision {turn.seq}",
                "stale_decision",
                seat=seat,
                seq=seq,
                pending=turn.seq,
            )
        try:
            self._apply(_as_action(action), turn)
        except (IllegalAction, ValueError) as error:
            raise TableError(
                # the engine's seat numbers are not the table's
                self._play.seat_map.rewrite(str(error)),
                "illegal_action",
                seat=turn.seat,
                action=str(action),
                reason=error.reason if isinstance(error, IllegalAction) else "unreadable",
                rule=error.rule if isinstance(error, IllegalAction) else None,
                legal_actions=[legal_dict(option) for option in turn.legal_actions],
            ) from None

    def stood_up(self, seat: int) -> None:
        """The occupant of ``seat`` stood up: folded now if they are to act."""
        turn = self._turn
        if turn is not None and turn.seat == seat:
            self._apply(self._fold_or_default(self._play.require()), turn)

    def _apply(self, action: Action, turn: Turn | None) -> None:
        """Play ``action`` for the seat to act, ending ``turn``; IllegalAction if it
        is not allowed, and then nothing changes."""
        self._play.require().act(action)
        if turn is not None:
            self._seats.spend_time(turn.seat, self._clock.now() - turn.started, self._seconds)
            self._turn = None
            answer, waiter = self._answer, self._waiter
            if answer is not None and not answer.done():
                answer.set_result(action)
            if waiter is not None and not waiter.done():
                if isinstance(waiter, asyncio.Task):
                    waiter.cancel()  # a player still thinking when the table acted for it
                else:
                    waiter.set_result(action)  # tell a remote seat what was done
        self._publish()

    @staticmethod
    def _fold_or_default(hand: Hand) -> Action:
        """A seat whose player stood up folds when it may, else does what the clock
        does (post the bring-in, open the minimum, show or muck)."""
        if any(option.kind == K.FOLD for option in hand.legal_actions()):
            return Action(K.FOLD)
        return hand.default_action()


def _time_up(answer: asyncio.Future[Action | None]) -> None:
    if not answer.done():
        answer.set_result(None)


def _as_action(decision: object) -> Action:
    if isinstance(decision, Action):
        return decision
    if isinstance(decision, str):
        return Action.parse(decision)
    raise IllegalAction(f"{decision!r} is not an action")
