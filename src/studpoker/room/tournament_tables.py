"""A tournament's tables, on whichever process runs each (docs/tournaments.md, "On
several processes").

A tournament has one director (room/tournaments.py: the *desk*), on the process that
holds the tournament's lease; each of its tables is a room table like any other, run by
the process that holds the table's lease, which may be another.  A table asks the desk
for each deal and tells it each hand's end; the desk's answers say who sits where, and
the table seats and unseats its players to match.  Both questions go through
:meth:`_desk`: a call when the desk is here, a question to its process otherwise
(``peer_ask``: server/peers.py in a room of processes, a direct call in the tests).

The desk is the one source of who sits where and with what: a table taken up by another
process (its own died) is dealt the hand it was playing again, as it was dealt (the hand
cut short is void: tournament chips are not money); a hand's end is stored by the desk
with its own state in one transaction, under both the table's and the desk's fencing
tokens, so a stale table or a stale desk writes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from studpoker.fairness import DealRecord
from studpoker.room.errors import RoomError
from studpoker.room.lobby import RoomLobby
from studpoker.room.state import log
from studpoker.room.tables import RoomTable
from studpoker.store import HandPlayer, HandRow, tournament_key
from studpoker.table import (
    CompletedHand,
    Occupant,
    RemotePlayer,
    Table,
    TableConfig,
    TableError,
    TableHooks,
)
from studpoker.table.config import tournament_table_name
from studpoker.tournament import Tournament, player_of, structure_of

if TYPE_CHECKING:  # the desk is of a layer above: held by the room, typed here
    from studpoker.room.tournaments import RoomTournament, TournamentDesk

__all__ = [
    "DeskAway",
    "RoomTournamentTables",
    "TableMoved",
    "hand_row_data",
    "hand_row_of",
    "table_id_of",
]

# A table whose desk does not answer (its process died: another takes it up within a
# lease) asks again after this long.
RETRY_SECONDS = 0.5
# A table waiting for a desk on another process asks again after this long, should a
# word that something changed be lost (pub/sub keeps nothing).
REMOTE_WAIT = 1.0

PeerAsk = Callable[[str, str, dict[str, Any]], Awaitable[Any]]


class TableMoved(RoomError):
    """The desk's refusal of a table that another process runs now (a greater fencing
    token asked since): the asker lets the table go.  Between the room's processes
    only; no client is ever told it."""

    CODE = "table_moved"

    def __init__(self, number: int) -> None:
        super().__init__(f"table {number} is run by another process now", self.CODE, table=number)


class DeskAway(RuntimeError):
    """No process directs the tournament now (its director's process died, or is
    stopping): asked again in a moment."""


def table_id_of(tid: int, number: int) -> str:
    """The room's id of tournament ``tid``'s table ``number``: ``t<tid>-<number>``."""
    return f"t{tid}-{number}"


def hand_row_data(row: HandRow) -> dict[str, Any]:
    """A hand's row as JSON data (a hand's end told to a desk on another process)."""
    data = asdict(row)
    data["started_at"] = row.started_at.isoformat()
    data["ended_at"] = row.ended_at.isoformat()
    # Its deal from seeds as hex and lists (the fields PHH records carry it in).
    data["deal"] = None if row.deal is None else row.deal.phh_fields()
    started = row.epoch_started
    data["epoch_started"] = None if started is None else started.isoformat()
    return data


def hand_row_of(data: HandRow | dict[str, Any]) -> HandRow:
    if isinstance(data, HandRow):
        return data
    made = dict(data)
    made["started_at"] = datetime.fromisoformat(made["started_at"])
    made["ended_at"] = datetime.fromisoformat(made["ended_at"])
    made["players"] = [HandPlayer(**player) for player in made["players"]]
    deal = made.get("deal")
    made["deal"] = None if deal is None else DealRecord.from_phh_fields(deal)
    started = made.get("epoch_started")
    made["epoch_started"] = None if started is None else datetime.fromisoformat(started)
    return HandRow(**made)


@dataclass(eq=False)
class _Plan:
    """What a process running tables of a tournament needs of it: its structure and
    mix (a director that deals nothing says each deal's game and stakes), its name and
    table size, and its tables' clock."""

    tid: int
    name: str
    rules: Tournament
    clock: float

    def level(self, number: int) -> Any:
        for level in self.rules.structure.levels:
            if level.number == number:
                return level
        raise RoomError(f"the structure has no level {number}", "internal")


class RoomTournamentTables(RoomLobby):
    """The tables of tournaments this process runs, whatever process directs them."""

    # Another process's answer to a question about a tournament it directs (set by
    # server/peers.py in a room of processes; None: one process, or a test's own).
    peer_ask: PeerAsk | None = None
    # A room of processes: each process's number of tables (server/peers.py), to place
    # a tournament's tables where the fewest run.
    peer_loads: Callable[[], dict[str, int]] | None = None
    # The tournaments' desk (room/tournaments.py), held by the room: the tables here
    # ask it for their deals when this process directs their tournament.
    desk: TournamentDesk
    tournaments: dict[int, RoomTournament]  # the desk's, by id

    def _directs(self, tid: int) -> bool:
        """Whether this process directs tournament ``tid`` now."""
        rt = self.tournaments.get(tid)
        return rt is not None and rt.here

    async def _desk(self, tid: int, question: str, args: dict[str, Any]) -> Any:
        """The desk's answer to ``question`` about tournament ``tid``: asked here when
        this process directs it, else of the process that holds its lease.  DeskAway
        when none does (asked again in a moment); its refusals as RoomErrors."""
        asked = {"w": question, "tournament": tid, "asker": self.owner, **args}
        if self._directs(tid):
            return await self.desk.answer_tournament(asked)
        (lease,) = await self.leases.holders([tournament_key(tid)])
        if lease is None or lease.owner == self.owner or self.peer_ask is None:
            raise DeskAway(f"tournament {tid} has no director now")
        if isinstance(asked.get("row"), HandRow):
            asked["row"] = hand_row_data(asked["row"])
        return await self.peer_ask(lease.owner, "tournament", asked)

    # -- a table opened here ----------------------------------------------------------

    async def _plan(self, tid: int) -> _Plan:
        """Tournament ``tid`` as its tables need it (read from the store when this
        process does not direct it)."""
        rt = self.tournaments.get(tid)
        if rt is not None:
            return _Plan(tid, rt.row.name, rt.director, rt.settings.get("clock", self.clock))
        row = await asyncio.to_thread(self.store.tournament, tid)
        if row is None:
            raise RoomError(f"no tournament {tid!r}", "no_tournament", tournament=tid)
        settings = json.loads(row.settings)
        rules = Tournament(
            structure_of(settings["structure"]),
            table_size=settings["table_size"],
            mix=settings.get("mix"),
        )
        return _Plan(tid, row.name, rules, settings.get("clock", self.clock))

    async def open_tournament_table(self, tid: int, number: int) -> bool:
        """Run tournament ``tid``'s table ``number`` here, if no process runs it: its
        seats and deals asked of the desk.  Whether this process runs it now."""
        table_id = table_id_of(tid, number)
        if table_id in self.tables:
            return True
        if self._stopping:
            return False
        owned = await self.registry.own(table_id)
        if owned is None:
            return False
        lease, fence = owned
        try:
            plan = await self._plan(tid)
            running = await asyncio.to_thread(self.store.running_hand, table_id)
            if running is not None:  # cut short where it was run before: void
                await asyncio.to_thread(self.store.void_hand, table_id, running.number, fence=fence)
            first = await asyncio.to_thread(self.store.last_hand_number, table_id) + 1
        except BaseException:
            await self.leases.release(lease)
            raise
        rules = plan.rules
        config = TableConfig(
            rules.structure.spec(rules.structure.levels[0]),
            "tournament",
            seats=rules.table_size,
            clock=plan.clock,
            time_bank=self.time_bank,
            pause=self.pause,
            name=tournament_table_name(plan.name, number),
            rotation=rules.rotation,
        )

        async def ended(table: Table, done: CompletedHand) -> None:
            await self._tournament_hand_ended(tid, number, table, done)

        table = Table(
            table_id,
            config,
            rng=self._table_rng(table_id),
            hooks=TableHooks(on_hand_end=ended),
            first_hand_number=first,
        )
        room_table = RoomTable(table, None, lease=lease, fence=fence)
        room_table.tournament_id = tid
        room_table.tournament_table = number
        room_table.plan = plan
        table.listeners.append(self._relay)
        self.registry.add(table_id, room_table)
        seating = self.desk.seating_here(tid, number)
        if seating is not None:  # its players sat down at once
            self._sync_seats(room_table, seating, "moved")
        room_table.task = asyncio.create_task(
            self._run_tournament_table(room_table, tid, number), name=f"table {table_id}"
        )
        return True

    # -- playing ------------------------------------------------------------------------

    async def _run_tournament_table(self, room_table: RoomTable, tid: int, number: int) -> None:
        """The table's hands, each dealt as the desk says, until the desk says the
        table is broken or the tournament is over."""
        table = room_table.table
        wake = room_table.wake
        try:
            while not room_table.stop.is_set():
                wake.clear()
                try:
                    answer = await self._desk(
                        tid, "deal", {"table": number, "fence": room_table.fence}
                    )
                except (DeskAway, TimeoutError) as error:
                    if await self._tournament_over(tid):
                        await self._close_tournament_table(table.table_id)
                        return
                    log.info("table %s waits for its director: %s", table.table_id, error)
                    await self._nap(room_table, RETRY_SECONDS)
                    continue
                except RoomError as error:
                    if error.code == "busy":
                        await self._nap(room_table, RETRY_SECONDS)
                        continue
                    if error.code == TableMoved.CODE:  # another process runs it now
                        self.registry.lose_soon(table.table_id)
                        return
                    raise
                state = answer["state"]
                if state in ("finished", "closed"):
                    self._sync_seats(room_table, [], "left" if state == "finished" else "moved")
                    await self._close_tournament_table(table.table_id)
                    return
                self._sync_seats(room_table, answer["seating"], "moved")
                deal = answer.get("deal")
                if deal is None:
                    wait = answer.get("wait")
                    if not self._directs(tid):
                        wait = REMOTE_WAIT if wait is None else min(wait, REMOTE_WAIT)
                    await self._nap(room_table, wait)
                    continue
                if not self._ready(room_table, deal):
                    continue
                done = await table.play_hand()
                if done is None:
                    return
                if table.config.pause > 0:
                    await self._nap(room_table, table.config.pause, wake_early=False)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("tournament %d: table %d stopped", tid, number)

    async def _tournament_over(self, tid: int) -> bool:
        """Whether the store says tournament ``tid`` is over (its desk let it go)."""
        row = await asyncio.to_thread(self.store.tournament, tid)
        return row is None or row.state in ("finished", "cancelled")

    async def _nap(
        self, room_table: RoomTable, seconds: float | None, *, wake_early: bool = True
    ) -> None:
        """Wait ``seconds`` (None: until woken), or less when the table stops or, with
        ``wake_early``, when the desk says something changed."""
        waits = [asyncio.ensure_future(room_table.stop.wait())]
        if wake_early:
            waits.append(asyncio.ensure_future(room_table.wake.wait()))
        try:
            await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()

    def _ready(self, room_table: RoomTable, deal: dict[str, Any]) -> bool:
        """The table set for ``deal``: its seats the deal's, its level and game."""
        table = room_table.table
        plan: _Plan = room_table.plan
        seated = {s: table.seats[s].chips for s in sorted(table.seats)}
        wanted = dict(zip(deal["seats"], deal["stacks"], strict=True))
        if seated != wanted:
            table.halt(f"the seats {seated} are not the director's {wanted}")
            log.error("table %s: seats differ from the director's", table.table_id)
            room_table.stop.set()
            return False
        spec = plan.rules.deal_spec(plan.level(deal["level"]), deal["hand"])
        if table.spec != spec:
            table.set_level(spec)
        previous = room_table.deal
        if previous is not None and previous["level"] != deal["level"]:
            table.refill_time_banks()  # R8.5: a new level, every time bank full
        table.rotation_index = deal["hand"]
        table.rollover = deal["carry"]
        room_table.deal = deal
        return True

    def _sync_seats(self, room_table: RoomTable, seating: list[Any], change: str) -> None:
        """Seat and unseat the table's players to match the desk's ``seating`` (seat,
        entry, chips, account; None for a computer player): those gone ``change``
        (moved, left), those come sat down."""
        table = room_table.table
        wanted = {seat: (entry, chips, account) for seat, entry, chips, account in seating}
        for seat in sorted(table.seats):
            there = table.seats[seat]
            want = wanted.get(seat)
            if (
                want is None
                or there.occupant.name != player_of(want[0])
                or (there.occupant.account_id != want[2])
            ):
                with contextlib.suppress(TableError):  # in the hand under way: stays
                    self._unseat(room_table, seat, change if there.chips else "busted")
        for seat, (entry, chips, account) in sorted(wanted.items()):
            if seat not in table.seats:
                self._seat(room_table, seat, entry, chips, account)
            elif table.seats[seat].chips != chips and not table.hand_in_progress:
                table.set_chips(seat, chips)  # a hand the director did not take: void

    def _seat(
        self, room_table: RoomTable, seat: int, entry: str, chips: int, account: int | None
    ) -> None:
        table = room_table.table
        if account is None:
            plan: _Plan = room_table.plan
            seed = None if self.seed is None else random.Random(f"{self.seed}/{plan.tid}/{entry}")
            player = self.computer_player(plan.rules.structure.game, seed)
            occupant = Occupant(entry, None, player, is_bot=True)
        else:
            occupant = Occupant(player_of(entry), account, RemotePlayer())
        table.seat_entry(occupant, chips, seat)

    def _unseat(self, room_table: RoomTable, seat: int, change: str) -> None:
        table = room_table.table
        table.unseat(seat, change)

    async def _tournament_hand_ended(
        self, tid: int, number: int, table: Table, done: CompletedHand
    ) -> None:
        """A hand of the table ended: told to the desk (asked again until it answers),
        which stores it with its own state; those who busted leave at once."""
        room_table = self.tables.get(table.table_id)
        if room_table is None or room_table.table is not table:
            return
        deal = room_table.deal
        result = done.hand.result
        args = {
            "table": number,
            "fence": room_table.fence,
            "deal": deal["number"],
            "players": deal["players"],
            "start": deal["stacks"],
            "stacks": list(result.stacks),
            "carry": result.rollover,
            "row": self._hand_row(table, done),
        }
        # Told even while the room stops (a hand-over plays the hand to its end): a
        # hand its players saw end is not dealt again.
        while self.tables.get(table.table_id) is room_table:
            try:
                answer = await self._desk(tid, "hand", args)
            except (DeskAway, TimeoutError):
                await asyncio.sleep(RETRY_SECONDS)
                continue
            except RoomError as error:
                if error.code == "busy":
                    await asyncio.sleep(RETRY_SECONDS)
                    continue
                if error.code == TableMoved.CODE:
                    self.registry.lose_soon(table.table_id)
                    return
                log.error("table %s: hand %d refused: %s", table.table_id, done.number, error)
                table.halt(f"hand {done.number} was refused: {error}")
                return
            if answer.get("void"):
                log.warning(
                    "table %s: hand %d is void: its director never dealt it",
                    table.table_id,
                    done.number,
                )
            break
        for seat, stack in zip(done.seat_map.seats, result.stacks, strict=True):
            if not stack and seat in table.seats:
                with contextlib.suppress(TableError):
                    self._unseat(room_table, seat, "busted")

    async def sync_tournament_tables(self, tid: int, numbers: list[int] | None = None) -> None:
        """The desk says who sits where at tournament ``tid``'s tables ``numbers``
        (None: all) changed: the idle ones ask for their deal again; those playing
        seat the players come (and unseat those gone who are not in the hand)."""
        for room_table in list(self.tables.values()):
            if room_table.tournament_id != tid:
                continue
            if numbers is not None and room_table.tournament_table not in numbers:
                continue
            room_table.wake.set()
            if room_table.table.hand_in_progress:
                try:
                    answer = await self._desk(
                        tid, "seating", {"table": room_table.tournament_table}
                    )
                except (DeskAway, RoomError, TimeoutError):
                    continue
                if (
                    self.tables.get(room_table.table.table_id) is room_table
                    and answer.get("seating") is not None
                ):
                    self._sync_seats(room_table, answer["seating"], "moved")

    async def _close_tournament_table(self, table_id: str) -> None:
        room_table = self.tables.get(table_id)
        if room_table is None:
            return
        for seat in sorted(room_table.table.seats):  # told while the table is the room's
            with contextlib.suppress(TableError):
                self._unseat(room_table, seat, "left")
        await self.registry.remove(table_id, release=False)
        room_table.table.rollover = 0  # the desk splits it (R6.8) or pays it to the winner
        with contextlib.suppress(TableError):
            await room_table.table.close()
        # The table's seed epoch ends with it: its seeds revealed (docs/fairness.md).
        await asyncio.to_thread(self.store.close_epoch, table_id)
        await self.registry.release(room_table.lease)
