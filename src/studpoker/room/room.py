"""The card room (the ``room`` layer of DESIGN.md): the lobby and its tables, accounts
and sessions, wallets through the ledger, hands stored as they end, competitions and
their ratings.  It runs the tables on asyncio and reaches the database through
:class:`~studpoker.store.Store` (in a worker thread, so a slow query never stops a
table); it knows nothing of HTTP.

Money moves only through the ledger (DESIGN.md idea 4): a buy-in and a cash-out are
each one transaction of the store, and so is every hand with its chip movements.  A
table's stacks between hands are what the store holds for it, so when the room stops
in the middle of a hand — or dies — that hand is void: nobody's chips moved, and on
the next start every chip held at a table goes back to its account.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from studpoker.bots import bot
from studpoker.engine import Action
from studpoker.games import GAMES, GameSpec, preset
from studpoker.history import to_phh
from studpoker.room.errors import RoomError
from studpoker.room.histories import hand_histories
from studpoker.room.names import chat_text, normal_name, player_name
from studpoker.room.passwords import (
    check_password_rules,
    hash_password,
    verify_nobody,
    verify_password,
)
from studpoker.room.ratings import Rating, loss_to_leader
from studpoker.room.workers import Workers
from studpoker.store import (
    Account,
    HandPlayer,
    HandRow,
    InsufficientFunds,
    NameTaken,
    Standing,
    Store,
    StoreError,
)
from studpoker.table import (
    MODES,
    CompletedHand,
    Occupant,
    RemotePlayer,
    Table,
    TableConfig,
    TableError,
    TableHooks,
    TableUpdate,
)
from studpoker.table import Standing as TableStanding
from studpoker.table.config import chosen_clock, option_names, stake_names
from studpoker.table.snapshot import event_dict

__all__ = ["ChatLine", "Room", "RoomError", "RoomTable", "known_game"]

log = logging.getLogger(__name__)

# The stakes of the practice tables, from the seeds (000, 002, 003): the presets' own.
DEFAULT_TABLES: tuple[tuple[str, str], ...] = tuple(
    (game, mode) for mode in ("practice", "chips", "competition") for game in GAMES
)
CHAT_LINES = 100
CHAT_LENGTH = 300


def known_game(game: str) -> str:
    """``game`` if the room plays it, else a RoomError ``unknown_game`` naming those it
    plays (a table's game, a leaderboard's)."""
    if game not in GAMES:
        raise RoomError(
            f"game must be one of {', '.join(GAMES)}, not {game!r}",
            "unknown_game",
            value=game,
            allowed=list(GAMES),
        )
    return game


def _may_play(account: Account, mode: str) -> None:
    """A RoomError unless ``account`` may play at a ``mode`` table: a guest and a remote
    computer player only at practice tables (R7.2, R7.3)."""
    if account.guest and mode != "practice":
        raise RoomError(
            "guests play at practice tables only: register to play for chips",
            "guests_practice_only",
        )
    if account.bot and mode != "practice":
        raise RoomError(
            "computer players play at practice tables only (R7.2, R7.3)",
            "bots_practice_only",
            mode=mode,
        )


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A line a player (``name``) said at a table.  The dealer's lines are not kept:
    they are made from the events each reader may see, in the reader's language,
    when they are sent (R5.7)."""

    at: datetime
    name: str | None
    text: str


@dataclass(eq=False)
class RoomTable:
    """A table of the room, the task that plays it and its chat."""

    table: Table
    created_by: int | None = None
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    chat: deque[ChatLine] = field(default_factory=lambda: deque(maxlen=CHAT_LINES))
    competition_id: int | None = None


Listener = Callable[[TableUpdate], None]


class Room:
    """The card room over ``store``.

    ``seed`` makes every table's deals and computer players reproducible (tests);
    by default they come from the OS CSPRNG (R1.5).  ``clock``, ``time_bank`` and
    ``pause`` are the tables' defaults (R8.1); ``competition_seconds`` a
    competition's time limit (R7.3); ``grace`` how long a person's connection may
    stay gone before their practice seats are freed (R8.3).
    """

    def __init__(
        self,
        store: Store,
        *,
        seed: int | None = None,
        clock: float = 20.0,
        time_bank: float = 60.0,
        pause: float = 2.0,
        competition_seconds: float = 1800.0,
        bot_level: str = "normal",
        default_tables: bool = True,
        grace: float = 60.0,
    ) -> None:
        self.store = store
        self.grace = grace
        # People whose every connection is gone, each with the task that frees their
        # practice seats when the grace period ends (R8.3).
        self._gone: dict[int, asyncio.Task[None]] = {}
        self.seed = seed
        self.clock = clock
        self.time_bank = time_bank
        self.pause = pause
        self.competition_seconds = competition_seconds
        self.bot_level = bot_level
        self.default_tables = default_tables
        self.tables: dict[str, RoomTable] = {}
        self.listeners: list[Listener] = []
        self.chat_listeners: list[Callable[[str, ChatLine], None]] = []
        self._players: dict[tuple[str, int], RemotePlayer] = {}
        self._started = False
        # Slow work on threads of its own, apart from the database calls (workers.py).
        # One hashing thread: argon2 keeps a core busy a tenth of a second a hash, and
        # on a two-core room the other core is the tables'.
        self.hashing = Workers("password hashing", size=1, waiting=32)
        # A process: formatting is pure Python (histories.py); a database in memory is
        # this process's alone, so its histories are written on a thread.
        self.histories = Workers("hand histories", size=1, waiting=8, processes=not store.in_memory)

    # -- start and stop ---------------------------------------------------------------

    async def start(self) -> None:
        """Apply the migrations, pay back the chips a previous run left at tables,
        and open the default tables: one of each game in each mode."""
        if self._started:
            return
        await asyncio.to_thread(self.store.migrate)
        await self._return_held_chips()
        self._started = True
        if self.default_tables:
            for game, mode in DEFAULT_TABLES:
                await self.create_table(game, mode, table_id=f"{mode}-{game}")

    async def _return_held_chips(self) -> None:
        """Chips at tables when the room starts belong to a run that stopped: its
        unfinished hands are void, so every holding (the stacks after the last hand
        stored) goes back to its account."""
        await asyncio.to_thread(self.store.clear_books)
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

    # -- accounts ---------------------------------------------------------------------

    async def register(self, name: str, password: str, *, bot: bool = False) -> tuple[Account, str]:
        """A new account and a session token for it; ``bot``: a remote computer player's
        account (practice tables only, R7.2, R7.3).  The name is the player's as
        :func:`~studpoker.room.names.player_name` takes it, and the store refuses one
        that reads like another's."""
        name = player_name(name)
        check_password_rules(password)
        hashed = await self.hashing.run(hash_password, password)
        try:
            account = await asyncio.to_thread(self.store.create_account, name, hashed, bot=bot)
        except NameTaken as error:
            code = "name_lookalike" if error.alike else "name_taken"
            raise RoomError(str(error), code, name=error.name) from None
        except StoreError as error:  # a name player_name let through: the room's fault
            raise RoomError(str(error), "internal") from None
        token = await asyncio.to_thread(self.store.create_session, account.id)
        return account, token

    async def login(self, name: str, password: str) -> tuple[Account, str]:
        """A new session for the account ``name`` if ``password`` is its own.  An
        unknown name is checked against a hash as well, so that it answers no sooner
        than a wrong password; hashing runs on its own threads (:attr:`hashing`)."""
        account = await asyncio.to_thread(self.store.account, normal_name(name))
        if account is None:  # named before names were folded: "Ann  Lee", two spaces
            account = await asyncio.to_thread(self.store.account, name.strip())
        hashed = None if account is None else account.password_hash
        if account is None or hashed is None:
            await self.hashing.run(verify_nobody, password)
            raise RoomError("wrong name or password", "wrong_password")
        if not await self.hashing.run(verify_password, hashed, password):
            raise RoomError("wrong name or password", "wrong_password")
        token = await asyncio.to_thread(self.store.create_session, account.id)
        return account, token

    async def guest(self) -> tuple[Account, str]:
        """A guest account (practice tables only) and its session.  Its name is one
        :func:`~studpoker.room.names.player_name` keeps for guests; the store gives it a
        skeleton like any other, so a name that reads like one taken is tried again."""
        for _ in range(20):
            name = f"Guest {secrets.randbelow(900_000) + 100_000}"
            try:
                account = await asyncio.to_thread(self.store.create_account, name, None, guest=True)
            except StoreError:
                continue
            token = await asyncio.to_thread(self.store.create_session, account.id)
            return account, token
        raise RoomError("no guest name is free; try again", "no_guest_name")

    async def logout(self, token: str) -> None:
        await asyncio.to_thread(self.store.delete_session, token)

    async def account(self, token: str | None) -> Account | None:
        if not token:
            return None
        return await asyncio.to_thread(self.store.session_account, token)

    async def session(self, token: str | None) -> tuple[Account, datetime] | None:
        """The account of a session token and when the session expires, or None."""
        if not token:
            return None
        return await asyncio.to_thread(self.store.session, token)

    async def fresh(self, account: Account) -> Account:
        """``account`` read again (its balance now)."""
        found = await asyncio.to_thread(self.store.account, account.id)
        if found is None:
            raise RoomError(f"no account {account.id}", "no_account", account=account.id)
        return found

    # -- the lobby --------------------------------------------------------------------

    def lobby(self) -> list[dict[str, Any]]:
        """The tables, as ``GET /api/tables`` lists them."""
        return [self.lobby_entry(table_id) for table_id in self.tables]

    def lobby_entry(self, table_id: str) -> dict[str, Any]:
        """Table ``table_id`` as the lobby lists it."""
        held = self.table(table_id)
        info = held.table.info()
        info["id"] = table_id
        info["name"] = held.table.config.name or table_id
        info["clock"] = held.table.config.clock
        info["buy_in"] = [held.table.config.buy_in_min, held.table.config.buy_in_max]
        info["options"] = held.table.config.options
        info["competition"] = held.table.competition is not None
        return info

    def table(self, table_id: str) -> RoomTable:
        held = self.tables.get(table_id)
        if held is None:
            raise RoomError(f"no table {table_id!r}", "no_table", table=table_id)
        return held

    async def create_table(
        self,
        game: str,
        mode: str,
        *,
        table_id: str | None = None,
        seats: int | None = None,
        clock: float | None = None,
        stakes: dict[str, int] | None = None,
        options: dict[str, bool] | None = None,
        name: str = "",
        created_by: Account | None = None,
        most: int | None = None,
    ) -> str:
        """Open a table of ``game`` (a preset, with ``stakes`` overriding its own) in
        ``mode`` and start playing it.  What a player chooses is bounded: the stakes are
        the game's own (at most ``STAKE_MAX`` each), the ``options`` too, each on or off
        (``open_pair_double``, R2.7, R9.3), the seats the game's (up to ten for Show Hand
        and Five-Card Stud), the clock 5 to 120 seconds, the name 40 visible characters
        (table.config); a player ``created_by`` opens tables of the modes they may play
        at (a guest practice tables only) and has ``most`` tables of their own open at
        once (docs/security.md).  A refusal is a RoomError with its code:
        ``unknown_game``, ``unknown_options``, ``seats_range``, ``open_tables``…"""
        known_game(game)
        if mode not in MODES:
            raise RoomError(
                f"mode must be one of {', '.join(MODES)}, not {mode!r}",
                "unknown_mode",
                value=mode,
                allowed=list(MODES),
            )
        if created_by is not None:  # a table its player may not sit at is no use to them
            _may_play(created_by, mode)
        names = stake_names(game)
        others = [name for name in stakes or {} if name not in names]
        if others:
            raise RoomError(
                f"the stakes of a {game} table are {', '.join(names)}, "
                f"not {', '.join(map(repr, others))}",
                "unknown_stakes",
                game=game,
                stakes=others,
                allowed=list(names),
            )
        allowed = option_names(game)
        others = [name for name in options or {} if name not in allowed]
        if others:
            raise RoomError(
                f"the options of a {game} table are {', '.join(allowed) or 'none'}, "
                f"not {', '.join(map(repr, others))}",
                "unknown_options",
                game=game,
                options=others,
                allowed=list(allowed),
            )
        for option, value in (options or {}).items():
            if not isinstance(value, bool):
                raise RoomError(f"{option} is true or false, not {value!r}", "malformed")
        try:
            spec = preset(game, **(stakes or {}))
        except (TypeError, ValueError) as error:  # games.spec: the stakes do not go together
            raise RoomError(str(error), "invalid_stakes") from None
        if options:
            spec = spec.with_options(**options)
        try:
            table_options: dict[str, Any] = {
                "clock": self.clock if clock is None else chosen_clock(clock),
                "time_bank": self.time_bank,
                "pause": self.pause,
                "competition_seconds": self.competition_seconds,
                "bot_level": self.bot_level,
                "name": name,
            }
            if seats is not None:
                table_options["seats"] = seats
            config = TableConfig(spec, mode, **table_options)
        except TableError as error:  # a player's choice: the seats, the clock, the name
            raise RoomError.of(error) from None
        except (TypeError, ValueError) as error:  # the room's own options
            raise RoomError(str(error), "internal") from None
        if created_by is not None and most is not None:
            made = sum(held.created_by == created_by.id for held in self.tables.values())
            if made >= most:
                tables = "table" if made == 1 else "tables"
                who = "a guest" if created_by.guest else "a player"
                raise RoomError(
                    f"{created_by.name} already has {made} open {tables}: "
                    f"{who} may open {most} at most",
                    "open_tables",
                    name=created_by.name,
                    open=made,
                    most=most,
                )
        if table_id is None:
            table_id = f"{game}-{len(self.tables) + 1}-{secrets.token_hex(2)}"
        if table_id in self.tables:
            raise RoomError(
                f"there is already a table {table_id!r}", "table_exists", table=table_id
            )
        first = await asyncio.to_thread(self.store.last_hand_number, table_id) + 1
        rng = (
            random.Random(f"{self.seed}/{table_id}")
            if self.seed is not None
            else secrets.SystemRandom()
        )
        table = Table(
            table_id,
            config,
            rng=rng,
            bot_factory=self._bot_factory(config.spec, rng),
            hooks=TableHooks(
                on_hand_end=self._hand_ended,
                on_seat_left=self._seat_left,
                on_bust=self._busted,
                on_competition_end=self._competition_ended,
                check_books=self._check_books,
            ),
            first_hand_number=first,
        )
        if mode == "chips":  # R6.8: a rollover left by the last run is still on the table
            table.rollover = await asyncio.to_thread(self.store.rollover, table_id)
        held = RoomTable(table, None if created_by is None else created_by.id)
        table.listeners.append(self._relay)
        self.tables[table_id] = held
        held.task = asyncio.create_task(self._run(held), name=f"table {table_id}")
        return table_id

    def _bot_factory(self, spec: GameSpec, rng: random.Random) -> Callable[[int], Any]:
        def make(seat: int) -> Any:
            seed = rng.getrandbits(64) if self.seed is not None else None
            return bot(self.bot_level, spec, None if seed is None else random.Random(seed))

        return make

    async def _run(self, held: RoomTable) -> None:
        try:
            await held.table.run(held.stop)
        except asyncio.CancelledError:
            raise
        except Exception:  # a table that fails is logged and stops; the room goes on
            log.exception("table %s stopped", held.table.table_id)

    def _relay(self, update: TableUpdate) -> None:
        for listener in list(self.listeners):
            try:
                listener(update)
            except Exception:
                log.exception("a room listener failed on %s", update.kind)

    # -- seats ------------------------------------------------------------------------

    def seat_of(self, account_id: int, table_id: str) -> int | None:
        held = self.tables.get(table_id)
        if held is None:
            return None
        for number, seat in held.table.seats.items():
            if seat.occupant.account_id == account_id and not seat.occupant.is_bot:
                return number
        return None

    # -- connections (R8.3) -----------------------------------------------------------

    def connected(self, account_id: int) -> None:
        """A connection of ``account_id`` is open again (the server says): its seats
        are marked connected, and its practice seats are kept."""
        waiting = self._gone.pop(account_id, None)
        if waiting is not None:
            waiting.cancel()
        self._mark_connected(account_id, True)

    def disconnected(self, account_id: int) -> None:
        """Every connection of ``account_id`` is gone: its seats are marked so, keep
        their clock (R8.1) and sit out once it runs out; its practice seats are freed
        if it is not back within :attr:`grace` seconds (R8.3)."""
        self._mark_connected(account_id, False)
        if account_id not in self._gone:
            self._gone[account_id] = asyncio.create_task(self._free_after_grace(account_id))

    def _mark_connected(self, account_id: int, connected: bool) -> None:
        for table_id, held in self.tables.items():
            number = self.seat_of(account_id, table_id)
            if number is not None:
                held.table.set_connected(number, connected)

    async def _free_after_grace(self, account_id: int) -> None:
        await asyncio.sleep(self.grace)
        for table_id, held in list(self.tables.items()):
            table = held.table
            if table.config.mode != "practice":
                continue  # a chips seat sits out, and stands after its missed hands
            async with table.exclusive():
                number = self.seat_of(account_id, table_id)
                if number is None or table.seats[number].leaving:
                    continue
                log.info("table %s: seat %d is freed: its player left (R8.3)", table_id, number)
                await table.stand(number)
        self._gone.pop(account_id, None)

    def player(self, account_id: int, table_id: str) -> RemotePlayer | None:
        return self._players.get((table_id, account_id))

    async def sit(
        self,
        account: Account,
        table_id: str,
        *,
        seat: int | None = None,
        buy_in: int | None = None,
    ) -> int:
        """Seat ``account`` at ``table_id``; at a chips table ``buy_in`` comes from
        the balance through the ledger (R7.2).  The buy-in and the seat are one step:
        no other seat operation of the table, and no deal, comes between them."""
        held = self.table(table_id)
        table = held.table
        config = table.config
        _may_play(account, config.mode)
        amount = config.buy_in_max
        if config.mode == "chips":
            amount = config.buy_in_min if buy_in is None else buy_in
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise RoomError(f"a buy-in is a whole number of chips, not {amount!r}", "malformed")
            if not config.buy_in_min <= amount <= config.buy_in_max:
                raise RoomError(
                    f"a buy-in is {config.buy_in_min} to {config.buy_in_max} chips, not {amount}",
                    "buy_in_range",
                    minimum=config.buy_in_min,
                    maximum=config.buy_in_max,
                    amount=amount,
                )
        async with table.exclusive():
            if self.seat_of(account.id, table_id) is not None:
                raise RoomError(
                    f"{account.name} is already seated at {table_id}",
                    "already_seated",
                    name=account.name,
                    table=table_id,
                )
            player = RemotePlayer()
            occupant = Occupant(account.name, account.id, player)
            if config.mode != "chips":
                try:
                    number = table.sit(occupant, amount, seat)
                except TableError as error:
                    raise RoomError.of(error) from None
                self._players[(table_id, account.id)] = player
                return number
            try:
                table.check_sit(occupant, amount, seat)
            except TableError as error:
                raise RoomError.of(error) from None
            await self._buy_in(account, table_id, amount)
            try:
                number = table.sit(occupant, amount, seat)
            except TableError as error:  # checked above: only a bug comes here
                await self._refund(table, account.id, amount)
                raise RoomError.of(error) from None
            self._players[(table_id, account.id)] = player
            await self._check_books(table)
            return number

    async def _buy_in(self, account: Account, table_id: str, amount: int) -> None:
        """``amount`` from ``account``'s balance to its chips at ``table_id`` (a seat's
        buy-in or a top-up), through the ledger."""
        try:
            await asyncio.to_thread(self.store.buy_in, account.id, table_id, amount)
        except InsufficientFunds as error:
            raise RoomError(
                str(error),
                "balance_too_low",
                name=account.name,
                balance=error.balance,
                buy_in=amount,
            ) from None
        except StoreError as error:  # checked before: only a bug comes here
            raise RoomError(str(error), "internal") from None

    async def _refund(self, table: Table, account_id: int, amount: int) -> None:
        """Pay back ``amount`` bought in for a seat that was not given; a refund the
        store refuses halts the table (its books no longer agree) rather than fail
        the player's request with an error of the store's."""
        try:
            await asyncio.to_thread(self.store.cash_out, account_id, table.table_id, amount)
        except StoreError as error:
            table.halt(f"a refund of {amount} to account {account_id} failed: {error}")

    def _seated(self, account: Account, table_id: str) -> tuple[Table, int]:
        table = self.table(table_id).table
        number = self.seat_of(account.id, table_id)
        if number is None:
            raise RoomError(
                f"{account.name} is not seated at {table_id}", "not_seated", table=table_id
            )
        return table, number

    async def stand(self, account: Account, table_id: str) -> None:
        """``account`` leaves its seat: at once between hands (its stack goes back to
        its balance), at the end of the hand when it plays one."""
        table = self.table(table_id).table
        async with table.exclusive():
            _, number = self._seated(account, table_id)
            try:
                await table.stand(number)
            except TableError as error:
                raise RoomError.of(error) from None
            await self._check_books(table)

    async def top_up(self, account: Account, table_id: str, amount: int) -> None:
        """Buy ``amount`` more chips for ``account``'s seat (R7.2): the buy-in and the
        top-up are one step, as in :meth:`sit`."""
        table = self.table(table_id).table
        if table.config.mode != "chips":
            raise RoomError(
                "only a chips table takes top-ups: practice chips are unlimited",
                "no_top_ups",
                mode=table.config.mode,
            )
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise RoomError(
                f"a top-up is a whole number of chips above 0, not {amount!r}", "malformed"
            )
        async with table.exclusive():
            _, number = self._seated(account, table_id)
            try:
                table.check_top_up(number, amount)
            except TableError as error:
                raise RoomError.of(error) from None
            await self._buy_in(account, table_id, amount)
            try:
                table.top_up(number, amount)
            except TableError as error:  # checked above: only a bug comes here
                await self._refund(table, account.id, amount)
                raise RoomError.of(error) from None
            await self._check_books(table)

    def sit_out(self, account: Account, table_id: str, out: bool = True) -> None:
        table, number = self._seated(account, table_id)
        try:
            if out:
                table.sit_out(number)
            else:
                table.sit_in(number)
        except TableError as error:
            raise RoomError.of(error) from None

    def act(self, account: Account, table_id: str, action: Action | str, seq: int) -> None:
        """``account``'s answer to decision ``seq``: only for its own seat (the table
        refuses a stale or repeated number and an illegal action)."""
        table, number = self._seated(account, table_id)
        try:
            table.submit(number, action, seq)
        except TableError as error:
            raise RoomError.of(error) from None

    async def start_competition(self, account: Account, table_id: str) -> int:
        """Start the competition at ``table_id`` between the players seated (R7.3):
        its entries in the ledger, then the table's clock."""
        table, _ = self._seated(account, table_id)
        held = self.table(table_id)
        if table.config.mode != "competition":
            raise RoomError(
                f"{table_id} is not a competition table", "not_competition", table=table_id
            )
        if table.competition is not None:
            raise RoomError("the competition has started", "competition_started")
        entrants = sorted(
            seat.occupant.account_id
            for seat in table.seats.values()
            if seat.occupant.account_id is not None
        )
        if len(entrants) < 2:
            most = table.config.players_at_most
            raise RoomError(
                f"a competition needs 2 to {most} players seated (R7.3)",
                "competition_players",
                minimum=2,
                maximum=most,
                players=len(entrants),
            )
        ends = datetime.now(UTC) + timedelta(seconds=table.config.competition_seconds)
        try:
            table.start_competition()
        except TableError as error:
            raise RoomError.of(error) from None
        held.competition_id = await asyncio.to_thread(
            self.store.start_competition,
            table_id,
            table.spec.game,
            entrants,
            chips=table.config.competition_chips,
            ends_at=ends,
        )
        return held.competition_id

    # -- chat -------------------------------------------------------------------------

    def say(self, account: Account, table_id: str, text: str) -> ChatLine:
        held = self.table(table_id)
        text = chat_text(text)
        if not text:
            raise RoomError("say something: the line is empty", "chat_empty")
        if len(text) > CHAT_LENGTH:
            raise RoomError(
                f"a chat line is {CHAT_LENGTH} characters at most, not {len(text)}",
                "chat_length",
                maximum=CHAT_LENGTH,
                length=len(text),
            )
        line = ChatLine(datetime.now(UTC), account.name, text)
        held.chat.append(line)
        for listener in list(self.chat_listeners):
            try:
                listener(table_id, line)
            except Exception:
                log.exception("a chat listener failed")
        return line

    # -- the table's hooks ------------------------------------------------------------

    async def _hand_ended(self, table: Table, done: CompletedHand) -> None:
        """Store the hand with its chip movements, in one transaction."""
        hand = done.hand
        seats = done.seats
        row = HandRow(
            table_id=table.table_id,
            number=done.number,
            game=table.spec.game,
            mode=table.config.mode,
            started_at=done.started,
            ended_at=done.ended,
            record=to_phh(hand, names=list(done.names)),
            events=json.dumps([event_dict(event, seats) for event in hand.events]),
            pot=done.pot,
            players=[
                HandPlayer(seat, name, net, account_id)
                for seat, name, net, account_id in zip(
                    seats, done.names, hand.result.net, done.account_ids, strict=True
                )
            ],
            rollover=done.rollover if table.config.mode == "chips" else None,
        )
        try:
            await asyncio.to_thread(self.store.record_hand, row)
        except Exception as error:  # the stacks moved, the database did not: halt
            log.exception("table %s: hand %d was not recorded", table.table_id, done.number)
            table.halt(f"hand {done.number} could not be recorded: {error}")

    async def _seat_left(self, table: Table, seat: int, occupant: Occupant, chips: int) -> None:
        """A person left: at a chips table exactly the chips that leave with them go
        back to their balance.  Should the store not hold those (books that
        disagree), the table is halted and what the store holds goes back: the
        ledger is the truth of money."""
        account = occupant.account_id
        if account is None:
            return
        self._players.pop((table.table_id, account), None)
        if table.config.mode != "chips":
            return
        if table.halted is not None:  # the books disagree: what the database holds
            await asyncio.to_thread(self.store.cash_out, account, table.table_id)
            return
        try:
            await asyncio.to_thread(self.store.cash_out, account, table.table_id, chips)
        except StoreError as error:
            table.halt(f"{occupant.name} left seat {seat} with {chips} chips: {error}")
            await asyncio.to_thread(self.store.cash_out, account, table.table_id)

    async def _check_books(self, table: Table) -> None:
        """A chips table's seats against the store's holdings (every stack, pending
        top-up and chip in a running hand, whose stacks move only when it ends),
        kept as the table's books for the audit; a table whose books disagree is
        halted and says why."""
        if table.config.mode != "chips" or table.halted is not None:
            return
        stacks: dict[int, int] = {}
        for seat in table.seats.values():
            account = seat.occupant.account_id
            if account is not None and not seat.occupant.is_bot:
                stacks[account] = stacks.get(account, 0) + seat.chips + seat.top_up
        problems = await asyncio.to_thread(self.store.save_books, table.table_id, stacks)
        if problems:
            table.halt("its books disagree with the database: " + "; ".join(problems))

    async def _busted(
        self, table: Table, seat: int, occupant: Occupant, leader: Occupant | None
    ) -> None:
        """R7.3: a Glicko-2 game lost to the chip leader of the moment."""
        if occupant.account_id is None or leader is None or leader.account_id is None:
            return
        await self._rate_loss(table, occupant.account_id, leader.account_id)

    async def _rate_loss(self, table: Table, loser: int, leader: int) -> None:
        game = table.spec.game
        competition = self.table(table.table_id).competition_id

        def rate() -> None:
            old = [self.store.rating(account, game) for account in (loser, leader)]
            ratings = [
                Rating() if row is None else Rating(row.rating, row.rd, row.volatility)
                for row in old
            ]
            after = loss_to_leader(ratings[0], ratings[1])
            for account, rating in zip((loser, leader), after, strict=True):
                self.store.save_rating(
                    account,
                    game,
                    rating.rating,
                    rating.rd,
                    rating.volatility,
                    competition_id=competition,
                )

        await asyncio.to_thread(rate)

    async def _competition_ended(self, table: Table, standings: tuple[TableStanding, ...]) -> None:
        held = self.table(table.table_id)
        ranked = [s for s in standings if s.occupant.account_id is not None]
        if ranked and not ranked[0].busted:
            leader = ranked[0].occupant.account_id
            assert leader is not None
            # Time is up: everyone still in but the leader lost a game to the leader.
            for standing in ranked[1:]:
                if not standing.busted and standing.occupant.account_id is not None:
                    await self._rate_loss(table, standing.occupant.account_id, leader)
        if held.competition_id is not None:
            rows = [
                Standing(s.occupant.account_id, s.place, s.chips)
                for s in ranked
                if s.occupant.account_id is not None
            ]
            await asyncio.to_thread(self.store.finish_competition, held.competition_id, rows)
        held.competition_id = None

    # -- records ----------------------------------------------------------------------

    async def hand_history(
        self, account: Account, *, limit: int = 100, table_id: str | None = None
    ) -> str:
        """``account``'s hands as PokerStars text, as their seat saw them (written on
        the history workers: :class:`~studpoker.room.workers.Busy` when too many wait)."""
        where: Store | str = self.store
        if self.histories.processes:
            where = self.store.url.render_as_string(hide_password=False)
        return await self.histories.run(hand_histories, where, account.id, limit, table_id)
