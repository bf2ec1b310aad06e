"""The room's services alone, without a room or a database (DESIGN.md idea 7): each
owns its state and asks the room only for what its small interface names."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any, TypeVar

import pytest

from studpoker.games import preset
from studpoker.room import RoomError
from studpoker.room.accounts import Accounts
from studpoker.room.attendance import Attendance
from studpoker.room.cashier import Cashier
from studpoker.room.chat import CHAT_LINES, Chat, ChatLine, ChatLines
from studpoker.store import (
    Account,
    Actor,
    HandPlayer,
    HandRow,
    InsufficientFunds,
    Store,
    StoreError,
)
from studpoker.table import Occupant, RemotePlayer, Table, TableConfig


def account(name: str = "ann", *, muted_until: datetime | None = None) -> Account:
    return Account(1, name, 0, False, False, datetime.now(UTC), muted_until=muted_until)


def chat_at(*table_ids: str) -> tuple[Chat, dict[str, SimpleNamespace]]:
    """A chat over tables ``table_ids``, refusing any other as the room does."""
    tables = {table_id: SimpleNamespace(chat=ChatLines()) for table_id in table_ids}

    def table(table_id: str) -> SimpleNamespace:
        if table_id not in tables:
            raise RoomError(f"no table {table_id!r}", "no_table", table=table_id)
        return tables[table_id]

    return Chat(table), tables


def test_a_line_is_kept_at_its_table_and_told_to_the_listeners() -> None:
    chat, tables = chat_at("blue", "red")
    heard: list[tuple[str, ChatLine]] = []
    chat.listeners.append(lambda table_id, line: heard.append((table_id, line)))
    line = chat.say(account(), "blue", "  nice   hand ")
    assert (line.name, line.text, line.room) == ("ann", "nice hand", False)
    assert list(tables["blue"].chat) == [line]
    assert not tables["red"].chat
    assert heard == [("blue", line)]


def test_an_empty_line_and_an_unknown_table_are_refused_and_kept_nowhere() -> None:
    chat, tables = chat_at("blue")
    with pytest.raises(RoomError) as empty:
        chat.say(account(), "blue", " \u200b ")
    assert empty.value.code == "chat_empty"
    with pytest.raises(RoomError) as gone:
        chat.say(account(), "green", "hi")
    assert gone.value.code == "no_table"
    assert not tables["blue"].chat


def test_a_muted_account_is_refused_until_its_mute_ends() -> None:
    chat, tables = chat_at("blue")
    later = datetime.now(UTC) + timedelta(hours=1)
    with pytest.raises(RoomError) as muted:
        chat.say(account(muted_until=later), "blue", "hi")
    assert muted.value.code == "muted"
    # The operator's word now holds over what the account said at login.
    chat.muted = lambda _: None
    chat.say(account(muted_until=later), "blue", "hi")
    chat.muted = lambda _: later
    with pytest.raises(RoomError, match="muted ann"):
        chat.say(account(), "blue", "hi again")
    assert [line.text for line in tables["blue"].chat] == ["hi"]


def test_a_table_keeps_its_last_chat_lines_only() -> None:
    chat, tables = chat_at("blue")
    for n in range(CHAT_LINES + 5):
        chat.say(account(), "blue", f"line {n}")
    kept = [line.text for line in tables["blue"].chat]
    assert kept == [f"line {n}" for n in range(5, CHAT_LINES + 5)]


def test_a_failing_listener_does_not_stop_the_others(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    chat, _ = chat_at("blue")
    heard: list[str] = []

    def failing(table_id: str, line: ChatLine) -> None:
        raise RuntimeError("its socket is gone")

    chat.listeners += [failing, lambda table_id, line: heard.append(line.text)]
    # The failure is expected here: kept from the suite's watch for failing listeners
    # (tests/conftest.py), and read instead.
    logger = logging.getLogger("studpoker.room.room")
    monkeypatch.setattr(logger, "propagate", False)
    logger.addHandler(caplog.handler)
    try:
        line = chat.announce("blue", "The table closes at the end of the hand.")
    finally:
        logger.removeHandler(caplog.handler)
    assert (line.room, line.name) == (True, None)
    assert heard == ["The table closes at the end of the hand."]
    assert [record.getMessage() for record in caplog.records] == ["a chat listener failed"]


# -- attendance (R8.3) --------------------------------------------------------------------


class Waits:
    """A sleep the test ends by hand: each wait is kept until :meth:`end` lets it go."""

    def __init__(self) -> None:
        self.waiting: list[tuple[float, asyncio.Future[None]]] = []

    async def __call__(self, seconds: float) -> None:
        done = asyncio.get_running_loop().create_future()
        self.waiting.append((seconds, done))
        await done

    async def end(self) -> None:
        """The waits so far are over: what they held up runs to its end."""
        for _, done in self.waiting:
            if not done.done():
                done.set_result(None)
        for _ in range(20):
            await asyncio.sleep(0)


def practice_table(account_id: int) -> SimpleNamespace:
    """A practice table where ``account_id`` sits in seat 2, as the room holds it."""
    table = Table("p", TableConfig(preset("razz"), "practice", pause=0))
    table.sit(Occupant("ann", account_id, RemotePlayer()), 0, seat=2)
    return SimpleNamespace(table=table)


def test_r8_3_a_practice_seat_is_freed_once_its_player_stays_away_past_the_grace() -> None:
    async def play() -> None:
        held = practice_table(7)
        waits = Waits()
        attendance = Attendance({"p": held}, grace=45.0, sleep=waits)
        attendance.disconnected(7)
        assert held.table.seats[2].connected is False
        await asyncio.sleep(0)
        assert [seconds for seconds, _ in waits.waiting] == [45.0]
        assert held.table.seat_of_account(7) == 2  # not before the grace ends
        await waits.end()
        assert held.table.seat_of_account(7) is None

    asyncio.run(play())


def test_r8_3_a_player_back_within_the_grace_keeps_the_practice_seat() -> None:
    async def play() -> None:
        held = practice_table(7)
        waits = Waits()
        attendance = Attendance({"p": held}, grace=45.0, sleep=waits)
        attendance.disconnected(7)
        await asyncio.sleep(0)
        attendance.connected(7)
        assert held.table.seats[2].connected is True
        await waits.end()
        assert held.table.seat_of_account(7) == 2
        assert held.table.seats[2].leaving is False

    asyncio.run(play())


def test_r8_3_a_stopped_attendance_frees_nobody() -> None:
    async def play() -> None:
        held = practice_table(7)
        attendance = Attendance({"p": held}, grace=0.0)
        attendance.disconnected(7)
        attendance.stop()
        await asyncio.sleep(0.01)
        assert held.table.seat_of_account(7) == 2

    asyncio.run(play())


# -- accounts -------------------------------------------------------------------------


def accounts_alone() -> tuple[Accounts, Store]:
    """The accounts over a database in memory, with no room."""
    store = Store("sqlite://")
    store.migrate()
    return Accounts(store), store


def test_a_registered_account_logs_in_and_its_session_reads_back() -> None:
    async def play() -> None:
        accounts, _ = accounts_alone()
        ann, first = await accounts.register("Ann", "password1")
        assert ann.name == "Ann"
        again, token = await accounts.login("ann", "password1")
        assert again.id == ann.id
        assert token != first
        found = await accounts.session(token)
        assert found is not None
        account, expires = found
        assert account.id == ann.id
        assert expires > datetime.now(UTC) + timedelta(days=1)  # a login lasts
        assert (await accounts.account(token)) == account
        assert await accounts.session(None) is None

    asyncio.run(play())


def test_a_wrong_password_is_refused_and_changes_nothing() -> None:
    async def play() -> None:
        accounts, store = accounts_alone()
        ann, token = await accounts.register("Ann", "password1")
        with pytest.raises(RoomError) as wrong:
            await accounts.login("Ann", "password2")
        assert wrong.value.code == "wrong_password"
        with pytest.raises(RoomError) as nobody:
            await accounts.login("Bob", "password1")
        assert nobody.value.code == "wrong_password"  # the same answer: no name told apart
        assert store.account("Ann") == ann
        assert store.account("Bob") is None
        assert (await accounts.account(token)) == ann  # its session still holds
        await accounts.login("Ann", "password1")  # and its password is the same

    asyncio.run(play())


def test_a_name_taken_is_refused_whatever_its_case() -> None:
    async def play() -> None:
        accounts, store = accounts_alone()
        ann, _ = await accounts.register("Ann", "password1")
        with pytest.raises(RoomError) as taken:
            await accounts.register("ANN", "password2")
        assert (taken.value.code, taken.value.params) == ("name_taken", {"name": "ANN"})
        assert store.account("ann") == ann
        await accounts.login("Ann", "password1")

    asyncio.run(play())


def test_a_guest_gets_a_guest_name_and_a_session() -> None:
    async def play() -> None:
        accounts, _ = accounts_alone()
        guest, token = await accounts.guest()
        assert re.fullmatch(r"Guest [1-9][0-9]{5}", guest.name)
        assert guest.guest is True
        assert (await accounts.account(token)) == guest

    asyncio.run(play())


def test_logout_ends_the_session() -> None:
    async def play() -> None:
        accounts, _ = accounts_alone()
        ann, token = await accounts.register("Ann", "password1")
        _, other = await accounts.login("Ann", "password1")
        await accounts.logout(token)
        assert await accounts.session(token) is None
        assert await accounts.account(token) is None
        assert (await accounts.account(other)) == ann  # only that one
        await accounts.logout(token)  # twice is no error

    asyncio.run(play())


# -- the cashier (DESIGN.md idea 4) -----------------------------------------------------

T = TypeVar("T")


def cashier_alone() -> tuple[Cashier, Store]:
    """The cashier over a database in memory, with no room: a table's writes go to the
    store on a thread with no fencing token, as a room whose leases nobody shares."""
    store = Store("sqlite://")
    store.migrate()

    async def write(table_id: str, move: Callable[..., T], /, *args: Any, **kw: Any) -> T:
        return await asyncio.to_thread(move, *args, fence=None, **kw)

    return Cashier(store, write=write, fence=lambda _: None), store


def funded(store: Store, name: str, chips: int) -> Account:
    made = store.create_account(name, "hash")
    if chips:
        store.deposit(made.id, chips)
    found = store.account(made.id)
    assert found is not None
    return found


def balance(store: Store, account: Account) -> int:
    found = store.account(account.id)
    assert found is not None
    return found.balance


def chips_table() -> Table:
    return Table("blue", TableConfig(preset("razz"), "chips", pause=0))


def test_a_buy_in_moves_its_chips_from_the_balance_to_the_table() -> None:
    async def play() -> None:
        cashier, store = cashier_alone()
        ann = funded(store, "ann", 10_000)
        total = store.total_chips()
        await cashier.buy_in(ann, "blue", 4000)
        assert balance(store, ann) == 6000
        assert await cashier.holdings("blue") == {("blue", ann.id): 4000}
        assert store.total_chips() == total
        assert store.audit() == []

    asyncio.run(play())


def test_a_buy_in_above_the_balance_is_refused_and_moves_nothing() -> None:
    async def play() -> None:
        cashier, store = cashier_alone()
        ann = funded(store, "ann", 1000)
        rows = store.ledger(ann.id)
        with pytest.raises(RoomError) as refused:
            await cashier.buy_in(ann, "blue", 4000)
        assert refused.value.code == "balance_too_low"
        assert refused.value.params == {"name": "ann", "balance": 1000, "buy_in": 4000}
        assert balance(store, ann) == 1000
        assert store.ledger(ann.id) == rows
        assert store.holdings() == {}
        assert store.audit() == []

    asyncio.run(play())


def test_the_operators_and_the_tournaments_money_moves_through_the_cashier() -> None:
    """Issue 35: every chip the room moves is the cashier's — the operator's deposits and
    withdrawals, a tournament's entries, refunds and prizes — each exact, none made."""
    console = Actor("console (test)")

    async def play() -> None:
        cashier, store = cashier_alone()
        ann, bo = funded(store, "ann", 0), funded(store, "bo", 1000)
        assert await cashier.deposit(ann.id, 1500, by=console, reason="cash in") == 1500
        with pytest.raises(InsufficientFunds):  # more than the balance: nothing moves
            await cashier.withdraw(bo.id, 1001, by=console, reason="cash out")
        assert await cashier.withdraw(bo.id, 400, by=console, reason="cash out") == 600
        tid = store.create_tournament(
            "Sunday Razz", "razz", "scheduled", buy_in=100, fee=10, settings="{}"
        )
        await cashier.enter_tournament(tid, ann.id, "ann")
        await cashier.enter_tournament(tid, bo.id, "bo")
        with pytest.raises(StoreError, match="a computer player enters free tournaments only"):
            await cashier.enter_tournament(tid, None, "Bot 1")
        assert (balance(store, ann), balance(store, bo)) == (1390, 490)
        assert await cashier.leave_tournament(tid, "bo") == 110  # buy-in and fee back
        assert balance(store, bo) == 600
        assert await cashier.cancel_tournament(tid) == (1, 110)  # ann, paid back
        assert balance(store, ann) == 1500
        assert store.audit() == []

    asyncio.run(play())


def test_a_leaver_is_paid_back_exactly_the_chips_that_leave_with_them() -> None:
    async def play() -> None:
        cashier, store = cashier_alone()
        ann = funded(store, "ann", 10_000)
        table = chips_table()
        ann_at = Occupant("ann", ann.id, RemotePlayer())
        await cashier.buy_in(ann, "blue", 4000)
        await cashier.seat_left(table, 0, ann_at, 2500)  # what the table says leaves
        assert balance(store, ann) == 8500
        assert store.holdings() == {("blue", ann.id): 1500}
        await cashier.pay_back(ann.id, "blue", fence=None)  # the rest, held for nobody
        assert balance(store, ann) == 10_000
        assert store.holdings() == {}
        assert table.halted is None
        assert store.audit() == []

    asyncio.run(play())


def test_books_that_disagree_with_the_ledger_halt_the_table() -> None:
    async def play() -> None:
        cashier, store = cashier_alone()
        ann = funded(store, "ann", 10_000)
        table = chips_table()
        amount = table.config.buy_in_min
        await cashier.buy_in(ann, "blue", amount)
        table.sit(Occupant("ann", ann.id, RemotePlayer()), amount, 0)
        await cashier.check_books(table)
        assert table.halted is None
        assert store.audit() == []
        table.seats[0].chips += 1  # a chip the ledger never moved
        await cashier.check_books(table)
        assert table.halted is not None
        assert table.halted.startswith("its books disagree with the database: ")

    asyncio.run(play())


def test_r6_8_the_last_hands_rollover_is_shared_by_seat_order_and_makes_no_chip() -> None:
    async def play() -> None:
        cashier, store = cashier_alone()
        ann, bob = funded(store, "ann", 10_000), funded(store, "bob", 10_000)
        table = chips_table()
        amount = table.config.buy_in_min
        for number, person in enumerate((ann, bob)):
            await cashier.buy_in(person, "blue", amount)
            table.sit(Occupant(person.name, person.id, RemotePlayer()), amount, number)
        start = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
        store.record_hand(
            HandRow(
                "blue", 1, "razz", "chips", start, start + timedelta(seconds=50),
                'variant = "R"\nhand = 1\n', "[]", 0,
                [HandPlayer(0, "ann", -31, ann.id), HandPlayer(1, "bob", 0, bob.id)],
                rollover=31,
            )
        )  # fmt: skip
        table.rollover = await cashier.rollover("blue")
        assert table.rollover == 31
        total = store.total_chips()
        await cashier.pay_rollover(table)
        assert store.rollover("blue") == 0
        assert store.holdings() == {
            ("blue", ann.id): amount - 31 + 16,  # seat 0 has the odd chip
            ("blue", bob.id): amount + 15,
        }
        assert store.total_chips() == total
        assert store.audit() == []

    asyncio.run(play())


def test_free_chips_are_none_until_the_room_gives_them() -> None:
    async def play() -> None:
        cashier, store = cashier_alone()
        ann = funded(store, "ann", 0)
        assert not cashier.free_chips.on
        assert await cashier.free_chips.first(ann, "10.0.0.1") is None
        given = cashier.give_free_chips(500)
        assert cashier.free_chips is given
        assert await given.first(ann, "10.0.0.1") == 500
        assert balance(store, ann) == 500

    asyncio.run(play())
