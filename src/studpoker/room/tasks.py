"""Stopping a task for sure.

On Python 3.11 a cancellation can be lost: ``asyncio.wait_for`` returns its result,
not ``CancelledError``, when what it waits for finishes in the same turn of the loop as
the cancel (fixed in 3.12, which builds ``wait_for`` on ``asyncio.timeout``).  A loop
task whose cancel is lost so runs on, and whoever awaits it waits for ever: a room
process asked to stop never stopped (it kept renewing its leases after its test had
dropped the database).  The project waits with ``asyncio.timeout``, which loses no
cancel; and stops its tasks with :func:`stop_task`, which cancels again until the task
is done."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

__all__ = ["stop_task"]

log = logging.getLogger(__name__)

# How long a cancelled task is given before it is cancelled again.
AGAIN_SECONDS = 0.5


async def stop_task(task: asyncio.Task[Any] | None) -> None:
    """Cancel ``task`` and wait until it is done, cancelling it again every
    :data:`AGAIN_SECONDS` while it is not (its cancel was lost).  What it raised is
    not raised here; a cancel of the caller is."""
    if task is None or task is asyncio.current_task():
        return
    task.cancel()
    await asyncio.wait([task], timeout=AGAIN_SECONDS)
    while not task.done():
        log.warning("task %s lost its cancel: cancelled again", task.get_name())
        task.cancel()
        await asyncio.wait([task], timeout=AGAIN_SECONDS)
    if not task.cancelled():
        with contextlib.suppress(Exception, asyncio.CancelledError):
            task.result()  # retrieved: no "exception was never retrieved" at exit
