"""Our games as OpenSpiel games (``pip install studpoker[rl]``): importing this module
registers one Python game per game of ours, heads-up or up to the game's seats:

=============================  ===================================================
``python_studpoker_seven_card_stud``  Seven Card Stud (R2–R5)
``python_studpoker_stud_hilo``        Seven Card Stud Hi/Lo, eight or better (R4)
``python_studpoker_razz``             Razz (R4)
``python_studpoker_five_card_stud``   fixed-limit Five-Card Stud (R9)
``python_studpoker_show_hand``        Hong Kong Five-Card Stud, Show Hand (R6, R7)
=============================  ===================================================

Parameters: ``players`` (2), ``stack`` (0: 100 big bets, Show Hand 100 antes),
``stacks`` (``"1000 2000"``: each seat's, seat 0 first), every option of the game whose
value is a number, a flag or a word (``ante``, ``bring_in``, ``deck``, ``limit``,
``burn_cards`` …, RULES.md; at the preset's default) and, for Show Hand,
``pot_fractions`` (``"0.5 1"``); ``cards`` deals from those cards only (``"As Ks Qs
Js Ts Ah Kh Qh Jh Th"``: a small game, :class:`StudGame`).  The options whose default
is none (Show Hand's ``street_caps``, ``flush_beats_full_house``, ``ace_bridges_gap``)
are set through :class:`StudGame` itself.  The deal is chance nodes, a card each;
actions and tensors are those of :mod:`studpoker.rl.game`.

>>> import pyspiel
>>> import studpoker.rl.openspiel
>>> game = pyspiel.load_game("python_studpoker_show_hand(deck=28)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 8, 52)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())      # 28 cards to deal from
(True, 28)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from studpoker.engine import Hand
from studpoker.rl.game import (
    CHANCE,
    GAMES,
    StudGame,
    StudState,
    action_names,
    fill_tensor,
    information_state_size,
    nearest_action,
    observation_size,
)

__all__ = [
    "GAME_CLASSES",
    "GAME_NAMES",
    "StudSpielGame",
    "StudSpielState",
    "bot_chooser",
    "head_to_head",
    "policy_chooser",
    "stud_game_of",
    "uniform_random",
]

# The OpenSpiel name of each of our games.
GAME_NAMES = {name: f"python_studpoker_{name}" for name in GAMES}
_LONG = {
    "seven_card_stud": "Seven Card Stud (studpoker)",
    "stud_hilo": "Seven Card Stud Hi/Lo (studpoker)",
    "razz": "Razz (studpoker)",
    "five_card_stud": "Five-Card Stud (studpoker)",
    "show_hand": "Show Hand, Hong Kong Five-Card Stud (studpoker)",
}


# Spec fields that are not options a game is played with, or not OpenSpiel parameters.
_NOT_PARAMETERS = {"game", "streets", "max_seats", "money_unit"}


def _spec_options(name: str) -> dict[str, Any]:
    """The preset's options an OpenSpiel parameter can set: those with a whole number,
    a flag or a word for a value, at the preset's default."""
    spec = GAMES[name]()
    return {
        field.name: getattr(spec, field.name)
        for field in dataclasses.fields(spec)
        if field.name not in _NOT_PARAMETERS
        and not field.name.startswith("_")
        and isinstance(getattr(spec, field.name), int | str)  # bool is an int
    }


def _parameters(name: str) -> dict[str, Any]:
    params: dict[str, Any] = {"players": 2, "stack": 0, "stacks": "", "cards": ""}
    if name == "show_hand":
        params["pot_fractions"] = "0.5 1"
        params["short_call_excess"] = "return"  # StudGame's default (a hand, no next one)
    return _spec_options(name) | params


def stud_game_of(name: str, params: dict[str, Any]) -> StudGame:
    """The :class:`StudGame` an OpenSpiel game's parameters describe: the options that
    differ from the preset's are given to it (so that what the preset derives from
    them, such as Show Hand's seats from its deck, follows)."""
    defaults = _spec_options(name)
    unknown = set(params) - set(_parameters(name))
    if unknown:
        raise ValueError(f"{', '.join(sorted(unknown))}: not a parameter of {GAME_NAMES[name]}")
    options = {k: v for k, v in params.items() if k in defaults and v != defaults[k]}
    if name == "show_hand":
        options["short_call_excess"] = params.get("short_call_excess", "return")
    stacks_text = str(params.get("stacks", "")).split()
    stack = int(params.get("stack", 0)) or None
    fractions = tuple(float(f) for f in str(params.get("pot_fractions", "0.5 1")).split())
    return StudGame(
        name,
        int(params.get("players", 2)),
        stack,
        stacks=[int(s) for s in stacks_text] if stacks_text else None,
        pot_fractions=fractions,
        cards=str(params.get("cards", "")),
        **options,
    )


def _game_type(name: str) -> pyspiel.GameType:
    top = GAMES[name]().max_seats
    return pyspiel.GameType(
        short_name=GAME_NAMES[name],
        long_name=_LONG[name],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=top,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(name),
    )


class StudSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games for OpenSpiel; ``stud`` is the :class:`StudGame`."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        given = dict(_parameters(name), **(params or {}))
        stud = stud_game_of(name, given)
        info = pyspiel.GameInfo(
            num_distinct_actions=stud.num_distinct_actions,
            max_chance_outcomes=stud.max_chance_outcomes,
            num_players=stud.players,
            min_utility=stud.min_utility,
            max_utility=stud.max_utility,
            utility_sum=0.0,
            max_game_length=stud.max_game_length,
        )
        super().__init__(_game_type(name), info, given)
        self.stud = stud

    def new_initial_state(self) -> StudSpielState:
        return StudSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> StudObserver:
        perfect = iig_obs_type is not None and iig_obs_type.perfect_recall
        return StudObserver(self.stud, perfect_recall=perfect, params=params)


class StudSpielState(pyspiel.State):  # type: ignore[misc]
    """A hand for OpenSpiel: a :class:`StudState` behind OpenSpiel's state API."""

    def __init__(self, game: StudSpielGame) -> None:
        super().__init__(game)
        self.stud = game.stud
        self.core = StudState(game.stud)

    def current_player(self) -> int:
        player = self.core.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player < 0:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self.core.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.core.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.core.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            from studpoker.cards import Card

            return f"deal {Card.from_code(action)}"
        return action_names(self.stud)[action]

    def is_terminal(self) -> bool:
        return self.core.is_terminal()

    def returns(self) -> list[float]:
        return self.core.returns()

    def __str__(self) -> str:
        return str(self.core)


class StudObserver:
    """OpenSpiel's observer of our games: the information state (perfect recall) or
    the observation, as a string and a flat tensor."""

    def __init__(
        self, game: StudGame, *, perfect_recall: bool, params: dict[str, Any] | None = None
    ) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params!r}")
        self.perfect_recall = perfect_recall
        size = information_state_size(game) if perfect_recall else observation_size(game)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: StudSpielState, player: int) -> None:
        fill_tensor(self.tensor, state.core, player, perfect_recall=self.perfect_recall)

    def string_from(self, state: StudSpielState, player: int) -> str:
        core = state.core
        if self.perfect_recall:
            return core.information_state_string(player)
        return core.observation_string(player)


# One class a game, as OpenSpiel's own Python games register (a registered function
# crashes the interpreter's exit) and named at the module's top, so that they pickle.


class SevenCardStudGame(StudSpielGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("seven_card_stud", params)


class StudHiloGame(StudSpielGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("stud_hilo", params)


class RazzGame(StudSpielGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("razz", params)


class FiveCardStudGame(StudSpielGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("five_card_stud", params)


class ShowHandGame(StudSpielGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("show_hand", params)


# The game classes, by our name (each registered with OpenSpiel as GAME_NAMES gives it).
GAME_CLASSES: dict[str, type[StudSpielGame]] = {
    "seven_card_stud": SevenCardStudGame,
    "stud_hilo": StudHiloGame,
    "razz": RazzGame,
    "five_card_stud": FiveCardStudGame,
    "show_hand": ShowHandGame,
}


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name, cls in GAME_CLASSES.items():
        if GAME_NAMES[name] not in registered:
            pyspiel.register_game(_game_type(name), cls)


_register()


# -- playing policies against each other ----------------------------------------------

Chooser = Callable[[Any, np.random.Generator], int]
"""A way to play: the action it takes in an OpenSpiel state (its player's turn)."""


def uniform_random(state: Any, rng: np.random.Generator) -> int:
    """Each legal action alike."""
    legal = state.legal_actions()
    return int(legal[rng.integers(len(legal))])


def policy_chooser(policy: Any) -> Chooser:
    """An OpenSpiel policy (``policy.action_probabilities(state)``) as a chooser."""

    def choose(state: Any, rng: np.random.Generator) -> int:
        probabilities = policy.action_probabilities(state)
        actions = list(probabilities)
        weights = np.array([probabilities[a] for a in actions], dtype=float)
        return int(actions[rng.choice(len(actions), p=weights / weights.sum())])

    return choose


def bot_chooser(level: str, game: StudSpielGame, seed: int = 0) -> Chooser:
    """One of our computer players (``easy`` … ``expert``, studpoker.bots) as a chooser:
    it reads the hand as its seat sees it and answers; an amount outside the game's
    actions (a Show Hand bet of its own size) becomes the nearest one."""
    from studpoker.bots.levels import bot

    # Each seat's player and the hand it plays (a new one for each hand), and how many
    # of the hand's events it has been told.
    seated: dict[int, tuple[Hand, Any, list[int]]] = {}
    rng = random.Random(seed)

    def choose(state: Any, _: np.random.Generator) -> int:
        core: StudState = state.core
        hand = core.hand
        seat = core.current_player()
        entry = seated.get(seat)
        if entry is None or entry[0] is not hand:
            player = bot(level, game.stud.spec, random.Random(rng.random()))
            player.new_hand(seat, game.stud.spec)
            entry = seated[seat] = (hand, player, [0])
        player, told = entry[1], entry[2]
        events = hand.events_for(seat)
        player.observe(events[told[0] :])
        told[0] = len(events)
        return nearest_action(core, player.decide(core.hand.view(seat)))

    return choose


def head_to_head(
    game: Any, first: Chooser, second: Chooser, hands: int, *, seed: int = 0
) -> tuple[float, float]:
    """``first`` against ``second`` heads-up over ``hands`` hands, the seats swapped every
    hand and each deal played twice, once from each seat (duplicate: the cards' luck
    cancels): ``first``'s mean result a hand in chips and the half-width of its 95%
    interval."""
    if game.num_players() != 2:
        raise ValueError("head_to_head plays heads-up games")
    rng = np.random.default_rng(seed)
    results = []
    for _ in range(max(1, hands // 2)):
        deal_seed = int(rng.integers(2**63))
        pair = 0.0
        for seat in (0, 1):
            chance = np.random.default_rng(deal_seed)
            moves = np.random.default_rng(int(rng.integers(2**63)))
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(int(outcomes[chance.integers(len(outcomes))][0]))
                elif state.current_player() == seat:
                    state.apply_action(first(state, moves))
                else:
                    state.apply_action(second(state, moves))
            pair += state.returns()[seat]
        results.append(pair / 2)
    values = np.array(results)
    half = 1.96 * values.std(ddof=1) / np.sqrt(len(values)) if len(values) > 1 else float("inf")
    return float(values.mean()), float(half)
