"""The processes' heartbeats (server/peers.py): each tells the others which tables it
runs and how the lobby shows them, the changed tables only between two full ones, so
that a process running hundreds of tables does not send them all five times a second;
a process that came later, or missed a heartbeat, asks for them all and gets them."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson

from studpoker.room.relay import LocalBroker
from studpoker.server.peers import Peers

FAST = 0.05  # seconds between heartbeats here


class FakeRoom:
    def __init__(self, tables: dict[str, dict[str, Any]]) -> None:
        self.entries = tables  # table -> its lobby entry
        self.known_tables: set[str] = set()

    @property
    def tables(self) -> dict[str, object]:
        return dict.fromkeys(self.entries, object())

    def drop_lapsed(self) -> None:
        pass


class FakeHub:
    """The part of a hub the heartbeats read: its tables' lobby entries."""

    def __init__(self, tables: dict[str, dict[str, Any]]) -> None:
        self.room = FakeRoom(tables)
        self.peers: Peers | None = None
        self.remote_changes = 0

    def local_lobby(self) -> list[dict[str, Any]]:
        return list(self.room.entries.values())

    def lobby_changed(self, table_id: str) -> None:
        pass

    def remote_changed(self) -> None:
        self.remote_changes += 1

    def watchers(self, table_id: str) -> list[object]:
        return []


def entry(table: str, players: int) -> dict[str, Any]:
    return {"id": table, "name": table, "players": players}


async def handle(hub: Any, client: Any, text: str) -> None:
    raise AssertionError("no client message here")


def process(broker: LocalBroker, name: str, tables: dict[str, dict[str, Any]]) -> Peers:
    hub = FakeHub(tables)
    return Peers(hub, broker, name, handle, heartbeat=FAST)  # type: ignore[arg-type]


async def heartbeats(broker: LocalBroker, of: str, count: int) -> list[dict[str, Any]]:
    """The next ``count`` heartbeats of process ``of``, as sent."""
    listening = await broker.subscribe("peers")
    said: list[dict[str, Any]] = []
    try:
        while len(said) < count:
            message = await asyncio.wait_for(listening.get(), 5)
            assert message is not None
            beat = orjson.loads(message[1])
            if beat["k"] == "hb" and beat["p"] == of:
                said.append(beat)
    finally:
        await listening.close()
    return said


async def until(condition: Any, seconds: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "never came"
        await asyncio.sleep(0.01)


def test_a_heartbeat_carries_only_the_tables_changed_since_the_last():
    async def run() -> None:
        broker = LocalBroker()
        tables = {"t1": entry("t1", 2), "t2": entry("t2", 3), "t3": entry("t3", 4)}
        a, b = process(broker, "a", tables), process(broker, "b", {})
        await a.start()
        first = await heartbeats(broker, "a", 1)
        assert first[0]["full"] is True
        assert sorted(e["id"] for e in first[0]["t"]) == ["t1", "t2", "t3"]
        await b.start()
        # b came after a's full heartbeat: it asks for one, and then knows every table.
        await until(lambda: set(b.owner_of) == {"t1", "t2", "t3"})
        assert b.tables_of["a"]["t2"] == {"id": "t2", "name": "t2", "players": 3}
        quiet = await heartbeats(broker, "a", 1)
        assert (quiet[0]["t"], quiet[0]["x"], "full" in quiet[0]) == ([], [], False)

        tables["t1"] = entry("t1", 5)  # a hand ended: a new entry
        del tables["t3"]  # let go
        a.changed()
        beat = (await heartbeats(broker, "a", 1))[0]
        assert (beat["t"], beat["x"]) == ([{"id": "t1", "name": "t1", "players": 5}], ["t3"])
        await until(lambda: "t3" not in b.owner_of)
        assert b.tables_of["a"] == {
            "t1": {"id": "t1", "name": "t1", "players": 5},
            "t2": {"id": "t2", "name": "t2", "players": 3},
        }
        assert sorted(b.owner_of) == ["t1", "t2"]
        await a.stop()
        await b.stop()

    asyncio.run(run())


def test_a_process_that_missed_a_heartbeat_asks_for_every_table():
    async def run() -> None:
        broker = LocalBroker()
        tables = {"t1": entry("t1", 2), "t2": entry("t2", 3)}
        a, b = process(broker, "a", tables), process(broker, "b", {})
        await b.start()
        await a.start()
        await until(lambda: set(b.owner_of) == {"t1", "t2"})
        known = dict(b.tables_of["a"])
        # A heartbeat numbered past the next one: one was lost between them.
        b._heard({"k": "hb", "p": "a", "n": 10_000, "t": [entry("t9", 1)], "x": ["t1"]})
        assert b.tables_of["a"] == known  # changes against an unknown base: not taken
        assert "t9" not in b.owner_of
        tables["t2"] = entry("t2", 6)
        beat = (await heartbeats(broker, "a", 1))[0]
        assert beat["full"] is True  # asked for
        await until(lambda: b.tables_of["a"]["t2"]["players"] == 6)
        assert sorted(b.owner_of) == ["t1", "t2"]
        await a.stop()
        await b.stop()

    asyncio.run(run())
