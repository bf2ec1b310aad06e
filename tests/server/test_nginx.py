"""The room behind nginx, for real: ``stud serve --trusted-proxies 127.0.0.1`` with
deploy/nginx.conf itself in front of it (scripts/nginx.sh installs Debian's nginx when it
is missing and changes only the file's port and upstream), and players who come through
it — each counted as themselves, not as nginx, and none able to choose their address.

How one machine stands for many: nginx listens on 127.0.0.1 and reaches the room from
127.0.0.1, the room's one trusted proxy.  The clients that stand for many players
connect to nginx from 127.0.0.1 too, as a load balancer in front of nginx would, each
with the ``X-Forwarded-For`` of the player it stands for; nginx adds its own peer, and
the room reads ``10.1.0.7, 127.0.0.1`` from the right: 127.0.0.1 is its proxy, 10.1.0.7
the player.  A client that forges its header connects from another address of the
loopback (all of 127.0.0.0/8 is this machine), which nobody trusts: from 127.0.0.2
through nginx (which then writes ``10.9.0.1, 127.0.0.2``), or from 127.0.0.3 straight
to the room."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

from studpoker.server.patch import apply_patch

from .conftest import choose

ROOT = Path(__file__).resolve().parents[2]
NGINX = ROOT / "scripts" / "nginx.sh"
# Players through nginx at once, in heads-up pairs: 6 s on two idle cores.
PLAYERS = 200


@dataclass
class Behind:
    """A room, and nginx in front of it."""

    room: str  # the room's own URL: only a client the room does not trust uses it
    nginx: str
    log: Path  # the room's log, at --log-level info: its access lines name each client


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def stud_serve(folder: Path, count: int = 1) -> Iterator[list[tuple[str, Path]]]:
    """``count`` rooms of ``stud serve``, each on a port and an SQLite file of its own
    with nginx (127.0.0.1) its trusted proxy, started together: each one's URL and log."""
    started: list[tuple[subprocess.Popen[bytes], str, Path]] = []
    try:
        for _ in range(count):
            port = free_port()
            log = folder / f"serve-{port}.log"
            command = [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(port)]
            command += ["--database", f"sqlite:///{folder / f'room-{port}.db'}"]
            command += ["--trusted-proxies", "127.0.0.1", "--pause", "0", "--bot-think", "0"]
            command += ["--seed", "1", "--log-level", "info"]
            with log.open("wb") as out:
                server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
            started.append((server, f"http://127.0.0.1:{port}", log))
        deadline = time.monotonic() + 60
        for server, url, log in started:
            while True:
                try:
                    if httpx.get(f"{url}/api/tables").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert server.poll() is None, log.read_text()
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        yield [(url, log) for _, url, log in started]
    finally:
        for server, _, _ in started:
            server.terminate()
        for server, _, _ in started:
            server.wait(timeout=60)


@contextmanager
def nginx(folder: Path, conf: str, *rooms: str) -> Iterator[str]:
    """scripts/nginx.sh's nginx, from ``conf`` of deploy/, in front of ``rooms``."""
    env = dict(os.environ, STUD_NGINX_DIR=str(folder))
    upstreams = [room.removeprefix("http://") for room in rooms]
    command = [str(NGINX), "--conf", str(ROOT / "deploy" / conf), *upstreams]
    started = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    if started.returncode != 0:
        missing = shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists()
        if missing and not os.environ.get("CI"):
            pytest.skip(f"nginx is missing and scripts/nginx.sh could not install it: "
                        f"{started.stderr.strip()}")  # fmt: skip
        pytest.fail(f"scripts/nginx.sh failed: {started.stderr}")
    try:
        yield started.stdout.strip()
    finally:
        subprocess.run([str(NGINX), "stop"], env=env, check=True, timeout=60)


@pytest.fixture(scope="module")
def behind(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Behind]:
    folder = tmp_path_factory.mktemp("behind-nginx")
    with ExitStack() as stack:
        [(room, log)] = stack.enter_context(stud_serve(folder))
        url = stack.enter_context(nginx(folder / "nginx", "nginx.conf", room))
        yield Behind(room, url, log)


# -- a client ---------------------------------------------------------------------------


def ws_url(url: str) -> str:
    return url.replace("http://", "ws://") + "/ws?lang=en"


async def open_socket(
    url: str, claimed: str, token: str | None = None, source: str = "127.0.0.1"
) -> ClientConnection:
    """A WebSocket to ``url`` from ``source``, saying it is for ``claimed``."""
    protocols = [Subprotocol("studpoker")]
    if token is not None:
        protocols.append(Subprotocol(f"bearer.{token}"))
    return await connect(
        ws_url(url),
        additional_headers={"X-Forwarded-For": claimed},
        subprotocols=protocols,
        max_size=2**22,
        open_timeout=60,
        close_timeout=2,
        local_addr=(source, 0),
    )


async def first(socket_: ClientConnection) -> dict[str, Any]:
    return dict(json.loads(await asyncio.wait_for(socket_.recv(), 30)))


def http(url: str, source: str = "127.0.0.1") -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=source)
    return httpx.AsyncClient(base_url=url, transport=transport, timeout=60)


async def guest(client: httpx.AsyncClient, claimed: str) -> httpx.Response:
    return await client.post("/api/guests", headers={"X-Forwarded-For": claimed})


class Player:
    """One player at a heads-up table, playing from what it is sent (conftest.choose)."""

    def __init__(self, socket_: ClientConnection, table: str) -> None:
        self.socket = socket_
        self.table = table
        self.state: dict[str, Any] | None = None
        self.acted = 0
        self.results = 0  # of hands it acted in
        self.done = asyncio.Event()

    async def play(self, partner: Player) -> None:
        """Sit, play until a hand it acted in has ended and its partner's too, stand."""
        await self.socket.send(json.dumps({"type": "sit", "table": self.table, "id": "sit"}))
        answered: set[int] = set()
        acted_in_hand = False
        while not (self.done.is_set() and partner.done.is_set()):
            try:
                text = await asyncio.wait_for(self.socket.recv(), 1.0)
            except TimeoutError:
                continue
            message = json.loads(text)
            if message.get("id") == "sit":
                assert message["type"] == "ok", message
            if message.get("type") != "table" or message.get("table") != self.table:
                continue
            if "patch" in message:
                assert self.state is not None, "a patch before the state"
                self.state = apply_patch(self.state, message["patch"])
            else:
                self.state = message["state"]
            if "result" in message:
                if acted_in_hand:
                    self.results += 1
                    self.done.set()
                acted_in_hand = False
                continue
            assert self.state is not None
            turn = self.state["turn"]
            if turn and turn["legal_actions"] and turn["seq"] not in answered:
                answered.add(turn["seq"])
                action = choose(turn["legal_actions"])
                act = {"type": "act", "table": self.table, "seq": turn["seq"], "action": action}
                await self.socket.send(json.dumps(act))
                self.acted += 1
                acted_in_hand = True
        await self.socket.send(json.dumps({"type": "stand", "table": self.table}))
        await self.socket.close()


def address(n: int, network: int = 1) -> str:
    return f"10.{network}.{n // 250}.{n % 250 + 1}"


# -- the tests ------------------------------------------------------------------------------


def test_two_hundred_players_through_nginx_each_their_own_address(behind: Behind):
    """200 players from 200 addresses: 200 guests (10 an address at most) and 200
    sockets (20 an address) through one nginx, all admitted, every pair at its own
    practice table playing a hand; the room's log names each by its own address."""
    addresses = [address(n) for n in range(PLAYERS)]

    async def run() -> list[Player]:
        gate = asyncio.Semaphore(25)

        async def admitted(client: httpx.AsyncClient, claimed: str) -> str:
            async with gate:
                answer = await guest(client, claimed)
            assert answer.status_code == 201, (claimed, answer.text)
            return str(answer.json()["token"])

        async with http(behind.nginx) as client:
            tokens = await asyncio.gather(*(admitted(client, a) for a in addresses))

            async def welcomed(claimed: str, token: str) -> ClientConnection:
                async with gate:
                    socket_ = await open_socket(behind.nginx, claimed, token)
                    welcome = await first(socket_)
                assert welcome["type"] == "welcome", (claimed, welcome)
                return socket_

            sockets = await asyncio.gather(*map(welcomed, addresses, tokens))

            async def opened(token: str, claimed: str) -> str:
                async with gate:
                    answer = await client.post(
                        "/api/tables",
                        json={"game": "razz", "seats": 2},
                        headers={"Authorization": f"Bearer {token}", "X-Forwarded-For": claimed},
                    )
                assert answer.status_code == 201, answer.text
                return str(answer.json()["id"])

            tables = await asyncio.gather(
                *(opened(tokens[n], addresses[n]) for n in range(0, PLAYERS, 2))
            )
        players = [Player(sockets[n], tables[n // 2]) for n in range(PLAYERS)]
        pairs = [(players[n], players[n + 1]) for n in range(0, PLAYERS, 2)]
        plays = [p.play(q) for a, b in pairs for p, q in ((a, b), (b, a))]
        await asyncio.wait_for(asyncio.gather(*plays), 120)
        return players

    started = time.monotonic()
    players = asyncio.run(run())
    assert all(player.acted >= 1 and player.results >= 1 for player in players)
    log = behind.log.read_text()
    guests = set(re.findall(r'([\d.]+):0 - "POST /api/guests HTTP/1.1" 201', log))
    sockets = set(re.findall(r'([\d.]+):0 - "WebSocket /ws" \[accepted\]', log))
    assert guests >= set(addresses)
    assert sockets >= set(addresses)
    assert not re.search(r'127\.0\.0\.1:\d+ - "(POST /api/guests|WebSocket)', log)
    print(f"{PLAYERS} players through nginx in {time.monotonic() - started:.1f} s")


def test_one_address_behind_nginx_holds_its_own_twenty_sockets_and_no_more(behind: Behind):
    async def run() -> None:
        held = [await open_socket(behind.nginx, "10.2.0.1") for _ in range(20)]
        assert [(await first(s))["type"] for s in held] == ["welcome"] * 20
        extra = await open_socket(behind.nginx, "10.2.0.1")
        refused = await first(extra)
        assert (refused["code"], refused["message"]) == (
            "too_many_sockets",
            "20 sockets from one address at most: close one first",
        )
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(extra.recv(), 10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1008
        # Another address behind the same nginx is not touched.
        other = await open_socket(behind.nginx, "10.2.0.2")
        assert (await first(other))["type"] == "welcome"
        await held[0].close()
        await asyncio.sleep(0.3)
        again = await open_socket(behind.nginx, "10.2.0.1")
        assert (await first(again))["type"] == "welcome"
        for socket_ in [*held[1:], other, again]:
            await socket_.close()

    asyncio.run(run())


def test_guests_and_logins_behind_nginx_are_limited_by_the_players_address(behind: Behind):
    async def run() -> None:
        async with http(behind.nginx) as client:
            answers = [(await guest(client, "10.3.0.1")).status_code for _ in range(10)]
            assert answers == [201] * 10
            over = await guest(client, "10.3.0.1")
            assert over.status_code == 429
            assert over.json()["detail"].startswith("too many guests from your address: ")
            assert over.json()["params"]["what"] == "guests"
            assert (await guest(client, "10.3.0.2")).status_code == 201

            async def login(claimed: str, n: int) -> httpx.Response:
                body = {"name": f"nobody{n}", "password": "password1"}
                return await client.post(
                    "/api/sessions", json=body, headers={"X-Forwarded-For": claimed}
                )

            started = time.monotonic()
            answers = [(await login("10.3.0.3", n)).status_code for n in range(10)]
            assert answers == [401] * 10
            # Ten logins a minute: the bucket refills one every 6 s, so where those ten
            # took that long (each hashes a password, and CI runs four tests on two
            # cores) one more may pass for each 6 s before the refusal comes.
            n = 10
            while (over := await login("10.3.0.3", n)).status_code == 401:
                n += 1
                assert n <= 11 + (time.monotonic() - started) / 6, "logins never limited"
            assert over.status_code == 429
            assert over.json()["detail"].startswith("too many logins from your address: ")
            assert (await login("10.3.0.4", 11)).status_code == 401

    asyncio.run(run())


def test_a_client_forging_x_forwarded_for_gains_nothing(behind: Behind):
    """A client nobody trusts names another address in each request: through nginx
    (from 127.0.0.2) and straight to the room (from 127.0.0.3) it is limited as what
    it is, and the addresses it named were never charged."""

    async def run() -> None:
        async with http(behind.nginx, source="127.0.0.2") as forger:
            answers = [(await guest(forger, f"10.9.0.{n}")).status_code for n in range(11)]
            assert answers == [201] * 10 + [429]
        async with http(behind.room, source="127.0.0.3") as forger:
            answers = [(await guest(forger, f"10.9.1.{n}")).status_code for n in range(11)]
            assert answers == [201] * 10 + [429]
        async with http(behind.nginx) as client:  # the players it named: not charged
            assert (await guest(client, "10.9.0.0")).status_code == 201
            assert (await guest(client, "10.9.1.0")).status_code == 201
        for url, source, network in ((behind.nginx, "127.0.0.2", 2), (behind.room, "127.0.0.3", 3)):
            held = [await open_socket(url, f"10.9.{network}.{n}", source=source) for n in range(20)]
            assert [(await first(s))["type"] for s in held] == ["welcome"] * 20
            extra = await open_socket(url, f"10.9.{network}.20", source=source)
            assert (await first(extra))["code"] == "too_many_sockets"
            for socket_ in [*held, extra]:
                await socket_.close()

    asyncio.run(run())
    log = behind.log.read_text()
    assert re.search(r'127\.0\.0\.2:0 - "POST /api/guests HTTP/1.1" 429', log)
    assert re.search(r'127\.0\.0\.3:\d+ - "POST /api/guests HTTP/1.1" 429', log)
    assert not re.search(r"10\.9\.[0-3]\.([1-9]|1\d|20):", log)


def test_several_rooms_behind_one_nginx(behind: Behind, tmp_path: Path):
    """deploy/nginx-workers.conf in front of two processes (this module's room and
    another): WebSockets go to both in turn, each process counting the players' own
    addresses."""
    with ExitStack() as stack:
        [(second_room, second_log)] = stack.enter_context(stud_serve(tmp_path))
        url = stack.enter_context(
            nginx(tmp_path / "nginx", "nginx-workers.conf", behind.room, second_room)
        )

        async def run() -> None:
            held = [await open_socket(url, f"10.5.0.{n}") for n in range(1, 9)]
            assert [(await first(s))["type"] for s in held] == ["welcome"] * 8
            for socket_ in held:
                await socket_.close()

        asyncio.run(run())
        time.sleep(0.3)
        pattern = r'10\.5\.0\.\d:0 - "WebSocket /ws" \[accepted\]'
        served = [len(re.findall(pattern, log.read_text())) for log in (behind.log, second_log)]
        assert sum(served) == 8
        assert min(served) >= 3, served  # least_conn: each takes its turn
