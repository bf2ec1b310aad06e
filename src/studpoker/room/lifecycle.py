"""The room started and stopped: the tables it keeps opened again as they were
(room/restore.py) and the default tables opened; every table stopped, the hand it was
playing void, its rollover shared out (R6.8) and everyone seated paid out."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from studpoker.games import GAMES
from studpoker.room.errors import RoomError
from studpoker.room.owners import RoomOwners
from studpoker.room.state import log
from studpoker.room.tasks import stop_task
from studpoker.store import Account, StoreError
from studpoker.store.migrate import revision
from studpoker.table import TableError, TableUpdate

__all__ = ["DEFAULT_TABLES", "RoomLifecycle"]

# The stakes of the practice tables, from the seeds (000, 002, 003): the presets' own.
DEFAULT_TABLES: tuple[tuple[str, str], ...] = tuple(
    (game, mode) for mode in ("practice", "chips", "competition") for game in GAMES
)


class RoomLifecycle(RoomOwners):
    """A room's start and stop."""

    async def start(self) -> None:
        """Apply the migrations, open every table the room keeps as it was — its
        people seated, its running hand played on (room/restore.py) — pay back the
        chips held for nobody seated, and open the default tables not kept yet: one
        of each game in each mode."""
        if self._started:
            return
        was = await asyncio.to_thread(revision, self.store.engine)
        await asyncio.to_thread(self.store.migrate)
        now = await asyncio.to_thread(revision, self.store.engine)
        if was != now:
            log.info("the database was migrated from revision %s to %s", was or "none", now)
        if self._journal is not None:
            self._journal.start()
        self._started = True
        self._stopping = False
        self.paused = await asyncio.to_thread(self.store.paused_tables)
        await self._reopen_tables()
        await self.desk.reopen_tournaments()
        if self.shared:  # other processes: renew the leases, take up tables let go
            self._keeper = asyncio.create_task(self._keep_tables(), name="table leases")
        if self.default_tables:
            kept = {saved.table_id for saved in await asyncio.to_thread(self.store.kept_tables)}
            for game, mode in DEFAULT_TABLES:
                table_id = f"{mode}-{game}"
                if table_id in kept:
                    continue  # opened above, or run by another process
                with contextlib.suppress(RoomError):  # another process opened it first
                    await self.create_table(game, mode, table_id=table_id)
            await self.desk.open_default_sit_and_gos()
        log.info(
            "the room started: %d tables, %d tournaments",
            len(self.tables),
            len(self.tournaments),
        )

    async def stop(self, *, hand_over: bool | None = None, finish: float | None = None) -> None:
        """Stop every table.  Stopped once: a second call (the server's shutdown, then
        its lifespan's end) does nothing.

        Alone (the embedded room), a stop is the room's end: a hand being played is void
        (every bet goes back, DESIGN.md idea 4), and everyone seated is paid out.

        With other processes sharing its leases (``hand_over``, the default then), a stop
        is a hand-over: each table deals no new hand, plays the one under way to its end
        (for ``finish`` seconds at most, by default the room's ``hand_over_seconds``: then
        it is handed over in the middle, played on from the journal), writes who sits
        where and lets go of its lease; another process takes it up with its people in
        their seats.  Nothing is void, nobody is paid out."""
        if not self._started:
            return
        self._stopping = True
        closing = list(self._closing)  # the room's stop pays everyone out anyway
        for task in closing:
            task.cancel()
        if closing:  # none outlives the stop (nor the event loop it runs on)
            await asyncio.gather(*closing, return_exceptions=True)
        self.desk.stop_starters()
        await self._stop_keeping()  # no table taken up from now on
        if self.shared:  # but the leases kept while the hands end: a hand may outlast one
            self._keeper = asyncio.create_task(self._keep_leases(), name="table leases")
        try:
            self.attendance.stop()
            if self.shared if hand_over is None else hand_over:
                await self._hand_over(self.hand_over_seconds if finish is None else finish)
                return
            for room_table in list(self.tables.values()):
                room_table.stop.set()
                if room_table.task is not None:
                    room_table.task.cancel()
            for room_table in list(self.tables.values()):
                await stop_task(room_table.task)
            # A cancelled table's last books land before the stop's.
            await self.registry.writes_done()
            if self._journal is not None:
                await self._journal.flushed()  # the deals and actions written, then voided
            # A stop is no crash: everyone is paid out below, and the hands it cut short
            # (or that were to be played on) are void.
            for running in await asyncio.to_thread(self.store.running_hands):
                if running.table_id in self.tables:
                    with contextlib.suppress(StoreError):
                        await asyncio.to_thread(
                            self.store.void_hand,
                            running.table_id,
                            running.number,
                            fence=self.registry.fence(running.table_id),
                        )
            people = 0
            for room_table in list(self.tables.values()):
                await self.cashier.pay_rollover(room_table.table)
                people += sum(not seat.occupant.is_bot for seat in room_table.table.seats.values())
                with contextlib.suppress(TableError):
                    await room_table.table.close()
            log.info(
                "the room stopped: %d tables closed, %d people stood up and paid out",
                len(self.tables),
                people,
            )
            if self._journal is not None:
                await self._journal.stop()
            await self._stop_keeping()
            for room_table in list(self.tables.values()):  # another process may take them up
                await self.registry.release(room_table.lease)
            self.histories.close()  # a worker process; it starts again with the next download
            self.tournaments.clear()
            self._started = False
        finally:  # however the stop ended
            await self._stop_keeping()

    async def close_private(self, account: Account, table_id: str) -> dict[str, Any]:
        """The host of private table ``table_id`` closes it, as :meth:`close_table`
        does; only its host may (``not_host``).  Between hands it is closed at once;
        during one, once the hand is played out (the answer does not wait for it).
        ``{"table", "people", "closed"}``: the people paid out, or to be paid out."""
        room_table = self.table(table_id)
        privacy = room_table.privacy
        if privacy is None or privacy.host_id != account.id:
            raise RoomError(
                f"only the host of a private table closes it: {table_id} is not {account.name}'s",
                "not_host",
                table=table_id,
            )
        self.chat.announce(table_id, f"{account.name} closes this table at the end of the hand.")
        table = room_table.table
        if table.current_hand is None:
            people = await self.close_table(table_id)
            log.info("private table %s closed by its host %s", table_id, account.name)
            return {"table": table_id, "people": people, "closed": True}
        seated = sum(not seat.occupant.is_bot for seat in table.seats.values())

        async def close_later() -> None:
            try:
                await self.close_table(table_id)
                log.info("private table %s closed by its host %s", table_id, account.name)
            except RoomError as error:  # gone meanwhile (another process took it)
                log.warning("private table %s was not closed: %s", table_id, error)

        task = asyncio.create_task(close_later(), name=f"close {table_id}")
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)
        return {"table": table_id, "people": seated, "closed": False}

    async def close_table(self, table_id: str) -> int:
        """Close table ``table_id`` for good (the operator's): it deals no new hand, the
        hand under way is played to its end, its rollover is shared among those seated
        (R6.8), everyone seated is paid out through the ledger, and the room keeps the
        table no more.  The number of people paid out; a RoomError when this process
        does not run it, or it is a tournament's (closed with its tournament)."""
        room_table = self.table(table_id)
        if room_table.tournament_id is not None:
            raise RoomError(
                "a tournament's table closes with its tournament: cancel the tournament",
                "tournament_table",
                table=table_id,
                tournament=room_table.tournament_id,
            )
        room_table.stop.set()  # the table's loop ends once its hand is over
        if room_table.task is not None and room_table.task is not asyncio.current_task():
            await asyncio.wait([room_table.task])
        if self.tables.get(table_id) is not room_table:  # another process took it meanwhile
            raise RoomError(f"table {table_id} is run by another process now", "no_table")
        table = room_table.table
        people = sum(not seat.occupant.is_bot for seat in table.seats.values())
        await self.registry.writes_done()
        await self.cashier.pay_rollover(table)
        with contextlib.suppress(TableError):
            await table.close()  # everyone leaves: each paid what they have (Cashier.seat_left)
        await self.registry.writes_done()
        await self.registry.remove(table_id, forget=True, release=False)
        self.paused.discard(table_id)
        await asyncio.to_thread(self.store.forget_table, table_id)
        # The table's seed epoch ends with it: every seed of it revealed (docs/fairness.md).
        await asyncio.to_thread(self.store.close_epoch, table_id)
        await self.registry.release(room_table.lease)  # not kept now: nobody takes it up
        log.info("table %s closed by the operator: %d people paid out", table_id, people)
        self._relay(TableUpdate("closed", table_id))
        return people

    async def _hand_over(self, finish: float) -> None:
        """Every table's hand under way played to its end (``finish`` seconds at most),
        its seating written, its lease let go."""
        for room_table in list(self.tables.values()):
            room_table.stop.set()  # the table's loop ends once its hand is over
        tasks = [
            room_table.task for room_table in self.tables.values() if room_table.task is not None
        ]
        if tasks:
            await asyncio.wait(tasks, timeout=finish)
        for table_id, room_table in list(self.tables.items()):
            if room_table.task is not None and not room_table.task.done():  # mid-hand: journaled
                log.info("table %s is handed over in the middle of its hand", table_id)
                room_table.table.listeners.clear()  # not "hand void": it goes on elsewhere
                await stop_task(room_table.task)
            self._seating_changed(table_id)
        await self.registry.writes_done()
        if self._journal is not None:
            await self._journal.stop()
        await self._stop_keeping()
        for table_id in list(self.tables):
            await self.registry.remove(table_id)
            log.info("table %s handed over", table_id)
        await self.desk.hand_desks_over()
        self.histories.close()
        self.tournaments.clear()
        self._started = False
