"""A tournament cancelled by the operator (issue 34, room/tournaments.py): before its
start every buy-in and fee paid back; once started no hand dealt any more, the hands
under way played to their end, and the pool shared by chip count among the players
still in, in one transaction, the fees kept; a tournament over refused, changing
nothing.  The books (the ledger's audit, the room's total) are checked after every
money step; the ones that move money run on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import BACKENDS
from studpoker.room import Room, RoomError
from studpoker.store import Account, LedgerKind, Store, StoreError
from studpoker.tournament.director import chop

from .test_tournament_processes import LEASE, Processes, running_where, scheduled_practice, until
from .test_tournaments import FAST as ROOM_FAST
from .test_tournaments import call, clock_at, push

# The room's tests' fast structure, with a deeper stack: hands enough to cancel in.
FAST: dict[str, Any] = dict(ROOM_FAST, starting_chips=300)


def answer(room: Room, tid: int, accounts: list[Account], policy: Any = push) -> None:
    """Answer by ``policy`` every decision the ``accounts`` have now at tournament ``tid``."""
    for account in accounts:
        table_id = room.tournament_entry(tid, account).get("table")
        if table_id is None or table_id not in room.tables:
            continue
        turn = room.tables[table_id].table.turn
        if turn is not None and turn.seat == room.seat_of(account.id, table_id):
            room.act(account, table_id, policy(turn.legal_actions), turn.seq)


async def people(room: Room, balances: list[int]) -> list[Account]:
    made = []
    for i, balance in enumerate(balances):
        account, _ = await room.register(f"p{i:03d}", "password1")
        room.store.deposit(account.id, balance)
        made.append(account)
    return made


def balances(store: Store, accounts: list[Account]) -> dict[str, int]:
    found = {a.name: store.account(a.id) for a in accounts}
    return {name: account.balance for name, account in found.items() if account is not None}


def books(store: Store, total: int) -> None:
    assert store.audit() == []
    assert store.total_chips() == total


async def refused(code: str, message: str, coroutine: Any) -> None:
    with pytest.raises(RoomError) as error:
        await coroutine
    assert (error.value.code, str(error.value)) == (code, message)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
def test_a_registering_sit_and_go_cancelled_pays_every_buy_in_and_fee_back(
    tmp_path: Any, backend: str
) -> None:
    async def play() -> None:
        room = Room(Store(f"sqlite:///{tmp_path / 'room.db'}"), seed=3, pause=0,
                    default_tables=False)  # fmt: skip
        await room.start()
        store = room.store
        players = await people(room, [1000, 500, 300])
        tid = await room.create_tournament(game="razz", seats=6, buy_in=100, fee=10)
        for account in players:
            await room.register_tournament(account, tid)
        assert balances(store, players) == {"p000": 890, "p001": 390, "p002": 190}
        total = store.total_chips()
        told: list[str] = []
        room.desk.listeners.append(lambda: told.append(room.tournament_entry(tid)["state"]))

        said = await room.cancel_tournament(tid, "the room closes for the night")

        assert said == "cancelled before its start: 3 entries refunded 3.30"
        assert balances(store, players) == {"p000": 1000, "p001": 500, "p002": 300}
        books(store, total)
        row = store.tournament(tid)
        assert row is not None
        assert (row.state, row.pool, row.fees, row.entries) == ("cancelled", 0, 0, 0)
        assert [(e.kind, e.balance_change) for e in store.ledger(players[0].id)][-2:] == [
            (LedgerKind.TOURNAMENT_ENTRY, -110),
            (LedgerKind.TOURNAMENT_REFUND, 110),
        ]
        assert told[-1] == "cancelled"  # the lobby heard it
        assert room.tournament_entry(tid)["state"] == "cancelled"
        assert room.tables == {}
        # Nobody enters or leaves it any more, and a second cancel changes nothing.
        ledger = [store.ledger(a.id) for a in players]
        await refused(
            "tournament_finished", "the tournament is cancelled",
            room.register_tournament(players[0], tid),
        )  # fmt: skip
        await refused(
            "tournament_finished", "the tournament is cancelled",
            room.unregister_tournament(players[1], tid),
        )  # fmt: skip
        await refused(
            "tournament_finished", "the tournament is cancelled already",
            room.cancel_tournament(tid),
        )  # fmt: skip
        assert [store.ledger(a.id) for a in players] == ledger
        books(store, total)
        await room.stop()

    asyncio.run(play())


def test_a_scheduled_tournament_cancelled_before_its_time_never_starts() -> None:
    async def play() -> None:
        room = Room(Store("sqlite://"), seed=4, pause=0, default_tables=False)
        await room.start()
        players = await people(room, [200, 200])
        starts = datetime.now(UTC) + timedelta(hours=1)
        tid = await room.create_tournament(
            game="razz", kind="scheduled", starts_at=starts, buy_in=50, fee=5, structure=FAST
        )
        for account in players:
            await room.register_tournament(account, tid)
        assert await room.cancel_tournament(tid) == (
            "cancelled before its start: 2 entries refunded 1.10"
        )
        # Its start time passes (the desk's starter looks at its clock every 0.2 s).
        clock_at(room, starts + timedelta(seconds=1))
        await asyncio.sleep(0.5)
        assert room.tournament_entry(tid)["state"] == "cancelled"
        assert room.tables == {}
        assert balances(room.store, players) == {"p000": 200, "p001": 200}
        assert room.store.audit() == []
        await room.stop()

    asyncio.run(play())


def test_a_registering_practice_tournament_is_cancelled_with_nobody_paid() -> None:
    async def play() -> None:
        room = Room(Store("sqlite://"), seed=4, pause=0, default_tables=False)
        await room.start()
        guest, _ = await room.guest()
        starts = datetime.now(UTC) + timedelta(minutes=5)
        tid = await room.create_tournament(
            game="razz", kind="scheduled", starts_at=starts, practice=True, structure=FAST
        )
        await room.register_tournament(guest, tid)
        await room.add_computer_players(tid, 2)
        assert await room.cancel_tournament(tid) == (
            "cancelled before its start: 3 entries, a practice tournament: nobody paid"
        )
        assert room.store.audit() == []
        # Listed as cancelled, with no places nor standings: nobody busted or plays.
        info = room.tournament_entry(tid, guest)
        assert (info["state"], info["place"], info["prize"]) == ("cancelled", None, None)
        assert "places" not in info
        assert "standings" not in info
        await room.stop()

    asyncio.run(play())


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
def test_a_running_tournament_cancelled_shares_its_pool_by_chip_count(
    tmp_path: Any, backend: str
) -> None:
    """20 players at three tables, calling down until some have busted; the operator
    cancels it while the people go on answering: no hand is dealt after, the
    hands under way end, and each player left is paid exactly their share of the
    pool (reckoned here from the director's stacks), the busted nothing, the fees
    the room's; the tables close with no hand left running."""

    async def play() -> None:
        room = Room(Store(f"sqlite:///{tmp_path / 'room.db'}"), seed=9, pause=0,
                    default_tables=False)  # fmt: skip
        await room.start()
        store = room.store
        players = await people(room, [100] * 20)
        starts = datetime.now(UTC) + timedelta(hours=1)
        tid = await room.create_tournament(
            game="razz", kind="scheduled", seats=7, starts_at=starts, buy_in=50, fee=5,
            structure=FAST,
        )  # fmt: skip
        for account in players:
            await room.register_tournament(account, tid)
        clock_at(room, starts)  # however long the 20 entries took
        total = store.total_chips()
        ended: list[str] = []
        room.listeners.append(
            lambda update: ended.append(update.table_id) if update.kind == "hand_ended" else None
        )
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while not room.tournament_entry(tid)["tables"]:
            assert loop.time() < deadline, "the tournament did not start"
            await asyncio.sleep(0.02)
        rt = room.tournaments[tid]
        director = rt.director
        assert len(director.tables) == 3
        while director.players_left > 17:
            assert loop.time() < deadline, "nobody busted"
            answer(room, tid, players, call)
            await asyncio.sleep(0.002)
        before = balances(store, players)

        cancel = asyncio.create_task(room.cancel_tournament(tid, "a dealer's mistake"))
        while not rt.cancelling:
            await asyncio.sleep(0)
        dealt = director.hands  # no hand is dealt from here on
        while not cancel.done():
            assert loop.time() < deadline, "the cancel did not end"
            answer(room, tid, players, call)
            await asyncio.sleep(0.002)
        said = cancel.result()

        assert director.hands == dealt
        assert len(ended) == dealt  # every hand dealt was played to its end
        left = director.players_left
        assert said == (
            f"cancelled at level {director.level_number}: {left} players left shared the "
            "pool of 10.00 by chip count; fees of 1.00 kept"
        )
        # The shares, reckoned from the stacks the store kept with the cancel: each
        # pool * chips // chips in play, the rest a chip each to the biggest stacks
        # (the earlier entry first among equals).
        row = store.tournament(tid)
        assert row is not None
        kept = json.loads(row.director or "{}")["director"]
        stacks: dict[str, int] = kept["stacks"]
        assert stacks == director.stacks
        assert sum(stacks.values()) == 20 * 300  # razz: nothing rolled over
        pool = 20 * 50
        expected = {name: pool * chips // (20 * 300) for name, chips in stacks.items()}
        order = sorted(stacks, key=lambda name: (-stacks[name], kept["entries"].index(name)))
        for name in order[: pool - sum(expected.values())]:
            expected[name] += 1
        assert sum(expected.values()) == pool
        after = balances(store, players)
        assert {name: after[name] - before[name] for name in stacks} == expected
        busted = [a.name for a in players if a.name not in stacks]
        assert len(busted) == 20 - left
        assert all(after[name] == before[name] == 100 - 55 for name in busted)
        shares = [
            (e.note, e.balance_change)
            for a in players
            for e in store.ledger(a.id)
            if e.kind == LedgerKind.TOURNAMENT_CHOP
        ]
        assert sorted(shares) == sorted((n, s) for n, s in expected.items() if s)
        assert (row.state, row.pool, row.fees) == ("cancelled", 0, 20 * 5)  # the fees kept
        books(store, total)
        # Its tables closed, no hand left running, nothing to deal or enter.
        assert [t for t in room.tables if t.startswith(f"t{tid}-")] == []
        assert store.running_hands() == []
        entry = room.tournament_entry(tid)
        assert (entry["state"], entry["tables"]) == ("cancelled", [])
        ledger = [store.ledger(a.id) for a in players]
        await refused(
            "tournament_finished", "the tournament is cancelled already",
            room.cancel_tournament(tid),
        )  # fmt: skip
        assert [store.ledger(a.id) for a in players] == ledger
        books(store, total)
        await room.stop()
        # A room started again does not take it up.
        again = Room(Store(f"sqlite:///{tmp_path / 'room.db'}"), seed=9, pause=0,
                     default_tables=False)  # fmt: skip
        await again.start()
        assert tid not in again.tournaments
        assert again.tables == {}
        await refused(
            "tournament_finished", "the tournament is cancelled already",
            again.cancel_tournament(tid),
        )  # fmt: skip
        await again.stop()

    asyncio.run(play())


def test_a_running_practice_tournament_is_cancelled_with_nobody_paid() -> None:
    async def play() -> None:
        room = Room(Store("sqlite://"), seed=5, pause=0, time_bank=0, default_tables=False)
        await room.start()
        guest, _ = await room.guest()
        tid = await room.create_tournament(
            game="razz", seats=6, practice=True, structure=FAST, clock=0.05
        )
        await room.register_tournament(guest, tid)  # filled with computer players: dealt
        assert room.tournament_entry(tid)["state"] == "running"
        said = await room.cancel_tournament(tid)
        left = room.tournaments[tid].director.players_left
        assert said.endswith(f": {left} players left, a practice tournament: nobody paid")
        assert room.store.audit() == []
        assert room.tables == {}
        assert room.store.running_hands() == []
        await room.stop()

    asyncio.run(play())


def test_a_finished_tournament_is_not_cancelled() -> None:
    async def play() -> None:
        room = Room(Store("sqlite://"), seed=3, pause=0, default_tables=False)
        await room.start()
        players = await people(room, [500, 500])
        tid = await room.create_tournament(game="razz", seats=2, buy_in=100, fee=10,
                                           structure=FAST)  # fmt: skip
        for account in players:
            await room.register_tournament(account, tid)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while room.tournament_entry(tid)["state"] != "finished":
            assert loop.time() < deadline
            answer(room, tid, players)
            await asyncio.sleep(0.002)
        paid = balances(room.store, players)
        assert sorted(paid.values()) == [390, 590]
        await refused("tournament_finished", "the tournament is over", room.cancel_tournament(tid))
        await refused("no_tournament", "no tournament 99", room.cancel_tournament(99))
        assert balances(room.store, players) == paid
        assert room.store.audit() == []
        assert room.directs(tid)  # a room of one process directs them all
        await room.stop()

    asyncio.run(play())


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
def test_the_store_refuses_a_chop_that_is_not_the_pool_and_changes_nothing(
    tmp_path: Any, backend: str
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'room.db'}")
    store.migrate()
    ann = store.create_account("ann", None)
    bob = store.create_account("bob", None)
    for account in (ann, bob):
        store.deposit(account.id, 500)
    tid = store.create_tournament("Razz", "razz", "scheduled", buy_in=100, fee=10, settings="{}")
    store.enter_tournament(tid, ann.id, "ann")
    store.enter_tournament(tid, bob.id, "bob")
    with pytest.raises(StoreError, match=f"^tournament {tid} is registering$"):
        store.chop_tournament(tid, {"ann": 200}, "{}")
    store.start_tournament(tid, "{}")
    with pytest.raises(StoreError, match=f"^tournament {tid} has 200 to share: the shares"):
        store.chop_tournament(tid, {"ann": 150, "bob": 49}, "{}")
    with pytest.raises(StoreError, match=r"^tournament \d+ has no entries \['cy'\]$"):
        store.chop_tournament(tid, {"ann": 100, "cy": 100}, "{}")
    assert [store.account(a.id).balance for a in (ann, bob)] == [390, 390]  # type: ignore[union-attr]
    books(store, 1000)
    store.chop_tournament(tid, {"ann": 133, "bob": 67}, '{"stacks": "as kept"}')
    assert [store.account(a.id).balance for a in (ann, bob)] == [523, 457]  # type: ignore[union-attr]
    row = store.tournament(tid)
    assert row is not None
    assert (row.state, row.pool, row.fees) == ("cancelled", 0, 20)
    assert [(e.name, e.place, e.prize) for e in store.tournament_entries(tid)] == [
        ("ann", None, 133), ("bob", None, 67)
    ]  # fmt: skip
    books(store, 1000)
    with pytest.raises(StoreError, match=f"^tournament {tid} is cancelled$"):
        store.chop_tournament(tid, {}, "{}")
    store.close()


@given(
    st.integers(min_value=0, max_value=10**9),
    st.lists(st.integers(min_value=1, max_value=10**7), min_size=1, max_size=40),
)
def test_a_chop_shares_the_whole_pool_in_the_order_of_the_stacks(
    pool: int, chips: list[int]
) -> None:
    stacks = [(f"p{i}", c) for i, c in enumerate(chips)]
    shares = chop(pool, stacks)
    total = sum(chips)
    assert sum(shares.values()) == pool
    for name, c in stacks:
        assert pool * c // total <= shares[name] <= pool * c // total + 1
    # The chips left over go to the biggest stacks, the earlier entry first.
    ranked = sorted(range(len(stacks)), key=lambda i: -chips[i])
    extra = [shares[f"p{i}"] - pool * chips[i] // total for i in ranked]
    assert extra == sorted(extra, reverse=True)
    # Nobody is paid out of the order of the chips (an earlier entry no less than a
    # later one with as many).
    for i, (name, c) in enumerate(stacks):
        for other, d in stacks[i + 1 :]:
            assert shares[name] >= shares[other] if c >= d else shares[name] <= shares[other]


def test_a_tournament_whose_tables_run_on_other_processes_is_cancelled_by_its_desk(
    tmp_path: Any,
) -> None:
    """Three processes (as in test_tournament_processes.py), a practice tournament's six
    tables spread over them: only the desk's process cancels it; every table, wherever
    it runs, stops dealing, ends its hand and closes; the other processes show it
    cancelled, with no tables."""
    url = f"sqlite:///{tmp_path / 'room.db'}"

    async def play() -> None:
        procs = Processes(url, ["a", "b", "c"])
        await procs.start()
        a, b = procs.rooms["a"], procs.rooms["b"]
        tid = await scheduled_practice(procs, "a", 24)
        seen: set[str] = set()  # a table may already break before the last one opens

        def opened() -> bool:
            for tables in running_where(procs, tid).values():
                seen.update(tables)
            return len(seen) == 6

        await until(opened, 30, "the tournament's tables did not open")
        await until(lambda: len(procs.hands) >= 6, 60, "no hands were played")
        assert a.directs(tid)
        assert not b.directs(tid)
        await refused(
            "busy", f"tournament {tid} is directed by another process: it cancels it",
            b.cancel_tournament(tid),
        )  # fmt: skip
        said = await a.cancel_tournament(tid, "the servers move")
        left = a.tournaments[tid].director.players_left
        assert said.endswith(f": {left} players left, a practice tournament: nobody paid")
        ended = len(procs.hands)
        await until(
            lambda: not any(running_where(procs, tid).values()), 10 * LEASE, "tables stay open"
        )
        assert len(procs.hands) == ended  # no hand dealt after the cancel
        assert len(set(procs.hands)) == len(procs.hands)
        assert a.store.running_hands() == []
        assert a.store.audit() == []
        b._shown_at = 0.0
        await b.look_at_tournaments()
        shown = b.tournament_entry(tid)
        assert (shown["state"], shown["tables"]) == ("cancelled", [])
        await procs.stop()

    asyncio.run(asyncio.wait_for(play(), 120))


def test_a_tournament_cancelled_with_no_entries_is_still_listed() -> None:
    """Nobody came: cancelled, it is listed and answered as cancelled (no places to
    reckon from an empty field, which has no payouts)."""

    async def play() -> None:
        room = Room(Store("sqlite://"), seed=4, pause=0, default_tables=False)
        await room.start()
        tid = await room.create_tournament(game="razz", seats=6, buy_in=100, fee=10)
        assert await room.cancel_tournament(tid, "nobody came") == (
            "cancelled before its start: no entries"
        )
        info = room.tournament_entry(tid)
        assert (info["state"], info["entries"]) == ("cancelled", 0)
        assert "places" not in info
        assert [t["id"] for t in room.tournament_list()].count(tid) == 1
        await room.stop()

    asyncio.run(play())
