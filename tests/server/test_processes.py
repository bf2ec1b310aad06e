"""One room on several processes (docs/scaling.md): real ``stud serve`` processes on
loopback ports, one PostgreSQL database and one Redis (each test its own database and
its own names in Redis).  A client connected to one process plays at a table another
runs, and every process shows the same lobby; kill -9 of a table's owner in the middle
of hands: the hands go on at another process, none cancelled, no chip lost or made; an
owner paused past its lease wakes to find its writes refused."""

from __future__ import annotations

import contextlib
import os
import signal
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from conftest import redis_test_url
from studpoker.room.ownership import RedisLeases
from studpoker.store import Store

from .conftest import Client, choose, in_threads, wait_for
from .test_crash import Served

DEPOSIT = 10_000
BUY_IN = 4000


class Room:
    """Processes of one room on ``url``, sharing Redis under a prefix of their own."""

    def __init__(self, url: str, tmp_path: Path) -> None:
        self.url = url
        self.log = tmp_path / "serve.log"
        self.prefix = f"test-{uuid.uuid4().hex[:10]}:"
        self.processes: list[Served] = []
        self.tokens: dict[str, str] = {}
        self.clients: list[Client] = []

    def client(self, served: Served, name: str) -> Client:
        client = served.client(self.tokens[name])
        self.clients.append(client)
        return client

    def start(self) -> Served:
        # A stop waits 2 s, not 30, for the hands under way (no test's players answer
        # once it ends): then they are handed over in the middle, to nobody.
        extra = ("--redis", redis_test_url(), "--redis-prefix", self.prefix, "--pause", "0.3",
                 "--hand-over-seconds", "2")  # fmt: skip
        served = Served(self.url, self.log, extra=extra)
        self.processes.append(served)
        return served

    def players(self, *names: str) -> None:
        """Accounts ``names``, each with DEPOSIT in its wallet."""
        base = self.processes[0].base
        for name in names:
            answer = httpx.post(f"{base}/api/accounts", json={"name": name, "password": "pw-" * 3})
            assert answer.status_code == 201, answer.text
            self.tokens[name] = answer.json()["token"]
        with Store(self.url) as store:
            for name in names:
                store.deposit(store.account(name).id, DEPOSIT)

    async def _owner(self, table: str) -> int | None:
        leases = RedisLeases(redis_test_url(), prefix=self.prefix)
        try:
            lease = await leases.holder(table)
        finally:
            await leases.close()
        return None if lease is None else int(lease.owner.split(":")[1])

    def owner(self, table: str) -> Served | None:
        """The process that holds ``table``'s lease now (its owner names its pid)."""
        import asyncio

        pid = asyncio.run(self._owner(table))
        return next((p for p in self.processes if p.process.pid == pid), None)

    def stop(self) -> None:
        for client in self.clients:
            with contextlib.suppress(Exception):
                client.close()
        running = [served for served in self.processes if served.process.poll() is None]
        for served in running:  # all at once, as a supervisor stops them
            served.process.terminate()
        for served in running:
            served.stop()  # each must end within a minute

    def books(self, names: tuple[str, ...], tables: tuple[str, ...]) -> dict[str, int]:
        """The books after a step: the audit clean, and each player's wallet plus the
        chips held for them at the tables is their deposit plus the nets of the hands
        stored (no chip lost or made).  Each player's nets, by name."""
        with Store(self.url) as store:
            assert store.audit() == []
            held = store.holdings()
            nets = dict.fromkeys(names, 0)
            for table in tables:
                last = store.last_hand_number(table) or 0
                for number in range(1, last + 1):
                    hand = store.hand(table, number)
                    assert hand is not None, f"{table} hand {number} is not stored"
                    assert sum(player.net for player in hand.players) == 0
                    for player in hand.players:
                        if player.name in nets:
                            nets[player.name] += player.net
            for name in names:
                account = store.account(name)
                at_tables = sum(held.get((table, account.id), 0) for table in tables)
                assert account.balance + at_tables == DEPOSIT + nets[name], name
        return nets


def lobby(served: Served) -> list[tuple[Any, ...]]:
    tables = httpx.get(f"{served.base}/api/tables").json()
    return [(t["id"], t["game"], t["mode"], t["seated"], t["seats"]) for t in tables]


class Player:
    """A person at one table through a socket to one of the room's processes.  When
    that process dies they open a socket to another one (as the browser does) and
    watch the table again."""

    def __init__(self, room: Room, name: str, table: str, served: Served) -> None:
        self.room, self.name, self.table = room, name, table
        self.served = served
        self.client = room.client(served, name)
        self.sockets = 1
        self.hands: dict[int, dict[str, Any]] = {}  # the last state seen of each hand

    @property
    def state(self) -> dict[str, Any]:
        return self.client.states[self.table]

    def sit(self, seat: int) -> None:
        client, table = self.client, self.table
        client.send(type="sit", table=table, seat=seat, buy_in=BUY_IN, id=f"sit {table}")
        answer = client.until(lambda m: m.get("id") == f"sit {table}" and m["type"] != "table")
        assert answer["type"] == "ok", answer
        client.until(lambda m: m.get("type") == "table" and m.get("table") == table)

    def reconnect(self) -> None:
        deadline = time.monotonic() + 60
        while True:
            live = [p for p in self.room.processes if p.process.poll() is None]
            live = [p for p in live if p is not self.served] or live
            try:
                self.served = live[self.sockets % len(live)]
                self.client = self.room.client(self.served, self.name)
                break
            except OSError:
                assert time.monotonic() < deadline, f"{self.name}: no process to connect to"
                time.sleep(0.2)
        self.sockets += 1
        self.client.send(type="watch", table=self.table, id="watch")
        self.client.until(lambda m: m.get("type") == "table" and m.get("table") == self.table)

    def stand(self) -> None:
        self.client.send(type="stand", table=self.table, id="stand")
        answer = self.client.until(lambda m: m.get("id") == "stand" and m["type"] != "table")
        assert answer["type"] == "ok", answer


def play(players: list[Player], until: Any, *, timeout: float = 120) -> None:
    """Each player answers their own decisions until ``until(state)`` holds for them;
    a hand cancelled fails the test."""

    def run(player: Player) -> None:
        table = player.table
        answered: set[int] = set()
        state = player.state
        deadline = time.monotonic() + timeout
        while not until(state):
            assert time.monotonic() < deadline, f"{table}: {state['hand_number']}"
            turn = state["turn"]
            if turn and turn["legal_actions"] and turn["seq"] not in answered:
                answered.add(turn["seq"])
                action = choose(turn["legal_actions"])
                with contextlib.suppress(ConnectionClosed):
                    player.client.send(type="act", table=table, seq=turn["seq"], action=action)
            try:
                message = player.client.receive(timeout=60)
            except ConnectionClosed:  # its process died: another one
                player.reconnect()
                answered.clear()  # the table's new owner numbers its decisions anew
                state = player.state
                continue
            if message.get("type") != "table" or message.get("table") != table:
                continue
            assert message["change"] != "hand_cancelled", message["lines"]
            if "patch" not in message:  # a whole state: from the table's new owner
                answered.clear()
            state = message["state"]
            if state["hand"] is not None:
                player.hands[state["hand_number"]] = state

    in_threads(*(lambda p=p: run(p) for p in players), timeout=timeout + 30)


def in_hand(state: dict[str, Any], number: int) -> bool:
    """Hand ``number`` is under way, a decision pending, some bets made."""
    hand = state["hand"]
    return (
        state["hand_number"] == number
        and state["turn"] is not None
        and hand is not None
        and hand["pot_total"] > 0
    )


def ended(state: dict[str, Any], number: int) -> bool:
    """Hand ``number`` has ended (a table taken up knows no hand before its own first:
    the next hand's number says so)."""
    return (state["last_hand_number"] or 0) >= number or state["hand_number"] > number


def hidden_until_shown(client: Client, table: str, seat: int) -> bool:
    """Whether every state of ``table`` the client had held the down cards of ``seat``
    hidden (None) unless shown, and its own down cards face up: whether any did."""
    own = False
    for message in client.received:
        if message["type"] != "table" or message["table"] != table:
            continue
        state = message["state"]
        for player in (state["hand"] or {"players": []})["players"]:
            if player["seat"] == seat and not player["shown"]:
                assert all(card is None for card in player["down_cards"]), player
            if player["seat"] == state["viewer"]:
                assert all(card is not None for card in player["down_cards"]), player
                own = own or bool(player["down_cards"])
    return own


def test_a_client_of_one_process_plays_at_a_table_another_runs(tmp_path, fresh_postgres):
    room = Room(fresh_postgres, tmp_path)
    table = "chips-razz"
    try:
        owner = room.start()  # the first process opens every default table
        other = room.start()
        assert room.owner(table) is owner
        room.players("ann", "bo")
        # The lobby is one lobby: every table once, from either process.
        wait_for(lambda: lobby(owner) == lobby(other), timeout=10)
        assert len(lobby(other)) == 15
        ann = Player(room, "ann", table, other)  # on the process that runs no table
        bo = Player(room, "bo", table, owner)
        ann.sit(0)
        bo.sit(3)
        assert ann.state["viewer"] == 0
        # Both seated, as either process's lobby says.
        wait_for(lambda: {t[0]: t[3] for t in lobby(other)}[table] == 2)
        wait_for(lambda: lobby(owner) == lobby(other), timeout=10)
        # Chat crosses too.
        ann.client.send(type="chat", table=table, text="hello from the other process")
        said = bo.client.until(lambda m: m.get("type") == "chat")
        assert (said["name"], said["text"]) == ("ann", "hello from the other process")
        # Whole hands, with the cards each seat may see: ann's own down cards on the
        # process that does not deal them, bo's hidden from her.
        play([ann, bo], lambda s: s["last_hand_number"] == 3)
        assert ann.state["last_hand_number"] == 3
        nets = room.books(("ann", "bo"), (table,))
        assert nets["ann"] == -nets["bo"]
        assert hidden_until_shown(ann.client, table, 3)
        assert hidden_until_shown(bo.client, table, 0)
        ann.stand()
        bo.stand()
        wait_for(lambda: not Store(room.url).holdings(), timeout=30)
        room.books(("ann", "bo"), (table,))
    finally:
        room.stop()
    with Store(room.url) as store:
        assert store.audit() == []
        assert sum(store.account(n).balance for n in ("ann", "bo")) == 2 * DEPOSIT


def test_a_table_opened_through_one_process_is_sat_at_through_another_at_once(
    tmp_path, fresh_postgres
):
    """A player opens a table over REST (one process answers, and runs it) and sits down
    at once through a socket to another process, before that one could have heard of
    the table: the sit waits for the owner to be heard of and goes to it.  A table
    nobody opened is still refused."""
    room = Room(fresh_postgres, tmp_path)
    try:
        first = room.start()
        second = room.start()
        room.players("ann")
        ann = Player(room, "ann", "chips-razz", second)
        for game in ("razz", "stud_hilo", "seven_card_stud"):
            answer = httpx.post(
                f"{first.base}/api/tables",
                json={"game": game, "mode": "chips"},
                headers={"Authorization": f"Bearer {room.tokens['ann']}"},
            )
            assert answer.status_code == 201, answer.text
            ann.table = answer.json()["id"]
            ann.sit(1)
            assert ann.state["seats"][1]["name"] == "ann"
            assert room.owner(ann.table) is first
            ann.stand()
        ann.client.send(type="watch", table="opened-by-nobody", id="nobody")
        refused = ann.client.until(lambda m: m.get("id") == "nobody")
        assert (refused["type"], refused["code"]) == ("error", "no_table")
        assert refused["message"] == "no table 'opened-by-nobody'"
    finally:
        room.stop()


@pytest.mark.long
def test_every_process_answers_the_rest_api_of_a_table_another_runs(tmp_path, fresh_postgres):
    """GET /api/tables/{id}, /api/tables/{id}/hands/{n} and /api/me say the same from a
    process that does not run the table as from its owner (it asks the owner over
    Redis); a table the room does not keep is a 404 from either; an owner that does not
    answer (paused) is a 503 ``busy`` with Retry-After, and it answers again once awake."""
    room = Room(fresh_postgres, tmp_path)
    table = "chips-razz"
    try:
        owner = room.start()  # the first process opens every default table
        other = room.start()
        room.players("ann", "bo")
        wait_for(lambda: lobby(owner) == lobby(other), timeout=10)
        ann = Player(room, "ann", table, other)
        bo = Player(room, "bo", table, owner)
        ann.sit(0)
        bo.sit(3)
        play([ann, bo], lambda s: s["last_hand_number"] == 2)
        bo.stand()  # after the hand under way: ann alone, no hand dealt, the state kept
        play([ann, bo], lambda s: s["seats"][3] is None and s["hand"] is None)
        last = ann.state["last_hand_number"]
        assert last in (2, 3)

        def get(served: Served, path: str, who: str | None = None) -> httpx.Response:
            headers = {} if who is None else {"Authorization": f"Bearer {room.tokens[who]}"}
            return httpx.get(f"{served.base}{path}", headers=headers, timeout=30)

        # The table as an onlooker sees it: ann seated, no hand.
        here, there = get(other, f"/api/tables/{table}"), get(owner, f"/api/tables/{table}")
        assert (here.status_code, there.status_code) == (200, 200)
        assert here.json() == there.json()
        state = here.json()
        assert (state["viewer"], state["hand"], state["last_hand_number"]) == (None, None, last)
        assert [seat["name"] for seat in state["seats"] if seat] == ["ann"]
        # Hand 2 (kept: R5.8) as ann's seat saw it (her own down cards), in Simplified
        # Chinese, and as an onlooker saw it (no down card that was not shown).
        path = f"/api/tables/{table}/hands/2?lang=zh-Hans"
        mine, owners = get(other, path, "ann").json(), get(owner, path, "ann").json()
        assert mine == owners
        assert (mine["table"], mine["hand"], mine["names"]) == (table, 2, ["ann", "bo"])
        assert mine["net"]["0"] == -mine["net"]["3"]
        dealt = [e for e in mine["events"] if e["type"] == "CardDealt" and not e["up"]]
        assert [e["card"] is not None for e in dealt if e["seat"] == 0] == [True] * 3
        looked = get(other, f"/api/tables/{table}/hands/2").json()
        assert looked == get(owner, f"/api/tables/{table}/hands/2").json()
        shown = {e["seat"] for e in looked["events"] if e["type"] == "Show"}
        hidden = [e for e in looked["events"] if e["type"] == "CardDealt" and not e["up"]]
        assert all(e["card"] is None for e in hidden if e["seat"] not in shown)
        # The seats ann holds, wherever she asks.
        for served in (other, owner):
            assert get(served, "/api/me", "ann").json()["seats"] == [{"table": table, "seat": 0}]
            assert get(served, "/api/me", "bo").json()["seats"] == []
        # Refusals: the owner's, told as it made them; a table nobody keeps.
        for served in (other, owner):
            answer = get(served, f"/api/tables/{table}/hands/99")
            assert (answer.status_code, answer.json()["code"]) == (404, "no_hand")
            answer = get(served, f"/api/tables/{table}/hands/2?lang=fr")
            assert (answer.status_code, answer.json()["code"]) == (400, "unknown_language")
            answer = get(served, "/api/tables/no-such-table")
            assert (answer.status_code, answer.json()["code"]) == (404, "no_table")
        # The owner paused (within its lease): the other cannot be answered, and says so.
        os.kill(owner.process.pid, signal.SIGSTOP)
        try:
            answer = get(other, f"/api/tables/{table}")
        finally:
            os.kill(owner.process.pid, signal.SIGCONT)
        assert answer.status_code == 503
        assert answer.json()["code"] == "busy"
        assert answer.json()["params"]["what"] == "table_owner"
        assert answer.headers["Retry-After"] == "1"
        # Not heard for longer than SILENT, the owner was forgotten: heard again, its
        # table is answered for within a try or two (what Retry-After asks).
        wait_for(lambda: get(other, f"/api/tables/{table}").status_code == 200, timeout=5)
        assert get(other, f"/api/tables/{table}").json() == state
    finally:
        room.stop()


def same_cards(before: dict[str, Any], after: dict[str, Any]) -> None:
    """The hand ``after`` is the hand ``before`` played on: every up card and the
    viewer's own down cards as they were, more dealt after them."""
    was = {p["seat"]: p for p in before["hand"]["players"]}
    now = {p["seat"]: p for p in after["hand"]["players"]}
    assert was.keys() == now.keys()
    for seat, player in was.items():
        up = player["up_cards"]
        assert now[seat]["up_cards"][: len(up)] == up, seat
        if seat == before["viewer"]:
            down = player["down_cards"]
            assert now[seat]["down_cards"][: len(down)] == down, seat


# Three kills with STUD_FULL=1; CI's bounded run kills each table's owner once.
KILLS = 3 if os.environ.get("STUD_FULL") == "1" else 2


@pytest.mark.long
def test_kill_9_of_the_owner_many_times_and_every_hand_goes_on(tmp_path, fresh_postgres):
    """Two tables, four players on three processes; the owner of a table killed
    (kill -9) in the middle of a hand, three times (twice in CI's bounded run: once
    each table's), a process started in its place each time.  Every hand goes on and
    ends — none cancelled, the hand cut short with the cards it had — a player whose
    own process died coming back on another, and after each step the books balance."""
    room = Room(fresh_postgres, tmp_path)
    tables = ("chips-razz", "chips-seven_card_stud")
    names = ("ann", "bo", "cy", "di")
    try:
        processes = [room.start() for _ in range(3)]
        room.players(*names)
        where = {"ann": (0, 0), "bo": (0, 4), "cy": (1, 1), "di": (1, 5)}
        players = {
            name: Player(room, name, tables[t], processes[i % 3])
            for i, (name, (t, _)) in enumerate(where.items())
        }
        for name, (_, seat) in where.items():
            players[name].sit(seat)
        at = {t: [p for p in players.values() if p.table == t] for t in tables}
        for kill in range(KILLS):
            for table in tables:  # two hands on, and into the next
                number = (at[table][0].state["last_hand_number"] or 0) + 2
                play(at[table], lambda s, n=number: in_hand(s, n))
            victim = room.owner(tables[kill % 2])
            assert victim is not None
            # What each player sees now; then a moment for the owner's journal to
            # write it down (it writes in batches: what a kill -9 cuts off in the last
            # few milliseconds is played again from the last action written).
            for player in players.values():
                player.client.drain()
            seen = {p.name: p.state for p in players.values()}
            time.sleep(0.5)
            os.kill(victim.process.pid, signal.SIGKILL)
            victim.process.wait(timeout=30)
            room.start()  # a process in its place
            for table in tables:
                number = at[table][0].state["hand_number"]
                play(at[table], lambda s, n=number: ended(s, n))
                for player in at[table]:
                    same_cards(seen[player.name], player.hands[number])
            room.books(names, tables)
        assert sum(p.sockets for p in players.values()) > len(players)  # some came back
        for player in players.values():
            player.stand()
        wait_for(lambda: not Store(room.url).holdings(), timeout=60)
        room.books(names, tables)
    finally:
        room.stop()
