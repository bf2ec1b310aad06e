"""``stud sim``: bots play many hands against each other; each player's result per
100 hands with its 95% interval.

``--json`` prints the JSON summary to stdout instead of the table; ``--json FILE``
writes it to FILE and prints the table.  ``--chart FILE.png`` draws the cumulative
winnings (needs matplotlib); ``--ray ADDRESS`` plays on a Ray cluster (needs ray;
``local`` starts one on this machine).  ``--duplicate`` plays every deck order once per
seat rotation, so the cards' luck cancels.  The progress bar goes to stderr.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from studpoker.bots import PLAYERS
from studpoker.games import GAMES
from studpoker.sim import simulate, write_chart


def add_parser(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "sim",
        help="play bots against each other over many hands",
        description=(
            "Play HANDS hands of GAME between computer players on every core, seats turning "
            "each hand and every stack reset each hand, and print each player's result in big "
            "bets (Show Hand: antes) per 100 hands with a 95%% interval. The same seed gives "
            "the same results, whatever the number of workers."
        ),
    )
    parser.add_argument("--game", choices=GAMES, default="seven_card_stud", help="the game")
    parser.add_argument(
        "--players",
        default="rules,station,random",
        help=f"players by name, comma-separated, one a seat ({', '.join(PLAYERS)}); "
        "default rules,station,random",
    )
    parser.add_argument("--hands", type=int, default=10_000, help="hands to play (10,000)")
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="play every deck once per seat rotation (heads-up: twice, seats swapped) and "
        "give the interval over the deals; hands are rounded up to whole deals",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed (default: a random one)")
    parser.add_argument("--workers", type=int, default=None, help="processes (every core)")
    parser.add_argument(
        "--stack", type=int, default=None, help="each stack in chips (100 big bets or antes)"
    )
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        default=None,
        metavar="FILE",
        help="write the JSON summary to FILE, or to stdout without FILE (no table then)",
    )
    parser.add_argument("--chart", metavar="FILE", help="draw cumulative winnings (.png …)")
    parser.add_argument("--ray", metavar="ADDRESS", help="run on a Ray cluster ('local': here)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)


@contextmanager
def _progress(total: int, show: bool) -> Iterator[Callable[[int], None]]:
    if not show:
        yield lambda hands: None
        return
    bar = Progress(
        TextColumn("hands"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with bar:
        task = bar.add_task("hands", total=total)
        yield lambda hands: bar.advance(task, hands)


def run(args: argparse.Namespace) -> int:
    players = [name.strip() for name in args.players.split(",") if name.strip()]
    count = max(len(players), 1)
    total = -(-args.hands // count) * count if args.duplicate else args.hands
    with _progress(total, not args.no_progress and args.hands > 0) as progress:
        result = simulate(
            args.game,
            players,
            args.hands,
            seed=args.seed,
            workers=args.workers,
            stack=args.stack,
            curves=args.chart is not None,
            ray_address=args.ray,
            progress=progress,
            duplicate=args.duplicate,
        )
    summary = json.dumps(result.summary(), indent=2)
    if args.json == "-":
        print(summary)
    else:
        print(result.table())
        if args.json is not None:
            with open(args.json, "w", encoding="utf-8") as file:
                file.write(summary + "\n")
    if args.chart is not None:
        write_chart(result, args.chart)
    return 0
