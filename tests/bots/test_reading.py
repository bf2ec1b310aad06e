"""What a seat reads from its view: live cards (folded up cards are dead) and the
strength of its hand."""

from __future__ import annotations

import pytest

from studpoker.bots.reading import Reading, draw_chance
from studpoker.bots.strength import strength
from studpoker.games import razz, seven_card_stud, show_hand, stud_hilo

from .positions import dealt


def test_a_folded_up_card_is_dead():
    # Seat 2 shows the Q♥ and folds; seat 0's hearts have one card fewer to come.
    hand = dealt(seven_card_stud(), 3, "Ah 2c 5c  Kh Td 9d  7h 3d Qh", "bring_in", "fold")
    assert hand.actor == 0
    read = Reading(hand.view(0))
    assert len(read.opponents) == 1
    assert [str(c) for c in read.seen] == ["3d", "Qh"]
    assert read.live_suit(2) == 13 - 3 - 1
    assert read.live_rank(12) == 3


def test_the_hidden_down_cards_of_others_are_unseen():
    hand = dealt(seven_card_stud(), 3, "Ah 2c 5c  Kh Td 9d  7h Qh 3d")
    read = Reading(hand.view(0))
    assert read.unseen == 52 - 3 - 2
    assert read.to_come == 4


def test_stripped_decks_have_fewer_cards_of_each_suit():
    spec = show_hand(deck=28)
    hand = dealt(spec, 2, "As 8c  Ah 9d", stack=500)
    read = Reading(hand.view(0), deck=28)
    assert read.live_suit(3) == 7 - 1
    assert read.live_rank(7) == 0
    assert read.unseen == 28 - 3


def test_draw_chance():
    assert draw_chance(9, 46, 1) == pytest.approx(9 / 46)
    assert draw_chance(0, 46, 3) == 0.0
    assert draw_chance(5, 46, 0) == 0.0
    assert draw_chance(4, 40, 3, need=0) == 1.0
    assert abs(draw_chance(2, 10, 2, need=2) - 1 / 45) < 1e-12


def test_strength_orders_hands():
    hand = dealt(seven_card_stud(), 2, "Ks 2c Kd 7d Kh 3d  9s 8h", "bring_in", "call")
    trips, junk = (strength(Reading(hand.view(seat)), "seven_card_stud") for seat in (0, 1))
    assert trips > 0.8 > 0.2 > junk
    hand = dealt(razz(), 2, "As Kc 2d Qd 3h Jh  4s Td", "bring_in", "call")
    low, high = (strength(Reading(hand.view(seat)), "razz") for seat in (0, 1))
    assert low > 0.5 > 0.1 > high
    hand = dealt(stud_hilo(), 2, "As Kc 2d Kd 3h Qh  Ah Qd", "bring_in", "call")
    both, pair = (strength(Reading(hand.view(seat)), "stud_hilo") for seat in (0, 1))
    assert both > pair
