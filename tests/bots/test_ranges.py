"""Reading ranges (bots/ranges.py) and the range-reading player (bots/range_player.py,
issue 19): each opponent's hidden cards weighed by Bayes from their actions, and the
seat's equity against those ranges."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.bots import EquityPlayer, RangePlayer, RuleBasedPlayer, play_hand
from studpoker.bots.range_player import Habits
from studpoker.bots.ranges import ActionModel, RangeReader
from studpoker.cards import Card, parse_cards
from studpoker.engine import Hand
from studpoker.equity import equity
from studpoker.games import preset, seven_card_stud

GAMES = ["seven_card_stud", "stud_hilo", "razz", "show_hand", "five_card_stud"]


def c(text: str) -> int:
    return int(Card.parse(text))


def stud_hand() -> Hand:
    # Seat 0: As Ah / 2c (brings in); seat 1: Kd 3d / 8s; seat 2: 7c 9c / Kh.
    deck = parse_cards("As Kd 7c  Ah 3d 9c  2c 8s Kh") + [None] * 43
    return Hand(seven_card_stud(), [10_000] * 3, deck=deck)


def test_a_forced_bring_in_says_nothing_and_the_equity_is_the_equity_modules() -> None:
    hand = stud_hand()
    hand.act("bring_in")
    reader = RangeReader(seven_card_stud(), 2, seed=3)
    view = hand.view(2)
    found = reader.equity(view, samples=40_000)
    assert all(bool((w == 1.0).all()) for w in reader.weights.values())  # R2.4: forced
    exact = equity("seven_card_stud", ["?? ?? 2c", "?? ?? 8s", "7c 9c Kh"], samples=40_000, seed=3)
    assert found == pytest.approx(exact.equities[2], abs=0.01)


def test_a_completion_weighs_the_strong_holdings_up() -> None:
    hand = stud_hand()
    hand.act("bring_in")
    hand.act("complete 200")  # seat 1 completes with 8♠ showing
    reader = RangeReader(seven_card_stud(), 2, seed=1)
    reader.update(hand.view(2))
    weights = reader.weights[1]
    eights, aces = weights[c("8d"), c("8h")], weights[c("Ac"), c("Ad")]
    rags = weights[c("2d"), c("4h")]
    assert eights > 3 * rags  # a pair of eights completes, 2-4 seldom does (a bluff)
    assert aces > 3 * rags
    assert weights[c("2d"), c("4h")] == weights[c("4h"), c("2d")]  # a pair either way round
    # Seat 0's bring-in was forced: every holding as likely as before.
    assert bool((reader.weights[0] == 1.0).all())
    # Against that range a middling hand is worth less than against every holding.
    uniform = equity("seven_card_stud", ["?? ?? 2c", "?? ?? 8s", "7c 9c Kh"], seed=1)
    assert reader.equity(hand.view(2), samples=20_000) < uniform.equities[2] - 0.02


def test_a_check_weighs_the_strong_holdings_down_and_a_fold_drops_the_range() -> None:
    deck = parse_cards("As Kd 7c  Ah 3d 9c  2c 8s Kh  3s 4h Qd") + [None] * 40
    hand = Hand(seven_card_stud(), [10_000] * 3, deck=deck)
    for action in ("bring_in", "call", "call", "check"):  # fourth street: K♥ Q♦ checks
        hand.act(action)
    reader = RangeReader(seven_card_stud(), 1, seed=2)
    reader.update(hand.view(1))
    weights = reader.weights[2]
    assert weights[c("Kc"), c("Ks")] < weights[c("2d"), c("5c")] / 3  # trip kings bet
    for action in ("check", "bet 200", "fold", "fold"):
        hand.act(action)
    reader.update(hand.view(1))
    assert reader.weights == {}
    assert reader.equity(hand.view(1)) == 1.0


def test_the_ranges_are_one_seats() -> None:
    hand = stud_hand()
    reader = RangeReader(seven_card_stud(), 2)
    with pytest.raises(ValueError, match=r"the ranges are seat 2's, not seat 0's"):
        reader.update(hand.view(0))


def test_the_action_model_reads_shares_as_the_equity_player_acts_on_them() -> None:
    model = ActionModel()
    share = np.array([0.1, 0.5, 0.7, 0.9])
    bet = model.wager(share, 0.5, facing=False)
    assert bet[0] == pytest.approx(0.10, abs=0.001)  # a bluff's chance
    assert bet[3] == pytest.approx(0.968, abs=0.001)  # a strong hand bets, bar slow plays
    called = model.passive(share, 0.5, odds=0.25)
    assert called[0] < 0.05 < called[1]
    assert float(model.seen(np.array([0.5]), wagers=1, calls=0)[0]) == pytest.approx(1 / 2.8)


@pytest.mark.parametrize("game", GAMES)
def test_every_action_is_legal_and_the_chips_add_up(game: str) -> None:
    spec = preset(game)
    rng = random.Random(game)
    for number in range(40):
        count = 2 + number % 4
        players = [RangePlayer(random.Random(number)), EquityPlayer(random.Random(number + 1))]
        players += [RuleBasedPlayer(random.Random(number + k)) for k in range(count - 2)]
        unit = spec.big_bet or spec.ante * 10
        hand = play_hand(spec, players, [100 * unit] * count, rng=rng)
        assert hand.is_over
        assert sum(hand.result.net) + hand.result.rollover == 0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), game=st.sampled_from(GAMES))
def test_range_players_among_themselves_keep_the_hand_valid(seed: int, players: int, game: str):
    spec = preset(game)
    unit = spec.big_bet or spec.ante * 10
    seats = [RangePlayer(random.Random(seed + k)) for k in range(players)]
    hand = play_hand(spec, seats, [60 * unit] * players, rng=random.Random(seed))
    assert sum(hand.result.net) + hand.result.rollover == 0


# -- the first round heads-up: steals by the bring-in's habits (issue 19) ----------------


def heads_up_hand() -> Hand:
    # Seat 0: 7c 2d / 3s (brings in: the lowest up card, R2.4); seat 1: 9h 4c / Kd.
    deck = parse_cards("7c 9h  2d 4c  3s Kd  5h Qs") + [None] * 44
    return Hand(seven_card_stud(), [10_000] * 2, deck=deck)


def test_a_bring_in_that_folds_to_steals_is_stolen_from_with_any_cards() -> None:
    stealer = RangePlayer(random.Random(1))
    # 9-4 offsuit under a king: the starting-hand standards fold it (tier 0).
    for folds in range(3):
        hand = heads_up_hand()
        stealer.new_hand(1, hand.spec)
        hand.act("bring_in")
        told = len(hand.events_for(1))
        stealer.observe(hand.events_for(1))
        if folds == 0:
            # A new opponent folds 3 of 5 by the prior: at 0.6, a steal.
            assert stealer.habit(0).folds == pytest.approx(0.6)
        action = stealer.decide(hand.view(1))
        assert str(action) == "complete 200"
        hand.act(action)
        hand.act("fold")
        stealer.observe(hand.events_for(1)[told:])
    habits = stealer.habit(0)
    assert (habits.faced, habits.folded) == (3, 3)
    assert habits.folds == pytest.approx(6 / 8)


def test_a_bring_in_that_defends_is_not_stolen_from_with_rags() -> None:
    stealer = RangePlayer(random.Random(1))
    stealer.habits[0] = Habits(faced=5, folded=1)  # (1 + 3) / (5 + 5) = 0.4 < 0.6
    hand = heads_up_hand()
    stealer.new_hand(1, hand.spec)
    hand.act("bring_in")
    assert str(stealer.decide(hand.view(1))) == "fold"  # the standards: 9-4 under a king


def test_a_steal_called_counts_as_defended_and_the_stealers_chances_are_counted() -> None:
    watcher = RangePlayer(random.Random(1))
    hand = heads_up_hand()
    watcher.new_hand(0, hand.spec)  # the watcher brings in; seat 1 may steal
    hand.act("bring_in")
    hand.act("complete 200")
    hand.act("call")
    watcher.observe(hand.events_for(0))
    assert watcher.habit(1) == Habits(chances=1, completed=1)
    # Seat 1 steals every time it can: the bring-in then defends with a marginal hand.
    watcher.habits[1] = Habits(chances=5, completed=5)  # (5 + 1) / (5 + 5) = 0.6
    assert watcher.habit(1).steals >= 0.5


def test_the_steal_is_heads_up_only() -> None:
    # Three players: the standards decide (a king up and 9-4: fold to the bring-in).
    deck = parse_cards("7c 9h 5s  2d 4c 6s  3s Kd 8h") + [None] * 43
    hand = Hand(seven_card_stud(), [10_000] * 3, deck=deck)
    player = RangePlayer(random.Random(1))
    player.new_hand(1, hand.spec)
    player.habits[0] = Habits(faced=20, folded=20)
    hand.act("bring_in")
    assert str(player.decide(hand.view(1))) == "fold"


def test_a_bring_in_defends_a_marginal_hand_against_a_player_who_steals_often() -> None:
    # Seat 0 brings in with 7d 7h / 2c: a small pair under the king showing (tier 1).
    deck = parse_cards("7d 9h  7h 4c  2c Kd  5h Qs") + [None] * 44
    for habits, answer in ((Habits(), "fold"), (Habits(chances=5, completed=5), "call")):
        hand = Hand(seven_card_stud(), [10_000] * 2, deck=deck)
        player = RangePlayer(random.Random(1))
        player.habits[1] = habits
        player.new_hand(0, hand.spec)
        hand.act("bring_in")
        hand.act("complete 200")
        assert str(player.decide(hand.view(0))) == answer
