"""``stud replay FILE…``: play every hand of a site's history files (PokerStars, Full
Tilt, Winamax, WPN, KingsClub, iPoker, PartyPoker, Bovada, Everleaf, OnGame, Merge:
Seven Card Stud, Stud Hi/Lo, Razz, Five-Card Stud, and the Show Hand our room writes),
or of PHH files (``.phh``,
and ``.phhs`` with many hands), through the engine and check every fact they state.
The format is found by the file's content.  A PHH hand is played action by action (any
action the rules refuse is its difference) and its ``finishing_stacks``, when it gives
them, compared with the engine's.

One line per hand (``match``, or the first difference with its line), a summary,
and with ``--json`` one object: ``{"hands": N, "matched": M, "mismatched": [...],
"errors": [...], "skipped": S}``.  A mixed-game file's hands of games that are not stud
(8-Game's hold'em, HORSE's Omaha) are skipped and counted apart: ``N`` counts the stud
hands only, Five-Card Stud's among them.  The exit status is 0 when every stud hand
matched, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

from studpoker.history import HistoryError, OtherGame, from_phh, iter_history, replay
from studpoker.history.deals import PHH_FIELD, phh_hands
from studpoker.history.phh import NotToml, load_toml
from studpoker.history.text import open_text

SITES = (
    "PokerStars, Full Tilt, Winamax, WPN, KingsClub, iPoker, PartyPoker, Bovada, Everleaf, "
    "OnGame or Merge"
)


def replay_phh(text: str) -> tuple[bool, str]:
    """Whether one PHH hand replays with every fact matching, and its report line.
    Raises :class:`~studpoker.history.phh.NotToml` for text that is not TOML (a hand
    unreadable)."""
    fields = load_toml(text)
    try:
        hand = from_phh(text)
    except ValueError as error:
        return False, f"PHH: {error}"
    stated = fields.get("finishing_stacks")
    if stated is not None:
        if hand.result is None:
            return False, "PHH: the record gives finishing stacks, and the hand is not over"
        ours = list(hand.result.stacks)
        if list(stated) != ours:
            return False, f"PHH: finishing stacks {list(stated)} in the record; ours {ours}"
    actions = len(fields.get("actions", []))
    return True, f"PHH: match ({actions} actions" + (", the stacks)" if stated else ")")


def add_parser(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "replay",
        help="replay hand histories and check them against the rules engine",
        description=(
            f"Read each hand of {SITES} hand-history files (Seven Card Stud, Stud Hi/Lo, "
            "Razz, Five-Card Stud; Show Hand as our room writes it), play it through the "
            "engine with the site's stakes and the recorded actions, and check who brings "
            "in, who acts when, what each action costs, uncalled bets, pots, who shows and "
            "what each player collects. PHH "
            "files (.phh, .phhs) are played action by action and their finishing stacks "
            "compared. The format is found by each file's content; hands of other games "
            "in a mixed-game file are skipped and counted apart."
        ),
    )
    parser.add_argument("files", nargs="+", type=Path, help="hand-history files")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    parser.set_defaults(run=run)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def run(args: argparse.Namespace) -> int:
    hands = matched = skipped = 0
    mismatched: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    # Each hand's line is printed as it is replayed: a file of any size streams, in the
    # memory of one hand; the bar (on a terminal only) follows the characters read.
    console = Console(stderr=True)
    say: Callable[[str], object] = (lambda _line: None) if args.json or args.quiet else print
    total = sum(_size(path) for path in args.files)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task("replaying", total=total or None)
        for path in args.files:
            progress.update(task, description=path.name)
            try:
                with open_text(path) as file:
                    head = file.read(65536)
                    width = 2 if "16" in file.encoding else 1  # bytes a character, about
                    # A PHH file is read whole (a .phhs is small); a site's file streams.
                    text = head + file.read() if PHH_FIELD.search(head) else None
            except (OSError, HistoryError) as error:  # unreadable, or not text at all
                errors.append({"file": str(path), "hand": None, "error": str(error)})
                say(f"{path}: {error}")
                continue
            if text is not None:
                progress.advance(task, _size(path))
                for number, one in enumerate(phh_hands(text), 1):
                    hands += 1
                    try:
                        ok, said = replay_phh(one)
                    except NotToml as error:
                        errors.append({"file": str(path), "hand": number, "error": str(error)})
                        say(f"{path}: error: hand {number}: {error}")
                        continue
                    say(f"{path.name}: {said}")
                    if ok:
                        matched += 1
                    else:
                        mismatched.append(
                            {"file": str(path), "hand": number, "site": "PHH", "difference": said}
                        )
                continue

            def advance(characters: int, width: int = width) -> None:
                progress.advance(task, characters * width)

            records = iter_history(path, advance)
            try:
                for record in records:
                    if isinstance(record, OtherGame):
                        skipped += 1
                        continue
                    hands += 1
                    if isinstance(record, HistoryError):
                        errors.append({"file": str(path), "hand": None, "error": str(record)})
                        say(f"{path}: error: {record}")
                        continue
                    report = replay(record)
                    say(f"{path.name}: {report.line()}")
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
            except HistoryError as error:  # no hand of either site in the file
                errors.append({"file": str(path), "hand": None, "error": str(error)})
                say(f"{path}: {error}")
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
        other = f"; other games: {skipped} skipped" if skipped else ""
        print(
            f"{hands} stud hands: {matched} matched, {len(mismatched)} mismatched, "
            f"{len(errors)} could not be read{other}"
        )
    return 0 if matched == hands and not errors else 1
