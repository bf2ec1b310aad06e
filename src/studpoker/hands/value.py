"""The value of a hand: comparable, with its category, its cards and its name.

Every evaluator of this package returns a :class:`HandValue`.  Two values of the
same :class:`Ranking` compare by ``value``: bigger is better, equal is a split.

Layout of ``value`` (an int, so that the batch evaluator can return the same
numbers in a NumPy array):

* high (R4.1): ``category << 20`` plus five 4-bit ranks, the ranks of the five
  cards in the order they are compared (``K K K 7 7`` for kings full of sevens;
  ``5 4 3 2 1`` for the wheel, whose ace plays as 1);
* low (R4.2, R4.3): ``LOW_TOP - badness``, where badness is laid out like a high
  value with the ace as 1 and only the paired categories counted, so that the
  best low (5-4-3-2-A) has the biggest value;
* showing boards and Show Hand: a strength, the ranks, and where the rule uses
  suits, the suit that breaks ties in the lowest bits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum, StrEnum
from typing import Final

from studpoker.cards import Card

__all__ = ["LOW_TOP", "Category", "HandValue", "Ranking", "group_ranks", "pack", "unpack_ranks"]

LOW_TOP: Final = 1 << 24


class Category(IntEnum):
    """The kind of hand.  Standard high categories are ordered as R4.1 ranks them.

    The *faces* are the four-card Show Hand boards of R6.3 that one more card
    could complete; they only occur in :data:`Ranking.SHOW_HAND_BOARD` values.
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    STRAIGHT_FACE = 9
    FLUSH_FACE = 10
    STRAIGHT_FLUSH_FACE = 11


class Ranking(StrEnum):
    """Which rule a value was computed under; only values of one ranking compare."""

    HIGH = "high"
    LOW_A5 = "low_a5"
    EIGHT_OR_BETTER = "eight_or_better"
    SHOWING_HIGH = "showing_high"
    SHOWING_LOW = "showing_low"
    SHOW_HAND = "show_hand"
    SHOW_HAND_BOARD = "show_hand_board"


def pack(category: int, ranks: Sequence[int]) -> int:
    """``category << 20`` followed by up to five 4-bit ranks, padded with zeros."""
    value = category
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


def unpack_ranks(value: int, count: int = 5) -> tuple[int, ...]:
    """The first ``count`` ranks of a packed value."""
    return tuple((value >> (16 - 4 * i)) & 15 for i in range(count))


def group_ranks(ranks: Iterable[int]) -> tuple[Category, list[int]]:
    """The category of up to five ranks without straights or flushes (R3.3),
    and the ranks in the order they compare: by count, then by rank, from the top."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = [*sorted(counts.values(), reverse=True), 0]
    category = CATEGORY_OF_SHAPE.get((shape[0], shape[1]), Category.HIGH_CARD)
    return category, [r for r in order for _ in range(counts[r])]


# The category of ranks without straights or flushes, by the two largest counts of a rank.
CATEGORY_OF_SHAPE: Final = {
    (4, 1): Category.FOUR_OF_A_KIND,
    (4, 0): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3, 1): Category.THREE_OF_A_KIND,
    (3, 0): Category.THREE_OF_A_KIND,
    (2, 2): Category.TWO_PAIR,
    (2, 1): Category.PAIR,
    (2, 0): Category.PAIR,
}


_NAME_INDEX: Final[dict[Category, tuple[int, ...]]] = {
    # Which of the compared ranks a name mentions (indexes into ``ranks``).
    Category.HIGH_CARD: (0,),
    Category.PAIR: (0,),
    Category.TWO_PAIR: (0, 2),
    Category.THREE_OF_A_KIND: (0,),
    Category.STRAIGHT: (0,),
    Category.FLUSH: (0,),
    Category.FULL_HOUSE: (0, 3),
    Category.FOUR_OF_A_KIND: (0,),
    Category.STRAIGHT_FLUSH: (0,),
    Category.STRAIGHT_FACE: (0,),
    Category.FLUSH_FACE: (0,),
    Category.STRAIGHT_FLUSH_FACE: (0,),
}


class HandValue:
    """A hand's value under one :class:`Ranking`.

    ``value`` orders hands (bigger is better, equal splits), ``category`` is the
    kind of hand, ``ranks`` the ranks in the order they are compared (the ace
    as 1 where it plays low) and ``cards`` the cards that make the value: the
    best five for a showdown, the up cards for a board.

    >>> from studpoker.hands import high
    >>> hand = high("Kh Kd 7s 7c Ks 2d 3c")
    >>> hand.category.name, hand.name(), hand.name("zh-Hant")
    ('FULL_HOUSE', 'Full house, kings full of sevens', '葫蘆 K 帶 7')
    >>> hand > high("Ah Ad As Qc Qd 2s 3s")
    False
    """

    __slots__ = ("_cards", "_category", "_ranks", "_source", "_suit", "ranking", "value")

    ranking: Ranking
    value: int
    _source: tuple[Card, ...]
    _cards: tuple[Card, ...]
    _category: Category
    _ranks: tuple[int, ...]
    _suit: int | None

    def __init__(
        self,
        ranking: Ranking,
        value: int,
        source: Sequence[Card],
        *,
        category: Category | None = None,
        ranks: Sequence[int] | None = None,
        cards: Sequence[Card] | None = None,
        suit: int | None = None,
    ) -> None:
        self.ranking = ranking
        self.value = value
        self._source = tuple(source)
        # The evaluators of the seven-card games leave these unset (the slots are
        # empty) and they are worked out from ``value`` when first asked for.
        if category is not None:
            self._category = category
        if ranks is not None:
            self._ranks = tuple(ranks)
        if cards is not None:
            self._cards = tuple(cards)
        self._suit = suit

    @property
    def category(self) -> Category:
        """The kind of hand (for a low: how badly it is paired)."""
        try:
            return self._category
        except AttributeError:
            self._category = Category(self._badness() >> 20)
            return self._category

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks in the order they are compared; an ace playing low is 1."""
        try:
            return self._ranks
        except AttributeError:
            self._ranks = tuple(r for r in unpack_ranks(self._badness()) if r)
            return self._ranks

    @property
    def suit(self) -> int | None:
        """The suit that breaks ties (Show Hand, R6.3 and R6.9), in the ranking's suit order."""
        return getattr(self, "_suit", None)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards that make the value, in the order of :attr:`ranks`."""
        try:
            return self._cards
        except AttributeError:
            self._cards = _pick_cards(self)
            return self._cards

    @property
    def source(self) -> tuple[Card, ...]:
        """All the cards the value was computed from."""
        return self._source

    @property
    def is_low(self) -> bool:
        """Whether bigger values are better lows rather than better highs."""
        return self.ranking in (Ranking.LOW_A5, Ranking.EIGHT_OR_BETTER, Ranking.SHOWING_LOW)

    def name(self, lang: str = "en") -> str:
        """The hand's name in ``"en"``, ``"zh-Hant"`` or ``"zh-Hans"`` (R4.5)."""
        from studpoker.hands.names import describe

        return describe(self, lang)

    def named_ranks(self) -> tuple[int, ...]:
        """The ranks the name mentions: the pairs of two pair, the top of a straight …"""
        ranks = self.ranks
        return tuple(ranks[i] for i in _NAME_INDEX[self.category] if i < len(ranks))

    def _badness(self) -> int:
        return LOW_TOP - self.value if self.is_low else self.value

    def _check(self, other: object) -> HandValue:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a hand value with {type(other).__name__}")
        if other.ranking != self.ranking:
            raise TypeError(f"cannot compare a {self.ranking} value with a {other.ranking} value")
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.ranking == other.ranking and self.value == other.value

    def __hash__(self) -> int:
        return hash((self.ranking, self.value))

    def __lt__(self, other: HandValue) -> bool:
        return self.value < self._check(other).value

    def __le__(self, other: HandValue) -> bool:
        return self.value <= self._check(other).value

    def __gt__(self, other: HandValue) -> bool:
        return self.value > self._check(other).value

    def __ge__(self, other: HandValue) -> bool:
        return self.value >= self._check(other).value

    def __str__(self) -> str:
        return self.name()

    def __repr__(self) -> str:
        cards = " ".join(str(card) for card in self.cards)
        return f"<HandValue {self.ranking} {self.name()!r} [{cards}]>"


def _pick_cards(value: HandValue) -> tuple[Card, ...]:
    """The cards of ``value.source`` that make ``value``: for each compared rank
    the highest-suited unused card of that rank, from the flush suit when the
    category needs one."""
    source = value.source
    category = value.category
    pool = list(source)
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suits = [card & 3 for card in source]
        flush_suit = max(range(4), key=suits.count)
        pool = [card for card in source if card & 3 == flush_suit]
    pool.sort(reverse=True)
    picked: list[Card] = []
    for rank in value.ranks:
        wanted = 14 if rank == 1 else rank
        for card in pool:
            if (card >> 2) + 2 == wanted:
                picked.append(card)
                pool.remove(card)
                break
    return tuple(picked)
