"""The calling station: posts the bring-in, checks or calls, calls any showhand,
and bets only when it must open (R6.4)."""

from __future__ import annotations

import random

from studpoker.bots import CallingStation, RandomPlayer, play_hand
from studpoker.engine import Action, Fold, Showhand
from studpoker.games import razz, show_hand

from .positions import dealt


def test_it_never_folds_and_never_raises():
    rng = random.Random(4)
    for _ in range(60):
        players = [CallingStation(), RandomPlayer(random.Random(rng.random())), CallingStation()]
        hand = play_hand(razz(), players, [40_000] * 3, rng=rng)
        for seat, action in hand.actions:
            if seat != 1:
                assert action.kind.value in {"bring_in", "check", "call", "show", "muck"}
        assert not any(isinstance(e, Fold) and e.seat != 1 for e in hand.events)


def test_it_calls_a_showhand_with_anything():
    """R6.6: after a showhand a player calls with everything or drops."""
    hand = dealt(show_hand(), 2, "As 2c  Ah 7d", "showhand", stack=300)
    assert hand.actor == 1
    assert any(isinstance(e, Showhand) for e in hand.events)
    assert CallingStation().decide(hand.view(1)) == Action.call()


def test_as_the_show_hand_opener_it_bets_the_least():
    hand = dealt(show_hand(), 2, "2c 3c  As Kd", stack=300)
    assert [str(o) for o in hand.legal_actions()] == ["bet to 10-289", "showhand 290"]
    assert CallingStation().decide(hand.view(hand.actor)) == Action.bet(10)
