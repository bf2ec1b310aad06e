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
    zero) and ``squares``, the sum of each sample's result squared (for the interval):
    a sample is a hand, or in a duplicate simulation a deal of ``group`` hands (the
    sum of its hands).  ``hand_squares`` is the hands' own sum of squares (the same
    as ``squares`` when ``group`` is 1)."""

    name: str  # as the results name it: the player's name, numbered if it plays twice
    player: str  # the name it was made by (``rules``, ``station`` …)
    hands: int
    net: int
    squares: int
    unit: int
    group: int = 1
    hand_squares: int | None = None

    @property
    def per_100(self) -> float:
        """Units won per 100 hands."""
        return 100 * self.net / self.hands / self.unit

    @property
    def ci95(self) -> float:
        """Half the width of the 95% interval of :attr:`per_100`."""
        return (
            _half_width(self.net, self.squares, self.hands // self.group)
            / self.group
            * (100 / self.unit)
        )

    @property
    def ci95_independent(self) -> float:
        """Half the width of the interval the same hands would give taken one by one,
        as if each were dealt its own cards: the interval without duplicate."""
        squares = self.squares if self.hand_squares is None else self.hand_squares
        return _half_width(self.net, squares, self.hands) * 100 / self.unit

    @property
    def hands_needed(self) -> float:
        """The share of the hands an ordinary simulation would need for this interval:
        below 1 when duplicate narrows it (``(ci95 / ci95_independent)²``)."""
        plain = self.ci95_independent
        return (self.ci95 / plain) ** 2 if 0 < plain < math.inf else 1.0

    @property
    def interval(self) -> tuple[float, float]:
        return self.per_100 - self.ci95, self.per_100 + self.ci95


def _half_width(total: int, squares: int, n: int) -> float:
    """1.96 standard errors of the mean of ``n`` samples summing to ``total``."""
    if n < 2:
        return math.inf
    variance = max(squares - total * total / n, 0) / (n - 1)
    return Z95 * math.sqrt(variance / n)


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
    duplicate: bool = False

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    def summary(self) -> dict[str, Any]:
        """The JSON summary (see docs/bots.md)."""
        return {
            "game": self.game,
            "hands": self.hands,
            "duplicate": self.duplicate,
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
                    **(
                        {
                            "ci95_independent": round(p.ci95_independent, 4),
                            "hands_needed": round(p.hands_needed, 4),
                        }
                        if self.duplicate
                        else {}
                    ),
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
        dealt = f" ({self.hands // len(self.players):,} deals, duplicate)" if self.duplicate else ""
        lines = [
            f"{self.game}: {self.hands:,} hands{dealt}, seed {self.seed}, "
            f"{self.workers} worker{'s' if self.workers != 1 else ''} ({self.backend}), "
            f"stacks {self.stack:,}, {self.hands_per_second:,.0f} hands/s",
            f"{'player':<{width}}  {unit:>14}  95% interval",
        ]
        for p in self.players:
            low, high = p.interval
            lines.append(
                f"{p.name:<{width}}  {p.per_100:>+14.2f}  ±{p.ci95:.2f} [{low:+.2f}, {high:+.2f}]"
            )
        if self.duplicate:
            lines += [
                f"{p.name:<{width}}  without duplicate ±{p.ci95_independent:.2f}: duplicate "
                f"needs {100 * p.hands_needed:.0f}% of the hands for the same interval"
                for p in self.players
            ]
        return "\n".join(lines)
