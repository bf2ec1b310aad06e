"""The card room under load (issues 6 and 16): many WebSocket clients playing at once,
on one process or on several sharing PostgreSQL and Redis.

Usage (from the repository root)::

    .venv/bin/python bench/room.py --clients 16 --tables 2 --seconds 10
    .venv/bin/python bench/room.py                 # 1,000 clients at 125 tables, 30 s
    .venv/bin/python bench/room.py --json          # one JSON object on stdout
    # the room on 2 processes sharing one PostgreSQL database and one Redis:
    .venv/bin/python bench/room.py --processes 2 --clients 400 --tables 50 --seconds 20
    # 1 process and then 2 on PostgreSQL and Redis, in one run, and the ratio:
    .venv/bin/python bench/room.py --compare 1,2 --clients 400 --tables 50 --seconds 20
    # 5,000 clients answering like people, across 2 processes, from 2 client processes:
    .venv/bin/python bench/room.py --processes 2 --clients 5000 --tables 625 --think 1 \\
        --client-processes 2
    # kill -9 of a table's owner 10 times: the time to the table's next message
    .venv/bin/python bench/room.py --processes 2 --clients 160 --tables 20 --seconds 10 \\
        --failover 10

The servers.  By default (``--processes 1``) one ``stud serve`` runs in a subprocess on
a fresh SQLite file: the embedded room.  With ``--processes N`` (N > 1), or ``--shared``
with one, N ``stud serve`` processes run on ports of their own over a fresh PostgreSQL
database and one Redis, under a Redis prefix of the run's own (``--database postgresql…
--redis … --redis-prefix …``; ``scripts/postgres.sh`` and ``scripts/redis.sh`` start
PostgreSQL and Redis when they are not running, and the database and the prefix's keys
are deleted at the end: bench/cluster.py).  ``--compare 1,2`` measures the room on 1
process and then on 2, each on PostgreSQL and Redis (a fresh database each), in one
run, and prints the ratio of their actions a second.

Every server runs with no pause between hands, a clock of an hour (no decision ever
times out) and no limits.  The accounts and their sessions are written straight into
the database (``Store.create_account`` and ``create_session``, what ``POST
/api/accounts`` does but its argon2 hash: 5,000 clients would take 17 minutes; the
servers read a socket's session from the database, and keep none).  Then ``--tables``
practice tables of ``--game`` are opened through ``POST /api/tables``, table ``t``
through process ``t mod N``, which runs it (owns its lease).  Table ``t``'s clients
connect to process ``(t + 1) mod N`` when N > 1, never its owner, so that every message
crosses the relay (server/peers.py and Redis): the hardest case for the room on many
processes; ``--clients-to owner`` connects them to the owner instead, as a balancer that
routes by table would.  The clients sit down, eight to a table at most (a practice table
seats computer players only in seats nobody takes, so with eight people it has none).
Every client has its own WebSocket and answers each decision of its seat with the
cheapest legal action (check, call, post the bring-in, show): at once, or after
``--think`` seconds on average.  Setting up is not measured: it ends when every table
deals a hand to its clients alone.

The clients run in ``--client-processes`` processes (multiprocessing, 1 by default;
table ``t``'s clients all in process ``t mod W``), each its own event loop, the bench's
process giving them their orders and merging their measures (every process reads one
monotonic clock).  A sit refused with ``no_table`` (the process has not heard of the
table's owner yet) is tried again a second later, up to ten times.  Then, for
``--seconds``:

* hands per second: the ``hand_ended`` results of every table.  The tables start
  their first measured hands together, so when a hand lasts longer than the
  measuring this undercounts: give ``--seconds`` a few hands' time, or read the
  actions per second;
* the latency of an action: from the moment a client sends ``act`` for decision
  ``seq`` to the moment the last client at that table has received the first
  message showing that decision answered (``state.turn`` no longer ``seq``); p50
  and p99 in milliseconds.  The time includes the client processes' own queueing (their
  event loops' lag, p99, is reported beside it): it is an upper bound of what the
  servers add.  Beside it, the p99 to the *first* client of the table to see it: the
  server's time and one client's, not the last of eight queued behind the others;
* the CPU (every thread, from ``/proc``), in cores busy: of the servers, in all, each,
  and in milliseconds an action; of the client processes; of PostgreSQL's backends for
  the run's database and of the Redis server (which others may use too); of every
  process of the machine (``/proc/stat``), and what is left of it once this run's are
  taken away: someone else's tests or benchmarks, which a reader must know of on a
  machine of two cores.  The servers' memory (``VmRSS`` at the end, and what it grew by
  while measured) each and in all.  The errors the clients were told, by code, and the
  lines of the servers' logs but their first and "process … is not heard from: gone"
  (``--keep-logs`` keeps the logs).

The servers' ``--lease-seconds`` is 10 (their own default) for a measure and 3 with
``--failover``.  A process renews its leases and takes up the tables nobody holds one
after the other in one task (room/owners.py), so that a process whose event loop is
busy, or that takes up many tables at once, may renew late and let its own tables go
("its lease ran out while this process was paused"): the shorter the lease, the sooner.

``--failover K`` (N ≥ 2) then, K times: picks a table whose hand is under way and that
has a client connected to another process than its owner (the owner: the pid in the
table's lease, ``PREFIX lease:TABLE`` in Redis), kills the owner (SIGKILL), and times
from the kill to the first message of that table (the whole state, from its new owner)
received by a client whose socket to a surviving process was open before the kill: p50,
p99 and the greatest over the K kills, and the same over every table the killed process
ran whose clients were elsewhere, as a second figure.  That time is mostly the lease
(``--lease-seconds``, 3 with ``--failover``), then the taking up; a table seen run again
sooner than half a lease after the kill was already moving (its owner had let it go) and
is not counted.  The killed process's clients reconnect at once to a live process and
watch their tables again, as the browser does; another ``stud serve`` is started on the
killed one's port, the clients whose own process it is go back to it (so that the next
kill finds clients on another process than their table's owner again), and the next kill
waits until every client has a socket and every table has moved on since.  A table that
does not move on in 20 s has its clients watch it again (counted: the room should not
need it), so that the bench goes on.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import httpx
import orjson
import uvloop
import websockets
from rich.console import Console
from rich.table import Table
from websockets.typing import Subprotocol

# bench/cluster.py and bench/served.py, beside this script (python puts the script's
# folder first on the path).
from cluster import (
    Cluster,
    accounts,
    cpu_of,
    machine_cpu,
    memory,
    start_cluster,
    stop_cluster,
)
from studpoker.server.patch import apply_patch

# Practice tables seat eight people at most (R7.1).
PER_TABLE = 8
# The cheapest answer, in order: none of them puts a chip in beyond what is owed.
CHEAP = ("check", "call", "bring_in", "show", "muck", "fold")
# Seconds to wait after the measuring for the answers to the last actions timed.
DRAIN = 15.0
# Seconds to wait, at most, for the tables of a killed process to be run again, and
# then for every table to play on.
FAILOVER_WAIT = 60.0
# Seconds a table may go without moving on, once every client is back after a kill,
# before its clients watch it again.
STALL = 20.0
# Sockets a client process opens at once while setting up.
OPENING = 50
# Seconds between two looks at a client process's event loop (its lag).
LAG_EVERY = 0.05
INF = float("inf")


# -- the client processes -------------------------------------------------------------------


@dataclass(eq=False)
class Player:
    """One client: its session, its seat, its home process (the one it connects to)."""

    token: str
    table: str
    seat: int
    home: int
    seated: asyncio.Event = field(default_factory=asyncio.Event)
    sat: bool = False
    leaving: bool = False  # its socket is closed to go back to its own process
    tries: int = 0  # sits refused with no_table, tried again
    # Its socket now, the process at its other end, and since when (perf_counter).
    ws: Any = None
    on: int | None = None
    since: float = INF


class Crowd:
    """The clients of one client process: every client of some of the tables, on one
    event loop.  It takes its orders from the bench's process over ``conn`` and
    answers there (``Clients`` is the other end)."""

    def __init__(self, conn: Connection, spec: dict[str, Any]) -> None:
        self.conn = conn
        self.urls: list[str] = spec["urls"]
        self.think: float = spec["think"]
        self.players = [Player(*player) for player in spec["players"]]
        self.at: dict[str, list[Player]] = defaultdict(list)
        for player in self.players:
            self.at[player.table].append(player)
        self.alive = [True] * len(self.urls)
        self.tasks: list[asyncio.Task[None]] = []
        # The measure, on the monotonic clock every process shares (CLOCK_MONOTONIC).
        self.start = self.end = INF
        self.sent: dict[tuple[str, int], float] = {}
        # (table, seq) -> the clients' first sights of it answered
        self.seen: dict[tuple[str, int], list[float]] = defaultdict(list)
        self.hands: set[tuple[str, int]] = set()
        self.messages = 0  # table messages
        self.lobbies = 0  # lobby messages
        self.lags: list[float] = []
        # The tables that have dealt a hand to their clients and to nobody else.
        self.ready: set[str] = set()
        self.refused: list[str] = []  # sit refused
        self.errors: Counter[str] = Counter()  # every error told, by code
        self.error_text: dict[str, str] = {}
        # Each table's hand under way (None between hands), and when a client of it
        # last saw it move on (a patch, not a whole state).
        self.hand_of: dict[str, int | None] = {}
        self.progress: dict[str, float] = {}
        # --failover: the tables being timed, since the kill of process ``victim``.
        self.killed: dict[str, float] = {}
        self.victim: int | None = None
        self.strict = True
        self.hand_at_kill: dict[str, int | None] = {}
        self.lost = 0  # sockets closed under a client (its process died)
        self.moved = 0  # sockets closed to go back to their own process

    def send(self, message: tuple[Any, ...]) -> None:
        self.conn.send(message)

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        orders: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()

        def readable() -> None:
            try:
                orders.put_nowait(self.conn.recv())
            except (EOFError, OSError):  # the bench is gone
                loop.remove_reader(self.conn.fileno())
                orders.put_nowait(("stop",))

        loop.add_reader(self.conn.fileno(), readable)
        # uvloop (libuv's poll) made the pipe non-blocking: a measure's results, larger
        # than the socket's buffer, would be cut short by EAGAIN in the middle of
        # ``send`` and the bench's process wait for their rest for ever.
        os.set_blocking(self.conn.fileno(), True)
        self.tasks.append(asyncio.create_task(self.sit_down()))
        try:
            while True:
                order = await orders.get()
                if order[0] == "stop":
                    break
                self.obey(order)
        finally:
            loop.remove_reader(self.conn.fileno())
            for task in self.tasks:
                task.cancel()
            await asyncio.gather(*self.tasks, return_exceptions=True)

    async def sit_down(self) -> None:
        gate = asyncio.Semaphore(OPENING)

        async def one(player: Player) -> None:
            async with gate:
                self.tasks.append(asyncio.create_task(self.client(player)))
                await player.seated.wait()

        async def tell() -> None:
            while True:
                self.send(("sat", sum(player.seated.is_set() for player in self.players)))
                await asyncio.sleep(1.0)

        telling = asyncio.create_task(tell())
        await asyncio.gather(*(one(player) for player in self.players))
        telling.cancel()
        self.send(("seated", self.refused[:5]))
        told = -1
        while told < len(self.at):
            if len(self.ready) != told:
                told = len(self.ready)
                self.send(("ready", told))
            await asyncio.sleep(0.25)

    def obey(self, order: tuple[Any, ...]) -> None:
        kind = order[0]
        if kind == "measure":
            self.start, self.end = order[1], order[2]
            # Thousands of clients keep a large heap: the collector's passes over it
            # would be timed as the servers' latency.  Their messages hold no cycles,
            # so reference counting frees them.
            gc.collect()
            gc.freeze()
            gc.disable()
            self.tasks.append(asyncio.create_task(self.measured()))
            self.tasks.append(asyncio.create_task(self.lag()))
        elif kind == "status":
            self.send(
                (
                    "status",
                    {
                        table: (
                            self.hand_of.get(table),
                            [p.on for p in players if p.ws is not None],
                        )
                        for table, players in self.at.items()
                    },
                )
            )
        elif kind == "kill":
            _, victim, when, tables, strict = order
            self.alive[victim] = False
            self.victim, self.strict = victim, strict
            self.killed = {table: when for table in tables if table in self.at}
            self.hand_at_kill = {table: self.hand_of.get(table) for table in self.killed}
        elif kind == "untime":
            self.killed.clear()
        elif kind == "alive":
            self.alive[order[1]] = True
            for player in self.players:
                if player.ws is not None and player.on != player.home and self.alive[player.home]:
                    self.moved += 1
                    player.leaving = True
                    self.tasks.append(asyncio.create_task(player.ws.close()))
        elif kind == "rewatch":
            for table in order[1]:
                for player in self.at.get(table, ()):
                    if player.ws is not None:
                        watch = {"type": "watch", "table": table, "id": "watch"}
                        self.tasks.append(asyncio.create_task(self.say(player.ws, watch)))
        elif kind == "playing":
            away = sum(player.ws is None for player in self.players)
            self.send(("playing", {"away": away, "progress": dict(self.progress)}))
        elif kind == "report":
            self.send(
                (
                    "report",
                    {
                        "errors": dict(self.errors),
                        "error_text": self.error_text,
                        "lost": self.lost,
                        "moved": self.moved,
                    },
                )
            )

    async def measured(self) -> None:
        """After the measuring, and the answers to its last actions: what was seen."""
        await asyncio.sleep(max(0.0, self.end - time.perf_counter()))
        deadline = time.perf_counter() + DRAIN

        def waiting() -> bool:
            return any(len(self.seen.get(key, ())) < len(self.at[key[0]]) for key in self.sent)

        while time.perf_counter() < deadline and waiting():
            await asyncio.sleep(0.1)
        gc.enable()
        latencies, first = [], []
        for (table, seq), sent in self.sent.items():
            seen = self.seen.get((table, seq), [])
            if len(seen) == len(self.at[table]):
                latencies.append(round((max(seen) - sent) * 1000, 3))
                first.append(round((min(seen) - sent) * 1000, 3))
        self.send(
            (
                "measured",
                {
                    "latencies": latencies,
                    "first": first,
                    "unanswered": len(self.sent) - len(latencies),
                    "hands": len(self.hands),
                    "messages": self.messages,
                    "lobbies": self.lobbies,
                    "lags": self.lags,
                },
            )
        )
        self.sent.clear()
        self.seen.clear()

    async def lag(self) -> None:
        """How late this event loop wakes a task, every LAG_EVERY s of the measuring:
        the clients' own queueing, which the latencies include."""
        await asyncio.sleep(max(0.0, self.start - time.perf_counter()))
        while time.perf_counter() < self.end:
            asked = time.perf_counter()
            await asyncio.sleep(LAG_EVERY)
            self.lags.append(round((time.perf_counter() - asked - LAG_EVERY) * 1000, 3))

    def process_for(self, home: int, attempt: int) -> int:
        """The process a client connects to: its own while it is alive, else the next
        live one (and the one after, a try later)."""
        count = len(self.urls)
        live = [(home + k) % count for k in range(count) if self.alive[(home + k) % count]]
        live = live or [home]
        return live[attempt % len(live)]

    async def client(self, player: Player) -> None:
        """One player: sit at its table through its process, answer every decision of
        its seat, note when each decision is seen answered.  When its socket closes (its
        process was killed, or it goes back to its own) it opens one to a live process
        and watches its table again."""
        protocols = [Subprotocol("studpoker"), Subprotocol(f"bearer.{player.token}")]
        rng = random.Random(f"{player.table}/{player.seat}")
        attempt = 0
        while True:
            on = self.process_for(player.home, attempt)
            address = self.urls[on].replace("http", "ws", 1) + "/ws"
            try:
                async with websockets.connect(
                    address, subprotocols=protocols, max_size=None, open_timeout=120
                ) as ws:
                    player.ws, player.on, player.since = ws, on, time.perf_counter()
                    attempt = 0
                    if not player.sat:
                        hello = {"type": "sit", "table": player.table, "seat": player.seat}
                        hello["id"] = "sit"
                    else:
                        hello = {"type": "watch", "table": player.table, "id": "watch"}
                    await ws.send(json.dumps(hello))
                    await self.play(player, ws, rng)
            except (OSError, websockets.WebSocketException):
                attempt += 1
            except Exception as error:  # the bench's own fault: counted, and play on
                self.errors[f"client: {type(error).__name__}"] += 1
                self.error_text.setdefault(f"client: {type(error).__name__}", repr(error))
                attempt += 1
            if player.ws is not None and not player.leaving:
                self.lost += 1
            player.leaving = False
            player.ws, player.on, player.since = None, None, INF
            await asyncio.sleep(0.05 + 0.1 * rng.random())

    async def play(self, player: Player, ws: Any, rng: random.Random) -> None:
        table, seat = player.table, player.seat
        clients = len(self.at[table])

        async def answer(seq: int, action: str, delay: float) -> None:
            if delay:
                await asyncio.sleep(delay)
            now = time.perf_counter()
            if self.start <= now < self.end:
                self.sent[(table, seq)] = now
            try:
                await ws.send(
                    json.dumps({"type": "act", "table": table, "seq": seq, "action": action})
                )
            except websockets.ConnectionClosed:  # the run is over, or its process died
                return

        pending: int | None = None  # the decision this client saw asked last
        state: dict[str, Any] = {}  # the table, rebuilt from the state and its patches
        answered = 0
        thinking: set[asyncio.Task[None]] = set()
        async for text in ws:
            now = time.perf_counter()
            message = orjson.loads(text)
            kind = message["type"]
            if kind == "error":
                code = message.get("code", "?")
                self.errors[code] += 1
                self.error_text.setdefault(code, message.get("message", ""))
            if message.get("id") == "sit":
                if kind == "error" and message.get("code") == "no_table" and player.tries < 10:
                    # The process has not heard of the table's owner yet (a loaded
                    # machine): as a person would, try again a second later.
                    player.tries += 1
                    self.tasks.append(asyncio.create_task(self.sit_again(player, ws)))
                    continue
                if kind == "error":
                    self.refused.append(message["message"])
                else:
                    player.sat = True
                player.seated.set()
            if kind == "lobby" and self.start <= now < self.end:
                self.lobbies += 1
            if kind != "table":
                continue
            if self.start <= now < self.end:
                self.messages += 1
            if "state" in message:  # a whole state: a table's new owner numbers anew
                state = message["state"]
                answered = 0
                pending = None
                if table in self.killed:
                    self.timed(player, state, now)
            else:
                state = apply_patch(state, message["patch"])
                self.progress[table] = now
            self.hand_of[table] = state["hand_number"]
            turn = state["turn"]
            if pending is not None and (turn is None or turn["seq"] != pending):
                if (table, pending) in self.sent:
                    self.seen[(table, pending)].append(now)
                pending = None
            if turn is not None and turn["seq"] != pending:
                pending = turn["seq"]
            change = message["change"]
            if change == "hand_ended" and self.start <= now < self.end:
                self.hands.add((table, message["result"]["hand"]))
            elif change == "hand_started" and table not in self.ready:
                people = [
                    held
                    for held in state["seats"]
                    if held is not None and held["in_hand"] and not held["is_bot"]
                ]
                if len(people) == clients:
                    self.ready.add(table)
            if (
                turn is not None
                and turn["seat"] == seat
                and turn["legal_actions"]
                and turn["seq"] > answered
            ):
                answered = turn["seq"]
                action = cheapest(turn["legal_actions"])
                if self.think:
                    delay = self.think * (0.5 + rng.random())
                    thinking.add(asyncio.create_task(answer(answered, action, delay)))
                    thinking = {task for task in thinking if not task.done()}
                else:
                    await answer(answered, action, 0.0)

    async def say(self, ws: Any, message: dict[str, Any]) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            await ws.send(json.dumps(message))

    async def sit_again(self, player: Player, ws: Any) -> None:
        await asyncio.sleep(1.0)
        hello = {"type": "sit", "table": player.table, "seat": player.seat, "id": "sit"}
        with contextlib.suppress(websockets.ConnectionClosed):
            await ws.send(json.dumps(hello))

    def timed(self, player: Player, state: dict[str, Any], now: float) -> None:
        """A table being timed after a kill: its first whole state from its new owner,
        on a socket to a surviving process opened before the kill (or, when the table
        had no client on one, on any socket)."""
        killed = self.killed[player.table]
        if self.strict and (player.since >= killed or player.on == self.victim):
            return
        del self.killed[player.table]
        before = self.hand_at_kill.get(player.table)
        resumed = before is not None and state["hand_number"] == before
        self.send(("seen", player.table, now - killed, resumed))


def crowd_main(conn: Connection, spec: dict[str, Any]) -> None:
    """A client process (multiprocessing, spawned), on uvloop as the servers are: the
    clients share the machine's cores with the servers, and what they spend is not
    the room's."""
    uvloop.run(Crowd(conn, spec).run())


def cheapest(options: list[dict[str, Any]]) -> str:
    kinds = {option["kind"] for option in options}
    return next(kind for kind in CHEAP if kind in kinds)


class Clients:
    """The client processes, from the bench's process: orders out, answers in."""

    def __init__(self, specs: list[dict[str, Any]]) -> None:
        context = multiprocessing.get_context("spawn")
        loop = asyncio.get_running_loop()
        self.processes: list[Any] = []
        self.conns: list[Connection] = []
        self.answers: list[asyncio.Queue[tuple[Any, ...]]] = []
        self.ready = [0] * len(specs)
        self.sat = [0] * len(specs)
        self.seen: list[tuple[str, float, bool]] = []
        for number, spec in enumerate(specs):
            mine, theirs = context.Pipe()
            process = context.Process(target=crowd_main, args=(theirs, spec), daemon=True)
            process.start()
            theirs.close()
            self.processes.append(process)
            self.conns.append(mine)
            self.answers.append(asyncio.Queue())
            loop.add_reader(mine.fileno(), self._readable, number)

    @property
    def pids(self) -> list[int]:
        return [process.pid for process in self.processes]

    def _readable(self, number: int) -> None:
        conn = self.conns[number]
        try:
            answer = conn.recv()
        except (EOFError, OSError):
            asyncio.get_running_loop().remove_reader(conn.fileno())
            self.answers[number].put_nowait(("gone",))
            return
        if answer[0] == "seen":
            self.seen.append(answer[1:])
        elif answer[0] == "ready":
            self.ready[number] = answer[1]
        elif answer[0] == "sat":
            self.sat[number] = answer[1]
        else:
            self.answers[number].put_nowait(answer)

    def tell(self, *order: Any) -> None:
        for conn in self.conns:
            conn.send(order)

    async def gather(self, kind: str, timeout: float | None = None) -> list[Any]:
        """Each client process's next answer, which must be ``kind``."""
        got = []
        for number, answers in enumerate(self.answers):
            answer = await asyncio.wait_for(answers.get(), timeout)
            if answer[0] != kind:
                raise SystemExit(f"client process {number} answered {answer[0]}, not {kind}")
            got.append(answer[1])
        return got

    async def ask(self, kind: str) -> list[Any]:
        self.tell(kind)
        return await self.gather(kind, 60)

    def close(self) -> None:
        loop = asyncio.get_running_loop()
        for conn in self.conns:
            loop.remove_reader(conn.fileno())
            with contextlib.suppress(OSError):
                conn.send(("stop",))
        for process in self.processes:
            process.join(10)
            if process.is_alive():
                process.kill()
                process.join()
        for conn in self.conns:
            conn.close()


# -- one measure ----------------------------------------------------------------------------


async def open_tables(urls: list[str], token: str, game: str, count: int) -> list[str]:
    """``count`` practice tables, table ``t`` opened through process ``t mod N`` (which
    runs it)."""
    clients = [httpx.AsyncClient(base_url=url, timeout=60, trust_env=False) for url in urls]
    try:
        ids = []
        for number in range(count):
            answer = await clients[number % len(clients)].post(
                "/api/tables",
                headers={"Authorization": f"Bearer {token}"},
                json={"game": game, "mode": "practice", "seats": PER_TABLE, "name": f"b{number}"},
            )
            answer.raise_for_status()
            ids.append(answer.json()["id"])
        return ids
    finally:
        for client in clients:
            await client.aclose()


async def run(
    args: argparse.Namespace, processes: int, shared: bool, err: Console
) -> dict[str, Any]:
    """One measure of the room on ``processes`` processes, on SQLite or (``shared``) on
    PostgreSQL and Redis."""
    if args.clients > args.tables * PER_TABLE:
        raise SystemExit(f"{args.clients} clients need {-(-args.clients // PER_TABLE)} tables")
    extra = ["--no-metrics"] if getattr(args, "no_metrics", False) else []
    cluster = await start_cluster(processes, shared, args.lease_seconds, err, extra)
    clients: Clients | None = None
    try:
        began = time.perf_counter()
        err.log(f"{args.clients} accounts…")
        tokens = await asyncio.to_thread(accounts, cluster.database, args.clients)
        tables = await open_tables(cluster.urls, tokens[0], args.game, args.tables)
        # Table t is run by process t mod N; its clients connect to the next process
        # (their messages cross the relay), or to that one (--clients-to owner).
        shift = 1 if processes > 1 and args.clients_to == "other" else 0
        count = max(1, min(args.client_processes, args.tables))
        specs: list[dict[str, Any]] = [
            {"urls": cluster.urls, "think": args.think, "players": []} for _ in range(count)
        ]
        for number, token in enumerate(tokens):
            at, seat = number % args.tables, number // args.tables
            home = (at % processes + shift) % processes
            specs[at % count]["players"].append((token, tables[at], seat, home))
        err.log(
            f"{len(tables)} tables; {args.clients} clients sitting down, "
            f"from {count} client process(es)…"
        )
        clients = Clients(specs)
        sitting = asyncio.create_task(progress(err, "seated", clients.sat, args.clients))
        try:
            refused = await clients.gather("seated")
        finally:
            sitting.cancel()
        if any(refused):
            raise SystemExit(f"the server refused: {next(r for r in refused if r)[0]}")
        # Computer players kept seats for those who sat down during a hand: measure
        # from the moment every table deals to its clients alone.
        err.log("waiting for every table to deal a hand to its clients alone…")
        deadline = time.perf_counter() + args.settle
        settling = asyncio.create_task(progress(err, "settled", clients.ready, len(tables)))
        while sum(clients.ready) < len(tables) and time.perf_counter() < deadline:
            await asyncio.sleep(0.2)
        settling.cancel()
        if sum(clients.ready) < len(tables):
            err.log(f"[red]only {sum(clients.ready)} of {len(tables)} tables settled")
        setup = time.perf_counter() - began
        err.log(f"set up in {setup:.0f} s; measuring {args.seconds:g} s…")
        helpers = await asyncio.to_thread(cluster.helpers)
        start = time.perf_counter() + 0.5
        end = start + args.seconds
        clients.tell("measure", start, end)
        await asyncio.sleep(start - time.perf_counter())
        watched = {"servers": cluster.pids, "clients": clients.pids, **helpers}
        before = {name: cpu_of(pids) for name, pids in watched.items()}
        own = time.process_time()
        machine = machine_cpu()
        rss_before = [memory(pid) for pid in cluster.pids]
        await asyncio.sleep(end - time.perf_counter())
        after = {name: cpu_of(pids) for name, pids in watched.items()}
        own = time.process_time() - own
        machine = machine_cpu() - machine
        load = os.getloadavg()
        rss = [memory(pid) for pid in cluster.pids]
        cpu = {
            name: [after[name][pid] - before[name][pid] for pid in pids if pid in after[name]]
            for name, pids in watched.items()
        }
        seen = await clients.gather("measured", DRAIN + 60)
        failover = None
        if args.failover:
            failover = await kill_owners(args, cluster, tables, clients, err)
        told = await clients.ask("report")
        troubles = cluster.troubles()
    finally:
        if clients is not None:
            clients.close()
        stop_cluster(cluster, keep=args.keep_logs)
        if args.keep_logs:
            err.log(f"the servers' logs: {cluster.work}")
    latencies = sorted(value for one in seen for value in one["latencies"])
    lags = sorted(value for one in seen for value in one["lags"])
    actions = len(latencies)
    errors: Counter[str] = Counter()
    texts: dict[str, str] = {}
    for one in told:
        errors.update(one["errors"])
        for code, text in one["error_text"].items():
            texts.setdefault(code, text)

    def busy(seconds: list[float]) -> float:
        return round(float(sum(seconds)) / float(args.seconds), 3)

    def ms_each(seconds: float) -> float | None:
        return round(1000 * seconds / actions, 3) if actions else None

    server_cpu = sum(cpu["servers"])
    result: dict[str, Any] = {
        "processes": processes,
        "database": "postgresql" if shared else "sqlite",
        "clients": args.clients,
        "tables": args.tables,
        "game": args.game,
        "seconds": args.seconds,
        "think": args.think,
        "clients_to": args.clients_to if processes > 1 else "owner",
        "lease_seconds": args.lease_seconds if shared else None,
        "client_processes": count,
        "hands": sum(one["hands"] for one in seen),
        "hands_per_second": round(sum(one["hands"] for one in seen) / args.seconds, 2),
        "actions": actions,
        "actions_per_second": round(actions / args.seconds, 1),
        "actions_unanswered": sum(one["unanswered"] for one in seen),
        "messages_per_second": round(sum(one["messages"] for one in seen) / args.seconds),
        "lobbies_per_second": round(sum(one["lobbies"] for one in seen) / args.seconds),
        "p50_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p99_ms": percentile(latencies, 0.99),
        "first_p99_ms": percentile(sorted(v for one in seen for v in one["first"]), 0.99),
        "max_ms": round(latencies[-1], 2) if latencies else None,
        "clients_lag_p99_ms": percentile(lags, 0.99),
        "server_cpu": busy(cpu["servers"]),
        "server_cpu_each": [busy([c]) for c in cpu["servers"]],
        # The issue's measure: the servers' CPU (every thread) over the actions played.
        "server_cpu_ms_per_action": ms_each(server_cpu),
        "server_cpu_ms_per_action_each": [ms_each(c) for c in cpu["servers"]],
        "clients_cpu": busy(cpu["clients"]),
        "clients_cpu_each": [busy([c]) for c in cpu["clients"]],
        "bench_cpu": round(own / args.seconds, 3),
        "postgresql_cpu": busy(cpu["postgresql"]) if "postgresql" in cpu else None,
        "redis_cpu": busy(cpu["redis"]) if "redis" in cpu else None,
        # Every process of the machine, and what is left of it when the run's own are
        # taken away: someone else's (tests, another benchmark), and the kernel's.
        "machine_cpu": busy([machine]),
        "others_cpu": busy([machine - own - sum(sum(seconds) for seconds in cpu.values())]),
        "rss_mb": round(sum(r["VmRSS"] for r in rss), 1),
        "peak_rss_mb": round(sum(r["VmHWM"] for r in rss), 1),
        "rss_mb_each": [round(r["VmRSS"], 1) for r in rss],
        # What each process's resident set grew by while measured.
        "rss_growth_mb_each": [
            round(r["VmRSS"] - b["VmRSS"], 1) for r, b in zip(rss, rss_before, strict=True)
        ],
        "setup_seconds": round(setup, 1),
        "load_average": [round(value, 2) for value in load],
        "errors": dict(errors),
        "error_examples": texts,
        "sockets_lost": sum(one["lost"] for one in told),
        "sockets_moved_back": sum(one["moved"] for one in told),
        "server_log_trouble": troubles,
    }
    if failover is not None:
        result["failover"] = failover
    return result


async def progress(err: Console, what: str, counts: list[int], total: int) -> None:
    """Every 10 s while setting up: how far it got."""
    while True:
        await asyncio.sleep(10)
        err.log(f"  {sum(counts):,} of {total:,} {what}")


def percentile(values: list[float], share: float) -> float | None:
    """The value below which ``share`` of the sorted ``values`` lie."""
    if not values:
        return None
    return round(values[min(len(values) - 1, int(len(values) * share))], 2)


# -- failover -------------------------------------------------------------------------------


async def moved_on(clients: Clients, tables: list[str], since: float, wait: float) -> list[str]:
    """The ``tables`` no client saw move on (a patch) after ``since``, once all have or
    ``wait`` s have passed."""
    deadline = time.perf_counter() + wait
    while True:
        progress: dict[str, float] = {}
        for one in await clients.ask("playing"):
            progress.update(one["progress"])
        behind = [table for table in tables if progress.get(table, 0.0) <= since]
        if not behind or time.perf_counter() > deadline:
            return behind
        await asyncio.sleep(0.2)


async def playing(
    clients: Clients, tables: list[str], cluster: Cluster, err: Console
) -> tuple[list[str], list[str]]:
    """Once every client has a socket again, until every table moved on after that.  A
    table that did not in STALL s has its clients watch it again (the room should need
    no such help: it is counted); the tables that did not move on in STALL s, and those
    that did not after that either, in FAILOVER_WAIT s."""
    deadline = time.perf_counter() + FAILOVER_WAIT
    while time.perf_counter() < deadline:
        if sum(one["away"] for one in await clients.ask("playing")) == 0:
            break
        await asyncio.sleep(0.2)
    stuck = await moved_on(clients, tables, time.perf_counter(), STALL)
    if not stuck:
        return [], []
    owners = await asyncio.to_thread(cluster.owners, stuck)
    hands = {}
    for one in await clients.ask("status"):
        hands.update({table: hand for table, (hand, _) in one.items()})
    err.log(
        f"[yellow]{len(stuck)} table(s) did not move on in {STALL:g} s, their clients "
        f"watch them again: "
        + ", ".join(f"{t} (process {owners[t]}, hand {hands.get(t)})" for t in stuck[:5])
    )
    clients.tell("rewatch", stuck)
    return stuck, await moved_on(clients, stuck, time.perf_counter(), FAILOVER_WAIT)


async def kill_owners(
    args: argparse.Namespace,
    cluster: Cluster,
    tables: list[str],
    clients: Clients,
    err: Console,
) -> dict[str, Any]:
    """``--failover K``: K times, a table under way whose owner is killed (SIGKILL), the
    time from the kill to the table's next message at a client of another process; the
    same for every table of the killed process; another process started in its place."""
    rng = random.Random(16)
    chosen: list[float] = []  # the picked table's, one a kill
    every: list[float] = []  # every table of the killed process timed
    resumed = timed_total = not_again = loose = 0
    stalled: list[int] = []
    dead_tables = 0
    early = 0
    for kill in range(args.failover):
        status: dict[str, tuple[int | None, list[int]]] = {}
        for one in await clients.ask("status"):
            status.update(one)
        owners = await asyncio.to_thread(cluster.owners, tables)

        def elsewhere(table: str, owner: int | None, status: Any = status) -> bool:
            return any(on != owner for on in status[table][1])

        under_way = [t for t in tables if status[t][0] is not None and owners[t] is not None]
        candidates = [t for t in under_way if elsewhere(t, owners[t])]
        if not under_way:
            err.log("[red]no table has a hand under way and an owner: no kill")
            break
        strict = bool(candidates)
        loose += not strict
        table = rng.choice(candidates or under_way)
        victim = owners[table]
        assert victim is not None
        theirs = [t for t in tables if owners[t] == victim]
        timed = [t for t in theirs if elsewhere(t, victim)] if strict else theirs
        clients.seen.clear()
        killed = time.perf_counter()
        cluster.kill(victim)
        clients.tell("kill", victim, killed, timed, strict)
        deadline = killed + FAILOVER_WAIT
        while time.perf_counter() < deadline and len(clients.seen) < len(timed):
            await asyncio.sleep(0.02)
        clients.tell("untime")
        times = {t: (seconds, again) for t, seconds, again in clients.seen}
        # No process takes a table up sooner than its lease runs out after the kill:
        # one seen run again sooner was already moving (its owner had let it go).
        moving = [t for t, (seconds, _) in times.items() if seconds < args.lease_seconds / 2]
        early += len(moving)
        if table in times and table not in moving:
            chosen.append(times[table][0])
        every += [seconds for t, (seconds, _) in times.items() if t not in moving]
        resumed += sum(again for _, again in times.values())
        timed_total += len(timed)
        not_again += len(timed) - len(times)
        # The supervisor's part: another process in its place, on its port; its
        # clients come back to it.
        await cluster.start(victim)
        clients.tell("alive", victim)
        stuck, behind = await playing(clients, tables, cluster, err)
        stalled.append(len(stuck))
        dead_tables += len(behind)
        picked = f"{1000 * times[table][0]:,.0f} ms" if table in times else "not run again"
        err.log(
            f"kill {kill + 1}: process {victim} ran {len(theirs)} tables, {len(timed)} "
            f"timed; table {table}: {picked}; {len(times)} taken up, "
            f"{sum(again for _, again in times.values())} with their hand resumed; "
            f"{len(stuck)} tables stuck after ({len(behind)} even once watched again)"
        )
    chosen.sort()
    every.sort()

    def ms(values: list[float], share: float) -> float | None:
        return (
            None
            if not values
            else round(1000 * values[min(len(values) - 1, int(len(values) * share))], 1)
        )

    return {
        "kills": len(stalled),
        "lease_seconds": args.lease_seconds,
        "p50_ms": ms(chosen, 0.5),
        "p99_ms": ms(chosen, 0.99),
        "max_ms": ms(chosen, 1.0),
        "kills_timed": len(chosen),
        "kills_timed_on_a_new_socket": loose,
        "all_tables_timed": timed_total,
        "all_tables_taken_up": len(every),
        "all_tables_p50_ms": ms(every, 0.5),
        "all_tables_p99_ms": ms(every, 0.99),
        "all_tables_max_ms": ms(every, 1.0),
        "tables_moving_before_the_kill": early,
        "hands_resumed": resumed,
        "tables_not_run_again": not_again,
        # Tables that did not move on in STALL s once every client was back (their
        # clients then watch them again), after each kill; and those that did not
        # even then.
        "tables_stuck_after_each_kill": stalled,
        "tables_stuck_even_when_watched_again": dead_tables,
    }


# -- the report -----------------------------------------------------------------------------


def report(results: list[dict[str, Any]], console: Console) -> None:
    first = results[0]
    table = Table(
        title=f"Card room: {first['clients']:,} clients at {first['tables']:,} "
        f"{first['game']} tables, {first['seconds']:g} s, think {first['think']:g} s"
    )
    table.add_column("measure")
    for result in results:
        name = (
            "1 process, SQLite"
            if result["database"] == "sqlite"
            else f"{result['processes']} process(es), PostgreSQL + Redis"
        )
        table.add_column(name, justify="right")

    def row(name: str, show: Any) -> None:
        table.add_row(name, *(show(result) for result in results))

    def ms(value: float | None) -> str:
        return "—" if value is None else f"{value:,.1f} ms"

    def cores(value: float | None) -> str:
        return "—" if value is None else f"{value:.2f}"

    def each(values: list[float | None], unit: str = "") -> str:
        return " + ".join("—" if v is None else f"{v:.2f}{unit}" for v in values)

    row(
        "servers' lease (s)",
        lambda r: "—" if r["lease_seconds"] is None else f"{r['lease_seconds']:g}",
    )
    row("hands per second", lambda r: f"{r['hands_per_second']:,.2f}")
    row("actions timed", lambda r: f"{r['actions']:,}")
    row("actions per second", lambda r: f"{r['actions_per_second']:,.1f}")
    row("table messages received a second", lambda r: f"{r['messages_per_second']:,}")
    row("action to table, p50", lambda r: ms(r["p50_ms"]))
    row("action to table, p99", lambda r: ms(r["p99_ms"]))
    row("action to table, max", lambda r: ms(r["max_ms"]))
    row("action to its first client, p99", lambda r: ms(r["first_p99_ms"]))
    row("clients' event loop lag, p99", lambda r: ms(r["clients_lag_p99_ms"]))
    row("servers' CPU (cores busy)", lambda r: cores(r["server_cpu"]))
    row("  each process", lambda r: each(r["server_cpu_each"]))
    row(
        "servers' CPU an action",
        lambda r: (
            "—"
            if r["server_cpu_ms_per_action"] is None
            else f"{r['server_cpu_ms_per_action']:.3f} ms"
        ),
    )
    row("  each process", lambda r: each(r["server_cpu_ms_per_action_each"], " ms"))
    row("clients' CPU (cores busy)", lambda r: cores(r["clients_cpu"]))
    row("  each client process", lambda r: each(r["clients_cpu_each"]))
    row("PostgreSQL backends' CPU", lambda r: cores(r["postgresql_cpu"]))
    row("Redis server's CPU", lambda r: cores(r["redis_cpu"]))
    row("every process of the machine's CPU", lambda r: cores(r["machine_cpu"]))
    row("  others' (not this run's)", lambda r: cores(r["others_cpu"]))
    row("servers' memory (RSS)", lambda r: f"{r['rss_mb']:,.1f} MiB")
    row("  each process", lambda r: " + ".join(f"{v:,.0f}" for v in r["rss_mb_each"]) + " MiB")
    row(
        "  grown while measured",
        lambda r: " + ".join(f"{v:,.0f}" for v in r["rss_growth_mb_each"]) + " MiB",
    )
    row(
        "load average at the end (1, 5 min)",
        lambda r: " / ".join(f"{v:.2f}" for v in r["load_average"][:2]),
    )
    row("setting up (not measured)", lambda r: f"{r['setup_seconds']:,.0f} s")
    row("errors told to clients", lambda r: f"{sum(r['errors'].values()):,}")
    row(
        "servers' log lines (but start, peer gone)",
        lambda r: f"{r['server_log_trouble']['lines']:,}",
    )
    if any("failover" in r for r in results):

        def fail(key: str) -> Any:
            return lambda r: "—" if "failover" not in r else str(r["failover"][key])

        def fail_ms(key: str) -> Any:
            return lambda r: ms(r.get("failover", {}).get(key))

        row("failover: kills", fail("kills"))
        row("failover: kill to the table's next message, p50", fail_ms("p50_ms"))
        row("failover: kill to the table's next message, p99", fail_ms("p99_ms"))
        row("failover: kill to the table's next message, max", fail_ms("max_ms"))
        row("failover: every table of the killed, timed", fail("all_tables_timed"))
        row("failover: every table of the killed, p50", fail_ms("all_tables_p50_ms"))
        row("failover: every table of the killed, p99", fail_ms("all_tables_p99_ms"))
        row("failover: every table of the killed, max", fail_ms("all_tables_max_ms"))
        row("failover: hands resumed (of those timed)", fail("hands_resumed"))
        row(
            "failover: run again < lease/2 (not counted)",
            fail("tables_moving_before_the_kill"),
        )
        row("failover: tables not run again in 60 s", fail("tables_not_run_again"))
        row(
            "failover: tables stuck after (watched again)",
            lambda r: (
                "—"
                if "failover" not in r
                else str(sum(r["failover"]["tables_stuck_after_each_kill"]))
            ),
        )
        row("failover: tables stuck even then", fail("tables_stuck_even_when_watched_again"))
        row(
            "sockets lost / moved back",
            lambda r: f"{r['sockets_lost']} / {r['sockets_moved_back']}",
        )
    console.print(table)
    if len(results) > 1 and results[0]["actions_per_second"]:
        console.print(
            f"actions a second, {results[-1]['processes']} processes over "
            f"{results[0]['processes']}: {ratio(results):.2f}×"
        )
    for result in results:
        errors = result["errors"]
        if errors:
            told = ", ".join(f"{code} ×{n}" for code, n in Counter(errors).most_common())
            console.print(f"{result['processes']} process(es): errors told: {told}")
            for code, text in result["error_examples"].items():
                console.print(f"  {code}: {text}")
        for line in result["server_log_trouble"]["first"]:
            console.print(f"{result['processes']} process(es) log: {line}", markup=False)


def metrics_cost(args: argparse.Namespace, err: Console) -> int:
    """The servers' CPU an action with /metrics and without, alternating off and on
    ``args.metrics_cost`` times on one process (the machine's other load shifts both
    alike), and the ratio of the medians."""
    cost: dict[str, list[float]] = {"off": [], "on": []}
    for _ in range(args.metrics_cost):
        for state in ("off", "on"):
            one = argparse.Namespace(**vars(args))
            one.no_metrics = state == "off"
            one.failover = 0
            result = asyncio.run(run(one, 1, args.shared, err))
            cost[state].append(result["server_cpu_ms_per_action"])
            err.log(f"metrics {state}: {result['server_cpu_ms_per_action']:.4f} ms an action")
    off, on = statistics.median(cost["off"]), statistics.median(cost["on"])
    summary = {"cpu_ms_per_action": cost, "median_off": off, "median_on": on,
               "on_over_off": round(on / off, 4)}  # fmt: skip
    if args.json:
        print(json.dumps(summary))
    else:
        Console().print(
            f"servers' CPU an action: metrics off {off:.4f} ms, on {on:.4f} ms (medians of "
            f"{args.metrics_cost}): on/off {on / off:.3f}"
        )
    return 0


def ratio(results: list[dict[str, Any]]) -> float:
    return round(float(results[-1]["actions_per_second"] / results[0]["actions_per_second"]), 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=1000, help="WebSocket clients (1,000)")
    parser.add_argument("--tables", type=int, default=125, help="practice tables (125)")
    parser.add_argument("--seconds", type=float, default=30.0, help="time measured (30)")
    parser.add_argument("--game", default="seven_card_stud", help="the tables' game")
    parser.add_argument(
        "--processes",
        default="1",
        metavar="N",
        help="the room on N processes sharing PostgreSQL and Redis (1: one process on "
        "SQLite, the embedded room, unless --shared); a list (1,2) is --compare",
    )
    parser.add_argument(
        "--shared",
        action="store_true",
        help="PostgreSQL and Redis even for one process (always with more than one)",
    )
    parser.add_argument(
        "--compare",
        metavar="N,M",
        help="measure the room on N processes and then M, each on PostgreSQL and Redis, "
        "in one run, and print the ratio of their actions a second",
    )
    parser.add_argument(
        "--clients-to",
        choices=("other", "owner"),
        default="other",
        help="with several processes, each client connects to another process than its "
        "table's owner (other: every message crosses Redis) or to the owner",
    )
    parser.add_argument(
        "--client-processes",
        type=int,
        default=1,
        metavar="W",
        help="the clients run in W processes, a table's clients in one (1)",
    )
    parser.add_argument(
        "--settle", type=float, default=600.0, help="seconds to wait for the tables to fill"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a client takes to answer, on average (0: at once, the most load)",
    )
    parser.add_argument(
        "--failover",
        type=int,
        default=0,
        metavar="K",
        help="after the measure, kill -9 a table's owner K times and time the take-overs",
    )
    parser.add_argument(
        "--lease-seconds",
        type=float,
        metavar="S",
        help="the servers' --lease-seconds on PostgreSQL and Redis (3 with --failover, "
        "which it mostly is; else 10, the servers' own)",
    )
    parser.add_argument(
        "--keep-logs", action="store_true", help="keep the servers' logs (their folder is told)"
    )
    parser.add_argument(
        "--no-metrics", action="store_true", help="the servers without /metrics (--no-metrics)"
    )
    parser.add_argument(
        "--metrics-cost",
        type=int,
        metavar="K",
        default=0,
        help="K pairs of runs, metrics off then on (one process): the servers' CPU an action "
        "of each, and the ratio of their medians (issue 34: within 3%%)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args(argv)
    if args.clients < 1 or args.tables < 1 or args.seconds <= 0:
        parser.error("--clients, --tables and --seconds are above 0")
    if args.client_processes < 1:
        parser.error("--client-processes is 1 or more")
    listed = args.compare or (args.processes if "," in args.processes else None)
    try:
        counts = [int(n) for n in (listed or args.processes).split(",")]
    except ValueError:
        parser.error(f"--processes and --compare are numbers, not {listed or args.processes!r}")
    if any(n < 1 for n in counts):
        parser.error("--processes are 1 or more")
    # A comparison is made on one footing: PostgreSQL and Redis for every measure.
    shared = args.shared or listed is not None or max(counts) > 1
    if args.failover and max(counts) < 2:
        parser.error("--failover needs --processes 2 or more")
    if args.lease_seconds is None:
        args.lease_seconds = 3.0 if args.failover else 10.0
    if not 0 < args.lease_seconds <= 60:
        parser.error("--lease-seconds is above 0 and 60 at most")
    err = Console(stderr=True, quiet=args.json)
    if args.metrics_cost:
        return metrics_cost(args, err)
    results = []
    for count in counts:
        one = argparse.Namespace(**vars(args))
        one.failover = args.failover if count >= 2 else 0
        results.append(asyncio.run(run(one, count, shared, err)))
    if args.json:
        if len(results) == 1:
            print(json.dumps(results[0]))
        else:
            print(json.dumps({"runs": results, "actions_per_second_ratio": ratio(results)}))
    else:
        report(results, Console())
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
