"""Players and tables for the table's tests: computer players seated as people
(a chips table takes no computer players, R7.2), players that follow a script,
and a record of what the room's hooks were told."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from studpoker.bots import BasePlayer, CallingStation, bot
from studpoker.engine import Action, ActionKind, HandView
from studpoker.games import GameSpec
from studpoker.table import (
    CompletedHand,
    Occupant,
    RemotePlayer,
    Standing,
    Table,
    TableConfig,
    TableHooks,
    TableUpdate,
)
from studpoker.table.clock import ManualClock

K = ActionKind


def person(name: str, account_id: int, player: Any = None) -> Occupant:
    """Someone at the table (a calling station unless another player is given)."""
    return Occupant(name, account_id, CallingStation() if player is None else player)


def robot(spec: GameSpec, seed: int, name: str = "", account_id: int = 0) -> Occupant:
    """A normal-level computer player seated as a person (a remote program)."""
    player = bot("normal", spec, random.Random(seed))
    return Occupant(name or f"robot{seed}", account_id or 1000 + seed, player)


def remote(name: str, account_id: int) -> tuple[Occupant, RemotePlayer]:
    player = RemotePlayer()
    return Occupant(name, account_id, player), player


class Scripted(BasePlayer):
    """Acts by ``policy(view)``."""

    name = "scripted"

    def __init__(self, policy: Callable[[HandView], Action | str]) -> None:
        super().__init__(random.Random(0))
        self.policy = policy

    def bet(self, view: HandView) -> Action:
        action = self.policy(view)
        return Action.parse(action) if isinstance(action, str) else action


def kinds(view: HandView) -> dict[ActionKind, Any]:
    return {option.kind: option for option in view.legal_actions}


def pusher(view: HandView) -> Action:
    """Every chip in: a showhand if it may, else the largest bet or a call."""
    options = kinds(view)
    if K.SHOWHAND in options:
        return Action(K.SHOWHAND)
    for kind in (K.RAISE, K.BET, K.COMPLETE):
        if kind in options:
            return Action(kind, options[kind].maximum)
    for kind in (K.CALL, K.BRING_IN, K.CHECK):
        if kind in options:
            return Action(kind)
    return Action(K.FOLD)


@dataclass
class Room:
    """What the room's hooks were told, in order."""

    hands: list[CompletedHand] = field(default_factory=list)
    left: list[tuple[int, str, int]] = field(default_factory=list)
    busts: list[tuple[int, str, str | None]] = field(default_factory=list)
    ends: list[tuple[Standing, ...]] = field(default_factory=list)
    updates: list[TableUpdate] = field(default_factory=list)

    @property
    def hooks(self) -> TableHooks:
        async def on_hand_end(table: Table, done: CompletedHand) -> None:
            self.hands.append(done)

        async def on_seat_left(table: Table, seat: int, occupant: Occupant, chips: int) -> None:
            self.left.append((seat, occupant.name, chips))

        async def on_bust(
            table: Table, seat: int, occupant: Occupant, leader: Occupant | None
        ) -> None:
            self.busts.append((seat, occupant.name, None if leader is None else leader.name))

        async def on_competition_end(table: Table, standings: tuple[Standing, ...]) -> None:
            self.ends.append(standings)

        return TableHooks(on_hand_end, on_seat_left, on_bust, on_competition_end)

    def table(self, config: TableConfig, seed: int = 1, **options: Any) -> Table:
        table = Table("t1", config, rng=random.Random(seed), hooks=self.hooks, **options)
        table.listeners.append(self.updates.append)
        return table

    def changes(self, kind: str = "seat") -> list[tuple[int | None, str | None]]:
        return [(u.seat, u.change) for u in self.updates if u.kind == kind]


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def stacks(table: Table) -> dict[int, int]:
    return {number: seat.chips for number, seat in table.seats.items()}


async def until(predicate: Callable[[], bool], seconds: float = 5.0) -> None:
    """Let the table run until ``predicate`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        if predicate():
            return
        await asyncio.sleep(0)
    raise AssertionError("the table never got there")


def time_runs_out(table: Table) -> None:
    """Nobody answers in time: once the table waits for a decision, its clock (a
    :class:`~studpoker.table.clock.ManualClock`) moves just past the decision's
    deadline, as a real clock would while a seat stays silent, without the wait."""
    clock = table.clock
    assert isinstance(clock, ManualClock)

    def on_turn(update: TableUpdate) -> None:
        if update.kind == "turn" and update.deadline is not None:
            later = update.deadline + 0.001  # the table acts a moment after it
            asyncio.get_running_loop().call_soon(clock.advance_to, later)

    table.listeners.append(on_turn)


def answer_at_once(table: Table, seat: int = 0) -> None:
    """The person in ``seat`` answers every decision at once: bring in, check,
    fold, or muck."""

    def answer(update: TableUpdate) -> None:
        turn = table.turn
        if update.kind == "turn" and turn is not None and turn.seat == seat:
            allowed = {o.kind for o in turn.legal_actions}
            kind = next(k for k in (K.BRING_IN, K.CHECK, K.FOLD, K.MUCK) if k in allowed)
            table.submit(seat, kind.value, turn.seq)

    table.listeners.append(answer)
