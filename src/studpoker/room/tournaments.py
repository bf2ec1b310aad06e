"""Tournaments in the room (issue 17): created, entered through the ledger, started
(a sit-and-go when its seats fill, a scheduled one at its time), their tables played
by the director's word, the prizes paid at the end, and gone on with after a restart;
or cancelled by the operator (issue 34): the entries paid back before the start, the
pool shared by chip count once started.

Each tournament has a :class:`~studpoker.tournament.Tournament` (the director), kept
by the *desk*: the process that holds the tournament's lease (``tournament-<id>``;
a room of one process holds them all).  Each of its tables is a room table in the
``tournament`` mode, run by whichever process holds that table's lease
(room/tournament_tables.py); a table asks the desk for each deal and tells it each
hand's end.  The director is the one source of who sits where: its answers carry each
table's seating, and the tables follow.

A hand's record and the director's state after it are stored in one transaction
(store.record_hand), under the table's and the desk's fencing tokens: a desk started
again — after a restart, or on another process after its own died — goes on from the
last hand stored, with the deals being played in it; the clock stops while no process
directs the tournament.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import time
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from studpoker.games import GAMES, game_name
from studpoker.room.errors import RoomError
from studpoker.room.lobby import _rotation, known_game
from studpoker.room.money import amount_text
from studpoker.room.ownership import Lease
from studpoker.room.ratings import Rating, finishing_order
from studpoker.room.state import log
from studpoker.room.tournament_tables import (
    DeskAway,
    RoomTournamentTables,
    TableMoved,
    hand_row_of,
    table_id_of,
)
from studpoker.room.workers import Busy
from studpoker.store import (
    Account,
    InsufficientFunds,
    StaleOwner,
    StoreError,
    TournamentRow,
    tournament_key,
)
from studpoker.table.config import hidden
from studpoker.tournament import (
    Place,
    Structure,
    Tournament,
    TournamentError,
    default_structure,
    payouts,
    player_of,
    structure_of,
)

__all__ = ["KINDS", "RoomTournament", "TournamentDesk"]

KINDS = ("sit_and_go", "scheduled")
# The director's refusals of an entry, each the room's ``tournament_<code>``.
_REFUSED = frozenset({"full", "started", "registered", "busted", "finished"})
KEPT_FINISHED = 20  # finished (or cancelled) tournaments the lobby still shows
SHOWN_EVERY = 1.0  # seconds between two reads of the tournaments other processes direct
# A cancel waits this long for the hands under way to end (a table's clock acts for the
# absent, so a hand ends well within it); a table whose hand has not ended by then (one
# halted) has the cancel refused, and the tournament plays on.
CANCEL_WAIT = 600.0
CLOSE_WAIT = 10.0  # seconds a cancel waits for the tables run here to close
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
    """A tournament as this process knows it: directed here (``here``: the desk, with
    its lease and fencing token), or as the store last said (another process directs
    it: the lobby shows it, and questions go to that process)."""

    id: int
    row: TournamentRow
    settings: dict[str, Any]
    director: Tournament
    accounts: dict[str, int | None] = field(default_factory=dict)
    here: bool = True
    lease: Lease | None = None
    fence: int | None = None
    starter: asyncio.Task[None] | None = None
    places: list[Place] = field(default_factory=list)
    finishing: bool = False
    # Held while an entry is paid and entered, and while the tournament starts: a
    # scheduled start never comes between an entry's payment and its seat.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # The desk's writes, one at a time in the order the director changed: a state
    # stored is never older than one stored before it.  ``generation`` counts the
    # times the director was read back after a write was refused.
    writing: asyncio.Lock = field(default_factory=asyncio.Lock)
    generation: int = 0
    # The greatest fencing token each table was asked about with, and the processes
    # that run its tables (told when who sits where changes).
    table_fences: dict[int, int] = field(default_factory=dict)
    askers: dict[int, str] = field(default_factory=dict)  # table -> its process
    kept_text: str | None = None  # the director's state last read from the store
    placing: asyncio.Lock = field(default_factory=asyncio.Lock)
    finisher: asyncio.Task[None] | None = None  # the prizes being paid
    # Being cancelled once started: no hand is dealt, the hands under way end.  ``told``
    # is set at each hand's end, for the cancel that waits for them.
    cancelling: bool = False
    told: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def practice(self) -> bool:
        return bool(self.settings.get("practice"))

    @property
    def tables(self) -> dict[int, str]:
        """The tournament's tables (not broken), by number: the room's ids."""
        if self.director.state != "running" or self.row.state == "cancelled":
            return {}
        return {
            number: table_id_of(self.id, number)
            for number, table in sorted(self.director.tables.items())
            if not table.broken
        }


def _now() -> float:
    return time.time()


def _wall() -> datetime:
    return datetime.now(UTC)


# A scheduled tournament's starter looks at the desk's wall clock at least this often
# (seconds): it sleeps until the start, but a test that moves the clock is seen too.
_START_LOOK = 0.2


class TournamentDesk:
    """The tournaments this process directs or shows, in ``room`` (issue 35: a
    service of the room, held by it): the one owner of the tournaments' state —
    each RoomTournament by id, who is told the lobby of tournaments changed, and the
    tables to wake on other processes.  What it asks of the room is its store, its
    cashier, its leases and the tournament tables it runs
    (room/tournament_tables.py)."""

    def __init__(self, room: RoomTournamentTables) -> None:
        self.room = room
        self.tournaments: dict[int, RoomTournament] = {}
        self.listeners: list[Callable[[], None]] = []  # told the tournaments changed
        # Tables of tournaments directed here, by process and tournament, whose process
        # is to be told that who sits there changed.
        self._to_wake: dict[tuple[str, int], set[int]] = {}
        # The wall clock scheduled starts are read against: injected, so that a test
        # moves the time instead of waiting for it (DESIGN: randomness and time injected).
        self.wall: Callable[[], datetime] = _wall

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
        default: bool = False,
    ) -> int:
        """A new tournament, registering; returns its id.  A sit-and-go has one table
        (``seats`` players, heads-up, 6, 8 or 10 for Show Hand) and starts when it is
        full; a scheduled one starts at ``starts_at`` with every table it needs
        (``capacity`` entries at most).  ``structure`` is given as data, or one of the
        shipped ones by ``speed``.  A practice tournament is free, and computer
        players fill it.  Refusals are RoomErrors with their codes."""
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
            if starts_at <= self.wall():
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
        clock = self.room.clock if clock is None else float(clock)
        given = unicodedata.normalize("NFKC", name).strip(" ")
        shows_not = next((char for char in given if hidden(char)), None)
        if shows_not is not None:  # as a table's name (issue 8): no name spoofs another
            raise RoomError(
                "a tournament's name holds visible characters and spaces only, "
                f"not U+{ord(shows_not):04X}",
                "tournament_name_characters",
                character=f"U+{ord(shows_not):04X}",
            )
        label = given or _default_name(game, kind, size, buy_in, fee, practice)
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
            "named": bool(given),
            "mix": mix,
            "default": bool(default),
        }
        creator = None if created_by is None else created_by.id
        tid = await asyncio.to_thread(
            self.room.store.create_tournament,
            label,
            game,
            kind,
            buy_in=buy_in,
            fee=fee,
            settings=json.dumps(settings),
            created_by=creator,
            starts_at=starts_at,
        )
        row = await asyncio.to_thread(self.room.store.tournament, tid)
        assert row is not None
        rt = self._held_tournament(row)
        if not await self._take_desk(rt):
            # Another process took it up between its row and its lease (it takes up
            # every tournament no process directs): it directs it.
            self._tournaments_changed()
            return tid
        rt.here = True
        if kind == "scheduled":
            rt.starter = asyncio.create_task(self._start_at(rt), name=f"tournament {tid} start")
        self._tournaments_changed()
        return tid

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
        rt = RoomTournament(row.id, row, settings, director, here=False)
        self.tournaments[row.id] = rt
        return rt

    def _tournament_rng(self, tid: int) -> random.Random:
        if self.room.seed is not None:
            return random.Random(f"{self.room.seed}/tournament/{tid}")
        return secrets.SystemRandom()

    # -- entering ----------------------------------------------------------------------

    def _tournament(self, tid: int) -> RoomTournament:
        rt: RoomTournament | None = self.tournaments.get(tid) if isinstance(tid, int) else None
        if rt is None:
            raise RoomError(f"no tournament {tid!r}", "no_tournament", tournament=tid)
        return rt

    async def _ask_desk(self, tid: int, question: str, account: Account | None) -> Any:
        """A player's question about a tournament another process directs, asked of
        it: ``no_tournament`` if the room has none, ``busy`` while none directs it."""
        try:
            args = {} if account is None else {"account": account.id}
            return await self.room._desk(tid, question, args)
        except (DeskAway, TimeoutError):
            self._shown_at = 0.0
            await self.look_at_tournaments()
            self._tournament(tid)  # no such tournament: no_tournament
            raise Busy(
                f"tournament {tid} is changing hands: try again", 1.0, "tournament_director"
            ) from None

    def _elsewhere(self, tid: int) -> bool:
        """Whether tournament ``tid`` is (or may be) directed by another process."""
        return self.room.shared and isinstance(tid, int) and not self.room._directs(tid)

    async def tournaments_now(self, account: Account | None = None) -> list[dict[str, Any]]:
        """:meth:`tournament_list`, the tournaments other processes direct included."""
        await self.look_at_tournaments()
        return self.tournament_list(account)

    async def tournament_now(self, tid: int, account: Account | None = None) -> dict[str, Any]:
        """:meth:`tournament_entry` as the process that directs it says it."""
        if self._elsewhere(tid):
            try:
                answer: dict[str, Any] = await self._ask_desk(tid, "entry", account)
                return answer
            except Busy:  # none directs it (over, or changing hands): as stored
                pass
        return self.tournament_entry(tid, account)

    async def register_tournament(self, account: Account, tid: int) -> str:
        """Enter ``account`` in tournament ``tid``: its buy-in and fee from the balance
        through the ledger.  Refused with a reason: ``balance_too_low``, ``tournament_started``,
        ``_full``, ``_registered``, ``_busted`` (no re-entry), ``_finished``, a guest or a
        computer player's account in a tournament for chips.  (Asked of the process
        that directs it, in a room of processes.)"""
        if self._elsewhere(tid):
            entry: str = await self._ask_desk(tid, "register", account)
            return entry
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
        if rt.cancelling or rt.row.state == "cancelled":
            raise RoomError("the tournament is cancelled", "tournament_finished", tournament=tid)
        director = rt.director
        try:
            entry = director.check_register(account.name)
        except TournamentError as error:
            code = f"tournament_{error.code}" if error.code in _REFUSED else "malformed"
            raise RoomError(str(error), code, tournament=tid) from None
        try:
            await self.room.cashier.enter_tournament(tid, account.id, entry)
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
        if director.state == "running":  # a late entry, seated at once
            self._wake_tables(rt, [director.where[entry][0]])
            await self._place_tables(rt)  # at a table of its own when every one is full
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
        if self._elsewhere(tid):
            await self._ask_desk(tid, "unregister", account)
            return
        rt = self._tournament(tid)
        async with rt.lock:
            await self._unregister(rt, account)

    async def _unregister(self, rt: RoomTournament, account: Account) -> None:
        tid = rt.id
        director = rt.director
        entry = account.name
        if rt.row.state == "cancelled":  # every entry was paid back
            raise RoomError("the tournament is cancelled", "tournament_finished", tournament=tid)
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
        await self.room.cashier.leave_tournament(tid, entry)
        director.unregister(entry)
        rt.accounts.pop(entry, None)
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
            await self.room.cashier.enter_tournament(rt.id, None, name)
            rt.director.register(name)
            rt.accounts[name] = None
            names.append(name)
        self._tournaments_changed()
        return names

    async def _fill_with_bots(self, rt: RoomTournament) -> None:
        """A practice sit-and-go: computer players take the seats left."""
        if rt.director.capacity is not None:  # under the registering entry's lock
            await self._add_computer_players(rt, rt.director.capacity)

    # -- starting and playing -------------------------------------------------------------

    async def _start_at(self, rt: RoomTournament) -> None:
        starts = rt.row.starts_at
        assert starts is not None
        while (left := (starts - self.wall()).total_seconds()) > 0:
            await asyncio.sleep(min(left, _START_LOOK))
        async with rt.lock:  # the entries being paid for are in first
            await self._start_scheduled(rt)

    async def _start_scheduled(self, rt: RoomTournament) -> None:
        if rt.director.state != "registering":
            return
        if len(rt.director.entries) < 2:
            await self.room.cashier.cancel_tournament(rt.id)
            rt.director.state = "finished"
            rt.row = await self._reread(rt)
            self._tournaments_changed()
            return
        await self._start_tournament(rt)

    async def _reread(self, rt: RoomTournament) -> TournamentRow:
        row = await asyncio.to_thread(self.room.store.tournament, rt.id)
        assert row is not None
        return row

    async def _start_tournament(self, rt: RoomTournament) -> None:
        director = rt.director
        director.start(now=_now())
        try:
            await asyncio.to_thread(
                self.room.store.start_tournament, rt.id, self._kept(rt), fence=rt.fence
            )
        except StaleOwner:
            self._let_desk_go(rt, "another process directs it")
            return
        rt.row = await self._reread(rt)
        await self._place_tables(rt)
        if rt.row.kind == "sit_and_go" and rt.settings.get("default"):
            await self._reopen_sit_and_go(rt)  # the lobby always has one to enter
        self._tournaments_changed()

    def _kept(self, rt: RoomTournament) -> str:
        """The director's state as the store keeps it, with the moment it was kept
        (the clock stops there if the room goes down)."""
        # The director's JSON as it is, not as a string in a string (escaped again).
        return f'{{"saved_at":{_now()!r},"director":{rt.director.to_json()}}}'

    # -- the desk: where the tournament's tables run --------------------------------------

    async def _take_desk(self, rt: RoomTournament) -> bool:
        """The lease to direct ``rt`` from this process, and the fencing token its writes
        carry (a room of processes): whether this process has them.  It directs ``rt``
        (``here``) once its director is as the store holds it."""
        key, room = tournament_key(rt.id), self.room
        lease = await room.leases.acquire(key, room.owner, room.lease_seconds)
        if lease is None:
            return False
        try:
            fence = await asyncio.to_thread(room.store.next_fence, key) if room.shared else None
        except BaseException:
            await room.leases.release(lease)
            raise
        rt.lease, rt.fence = lease, fence
        return True

    def _let_desk_go(self, rt: RoomTournament, why: str) -> None:
        """Another process directs ``rt`` now (this one's lease ran out, or a write
        was refused as a stale desk's): this one only shows it."""
        if not rt.here:
            return
        log.warning("tournament %d is no longer directed here: %s", rt.id, why)
        rt.here, rt.lease = False, None
        if rt.starter is not None:
            rt.starter.cancel()
            rt.starter = None
        rt.told.set()  # a cancel waiting here gives up
        self._shown_at = 0.0  # read again from the store at the next look
        self._tournaments_changed()

    async def _place_tables(self, rt: RoomTournament) -> None:
        """Every table of the tournament run by some process: those no process runs
        (new, or their process died) opened where the fewest tables are run."""
        async with rt.placing:  # one placing at a time: the loads counted once
            await self._place_free_tables(rt)

    async def _place_free_tables(self, rt: RoomTournament) -> None:
        wanted = rt.tables
        if not wanted or self.room._stopping:
            return
        ids = list(wanted.values())
        holders = await self.room.leases.holders(ids)
        free = [table_id for table_id, holder in zip(ids, holders, strict=True) if holder is None]
        if not free:
            return
        loads = dict(self.room.peer_loads()) if self.room.peer_loads is not None else {}
        loads[self.room.owner] = len(self.room.tables)
        for table_id in free:
            number = int(table_id.rsplit("-", 1)[1])
            where = min(sorted(loads), key=lambda peer: loads[peer])
            loads[where] += 1
            opened = False
            if where != self.room.owner and self.room.peer_ask is not None:
                try:
                    opened = bool(
                        await self.room.peer_ask(
                            where, "tournament", {"w": "open", "tournament": rt.id, "table": number}
                        )
                    )
                except Exception as error:  # that process is away: run it here
                    log.warning("table %s was not opened by %s: %s", table_id, where, error)
            if not opened:
                await self.room.open_tournament_table(rt.id, number)
        self._tournaments_changed()

    def seating_here(self, tid: int, number: int) -> list[Any] | None:
        """Who sits where at table ``number`` of tournament ``tid``, if this process
        directs it (None if not)."""
        rt = self.tournaments.get(tid)
        if rt is None or not rt.here or number not in rt.tables:
            return None
        return self._seating(rt, number)

    def _wake_tables(self, rt: RoomTournament, numbers: Iterable[int] | None = None) -> None:
        """Who sits at tables ``numbers`` (None: every table) changed: those run here
        follow at once (a player moved sits down at once, dealt in from the next
        hand), and the processes that run the others are told, once a turn of the
        loop each."""
        wanted = None if numbers is None else set(numbers)
        for room_table in list(self.room.tables.values()):
            if room_table.tournament_id == rt.id and (
                wanted is None or room_table.tournament_table in wanted
            ):
                seating = self.seating_here(rt.id, room_table.tournament_table)
                if seating is not None:
                    self.room._sync_seats(room_table, seating, "moved")
                room_table.wake.set()
        if self.room.peer_ask is None:
            return
        for number, peer in rt.askers.items():
            if peer != self.room.owner and (wanted is None or number in wanted):
                if not self._to_wake:
                    asyncio.get_running_loop().call_soon(self._send_wakes)
                self._to_wake.setdefault((peer, rt.id), set()).add(number)

    def _send_wakes(self) -> None:
        """The words that tables changed, one a process and tournament."""
        waking, self._to_wake = self._to_wake, {}
        for (peer, tid), numbers in sorted(waking.items()):
            assert self.room.peer_ask is not None
            told = asyncio.ensure_future(
                self.room.peer_ask(
                    peer, "tournament", {"w": "wake", "tournament": tid, "tables": sorted(numbers)}
                )
            )
            told.add_done_callback(_quiet)

    async def answer_tournament(self, args: dict[str, Any]) -> Any:
        """A question about tournament ``args["tournament"]``: from one of its tables
        (``deal``, ``hand``, ``seating``), from a process asked to run a table or told
        something changed (``open``, ``wake``), or a player's (``register``,
        ``unregister``, ``entry``) asked of the process that directs it."""
        question = args["w"]
        tid = int(args["tournament"])
        if question == "open":
            return await self.room.open_tournament_table(tid, int(args["table"]))
        if question == "wake":
            await self.room.sync_tournament_tables(tid, args.get("tables"))
            return True
        rt = self.tournaments.get(tid)
        if rt is None or not rt.here:
            if question in ("register", "unregister", "entry"):
                raise RoomError(f"tournament {tid} is changing hands: try again", "busy")
            raise RoomError(f"tournament {tid} is not directed here", "busy")
        if question == "deal":
            return self._deal_answer(rt, args)
        if question == "hand":
            return await self._hand_answer(rt, args)
        if question == "seating":
            number = int(args["table"])
            table = rt.director.tables.get(number)
            if table is None or table.broken:
                return {"seating": None}
            return {"seating": self._seating(rt, number)}
        if question == "entry":  # as the asker sees it, or anyone
            if args.get("account") is None:
                return self.tournament_entry(tid)
            return self.tournament_entry(tid, await self._account_asked(args))
        account = await self._account_asked(args)
        if question == "register":
            return await self.register_tournament(account, tid)
        if question == "unregister":
            await self.unregister_tournament(account, tid)
            return True
        raise RoomError(f"no question {question!r} about tournaments", "malformed")

    async def _account_asked(self, args: dict[str, Any]) -> Account:
        account = args.get("account")
        if not isinstance(account, int):
            raise RoomError("a player's question names their account", "malformed")
        found = await asyncio.to_thread(self.room.store.account, account)
        if found is None:
            raise RoomError("no such account", "no_account")
        return found

    def _table_asking(self, rt: RoomTournament, args: dict[str, Any]) -> int:
        """The table that asks, if it is run by its current owner: one that is run by
        another process now (a greater token has asked) is refused, ``table_moved``."""
        number = int(args["table"])
        fence = args.get("fence")
        if fence is not None:
            if fence < rt.table_fences.get(number, 0):
                raise TableMoved(number)
            rt.table_fences[number] = int(fence)
        rt.askers[number] = str(args.get("asker", self.room.owner))
        return number

    def _seating(self, rt: RoomTournament, number: int) -> list[list[Any]]:
        director = rt.director
        return [
            [seat, entry, director.stacks[entry], rt.accounts.get(entry)]
            for seat, entry in enumerate(director.tables[number].seats)
            if entry is not None
        ]

    def _deal_answer(self, rt: RoomTournament, args: dict[str, Any]) -> dict[str, Any]:
        """A table's next deal: the hand it is playing if it asks again (its process
        died in the middle: dealt again), else the director's next; or wait."""
        number = self._table_asking(rt, args)
        director = rt.director
        if director.state == "finished" or rt.finishing:
            return {"state": "finished"}
        table = director.tables.get(number)
        if director.state != "running" or table is None or table.broken:
            return {"state": "closed"}
        now = _now()
        deal = director.current_deal(number)
        if deal is None and rt.cancelling:  # dealt no more: the table waits for the end
            return {"state": "running", "seating": self._seating(rt, number), "wait": None}
        if deal is None:
            deal = director.next_hand(number, now)
            if deal is not None and deal.moves:  # players sent on to other tables
                self._wake_tables(rt, [move.to_table for move in deal.moves])
                self._tournaments_changed()
        answer: dict[str, Any] = {"state": "running", "seating": self._seating(rt, number)}
        if deal is None:
            answer["wait"] = director.next_level_in(now) if director.on_break else None
            return answer
        answer["deal"] = {
            "number": deal.number,
            "level": deal.level.number,
            "hand": director.tables[number].hands - 1,
            "seats": list(deal.seats),
            "players": list(deal.players),
            "stacks": list(deal.stacks),
            "carry": deal.carry,
        }
        return answer

    async def _hand_answer(self, rt: RoomTournament, args: dict[str, Any]) -> dict[str, Any]:
        """A hand of a table ended: the director places the busted and moves players,
        and the hand and the director's state after it are stored together."""
        number = self._table_asking(rt, args)
        director = rt.director
        table = director.tables.get(number)
        deal = int(args["deal"])
        if table is None or table.broken:
            return {"void": True}
        if not table.playing or table.deal != deal:
            if not table.playing and table.deal == deal:
                return {"done": True}  # told twice (the first answer was lost)
            adopted = not table.playing and director.adopt(
                number, deal, args["players"], args["start"]
            )
            if not adopted:  # dealt by a director whose state was never stored
                return {"void": True}
        try:
            moves = director.hand_over(number, args["stacks"], carry=args["carry"], now=_now())
        except TournamentError as error:
            raise RoomError(str(error), "malformed") from None
        rt.told.set()
        if director.state == "finished":
            rt.finishing = True
        row = hand_row_of(args["row"])
        kept, generation = self._kept(rt), rt.generation
        async with rt.writing:
            if rt.generation != generation or not rt.here:
                raise RoomError("the tournament's director changed: try again", "busy")
            try:
                await asyncio.to_thread(
                    self.room.store.record_hand,
                    row,
                    fence=args.get("fence"),
                    tournament=(rt.id, kept),
                    tournament_fence=rt.fence,
                )
            except StaleOwner as error:
                if error.table_id == tournament_key(rt.id):
                    self._let_desk_go(rt, "another process directs it")
                    raise RoomError("the tournament's director changed", "busy") from None
                await self._read_back(rt)
                raise TableMoved(number) from None
            except Exception:
                log.exception("tournament %d: hand %d was not recorded", rt.id, row.number)
                await self._read_back(rt)
                raise RoomError("the hand could not be stored: try again", "busy") from None
        changed = {number} | {m.to_table for m in moves} | {m.from_table for m in moves}
        self._wake_tables(rt, None if director.state == "finished" else changed)
        self._tournaments_changed()
        if director.state == "finished" and rt.finisher is None:
            # Paid once the table has told its players the hand's end.
            rt.finisher = asyncio.create_task(
                self._finish_tournament(rt), name=f"tournament {rt.id} finish"
            )
            rt.finisher.add_done_callback(_quiet)  # a failure is logged where it happens
        return {"done": True}

    async def _read_back(self, rt: RoomTournament) -> None:
        """A write of the desk was refused: the director as the store holds it (the
        hands told since are told again, and taken as dealt: Tournament.adopt)."""
        rt.generation += 1
        row = await self._reread(rt)
        if row.director is not None:
            kept = json.loads(row.director)
            rt.director = Tournament.from_json(
                kept["director"], rt.director.structure, self._tournament_rng(rt.id)
            )
        rt.finishing = False

    async def _finish_tournament(self, rt: RoomTournament) -> None:
        """The last hand is over: places and prizes, paid in one transaction."""
        director = rt.director
        rt.row = await self._reread(rt)  # the pool as the store holds it, late entries in
        places = director.places(pool=rt.row.pool)
        try:
            await self.room.cashier.pay_prizes(
                rt.id,
                {place.player: (place.place, place.prize) for place in places},
                self._kept(rt),
                fence=rt.fence,
            )
        except StaleOwner:
            self._let_desk_go(rt, "another process directs it")
            return
        except StoreError:
            log.exception("tournament %d: its prizes were not paid", rt.id)
            raise
        rt.places = places
        try:
            await self._rate_tournament(rt, places)
        except Exception:  # the prizes are paid: a rating that fails is logged
            log.exception("tournament %d: its ratings were not updated", rt.id)
        rt.row = await self._reread(rt)  # finished, in the lobby too
        self._wake_tables(rt)  # each table hears it is over, and closes
        await self._release_desk(rt)
        self._forget_old_tournaments()
        self._tournaments_changed()

    async def _release_desk(self, rt: RoomTournament) -> None:
        """A tournament over lets its lease go (no process takes it up: the store says
        it is over)."""
        if rt.lease is not None:
            with contextlib.suppress(Exception):
                await self.room.leases.release(rt.lease)
            rt.lease = None

    def _forget_old_tournaments(self) -> None:
        """The last :data:`KEPT_FINISHED` tournaments over kept for the lobby; the
        older ones forgotten here (the store has them)."""
        over = [t for t in self.tournaments.values() if t.row.state in ("finished", "cancelled")]
        for old in sorted(over, key=lambda t: t.id)[:-KEPT_FINISHED]:
            del self.tournaments[old.id]

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
                row = None if name not in accounts else self.room.store.rating(accounts[name], game)
                before.append(
                    Rating() if row is None else Rating(row.rating, row.rd, row.volatility)
                )
            after = finishing_order(before, [best[name] for name in names])
            for name, rating in zip(names, after, strict=True):
                if name in accounts:
                    self.room.store.save_rating(
                        accounts[name], game, rating.rating, rating.rd, rating.volatility
                    )

        await asyncio.to_thread(rate)

    # -- cancelled by the operator (issue 34) -----------------------------------------------

    cancel_wait = CANCEL_WAIT

    def directs(self, tid: int) -> bool:
        """Whether this process holds tournament ``tid``'s desk now: the process that
        carries out what the operator does to it (room/operator.py).  A room of one
        process directs every tournament."""
        return not self.room.shared or self.room._directs(tid)

    async def cancel_tournament(self, tid: int, reason: str = "") -> str:
        """Cancel tournament ``tid`` (the operator's, in the process that directs it):
        a line saying what was done, amounts in the room's unit.

        Before its start, every entry is paid back its buy-in and fee (one
        transaction).  Once started, no hand is dealt any more; each table plays the
        hand under way to its end; then the pool is shared by chip count among the
        players still in (:func:`~studpoker.tournament.director.chop`) in one
        transaction, the fees staying the room's (earned by the play so far), and the
        tables close.  Players who busted were paid nothing and get nothing.  A
        practice or free tournament is cancelled with nobody paid.

        Refused, changing nothing: ``no_tournament``; ``tournament_finished`` when it
        is over, cancelled, being cancelled, or ends by itself while its hands end
        (its prizes paid by place); ``busy`` when another process directs it (or
        takes it over meanwhile), the room stops, or a table's hand does not end
        within :attr:`cancel_wait` seconds: the tournament plays on."""
        rt = self.tournaments.get(tid) if isinstance(tid, int) else None
        if rt is None:
            row = await asyncio.to_thread(self.room.store.tournament, tid)
            if row is None:
                raise RoomError(f"no tournament {tid!r}", "no_tournament", tournament=tid)
            _refuse_over(tid, row.state)
            raise _elsewhere(tid)
        async with rt.lock:  # no entry between its payment and its seat
            _refuse_over(tid, rt.row.state, rt.finishing or rt.director.state == "finished")
            if rt.cancelling:
                raise RoomError(
                    "the tournament is being cancelled", "tournament_finished", tournament=tid
                )
            if not rt.here:
                raise _elsewhere(tid)
            log.warning("tournament %d is being cancelled: %s", tid, reason or "no reason given")
            if rt.director.state == "registering":
                said = await self._cancel_before_start(rt)
                log.warning("tournament %d: %s", tid, said)
                return said
            rt.cancelling = True  # from here on no hand is dealt, no entry taken
            self._tournaments_changed()
        try:
            said = await self._cancel_started(rt)
        except BaseException:
            rt.cancelling = False  # nothing was paid: the tournament plays on
            self._wake_tables(rt)
            self._tournaments_changed()
            raise
        log.warning("tournament %d: %s", tid, said)
        return said

    async def _cancel_before_start(self, rt: RoomTournament) -> str:
        """Every entry paid back, the starter stopped (under the tournament's lock)."""
        try:
            entries, refunded = await self.room.cashier.cancel_tournament(rt.id, fence=rt.fence)
        except StaleOwner:
            self._let_desk_go(rt, "another process directs it")
            raise _elsewhere(rt.id) from None
        if rt.starter is not None:  # waiting for its time, or for this lock
            rt.starter.cancel()
            rt.starter = None
        rt.director.state = "finished"  # no entry, no start
        rt.row = await self._reread(rt)
        await self._release_desk(rt)
        self._forget_old_tournaments()
        self._tournaments_changed()
        if rt.row.kind == "sit_and_go" and rt.settings.get("default"):
            await self._reopen_sit_and_go(rt)  # the lobby always has one to enter
        said = _count(entries, "entry", "entries")
        if not entries:
            return "cancelled before its start: no entries"
        if rt.practice or not refunded:
            return f"cancelled before its start: {said}, {_free(rt)}: nobody paid"
        return f"cancelled before its start: {said} refunded {amount_text(refunded)}"

    async def _cancel_started(self, rt: RoomTournament) -> str:
        """The hands under way ended (none dealt since), the pool shared by chip
        count, the tables closed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.cancel_wait
        while True:
            await self._still_cancelling(rt)
            playing = _playing(rt)
            if not playing:
                async with rt.writing:  # the hands told are stored
                    if not _playing(rt) and not rt.finishing and rt.here:
                        said = await self._share_pool(rt)
                        break
                continue
            left = deadline - loop.time()
            if left <= 0:
                raise RoomError(
                    f"the hands at tables {', '.join(map(str, playing))} did not end in "
                    f"{self.cancel_wait:g} seconds: the tournament plays on",
                    "busy",
                    tournament=rt.id,
                )
            rt.told.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(rt.told.wait(), min(left, 1.0))
        self._wake_tables(rt)  # each table hears it is over, and closes
        closing = [
            room_table.task
            for room_table in self.room.tables.values()
            if room_table.tournament_id == rt.id and room_table.task is not None
        ]
        if closing:
            await asyncio.wait(closing, timeout=CLOSE_WAIT)
        await self._release_desk(rt)
        self._forget_old_tournaments()
        self._tournaments_changed()
        return said

    async def _still_cancelling(self, rt: RoomTournament) -> None:
        """Refused if ``rt`` ended by itself (its prizes paid by place), another
        process directs it now, or the room stops."""
        if rt.finishing or rt.director.state == "finished":
            if rt.finisher is not None:
                await asyncio.wait([rt.finisher])
            raise RoomError(
                "the tournament ended before it could be cancelled: its prizes are paid by place",
                "tournament_finished",
                tournament=rt.id,
            )
        if not rt.here:
            raise _elsewhere(rt.id)
        if self.room._stopping:
            raise RoomError(
                "the room is stopping: the tournament goes on", "busy", tournament=rt.id
            )

    async def _share_pool(self, rt: RoomTournament) -> str:
        """The pool shared by chip count and the tournament cancelled, in one
        transaction (under the desk's writing lock, no table playing)."""
        director = rt.director
        row = await self._reread(rt)  # the pool as the store holds it
        shares = director.chop(row.pool)
        level = director.level(_now()).number
        try:
            await self.room.cashier.chop(rt.id, shares, self._kept(rt), fence=rt.fence)
        except StaleOwner:
            self._let_desk_go(rt, "another process directs it")
            raise _elsewhere(rt.id) from None
        director.state = "finished"  # dealt no more; the tables close
        rt.row = await self._reread(rt)
        left = _count(director.players_left, "player", "players")
        if rt.practice or not row.pool:
            return f"cancelled at level {level}: {left} left, {_free(rt)}: nobody paid"
        said = (
            f"cancelled at level {level}: {left} left shared the pool of "
            f"{amount_text(row.pool)} by chip count"
        )
        return f"{said}; fees of {amount_text(row.fees)} kept" if row.fees else said

    # -- the lobby ---------------------------------------------------------------------------

    def _tournaments_changed(self) -> None:
        """The tournament lobby changed (server/ tells the clients)."""
        for listener in list(self.listeners):
            with contextlib.suppress(Exception):
                listener()

    def tournament_list(self, account: Account | None = None) -> list[dict[str, Any]]:
        """The tournaments as ``GET /api/tournaments`` lists them: registering,
        running and the last finished (with ``account``: its entry in each), without
        the lists that grow with the players (standings, places): one tournament's
        answer has them."""
        ordered = sorted(self.tournaments.values(), key=lambda rt: rt.id)
        return [self.tournament_entry(rt.id, account, players=False) for rt in ordered]

    def tournament_entry(
        self, tid: int, account: Account | None = None, *, players: bool = True
    ) -> dict[str, Any]:
        """Tournament ``tid`` as the lobby shows it (with ``account``: its own entry
        and table; with ``players``, those still in with their chips and the
        finishing order so far)."""
        rt = self._tournament(tid)
        director, row = rt.director, rt.row
        now = _now()
        # Finished once its prizes are paid (the store says so); until then running.
        state = row.state if row.state in ("finished", "cancelled") else director.state
        if state == "finished" and row.state != "finished":
            state = "running"
        # A tournament cancelled on another process is shown with its director as kept
        # at the cancel, still "running": its clock stopped there.
        live = director.state == "running" and row.state != "cancelled"
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
        level = director.level(now) if live else director.structure.levels[0]
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
            "on_break": live and director.on_break,
            "next_level_in": director.next_level_in(now) if live else None,
            "average_stack": (director.chips // director.players_left)
            if director.players_left
            else 0,
            "tables": sorted(rt.tables.values()),
            "structure": director.structure.to_data(),
        }
        # The places as the players bust, not only once it is over; those still in with
        # their chips while it runs.
        places = rt.places
        if not places and director.state in ("running", "finished"):
            places = director.busted(pool=0 if rt.practice else rt.row.pool)
        if players and director.state == "running" and row.state != "cancelled":
            info["standings"] = [
                {"name": player_of(entry), "chips": chips} for entry, chips in director.standings()
            ]
        if account is not None:
            mine = [e for e in director.entries if player_of(e) == account.name]
            entry = mine[-1] if mine else None
            where = director.where.get(entry) if entry is not None else None
            info["registered"] = entry is not None and entry in director.stacks
            info["table"] = None if where is None else rt.tables.get(where[0])
            place = next((p for p in places if p.player == entry), None)
            info["place"] = None if place is None else place.place
            info["prize"] = None if place is None else place.prize
        if players and places:
            info["places"] = [
                {"name": p.player, "place": p.place, "prize": p.prize} for p in places
            ]
        return info

    # -- default sit-and-gos and a restart ---------------------------------------------------

    async def open_default_sit_and_gos(self) -> None:
        """Each game's default sit-and-gos, one of each open for registration (in a
        room of processes, by the one that starts first: the others see them)."""
        if self.room.shared:
            room = self.room
            lease = await room.leases.acquire("tournament-defaults", room.owner, room.lease_seconds)
            if lease is None:  # another process is opening them
                return
            self._shown_at = 0.0
            await self.look_at_tournaments()
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
        return await self.create_tournament(
            game=game, kind="sit_and_go", seats=seats, buy_in=buy_in, fee=fee,
            practice=practice, default=True,
        )  # fmt: skip

    async def _reopen_sit_and_go(self, rt: RoomTournament) -> None:
        await self._default_sit_and_go(
            rt.row.game, rt.director.table_size, rt.row.buy_in, rt.row.fee, rt.practice
        )

    async def reopen_tournaments(self) -> None:
        """The tournaments the store has registering or running that no process
        directs, directed here as they were: a running one's clock stopped while no
        process directed it, its hands dealt on from the last one stored (and the
        deals being played in it taken as dealt), its tables opened where no process
        runs them.  (At the start, and every third of a lease in a room of processes:
        a desk whose process died is taken up.)"""
        rows = await asyncio.to_thread(self.room.store.tournaments, ("registering", "running"))
        free = [row for row in rows if not self.room._directs(row.id)]
        holders = await self.room.leases.holders([tournament_key(row.id) for row in free])
        for row, holder in zip(sorted(free, key=lambda r: r.id), holders, strict=True):
            if holder is not None or self.room._stopping:
                continue
            rt = self._held_tournament(row)  # not directed here until it is read
            if not await self._take_desk(rt):
                continue
            row = await self._reread(rt)  # as it is now the desk is this process's
            rt.row = row
            await self._read_director(rt, row, resume=True)
            rt.here = True
            log.warning("tournament %d is directed here, taken up from the store", row.id)
            if row.state == "running":
                await self._place_tables(rt)
                self._wake_tables(rt)
            elif row.kind == "scheduled":
                rt.starter = asyncio.create_task(self._start_at(rt))
            self._tournaments_changed()

    async def _read_director(self, rt: RoomTournament, row: TournamentRow, *, resume: bool) -> None:
        """``rt``'s director and entries as the store holds them: a registering one's
        entries, a running one's state after its last hand with the entries paid for
        since (a late entry whose hand was not yet stored) seated."""
        entries = await asyncio.to_thread(self.room.store.tournament_entries, row.id)
        if row.state == "registering" or row.director is None:
            for entry in entries:
                if player_of(entry.name) not in rt.director.stacks:
                    rt.director.register(player_of(entry.name))
        else:
            kept = json.loads(row.director)
            rt.director = Tournament.from_json(
                kept["director"], rt.director.structure, self._tournament_rng(row.id)
            )
            rt.kept_text = row.director
            if resume and rt.director.state == "running":
                rt.director.pause(kept["saved_at"])
                rt.director.resume(_now())
            for entry in entries:
                if entry.name not in rt.director.entries and rt.director.state == "running":
                    with contextlib.suppress(TournamentError):
                        rt.director.register(player_of(entry.name))
        for entry in entries:
            rt.accounts[entry.name] = entry.account_id

    # -- tournaments other processes direct, as the lobby shows them --------------------

    _shown_at = 0.0

    async def look_at_tournaments(self) -> None:
        """In a room of processes: the tournaments other processes direct, read from
        the store (at most once a second), for the lobby; their live figures are as
        of their last hand stored."""
        if not self.room.shared:
            return
        now = time.monotonic()
        if now - self._shown_at < SHOWN_EVERY:
            return
        self._shown_at = now
        current = await asyncio.to_thread(self.room.store.tournaments, ("registering", "running"))
        done = await asyncio.to_thread(
            self.room.store.tournaments, ("finished", "cancelled"), limit=KEPT_FINISHED
        )
        keep = {row.id for row in current + done}
        for tid in [t for t, rt in self.tournaments.items() if not rt.here and t not in keep]:
            del self.tournaments[tid]
        for row in current + done:
            rt = self.tournaments.get(row.id)
            if rt is not None and rt.here:
                continue
            if rt is not None and rt.row == row and rt.kept_text == row.director:
                continue
            shown = self._held_tournament(row)
            await self._read_director(shown, row, resume=False)
            if row.state == "finished" and shown.director.stacks:
                shown.places = shown.director.places(pool=sum(
                    e.prize or 0 for e in await asyncio.to_thread(
                        self.room.store.tournament_entries, row.id)))  # fmt: skip
            self.room.known_tables.update(shown.tables.values())

    def stop_starters(self) -> None:
        """The room stops: no tournament waiting for its time starts here (each is
        kept in the store, and read again at the next start)."""
        for rt in self.tournaments.values():
            if rt.starter is not None:
                rt.starter.cancel()

    async def hand_desks_over(self) -> None:
        """A stop that hands over: the desks held here let go, for another process to
        take up (the director's state is the store's after each hand)."""
        for rt in self.tournaments.values():
            if rt.here and rt.lease is not None:
                with contextlib.suppress(Exception):
                    await self.room.leases.release(rt.lease)
                rt.here, rt.lease = False, None

    async def renew_desks(self) -> None:
        """The leases of the desks held here renewed (one that ran out is let go)."""
        directed = [rt for rt in self.tournaments.values() if rt.here and rt.lease is not None]
        kept = await self.room.leases.renew_all(
            [rt.lease for rt in directed if rt.lease is not None], self.room.lease_seconds
        )
        for rt, ok in zip(directed, kept, strict=True):
            if not ok:
                self._let_desk_go(rt, "its lease ran out")

    async def tend_desks(self) -> None:
        """The desks nobody holds taken up, and every table of the tournaments
        directed here run by some process (one whose process died opened again)."""
        if self.room._stopping:
            return
        await self.reopen_tournaments()
        for rt in list(self.tournaments.values()):
            if rt.here and rt.director.state == "running":
                await self._place_tables(rt)


def _quiet(done: asyncio.Future[Any]) -> None:
    """A word to another process that may not be heard (it died): nothing to do."""
    if not done.cancelled():
        done.exception()


def _refuse_over(tid: int, state: str, ending: bool = False) -> None:
    """A tournament over (or ending) is not cancelled: ``tournament_finished``."""
    if state == "cancelled":
        raise RoomError(
            "the tournament is cancelled already", "tournament_finished", tournament=tid
        )
    if state == "finished" or ending:
        raise RoomError("the tournament is over", "tournament_finished", tournament=tid)


def _elsewhere(tid: int) -> RoomError:
    return RoomError(
        f"tournament {tid} is directed by another process: it cancels it", "busy", tournament=tid
    )


def _playing(rt: RoomTournament) -> list[int]:
    """The tables of ``rt`` playing a hand, by number."""
    return sorted(
        n for n, table in rt.director.tables.items() if table.playing and not table.broken
    )


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _free(rt: RoomTournament) -> str:
    return "a practice tournament" if rt.practice else "a free tournament"


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
    what = "Heads-up" if size == 2 else f"{size}-max"
    # The buy-in and fee as the balance writes money (100 chips a unit): 1.00+0.10.
    money = "practice" if practice else f"{amount_text(buy_in)}+{amount_text(fee)}"
    if kind == "scheduled":
        return f"{game_name(game)} {money}"
    return f"{game_name(game)} {what} sit-and-go, {money}"
