"""Fixed-limit Five-Card Stud, rule by rule (RULES.md R9), played by the same betting
loop as the seven-card games (R9: "a preset of the same betting loop as R2, not a fork").

The deck is written in dealing order: second street's down card to each seat, then the
up cards; later streets one up card to each live seat in seat order.  Seats are 0-based.
Stakes are the preset's $2/$4 in cents: ante 25, bring-in 50, small bet 200, big bet 400.
"""

from __future__ import annotations

import random
import re

import pytest

from studpoker.engine import (
    AllIn,
    BringIn,
    Call,
    CardDealt,
    CommunityCard,
    Hand,
    IllegalAction,
    StreetStarted,
)
from studpoker.engine.structures import STRUCTURES
from studpoker.engine.structures import BringIn as BringInBetting
from studpoker.games import five_card_stud

from .scripting import awards, legal
from .scripting import deal_streets as deal
from .scripting import play_seats as play

# Seat 0: As down, 9s up; seat 1: Kd / 4d; seat 2: 7c / 4c, the lowest up card (R3.1:
# clubs lowest among the fours).  Third street 9h, Ks, 2h: seat 0 pairs its nines.
THREE = deal("As Kd 7c  9s 4d 4c", "9h Ks 2h", "3c 3d 3h", "5c 5d 5h")


def test_r9_is_the_bring_in_structure_of_the_seven_card_games():
    assert isinstance(Hand(five_card_stud(), [1000, 1000], deck=THREE).structure, BringInBetting)
    assert STRUCTURES["bring_in"] is Hand(five_card_stud(), [1000] * 3, deck=THREE).structure


def test_r9_1_second_street_deals_one_down_and_one_up():
    hand = Hand(five_card_stud(), [1000, 1000, 1000], deck=THREE)
    dealt = [e for e in hand.events if isinstance(e, CardDealt)]
    assert [(e.seat, str(e.card), e.up) for e in dealt] == [
        (0, "As", False),
        (1, "Kd", False),
        (2, "7c", False),
        (0, "9s", True),
        (1, "4d", True),
        (2, "4c", True),
    ]
    assert hand.events[3] == StreetStarted("second", 0)


def test_r9_2_the_lowest_up_card_brings_in_by_the_bring_in_suits():
    hand = Hand(five_card_stud(), [1000, 1000, 1000], deck=THREE)
    assert hand.actor == 2  # 4c below 4d (R1.3 bring-in order)
    assert legal(hand) == ["bring_in 50", "complete to 200"]
    play(hand, (2, "bring_in"))
    assert hand.events[-1] == BringIn(2, 50)
    assert legal(hand) == ["fold", "call 50", "complete to 200"]


def test_r9_2_small_bets_on_second_and_third_street_big_on_fourth_and_fifth():
    hand = Hand(five_card_stud(), [5000, 5000, 5000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "complete 200"))
    assert legal(hand) == ["fold", "call 200", "raise to 400"]
    play(hand, (1, "call"), (2, "call"))
    # R9.3: third street, the best showing hand (the nines) acts first.
    assert hand.events[-4] == StreetStarted("third", 1)
    assert hand.actor == 0
    assert legal(hand) == ["check", "fold", "bet to 200"]
    play(hand, (0, "bet 200"), (1, "call"), (2, "call"))
    assert hand.events[-4] == StreetStarted("fourth", 2)
    assert hand.actor == 0  # a pair of nines beats K-4 and 4-2 with a three
    assert legal(hand) == ["check", "fold", "bet to 400"]
    play(hand, (0, "bet 400"), (1, "raise 800"), (2, "fold"), (0, "call"))
    assert hand.events[-3] == StreetStarted("fifth", 3)
    assert legal(hand) == ["check", "fold", "bet to 400"]
    play(hand, (0, "check"), (1, "check"))
    hand.play_showdown()
    assert hand.is_over
    # Seat 0: As 9s 9h 3c 5c, a pair of nines; seat 1: Kd 4d Ks 3d 5d, a pair of kings.
    assert awards(hand) == [(0, "whole", 1, 2875, "Pair of kings")]
    assert hand.result.net == (-1225, 1650, -425)


def test_r9_2_the_cap_is_a_bet_and_three_raises():
    hand = Hand(five_card_stud(), [5000, 5000, 5000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "complete 200"), (1, "raise 400"), (2, "raise 600"))
    play(hand, (0, "raise 800"))
    assert legal(hand) == ["fold", "call 400"]  # capped: completion and three raises (R2.5)


def test_r9_2_a_short_bring_in_is_all_in_and_the_others_enter_for_the_full_bring_in():
    """R2.4, R2.11 as R9.2 says: 45 chips after a 25 ante is less than the bring-in."""
    hand = Hand(five_card_stud(), [1000, 1000, 45], deck=THREE)
    assert legal(hand) == ["bring_in 20"]
    play(hand, (2, "bring_in"))
    assert hand.events[-2:] == [BringIn(2, 20), AllIn(2)]
    assert legal(hand) == ["fold", "call 50", "complete to 200"]
    play(hand, (0, "call"))
    assert hand.events[-1] == Call(0, 50)


def test_r9_3_open_pair_on_third_street_is_off_by_default():
    hand = Hand(five_card_stud(), [5000, 5000, 5000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "call"), (1, "call"))
    assert hand.actor == 0
    assert legal(hand) == ["check", "fold", "bet to 200"]
    message = (
        "seat 0 cannot bet 400: the amount is not one the rules allow; "
        "allowed: check, fold, bet to 200"
    )
    with pytest.raises(IllegalAction, match=re.escape(message)):
        hand.act("bet 400")
    assert legal(hand) == ["check", "fold", "bet to 200"]


def test_r9_3_open_pair_double_lets_an_open_pair_bet_the_big_bet():
    hand = Hand(five_card_stud(open_pair_double=True), [5000, 5000, 5000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "call"), (1, "call"))
    assert legal(hand) == ["check", "fold", "bet to 200 or 400"]
    play(hand, (0, "bet 400"))
    assert legal(hand) == ["fold", "call 400", "raise to 800"]


def test_r9_4_suits_never_break_a_tie():
    # Seat 0 As Kd Qh Jc 9s and seat 1 Ah Ks Qc Jd 9h: the same high card, split.
    deck = deal("As Ah  Kd Ks", "Qh Qc", "Jc Jd", "9s 9h")
    hand = Hand(five_card_stud(), [1000, 1000], deck=deck)
    assert hand.actor == 0  # Kd brings in below Ks
    play(hand, (0, "bring_in"), (1, "call"))
    for _ in range(3):
        play(hand, (hand.actor or 0, "check"), (1 - (hand.actor or 0), "check"))
    hand.play_showdown()
    assert hand.is_over
    assert sorted(awards(hand)) == [
        (0, "whole", 0, 75, "High card, ace"),
        (0, "whole", 1, 75, "High card, ace"),
    ]
    assert hand.result.net == (0, 0)


def test_r9_1_ten_players_are_dealt_five_cards_each_and_never_a_community_card():
    """Ten players and burn cards (R2.12) use 53 cards; the burn before fifth street is
    skipped rather than the deck run out (R7.4 is for the seven-card games)."""
    spec = five_card_stud(max_seats=10, burn_cards=True)
    hand = Hand(spec, [5000] * 10, rng=random.Random(9))
    while not hand.is_over:
        if hand.round is None:
            hand.play_showdown()
        elif legal(hand)[0].startswith("bring_in"):
            hand.act("bring_in")
        else:
            hand.check_or_call()
    assert hand.cards_left == 0
    assert not any(isinstance(e, CommunityCard) for e in hand.events)
    assert [len(hand.cards_of(seat)) for seat in range(10)] == [5] * 10
