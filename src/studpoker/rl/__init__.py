"""Our games for game-AI research (issue 39): game trees with chance nodes
(:mod:`studpoker.rl.game`, no dependency), registered as OpenSpiel games
(:mod:`studpoker.rl.openspiel`) and wrapped as PettingZoo and Gymnasium environments
(:mod:`studpoker.rl.pettingzoo`); those two need ``pip install studpoker[rl]``.
docs/rl.md shows them at work."""

from studpoker.rl.game import (
    ACTION_NAMES,
    BRING_IN,
    CHANCE,
    CHECK_CALL,
    FOLD,
    GAMES,
    SHOWHAND,
    TERMINAL,
    WAGER,
    WAGER_MAX,
    StudGame,
    StudState,
    action_names,
    card_action,
)

__all__ = [
    "ACTION_NAMES",
    "BRING_IN",
    "CHANCE",
    "CHECK_CALL",
    "FOLD",
    "GAMES",
    "SHOWHAND",
    "TERMINAL",
    "WAGER",
    "WAGER_MAX",
    "StudGame",
    "StudState",
    "action_names",
    "card_action",
]
