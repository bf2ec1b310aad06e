"""The running hands (store/journal.py, docs/scaling.md), on SQLite and on PostgreSQL: a
hand's deal and its actions stored as they happen, read back in order, gone once the
hand is stored or void; a wrong action number, another hand's action or a stale owner's
write refused with a clear error, changing nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from studpoker.store import (
    HandPlayer,
    HandRow,
    JournalActions,
    JournalDeal,
    RunningHand,
    StaleOwner,
    Store,
    StoreError,
)

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
# What a table deals from: the game, the seats and their stacks, the deck's order.
SETUP = json.dumps(
    {
        "game": "razz",
        "seats": [[0, 7, "alice", 1000], [3, 8, "bob", 600]],
        "deck": ["Ah", "2c", "Kd", "5s", "9h", "3d"],
    }
)


def finished(number: int) -> HandRow:
    return HandRow(
        table_id="razz-1",
        number=number,
        game="razz",
        mode="practice",
        started_at=START,
        ended_at=START,
        record="",
        events="[]",
        pot=20,
        players=[HandPlayer(0, "alice", 10), HandPlayer(3, "bob", -10)],
    )


def test_a_running_hand_reads_back_its_deal_and_actions_in_order(store: Store) -> None:
    assert store.running_hand("razz-1") is None
    store.begin_hand("razz-1", 4, SETUP, START)
    store.log_actions("razz-1", 4, 0, ["bring_in"])
    store.log_actions("razz-1", 4, 1, ["complete 20", "call"])  # two at once, in order
    running = RunningHand("razz-1", 4, START, SETUP, ("bring_in", "complete 20", "call"))
    assert store.running_hand("razz-1") == running
    store.begin_hand("stud-2", 1, "{}", START)
    assert store.running_hands() == [running, RunningHand("stud-2", 1, START, "{}", ())]
    # Played out and stored: it runs no more; the other table's hand still does.
    store.record_hand(finished(4))
    assert store.running_hand("razz-1") is None
    assert store.running_hands() == [RunningHand("stud-2", 1, START, "{}", ())]
    assert store.last_hand_number("razz-1") == 4


def test_an_action_out_of_turn_or_of_another_hand_is_refused(store: Store) -> None:
    store.begin_hand("razz-1", 4, SETUP, START)
    store.log_actions("razz-1", 4, 0, ["bring_in"])
    before = store.running_hand("razz-1")
    with pytest.raises(StoreError, match="has 1 actions stored: the next is action 1, not 2"):
        store.log_actions("razz-1", 4, 2, ["call"])
    with pytest.raises(StoreError, match="has 1 actions stored: the next is action 1, not 0"):
        store.log_actions("razz-1", 4, 0, ["fold"])  # the same action twice (a retry)
    with pytest.raises(StoreError, match="is playing hand 4, not hand 5"):
        store.log_actions("razz-1", 5, 1, ["call"])
    with pytest.raises(StoreError, match="is playing no hand, not hand 1"):
        store.log_actions("stud-9", 1, 0, ["call"])
    assert store.running_hand("razz-1") == before
    assert store.running_hand("stud-9") is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("razz-1", 0, SETUP, START), "a hand number"),
        (("razz-1", 1, "not json", START), "a hand's setup is JSON text"),
        (("razz-1", 1, None, START), "a hand's setup is JSON text"),
        (("razz-1", 1, SETUP, datetime(2026, 3, 1)), "a hand's start must be a datetime"),
        (("", 1, SETUP, START), "table"),
    ],
)
def test_a_bad_deal_is_refused_and_stores_nothing(
    store: Store, args: tuple[object, ...], message: str
) -> None:
    with pytest.raises(StoreError, match=message):
        store.begin_hand(*args)  # type: ignore[arg-type]
    assert store.running_hands() == []


def test_a_bad_action_is_refused_and_stores_nothing(store: Store) -> None:
    store.begin_hand("razz-1", 4, SETUP, START)
    for seq, action, message in [
        (-1, "call", "an action's number"),
        (0, "", "an action must be text of 1 to 32 characters"),
        (0, "x" * 33, "an action must be text of 1 to 32 characters"),
        (True, "call", "an action's number"),
    ]:
        with pytest.raises(StoreError, match=message):
            store.log_actions("razz-1", 4, seq, [action])  # type: ignore[arg-type]
    with pytest.raises(StoreError, match="actions are a list of texts, not 'call'"):
        store.log_actions("razz-1", 4, 0, "call")
    with pytest.raises(StoreError, match="an action must be text"):
        store.log_actions("razz-1", 4, 0, ["call", ""])  # one bad action: none is stored
    assert store.running_hand("razz-1") == RunningHand("razz-1", 4, START, SETUP, ())


def test_a_new_deal_voids_the_hand_before_and_void_hand_deletes_it(store: Store) -> None:
    store.begin_hand("razz-1", 4, SETUP, START)
    store.log_actions("razz-1", 4, 0, ["bring_in"])
    store.begin_hand("razz-1", 5, "{}", START)  # hand 4 was cut short
    assert store.running_hand("razz-1") == RunningHand("razz-1", 5, START, "{}", ())
    store.log_actions("razz-1", 5, 0, ["bring_in"])
    store.void_hand("razz-1", 4)  # not the running one: nothing changes
    assert store.running_hand("razz-1") == RunningHand("razz-1", 5, START, "{}", ("bring_in",))
    store.void_hand("razz-1", 5)
    assert store.running_hand("razz-1") is None
    store.void_hand("razz-1", 5)  # nothing left to delete: not an error
    assert store.running_hands() == []


def test_a_stale_owner_can_neither_deal_nor_act_nor_void(store: Store) -> None:
    store.claim_table("razz-1", 1)
    store.begin_hand("razz-1", 4, SETUP, START, fence=1)
    store.log_actions("razz-1", 4, 0, ["bring_in"], fence=1)
    # Another process takes the table over (token 2) and goes on with the hand.
    store.claim_table("razz-1", 2)
    store.log_actions("razz-1", 4, 1, ["complete 20"], fence=2)
    running = store.running_hand("razz-1")
    with pytest.raises(StaleOwner, match="fencing token 2; this write has 1"):
        store.log_actions("razz-1", 4, 2, ["fold"], fence=1)
    with pytest.raises(StaleOwner):
        store.begin_hand("razz-1", 5, SETUP, START, fence=1)
    with pytest.raises(StaleOwner):
        store.void_hand("razz-1", 4, fence=1)
    assert store.running_hand("razz-1") == running
    assert running is not None
    assert running.actions == ("bring_in", "complete 20")


def test_a_batch_of_many_tables_checks_every_fence_and_one_stale_refuses_it_all(
    store: Store,
) -> None:
    """A room writes what dozens of its tables did in one transaction, their fences
    checked in one statement on PostgreSQL: a first fenced write sets a table's fence,
    a current token raises it, and one stale table's entry refuses the whole batch."""
    store.claim_table("razz-1", 1)
    store.claim_table("razz-2", 4)
    first = [
        JournalDeal("razz-1", 4, SETUP, START, fence=2),  # a new owner's first write
        JournalDeal("razz-2", 9, SETUP, START, fence=4),  # the same owner
        JournalDeal("razz-3", 1, SETUP, START, fence=1),  # never fenced before
        JournalActions("razz-1", 4, 0, ["bring_in"], fence=2),
    ]
    store.write_journal(first)
    assert [store.table_fence(t) for t in ("razz-1", "razz-2", "razz-3")] == [2, 4, 1]
    assert [hand.actions for hand in store.running_hands()] == [("bring_in",), (), ()]
    stale = [
        JournalActions("razz-1", 4, 1, ["complete 20"], fence=2),
        JournalActions("razz-2", 9, 0, ["bring_in"], fence=3),  # razz-2 is fenced at 4
        JournalActions("razz-3", 1, 0, ["bring_in"], fence=1),
    ]
    before = store.running_hands()
    with pytest.raises(StaleOwner, match="table razz-2 has another owner now"):
        store.write_journal(stale)
    assert store.running_hands() == before
    assert [store.table_fence(t) for t in ("razz-1", "razz-2", "razz-3")] == [2, 4, 1]
