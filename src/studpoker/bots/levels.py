"""Players by name, and the levels of the practice tables.

:data:`PLAYERS` maps each name ``stud sim`` and the tables know to a factory
``(spec, rng) -> Player``: ``random``, ``station``, ``rules`` and the levels
``easy``, ``normal``, ``hard`` and ``expert`` (:data:`LEVELS`; ``expert`` is
registered by :mod:`studpoker.bots`: the range-reading player, in Show Hand the
solver's).  :func:`register` adds a name or replaces one, so that a stronger player
can take a level over; factories are registered when their module is imported, so
that a simulation's worker processes, which import this package, know them too.

>>> import random
>>> from studpoker.games import razz
>>> bot("easy", "razz", random.Random(1))
<RuleBasedPlayer 'easy'>
>>> make_player("station", razz())
<CallingStation 'station'>
>>> make_player("shark", "razz")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: no player 'shark': choose random, station, rules, easy, normal, hard...
"""

from __future__ import annotations

import random
from collections.abc import Callable

from studpoker.bots.calling_station import CallingStation
from studpoker.bots.player import Player
from studpoker.bots.random_player import RandomPlayer
from studpoker.bots.rule_based import RuleBasedPlayer
from studpoker.games import GameSpec, preset

__all__ = ["LEVELS", "PLAYERS", "PlayerFactory", "bot", "make_player", "register"]

PlayerFactory = Callable[[GameSpec, random.Random | None], Player]

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")


def _rules(style: str) -> PlayerFactory:
    def factory(spec: GameSpec, rng: random.Random | None) -> Player:
        return RuleBasedPlayer(rng, style)

    return factory


PLAYERS: dict[str, PlayerFactory] = {
    "random": lambda spec, rng: RandomPlayer(rng),
    "station": lambda spec, rng: CallingStation(rng),
    "rules": _rules("normal"),
    "easy": _rules("easy"),
    "normal": _rules("normal"),
    "hard": _rules("hard"),
}


def register(name: str, factory: PlayerFactory) -> None:
    """Make ``name`` a player (or give an existing name, a level too, a new player)."""
    if not name or not name.replace("_", "").isalnum():
        raise ValueError(f"a player's name is letters, digits and _, not {name!r}")
    PLAYERS[name] = factory


def _spec(game: str | GameSpec) -> GameSpec:
    return preset(game) if isinstance(game, str) else game


def make_player(name: str, game: str | GameSpec, rng: random.Random | None = None) -> Player:
    """A new player of ``name`` for ``game`` (a preset's name or a spec)."""
    factory = PLAYERS.get(name)
    if factory is None:
        raise ValueError(f"no player {name!r}: choose {', '.join(PLAYERS)}")
    return factory(_spec(game), rng)


def bot(level: str, game: str | GameSpec, rng: random.Random | None = None) -> Player:
    """The computer player of a practice table's ``level``: ``easy``, ``normal``, ``hard``
    or ``expert``."""
    if level not in LEVELS:
        raise ValueError(f"no level {level!r}: choose {', '.join(LEVELS)}")
    return make_player(level, game, rng)
