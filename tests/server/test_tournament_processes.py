"""A tournament on real ``stud serve`` processes (docs/tournaments.md, "On several
processes"): one PostgreSQL database, one Redis.  It is created through one process and
entered through both; its director is the process it was created on, its tables run
where the fewest tables run (the other one: the first runs the room's default tables).
Four people play it through sockets to both processes, each following their own table
as the tournament's REST answer names it.  The director's process is killed (kill -9)
in the middle: the other takes the tournament up from the store and the tables go on,
the people on the dead process come back through the other, and the prizes are paid:
the books balance to the chip."""

from __future__ import annotations

import contextlib
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from conftest import redis_test_url
from studpoker.store import Store

from .conftest import Client, in_threads, wait_for
from .test_crash import Served
from .test_processes import DEPOSIT, Room

STRUCTURE = {
    "name": "fast", "game": "razz", "starting_chips": 200, "level_hands": 2,
    "levels": [
        {"ante": 5, "bring_in": 8, "small_bet": 25, "big_bet": 50},
        {"ante": 10, "bring_in": 15, "small_bet": 50, "big_bet": 100},
    ],
}  # fmt: skip
NAMES = ("ann", "bo", "cy", "di")


def push(legal: list[dict[str, Any]]) -> str:
    """All in at every chance: the tournament ends in a few hands."""
    kinds = {option["kind"]: option for option in legal}
    for kind in ("raise", "complete", "bet"):
        if kind in kinds:
            return f"{kind} {kinds[kind]['maximum']}"
    for kind in ("call", "show", "check", "bring_in"):
        if kind in kinds:
            return kind
    return legal[0]["kind"]


class Entrant:
    """A person in the tournament through one process: asks it where they sit (REST),
    watches that table and answers their own decisions, follows a move, and comes
    back through the other process when theirs dies."""

    def __init__(self, room: Room, name: str, served: Served, tid: int) -> None:
        self.room, self.name, self.served, self.tid = room, name, served, tid
        self.client: Client | None = None
        self.watching: str | None = None
        self.tables: list[str] = []  # every table they were seated at, in order
        self.sockets = 0

    def get(self, path: str) -> httpx.Response:
        headers = {"Authorization": f"Bearer {self.room.tokens[self.name]}"}
        return httpx.get(f"{self.served.base}{path}", headers=headers, timeout=10)

    def other_process(self) -> None:
        live = [p for p in self.room.processes if p.process.poll() is None]
        self.served = next((p for p in live if p is not self.served), live[0])
        self.client, self.watching = None, None

    def info(self) -> dict[str, Any] | None:
        try:
            answer = self.get(f"/api/tournaments/{self.tid}")
        except httpx.TransportError:  # its process died
            self.other_process()
            return None
        if answer.status_code == 503:  # the director is changing hands
            return None
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def play(self, timeout: float = 150) -> None:
        deadline = time.monotonic() + timeout
        asked = 0.0
        answered: set[tuple[str, int]] = set()
        while True:
            assert time.monotonic() < deadline, f"{self.name}: the tournament did not end"
            if time.monotonic() - asked > 0.5:
                asked = time.monotonic()
                info = self.info()
                if info is None:
                    continue
                if info["state"] == "finished":
                    return
                if not info["registered"]:
                    return  # busted: placed
                table = info["table"]
                if table is not None and table != self.watching:
                    self.watch(table)
            if self.client is None or self.watching is None:
                time.sleep(0.1)
                continue
            try:
                message = self.client.receive(timeout=0.5)
            except TimeoutError:
                continue
            except ConnectionClosed:
                self.other_process()
                continue
            if message.get("type") != "table" or message.get("table") != self.watching:
                continue
            state = message["state"]
            turn = state["turn"]
            if turn and turn["legal_actions"] and (self.watching, turn["seq"]) not in answered:
                answered.add((self.watching, turn["seq"]))
                with contextlib.suppress(ConnectionClosed):
                    self.client.send(
                        type="act", table=self.watching, seq=turn["seq"],
                        action=push(turn["legal_actions"]),
                    )  # fmt: skip

    def watch(self, table: str) -> None:
        try:
            if self.client is None:
                self.client = self.room.client(self.served, self.name)
                self.sockets += 1
            self.client.send(type="watch", table=table, id=f"watch {table}")
        except (OSError, ConnectionClosed):
            self.other_process()
            return
        self.watching = table
        if not self.tables or self.tables[-1] != table:
            self.tables.append(table)


@pytest.mark.long
def test_a_tournament_on_two_processes_goes_on_when_its_director_is_killed(
    tmp_path: Path, fresh_postgres: str
) -> None:
    room = Room(fresh_postgres, tmp_path)
    extra = ("--redis", redis_test_url(), "--redis-prefix", room.prefix, "--pause", "0.3")
    extra += ("--lease-seconds", "2")
    try:
        for _ in range(2):
            room.processes.append(Served(room.url, room.log, extra=extra))
        first, second = room.processes
        room.players(*NAMES)
        headers = {n: {"Authorization": f"Bearer {room.tokens[n]}"} for n in NAMES}
        starts = datetime.now(UTC) + timedelta(seconds=6)
        made = httpx.post(
            f"{first.base}/api/tournaments",
            headers=headers["ann"],
            json={
                "game": "razz", "kind": "scheduled", "seats": 2, "buy_in": 100, "fee": 10,
                "starts_at": starts.isoformat(), "structure": STRUCTURE,
            },
        )  # fmt: skip
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        # Entered through either process: the director's takes each buy-in once.
        # While the director's lease changes hands (two seconds here, on a loaded
        # machine) an entry is refused with 503 "busy" and a retry_after, taking nothing:
        # asked again as that answer says, as a client does, it is taken once.
        for name, served in zip(NAMES, (first, second, second, first), strict=True):
            deadline = time.monotonic() + 20
            while True:
                entered = httpx.post(
                    f"{served.base}/api/tournaments/{tid}/entry", headers=headers[name]
                )
                if entered.status_code != 503 or time.monotonic() > deadline:
                    break
                assert entered.json()["code"] == "busy", entered.text
                time.sleep(entered.json()["params"]["retry_after"])
            assert entered.status_code == 200, entered.text
            assert entered.json()["registered"] is True
        again = httpx.post(f"{second.base}/api/tournaments/{tid}/entry", headers=headers["ann"])
        assert again.status_code == 409, again.text
        assert again.json()["code"] == "tournament_registered"

        def listed(served: Served) -> dict[str, Any]:
            every = httpx.get(f"{served.base}/api/tournaments").json()
            return next(t for t in every if t["id"] == tid)

        wait_for(lambda: listed(second)["entries"] == 4, timeout=10)
        assert listed(second)["prize_pool"] == 400
        with Store(room.url) as store:
            assert store.audit() == []
            assert store.account("ann").balance == DEPOSIT - 110
        # Started: two heads-up tables, both run by the second process (the first runs
        # the room's fifteen default tables), directed by the first.
        wait_for(lambda: len(listed(first)["tables"]) == 2, timeout=30)
        tables = listed(first)["tables"]
        wait_for(lambda: all(room.owner(t) is not None for t in tables), timeout=10)
        assert {room.owner(t) for t in tables} == {second}
        entrants = [
            Entrant(room, name, served, tid)
            for name, served in zip(NAMES, (first, second, first, second), strict=True)
        ]
        killed: list[float] = []

        def kill_the_director() -> None:
            # Once a hand has been stored, kill -9 the director's process.
            def played() -> bool:
                with Store(room.url) as store:
                    return any(store.last_hand_number(t) for t in tables)

            wait_for(played, timeout=60)
            with Store(room.url) as store:
                row = store.tournament(tid)
                assert row is not None
                assert row.state == "running"
            first.kill()
            killed.append(time.monotonic())

        in_threads(*(e.play for e in entrants), kill_the_director, timeout=240)
        assert killed, "the director's process was killed"
        said = room.log.read_text()
        assert f"tournament {tid} is directed here, taken up from the store" in said
        # The second process directs it now and paid the prizes.
        wait_for(lambda: listed(second)["state"] == "finished", timeout=10)
        # the finishing order is in the tournament's own answer (the list leaves it out)
        final = httpx.get(f"{second.base}/api/tournaments/{tid}").json()
        assert final["state"] == "finished"
        places = {p["name"]: (p["place"], p["prize"]) for p in final["places"]}
        assert sorted(places) == sorted(NAMES)
        assert sorted(place for place, _ in places.values()) == [1, 2, 3, 4]
        assert sum(prize for _, prize in places.values()) == 400
        with Store(room.url) as store:
            assert store.audit() == []
            paid = {n: store.account(n).balance - (DEPOSIT - 110) for n in NAMES}
            assert paid == {n: places[n][1] for n in NAMES}
            # Every hand of its tables stored once, under its table's numbers.
            for table in tables:
                last = store.last_hand_number(table) or 0
                assert last > 0
    finally:
        room.stop()
