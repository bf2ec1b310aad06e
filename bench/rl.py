"""States stepped a second through each interface of studpoker.rl, against the same game
through OpenSpiel's PokerKit-based game and through PokerKit itself (issue 39: at least
10× both).

Usage (from the repository root)::

    .venv/bin/python bench/rl.py              # Rich table, targets PASS/MISS
    .venv/bin/python bench/rl.py --json       # one JSON object on stdout

For Seven Card Stud and Razz heads-up (the stud games OpenSpiel's
``python_pokerkit_wrapper`` plays), stacks of 100 big bets (40,000 chips), bring-in 50,
bets 200/400, random hands are played to the end, every legal action alike:

our interfaces —

* ``openspiel``: ``python_studpoker_<game>`` through pyspiel's state API
  (``chance_outcomes``, ``legal_actions``, ``apply_action``);
* ``direct``: :class:`studpoker.rl.StudState`, the same calls in Python;
* ``rl_environment``: OpenSpiel's RL environment (``rl_environment.Environment``) on
  ``python_studpoker_<game>``, chance sampled inside it;
* ``pettingzoo``: our AEC environment, chance sampled inside it;

— each against the two references: OpenSpiel's ``python_pokerkit_wrapper`` (variant
``FixedLimitSevenCardStud`` or ``FixedLimitRazz``) through pyspiel's state API (it has no
tensors, so OpenSpiel's RL environment cannot run it), and PokerKit's own ``State``, its
hole cards dealt one at a time (``deal_hole``) as chance deals ours.  A step is a state
stepped: a card dealt or a player's move.  Every legal move alike: PokerKit, like ours,
lets a player fold where checking is free (it warns; the warnings are silenced here).

Ours have an ante of 25 (the preset's); the wrapper's antes are "not yet officially
supported" (its own words), so its hands have none: its pots are smaller, not its work.
Each is timed in turn, round after round (``--rounds``), the garbage collector off, each
one's best round kept; a first hand of each is played before timing (our showdown's
tables are made on first use).
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import time
import warnings
from collections.abc import Callable
from importlib.metadata import version
from typing import Any

try:
    import studpoker
except ImportError:  # not installed: run from a checkout
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np
import pokerkit
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.games import pokerkit_wrapper  # noqa: F401 - registers the game
from pokerkit import Automation, Mode
from rich.console import Console
from rich.table import Table

import studpoker.rl.openspiel  # noqa: F401 - registers our games
from studpoker.rl import StudGame
from studpoker.rl.pettingzoo import StudAECEnv

GAMES = ("seven_card_stud", "razz")
NAMES = {"seven_card_stud": "Seven Card Stud", "razz": "Razz"}
VARIANTS = {"seven_card_stud": "FixedLimitSevenCardStud", "razz": "FixedLimitRazz"}
PK_GAMES = {"seven_card_stud": pokerkit.FixedLimitSevenCardStud, "razz": pokerkit.FixedLimitRazz}
STACK = 40_000
INTERFACES = ("openspiel", "direct", "rl_environment", "pettingzoo")
TARGET = 10.0


PLAYERS = [2]  # --players sets it


def theirs_game(game: str) -> Any:
    return pyspiel.load_game(
        "python_pokerkit_wrapper",
        {
            "variant": VARIANTS[game],
            "num_players": PLAYERS[0],
            "bring_in": 50,
            "small_bet": 200,
            "big_bet": 400,
            "stack_sizes": " ".join([str(STACK)] * PLAYERS[0]),
        },
    )


def ours_game(game: str) -> Any:
    return pyspiel.load_game(f"python_studpoker_{game}", {"stack": STACK, "players": PLAYERS[0]})


# -- one hand, counting steps -------------------------------------------------------------


def spiel_hand(game: Any, rng: random.Random) -> int:
    """A random hand through pyspiel's state API; ``StudState`` has the same methods."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


PK_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def pokerkit_hand(game: str, rng: random.Random) -> int:
    """A random PokerKit hand stepped as ours: a card dealt (``deal_hole``, from the deck
    PokerKit shuffled with the ``random`` module) or a move, every legal move alike."""
    random.seed(rng.random())
    state = PK_GAMES[game].create_state(
        PK_AUTOMATIONS,
        True,
        25,
        50,
        200,
        400,
        (STACK,) * PLAYERS[0],
        PLAYERS[0],
        mode=Mode.CASH_GAME,
    )
    steps = 0
    while state.status:
        if state.can_deal_hole():
            state.deal_hole()
        else:
            options: list[Callable[[], Any]] = []
            if state.can_post_bring_in():
                options.append(state.post_bring_in)
            if state.can_fold():
                options.append(state.fold)
            if state.can_check_or_call():
                options.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                options.append(state.complete_bet_or_raise_to)
            options[rng.randrange(len(options))]()
        steps += 1
    return steps


def rl_environment_hand(env: Any, rng: random.Random) -> int:
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        step = env.step([legal[rng.randrange(len(legal))]])
    return len(env.get_state.history())  # the cards dealt inside it and the moves


def pettingzoo_hand(env: StudAECEnv, rng: random.Random) -> int:
    env.reset(seed=rng.randrange(2**31))
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    return len(env.state_now.history)  # the cards dealt inside it and the moves


# -- timing ---------------------------------------------------------------------------------


def rate(play: Callable[[random.Random], int], hands: int, seed: int) -> tuple[float, int]:
    """Steps a second over ``hands`` hands, the garbage collector off; and the steps."""
    rng = random.Random(seed)
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        steps = sum(play(rng) for _ in range(hands))
        return steps / (time.perf_counter() - start), steps
    finally:
        if enabled:
            gc.enable()


OURS = ("openspiel", "direct", "rl_environment", "pettingzoo")
REFERENCES = ("pokerkit_wrapper", "pokerkit")


def runs(game: str, hands: int) -> dict[str, tuple[Callable[[random.Random], int], int]]:
    """Every timed run: name -> (one hand, hands a round)."""
    ours, theirs = ours_game(game), theirs_game(game)
    stud = StudGame(game, PLAYERS[0], stack=STACK)
    env = rl_environment.Environment(ours)
    aec = StudAECEnv(stud)
    few = max(1, hands // 20)  # PokerKit's OpenSpiel game is slow: fewer of its hands
    return {
        "openspiel": (lambda rng: spiel_hand(ours, rng), hands),
        "direct": (lambda rng: spiel_hand(stud, rng), hands),
        "rl_environment": (lambda rng: rl_environment_hand(env, rng), hands),
        "pettingzoo": (lambda rng: pettingzoo_hand(aec, rng), hands),
        "pokerkit_wrapper": (lambda rng: spiel_hand(theirs, rng), few),
        "pokerkit": (lambda rng: pokerkit_hand(game, rng), hands),
    }


def measure(args: argparse.Namespace, log: Callable[[str], None]) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for game in GAMES:
        plays = runs(game, args.hands)
        for play, _ in plays.values():
            play(random.Random(0))  # the first hand makes what is made once
        best: dict[str, float] = {}
        steps: dict[str, int] = {}
        for round_ in range(args.rounds):
            for name, (play, hands) in plays.items():
                per_second, count = rate(play, hands, args.seed + round_)
                best[name] = max(best.get(name, 0.0), per_second)
                steps[name] = count
            log(f"{NAMES[game]}: round {round_ + 1} of {args.rounds}")
        results[game] = {
            name: {"steps_per_second": round(best[name]), "steps_a_round": steps[name]}
            for name in plays
        }
        for name in OURS:
            for reference in REFERENCES:
                results[game][name][f"ratio_{reference}"] = round(best[name] / best[reference], 1)
    return {
        "machine": {
            "python": platform.python_version(),
            "processor": platform.processor() or platform.machine(),
            "open_spiel": version("open_spiel"),
            "pokerkit": version("pokerkit"),
            "pettingzoo": version("pettingzoo"),
        },
        "hands": args.hands,
        "rounds": args.rounds,
        "seed": args.seed,
        "players": args.players,
        "results": results,
    }


def report(result: dict[str, Any], console: Console) -> int:
    table = Table(title="States stepped a second: studpoker.rl against PokerKit (best round)")
    table.add_column("game")
    table.add_column("interface")
    for column in ("steps/s", "× pokerkit_wrapper", "× pokerkit", f"≥{TARGET:g}× both"):
        table.add_column(column, justify="right")
    missed = 0
    for game, rows in result["results"].items():
        for name in (*OURS, *REFERENCES):
            row = rows[name]
            cells = [NAMES[game], name, f"{row['steps_per_second']:,}"]
            if name in OURS:
                ratios = [row[f"ratio_{reference}"] for reference in REFERENCES]
                ok = min(ratios) >= TARGET
                missed += not ok
                cells += [f"{r:.1f}×" for r in ratios] + ["PASS" if ok else "MISS"]
            else:
                cells += ["", "", ""]
            table.add_row(*cells)
    console.print(table)
    return missed


def main(argv: list[str] | None = None) -> int:
    warnings.filterwarnings("ignore", "There is no reason for this player to fold")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400, help="hands a round (ours)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2, help="players a hand (2-8)")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args(argv)
    PLAYERS[0] = args.players
    console = Console(stderr=args.json)
    result = measure(args, lambda line: console.log(line))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    return 1 if report(result, console) else 0


if __name__ == "__main__":
    sys.exit(main())
