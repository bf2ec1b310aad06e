"""Training a heads-up Show Hand policy (``stud train show-hand``): the abstraction
counted from seeded deals, Discounted CFR for a number of iterations, the exact
exploitability measured as training goes (the curve of docs/bots.md), and a
checkpoint after each measurement from which a stopped training goes on.

>>> run = Training(28, deals=2_000, stack=10, seed=3)
>>> point = run.step(4)
>>> point.iterations, point.exploitability > 0
(4, True)
>>> run.policy().iterations
4
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from studpoker.bots.show_hand_cfr.abstraction import Abstraction, abstract
from studpoker.bots.show_hand_cfr.policy import Policy
from studpoker.bots.show_hand_cfr.solver import Solver
from studpoker.bots.show_hand_cfr.tree import Tree

__all__ = ["Point", "Training"]


@dataclass(frozen=True)
class Point:
    """One measurement: after ``iterations`` and ``seconds`` of training (the
    abstraction's counting not included), the exploitability in antes a hand."""

    iterations: int
    seconds: float
    exploitability: float


class Training:
    """A training of ``deck``'s policy: new, or taken up from ``checkpoint`` when that
    file exists (same deck, stack, buckets, deals, seed and least bet, or it is refused).

    Its policy is the average strategy as it was at the measurement with the least
    exploitability: in this abstraction, where a strategy forgets its earlier buckets,
    the average can drift away from the least exploitable one (docs/bots.md)."""

    def __init__(
        self,
        deck: int,
        *,
        deals: int = 100_000,
        buckets: int = 8,
        stack: int = 100,
        raises: int = 2,
        least: bool = True,
        seed: int = 0,
        checkpoint: Path | None = None,
        progress: Callable[[str, float], None] | None = None,
    ) -> None:
        if deck not in (52, 32, 28):
            raise ValueError(f"a deck has 52, 32 or 28 cards, not {deck!r}")
        self.deck = deck
        self.settings = np.array([deck, deals, buckets, stack, raises, seed, least], dtype=np.int64)
        self.checkpoint = checkpoint
        self.curve: list[Point] = []
        self.seconds = 0.0
        self.best: Point | None = None
        self._best_average: list[npt.NDArray[np.float64]] = []
        tree = Tree(stack, raises, least)
        if checkpoint is not None and checkpoint.exists():
            self.solver = self._resume(checkpoint, tree)
        else:
            made = abstract(deck, deals=deals, buckets=buckets, seed=seed, progress=progress)
            self.solver = Solver(made, tree)

    def _resume(self, path: Path, tree: Tree) -> Solver:
        with np.load(path) as saved:
            if not np.array_equal(saved["settings"], self.settings):
                raise ValueError(
                    f"{path} is a checkpoint of another training (deck, deals, buckets, "
                    f"stack, raises, seed, least bet = {saved['settings'].tolist()}, not "
                    f"{self.settings.tolist()})"
                )
            arrays = {key: saved[key] for key in saved.files}
        solver = Solver(Abstraction.from_arrays(arrays), tree)
        solver.iterations = int(arrays["iterations"])
        for index in range(tree.decisions):
            solver.regrets[index][:] = arrays[f"r{index}"]
            solver.totals[index][:] = arrays[f"s{index}"]
        self.seconds = float(arrays["seconds"])
        self.curve = [Point(int(i), float(s), float(e)) for i, s, e in arrays["curve"]]
        if self.curve:
            self.best = min(self.curve, key=lambda point: point.exploitability)
            self._best_average = [arrays[f"a{index}"] for index in range(tree.decisions)]
        return solver

    @property
    def iterations(self) -> int:
        return self.solver.iterations

    def step(self, iterations: int) -> Point:
        """Train ``iterations`` more, measure the exploitability, write the checkpoint."""
        began = time.perf_counter()
        self.solver.iterate(iterations)
        self.seconds += time.perf_counter() - began
        average = self.solver.average()
        point = Point(self.iterations, self.seconds, self.solver.exploitability(average))
        self.curve.append(point)
        if self.best is None or point.exploitability < self.best.exploitability:
            self.best, self._best_average = point, average
        if self.checkpoint is not None:
            self._save(self.checkpoint)
        return point

    def _save(self, path: Path) -> None:
        arrays: dict[str, npt.NDArray[Any]] = dict(self.solver.abstraction.arrays())
        arrays["settings"] = self.settings
        arrays["iterations"] = np.array(self.iterations)
        arrays["seconds"] = np.array(self.seconds)
        arrays["curve"] = np.array(
            [(p.iterations, p.seconds, p.exploitability) for p in self.curve]
        ).reshape(-1, 3)
        for index, (regrets, totals) in enumerate(
            zip(self.solver.regrets, self.solver.totals, strict=True)
        ):
            arrays[f"r{index}"] = regrets
            arrays[f"s{index}"] = totals
        for index, average in enumerate(self._best_average):
            arrays[f"a{index}"] = average
        partial = path.with_name(path.name + ".partial")
        with partial.open("wb") as handle:  # a kill mid-write leaves the last one whole
            np.savez(handle, allow_pickle=False, **arrays)
        partial.replace(path)

    def policy(self) -> Policy:
        """The least exploitable average strategy measured (the average now when none
        was), as a policy to play or ship."""
        best = self.best
        average = self._best_average if best is not None else self.solver.average()
        return Policy.from_average(
            self.deck,
            self.solver.tree,
            self.solver.abstraction.edges,
            average,
            iterations=best.iterations if best is not None else self.iterations,
            exploitability=best.exploitability if best is not None else float("nan"),
        )
