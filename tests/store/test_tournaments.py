"""Tournaments' money (issue 17, store/tournaments.py): a buy-in and fee through the
ledger, refunds, prizes paid at the end in one transaction, and the audit of each
tournament's pool and fees.  The books are checked after every step."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import update

from studpoker.store import (
    Account,
    InsufficientFunds,
    LedgerKind,
    StaleOwner,
    Store,
    StoreError,
)
from studpoker.store.models import TournamentModel


def books(store: Store, total: int) -> None:
    assert store.audit() == []
    assert store.total_chips() == total


def balance(store: Store, account: Account) -> int:
    found = store.account(account.id)
    assert found is not None
    return found.balance


def new(store: Store, buy_in: int = 100, fee: int = 10) -> int:
    return store.create_tournament(
        "Sunday Razz", "razz", "scheduled", buy_in=buy_in, fee=fee, settings=json.dumps({})
    )


def test_an_entry_pays_buy_in_and_fee_and_unregistering_pays_them_back(
    store: Store, alice: Account, bob: Account
) -> None:
    tid = new(store)
    store.enter_tournament(tid, alice.id, "alice")
    store.enter_tournament(tid, bob.id, "bob")
    assert (balance(store, alice), balance(store, bob)) == (890, 390)
    row = store.tournament(tid)
    assert row is not None
    assert (row.state, row.pool, row.fees, row.entries) == ("registering", 200, 20, 2)
    books(store, 1500)
    assert store.leave_tournament(tid, "bob") == 110
    assert balance(store, bob) == 500
    row = store.tournament(tid)
    assert row is not None
    assert (row.pool, row.fees, row.entries) == (100, 10, 1)
    assert [(e.kind, e.balance_change, e.tournament_id) for e in store.ledger(bob.id)][-2:] == [
        (LedgerKind.TOURNAMENT_ENTRY, -110, tid),
        (LedgerKind.TOURNAMENT_REFUND, 110, tid),
    ]
    books(store, 1500)


def test_a_short_balance_or_a_second_entry_is_refused_and_changes_nothing(
    store: Store, alice: Account, bob: Account
) -> None:
    tid = new(store, buy_in=480, fee=40)
    with pytest.raises(InsufficientFunds, match=r"^bob has 500 and cannot pay the buy-in of 480"):
        store.enter_tournament(tid, bob.id, "bob")
    store.enter_tournament(tid, alice.id, "alice")
    with pytest.raises(StoreError, match=f"^alice has entered tournament {tid} already$"):
        store.enter_tournament(tid, alice.id, "alice")
    assert (balance(store, alice), balance(store, bob)) == (480, 500)
    assert [e.name for e in store.tournament_entries(tid)] == ["alice"]
    with pytest.raises(StoreError, match=r"^a computer player enters free tournaments only$"):
        store.enter_tournament(tid, None, "Bot 1")
    books(store, 1500)


def test_the_prizes_are_paid_at_the_end_in_one_transaction(
    store: Store, alice: Account, bob: Account
) -> None:
    tid = new(store)
    store.enter_tournament(tid, alice.id, "alice")
    store.enter_tournament(tid, bob.id, "bob")
    store.enter_tournament(tid, alice.id, "alice#2")  # a re-entry
    store.start_tournament(tid, '{"hands": 0}')
    with pytest.raises(StoreError, match=f"^tournament {tid} is running$"):
        store.leave_tournament(tid, "bob")
    books(store, 1500)
    # Prizes that do not add up to the pool: refused, nothing paid.
    with pytest.raises(StoreError, match=f"^tournament {tid} has 300 to pay out: the prizes"):
        store.finish_tournament(tid, {"bob": (1, 200), "alice#2": (2, 0), "alice": (3, 0)}, "{}")
    with pytest.raises(StoreError, match=r"^the places of tournament"):
        store.finish_tournament(tid, {"bob": (1, 300), "alice": (2, 0)}, "{}")
    assert balance(store, bob) == 390
    store.finish_tournament(tid, {"bob": (1, 300), "alice#2": (2, 0), "alice": (3, 0)}, "{}")
    assert (balance(store, alice), balance(store, bob)) == (780, 690)
    row = store.tournament(tid)
    assert row is not None
    assert (row.state, row.pool, row.fees) == ("finished", 0, 30)  # the fees stay the room's
    assert [(e.name, e.place, e.prize) for e in store.tournament_entries(tid)] == [
        ("alice", 3, 0), ("bob", 1, 300), ("alice#2", 2, 0)
    ]  # fmt: skip
    books(store, 1500)
    with pytest.raises(StoreError, match=f"^tournament {tid} is finished$"):
        store.enter_tournament(tid, alice.id, "alice#3")


def test_a_cancelled_tournament_pays_every_entry_back(
    store: Store, alice: Account, bob: Account
) -> None:
    tid = new(store)
    store.enter_tournament(tid, alice.id, "alice")
    store.enter_tournament(tid, bob.id, "bob")
    store.cancel_tournament(tid)
    assert (balance(store, alice), balance(store, bob)) == (1000, 500)
    row = store.tournament(tid)
    assert row is not None
    assert (row.state, row.pool, row.fees, row.entries) == ("cancelled", 0, 0, 0)
    books(store, 1500)


def test_a_free_tournament_takes_computer_players(store: Store, alice: Account) -> None:
    tid = new(store, buy_in=0, fee=0)
    store.enter_tournament(tid, alice.id, "alice")
    store.enter_tournament(tid, None, "Bot 1")
    store.start_tournament(tid, "{}")
    with pytest.raises(StoreError, match=r"^Bot 1 has no account to be paid a prize$"):
        store.finish_tournament(tid, {"Bot 1": (1, 1), "alice": (2, 0)}, "{}")
    store.finish_tournament(tid, {"Bot 1": (1, 0), "alice": (2, 0)}, "{}")
    assert [(e.name, e.account_id, e.paid) for e in store.tournament_entries(tid)] == [
        ("alice", alice.id, 0), ("Bot 1", None, 0)
    ]  # fmt: skip
    books(store, 1000)


def test_the_newest_tournaments_are_listed_with_their_entries(store: Store, alice: Account) -> None:
    first, second, third = new(store, 0, 0), new(store, 0, 0), new(store, 0, 0)
    store.enter_tournament(first, None, "Bot 1")
    store.enter_tournament(third, alice.id, "alice")
    store.enter_tournament(third, None, "Bot 1")
    listed = store.tournaments(limit=2)
    assert [(row.id, row.entries) for row in listed] == [(third, 2), (second, 0)]
    assert [row.id for row in store.tournaments(("registering",))] == [third, second, first]
    with pytest.raises(StoreError, match=r"^a number of tournaments must be"):
        store.tournaments(limit=0)


def test_a_stale_director_writes_nothing(store: Store, alice: Account) -> None:
    """A director whose process lost the tournament (docs/tournaments.md, "On several
    processes") is refused by the store: a greater token has written since."""
    tid = new(store, buy_in=0, fee=0)
    store.enter_tournament(tid, alice.id, "alice")
    store.enter_tournament(tid, None, "Bot 1")
    old = store.next_fence(f"tournament-{tid}")
    store.next_fence(f"tournament-{tid}")  # another process took it up
    with pytest.raises(StaleOwner):
        store.start_tournament(tid, "{}", fence=old)
    row = store.tournament(tid)
    assert row is not None
    assert row.state == "registering"
    store.start_tournament(tid, "{}", fence=old + 1)
    with pytest.raises(StaleOwner):
        store.finish_tournament(tid, {"Bot 1": (1, 0), "alice": (2, 0)}, "{}", fence=old)
    with pytest.raises(StaleOwner):
        store.save_director(tid, "{}", fence=old)
    row = store.tournament(tid)
    assert row is not None
    assert row.state == "running"
    books(store, 1000)


def test_the_audit_finds_a_pool_that_its_ledger_does_not_explain(
    store: Store, alice: Account
) -> None:
    tid = new(store)
    store.enter_tournament(tid, alice.id, "alice")
    with store.engine.begin() as connection:
        connection.execute(
            update(TournamentModel).where(TournamentModel.id == tid).values(pool=150)
        )
    assert store.audit() == [
        f"tournament {tid} holds 150 + 10 in fees but its ledger rows paid in 110",
        "the room holds 1050 chips but 1000 came in (deposits and free chips, less withdrawals)",
    ]
