"""The registry of the tables a process runs (room/registry.py), alone: two processes'
registries share one set of leases and one store, as two ``stud serve`` share Redis and
PostgreSQL (docs/scaling.md, "One owner a table")."""

from __future__ import annotations

import asyncio

import pytest

from studpoker.games import preset
from studpoker.room import RoomError
from studpoker.room.ownership import LocalLeases
from studpoker.room.registry import TableRegistry
from studpoker.room.tables import RoomTable
from studpoker.store import StaleOwner, Store
from studpoker.table import Table, TableConfig


class Clock:
    """The leases' clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def registries(
    leases: LocalLeases | None = None,
) -> tuple[TableRegistry, TableRegistry, LocalLeases]:
    """Two processes' registries over one database in memory and one set of leases
    (``leases``, by default on the real clock), with 10 s leases."""
    store = Store("sqlite://")
    store.migrate()
    leases = LocalLeases() if leases is None else leases
    return (
        TableRegistry(store, leases, "one", 10.0, shared=True),
        TableRegistry(store, leases, "two", 10.0, shared=True),
        leases,
    )


def opened(registry: TableRegistry, table_id: str, owned: tuple[object, int | None]) -> RoomTable:
    table = Table(table_id, TableConfig(preset("razz"), "chips"))
    held = RoomTable(table, lease=owned[0], fence=owned[1])  # type: ignore[arg-type]
    registry.add(table_id, held)
    return held


def test_one_process_runs_a_table_until_it_lets_it_go() -> None:
    async def play() -> None:
        one, two, _ = registries()
        owned = await one.own("razz-1")
        assert owned is not None
        assert owned[1] == 1
        opened(one, "razz-1", owned)
        assert await two.own("razz-1") is None  # held by the first
        assert (one.runs("razz-1"), two.runs("razz-1")) == (True, False)
        assert one.fence("razz-1") == 1
        assert one.known == {"razz-1"}

        await one.remove("razz-1")  # handed over: kept, and free for another
        assert one.runs("razz-1") is False
        assert one.known == {"razz-1"}
        taken = await two.own("razz-1")
        assert taken is not None
        assert taken[1] == 2
        opened(two, "razz-1", taken)
        assert two.get("razz-1").fence == 2

        await two.remove("razz-1", forget=True)  # closed: the room keeps it no more
        assert two.known == set()

    asyncio.run(play())


def test_a_table_not_run_here_is_named_in_the_refusal() -> None:
    async def play() -> None:
        one, _, _ = registries()
        with pytest.raises(RoomError, match=r"^no table 'razz-9'$") as refused:
            one.get("razz-9")
        assert refused.value.code == "no_table"

    asyncio.run(play())


def test_a_write_of_a_table_another_process_runs_is_refused_before_the_store_is_asked() -> None:
    asked: list[object] = []

    def write(*args: object, fence: int | None) -> None:
        asked.append((args, fence))

    async def play() -> None:
        one, _, _ = registries()
        with pytest.raises(StaleOwner, match="no longer run by this process"):
            await one.write("razz-1", write, "row")
        owned = await one.own("razz-1")
        assert owned is not None
        opened(one, "razz-1", owned)
        await one.write("razz-1", write, "row")  # run here: written with its token
        await one.writes_done()

    asyncio.run(play())
    assert asked == [(("row",), 1)]


def test_a_process_paused_past_its_lease_lets_its_table_go_before_telling_anything() -> None:
    clock = Clock()

    async def play() -> None:
        one, two, _ = registries(LocalLeases(clock))
        owned = await one.own("razz-1")
        assert owned is not None
        held = opened(one, "razz-1", owned)
        heard: list[object] = []
        held.table.listeners.append(heard.append)
        loop = asyncio.get_running_loop()
        one.hold_until("razz-1", loop.time() - 1)  # its lease surely held until a second ago
        clock.now += 11  # and the leases' clock saw it run out
        assert one.runs("razz-1") is False  # let go at once
        assert held.stop.is_set()
        assert held.table.listeners == []
        await asyncio.sleep(0)  # its wind-down: the lease, run out, is nobody's to release
        assert await two.own("razz-1") is not None  # the other process takes it up

    asyncio.run(play())


def test_renewing_keeps_every_lease_and_loses_a_table_whose_lease_another_took() -> None:
    clock = Clock()

    async def play() -> None:
        one, two, leases = registries(LocalLeases(clock))
        for table_id in ("razz-1", "razz-2"):
            owned = await one.own(table_id)
            assert owned is not None
            opened(one, table_id, owned)
        clock.now += 6
        await one.renew()  # both renewed: 10 s from now
        clock.now += 6
        assert await two.own("razz-1") is None  # still the first's, 12 s after it took it
        lost = one.get("razz-2")
        await leases.release(lost.lease)  # type: ignore[arg-type]
        assert await two.own("razz-2") is not None  # another took razz-2 meanwhile
        await one.renew()
        assert sorted(one.tables) == ["razz-1"]
        assert lost.stop.is_set()

    asyncio.run(play())
