"""Hong Kong Five-Card Stud, "Show Hand" (話事啤): who speaks first from the up
cards (R6.3) and the showdown (R6.9), with the suit order of R1.3 and the
stripped decks of R6.10.

>>> rules = ShowHandRules()
>>> show_hand_board("Ks 9d 8d 7d").name("zh-Hant")   # three to a straight flush and K
'無啤 K'
>>> show_hand_board("9d 8d 7d 6d") > show_hand_board("Ah Ad As 2c")   # 同花順面 > 三條
True
>>> show_hand("As Ad 8h 8s Qs").name("zh-Hant")
'滔啤 A 和 8'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from studpoker.cards import Card, deck_cards
from studpoker.hands.showdown import to_cards
from studpoker.hands.value import Category, HandValue, Ranking, group_ranks, pack

__all__ = ["ShowHandRules", "show_hand", "show_hand_board"]

SuitOrder = Literal["show_hand", "regional"]
StraightFace = Literal["any", "consecutive"]

# Tie-break rank of each suit (index: ♣ ♦ ♥ ♠) in the two orders of R1.3.
_SUIT_RANK: Final[dict[str, tuple[int, int, int, int]]] = {
    "show_hand": (1, 0, 2, 3),  # ♦ < ♣ < ♥ < ♠ (002)
    "regional": (0, 1, 2, 3),  # ♣ < ♦ < ♥ < ♠
}

# Strength of each category at showdown (R4.1) and on a four-card board (R6.3: 同花順面 >
# 四條 > 花面 > 三條 > 兩啤 > 蛇面 > 一啤 > 無啤).
_SHOWDOWN_ORDER: Final = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)
_BOARD_ORDER: Final = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.STRAIGHT_FACE,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.FLUSH_FACE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH_FACE,
)


@dataclass(frozen=True, slots=True)
class ShowHandRules:
    """The Show Hand options of RULES.md that change how hands rank.

    ``flush_beats_full_house`` and ``ace_bridges_gap`` default by deck (R6.10):
    off for 28 cards, on for 32, and they do not apply to 52.
    """

    deck: Literal[52, 32, 28] = 52
    suit_order: SuitOrder = "show_hand"
    straight_face: StraightFace = "any"
    suit_tiebreak: bool = True
    flush_beats_full_house: bool | None = None
    ace_bridges_gap: bool | None = None
    _cards: frozenset[Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.deck not in (52, 32, 28):
            raise ValueError(f"deck is 52, 32 or 28 cards, not {self.deck!r}")
        if self.suit_order not in _SUIT_RANK:
            raise ValueError(f"suit_order is 'show_hand' or 'regional', not {self.suit_order!r}")
        if self.straight_face not in ("any", "consecutive"):
            raise ValueError(f"straight_face is 'any' or 'consecutive', not {self.straight_face!r}")
        if self.deck == 52 and (self.flush_beats_full_house or self.ace_bridges_gap):
            raise ValueError(
                "flush_beats_full_house and ace_bridges_gap apply only to the 32 and 28-card decks"
            )
        object.__setattr__(self, "_cards", frozenset(deck_cards(self.deck)))

    @property
    def flush_over_full_house(self) -> bool:
        """Whether a flush beats a full house (R6.10)."""
        if self.flush_beats_full_house is None:
            return self.deck == 32
        return self.flush_beats_full_house

    @property
    def ace_bridges(self) -> bool:
        """Whether the ace makes the lowest straight in a stripped deck (R6.10)."""
        if self.ace_bridges_gap is None:
            return self.deck == 32
        return self.ace_bridges_gap and self.deck != 52

    def suit_rank(self, card: Card) -> int:
        """The card's suit in this table's tie-break order (0 lowest … 3 highest)."""
        return _SUIT_RANK[self.suit_order][card & 3]

    def straights(self) -> list[tuple[int, ...]]:
        """Every straight of the deck as its ranks from the top, highest straight
        first; an ace playing low is 1."""
        return _straights(self.deck, self.ace_bridges)

    def check(self, cards: Sequence[Card]) -> None:
        """Raise ``ValueError`` for a card not in this deck or given twice."""
        for card in cards:
            if card not in self._cards:
                raise ValueError(f"{card} is not in the {self.deck}-card deck")
        if len(set(cards)) != len(cards):
            raise ValueError("a card is given twice")


def _straights(deck: int, ace_bridges: bool) -> list[tuple[int, ...]]:
    lowest = {52: 2, 32: 7, 28: 8}[deck]
    result = [tuple(range(top, top - 5, -1)) for top in range(14, lowest + 3, -1)]
    if deck == 52:
        result.append((5, 4, 3, 2, 1))
    elif ace_bridges:
        result.append((*range(lowest + 3, lowest - 1, -1), 1))
    return result


def _tie_suit(rules: ShowHandRules, cards: Sequence[Card], top_rank: int) -> int:
    """The tie-break suit: the highest suit among the cards of ``top_rank``, the
    first rank compared (the top of a straight, the rank of the top pair)."""
    rank = 14 if top_rank == 1 else top_rank
    return max(rules.suit_rank(c) for c in cards if (c >> 2) + 2 == rank)


def _straight_of(rules: ShowHandRules, ranks: set[int], size: int) -> tuple[int, ...] | None:
    """The ranks from the top of the highest straight (``size`` 5) or straight face
    (``size`` 4, R6.3) made of ``ranks`` (the ace as 14); None if there is none."""
    for straight in rules.straights():
        members = {14 if r == 1 else r for r in straight}
        if not ranks <= members:
            continue
        played = tuple(r for r in straight if (14 if r == 1 else r) in ranks)
        consecutive = played in (straight[:4], straight[1:])
        if size == 4 and rules.straight_face == "consecutive" and not consecutive:
            continue
        return played
    return None


def show_hand(cards: Iterable[Card] | str, rules: ShowHandRules | None = None) -> HandValue:
    """The showdown value of five Show Hand cards (R6.9, R6.10): standard high
    hands (A-2-3-4-5 the lowest straight), and with ``rules.suit_tiebreak`` equal
    ranks broken by the suit of the highest card (for pairs, of the top pair).

    >>> show_hand("Ks Kd 9c 5h 2h") > show_hand("Kh Kc 9d 5c 2s")   # K♠ beats K♥
    True
    >>> show_hand("Ah 7h 8h 9c Tc", ShowHandRules(deck=32)).name()
    'Straight, ten high'
    """
    hand = to_cards(cards)
    rules = rules or _DEFAULT
    if len(hand) != 5:
        raise ValueError(f"a Show Hand showdown is five cards, not {len(hand)}")
    rules.check(hand)
    rank_list = [(c >> 2) + 2 for c in hand]
    flush = len({c & 3 for c in hand}) == 1
    straight = _straight_of(rules, set(rank_list), 5) if len(set(rank_list)) == 5 else None
    if straight is not None:
        category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
        ranks = list(straight)
    else:
        category, ranks = group_ranks(rank_list)
        if flush:
            category = Category.FLUSH
    order = list(_SHOWDOWN_ORDER)
    if rules.flush_over_full_house:
        order[5], order[6] = order[6], order[5]
    suit = _tie_suit(rules, hand, ranks[0]) if rules.suit_tiebreak else 0
    return HandValue(
        Ranking.SHOW_HAND,
        order.index(category) << 22 | pack(0, ranks) << 2 | suit,
        hand,
        category=category,
        ranks=ranks,
        cards=sorted(hand, key=lambda c: (ranks.index(_rank_in(c, ranks)), -(c & 3))),
        suit=suit if rules.suit_tiebreak else None,
    )


def _rank_in(card: Card, ranks: Sequence[int]) -> int:
    rank = (card >> 2) + 2
    return 1 if rank == 14 and 14 not in ranks else rank


def show_hand_board(cards: Iterable[Card] | str, rules: ShowHandRules | None = None) -> HandValue:
    """The value of 1 to 4 Show Hand up cards, which decides who speaks first (R6.3).

    One card: rank, then suit.  Two or three: three of a kind > pair > high card,
    by ranks, then the suit of the highest card (of the top pair for pairs).  Four:
    straight-flush face > four of a kind > flush face > three of a kind > two pair
    > straight face > pair > high card, by ranks from the top, then suit.

    >>> show_hand_board("Ac 2d 3h 4s").name()
    'Straight face, four high'
    >>> show_hand_board("5c 6d 8h 9s", ShowHandRules(straight_face="consecutive")).name()
    'High card, nine'
    """
    board = to_cards(cards)
    rules = rules or _DEFAULT
    if not 1 <= len(board) <= 4:
        raise ValueError(f"a Show Hand board has 1 to 4 up cards, not {len(board)}")
    rules.check(board)
    rank_list = [(c >> 2) + 2 for c in board]
    category, ranks = group_ranks(rank_list)
    if len(board) == 4 and category == Category.HIGH_CARD:
        face = _straight_of(rules, set(rank_list), 4)
        flush = len({c & 3 for c in board}) == 1
        if face is not None:
            ranks = list(face)
            category = Category.STRAIGHT_FLUSH_FACE if flush else Category.STRAIGHT_FACE
        elif flush:
            category = Category.FLUSH_FACE
    suit = _tie_suit(rules, board, ranks[0])
    return HandValue(
        Ranking.SHOW_HAND_BOARD,
        _BOARD_ORDER.index(category) << 22 | pack(0, ranks) << 2 | suit,
        board,
        category=category,
        ranks=ranks,
        cards=sorted(board, key=lambda c: (ranks.index(_rank_in(c, ranks)), -(c & 3))),
        suit=suit,
    )


_DEFAULT: Final = ShowHandRules()
