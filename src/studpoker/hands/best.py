"""The best hand a seat's known cards make so far, as the table names it (R4.5): the
high hand (Seven Card Stud), the high hand and the eight-or-better low (Stud/8), the
ace-to-five low (Razz), the Show Hand value (R6.9), the five-card high hand of
Five-Card Stud (R9.4) — of fewer than five cards, what they show (R6.3; the
seven-card games' showing values, which Five-Card Stud shares, R9.3).

>>> best_hand_names("seven_card_stud", "Kh Kd 7s 7c Qs 2d 3c")["en"]
'Two pair, kings and sevens'
>>> best_hand_names("stud_hilo", "Ah 2d 3c 4s 6h Kd Kc")["en"]
'Pair of kings · 6-4-3-2-A low'
>>> best_hand_names("razz", "Kc 7d 3h")["zh-Hans"]
'K-7-3 低牌'
>>> [best_hand_names("show_hand", "Ah Ad")[lang] for lang in LANGUAGES]
['Pair of aces', '啤 A', '一对 A']
>>> [best_hand_names("five_card_stud", "Kh Kd 7s 7c Qs")[lang] for lang in LANGUAGES]
['Two pair, kings and sevens', '兩對 K 和 7', '两对 K 和 7']
>>> best_hand_names("five_card_stud", [None, Card.parse("Qs"), Card.parse("Qd")])["zh-Hans"]
'一对 Q'
>>> best_hand_names("razz", [None, None]) is None   # nothing known: no name
True
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from studpoker.cards import Card
from studpoker.hands.names import LANGUAGES
from studpoker.hands.show_hand import ShowHandRules, show_hand, show_hand_board
from studpoker.hands.showdown import eight_or_better, high, low_a5
from studpoker.hands.showing import showing_high, showing_low
from studpoker.hands.value import HandValue

__all__ = ["best_hand", "best_hand_names"]


def best_hand(
    game: str, cards: Iterable[Card | None] | str, ranking: ShowHandRules | None = None
) -> tuple[HandValue, ...]:
    """The values of ``game`` that the known cards among ``cards`` make: one, or two
    for a Stud/8 hand with a low; none when no card is known.  ``ranking``: how Show
    Hand's hands rank at the table (its deck and options, R6.10; by default 52 cards)."""
    known = (
        tuple(Card.parse(text) for text in cards.split())
        if isinstance(cards, str)
        else (tuple(card for card in cards if card is not None))
    )
    if not known:
        return ()
    if game == "show_hand":
        board = len(known) < 5
        return (show_hand_board(known, ranking) if board else show_hand(known, ranking),)
    if game == "razz":
        return (low_a5(known) if len(known) >= 5 else showing_low(known),)
    if game == "five_card_stud":
        # R9.4: the five cards' high hand, suits never breaking a tie; before the
        # fifth card, the pairs and kickers of what is held, as a board is read (R9.3).
        return (high(known) if len(known) >= 5 else showing_high(known),)
    top = high(known) if len(known) >= 5 else showing_high(known)
    if game == "stud_hilo" and len(known) >= 5:
        low = eight_or_better(known)
        if low is not None:
            return (top, low)
    return (top,)


def best_hand_names(
    game: str, cards: Iterable[Card | None] | str, ranking: ShowHandRules | None = None
) -> dict[str, str] | None:
    """:func:`best_hand`'s name in each language (Stud/8's halves joined by " · "), or
    None when no card is known.  (Asked again for every message to a seated player, the
    names of a game and cards are kept: a new dict each time, from the names kept.)"""
    known = (
        tuple(Card.parse(text) for text in cards.split())
        if isinstance(cards, str)
        else (tuple(card for card in cards if card is not None))
    )
    names = _names(game, known, ranking)
    return None if names is None else dict(names)


@lru_cache(maxsize=8192)
def _names(
    game: str, known: tuple[Card, ...], ranking: ShowHandRules | None
) -> tuple[tuple[str, str], ...] | None:
    values = best_hand(game, known, ranking)
    if not values:
        return None
    return tuple((lang, " · ".join(value.name(lang) for value in values)) for lang in LANGUAGES)
