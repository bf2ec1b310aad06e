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

from collections.abc import Iterable
from typing import Final

from studpoker.cards import Card, parse_cards
from studpoker.hands import tables as _tables
from studpoker.hands.value import HandValue, Ranking

__all__ = ["eight_or_better", "high", "low_a5", "to_cards"]

# Card code -> table key.  The 52 places after the cards (which negative indexes
# also reach) hold a key with two bits above the card bits and no count, so any
# other int fails the check of the card bits against the count of cards.
_NOT_A_CARD: Final = 3 << 120
_KEY_AT: Final = [_tables.CARD_KEYS[code] for code in range(52)] + [_NOT_A_CARD] * 52
_key_at = _KEY_AT.__getitem__
_RANKS_MASK: Final = _tables.RANKS_MASK
_HIGH_TABLE: dict[int, int] = {}
_LOW_TABLE: dict[int, int] = {}
_EIGHT_TABLE: dict[int, int] = {}
_FLUSH_TABLE: list[int] = []
_new = HandValue.__new__
_HIGH = Ranking.HIGH
_LOW = Ranking.LOW_A5
_EIGHT = Ranking.EIGHT_OR_BETTER


def _load_tables() -> None:
    t = _tables.tables()
    _HIGH_TABLE.update(t.high)
    _LOW_TABLE.update(t.low)
    _EIGHT_TABLE.update(t.eight)
    _FLUSH_TABLE.extend(t.flush)


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


def _key_sum(cards: tuple[Card, ...]) -> int:
    try:
        return sum(map(_key_at, cards))
    except (TypeError, IndexError):
        raise _bad_hand(cards) from None


def _key(cards: tuple[Card, ...]) -> int:
    """The table index of 5 to 7 distinct cards (see :mod:`studpoker.hands.tables`)."""
    key = _key_sum(cards)
    if (key >> 64).bit_count() != len(cards) or not 4 < len(cards) < 8:
        raise _bad_hand(cards)
    if not _HIGH_TABLE:
        _load_tables()
    return key >> 16 & _RANKS_MASK


def high(cards: Iterable[Card] | str) -> HandValue:
    """The best high hand (R4.1) of 5 to 7 cards.

    >>> hand = high("Kh Kd 7s 7c Qs 2d 3c")
    >>> hand.name(), hand.category.name
    ('Two pair, kings and sevens', 'TWO_PAIR')
    >>> " ".join(map(str, hand.cards))
    'Kh Kd 7s 7c Qs'
    """
    # The hot path of every showdown and simulation: kept inline, without calls,
    # and seven cards (the usual case) summed without a loop.
    if type(cards) is not tuple:
        cards = to_cards(cards)
    k = _KEY_AT
    try:
        c0, c1, c2, c3, c4, c5, c6 = cards
        key = k[c0] + k[c1] + k[c2] + k[c3] + k[c4] + k[c5] + k[c6]
    except ValueError:
        key = _key_sum(cards)
    except (TypeError, IndexError):
        raise _bad_hand(cards) from None
    # One bit per card above bit 64 against the 4-bit count of cards: a card given
    # twice, or 16 cards and more, make them differ.
    if (key >> 64).bit_count() != key >> 16 & 15:
        raise _bad_hand(cards)
    try:
        value = _HIGH_TABLE[key >> 16 & _RANKS_MASK]
    except KeyError:
        # Not 5 to 7 cards, or the tables are not loaded yet.
        value = _HIGH_TABLE[_key(cards)]
    suits = (key + 0x3333) & 0x8888
    if suits:
        # Five or more cards of one suit: the best flush of that suit's ranks.
        suit = suits.bit_length() // 4 - 1
        bits = 0
        for card in cards:
            if card & 3 == suit:
                bits |= 1 << (card >> 2)
        flush = _FLUSH_TABLE[bits]
        if flush > value:
            value = flush
    hand: HandValue = _new(HandValue)
    hand.value = value
    hand.ranking = _HIGH
    hand._source = cards
    return hand


def low_a5(cards: Iterable[Card] | str) -> HandValue:
    """The best ace-to-five low (R4.2, Razz) of 5 to 7 cards; pairs are allowed
    and rank below every unpaired low.

    >>> low_a5("Kd Kh Kc Qs Qc Qd 9s").name()
    'Two pair, kings and queens'
    """
    if type(cards) is not tuple:
        cards = to_cards(cards)
    hand: HandValue = _new(HandValue)
    hand.value = _LOW_TABLE[_key(cards)]
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
    value = _EIGHT_TABLE[_key(cards)]
    if not value:
        return None
    hand: HandValue = _new(HandValue)
    hand.value = value
    hand.ranking = _EIGHT
    hand._source = cards
    return hand
