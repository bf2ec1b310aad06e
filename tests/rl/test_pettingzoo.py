"""Our games as PettingZoo and Gymnasium environments pass those libraries' own checks
(PettingZoo's ``api_test``, Gymnasium's ``check_env``), their action masks are the
game's legal actions, and the rewards are the hand's results in big bets."""

from __future__ import annotations

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo", reason="the rl extra (pip install studpoker[rl])")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from studpoker.rl import GAMES, StudGame  # noqa: E402
from studpoker.rl.game import information_state_size, observation_size  # noqa: E402
from studpoker.rl.pettingzoo import StudAECEnv, StudGymEnv, env  # noqa: E402


# The observation is a dict of the tensor and the action mask, as PettingZoo's own
# classic card games give it; api_test warns of a dict and of a dict's not being an array.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(("players", "perfect_recall"), [(2, False), (3, True)])
def test_pettingzoo_api_test(name: str, players: int, perfect_recall: bool) -> None:
    api_test(StudAECEnv(name, players, perfect_recall=perfect_recall), num_cycles=300)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_gymnasium_check_env(name: str) -> None:
    check_env(StudGymEnv(name, opponent="easy"), skip_render_check=True)


def test_a_hand_through_the_agent_environment_cycle() -> None:
    """Razz heads-up, seeded: each agent steps with a legal action from its mask until
    the hand ends; the rewards are the engine's results over the big bet, summing to
    zero, and every agent is told the end."""
    aec = env("razz", 2)
    aec.reset(seed=11)
    total = dict.fromkeys(aec.possible_agents, 0.0)
    rng = np.random.default_rng(4)
    steps = 0
    for agent in aec.agent_iter(max_iter=500):
        observation, reward, terminated, truncated, _ = aec.last()
        total[agent] += reward
        assert observation["observation"].shape == (observation_size(StudGame("razz")),)
        if terminated or truncated:
            aec.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.tolist() == [int(a in aec.state_now.legal_actions()) for a in range(len(mask))]
        aec.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 0
    net = aec.state_now.hand.result.net
    assert total == {"player_0": net[0] / 400, "player_1": net[1] / 400}
    assert sum(total.values()) == 0
    assert aec.agents == []


def test_an_action_outside_the_space_is_refused() -> None:
    aec = StudAECEnv("show_hand")
    aec.reset(seed=1)
    with pytest.raises(ValueError, match="8 is not an action of studpoker_show_hand_v0"):
        aec.step(8)
    with pytest.raises(ValueError, match="action 0 is not open now"):
        aec.step(0)  # the opener must bet (R6.4): no fold


def test_the_gymnasium_seat_plays_our_bots_to_the_end() -> None:
    """One seat against the ``normal`` player, each seat in turn: every step is the
    agent's turn, and the episode's reward is its result in big bets."""
    gym = StudGymEnv("seven_card_stud", 3, opponent="normal", seat=None, perfect_recall=True)
    rng = np.random.default_rng(2)
    seats = []
    for episode in range(6):
        observation, info = gym.reset(seed=episode)
        seats.append(info["seat"])
        assert observation["observation"].shape == (
            information_state_size(StudGame("seven_card_stud", 3)),
        )
        done, reward = False, 0.0
        while not done:
            state = gym.table.state
            assert state.current_player() == gym.seat
            mask = observation["action_mask"]
            observation, reward, done, _, _ = gym.step(int(rng.choice(np.flatnonzero(mask))))
        assert reward == gym.table.state.hand.result.net[gym.seat] / 400
    assert seats == [0, 1, 2, 0, 1, 2]
    with pytest.raises(ValueError, match="the hand is over: reset"):
        gym.step(1)


def test_a_closed_action_in_gymnasium_is_played_as_out_of_time() -> None:
    """An action the mask closes, sent anyway, is played as a player out of time plays
    (R8.1: check if free, else fold) and the step says it was illegal."""
    gym = StudGymEnv("seven_card_stud", opponent="easy", seat=0)
    observation, _ = gym.reset(seed=3)
    hand = gym.table.state.hand
    closed = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    timed_out = str(hand.default_action())
    before = len(hand.actions)
    _, _, _, _, info = gym.step(closed)
    assert info["illegal"] is True
    assert (hand.actions[before][0], str(hand.actions[before][1])) == (0, timed_out)
