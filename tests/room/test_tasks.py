"""Stopping a task for sure (room/tasks.py): a process asked to stop must stop even
when a cancel is lost, as Python 3.11's ``asyncio.wait_for`` loses one that comes in the
turn its awaited thing finishes (a room process in CI kept renewing its leases after
SIGTERM, and its test timed out waiting for it)."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from studpoker.room.tasks import stop_task


def test_a_task_that_loses_its_first_cancels_is_stopped() -> None:
    lost: list[int] = []

    async def stubborn() -> None:
        while len(lost) < 2:  # the first two cancels lost, as wait_for loses one
            try:
                await asyncio.sleep(30)
            except asyncio.CancelledError:
                lost.append(1)
        await asyncio.sleep(30)

    async def main() -> asyncio.Task[None]:
        task = asyncio.create_task(stubborn())
        await asyncio.sleep(0)
        async with asyncio.timeout(5):
            await stop_task(task)
        return task

    task = asyncio.run(main())
    assert lost == [1, 1]
    assert task.cancelled()


def test_what_a_stopped_task_raised_is_not_raised_and_a_done_task_is_left() -> None:
    async def failing() -> None:
        raise ValueError("broken")

    async def main() -> tuple[asyncio.Task[None], asyncio.Task[int]]:
        broken = asyncio.create_task(failing())
        done = asyncio.create_task(asyncio.sleep(0, 7))
        await asyncio.sleep(0.01)
        await stop_task(broken)
        await stop_task(done)
        await stop_task(None)
        return broken, done

    broken, done = asyncio.run(main())
    assert isinstance(broken.exception(), ValueError)
    assert done.result() == 7


def test_the_callers_cancel_is_raised() -> None:
    stopping = asyncio.Event()

    async def stubborn() -> None:
        while not stopping.is_set():  # every cancel lost until it is told to stop
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(30)

    async def main() -> None:
        task = asyncio.create_task(stubborn())
        stopper = asyncio.create_task(stop_task(task))
        await asyncio.sleep(0.1)
        stopper.cancel()
        with pytest.raises(asyncio.CancelledError):
            await stopper
        assert not task.done()
        stopping.set()
        task.cancel()
        await asyncio.wait([task])
        assert task.done()

    asyncio.run(main())
