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

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Final, Literal

from studpoker.cards import Card
from studpoker.hands.names import LANGUAGES
from studpoker.hands.show_hand import ShowHandRules, show_hand, show_hand_board
from studpoker.hands.showdown import eight_or_better, high, low_a5
from studpoker.hands.showing import showing_high, showing_low
from studpoker.hands.value import HandValue

__all__ = ["GAME_VALUES", "ValueKind", "best_hand", "best_hand_names", "showdown_values"]

ValueKind = Literal["high", "low_a5", "eight_or_better", "show_hand"]
"""A kind of hand value: the high hand (R4.1), the ace-to-five low (R4.2), the
eight-or-better low (R4.3) or Show Hand's (R6.9)."""

GAME_VALUES: Final[Mapping[str, tuple[ValueKind, ...]]] = MappingProxyType(
    {
        "seven_card_stud": ("high",),  # R4.1
        "stud_hilo": ("high", "eight_or_better"),  # R4.4, R5.5: the high half, the low half
        "razz": ("low_a5",),  # R4.2
        "five_card_stud": ("high",),  # R9.4: the five cards' high hand
        "show_hand": ("show_hand",),  # R6.9, ranked as the table's deck ranks (R6.10)
    }
)
"""Which hand values each game plays at the showdown, the pot's first (its whole,
or Stud/8's high half) and then its low half: the one answer the engine's showdown,
the names a seat is shown, the replayer, ``stud eval`` and the equity's batches
read.

>>> GAME_VALUES["stud_hilo"]
('high', 'eight_or_better')
"""

_EVALUATORS: Final[Mapping[str, Callable[[Sequence[Card] | str], HandValue | None]]] = (
    MappingProxyType({"high": high, "low_a5": low_a5, "eight_or_better": eight_or_better})
)


def showdown_values(
    game: str, cards: Sequence[Card] | str, ranking: ShowHandRules | None = None
) -> tuple[HandValue | None, ...]:
    """The values of :data:`GAME_VALUES` that ``game``'s five to seven ``cards`` make, in
    its order (None for a Stud/8 hand without a qualifying low); ``ranking``: Show
    Hand's at the table (R6.10; by default 52 cards).

    >>> [value.name("en") for value in showdown_values("razz", "8h 7d 5c 3s 2d Kd Kc")]
    ['8-7-5-3-2 low']
    >>> showdown_values("stud_hilo", "Kh Kd 9s 9c Td 2s 3c")[1] is None   # no low
    True
    """
    return tuple(
        show_hand(cards, ranking) if kind == "show_hand" else _EVALUATORS[kind](cards)
        for kind in GAME_VALUES[game]
    )


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
    if len(known) >= 5:
        return tuple(value for value in showdown_values(game, known, ranking) if value is not None)
    # Fewer than five: what the cards show, as a board is read (R3.1, R3.3, R6.3; the
    # pairs and kickers of Five-Card Stud's cards held, R9.3).
    main = GAME_VALUES[game][0]
    if main == "show_hand":
        return (show_hand_board(known, ranking),)
    return (showing_low(known) if main == "low_a5" else showing_high(known),)


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
