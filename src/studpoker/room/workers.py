"""Workers of their own for the room's slow work — hashing passwords (argon2, by
design a tenth of a second of a core), writing hand histories (seconds of pure Python
for a thousand hands), importing, replaying and counting the study tools' hands
(study/jobs.py) — so that neither waits behind nor delays the database calls of the
tables, and a bounded queue, so that a flood of such requests is refused at once
instead of piling up.

Threads suit work that lets go of the interpreter's lock (argon2 does, in C); work in
pure Python goes to processes, or the tables would wait for the lock it holds.

>>> import asyncio
>>> async def main():
...     workers = Workers("example", size=1, waiting=1)
...     return await workers.run(sum, [1, 2, 3])
>>> asyncio.run(main())
6
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TypeVar

__all__ = ["Busy", "Workers"]

T = TypeVar("T")


class Busy(RuntimeError):
    """Too much of one kind of work is waiting: try again in ``retry_after`` seconds.
    ``what`` names the work as a code (``password_hashing``, ``hand_histories``,
    ``imports``, ``replays``, ``statistics``)."""

    def __init__(self, message: str, retry_after: float, what: str = "work") -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.what = what


class Workers:
    """``size`` threads (or, with ``processes``, processes) named ``name``; at most
    ``waiting`` jobs running or queued.  They start with the first job, and again
    after :meth:`close`."""

    def __init__(
        self,
        name: str,
        *,
        size: int,
        waiting: int,
        processes: bool = False,
        retry_after: float = 1.0,
    ) -> None:
        if size < 1 or waiting < size:
            raise ValueError(f"{name}: 1 worker or more and as many places, not {size}/{waiting}")
        self.name = name
        self.size = size
        self.waiting = waiting
        self.processes = processes
        self.retry_after = retry_after
        self._pool: Executor | None = None
        self._jobs = 0

    @property
    def jobs(self) -> int:
        """Jobs running or waiting now."""
        return self._jobs

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.processes:
                # Forked from a fresh interpreter of its own (the fork server), never
                # from this one and its threads; at a lower priority, so that the tables
                # get the cores first.
                self._pool = ProcessPoolExecutor(
                    self.size, mp_context=fresh_processes(), initializer=_lower_priority
                )
            else:
                self._pool = ThreadPoolExecutor(self.size, thread_name_prefix=self.name)
        return self._pool

    def admit(self) -> None:
        """:class:`Busy` now if a job given now would be: to refuse a job before its
        input is read (an upload of megabytes), not after."""
        if self._jobs >= self.waiting:
            raise Busy(
                f"the room is busy with {self.name}: try again in a moment",
                self.retry_after,
                "_".join(self.name.split()),
            )

    async def run(self, job: Callable[..., T], *args: object) -> T:
        """``job(*args)`` on one of the workers (for processes, ``job`` and ``args``
        must pickle); :class:`Busy` at once when ``waiting`` jobs are already there."""
        self.admit()
        self._jobs += 1
        pool = self._executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, job, *args)
        except BrokenExecutor:
            # A worker process died (killed, out of memory): this job fails, and the
            # next starts new workers rather than finding the pool broken for good.
            if self._pool is pool:
                self.close()
            raise
        finally:
            self._jobs -= 1

    def close(self) -> None:
        """Stop the workers (jobs under way are cancelled)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


# What the work done in processes imports: loaded once in the fork server, so that a
# worker process starts in milliseconds instead of the second a fresh interpreter takes
# to import the package (a room's pools start with their first job, and again after a
# worker dies).
PRELOAD = ["studpoker.room.histories", "studpoker.study.jobs"]


def fresh_processes() -> multiprocessing.context.ForkServerContext:
    """The processes the workers run in: forked from the fork server, a single-threaded
    interpreter started once per process that has imported :data:`PRELOAD`, so a
    worker shares nothing with this process's threads and starts at once."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def _lower_priority() -> None:
    """A worker process yields the cores to the room's own process (nice 10)."""
    with contextlib.suppress(OSError, AttributeError):  # no nice() on every system
        os.nice(10)
