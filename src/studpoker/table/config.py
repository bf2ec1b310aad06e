"""A table's configuration: the game, the mode of R7, the buy-ins and the clocks.

>>> from studpoker.games import seven_card_stud, show_hand
>>> config = TableConfig(seven_card_stud(), "chips")
>>> config.seats, config.buy_in_min, config.buy_in_max      # 10 and 100 big bets
(8, 4000, 40000)
>>> TableConfig(show_hand(), "practice").hand_spec.showhand_allowed   # R7.1
False
>>> TableConfig(show_hand(), "chips", seats=12)
Traceback (most recent call last):
...
ValueError: a show_hand table has 2 to 10 seats, not 12
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Literal

from studpoker.bots import LEVELS
from studpoker.games import GameSpec

__all__ = ["MODES", "Mode", "TableConfig"]

Mode = Literal["practice", "chips", "competition"]
MODES: tuple[Mode, ...] = ("practice", "chips", "competition")

# Practice tables fill their empty seats with computer players up to eight (R7.1);
# practice and competition seat at most eight players (R7.1, R7.3).
PLAYERS_AT_MOST = 8
# Default buy-ins: the seven-card games 10 to 100 big bets, Show Hand a fixed stack.
_BIG_BETS_MIN, _BIG_BETS_MAX = 10, 100
_SHOW_HAND_BUY_IN = 1000


@dataclass(frozen=True, slots=True)
class TableConfig:
    """How a table plays.  Times are seconds.

    ``seats`` defaults to the game's (8 for the seven-card games, 10 for Show Hand,
    R7.4); ``buy_in_min``/``buy_in_max`` to 10 and 100 big bets, or 1000 chips for
    Show Hand.  ``clock`` is each decision's limit and ``time_bank`` each seat's
    reserve beyond it (R8.1); a player sitting out for ``max_missed_hands`` hands
    is removed.  ``pause`` is the rest between two hands of :meth:`Table.run`.
    """

    spec: GameSpec
    mode: Mode
    seats: int = 0
    buy_in_min: int = 0
    buy_in_max: int = 0
    clock: float = 20.0
    time_bank: float = 60.0
    max_missed_hands: int = 3
    pause: float = 2.0
    competition_chips: int = 1000
    competition_seconds: float = 1800.0
    bot_level: str = "normal"
    name: str = ""
    _hand_spec: GameSpec | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        spec = self.spec
        if not isinstance(spec, GameSpec):
            raise ValueError(f"spec is a GameSpec, not {spec!r}")
        if self.mode not in MODES:
            raise ValueError(f"mode is {', '.join(MODES)}, not {self.mode!r}")
        seats = self.seats or spec.max_seats
        if not _whole(seats) or not 2 <= seats <= spec.max_seats:
            raise ValueError(
                f"a {spec.game} table has 2 to {spec.max_seats} seats, not {self.seats!r}"
            )
        object.__setattr__(self, "seats", seats)
        if spec.is_show_hand:
            low, high = _SHOW_HAND_BUY_IN, _SHOW_HAND_BUY_IN
        else:
            low, high = _BIG_BETS_MIN * spec.big_bet, _BIG_BETS_MAX * spec.big_bet
        buy_in_min = self.buy_in_min or (min(low, self.buy_in_max) if self.buy_in_max else low)
        buy_in_max = self.buy_in_max or max(high, buy_in_min)
        for name, amount in (("buy_in_min", buy_in_min), ("buy_in_max", buy_in_max)):
            if not _whole(amount) or amount < 1:
                raise ValueError(f"{name} is a whole number of chips, 1 or more, not {amount!r}")
        if buy_in_min > buy_in_max:
            raise ValueError(
                f"buy_in_min ({buy_in_min}) must not be above buy_in_max ({buy_in_max})"
            )
        object.__setattr__(self, "buy_in_min", buy_in_min)
        object.__setattr__(self, "buy_in_max", buy_in_max)
        for name in ("clock", "competition_seconds"):
            if not _seconds(getattr(self, name)) or getattr(self, name) <= 0:
                raise ValueError(
                    f"{name} is a number of seconds above 0, not {getattr(self, name)!r}"
                )
        for name in ("time_bank", "pause"):
            if not _seconds(getattr(self, name)) or getattr(self, name) < 0:
                raise ValueError(
                    f"{name} is a number of seconds, 0 or more, not {getattr(self, name)!r}"
                )
        if not _whole(self.max_missed_hands) or self.max_missed_hands < 1:
            raise ValueError(f"max_missed_hands is 1 or more, not {self.max_missed_hands!r}")
        if not _whole(self.competition_chips) or self.competition_chips < 1:
            raise ValueError(
                f"competition_chips is a whole number of chips, 1 or more, "
                f"not {self.competition_chips!r}"
            )
        if self.bot_level not in LEVELS:
            raise ValueError(f"bot_level is {', '.join(LEVELS)}, not {self.bot_level!r}")
        if not isinstance(self.name, str):
            raise ValueError(f"name is a string, not {self.name!r}")
        hand_spec = spec
        if self.mode == "practice" and spec.showhand_allowed:
            hand_spec = replace(spec, showhand_allowed=False)
        object.__setattr__(self, "_hand_spec", hand_spec)

    @property
    def hand_spec(self) -> GameSpec:
        """The spec every hand is dealt with: a practice table forbids the showhand (R7.1)."""
        assert self._hand_spec is not None
        return self._hand_spec

    @property
    def players_at_most(self) -> int:
        """How many may sit: every seat, but eight in practice and competition (R7.1, R7.3)."""
        return self.seats if self.mode == "chips" else min(PLAYERS_AT_MOST, self.seats)

    @property
    def stakes(self) -> dict[str, int]:
        """The stakes for the lobby: fixed limit (R2.1) or Show Hand (R6.4)."""
        spec = self.spec
        if spec.is_show_hand:
            return {"ante": spec.ante, "min_bet": spec.min_bet}
        return {
            "ante": spec.ante,
            "bring_in": spec.bring_in,
            "small_bet": spec.small_bet,
            "big_bet": spec.big_bet,
        }


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seconds(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
