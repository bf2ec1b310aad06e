"""``stud equity PLAYER PLAYER…``: each player's share of the pot.

Each player is one argument, their cards in dealing order with ``??`` for a card
dealt but unseen and the cards not dealt yet left out.  Every runout is counted
when they are few, else they are sampled (a 95% interval per player).  A Rich
table, or with ``--json`` one object: ``{"equities": [...], "exact": true,
"samples": N}``, plus ``"ci95"`` when sampled and ``"high"``, ``"low"`` and
``"scoop"`` in Stud/8.  ``--range N=RANGE`` limits what player N's unseen cards
may be (:mod:`studpoker.equity.ranges`).  Long runs show a progress bar on stderr.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from studpoker.cards import format_cards
from studpoker.cli.eval import add_show_hand_options
from studpoker.games import GAMES, GameSpec, preset

if TYPE_CHECKING:
    from studpoker.equity import Equity

# A run expected to take longer than this shows a progress bar.
_LONG_RUN = 1.0


def add_parser(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "equity",
        help="each player's share of the pot from the known cards",
        description=(
            "Each player's share of the pot. Give each player as one argument: their cards "
            "in dealing order (seven-card games: down, down, up, up, up, up, down; Show Hand "
            "and Five-Card Stud: down, up, up, up, up), '??' for a card dealt but unseen, "
            "cards not dealt yet "
            "left out. Unseen and future cards are drawn uniformly from the cards not "
            "known anywhere. Every runout is counted when there are few (exact), else "
            "they are sampled (Monte Carlo, with a 95%% interval)."
        ),
    )
    parser.add_argument("players", nargs="+", help="a player's cards, e.g. '?? ?? Qh Qd 9c'")
    parser.add_argument("--game", choices=GAMES, required=True, help="the game")
    parser.add_argument("--dead", default="", help="dead cards: folded up cards, e.g. '3c 8h'")
    parser.add_argument(
        "--community",
        metavar="CARD",
        help="the seven-card games' community card, dealt when the deck ran short on the "
        "last street (R7.4): every player's seventh card; give each player's six",
    )
    parser.add_argument(
        "--range",
        dest="ranges",
        action="append",
        default=[],
        metavar="N=RANGE",
        help=(
            "what player N's unseen cards ('??') may be, e.g. 2='QQ+, AKs' (two down cards), "
            "2='QXX, 9XX' (three), 1='K+' (Show Hand's and Five-Card Stud's one); X is any "
            "rank, s suited, "
            "o offsuit, + up to the ace or the first rank; repeat for more players"
        ),
    )
    parser.add_argument(
        "--samples", type=int, default=100_000, help="runouts to sample (default 100,000)"
    )
    parser.add_argument("--seed", type=int, help="random seed, for reproducible sampling")
    how = parser.add_mutually_exclusive_group()
    how.add_argument(
        "--exact", dest="exact", action="store_const", const=True, help="count every runout"
    )
    how.add_argument(
        "--monte-carlo", dest="exact", action="store_const", const=False, help="sample runouts"
    )
    parser.add_argument(
        "--exact-limit",
        type=int,
        default=2_000_000,
        help="count every runout when there are at most this many (default 2,000,000)",
    )
    add_show_hand_options(parser)
    parser.add_argument(
        "--no-suit-tiebreak",
        action="store_true",
        help="Show Hand: equal hands split instead of the suit deciding (R6.9)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="show a progress bar on stderr (default: on long runs at a terminal)",
    )
    parser.set_defaults(run=run)


def _spec(args: argparse.Namespace) -> GameSpec:
    if args.game == "show_hand":
        return preset(
            "show_hand",
            deck=args.deck,
            suit_order=args.suit_order,
            straight_face=args.straight_face,
            showdown_suit_tiebreak=not args.no_suit_tiebreak,
        )
    if args.deck != 52 or args.no_suit_tiebreak:
        raise ValueError("--deck and --no-suit-tiebreak apply to --game show_hand only")
    return preset(args.game)


class _Bar:
    """A progress callback that shows a Rich bar once a run looks long (or always
    or never, as ``--progress`` says)."""

    def __init__(self, console: Console, show: bool | None) -> None:
        self.console = console
        self.show = show
        self.started = time.perf_counter()
        self.progress: Progress | None = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.progress is None:
            if self.show is False or done >= total:
                return
            elapsed = time.perf_counter() - self.started
            expected = elapsed * total / done
            auto = self.console.is_terminal and expected > _LONG_RUN
            if not (self.show or auto):
                return
            self.progress = Progress(
                TextColumn("runouts"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=self.console,
            )
            self.progress.start()
            self.task = self.progress.add_task("equity", total=total)
        self.progress.update(self.task, completed=done)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


def _ranges(given: list[str], players: int) -> dict[int, str]:
    """``--range N=RANGE`` options by player index."""
    ranges: dict[int, str] = {}
    for option in given:
        number, equals, text = option.partition("=")
        if not equals or not number.strip().isdigit():
            raise ValueError(f"--range {option!r}: write the player's number, '=' and the range")
        player = int(number)
        if not 1 <= player <= players:
            raise ValueError(f"--range {option!r}: there is no player {player} of {players}")
        if player - 1 in ranges:
            raise ValueError(f"--range: player {player} has two ranges")
        ranges[player - 1] = text
    return ranges


def run(args: argparse.Namespace) -> int:
    # Imported here: the equity package loads NumPy, which other commands do without.
    from studpoker.equity import equity
    from studpoker.equity.position import read_player

    spec = _spec(args)
    ranges = _ranges(args.ranges, len(args.players))
    bar = _Bar(Console(stderr=True), args.progress)
    try:
        result = equity(
            spec,
            args.players,
            dead=args.dead,
            community=args.community,
            samples=args.samples,
            seed=args.seed,
            exact=args.exact,
            exact_limit=args.exact_limit,
            progress=bar,
            ranges=ranges,
        )
    finally:
        bar.close()
    if args.json:
        print(json.dumps(result.as_dict()))
        return 0
    players = [read_player(player) for player in args.players]
    board = None
    if args.community is not None:  # one card: the equity read it
        board = format_cards(
            [c for c in read_player(args.community) if c is not None], symbols=True
        )
    Console().print(_table(result, players, ranges, board))
    return 0


def _table(
    result: Equity,
    players: list[tuple[Any, ...]],
    ranges: dict[int, str],
    community: str | None = None,
) -> Table:
    if result.exact and result.samples == 1:
        caption = "exact: no card to come"
    elif result.exact:
        fit = " that fit the ranges" if ranges else ""
        caption = f"exact: all {result.samples:,} runouts{fit} counted"
    else:
        fit = " that fit the ranges" if ranges else ""
        caption = f"Monte Carlo: {result.samples:,} runouts{fit}, 95% intervals"
    if community is not None:
        caption = f"community card {community} (R7.4); {caption}"
    table = Table(caption=caption)
    for name in ("player", "cards", "equity"):
        table.add_column(name, justify="left" if name == "cards" else "right", no_wrap=True)
    if result.ci95 is not None:
        table.add_column("95% interval", justify="right", no_wrap=True)
    if result.high is not None:
        for name in ("high", "low", "scoop"):
            table.add_column(name, justify="right", no_wrap=True)
    for seat, cards in enumerate(players):
        shown = " ".join(
            "??" if card is None else format_cards([card], symbols=True) for card in cards
        )
        if seat in ranges:
            shown += f"  ({ranges[seat].strip()})"
        row = [str(seat + 1), shown, f"{result.equities[seat]:.2%}"]
        if result.ci95 is not None:
            low, high = result.ci95[seat]
            row.append(f"{low:.2%}–{high:.2%}")
        if result.high is not None and result.low is not None and result.scoop is not None:
            row += [f"{part[seat]:.2%}" for part in (result.high, result.low, result.scoop)]
        table.add_row(*row)
    return table
