"""The strength proof: heads-up matches between the players, every game, with 95%
intervals, as a Markdown table (and written into docs/bots.md with ``--update``).

Usage (from the repository root)::

    .venv/bin/python bench/strength.py --hands 100000            # the issue's proof
    .venv/bin/python bench/strength.py --hands 20000 --update docs/bots.md
    .venv/bin/python bench/strength.py --json

Each pair ``A-B`` plays ``--hands`` heads-up hands of each game with ``stud sim``'s
engine (``studpoker.sim.simulate``: stacks of 100 big bets or 100 antes reset each
hand, every core), in duplicate (``stud sim --duplicate``: every deck twice, the seats
swapped; ``--no-duplicate`` deals every hand its own cards, the seats turning), and the
table gives A's result against B in big bets (Show Hand: antes) per 100 hands with its
95% interval, and the share of the hands an ordinary match would need for the same
interval ("duplicate needs").  A pair *holds* when that interval is above zero.  The
default pairs are the ladder of the practice tables' levels (issues 19 and 36):
expert (the range-reading player; in Show Hand the solver's) beats hard (the equity
player), which beats normal (the rule-based player, ``rules``), which beats easy;
normal beats station, station beats random (and normal beats random); ``--pairs``
takes others (``hard-rules,rules-station``), ``--games`` some of the games
(``five_card_stud,razz``; every game of ``GAMES`` by default).
``--update FILE`` replaces the table between the lines ``<!-- strength:begin -->``
and ``<!-- strength:end -->`` of FILE.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from rich.console import Console

from studpoker.games import GAMES
from studpoker.sim import simulate

NAMES = {
    "seven_card_stud": "Seven Card Stud",
    "stud_hilo": "Stud/8",
    "razz": "Razz",
    "show_hand": "Show Hand",
    "five_card_stud": "Five-Card Stud",
}
BEGIN, END = "<!-- strength:begin -->", "<!-- strength:end -->"


def play(args: argparse.Namespace, log: Any) -> list[dict[str, Any]]:
    rows = []
    for game in args.games:
        for pair in args.pairs:
            first, second = pair.split("-")
            log(f"{NAMES[game]}: {first} against {second}, {args.hands:,} hands")
            result = simulate(
                game, [first, second], args.hands, seed=args.seed, workers=args.workers,
                duplicate=args.duplicate,
            )  # fmt: skip
            player = result.players[0]
            low, high = player.interval
            rows.append(
                {
                    "game": game,
                    "pair": pair,
                    "hands": result.hands,
                    "duplicate": args.duplicate,
                    "hands_needed": round(player.hands_needed, 3) if args.duplicate else None,
                    "unit": result.unit_name,
                    "per_100": round(player.per_100, 3),
                    "ci95": [round(low, 3), round(high, 3)],
                    "holds": low > 0,
                    "seconds": round(result.seconds, 1),
                }
            )
    return rows


def markdown(rows: list[dict[str, Any]], args: argparse.Namespace) -> str:
    how = "duplicate (every deck twice, the seats swapped)" if args.duplicate else "heads-up"
    flag = "" if args.duplicate else " --no-duplicate"
    lines = [
        f"{args.hands:,} {how} hands a match, seed {args.seed} "
        f"(`.venv/bin/python bench/strength.py --hands {args.hands}{flag}`, {date.today()}); "
        "the first player's result per 100 hands, big bets (Show Hand: antes), "
        "with its 95% interval"
        + (
            ", and the share of an ordinary match's hands duplicate needs for that interval."
            if args.duplicate
            else "."
        ),
        "",
        "| game | match | per 100 hands | 95% interval | above zero |"
        + (" duplicate needs |" if args.duplicate else ""),
        "| --- | --- | ---: | ---: | :---: |" + (" ---: |" if args.duplicate else ""),
    ]
    for row in rows:
        first, second = row["pair"].split("-")
        low, high = row["ci95"]
        needed = f" {100 * row['hands_needed']:.0f}% |" if args.duplicate else ""
        lines.append(
            f"| {NAMES[row['game']]} | {first} vs {second} | {row['per_100']:+.2f} "
            f"| [{low:+.2f}, {high:+.2f}] | {'yes' if row['holds'] else '**no**'} |{needed}"
        )
    return "\n".join(lines)


def update(path: Path, table: str) -> None:
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise SystemExit(f"{path} has no {BEGIN} … {END} lines to put the table between")
    path.write_text(pattern.sub(lambda _: f"{BEGIN}\n{table}\n{END}", text), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands a match (100,000)")
    parser.add_argument(
        "--pairs",
        default="expert-hard,hard-normal,normal-easy,normal-station,station-random,normal-random",
        help="matches as FIRST-SECOND, comma-separated",
    )
    parser.add_argument(
        "--games", default=",".join(GAMES), help="games, comma-separated (every game)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed (1)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument(
        "--no-duplicate",
        dest="duplicate",
        action="store_false",
        help="deal every hand its own cards (default: duplicate)",
    )
    parser.add_argument("--update", type=Path, metavar="FILE", help="write the table into FILE")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    args.pairs = [pair.strip() for pair in args.pairs.split(",") if pair.strip()]
    if args.hands < 1 or any(pair.count("-") != 1 for pair in args.pairs):
        parser.error("--hands must be positive and every pair FIRST-SECOND")
    args.games = [game.strip() for game in args.games.split(",") if game.strip()]
    if not args.games or any(game not in GAMES for game in args.games):
        parser.error(f"--games are some of {', '.join(GAMES)}")
    err = Console(stderr=True)

    def log(message: str) -> None:
        if not args.json:
            err.print(f"[dim]{message}[/]", highlight=False)

    rows = play(args, log)
    if args.json:
        print(json.dumps(rows))
        return 0
    table = markdown(rows, args)
    print(table)
    if args.update is not None:
        update(args.update, table)
        err.print(f"wrote the table into {args.update}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
