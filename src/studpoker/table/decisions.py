"""A decision at a table: the seat to act is asked against its clock and time bank
(R8.1), its answer is played if legal, and the table acts for a seat whose time is
up, whose player failed or who stood up."""

from __future__ import annotations

import asyncio
import inspect
from functools import partial
from typing import Any

from studpoker.engine import Action, ActionKind, Hand, IllegalAction
from studpoker.table.errors import TableError
from studpoker.table.publish import TablePublishing
from studpoker.table.snapshot import legal_dict
from studpoker.table.state import _now, log
from studpoker.table.turns import RemotePlayer, Turn
from studpoker.table.updates import TableUpdate

__all__ = ["TableDecisions"]

K = ActionKind


class TableDecisions(TablePublishing):
    """A table's decisions."""

    async def _decision(self, hand: Hand) -> bool:
        """Ask the seat to act and wait for the answer, at most the clock and what
        is left of the seat's time bank (R8.1); then act for it.  Whether it waited
        (else the table has not let the others run)."""
        engine_seat = hand.actor
        assert engine_seat is not None
        number = self._seat_map.table_seat(engine_seat)
        held = self._seats[number]
        legal = hand.legal_actions()
        if held.leaving and not held.occupant.is_bot:  # stood up: fold
            self._apply(self._fold_or_default(), None)
            return False
        if held.away:  # its clock ran out before: check if free, else fold, at once (R8.3)
            self._apply(hand.default_action(), None)
            return False
        if len(legal) == 1 and legal[0].kind in (K.BRING_IN, K.SHOW, K.MUCK):
            # Nothing to choose: a short bring-in (R2.4, R8.2), a hand to show (R5.3).
            self._apply(Action(legal[0].kind), None)
            return False
        loop = asyncio.get_running_loop()
        now = loop.time()
        clock = self.config.clock
        self._seq += 1
        turn = Turn(
            self._seq,
            number,
            engine_seat,
            self._number,
            tuple(legal),
            now,
            now + clock,
            now + clock + held.time_bank,
        )
        answer: asyncio.Future[Action | None] = loop.create_future()
        self._turn, self._answer = turn, answer
        try:
            player = held.occupant.player
            if isinstance(player, RemotePlayer):  # its view made only if it is read
                decision: object = player.ask(partial(hand.view, engine_seat))
            else:
                decision = player.decide(hand.view(engine_seat))
        except Exception:
            log.exception("table %s: %r failed to decide", self.table_id, held.occupant)
            self._apply(hand.default_action(), turn)
            return False
        if not inspect.isawaitable(decision):
            self._offer(turn, decision)  # a computer player: no clock to show
            return False
        waiter: asyncio.Future[Any] = asyncio.ensure_future(decision)
        waiter.add_done_callback(partial(self._answered, turn))
        self._waiter = waiter
        # Told once the player was asked, so that an answer may come at once.
        self._notify(
            TableUpdate(
                "turn",
                self.table_id,
                self._number,
                seat=number,
                seq=turn.seq,
                deadline=turn.deadline,
            )
        )
        waited = False
        try:
            if self._turn is turn:
                # The answer awaited itself, its clock a timer (not asyncio.wait, whose
                # own future costs two more turns of the loop between a person's
                # answer and the next seat's turn: tens of ms on a busy room).
                delay = max(turn.deadline - loop.time(), 0.0)
                timer = loop.call_later(delay, _time_up, answer)
                waited = True
                try:
                    await answer
                finally:
                    timer.cancel()
            if self._turn is turn:  # the time is up: check if free, else fold (R8.1)
                self._apply(hand.default_action(), turn)
                self._timed_out(number)
        finally:
            self._waiter = None
            if not waiter.done():
                waiter.cancel()  # the hand was cut short
        return waited

    def _timed_out(self, number: int) -> None:
        """R8.3: a seat whose clock ran out is acted for at once for the rest of the
        hand and, but in a competition (R8.4's rule: dealt in until back), sits out
        from the next hand until it sits in again."""
        held = self._seats.get(number)
        if held is None or held.occupant.is_bot or held.away:
            return
        held.away = True
        if self.config.mode not in ("competition", "tournament"):
            held.sitting_out = True
        self._notify(TableUpdate("seat", self.table_id, seat=number, change="timed_out"))

    def _answered(self, turn: Turn, waiter: asyncio.Future[Any]) -> None:
        """A player's awaitable answer came."""
        if self._turn is not turn or waiter.cancelled():
            return
        error = waiter.exception()
        if error is not None:
            log.warning("table %s: seat %d's answer failed: %r", self.table_id, turn.seat, error)
            self._apply(self._require_hand().default_action(), turn)
            return
        self._offer(turn, waiter.result())

    def _offer(self, turn: Turn, decision: object) -> None:
        """A player's answer: played if legal, else logged and the table acts for
        the seat as when the time is up (R8.1) — a player never stops the table."""
        hand = self._require_hand()
        try:
            self._apply(_as_action(decision), turn)
        except (IllegalAction, ValueError) as error:
            log.warning(
                "table %s: seat %d's player answered %r: %s; it checks or folds",
                self.table_id,
                turn.seat,
                decision,
                error,
            )
            self._apply(hand.default_action(), turn)

    def submit(self, seat: int, action: Action | str, seq: int) -> None:
        """The answer of table ``seat`` to decision ``seq`` (a person's or a remote
        program's).  Refused, changing nothing, if the seat is not to act, the
        decision is not the one pending, or the action is illegal."""
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
                self._seat_map.rewrite(str(error)),  # the engine's seat numbers are not the table's
                "illegal_action",
                seat=turn.seat,
                action=str(action),
                reason=error.reason if isinstance(error, IllegalAction) else "unreadable",
                rule=error.rule if isinstance(error, IllegalAction) else None,
                legal_actions=[legal_dict(option) for option in turn.legal_actions],
            ) from None

    def _apply(self, action: Action, turn: Turn | None) -> None:
        """Play ``action`` for the seat to act, ending ``turn``; IllegalAction if it
        is not allowed, and then nothing changes."""
        hand = self._require_hand()
        hand.act(action)
        if turn is not None:
            held = self._seats[turn.seat]
            used = _now() - turn.started
            held.time_bank = max(held.time_bank - max(used - self.config.clock, 0.0), 0.0)
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

    def _fold_or_default(self) -> Action:
        """A seat whose player stood up folds when it may, else does what the clock
        does (post the bring-in, open the minimum, show or muck)."""
        hand = self._require_hand()
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
