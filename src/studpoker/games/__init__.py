"""Each game as data (the ``games`` layer of DESIGN.md): :class:`GameSpec` and the
presets of RULES.md, and the mixed games dealt in rotation (:class:`Rotation`)."""

from studpoker.games.names import GAME_NAMES, game_name
from studpoker.games.rotation import (
    DEALERS_CHOICE,
    DEALERS_CHOICE_GAMES,
    MIX_TITLES,
    MIXES,
    DealersChoice,
    Rotation,
)
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
    "DEALERS_CHOICE",
    "DEALERS_CHOICE_GAMES",
    "GAMES",
    "GAME_NAMES",
    "MIXES",
    "MIX_TITLES",
    "Betting",
    "DealersChoice",
    "GameSpec",
    "Rotation",
    "Street",
    "five_card_stud",
    "game_name",
    "preset",
    "razz",
    "seven_card_stud",
    "show_hand",
    "stud_hilo",
]
