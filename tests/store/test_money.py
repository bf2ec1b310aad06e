"""Deposits, buy-ins and cash-outs: exact balances, refusals that change nothing, and
no overdraft when two buy-ins race."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from studpoker.store import Account, InsufficientFunds, LedgerKind, Store, StoreError


def snapshot(store: Store, *accounts: Account) -> tuple[Any, ...]:
    """Everything the store keeps about these accounts' money, and the room's total."""
    return (
        [store.account(account.id) for account in accounts],
        [store.ledger(account.id) for account in accounts],
        store.holdings(),
        store.total_chips(),
    )


def test_deposit_returns_the_new_balance_and_writes_a_ledger_row(store: Store) -> None:
    carol = store.create_account("carol", None)
    assert store.deposit(carol.id, 250, note="welcome") == 250
    assert store.deposit(carol.id, 50) == 300
    assert store.account(carol.id).balance == 300  # type: ignore[union-attr]
    rows = store.ledger(carol.id)
    assert [(r.kind, r.balance_change, r.table_change, r.note) for r in rows] == [
        (LedgerKind.DEPOSIT, 250, 0, "welcome"),
        (LedgerKind.DEPOSIT, 50, 0, ""),
    ]
    assert store.total_chips() == 300


def test_buy_in_moves_the_balance_to_chips_at_the_table(store: Store, alice: Account) -> None:
    assert store.buy_in(alice.id, "stud-1", 400) == 600
    assert store.buy_in(alice.id, "stud-1", 100) == 500
    assert store.buy_in(alice.id, "razz-1", 200) == 300
    assert store.holdings() == {("stud-1", alice.id): 500, ("razz-1", alice.id): 200}
    assert store.holdings("razz-1") == {("razz-1", alice.id): 200}
    assert store.total_chips() == 1000
    last = store.ledger(alice.id)[-1]
    assert (last.kind, last.table_id, last.balance_change, last.table_change) == (
        LedgerKind.BUY_IN,
        "razz-1",
        -200,
        200,
    )
    assert store.audit() == []


def test_cash_out_pays_back_part_or_all(store: Store, alice: Account) -> None:
    store.buy_in(alice.id, "stud-1", 400)
    assert store.cash_out(alice.id, "stud-1", 150) == 750
    assert store.holdings() == {("stud-1", alice.id): 250}
    assert store.cash_out(alice.id, "stud-1") == 1000
    assert store.holdings() == {}
    # Leaving a table with nothing there is no error and moves nothing.
    rows = len(store.ledger(alice.id))
    assert store.cash_out(alice.id, "stud-1") == 1000
    assert len(store.ledger(alice.id)) == rows
    assert store.audit() == []


def test_buy_in_beyond_the_balance_says_so_and_changes_nothing(
    store: Store, alice: Account
) -> None:
    store.buy_in(alice.id, "stud-1", 500)
    before = snapshot(store, alice)
    with pytest.raises(InsufficientFunds, match=r"^alice has 500 and cannot buy in for 1000$"):
        store.buy_in(alice.id, "stud-1", 1000)
    assert snapshot(store, alice) == before


def test_cash_out_beyond_the_chips_held_says_so_and_changes_nothing(
    store: Store, alice: Account
) -> None:
    store.buy_in(alice.id, "stud-1", 300)
    before = snapshot(store, alice)
    with pytest.raises(
        InsufficientFunds, match=r"^alice holds 300 at table stud-1 and cannot cash out 500$"
    ):
        store.cash_out(alice.id, "stud-1", 500)
    with pytest.raises(InsufficientFunds, match="alice holds 0 at table razz-1"):
        store.cash_out(alice.id, "razz-1", 1)
    assert snapshot(store, alice) == before


@pytest.mark.parametrize("amount", [0, -5, 2.5, True, "100", None])
def test_bad_amounts_are_refused_and_change_nothing(
    store: Store, alice: Account, amount: Any
) -> None:
    store.buy_in(alice.id, "stud-1", 100)
    before = snapshot(store, alice)
    message = rf"must be a whole number of 1 or more, not {amount!r}$"
    with pytest.raises(StoreError, match=message):
        store.deposit(alice.id, amount)
    with pytest.raises(StoreError, match=message):
        store.buy_in(alice.id, "stud-1", amount)
    if amount is not None:  # cash_out(..., None) cashes out all
        with pytest.raises(StoreError, match=message):
            store.cash_out(alice.id, "stud-1", amount)
    assert snapshot(store, alice) == before


def test_amounts_beyond_a_quadrillion_are_refused(store: Store, alice: Account) -> None:
    with pytest.raises(StoreError, match=r"^a deposit of 1(0{30}) is too large: at most 1(0{15})$"):
        store.deposit(alice.id, 10**30)
    with pytest.raises(StoreError, match="too large"):
        store.account(10**30)
    assert store.account(alice.id).balance == 1000  # type: ignore[union-attr]


def test_money_for_an_unknown_account_or_a_bad_table_is_refused(
    store: Store, alice: Account
) -> None:
    with pytest.raises(StoreError, match=r"^no account 99$"):
        store.deposit(99, 10)
    with pytest.raises(StoreError, match=r"^no account 99$"):
        store.buy_in(99, "stud-1", 10)
    with pytest.raises(StoreError, match="a table id must be text of 1 to 64 characters"):
        store.buy_in(alice.id, "", 10)
    with pytest.raises(StoreError, match="a table id"):
        store.buy_in(alice.id, "x" * 65, 10)
    assert store.total_chips() == 1000


def race(store: Store, account: Account, table: str, amount: int, buyers: int) -> list[object]:
    """``buyers`` threads buy in for ``amount`` at the same moment; what each got back."""
    start = threading.Barrier(buyers)
    outcomes: list[object] = []

    def buy() -> None:
        start.wait()
        try:
            outcomes.append(store.buy_in(account.id, table, amount))
        except InsufficientFunds as error:
            outcomes.append(error)

    threads = [threading.Thread(target=buy) for _ in range(buyers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_buy_ins_at_the_same_moment_cannot_overdraw(store: Store, alice: Account) -> None:
    """4 threads each try to buy in for 300 of alice's 1000 at once, 10 times over:
    exactly 3 succeed each time, whatever the interleaving."""
    for round_ in range(10):
        table = f"race-{round_}"
        outcomes = race(store, alice, table, 300, buyers=4)
        assert sorted(o for o in outcomes if isinstance(o, int)) == [100, 400, 700]
        assert [str(o) for o in outcomes if isinstance(o, InsufficientFunds)] == [
            "alice has 100 and cannot buy in for 300"
        ]
        assert store.holdings(table) == {(table, alice.id): 900}
        assert store.cash_out(alice.id, table) == 1000
    assert store.audit() == []
