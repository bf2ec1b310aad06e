"""The random player: any legal action, every kind alike, amounts at random.

Every kind of action open to it is as likely as any other, a fold when checking
is free included (legal, R2.8); a completion, bet or raise goes to a random
amount of those allowed.  Its choices come from its ``rng`` only, never from the
cards: it is the floor every other player must beat.

>>> import random
>>> from studpoker.engine import Hand
>>> from studpoker.games import show_hand
>>> hand = Hand(show_hand(), [500, 500], rng=random.Random(3))
>>> player = RandomPlayer(random.Random(1))
>>> [str(option) for option in hand.legal_actions()]
['bet to 10-489', 'showhand 490']
>>> player.decide(hand.view(hand.actor))
Action.parse('bet 301')
"""

from __future__ import annotations

import random

from studpoker.bots.player import BasePlayer
from studpoker.engine import Action, ActionKind, HandView

__all__ = ["RandomPlayer"]

K = ActionKind
_WAGERS = frozenset((K.COMPLETE, K.BET, K.RAISE))


class RandomPlayer(BasePlayer):
    """Any legal action, chosen with ``rng``."""

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)

    def bet(self, view: HandView) -> Action:
        options = view.legal_actions
        option = options[self.rng.randrange(len(options))]
        if option.kind not in _WAGERS:
            return Action(option.kind)
        if option.choices is not None:
            return Action(option.kind, option.choices[self.rng.randrange(len(option.choices))])
        return Action(option.kind, self.rng.randint(option.minimum, option.maximum))
