"""Many showdowns at once: who wins what part of the pot in every runout of a block.

Shares are counted in whole units, :data:`POT` of them to a pot, so that exact
enumeration adds up integers: a pot, or Stud/8's half pot, divides evenly among
any number of tied players up to ten (R4.1, R5.5).

>>> from studpoker.cards import parse_cards
>>> from studpoker.games import stud_hilo
>>> hands = np.array([[parse_cards("As 2s 3d 4c 5h Kd Kc")], [parse_cards("Ah Ad Ac 9s 9d 7h 7c")]])
>>> high, low = pot_shares(stud_hilo(), hands)
>>> (high[:, 0] / POT).tolist(), (low[:, 0] / POT).tolist()   # a wheel: high loses, low scoops
([0.0, 0.5], [0.5, 0.0])
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from studpoker.cards import Card
from studpoker.games import GameSpec
from studpoker.hands import ShowHandRules, batch
from studpoker.hands.best import GAME_VALUES
from studpoker.hands.value import Category

__all__ = ["POT", "Shares", "Values", "pot_shares", "show_hand_values"]

# Divisible by 2 * k for every k up to ten players: half pots split evenly.
POT: Final = 5040

Shares = npt.NDArray[np.int64]
Hands = npt.NDArray[np.uint8]
Values = npt.NDArray[np.int32] | npt.NDArray[np.int64]

_RANK_BIT: Final = np.array([1 << ((code >> 2) + 2) for code in range(52)], dtype=np.int32)
_RANK: Final = np.array([(code >> 2) + 2 for code in range(52)], dtype=np.int8)
_ACE: Final = 14


def pot_shares(spec: GameSpec, hands: Hands) -> tuple[Shares, Shares | None]:
    """The part of the pot (in units, :data:`POT` a pot) each player wins in each
    runout, from ``hands`` of shape (players, runouts, cards): the high part and,
    in Stud/8, the low part (None in the other games)."""
    players, runouts, size = hands.shape
    rows = hands.reshape(players * runouts, size)
    kinds = GAME_VALUES[spec.game]  # the game's values (R4), in the pot's order
    values: Values
    if kinds[0] == "show_hand":
        values = show_hand_values(rows, spec.ranking)
    elif kinds[0] == "low_a5":  # Razz: the best ace-to-five low wins (R4.2)
        values = batch.low_a5(rows, validate=False)
    else:  # the best high of seven cards, or of Five-Card Stud's five (R4.1, R9.4)
        values = batch.high(rows, validate=False)
    values = values.reshape(players, runouts)
    if kinds[1:] != ("eight_or_better",):
        return _split(values, POT), None
    # Stud/8 (R5.5): half to the best high and half to the best qualifying low;
    # with no qualifying low the best high takes it all.  Ties split their half.
    lows = batch.eight_or_better(rows, validate=False).reshape(players, runouts)
    has_low = lows.max(axis=0) > 0
    high = _split(values, np.where(has_low, POT // 2, POT))
    low = _split(lows, POT // 2)
    low[:, ~has_low] = 0
    return high, low


def _split(values: Values, pot: int | npt.NDArray[np.int64]) -> Shares:
    """``pot`` shared equally among the players with the best value (R4.1: ties split)."""
    best = values == values.max(axis=0)
    return np.where(best, pot // best.sum(axis=0), 0).astype(np.int64)


def show_hand_values(rows: Hands, rules: ShowHandRules) -> npt.NDArray[np.int64]:
    """The value of each row of five Show Hand cards, equal to
    ``studpoker.hands.show_hand(row, rules).value`` (R6.9, R6.10).

    The high value of the batch evaluator orders the categories and ranks as
    R4.1 does; on top of it come the stripped decks' lowest straight (the ace
    below 7 or 8) and order of flush and full house, and the suit tie-break.
    """
    value = batch.high(rows, validate=False).astype(np.int64)
    category = value >> 20
    ranks = value & 0xFFFFF
    if rules.ace_bridges:
        lowest = {32: 7, 28: 8}[rules.deck]
        bridge = sum(1 << rank for rank in (_ACE, *range(lowest, lowest + 4)))
        bridged = np.bitwise_or.reduce(_RANK_BIT[rows], axis=1) == bridge
        flush = (rows[:, 1:] & 3 == rows[:, :1] & 3).all(axis=1)
        straight = np.where(flush, Category.STRAIGHT_FLUSH, Category.STRAIGHT)
        category = np.where(bridged, straight, category)
        top = lowest + 3
        packed = (top << 16) | ((top - 1) << 12) | ((top - 2) << 8) | ((top - 3) << 4) | 1
        ranks = np.where(bridged, packed, ranks)
    if rules.flush_over_full_house:
        flush, full_house = int(Category.FLUSH), int(Category.FULL_HOUSE)
        swapped = np.where(category == full_house, flush, category)
        category = np.where(category == flush, full_house, swapped)
    value = category << 22 | ranks << 2
    if rules.suit_tiebreak:
        # The highest suit among the cards of the first rank compared (R6.9).
        top_rank = (ranks >> 16).astype(np.int8)
        suit_rank = np.array([rules.suit_rank(Card.from_code(s)) for s in range(4)], dtype=np.int8)
        suits = np.where(_RANK[rows] == top_rank[:, None], suit_rank[rows & 3], -1)
        value |= suits.max(axis=1)
    return value
