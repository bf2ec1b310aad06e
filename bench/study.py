"""How fast one's own hands import and their statistics come (issue 18, docs/study.md).

Writes a PokerStars file of ``--hands`` hands (the 32 real PokerStars hands of
``../shared/handhistories/pokerstars`` again and again, each copy renumbered so that
none is a duplicate), imports it with ``stud import``'s code into a fresh SQLite file
(read, events, facts, stored in batches: one core), then asks ``Hero``'s statistics
(every hand has him) and his winnings graph.  PokerKit 0.7.7, in the same process, loads
the same number of hands as PHH (``HandHistory.loads``: reading only, no replay, no
facts, nothing stored) — the reference the ratio is of.

    .venv/bin/python bench/study.py                  # 100,000 hands
    .venv/bin/python bench/study.py --hands 20000 --json
"""

from __future__ import annotations

import argparse
import gc
import json
import re
import sys
import tempfile
import time
import warnings
from itertools import pairwise
from pathlib import Path
from typing import Any

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pokerkit import HandHistory
from rich.console import Console
from rich.table import Table

from studpoker.history import read_pokerstars, replay, to_phh
from studpoker.history.text import read_text
from studpoker.store import Store, StudyFilter
from studpoker.study.importer import import_files
from studpoker.study.stats import player_stats, winnings

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "handhistories" / "pokerstars"
_NUMBER = re.compile(r"^(PokerStars (?:Hand|Game) #)(\d+)", re.MULTILINE)


def the_file(path: Path, wanted: int) -> int:
    """``wanted`` hands written to ``path``; how many were written."""
    hands: list[str] = []
    for one in sorted(SHARED.glob("*.txt")):
        text = read_text(one)
        starts = [m.start() for m in _NUMBER.finditer(text)] + [len(text)]
        hands += [text[a:b].strip() + "\n\n\n" for a, b in pairwise(starts)]
    written = 0
    with path.open("w", encoding="utf-8") as out:
        while written < wanted:
            for hand in hands:
                if written == wanted:
                    break
                written += 1
                out.write(_NUMBER.sub(lambda m, n=written: f"{m.group(1)}{n}", hand, count=1))
    return written


def pokerkit_rate(wanted: int) -> float:
    """Hands a second PokerKit loads the real hands as PHH (those it can load)."""
    texts = []
    for one in sorted(SHARED.glob("*.txt")):
        for record in read_pokerstars(read_text(one)):
            if isinstance(record, Exception):
                continue
            hand = replay(record).hand
            assert hand is not None
            text = to_phh(hand)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    for _ in HandHistory.loads(text):
                        pass
            except (KeyError, ValueError):
                continue
            texts.append(text)
    n = 0
    gc.collect()
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while n < wanted:
            for text in texts:
                HandHistory.loads(text)
                n += 1
    return n / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--pokerkit-hands", type=int, default=20_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        hands = the_file(path, args.hands)
        url = f"sqlite:///{Path(folder) / 'stud.db'}"
        with Store(url) as store:
            store.migrate()
            owner = store.create_account("hero", "hash").id
            start = time.perf_counter()
            report = import_files(store, owner, [path])
            imported = time.perf_counter() - start
            assert report.added == hands, report
            assert not report.errors, report.errors[:3]
            where = StudyFilter(owner_id=owner, room=False)
            start = time.perf_counter()
            stats = player_stats(store, "Hero", where)
            summed = time.perf_counter() - start
            start = time.perf_counter()
            graph = winnings(store, "Hero", where)
            graphed = time.perf_counter() - start
            assert stats.hands == hands == len(graph.total)
    theirs = pokerkit_rate(args.pokerkit_hands)
    ours = hands / imported
    result: dict[str, Any] = {
        "hands": hands,
        "import_seconds": round(imported, 2),
        "import_hands_per_second": round(ours),
        "pokerkit_load_hands_per_second": round(theirs),
        "ratio": round(ours / theirs, 2),
        "stats_seconds": round(summed, 3),
        "graph_seconds": round(graphed, 3),
    }
    if args.json:
        print(json.dumps(result))
        return 0
    table = Table(title=f"study: {hands:,} PokerStars hands, SQLite, one core")
    table.add_column("work")
    table.add_column("ours", justify="right")
    table.add_column("PokerKit 0.7.7", justify="right")
    table.add_column("×", justify="right")
    table.add_row(
        "import (read, facts, store) vs load PHH",
        f"{ours:,.0f} hands/s ({imported:.1f} s)",
        f"{theirs:,.0f} hands/s",
        f"{ours / theirs:.2f}",
    )
    table.add_row("Hero's statistics", f"{summed:.3f} s", "", "")
    table.add_row("Hero's winnings graph", f"{graphed:.3f} s", "", "")
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
