"""Our games as OpenSpiel games pass OpenSpiel's own checks: its C++ random simulation
test (clones, serialisation, legal actions, information states and observations as
strings and tensors, utilities in range) and the Python games' simulation test
(pickling, serialising game and state, returns at the end), for every game heads-up and
multi-way and the options that change the tree. ``STUD_FULL=1`` plays many more hands.
"""

from __future__ import annotations

import os
import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (pip install studpoker[rl])")

from open_spiel.python.algorithms import outcome_sampling_mccfr  # noqa: E402
from open_spiel.python.tests import games_sim_test  # noqa: E402 - its class, not collected

from studpoker.cards import parse_cards  # noqa: E402
from studpoker.rl import CHECK_CALL, SHOWHAND, card_action  # noqa: E402
from studpoker.rl.openspiel import (  # noqa: E402
    GAME_NAMES,
    bot_chooser,
    head_to_head,
    policy_chooser,
    uniform_random,
)

FULL = bool(os.environ.get("STUD_FULL"))
SIMS = 40 if FULL else 3

GAME_STRINGS = [
    *(GAME_NAMES[name] for name in sorted(GAME_NAMES)),
    "python_studpoker_seven_card_stud(players=8)",  # R7.4: the community card
    "python_studpoker_stud_hilo(players=3,stack=1000)",
    "python_studpoker_razz(players=4,burn_cards=True)",
    "python_studpoker_five_card_stud(players=5,bring_in=0)",
    "python_studpoker_show_hand(deck=28)",
    "python_studpoker_show_hand(deck=32,players=4,limit=pot)",
    "python_studpoker_show_hand(stacks=30 200 1000,players=3,pot_fractions=0.25 0.75 2)",
]


@pytest.mark.parametrize("game_string", GAME_STRINGS)
def test_openspiel_random_simulation_test(game_string: str) -> None:
    game = pyspiel.load_game(game_string)
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=True, verbose=False)


@pytest.mark.parametrize("game_string", GAME_STRINGS)
def test_openspiel_python_games_simulation_test(game_string: str) -> None:
    game = pyspiel.load_game(game_string)
    np.random.seed(1)
    for _ in range(SIMS):
        games_sim_test.GamesSimTest("test_breakthrough").sim_game(game)


def test_the_games_are_registered_with_their_parameters() -> None:
    names = set(pyspiel.registered_names())
    assert set(GAME_NAMES.values()) <= names
    game = pyspiel.load_game("python_studpoker_razz")
    assert game.get_type().long_name == "Razz (studpoker)"
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 6
    assert game.max_chance_outcomes() == 52
    params = game.get_parameters()
    assert (params["ante"], params["bring_in"], params["small_bet"], params["big_bet"]) == (
        25, 50, 200, 400,
    )  # fmt: skip
    assert (game.min_utility(), game.max_utility()) == (-40000.0, 40000.0)
    assert pyspiel.load_game("python_studpoker_show_hand").num_distinct_actions() == 8


def test_a_wrong_parameter_is_refused_with_its_name() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'seats'"):
        pyspiel.load_game("python_studpoker_razz(seats=3)")
    with pytest.raises(ValueError, match="razz deals 2 to 8 players, not 9"):
        pyspiel.load_game("python_studpoker_razz(players=9)")
    with pytest.raises(ValueError, match="deck is 52 or 32 or 28, not 20"):
        pyspiel.load_game("python_studpoker_show_hand(deck=20)")


def test_a_hand_through_openspiel_as_the_engine_plays_it() -> None:
    """docs/engine.md's Show Hand hand, through pyspiel: strings, returns, serialisation."""
    game = pyspiel.load_game("python_studpoker_show_hand(players=3,stacks=300 500 1000)")
    state = game.new_initial_state()
    for card in parse_cards("2c 3c 4c  As Kd 9h"):
        assert state.current_player() == pyspiel.PlayerId.CHANCE
        state.apply_action(card_action(card))
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "wager", "wager_max", "showhand", "pot_0.5", "pot_1",
    ]  # fmt: skip
    state.apply_action(SHOWHAND)
    assert state.information_state_string(1).endswith("Showhand(0,290,290) AllIn(0)")
    assert "CardDealt(0,?,False)" in state.information_state_string(1)  # 2♣ hidden
    assert "CardDealt(1,3c,False)" in state.information_state_string(1)
    assert "2c" not in state.observation_string(1)
    tensor = state.information_state_tensor(1)
    assert len(tensor) == game.information_state_tensor_size()
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    state.apply_action(CHECK_CALL)
    state.apply_action(CHECK_CALL)
    for card in parse_cards("Qs Qh 8h  Js Jh 7h  Ts Th 6h"):
        state.apply_action(card_action(card))
    assert state.is_terminal()
    assert state.returns() == [600.0, -300.0, -300.0]


SMALL = "python_studpoker_show_hand(stack=20,cards=As Ks Qs Js Ts Ah Kh Qh Jh Th)"


def test_an_openspiel_algorithm_trains_on_a_small_show_hand() -> None:
    """OpenSpiel's outcome-sampling MCCFR on heads-up Show Hand dealt from ten cards,
    stacks of two antes: its average policy is a distribution over the legal actions of
    every information state it met, and it plays through head_to_head."""
    game = pyspiel.load_game(SMALL)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(3)
    for _ in range(300):
        solver.iteration()
    policy = solver.average_policy()
    rng = np.random.default_rng(1)
    met = 0
    for _ in range(50):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            probabilities = policy.action_probabilities(state)
            assert sorted(probabilities) == state.legal_actions()
            assert sum(probabilities.values()) == pytest.approx(1.0)
            met += 1
            state.apply_action(uniform_random(state, rng))
    assert met >= 50  # a decision a hand at least: the opener's, on second street
    mean, half = head_to_head(game, policy_chooser(policy), uniform_random, 40, seed=1)
    assert mean - half >= -40
    assert mean + half <= 40


def test_our_bot_beats_uniform_random_in_seven_card_stud() -> None:
    """A policy evaluated on a large game: the ``normal`` computer player against a
    uniformly random one over 200 duplicate hands of heads-up Seven Card Stud (100 big
    bets each): ahead by more than its 95% interval."""
    game = pyspiel.load_game("python_studpoker_seven_card_stud")
    mean, half = head_to_head(game, bot_chooser("normal", game), uniform_random, 200, seed=2)
    assert mean - half > 0, (mean, half)
    assert mean == pytest.approx(206.5)  # chips a hand (the big bet is 400), seeded


def test_a_computer_players_own_amount_becomes_the_nearest_action() -> None:
    """bot_chooser: an amount outside the game's actions (a Show Hand bet of 37 where
    the ids bet 10, 989 or the pot, 20; half the pot is the least bet, 10, given once)
    is played as the nearest (pot_1, 20)."""
    from studpoker.engine import Action
    from studpoker.rl.openspiel import nearest_action

    game = pyspiel.load_game("python_studpoker_show_hand")
    state = game.new_initial_state()
    for card in parse_cards("2c 3c As Kd"):
        state.apply_action(card_action(card))
    core = state.core
    assert [str(core.action_of(a)) for a in state.legal_actions()] == [
        "bet 10", "bet 989", "showhand", "bet 20",
    ]  # fmt: skip
    assert nearest_action(core, Action.parse("bet 37")) == 7
    assert nearest_action(core, Action.parse("bet 900")) == 4
    assert nearest_action(core, Action.parse("showhand")) == SHOWHAND


def test_the_small_deck_through_openspiel() -> None:
    game = pyspiel.load_game(SMALL)
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 10
    assert game.get_parameters()["cards"] == "As Ks Qs Js Ts Ah Kh Qh Jh Th"
