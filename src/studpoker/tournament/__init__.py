"""Tournaments (issue 17): their structures (tournament/structure.py) and prizes
(tournament/payouts.py) so far."""

from studpoker.tournament.payouts import PAYOUTS, PayoutRow, payout_row, payouts
from studpoker.tournament.structure import (
    DEFAULT_STRUCTURES,
    Break,
    Level,
    Structure,
    default_structure,
    roman,
    structure_of,
)

__all__ = [
    "DEFAULT_STRUCTURES",
    "PAYOUTS",
    "Break",
    "Level",
    "PayoutRow",
    "Structure",
    "default_structure",
    "payout_row",
    "payouts",
    "roman",
    "structure_of",
]
