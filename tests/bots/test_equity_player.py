"""The equity player: its share of the pot, pot odds, Show Hand's showhand; seeded
play is reproducible."""

from __future__ import annotations

import random

import pytest

from studpoker.bots import TEMPERS, EquityPlayer, play_hand
from studpoker.engine import Action, Hand
from studpoker.games import razz, seven_card_stud, show_hand

from .positions import dealt


def decide(hand: Hand, temper: str = "normal", seed: int = 1) -> Action:
    player = EquityPlayer(random.Random(seed), temper)
    seat = hand.actor
    assert seat is not None
    player.new_hand(seat, hand.spec)
    return player.decide(hand.view(seat))


# Heads-up seven-card stud, every card dealt so far known: seat 0 holds A♠ A♥ with
# A♦ A♣ showing on fifth street (four aces), seat 1 shows 7♣ 8♦ 2♠.
FOUR_ACES = "As 3c  Ah 4c  Ad 2s  Ac 7c  Kh 8d"


def fifth_street(*moves: str) -> Hand:
    hand = dealt(seven_card_stud(), 2, FOUR_ACES, "bring_in", "call", "check", "check")
    for move in moves:
        hand.act(move)
    return hand


def test_four_aces_bet_first_and_raise_a_bet():
    hand = fifth_street()
    assert (hand.street, hand.actor) == (2, 0)  # A-A-K showing acts first (R3.3)
    assert decide(hand) == Action.bet(400)
    hand = fifth_street("check", "bet 400")
    assert decide(hand) == Action.raise_to(800)


def test_the_share_of_the_pot_with_four_aces_is_almost_all_of_it():
    hand = fifth_street()
    seat = 0
    player = EquityPlayer(random.Random(3))
    player.new_hand(seat, hand.spec)
    assert player.share(hand.view(seat)) > 0.97


def test_a_hopeless_hand_folds_to_a_bet_the_odds_do_not_pay():
    """Razz, fifth street: seat 0 holds A-2-3-5-6, seat 1 K-K-Q-Q-J; seat 0 bets
    and seat 1's share of the pot is far below the odds of the call (R4.2)."""
    cards = "5s Kd  6s Kc  As Qs  2c Qh  3d Jd"
    hand = dealt(razz(), 2, cards, "bring_in", "call", "bet 200", "call", "bet 400")
    assert (hand.street, hand.actor) == (2, 1)
    assert decide(hand) == Action.fold()


def test_show_hand_pushes_with_aces_and_folds_nine_high_to_the_showhand():
    """Show Hand, second card: seat 0's pair of aces speaks first (R6.2, R6.3) and
    pushes every chip (R6.6); seat 1's 9-8 folds to it."""
    hand = dealt(show_hand(), 2, "Ah 9c  As 8d", stack=1000)
    assert hand.actor == 0
    assert decide(hand) == Action.showhand()
    hand.act("showhand")
    assert decide(hand) == Action.fold()


@pytest.mark.parametrize("temper", sorted(TEMPERS))
def test_seeded_play_is_the_same_hand_after_hand(temper: str):
    def play(seed: int) -> list[object]:
        players = [EquityPlayer(random.Random(seed + seat), temper) for seat in range(4)]
        hand = play_hand(seven_card_stud(), players, [4000] * 4, rng=random.Random(seed))
        return hand.events

    assert play(5) == play(5)


def test_an_unknown_temper_is_refused():
    with pytest.raises(ValueError, match="no temper 'wild': choose normal, hard"):
        EquityPlayer(random.Random(1), "wild")
