"""studpoker: Seven Card Stud, Stud Hi/Lo, Razz and Hong Kong Show Hand.

>>> from studpoker import high, parse_cards
>>> high(parse_cards("As Ks Qs Js Ts 2d 3c")).name()
'Royal flush'
"""

from studpoker.cards import Card, Deck, Rank, Suit, deck_cards, format_cards, parse_cards
from studpoker.hands import (
    Category,
    HandValue,
    Ranking,
    ShowHandRules,
    bring_in,
    eight_or_better,
    first_to_act,
    high,
    low_a5,
    show_hand,
    show_hand_board,
    showing_high,
    showing_low,
)

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Category",
    "Deck",
    "HandValue",
    "Rank",
    "Ranking",
    "ShowHandRules",
    "Suit",
    "__version__",
    "bring_in",
    "deck_cards",
    "eight_or_better",
    "first_to_act",
    "format_cards",
    "high",
    "low_a5",
    "parse_cards",
    "show_hand",
    "show_hand_board",
    "showing_high",
    "showing_low",
]
