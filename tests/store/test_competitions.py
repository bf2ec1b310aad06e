"""Competitions (R7.3): entries paid into a pool in one transaction, standings saved,
prizes paid out of the pool."""

from __future__ import annotations

from datetime import timedelta

import pytest

from studpoker.store import Account, InsufficientFunds, LedgerKind, Placing, Store, StoreError

from .conftest import Clock


def test_entry_fees_go_into_the_pool_and_prizes_come_out(
    store: Store, alice: Account, bob: Account, clock: Clock
) -> None:
    ends = clock.now + timedelta(minutes=30)
    competition_id = store.start_competition(
        "razz-1", "razz", [alice.id, bob.id], chips=1000, entry_fee=100, ends_at=ends
    )
    assert (store.account(alice.id).balance, store.account(bob.id).balance) == (900, 400)  # type: ignore[union-attr]
    competition = store.competition(competition_id)
    assert competition is not None
    assert competition.running
    assert (competition.table_id, competition.game, competition.chips, competition.pool) == (
        "razz-1",
        "razz",
        1000,
        200,
    )
    assert (competition.started_at, competition.ends_at) == (clock.now, ends)
    assert competition.entrants == (alice.id, bob.id)
    assert competition.standings == ()
    assert store.total_chips() == 1500
    assert store.audit() == []

    clock.advance(600)
    store.finish_competition(
        competition_id,
        [Placing(bob.id, 2, 0), Placing(alice.id, 1, 2000)],
        prize={alice.id: 200},
    )
    done = store.competition(competition_id)
    assert done is not None
    assert not done.running
    assert done.finished_at == clock.now
    assert done.pool == 0
    assert done.standings == (Placing(alice.id, 1, 2000), Placing(bob.id, 2, 0))
    assert done.prizes == {alice.id: 200}
    assert store.account(alice.id).balance == 1100  # type: ignore[union-attr]
    assert [(r.kind, r.balance_change) for r in store.ledger(alice.id)][-2:] == [
        (LedgerKind.ENTRY, -100),
        (LedgerKind.PRIZE, 200),
    ]
    assert store.total_chips() == 1500
    assert store.audit() == []


def test_a_free_competition_still_writes_each_entry_in_the_ledger(
    store: Store, alice: Account, bob: Account, clock: Clock
) -> None:
    competition_id = store.start_competition(
        "stud-1",
        "seven_card_stud",
        [alice.id, bob.id],
        chips=1000,
        ends_at=clock.now + timedelta(hours=1),
    )
    entries = [r for r in store.ledger(bob.id) if r.kind == LedgerKind.ENTRY]
    assert [(r.balance_change, r.competition_id) for r in entries] == [(0, competition_id)]
    store.finish_competition(competition_id, [Placing(alice.id, 1, 2000), Placing(bob.id, 2, 0)])
    assert store.audit() == []


def test_an_entrant_who_cannot_pay_stops_the_competition_and_nobody_pays(
    store: Store, alice: Account, bob: Account, clock: Clock
) -> None:
    with pytest.raises(
        InsufficientFunds, match=r"^bob has 500 and cannot pay the entry fee of 600$"
    ):
        store.start_competition(
            "razz-1",
            "razz",
            [alice.id, bob.id],
            chips=1000,
            entry_fee=600,
            ends_at=clock.now + timedelta(hours=1),
        )
    assert store.account(alice.id).balance == 1000  # type: ignore[union-attr]
    assert store.competitions() == []
    assert store.audit() == []


def test_one_competition_at_a_time_at_a_table(
    store: Store, alice: Account, bob: Account, clock: Clock
) -> None:
    ends = clock.now + timedelta(hours=1)
    first = store.start_competition("razz-1", "razz", [alice.id, bob.id], chips=1000, ends_at=ends)
    with pytest.raises(StoreError, match=f"^table razz-1 has competition {first} running$"):
        store.start_competition("razz-1", "razz", [alice.id, bob.id], chips=1000, ends_at=ends)
    other = store.start_competition("stud-1", "razz", [alice.id, bob.id], chips=1000, ends_at=ends)
    assert [c.id for c in store.competitions(running=True)] == [other, first]
    assert [c.id for c in store.competitions("razz-1")] == [first]
    store.finish_competition(first, [Placing(alice.id, 1, 2000), Placing(bob.id, 2, 0)])
    assert [c.id for c in store.competitions(running=True)] == [other]
    assert [c.id for c in store.competitions(running=False)] == [first]


@pytest.mark.parametrize(
    ("entrants", "message"),
    [
        ("one", "a competition has 2 players or more"),
        ("twice", "a competition's entrants are different accounts"),
    ],
)
def test_a_competition_needs_two_different_players(
    store: Store, alice: Account, clock: Clock, entrants: str, message: str
) -> None:
    ids = [alice.id] if entrants == "one" else [alice.id, alice.id]
    with pytest.raises(StoreError, match=message):
        store.start_competition(
            "razz-1", "razz", ids, chips=1000, ends_at=clock.now + timedelta(hours=1)
        )


def test_finishing_needs_every_entrant_and_the_whole_pool_paid(
    store: Store, alice: Account, bob: Account, clock: Clock
) -> None:
    competition_id = store.start_competition(
        "razz-1",
        "razz",
        [alice.id, bob.id],
        chips=1000,
        entry_fee=50,
        ends_at=clock.now + timedelta(hours=1),
    )
    both = [Placing(alice.id, 1, 2000), Placing(bob.id, 2, 0)]
    with pytest.raises(StoreError, match="must list its entrants"):
        store.finish_competition(competition_id, both[:1], prize={alice.id: 100})
    with pytest.raises(StoreError, match=r"has 100 in entry fees to pay out: .* not to 60"):
        store.finish_competition(competition_id, both, prize={alice.id: 60})
    with pytest.raises(StoreError, match="not to 0"):
        store.finish_competition(competition_id, both)
    assert store.competition(competition_id).running  # type: ignore[union-attr]
    store.finish_competition(competition_id, both, prize={alice.id: 70, bob.id: 30})
    with pytest.raises(StoreError, match=f"competition {competition_id} is already finished"):
        store.finish_competition(competition_id, both, prize={alice.id: 100})
    with pytest.raises(StoreError, match=r"^no competition 99$"):
        store.finish_competition(99, both)
    assert store.competition(99) is None
    assert store.audit() == []
