"""Durations counted into buckets as they happen, for the room's metrics: a few
nanoseconds an observation (a bisect and an increment), so that the hot paths — an
action, a journal write — can be measured always, and read only when scraped.

>>> timings = Timings((0.01, 0.1, 1.0))
>>> for seconds in (0.004, 0.05, 0.05, 3.0):
...     timings.observe(seconds)
>>> timings.counts, timings.count, round(timings.total, 3)
([1, 2, 0, 1], 4, 3.104)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

__all__ = ["LATENCY", "Timings"]

LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Bucket bounds in seconds for latencies of a millisecond to seconds."""


class Timings:
    """How many durations fell at or below each of ``bounds`` (and above the last, in
    the last count), with their number and sum."""

    __slots__ = ("bounds", "count", "counts", "total")

    def __init__(self, bounds: Sequence[float] = LATENCY) -> None:
        self.bounds = tuple(bounds)
        self.counts = [0] * (len(self.bounds) + 1)
        self.count = 0
        self.total = 0.0

    def observe(self, seconds: float) -> None:
        self.counts[bisect_left(self.bounds, seconds)] += 1
        self.count += 1
        self.total += seconds
