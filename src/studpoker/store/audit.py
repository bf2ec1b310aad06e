"""The audit: every amount of money the store keeps is the sum of its ledger rows, and
the room's chips change only by deposits, withdrawals and free chips (DESIGN idea 4)."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from studpoker.store.base import StoreBase
from studpoker.store.models import (
    AccountModel,
    BooksModel,
    CompetitionModel,
    HandModel,
    HandPlayerModel,
    HoldingModel,
    LedgerModel,
    RolloverModel,
    TournamentModel,
)
from studpoker.store.money import books_differences
from studpoker.store.values import LedgerKind, TableMode

MONEY_IN_AND_OUT = (LedgerKind.DEPOSIT, LedgerKind.FREE_CHIPS, LedgerKind.WITHDRAWAL)
"""The only ledger rows that change the room's money: the operator's deposits and
withdrawals, and a play-money room's free chips (DESIGN idea 4)."""


def _total(session: Session) -> int:
    sums = [
        select(func.coalesce(func.sum(column), 0)).scalar_subquery()
        for column in (
            AccountModel.balance,
            HoldingModel.chips,
            RolloverModel.chips,
            CompetitionModel.pool,
            TournamentModel.pool,
            TournamentModel.fees,
        )
    ]
    return int(session.scalar(select(sum(sums[1:], sums[0]))) or 0)


class Audit(StoreBase):
    def total_chips(self) -> int:
        """All the money in the room: balances, chips at tables, tables' rollovers,
        competitions' pools, tournaments' pools and the fees they kept. Only deposits
        change it."""
        with self._transaction() as session:
            return _total(session)

    def audit(self) -> list[str]:
        """Every difference between what the store keeps and what its ledger says, one
        message each; empty when all is right. Its queries all see the database at one
        moment, so money moving while it runs is no difference."""
        with self._transaction(snapshot=True) as session:
            return [
                *self._audit_balances(session),
                *self._audit_tables(session),
                *self._audit_books(session),
                *self._audit_pools(session),
                *self._audit_tournaments(session),
                *self._audit_hands(session),
                *self._audit_total(session),
            ]

    def _audit_balances(self, session: Session) -> list[str]:
        sums = (
            select(LedgerModel.account_id, func.sum(LedgerModel.balance_change).label("total"))
            .where(LedgerModel.account_id.is_not(None))
            .group_by(LedgerModel.account_id)
            .subquery()
        )
        rows = func.coalesce(sums.c.total, 0)
        return [
            f"account {id_} ({name}) has a balance of {balance} "
            f"but its ledger rows add up to {total}"
            for id_, name, balance, total in session.execute(
                select(AccountModel.id, AccountModel.name, AccountModel.balance, rows)
                .outerjoin(sums, sums.c.account_id == AccountModel.id)
                .where(AccountModel.balance != rows)
                .order_by(AccountModel.id)
            )
        ]

    def _audit_tables(self, session: Session) -> list[str]:
        moved: dict[tuple[str, int | None], int] = defaultdict(int)
        for table, account_id, change in session.execute(
            select(LedgerModel.table_id, LedgerModel.account_id, func.sum(LedgerModel.table_change))
            .where(LedgerModel.table_id.is_not(None))
            .group_by(LedgerModel.table_id, LedgerModel.account_id)
        ):
            assert table is not None
            moved[table, account_id] += change
        kept: dict[tuple[str, int | None], int] = defaultdict(int)
        for holding in session.scalars(select(HoldingModel)):
            kept[holding.table_id, holding.account_id] = holding.chips
        for rollover in session.scalars(select(RolloverModel)):
            kept[rollover.table_id, None] = rollover.chips
        problems = []
        for table, account_id in sorted(set(moved) | set(kept), key=lambda k: (k[0], k[1] or 0)):
            have, rows = kept.get((table, account_id), 0), moved.get((table, account_id), 0)
            if have != rows:
                what = "its rollover" if account_id is None else f"account {account_id} holds"
                problems.append(
                    f"table {table}: {what} {have} but the ledger rows add up to {rows}"
                )
        return problems

    def _audit_books(self, session: Session) -> list[str]:
        """A running room's books (what it says each seat holds) against the holdings,
        for every account whose chips at that table have not moved since the room
        wrote them."""
        last = (
            select(
                LedgerModel.table_id,
                LedgerModel.account_id,
                func.max(LedgerModel.id).label("last"),
            )
            .where(LedgerModel.table_id.is_not(None), LedgerModel.account_id.is_not(None))
            .group_by(LedgerModel.table_id, LedgerModel.account_id)
            .subquery()
        )
        rows = session.execute(
            select(
                BooksModel.table_id,
                BooksModel.account_id,
                BooksModel.chips,
                func.coalesce(HoldingModel.chips, 0),
                AccountModel.name,
            )
            .join(AccountModel, AccountModel.id == BooksModel.account_id)
            .outerjoin(
                HoldingModel,
                (HoldingModel.table_id == BooksModel.table_id)
                & (HoldingModel.account_id == BooksModel.account_id),
            )
            .outerjoin(
                last,
                (last.c.table_id == BooksModel.table_id)
                & (last.c.account_id == BooksModel.account_id),
            )
            .where(
                func.coalesce(last.c.last, 0) == func.coalesce(BooksModel.ledger_id, 0),
                BooksModel.chips != func.coalesce(HoldingModel.chips, 0),
            )
            .order_by(BooksModel.table_id, BooksModel.account_id)
        ).all()
        return [
            problem
            for table, account, chips, kept, name in rows
            for problem in books_differences(
                table, {account: chips}, {account: kept}, {account: name}
            )
        ]

    def _audit_pools(self, session: Session) -> list[str]:
        paid: dict[int | None, int] = dict(
            session.execute(
                select(LedgerModel.competition_id, func.sum(LedgerModel.balance_change))
                .where(LedgerModel.competition_id.is_not(None))
                .group_by(LedgerModel.competition_id)
            ).all()
        )
        return [
            f"competition {id_} has a pool of {pool} but its ledger rows paid in "
            f"{-paid.get(id_, 0)}"
            for id_, pool in session.execute(
                select(CompetitionModel.id, CompetitionModel.pool).order_by(CompetitionModel.id)
            )
            if pool != -paid.get(id_, 0)
        ]

    def _audit_tournaments(self, session: Session) -> list[str]:
        """Each tournament's pool and fees are what its ledger rows paid in."""
        paid: dict[int | None, int] = dict(
            session.execute(
                select(LedgerModel.tournament_id, func.sum(LedgerModel.balance_change))
                .where(LedgerModel.tournament_id.is_not(None))
                .group_by(LedgerModel.tournament_id)
            ).all()
        )
        return [
            f"tournament {id_} holds {pool} + {fees} in fees but its ledger rows paid in "
            f"{-paid.get(id_, 0)}"
            for id_, pool, fees in session.execute(
                select(TournamentModel.id, TournamentModel.pool, TournamentModel.fees).order_by(
                    TournamentModel.id
                )
            )
            if pool + fees != -paid.get(id_, 0)
        ]

    def _audit_hands(self, session: Session) -> list[str]:
        """Each chips hand's ledger rows move each player's chips by their net, and add
        up to 0 with the rollover's; no other hand has any."""
        hand_rows = LedgerModel.kind == LedgerKind.HAND.value
        moved = (
            select(
                LedgerModel.hand_id,
                LedgerModel.account_id,
                func.sum(LedgerModel.table_change).label("total"),
            )
            .where(hand_rows, LedgerModel.account_id.is_not(None))
            .group_by(LedgerModel.hand_id, LedgerModel.account_id)
            .subquery()
        )
        rows = func.coalesce(moved.c.total, 0)
        chips = HandModel.mode == TableMode.CHIPS.value
        problems = [
            f"hand {number} of table {table}: {name} (seat {seat}, account {account_id}) "
            f"has a net of {net} but the ledger rows moved {total}"
            for number, table, seat, name, account_id, net, total in session.execute(
                select(
                    HandModel.number,
                    HandModel.table_id,
                    HandPlayerModel.seat,
                    HandPlayerModel.name,
                    HandPlayerModel.account_id,
                    HandPlayerModel.net,
                    rows,
                )
                .join(HandPlayerModel, HandPlayerModel.hand_id == HandModel.id)
                .outerjoin(
                    moved,
                    (moved.c.hand_id == HandModel.id)
                    & (moved.c.account_id == HandPlayerModel.account_id),
                )
                .where(chips, HandPlayerModel.net != rows)
                .order_by(HandModel.id, HandPlayerModel.seat)
            )
        ]
        player = (HandPlayerModel.hand_id == moved.c.hand_id) & (
            HandPlayerModel.account_id == moved.c.account_id
        )
        problems += [
            f"hand id {hand_id}: account {account_id} is not a player of a chips hand "
            f"but its ledger rows moved {total}"
            for hand_id, account_id, total in session.execute(
                select(moved.c.hand_id, moved.c.account_id, moved.c.total)
                .outerjoin(HandModel, HandModel.id == moved.c.hand_id)
                .where(~select(HandPlayerModel.seat).where(player).exists() | ~chips)
                .order_by(moved.c.hand_id, moved.c.account_id)
            )
        ]
        total = func.sum(LedgerModel.table_change)
        problems += [
            f"hand id {hand_id} does not balance: its ledger rows add up to {rows_total}"
            for hand_id, rows_total in session.execute(
                select(LedgerModel.hand_id, total)
                .where(hand_rows)
                .group_by(LedgerModel.hand_id)
                .having(total != 0)
                .order_by(LedgerModel.hand_id)
            )
        ]
        return problems

    def _audit_total(self, session: Session) -> list[str]:
        came_in = session.scalar(
            select(func.coalesce(func.sum(LedgerModel.balance_change), 0)).where(
                LedgerModel.kind.in_([kind.value for kind in MONEY_IN_AND_OUT])
            )
        )
        total = _total(session)
        if total != came_in:
            return [
                f"the room holds {total} chips but {came_in} came in "
                "(deposits and free chips, less withdrawals)"
            ]
        return []
