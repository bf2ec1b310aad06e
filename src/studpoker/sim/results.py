"""What a simulation found: each player's result per 100 hands with its 95% interval.

Results are in the game's unit: big bets for the fixed-limit games, antes for
Show Hand (its bets have no fixed size).  The interval is the normal one,
1.96 standard errors of the mean result of a hand either side.

>>> result = PlayerResult("rules", "rules", hands=4, net=800, squares=400_000, unit=400)
>>> result.per_100, round(result.ci95, 1)
(50.0, 69.3)
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass, field
from typing import Any

from studpoker.games import GameSpec

__all__ = ["PlayerResult", "SimResult", "unit_of"]

Z95 = 1.959964


def unit_of(spec: GameSpec) -> tuple[int, str]:
    """The chips of the game's unit and its name: the big bet, or Show Hand's ante."""
    if spec.is_show_hand:
        return (spec.ante or spec.min_bet), "ante"
    return spec.big_bet, "big bet"


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's result over ``hands`` hands: ``net`` chips won (or lost, below
    zero) and ``squares``, the sum of each hand's result squared (for the interval)."""

    name: str  # as the results name it: the player's name, numbered if it plays twice
    player: str  # the name it was made by (``rules``, ``station`` …)
    hands: int
    net: int
    squares: int
    unit: int

    @property
    def per_100(self) -> float:
        """Units won per 100 hands."""
        return 100 * self.net / self.hands / self.unit

    @property
    def ci95(self) -> float:
        """Half the width of the 95% interval of :attr:`per_100`."""
        n = self.hands
        if n < 2:
            return math.inf
        variance = max(self.squares - self.net * self.net / n, 0) / (n - 1)
        return Z95 * math.sqrt(variance / n) * 100 / self.unit

    @property
    def interval(self) -> tuple[float, float]:
        return self.per_100 - self.ci95, self.per_100 + self.ci95


@dataclass(frozen=True, slots=True)
class SimResult:
    """A whole simulation: its settings, each player's result, and with a chart the
    cumulative winnings of each player hand by hand (chips)."""

    game: str
    hands: int
    seed: int
    workers: int
    backend: str
    stack: int
    unit: int
    unit_name: str
    players: tuple[PlayerResult, ...]
    seconds: float
    curves: tuple[array[int], ...] | None = field(default=None, repr=False)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    def summary(self) -> dict[str, Any]:
        """The JSON summary (see docs/bots.md)."""
        return {
            "game": self.game,
            "hands": self.hands,
            "seed": self.seed,
            "workers": self.workers,
            "backend": self.backend,
            "stack": self.stack,
            "unit": self.unit_name,
            "unit_chips": self.unit,
            "players": [
                {
                    "name": p.name,
                    "player": p.player,
                    "hands": p.hands,
                    "net_chips": p.net,
                    "per_100": round(p.per_100, 4),
                    "ci95": [round(p.interval[0], 4), round(p.interval[1], 4)],
                }
                for p in self.players
            ],
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
        }

    def table(self) -> str:
        """The results as lines of text, one player a line."""
        unit = f"{self.unit_name}s/100"
        width = max(len(p.name) for p in self.players)
        lines = [
            f"{self.game}: {self.hands:,} hands, seed {self.seed}, "
            f"{self.workers} worker{'s' if self.workers != 1 else ''} ({self.backend}), "
            f"stacks {self.stack:,}, {self.hands_per_second:,.0f} hands/s",
            f"{'player':<{width}}  {unit:>14}  95% interval",
        ]
        for p in self.players:
            low, high = p.interval
            lines.append(
                f"{p.name:<{width}}  {p.per_100:>+14.2f}  ±{p.ci95:.2f} [{low:+.2f}, {high:+.2f}]"
            )
        return "\n".join(lines)
