"""How strong a seat's hand is after the first round: a number from 0 to 1, a
rough chance of winning the pot from what the seat sees.

It is read, not computed by enumeration (that is the equity player's work): the
made hand sets a base, an opponent's up cards that already beat it cut it down,
live draws add their chance of coming in, and every opponent past the first
makes it smaller.  High hands (R4.1) for Seven Card Stud and Show Hand, lows
(R4.2, R4.3) for Razz, both halves for Stud/8 (R5.5).  Five-Card Stud (R9) is
read opponent by opponent (:func:`five_card_strength`): a board that beats the
seat's hand in sight leaves it almost nothing, and every other board is a danger
by the unseen cards that would lift it above the seat's hand.

>>> from studpoker.cards import parse_cards
>>> from studpoker.engine import Hand
>>> from studpoker.games import seven_card_stud
>>> deck = parse_cards("As 2c  Ah 3d  9s 4c  Ad 7c  Kh Qs") + [None] * 42
>>> hand = Hand(seven_card_stud(), [1000, 1000], deck=deck)
>>> hand.act("bring_in"); hand.act("call")
>>> round(strength(Reading(hand.view(0)), "seven_card_stud"), 2)   # trip aces on fourth street
0.93
>>> round(strength(Reading(hand.view(1)), "seven_card_stud"), 2)   # 2 3 4 7: no pair
0.14
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from math import comb

from studpoker.bots.reading import Made, Reading, board_high, low_of, made_high, rank_of
from studpoker.cards import Card
from studpoker.hands.value import Category, group_ranks

__all__ = ["five_card_strength", "high_strength", "low_strength", "strength"]

# A made hand's base strength at the showdown, by category: seven cards and five.
_SEVEN_BASE = {
    Category.HIGH_CARD: 0.04,
    Category.PAIR: 0.25,
    Category.TWO_PAIR: 0.55,
    Category.THREE_OF_A_KIND: 0.78,
    Category.STRAIGHT: 0.88,
    Category.FLUSH: 0.92,
    Category.FULL_HOUSE: 0.96,
    Category.FOUR_OF_A_KIND: 0.99,
    Category.STRAIGHT_FLUSH: 1.0,
}
_FIVE_BASE = {
    Category.HIGH_CARD: 0.08,
    Category.PAIR: 0.50,
    Category.TWO_PAIR: 0.84,
    Category.THREE_OF_A_KIND: 0.91,
    Category.STRAIGHT: 0.95,
    Category.FLUSH: 0.96,
    Category.FULL_HOUSE: 0.98,
    Category.FOUR_OF_A_KIND: 0.995,
    Category.STRAIGHT_FLUSH: 1.0,
}
# Five-Card Stud: the most a hand beaten in sight is worth with cards to come, so
# that it folds to a bet unless the pot lays ten to one.
_BEATEN_IN_SIGHT = 0.1
# A made low's strength by its highest card (R4.2): a wheel to a ten low.
_LOW_BY_TOP = {5: 0.97, 6: 0.92, 7: 0.82, 8: 0.68, 9: 0.5, 10: 0.38}


def strength(read: Reading, game: str) -> float:
    """The seat's strength in ``game``, for the number of opponents still in."""
    if game == "five_card_stud":
        return five_card_strength(read)  # every opponent is read on their own
    if game == "razz":
        value = low_strength(read, limit=10)
    elif game == "stud_hilo":
        value = _hilo(read)
    else:
        value = high_strength(read, five=game == "show_hand")
    return float(value ** (1 + 0.35 * max(len(read.opponents) - 1, 0)))


def _made_base(made: Made, five: bool, to_come: int) -> float:
    category, ranks = made
    base = (_FIVE_BASE if five else _SEVEN_BASE)[Category(category)]
    top = ranks[0] if ranks else 2
    if category == Category.HIGH_CARD:
        return base + (0.03 if five else 0.01) * max(top - 9, 0)
    if category in (Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND):
        base += (0.02 if category == Category.PAIR else 0.01) * (top - 2)
    # A made hand is worth more the fewer cards the others have to catch up with.
    return min(base + (1 - base) * 0.1 * to_come, 1.0)


def high_strength(read: Reading, *, five: bool = False) -> float:
    """The strength of a high hand: seven-card stud, or Show Hand's five cards."""
    made = made_high(read.mine)
    value = _made_base(made, five, read.to_come)
    boards = [board_high(up) for up in read.opponents if up]
    best_board = max(boards, default=(0, ()))
    if best_board > made:
        value = min(value, 0.12)  # an up card already beats the whole hand
    elif best_board[0] == made[0] and best_board[1][:2] == made[1][:2]:
        value *= 0.8  # the board matches the hand's top: the kickers decide
    if read.to_come:
        value += (1 - value) * _high_draws(read, made, best_board, five)
    return min(value, 1.0)


def _high_draws(read: Reading, made: Made, best_board: Made, five: bool) -> float:
    """The chance that a card to come makes the hand a winner, times what it would
    be worth: a pair of a rank above every board, a flush, a straight."""
    chances = [0.0]
    category, _ = made
    ranks = [rank_of(card) for card in read.mine]
    if category == Category.HIGH_CARD:
        board_top = best_board[1][0] if best_board[1] else 0
        outs = sum(read.live_rank(r) for r in set(ranks) if r > board_top)
        pair = _FIVE_BASE[Category.PAIR] if five else _SEVEN_BASE[Category.PAIR]
        chances.append(read.chance(outs) * (pair + 0.1))
    if category < Category.FLUSH:
        for suit in range(4):
            held = sum(1 for card in read.mine if card & 3 == suit)
            if 5 - held <= read.to_come:
                chances.append(read.chance(read.live_suit(suit), 5 - held) * 0.9)
    if category < Category.STRAIGHT:
        held_ranks = set(ranks) | ({1} if 14 in ranks else set())
        for low in range(max(read.lowest_rank - 1, 1), 11):
            window = range(low, low + 5)
            missing = [r for r in window if r not in held_ranks]
            if not missing or len(missing) > read.to_come or len(missing) > 2:
                continue
            outs = sum(read.live_rank(r) for r in missing)
            chance = read.chance(outs, len(missing))
            chances.append(chance * (0.85 if len(missing) == 1 else 0.4))
    return max(chances)


def _lows(cards: Iterable[Card], limit: int) -> list[int]:
    """The distinct low ranks (the ace as 1) of ``limit`` or below, lowest first."""
    return sorted({low_of(card) for card in cards if low_of(card) <= limit})


def low_strength(read: Reading, *, limit: int = 8) -> float:
    """The strength of an ace-to-five low (R4.2) whose cards are ``limit`` or
    below: Razz counts up to a ten low, Stud/8 only eight or better (R4.3)."""
    lows = _lows(read.mine, limit)
    if len(lows) >= 5:
        value = _LOW_BY_TOP[max(lows[4], 5)] if lows[4] in _LOW_BY_TOP else 0.2
    else:
        need = 5 - len(lows)
        outs = sum(read.live_rank(r) for r in range(1, 9) if r not in lows)
        chance = read.chance(outs, need) * (0.85 if need > 1 else 1.0)
        quality = 0.85 if lows and lows[-1] <= 6 else 0.7
        value = 0.03 + chance * quality
    good = [r for r in lows if r <= 8]
    for up in read.opponents:
        theirs = _lows(up, 8)
        if len(theirs) > len(good) or (
            theirs and len(theirs) == len(good) and theirs[-1] < good[-1]
        ):
            value *= 0.55  # their up cards alone are a better low than the seat's hand
            break
    return value


def _hilo(read: Reading) -> float:
    """Stud/8: half the pot each way (R5.5), all of it to a high nobody's low can
    share, more for a hand that may scoop."""
    high = high_strength(read)
    low = low_strength(read, limit=8)
    if low < 0.1:
        contested = any(len(_lows(up, 8)) >= 2 for up in read.opponents)
        return high * (0.55 if contested else 0.85)
    return min(0.5 * high + 0.5 * low + 0.25 * min(high, low), 1.0)


def five_card_strength(read: Reading) -> float:
    """The chance that the seat's Five-Card Stud hand (R9.4) beats every opponent's.

    An opponent whose up cards already beat the seat's whole hand has it *beaten
    in sight*: the seat is left half the chance of catching a card that beats that
    board, at most 0.1 (it folds to a bet unless the pot lays ten to one), and
    nothing on the last street.  Against every other board the danger is
    the unseen cards that would lift it above the seat's hand: the opponent's down
    card is one of them and every card to come another, while the seat's own cards
    to come may improve it.

    >>> from studpoker.cards import parse_cards
    >>> from studpoker.engine import Hand
    >>> from studpoker.games import five_card_stud
    >>> deck = parse_cards("2c Ks  Qh 9d  Qc 8h") + [None] * 46
    >>> hand = Hand(five_card_stud(), [1000, 1000], deck=deck)
    >>> hand.act("bring_in"); hand.act("call")      # the 9♦ brings in (R9.2)
    >>> round(five_card_strength(Reading(hand.view(0))), 2)   # Q♥ Q♣ showing, 9 8 against
    0.95
    >>> round(five_card_strength(Reading(hand.view(1))), 2)   # K♠ 9♦ 8♥: beaten in sight
    0.06
    """
    made = made_high(read.mine)
    boards = [board for board in read.opponents if board]
    if not boards:
        return 1.0
    best_board = max(board_high(board) for board in boards)
    if best_board > made:
        if not read.to_come:
            return 0.0
        return min(0.5 * read.chance(_outs_past(read, best_board)), _BEATEN_IN_SIGHT)
    improve = read.chance(sum(read.live_rank(r) for r in {rank_of(c) for c in read.mine}))
    unknown = 1 + read.to_come  # each opponent's down card and cards to come
    unseen = max(read.unseen, 2)
    value = 1.0
    for board in boards:
        single, double = _danger(read, board, made)
        catch = min(single / unseen, 1.0)
        paired = min(comb(unknown, 2) * double / comb(unseen, 2), 1.0)
        lose = 1.0 - (1.0 - catch) ** unknown * (1.0 - paired)
        value *= 1.0 - lose * (1.0 - 0.6 * improve)
    return value


def _outs_past(read: Reading, board: Made) -> int:
    """The live cards that, added to the seat's cards, make pairs and kickers
    above ``board``."""
    ranks = [rank_of(card) for card in read.mine]
    return sum(
        read.live_rank(rank)
        for rank in range(read.lowest_rank, 15)
        if _grouped([*ranks, rank]) > board
    )


def _danger(read: Reading, board: list[Card], made: Made) -> tuple[float, int]:
    """What would lift an opponent's ``board`` above ``made``: how many unseen cards
    do it alone (pairs and kickers of the ranks, and on four up cards the flush or
    straight one more card completes, R4.1), and how many pairs of unseen cards do
    it together (a pair of a rank no single card of which is enough)."""
    ranks = [rank_of(card) for card in board]
    single, double = 0.0, 0
    for rank in range(read.lowest_rank, 15):
        live = read.live_rank(rank)
        if _grouped([*ranks, rank]) > made or (
            made[0] < Category.STRAIGHT and len(board) == 4 and _completes_straight(ranks, rank)
        ):
            single += live
        elif _grouped([*ranks, rank, rank]) > made:
            double += comb(live, 2)
    suits = {card & 3 for card in board}
    if len(board) == 4 and len(suits) == 1 and made[0] < Category.FLUSH:
        single += read.live_suit(suits.pop()) * 0.75  # less the ranks counted above
    return single, double


def _grouped(ranks: list[int]) -> Made:
    """Pairs and kickers of ``ranks``, comparable with :func:`made_high`'s."""
    return _grouped_sorted(tuple(sorted(ranks)))


@cache
def _grouped_sorted(ranks: tuple[int, ...]) -> Made:
    # Asked 13 times an opponent a decision, for a few thousand rank multisets in all.
    category, ordered = group_ranks(ranks)
    return int(category), tuple(ordered)


def _completes_straight(ranks: list[int], rank: int) -> bool:
    """Whether four distinct ``ranks`` and ``rank`` make a straight (the ace high or low)."""
    held = {*ranks, rank}
    if len(held) != 5:
        return False
    return max(held) - min(held) == 4 or held == {14, 2, 3, 4, 5}
