"""Money: deposits, buy-ins and cash-outs (R7.2), the chips held at tables, the tables'
rollovers (R6.8) and the ledger.

Every change of a balance, a holding or a rollover is made in the same transaction as
the ledger row that says why (DESIGN idea 4). A balance or a holding goes down only
by a conditional UPDATE (``... WHERE balance >= amount``), so two transactions at the
same moment cannot both spend the same money; rows are locked in one order (account,
then rollover, then holdings by account id) so that they cannot deadlock.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from studpoker.store.base import StoreBase
from studpoker.store.checks import check_table_id, whole
from studpoker.store.errors import InsufficientFunds, StoreError
from studpoker.store.fences import check_fence
from studpoker.store.models import (
    AccountModel,
    BooksModel,
    HoldingModel,
    LedgerModel,
    RolloverModel,
)
from studpoker.store.values import LedgerEntry, LedgerKind


def upsert(
    session: Session,
    model: type[Any],
    values: dict[str, Any],
    on_conflict: dict[str, Any],
    returning: Any,
) -> Any:
    """INSERT ``values``, or where the row exists UPDATE it with ``on_conflict`` (column
    name to expression); returns the ``returning`` column of the row."""
    table = model.__table__
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    keys = [column.name for column in table.primary_key]
    statement = (
        insert(table)
        .values(**values)
        .on_conflict_do_update(index_elements=keys, set_=on_conflict)
        .returning(returning)
    )
    return session.execute(statement).scalar_one()


def debit(session: Session, account: AccountModel, amount: int, why: str) -> int:
    """Takes ``amount`` from the account's balance; returns the new balance.
    ``why`` finishes "alice has 500 and cannot …"."""
    balance = session.scalar(
        update(AccountModel)
        .where(AccountModel.id == account.id, AccountModel.balance >= amount)
        .values(balance=AccountModel.balance - amount)
        .returning(AccountModel.balance)
        .execution_options(synchronize_session=False)
    )
    if balance is None:
        have = session.scalar(select(AccountModel.balance).where(AccountModel.id == account.id))
        raise InsufficientFunds(
            f"{account.name} has {have} and cannot {why}",
            name=account.name,
            balance=have,
            amount=amount,
        )
    return balance


def credit(session: Session, account_id: int, amount: int) -> int:
    """Adds ``amount`` to the account's balance; returns the new balance."""
    balance = session.scalar(
        update(AccountModel)
        .where(AccountModel.id == account_id)
        .values(balance=AccountModel.balance + amount)
        .returning(AccountModel.balance)
        .execution_options(synchronize_session=False)
    )
    if balance is None:
        raise StoreError(f"no account {account_id}")
    return balance


def held(session: Session, table: str, account_id: int) -> int:
    return (
        session.scalar(
            select(HoldingModel.chips)
            .where(HoldingModel.table_id == table, HoldingModel.account_id == account_id)
            .with_for_update()
        )
        or 0
    )


def change_holding(session: Session, table: str, account_id: int, change: int) -> int | None:
    """Adds ``change`` (either sign) to the account's chips at the table; returns the
    new chips, or None (changing nothing) if they would go below 0."""
    chips = HoldingModel.__table__.c.chips
    if change >= 0:
        added: int = upsert(
            session,
            HoldingModel,
            {"table_id": table, "account_id": account_id, "chips": change},
            {"chips": chips + change},
            chips,
        )
        return added
    left: int | None = session.scalar(
        update(HoldingModel)
        .where(
            HoldingModel.table_id == table,
            HoldingModel.account_id == account_id,
            HoldingModel.chips >= -change,
        )
        .values(chips=HoldingModel.chips + change)
        .returning(HoldingModel.chips)
        .execution_options(synchronize_session=False)
    )
    return left


def rollover_of(session: Session, table: str) -> int:
    return (
        session.scalar(
            select(RolloverModel.chips).where(RolloverModel.table_id == table).with_for_update()
        )
        or 0
    )


def set_rollover_chips(session: Session, table: str, chips: int) -> None:
    column = RolloverModel.__table__.c.chips
    upsert(session, RolloverModel, {"table_id": table, "chips": chips}, {"chips": chips}, column)


def write(
    session: Session,
    at: datetime,
    kind: LedgerKind,
    *,
    account_id: int | None,
    table_id: str | None = None,
    balance_change: int = 0,
    table_change: int = 0,
    hand_id: int | None = None,
    competition_id: int | None = None,
    note: str = "",
    tournament_id: int | None = None,
) -> None:
    """Adds a ledger row."""
    session.add(
        LedgerModel(
            at=at,
            kind=kind.value,
            account_id=account_id,
            table_id=table_id,
            balance_change=balance_change,
            table_change=table_change,
            hand_id=hand_id,
            competition_id=competition_id,
            note=note,
            tournament_id=tournament_id,
        )
    )


def ledger_value(row: LedgerModel) -> LedgerEntry:
    return LedgerEntry(
        id=row.id,
        at=row.at,
        kind=LedgerKind(row.kind),
        account_id=row.account_id,
        table_id=row.table_id,
        balance_change=row.balance_change,
        table_change=row.table_change,
        hand_id=row.hand_id,
        competition_id=row.competition_id,
        note=row.note,
        tournament_id=row.tournament_id,
    )


class Money(StoreBase):
    def deposit(self, account_id: int, amount: int, *, note: str = "") -> int:
        """The operator adds ``amount`` to the account's balance: the only way money
        comes into the room. Returns the new balance."""
        amount = whole(amount, "a deposit")
        if not isinstance(note, str):
            raise StoreError(f"a deposit's note is text, not {note!r}")
        with self._transaction() as session:
            account = self._account_row(session, account_id, lock=True)
            balance = credit(session, account.id, amount)
            write(
                session,
                self._now(),
                LedgerKind.DEPOSIT,
                account_id=account.id,
                balance_change=amount,
                note=note,
            )
        return balance

    def buy_in(
        self, account_id: int, table_id: str, amount: int, *, fence: int | None = None
    ) -> int:
        """Moves ``amount`` from the account's balance to its chips at the table (R7.2).
        Returns the new balance; raises :class:`InsufficientFunds` (changing nothing)
        if the balance is smaller.
        With ``fence`` (the owner's fencing token, docs/scaling.md), raises
        :class:`StaleOwner` instead, changing nothing, if another owner has written for
        the table since."""
        table = check_table_id(table_id)
        amount = whole(amount, "a buy-in")
        with self._transaction() as session:
            check_fence(session, table, fence)
            account = self._account_row(session, account_id, lock=True)
            balance = debit(session, account, amount, f"buy in for {amount}")
            change_holding(session, table, account.id, amount)
            write(
                session,
                self._now(),
                LedgerKind.BUY_IN,
                account_id=account.id,
                table_id=table,
                balance_change=-amount,
                table_change=amount,
            )
        return balance

    def cash_out(
        self,
        account_id: int,
        table_id: str,
        amount: int | None = None,
        *,
        fence: int | None = None,
    ) -> int:
        """Moves ``amount`` of the account's chips at the table back to its balance —
        all of them when ``amount`` is None (then having none is no error). Returns the
        new balance.
        With ``fence`` (the owner's fencing token, docs/scaling.md), raises
        :class:`StaleOwner` instead, changing nothing, if another owner has written for
        the table since."""
        table = check_table_id(table_id)
        if amount is not None:
            amount = whole(amount, "a cash-out")
        with self._transaction() as session:
            check_fence(session, table, fence)
            account = self._account_row(session, account_id, lock=True)
            chips = held(session, table, account.id)
            if amount is None:
                amount = chips
                if amount == 0:
                    _forget_empty_holding(session, table, account.id)
                    return account.balance
            if chips < amount:
                raise InsufficientFunds(
                    f"{account.name} holds {chips} at table {table} and cannot cash out {amount}"
                )
            if change_holding(session, table, account.id, -amount) == 0:
                _forget_empty_holding(session, table, account.id)
            balance = credit(session, account.id, amount)
            write(
                session,
                self._now(),
                LedgerKind.CASH_OUT,
                account_id=account.id,
                table_id=table,
                balance_change=amount,
                table_change=-amount,
            )
        return balance

    def holdings(self, table_id: str | None = None) -> dict[tuple[str, int], int]:
        """The chips held at tables, (table id, account id) to chips, at one table or
        all; holdings of 0 are left out."""
        statement = select(HoldingModel).where(HoldingModel.chips > 0)
        if table_id is not None:
            statement = statement.where(HoldingModel.table_id == check_table_id(table_id))
        with self._transaction() as session:
            return {(h.table_id, h.account_id): h.chips for h in session.scalars(statement)}

    def rollover(self, table_id: str) -> int:
        """The chips a chips-mode table carries into its next hand's pot (R6.8)."""
        table = check_table_id(table_id)
        with self._transaction() as session:
            return rollover_of(session, table)

    def set_rollover(
        self,
        table_id: str,
        chips: int,
        *,
        shares: Mapping[int, int] | None = None,
        fence: int | None = None,
    ) -> None:
        """Pays a table's rollover out, down to ``chips``: ``shares`` (account id to
        chips, added to their chips at the table) must add up to what the rollover
        loses — at the table's last hand, the whole rollover split among the seated
        players (R6.8). A rollover only grows by a hand (:meth:`record_hand`).
        With ``fence`` (the owner's fencing token, docs/scaling.md), raises
        :class:`StaleOwner` instead, changing nothing, if another owner has written for
        the table since."""
        table = check_table_id(table_id)
        chips = whole(chips, "a rollover", minimum=0)
        shares = dict(shares or {})
        for account_id, share in shares.items():
            whole(account_id, "an account id")
            whole(share, "a share of a rollover")
        with self._transaction() as session:
            check_fence(session, table, fence)
            old = rollover_of(session, table)
            if chips > old:
                raise StoreError(
                    f"table {table}'s rollover is {old} and cannot grow to {chips} "
                    "but by a hand (record_hand)"
                )
            if sum(shares.values()) != old - chips:
                raise StoreError(
                    f"table {table}'s rollover goes from {old} to {chips}: the shares must add "
                    f"up to {old - chips}, not {sum(shares.values())}"
                )
            now = self._now()
            for account_id in sorted(shares):
                self._account_row(session, account_id)
            set_rollover_chips(session, table, chips)
            if chips != old:
                write(
                    session,
                    now,
                    LedgerKind.ROLLOVER,
                    account_id=None,
                    table_id=table,
                    table_change=chips - old,
                )
            for account_id in sorted(shares):
                change_holding(session, table, account_id, shares[account_id])
                write(
                    session,
                    now,
                    LedgerKind.ROLLOVER,
                    account_id=account_id,
                    table_id=table,
                    table_change=shares[account_id],
                )

    def save_books(
        self, table_id: str, stacks: Mapping[int, int], *, fence: int | None = None
    ) -> list[str]:
        """The room's books of a chips table, checked and kept in one transaction:
        ``stacks`` maps each account seated there to its stack and pending top-up.
        Returns every difference from the chips the store holds for them (an account
        seated with more or less, or holding chips while not seated), one message
        each; empty when they agree. The books replace the table's last ones, each
        row with the id of the last ledger row of its account at the table, so that
        :meth:`audit` compares them while no chip of theirs has moved since.
        With ``fence`` (the owner's fencing token, docs/scaling.md), raises
        :class:`StaleOwner` instead, changing nothing, if another owner has written for
        the table since."""
        table = check_table_id(table_id)
        claimed = {
            whole(account, "an account id"): whole(chips, "a stack", minimum=0)
            for account, chips in stacks.items()
        }
        with self._transaction() as session:
            check_fence(session, table, fence)
            holdings = dict(
                session.execute(
                    select(HoldingModel.account_id, HoldingModel.chips).where(
                        HoldingModel.table_id == table
                    )
                ).all()
            )
            accounts = sorted(set(claimed) | {a for a, chips in holdings.items() if chips})
            names = dict(
                session.execute(
                    select(AccountModel.id, AccountModel.name).where(AccountModel.id.in_(accounts))
                ).all()
            )
            last = dict(
                session.execute(
                    select(LedgerModel.account_id, func.max(LedgerModel.id))
                    .where(LedgerModel.table_id == table, LedgerModel.account_id.in_(accounts))
                    .group_by(LedgerModel.account_id)
                ).all()
            )
            session.execute(delete(BooksModel).where(BooksModel.table_id == table))
            session.add_all(
                BooksModel(
                    table_id=table,
                    account_id=account,
                    chips=claimed.get(account, 0),
                    ledger_id=last.get(account),
                )
                for account in accounts
                if account in names
            )
            return books_differences(
                table, {a: claimed.get(a, 0) for a in accounts}, holdings, names
            )

    def clear_books(self, table_id: str | None = None) -> None:
        """Forget a table's books (every table's, without ``table_id``): the process
        that kept them has stopped."""
        statement = delete(BooksModel)
        if table_id is not None:
            statement = statement.where(BooksModel.table_id == check_table_id(table_id))
        with self._transaction() as session:
            session.execute(statement)

    def ledger(self, account_id: int) -> list[LedgerEntry]:
        """Every movement of the account's money, oldest first."""
        with self._transaction() as session:
            self._account_row(session, account_id)
            rows = session.scalars(
                select(LedgerModel)
                .where(LedgerModel.account_id == account_id)
                .order_by(LedgerModel.id)
            )
            return [ledger_value(row) for row in rows]


def _forget_empty_holding(session: Session, table: str, account_id: int) -> None:
    session.execute(
        delete(HoldingModel).where(
            HoldingModel.table_id == table,
            HoldingModel.account_id == account_id,
            HoldingModel.chips == 0,
        )
    )


def books_differences(
    table: str, claimed: Mapping[int, int], holdings: Mapping[int, int], names: Mapping[int, str]
) -> list[str]:
    """Where a room's books of ``table`` (account to the chips it says the account
    has there) and the store's holdings disagree, one message each."""
    problems = []
    for account in sorted(set(claimed) | set(holdings)):
        said, kept = claimed.get(account, 0), holdings.get(account, 0)
        if said != kept:
            name = names.get(account, f"account {account}")
            problems.append(
                f"table {table}: {name} (account {account}) has {said} at the table "
                f"but the database holds {kept}"
            )
    return problems
