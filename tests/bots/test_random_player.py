"""The random player: any legal action, amounts at random within the legal range,
every choice from its seeded generator."""

from __future__ import annotations

import random
from collections import Counter

from studpoker.bots import RandomPlayer, play_hand
from studpoker.engine import ActionKind
from studpoker.games import seven_card_stud, show_hand

from .positions import dealt

K = ActionKind


def test_the_same_seed_plays_the_same_hand():
    def actions(seed: int) -> list:
        players = [RandomPlayer(random.Random(seed + seat)) for seat in range(4)]
        return play_hand(seven_card_stud(), players, [40_000] * 4, rng=random.Random(1)).actions

    assert actions(7) == actions(7)
    assert actions(7) != actions(8)


def test_every_legal_kind_comes_up_and_amounts_stay_in_range():
    """Show Hand's opener (R6.4) may bet 10 to 489 or showhand; both come up, and
    every bet is a whole number in the range."""
    hand = dealt(show_hand(), 2, "2c 3c  As Kd", stack=500)
    player = RandomPlayer(random.Random(3))
    view = hand.view(hand.actor)
    decisions = [player.decide(view) for _ in range(400)]
    kinds = Counter(action.kind for action in decisions)
    assert set(kinds) == {K.BET, K.SHOWHAND}
    amounts = [action.amount for action in decisions if action.kind == K.BET]
    assert all(10 <= amount <= 489 for amount in amounts)
    assert min(amounts) < 100
    assert max(amounts) > 400


def test_it_may_fold_when_checking_is_free():
    """Folding when checking is free is legal (R2.8); the random player does it."""
    hand = dealt(seven_card_stud(), 2, "As 2c  Ad 7h  Kc 3d", "bring_in", "call")
    player = RandomPlayer(random.Random(1))
    kinds = Counter(player.decide(hand.view(hand.actor)).kind for _ in range(300))
    assert set(kinds) == {K.CHECK, K.FOLD, K.BET}
