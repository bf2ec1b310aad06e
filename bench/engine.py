"""Time whole hands of our rules engine against PokerKit's.

Usage (from the repository root)::

    .venv/bin/python bench/engine.py            # Rich table, targets PASS/MISS
    .venv/bin/python bench/engine.py --json     # one JSON object on stdout

For each seven-card game (Seven Card Stud, Stud/8, Razz) both engines play
8-player hands two ways:

* ``random``: each player picks one of its legal actions at random, every kind
  alike (never a fold when checking is free; a bet or raise to a random one of
  its amounts): the issue's "random legal actions", whose hands mostly end on
  third or fourth street.  ``--weighted`` makes folding rarer than the other
  choices, so that most hands reach the showdown (weights: fold 0.15 when facing
  a bet; check, call or the bring-in 1; a completion, bet or raise 0.35);
* ``calldown``: everyone posts the bring-in, checks or calls to the showdown.

Ours is ``Hand(spec, stacks, rng=random.Random(seed))``, which shuffles its own
deck, records every event, and shows down with ``default_action``; the policy
then draws from the same generator (PokerKit's from the ``random`` module, which
shuffled its deck).  PokerKit
0.7.7's ``FixedLimitSevenCardStud``, ``…HighLowSplitEightOrBetter`` and
``FixedLimitRazz`` deal, show down and push the chips by its automations.  The
stakes are our presets' (7-stud and Razz: ante 25, bring-in 50, bets 200/400;
Stud/8: ante 40), every stack 20,000.  Five-Card Stud (ours only: PokerKit has no
such game) plays the same two ways at the ``five_card_stud()`` preset's stakes, and
Show Hand (ours only too) plays the same two ways with 8 players (``show_hand()`` preset, ante 10,
stacks 10,000; a random bet or raise is a random amount in the allowed range,
and a showhand is chosen with weight 0.05).

The engines are timed in turn, round after round (``--rounds``), on the same
seeded hands each round, with the garbage collector off, so that a slow spell
of a shared machine hits both alike; each one's best round is kept.  Rates are
hands per second, including creating the hand, shuffling and dealing.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import platform
import random
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from importlib.metadata import version
from typing import Any

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import pokerkit
from pokerkit import Automation, Mode
from rich.console import Console
from rich.table import Table

from studpoker.engine import Action, ActionKind, Hand
from studpoker.games import (
    GameSpec,
    five_card_stud,
    razz,
    seven_card_stud,
    show_hand,
    stud_hilo,
)

K = ActionKind
SEVEN_CARD = ("seven_card_stud", "stud_hilo", "razz")
OURS_ONLY = ("five_card_stud", "show_hand")  # PokerKit deals neither
MODES = ("random", "calldown")
PLAYERS = 8
STACK = 20_000
SHOW_HAND_STACK = 10_000
TARGETS = {"random": 10.0, "calldown": 30.0}  # at least this many times PokerKit
AIMS = {"random": 20.0, "calldown": 50.0}
NAMES = {
    "seven_card_stud": "Seven Card Stud",
    "stud_hilo": "Stud/8",
    "razz": "Razz",
    "show_hand": "Show Hand",
    "five_card_stud": "Five-Card Stud",
}
SPECS: dict[str, GameSpec] = {
    "seven_card_stud": seven_card_stud(),
    "stud_hilo": stud_hilo(),
    "razz": razz(),
    "show_hand": show_hand(),
    "five_card_stud": five_card_stud(),
}
PK_GAMES: dict[str, Any] = {
    "seven_card_stud": pokerkit.FixedLimitSevenCardStud,
    "stud_hilo": pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "razz": pokerkit.FixedLimitRazz,
}
PK_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

WAGERS = frozenset((K.COMPLETE, K.BET, K.RAISE))
BETTING = frozenset((K.FOLD, K.CHECK, K.CALL, K.BRING_IN, K.COMPLETE, K.BET, K.RAISE, K.SHOWHAND))
# The random policy's weight of each kind of action (a fold only when facing a bet).
WEIGHTS = {
    K.FOLD: 0.15,
    K.CHECK: 1.0,
    K.CALL: 1.0,
    K.BRING_IN: 1.0,
    K.COMPLETE: 0.35,
    K.BET: 0.35,
    K.RAISE: 0.35,
    K.SHOWHAND: 0.05,
}
UNIFORM = dict.fromkeys(WEIGHTS, 1.0)  # the default: every legal action alike
BRING_IN, CHECK, CALL = Action(K.BRING_IN), Action(K.CHECK), Action(K.CALL)


# -- the random policy, the same for both engines ------------------------------------


def pick(draw: Callable[[], float], items: Sequence[Any], odds: Sequence[float]) -> Any:
    """One of ``items`` at random, in proportion to ``odds`` (``draw`` in [0, 1))."""
    x = draw() * sum(odds)
    for item, weight in zip(items, odds, strict=True):
        x -= weight
        if x < 0:
            return item
    return items[-1]


# -- ours ---------------------------------------------------------------------------


def _plan(kinds: tuple[ActionKind, ...], weights: dict[ActionKind, float]) -> Plan:
    """The options the random policy picks from (no fold when checking is free) and
    their cumulative odds, for one list of legal kinds."""
    chosen = [i for i, kind in enumerate(kinds) if not (kind == K.FOLD and K.CHECK in kinds)]
    edges = list(itertools.accumulate(weights[kinds[i]] for i in chosen))
    return tuple(chosen), tuple(edges)


Plan = tuple[tuple[int, ...], tuple[float, ...]]
_PLANS: dict[int, dict[tuple[ActionKind, ...], Plan]] = {}  # by id(weights), then kinds
ACTIONS = {kind: Action(kind) for kind in ActionKind}


def ours_random(
    spec: GameSpec, stacks: list[int], seed: int, weights: dict[ActionKind, float] = UNIFORM
) -> Hand:
    """One hand with random legal actions (the policy of the module docstring; the
    same odds and draws as :func:`pick`, with the odds worked out once per list of
    legal kinds, so that the policy costs ours as little as it costs PokerKit)."""
    rng = random.Random(seed)  # shuffles the deck, then draws the policy's choices
    hand = Hand(spec, stacks, rng=rng)
    draw = rng.random
    plans = _PLANS.setdefault(id(weights), {})
    while not hand.is_over:
        if hand.round is None:
            hand.play_showdown()  # as PokerKit's showing-or-mucking automation does
            break
        legal = hand.legal_actions()
        kinds = tuple([option.kind for option in legal])
        plan = plans.get(kinds)
        if plan is None:
            plan = plans[kinds] = _plan(kinds, weights)
        chosen, edges = plan
        x = draw() * edges[-1]
        index = chosen[-1]
        for i, edge in zip(chosen, edges, strict=True):
            if x < edge:
                index = i
                break
        option = legal[index]
        if option.kind in WAGERS:
            if option.choices is not None:
                amount = option.choices[int(draw() * len(option.choices))]
            else:
                amount = rng.randint(option.minimum, option.maximum)
            hand.act(Action(option.kind, amount))
        else:
            hand.act(ACTIONS[option.kind])
    return hand


def ours_calldown(spec: GameSpec, stacks: list[int], seed: int) -> Hand:
    """One hand where everyone posts the bring-in, checks or calls to the showdown."""
    hand = Hand(spec, stacks, rng=random.Random(seed))
    while not hand.is_over:
        rnd = hand.round
        if rnd is None:
            hand.play_showdown()  # as PokerKit's showing-or-mucking automation does
            break
        if rnd.bring_in_due:
            hand.act(BRING_IN)
        elif spec.is_show_hand and rnd.level == 0 and not rnd.spoken:
            hand.act(hand.default_action())  # the Show Hand opener must bet (R6.4)
        else:
            hand.check_or_call()  # as PokerKit's check_or_call
    return hand


# -- PokerKit ---------------------------------------------------------------------------


def pokerkit_state(game: str) -> Any:
    spec = SPECS[game]
    return PK_GAMES[game].create_state(
        PK_AUTOMATIONS,
        True,
        spec.ante,
        spec.bring_in,
        spec.small_bet,
        spec.big_bet,
        (STACK,) * PLAYERS,
        PLAYERS,
        mode=Mode.TOURNAMENT,
    )


def pokerkit_random(game: str, seed: int, weights: dict[ActionKind, float] = UNIFORM) -> Any:
    """One PokerKit hand with the same random policy as :func:`ours_random`."""
    random.seed(seed)  # PokerKit shuffles its deck with the module's generator
    state = pokerkit_state(game)
    draw = random.random  # which then draws the policy's choices, as ours does
    while state.status:
        moves: list[Callable[[], Any]] = []
        odds: list[float] = []
        if state.can_post_bring_in():
            moves.append(state.post_bring_in)
            odds.append(weights[K.BRING_IN])
        else:
            if state.checking_or_calling_amount:
                moves.append(state.fold)
                odds.append(weights[K.FOLD])
            moves.append(state.check_or_call)
            odds.append(weights[K.CALL])
        if state.can_complete_bet_or_raise_to():
            moves.append(state.complete_bet_or_raise_to)  # fixed limit: its one amount
            odds.append(weights[K.RAISE])
        pick(draw, moves, odds)()
    return state


def pokerkit_calldown(game: str, seed: int) -> Any:
    """One PokerKit hand where everyone posts the bring-in, checks or calls."""
    random.seed(seed)
    state = pokerkit_state(game)
    while state.status:
        if state.can_post_bring_in():
            state.post_bring_in()
        else:
            state.check_or_call()
    return state


# -- timing -------------------------------------------------------------------------------


def timed(run: Callable[[], Any]) -> float:
    """Seconds ``run`` takes, the garbage collector off (as ``timeit`` does)."""
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        run()
        return time.perf_counter() - start
    finally:
        if enabled:
            gc.enable()


def runs(args: argparse.Namespace) -> dict[tuple[str, str, str], tuple[int, Callable[[], Any]]]:
    """Every timed run: (game, mode, engine) -> (hands, run)."""
    seeds = range(args.seed, args.seed + args.hands)
    pk_seeds = range(args.seed, args.seed + args.pokerkit_hands)
    stacks = [STACK] * PLAYERS
    weights = WEIGHTS if args.weighted else UNIFORM
    table: dict[tuple[str, str, str], tuple[int, Callable[[], Any]]] = {}
    for game in (*SEVEN_CARD, *OURS_ONLY):
        spec = SPECS[game]
        game_stacks = [SHOW_HAND_STACK] * PLAYERS if spec.is_show_hand else stacks

        def ours_runs(spec: GameSpec = spec, stacks: list[int] = game_stacks) -> tuple[Any, Any]:
            return (
                lambda: [ours_random(spec, stacks, seed, weights) for seed in seeds],
                lambda: [ours_calldown(spec, stacks, seed) for seed in seeds],
            )

        random_run, calldown_run = ours_runs()
        table[game, "random", "ours"] = (args.hands, random_run)
        table[game, "calldown", "ours"] = (args.hands, calldown_run)
        if game in PK_GAMES:

            def pokerkit_runs(game: str = game) -> tuple[Any, Any]:
                return (
                    lambda: [pokerkit_random(game, seed, weights) for seed in pk_seeds],
                    lambda: [pokerkit_calldown(game, seed) for seed in pk_seeds],
                )

            random_run, calldown_run = pokerkit_runs()
            table[game, "random", "pokerkit"] = (args.pokerkit_hands, random_run)
            table[game, "calldown", "pokerkit"] = (args.pokerkit_hands, calldown_run)
    return table


def measure(args: argparse.Namespace, log: Callable[[str], None]) -> dict[str, Any]:
    table = runs(args)
    # Warm up: both engines load their lookup tables on their first showdowns.
    for game in SEVEN_CARD:
        ours_calldown(SPECS[game], [STACK] * PLAYERS, args.seed)
        pokerkit_calldown(game, args.seed)
    ours_calldown(SPECS["show_hand"], [SHOW_HAND_STACK] * PLAYERS, args.seed)
    best = dict.fromkeys(table, float("inf"))
    for round_ in range(args.rounds):
        log(f"round {round_ + 1} of {args.rounds}")
        for key, (_, run) in table.items():
            best[key] = min(best[key], timed(run))
    result: dict[str, Any] = {}
    for (game, mode, engine), (hands, _) in table.items():
        rate = hands / best[game, mode, engine]
        result.setdefault(game, {}).setdefault(mode, {})[engine] = round(rate, 1)
    return result


def check_chips(args: argparse.Namespace) -> list[str]:
    """Outside the timing: every hand of ours ends, and keeps every chip (R1.4)."""
    problems = []
    for game, spec in SPECS.items():
        stacks = [SHOW_HAND_STACK if spec.is_show_hand else STACK] * PLAYERS
        for play in (ours_random, ours_calldown):
            for seed in range(args.seed, args.seed + 50):
                result = play(spec, stacks, seed).result
                if sum(result.stacks) + result.rollover != sum(stacks):
                    problems.append(f"{game} {play.__name__} seed {seed}: chips not conserved")
    return problems


# -- report -------------------------------------------------------------------------------


def targets(result: dict[str, Any]) -> dict[str, tuple[float, bool]]:
    """Each target: the measured ratio ours / PokerKit and whether it is met."""
    out = {}
    for game in SEVEN_CARD:
        for mode in MODES:
            rates = result[game][mode]
            ratio = rates["ours"] / rates["pokerkit"]
            out[f"{NAMES[game]} {mode} >= {TARGETS[mode]:g}x PokerKit"] = (
                ratio,
                ratio >= TARGETS[mode],
            )
    return out


def report(result: dict[str, Any], args: argparse.Namespace, console: Console) -> None:
    table = Table(title=f"Whole hands, {PLAYERS} players: hands per second")
    table.add_column("game")
    table.add_column("hands")
    table.add_column("ours", justify="right")
    table.add_column("PokerKit", justify="right")
    table.add_column("ours ×", justify="right")
    table.add_column("target (aim)", justify="right")
    for game in (*SEVEN_CARD, *OURS_ONLY):
        for mode in MODES:
            rates = result[game][mode]
            theirs = rates.get("pokerkit")
            table.add_row(
                NAMES[game],
                mode,
                f"{rates['ours']:,.0f}",
                "" if theirs is None else f"{theirs:,.1f}",
                "" if theirs is None else f"{rates['ours'] / theirs:,.1f}",
                "" if theirs is None else f"{TARGETS[mode]:g}× ({AIMS[mode]:g}×)",
            )
    console.print(table)
    console.print(
        f"Ours on {args.hands:,} hands, PokerKit on {args.pokerkit_hands:,} (seed {args.seed}); "
        f"best of {args.rounds} interleaved rounds"
        + (", weighted random policy." if args.weighted else ", every legal action alike.")
    )
    for name, (ratio, passed) in targets(result).items():
        mark = "[green]PASS[/]" if passed else "[red]MISS[/]"
        console.print(f"{mark}  {name}  (measured {ratio:.1f}x)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2_000, help="hands of ours a run (2,000)")
    parser.add_argument(
        "--pokerkit-hands",
        type=int,
        default=None,
        help="hands of PokerKit a run (500; 200 with --weighted, whose hands are long)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds, best kept (3)")
    parser.add_argument("--seed", type=int, default=2026, help="first hand's seed (2026)")
    parser.add_argument(
        "--weighted",
        action="store_true",
        help="random hands: fold less often, so that most hands reach the showdown",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    if args.pokerkit_hands is None:
        args.pokerkit_hands = 200 if args.weighted else 500
    if args.hands < 1 or args.pokerkit_hands < 1 or args.rounds < 1:
        parser.error("--hands, --pokerkit-hands and --rounds must be positive")

    err = Console(stderr=True)

    def log(message: str) -> None:
        if not args.json:
            err.print(f"[dim]{message}[/]", highlight=False)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit's notes on dealing from the muck
        for problem in check_chips(args):
            err.print(f"[bold red]WARNING[/] {problem}", highlight=False)
        result = measure(args, log)
    if args.json:
        print(json.dumps(result))
    else:
        report(result, args, Console())
        versions = f"Python {platform.python_version()}, PokerKit {version('pokerkit')}"
        Console().print(versions, highlight=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
