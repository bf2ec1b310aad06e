"""Tournaments (issue 17): their structures so far (tournament/structure.py)."""

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
    "Break",
    "Level",
    "Structure",
    "default_structure",
    "roman",
    "structure_of",
]
