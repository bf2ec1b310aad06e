"""How many PokerStars-format hands a second we read, and read and replay.

Usage (from the repository root)::

    .venv/bin/python bench/history.py                    # Rich table, both builds
    .venv/bin/python bench/history.py --build python     # the Python package only
    .venv/bin/python bench/history.py --json             # one JSON object on stdout

The hands are the real PokerStars records in ``../shared/handhistories/pokerstars``
(32 hands of Seven Card Stud, Stud Hi/Lo and Razz), read from memory again and
again (``--copies`` of the whole text, default 100, so 3,200 hands a run).  Three
rates, hands per second, each the best of ``--rounds`` interleaved runs with the
garbage collector off:

* ``parse``: text to :class:`~studpoker.history.HandRecord` (every line read,
  amounts, cards, actions, pots);
* ``replay``: a record played through the engine with every fact checked;
* ``parse_and_replay``: both, as ``stud replay`` does.

PokerKit 0.7.7 runs in the same process on the same hands, written as PHH by
:func:`studpoker.history.phh.to_phh` (PokerKit reads no PokerStars text):
``HandHistory.loads`` (its parser) against our ``parse``, and ``loads`` plus
stepping through every state (its replay) against our ``parse_and_replay``.
Hands PokerKit cannot load or replay (its known gaps: the community card of R7.4,
an unknown card where it wants a rank) are counted and left out of its rate.
PokerKit's hand-history paper reports 6,801 hands a second for its parser on its
machine, printed as a further reference point.

Each is measured twice (``--build both``, the default): with the Python package, in
this process, and with the mypyc build of ``scripts/compile.py`` (the engine, the
PokerStars reader and the replay checker compiled; built if missing, about half a
minute), the whole measurement again in a child process with that build first on
``PYTHONPATH``, beside its own PokerKit, so each ratio is of one process.

Then a file of ``--file-hands`` hands (default 100,000: the records again and again,
about 220 MB) is written to a temporary folder and streamed through
``iter_history`` and ``replay`` in a child process, as ``stud replay`` does: its time
and the child's peak resident memory (``VmHWM``: not ``ru_maxrss``, which on Linux
starts at the parent's size), beside the same child's before the file (the
interpreter and the imports).
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import warnings

from pokerkit import HandHistory
from rich.console import Console
from rich.table import Table

from studpoker.engine import hand as hand_module
from studpoker.history import HandRecord, read_pokerstars, replay
from studpoker.history.phh import to_phh
from studpoker.history.text import read_text

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "handhistories" / "pokerstars"
POKERKIT_PAPER = 6_801  # hands/s, PokerKit's hand-history paper


def pokerkit_replay(text: str) -> None:
    for _ in HandHistory.loads(text):
        pass


def pokerkit_texts(records: list[HandRecord]) -> tuple[list[str], int]:
    """Each record as PHH, and how many PokerKit cannot load and replay."""
    texts, failed = [], 0
    for record in records:
        hand = replay(record).hand
        assert hand is not None
        text = to_phh(hand)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                pokerkit_replay(text)
        except (KeyError, ValueError):
            failed += 1
            continue
        texts.append(text)
    return texts, failed


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
    parser.add_argument(
        "--file-hands", type=int, default=100_000, help="hands of the streamed file (100,000)"
    )
    parser.add_argument(
        "--build",
        choices=("python", "compiled", "both"),
        default="both",
        help="ours as the Python package, as the mypyc build of scripts/compile.py, or "
        "each in turn (both, the default)",
    )
    args = parser.parse_args(argv)
    if args.build == "compiled":
        return compiled_run(args)
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

    phh, pokerkit_failed = pokerkit_texts(records[: hands // args.copies])
    phh_all = phh * args.copies

    def pokerkit_parse() -> None:
        for text in phh_all:
            HandHistory.loads(text)

    def pokerkit_both() -> None:
        for text in phh_all:
            pokerkit_replay(text)

    runs: tuple[tuple[str, Callable[[], Any], int], ...] = (
        ("parse", parse, hands),
        ("replay", replay_all, hands),
        ("parse_and_replay", both, hands),
        ("pokerkit_parse", pokerkit_parse, len(phh_all)),
        ("pokerkit_parse_and_replay", pokerkit_both, len(phh_all)),
    )
    best = dict.fromkeys((name for name, _, _ in runs), float("inf"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(args.rounds):  # interleaved, so a slow spell hits every run alike
            for name, run, _count in runs:
                best[name] = min(best[name], timed(run))
    rates = {name: count / best[name] for name, _, count in runs}
    streamed = stream_file(one, args.file_hands)
    result = {
        "compiled": hand_module.__file__.endswith(".so"),
        "hands": hands,
        **rates,
        "file": streamed,
        "pokerkit_hands": len(phh_all),
        "pokerkit_failed": pokerkit_failed * args.copies,
        "pokerkit_parser_paper": POKERKIT_PAPER,
        "unmatched": unmatched,
    }
    if args.build == "both":
        result["mypyc"] = compiled_result(args)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print_result(result, len(files), args)
    return 0


def compiled_result(args: argparse.Namespace) -> dict[str, Any]:
    """The same measurement in a child process whose ``studpoker`` is the mypyc build
    (its own PokerKit runs beside it there, so each ratio is of one process)."""
    folder = load_compile().build()
    env = {**os.environ, "PYTHONPATH": str(folder)}
    command = [sys.executable, __file__, "--json", "--build", "python"]
    command += ["--copies", str(args.copies), "--rounds", str(args.rounds)]
    command += ["--file-hands", str(args.file_hands)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    if not result["compiled"]:
        raise SystemExit(f"the child did not run the compiled build in {folder}")
    return result


def compiled_run(args: argparse.Namespace) -> int:
    result = compiled_result(args)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        files = len(list(SHARED.glob("*.txt")))
        print_result(result, files, args)
    return 0


def load_compile() -> Any:
    """scripts/compile.py, which builds the engine and the reader with mypyc."""
    path = Path(__file__).resolve().parents[1] / "scripts" / "compile.py"
    spec = importlib.util.spec_from_file_location("compile", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def print_result(result: dict[str, Any], files: int, args: argparse.Namespace) -> None:
    rates = result
    hands = result["hands"]
    streamed = result["file"]
    pokerkit_failed = result["pokerkit_failed"] // args.copies
    compiled = result.get("mypyc")
    theirs_both = "pokerkit_parse_and_replay"
    build = "mypyc" if result["compiled"] else "Python"
    table = Table(title="PokerStars hand histories: hands per second")
    table.add_column("work")
    table.add_column(f"ours, {build}", justify="right")
    table.add_column("PokerKit (PHH)", justify="right")
    table.add_column("×", justify="right")
    if compiled:
        table.add_column("ours, mypyc", justify="right")
        table.add_column("PokerKit (PHH)", justify="right")
        table.add_column("×", justify="right")
    for name, theirs in (
        ("parse", "pokerkit_parse"),
        ("parse_and_replay", theirs_both),
        ("replay", None),
    ):
        row = [name]
        for run in (rates, compiled) if compiled else (rates,):
            row.append(f"{run[name]:,.0f}")
            row.append(f"{run[theirs]:,.0f}" if theirs else "")
            row.append(f"{run[name] / run[theirs]:.1f}" if theirs else "")
        table.add_row(*row)
    console = Console(width=max(Console().width, 100))
    console.print(table)
    unmatched = result["unmatched"] + (compiled["unmatched"] if compiled else [])
    console.print(
        f"{hands:,} hands ({files} files × {args.copies}); PokerKit "
        f"{result['pokerkit_hands']:,} (it cannot load {pokerkit_failed} of the "
        f"{hands // args.copies}); best of {args.rounds} runs; Python "
        f"{platform.python_version()}, PokerKit 0.7.7"
        + (
            "; the mypyc build (scripts/compile.py) in a child process beside its own PokerKit"
            if compiled
            else ""
        )
        + f". PokerKit's paper: {POKERKIT_PAPER:,} hands/s for its parser (ours × "
        f"{rates['parse'] / POKERKIT_PAPER:.2f})."
        + (f" Unmatched: {unmatched}" if unmatched else " Every hand matched.")
    )
    for label, run in ((build, rates), ("mypyc", compiled)) if compiled else ((build, rates),):
        streamed = run["file"]
        rate = streamed["hands"] / streamed["seconds"]
        console.print(
            f"{label}: a {streamed['megabytes']:,.0f} MB file of {streamed['hands']:,} hands "
            f"streamed, read and replayed: {streamed['seconds']:,.1f} s ({rate:,.0f} hands/s), "
            f"peak memory {streamed['peak_mb']:,.0f} MB (the interpreter and the imports: "
            f"{streamed['base_mb']:,.0f} MB; the hand-value tables, read at the first "
            "showdown, most of the rest)."
        )


CHILD = """
import resource, sys, time
from studpoker.history import HandRecord, iter_history, replay
def peak_kib():
    # The high-water mark of this process's own memory (VmHWM).  Not ru_maxrss: on
    # Linux a child's ru_maxrss starts at its parent's size when it was forked.
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
base = peak_kib()
start = time.perf_counter()
hands = matched = 0
for record in iter_history(sys.argv[1]):
    if isinstance(record, HandRecord):
        hands += 1
        matched += replay(record).matched
seconds = time.perf_counter() - start
peak = peak_kib()
print(hands, matched, seconds, base, peak)
"""


def stream_file(one: str, wanted: int) -> dict[str, float]:
    """``wanted`` hands (``one`` again and again) in a file, streamed in a child."""
    per_copy = len([r for r in read_pokerstars(one) if isinstance(r, HandRecord)])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        with path.open("w", encoding="utf-8") as out:
            for _ in range(-(-wanted // per_copy)):
                out.write(one + "\n\n")
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(path)], capture_output=True, text=True, check=True
        )
        size = path.stat().st_size
    hands, matched, seconds, base, peak = done.stdout.split()
    return {
        "hands": int(hands),
        "matched": int(matched),
        "megabytes": size / 1e6,
        "seconds": float(seconds),
        "base_mb": int(base) / 1024,  # in KiB
        "peak_mb": int(peak) / 1024,
    }


if __name__ == "__main__":
    sys.exit(main())
