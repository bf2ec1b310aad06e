"""kill -9 of the room in the middle of a hand (docs/scaling.md, "A hand survives its
process"): a real ``stud serve`` on a SQLite file is killed while two people play at a
chips table; started again on the same database, it deals the hand again from the same
deck and the same actions.  The players' sockets come back with the same session: each
sees the same hand — its own cards, every up card, the pot, the seat to act and its
choices — plays it to the end, and every chip is where the ledger says."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from studpoker.store import Store

from .conftest import Client, choose, in_threads, without_clock

TABLE = "chips-razz"
DEPOSIT = 10_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served:
    """``stud serve`` in a process of its own, on ``url``."""

    def __init__(
        self, url: str, log: Path, *, port: int | None = None, extra: tuple[str, ...] = ()
    ) -> None:
        self.port = free_port() if port is None else port
        self.log = log
        self.base = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(self.port)]
        # Computer players act at once here (stud serve's default pauses them like people);
        # no free chips (the embedded room's default): the tests' players have what they
        # are deposited.
        command += ["--database", url, "--clock", "30", "--bot-think", "0", "--free-chips", "0"]
        command += extra
        with log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.base}/api/tables").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert self.process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)

    def client(self, token: str) -> Client:
        protocols = [Subprotocol("studpoker"), Subprotocol(f"bearer.{token}")]
        url = f"ws://127.0.0.1:{self.port}/ws?lang=en"
        socket = connect(url, subprotocols=protocols, max_size=2**22, close_timeout=1, legacy=True)
        return Client(socket)

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        """SIGTERM, as a supervisor stops it: it must end within a minute."""
        self.process.terminate()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.kill()
            tail = self.log.read_text(errors="replace")[-6000:]
            said = f"pid {self.process.pid} did not stop; its log ends:\n{tail}"
            raise AssertionError(said) from None


def watched(client: Client) -> dict[str, Any]:
    """The table as the client sees it once it opens it."""
    client.send(type="watch", table=TABLE, id="w")
    return client.until(lambda m: m.get("type") == "table" and m.get("table") == TABLE)["state"]


def _turn_after(message: dict[str, Any], seq: int) -> bool:
    """A table message whose decision pending is a later one than ``seq``."""
    if message.get("type") != "table":
        return False
    turn = message["state"]["turn"]
    return bool(turn) and turn["seq"] != seq


def play_hand_out(clients: list[Client], number: int) -> None:
    """Each client answers its own decisions until hand ``number`` ends."""

    def run(client: Client) -> None:
        answered: set[int] = set()
        state = client.states[TABLE]  # the decision it shows may be the client's own
        while True:
            turn = state["turn"]
            if turn and turn["legal_actions"] and turn["seq"] not in answered:
                answered.add(turn["seq"])
                action = choose(turn["legal_actions"])
                client.send(type="act", table=TABLE, seq=turn["seq"], action=action)
            message = client.receive(timeout=60)
            if message.get("type") != "table" or message.get("table") != TABLE:
                continue
            state = message["state"]
            if message.get("result") is not None and state["last_hand_number"] == number:
                return

    in_threads(*(lambda c=c: run(c) for c in clients))


def test_kill_9_in_the_middle_of_a_hand_and_the_hand_goes_on(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    log = tmp_path / "serve.log"
    server = Served(url, log)
    try:
        tokens = {}
        for name in ("ann", "bo"):
            answer = httpx.post(
                f"{server.base}/api/accounts", json={"name": name, "password": "password1"}
            )
            tokens[name] = answer.json()["token"]
        with Store(url) as store:
            for name in ("ann", "bo"):
                store.deposit(store.account(name).id, DEPOSIT)
        clients = {name: server.client(token) for name, token in tokens.items()}
        for seat, client in enumerate(clients.values()):
            client.send(type="sit", table=TABLE, seat=seat * 3, buy_in=4000, id="sit")
        # The hand dealt (after the pause's wait for their seeds: docs/fairness.md), then
        # three answers into it (the bring-in, a completion, a call …), then a moment for
        # the room to write them down, then kill -9.
        for client in clients.values():
            client.until(lambda m: m.get("table") == TABLE and m["state"]["hand"] is not None)
        answers = 0
        while answers < 3:
            for client in clients.values():
                client.drain()
            for client in clients.values():
                state = client.states.get(TABLE)
                turn = state and state["turn"]
                if turn and turn["legal_actions"]:
                    client.send(
                        type="act",
                        table=TABLE,
                        seq=turn["seq"],
                        action="call"
                        if any(o["kind"] == "call" for o in turn["legal_actions"])
                        else choose(turn["legal_actions"]),
                    )
                    seq = turn["seq"]
                    client.until(lambda m, seq=seq: _turn_after(m, seq))
                    answers += 1
        for client in clients.values():
            client.drain()
        time.sleep(0.5)
        before = {name: without_clock(client.states[TABLE]) for name, client in clients.items()}
        number = before["ann"]["hand_number"]
        assert number == 1
        assert sum(p["contributed"] for p in before["ann"]["hand"]["players"]) > 2 * 10
        server.kill()
        for client in clients.values():
            client.close()
        with Store(url) as store:  # the chips at the table, the hand not yet stored
            assert store.running_hand(TABLE).number == 1
            assert store.audit() == []

        server = Served(url, log)
        clients = {name: server.client(token) for name, token in tokens.items()}
        after = {name: without_clock(watched(client)) for name, client in clients.items()}
        for name in ("ann", "bo"):
            # The same hand as its player saw it: the same cards, bets, pot and seat to
            # act with the same choices; only the seats' connections are new.
            same, was = after[name], before[name]
            assert same["hand"] == was["hand"]
            assert same["hand_number"] == number
            assert same["turn"]["seat"] == was["turn"]["seat"]
            assert same["turn"]["legal_actions"] == was["turn"]["legal_actions"]
            assert [s and s["chips"] for s in same["seats"]] == [
                s and s["chips"] for s in was["seats"]
            ]
        play_hand_out(list(clients.values()), number)
        with Store(url) as store:
            stored = store.hand(TABLE, number)
            assert stored is not None
            assert sum(player.net for player in stored.players) == 0
            assert store.audit() == []
            held = store.holdings()
            total = sum(
                store.account(name).balance + held.get((TABLE, store.account(name).id), 0)
                for name in ("ann", "bo")
            )
            assert total == 2 * DEPOSIT
    finally:
        server.stop()
    with Store(url) as store:
        assert store.audit() == []
        assert store.holdings() == {}
        assert sum(store.account(name).balance for name in ("ann", "bo")) == 2 * DEPOSIT
