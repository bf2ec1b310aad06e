"""A trained heads-up Show Hand policy: the bucket edges of its abstraction, the
betting tree's size, and at every decision node each bucket's action
probabilities, in 1/255ths (what ships in the package: ``policies/show_hand_<deck>.npz``).

>>> policy = shipped(28)
>>> policy.deck, policy.stack, policy.buckets
(28, 100, 8)
>>> node = policy.tree.root.child("0")           # player 0 speaks first in round 1
>>> probabilities = policy.strategy(node, bucket=7)
>>> sorted(probabilities) == sorted(node.labels), round(sum(probabilities.values()), 6)
(True, 1.0)
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from studpoker.bots.show_hand_cfr.tree import Node, Tree

__all__ = ["Policy", "shipped"]

FloatArray = npt.NDArray[np.float64]


@dataclass
class Policy:
    """What a player needs to play the solved abstract game."""

    deck: int
    stack: int
    raises: int
    edges: FloatArray  # (4, buckets - 1): the abstraction's bucket edges a round
    table: npt.NDArray[np.uint8]  # (decisions, buckets, widest): probabilities × 255
    iterations: int = 0
    exploitability: float = float("nan")  # antes a hand, in the abstract game
    least: bool = False  # the opener may bet R6.4's least, one ante (Tree's ``least``)
    tree: Tree = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.tree = Tree(self.stack, self.raises, self.least)
        if self.table.shape[0] != self.tree.decisions:
            raise ValueError(
                f"the policy has {self.table.shape[0]} decisions, the tree of {self.stack} "
                f"antes and {self.raises} raises {self.tree.decisions}"
            )

    @property
    def buckets(self) -> int:
        return int(self.table.shape[1])

    def bucket(self, street: int, equity: float) -> int:
        """The bucket of an equity in round ``street`` (1 to 4), as the abstraction cut it."""
        return int(np.searchsorted(self.edges[street - 1], equity, side="left"))

    def strategy(self, node: Node, bucket: int) -> dict[str, float]:
        """The action probabilities of ``bucket`` at a decision ``node``."""
        row = self.table[node.index, bucket, : len(node.children)].astype(np.float64)
        total = row.sum()
        weights = row / total if total > 0 else np.full(len(row), 1.0 / len(row))
        return {label: float(w) for (label, _), w in zip(node.children, weights, strict=True)}

    @classmethod
    def from_average(
        cls,
        deck: int,
        tree: Tree,
        edges: FloatArray,
        average: list[FloatArray],
        *,
        iterations: int,
        exploitability: float,
    ) -> Policy:
        widest = max(a.shape[1] for a in average)
        table = np.zeros((len(average), average[0].shape[0], widest), dtype=np.uint8)
        for index, probabilities in enumerate(average):
            table[index, :, : probabilities.shape[1]] = np.rint(probabilities * 255)
        return cls(
            deck, tree.stack, tree.raises, edges, table, iterations, exploitability, tree.least
        )

    def save(self, path: Path) -> None:
        meta = np.array(
            [self.deck, self.stack, self.raises, self.iterations, self.exploitability, self.least]
        )
        np.savez_compressed(path, meta=meta, edges=self.edges, table=self.table)

    @classmethod
    def load(cls, source: Path | bytes) -> Policy:
        handle = io.BytesIO(source) if isinstance(source, bytes) else source
        with np.load(handle) as arrays:
            deck, stack, raises, iterations, exploitability, *rest = arrays["meta"].tolist()
            return cls(
                int(deck), int(stack), int(raises), arrays["edges"], arrays["table"],
                int(iterations), float(exploitability), bool(rest and rest[0]),
            )  # fmt: skip


@cache
def shipped(deck: int) -> Policy:
    """The policy trained for ``deck`` cards that ships in the package."""
    name = f"show_hand_{deck}.npz"
    data = resources.files("studpoker.bots.show_hand_cfr").joinpath("policies", name)
    try:
        return Policy.load(data.read_bytes())
    except FileNotFoundError:
        raise ValueError(f"no Show Hand policy for a {deck}-card deck ships here") from None
