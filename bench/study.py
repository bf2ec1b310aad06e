"""How fast one's own hands import and their statistics come (issue 18, docs/study.md).

Writes a PokerStars file of ``--hands`` hands (the 32 real PokerStars hands of
``../shared/handhistories/pokerstars`` again and again, each copy renumbered so that
none is a duplicate), imports it with ``stud import``'s code into a fresh SQLite file
(read, events, facts, stored in batches: one core), then asks ``Hero``'s statistics
(every hand has him) and his winnings graph.  PokerKit 0.7.7, in the same process, loads
the same number of hands as PHH (``HandHistory.loads``: reading only, no replay, no
facts, nothing stored) — the reference the ratio is of.

Then every other site of ``../shared/handhistories`` (issue 37) the same way: for each
site (each of WPN's two formats apart) a file of ``--site-hands`` hands made of its sample
hands again and again (each copy's number made new), imported, its time a hand against
PokerStars' in the same run (the aim: within 2×).

    .venv/bin/python bench/study.py                  # 100,000 hands, 20,000 a site
    .venv/bin/python bench/study.py --hands 20000 --site-hands 5000 --json
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

from studpoker.history import (
    HandRecord,
    HistoryError,
    iter_history_texts,
    read_pokerstars,
    reader_for,
    replay,
    to_phh,
)
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


def site_files(site: Path, folder: Path, wanted: int) -> dict[str, tuple[Path, int]]:
    """For each format of the site whose samples are in the folder ``site`` (one for most
    sites; WPN's 2016 and 2019+), ``wanted`` of its sample hands written to a file in
    ``folder``, each copy's hand number made new (none is a duplicate): by the format's
    name, the file and how many hands it holds."""
    formats: dict[str, list[tuple[str, str]]] = {}  # name -> (number, text)
    for one in sorted(site.iterdir()):
        try:
            for item, text in iter_history_texts(one):
                if isinstance(item, HandRecord):
                    first = next(line for line in text.splitlines() if line.strip())
                    reader = reader_for(first)
                    year = "".join(ch for ch in type(reader).__name__ if ch.isdigit())
                    name = f"{item.site} {year}".strip()
                    formats.setdefault(name, []).append((item.number, text))
        except HistoryError:  # no hand of a site we read
            continue
    made: dict[str, tuple[Path, int]] = {}
    for name, hands in formats.items():
        path = folder / f"{name.replace(' ', '-')}.txt"
        written = 0
        with path.open("w", encoding="utf-8") as out:
            while written < wanted:
                for number, text in hands:
                    if written == wanted:
                        break
                    written += 1
                    out.write(text.replace(number, f"{number}{written:07}") + "\n\n\n")
        made[name] = (path, written)
    return made


def import_rate(path: Path, folder: Path) -> tuple[int, float]:
    """How many hands ``stud import``'s code imported of ``path`` into a fresh SQLite
    file, and in how many seconds."""
    url = f"sqlite:///{folder / f'{path.stem}.db'}"
    with Store(url) as store:
        store.migrate()
        owner = store.create_account("hero", "hash").id
        start = time.perf_counter()
        report = import_files(store, owner, [path])
        took = time.perf_counter() - start
    assert not report.errors, report.errors[:3]
    return report.added, took


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
    parser.add_argument("--site-hands", type=int, default=20_000)
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
        sites: dict[str, tuple[int, float]] = {}
        for site in sorted(SHARED.parent.iterdir()):
            if not site.is_dir() or site.name == "pokerstars":
                continue
            for name, (made, _) in site_files(site, Path(folder), args.site_hands).items():
                sites[name] = import_rate(made, Path(folder))
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
        "sites": {
            name: {
                "hands": count,
                "hands_per_second": round(count / took),
                # time a hand against PokerStars' (1: the same; the aim is at most 2)
                "time_a_hand_vs_pokerstars": round((took / count) / (imported / hands), 2),
            }
            for name, (count, took) in sites.items()
        },
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
    by_site = Table(title="import of each site's hands: time a hand against PokerStars' (aim ≤ 2)")
    by_site.add_column("site")
    by_site.add_column("hands", justify="right")
    by_site.add_column("hands/s", justify="right")
    by_site.add_column("time a hand ÷ PokerStars'", justify="right")
    by_site.add_row("PokerStars", f"{hands:,}", f"{ours:,.0f}", "1.00")
    for name, row in result["sites"].items():
        by_site.add_row(
            name,
            f"{row['hands']:,}",
            f"{row['hands_per_second']:,}",
            f"{row['time_a_hand_vs_pokerstars']:.2f}",
        )
    Console().print(by_site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
