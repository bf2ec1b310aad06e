"""Hand values (the ``hands`` layer of DESIGN.md).

* :func:`high`, :func:`low_a5`, :func:`eight_or_better`: showdown values of the
  seven-card games (R4);
* :func:`bring_in`, :func:`first_to_act`, :func:`showing_high`,
  :func:`showing_low`: what the up cards decide (R3.1, R3.3);
* :func:`show_hand`, :func:`show_hand_board`, :class:`ShowHandRules`: Show Hand (R6.3,
  R6.9, R6.10);
* :mod:`studpoker.hands.batch`: the same values for NumPy arrays of hands (imported
  on demand, so that ``import studpoker`` does not load NumPy).
"""

from studpoker.hands.names import LANGUAGES, describe, rank_name
from studpoker.hands.show_hand import ShowHandRules, show_hand, show_hand_board
from studpoker.hands.showdown import eight_or_better, high, low_a5
from studpoker.hands.showing import (
    BoardTie,
    bring_in,
    bring_in_value,
    first_to_act,
    showing_high,
    showing_low,
)
from studpoker.hands.value import Category, HandValue, Ranking

__all__ = [
    "LANGUAGES",
    "BoardTie",
    "Category",
    "HandValue",
    "Ranking",
    "ShowHandRules",
    "bring_in",
    "bring_in_value",
    "describe",
    "eight_or_better",
    "first_to_act",
    "high",
    "low_a5",
    "rank_name",
    "show_hand",
    "show_hand_board",
    "showing_high",
    "showing_low",
]
