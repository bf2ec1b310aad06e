"""Runouts: every way to deal the unseen cards exactly once, or random ones, each
equally likely."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from studpoker.equity.runouts import every_runout, random_runouts


def canonical(rows: np.ndarray, draws: tuple[int, ...]) -> list[tuple]:
    """Each runout as the set of cards each place gets (the order within a place
    does not matter)."""
    out = []
    for row in rows.tolist():
        parts, start = [], 0
        for size in draws:
            parts.append(frozenset(row[start : start + size]))
            start += size
        out.append(tuple(parts))
    return out


@pytest.mark.parametrize(
    ("unseen", "draws", "block"),
    [(10, (2, 3), 7), (9, (2, 0, 2, 1), 50), (12, (3,), 2), (8, (), 5), (20, (1, 1, 1), 1000)],
)
def test_every_runout_is_dealt_exactly_once(unseen, draws, block):
    blocks = list(every_runout(unseen, draws, block=block))
    rows = np.concatenate(blocks)
    expected = 1
    left = unseen
    for size in draws:
        expected *= math.comb(left, size)
        left -= size
    assert len(rows) == expected
    assert all(len(set(row)) == len(row) for row in rows.tolist())
    assert len(set(canonical(rows, draws))) == expected
    assert rows.max(initial=0) < unseen
    assert all(len(b) <= max(block, math.comb(unseen, max(draws, default=0))) for b in blocks)


def test_random_runouts_are_distinct_cards_equally_likely():
    rng = np.random.default_rng(7)
    rows = np.concatenate(list(random_runouts(10, 3, samples=60_000, rng=rng, block=4096)))
    assert rows.shape == (60_000, 3)
    assert all(len(set(row)) == 3 for row in rows[:2000].tolist())
    # Every card is as likely in every column, and every set of 3 as likely as any.
    for column in range(3):
        counts = np.bincount(rows[:, column], minlength=10)
        assert np.all(np.abs(counts - 6_000) < 6 * math.sqrt(6_000))
    sets = Counter(frozenset(row) for row in rows.tolist())
    assert len(sets) == math.comb(10, 3)
    expected = 60_000 / 120
    chi2 = sum((n - expected) ** 2 / expected for n in sets.values())
    assert chi2 < 119 + 6 * math.sqrt(2 * 119)


def test_random_runouts_come_in_blocks_and_repeat_with_the_seed():
    def deal(seed):
        rng = np.random.default_rng(seed)
        return list(random_runouts(40, 6, samples=10_000, rng=rng, block=4096))

    blocks = deal(1)
    assert [len(b) for b in blocks] == [4096, 4096, 1808]
    assert all(np.array_equal(a, b) for a, b in zip(blocks, deal(1), strict=True))
    assert not np.array_equal(blocks[0], deal(2)[0])
