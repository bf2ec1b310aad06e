"""Time our seven-card high evaluators against eval7, phevaluator, treys and PokerKit.

Usage (from the repository root)::

    .venv/bin/python bench/evaluator.py            # Rich table, targets PASS/MISS
    .venv/bin/python bench/evaluator.py --json     # one JSON object on stdout

The same random seven-card hands (distinct cards, fixed seed) go through every
evaluator.  Each hand is converted to the library's own card representation
before the clock starts; only the evaluation loop is timed, as a list
comprehension that collects one result per hand (a value for ``high``), with the
garbage collector off (as ``timeit`` does).  Fast evaluators are timed
in turn, round after round (``--repeat`` rounds, so that a slow spell of a shared
machine hits them all alike), and each one's best run is kept; treys and PokerKit are slow and are
timed once on a prefix of the hands (``--treys-hands``, ``--pokerkit-hands``).

Outside the timing, the results are checked: the scalar values must equal the
batch values on every hand, and every reference library must order the hands it
evaluated exactly as we do (same ties, same order).  A disagreement prints a
warning naming an example pair of hands; it usually means a wrong card
conversion, or a bug in one of the evaluators.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import platform
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import eval7
import phevaluator
import pokerkit
import treys
from rich.console import Console
from rich.table import Table

from studpoker.cards import Card
from studpoker.hands import batch
from studpoker.hands import high as scalar_high

KEYS = ("ours_batch", "ours_scalar", "eval7", "phevaluator", "treys", "pokerkit")
NAMES = {
    "ours_batch": "ours batch",
    "ours_batch_unchecked": "ours batch, no validate",
    "ours_scalar": "ours scalar",
    "eval7": "eval7",
    "phevaluator": "phevaluator",
    "treys": "treys",
    "pokerkit": "PokerKit",
}
BATCH_TARGET = 10.0  # the batch evaluator: at least this many times eval7
BATCH_AIM = 25.0
CARDS = tuple(Card.from_code(code) for code in range(52))


def deal(count: int, seed: int) -> npt.NDArray[np.uint8]:
    """``count`` seven-card hands of distinct cards, as an ``(count, 7)`` uint8 array."""
    rng = np.random.default_rng(seed)
    out = np.empty((count, 7), dtype=np.uint8)
    step = 1 << 16
    for start in range(0, count, step):
        rows = min(step, count - start)
        out[start : start + rows] = rng.random((rows, 52)).argsort(axis=1)[:, :7]
    return out


def best_time(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The shortest of ``repeat`` runs of ``run`` (gc off), and the last result."""
    best = float("inf")
    result = None
    for _ in range(repeat):
        result = None  # free the previous run's results before the next one
        enabled = gc.isenabled()
        gc.disable()
        try:
            start = time.perf_counter()
            result = run()
            elapsed = time.perf_counter() - start
        finally:
            if enabled:
                gc.enable()
        best = min(best, elapsed)
    return best, result


def ordering_errors(ours: npt.NDArray[np.int32], theirs: npt.NDArray[np.int64]) -> list[int]:
    """Indexes ``[i, j]`` of one pair of hands ordered differently, or ``[]``.

    ``theirs`` is the other library's result mapped so that bigger is better.
    """
    order = np.lexsort((theirs, ours))
    ours_sorted = ours[order].astype(np.int64)
    theirs_sorted = theirs[order]
    d_ours = np.diff(ours_sorted)
    d_theirs = np.diff(theirs_sorted)
    mismatch = ((d_ours == 0) != (d_theirs == 0)) | ((d_ours > 0) & (d_theirs <= 0))
    bad = np.flatnonzero(mismatch)
    if not len(bad):
        return []
    return [int(order[bad[0]]), int(order[bad[0] + 1])]


def ordering_errors_objects(ours: npt.NDArray[np.int32], theirs: Sequence[Any]) -> list[int]:
    """As :func:`ordering_errors`, for results that only support ``==`` and ``<``."""
    order = np.argsort(ours, kind="stable").tolist()
    for a, b in itertools.pairwise(order):
        same = theirs[a] == theirs[b]
        if (ours[a] == ours[b]) != same or (ours[a] < ours[b] and not theirs[a] < theirs[b]):
            return [a, b]
    return []


def show(row: npt.NDArray[np.uint8]) -> str:
    return " ".join(str(CARDS[code]) for code in row)


def measure(args: argparse.Namespace, log: Callable[[str], None]) -> dict[str, Any]:
    log(f"dealing {args.hands:,} seven-card hands (seed {args.seed})")
    codes = deal(args.hands, args.seed)
    rows = codes.tolist()
    n_treys = min(args.treys_hands, args.hands)
    n_pokerkit = min(args.pokerkit_hands, args.hands)
    rate: dict[str, float] = {}
    counted: dict[str, int] = {}
    checks: dict[str, str] = {}

    def record(key: str, seconds: float, count: int) -> None:
        rate[key] = count / seconds
        counted[key] = count
        log(f"{NAMES[key]}: {count:,} hands in {seconds:.3f} s, {rate[key]:,.0f}/s")

    # The fast evaluators, each on its own card representation made before timing.
    # Ours, scalar: tuples of Card objects.  eval7: lists of eval7.Card, bigger is
    # better.  phevaluator: its own card ids (rank * 4 + suit, the same order as ours,
    # but converted through its Card.to_id all the same), smaller is better.
    scalar_hands: list[Any] = [tuple(CARDS[code] for code in row) for row in rows]
    e7 = [eval7.Card(str(card)) for card in CARDS]
    eval7_hands = [[e7[code] for code in row] for row in rows]
    evaluate7 = eval7.evaluate
    ph = [phevaluator.Card.to_id(str(card)) for card in CARDS]
    ph_hands = [tuple(ph[code] for code in row) for row in rows]
    evaluate_ph = phevaluator.evaluate_cards
    runs: dict[str, Callable[[], Any]] = {
        "ours_batch": lambda: batch.high(codes),
        "ours_batch_unchecked": lambda: batch.high(codes, validate=False),
        "ours_scalar": lambda: [scalar_high(h).value for h in scalar_hands],
        "eval7": lambda: [evaluate7(h) for h in eval7_hands],
        "phevaluator": lambda: [evaluate_ph(*h) for h in ph_hands],
    }
    # Warm up (ours builds its lookup tables), then time the evaluators in turn,
    # round after round, so that a slow spell of the machine hits them all alike.
    batch.high(codes[:1000])
    scalar_high(scalar_hands[0])
    evaluate7(eval7_hands[0])
    evaluate_ph(*ph_hands[0])
    best = dict.fromkeys(runs, float("inf"))
    results: dict[str, Any] = {}
    for _ in range(args.repeat):
        for key, run in runs.items():
            results.pop(key, None)
            seconds, results[key] = best_time(run, 1)
            best[key] = min(best[key], seconds)
    for key in runs:
        record(key, best[key], args.hands)

    ours = results["ours_batch"]
    if not np.array_equal(ours, results["ours_batch_unchecked"]):
        checks["ours_batch_unchecked"] = "validate=False gives other values than validate=True"
    scalar = np.array(results["ours_scalar"], dtype=np.int64)
    if not np.array_equal(scalar, ours):
        i = int(np.flatnonzero(scalar != ours)[0])
        checks["ours_scalar"] = (
            f"scalar and batch values differ, e.g. {show(codes[i])}: {scalar[i]} != {ours[i]}"
        )

    def compare(key: str, count: int, theirs: Any, bigger_is_better: bool = True) -> None:
        if isinstance(theirs, np.ndarray):
            keyed = theirs if bigger_is_better else -theirs
            pair = ordering_errors(ours[:count], keyed)
        else:
            pair = ordering_errors_objects(ours[:count], theirs)
        if pair:
            a, b = pair
            checks[key] = (
                f"orders hands differently from ours, e.g. {show(codes[a])} (ours {ours[a]}) "
                f"vs {show(codes[b])} (ours {ours[b]})"
            )

    compare("eval7", args.hands, np.array(results["eval7"], dtype=np.int64))
    compare(
        "phevaluator",
        args.hands,
        np.array(results["phevaluator"], dtype=np.int64),
        bigger_is_better=False,
    )
    del results

    # treys: its prime-product ints, evaluate(hand, board) with 2 + 5 cards; smaller is
    # better.  Slow: timed once, on the first n_treys hands.
    tr = [treys.Card.new(str(card)) for card in CARDS]
    evaluator = treys.Evaluator()
    pairs = [
        ([tr[code] for code in row[:2]], [tr[code] for code in row[2:]]) for row in rows[:n_treys]
    ]
    evaluate_tr = evaluator.evaluate
    evaluate_tr(*pairs[0])
    seconds, result = best_time(lambda: [evaluate_tr(h, b) for h, b in pairs], 1)
    record("treys", seconds, n_treys)
    compare("treys", n_treys, np.array(result, dtype=np.int64), bigger_is_better=False)

    # PokerKit: StandardHighHand.from_game(hole, board), the best five of the seven
    # cards, with tuples of pokerkit.Card.  Very slow: timed once, on n_pokerkit hands.
    pk = [pokerkit.Card.clean(str(card))[0] for card in CARDS]
    pairs = [
        (tuple(pk[code] for code in row[:2]), tuple(pk[code] for code in row[2:]))
        for row in rows[:n_pokerkit]
    ]
    from_game = pokerkit.StandardHighHand.from_game
    from_game(*pairs[0])
    seconds, result = best_time(lambda: [from_game(h, b) for h, b in pairs], 1)
    record("pokerkit", seconds, n_pokerkit)
    compare("pokerkit", n_pokerkit, result)

    ratios = {
        "ours_batch": {key: rate["ours_batch"] / rate[key] for key in KEYS[2:]},
        "ours_scalar": {key: rate["ours_scalar"] / rate[key] for key in KEYS[2:]},
    }
    targets = {
        f"batch >= {BATCH_TARGET:g}x eval7": ratios["ours_batch"]["eval7"] >= BATCH_TARGET,
        "scalar >= phevaluator": rate["ours_scalar"] >= rate["phevaluator"],
    }
    return {
        **{key: round(rate[key]) for key in KEYS},
        "ours_batch_unchecked": round(rate["ours_batch_unchecked"]),
        "hands": counted,
        "ratios": {k: {lib: round(x, 2) for lib, x in v.items()} for k, v in ratios.items()},
        "targets": targets,
        "disagreements": checks,
        "seed": args.seed,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def report(result: dict[str, Any], console: Console) -> None:
    rates = {key: result[key] for key in (*KEYS, "ours_batch_unchecked")}
    table = Table(title="Seven-card high hand evaluation")
    table.add_column("library")
    table.add_column("hands timed", justify="right")
    table.add_column("evaluations/s", justify="right")
    table.add_column("ours batch ×", justify="right")
    table.add_column("ours scalar ×", justify="right")
    for key in ("ours_batch", "ours_batch_unchecked", "ours_scalar", *KEYS[2:]):
        batch_x = result["ratios"]["ours_batch"].get(key)
        scalar_x = result["ratios"]["ours_scalar"].get(key)
        table.add_row(
            NAMES[key],
            f"{result['hands'][key]:,}",
            f"{rates[key]:,}",
            "" if batch_x is None else f"{batch_x:,.2f}",
            "" if scalar_x is None else f"{scalar_x:,.2f}",
        )
    console.print(table)
    hands = result["hands"]
    console.print(
        f"treys timed on the first {hands['treys']:,} hands and PokerKit on the first "
        f"{hands['pokerkit']:,} (once each); the others on all {hands['ours_batch']:,}, "
        "best of the repeats."
    )
    batch_x = result["ratios"]["ours_batch"]["eval7"]
    scalar_x = result["ratios"]["ours_scalar"]["phevaluator"]
    for name, passed in result["targets"].items():
        mark = "[green]PASS[/]" if passed else "[red]MISS[/]"
        console.print(f"{mark}  {name}", end="")
        if name.startswith("batch"):
            console.print(f"  (measured {batch_x:.1f}x; aim {BATCH_AIM:g}x)")
        else:
            console.print(f"  (measured {scalar_x:.2f}x)")
    if not result["disagreements"]:
        console.print("All libraries order the checked hands exactly as we do.")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands (default 1,000,000)")
    parser.add_argument(
        "--treys-hands", type=int, default=200_000, help="hands timed for treys (default 200,000)"
    )
    parser.add_argument(
        "--pokerkit-hands", type=int, default=20_000, help="hands timed for PokerKit (20,000)"
    )
    parser.add_argument("--repeat", type=int, default=5, help="rounds of the fast ones (best kept)")
    parser.add_argument("--seed", type=int, default=2026, help="random seed (default 2026)")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.treys_hands < 1 or args.pokerkit_hands < 1 or args.repeat < 1:
        parser.error("--hands, --treys-hands, --pokerkit-hands and --repeat must be positive")

    err = Console(stderr=True)
    console = Console()

    def log(message: str) -> None:
        if not args.json:
            err.print(f"[dim]{message}[/]", highlight=False)

    result = measure(args, log)
    for key, message in result["disagreements"].items():
        err.print(f"[bold red]WARNING[/] {key}: {message}", highlight=False)
    if args.json:
        print(json.dumps(result))
    else:
        report(result, console)
    return 0


if __name__ == "__main__":
    sys.exit(main())
