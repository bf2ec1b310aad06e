"""Ranks, suits and cards, and their text forms.

A :class:`Card` is a small int (its *code*, 0 to 51) so that cards index lookup
tables directly and NumPy arrays of codes are the batch form of a hand:
``code = 4 * (rank - 2) + suit``.  Suits are numbered in the bring-in order of
RULES.md R1.3 (clubs < diamonds < hearts < spades).

>>> card = Card.parse("As")
>>> card.rank, card.suit, int(card)
(<Rank.ACE: 14>, <Suit.SPADES: 3>, 51)
>>> str(card), card.symbol
('As', 'A♠')
>>> parse_cards("10h kd 7♣")
[Card.parse('Th'), Card.parse('Kd'), Card.parse('7c')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import IntEnum
from typing import Final

__all__ = ["Card", "Rank", "Suit", "format_cards", "parse_cards"]


class Rank(IntEnum):
    """A card's rank, valued 2 to 14 (the ace is high; low hands read it as 1)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The rank's letter: ``'2'`` … ``'9'``, ``'T'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``."""
        return RANK_CHARS[self - 2]

    @property
    def low(self) -> int:
        """The rank's value in ace-to-five low hands: the ace counts 1 (R1.1)."""
        return 1 if self == Rank.ACE else int(self)


class Suit(IntEnum):
    """A card's suit, numbered in the bring-in order ♣ < ♦ < ♥ < ♠ (R1.3)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The suit's letter: ``'c'``, ``'d'``, ``'h'`` or ``'s'``."""
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``'♣'``, ``'♦'``, ``'♥'`` or ``'♠'``."""
        return SUIT_SYMBOLS[self]


RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"

# Keys are upper case: parsing upper-cases the rank before the lookup.
_RANK_BY_TEXT: Final[dict[str, int]] = {c: i for i, c in enumerate(RANK_CHARS)} | {"10": 8}
_SUIT_BY_TEXT: Final[dict[str, int]] = {
    **{c: i for i, c in enumerate(SUIT_CHARS)},
    **{c.upper(): i for i, c in enumerate(SUIT_CHARS)},
    **{c: i for i, c in enumerate(SUIT_SYMBOLS)},
    # The text-presentation variants of the symbols, and the white (outlined) ones.
    "♣\ufe0f": 0,
    "♦\ufe0f": 1,
    "♥\ufe0f": 2,
    "♠\ufe0f": 3,
    "♧": 0,
    "♢": 1,
    "♡": 2,
    "♤": 3,
}
_SEPARATORS: Final = re.compile(r"[\s,]+")


class Card(int):
    """One playing card; an immutable int whose value is the card's code (0 to 51).

    There is exactly one object for each card, so ``is`` and ``==`` agree.

    >>> Card(Rank.TWO, Suit.DIAMONDS)
    Card.parse('2d')
    >>> Card.from_code(0), Card.from_code(51)
    (Card.parse('2c'), Card.parse('As'))
    """

    __slots__ = ()

    def __new__(cls, rank: int, suit: int) -> Card:
        if not 2 <= rank <= 14 or not 0 <= suit <= 3:
            raise ValueError(f"no card has rank {rank!r} and suit {suit!r}")
        return _CARDS[4 * (rank - 2) + suit]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card whose code is ``code`` (0 to 51)."""
        if not 0 <= code < 52:
            raise ValueError(f"card codes are 0 to 51, not {code!r}")
        return _CARDS[code]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card: ``'As'``, ``'as'``, ``'10h'``, ``'Th'``, ``'K♦'``.

        >>> Card.parse("q♥")
        Card.parse('Qh')
        >>> Card.parse("1x")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: '1x' is not a card: write a rank (2-9, T or 10, J, Q, K, A) then a suit ...
        """
        token = text.strip()
        rank = _RANK_BY_TEXT.get(token[:-1].upper())
        suit = _SUIT_BY_TEXT.get(token[-1:])
        if rank is None or suit is None:
            # A symbol written with a variation selector is two characters long.
            rank = _RANK_BY_TEXT.get(token[:-2].upper())
            suit = _SUIT_BY_TEXT.get(token[-2:])
            if rank is None or suit is None:
                raise ValueError(
                    f"{text!r} is not a card: write a rank (2-9, T or 10, J, Q, K, A) "
                    "then a suit (c, d, h, s or ♣ ♦ ♥ ♠)"
                )
        return _CARDS[4 * rank + suit]

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANKS[self >> 2]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUITS[self & 3]

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``'A♠'``."""
        return RANK_CHARS[self >> 2] + SUIT_SYMBOLS[self & 3]

    def __str__(self) -> str:
        return RANK_CHARS[self >> 2] + SUIT_CHARS[self & 3]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # A module function, not the classmethod: cloudpickle (Ray) would copy a
        # classmethod by value, and the copy cannot reach the table of cards.
        return (_card, (int(self),))


def _card(code: int) -> Card:
    """The card of ``code``: what a pickled card is rebuilt with."""
    return _CARDS[code]


_RANKS: Final = tuple(Rank)
_SUITS: Final = tuple(Suit)
_CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, code) for code in range(52))


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas, e.g. ``"As Kd 7c Th"``.

    Raises ``ValueError`` naming the first token that is not a card.

    >>> parse_cards("As, Kd")
    [Card.parse('As'), Card.parse('Kd')]
    >>> parse_cards("As Kx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 'Kx' is not a card: write a rank (2-9, T or 10, J, Q, K, A) then a suit ...
    """
    return [Card.parse(token) for token in _SEPARATORS.split(text.strip()) if token]


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Cards as text separated by spaces, the inverse of :func:`parse_cards`.

    >>> format_cards(parse_cards("As 10h"), symbols=True)
    'A♠ T♥'
    """
    return " ".join(card.symbol if symbols else str(card) for card in cards)
