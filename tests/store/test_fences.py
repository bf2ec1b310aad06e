"""Fencing tokens in the store (store/fences.py, docs/scaling.md), on SQLite and on
PostgreSQL: a write of a table's chips or hands with a token below the table's fence
is a stale owner's, refused with StaleOwner, and changes nothing — balances, holdings,
the ledger, the hands and the audit are checked after every step."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from typing import Any

import pytest

from studpoker.store import Account, HandPlayer, HandRow, StaleOwner, Store, StoreError


def books(store: Store, *accounts: Account) -> tuple[Any, ...]:
    """Everything the store keeps of these accounts' money and the table's hands."""
    return (
        [store.account(account.id) for account in accounts],
        [store.ledger(account.id) for account in accounts],
        store.holdings(),
        store.total_chips(),
        store.rollover("stud-1"),
        store.last_hand_number("stud-1"),
        store.audit(),
    )


def hand(number: int, alice: Account, bob: Account, net: int) -> HandRow:
    at = datetime(2026, 3, 1, 12, number, tzinfo=UTC)
    return HandRow(
        table_id="stud-1",
        number=number,
        game="seven_card_stud",
        mode="chips",
        started_at=at,
        ended_at=at,
        record="",
        events="[]",
        pot=2 * abs(net),
        players=[
            HandPlayer(seat=0, account_id=alice.id, name="alice", net=net),
            HandPlayer(seat=1, account_id=bob.id, name="bob", net=-net),
        ],
    )


def test_a_stale_owner_can_neither_record_a_hand_nor_move_a_chip(
    store: Store, alice: Account, bob: Account
) -> None:
    # Process A owns the table (token 1): buy-ins and a hand go through.
    store.claim_table("stud-1", 1)
    assert store.buy_in(alice.id, "stud-1", 400, fence=1) == 600
    assert store.buy_in(bob.id, "stud-1", 300, fence=1) == 200
    store.record_hand(hand(1, alice, bob, 50), fence=1)
    assert store.holdings("stud-1") == {("stud-1", alice.id): 450, ("stud-1", bob.id): 250}
    assert store.audit() == []
    # A pauses past its lease; process B is granted the table (token 2) and claims it.
    store.claim_table("stud-1", 2)
    assert store.table_fence("stud-1") == 2
    before = books(store, alice, bob)
    # A wakes and writes as if it still owned the table: every write is refused.
    stale_writes = [
        lambda: store.record_hand(hand(2, alice, bob, 100), fence=1),
        lambda: store.buy_in(alice.id, "stud-1", 100, fence=1),
        lambda: store.cash_out(bob.id, "stud-1", fence=1),
        lambda: store.set_rollover("stud-1", 0, fence=1),
        lambda: store.save_books("stud-1", {alice.id: 450, bob.id: 250}, fence=1),
        lambda: store.claim_table("stud-1", 1),
    ]
    for write in stale_writes:
        with pytest.raises(StaleOwner) as refused:
            write()
        assert str(refused.value) == (
            "table stud-1 has another owner now (fencing token 2; this write has 1): "
            "the write is refused"
        )
        assert (refused.value.table_id, refused.value.token, refused.value.fence) == (
            "stud-1",
            1,
            2,
        )
        assert books(store, alice, bob) == before
    # B plays on with its token; a greater token (a third owner) would shut B out too.
    store.record_hand(hand(2, alice, bob, -30), fence=2)
    assert store.cash_out(bob.id, "stud-1", fence=2) == 480
    assert store.holdings("stud-1") == {("stud-1", alice.id): 420}
    assert store.account(alice.id).balance + 420 + store.account(bob.id).balance == 1500  # type: ignore[union-attr]
    assert store.audit() == []


def test_writes_without_a_fence_are_the_embedded_rooms_and_are_not_checked(
    store: Store, alice: Account
) -> None:
    assert store.buy_in(alice.id, "stud-1", 100) == 900
    store.claim_table("stud-1", 5)
    assert store.cash_out(alice.id, "stud-1") == 1000  # no token: no check
    assert store.table_fence("stud-1") == 5
    assert store.table_fence("razz-1") == 0  # never fenced


def test_a_first_fenced_write_sets_the_fence_and_tokens_only_go_up(
    store: Store, alice: Account
) -> None:
    assert store.table_fence("stud-1") == 0
    assert store.buy_in(alice.id, "stud-1", 100, fence=3) == 900
    assert store.table_fence("stud-1") == 3
    assert store.buy_in(alice.id, "stud-1", 100, fence=3) == 800  # the same owner again
    store.claim_table("stud-1", 7)
    with pytest.raises(StaleOwner):
        store.claim_table("stud-1", 6)
    assert store.table_fence("stud-1") == 7
    # Another table's fence is its own.
    assert store.buy_in(alice.id, "razz-1", 100, fence=1) == 700


def test_a_bad_token_is_refused_and_changes_nothing(store: Store, alice: Account) -> None:
    before = books(store, alice)
    for token in (0, -1, 1.5, True, "2"):
        with pytest.raises(StoreError, match="a fencing token must be a whole number of 1 or more"):
            store.buy_in(alice.id, "stud-1", 100, fence=token)  # type: ignore[arg-type]
        assert books(store, alice) == before
    assert store.table_fence("stud-1") == 0


def test_two_owners_claiming_at_once_leave_the_greater_token(store: Store, url: str) -> None:
    """Owners 1 to 8 claim the table from eight threads at once (eight connections):
    the fence ends at 8, whatever the order, and every refusal was a smaller token."""
    stores = [Store(url) for _ in range(8)]
    refused: list[tuple[int, int]] = []  # (token, the fence that refused it)
    start = threading.Barrier(8)

    def claim(token: int) -> None:
        start.wait()
        try:
            stores[token - 1].claim_table("stud-1", token)
        except StaleOwner as error:
            refused.append((error.token, error.fence))

    threads = [threading.Thread(target=claim, args=(token,)) for token in range(1, 9)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for other in stores:
        other.close()
    assert store.table_fence("stud-1") == 8
    assert all(fence > token for token, fence in refused)
    assert 8 not in [token for token, _ in refused]


def test_next_fence_gives_each_new_owner_a_greater_token(store: Store) -> None:
    """The token a new owner writes with comes from the database, greater than every one
    before — even after owners wrote with tokens of their own — and shuts out the one
    before it."""
    assert store.next_fence("razz-1") == 1
    assert store.next_fence("razz-1") == 2
    assert store.next_fence("stud-2") == 1  # each table counts its own
    store.claim_table("razz-1", 7)
    assert store.next_fence("razz-1") == 8
    assert store.table_fence("razz-1") == 8
    with pytest.raises(StaleOwner):
        store.claim_table("razz-1", 7)


def test_next_fence_from_many_connections_at_once_never_repeats(url: str) -> None:
    from concurrent.futures import ThreadPoolExecutor

    stores = [Store(url) for _ in range(6)]
    try:
        with ThreadPoolExecutor(6) as pool:
            tokens = list(pool.map(lambda s: [s.next_fence("razz-1") for _ in range(5)], stores))
    finally:
        for one in stores:
            one.close()
    every = sorted(t for batch in tokens for t in batch)
    assert every == list(range(1, 31))
