"""``stud verify FILE…``: check every hand's deal against its seeds (issue 38,
docs/fairness.md).

The room's hand records (PokerStars text, PHH) carry each hand's deal: its commitment,
the root of its deck's tree, the client seeds and, once the seed's epoch has ended, the
server seed.  For each hand ``stud verify`` recomputes the deck from the seeds and checks
the seed against its commitment, the root against the deck's tree, and every card the
record shows against the card the seeds deal at its place (the record replayed through the
engine to know each card's place).  One line per hand — ``verified (N cards)``, ``not
revealed yet``, ``no deal in the record`` or what is wrong — and a summary; ``--json``
prints one object.  The exit status is 0 when no hand is wrong.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from studpoker.cards import Card
from studpoker.cli.replay import PHH_FIELD, phh_hands
from studpoker.engine import Hand
from studpoker.fairness import DealRecord, FairnessError, verify_dealt
from studpoker.history import HandRecord, HistoryError, OtherGame, from_phh, iter_history, replay
from studpoker.history.phh import NotToml, load_toml
from studpoker.history.text import open_text

__all__ = ["add_parser", "run", "verify_hand"]


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


def dealt(hand: Hand) -> list[Card | None]:
    """Every card ``hand`` drew from its deck, in order (burnt cards too; None for a
    card its record does not show)."""
    order = hand.deck_order
    return list(order[: len(order) - hand.cards_left])


def verify_hand(deal: DealRecord | None, hand: Hand | None) -> tuple[str, str]:
    """A hand's verdict — ``verified``, ``unrevealed``, ``no deal`` or ``wrong`` — and
    its line."""
    if deal is None:
        return "no deal", "no deal in the record"
    if deal.server_seed is None:
        return "unrevealed", f"not revealed yet (commitment {deal.commitment.hex()[:16]}…)"
    if hand is None:
        return "wrong", "the record cannot be replayed to place its cards"
    cards = dealt(hand)
    wrong = verify_dealt(deal, cards)
    if wrong:
        return "wrong", "; ".join(wrong)
    shown = sum(card is not None for card in cards)
    test = ", dealt from a test seed" if deal.test_seed else ""
    return "verified", f"verified ({shown} cards{test})"


def _phh(text: str) -> tuple[DealRecord | None, Hand | None, str]:
    fields = load_toml(text)
    deal = DealRecord.from_phh_fields(fields)
    try:
        hand: Hand | None = from_phh(text)
    except ValueError:
        hand = None
    return deal, hand, str(fields.get("hand", "?"))


def run(args: argparse.Namespace) -> int:
    counts = {"verified": 0, "unrevealed": 0, "no deal": 0, "wrong": 0}
    hands: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []

    def said(path: Path, number: str, verdict: str, line: str) -> None:
        counts[verdict] += 1
        hands.append({"file": str(path), "hand": number, "verdict": verdict, "said": line})
        if not args.json:
            print(f"{path.name}: hand {number}: {line}")

    for path in args.files:
        try:
            with open_text(path) as file:
                head = file.read(65536)
                # A PHH file (as stud replay finds it): each hand of a .phhs in turn.
                text = head + file.read() if PHH_FIELD.search(head) else None
            if text is not None:
                for one in phh_hands(text):
                    deal, hand, number = _phh(one)
                    said(path, number, *verify_hand(deal, hand))
                continue
            for record in iter_history(path):
                if isinstance(record, OtherGame):
                    continue
                if isinstance(record, HistoryError):
                    errors.append({"file": str(path), "error": str(record)})
                    if not args.json:
                        print(f"{path}: error: {record}")
                    continue
                said(path, record.number, *verify_hand(record.deal, _replayed(record)))
        except (OSError, HistoryError, NotToml, FairnessError) as error:
            errors.append({"file": str(path), "error": str(error)})
            if not args.json:
                print(f"{path}: {error}")
    if args.json:
        print(json.dumps({**counts, "hands": hands, "errors": errors}, indent=2))
    else:
        print(
            f"{len(hands)} hands: {counts['verified']} verified, {counts['wrong']} wrong, "
            f"{counts['unrevealed']} not revealed yet, {counts['no deal']} with no deal; "
            f"{len(errors)} could not be read"
        )
    return 1 if counts["wrong"] or errors else 0


def _replayed(record: HandRecord) -> Hand | None:
    """The record played through the engine (its cards placed), if it can be."""
    if record.deal is None or record.deal.server_seed is None:
        return None
    return replay(record).hand
