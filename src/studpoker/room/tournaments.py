"""Tournaments in the room (issue 17): created, entered through the ledger, started
(a sit-and-go when its seats fill, a scheduled one at its time), their tables played
by the director's word, the prizes paid at the end, and gone on with after a restart.

Each tournament has a :class:`~studpoker.tournament.Tournament` (the director) and
one room table a director's table, in the ``tournament`` mode (table/entries.py);
each table's task asks the director for its next deal and plays it.  The director
is the one source of who sits where: when it moves a player or a player busts, the
room's tables follow at once (the hand that ended is over: its seats may go), so that
a table's seats are always the director's.

A hand's record and the director's state after it are stored in one transaction
(store.record_hand): a room started again goes on from the last hand stored, the
hand that was being played void (tournament chips are not money), the clock stopped
while the room was down.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from studpoker.bots import bot
from studpoker.games import GAMES
from studpoker.room.errors import RoomError
from studpoker.room.lobby import RoomLobby, _rotation, known_game
from studpoker.room.ratings import Rating, finishing_order
from studpoker.room.state import log
from studpoker.room.tables import RoomTable
from studpoker.store import Account, InsufficientFunds, StaleOwner, StoreError, TournamentRow
from studpoker.table import (
    CompletedHand,
    Occupant,
    RemotePlayer,
    Table,
    TableConfig,
    TableError,
    TableHooks,
)
from studpoker.tournament import (
    Move,
    Place,
    Structure,
    Tournament,
    TournamentError,
    default_structure,
    payouts,
    player_of,
    structure_of,
)

__all__ = ["KINDS", "RoomTournament", "RoomTournaments"]

KINDS = ("sit_and_go", "scheduled")
# The director's refusals of an entry, each the room's ``tournament_<code>``.
_REFUSED = frozenset({"full", "started", "registered", "busted", "finished"})
KEPT_FINISHED = 20  # finished tournaments the lobby still shows
# A sit-and-go's seats (heads-up, 6, 8, or 10 for Show Hand): its one table, full.
SIT_AND_GO_SEATS = (2, 6, 8, 10)
BUY_IN_MAX = 1_000_000
# The sit-and-gos the room keeps open, each game's: a free practice one that computer
# players fill, and two for chips (heads-up and a full table).
DEFAULT_SIT_AND_GOS: tuple[tuple[int, int, int, bool], ...] = (
    (6, 0, 0, True),
    (2, 100, 10, False),
    (8, 100, 10, False),
)


@dataclass(eq=False)
class RoomTournament:
    """A tournament the room runs: the director, its entries' accounts and occupants
    (a moved player's occupant goes with them), and its room tables."""

    id: int
    row: TournamentRow
    settings: dict[str, Any]
    director: Tournament
    accounts: dict[str, int | None] = field(default_factory=dict)
    occupants: dict[str, Occupant] = field(default_factory=dict)
    tables: dict[int, str] = field(default_factory=dict)  # director's number -> room id
    wakes: dict[int, asyncio.Event] = field(default_factory=dict)
    starter: asyncio.Task[None] | None = None
    places: list[Place] = field(default_factory=list)
    finishing: bool = False
    # Held while an entry is paid and entered, and while the tournament starts: a
    # scheduled start never comes between an entry's payment and its seat.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def practice(self) -> bool:
        return bool(self.settings.get("practice"))

    def wake_all(self) -> None:
        for event in self.wakes.values():
            event.set()


def _now() -> float:
    return time.time()


class RoomTournaments(RoomLobby):
    """A room's tournaments (``self.tournaments``: RoomTournament by id)."""

    # -- creating ------------------------------------------------------------------------

    async def create_tournament(
        self,
        *,
        game: str,
        kind: str = "sit_and_go",
        name: str = "",
        seats: int | None = None,
        capacity: int | None = None,
        starts_at: datetime | None = None,
        buy_in: int = 0,
        fee: int = 0,
        speed: str = "turbo",
        structure: dict[str, Any] | None = None,
        late_levels: int = 0,
        reentry: bool = False,
        practice: bool = False,
        clock: float | None = None,
        created_by: Account | None = None,
        mix: str | None = None,
    ) -> int:
        """A new tournament, registering; returns its id.  A sit-and-go has one table
        (``seats`` players, heads-up, 6, 8 or 10 for Show Hand) and starts when it is
        full; a scheduled one starts at ``starts_at`` with every table it needs
        (``capacity`` entries at most).  ``structure`` is given as data, or one of the
        shipped ones by ``speed``.  A practice tournament is free, and computer
        players fill it.  Refusals are RoomErrors with their codes."""
        self._one_process()
        known_game(game)
        if kind not in KINDS:
            raise RoomError(
                f"a tournament is {' or '.join(KINDS)}, not {kind!r}",
                "unknown_kind",
                value=kind,
                allowed=list(KINDS),
            )
        made = self._structure(game, speed, structure)
        most = made.spec(made.levels[0]).max_seats
        size = seats if seats is not None else (6 if kind == "sit_and_go" else most)
        if not isinstance(size, int) or isinstance(size, bool) or not 2 <= size <= most:
            raise RoomError(
                f"a {game} table seats 2 to {most} players, not {size!r}",
                "seats_range",
                game=game,
                minimum=2,
                maximum=most,
                seats=size,
            )
        if kind == "sit_and_go":
            if size not in SIT_AND_GO_SEATS or size > most:
                allowed = [n for n in SIT_AND_GO_SEATS if n <= most]
                raise RoomError(
                    f"a sit-and-go of {game} seats {', '.join(map(str, allowed))}, not {size}",
                    "seats_range",
                    game=game,
                    minimum=2,
                    maximum=max(allowed),
                    seats=size,
                )
            capacity, starts_at, late_levels, reentry = size, None, 0, False
        else:
            if starts_at is None or starts_at.tzinfo is None:
                raise RoomError("a scheduled tournament has a start time", "starts_at")
            if starts_at <= datetime.now(UTC):
                raise RoomError("a tournament starts in the future", "starts_at")
        if capacity is not None and (
            not isinstance(capacity, int) or isinstance(capacity, bool) or not 2 <= capacity <= 1000
        ):
            raise RoomError(
                f"a tournament takes 2 to 1000 entries, not {capacity!r}", "capacity_range"
            )
        for what, amount in (("buy-in", buy_in), ("fee", fee)):
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise RoomError(f"a {what} is a whole number of chips", "malformed")
            if not 0 <= amount <= BUY_IN_MAX:
                raise RoomError(
                    f"a {what} is 0 to {BUY_IN_MAX} chips, not {amount}",
                    "buy_in_range",
                    minimum=0,
                    maximum=BUY_IN_MAX,
                    amount=amount,
                )
        if fee * 5 > buy_in:
            raise RoomError(
                f"a fee is a fifth of the buy-in at most, not {fee} on {buy_in}", "fee_range"
            )
        if practice and (buy_in or fee):
            raise RoomError("a practice tournament is free", "practice_free")
        if not isinstance(late_levels, int) or not 0 <= late_levels <= 20:
            raise RoomError("late registration lasts 0 to 20 levels", "late_levels_range")
        if mix is not None:
            _rotation(mix, game, size)  # refused as a ring table's would be
        clock = self.clock if clock is None else float(clock)
        label = name.strip() or _default_name(game, kind, size, buy_in, fee, practice)
        if len(label) > 64:
            raise RoomError(
                "a tournament's name is 64 characters at most", "tournament_name_length"
            )
        settings = {
            "structure": made.to_data(),
            "table_size": size,
            "capacity": capacity,
            "late_levels": late_levels,
            "reentry": bool(reentry),
            "practice": bool(practice),
            "clock": clock,
            "named": bool(name.strip()),
            "mix": mix,
        }
        creator = None if created_by is None else created_by.id
        tid = await asyncio.to_thread(
            self.store.create_tournament,
            label,
            game,
            kind,
            buy_in=buy_in,
            fee=fee,
            settings=json.dumps(settings),
            created_by=creator,
            starts_at=starts_at,
        )
        row = await asyncio.to_thread(self.store.tournament, tid)
        assert row is not None
        rt = self._held_tournament(row)
        if kind == "scheduled":
            rt.starter = asyncio.create_task(self._start_at(rt), name=f"tournament {tid} start")
        self._tournaments_changed()
        return tid

    def _one_process(self) -> None:
        """Tournaments run in a room of one process for now (docs/tournaments.md)."""
        if self.shared:
            raise RoomError("tournaments run in a room of one process for now", "not_supported")

    def _structure(self, game: str, speed: str, data: dict[str, Any] | None) -> Structure:
        if data is None:
            try:
                return default_structure(game, speed)  # type: ignore[arg-type]
            except ValueError:
                raise RoomError(
                    f"a shipped structure is regular or turbo, not {speed!r}",
                    "unknown_speed",
                    value=str(speed),
                    allowed=["regular", "turbo"],
                ) from None
        try:
            made = structure_of(data)
        except ValueError as error:
            raise RoomError(f"the structure: {error}", "invalid_structure") from None
        if made.game != game:
            raise RoomError(f"the structure is of {made.game}, not {game}", "invalid_structure")
        return made

    def _held_tournament(self, row: TournamentRow) -> RoomTournament:
        settings = json.loads(row.settings)
        director = Tournament(
            structure_of(settings["structure"]),
            table_size=settings["table_size"],
            capacity=settings["capacity"],
            late_levels=settings["late_levels"],
            reentry=settings["reentry"],
            rng=self._tournament_rng(row.id),
            mix=settings.get("mix"),
        )
        rt = RoomTournament(row.id, row, settings, director)
        self.tournaments[row.id] = rt
        return rt

    def _tournament_rng(self, tid: int) -> random.Random:
        if self.seed is not None:
            return random.Random(f"{self.seed}/tournament/{tid}")
        return secrets.SystemRandom()

    # -- entering ----------------------------------------------------------------------

    def _tournament(self, tid: int) -> RoomTournament:
        rt: RoomTournament | None = self.tournaments.get(tid) if isinstance(tid, int) else None
        if rt is None:
            raise RoomError(f"no tournament {tid!r}", "no_tournament", tournament=tid)
        return rt

    async def register_tournament(self, account: Account, tid: int) -> str:
        """Enter ``account`` in tournament ``tid``: its buy-in and fee from the balance
        through the ledger.  Refused with a reason: ``balance_too_low``, ``tournament_started``,
        ``_full``, ``_registered``, ``_busted`` (no re-entry), ``_finished``, a guest or a
        computer player's account in a tournament for chips."""
        rt = self._tournament(tid)
        async with rt.lock:
            return await self._register(rt, account)

    async def _register(self, rt: RoomTournament, account: Account) -> str:
        tid = rt.id
        if not rt.practice and (account.guest or account.bot):
            raise RoomError(
                "guests and computer players enter practice tournaments only: register "
                "to play for chips",
                "guests_practice_only",
            )
        if rt.finishing:
            raise RoomError("the tournament is over", "tournament_finished", tournament=tid)
        director = rt.director
        try:
            entry = director.check_register(account.name)
        except TournamentError as error:
            code = f"tournament_{error.code}" if error.code in _REFUSED else "malformed"
            raise RoomError(str(error), code, tournament=tid) from None
        try:
            await asyncio.to_thread(self.store.enter_tournament, tid, account.id, entry)
        except InsufficientFunds as error:
            raise RoomError(
                str(error),
                "balance_too_low",
                name=account.name,
                balance=error.balance or 0,
                buy_in=rt.row.buy_in + rt.row.fee,
            ) from None
        except StoreError as error:
            raise RoomError(str(error), "tournament_started", tournament=tid) from None
        # Nothing awaited between the check and the entry: the director takes it.
        director.register(account.name)
        rt.accounts[entry] = account.id
        rt.occupants[entry] = Occupant(account.name, account.id, RemotePlayer())
        if director.state == "running":  # a late entry, seated at once
            self._seat_entries(rt, [entry])
            await self._open_new_tables(rt)  # at a table of its own when every one is full
        rt.row = await self._reread(rt)  # its pool
        self._tournaments_changed()
        if rt.row.kind == "sit_and_go":
            if rt.practice:
                await self._fill_with_bots(rt)
            if director.full and director.state == "registering":
                await self._start_tournament(rt)
        return entry

    async def unregister_tournament(self, account: Account, tid: int) -> None:
        """Take ``account`` out of a tournament that has not started; its buy-in and
        fee back to its balance."""
        rt = self._tournament(tid)
        async with rt.lock:
            await self._unregister(rt, account)

    async def _unregister(self, rt: RoomTournament, account: Account) -> None:
        tid = rt.id
        director = rt.director
        entry = account.name
        if director.state != "registering":
            raise RoomError(
                "the tournament started: a player cannot leave it",
                "tournament_started",
                tournament=tid,
            )
        if entry not in director.stacks:
            raise RoomError(
                f"{account.name} is not registered", "tournament_not_registered", tournament=tid
            )
        await asyncio.to_thread(self.store.leave_tournament, tid, entry)
        director.unregister(entry)
        rt.accounts.pop(entry, None)
        rt.occupants.pop(entry, None)
        self._tournaments_changed()

    async def add_computer_players(self, tid: int, count: int) -> list[str]:
        """Enter ``count`` computer players in a practice tournament that has not
        started (a practice sit-and-go fills itself); their entries' names."""
        rt = self._tournament(tid)
        async with rt.lock:
            return await self._add_computer_players(rt, count)

    async def _add_computer_players(self, rt: RoomTournament, count: int) -> list[str]:
        tid = rt.id
        if not rt.practice:
            raise RoomError(
                "computer players enter practice tournaments only", "guests_practice_only"
            )
        if rt.director.state != "registering":
            raise RoomError("the tournament started", "tournament_started", tournament=tid)
        names: list[str] = []
        number = 1
        while len(names) < count and not rt.director.full:
            name = f"Bot {number}"
            number += 1
            if name in rt.director.stacks:
                continue
            await asyncio.to_thread(self.store.enter_tournament, rt.id, None, name)
            rt.director.register(name)
            rt.accounts[name] = None
            rt.occupants[name] = self._bot_occupant(rt, name)
            names.append(name)
        self._tournaments_changed()
        return names

    async def _fill_with_bots(self, rt: RoomTournament) -> None:
        """A practice sit-and-go: computer players take the seats left."""
        if rt.director.capacity is not None:  # under the registering entry's lock
            await self._add_computer_players(rt, rt.director.capacity)

    def _bot_occupant(self, rt: RoomTournament, name: str) -> Occupant:
        seed = None if self.seed is None else random.Random(f"{self.seed}/{rt.id}/{name}")
        player = bot(self.bot_level, rt.director.structure.game, seed)
        return Occupant(name, None, player, is_bot=True)

    # -- starting and playing -------------------------------------------------------------

    async def _start_at(self, rt: RoomTournament) -> None:
        starts = rt.row.starts_at
        assert starts is not None
        await asyncio.sleep(max(0.0, (starts - datetime.now(UTC)).total_seconds()))
        async with rt.lock:  # the entries being paid for are in first
            await self._start_scheduled(rt)

    async def _start_scheduled(self, rt: RoomTournament) -> None:
        if rt.director.state != "registering":
            return
        if len(rt.director.entries) < 2:
            await asyncio.to_thread(self.store.cancel_tournament, rt.id)
            rt.director.state = "finished"
            rt.row = await self._reread(rt)
            self._tournaments_changed()
            return
        await self._start_tournament(rt)

    async def _reread(self, rt: RoomTournament) -> TournamentRow:
        row = await asyncio.to_thread(self.store.tournament, rt.id)
        assert row is not None
        return row

    async def _start_tournament(self, rt: RoomTournament) -> None:
        director = rt.director
        director.start(now=_now())
        await asyncio.to_thread(self.store.start_tournament, rt.id, self._kept(rt))
        rt.row = await self._reread(rt)
        await self._open_tournament_tables(rt)
        if rt.row.kind == "sit_and_go" and rt.settings.get("default"):
            await self._reopen_sit_and_go(rt)  # the lobby always has one to enter
        self._tournaments_changed()

    def _kept(self, rt: RoomTournament) -> str:
        """The director's state as the store keeps it, with the moment it was kept
        (the clock stops there if the room goes down)."""
        return json.dumps({"saved_at": _now(), "director": rt.director.to_json()})

    async def _open_new_tables(self, rt: RoomTournament) -> None:
        """Tables the director opened for late entries, opened in the room and played."""
        for number, held in sorted(rt.director.tables.items()):
            if held.broken or number in rt.tables:
                continue
            await self._open_tournament_table(rt, number)
            entries = [e for e, (n, _) in rt.director.where.items() if n == number]
            self._seat_entries(rt, entries)
            room_table = self.tables[rt.tables[number]]
            room_table.task = asyncio.create_task(
                self._run_tournament_table(rt, number), name=f"table {rt.tables[number]}"
            )

    async def _open_tournament_tables(self, rt: RoomTournament) -> None:
        for number, held in sorted(rt.director.tables.items()):
            if not held.broken and number not in rt.tables:
                await self._open_tournament_table(rt, number)
        self._seat_entries(rt, list(rt.director.where))
        for number in list(rt.tables):
            room_table = self.tables[rt.tables[number]]
            room_table.task = asyncio.create_task(
                self._run_tournament_table(rt, number), name=f"table {rt.tables[number]}"
            )

    async def _open_tournament_table(self, rt: RoomTournament, number: int) -> RoomTable:
        table_id = f"t{rt.id}-{number}"
        owned = await self._own(table_id)
        if owned is None:
            raise RoomError(f"table {table_id} is run elsewhere", "table_exists", table=table_id)
        director = rt.director
        level = director.level(_now())
        config = TableConfig(
            director.structure.spec(level),
            "tournament",
            seats=director.table_size,
            clock=rt.settings.get("clock", self.clock),
            time_bank=self.time_bank,
            pause=self.pause,
            name=f"{rt.row.name} · {number}",
            rotation=director.rotation,
        )
        first = await asyncio.to_thread(self.store.last_hand_number, table_id) + 1
        rng = self._table_rng(table_id)

        async def ended(table: Table, done: CompletedHand) -> None:
            await self._tournament_hand_ended(rt, number, table, done)

        table = Table(
            table_id,
            config,
            rng=rng,
            hooks=TableHooks(on_hand_end=ended),
            first_hand_number=first,
        )
        table.rollover = director.tables[number].carry
        held = RoomTable(table, None, lease=owned[0], fence=owned[1])
        held.tournament_id = rt.id
        table.listeners.append(self._relay)
        self.tables[table_id] = held
        rt.tables[number] = table_id
        rt.wakes[number] = asyncio.Event()
        return held

    def _seat_entries(self, rt: RoomTournament, entries: list[str]) -> None:
        """Seat each entry where the director has it (the start, a late entry, a
        restart)."""
        for entry in entries:
            number, seat = rt.director.where[entry]
            if number not in rt.tables:
                continue  # a table opened for late entries: opened by its task's start
            self._arrive(rt, entry, number, seat)

    def _arrive(self, rt: RoomTournament, entry: str, number: int, seat: int) -> None:
        table_id = rt.tables.get(number)
        if table_id is None:  # a table being opened: seated as it opens
            return
        table = self.tables[table_id].table
        occupant = rt.occupants[entry]
        table.seat_entry(occupant, rt.director.stacks[entry], seat)
        account = rt.accounts.get(entry)
        if account is not None and isinstance(occupant.player, RemotePlayer):
            self._players[(table_id, account)] = occupant.player
        rt.wakes[number].set()

    def _leave(self, rt: RoomTournament, number: int, seat: int, change: str) -> None:
        """The entry in ``seat`` of table ``number`` leaves it (moved or busted)."""
        table_id = rt.tables.get(number)
        if table_id is None:
            return
        table = self.tables[table_id].table
        if seat not in table.seats:
            return
        held = table.unseat(seat, change)
        account = held.occupant.account_id
        if account is not None and self._players.get((table_id, account)) is (held.occupant.player):
            del self._players[(table_id, account)]

    def _move(self, rt: RoomTournament, moves: Sequence[Move]) -> None:
        for move in moves:
            self._leave(rt, move.from_table, move.from_seat, "moved")
            self._arrive(rt, move.player, move.to_table, move.to_seat)

    async def _run_tournament_table(self, rt: RoomTournament, number: int) -> None:
        """Table ``number``'s hands, each dealt as the director says, until the table
        is broken or the tournament is over."""
        table_id = rt.tables[number]
        held = self.tables[table_id]
        table, director, wake = held.table, rt.director, rt.wakes[number]
        try:
            while director.state == "running" and not held.stop.is_set():
                wake.clear()
                if director.tables[number].broken:
                    break
                deal = director.next_hand(number, _now())
                if deal is None:
                    timeout = director.next_level_in(_now()) if director.on_break else None
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(wake.wait(), timeout)
                    continue
                self._move(rt, deal.moves)
                seated = {s: table.seats[s].chips for s in sorted(table.seats)}
                if seated != dict(zip(deal.seats, deal.stacks, strict=True)):
                    table.halt(f"the seats {seated} are not the director's {deal.stacks}")
                    log.error("tournament %d table %d: seats differ", rt.id, number)
                    break
                if table.spec != deal.spec:
                    table.set_level(deal.spec)
                table.rotation_index = director.tables[number].hands - 1
                done = await table.play_hand()
                table.rotation_index += 1
                if done is None:
                    break
                if director.state == "finished":
                    await self._finish_tournament(rt)
                    break
                if table.config.pause > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(held.stop.wait(), table.config.pause)
            if director.tables[number].broken:
                await self._close_tournament_table(rt, number)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("tournament %d: table %d stopped", rt.id, number)

    async def _tournament_hand_ended(
        self, rt: RoomTournament, number: int, table: Table, done: CompletedHand
    ) -> None:
        """A hand of table ``number`` ended: the director places the busted and moves
        players, and the tables follow; the hand and the director's state are stored
        together."""
        director = rt.director
        result = done.hand.result
        moves = director.hand_over(number, result.stacks, carry=result.rollover, now=_now())
        for seat, stack in enumerate(result.stacks):
            if not stack:
                self._leave(rt, number, done.seat_map.seats[seat], "busted")
        self._move(rt, moves)
        row = self._hand_row(table, done)
        try:
            await self._write_table(
                table.table_id,
                self.store.record_hand,
                row,
                tournament=(rt.id, self._kept(rt)),
            )
        except StaleOwner:
            pass
        except Exception as error:
            log.exception("tournament %d: hand %d was not recorded", rt.id, done.number)
            table.halt(f"hand {done.number} could not be recorded: {error}")
        if director.state == "finished":
            rt.finishing = True
        rt.wake_all()
        self._tournaments_changed()

    async def _close_tournament_table(self, rt: RoomTournament, number: int) -> None:
        table_id = rt.tables.pop(number, None)
        if table_id is None:
            return
        held = self.tables.pop(table_id, None)
        rt.wakes.pop(number, None)
        if held is None:
            return
        held.table.rollover = 0  # split by the director (R6.8)
        with contextlib.suppress(TableError):
            for seat in list(held.table.seats):
                held.table.unseat(seat, "moved")
            await held.table.close()
        for key in [key for key in self._players if key[0] == table_id]:
            del self._players[key]
        if held.lease is not None:
            with contextlib.suppress(Exception):
                await self.leases.release(held.lease)

    async def _finish_tournament(self, rt: RoomTournament) -> None:
        """The last hand is over: places and prizes, paid in one transaction."""
        director = rt.director
        rt.row = await self._reread(rt)  # the pool as the store holds it, late entries in
        places = director.places(pool=rt.row.pool)
        try:
            await asyncio.to_thread(
                self.store.finish_tournament,
                rt.id,
                {place.player: (place.place, place.prize) for place in places},
                self._kept(rt),
            )
        except StoreError:
            log.exception("tournament %d: its prizes were not paid", rt.id)
            raise
        rt.places = places
        try:
            await self._rate_tournament(rt, places)
        except Exception:  # the prizes are paid: a rating that fails is logged
            log.exception("tournament %d: its ratings were not updated", rt.id)
        rt.row = await self._reread(rt)  # finished, in the lobby too
        for number in list(rt.tables):
            for seat in list(self.tables[rt.tables[number]].table.seats):
                self._leave(rt, number, seat, "left")
            await self._close_tournament_table(rt, number)
        finished = [t for t in self.tournaments.values() if t.row.state == "finished"]
        for old in sorted(finished, key=lambda t: t.id)[:-KEPT_FINISHED]:
            del self.tournaments[old.id]  # the store has them
        self._tournaments_changed()

    async def _rate_tournament(self, rt: RoomTournament, places: list[Place]) -> None:
        """Ratings from the finishing order (room/ratings.py, ``finishing_order``), as
        the game's tournament rating (``razz:tournament``): each account at its best
        place (a re-entry's), computer players in the order unrated."""
        game = f"{rt.row.game}:tournament"
        best: dict[str, int] = {}
        for place in places:
            who = player_of(place.player) if rt.accounts.get(place.player) else place.player
            best[who] = min(best.get(who, place.place), place.place)
        accounts = {player_of(e): a for e, a in rt.accounts.items() if a is not None}
        names = sorted(best, key=lambda name: best[name])
        if len(names) < 2 or not accounts:  # nobody to rate
            return

        def rate() -> None:
            before = []
            for name in names:
                row = None if name not in accounts else self.store.rating(accounts[name], game)
                before.append(
                    Rating() if row is None else Rating(row.rating, row.rd, row.volatility)
                )
            after = finishing_order(before, [best[name] for name in names])
            for name, rating in zip(names, after, strict=True):
                if name in accounts:
                    self.store.save_rating(
                        accounts[name], game, rating.rating, rating.rd, rating.volatility
                    )

        await asyncio.to_thread(rate)

    # -- the lobby ---------------------------------------------------------------------------

    def _tournaments_changed(self) -> None:
        """The tournament lobby changed (server/ tells the clients)."""
        for listener in list(self.tournament_listeners):
            with contextlib.suppress(Exception):
                listener()

    def tournament_list(self, account: Account | None = None) -> list[dict[str, Any]]:
        """The tournaments as ``GET /api/tournaments`` lists them: registering,
        running and the last finished (with ``account``: its entry in each)."""
        held = sorted(self.tournaments.values(), key=lambda rt: rt.id)
        return [self.tournament_entry(rt.id, account) for rt in held]

    def tournament_entry(self, tid: int, account: Account | None = None) -> dict[str, Any]:
        """Tournament ``tid`` as the lobby shows it (with ``account``: its own entry
        and table)."""
        rt = self._tournament(tid)
        director, row = rt.director, rt.row
        now = _now()
        # Finished once its prizes are paid (the store says so); until then running.
        state = row.state if row.state in ("finished", "cancelled") else director.state
        if state == "finished" and row.state != "finished":
            state = "running"
        entries = len(director.entries)
        pool = rt.row.pool if state != "finished" else sum(p.prize for p in rt.places)
        if state == "registering":
            pool = entries * row.buy_in
        # The prizes as they stand; a sit-and-go's as they will be once it is full.
        field_size = director.capacity if row.kind == "sit_and_go" else max(entries, 2)
        assert field_size is not None
        at_stake = (
            field_size * row.buy_in if state == "registering" and row.kind == "sit_and_go" else pool
        )
        prizes = [] if rt.practice else payouts(field_size, at_stake)
        level = director.level(now) if director.state == "running" else director.structure.levels[0]
        info: dict[str, Any] = {
            "id": tid,
            "name": row.name,
            "named": bool(rt.settings.get("named")),
            "game": row.game,
            "mix": rt.settings.get("mix"),
            "kind": row.kind,
            "state": state,
            "practice": rt.practice,
            "buy_in": row.buy_in,
            "fee": row.fee,
            "seats": director.table_size,
            "capacity": director.capacity,
            "entries": entries,
            "players_left": director.players_left if director.state != "registering" else entries,
            "prize_pool": pool,
            "prizes": prizes,
            "starts_at": None if row.starts_at is None else row.starts_at.isoformat(),
            "late_levels": director.late_levels,
            "reentry": director.reentry,
            "level": {"number": level.number, "title": level.title, **_stakes(level)},
            "on_break": director.state == "running" and director.on_break,
            "next_level_in": director.next_level_in(now) if director.state == "running" else None,
            "average_stack": (director.chips // director.players_left)
            if director.players_left
            else 0,
            "tables": sorted(rt.tables.values()),
            "structure": director.structure.to_data(),
        }
        if account is not None:
            mine = [e for e in director.entries if player_of(e) == account.name]
            entry = mine[-1] if mine else None
            where = director.where.get(entry) if entry is not None else None
            info["registered"] = entry is not None and entry in director.stacks
            info["table"] = None if where is None else rt.tables.get(where[0])
            place = next((p for p in rt.places if p.player == entry), None)
            info["place"] = None if place is None else place.place
        if rt.places:
            info["places"] = [
                {"name": p.player, "place": p.place, "prize": p.prize} for p in rt.places
            ]
        return info

    # -- default sit-and-gos and a restart ---------------------------------------------------

    async def _open_default_sit_and_gos(self) -> None:
        """Each game's default sit-and-gos, one of each open for registration."""
        if self.shared:
            return
        open_ones = {
            (rt.row.game, rt.director.table_size, rt.row.buy_in, rt.practice)
            for rt in self.tournaments.values()
            if rt.director.state == "registering" and rt.settings.get("default")
        }
        for game in GAMES:
            for size, buy_in, fee, practice in DEFAULT_SIT_AND_GOS:
                seats = 10 if size == 8 and game == "show_hand" else size
                if (game, seats, buy_in, practice) in open_ones:
                    continue
                await self._default_sit_and_go(game, seats, buy_in, fee, practice)

    async def _default_sit_and_go(
        self, game: str, seats: int, buy_in: int, fee: int, practice: bool
    ) -> int:
        tid = await self.create_tournament(
            game=game, kind="sit_and_go", seats=seats, buy_in=buy_in, fee=fee,
            practice=practice,
        )  # fmt: skip
        rt = self.tournaments[tid]
        rt.settings["default"] = True
        return tid

    async def _reopen_sit_and_go(self, rt: RoomTournament) -> None:
        await self._default_sit_and_go(
            rt.row.game, rt.director.table_size, rt.row.buy_in, rt.row.fee, rt.practice
        )

    async def _reopen_tournaments(self) -> None:
        """The tournaments the store has registering or running, as they were: a
        running one's clock stopped while the room was down, its hands dealt on from
        the last one stored."""
        if self.shared:
            return
        rows = await asyncio.to_thread(self.store.tournaments, ("registering", "running"))
        for row in sorted(rows, key=lambda r: r.id):
            if row.id in self.tournaments:
                continue
            rt = self._held_tournament(row)
            entries = await asyncio.to_thread(self.store.tournament_entries, row.id)
            if row.state == "registering":
                for entry in entries:
                    rt.director.register(player_of(entry.name))
            else:
                assert row.director is not None
                kept = json.loads(row.director)
                rt.director = Tournament.from_json(
                    kept["director"], rt.director.structure, self._tournament_rng(row.id)
                )
                rt.director.pause(kept["saved_at"])
                rt.director.resume(_now())
            for entry in entries:
                rt.accounts[entry.name] = entry.account_id
                if entry.account_id is None:
                    rt.occupants[entry.name] = self._bot_occupant(rt, entry.name)
                else:
                    rt.occupants[entry.name] = Occupant(
                        player_of(entry.name), entry.account_id, RemotePlayer()
                    )
            rt.settings["default"] = bool(rt.settings.get("default"))
            if row.state == "running":
                await self._open_tournament_tables(rt)
            elif row.kind == "scheduled":
                rt.starter = asyncio.create_task(self._start_at(rt))


def _stakes(level: Any) -> dict[str, int]:
    if level.small_bet:
        return {
            "ante": level.ante,
            "bring_in": level.bring_in,
            "small_bet": level.small_bet,
            "big_bet": level.big_bet,
        }
    return {"ante": level.ante, "min_bet": level.min_bet}


def _default_name(game: str, kind: str, size: int, buy_in: int, fee: int, practice: bool) -> str:
    names = {
        "seven_card_stud": "Seven Card Stud",
        "stud_hilo": "Stud Hi/Lo",
        "razz": "Razz",
        "show_hand": "Show Hand",
        "five_card_stud": "Five-Card Stud",
    }
    what = "Heads-up" if size == 2 else f"{size}-max"
    money = "practice" if practice else f"{buy_in}+{fee}"
    if kind == "scheduled":
        return f"{names[game]} {money}"
    return f"{names[game]} {what} sit-and-go, {money}"
