"""The Show Hand solver's proof: the shipped policies' training (iterations and exact
exploitability in the abstract game), then heads-up duplicate matches of the solver's
player against the equity player's ``hard`` temper for each deck, with 95% intervals,
and the solver's decision time — a Markdown table (written into docs/bots.md with
``--update``).

Usage (from the repository root)::

    .venv/bin/python bench/solver.py --hands 20000
    .venv/bin/python bench/solver.py --hands 20000 --update docs/bots.md
    .venv/bin/python bench/solver.py --decks 28 --hands 2000 --opponent rules

Each match is ``simulate(show_hand(deck=D), ["solver", OPPONENT], HANDS, duplicate=True)``
(every deck order twice, the seats swapped, stacks of 100 antes reset each hand); the
table gives the solver's result in antes per 100 hands.  ``--update FILE`` replaces the
table between ``<!-- solver:begin -->`` and ``<!-- solver:end -->`` of FILE.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import time
from collections.abc import Sequence
from datetime import date
from pathlib import Path

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from rich.console import Console

from studpoker.bots import EquityPlayer, play_hand
from studpoker.bots.show_hand_cfr.player import SolverPlayer
from studpoker.bots.show_hand_cfr.policy import shipped
from studpoker.games import show_hand
from studpoker.sim import simulate

BEGIN, END = "<!-- solver:begin -->", "<!-- solver:end -->"


class _Timed(SolverPlayer):
    """The solver's player, each decision timed."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.seconds: list[float] = []

    def decide(self, view):  # type: ignore[no-untyped-def]
        began = time.perf_counter()
        action = super().decide(view)
        self.seconds.append(time.perf_counter() - began)
        return action


def decision_times(deck: int, hands: int) -> tuple[float, float]:
    """The mean and slowest decision of the solver, in milliseconds, over ``hands``
    heads-up hands against the equity player (one core, the policy loaded first)."""
    shipped(deck)
    rng = random.Random(deck)
    solver = _Timed(random.Random(1))
    spec = show_hand(deck=deck)
    for number in range(hands):
        other = EquityPlayer(random.Random(number), "hard")
        players = [solver, other] if number % 2 else [other, solver]
        play_hand(spec, players, [100 * spec.ante] * 2, rng=rng)
    return 1000 * statistics.fmean(solver.seconds), 1000 * max(solver.seconds)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands a match (20,000)")
    parser.add_argument("--decks", default="52,32,28", help="decks, comma-separated")
    parser.add_argument("--opponent", default="hard", help="the solver's opponent (hard)")
    parser.add_argument("--seed", type=int, default=5, help="seed (5)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--update", type=Path, metavar="FILE", help="write the table into FILE")
    args = parser.parse_args(argv)
    decks = [int(deck) for deck in args.decks.split(",") if deck.strip()]
    if args.hands < 2 or any(deck not in (52, 32, 28) for deck in decks):
        parser.error("--hands must be 2 or more and --decks some of 52, 32, 28")
    err = Console(stderr=True)
    lines = [
        f"{args.hands:,} duplicate hands a deck, seed {args.seed}, the solver against "
        f"`{args.opponent}` (`.venv/bin/python bench/solver.py --hands {args.hands}`, "
        f"{date.today()}); antes per 100 hands with the 95% interval; the policy's training "
        "and its exploitability in the abstract game (antes a hand); a decision's time "
        "over 200 hands.",
        "",
        "| deck | iterations | exploitability | per 100 hands | 95% interval | above zero "
        "| decision mean | slowest |",
        "| ---: | ---: | ---: | ---: | ---: | :---: | ---: | ---: |",
    ]
    for deck in decks:
        err.print(f"[dim]{deck} cards: solver against {args.opponent}, {args.hands:,} hands[/]")
        policy = shipped(deck)
        result = simulate(
            show_hand(deck=deck), ["solver", args.opponent], args.hands, seed=args.seed,
            workers=args.workers, duplicate=True,
        )  # fmt: skip
        player = result.players[0]
        low, high = player.interval
        mean, slowest = decision_times(deck, 200)
        lines.append(
            f"| {deck} | {policy.iterations:,} | {policy.exploitability:.3f} "
            f"| {player.per_100:+.2f} | [{low:+.2f}, {high:+.2f}] | "
            f"{'yes' if low > 0 else '**no**'} | {mean:.1f} ms | {slowest:.0f} ms |"
        )
    table = "\n".join(lines)
    print(table)
    if args.update is not None:
        text = args.update.read_text(encoding="utf-8")
        pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
        if not pattern.search(text):
            raise SystemExit(f"{args.update} has no {BEGIN} … {END} lines")
        args.update.write_text(
            pattern.sub(lambda _: f"{BEGIN}\n{table}\n{END}", text), encoding="utf-8"
        )
        err.print(f"wrote the table into {args.update}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
