"""What the up cards decide in the seven-card games: who brings in (R3.1) and
who acts first on fourth street and later (R3.3).

>>> from studpoker.cards import parse_cards
>>> bring_in(parse_cards("2h 9c 2d"))         # 2♦ brings in against 2♥
2
>>> bring_in(parse_cards("Ks 5c Kc"), low=True)  # Razz: K♠ against K♣
0
>>> first_to_act([parse_cards("Kh 7d"), parse_cards("9s 9c"), parse_cards("Ac Qd")])
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Literal

from studpoker.cards import Card
from studpoker.hands.showdown import to_cards
from studpoker.hands.value import (
    CATEGORY_OF_SHAPE,
    LOW_TOP,
    Category,
    HandValue,
    Ranking,
    group_ranks,
)

__all__ = [
    "BoardTie",
    "bring_in",
    "bring_in_value",
    "first_to_act",
    "showing_high",
    "showing_low",
    "showing_value",
]

BoardTie = Literal["seat", "suit"]
BOARD_TIES: Final = ("seat", "suit")


def bring_in_value(card: Card, *, low: bool = False) -> int:
    """How strongly an up card is obliged to bring in: the highest value brings in.

    High games (7-stud, Stud/8): the lowest card, the ace high, and among equal
    ranks the lowest suit ♣ < ♦ < ♥ < ♠ (R3.1, R1.3).  Razz (``low=True``): the
    highest card, the king highest and the ace lowest, and among equal ranks the
    highest suit.

    >>> from studpoker.cards import Card
    >>> bring_in_value(Card.parse("2d")) > bring_in_value(Card.parse("2h"))
    True
    >>> bring_in_value(Card.parse("Ks"), low=True) > bring_in_value(Card.parse("Kc"), low=True)
    True
    """
    rank, suit = (card >> 2) + 2, card & 3
    if low:
        return (1 if rank == 14 else rank) * 4 + suit
    return (14 - rank) * 4 + (3 - suit)


def bring_in(up_cards: Sequence[Card | None], *, low: bool = False) -> int:
    """The index in ``up_cards`` (seats in dealing order; None for a seat that
    cannot bring in) of the player who must bring in (R3.1)."""
    candidates = [(bring_in_value(c, low=low), i) for i, c in enumerate(up_cards) if c is not None]
    if not candidates:
        raise ValueError("nobody has an up card to bring in with")
    return max(candidates, key=lambda vi: vi[0])[1]


def _tie_suit(cards: Sequence[Card], *, low: bool) -> int:
    """The suit of the highest card (the ace counts low in a low ranking); of
    several cards of that rank, the highest suit."""

    def rank(card: Card) -> int:
        return 1 if low and card >> 2 == 12 else (card >> 2) + 2

    top = max(map(rank, cards))
    return max(c & 3 for c in cards if rank(c) == top)


def _board(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    board = to_cards(cards)
    if not 1 <= len(board) <= 4:
        raise ValueError(f"a showing board has 1 to 4 up cards, not {len(board)}")
    if len(set(board)) != len(board):
        raise ValueError("a card is given twice")
    return board


def showing_value(board: Sequence[Card], *, low: bool, by_suit: bool) -> int:
    """The comparable number of :func:`showing_high` (``low=False``) or
    :func:`showing_low` of up to four distinct cards, without the object: the
    engine asks it for every seat on every street, so values are kept by ranks."""
    key = (low, *sorted([c >> 2 for c in board]))
    value = _BY_RANKS.get(key)
    if value is None:
        value = _BY_RANKS[key] = _ranks_value(board, low=low)
    return value | _tie_suit(board, low=low) if by_suit else value


_BY_RANKS: dict[tuple[int | bool, ...], int] = {}


def _ranks_value(board: Sequence[Card], *, low: bool) -> int:
    ranks = sorted([(1 if low and c >> 2 == 12 else (c >> 2) + 2) for c in board], reverse=True)
    groups: list[list[int]] = []  # [count, rank], from the top
    for rank in ranks:
        if groups and groups[-1][1] == rank:
            groups[-1][0] += 1
        else:
            groups.append([1, rank])
    groups.sort(reverse=True)
    shape = (groups[0][0], groups[1][0] if len(groups) > 1 else 0)
    value: int = CATEGORY_OF_SHAPE.get(shape, Category.HIGH_CARD)
    for count, rank in groups:
        for _ in range(count):
            value = value << 4 | rank
    value <<= 4 * (5 - len(ranks))
    if low:
        value = LOW_TOP - value
    return value << 2


def _showing(cards: Iterable[Card] | str, board_tie: BoardTie, *, low: bool) -> HandValue:
    board = _board(cards)
    if board_tie not in BOARD_TIES:
        raise ValueError(f"board_tie is 'seat' or 'suit', not {board_tie!r}")
    by_suit = board_tie == "suit"
    category, ranks = group_ranks(1 if low and c >> 2 == 12 else (c >> 2) + 2 for c in board)
    return HandValue(
        Ranking.SHOWING_LOW if low else Ranking.SHOWING_HIGH,
        showing_value(board, low=low, by_suit=by_suit),
        board,
        category=category,
        ranks=ranks,
        cards=board,
        suit=_tie_suit(board, low=low) if by_suit else None,
    )


def showing_high(cards: Iterable[Card] | str, *, board_tie: BoardTie = "seat") -> HandValue:
    """The value of 1 to 4 up cards in 7-stud and Stud/8 (R3.3): four of a kind >
    three of a kind > two pair > pair > high card, by ranks and kickers, the ace
    high; no straights or flushes.  With ``board_tie="suit"`` equal ranks are
    broken by the suit of the highest card.

    >>> showing_high("Kh Kd 7s").name()
    'Pair of kings'
    """
    return _showing(cards, board_tie, low=False)


def showing_low(cards: Iterable[Card] | str, *, board_tie: BoardTie = "seat") -> HandValue:
    """The value of 1 to 4 up cards in Razz (R3.3): the lowest ace-to-five low
    shows best, pairs are bad.  Bigger values are better lows.

    >>> showing_low("Ah 2d").value > showing_low("Ah 3d").value > showing_low("2h 2d").value
    True
    """
    return _showing(cards, board_tie, low=True)


def first_to_act(
    boards: Sequence[Iterable[Card] | None],
    *,
    low: bool = False,
    board_tie: BoardTie = "seat",
) -> int:
    """The index in ``boards`` (seats in order from seat 1; None for a seat not
    in the betting) of the best showing board, which acts first (R3.3).  Equal
    boards go to the first of them, the lowest seat, unless ``board_tie="suit"``.

    >>> from studpoker.cards import parse_cards
    >>> first_to_act([parse_cards("Kh 7d"), parse_cards("Ks 7c")])
    0
    >>> first_to_act([parse_cards("Kh 7d"), parse_cards("Ks 7c")], board_tie="suit")
    1
    """
    if board_tie not in BOARD_TIES:
        raise ValueError(f"board_tie is 'seat' or 'suit', not {board_tie!r}")
    best: tuple[int, int] | None = None
    for i, board in enumerate(boards):
        if board is None:
            continue
        v = showing_value(_board(board), low=low, by_suit=board_tie == "suit")
        if best is None or v > best[0]:
            best = (v, i)
    if best is None:
        raise ValueError("nobody has a board to act on")
    return best[1]
