"""Each stored hand's deal from seeds and its seed's reveal by epoch (issue 38 point 3,
docs/fairness.md): the seed secret while its table's epoch runs, every seed of an epoch
revealed at once when the table closes or the epoch is 24 hours old, a new epoch after it;
a deal kept in the hand's own transaction, on both backends."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from studpoker.fairness import Deal, DealRecord
from studpoker.store import HandPlayer, Store, StoreError

from .conftest import Clock
from .test_hands import hand_row


def seed(number: int) -> bytes:
    return bytes([number]) * 32


def dealt(store: Store, number: int, table: str = "stud-1", **changes: Any) -> int:
    """Hand ``number`` of ``table`` kept with its deal, in the table's current epoch."""
    deal = Deal(seed(number), f"{table}/{number}", [b"ann", b"bo"], 52)
    said = DealRecord.of(deal, chosen_by_room=frozenset({1}), server_seed=seed(number))
    players = (HandPlayer(1, "ann", 0), HandPlayer(2, "bo", 0))
    row = hand_row(number, *players, table_id=table, mode="practice", deal=said, **changes)
    return store.record_hand(row)


def test_a_seed_is_secret_until_its_table_closes(store: Store, clock: Clock) -> None:
    first, second = dealt(store, 1), dealt(store, 2)
    other = dealt(store, 1, table="razz-1")
    kept = store.deal_of(first)
    assert kept is not None
    assert kept.server_seed is None  # the epoch runs: secret
    assert kept.hand_id == "stud-1/1"
    assert kept.client_seeds == (b"ann", b"bo")
    assert kept.chosen_by_room == frozenset({1})
    assert kept.commitment == Deal(seed(1), "stud-1/1", [b"ann", b"bo"]).commitment
    assert store.revealed_seeds("stud-1") == []
    clock.advance(60)
    assert store.close_epoch("stud-1") == 2  # both hands of the epoch at once
    revealed = store.deals_of([first, second, other])
    assert revealed[first].server_seed == seed(1)
    assert revealed[second].server_seed == seed(2)
    assert revealed[other].server_seed is None  # another table's epoch runs on
    seeds = store.revealed_seeds("stud-1")
    assert [(s["hand_id"], s["server_seed"]) for s in seeds] == [
        ("stud-1/1", seed(1).hex()),
        ("stud-1/2", seed(2).hex()),
    ]
    assert seeds[0]["revealed_at"] == clock.now.isoformat()
    # The next hand begins a new epoch, secret again.
    third = dealt(store, 3)
    assert store.deal_of(third).server_seed is None  # type: ignore[union-attr]
    assert store.close_epoch("stud-1") == 1


def test_an_epoch_ends_at_24_hours_all_its_seeds_at_once(store: Store, clock: Clock) -> None:
    started = clock.now
    first = dealt(store, 1)
    clock.advance(23 * 3600)
    second = dealt(store, 2)  # the same epoch: it began with hand 1
    assert store.epoch_for("stud-1") == started
    assert store.deals_of([first, second])[second].server_seed is None
    clock.advance(3600)  # 24 hours since the epoch began
    both = store.deals_of([first, second])
    assert (both[first].server_seed, both[second].server_seed) == (seed(1), seed(2))
    assert store.epoch_for("stud-1") == clock.now  # the next hand: a new epoch
    third = dealt(store, 3)
    assert store.deal_of(third).server_seed is None  # type: ignore[union-attr]


def test_the_epochs_length_is_the_rooms_setting(store: Store, clock: Clock) -> None:
    store.epoch = timedelta(hours=1)
    first = dealt(store, 1)
    clock.advance(3599)
    assert store.deal_of(first).server_seed is None  # type: ignore[union-attr]
    clock.advance(1)
    assert store.deal_of(first).server_seed == seed(1)  # type: ignore[union-attr]


def test_a_hand_refused_keeps_no_deal(store: Store) -> None:
    dealt(store, 1)
    with pytest.raises(StoreError, match="already stored"):
        dealt(store, 1)  # the same hand again: refused, nothing more kept
    assert store.close_epoch("stud-1") == 1
    before = store.record_hand(hand_row(2, HandPlayer(1, "ann", 0), mode="practice"))
    assert store.deal_of(before) is None  # a hand with no deal has none


def test_a_hand_told_to_another_process_keeps_its_deal() -> None:
    """A tournament table tells its hand's end to a desk on another process as JSON
    (room/tournament_tables.py): the deal goes with it, bytes as hex, and comes back the
    same."""
    import json

    from studpoker.room.tournament_tables import hand_row_data, hand_row_of

    deal = Deal(seed(3), "t1-2/3", [b"ann", b"bo"], 52)
    said = DealRecord.of(deal, chosen_by_room=frozenset({0}), server_seed=seed(3), test_seed=True)
    row = hand_row(3, HandPlayer(1, "ann", 0), table_id="t1-2", mode="tournament", deal=said)
    again = hand_row_of(json.loads(json.dumps(hand_row_data(row))))
    assert again == row
