"""Hands: stored and read back whole; at chips tables the nets move the holdings in the
hand's own transaction, so a failure anywhere in it leaves no trace."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from sqlalchemy import event

from studpoker.store import Account, HandPlayer, HandRow, Store, StoreError, TableMode

START = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def hand_row(number: int, *players: HandPlayer, **changes: Any) -> HandRow:
    values: dict[str, Any] = {
        "table_id": "stud-1",
        "number": number,
        "game": "seven_card_stud",
        "mode": "chips",
        "started_at": START + timedelta(minutes=number),
        "ended_at": START + timedelta(minutes=number, seconds=50),
        "record": f'variant = "7S"\nhand = {number}\n',
        "events": json.dumps([{"event": "ante", "seat": 0, "amount": 5}]),
        "pot": sum(max(0, p.net) for p in players),
        "players": players,
    }
    return HandRow(**(values | changes))


def everything(store: Store, *accounts: Account) -> tuple[Any, ...]:
    return (
        [store.account(a.id) for a in accounts],
        [store.ledger(a.id) for a in accounts],
        store.holdings(),
        store.rollover("stud-1"),
        store.last_hand_number("stud-1"),
        store.total_chips(),
    )


@pytest.fixture
def seated(store: Store, alice: Account, bob: Account) -> tuple[Account, Account]:
    """alice with 600 and bob with 400 at table stud-1."""
    store.buy_in(alice.id, "stud-1", 600)
    store.buy_in(bob.id, "stud-1", 400)
    return alice, bob


def test_a_chips_hand_moves_each_holding_by_its_net(
    store: Store, seated: tuple[Account, Account]
) -> None:
    alice, bob = seated
    hand_id = store.record_hand(
        hand_row(1, HandPlayer(0, "alice", 150, alice.id), HandPlayer(3, "bob", -150, bob.id))
    )
    assert store.holdings("stud-1") == {("stud-1", alice.id): 750, ("stud-1", bob.id): 250}
    assert [(r.kind, r.table_change, r.hand_id) for r in store.ledger(bob.id)][-1] == (
        "hand",
        -150,
        hand_id,
    )
    # The balances are untouched: the money is at the table.
    assert (store.account(alice.id).balance, store.account(bob.id).balance) == (400, 100)  # type: ignore[union-attr]
    assert store.total_chips() == 1500
    assert store.audit() == []


def test_a_hand_reads_back_as_it_was_stored(store: Store, seated: tuple[Account, Account]) -> None:
    alice, bob = seated
    row = hand_row(7, HandPlayer(0, "alice", -40, alice.id), HandPlayer(3, "bob", 40, bob.id))
    hand_id = store.record_hand(row)
    stored = store.hand("stud-1", 7)
    assert stored is not None
    assert stored.id == hand_id
    assert (stored.table_id, stored.number, stored.game, stored.mode) == (
        "stud-1",
        7,
        "seven_card_stud",
        TableMode.CHIPS,
    )
    assert (stored.started_at, stored.ended_at) == (row.started_at, row.ended_at)
    assert stored.started_at.tzinfo == UTC
    assert (stored.record, stored.events, stored.pot, stored.rake) == (
        row.record,
        row.events,
        40,
        0,
    )
    assert stored.players == row.players
    assert store.hand("stud-1", 8) is None
    assert store.hand("razz-1", 7) is None


def test_hand_numbers_continue_after_a_restart(store: Store, url: str, alice: Account) -> None:
    assert store.last_hand_number("stud-1") == 0
    for number in (1, 2, 3):
        store.record_hand(hand_row(number, HandPlayer(0, "alice", 0, alice.id), mode="practice"))
    store.close()
    with Store(url) as again:
        assert again.last_hand_number("stud-1") == 3
        assert again.last_hand_number("razz-1") == 0


def test_a_hand_is_stored_once(store: Store, alice: Account) -> None:
    store.record_hand(hand_row(1, HandPlayer(0, "alice", 0, alice.id), mode="practice"))
    with pytest.raises(StoreError, match=r"^hand 1 of table stud-1 is already stored$"):
        store.record_hand(hand_row(1, HandPlayer(0, "alice", 0, alice.id), mode="practice"))


def test_practice_and_competition_hands_move_no_money(
    store: Store, seated: tuple[Account, Account]
) -> None:
    alice, bob = seated
    before = everything(store, alice, bob)[:4]
    for number, mode in ((1, "practice"), (2, TableMode.COMPETITION)):
        store.record_hand(
            hand_row(
                number,
                HandPlayer(0, "alice", 500, alice.id),
                HandPlayer(1, "Robot Rita", -300, None),
                HandPlayer(2, "bob", -200, bob.id),
                mode=mode,
                rollover=25,
            )
        )
    assert everything(store, alice, bob)[:4] == before
    assert store.hand("stud-1", 2).mode == "competition"  # type: ignore[union-attr]
    assert store.hand("stud-1", 2).rollover == 25  # type: ignore[union-attr]
    assert [h.number for h in store.hands_of(alice.id)] == [2, 1]
    assert store.audit() == []


def test_a_failure_inside_the_hand_leaves_nothing_changed(
    store: Store, seated: tuple[Account, Account]
) -> None:
    """The database fails when the ledger rows are written, after the hand was inserted
    and both holdings updated: all of it is rolled back."""
    alice, bob = seated
    before = everything(store, alice, bob)
    statements: list[str] = []

    def fail_at_the_ledger(*args: Any) -> None:
        statement = " ".join(args[2].split()).upper()
        statements.append(statement)
        if statement.startswith("INSERT INTO LEDGER"):
            raise RuntimeError("the database went away")

    event.listen(store.engine, "before_cursor_execute", fail_at_the_ledger)
    try:
        with pytest.raises(RuntimeError, match="the database went away"):
            store.record_hand(
                hand_row(
                    1, HandPlayer(0, "alice", 100, alice.id), HandPlayer(1, "bob", -100, bob.id)
                )
            )
    finally:
        event.remove(store.engine, "before_cursor_execute", fail_at_the_ledger)
    assert any(s.startswith("INSERT INTO HANDS") for s in statements)
    assert sum(s.startswith("UPDATE HOLDINGS") or "INTO HOLDINGS" in s for s in statements) == 2
    assert everything(store, alice, bob) == before
    assert store.hand("stud-1", 1) is None
    assert store.hands_of(alice.id) == []
    assert store.audit() == []


def test_a_net_beyond_the_chips_held_is_refused_and_changes_nothing(
    store: Store, seated: tuple[Account, Account]
) -> None:
    alice, bob = seated
    before = everything(store, alice, bob)
    with pytest.raises(
        StoreError, match=r"^bob holds 400 at table stud-1 and cannot lose 500 in hand 1$"
    ):
        store.record_hand(
            hand_row(1, HandPlayer(0, "alice", 500, alice.id), HandPlayer(1, "bob", -500, bob.id))
        )
    assert everything(store, alice, bob) == before
    assert store.hand("stud-1", 1) is None


def test_a_chips_hand_must_balance(store: Store, seated: tuple[Account, Account]) -> None:
    alice, bob = seated
    with pytest.raises(
        StoreError,
        match=r"^hand 1 at table stud-1 does not balance: the nets add up to 10 and the "
        "rollover goes from 0 to 0$",
    ):
        store.record_hand(
            hand_row(1, HandPlayer(0, "alice", 60, alice.id), HandPlayer(1, "bob", -50, bob.id))
        )
    with pytest.raises(StoreError, match="every player of a chips hand has an account"):
        store.record_hand(
            hand_row(1, HandPlayer(0, "alice", 50, alice.id), HandPlayer(1, "Robot", -50, None))
        )
    assert store.audit() == []


def test_a_rollover_is_kept_by_the_table_and_won_by_the_next_hand(
    store: Store, seated: tuple[Account, Account]
) -> None:
    """R6.8: bob's short call wins; alice's excess 30 stays on the table, and the next
    hand's winner takes it with the pot."""
    alice, bob = seated
    store.record_hand(
        hand_row(
            1,
            HandPlayer(0, "alice", -130, alice.id),
            HandPlayer(1, "bob", 100, bob.id),
            rollover=30,
        )
    )
    assert store.rollover("stud-1") == 30
    assert store.total_chips() == 1500
    assert store.audit() == []
    store.record_hand(
        hand_row(
            2,
            HandPlayer(0, "alice", 50, alice.id),
            HandPlayer(1, "bob", -20, bob.id),
            rollover=0,
        )
    )
    assert store.rollover("stud-1") == 0
    assert store.holdings("stud-1") == {("stud-1", alice.id): 520, ("stud-1", bob.id): 480}
    assert store.total_chips() == 1500
    assert store.audit() == []


def test_the_last_hands_rollover_is_shared_by_the_players(
    store: Store, seated: tuple[Account, Account]
) -> None:
    alice, bob = seated
    store.record_hand(
        hand_row(
            1, HandPlayer(0, "alice", -31, alice.id), HandPlayer(1, "bob", 0, bob.id), rollover=31
        )
    )
    with pytest.raises(StoreError, match="the shares must add up to 31, not 30"):
        store.set_rollover("stud-1", 0, shares={alice.id: 15, bob.id: 15})
    with pytest.raises(StoreError, match="cannot grow to 40 but by a hand"):
        store.set_rollover("stud-1", 40)
    store.set_rollover("stud-1", 0, shares={alice.id: 16, bob.id: 15})
    assert store.rollover("stud-1") == 0
    assert store.holdings("stud-1") == {("stud-1", alice.id): 585, ("stud-1", bob.id): 415}
    assert store.total_chips() == 1500
    assert store.audit() == []


def test_an_accounts_hands_come_newest_first_a_page_at_a_time(
    store: Store, alice: Account, bob: Account
) -> None:
    ids = [
        store.record_hand(
            hand_row(
                n,
                HandPlayer(0, "alice", 0, alice.id),
                *([HandPlayer(1, "bob", 0, bob.id)] if n % 2 else []),
                mode="practice",
            )
        )
        for n in range(1, 8)
    ]
    page = store.hands_of(alice.id, limit=3)
    assert [h.id for h in page] == ids[:-4:-1]
    assert [h.id for h in store.hands_of(alice.id, limit=3, before=page[-1].id)] == ids[3:0:-1]
    assert [h.number for h in store.hands_of(bob.id)] == [7, 5, 3, 1]
    assert all(len(h.players) == 2 for h in store.hands_of(bob.id))


def test_times_are_kept_in_utc(store: Store, alice: Account) -> None:
    taipei = timezone(timedelta(hours=8))
    started = datetime(2026, 3, 2, 4, 0, tzinfo=taipei)
    store.record_hand(
        hand_row(
            1,
            HandPlayer(0, "alice", 0, alice.id),
            mode="practice",
            started_at=started,
            ended_at=started + timedelta(seconds=30),
        )
    )
    stored = store.hand("stud-1", 1)
    assert stored is not None
    assert stored.started_at == datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
    assert stored.started_at.utcoffset() == timedelta(0)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"started_at": datetime(2026, 3, 1)},
            "a hand's start must be a datetime with a time zone",
        ),
        ({"ended_at": START - timedelta(days=1)}, "ends .* before it starts"),
        ({"events": "not json"}, "a hand's events are JSON text"),
        (
            {"mode": "gold"},
            "a table mode is one of practice, chips, competition, tournament, not 'gold'",
        ),
        ({"number": 0}, "a hand number must be a whole number of 1 or more, not 0"),
        ({"pot": -1}, "a pot must be a whole number of 0 or more"),
        ({"players": ()}, "hand 1 has no players"),
        ({"rollover": -5}, "a rollover must be a whole number of 0 or more"),
    ],
)
def test_bad_hands_are_refused(
    store: Store, alice: Account, changes: dict[str, Any], message: str
) -> None:
    changes = dict(changes)  # the same dict is given to each backend's case
    number = changes.pop("number", 1)
    with pytest.raises(StoreError, match=message):
        store.record_hand(hand_row(number, HandPlayer(0, "alice", 0, alice.id), **changes))
    assert store.last_hand_number("stud-1") == 0


def test_players_must_be_distinct_seats_of_known_accounts(store: Store, alice: Account) -> None:
    with pytest.raises(StoreError, match="hand 1 has seat 0 twice"):
        store.record_hand(
            hand_row(1, HandPlayer(0, "alice", 0, alice.id), HandPlayer(0, "x", 0), mode="practice")
        )
    with pytest.raises(StoreError, match=r"^no account 99 \(hand 1\)$"):
        store.record_hand(hand_row(1, HandPlayer(0, "ghost", 0, 99), mode="practice"))
    with pytest.raises(StoreError, match="hand 1 seats an account twice"):
        store.record_hand(
            hand_row(1, HandPlayer(0, "alice", 5, alice.id), HandPlayer(1, "alice", -5, alice.id))
        )
