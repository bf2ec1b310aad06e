"""The ``Player`` protocol (DESIGN.md idea 3): what a table asks of a seat.

A table talks to every seat, human, bot or remote program, through three calls:

* ``new_hand(seat, spec)`` before a hand's first event: which seat the player has
  and the game with its stakes and options (all public);
* ``observe(events)`` with the events the seat may see (``hand.events_for(seat)``:
  another seat's down card is ``None`` until it is shown), each event once and in
  order: every call gives those that came after the last call's.  A table may call
  it after every action or only when it needs the player, and at the hand's end;
* ``decide(view)`` when the seat must act, with ``hand.view(seat)``: the player
  answers with an :class:`~studpoker.engine.Action` among ``view.legal_actions``.

A player never gets the :class:`~studpoker.engine.Hand` itself, so it cannot see a
card its seat may not see (DESIGN.md idea 2).

:class:`BasePlayer` holds what every computer player shares: its random generator
(injected; the OS CSPRNG when none is given, R1.5), the seat and game of the hand
it is in, and the showdown, where a bot shows a hand that can win and mucks one
that cannot (R5.3: the engine offers the muck only then).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from studpoker.engine import Action, ActionKind, Event, HandView
from studpoker.games import GameSpec

__all__ = ["BasePlayer", "Player"]

K = ActionKind
_SHOWDOWN = frozenset((K.SHOW, K.MUCK))


@runtime_checkable
class Player(Protocol):
    """A seat's player, as a table sees it."""

    def new_hand(self, seat: int, spec: GameSpec) -> None:
        """A hand of ``spec`` starts, and the player holds ``seat``."""

    def observe(self, events: Sequence[Event]) -> None:
        """Events the seat may see, those after the last call's, in order."""

    def decide(self, view: HandView) -> Action:
        """The seat's action now, one of ``view.legal_actions``."""


class BasePlayer:
    """The common part of the computer players; subclasses write :meth:`bet`.

    ``rng`` draws every random choice the player makes; give a seeded
    ``random.Random`` for reproducible play (the OS CSPRNG when None, R1.5).
    """

    name = "player"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng: random.Random = secrets.SystemRandom() if rng is None else rng
        self.seat: int | None = None
        self.spec: GameSpec | None = None

    def new_hand(self, seat: int, spec: GameSpec) -> None:
        self.seat = seat
        self.spec = spec

    def observe(self, events: Sequence[Event]) -> None:
        """The players of this package read everything they use from the view."""

    def decide(self, view: HandView) -> Action:
        if view.viewer is None or view.actor != view.viewer:
            raise ValueError(
                f"{self.name} decides for the seat to act: the view is seat {view.viewer}'s, "
                f"and seat {view.actor} is to act"
            )
        kinds = {option.kind for option in view.legal_actions}
        if kinds <= _SHOWDOWN:
            return self.showdown(view)
        return self.bet(view)

    def showdown(self, view: HandView) -> Action:
        """Show a hand that can still win; muck one that cannot (R5.3)."""
        kinds = {option.kind for option in view.legal_actions}
        return Action(K.MUCK) if K.MUCK in kinds else Action(K.SHOW)

    def bet(self, view: HandView) -> Action:
        """The action in a betting round."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
