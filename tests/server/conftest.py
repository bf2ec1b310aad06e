"""A real card room for the server tests: uvicorn on a free loopback port in a thread,
and WebSocket clients (the ``websockets`` package) that play from what they are sent."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import connect

from studpoker.room import Room
from studpoker.server import create_app
from studpoker.store import Store

# Which legal action a test client takes, the first of these it is offered.
PREFERENCE = ("show", "check", "call", "bring_in", "bet", "complete", "raise", "fold", "muck")


def choose(legal: list[dict[str, Any]]) -> str:
    """A cheap legal action: show down, check, call, else the smallest bet."""
    by_kind = {option["kind"]: option for option in legal}
    for kind in PREFERENCE:
        option = by_kind.get(kind)
        if option is None:
            continue
        if kind in ("bet", "complete", "raise"):
            return f"{kind} {option['minimum']}"
        return kind
    return legal[0]["kind"]


class Server:
    """A room served on 127.0.0.1 in a thread of its own."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.app = create_app(room)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=0,
            log_level="warning",
            ws="websockets-sansio",
            ws_per_message_deflate=False,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.port = 0

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def register(self, name: str, password: str = "password1") -> str:
        answer = httpx.post(f"{self.url}/api/accounts", json={"name": name, "password": password})
        assert answer.status_code == 201, answer.text
        return str(answer.json()["token"])

    def client(self, token: str | None = None, lang: str = "en") -> Client:
        query = f"?lang={lang}" + (f"&token={token}" if token else "")
        url = f"ws://127.0.0.1:{self.port}/ws{query}"
        return Client(connect(url, max_size=2**22, close_timeout=1, legacy=True))

    def call(self, coroutine: Any) -> Any:
        """Run ``coroutine`` on the server's event loop (the room lives there)."""
        loop = self.room_loop()
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout=30)

    def room_loop(self) -> asyncio.AbstractEventLoop:
        held = next(iter(self.room.tables.values()))
        assert held.task is not None
        return held.task.get_loop()


class Client:
    """One WebSocket client: every message it gets is kept in ``received``."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.received: list[dict[str, Any]] = []

    def send(self, **message: Any) -> None:
        self.socket.send(json.dumps(message))

    def receive(self, timeout: float = 20) -> dict[str, Any]:
        message = json.loads(self.socket.recv(timeout=timeout))
        self.received.append(message)
        return message

    def until(self, test: Any, timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(deadline - time.monotonic(), 0.01))
            if test(message):
                return message

    def close(self) -> None:
        self.socket.close()

    def play(self, table: str, hands: int, *, stand: bool = True) -> list[dict[str, Any]]:
        """Answer every decision of this seat with :func:`choose` until ``hands`` hands
        have ended at ``table``; the results of those hands."""
        answered: set[int] = set()
        results: list[dict[str, Any]] = []
        while len(results) < hands:
            message = self.receive(timeout=30)
            if message.get("type") != "table" or message.get("table") != table:
                continue
            if "result" in message:
                results.append(message["result"])
                continue
            turn = message["state"]["turn"]
            if turn and turn["legal_actions"] and turn["seq"] not in answered:
                answered.add(turn["seq"])
                self.send(
                    type="act", table=table, seq=turn["seq"], action=choose(turn["legal_actions"])
                )
        if stand:
            self.send(type="stand", table=table)
        return results


def play_together(clients: list[Client], table: str, hands: int) -> list[list[dict[str, Any]]]:
    """Every client plays ``hands`` hands at ``table`` at once, each in a thread."""
    out: list[list[dict[str, Any]]] = [[] for _ in clients]
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            out[i] = clients[i].play(table, hands)
        except BaseException as error:  # reported by the test
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    if errors:
        raise errors[0]
    return out


def wait_for(test: Any, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.02)


@contextmanager
def served(database: str = "sqlite://", **options: Any) -> Iterator[Server]:
    options = {"seed": 1, "pause": 0.0, "clock": 5.0, "time_bank": 0.0} | options
    room = Room(Store(database), **options)
    with Server(room) as server:
        yield server


@pytest.fixture
def server() -> Iterator[Server]:
    with served() as running:
        yield running
