"""``stud import FILE… --as NAME``: one's own hands into the room's database, beside the
room's; ``stud stats PLAYER``: a player's statistics (docs/study.md)."""

from __future__ import annotations

import argparse
import datetime
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from studpoker.cli.serve import DEFAULT_DATABASE
from studpoker.games.spec import MAX_SEATS, MIN_SEATS

GAMES = ("seven_card_stud", "stud_hilo", "razz", "five_card_stud", "show_hand")


def add_parser(commands: Any) -> None:
    imports = commands.add_parser(
        "import",
        help="import one's own hand histories (eleven sites' and PHH) to study them",
        description=(
            "Import hand histories into the room's database as the account NAME's own "
            "hands: the files of PokerStars, Full Tilt, Winamax, WPN, KingsClub, iPoker, "
            "PartyPoker, Bovada, Everleaf, OnGame and Merge (any encoding the sites write) "
            "and PHH. "
            "A hand already imported for NAME (same site and number) is skipped; a hand "
            "that cannot be read is reported and skipped, the rest imported."
        ),
    )
    imports.add_argument("files", nargs="+", type=Path, metavar="FILE")
    imports.add_argument("--as", dest="owner", required=True, metavar="NAME",
                         help="the room account the hands are imported for")  # fmt: skip
    _database(imports)
    imports.add_argument("--json", action="store_true", help="the report as one JSON object")
    imports.set_defaults(run=run_import)

    stats = commands.add_parser(
        "stats",
        help="a player's stud statistics from the room's hands and one's imported hands",
        description=(
            "A player's statistics: VPIP, completions, steals judged by the up cards "
            "behind, bring-in defence, bets and raises by street, showdowns, results in "
            "big bets per 100 hands with a 95% interval, each with its sample size."
        ),
    )
    stats.add_argument("player", help="the player's name as the hands write it")
    stats.add_argument("--as", dest="owner", metavar="NAME",
                       help="count NAME's imported hands too")  # fmt: skip
    stats.add_argument("--only-imported", action="store_true", help="leave the room's hands out")
    stats.add_argument("--game", choices=GAMES)
    stats.add_argument("--big-bet", type=int, metavar="UNITS",
                       help="stakes: the big bet in the hands' unit (cents, or chips)")  # fmt: skip
    stats.add_argument("--currency", metavar="SIGN",
                       help="stakes in a site's money ($) or in chips (chips)")  # fmt: skip
    stats.add_argument("--since", type=_day, metavar="YYYY-MM-DD", help="played on or after")
    stats.add_argument("--until", type=_day, metavar="YYYY-MM-DD", help="played on or before")
    stats.add_argument("--table-size", type=_seats, metavar="N", help="tables of N seats")
    _database(stats)
    stats.add_argument("--json", action="store_true", help="one JSON object")
    stats.set_defaults(run=run_stats)


def _database(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--database",
        default=DEFAULT_DATABASE,
        help=f"SQLAlchemy URL (default {DEFAULT_DATABASE}; postgresql://user@host/db)",
    )


def _account_id(store: Any, name: str) -> int:
    account = store.account(name)
    if account is None:
        raise ValueError(f"no account {name!r} (register it in the room first)")
    return int(account.id)


def run_import(args: argparse.Namespace) -> int:
    from studpoker.store import Store
    from studpoker.study.importer import import_files

    for path in args.files:
        if not path.is_file():
            raise ValueError(f"{path}: no such file")
    console = Console(stderr=True)
    total = sum(path.stat().st_size for path in args.files)
    with Store(args.database) as store:
        store.migrate()
        owner = _account_id(store, args.owner)
        with Progress(
            TextColumn("importing"),
            BarColumn(),
            TaskProgressColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            disable=not console.is_terminal,
        ) as progress:
            task = progress.add_task("importing", total=total or None)
            report = import_files(
                store, owner, args.files, read=lambda n: progress.advance(task, n)
            )
    if args.json:
        print(json.dumps({
            "added": report.added, "duplicates": report.duplicates,
            "other_games": report.other_games, "errors": report.errors,
        }))  # fmt: skip
    else:
        for error in report.errors:
            print(f"skipped: {error}")
        print(
            f"{report.added} hands imported for {args.owner}, {report.duplicates} already "
            f"there, {report.other_games} of other games, {len(report.errors)} unreadable"
        )
    return 1 if report.errors and not report.read else 0


def _day(text: str) -> str:
    """A date as ``YYYY-MM-DD`` (argparse says so if it is not one)."""
    try:
        if len(text) == 10:
            return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"a date is YYYY-MM-DD, not {text!r}")


def _seats(text: str) -> int:
    """A table size: 2 to 10 seats."""
    if text.isdigit() and MIN_SEATS <= int(text) <= MAX_SEATS:
        return int(text)
    raise argparse.ArgumentTypeError(f"a table seats {MIN_SEATS} to {MAX_SEATS}, not {text!r}")


def run_stats(args: argparse.Namespace) -> int:
    from studpoker.store import Store, StudyFilter
    from studpoker.study.stats import player_stats, room_hands_studied

    with Store(args.database) as store:
        store.migrate()
        owner = None if args.owner is None else _account_id(store, args.owner)
        if args.only_imported and owner is None:
            raise ValueError("--only-imported needs --as NAME (whose imported hands)")
        room_hands_studied(store)
        where = StudyFilter(
            owner_id=owner,
            game=args.game,
            big_bet=args.big_bet,
            since=args.since,
            until=args.until,
            table_size=args.table_size,
            room=not args.only_imported,
            currency=None if args.currency is None else args.currency.replace("chips", ""),
        )
        stats = player_stats(store, args.player, where)
    if args.json:
        print(json.dumps({
            "player": stats.name, "hands": stats.hands, "net": stats.net,
            "bb_per_100": stats.bb_per_100, "interval": stats.interval,
            "aggression": stats.aggression,
            "aggression_frequency": [stats.aggression_frequency.count,
                                     stats.aggression_frequency.sample],
            "stats": {k: [v.count, v.sample] for k, v in stats.shares.items()},
        }))  # fmt: skip
        return 0
    console = Console()
    if not stats.hands:
        console.print(f"no hands of {args.player!r} in these hands")
        return 1
    table = Table(title=f"{stats.name}: {stats.hands} hands")
    table.add_column("statistic")
    table.add_column("%", justify="right")
    table.add_column("of", justify="right")
    for label, share in stats.shares.items():
        if share.sample:
            shown = "–" if share.percent is None else f"{share.percent:.1f}"
            table.add_row(label, shown, f"{share.count}/{share.sample}")
    af = stats.aggression_frequency
    table.add_row("Aggression frequency (4th street on)", f"{af.percent or 0:.1f}",
                  f"{af.count}/{af.sample}")  # fmt: skip
    console.print(table)
    if stats.aggression is not None:
        console.print(f"Aggression factor (4th street on): {stats.aggression:.2f}")
    if stats.bb_per_100 is not None:
        low, high = stats.interval or (stats.bb_per_100, stats.bb_per_100)
        console.print(
            f"Results: {stats.bb_per_100:+.2f} big bets per 100 hands "
            f"(95%: {low:+.2f} to {high:+.2f}) over {stats.hands} hands"
        )
    return 0
