"""``stud replay FILE…``: play every hand of PokerStars or Full Tilt history
files through the engine and check every fact they state.

One line per hand (``match``, or the first difference with its line), a summary,
and with ``--json`` one object: ``{"hands": N, "matched": M, "mismatched": [...],
"errors": [...], "skipped": S}``.  A mixed-game file's hands of games that are not stud
(8-Game's hold'em, HORSE's Omaha) are skipped and counted apart: ``N`` counts the stud
hands only.  The exit status is 0 when every stud hand matched, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from studpoker.history import HistoryError, OtherGame, read_history, replay


def add_parser(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "replay",
        help="replay hand histories and check them against the rules engine",
        description=(
            "Read each hand of PokerStars or Full Tilt hand-history files (Seven Card Stud, "
            "Stud Hi/Lo, Razz), play it through the engine with the site's stakes and the "
            "recorded actions, and check who brings in, who acts when, what each action "
            "costs, uncalled bets, pots, who shows and what each player collects."
        ),
    )
    parser.add_argument("files", nargs="+", type=Path, help="hand-history files")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    hands = matched = skipped = 0
    mismatched: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    lines: list[str] = []
    for path in args.files:
        try:
            records = read_history(path)
        except (OSError, HistoryError) as error:
            errors.append({"file": str(path), "hand": None, "error": str(error)})
            lines.append(f"{path}: {error}")
            continue
        for record in records:
            if isinstance(record, OtherGame):
                skipped += 1
                continue
            hands += 1
            if isinstance(record, HistoryError):
                errors.append({"file": str(path), "hand": None, "error": str(record)})
                lines.append(f"{path}: error: {record}")
                continue
            report = replay(record)
            lines.append(f"{path.name}: {report.line()}")
            if report.matched:
                matched += 1
            else:
                mismatched.append(
                    {
                        "file": str(path),
                        "hand": record.number,
                        "site": record.site,
                        "difference": report.difference,
                    }
                )
    if args.json:
        result = {
            "hands": hands,
            "matched": matched,
            "mismatched": mismatched,
            "errors": errors,
            "skipped": skipped,
        }
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        if not args.quiet:
            print("\n".join(lines))
        other = f"; other games: {skipped} skipped" if skipped else ""
        print(
            f"{hands} stud hands: {matched} matched, {len(mismatched)} mismatched, "
            f"{len(errors)} could not be read{other}"
        )
    return 0 if matched == hands and not errors else 1
