"""The cashier: every chip the room moves, through the ledger (DESIGN.md idea 4) —
between a balance and a table (a buy-in or a top-up, a refund, a leaver's chips paid
back, a table's rollover shared at its last hand (R6.8), chips held for nobody paid
back), a tournament's entries, refunds and prizes, and the operator's deposits and
withdrawals — each table's books checked against the store's, and free chips.

:class:`Cashier` is one of the room's services (DESIGN.md idea 7): the only owner of the
free-chips rule; all it asks of the room is the store's money (:class:`CashierStore`,
which :class:`~studpoker.store.Store` is), a table's writes under the fencing token this
process holds it with (:class:`TableWrite`) and that token (a callable).  It never holds
a table's lock: the room takes it around a move that must not be split from a seat.

Free chips are as play-money rooms give them: a new account's first chips, and more on
asking ("Get chips") when its balance is below the smallest buy-in of a chips table, at
most once every few hours an account and a few times a day an address, so that nobody
farms them with new accounts.  Each grant is a ledger entry of its own kind
(``free_chips``), which the audit counts as money coming in, as a deposit.  A room whose
money is real turns them off (``stud serve --free-chips 0``): only the operator adds
money then.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Protocol, TypeVar

from studpoker.engine import rollover_shares
from studpoker.games import GAMES, preset
from studpoker.room.errors import RoomError
from studpoker.store import (
    Account,
    Actor,
    FreeChipsRefused,
    InsufficientFunds,
    StaleOwner,
    StoreError,
)
from studpoker.table import Occupant, Table
from studpoker.table.config import TableConfig

__all__ = ["Cashier", "CashierStore", "FreeChips", "TableWrite", "smallest_buy_in"]

T = TypeVar("T")


class CashierStore(Protocol):
    """What the cashier asks of the store: its money at tables and free chips."""

    def buy_in(
        self, account_id: int, table_id: str, amount: int, *, fence: int | None = None
    ) -> int: ...

    def cash_out(
        self,
        account_id: int,
        table_id: str,
        amount: int | None = None,
        *,
        fence: int | None = None,
    ) -> int: ...

    def holdings(self, table_id: str | None = None) -> dict[tuple[str, int], int]: ...

    def rollover(self, table_id: str) -> int: ...

    def set_rollover(
        self,
        table_id: str,
        chips: int,
        *,
        shares: Mapping[int, int] | None = None,
        fence: int | None = None,
    ) -> None: ...

    def save_books(
        self, table_id: str, stacks: Mapping[int, int], *, fence: int | None = None
    ) -> list[str]: ...

    def clear_books(self, table_id: str | None = None) -> None: ...

    def grant_free_chips(
        self,
        account_id: int,
        chips: int,
        *,
        address: str,
        every: timedelta,
        per_address: int,
        below: int | None,
    ) -> int: ...

    def operator_deposit(self, account_id: int, amount: int, *, by: Actor, reason: str) -> int: ...

    def withdraw(self, account_id: int, amount: int, *, by: Actor, reason: str) -> int: ...

    def enter_tournament(self, tournament_id: int, account_id: int | None, name: str) -> None: ...

    def leave_tournament(self, tournament_id: int, name: str) -> int: ...

    def cancel_tournament(
        self, tournament_id: int, *, fence: int | None = None
    ) -> tuple[int, int]: ...

    def finish_tournament(
        self,
        tournament_id: int,
        places: Mapping[str, tuple[int, int]],
        director: str,
        *,
        fence: int | None = None,
    ) -> None: ...

    def chop_tournament(
        self,
        tournament_id: int,
        shares: Mapping[str, int],
        director: str,
        *,
        fence: int | None = None,
    ) -> None: ...


class TableWrite(Protocol):
    """``write(*args, **kw, fence=…)`` of the store on a thread, with the token this
    process writes ``table_id`` with (the room's: room/registry.py ``write``); a
    write refused as a stale owner's raises :class:`~studpoker.store.StaleOwner`."""

    async def __call__(
        self, table_id: str, write: Callable[..., T], /, *args: Any, **kw: Any
    ) -> T: ...


def smallest_buy_in() -> int:
    """The least a player brings to a chips table of any game, as the presets have it
    (the chips the balance must reach for a seat)."""
    return min(TableConfig(preset(game), "chips").buy_in_min for game in GAMES)


def _moved(table_id: str) -> RoomError:
    return RoomError(
        f"table {table_id} is run by another process now: open it again",
        "no_table",
        table=table_id,
    )


@dataclass(frozen=True, slots=True)
class FreeChips:
    """The room's rule for free chips: ``chips`` a grant (0: none), once every ``hours``
    an account, ``per_address`` grants a day an address."""

    store: CashierStore
    chips: int = 0
    hours: float = 4.0
    per_address: int = 3

    @property
    def on(self) -> bool:
        return self.chips > 0

    async def first(self, account: Account, address: str) -> int | None:
        """A new account's first chips; None (and no refusal: the account is made all
        the same) when the rule is off, or the address had its share today."""
        if not self.on or account.guest or account.bot:
            return None
        try:
            return await self._grant(account, address, below=None)
        except FreeChipsRefused:
            return None

    async def ask(self, account: Account, address: str) -> int:
        """More chips for an account that ran low (the "Get chips" button): its new
        balance, or a RoomError saying why not now (and when)."""
        if not self.on:
            raise RoomError(
                "this room gives no free chips: the operator adds money", "free_chips_off"
            )
        try:
            return await self._grant(account, address, below=smallest_buy_in())
        except FreeChipsRefused as refused:
            raise RoomError(str(refused), refused.code, **refused.params) from None

    async def _grant(self, account: Account, address: str, *, below: int | None) -> int:
        balance: int = await asyncio.to_thread(
            self.store.grant_free_chips,
            account.id,
            self.chips,
            address=address[:64] or "unknown",
            every=timedelta(hours=self.hours),
            per_address=self.per_address,
            below=below,
        )
        return balance


class Cashier:
    """The room's chips between balances and tables over ``store``: a table's moves are
    written through ``write`` (fenced, on a thread), or on a thread with the token
    ``fence`` names for the table (``None``: this process holds no token for it)."""

    def __init__(
        self,
        store: CashierStore,
        *,
        write: TableWrite,
        fence: Callable[[str], int | None],
    ) -> None:
        self._store = store
        self._write = write
        self._fence = fence
        self._free_chips = FreeChips(store)

    @property
    def free_chips(self) -> FreeChips:
        """The room's rule for free chips (none until :meth:`give_free_chips`)."""
        return self._free_chips

    def give_free_chips(self, chips: int, *, hours: float = 4.0, per_address: int = 3) -> FreeChips:
        """Give ``chips`` free (0: none), once every ``hours`` an account and
        ``per_address`` times a day an address: the room's rule from now on."""
        self._free_chips = FreeChips(self._store, chips, hours, per_address)
        return self._free_chips

    async def buy_in(self, account: Account, table_id: str, amount: int) -> None:
        """``amount`` from ``account``'s balance to its chips at ``table_id`` (a seat's
        buy-in or a top-up), through the ledger: ``balance_too_low`` beyond the balance,
        and nothing moved."""
        try:
            await self._write(table_id, self._store.buy_in, account.id, table_id, amount)
        except StaleOwner:
            raise _moved(table_id) from None
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

    async def refund(self, table: Table, account_id: int, amount: int) -> None:
        """Pay back ``amount`` bought in for a seat that was not given; a refund the
        store refuses halts the table (its books no longer agree) rather than fail
        the player's request with an error of the store's."""
        try:
            await self._write(
                table.table_id, self._store.cash_out, account_id, table.table_id, amount
            )
        except StaleOwner:
            pass  # the table is let go: its seats are another process's
        except StoreError as error:
            table.halt(f"a refund of {amount} to account {account_id} failed: {error}")

    async def seat_left(self, table: Table, seat: int, occupant: Occupant, chips: int) -> None:
        """A person left (the table's ``on_seat_left``): at a chips table exactly the
        chips that leave with them go back to their balance.  Should the store not hold
        those (books that disagree), the table is halted and what the store holds goes
        back: the ledger is the truth of money."""
        account = occupant.account_id
        if account is None:
            return
        if table.config.mode != "chips":
            return
        table_id = table.table_id
        try:
            if table.halted is not None:  # the books disagree: what the database holds
                await self._write(table_id, self._store.cash_out, account, table_id)
                return
            if not chips:  # busted, sat out and gone: nothing to pay back
                return
            try:
                await self._write(table_id, self._store.cash_out, account, table_id, chips)
            except StaleOwner:
                raise
            except StoreError as error:
                table.halt(f"{occupant.name} left seat {seat} with {chips} chips: {error}")
                await self._write(table_id, self._store.cash_out, account, table_id)
        except StaleOwner:  # another process runs the table: its seats are that one's
            pass

    async def check_books(self, table: Table) -> None:
        """A chips table's seats against the store's holdings (every stack, pending
        top-up and chip in a running hand, whose stacks move only when it ends),
        kept as the table's books for the audit; a table whose books disagree is
        halted and says why (the table's ``check_books``)."""
        if table.config.mode != "chips" or table.halted is not None:
            return
        stacks: dict[int, int] = {}
        for seat in table.seats.values():
            account = seat.occupant.account_id
            if account is not None and not seat.occupant.is_bot:
                stacks[account] = stacks.get(account, 0) + seat.chips + seat.top_up
        try:
            problems = await self._write(
                table.table_id, self._store.save_books, table.table_id, stacks
            )
        except StaleOwner:
            return
        if problems:
            table.halt("its books disagree with the database: " + "; ".join(problems))

    async def pay_rollover(self, table: Table) -> None:
        """R6.8: at a chips table's last hand the rollover is split equally among the
        players seated, the remainder one chip each by seat order — in the ledger first,
        then at the table (``close`` splits it the same way)."""
        if table.config.mode != "chips" or not table.rollover or not table.seats:
            return
        numbers = sorted(table.seats)
        shares: dict[int, int] = {}
        for number, share in zip(
            numbers, rollover_shares(table.rollover, len(numbers)), strict=True
        ):
            account = table.seats[number].occupant.account_id
            if account is not None:
                shares[account] = shares.get(account, 0) + share
        await asyncio.to_thread(
            self._store.set_rollover,
            table.table_id,
            0,
            shares=shares,
            fence=self._fence(table.table_id),
        )

    async def rollover(self, table_id: str) -> int:
        """The chips ``table_id`` carries into its next hand's pot, as the ledger has
        them (R6.8)."""
        return await asyncio.to_thread(self._store.rollover, table_id)

    async def holdings(self, table_id: str | None = None) -> dict[tuple[str, int], int]:
        """The chips the ledger holds at ``table_id`` (at every table without it),
        (table id, account id) to chips."""
        return await asyncio.to_thread(self._store.holdings, table_id)

    async def clear_books(self, table_id: str) -> None:
        """Forget ``table_id``'s books: the process that kept them has stopped."""
        await asyncio.to_thread(self._store.clear_books, table_id)

    async def pay_back(self, account_id: int, table_id: str, *, fence: int | None) -> None:
        """Every chip ``account_id`` holds at ``table_id``, where nobody seats it, back
        to its balance, written with the token ``fence`` this process was given for the
        table as it takes it up."""
        await asyncio.to_thread(self._store.cash_out, account_id, table_id, fence=fence)

    # -- the operator's money ---------------------------------------------------------

    async def deposit(self, account_id: int, chips: int, *, by: Actor, reason: str) -> int:
        """``chips`` put on ``account_id``'s balance by the operator ``by`` (a deposit
        of the ledger, with its reason); the new balance."""
        return await asyncio.to_thread(
            self._store.operator_deposit, account_id, chips, by=by, reason=reason
        )

    async def withdraw(self, account_id: int, chips: int, *, by: Actor, reason: str) -> int:
        """``chips`` taken off ``account_id``'s balance by the operator (a cash-out to
        the player): never more than the balance (InsufficientFunds); the new balance."""
        return await asyncio.to_thread(
            self._store.withdraw, account_id, chips, by=by, reason=reason
        )

    # -- tournaments' money -----------------------------------------------------------

    async def enter_tournament(self, tournament_id: int, account_id: int | None, name: str) -> None:
        """Entry ``name`` of ``account_id`` pays the buy-in and fee of tournament
        ``tournament_id`` from its balance (InsufficientFunds when it cannot); a
        computer player (``account_id`` None) enters free tournaments only."""
        await asyncio.to_thread(self._store.enter_tournament, tournament_id, account_id, name)

    async def leave_tournament(self, tournament_id: int, name: str) -> int:
        """Entry ``name`` leaves a tournament before it starts: its buy-in and fee
        paid back (the chips returned)."""
        return await asyncio.to_thread(self._store.leave_tournament, tournament_id, name)

    async def cancel_tournament(
        self, tournament_id: int, *, fence: int | None = None
    ) -> tuple[int, int]:
        """A tournament cancelled before it started: every entry paid back its buy-in
        and fee (the entries and the chips paid back), as its director (``fence``)."""
        return await asyncio.to_thread(self._store.cancel_tournament, tournament_id, fence=fence)

    async def pay_prizes(
        self,
        tournament_id: int,
        places: Mapping[str, tuple[int, int]],
        director: str,
        *,
        fence: int | None,
    ) -> None:
        """The tournament is over: each entry's (place, prize) by name, the prizes paid
        from its pool to the balances in one transaction (StaleOwner when another
        process directs it now)."""
        await asyncio.to_thread(
            self._store.finish_tournament, tournament_id, places, director, fence=fence
        )

    async def chop(
        self, tournament_id: int, shares: Mapping[str, int], director: str, *, fence: int | None
    ) -> None:
        """A running tournament cancelled: its pool paid out as ``shares`` by entry
        name, in one transaction (StaleOwner when another process directs it now)."""
        await asyncio.to_thread(
            self._store.chop_tournament, tournament_id, shares, director, fence=fence
        )
