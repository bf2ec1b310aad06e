"""Each game's name in each language: the one answer the lobby, the table, the
terminal table (``stud play``), a tournament's default name and the web client read
(src/studpoker/web/rules.js is written from it: ``python -m
studpoker.server.clientrules``).

The names are the players' own: Seven Card Stud is 七張梭哈 to a Hong Kong player
(the seed documents), Show Hand 話事啤 with 梭哈 beside it, fixed-limit Five-Card
Stud 限注五張梭哈 (R9); a site's own spelling in its hand histories ("7 Card Stud")
is the history writers' business, not this table's.

>>> game_name("stud_hilo"), game_name("show_hand", "zh-Hant")
('Stud Hi/Lo', '話事啤 (梭哈)')
>>> game_name("holdem")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: no game is called 'holdem': the games are seven_card_stud, stud_hilo, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from studpoker.games.spec import GAMES
from studpoker.hands.names import LANGUAGES

__all__ = ["GAME_NAMES", "game_name"]

GAME_NAMES: Final[Mapping[str, Mapping[str, str]]] = MappingProxyType(
    {
        "seven_card_stud": MappingProxyType(
            {"en": "Seven Card Stud", "zh-Hant": "七張梭哈", "zh-Hans": "七张梭哈"}
        ),
        "stud_hilo": MappingProxyType(
            {"en": "Stud Hi/Lo", "zh-Hant": "七張梭哈高/低", "zh-Hans": "七张梭哈高/低"}
        ),
        "razz": MappingProxyType({"en": "Razz", "zh-Hant": "Razz", "zh-Hans": "Razz"}),
        "show_hand": MappingProxyType(
            {"en": "Show Hand", "zh-Hant": "話事啤 (梭哈)", "zh-Hans": "话事啤 (梭哈)"}
        ),
        "five_card_stud": MappingProxyType(
            {"en": "Five Card Stud", "zh-Hant": "限注五張梭哈", "zh-Hans": "限注五张梭哈"}
        ),
    }
)
"""game -> language (:data:`~studpoker.hands.LANGUAGES`) -> the game's name."""


def game_name(game: str, lang: str = "en") -> str:
    """``game``'s name in ``lang``; a ValueError names the games or languages there are."""
    names = GAME_NAMES.get(game)
    if names is None:
        raise ValueError(f"no game is called {game!r}: the games are {', '.join(GAMES)}")
    if lang not in names:
        raise ValueError(f"no language {lang!r}: the languages are {', '.join(LANGUAGES)}")
    return names[lang]
