"""``stud train show-hand``: solve the abstract heads-up Show Hand game of a deck
(docs/bots.md, "Show Hand by the solver") and write the policy the solver's player
plays.

The abstraction is counted from ``--deals`` seeded deals, then Discounted CFR runs
``--iterations`` iterations; the exact exploitability is measured after 8, 16, 32 …
iterations (then every 256) and printed, and after each measurement the checkpoint is
written (``--checkpoint``, by default the policy's name with ``.checkpoint``): a
training stopped and started again with the same options goes on from it.  The
progress bar goes to stderr; ``--curve FILE`` writes the measurements as JSON.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from studpoker.bots.show_hand_cfr.training import Training

__all__ = ["add_parser"]

_MOST_BETWEEN = 256  # iterations between two measurements, at most


def add_parser(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "train",
        help="train a computer player (show-hand: the heads-up Show Hand solver)",
        description="Train a computer player's policy.",
    )
    games = parser.add_subparsers(dest="what", metavar="WHAT", required=True)
    show = games.add_parser(
        "show-hand",
        help="solve heads-up Show Hand by Discounted CFR",
        description=(
            "Solve the abstract heads-up Show Hand game of a deck by Discounted CFR and "
            "write its policy; the exact exploitability (antes a hand, in the abstract "
            "game) is printed as it trains, and a checkpoint written."
        ),
    )
    show.add_argument("--deck", type=int, choices=(52, 32, 28), default=52, help="the deck (52)")
    show.add_argument(
        "--iterations", type=_positive, default=2000, help="CFR iterations in all (2,000)"
    )
    show.add_argument(
        "--deals", type=_positive, default=100_000, help="deals the abstraction is counted from"
    )
    show.add_argument("--buckets", type=int, default=8, help="buckets a round (8)")
    show.add_argument("--stack", type=int, default=100, help="each stack in antes (100)")
    show.add_argument(
        "--no-least-bet",
        action="store_true",
        help="the opener bets half the pot, the pot or every chip, never R6.4's least (one ante)",
    )
    show.add_argument("--seed", type=int, default=0, help="the seed of the deals (0)")
    show.add_argument(
        "--out", type=Path, default=None, help="the policy's file (show_hand_<deck>.npz)"
    )
    show.add_argument("--checkpoint", type=Path, default=None, help="the checkpoint's file")
    show.add_argument("--curve", type=Path, default=None, help="write the measurements as JSON")
    show.add_argument("--no-progress", action="store_true", help="no progress bar")
    show.set_defaults(run=run)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not above 0")
    return value


def run(args: argparse.Namespace) -> int:
    out = args.out or Path(f"show_hand_{args.deck}.npz")
    checkpoint = args.checkpoint or out.with_name(out.stem + ".checkpoint.npz")
    console = Console(stderr=True)
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=args.no_progress,
    )
    with bar:
        counting = bar.add_task("counting the abstraction", total=100)

        def told(what: str, share: float) -> None:
            bar.update(counting, description=f"abstraction: {what}", completed=100 * share)

        training = Training(
            args.deck,
            deals=args.deals,
            buckets=args.buckets,
            stack=args.stack,
            least=not args.no_least_bet,
            seed=args.seed,
            checkpoint=checkpoint,
            progress=told,
        )
        bar.remove_task(counting)
        if training.iterations:
            print(f"taken up from {checkpoint} after {training.iterations:,} iterations")
        task = bar.add_task("iterations", total=args.iterations, completed=training.iterations)
        step = 8
        while training.iterations < args.iterations:
            due = min(max(step, 8), args.iterations - training.iterations, _MOST_BETWEEN)
            point = training.step(due)
            bar.update(task, completed=training.iterations)
            print(
                f"{point.iterations:>7,} iterations {point.seconds:8.1f} s  "
                f"exploitability {point.exploitability:.4f} antes a hand"
            )
            step = point.iterations
    policy = training.policy()
    policy.save(out)
    size = out.stat().st_size
    print(f"policy written to {out} ({size:,} bytes, {policy.tree.decisions:,} decisions)")
    if args.curve is not None:
        curve = [
            {
                "iterations": p.iterations,
                "seconds": round(p.seconds, 2),
                "exploitability": p.exploitability,
            }
            for p in training.curve
        ]
        args.curve.write_text(json.dumps(curve, indent=2) + "\n", encoding="utf-8")
    return 0
