"""Showdown values of the seven-card games: high (R4.1), ace-to-five low (R4.2)
and eight-or-better low (R4.3), each from the best five of 5 to 7 cards.

>>> high("As Ks Qs Js Ts 2d 3c").name()
'Royal flush'
>>> low_a5("8h 6d 4c 2s As Kd Kc").name()
'8-6-4-2-A low'
>>> eight_or_better("9h 9d Tc Js Qs Kd Ac") is None
True
>>> low_a5("7s 6d 5c 4h 3s") > low_a5("8s 7d 3c 2h As")
True
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from typing import Final

from studpoker.cards import Card, parse_cards
from studpoker.hands import tables as _tables
from studpoker.hands.value import LOW_TOP, HandValue, Ranking

__all__ = ["EIGHT_OR_BETTER_MIN", "eight_or_better", "high", "low_a5", "to_cards"]

# Card code -> table key.  The 52 places after the cards (which negative indexes
# also reach) hold a key with two bits above the card bits and no count, so any
# other int fails the check of the card bits against the count of cards.
_NOT_A_CARD: Final = 3 << 120
_KEY_AT: Final = [_tables.CARD_KEYS[code] for code in range(52)] + [_NOT_A_CARD] * 52
_key_at = _KEY_AT.__getitem__
_RANKS_MASK: Final = _tables.RANKS_MASK
_SUM_MASK: Final = (1 << 44) - 1

# Five and six cards look their rank multiset up in dicts; seven cards, the hot
# case, in flat arrays indexed by the sum of rank keys (some 7.8 million int32,
# filled on first use and shared with the batch evaluator), which costs one
# memory access instead of a dict's several.
_HIGH_TABLE: dict[int, int] = {}
_LOW_TABLE: dict[int, int] = {}
_FLUSH_TABLE: list[int] = []
SEVEN_HIGH: Final = array("i")
SEVEN_LOW: Final = array("i")

# A low value qualifies for eight-or-better (R4.3) when it is above this: five
# distinct ranks (no pair), the highest of them 8 or lower.
EIGHT_OR_BETTER_MIN: Final = LOW_TOP - (9 << 16)

_new = HandValue.__new__
_HIGH = Ranking.HIGH
_LOW = Ranking.LOW_A5
_EIGHT = Ranking.EIGHT_OR_BETTER


def _load_tables() -> None:
    if not _HIGH_TABLE:
        t = _tables.tables()
        _HIGH_TABLE.update(t.high)
        _LOW_TABLE.update(t.low)
        _FLUSH_TABLE.extend(t.flush)


def seven_card_table(kind: str) -> array[int]:
    """The flat table of seven-card values by rank sum, ``"high"`` or ``"low"``."""
    table, source = (SEVEN_HIGH, _HIGH_TABLE) if kind == "high" else (SEVEN_LOW, _LOW_TABLE)
    if not table:
        _load_tables()
        sevens = {index >> 4: value for index, value in source.items() if index & 15 == 7}
        table.frombytes(bytes(table.itemsize * (max(sevens) + 1)))
        for rank_sum, value in sevens.items():
            table[rank_sum] = value
    return table


def to_cards(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    """Cards given as text (``"As Kd"``) or as an iterable of cards, as a tuple."""
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    return tuple(cards)


def _bad_hand(cards: tuple[Card, ...]) -> ValueError:
    """The error for cards that have no value: why, naming the bad card."""
    for card in cards:
        if not isinstance(card, int) or not 0 <= card < 52:
            return ValueError(f"{card!r} is not a card")
    for card in cards:
        if cards.count(card) > 1:
            return ValueError(f"{Card.from_code(card)} is given twice")
    return ValueError(f"a hand has 5 to 7 cards, not {len(cards)}")


def _key(cards: tuple[Card, ...]) -> int:
    """The table key of 5 to 7 distinct cards (see :mod:`studpoker.hands.tables`)."""
    try:
        key: int = sum(map(_key_at, cards))
    except (TypeError, IndexError):
        raise _bad_hand(cards) from None
    if (key >> 64).bit_count() != len(cards) or not 4 < len(cards) < 8:
        raise _bad_hand(cards)
    _load_tables()
    return key


def _with_flush(value: int, key: int, cards: tuple[Card, ...]) -> int:
    """``value`` or, if better, the best flush of the suit with five or more cards."""
    suits = (key + 0x3333) & 0x8888
    if not suits:
        return value
    suit = suits.bit_length() // 4 - 1
    bits = 0
    for card in cards:
        if card & 3 == suit:
            bits |= 1 << (card >> 2)
    flush = _FLUSH_TABLE[bits]
    return flush if flush > value else value


def high(cards: Iterable[Card] | str) -> HandValue:
    """The best high hand (R4.1) of 5 to 7 cards.

    >>> hand = high("Kh Kd 7s 7c Qs 2d 3c")
    >>> hand.name(), hand.category.name
    ('Two pair, kings and sevens', 'TWO_PAIR')
    >>> " ".join(map(str, hand.cards))
    'Kh Kd 7s 7c Qs'
    """
    # The hot path of every showdown and simulation: seven cards summed without a
    # loop and looked up in a flat table; fewer cards take the dict path.
    if type(cards) is not tuple:
        cards = to_cards(cards)
    k = _KEY_AT
    try:
        c0, c1, c2, c3, c4, c5, c6 = cards
        key = k[c0] + k[c1] + k[c2] + k[c3] + k[c4] + k[c5] + k[c6]
    except ValueError:
        key = _key(cards)
        value = _HIGH_TABLE[key >> 16 & _RANKS_MASK]
    except (TypeError, IndexError):
        raise _bad_hand(cards) from None
    else:
        if (key >> 64).bit_count() != 7:
            raise _bad_hand(cards)
        try:
            value = SEVEN_HIGH[key >> 20 & _SUM_MASK]
        except IndexError:
            value = seven_card_table("high")[key >> 20 & _SUM_MASK]
    if (key + 0x3333) & 0x8888:
        value = _with_flush(value, key, cards)
    hand: HandValue = _new(HandValue)
    hand.value = value
    hand.ranking = _HIGH
    hand._source = cards
    return hand


def _low_value(cards: tuple[Card, ...]) -> int:
    k = _KEY_AT
    try:
        c0, c1, c2, c3, c4, c5, c6 = cards
        key = k[c0] + k[c1] + k[c2] + k[c3] + k[c4] + k[c5] + k[c6]
    except ValueError:
        return _LOW_TABLE[_key(cards) >> 16 & _RANKS_MASK]
    except (TypeError, IndexError):
        raise _bad_hand(cards) from None
    if (key >> 64).bit_count() != 7:
        raise _bad_hand(cards)
    try:
        return SEVEN_LOW[key >> 20 & _SUM_MASK]
    except IndexError:
        return seven_card_table("low")[key >> 20 & _SUM_MASK]


def low_a5(cards: Iterable[Card] | str) -> HandValue:
    """The best ace-to-five low (R4.2, Razz) of 5 to 7 cards; pairs are allowed
    and rank below every unpaired low.

    >>> low_a5("Kd Kh Kc Qs Qc Qd 9s").name()   # two pair, the least bad of these
    'K-K-Q-Q-9 low'
    """
    if type(cards) is not tuple:
        cards = to_cards(cards)
    hand: HandValue = _new(HandValue)
    hand.value = _low_value(cards)
    hand.ranking = _LOW
    hand._source = cards
    return hand


def eight_or_better(cards: Iterable[Card] | str) -> HandValue | None:
    """The best eight-or-better low (R4.3) of 5 to 7 cards, or None if none qualifies.

    >>> eight_or_better("8s 7d 6c 5h 4s Kd Kc").name()
    '8-7-6-5-4 low'
    """
    if type(cards) is not tuple:
        cards = to_cards(cards)
    value = _low_value(cards)
    if value <= EIGHT_OR_BETTER_MIN:
        return None
    hand: HandValue = _new(HandValue)
    hand.value = value
    hand.ranking = _EIGHT
    hand._source = cards
    return hand
