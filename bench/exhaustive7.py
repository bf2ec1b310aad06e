"""Count the high category (R4.1) of every one of the 133,784,560 seven-card hands.

Usage (from the repository root)::

    .venv/bin/python bench/exhaustive7.py            # Rich progress bar and table
    .venv/bin/python bench/exhaustive7.py --no-progress

Every seven-card hand goes through :func:`studpoker.hands.batch.high` exactly
once and the categories are counted and compared with the textbook counts.  The
exit code is 0 when every count matches and 1 otherwise.

The hands are enumerated in blocks that keep memory bounded (some 15 MB of
codes per block): a hand is its two lowest cards ``a < b`` and five more cards
above ``b``.  The 5-combinations of ``range(50)`` are computed once, in
*colex* order (sorted by their largest element first), so the combinations of
the ``m`` cards above ``b`` are exactly the first ``C(m, 5)`` rows, shifted by
``b + 1``.  Each ``(a, b)`` block is then one slice and one addition.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from studpoker.hands import Category, batch

TOTAL: int = math.comb(52, 7)  # 133,784,560

# The number of seven-card hands in each high category (R4.1), best five of seven.
TEXTBOOK: dict[Category, int] = {
    Category.STRAIGHT_FLUSH: 41_584,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}
assert sum(TEXTBOOK.values()) == TOTAL


def colex_combinations(n: int, k: int) -> npt.NDArray[np.uint8]:
    """All k-combinations of ``range(n)`` (rows ascending), in colex order: the
    first ``C(m, k)`` rows are exactly the combinations of ``range(m)``."""
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(n), k)),
        dtype=np.uint8,
        count=math.comb(n, k) * k,
    )
    combos = flat.reshape(-1, k)
    # np.lexsort sorts by its last key first: the largest element is the primary key.
    order = np.lexsort(combos.T)
    return np.ascontiguousarray(combos[order])


def seven_card_blocks() -> Iterator[npt.NDArray[np.uint8]]:
    """Every seven-card hand exactly once, as ``(rows, 7)`` blocks of card codes."""
    tails = colex_combinations(50, 5)
    for a in range(52):
        for b in range(a + 1, 47):  # at least five cards above b
            count = math.comb(51 - b, 5)
            block = np.empty((count, 7), dtype=np.uint8)
            block[:, 0] = a
            block[:, 1] = b
            np.add(tails[:count], b + 1, out=block[:, 2:])
            yield block


def count_categories(*, progress: bool = True) -> dict[Category, int]:
    """The number of seven-card hands in each high category, by full enumeration."""
    counts = np.zeros(9, dtype=np.int64)
    if not progress:
        for block in seven_card_blocks():
            counts += np.bincount(batch.categories(batch.high(block, validate=False)), minlength=9)
        return {category: int(counts[category]) for category in TEXTBOOK}
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("hands"),
        TimeElapsedColumn(),
    )
    with Progress(*columns) as bar:
        task = bar.add_task("seven-card hands", total=TOTAL)
        for block in seven_card_blocks():
            values = batch.high(block, validate=False)
            counts += np.bincount(batch.categories(values), minlength=9)
            bar.advance(task, len(block))
    return {category: int(counts[category]) for category in TEXTBOOK}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    console = Console()
    start = time.perf_counter()
    counts = count_categories(progress=not args.no_progress)
    elapsed = time.perf_counter() - start

    table = Table(title=f"All {TOTAL:,} seven-card hands ({elapsed:.1f} s)")
    table.add_column("category")
    table.add_column("counted", justify="right")
    table.add_column("textbook", justify="right")
    table.add_column("match")
    ok = True
    for category in sorted(TEXTBOOK, reverse=True):
        match = counts[category] == TEXTBOOK[category]
        ok &= match
        table.add_row(
            category.name.lower().replace("_", " "),
            f"{counts[category]:,}",
            f"{TEXTBOOK[category]:,}",
            "[green]yes[/]" if match else "[red]NO[/]",
        )
    table.add_row("total", f"{sum(counts.values()):,}", f"{TOTAL:,}", "")
    console.print(table)
    console.print("[green]all counts match[/]" if ok else "[red]counts differ[/]")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
