"""Each stored hand's deal from seeds and its seed's reveal by epoch (issue 38 point 3,
docs/fairness.md): the seed secret while its table's epoch runs, every seed of an epoch
revealed at once when the table closes or the epoch is 24 hours old, a new epoch after it;
a deal kept in the hand's own transaction, on both backends."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from alembic import command

from studpoker.fairness import Deal, DealRecord
from studpoker.store import Account, HandPlayer, Store, StoreError
from studpoker.store.migrate import alembic_config, revision

from .conftest import Clock
from .test_hands import hand_row


def seed(number: int) -> bytes:
    return bytes([number]) * 32


def dealt(
    store: Store,
    number: int,
    table: str = "stud-1",
    players: tuple[HandPlayer, ...] = (HandPlayer(1, "ann", 0), HandPlayer(2, "bo", 0)),
    **changes: Any,
) -> int:
    """Hand ``number`` of ``table`` kept with its deal, in the table's current epoch."""
    deal = Deal(seed(number), f"{table}/{number}", [b"ann", b"bo"], 52)
    said = DealRecord.of(deal, chosen_by_room=frozenset({1}), server_seed=seed(number))
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


def test_a_table_back_from_another_owner_that_closed_it_begins_a_new_epoch(
    url: str, clock: Clock
) -> None:
    """The store reads a table's open epoch once an owner (keep_deal): the table taken
    over by another process, which closes its epoch, and then taken back (a new fencing
    token), deals in a new epoch, secret for its own 24 hours, not in the closed one."""

    def kept(store: Store, number: int, fence: int) -> int:
        deal = Deal(seed(number), f"stud-1/{number}", [b"ann", b"bo"], 52)
        said = DealRecord.of(deal, chosen_by_room=frozenset({1}), server_seed=seed(number))
        players = (HandPlayer(1, "ann", 0), HandPlayer(2, "bo", 0))
        row = hand_row(number, *players, table_id="stud-1", mode="practice", deal=said)
        return store.record_hand(row, fence=fence)

    with Store(url, clock=clock) as first, Store(url, clock=clock) as other:
        one = kept(first, 1, first.next_fence("stud-1"))
        two = kept(other, 2, other.next_fence("stud-1"))  # taken over
        assert other.close_epoch("stud-1") == 2  # and closed there: both revealed
        clock.advance(3600)
        three = kept(first, 3, first.next_fence("stud-1"))  # back, a new epoch
        assert first.epoch_for("stud-1") == clock.now
        clock.advance(23 * 3600)  # the closed epoch's 24 hours are over; this one's not
        deals = first.deals_of([one, two, three])
        assert [deals[hand].server_seed for hand in (one, two, three)] == [seed(1), seed(2), None]
        four = kept(first, 4, first.next_fence("stud-1"))
        assert first.close_epoch("stud-1") == 2  # hands 3 and 4: one epoch
        assert first.deal_of(four).server_seed == seed(4)  # type: ignore[union-attr]


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
    from studpoker.room.tournament_tables import hand_row_data, hand_row_of

    deal = Deal(seed(3), "t1-2/3", [b"ann", b"bo"], 52)
    said = DealRecord.of(deal, chosen_by_room=frozenset({0}), server_seed=seed(3), test_seed=True)
    row = hand_row(3, HandPlayer(1, "ann", 0), table_id="t1-2", mode="tournament", deal=said)
    again = hand_row_of(json.loads(json.dumps(hand_row_data(row))))
    assert again == row


def played_by(*accounts: Account) -> tuple[HandPlayer, ...]:
    return tuple(HandPlayer(at + 1, a.name, 0, a.id) for at, a in enumerate(accounts))


def seeds_of(store: Store, table: str, asker: Account | None = None, **how: Any) -> list[Any]:
    """The revealed deals ``asker`` gets of ``table``: each hand's id and server seed."""
    given = store.revealed_seeds(table, None if asker is None else asker.id, **how)
    return [(deal["hand_id"], deal["server_seed"]) for deal in given]


def test_a_closed_private_tables_seeds_are_for_those_who_played_there(
    store: Store, clock: Clock
) -> None:
    """Issue 38: a private table whose host let only the invited watch showed its hands
    to the invited only; its revealed seeds give away every down card of them, folded
    ones too, so they go to its players alone, not to anyone once the table is closed."""
    ann, bo, cy = (store.create_account(name, None) for name in ("ann", "bo", "cy"))
    first = dealt(store, 1, "friends", played_by(ann, bo), invited_only=True)
    second = dealt(store, 2, "friends", played_by(ann, bo), invited_only=True)
    public = dealt(store, 1, "open", played_by(ann, bo))
    clock.advance(60)
    assert (store.close_epoch("friends"), store.close_epoch("open")) == (2, 1)
    both = [("friends/1", seed(1).hex()), ("friends/2", seed(2).hex())]
    assert seeds_of(store, "friends", ann) == both
    assert seeds_of(store, "friends", bo) == both
    assert seeds_of(store, "friends", cy) == []  # another account: none of them
    assert seeds_of(store, "friends") == []  # nor an asker with no account
    # While it ran, the room let the invited watch it (room.check_watch): they get them.
    assert seeds_of(store, "friends", cy, watching=True) == both
    assert seeds_of(store, "friends", watching=True) == both
    # The hands' own deals are their players' downloads, revealed as ever.
    kept = store.deals_of([first, second, public])
    assert [kept[h].server_seed for h in (first, second, public)] == [seed(1), seed(2), seed(1)]
    # A public table's closed deals are anyone's still.
    for asker in (ann, cy, None):
        assert seeds_of(store, "open", asker) == [("open/1", seed(1).hex())]


def test_a_private_tables_seeds_go_by_each_deal(store: Store, clock: Clock) -> None:
    """A table id the room used again (a public table, then a private one): the public
    hand's deal is anyone's, the private hands' are for whoever played one of them; a
    player of the public hand alone is not one of them."""
    ann, bo, cy, dee = (store.create_account(n, None) for n in ("ann", "bo", "cy", "dee"))
    dealt(store, 1, "blue", played_by(cy, dee))
    dealt(store, 2, "blue", played_by(ann, bo), invited_only=True)
    dealt(store, 3, "blue", played_by(ann, dee), invited_only=True)
    clock.advance(60)
    assert store.close_epoch("blue") == 3
    everything = [("blue/1", seed(1).hex()), ("blue/2", seed(2).hex()), ("blue/3", seed(3).hex())]
    assert seeds_of(store, "blue", ann) == everything
    assert seeds_of(store, "blue", bo) == everything
    assert seeds_of(store, "blue", dee) == everything  # played hand 3 of the private one
    assert seeds_of(store, "blue", cy) == [("blue/1", seed(1).hex())]
    assert seeds_of(store, "blue") == [("blue/1", seed(1).hex())]


def test_a_private_table_open_when_deals_are_migrated_keeps_its_seeds(
    store: Store, clock: Clock
) -> None:
    """Migration 0013: the deals kept before it of a table the room still keeps open as a
    private one for the invited only are marked so; any other table's stay anyone's (a
    closed table's privacy is not kept: nothing says it was private)."""
    ann, bo, cy = (store.create_account(n, None) for n in ("ann", "bo", "cy"))
    private = {"host_id": ann.id, "host": "ann", "invite": "x" * 16, "onlookers": "invited"}
    for table, choices in (
        ("friends", {"game": "razz", "private": private}),
        ("watched", {"game": "razz", "private": private | {"onlookers": "anyone"}}),
        ("open", {"game": "razz"}),
    ):
        store.keep_table(table, json.dumps(choices))
    for table in ("friends", "watched", "open", "gone"):
        dealt(store, 1, table, played_by(ann, bo))  # as a room before 0013 kept them
    with store.engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0012")
    store.migrate()
    assert revision(store.engine) == "0013"
    clock.advance(60)
    for table in ("friends", "watched", "open", "gone"):
        assert store.close_epoch(table) == 1
        assert seeds_of(store, table, ann) == [(f"{table}/1", seed(1).hex())]
        expected = [] if table == "friends" else [(f"{table}/1", seed(1).hex())]
        assert seeds_of(store, table, cy) == expected, table
        assert seeds_of(store, table) == expected, table
