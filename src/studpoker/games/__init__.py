"""Each game as data (the ``games`` layer of DESIGN.md): :class:`GameSpec` and the
presets of RULES.md."""

from studpoker.games.spec import (
    GAMES,
    Betting,
    GameSpec,
    Street,
    five_card_stud,
    preset,
    razz,
    seven_card_stud,
    show_hand,
    stud_hilo,
)

__all__ = [
    "GAMES",
    "Betting",
    "GameSpec",
    "Street",
    "five_card_stud",
    "preset",
    "razz",
    "seven_card_stud",
    "show_hand",
    "stud_hilo",
]
