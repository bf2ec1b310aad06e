"""The range-reading player: the equity player's decisions on its share of the pot,
that share taken against each opponent's range read from their actions
(:mod:`studpoker.bots.ranges`) instead of against every holding alike tilted by how
often they bet.

It plays as the equity player does (:mod:`studpoker.bots.equity_player`: the
first round of the fixed-limit games by the starting-hand standards, bets and raises
by margins over the fair share, calls by the pot odds, Show Hand's sizes and
showhands), with the ``hard`` temper; only the share differs.  With R7.4's community
card it leaves the share to the equity module.

>>> import random
>>> from studpoker.bots import play_hand
>>> from studpoker.games import razz
>>> players = [RangePlayer(random.Random(1)), RangePlayer(random.Random(2))]
>>> hand = play_hand(razz(), players, [4000, 4000], rng=random.Random(3))
>>> hand.is_over, sum(hand.result.net)
(True, 0)
"""

from __future__ import annotations

import random

from studpoker.bots.equity_player import EquityPlayer, Temper
from studpoker.bots.ranges import ActionModel, RangeReader
from studpoker.engine import HandView
from studpoker.games import GameSpec

__all__ = ["RangePlayer"]


class RangePlayer(EquityPlayer):
    """A player that reads its opponents' ranges (``model``: how it expects them to
    act on their cards) and acts on its share of the pot against them."""

    def __init__(
        self,
        rng: random.Random | None = None,
        temper: Temper | str = "hard",
        *,
        model: ActionModel | None = None,
        samples: int = 2000,
    ) -> None:
        super().__init__(rng, temper)
        self.name = "ranges"
        self.model = ActionModel() if model is None else model
        self.samples = samples
        self._reader: RangeReader | None = None

    def new_hand(self, seat: int, spec: GameSpec) -> None:
        super().new_hand(seat, spec)
        self._reader = RangeReader(spec, seat, model=self.model, seed=self.rng.getrandbits(63))

    def share(self, view: HandView) -> float:
        reader = self._reader
        if reader is None or reader.me != view.viewer or reader.spec.game != view.game:
            spec = self._spec(view)
            assert view.viewer is not None
            reader = self._reader = RangeReader(
                spec, view.viewer, model=self.model, seed=self.rng.getrandbits(63)
            )
        found = reader.equity(view, self.samples)
        return super().share(view) if found is None else found
