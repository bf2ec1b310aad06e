"""Lower bounds on the exploitability of our heads-up policies by local best response
(studpoker.rl.lbr; docs/rl.md and docs/bots.md say what it is).

Usage (from the repository root)::

    .venv/bin/python bench/lbr.py --deck 28 --hands 400        # the shipped Show Hand policy
    .venv/bin/python bench/lbr.py --deck 52 --hands 400 --json

LBR plays the shipped Show Hand policy of the deck (``show_hand_solver``: the policy's
chances as SolverPlayer plays it) in the real game, 100 antes a stack: each deck twice,
LBR in each seat, a hand nobody can bet in any more valued at its expectation over the
cards to come (the same mean, less of the cards' luck); its checked-and-called-down
values from ``--samples`` run-outs, over every card the policy may hold down.  The
result is what LBR wins a hand, in antes, with the half-width of its 95% interval: a
lower bound on the policy's exploitability.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from rich.console import Console

from studpoker.rl import StudGame
from studpoker.rl.lbr import LocalBestResponse, lbr_match, show_hand_solver


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deck", type=int, default=28, choices=(28, 32, 52))
    parser.add_argument("--hands", type=int, default=400, help="hands (each deck twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=16, help="run-outs a value")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args(argv)
    game = StudGame("show_hand", deck=args.deck)
    lbr = LocalBestResponse(game, show_hand_solver(game), exact=0, samples=args.samples)
    start = time.perf_counter()
    mean, half, pairs = lbr_match(lbr, args.hands, seed=args.seed, all_in=True)
    ante = game.spec.ante
    result = {
        "game": "show_hand",
        "deck": args.deck,
        "hands": 2 * len(pairs),
        "seed": args.seed,
        "samples": args.samples,
        "antes_a_hand": round(mean / ante, 3),
        "half_width_antes": round(half / ante, 3),
        "seconds": round(time.perf_counter() - start, 1),
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        Console().print(
            f"LBR against the shipped {args.deck}-card Show Hand policy over "
            f"{result['hands']} hands: {result['antes_a_hand']:+.3f} antes a hand "
            f"± {result['half_width_antes']:.3f} (95%), {result['seconds']} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
