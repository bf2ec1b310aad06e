"""The time a table keeps (R8.1: a decision's clock and time bank, R7.3: a
competition's end, the pause between hands): read and waited on through one small
:class:`Clock`, injected into the table (DESIGN.md idea 7), so that a test moves
time instead of waiting for it.

:class:`LoopClock`, the default, is the event loop's time; :class:`ManualClock` stands
still until it is told to move, and then fires what came due, in order:

>>> clock = ManualClock()
>>> fired = []
>>> _ = clock.call_later(2.0, fired.append, "bank")
>>> _ = clock.call_later(1.0, fired.append, "clock")
>>> clock.advance(1.5)
>>> fired, clock.now()
(['clock'], 1.5)
>>> clock.advance(1.0)
>>> fired
['clock', 'bank']
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["Clock", "LoopClock", "ManualClock", "Timer", "wait_first"]


class Timer(Protocol):
    """A callback a clock will call, until cancelled (``asyncio.TimerHandle`` is one)."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """What a table asks of time: the time now in seconds (a monotonic count, the
    event loop's by default) and a callback called ``delay`` seconds from now."""

    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer: ...


class LoopClock:
    """The running event loop's time (monotonic; the monotonic clock outside a loop),
    its timers the loop's own."""

    def now(self) -> float:
        try:
            return asyncio.get_running_loop().time()
        except RuntimeError:
            return time.monotonic()

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        return asyncio.get_running_loop().call_later(delay, callback, *args)


class _ManualTimer:
    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that moves only when :meth:`advance` (or :meth:`advance_to`) says,
    calling every callback that comes due on the way, earliest first: a test of the
    clock (R8.1) or of a competition's end (R7.3) takes no time at all."""

    def __init__(self, start: float = 0.0) -> None:
        self._time = start
        self._order = itertools.count()  # callbacks due at the same time: first set, first called
        self._due: list[tuple[float, int, _ManualTimer, Callable[..., Any], tuple[Any, ...]]] = []

    def now(self) -> float:
        return self._time

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        timer = _ManualTimer()
        when = self._time + max(delay, 0.0)
        heapq.heappush(self._due, (when, next(self._order), timer, callback, args))
        return timer

    def advance(self, seconds: float) -> None:
        """Move ``seconds`` on."""
        self.advance_to(self._time + seconds)

    def advance_to(self, moment: float) -> None:
        """Move on to ``moment`` (never back), calling what comes due meanwhile."""
        while self._due and self._due[0][0] <= moment:
            when, _, timer, callback, args = heapq.heappop(self._due)
            self._time = max(self._time, when)
            if not timer.cancelled:
                callback(*args)
        self._time = max(self._time, moment)

    def next_due(self) -> float | None:
        """When the next callback not cancelled comes due, or None."""
        while self._due and self._due[0][2].cancelled:
            heapq.heappop(self._due)
        return self._due[0][0] if self._due else None


async def wait_first(clock: Clock, *events: asyncio.Event, timeout: float | None) -> None:
    """Wait until one of ``events`` is set, or ``timeout`` seconds of ``clock``."""
    loop = asyncio.get_running_loop()
    waiters: list[asyncio.Future[Any]] = [asyncio.ensure_future(event.wait()) for event in events]
    timer = None
    if timeout is not None:
        expired: asyncio.Future[None] = loop.create_future()
        timer = clock.call_later(timeout, _settle, expired)
        waiters.append(expired)
    try:
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if timer is not None:
            timer.cancel()
        for waiter in waiters:
            waiter.cancel()


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
