"""The rule-based player's decisions: its starting standards on the first round,
made hands and draws later, Show Hand's showhand; and its levels."""

from __future__ import annotations

import random

import pytest

from studpoker.bots import STYLES, RuleBasedPlayer
from studpoker.engine import Action
from studpoker.games import razz, seven_card_stud, show_hand, stud_hilo

from .positions import dealt


def decide(hand, style: str = "normal", seed: int = 1) -> Action:
    return RuleBasedPlayer(random.Random(seed), style).decide(hand.view(hand.actor))


# Third street, three players: seat 2 brings in with the 2♦ (R3.1).
def third(seat0: str, seat1: str, *moves: str, game=seven_card_stud):
    a, b, c = seat0.split()
    d, e, f = seat1.split()
    return dealt(game(), 3, f"{a} {d} 8c  {b} {e} 9c  {c} {f} 2d", *moves)


def test_premium_hands_complete_the_bring_in_and_raise_a_completion():
    hand = third("Ah Ad As", "Kc 7h 4s", "bring_in")
    assert decide(hand) == Action.complete(200)
    hand = third("Kc 7h 3s", "Ah Ad As", "bring_in", "complete 200")
    assert decide(hand) == Action.raise_to(400)


def test_a_playable_hand_calls_a_completion_and_folds_to_a_raise():
    hand = third("Ks 3d 6h", "Th Jh Qh", "bring_in", "fold")  # three hearts, live
    assert hand.actor == 1
    hand.act("call")
    hand = third("8s 8h Ac", "Jh Th 6h", "bring_in", "complete 200")
    assert decide(hand) == Action.call()  # eights, ace kicker: strong enough
    hand = third("Jh Th 6h", "5s 5h Kc", "bring_in", "complete 200", "raise 400")
    assert hand.actor == 2
    assert decide(hand) == Action.fold()  # the bring-in's junk


def test_junk_folds_and_the_bring_in_is_posted_not_completed():
    hand = third("Ks 3d 7h", "Qc Jd 4s", "bring_in")
    assert decide(hand) == Action.fold()
    hand = third("Ks 3d 7h", "Qc Jd 4s")
    assert hand.actor == 2
    assert decide(hand) == Action.bring_in()


def test_easy_plays_marginal_hands_that_normal_folds():
    hand = third("6s 6h 3c", "Kc Jd Qs", "complete 200")  # a small pair below a queen
    assert decide(hand, "normal") == Action.fold()
    assert decide(hand, "easy") == Action.call()
    hand = third("6s 6h 3c", "Kc Jd Qs", "bring_in")  # … for the bring-in alone, both play
    assert decide(hand, "normal") == Action.call()
    assert decide(hand, "easy") == Action.call()


def test_normal_defends_its_bring_in_heads_up_with_a_card_above_the_stealer():
    # Seat 2 brings in with the 2♦ (8♣ 9♣ down); seat 1 completes with a 7♠ showing.
    hand = third("Js 7h 4c", "Qh 3d 7s", "bring_in", "fold", "complete 200")
    assert hand.actor == 2
    calls = [decide(hand, seed=seed) == Action.call() for seed in range(40)]
    assert 0.5 < sum(calls) / len(calls) < 0.9  # most of the time, not every time
    hand = third("Js 7h 4c", "Qh 3d 7s", "bring_in", "call", "complete 200")
    assert all(decide(hand, seed=seed) == Action.fold() for seed in range(40))  # not heads-up


def test_razz_plays_three_low_cards_and_folds_high_ones():
    hand = third("As 3h 5d", "Kc Jd Qs", "bring_in", "call", game=razz)  # Q♠ brings in (R3.1)
    assert hand.actor == 0
    assert decide(hand) == Action.complete(200)
    hand = third("Kh 9h 7d", "As 2h Qc", "bring_in", "complete 200", game=razz)
    assert hand.actor == 0
    assert decide(hand) == Action.fold()


def test_stud_hilo_plays_an_ace_with_a_low_card():
    hand = third("As 4h Kd", "Qc Jd 9s", "bring_in", game=stud_hilo)
    assert decide(hand) == Action.call()


# Later streets, heads-up: seat 1 brings in with the 3♦, seat 0 calls.
def fourth(seat0: str, seat1: str, *moves: str):
    a, b, c, d = seat0.split()
    e, f, g, h = seat1.split()
    return dealt(
        seven_card_stud(), 2, f"{a} {e} {b} {f} {c} {g} {d} {h}", "bring_in", "call", *moves
    )


def test_a_strong_hand_bets_and_raises():
    hand = fourth("Kh Kd Ks 7c", "5c 6c 3d 9h")  # trip kings
    assert hand.actor == 0
    assert decide(hand).kind.value == "bet"
    hand = fourth("5c 6h 3d 9h", "Kh Kd Ks 7c", "check", "bet 200")
    assert hand.actor == 1
    assert decide(hand) == Action.raise_to(400)


def test_a_weak_hand_folds_facing_a_bet_on_sixth_street():
    deck = "Kh 2c Kd 7d Ks 3d 9s 8h Ah 4c 5s Jc"
    hand = dealt(seven_card_stud(), 2, deck, "bring_in", "call", "bet 200", "call")
    hand.act("bet 400")
    hand.act("call")
    assert hand.street == 3
    assert hand.actor == 0
    hand.act("bet 400")
    assert decide(hand) == Action.fold()  # 2 7 3 8 4 J against trip kings showing two


def test_show_hand_pushes_a_monster_and_calls_a_showhand_only_when_ahead():
    # Second street: seat 0 holds A♠ A♥, seat 1 7♣ 2♦; the ace speaks first (R6.3).
    hand = dealt(show_hand(), 2, "As 7c  Ah 2d  Ac 9d", "bet 10", "call", stack=1000)
    assert hand.street == 1
    assert hand.actor == 0
    assert decide(hand) == Action.showhand()  # trip aces
    hand.act("showhand")
    assert decide(hand) == Action.fold()  # 7 2 9 against three aces' board
    # Seat 1 shows kings and pushes; seat 0's hidden ace pairs its board's ace.
    hand = dealt(show_hand(), 2, "As 7c  2h Kd  Kc Ad", "bet 10", "call", stack=1000)
    assert hand.actor == 1
    hand.act("showhand")
    assert decide(hand) == Action.call()


def test_show_hand_bets_a_share_of_the_pot():
    hand = dealt(show_hand(), 2, "Kh 7c  Kd 2d", stack=1000)
    action = decide(hand)
    assert action.kind.value == "bet"
    assert 10 <= action.amount <= 989


def test_styles_are_named_and_unknown_ones_refused():
    assert sorted(STYLES) == ["easy", "hard", "normal"]
    assert RuleBasedPlayer(style="normal").name == "rules"
    assert RuleBasedPlayer(style="hard").name == "hard"
    with pytest.raises(ValueError, match="no style 'wild': choose easy, normal, hard"):
        RuleBasedPlayer(style="wild")
