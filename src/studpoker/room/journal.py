"""The room's running hands written to the store a moment after they happen
(docs/scaling.md, "A hand survives its process"): what every table dealt and did since
the last write goes in one transaction, and no table waits for it.  A hand's record waits
for its own journal to be written first (RoomRecords._hand_ended), so the store never sees
an action of a hand it has already stored."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from studpoker.room.tasks import stop_task
from studpoker.room.timings import Timings
from studpoker.store import JournalActions, JournalEntry, JournalSeating, StaleOwner, Store

__all__ = ["JournalWriter"]

log = logging.getLogger("studpoker.room.room")


class JournalWriter:
    """Writes the deals and actions put to it, in order, a batch a transaction."""

    def __init__(
        self,
        store: Store,
        *,
        window: float = 0.05,
        on_stale: Callable[[str], None] | None = None,
    ) -> None:
        self.store = store
        # Told the table of an entry refused as a stale owner's (another process runs
        # that table now): the room lets go of it.
        self.on_stale = on_stale
        # How long the first entry of a batch waits for others: the tables' actions
        # of that moment in one transaction (a transaction costs far more than a row).
        self.window = window
        self._waiting: list[JournalEntry] = []
        self._wake = asyncio.Event()
        self._hurry = asyncio.Event()  # someone waits for the batch: no window
        self._idle = asyncio.Event()
        self._idle.set()
        self._task: asyncio.Task[None] | None = None
        self.batches = 0  # transactions written (a figure for the benchmarks)
        self.write_seconds = Timings()  # how long each batch took to write (the metrics)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="journal writer")

    @property
    def waiting(self) -> int:
        """Entries put and not yet written."""
        return len(self._waiting)

    def put(self, entry: JournalEntry) -> None:
        self._waiting.append(entry)
        self._idle.clear()
        self._wake.set()

    async def flushed(self) -> None:
        """Once everything put so far is written (or refused, and logged): the batch
        being gathered goes at once."""
        while not self._idle.is_set():
            self._hurry.set()
            await self._idle.wait()

    async def stop(self) -> None:
        await self.flushed()
        task, self._task = self._task, None
        await stop_task(task)

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.window):  # not wait_for: room/tasks.py
                    await self._hurry.wait()
            self._wake.clear()
            self._hurry.clear()
            batch, self._waiting = _merged(self._waiting), []
            if batch:
                await self._write(batch)
            if not self._waiting:
                self._idle.set()

    async def _write(self, batch: list[JournalEntry]) -> None:
        started = time.perf_counter()
        try:
            await asyncio.to_thread(self.store.write_journal, batch)
            self.batches += 1
            self.write_seconds.observe(time.perf_counter() - started)
            return
        except Exception:
            log.warning("a batch of %d journal entries was refused: one at a time", len(batch))
        for entry in batch:  # the others are written; the refused one is logged
            try:
                await asyncio.to_thread(self.store.write_journal, [entry])
            except StaleOwner as error:
                log.warning("table %s: a journal entry was refused: %s", entry.table_id, error)
                if self.on_stale is not None:
                    self.on_stale(entry.table_id)
            except Exception:
                log.exception(
                    "table %s: hand %d's journal entry was refused", entry.table_id, entry.number
                )


def _merged(entries: list[JournalEntry]) -> list[JournalEntry]:
    """``entries`` with each run of one hand's actions that follow each other made one
    entry (one check of the hand's running number and count, not one an action), and
    each table's seating only as it was last (each replaces the one before)."""
    out: list[JournalEntry] = []
    last: dict[tuple[str, int], int] = {}  # (table, hand) -> its actions entry in ``out``
    seated = {
        entry.table_id: i for i, entry in enumerate(entries) if isinstance(entry, JournalSeating)
    }
    for i, entry in enumerate(entries):
        if isinstance(entry, JournalSeating):
            if seated[entry.table_id] == i:
                out.append(entry)
            continue
        if isinstance(entry, JournalActions):
            key = (entry.table_id, entry.number)
            at = last.get(key)
            if at is not None:
                before = out[at]
                assert isinstance(before, JournalActions)
                if (
                    before.first + len(before.actions) == entry.first
                    and before.fence == entry.fence
                ):
                    out[at] = JournalActions(
                        before.table_id,
                        before.number,
                        before.first,
                        [*before.actions, *entry.actions],
                        before.fence,
                    )
                    continue
            last[key] = len(out)
        else:
            last.pop((entry.table_id, entry.number), None)
        out.append(entry)
    return out
