"""``stud verify FILE…``: check every hand's deal against its seeds (issue 38,
docs/fairness.md).

The room's hand records (PokerStars text, PHH) carry each hand's deal: its commitment,
the root of its deck's tree, the client seeds and, once the seed's epoch has ended, the
server seed.  For each hand ``stud verify`` recomputes the deck from the seeds and checks
the seed against its commitment, the root against the deck's tree, and every card the
record shows against the card the seeds deal at its place (the record replayed through the
engine to know each card's place: :mod:`studpoker.history.deals`).  One line per hand —
``verified (N cards)``, ``not revealed yet``, ``no deal in the record`` or what is wrong
— and a summary; ``--json`` prints one object.  The exit status is 0 when no hand is wrong.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from studpoker.fairness import FairnessError
from studpoker.history import HistoryError
from studpoker.history.deals import dealt_hands, verdict
from studpoker.history.text import read_text

__all__ = ["add_parser", "run"]


def add_parser(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "verify",
        help="check each hand's deal against its seeds (the room's records)",
        description=(
            "Check every hand of the room's hand records (PokerStars text or PHH) against "
            "its deal's seeds: the revealed server seed against its commitment, the deck "
            "the seeds make against the tree's root sent with the deal, and every card "
            "the record shows against the card the seeds deal at its place "
            "(docs/fairness.md)."
        ),
    )
    parser.add_argument("files", nargs="+", type=Path, help="hand records")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    counts = {"verified": 0, "unrevealed": 0, "no deal": 0, "wrong": 0}
    hands: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []

    for path in args.files:
        try:
            text = read_text(path)
            for hand in dealt_hands(text):
                if isinstance(hand, HistoryError):
                    errors.append({"file": str(path), "error": str(hand)})
                    if not args.json:
                        print(f"{path}: error: {hand}")
                    continue
                kind, line = verdict(hand)
                counts[kind] += 1
                hands.append(
                    {"file": str(path), "hand": hand.number, "verdict": kind, "said": line}
                )
                if not args.json:
                    print(f"{path.name}: hand {hand.number}: {line}")
        except (OSError, HistoryError, FairnessError) as failed:
            errors.append({"file": str(path), "error": str(failed)})
            if not args.json:
                print(f"{path}: {failed}")
    if args.json:
        print(json.dumps({**counts, "hands": hands, "errors": errors}, indent=2))
    else:
        print(
            f"{len(hands)} hands: {counts['verified']} verified, {counts['wrong']} wrong, "
            f"{counts['unrevealed']} not revealed yet, {counts['no deal']} with no deal; "
            f"{len(errors)} could not be read"
        )
    return 1 if counts["wrong"] or errors else 0
