"""Tournaments (issue 17): their structures (tournament/structure.py), prizes
(tournament/payouts.py) and director (tournament/director.py): seats, levels,
balancing, places."""

from studpoker.tournament.director import (
    Deal,
    Finish,
    Move,
    Place,
    Table,
    Tournament,
    TournamentError,
    entry_name,
    player_of,
)
from studpoker.tournament.payouts import PAYOUTS, PayoutRow, payout_row, payouts
from studpoker.tournament.play import AbsentPlayer, play_tournament
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
    "AbsentPlayer",
    "Break",
    "Deal",
    "Finish",
    "Level",
    "Move",
    "PayoutRow",
    "Place",
    "Structure",
    "Table",
    "Tournament",
    "TournamentError",
    "default_structure",
    "entry_name",
    "payout_row",
    "payouts",
    "play_tournament",
    "player_of",
    "roman",
    "structure_of",
]
