"""Counterfactual regret minimisation of the abstract heads-up Show Hand game
(:mod:`~studpoker.bots.show_hand_cfr.abstraction`, :mod:`~studpoker.bots.show_hand_cfr.tree`),
and its exact best response.

The game is small enough that each iteration walks the whole betting tree once
with both players' buckets as arrays (every deal of the chain at once, as public-tree
solvers do), so no deal is sampled: Discounted CFR (Brown and Sandholm 2019, α=1.5,
β=0, γ=2), which converges faster than Monte Carlo CFR's sampled walks on a tree
this size.  A player's strategy sees its current bucket and the betting (imperfect
recall of its earlier buckets); the best response (:meth:`Solver.best_response`)
remembers every bucket it had, and is exact: the abstract game's exploitability of
the average strategy is what it wins on average over the two seats.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from studpoker.bots.show_hand_cfr.abstraction import Abstraction
from studpoker.bots.show_hand_cfr.tree import Node, Tree

__all__ = ["Solver"]

FloatArray = npt.NDArray[np.float64]

ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0

# ndarray.sum without its Python wrapper: the same reduction, a third of the time on
# the solver's small arrays.
_sum = np.add.reduce


class Solver:
    """Discounted CFR of ``abstraction``'s game with ``tree``'s betting."""

    def __init__(self, abstraction: Abstraction, tree: Tree) -> None:
        self.abstraction = abstraction
        self.tree = tree
        b = abstraction.buckets
        self.iterations = 0
        widths = [0] * tree.decisions
        self._acts: list[Node] = [n for n in tree.nodes if n.kind == "act"]
        for node in self._acts:
            widths[node.index] = len(node.children)
        self.regrets = [np.zeros((b, w)) for w in widths]
        self.totals = [np.zeros((b, w)) for w in widths]
        self._payoff: dict[int, FloatArray] = {}
        for node in tree.nodes:
            if node.kind == "fold":
                lost = -node.put[0] if node.actor == 0 else node.put[1]
                self._payoff[id(node)] = np.full((b, b), float(lost))
            elif node.kind == "showdown":
                won = abstraction.wins[node.street - 1][node.opener]
                self._payoff[id(node)] = node.put[0] * (2.0 * won - 1.0)
        self._moves = [
            [[m[o, :, :, o2].reshape(b * b, b * b) for o2 in (0, 1)] for o in (0, 1)]
            for m in abstraction.moves
        ]

    # -- training -----------------------------------------------------------------

    def iterate(self, count: int = 1) -> None:
        """``count`` iterations of Discounted CFR, both players at once."""
        for _ in range(count):
            self.iterations += 1
            t = self.iterations
            keep_positive = t**ALPHA / (t**ALPHA + 1.0)
            keep_negative = t**BETA / (t**BETA + 1.0)
            self._keep = (keep_positive, keep_negative, (t / (t + 1.0)) ** GAMMA)
            start = self.abstraction.start
            for opener, child in self.tree.root.children:
                q = start[int(opener)]
                self._walk(child, q, q)

    def _walk(self, node: Node, q0: FloatArray, q1: FloatArray) -> FloatArray:
        """Player 0's value at ``node`` in each joint bucket state; ``q0`` is the reach
        of each state without player 0's own choices (chance and player 1), ``q1``
        without player 1's."""
        kind = node.kind
        if kind == "fold" or kind == "showdown":
            return self._payoff[id(node)]
        b = q0.shape[0]
        if kind == "deal":
            dealt = np.zeros((b, b))
            moves = self._moves[node.street - 2][node.opener]
            for opener, child in node.children:
                move = moves[int(opener)]
                below = self._walk(
                    child,
                    (q0.reshape(-1) @ move).reshape(b, b),
                    (q1.reshape(-1) @ move).reshape(b, b),
                )
                dealt += (move @ below.reshape(-1)).reshape(b, b)
            return dealt
        regrets = self.regrets[node.index]
        strategy = _matched(regrets)
        children = node.children
        # The tree is walked 2,600 times an iteration with arrays of a few buckets:
        # numpy's calls, not its arithmetic, are the cost, so the children's values go
        # straight into one array and the sums are ufunc reductions (no wrappers).
        stacked = np.empty((len(children), b, b))  # (actions, B, B)
        walk, payoff = self._walk, self._payoff
        if node.actor == 0:
            for a, (_, child) in enumerate(children):
                leaf = payoff.get(id(child))
                stacked[a] = (
                    leaf if leaf is not None else walk(child, q0, q1 * strategy[:, a, None])
                )
            value: FloatArray = _sum(strategy.T[:, :, None] * stacked, axis=0)
            gained = _sum(q0[None] * (stacked - value[None]), axis=2).T
            weight = _sum(q1, axis=1)
        else:
            for a, (_, child) in enumerate(children):
                leaf = payoff.get(id(child))
                stacked[a] = (
                    leaf if leaf is not None else walk(child, q0 * strategy[None, :, a], q1)
                )
            value = _sum(strategy.T[:, None, :] * stacked, axis=0)
            gained = _sum(q1[None] * (value[None] - stacked), axis=1).T
            weight = _sum(q0, axis=0)
        keep_positive, keep_negative, keep_total = self._keep
        regrets *= np.where(regrets > 0, keep_positive, keep_negative)
        regrets += gained
        totals = self.totals[node.index]
        totals *= keep_total
        totals += weight[:, None] * strategy
        return value

    # -- the policy and its best response -------------------------------------------

    def average(self) -> list[FloatArray]:
        """The average strategy at each decision node: ``(buckets, actions)``
        probabilities (uniform where a bucket was never reached)."""
        out = []
        for totals in self.totals:
            sums = totals.sum(axis=1, keepdims=True)
            out.append(
                np.where(sums > 0, totals / np.where(sums > 0, sums, 1.0), 1.0 / totals.shape[1])
            )
        return out

    def best_response(self, player: int, strategy: list[FloatArray] | None = None) -> float:
        """What ``player`` wins a hand on average, in antes, best-responding (with
        every bucket it had in mind) to the other's ``strategy`` (the average by
        default).  Exact in the abstract game: no deal is sampled."""
        strategy = self.average() if strategy is None else strategy
        ab = self.abstraction
        if player == 0:
            start, moves = ab.start, ab.moves
        else:  # the game from player 1's side: its bucket first
            start = ab.start.transpose(0, 2, 1)
            moves = tuple(m.transpose(0, 2, 1, 3, 5, 4) for m in ab.moves)
        sign = 1.0 if player == 0 else -1.0
        walk = _BestResponse(self, player, strategy, moves, sign)
        total = 0.0
        for opener, child in self.tree.root.children:
            total += float(walk.value(child, start[int(opener)]).sum())
        return total

    def exploitability(self, strategy: list[FloatArray] | None = None) -> float:
        """The average over the two seats of what a best response wins, in antes a
        hand (0 at an equilibrium of the abstract game, which is worth 0 to each)."""
        strategy = self.average() if strategy is None else strategy
        return (self.best_response(0, strategy) + self.best_response(1, strategy)) / 2.0


class _BestResponse:
    """The best response of ``player`` by backward induction over the betting tree,
    the reach of chance and the other player's strategy carried for every sequence
    of ``player``'s buckets and the other's current bucket."""

    def __init__(
        self,
        solver: Solver,
        player: int,
        strategy: list[FloatArray],
        moves: tuple[FloatArray, ...],
        sign: float,
    ) -> None:
        self.solver = solver
        self.player = player
        self.strategy = strategy
        self.moves = moves
        self.sign = sign

    def value(self, node: Node, q: FloatArray) -> FloatArray:
        """For each sequence of the player's buckets (rows of ``q``, the last bucket
        fastest), what the best response wins from ``node`` weighted by its reach."""
        kind = node.kind
        b = q.shape[1]
        if kind == "fold" or kind == "showdown":
            payoff = self.solver._payoff[id(node)]
            mine = self.sign * (payoff if self.player == 0 else payoff.T)
            won: FloatArray = (q.reshape(-1, b, b) * mine[None]).sum(axis=2).reshape(-1)
            return won
        if kind == "deal":
            move = self.moves[node.street - 2][node.opener]
            grouped = q.reshape(-1, b, b)
            total = np.zeros(q.shape[0])
            for opener, child in node.children:
                after = np.einsum("pab,abxy->paxy", grouped, move[:, :, int(opener)])
                below = self.value(child, after.reshape(-1, b))
                total += below.reshape(q.shape[0], b).sum(axis=1)
            return total
        if node.actor == self.player:
            best: FloatArray = np.max([self.value(child, q) for _, child in node.children], axis=0)
            return best
        theirs = self.strategy[node.index]
        summed: FloatArray = np.sum(
            [
                self.value(child, q * theirs[None, :, a])
                for a, (_, child) in enumerate(node.children)
            ],
            axis=0,
        )
        return summed


def _matched(regrets: FloatArray) -> FloatArray:
    """Regret matching: each bucket's positive regrets as probabilities (uniform
    when none is positive)."""
    positive = np.maximum(regrets, 0.0)
    sums = _sum(positive, axis=1, keepdims=True)
    return np.where(sums > 0, positive / np.where(sums > 0, sums, 1.0), 1.0 / regrets.shape[1])
