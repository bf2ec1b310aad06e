"""Equity in fixed-limit Five-Card Stud (R9): positions whose runouts are counted by
hand in the comments, against the exact enumeration; the showdown of R9.4 (the best
five-card high hand, suits never breaking a tie); the same winners as the engine's.

Exact enumeration of brute force on chosen and random positions is in
``test_equity.py`` with the other games'; ranges in ``test_ranges.py``.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from studpoker.cards import deck_cards
from studpoker.engine import Hand
from studpoker.equity import equity
from studpoker.equity.position import read_position
from studpoker.games import five_card_stud

from .brute_force import brute_force


def shares(*fractions: Fraction) -> tuple[float, ...]:
    return tuple(float(f) for f in fractions)


def test_fifth_street_heads_up_one_card_unseen_counted_by_hand():
    # Kings against A Q J 4 showing.  43 cards are unseen (52 - 9); the villain wins
    # only with one of the three aces left: a queen, jack or four pairs below the
    # kings, a king or anything else leaves ace high.
    result = equity("five_card_stud", ["Kh Kd 9s 7c 2d", "?? Ah Qs Jd 4c"])
    assert (result.exact, result.samples) == (True, 43)
    assert result.equities == shares(Fraction(40, 43), Fraction(3, 43))


def test_dead_cards_leave_the_deck():
    # Two of the aces folded face up: 41 unseen cards, one winner for the villain (A♦).
    result = equity("five_card_stud", ["Kh Kd 9s 7c 2d", "?? Ah Qs Jd 4c"], dead="As Ac")
    assert (result.exact, result.samples) == (True, 41)
    assert result.equities == shares(Fraction(40, 41), Fraction(1, 41))


def test_r9_4_a_tie_splits_and_suits_never_break_it():
    # A K 9 5 3 against ?? A K 9 5, 43 unseen.  The villain's down card:
    #   wins: a 4, 6, 7, 8, 10, J or Q as the fifth card (7 ranks x 4 = 28), or a pair:
    #         A, K, 9 or 5 (2 left of each = 8)                            -> 36
    #   ties: a 3 (3 left: A K 9 5 3 against A K 9 5 3, whatever the suits) ->  3
    #   loses: a 2 (4 left)                                                 ->  4
    # The hero: (4 + 3/2) / 43 = 11/86; the villain (36 + 3/2) / 43 = 75/86.
    result = equity("five_card_stud", ["Ah Kh 9c 5d 3s", "?? As Kc 9d 5h"])
    assert result.samples == 43
    assert result.equities == shares(Fraction(11, 86), Fraction(75, 86))
    # With every card known, the same ranks in other suits split the pot (R9.4),
    # where Show Hand's suit tie-break gives it to the highest suit (R6.9).
    tied = ["Ah Kd 9c 5s 3h", "As Kc 9d 5h 3c"]
    assert equity("five_card_stud", tied).equities == (0.5, 0.5)
    assert equity("show_hand", tied).equities == (0.0, 1.0)  # A♠ beats A♥


def test_fourth_street_a_straight_flush_draw_against_four_aces():
    # The hero's four aces get one card, the villain an unseen card and one to come:
    # 45 x C(44, 2) = 42,570 runouts.  Only 5♥ 6♥ (the wheel needs the hero's A♥)
    # beat the aces, in the 43 runouts where the hero's card is neither: 1/990.
    spot = read_position("five_card_stud", ["Ac Ad Ah As", "?? 2h 3h 4h"])
    assert (spot.missing, spot.cases) == ((1, 2), 42_570)
    result = equity("five_card_stud", ["Ac Ad Ah As", "?? 2h 3h 4h"])
    assert (result.exact, result.samples) == (True, 42_570)
    assert result.equities == shares(Fraction(989, 990), Fraction(1, 990))


def test_fifth_street_three_way_counted_by_hand():
    # Q Q 8 5 3 against ?? K 9 6 2 and ?? J J 7 4; 39 unseen, 39 x 38 = 1,482 runouts.
    #   the jacks win with a J (2 left), 7 or 4 (3 each): trips or two pair beat
    #   everything, whatever the second player gets: 8 x 38                 =   304
    #   else the second player wins with a king: 28 x 3 (the jacks' card is not a
    #   king) + 3 x 2 (it is)                                                =    90
    #   else the queens: 31 x 38 - 90                                        = 1,088
    players = ["Qs Qd 8c 5h 3d", "?? Ks 9d 6c 2h", "?? Jc Jh 7s 4d"]
    result = equity("five_card_stud", players)
    assert result.samples == 1_482
    assert result.equities == shares(*(Fraction(n, 1_482) for n in (1_088, 90, 304)))
    assert result.equities == shares(*brute_force("five_card_stud", players).equities)


def test_a_range_for_the_down_card():
    # The villain's down card is a king or an ace (K+): of the five left (K♠ K♣ A♠ A♣
    # A♦) the three aces win, so the hero's kings have 2/5; "A" alone, nothing.
    players = ["Kh Kd 9s 7c 2d", "?? Ah Qs Jd 4c"]
    result = equity("five_card_stud", players, ranges=[None, "K+"])
    assert (result.samples, result.equities) == (5, shares(Fraction(2, 5), Fraction(3, 5)))
    assert equity("five_card_stud", players, ranges={1: "A"}).equities == (0.0, 1.0)


def test_early_streets_are_sampled_with_an_interval():
    # Second street, three ways: far beyond the exact limit.
    players = ["Ks Kd", "?? Ah", "?? 7c"]
    assert read_position("five_card_stud", players).cases > 2_000_000
    result = equity("five_card_stud", players, samples=20_000, seed=1)
    assert (result.exact, result.samples) == (False, 20_000)
    assert result.ci95 is not None
    assert result.equities[0] > 0.5  # the pair of kings against an ace and a seven


def test_ten_players_fit_the_deck():
    # R9.1: ten players hold 50 cards, so the deck never runs short of a last card
    # (no community card as R7.4's seven-card games have).  Eight with five cards,
    # two with four: 4 x 3 runouts.
    cards = [str(card) for card in deck_cards()]
    players = [" ".join(cards[5 * i : 5 * i + 5]) for i in range(8)]
    players += [" ".join(cards[40:44]), " ".join(cards[44:48])]
    spot = read_position("five_card_stud", players)
    assert (spot.community, len(spot.unseen), spot.missing) == (False, 4, (0,) * 8 + (1, 1))
    result = equity("five_card_stud", players)
    assert (result.exact, result.samples) == (True, 12)
    assert result.equities == shares(*brute_force("five_card_stud", players).equities)
    # Nor does it deal one when given more dead cards than a table could have.
    short = [" ".join(cards[4 * i : 4 * i + 4]) for i in range(10)]
    with pytest.raises(ValueError, match="the players are still to get 10 cards but only 9"):
        read_position("five_card_stud", short, dead=" ".join(cards[40:43]))


@pytest.mark.parametrize("seed", range(40))
def test_the_engine_and_equity_agree_on_who_wins(seed):
    # Hands played to the showdown (every player checks or calls): the seats the
    # engine pays are those whose known-card equity is above zero, and a split
    # (equity 1/k for k players) is a tie in both.
    rng = random.Random(seed)
    count = rng.randint(2, 10)
    hand = Hand(five_card_stud(max_seats=10), [40_000] * count, rng=rng)
    hand.act("bring_in")
    while hand.round is not None:
        hand.check_or_call()
    hand.play_showdown()
    assert hand.is_over
    cards = [hand.cards_of(seat) for seat in range(count)]
    result = equity("five_card_stud", cards)
    winners = {seat for seat, share in enumerate(result.equities) if share > 0}
    paid = {seat for seat, net in enumerate(hand.result.net) if net > 0}
    assert paid == winners
    assert all(result.equities[seat] == 1 / len(winners) for seat in winners)
