"""How many PokerStars-format hands a second we read, and read and replay.

Usage (from the repository root)::

    .venv/bin/python bench/history.py            # Rich table
    .venv/bin/python bench/history.py --json     # one JSON object on stdout

The hands are the real PokerStars records in ``../shared/handhistories/pokerstars``
(32 hands of Seven Card Stud, Stud Hi/Lo and Razz), read from memory again and
again (``--copies`` of the whole text, default 100, so 3,200 hands a run).  Three
rates, hands per second, each the best of ``--rounds`` runs with the garbage
collector off:

* ``parse``: text to :class:`~studpoker.history.HandRecord` (every line read,
  amounts, cards, actions, pots);
* ``replay``: a record played through the engine with every fact checked;
* ``parse_and_replay``: both, as ``stud replay`` does.

PokerKit's hand-history paper reports 6,801 hands a second for its parser, the
reference point printed beside ours (a figure from its paper, not run here).
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from rich.console import Console
from rich.table import Table

from studpoker.history import HandRecord, read_pokerstars, replay
from studpoker.history.text import read_text

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "handhistories" / "pokerstars"
POKERKIT_PARSER = 6_801  # hands/s, PokerKit's hand-history paper


def timed(run: Callable[[], Any]) -> float:
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=100, help="copies of the records (100)")
    parser.add_argument("--rounds", type=int, default=3, help="runs, the best kept (3)")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    files = sorted(SHARED.glob("*.txt"))
    if not files:
        print(f"{SHARED} is missing: the shared hand histories are needed", file=sys.stderr)
        return 2
    one = "\n\n".join(read_text(path) for path in files)
    text = "\n\n".join([one] * args.copies)
    records = [r for r in read_pokerstars(text) if isinstance(r, HandRecord)]
    hands = len(records)
    unmatched = [r.number for r in records[: hands // args.copies] if not replay(r).matched]

    def parse() -> None:
        read_pokerstars(text)

    def replay_all() -> None:
        for record in records:
            replay(record)

    def both() -> None:
        for record in read_pokerstars(text):
            if isinstance(record, HandRecord):
                replay(record)

    rates = {}
    for name, run in (("parse", parse), ("replay", replay_all), ("parse_and_replay", both)):
        best = min(timed(run) for _ in range(args.rounds))
        rates[name] = hands / best
    result = {
        "hands": hands,
        **rates,
        "pokerkit_parser_paper": POKERKIT_PARSER,
        "unmatched": unmatched,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    table = Table(title="PokerStars hand histories: hands per second")
    table.add_column("work")
    table.add_column("hands/s", justify="right")
    table.add_column("× PokerKit's parser (paper)", justify="right")
    for name in ("parse", "replay", "parse_and_replay"):
        table.add_row(name, f"{rates[name]:,.0f}", f"{rates[name] / POKERKIT_PARSER:.2f}")
    console = Console()
    console.print(table)
    console.print(
        f"{hands:,} hands ({len(files)} files × {args.copies}); best of {args.rounds} runs; "
        f"Python {platform.python_version()}."
        + (f" Unmatched: {unmatched}" if unmatched else " Every hand matched.")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
