"""The room's metrics for Prometheus (``GET /metrics``, for an operator or the metrics
token): what a running room is doing, read from the room itself when scraped — sockets
and accounts online, tables by state, hands and actions, the round trip of an action,
the event loop's lag, the journal's queue and write times, the leases held, the refusals
of the limits.

Nothing is measured twice: the counts are the hub's and the room's own integers and the
durations their :class:`~studpoker.room.timings.Timings`, turned into Prometheus' families
only when scraped, so that a busy room pays a few nanoseconds an action for them.

>>> REFUSED.clear()
>>> refused("logins"); refused("logins"); refused("messages")
>>> sorted(REFUSED.items())
[('logins', 2), ('messages', 1)]
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector

from studpoker.room.timings import Timings

if TYPE_CHECKING:
    from studpoker.room import Room
    from studpoker.server.connections import Hub

__all__ = ["CONTENT_TYPE", "REFUSED", "LoopLag", "RoomMetrics", "refused"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
REFUSED: Counter[str] = Counter()
"""The refusals of the room's limits since the process started, by what came too
often (``rate_limited``'s ``what``, ``chat``, ``sockets``, ``connections``)."""


def refused(what: str) -> None:
    """One more refusal of ``what`` by a limit."""
    REFUSED[what] += 1


class LoopLag:
    """How late the event loop runs a callback asked for ``every`` seconds from now:
    the time the room cannot answer anyone.  Sampled by a task of its own."""

    def __init__(self, every: float = 0.25) -> None:
        self.every = every
        self.timings = Timings((0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5))
        self.last = 0.0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._sample(), name="event loop lag")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _sample(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(self.every)
            self.last = max(0.0, time.perf_counter() - asked - self.every)
            self.timings.observe(self.last)


def _histogram(name: str, text: str, timings: Timings) -> HistogramMetricFamily:
    buckets: list[tuple[str, float]] = []
    running = 0
    for bound, count in zip(timings.bounds, timings.counts, strict=False):
        running += count
        buckets.append((repr(float(bound)), running))
    buckets.append(("+Inf", timings.count))
    return HistogramMetricFamily(name, text, buckets=buckets, sum_value=timings.total)


class RoomMetrics(Collector):
    """The metrics of one process of a room: its hub (the sockets), its room (tables,
    journal, leases) and the loop's lag, in a registry of its own."""

    def __init__(self, room: Room, hub: Hub, lag: LoopLag) -> None:
        self.room = room
        self.hub = hub
        self.lag = lag
        self.registry = CollectorRegistry(auto_describe=False)
        self.registry.register(self)

    def text(self) -> bytes:
        """The metrics as Prometheus' text format."""
        return generate_latest(self.registry)

    def collect(self) -> Iterator[Metric]:
        hub, room = self.hub, self.room
        yield _gauge("studpoker_sockets", "WebSockets open to this process", len(hub.clients))
        yield _gauge(
            "studpoker_accounts_online",
            "Accounts with a socket open to this process",
            hub.accounts_online(),
        )
        tables = GaugeMetricFamily(
            "studpoker_tables", "Tables this process runs, by state", labels=["state"]
        )
        states = Counter(_state(room_table.table) for room_table in room.tables.values())
        for state in ("dealing", "waiting", "paused", "halted"):
            tables.add_metric([state], states[state])
        yield tables
        yield CounterMetricFamily(
            "studpoker_hands", "Hands ended at the tables this process runs", value=hub.hands
        )
        yield CounterMetricFamily(
            "studpoker_actions", "Actions players sent to this process", value=hub.actions
        )
        yield _histogram(
            "studpoker_action_round_trip_seconds",
            "From an action received to the table's answer sent to its watchers",
            hub.action_seconds,
        )
        yield _gauge(
            "studpoker_event_loop_lag_seconds",
            "How late the event loop ran its last sampled callback",
            self.lag.last,
        )
        yield _histogram(
            "studpoker_event_loop_lag_sampled_seconds",
            "How late the event loop ran each sampled callback",
            self.lag.timings,
        )
        journal = room._journal
        yield _gauge(
            "studpoker_journal_queue",
            "Deals, actions and seatings waiting to be written",
            0 if journal is None else journal.waiting,
        )
        yield _histogram(
            "studpoker_journal_write_seconds",
            "How long each batch of the journal took to write",
            Timings() if journal is None else journal.write_seconds,
        )
        leases = sum(room_table.lease is not None for room_table in room.tables.values())
        yield _gauge("studpoker_leases_held", "Table leases this process holds", leases)
        limited = CounterMetricFamily(
            "studpoker_rate_limited",
            "Requests, messages and connections refused by a limit, by what",
            labels=["what"],
        )
        for what, count in sorted(REFUSED.items()):
            limited.add_metric([what], count)
        yield limited


def _gauge(name: str, text: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, text, value=value)


def _state(table: Any) -> str:
    if table.halted is not None:
        return "halted"
    if table.paused:
        return "paused"
    return "dealing" if table.hand_in_progress else "waiting"
