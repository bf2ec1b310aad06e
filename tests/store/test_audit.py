"""The audit finds money that moved outside the ledger, and nothing while money moves
through it."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

from sqlalchemy import text

from studpoker.store import Account, HandPlayer, HandRow, Store


def tamper(store: Store, sql: str) -> None:
    """Changes the database behind the store's back."""
    with store.engine.begin() as connection:
        connection.execute(text(sql))


def test_a_balance_changed_outside_the_ledger_is_found(store: Store, alice: Account) -> None:
    assert store.audit() == []
    tamper(store, f"UPDATE accounts SET balance = balance + 5 WHERE id = {alice.id}")
    assert store.audit() == [
        f"account {alice.id} (alice) has a balance of 1005 but its ledger rows add up to 1000",
        "the room holds 1005 chips but 1000 came in (deposits and free chips, less withdrawals)",
    ]
    assert store.total_chips() == 1005


def test_a_holding_changed_outside_the_ledger_is_found(
    store: Store, alice: Account, bob: Account
) -> None:
    store.buy_in(alice.id, "stud-1", 300)
    tamper(store, f"UPDATE holdings SET chips = 250 WHERE account_id = {alice.id}")
    assert store.audit() == [
        f"table stud-1: account {alice.id} holds 250 but the ledger rows add up to 300",
        "the room holds 1450 chips but 1500 came in (deposits and free chips, less withdrawals)",
    ]


def test_a_hand_net_that_does_not_match_its_ledger_rows_is_found(
    store: Store, alice: Account, bob: Account
) -> None:
    store.buy_in(alice.id, "stud-1", 300)
    store.buy_in(bob.id, "stud-1", 300)
    moment = datetime(2026, 3, 1, tzinfo=UTC)
    store.record_hand(
        HandRow(
            "stud-1",
            1,
            "razz",
            "chips",
            moment,
            moment,
            "",
            "[]",
            80,
            [HandPlayer(0, "alice", 40, alice.id), HandPlayer(1, "bob", -40, bob.id)],
        )
    )
    tamper(store, f"UPDATE hand_players SET net = 45 WHERE account_id = {alice.id}")
    assert store.audit() == [
        f"hand 1 of table stud-1: alice (seat 0, account {alice.id}) has a net of 45 "
        "but the ledger rows moved 40"
    ]


def test_the_audit_sees_one_moment_while_money_moves(
    store: Store, alice: Account, bob: Account
) -> None:
    done = threading.Event()

    def move_money() -> None:
        while not done.is_set():
            store.deposit(bob.id, 1)
            store.buy_in(alice.id, "stud-1", 1)
            store.cash_out(alice.id, "stud-1")

    mover = threading.Thread(target=move_money)
    mover.start()
    try:
        audits = [store.audit() for _ in range(30)]
    finally:
        done.set()
        mover.join()
    assert audits == [[]] * 30


def test_hand_ledger_rows_that_do_not_add_up_are_found(
    store: Store, alice: Account, bob: Account
) -> None:
    store.buy_in(alice.id, "stud-1", 300)
    store.buy_in(bob.id, "stud-1", 300)
    moment = datetime(2026, 3, 1, tzinfo=UTC)
    hand_id = store.record_hand(
        HandRow(
            "stud-1",
            1,
            "razz",
            "chips",
            moment,
            moment,
            "",
            "[]",
            80,
            [HandPlayer(0, "alice", 40, alice.id), HandPlayer(1, "bob", -40, bob.id)],
        )
    )
    tamper(
        store,
        f"UPDATE ledger SET table_change = 45 WHERE hand_id = {hand_id} AND table_change = 40",
    )
    tamper(store, f"UPDATE hand_players SET account_id = NULL WHERE account_id = {bob.id}")
    assert store.audit() == [
        f"table stud-1: account {alice.id} holds 340 but the ledger rows add up to 345",
        f"hand 1 of table stud-1: alice (seat 0, account {alice.id}) has a net of 40 "
        "but the ledger rows moved 45",
        "hand 1 of table stud-1: bob (seat 1, account None) has a net of -40 "
        "but the ledger rows moved 0",
        f"hand id {hand_id}: account {bob.id} is not a player of a chips hand "
        "but its ledger rows moved -40",
        f"hand id {hand_id} does not balance: its ledger rows add up to 5",
    ]


def test_a_pool_changed_outside_the_ledger_is_found(
    store: Store, alice: Account, bob: Account
) -> None:
    competition_id = store.start_competition(
        "razz-1",
        "razz",
        [alice.id, bob.id],
        chips=1000,
        entry_fee=10,
        ends_at=datetime(2027, 1, 1, tzinfo=UTC),
    )
    tamper(store, f"UPDATE competitions SET pool = 0 WHERE id = {competition_id}")
    assert store.audit() == [
        f"competition {competition_id} has a pool of 0 but its ledger rows paid in 20",
        "the room holds 1480 chips but 1500 came in (deposits and free chips, less withdrawals)",
    ]
