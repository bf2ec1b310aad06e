"""Equity (the ``equity`` layer of DESIGN.md): each player's share of the pot in a
position of any game of RULES.md, from the cards that are known.

>>> from studpoker.equity import equity
>>> equity("show_hand", ["Ks Kd 9c 5h 2h", "Kh Kc 9d 5c 2s"]).equities   # no split (R6.9)
(1.0, 0.0)
"""

from studpoker.equity.calculator import EXACT_LIMIT, SAMPLES, Equity, equity

__all__ = ["EXACT_LIMIT", "SAMPLES", "Equity", "equity"]
