"""Computer players that pause like people: :class:`Thinking` wraps a player so that a
table waits a drawn think time before its action is played.

A person at a stud table acts at once when there is nothing to think about (a check
with nobody betting, a fold of a hopeless hand) and takes a while over a raise, a
call of a big bet, or pushing every chip (R6.6).  :func:`think_time` draws a time
for a decision from its kind, shorter when it is obvious, longer when much is at
stake, never the same twice: a lognormal spread around each kind's median, cut to
``[0.3, 6]`` seconds (a table's clock, R8.1, is 20 s by default).

The table treats the answer like a person's (an awaitable: the seat's clock shows
while it thinks); the decision is made at once, only its playing waits.

>>> import random
>>> from studpoker.engine import Action
>>> rng = random.Random(4)
>>> [round(think_time(Action.parse(text), 3, rng=rng), 2)
...  for text in ("check", "bet 200", "raise 400", "showhand")]
[0.61, 1.41, 2.13, 4.53]
>>> round(think_time(Action.parse("call 100"), 2, rng=rng, showhand_faced=True), 2)
5.53
"""

from __future__ import annotations

import asyncio
import math
import random
from collections.abc import Awaitable, Sequence

from studpoker.bots.player import Player
from studpoker.bots.rule_based import facing_showhand
from studpoker.engine import Action, ActionKind, Event, HandView
from studpoker.games import GameSpec

__all__ = ["LONGEST", "SHORTEST", "Thinking", "think_time"]

K = ActionKind
SHORTEST, LONGEST = 0.3, 6.0
_SPREAD = 0.35  # the lognormal's sigma: most times within ×0.7 to ×1.4 of the median

# Each kind of decision's median think time, in seconds.
_OBVIOUS = 0.6  # a check when nobody bet, a fold, a bring-in, the only choice
_PLAIN = 1.2  # a bet, a completion, a call
_HARD = 2.5  # a raise
_ALL_IN = 4.0  # a showhand (R6.6), or calling one


def think_time(
    action: Action,
    choices: int,
    *,
    rng: random.Random,
    showhand_faced: bool = False,
) -> float:
    """Seconds to think before ``action``, among ``choices`` legal ones
    (``showhand_faced``: calling would call a showhand)."""
    kind = action.kind
    if kind == K.SHOWHAND or (showhand_faced and kind == K.CALL):
        median = _ALL_IN
    elif choices <= 1 or kind in (K.CHECK, K.FOLD, K.BRING_IN, K.SHOW, K.MUCK):
        median = _OBVIOUS
    elif kind == K.RAISE:
        median = _HARD
    else:
        median = _PLAIN
    drawn = median * math.exp(rng.gauss(0.0, _SPREAD))
    return min(max(drawn, SHORTEST), LONGEST)


class Thinking:
    """``player``, its actions played after a think time (:func:`think_time`, times
    ``scale``: 0 plays at once) drawn from ``rng`` (the OS CSPRNG when None)."""

    def __init__(
        self, player: Player, rng: random.Random | None = None, *, scale: float = 1.0
    ) -> None:
        if not scale >= 0:
            raise ValueError(f"a think time's scale is 0 or more, not {scale!r}")
        self.player = player
        self.rng = random.SystemRandom() if rng is None else rng
        self.scale = scale
        self.name = getattr(player, "name", type(player).__name__)

    def new_hand(self, seat: int, spec: GameSpec) -> None:
        self.player.new_hand(seat, spec)

    def observe(self, events: Sequence[Event]) -> None:
        self.player.observe(events)

    def decide(self, view: HandView) -> Action | Awaitable[Action]:
        action = self.player.decide(view)
        if self.scale == 0:
            return action
        faced = view.game == "show_hand" and facing_showhand(view)
        seconds = self.scale * think_time(
            action, len(view.legal_actions), rng=self.rng, showhand_faced=faced
        )
        return _after(seconds, action)

    def __repr__(self) -> str:
        return f"<Thinking {self.player!r}>"


async def _after(seconds: float, action: Action) -> Action:
    await asyncio.sleep(seconds)
    return action
