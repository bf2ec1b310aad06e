"""Our games as PettingZoo environments (``pip install studpoker[rl]``): one hand an
episode, played by agents ``player_0`` … ``player_{n-1}`` (seat 0 first), the deal
drawn from the environment's seeded generator.

Each agent observes a dict: ``observation``, the observation tensor of
:mod:`studpoker.rl.game` (or, with ``perfect_recall=True``, the information-state
tensor), and ``action_mask``, 1 for each action open now.  Actions are
:mod:`studpoker.rl.game`'s ids.  Rewards come when the hand ends, in big bets (Show
Hand: antes), the unit stud results are read in.

>>> env = StudAECEnv("razz", players=2)
>>> env.reset(seed=7)
>>> env.agent_selection, env.observe(env.agent_selection)["action_mask"].tolist()
('player_1', [0, 0, 1, 1, 0, 0])
>>> StudGymEnv("razz", opponent="easy").reset(seed=1)[0]["action_mask"].shape
(6,)

:class:`StudGymEnv` is one seat of a table of our computer players, as a Gymnasium
environment: an agent learns against ``easy`` … ``expert`` (``studpoker.bots``).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from studpoker.bots.levels import bot
from studpoker.bots.player import Player
from studpoker.rl.game import (
    StudGame,
    StudState,
    fill_tensor,
    information_state_size,
    observation_size,
)

__all__ = ["StudAECEnv", "StudGymEnv", "env"]


def _unit(game: StudGame) -> int:
    spec = game.spec
    return max(spec.ante if spec.is_show_hand else spec.big_bet, 1)


class _Table:
    """What both environments share: the game, a hand, the deal's generator, the
    observation of a seat."""

    def __init__(self, game: StudGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        size = self.size = (
            information_state_size(game) if perfect_recall else observation_size(game)
        )
        # A stack can grow to every chip at the table: shares of one's start up to that.
        high = sum(game.starting) / min(game.starting)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, float(high), (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (game.num_distinct_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(game.num_distinct_actions)
        self.rng = random.Random()
        self.state = game.new_initial_state()

    def seed(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def new_hand(self) -> None:
        self.state = self.game.new_initial_state()
        self.deal()

    def deal(self) -> None:
        """Chance's moves up to the next decision or the end."""
        state, rng = self.state, self.rng
        while state.is_chance_node():
            left = state.legal_actions()
            state.apply_action(left[rng.randrange(len(left))])

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        state = self.state
        tensor = np.zeros(self.size, np.float32)
        fill_tensor(tensor, state, seat, perfect_recall=self.perfect_recall)
        mask = np.zeros(self.game.num_distinct_actions, np.int8)
        if state.current_player() == seat:
            mask[state.legal_actions()] = 1
        return {"observation": tensor, "action_mask": mask}

    def rewards(self) -> list[float]:
        unit = _unit(self.game)
        return [r / unit for r in self.state.returns()]


class StudAECEnv(AECEnv):  # type: ignore[misc]
    """A hand of ``game`` (a :class:`StudGame`, or a name and its arguments) between
    agents, PettingZoo's agent-environment cycle."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - each env names its game in its own
        "render_modes": ["human", "ansi"],
        "name": "studpoker_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: StudGame | str,
        players: int = 2,
        *,
        perfect_recall: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        stud = game if isinstance(game, StudGame) else StudGame(game, players, **options)
        self.table = _Table(stud, perfect_recall)
        self.metadata = dict(self.metadata, name=f"studpoker_{stud.name}_v0")
        self.possible_agents = [f"player_{seat}" for seat in range(stud.players)]
        self.agents = self.possible_agents[:]
        self.render_mode = render_mode

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.action_space

    @property
    def state_now(self) -> StudState:
        """The hand as a :class:`StudState` (every card: not for the agents)."""
        return self.table.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.table.seed(seed)
        self.table.new_hand()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        state = self.table.state
        if state.is_terminal():
            for agent, reward in zip(self.possible_agents, self.table.rewards(), strict=True):
                self.rewards[agent] = reward
                self.terminations[agent] = True
            self._accumulate_rewards()
            # Every agent is told the end in turn, seat 0 first (PettingZoo's dead steps).
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observe(self.possible_agents.index(agent))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not 0 <= int(action) < self.table.game.num_distinct_actions:
            raise ValueError(f"{action!r} is not an action of {self.metadata['name']}")
        self._cumulative_rewards[agent] = 0.0
        self.table.state.apply_action(int(action))
        self.table.deal()
        self._select()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        return str(self.table.state)

    def close(self) -> None:
        pass


def env(game: str, players: int = 2, **kwargs: Any) -> StudAECEnv:
    """PettingZoo's usual maker: ``env("razz")``."""
    return StudAECEnv(game, players, **kwargs)


class StudGymEnv(gymnasium.Env[Any, Any]):
    """One seat (``seat``, or each seat in turn with ``seat=None``) of a table where the
    other seats are our computer players (``opponent``: a level, easy … expert, or a
    :class:`~studpoker.bots.player.Player` maker), one hand an episode; the reward
    the seat's result in big bets (Show Hand: antes).  An action the mask closes is
    played as a player out of time plays (R8.1: check if free, else fold; the bring-in
    posted) and ``info["illegal"]`` says so."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - as gymnasium.Env

    def __init__(
        self,
        game: StudGame | str,
        players: int = 2,
        *,
        opponent: str = "normal",
        seat: int | None = 0,
        perfect_recall: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        stud = game if isinstance(game, StudGame) else StudGame(game, players, **options)
        if seat is not None and not 0 <= seat < stud.players:
            raise ValueError(f"seat {seat!r} is not at a table of {stud.players}")
        self.table = _Table(stud, perfect_recall)
        self.observation_space = self.table.observation_space
        self.action_space = self.table.action_space
        self.opponent = opponent
        self.fixed_seat = seat
        self.seat = seat or 0
        self.render_mode = render_mode
        self._hands = 0
        self._players: dict[int, Player] = {}
        self._told: dict[int, int] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.table.seed(seed)
        stud = self.table.game
        if self.fixed_seat is None:
            self.seat = self._hands % stud.players
        self._hands += 1
        self.table.new_hand()
        self._players = {}
        for other in range(stud.players):
            if other != self.seat:
                player = bot(self.opponent, stud.spec, random.Random(self.table.rng.random()))
                player.new_hand(other, stud.spec)
                self._players[other] = player
        self._told = dict.fromkeys(self._players, 0)
        self._others_act()
        return self.table.observe(self.seat), {"seat": self.seat}

    def _others_act(self) -> None:
        """The computer players answer until it is the agent's turn or the hand ends."""
        table, state = self.table, self.table.state
        while not state.is_terminal() and state.current_player() != self.seat:
            actor = state.current_player()
            player = self._players[actor]
            events = state.hand.events_for(actor)
            player.observe(events[self._told[actor] :])
            self._told[actor] = len(events)
            state.play(player.decide(state.hand.view(actor)))
            table.deal()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.table.state
        if state.is_terminal():
            raise ValueError("the hand is over: reset() deals the next")
        info: dict[str, Any] = {"seat": self.seat}
        if int(action) in state.legal_actions():
            state.apply_action(int(action))
        else:  # what a player out of time does (R8.1): check if free, else fold
            state.play(state.hand.default_action())
            info["illegal"] = True
        self.table.deal()
        self._others_act()
        done = state.is_terminal()
        reward = self.table.rewards()[self.seat] if done else 0.0
        return self.table.observe(self.seat), reward, done, False, info

    def render(self) -> str:
        return str(self.table.state)
