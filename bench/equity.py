"""Time ``studpoker.equity`` against a straightforward equity loop with eval7.

Usage (from the repository root)::

    .venv/bin/python bench/equity.py            # Rich table
    .venv/bin/python bench/equity.py --json     # one JSON object on stdout

Three spots, two of issue 5 and one of Five-Card Stud, each counted in *showdowns
per second*: one runout of the unseen cards and its showdown between all the
players, up to each one's share of the pot.

* ``stud_hilo_fifth``: Stud/8, three-way on fifth street (``Ah 2d 5c 6s Kd``
  against ``?? ?? Qs Qc 9h`` and ``?? ?? 3h 4h 8h``).  Trillions of runouts: both
  sample them.  Ours is ``equity(..., samples=--samples)``; eval7's loop deals
  each runout with ``random.sample``, evaluates every high hand with
  ``eval7.evaluate`` and every eight-or-better low in plain Python (eval7 has no
  low): the distinct ranks 8 or lower, ace low, the lowest five if there are five.
* ``stud_seventh``: Seven Card Stud, heads-up on seventh street, the issue's
  ``As Ad Kc 7s 7d Ks 2c`` against ``?? ?? Qh Qd 9c 9h ??`` with ``3c 8h`` dead:
  9,139 runouts, which both count exactly (eval7's loop with
  ``itertools.combinations``).
* ``five_card_fourth``: Five-Card Stud (R9), heads-up on fourth street, ``Kh Kd 9s
  7c`` against ``?? Ah Qs Jd``: each player has a card to come and the villain's
  down card is unseen, 45 x C(44, 2) = 42,570 runouts, which both count exactly
  (eval7 evaluates the five-card hands; its loop deals the hero's card, then the
  villain's two from the rest).

Both run in this process on the same spot, in turn, round after round
(``--repeat``), with the garbage collector off; each one's best round is kept.  A
call shorter than 0.2 s is repeated within a round until the round takes that
long (ours counts the seventh-street spot in about a millisecond).
Ours includes reading the position.  Outside the timing the results are
compared: exact equities must be equal, sampled ones within their intervals
(a warning names any difference).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import math
import platform
import random
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from functools import partial
from importlib.metadata import version
from typing import Any

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

with warnings.catch_warnings():
    # eval7 0.1.x calls pyparsing functions that pyparsing 3.3 deprecates, on import.
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7
from rich.console import Console
from rich.table import Table

from studpoker.cards import Card
from studpoker.equity import Equity, equity

SPOTS: dict[str, dict[str, Any]] = {
    "stud_hilo_fifth": {
        "title": "Stud/8 3-way 5th, sampled",
        "game": "stud_hilo",
        "players": ["Ah 2d 5c 6s Kd", "?? ?? Qs Qc 9h", "?? ?? 3h 4h 8h"],
        "dead": "",
    },
    "stud_seventh": {
        "title": "7-stud heads-up 7th, exact",
        "game": "seven_card_stud",
        "players": ["As Ad Kc 7s 7d Ks 2c", "?? ?? Qh Qd 9c 9h ??"],
        "dead": "3c 8h",
    },
    "five_card_fourth": {
        "title": "5-stud heads-up 4th, exact",
        "game": "five_card_stud",
        "players": ["Kh Kd 9s 7c", "?? Ah Qs Jd"],
        "dead": "",
    },
}
# Cards a player holds at the showdown (R2.3, R9.1).
HAND_SIZE = {"seven_card_stud": 7, "stud_hilo": 7, "five_card_stud": 5}
MIN_SECONDS = 0.2
NAMES = [str(Card.from_code(code)) for code in range(52)]
EVAL7 = {name: eval7.Card(name) for name in NAMES}
# Ace-to-five rank of each card for the plain-Python low: ace 1, 2-8 as they are, 9+ none.
LOW_RANK = {name: ("A23456789TJQK".index(name[0]) + 1) for name in NAMES}


def eight_or_better(cards: Sequence[str]) -> tuple[int, ...] | None:
    """R4.3 in plain Python: the lowest five distinct ranks 8 or lower, highest first
    (smaller is better), or None when there are fewer than five."""
    ranks = sorted({LOW_RANK[card] for card in cards if LOW_RANK[card] <= 8})
    return tuple(reversed(ranks[:5])) if len(ranks) >= 5 else None


def shares(highs: list[int], lows: list[tuple[int, ...] | None] | None) -> list[float]:
    """Each player's part of the pot: ties split (R4.1), Stud/8 halves (R5.5)."""
    best = max(highs)
    winners = [i for i, h in enumerate(highs) if h == best]
    out = [0.0] * len(highs)
    qualifying = [low for low in lows or [] if low is not None]
    high_pot = 0.5 if qualifying else 1.0
    for i in winners:
        out[i] += high_pot / len(winners)
    if qualifying and lows is not None:
        best_low = min(qualifying)
        low_winners = [i for i, low in enumerate(lows) if low == best_low]
        for i in low_winners:
            out[i] += 0.5 / len(low_winners)
    return out


def eval7_equity(spot: dict[str, Any], samples: int, seed: int) -> tuple[list[float], int]:
    """The straightforward loop: deal the unseen cards (all ways, or ``samples``
    random ones when there are too many), evaluate each hand, split the pot."""
    players = [p.split() for p in spot["players"]]
    known = [[c for c in cards if c != "??"] for cards in players]
    seen = {c for cards in known for c in cards} | set(spot["dead"].split())
    unseen = [name for name in NAMES if name not in seen]
    missing = [HAND_SIZE[spot["game"]] - len(cards) for cards in known]
    hilo = spot["game"] == "stud_hilo"
    held = [[EVAL7[c] for c in cards] for cards in known]
    totals = [0.0] * len(players)
    evaluate = eval7.evaluate

    def showdown(dealt: Sequence[str]) -> None:
        hands, start = [], 0
        for cards, count in zip(known, missing, strict=True):
            hands.append(cards + list(dealt[start : start + count]))
            start += count
        highs = [
            evaluate(h + [EVAL7[c] for c in dealt[s : s + m]])
            for h, s, m in zip(held, starts, missing, strict=True)
        ]
        lows = [eight_or_better(hand) for hand in hands] if hilo else None
        for i, share in enumerate(shares(highs, lows)):
            totals[i] += share

    starts = list(itertools.accumulate([0, *missing[:-1]]))
    if len(players) == 2 and missing[0] == 0:
        count = math.comb(len(unseen), missing[1])
        for combo in itertools.combinations(unseen, missing[1]):
            showdown(combo)
    elif len(players) == 2 and spot["game"] == "five_card_stud":
        # Every runout: the hero's missing cards, then the villain's from the rest.
        count = 0
        for mine in itertools.combinations(unseen, missing[0]):
            rest = [card for card in unseen if card not in mine]
            for theirs in itertools.combinations(rest, missing[1]):
                showdown(mine + theirs)
                count += 1
    else:
        rng = random.Random(seed)
        drawn = sum(missing)
        for _ in range(samples):
            showdown(rng.sample(unseen, drawn))
        count = samples
    return [t / count for t in totals], count


def timed(run: Callable[[], Any], loops: int) -> tuple[float, Any]:
    """Seconds per call of ``run``, called ``loops`` times with the garbage
    collector off (as ``timeit`` does), and the last result."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(loops):
            result = run()
        return (time.perf_counter() - start) / loops, result
    finally:
        if enabled:
            gc.enable()


def measure(args: argparse.Namespace, log: Callable[[str], None]) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for key, spot in SPOTS.items():
        game, players, dead = spot["game"], spot["players"], spot["dead"]
        runs: dict[str, Callable[[], Any]] = {
            "ours": partial(equity, game, players, dead=dead, samples=args.samples, seed=args.seed),
            "eval7": partial(eval7_equity, spot, args.eval7_samples, args.seed),
        }
        # Warm up (ours reads its lookup tables) and choose how many calls make one
        # timing of at least MIN_SECONDS, so that a call of a millisecond is timed well.
        loops = {}
        for name, run in runs.items():
            run()
            once, _ = timed(run, 1)
            loops[name] = max(1, math.ceil(MIN_SECONDS / max(once, 1e-9)))
        best = dict.fromkeys(runs, math.inf)
        last: dict[str, Any] = {}
        for _ in range(args.repeat):
            for name, run in runs.items():
                last.pop(name, None)
                seconds, last[name] = timed(run, loops[name])
                best[name] = min(best[name], seconds)
        ours: Equity = last["ours"]
        theirs, count = last["eval7"]
        rate = {"ours": ours.samples / best["ours"], "eval7": count / best["eval7"]}
        for name in runs:
            log(f"{key}: {name} {rate[name]:,.0f} showdowns/s (best of {args.repeat})")
        if ours.exact:
            agree = all(abs(a - b) < 1e-9 for a, b in zip(ours.equities, theirs, strict=True))
        else:
            # eval7's sampled estimate against ours: both have sampling error.
            agree = all(
                abs(a - b) < 4 * ((high - low) / 2 / 1.96) * math.sqrt(1 + args.samples / count)
                for a, b, (low, high) in zip(ours.equities, theirs, ours.ci95 or (), strict=True)
            )
        results[key] = {
            "title": spot["title"],
            "exact": ours.exact,
            "showdowns": {"ours": ours.samples, "eval7": count},
            "seconds_per_call": {name: round(best[name], 5) for name in runs},
            "showdowns_per_second": {name: round(rate[name]) for name in runs},
            "ratio": round(rate["ours"] / rate["eval7"], 1),
            "equities": {"ours": list(ours.equities), "eval7": theirs},
            "agree": agree,
        }
    return {
        "spots": results,
        "samples": args.samples,
        "eval7_samples": args.eval7_samples,
        "repeat": args.repeat,
        "seed": args.seed,
        "python": platform.python_version(),
        "numpy": version("numpy"),
        "eval7": version("eval7"),
        "machine": platform.machine(),
    }


def report(result: dict[str, Any], console: Console) -> None:
    table = Table(title="Equity: showdowns evaluated per second")
    for column in ("spot", "", "showdowns", "showdowns/s", "ours ×"):
        table.add_column(column, justify="left" if column in ("spot", "") else "right")
    for spot in result["spots"].values():
        for name in ("ours", "eval7"):
            table.add_row(
                spot["title"] if name == "ours" else "",
                "studpoker" if name == "ours" else "eval7 loop",
                f"{spot['showdowns'][name]:,}",
                f"{spot['showdowns_per_second'][name]:,}",
                f"{spot['ratio']:,.1f}" if name == "eval7" else "",
            )
    console.print(table)
    for spot in result["spots"].values():
        shown = {
            name: " ".join(f"{e:.4f}" for e in spot["equities"][name]) for name in spot["equities"]
        }
        if spot["agree"]:
            console.print(f"{spot['title']}: equities {shown['ours']} (eval7 {shown['eval7']})")
        else:
            console.print(
                f"[bold red]WARNING[/] {spot['title']}: equities disagree: ours "
                f"{shown['ours']}, eval7 {shown['eval7']}"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--samples", type=int, default=1_000_000, help="our sampled runouts (1,000,000)"
    )
    parser.add_argument(
        "--eval7-samples", type=int, default=30_000, help="eval7's sampled runouts (30,000)"
    )
    parser.add_argument("--repeat", type=int, default=5, help="rounds (best kept; default 5)")
    parser.add_argument("--seed", type=int, default=2026, help="random seed (default 2026)")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    if args.samples < 1 or args.eval7_samples < 1 or args.repeat < 1:
        parser.error("--samples, --eval7-samples and --repeat must be positive")
    err = Console(stderr=True)

    def log(message: str) -> None:
        if not args.json:
            err.print(f"[dim]{message}[/]", highlight=False)

    result = measure(args, log)
    if args.json:
        print(json.dumps(result))
    else:
        report(result, Console())
    return 0


if __name__ == "__main__":
    sys.exit(main())
