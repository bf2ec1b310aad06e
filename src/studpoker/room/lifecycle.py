"""The room started and stopped: the tables it keeps opened again as they were
(room/restore.py) and the default tables opened; every table stopped, the hand it was
playing void, its rollover shared out (R6.8) and everyone seated paid out."""

from __future__ import annotations

import asyncio
import contextlib

from studpoker.games import GAMES
from studpoker.room.restore import RoomRestore
from studpoker.store import StoreError
from studpoker.table import Table, TableError

__all__ = ["DEFAULT_TABLES", "RoomLifecycle"]

# The stakes of the practice tables, from the seeds (000, 002, 003): the presets' own.
DEFAULT_TABLES: tuple[tuple[str, str], ...] = tuple(
    (game, mode) for mode in ("practice", "chips", "competition") for game in GAMES
)


class RoomLifecycle(RoomRestore):
    """A room's start and stop."""

    async def start(self) -> None:
        """Apply the migrations, open every table the room keeps as it was — its
        people seated, its running hand played on (room/restore.py) — pay back the
        chips held for nobody seated, and open the default tables not kept yet: one
        of each game in each mode."""
        if self._started:
            return
        await asyncio.to_thread(self.store.migrate)
        if self._journal is not None:
            self._journal.start()
        self._started = True
        await self._reopen_tables()
        if self.default_tables:
            for game, mode in DEFAULT_TABLES:
                if f"{mode}-{game}" not in self.tables:
                    await self.create_table(game, mode, table_id=f"{mode}-{game}")

    async def stop(self) -> None:
        """Stop every table now: a hand being played is void (every bet goes back,
        DESIGN.md idea 4), and everyone seated is paid out.  Stopped once: a second
        call (the server's shutdown, then its lifespan's end) does nothing."""
        if not self._started:
            return
        for waiting in self._gone.values():
            waiting.cancel()
        self._gone.clear()
        for held in self.tables.values():
            held.stop.set()
            if held.task is not None:
                held.task.cancel()
        for held in self.tables.values():
            if held.task is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await held.task
        if self._journal is not None:
            await self._journal.flushed()  # the deals and actions written, then voided
        # A stop is no crash: everyone is paid out below, and the hands it cut short
        # (or that were to be played on) are void.
        for running in await asyncio.to_thread(self.store.running_hands):
            if running.table_id in self.tables:
                with contextlib.suppress(StoreError):
                    await asyncio.to_thread(self.store.void_hand, running.table_id, running.number)
        for held in self.tables.values():
            await self._pay_rollover(held.table)
            with contextlib.suppress(TableError):
                await held.table.close()
        if self._journal is not None:
            await self._journal.stop()
        self.histories.close()  # a worker process; it starts again with the next download
        self._started = False

    async def _pay_rollover(self, table: Table) -> None:
        """R6.8: at a chips table's last hand the rollover is split equally among the
        players seated, the remainder one chip each by seat order — in the ledger first,
        then at the table (``close`` splits it the same way)."""
        if table.config.mode != "chips" or not table.rollover or not table.seats:
            return
        numbers = sorted(table.seats)
        share, odd = divmod(table.rollover, len(numbers))
        shares: dict[int, int] = {}
        for i, number in enumerate(numbers):
            account = table.seats[number].occupant.account_id
            if account is not None:
                shares[account] = shares.get(account, 0) + share + (i < odd)
        await asyncio.to_thread(self.store.set_rollover, table.table_id, 0, shares=shares)
