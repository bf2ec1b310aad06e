"""The room's money paths where a mutation run found no test (docs/mutation.md): the
refusals of a top-up, and the refund of a buy-in the table does not take after the
store took it (R7.2).  Each test fails on a mutant that the other tests let through.

One player at a Razz chips table (buy-ins 4000 to 40000: 10 and 100 big bets), so no
hand is dealt and every chip is where the test puts it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import create_engine, select

from studpoker.room import Room, RoomError
from studpoker.store import Account, HandPlayer, HandRow, LedgerKind, Store
from studpoker.store.errors import StoreError
from studpoker.store.models import HoldingModel
from studpoker.table import TableError
from studpoker.table.snapshot import event_dict


@pytest.fixture
def url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'room.db'}"


async def room_with_ann(url: str, mode: str = "chips") -> tuple[Room, object]:
    """A room with one table, "blue", and ann, who has 10000 in her account."""
    room = Room(Store(url), seed=3, pause=0, clock=30, default_tables=False)
    await room.start()
    await room.create_table("razz", mode, table_id="blue")
    ann, _ = await room.register("ann", "password1")
    room.store.deposit(ann.id, 10_000)
    return room, ann


def balance(room: Room, account) -> int:
    return room.store.account(account.id).balance


# R7.1 ---------------------------------------------------------------------------------


def test_r7_1_a_practice_table_takes_no_top_up(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url, "practice")
        await room.sit(ann, "blue", seat=0)
        with pytest.raises(RoomError) as refused:
            await room.top_up(ann, "blue", 100)
        assert str(refused.value) == (
            "only a chips table takes top-ups: practice chips are unlimited"
        )
        await room.stop()

    asyncio.run(play())


# R7.2 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("amount", [0, -5, True, 2.5, "100"])
def test_r7_2_a_top_up_that_is_not_a_whole_number_above_0_is_refused(url: str, amount):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        with pytest.raises(RoomError) as refused:
            await room.top_up(ann, "blue", amount)
        assert str(refused.value) == (
            f"a top-up is a whole number of chips above 0, not {amount!r}"
        )
        assert balance(room, ann) == 6000
        assert room.tables["blue"].table.seats[0].chips == 4000
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_top_up_of_1_chip_is_taken(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        await room.top_up(ann, "blue", 1)
        assert balance(room, ann) == 5999
        assert room.tables["blue"].table.seats[0].chips == 4001
        assert room.store.holdings("blue") == {("blue", ann.id): 4001}
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_top_up_beyond_the_largest_stack_says_so_and_takes_nothing(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        room.store.deposit(ann.id, 40_000)
        with pytest.raises(RoomError) as refused:
            await room.top_up(ann, "blue", 36_001)
        assert str(refused.value) == (
            "seat 0 may top up 36000 chips at most: a stack is 40000 at most"
        )
        assert balance(room, ann) == 46_000
        assert room.store.holdings("blue") == {("blue", ann.id): 4000}
        await room.stop()

    asyncio.run(play())


def refuse(*args) -> None:
    raise TableError("the table changed its mind", "internal")


def test_r7_2_a_top_up_the_table_refuses_after_the_store_took_it_is_paid_back(url: str):
    """The store moves the top-up first; should the table then refuse it (a bug: the
    same check passed a moment before), the chips go back to the balance."""

    async def play() -> None:
        room, ann = await room_with_ann(url)
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        table = room.tables["blue"].table
        table.top_up = refuse  # type: ignore[method-assign]
        with pytest.raises(RoomError) as refused:
            await room.top_up(ann, "blue", 500)
        assert str(refused.value) == "the table changed its mind"
        assert refused.value.code == "internal"  # the table's code, as it gave it
        assert balance(room, ann) == 6000
        assert room.store.holdings("blue") == {("blue", ann.id): 4000}
        assert table.halted is None
        assert room.store.audit() == []
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_seat_the_table_refuses_after_the_store_took_the_buy_in_is_paid_back(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        table = room.tables["blue"].table
        table.sit = refuse  # type: ignore[method-assign]
        with pytest.raises(RoomError) as refused:
            await room.sit(ann, "blue", seat=0, buy_in=4000)
        assert str(refused.value) == "the table changed its mind"
        assert balance(room, ann) == 10_000
        assert room.store.holdings() == {}
        assert room.seat_of(ann.id, "blue") is None
        assert table.halted is None
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_refund_the_store_refuses_halts_the_table_and_says_why(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        table = room.tables["blue"].table
        table.sit = refuse  # type: ignore[method-assign]

        def read_only(*args, **kwargs) -> int:
            raise StoreError("the database is read-only")

        room.store.cash_out = read_only  # type: ignore[method-assign]
        with pytest.raises(RoomError) as refused:
            await room.sit(ann, "blue", seat=0, buy_in=4000)
        assert str(refused.value) == "the table changed its mind"
        assert table.halted == (
            f"a refund of 4000 to account {ann.id} failed: the database is read-only"
        )
        assert balance(room, ann) == 6000  # the ledger keeps the 4000 at the table
        assert room.store.holdings() == {("blue", ann.id): 4000}
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_seat_already_leaving_says_so_when_it_stands_again(url: str):
    """Standing during a hand marks the seat as leaving; it goes, with its chips back
    to the balance, when the hand ends."""

    async def play() -> None:
        room, ann, _ = await seated_pair(url)
        table = room.tables["blue"].table
        await room.stand(ann, "blue")
        assert table.seats[0].leaving
        with pytest.raises(RoomError) as refused:
            await room.stand(ann, "blue")
        assert str(refused.value) == "seat 0 is already leaving: it goes when this hand ends"
        await room.stop()

    asyncio.run(play())


async def seated_pair(url: str) -> tuple[Room, object, object]:
    """ann and bo seated with 4000 each at the chips table; a hand is dealt, and the
    test returns once bo is to act (nobody answers for bo)."""
    room, ann = await room_with_ann(url)
    bo, _ = await room.register("bo", "password1")
    room.store.deposit(bo.id, 10_000)
    table = room.tables["blue"].table
    await room.sit(ann, "blue", seat=0, buy_in=4000)
    await room.sit(bo, "blue", seat=1, buy_in=4000)
    deadline = asyncio.get_running_loop().time() + 20
    while not (table.turn is not None and table.turn.seat == 1):
        assert asyncio.get_running_loop().time() < deadline, "bo was never to act"
        turn = table.turn
        if turn is not None and turn.seat == 0:
            kinds = {option.kind.value for option in turn.legal_actions}
            kind = next(k for k in ("check", "call", "bring_in") if k in kinds)
            room.act(ann, "blue", kind, turn.seq)
        await asyncio.sleep(0.002)
    return room, ann, bo


def test_r7_2_a_top_up_during_a_hand_waits_and_the_books_still_agree(url: str):
    async def play() -> None:
        room, ann, _ = await seated_pair(url)
        table = room.tables["blue"].table
        await room.top_up(ann, "blue", 1000)
        assert table.seats[0].top_up == 1000
        assert table.halted is None
        assert room.store.audit() == []
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_top_up_beyond_the_balance_says_so(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        with pytest.raises(RoomError) as refused:
            await room.top_up(ann, "blue", 7000)
        assert str(refused.value) == "ann has 6000 and cannot buy in for 7000"
        assert room.store.holdings("blue") == {("blue", ann.id): 4000}
        await room.stop()

    asyncio.run(play())


def test_books_that_disagree_for_two_accounts_say_both(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        bo, _ = await room.register("bo", "password1")
        room.store.deposit(bo.id, 10_000)
        table = room.tables["blue"].table
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        # Behind the room's back: one more chip for ann, 700 for bo, who has no seat.
        room.store.buy_in(ann.id, "blue", 1)
        room.store.buy_in(bo.id, "blue", 700)
        await room.stand(ann, "blue")
        # The table's own check before a deal may see it before ann leaves, or the
        # room's after she has left: either way one message names both accounts.
        ann_then = "ann (account 1) has 4000 at the table but the database holds 4001"
        ann_left = "ann (account 1) has 0 at the table but the database holds 1"
        bo = "bo (account 2) has 0 at the table but the database holds 700"
        assert table.halted in {
            f"its books disagree with the database: table blue: {ann}; table blue: {bo}"
            for ann in (ann_then, ann_left)
        }
        await room.stop()

    asyncio.run(play())


def ledger_kinds(room: Room, account) -> list[str]:
    return [row.kind.value for row in room.store.ledger(account.id)]


def test_r7_2_a_guest_plays_at_practice_tables_only(url: str):
    async def play() -> None:
        room, _ = await room_with_ann(url)
        await room.create_table("razz", "practice", table_id="green")
        guest, _ = await room.guest()
        with pytest.raises(RoomError) as refused:
            await room.sit(guest, "blue", seat=0, buy_in=4000)
        assert str(refused.value) == (
            "guests play at practice tables only: register to play for chips"
        )
        assert await room.sit(guest, "green", seat=2) == 2
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_computer_players_account_plays_practice_only(url: str):
    async def play() -> None:
        room, _ = await room_with_ann(url)
        bot, _ = await room.register("robo", "password1", bot=True)
        with pytest.raises(RoomError) as refused:
            await room.sit(bot, "blue", seat=0, buy_in=4000)
        assert str(refused.value) == "computer players play at practice tables only"
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_chips_seat_without_a_buy_in_takes_the_smallest_in_the_seat_asked(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        table = room.tables["blue"].table
        assert await room.sit(ann, "blue", seat=3) == 3
        assert table.seats[3].chips == 4000
        assert balance(room, ann) == 6000
        assert room.player(ann.id, "blue") is not None
        await room.stop()

    asyncio.run(play())


@pytest.mark.parametrize(
    ("buy_in", "message"),
    [
        (True, "a buy-in is a whole number of chips, not True"),
        ("4000", "a buy-in is a whole number of chips, not '4000'"),
        (4000.0, "a buy-in is a whole number of chips, not 4000.0"),
        (3999, "a buy-in is 4000 to 40000 chips, not 3999"),
        (40_001, "a buy-in is 4000 to 40000 chips, not 40001"),
    ],
)
def test_r7_2_a_buy_in_outside_the_tables_range_is_refused(url: str, buy_in, message):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        with pytest.raises(RoomError) as refused:
            await room.sit(ann, "blue", seat=0, buy_in=buy_in)
        assert str(refused.value) == message
        assert ledger_kinds(room, ann) == ["deposit"]
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_buy_in_beyond_the_balance_says_so(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        with pytest.raises(RoomError) as refused:
            await room.sit(ann, "blue", seat=0, buy_in=12_000)
        assert str(refused.value) == "ann has 10000 and cannot buy in for 12000"
        assert room.seat_of(ann.id, "blue") is None
        assert ledger_kinds(room, ann) == ["deposit"]
        await room.stop()

    asyncio.run(play())


def test_r8_3_one_account_holds_one_seat_a_table(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        with pytest.raises(RoomError) as refused:
            await room.sit(ann, "blue", seat=1, buy_in=4000)
        assert str(refused.value) == "ann is already seated at blue"
        assert ledger_kinds(room, ann) == ["deposit", "buy_in"]
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_taken_chips_seat_is_refused_before_any_money_moves(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        bo, _ = await room.register("bo", "password1")
        room.store.deposit(bo.id, 10_000)
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        with pytest.raises(RoomError) as refused:
            await room.sit(bo, "blue", seat=0, buy_in=4000)
        assert str(refused.value) == "seat 0 is taken"
        assert ledger_kinds(room, bo) == ["deposit"]
        await room.stop()

    asyncio.run(play())


def test_r7_1_a_practice_seat_is_the_one_asked_with_the_most_chips(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url, "practice")
        bo, _ = await room.register("bo", "password1")
        table = room.tables["blue"].table
        assert await room.sit(ann, "blue", seat=3) == 3
        assert table.seats[3].chips == table.config.buy_in_max
        assert room.player(ann.id, "blue") is not None
        with pytest.raises(RoomError) as refused:
            await room.sit(bo, "blue", seat=3)
        assert str(refused.value) == "seat 3 is taken"
        await room.stop()

    asyncio.run(play())


def test_r7_2_standing_up_pays_the_stack_back_and_frees_the_player(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        table = room.tables["blue"].table
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        await room.stand(ann, "blue")
        assert balance(room, ann) == 10_000
        assert room.store.holdings() == {}
        assert room.player(ann.id, "blue") is None
        assert table.halted is None
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_leaving_player_takes_the_chips_of_the_seat_not_what_the_store_holds(url: str):
    """The ledger's extra 500 (a race the room did not see) stay at the table, and
    the books say so: only the 4000 of the seat go back."""

    async def play() -> None:
        room, ann = await room_with_ann(url)
        table = room.tables["blue"].table
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        await asyncio.sleep(0.1)  # the table has looked for a hand to deal, and waits
        room.store.buy_in(ann.id, "blue", 500)
        await room.stand(ann, "blue")
        assert balance(room, ann) == 9500
        assert room.store.holdings() == {("blue", ann.id): 500}
        assert table.halted == (
            "its books disagree with the database: table blue: ann (account 1) has 0 at "
            "the table but the database holds 500"
        )
        await room.stop()

    asyncio.run(play())


def test_r7_2_a_cash_out_the_store_refuses_halts_the_table_and_pays_what_it_holds(url: str):
    async def play() -> None:
        room, ann = await room_with_ann(url)
        table = room.tables["blue"].table
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        cash_out = room.store.cash_out

        def refuse_an_amount(account_id, table_id, amount=None, *, fence=None) -> int:
            if amount is not None:
                raise StoreError("the database is read-only")
            return cash_out(account_id, table_id, fence=fence)

        room.store.cash_out = refuse_an_amount  # type: ignore[method-assign]
        await room.stand(ann, "blue")
        assert table.halted == "ann left seat 0 with 4000 chips: the database is read-only"
        assert balance(room, ann) == 10_000
        assert room.store.holdings() == {}
        await room.stop()

    asyncio.run(play())


# The store's money (store/money.py, R7.2, R6.8) ---------------------------------------

START = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    """A migrated store whose clock stands at START."""
    with Store(url, clock=lambda: START) as store:
        store.migrate()
        yield store


@pytest.fixture
def alice(store: Store) -> Account:
    """An account with 1000 in it."""
    account = store.create_account("alice", "hash-a")
    store.deposit(account.id, 1000)
    return account


def chips_hand(number: int, *players: HandPlayer, **changes: Any) -> HandRow:
    values: dict[str, Any] = {
        "table_id": "stud-1",
        "number": number,
        "game": "show_hand",
        "mode": "chips",
        "started_at": START,
        "ended_at": START + timedelta(seconds=50),
        "record": f'variant = "FCS"\nhand = {number}\n',
        "events": "[]",
        "pot": sum(max(0, p.net) for p in players),
        "players": players,
    }
    return HandRow(**(values | changes))


def holding_rows(url: str) -> list[tuple[str, int, int]]:
    """Every row of the holdings table, a holding of 0 chips too."""
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(
            select(HoldingModel.table_id, HoldingModel.account_id, HoldingModel.chips)
        ).all()
    engine.dispose()
    return sorted(tuple(row) for row in rows)


def test_r7_2_a_player_may_buy_in_for_their_whole_balance(store: Store, alice: Account):
    assert store.buy_in(alice.id, "stud-1", 1000) == 0
    assert store.holdings() == {("stud-1", alice.id): 1000}


def test_r7_2_a_cash_out_at_one_table_leaves_the_chips_at_another(store: Store, alice: Account):
    store.buy_in(alice.id, "stud-1", 400)
    store.buy_in(alice.id, "razz-1", 300)
    assert store.cash_out(alice.id, "stud-1", 150) == 450
    assert store.holdings() == {("stud-1", alice.id): 250, ("razz-1", alice.id): 300}


def test_each_ledger_row_says_its_order_when_whose_and_no_note(store: Store, alice: Account):
    store.buy_in(alice.id, "stud-1", 400)
    store.cash_out(alice.id, "stud-1", 100)
    rows = store.ledger(alice.id)
    assert [row.kind for row in rows] == [
        LedgerKind.DEPOSIT,
        LedgerKind.BUY_IN,
        LedgerKind.CASH_OUT,
    ]
    assert [row.id for row in rows] == sorted({row.id for row in rows})
    assert all(isinstance(row.id, int) for row in rows)
    assert {(row.at, row.account_id, row.note) for row in rows} == {(START, alice.id, "")}


def test_a_deposit_note_that_is_not_text_is_refused(store: Store, alice: Account):
    with pytest.raises(StoreError) as refused:
        store.deposit(alice.id, 100, note=5)  # type: ignore[arg-type]
    assert str(refused.value) == "a deposit's note is text, not 5"
    assert store.account(alice.id).balance == 1000


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (
            lambda store, a: store.buy_in(a, "stud-1", 0),
            "a buy-in must be a whole number of 1 or more, not 0",
        ),
        (
            lambda store, a: store.cash_out(a, "stud-1", 0),
            "a cash-out must be a whole number of 1 or more, not 0",
        ),
        (
            lambda store, a: store.set_rollover("stud-1", -1),
            "a rollover must be a whole number of 0 or more, not -1",
        ),
        (
            lambda store, a: store.set_rollover("stud-1", 0, shares={"alice": 1}),
            "an account id must be a whole number of 1 or more, not 'alice'",
        ),
        (
            lambda store, a: store.set_rollover("stud-1", 0, shares={a: 0}),
            "a share of a rollover must be a whole number of 1 or more, not 0",
        ),
    ],
)
def test_a_bad_amount_of_money_is_refused_with_its_name(
    store: Store, alice: Account, move, message
):
    with pytest.raises(StoreError) as refused:
        move(store, alice.id)
    assert str(refused.value) == message
    assert store.account(alice.id).balance == 1000


def test_leaving_a_table_forgets_its_holding_row(url: str, store: Store, alice: Account):
    bob = store.create_account("bob", "hash-b")
    store.deposit(bob.id, 500)
    store.buy_in(alice.id, "stud-1", 400)
    store.buy_in(bob.id, "stud-1", 300)
    store.cash_out(alice.id, "stud-1", 100)
    store.cash_out(alice.id, "stud-1", 300)  # the last of her chips
    assert holding_rows(url) == [("stud-1", bob.id, 300)]
    # bob loses all 300 in a hand: his row holds 0 until he leaves with nothing.
    store.buy_in(alice.id, "stud-1", 500)
    store.record_hand(
        chips_hand(1, HandPlayer(0, "alice", 300, alice.id), HandPlayer(1, "bob", -300, bob.id))
    )
    assert holding_rows(url) == [("stud-1", alice.id, 800), ("stud-1", bob.id, 0)]
    assert store.cash_out(bob.id, "stud-1") == 200
    assert holding_rows(url) == [("stud-1", alice.id, 800)]


def test_holdings_count_a_single_chip_and_leave_out_a_seat_that_lost_everything(
    store: Store, alice: Account
):
    bob = store.create_account("bob", "hash-b")
    store.deposit(bob.id, 500)
    store.buy_in(alice.id, "stud-1", 1)
    assert store.holdings() == {("stud-1", alice.id): 1}
    store.buy_in(bob.id, "stud-1", 300)
    store.record_hand(
        chips_hand(1, HandPlayer(0, "alice", 300, alice.id), HandPlayer(1, "bob", -300, bob.id))
    )
    assert store.holdings() == {("stud-1", alice.id): 301}


def test_r6_8_a_rollover_paid_out_in_part_keeps_the_rest(store: Store, alice: Account):
    bob = store.create_account("bob", "hash-b")
    store.deposit(bob.id, 500)
    store.buy_in(alice.id, "stud-1", 600)
    store.buy_in(bob.id, "stud-1", 400)
    store.record_hand(
        chips_hand(
            1,
            HandPlayer(0, "alice", -31, alice.id),
            HandPlayer(1, "bob", 0, bob.id),
            rollover=31,
        )
    )
    with pytest.raises(StoreError) as refused:
        store.set_rollover("stud-1", 10, shares={alice.id: 20})
    assert str(refused.value) == (
        "table stud-1's rollover goes from 31 to 10: the shares must add up to 21, not 20"
    )
    store.set_rollover("stud-1", 10, shares={alice.id: 21})
    assert store.rollover("stud-1") == 10
    assert store.holdings("stud-1") == {("stud-1", alice.id): 590, ("stud-1", bob.id): 400}


def test_r6_8_setting_a_rollover_to_what_it_is_moves_nothing(store: Store, alice: Account):
    store.buy_in(alice.id, "stud-1", 600)
    store.record_hand(chips_hand(1, HandPlayer(0, "alice", -31, alice.id), rollover=31))
    rows = store.ledger(alice.id)
    store.set_rollover("stud-1", 31)
    assert store.rollover("stud-1") == 31
    assert store.ledger(alice.id) == rows


# R6.8 through the room ----------------------------------------------------------------


def test_r6_8_a_short_callers_win_stores_the_rollover_with_the_hand(url: str, monkeypatch):
    """A chips Show Hand hand that a short caller wins leaves the excess on the table:
    the room stores it with the hand, so that the store holds it as the table does."""
    from studpoker.cards import parse_cards
    from studpoker.table import play as table_module

    decks = [
        # Hand 1: ann's K♣ speaks first; she bets 10 and bo folds (1010 against 990).
        parse_cards("Ah Qs Kc 2d"),
        # Hand 2: ann's K♠ then K♦ speak first; bo ends with three fives.
        parse_cards("3d 5h Ks 5c Kd 7d 9c 5s 4h Jc"),
    ]
    real_hand = table_module.Hand

    def dealt_hand(spec, stacks, **options):
        return real_hand(spec, stacks, deck=decks.pop(0), carry_in=options["carry_in"])

    monkeypatch.setattr(table_module, "Hand", dealt_hand)

    async def play() -> None:
        # A pause of 1 s between hands: the test reads the table before a third.
        room = Room(Store(url), seed=3, pause=1, clock=30, default_tables=False)
        await room.start()
        await room.create_table("show_hand", "chips", table_id="sh")
        table = room.tables["sh"].table
        ann, _ = await room.register("ann", "password1")
        bo, _ = await room.register("bo", "password1")
        for account in (ann, bo):
            room.store.deposit(account.id, 2000)
        await room.sit(ann, "sh", seat=0, buy_in=1000)
        await room.sit(bo, "sh", seat=1, buy_in=1000)
        answers = {
            1: [(0, "bet 10"), (1, "fold")],
            # bo has 980 after the ante: he can only call 990 short, with all he has.
            2: [(0, "bet 990"), (1, "call"), (0, "muck")],
        }
        deadline = asyncio.get_running_loop().time() + 20
        while table.hand(2) is None:
            assert asyncio.get_running_loop().time() < deadline, "the two hands never ended"
            turn = table.turn
            script = answers.get(turn.hand_number, []) if turn is not None else []
            if turn is not None and script and script[0][0] == turn.seat:
                _, action = script.pop(0)
                room.act(ann if turn.seat == 0 else bo, "sh", action, turn.seq)
            await asyncio.sleep(0.002)
        await asyncio.sleep(0.1)  # the hand is stored
        assert table.halted is None
        assert table.hand(2).hand.result.rollover == 10
        # ann put in 1000, bo 990 (all he had): bo takes 990 from each, ann's 10 stays.
        assert [seat.chips for _, seat in sorted(table.seats.items())] == [10, 1980]
        assert table.rollover == 10
        stored = room.store.hand("sh", 2)
        assert stored is not None
        assert stored.rollover == 10
        # The hand is kept whole: its record names the players, its events are all there.
        assert "players = ['ann', 'bo']" in stored.record
        done = table.hand(2)
        assert json.loads(stored.events) == [event_dict(e, done.seats) for e in done.hand.events]
        assert room.store.rollover("sh") == 10
        assert room.store.audit() == []
        await room.stop()

    asyncio.run(play())


def test_a_practice_hand_is_kept_without_a_rollover(url: str):
    """Only a chips table's hands move a rollover (R6.8, R7.1): a practice hand is kept
    with none, whatever its table holds."""

    async def play() -> None:
        room, ann = await room_with_ann(url, "practice")
        table = room.tables["blue"].table
        await room.sit(ann, "blue", seat=0)
        deadline = asyncio.get_running_loop().time() + 20
        while table.hand(1) is None:
            assert asyncio.get_running_loop().time() < deadline, "no hand ended"
            turn = table.turn
            if turn is not None and turn.seat == 0:
                room.act(
                    ann,
                    "blue",
                    "fold"
                    if any(o.kind.value == "fold" for o in turn.legal_actions)
                    else turn.legal_actions[0].kind.value,
                    turn.seq,
                )
            await asyncio.sleep(0.002)
        await asyncio.sleep(0.05)
        stored = room.store.hand("blue", 1)
        assert stored is not None
        assert stored.mode.value == "practice"
        assert stored.rollover is None
        await room.stop()

    asyncio.run(play())
