"""The cards of the abstract heads-up Show Hand game: each player's hand, each
round, as one of ``buckets`` buckets of its equity against the opponent's up cards
and any down card (``DeckTables.equity`` of :mod:`~studpoker.bots.show_hand_cfr.cards`),
the buckets cut at the equity's quantiles; and chance as a Markov chain over the
*joint* state — who speaks first (R6.3), the first player's bucket, the second's —
from round to round, with each final state's chance that the first player wins,
all counted from ``deals`` random deals of the real game (each counted twice, the
players swapped, so that the game is symmetric and worth 0 to each).

The abstract game is exactly this chain and :class:`~studpoker.bots.show_hand_cfr.tree.Tree`'s
betting: a player sees its own bucket and who speaks first each round, and the
solver's best response (:mod:`~studpoker.bots.show_hand_cfr.solver`) is exact in it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from studpoker.bots.show_hand_cfr.cards import DeckTables, tables

__all__ = ["SAMPLES", "Abstraction", "abstract"]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

# Deals drawn to estimate a hand's equity each round, before its last card (every
# opponent down card is counted at the last): more early, where equities are close.
SAMPLES = {1: 256, 2: 128, 3: 64}


@dataclass(frozen=True)
class Abstraction:
    """``edges[t - 1]`` cut round ``t``'s equities into buckets; ``start[o, a, b]`` is
    the chance that player ``o`` speaks first in round 1 with the players in buckets
    ``a`` and ``b``; ``moves[t - 1][o, a, b, o2, a2, b2]`` the chance of round ``t + 1``'s
    state ``(o2, a2, b2)`` from round ``t``'s ``(o, a, b)``; ``wins[t - 1][o, a, b]``
    the chance that player 0 wins the showdown from round ``t``'s state, every card
    dealt."""

    deck: int
    buckets: int
    deals: int
    edges: FloatArray  # (4, buckets - 1)
    start: FloatArray  # (2, B, B)
    moves: tuple[FloatArray, ...]  # 3 of (2, B, B, 2, B, B)
    wins: tuple[FloatArray, ...]  # 4 of (2, B, B)

    def bucket(self, street: int, equity: float) -> int:
        """The bucket of an equity in round ``street`` (1 to 4)."""
        return int(np.searchsorted(self.edges[street - 1], equity, side="left"))

    def arrays(self) -> dict[str, FloatArray]:
        out = {"edges": self.edges, "start": self.start}
        for t, move in enumerate(self.moves, 1):
            out[f"move{t}"] = move
        out["win4"] = self.wins[3]
        out["meta"] = np.array([self.deck, self.buckets, self.deals], dtype=np.float64)
        return out

    @classmethod
    def from_arrays(cls, arrays: dict[str, FloatArray]) -> Abstraction:
        deck, buckets, deals = (int(x) for x in arrays["meta"])
        moves = tuple(np.asarray(arrays[f"move{t}"]) for t in (1, 2, 3))
        return cls(
            deck, buckets, deals, np.asarray(arrays["edges"]), np.asarray(arrays["start"]),
            moves, _chained(moves, np.asarray(arrays["win4"])),
        )  # fmt: skip


def _chained(moves: tuple[FloatArray, ...], last: FloatArray) -> tuple[FloatArray, ...]:
    """Each round's chance of winning from the last round's, through the chain."""
    wins = [last]
    for move in reversed(moves):
        b = move.shape[1]
        flat = move.reshape(2 * b * b, 2 * b * b) @ wins[0].reshape(-1)
        wins.insert(0, flat.reshape(2, b, b))
    return tuple(wins)


def abstract(
    deck: int,
    *,
    deals: int = 100_000,
    buckets: int = 8,
    seed: int = 0,
    progress: Callable[[str, float], None] | None = None,
) -> Abstraction:
    """The abstraction of ``deck``'s heads-up game from ``deals`` deals of seed ``seed``;
    ``progress(what, share_done)`` is told as the work goes."""
    if deals < 1000:
        raise ValueError(f"{deals} deals are too few to count the chain from (1,000 at least)")
    if not 2 <= buckets <= 32:
        raise ValueError(f"buckets are 2 to 32, not {buckets}")
    table = tables(deck)
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((deals, deck)), axis=1)[:, :10].astype(np.int64)
    first, second = cards[:, :5], cards[:, 5:]
    equities = np.empty((4, 2, deals))
    openers = np.empty((4, deals), dtype=np.int64)
    for street in (1, 2, 3, 4):
        if progress is not None:
            progress(f"equities, round {street}", (street - 1) / 4)
        for player, (mine, theirs) in enumerate(((first, second), (second, first))):
            equities[street - 1, player] = _equities(table, mine, theirs, street, rng)
        ups_a, ups_b = first[:, 1 : 1 + street], second[:, 1 : 1 + street]
        openers[street - 1] = (table.board(ups_b) > table.board(ups_a)).astype(np.int64)
    if progress is not None:
        progress("the chain", 1.0)
    a_final, b_final = table.showdown(first), table.showdown(second)
    won = (a_final > b_final) + 0.5 * (a_final == b_final)
    # Both players' equities cut at one set of quantiles a round.
    edges = np.stack([_cuts(equities[t].reshape(-1), buckets) for t in range(4)])
    levels = np.stack(
        [np.searchsorted(edges[t], equities[t], side="left") for t in range(4)]
    )  # (4, 2, deals)
    # Every deal twice: as dealt, and with the players swapped.
    o = np.concatenate([openers, 1 - openers], axis=1)
    a = np.concatenate([levels[:, 0], levels[:, 1]], axis=1)
    b = np.concatenate([levels[:, 1], levels[:, 0]], axis=1)
    w = np.concatenate([won, 1.0 - won])
    size = 2 * buckets * buckets
    state = [(o[t] * buckets + a[t]) * buckets + b[t] for t in range(4)]
    start = np.bincount(state[0], minlength=size).astype(np.float64)
    start /= start.sum()
    moves = []
    for t in range(3):
        counts = np.bincount(state[t] * size + state[t + 1], minlength=size * size)
        counts = counts.reshape(size, size).astype(np.float64)
        totals = counts.sum(axis=1, keepdims=True)
        # A state no deal reached is never reached in the game either: any row will do.
        move = np.where(totals > 0, counts / np.maximum(totals, 1.0), 1.0 / size)
        moves.append(move.reshape(2, buckets, buckets, 2, buckets, buckets))
    reached = np.bincount(state[3], minlength=size).astype(np.float64)
    won_sum = np.bincount(state[3], weights=w, minlength=size)
    last = np.where(reached > 0, won_sum / np.maximum(reached, 1.0), 0.5)
    last = last.reshape(2, buckets, buckets)
    return Abstraction(
        deck, buckets, deals, edges, start.reshape(2, buckets, buckets), tuple(moves),
        _chained(tuple(moves), last),
    )  # fmt: skip


def _cuts(values: FloatArray, buckets: int) -> FloatArray:
    """Edges that cut ``values`` into ``buckets`` buckets of as equal a share as they
    can: a value is in the bucket of the edges below it, and a value many hands share
    (the last round's 0, a hand beaten by the opponent's up cards alone) fills a bucket
    of its own rather than leaving the next one empty."""
    ordered = np.sort(values)
    edges: list[float] = []
    start = 0
    for made in range(buckets - 1):
        target = start + (len(ordered) - start) // (buckets - made)
        if target <= start or target > len(ordered):
            edges.append(float("inf"))  # nothing left to cut: the buckets above stay empty
            continue
        edge = float(ordered[target - 1])
        edges.append(edge)
        start = int(np.searchsorted(ordered, edge, side="right"))
    return np.array(edges)


def _equities(
    table: DeckTables, mine: IntArray, theirs: IntArray, street: int, rng: np.random.Generator
) -> FloatArray:
    """Round ``street``'s equity of each of ``mine`` against ``theirs``'s up cards; the
    first round's (the hole card and one up card against one up card: few distinct
    rows) once a distinct row."""
    hole, ups, their_ups = mine[:, 0], mine[:, 1 : 1 + street], theirs[:, 1 : 1 + street]
    if street == 4:
        return table.equity(hole, ups, their_ups, rng, 1)
    samples = SAMPLES[street]
    if street == 1:
        keys = (hole * table.deck + ups[:, 0]) * table.deck + their_ups[:, 0]
        distinct, where = np.unique(keys, return_inverse=True)
        rows = np.stack(
            [distinct // (table.deck * table.deck), distinct // table.deck % table.deck,
             distinct % table.deck], axis=1,
        )  # fmt: skip
        once = table.equity(rows[:, 0], rows[:, 1:2], rows[:, 2:3], rng, samples)
        spread: FloatArray = once[where.reshape(-1)]
        return spread
    return table.equity(hole, ups, their_ups, rng, samples)
