"""A tournament's structure (issue 17): its levels as data, one table a game.

A structure is what a tournament's creator chooses or gives: the chips each player
starts with, how long a level lasts (minutes, or hands at each table), and the table of
levels, in order, with breaks among them.  A level of a fixed-limit game (the seven-card
games and Five-Card Stud, R9) says its ante, bring-in, small and big bet, as
poker-network's level files keep a bring-in column; a level of Show Hand says its ante
and minimum bet (R6.4).  Tournament chips are whole chips (``money_unit`` 1): the
sites write a level ``Level III (15/30)``.

The default structures, regular and turbo for every game, are the package's
``structures.json``, read with :func:`structure_of` like any other; their fixed-limit
levels keep PokerStars' proportions (the ante a fifth of the small bet, the bring-in
three tenths, rounded up: ``Level XXXI (250/500)``, ante 50, bring-in 75, in the Triple
Stud file of ``../shared/handhistories``).

>>> regular = default_structure("razz")
>>> level = regular.levels[2]
>>> level.title, level.ante, level.bring_in
('Level III (20/40)', 4, 6)
>>> regular.spec(level).small_bet, regular.starting_chips
(20, 3000)
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, Literal

from studpoker.games import GAMES, GameSpec, preset
from studpoker.history.levels import roman

__all__ = [
    "DEFAULT_STRUCTURES",
    "Break",
    "Level",
    "Structure",
    "default_structure",
    "roman",
    "structure_of",
]

Speed = Literal["regular", "turbo"]

_FIXED_KEYS = ("ante", "bring_in", "small_bet", "big_bet")
_SHOW_HAND_KEYS = ("ante", "min_bet")


@dataclass(frozen=True)
class Level:
    """A level: its number (1 for the first) and its stakes; a Show Hand level has no
    bring-in nor small and big bet, a fixed-limit one no minimum bet (0)."""

    number: int
    ante: int
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    min_bet: int = 0

    @property
    def title(self) -> str:
        """As the sites' hand histories name it: ``Level III (15/30)`` (Show Hand:
        the ante and minimum bet)."""
        pair = (self.small_bet, self.big_bet) if self.small_bet else (self.ante, self.min_bet)
        return f"Level {roman(self.number)} ({pair[0]}/{pair[1]})"


@dataclass(frozen=True)
class Break:
    """A pause between two levels: no hand is dealt for ``minutes``."""

    minutes: float


@dataclass(frozen=True)
class Structure:
    """Starting chips, the length of a level (``level_minutes`` or ``level_hands``, the
    other None) and the schedule: levels in order, breaks among them.  After the last
    level, play stays at it."""

    name: str
    game: str
    starting_chips: int
    level_minutes: float | None
    level_hands: int | None
    schedule: tuple[Level | Break, ...]

    @property
    def levels(self) -> tuple[Level, ...]:
        return tuple(step for step in self.schedule if isinstance(step, Level))

    def spec(self, level: Level) -> GameSpec:
        """The game at ``level``'s stakes, in whole chips."""
        return _spec(self.game, level)

    def to_data(self) -> dict[str, Any]:
        """The structure as :func:`structure_of` reads it (the form of
        ``structures.json``)."""
        keys = _SHOW_HAND_KEYS if self.game == "show_hand" else _FIXED_KEYS
        levels: list[dict[str, Any]] = [
            {"break_minutes": step.minutes}
            if isinstance(step, Break)
            else {key: getattr(step, key) for key in keys}
            for step in self.schedule
        ]
        data: dict[str, Any] = {
            "name": self.name, "game": self.game, "starting_chips": self.starting_chips,
        }  # fmt: skip
        if self.level_minutes is not None:
            data["level_minutes"] = self.level_minutes
        else:
            data["level_hands"] = self.level_hands
        data["levels"] = levels
        return data


@functools.lru_cache(maxsize=1024)
def _spec(game: str, level: Level) -> GameSpec:
    if game == "show_hand":
        return preset(game, ante=level.ante, min_bet=level.min_bet, money_unit=1)
    return preset(
        game,
        ante=level.ante,
        bring_in=level.bring_in,
        small_bet=level.small_bet,
        big_bet=level.big_bet,
        money_unit=1,
    )


def _whole(value: Any, what: str, *, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{what} is a whole number of at least {minimum}, not {value!r}")
    return value


def _positive(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise ValueError(f"{what} is a number of minutes above 0, not {value!r}")
    return float(value)


def structure_of(data: Mapping[str, Any]) -> Structure:
    """A structure from its data (the form of ``structures.json``), checked: a
    ValueError says what is wrong and where."""
    if not isinstance(data, Mapping):
        raise ValueError(f"a structure is an object, not {type(data).__name__}")
    known = {"name", "game", "starting_chips", "level_minutes", "level_hands", "levels"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"a structure has no {', '.join(map(repr, unknown))}")
    game = data.get("game")
    if game not in GAMES:
        raise ValueError(f"game is one of {', '.join(GAMES)}, not {game!r}")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise ValueError(f"name is text, not {name!r}")
    chips = _whole(data.get("starting_chips"), "starting_chips")
    minutes, hands = data.get("level_minutes"), data.get("level_hands")
    if (minutes is None) == (hands is None):
        raise ValueError("a level lasts level_minutes or level_hands: give one of them")
    length_minutes = None if minutes is None else _positive(minutes, "level_minutes")
    length_hands = None if hands is None else _whole(hands, "level_hands")
    rows = data.get("levels")
    if not isinstance(rows, Sequence) or isinstance(rows, str) or not rows:
        raise ValueError("levels is a list of at least one level")
    keys = _SHOW_HAND_KEYS if game == "show_hand" else _FIXED_KEYS
    schedule: list[Level | Break] = []
    before: Level | None = None
    for at, row in enumerate(rows):
        where = f"levels[{at}]"
        if not isinstance(row, Mapping):
            raise ValueError(f"{where} is an object, not {row!r}")
        if "break_minutes" in row:
            if set(row) != {"break_minutes"}:
                raise ValueError(f"{where}: a break has break_minutes alone")
            if not schedule or isinstance(schedule[-1], Break):
                raise ValueError(f"{where}: a break comes after a level")
            schedule.append(Break(_positive(row["break_minutes"], f"{where}.break_minutes")))
            continue
        if set(row) != set(keys):
            raise ValueError(f"{where}: a level of {game} has {', '.join(keys)}, not {sorted(row)}")
        stakes = {key: _whole(row[key], f"{where}.{key}", minimum=0) for key in keys}
        level = Level(number=1 if before is None else before.number + 1, **stakes)
        if before is not None:
            main = "min_bet" if game == "show_hand" else "small_bet"
            lower = [key for key in keys if stakes[key] < getattr(before, key)]
            if lower or stakes[main] == getattr(before, main):
                raise ValueError(
                    f"{where}: each level's stakes are above the one before "
                    f"({level.title} after {before.title})"
                )
        try:
            _spec(game, level)  # the engine's own checks of the stakes
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
        schedule.append(level)
        before = level
    if isinstance(schedule[-1], Break):
        raise ValueError("the last of the levels is a level, not a break")
    return Structure(str(name), game, chips, length_minutes, length_hands, tuple(schedule))


def _defaults() -> dict[tuple[str, str], Structure]:
    text = files("studpoker.tournament").joinpath("structures.json").read_text("utf-8")
    made = {}
    for data in json.loads(text):
        structure = structure_of(data)
        made[structure.game, structure.name] = structure
    return made


# The shipped structures, by (game, "regular" or "turbo").
DEFAULT_STRUCTURES: dict[tuple[str, str], Structure] = _defaults()


def default_structure(game: str, speed: Speed = "regular") -> Structure:
    """The shipped structure of ``game``: ``regular`` (10-minute levels, a 5-minute
    break every hour) or ``turbo`` (5-minute levels, half the chips)."""
    found = DEFAULT_STRUCTURES.get((game, speed))
    if found is None:
        raise ValueError(f"no {speed!r} structure of {game!r}")
    return found
