"""A chips table's books (docs/security.md): what the room says each seated account
has at the table, compared with the holdings and kept for the audit, each row with the
last ledger row of its account at that table.  Cases a mutation run found untested
(docs/mutation.md)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from studpoker.store import Account, Store
from studpoker.store.errors import StoreError
from studpoker.store.models import BooksModel, LedgerModel
from studpoker.store.money import books_differences


def books(store: Store, table: str) -> dict[int, tuple[int, int | None]]:
    with store._transaction() as session:
        rows = session.scalars(select(BooksModel).where(BooksModel.table_id == table))
        return {row.account_id: (row.chips, row.ledger_id) for row in rows}


def last_ledger_row(store: Store, account: int, table: str) -> int:
    with store._transaction() as session:
        rows = session.scalars(
            select(LedgerModel.id).where(
                LedgerModel.account_id == account, LedgerModel.table_id == table
            )
        )
        return max(rows)


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ({"alice": 5}, "an account id must be a whole number of 1 or more, not 'alice'"),
        ({1: -1}, "a stack must be a whole number of 0 or more, not -1"),
        ({1: 2.5}, "a stack must be a whole number of 0 or more, not 2.5"),
    ],
)
def test_books_of_a_bad_account_or_stack_are_refused_with_its_name(store: Store, stacks, message):
    with pytest.raises(StoreError) as refused:
        store.save_books("blue", stacks)
    assert str(refused.value) == message
    assert books(store, "blue") == {}


def test_each_accounts_book_keeps_its_own_last_ledger_row_at_that_table(
    store: Store, alice: Account, bob: Account
):
    store.buy_in(alice.id, "blue", 300)
    store.buy_in(bob.id, "blue", 200)
    store.buy_in(alice.id, "blue", 100)
    store.buy_in(alice.id, "green", 50)  # a later row at another table
    # A seat busted to 0 is in the books with 0, not refused.
    assert store.save_books("blue", {alice.id: 400, bob.id: 0}) == [
        "table blue: bob (account 2) has 0 at the table but the database holds 200"
    ]
    assert books(store, "blue") == {
        alice.id: (400, last_ledger_row(store, alice.id, "blue")),
        bob.id: (0, last_ledger_row(store, bob.id, "blue")),
    }


def test_an_account_holding_chips_but_not_seated_is_booked_with_0(
    store: Store, alice: Account, bob: Account
):
    store.buy_in(alice.id, "blue", 300)
    store.buy_in(bob.id, "blue", 200)
    assert store.save_books("blue", {alice.id: 300}) == [
        "table blue: bob (account 2) has 0 at the table but the database holds 200"
    ]
    assert books(store, "blue")[bob.id][0] == 0


def test_books_differences_name_each_side_and_an_unknown_account():
    assert books_differences("blue", {1: 5}, {2: 7}, {1: "ann"}) == [
        "table blue: ann (account 1) has 5 at the table but the database holds 0",
        "table blue: account 2 (account 2) has 0 at the table but the database holds 7",
    ]
    assert books_differences("blue", {1: 5, 2: 7}, {1: 5, 2: 7}, {}) == []
