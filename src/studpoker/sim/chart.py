"""A chart of each player's cumulative winnings, hand by hand (matplotlib, an
optional extra: ``pip install matplotlib``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from studpoker.sim.results import SimResult

__all__ = ["write_chart"]

_POINTS = 2_000  # at most this many points a line: a chart is read, not scanned


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ValueError(
            "--chart needs the matplotlib package, which is not installed: "
            "pip install 'matplotlib>=3.8'"
        ) from None
    matplotlib.use("Agg")  # files only, no screen
    import matplotlib.pyplot as plt

    return plt


def write_chart(result: SimResult, path: str | Path) -> None:
    """Draw ``result``'s cumulative winnings in units (big bets or antes) into
    ``path`` (the format by its extension: .png, .svg, .pdf)."""
    if result.curves is None:
        raise ValueError("the simulation kept no hand-by-hand results: run it with curves=True")
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(9, 5), dpi=110)
    try:
        step = max(1, result.hands // _POINTS)
        xs = list(range(step, result.hands + 1, step))
        for player, curve in zip(result.players, result.curves, strict=True):
            ys = [curve[x - 1] / result.unit for x in xs]
            label = f"{player.name}: {player.per_100:+.2f} ± {player.ci95:.2f} /100"
            axes.plot(xs, ys, label=label, linewidth=1.2)
        axes.axhline(0, color="grey", linewidth=0.8)
        axes.set_xlabel("hands")
        axes.set_ylabel(f"cumulative winnings ({result.unit_name}s)")
        axes.set_title(f"{result.game}: {result.hands:,} hands, seed {result.seed}")
        axes.legend(loc="best")
        axes.grid(alpha=0.3)
        figure.tight_layout()
        figure.savefig(path)
    finally:
        plt.close(figure)
