"""Runouts: the unseen cards dealt to the players' missing places, as NumPy blocks.

A runout is one row of indexes into the unseen cards: the first ``draws[0]``
columns go to the first player, the next ``draws[1]`` to the second, and so on.
:func:`every_runout` deals every runout exactly once (each player's cards as a
set, since the order they come in changes no hand); :func:`random_runouts` deals
them at random, each with the same chance.  Both yield ``uint8`` blocks of at most
``block`` rows (one block may hold more when one player alone has more ways).

>>> [block.tolist() for block in every_runout(3, (1, 1), block=4)]
[[[0, 1], [0, 2], [1, 0], [1, 2]], [[2, 0], [2, 1]]]
>>> rng = np.random.default_rng(1)
>>> [sorted(row) for row in next(random_runouts(5, 5, samples=2, rng=rng, block=2)).tolist()]
[[0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

__all__ = ["Block", "every_runout", "random_runouts"]

Block = npt.NDArray[np.uint8]


@lru_cache(maxsize=16)
def _combinations(n: int, k: int) -> Block:
    """Every ``k``-subset of ``range(n)``, one a row, ascending."""
    count = math.comb(n, k)
    return np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(n), k)),
        dtype=np.uint8,
        count=count * k,
    ).reshape(count, k)


@lru_cache(maxsize=16)
def _complements(n: int, k: int) -> Block:
    """Row for row of :func:`_combinations`, the ``n - k`` indexes a subset leaves."""
    chosen = _combinations(n, k)
    left = np.ones((len(chosen), n), dtype=bool)
    left[np.arange(len(chosen))[:, None], chosen] = False
    return np.nonzero(left)[1].astype(np.uint8).reshape(len(chosen), n - k)


def every_runout(unseen: int, draws: Sequence[int], *, block: int) -> Iterator[Block]:
    """Every way to deal ``draws[i]`` of ``unseen`` cards to each place ``i`` in turn."""
    start = np.zeros((1, 0), dtype=np.uint8)
    left = np.arange(unseen, dtype=np.uint8)[None, :]
    # A place that gets no card changes nothing: skip it rather than copy the deck.
    yield from _deal(start, left, tuple(size for size in draws if size), block)


def _deal(dealt: Block, left: Block, draws: tuple[int, ...], block: int) -> Iterator[Block]:
    """Extend each row of ``dealt`` (the cards dealt so far; ``left``, row for row,
    the cards still in the deck) by every way to deal the next places."""
    if not draws:
        yield dealt
        return
    size, later = draws[0], draws[1:]
    chosen = _combinations(left.shape[1], size)
    # The last place leaves a deck nobody deals from: no complements to make for it.
    rest = _complements(left.shape[1], size) if later else None
    rows, width = dealt.shape
    for first in range(0, len(chosen), block):
        ways = chosen[first : first + block]
        step = max(1, block // len(ways))
        for top in range(0, rows, step):
            head = dealt[top : top + step]
            deck = left[top : top + step]
            count = len(head) * len(ways)
            extended = np.empty((count, width + size), dtype=np.uint8)
            extended[:, :width] = np.repeat(head, len(ways), axis=0)
            extended[:, width:] = deck[:, ways].reshape(count, size)
            if rest is None:
                yield extended
            else:
                ways_left = rest[first : first + block]
                deck_left = deck[:, ways_left].reshape(count, left.shape[1] - size)
                yield from _deal(extended, deck_left, later, block)


def random_runouts(
    unseen: int, count: int, *, samples: int, rng: np.random.Generator, block: int
) -> Iterator[Block]:
    """``samples`` random runouts of ``count`` of ``unseen`` cards: the first
    ``count`` steps of a Fisher-Yates shuffle, done for a whole block at once."""
    fresh = np.tile(np.arange(unseen, dtype=np.uint8), (block, 1))
    starts = np.arange(block, dtype=np.intp) * unseen
    for done in range(0, samples, block):
        rows = min(block, samples - done)
        deck = fresh[:rows].copy()
        cards = deck.ravel()
        for step in range(count):
            here = starts[:rows] + step
            there = here + rng.integers(0, unseen - step, size=rows)
            card = cards.take(there)
            cards[there] = cards.take(here)
            cards[here] = card
        yield deck[:, :count]
