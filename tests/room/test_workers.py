"""The room's workers (room/workers.py): a bounded queue refused at once when full,
before a job's input is read, and a worker process that dies costs its job only."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from concurrent.futures import BrokenExecutor

import pytest

from studpoker.room import Busy, Workers


def test_a_full_queue_is_refused_at_once_and_admits_again_once_a_job_is_done() -> None:
    gate = threading.Event()

    async def main() -> None:
        workers = Workers("hand replays", size=1, waiting=2, retry_after=3.0)
        held = [asyncio.create_task(workers.run(gate.wait, 30)) for _ in range(2)]
        await asyncio.sleep(0)  # each has taken its place
        assert workers.jobs == 2
        with pytest.raises(Busy) as refused:
            workers.admit()
        assert (str(refused.value), refused.value.what, refused.value.retry_after) == (
            "the room is busy with hand replays: try again in a moment",
            "hand_replays",
            3.0,
        )
        with pytest.raises(Busy):
            await workers.run(sum, [1, 2])
        gate.set()
        assert await asyncio.gather(*held) == [True, True]
        workers.admit()
        assert await workers.run(sum, [1, 2]) == 3
        workers.close()

    asyncio.run(main())


def test_a_worker_process_that_dies_fails_its_job_and_the_next_job_gets_a_new_one() -> None:
    async def main() -> None:
        workers = Workers("imports", size=1, waiting=2, processes=True)
        first = await workers.run(os.getpid)
        dying = asyncio.create_task(workers.run(os.kill, first, signal.SIGKILL))
        with pytest.raises(BrokenExecutor):
            await dying
        second = await workers.run(os.getpid)
        assert second not in (first, os.getpid())
        assert workers.jobs == 0
        workers.close()

    asyncio.run(main())
