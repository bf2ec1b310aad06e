"""The room started and stopped: the chips a previous run left at tables paid back
and the default tables opened; every table stopped, its rollover shared out
(R6.8) and everyone seated paid out."""

from __future__ import annotations

import asyncio
import contextlib

from studpoker.games import GAMES
from studpoker.room.lobby import RoomLobby
from studpoker.room.state import log
from studpoker.table import Table, TableError

__all__ = ["DEFAULT_TABLES", "RoomLifecycle"]

# The stakes of the practice tables, from the seeds (000, 002, 003): the presets' own.
DEFAULT_TABLES: tuple[tuple[str, str], ...] = tuple(
    (game, mode) for mode in ("practice", "chips", "competition") for game in GAMES
)


class RoomLifecycle(RoomLobby):
    """A room's start and stop."""

    async def start(self) -> None:
        """Apply the migrations, pay back the chips a previous run left at tables,
        and open the default tables: one of each game in each mode."""
        if self._started:
            return
        await asyncio.to_thread(self.store.migrate)
        await self._return_held_chips()
        if self._journal is not None:
            self._journal.start()
        self._started = True
        if self.default_tables:
            for game, mode in DEFAULT_TABLES:
                await self.create_table(game, mode, table_id=f"{mode}-{game}")

    async def _return_held_chips(self) -> None:
        """Chips at tables when the room starts belong to a run that stopped: its
        unfinished hands are void, so every holding (the stacks after the last hand
        stored) goes back to its account."""
        await asyncio.to_thread(self.store.clear_books)
        # Their running hands are void too: no process takes a hand over yet.
        for running in await asyncio.to_thread(self.store.running_hands):
            await asyncio.to_thread(self.store.void_hand, running.table_id, running.number)
            log.info("hand %d of %s was cut short: void", running.number, running.table_id)
        held = await asyncio.to_thread(self.store.holdings)
        for (table_id, account_id), chips in sorted(held.items()):
            if chips:
                await asyncio.to_thread(self.store.cash_out, account_id, table_id)
                log.info("returned %d chips of account %d at %s", chips, account_id, table_id)

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
