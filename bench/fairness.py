"""What a checkable deal costs a hand (issue 38, docs/fairness.md): the deck from seeds,
the commitment, the tree over the deck and the proofs sent with the cards.

Usage (from the repository root)::

    .venv/bin/python bench/fairness.py              # Rich table
    .venv/bin/python bench/fairness.py --json       # one JSON object on stdout

Each hand: a server seed from the OS CSPRNG, ``studpoker.fairness.Deal`` over eight
players' 32-byte client seeds (the deck's order, the commitment, the salts, the RFC 6962
tree) and the proofs of all 52 cards, as the protocol sends them (``proof_dict``): an
eight-player Seven Card Stud hand to seventh street makes every card visible to someone,
the most a hand can cost.  The reference,
in the same process: the shuffle a table dealt from before (``Deck(52)``, one read of the
OS CSPRNG and Fisher-Yates), and ``random.shuffle`` with ``secrets.SystemRandom``.
The aim (issue 38): under 0.3 ms a hand.
"""

from __future__ import annotations

import argparse
import gc
import json
import secrets
import sys
import time
from pathlib import Path

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from rich.console import Console
from rich.table import Table

from studpoker.cards import Deck, deck_cards
from studpoker.fairness import Deal, new_server_seed

CLIENTS = [secrets.token_bytes(32) for _ in range(8)]
VISIBLE = 52  # an eight-player hand to seventh street shows at most the deck to someone


def fair_hand(number: int) -> None:
    deal = Deal(new_server_seed(), f"bench-table/{number}", CLIENTS, 52)
    for position in range(VISIBLE):
        deal.proof_dict(position)


def old_hand(_number: int) -> None:
    Deck(52)


_SYSTEM = secrets.SystemRandom()
_CARDS = list(deck_cards(52))


def system_shuffle(_number: int) -> None:
    _SYSTEM.shuffle(_CARDS)


def per_hand(work: object, hands: int, rounds: int) -> float:
    """The best of ``rounds`` runs of ``hands`` hands, in microseconds a hand."""
    best = float("inf")
    gc.disable()
    try:
        for _ in range(rounds):
            start = time.perf_counter()
            for number in range(hands):
                work(number)  # type: ignore[operator]
            best = min(best, (time.perf_counter() - start) / hands)
    finally:
        gc.enable()
    return best * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    ours = per_hand(fair_hand, args.hands, args.rounds)
    before = per_hand(old_hand, args.hands, args.rounds)
    system = per_hand(system_shuffle, args.hands, args.rounds)
    result = {
        "fair_deal_us": round(ours, 1),
        "deck_before_us": round(before, 1),
        "system_random_shuffle_us": round(system, 1),
        "extra_us_a_hand": round(ours - before, 1),
        "ratio_to_system_shuffle": round(ours / system, 2),
        "aim_us": 300,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    table = Table(title="a checkable deal, a hand (best of rounds)")
    table.add_column("work")
    table.add_column("µs a hand", justify="right")
    table.add_row("seeds, deck, commitment, tree, 52 proofs (ours)", f"{ours:,.1f}")
    table.add_row("Deck(52): the shuffle tables dealt from before", f"{before:,.1f}")
    table.add_row("random.shuffle with SystemRandom (reference)", f"{system:,.1f}")
    table.add_row("aim", "300")
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
