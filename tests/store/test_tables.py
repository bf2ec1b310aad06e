"""The tables the room keeps (store/tables.py, docs/scaling.md), on SQLite and on
PostgreSQL: each with the choices it was opened with and who sits where, written through
the journal in order with its hands, read back as written; a seating for a table not
kept, a config that is not JSON or a stale owner's write refused, changing nothing."""

from __future__ import annotations

import json

import pytest

from studpoker.store import (
    JournalActions,
    JournalDeal,
    JournalSeating,
    StaleOwner,
    Store,
    StoreError,
)

from .conftest import Clock
from .test_journal import SETUP, START

CHOICES = json.dumps({"game": "razz", "mode": "chips", "name": "Blue"})
SEATING = json.dumps({"seats": [[0, 7, "alice", 1000, 0, False, False]], "waiting": []})


def test_a_kept_table_reads_back_with_its_choices_creator_and_seating(
    store: Store, clock: Clock
) -> None:
    alice = store.create_account("alice", None)
    assert store.kept_tables() == []
    store.keep_table("razz-1", CHOICES, created_by=alice.id)
    clock.advance(1)
    store.keep_table("stud-2", json.dumps({"game": "seven_card_stud", "mode": "practice"}))
    first, second = store.kept_tables()
    assert (first.table_id, first.config, first.created_by, first.seating) == (
        "razz-1",
        CHOICES,
        alice.id,
        None,
    )
    assert (second.table_id, second.created_by) == ("stud-2", None)
    assert first.created_at < second.created_at
    # Kept again (the room started again): the choices replaced, the rest as it was.
    store.write_journal([JournalSeating("razz-1", SEATING)])
    renamed = json.dumps({"game": "razz", "mode": "chips", "name": "Green"})
    store.keep_table("razz-1", renamed)
    again = store.kept_tables()[0]
    assert (again.config, again.created_by, again.seating) == (renamed, alice.id, SEATING)
    assert again.created_at == first.created_at


def test_seating_is_written_in_order_with_the_hands_journal(store: Store) -> None:
    store.keep_table("razz-1", CHOICES)
    later = json.dumps({"seats": [], "waiting": []})
    store.write_journal(
        [
            JournalSeating("razz-1", SEATING),
            JournalDeal("razz-1", 4, SETUP, START),
            JournalActions("razz-1", 4, 0, ["bring_in"]),
            JournalSeating("razz-1", later),
        ]
    )
    assert store.kept_tables()[0].seating == later
    assert store.running_hand("razz-1").actions == ("bring_in",)


def test_a_seating_or_config_refused_changes_nothing(store: Store) -> None:
    store.keep_table("razz-1", CHOICES)
    store.write_journal([JournalSeating("razz-1", SEATING)])
    with pytest.raises(StoreError, match="the room keeps no table stud-9: its seating"):
        store.write_journal(
            [JournalDeal("razz-1", 5, SETUP, START), JournalSeating("stud-9", SEATING)]
        )
    assert store.running_hand("razz-1") is None  # the deal before it is not written either
    with pytest.raises(StoreError, match="a table's seating is JSON text"):
        store.write_journal([JournalSeating("razz-1", "{not json")])
    with pytest.raises(StoreError, match="a table's config is JSON text"):
        store.keep_table("razz-2", "seven card stud")
    with pytest.raises(StoreError, match="no account 99: table razz-2 is not kept"):
        store.keep_table("razz-2", CHOICES, created_by=99)
    with pytest.raises(StoreError, match="a journal entry is a deal, actions or a seating"):
        store.write_journal(["seat 3"])  # type: ignore[list-item]
    assert [table.table_id for table in store.kept_tables()] == ["razz-1"]
    assert store.kept_tables()[0].seating == SEATING


def test_a_stale_owner_writes_no_seating(store: Store) -> None:
    store.keep_table("razz-1", CHOICES, fence=2)
    store.write_journal([JournalSeating("razz-1", SEATING, fence=3)])
    with pytest.raises(StaleOwner):
        store.write_journal([JournalSeating("razz-1", "{}", fence=2)])
    with pytest.raises(StaleOwner):
        store.keep_table("razz-1", "{}", fence=1)
    kept = store.kept_tables()[0]
    assert (kept.config, kept.seating) == (CHOICES, SEATING)
