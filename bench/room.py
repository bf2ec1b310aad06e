"""The card room under load (issues 6 and 16): many WebSocket clients playing at once,
on one process or on several sharing PostgreSQL and Redis.

Usage (from the repository root)::

    .venv/bin/python bench/room.py --clients 16 --tables 2 --seconds 10
    .venv/bin/python bench/room.py                 # 1,000 clients at 125 tables, 30 s
    .venv/bin/python bench/room.py --json          # one JSON object on stdout
    # the room on 1 process and then on 2, on one PostgreSQL and one Redis, in one run:
    .venv/bin/python bench/room.py --processes 1,2 --clients 400 --tables 50 --seconds 20
    # 5,000 clients answering like people, across 2 processes:
    .venv/bin/python bench/room.py --processes 2 --clients 5000 --tables 625 --think 1
    # kill -9 of a table owner 10 times: the time to the hand's next message
    .venv/bin/python bench/room.py --processes 2 --clients 64 --tables 8 --failover 10

Without ``--processes`` it starts one ``stud serve`` in a subprocess on a fresh SQLite
file (the embedded room).  With ``--processes N`` (or a list, ``1,2``: one measure
each, one after the other, in one run) it starts N ``stud serve`` processes on ports of
their own, on a fresh PostgreSQL database and one Redis under a prefix of the run's own
(``scripts/postgres.sh`` and ``scripts/redis.sh`` start them when they are not running;
the database is dropped at the end).  The tables are opened through the processes in
turn, so each process runs (owns) about 1/N of them; with N > 1 each client connects
to the process after its table's owner, so that every message crosses the relay
(server/peers.py): the hardest case for the room on many processes.

Every server runs with no pause between hands, a clock of an hour (no decision ever
times out) and no limits.  The accounts and their sessions are written straight into
the fresh database (``Store.create_account``/``create_session``: setting up 5,000 clients
through ``POST /api/accounts`` would be 17 minutes of argon2 hashes), then ``--tables``
practice tables of ``--game`` are opened through ``POST /api/tables``, and the clients
sit down, eight to a table at most (a practice table seats computer players only in
seats nobody takes, so with eight people it has none).  Every client opens its own
WebSocket and answers each decision of its seat with the cheapest legal action (check,
call, post the bring-in, show): at once, or after ``--think`` seconds on average.
Setting up is not measured: it ends when every table deals a hand to its clients alone.
Then, for ``--seconds``:

* hands per second: the ``hand_ended`` results of every table.  The tables start
  their first measured hands together, so when a hand lasts longer than the
  measuring this undercounts: give ``--seconds`` a few hands' time, or read the
  actions per second;
* the latency of an action: from the moment a client sends ``act`` for decision
  ``seq`` to the moment the last client at that table has received the first
  message showing that decision answered (``state.turn`` no longer ``seq``); p50
  and p99 in milliseconds.  All the clients run in this one process, on one event
  loop, so the time includes the clients' own queueing: it is an upper bound of
  what the server adds;
* the servers' CPU (every thread of every process, from ``/proc``), in cores busy and
  in milliseconds an action, in all and for each process; their memory (``VmRSS`` at
  the end, and the peak ``VmHWM``), and this process's CPU (the clients').

``--failover K`` (with two processes or more) then kills (SIGKILL) the owner of the
tables in turn, K times, in the middle of their hands, and measures for every table the
killed process ran the time from the kill to the first message of that table a client
receives from the process that takes it up (the hand played on from the journal);
``--lease-seconds`` (3) is the servers' lease, which that time mostly is.  The killed
process is started again on its port, and its clients open sockets to the others and
watch their tables again, as the browser does.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from rich.console import Console
from rich.table import Table
from websockets.typing import Subprotocol

# bench/served.py, beside this script (python puts the script's folder first on the path).
from served import cpu_seconds, free_port, start_server, stop_server, wait_ready
from studpoker.server.patch import apply_patch

ROOT = Path(__file__).resolve().parents[1]
# Practice tables seat eight people at most (R7.1).
PER_TABLE = 8
# The cheapest answer, in order: none of them puts a chip in beyond what is owed.
CHEAP = ("check", "call", "bring_in", "show", "muck", "fold")
# Seconds to wait after the measuring for the answers to the last actions timed.
DRAIN = 15.0
# Seconds to wait, at most, for the tables of a killed process to be run again.
FAILOVER_WAIT = 60.0


@dataclass
class Measure:
    """What the clients saw, on the monotonic clock of this process."""

    # Nothing counts until the measuring starts.
    start: float = float("inf")
    end: float = float("inf")
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    # (table, seq) -> [clients that saw it answered, the latest of their first sights]
    seen: dict[tuple[str, int], list[float]] = field(default_factory=lambda: defaultdict(list))
    hands: set[tuple[str, int]] = field(default_factory=set)
    # The clients of each table, and the tables that have dealt a hand to all of
    # them and to nobody else (no computer player left).
    players: dict[str, int] = field(default_factory=dict)
    ready: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    messages: int = 0  # table messages
    lobbies: int = 0  # lobby messages
    # The tables of a process killed, and when (--failover); the seconds from the kill
    # to each one's first message from its new owner.
    killed: dict[str, float] = field(default_factory=dict)
    failovers: list[float] = field(default_factory=list)
    reconnects: int = 0

    def measuring(self, now: float) -> bool:
        return self.start <= now < self.end


# -- the servers ----------------------------------------------------------------------------


def memory(pid: int) -> dict[str, float]:
    """The process's resident set now and at its peak, in MiB."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values


def script_url(name: str) -> str:
    """What ``scripts/NAME`` prints: the URL of the server it started (or found)."""
    done = subprocess.run(
        [str(ROOT / "scripts" / name)], check=True, capture_output=True, text=True
    )
    return done.stdout.strip().splitlines()[-1]


def new_database(server: str) -> str:
    """A new, empty PostgreSQL database on ``server`` (a URL); its URL."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    name = f"studbench_{uuid.uuid4().hex[:12]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    admin.dispose()
    return make_url(server).set(database=name).render_as_string(hide_password=False)


def drop_database(server: str, url: str) -> None:
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    name = make_url(url).database
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    admin.dispose()


@dataclass
class Cluster:
    """The room's processes: one on SQLite, or N on PostgreSQL and Redis."""

    database: str
    work: Path
    options: list[str]
    ports: list[int]
    servers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    redis: str | None = None
    prefix: str = ""
    started: int = 0  # processes started, for their logs' names

    @property
    def urls(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    async def start(self, index: int) -> None:
        """Process ``index`` on its port, once it answers."""
        self.started += 1
        log = self.work / f"server{index}.{self.started}.log"
        server = start_server(self.ports[index], self.database, log, self.options)
        if index < len(self.servers):
            self.servers[index] = server
        else:
            self.servers.append(server)
        await wait_ready(self.urls[index], server, log)

    def owner(self, table: str) -> int | None:
        """The index of the process that holds ``table``'s lease now."""
        import redis

        assert self.redis is not None
        client = redis.Redis.from_url(self.redis)
        try:
            held = client.get(f"{self.prefix}lease:{table}")
        finally:
            client.close()
        if held is None:
            return None
        pid = int(held.decode().split(":")[1])
        return next((n for n, s in enumerate(self.servers) if s.pid == pid), None)

    def stop(self) -> None:
        for server in self.servers:
            if server.poll() is None:
                stop_server(server)


async def start_cluster(processes: int, shared: bool, err: Console) -> Cluster:
    work = Path(tempfile.mkdtemp(prefix="stud-bench-room-"))
    # No pause between hands, a clock of an hour (no decision times out), and no limits:
    # thousands of clients from one address, on purpose.
    options = ["--pause", "0", "--clock", "3600", "--no-limits"]
    ports = [free_port() for _ in range(processes)]
    if not shared:
        cluster = Cluster(f"sqlite:///{work / 'room.db'}", work, options, ports)
    else:
        server = script_url("postgres.sh")
        redis_url = script_url("redis.sh")
        prefix = f"bench-{uuid.uuid4().hex[:8]}:"
        options += ["--redis", redis_url, "--redis-prefix", prefix]
        options += ["--lease-seconds", str(LEASE_SECONDS)]
        cluster = Cluster(new_database(server), work, options, ports, redis=redis_url)
        cluster.prefix = prefix
    for index in range(processes):  # the first makes the database's tables
        await cluster.start(index)
    where = "SQLite" if not shared else "PostgreSQL and Redis"
    err.log(f"{processes} server process(es) on {where}: ports {', '.join(map(str, ports))}")
    return cluster


def stop_cluster(cluster: Cluster) -> None:
    if cluster.redis is None:
        cluster.stop()
    else:  # its database is dropped: no hand-over to wait for (up to 30 s a process)
        for server in cluster.servers:
            server.kill()
            server.wait()
    if cluster.redis is not None:
        drop_database(script_url("postgres.sh"), cluster.database)
    shutil.rmtree(cluster.work, ignore_errors=True)


# -- setting up -----------------------------------------------------------------------------


def accounts(database: str, count: int) -> list[str]:
    """``count`` new accounts (``bench0001``…) written into the room's database with no
    password (nobody logs in with one), and a session token for each, in order."""
    from studpoker.store import Store

    tokens = []
    with Store(database) as store:
        for number in range(1, count + 1):
            account = store.create_account(f"bench{number:04d}", None)
            tokens.append(store.create_session(account.id))
    return tokens


async def open_tables(urls: list[str], token: str, game: str, count: int) -> list[str]:
    """``count`` practice tables, opened through the processes in turn (each runs
    those opened through it)."""
    clients = [httpx.AsyncClient(base_url=url, timeout=60) for url in urls]
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


# -- the clients ----------------------------------------------------------------------------


def cheapest(options: list[dict[str, Any]]) -> str:
    kinds = {option["kind"] for option in options}
    return next(kind for kind in CHEAP if kind in kinds)


async def client(
    urls: list[str],
    first: int,
    token: str,
    table: str,
    seat: int,
    measure: Measure,
    seated: asyncio.Event,
    think: float = 0.0,
) -> None:
    """One player: sit at ``table`` in ``seat`` through process ``first``, answer every
    decision of the seat (at once, or after a pause of ``think`` seconds on average,
    0.5 to 1.5 times it, as a person would), and note when each decision is seen
    answered.  The time of an action is counted from when it is sent, never the pause
    before it.  When its socket closes (its process was killed) it opens one to the
    next process and watches its table again."""
    rng = random.Random(f"{table}/{seat}")
    protocols = [Subprotocol("studpoker"), Subprotocol(f"bearer.{token}")]
    server = first
    sat = False
    while True:
        address = urls[server].replace("http", "ws", 1) + "/ws"
        try:
            async with websockets.connect(
                address, subprotocols=protocols, max_size=None, open_timeout=120
            ) as ws:
                if not sat:
                    hello = {"type": "sit", "table": table, "seat": seat, "id": "sit"}
                else:
                    hello = {"type": "watch", "table": table, "id": "watch"}
                await ws.send(json.dumps(hello))
                sat = True
                await play(ws, table, seat, measure, seated, think, rng)
        except (OSError, websockets.WebSocketException):
            pass
        # Its process is gone: the next one (the killed one is started again later).
        measure.reconnects += 1
        server = (server + 1) % len(urls)
        await asyncio.sleep(0.2)


async def play(
    ws: Any,
    table: str,
    seat: int,
    measure: Measure,
    seated: asyncio.Event,
    think: float,
    rng: random.Random,
) -> None:
    async def answer(seq: int, action: str, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        measure.sent[(table, seq)] = time.perf_counter()
        try:
            await ws.send(json.dumps({"type": "act", "table": table, "seq": seq, "action": action}))
        except websockets.ConnectionClosed:  # the run is over, or its process died
            return

    pending: int | None = None  # the decision this client saw asked last
    state: dict[str, Any] = {}  # the table, rebuilt from the state and its patches
    answered = 0
    thinking: set[asyncio.Task[None]] = set()
    async for text in ws:
        now = time.perf_counter()
        message = json.loads(text)
        kind = message["type"]
        if kind == "error":
            measure.errors.append(message["message"])
        if message.get("id") == "sit":
            seated.set()
        if kind == "lobby":
            measure.lobbies += 1
        if kind != "table":
            continue
        measure.messages += 1
        killed = measure.killed.pop(table, None)
        if killed is not None:
            measure.failovers.append(now - killed)
        if "state" in message:  # a whole state: a table's new owner numbers anew
            state = message["state"]
            answered = 0
            pending = None
        else:
            state = apply_patch(state, message["patch"])
        turn = state["turn"]
        if pending is not None and (turn is None or turn["seq"] != pending):
            seen = measure.seen[(table, pending)]
            seen.append(now)
            pending = None
        if turn is not None and turn["seq"] != pending:
            pending = turn["seq"]
        change = message["change"]
        if change == "hand_ended" and measure.measuring(now):
            measure.hands.add((table, message["result"]["hand"]))
        elif change == "hand_started" and table not in measure.ready:
            people = [
                held
                for held in state["seats"]
                if held is not None and held["in_hand"] and not held["is_bot"]
            ]
            if len(people) == measure.players[table]:
                measure.ready.add(table)
        if (
            turn is not None
            and turn["seat"] == seat
            and turn["legal_actions"]
            and turn["seq"] > answered
        ):
            answered = turn["seq"]
            action = cheapest(turn["legal_actions"])
            if think:
                delay = think * (0.5 + rng.random())
                thinking.add(asyncio.create_task(answer(answered, action, delay)))
                thinking = {task for task in thinking if not task.done()}
            else:
                await answer(answered, action, 0.0)


# -- one measure ----------------------------------------------------------------------------


async def run(args: argparse.Namespace, processes: int, err: Console) -> dict[str, Any]:
    """One measure of the room on ``processes`` processes (0: the embedded room)."""
    if args.clients > args.tables * PER_TABLE:
        raise SystemExit(f"{args.clients} clients need {-(-args.clients // PER_TABLE)} tables")
    shared = processes > 0
    cluster = await start_cluster(max(processes, 1), shared, err)
    tasks: list[asyncio.Task[None]] = []
    try:
        began = time.perf_counter()
        urls = cluster.urls
        err.log(f"{args.clients} accounts…")
        tokens = await asyncio.to_thread(accounts, cluster.database, args.clients)
        tables = await open_tables(urls, tokens[0], args.game, args.tables)
        err.log(f"{len(tables)} tables; {args.clients} clients sitting down…")
        measure = Measure()
        places = [(n % args.tables, n // args.tables) for n in range(args.clients)]
        for number, _ in places:
            measure.players[tables[number]] = measure.players.get(tables[number], 0) + 1
        seated = [asyncio.Event() for _ in tokens]
        gate = asyncio.Semaphore(50)

        async def connect(number: int) -> None:
            at, seat = places[number]
            # The table is run by the process it was opened through; with several, the
            # client connects to the next one: its messages cross the relay.
            first = (at + (1 if len(urls) > 1 else 0)) % len(urls)
            async with gate:
                task = asyncio.create_task(
                    client(
                        urls,
                        first,
                        tokens[number],
                        tables[at],
                        seat,
                        measure,
                        seated[number],
                        args.think,
                    )
                )
                tasks.append(task)
                await seated[number].wait()

        await asyncio.gather(*(connect(n) for n in range(args.clients)))
        if measure.errors:
            raise SystemExit(f"the server refused: {measure.errors[0]}")
        # Computer players kept seats for those who sat down during a hand: measure
        # from the moment every table deals to its clients alone.
        err.log("waiting for every table to deal a hand to its clients alone…")
        deadline = time.perf_counter() + args.settle
        while len(measure.ready) < len(tables) and time.perf_counter() < deadline:
            await asyncio.sleep(0.2)
        if len(measure.ready) < len(tables):
            err.log(f"[red]only {len(measure.ready)} of {len(tables)} tables settled")
        setup = time.perf_counter() - began
        err.log(f"set up in {setup:.0f} s; measuring {args.seconds:g} s…")
        # Thousands of clients keep a large heap in this process: the collector's passes
        # over it would be timed as the server's latency.  Their messages hold no
        # cycles, so reference counting frees them.
        gc.collect()
        gc.freeze()
        gc.disable()
        measure.start = time.perf_counter()
        measure.end = measure.start + args.seconds
        messages, lobbies = measure.messages, measure.lobbies
        pids = [server.pid for server in cluster.servers]
        cpu = [cpu_seconds(pid) for pid in pids]
        own_cpu = time.process_time()
        await asyncio.sleep(args.seconds)
        messages, lobbies = measure.messages - messages, measure.lobbies - lobbies
        cpu = [cpu_seconds(pid) - before for pid, before in zip(pids, cpu, strict=True)]
        own_cpu = time.process_time() - own_cpu
        rss = [memory(pid) for pid in pids]
        # The actions sent in time are timed to the end: wait for their last sights.
        deadline = time.perf_counter() + DRAIN
        while time.perf_counter() < deadline and any(
            len(measure.seen.get(key, ())) < measure.players[key[0]]
            for key, sent in measure.sent.items()
            if measure.measuring(sent)
        ):
            await asyncio.sleep(0.1)
        gc.enable()
        failover = None
        if args.failover:
            failover = await kill_owners(args, cluster, tables, measure, err)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        stop_cluster(cluster)
    latencies = []
    for (table, seq), sent in measure.sent.items():
        seen = measure.seen.get((table, seq), [])
        if measure.measuring(sent) and len(seen) == measure.players[table]:
            latencies.append((max(seen) - sent) * 1000)
    latencies.sort()
    server_cpu = sum(cpu)
    result: dict[str, Any] = {
        "processes": processes,
        "database": "postgresql" if shared else "sqlite",
        "hands_per_second": round(len(measure.hands) / args.seconds, 2),
        "p50_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p99_ms": percentile(latencies, 0.99),
        "rss_mb": round(sum(r["VmRSS"] for r in rss), 1),
        "peak_rss_mb": round(sum(r["VmHWM"] for r in rss), 1),
        "rss_mb_each": [round(r["VmRSS"], 1) for r in rss],
        "clients": args.clients,
        "tables": args.tables,
        "game": args.game,
        "seconds": args.seconds,
        "think": args.think,
        "hands": len(measure.hands),
        "actions": len(latencies),
        "actions_per_second": round(len(latencies) / args.seconds, 1),
        "messages_per_second": round(messages / args.seconds),
        "lobbies_per_second": round(lobbies / args.seconds),
        "setup_seconds": round(setup, 1),
        "server_cpu": round(server_cpu / args.seconds, 2),
        "server_cpu_each": [round(c / args.seconds, 2) for c in cpu],
        # The issue's measure: the servers' CPU (every thread) over the actions played.
        "server_cpu_ms_per_action": round(1000 * server_cpu / len(latencies), 3)
        if latencies
        else None,
        "clients_cpu": round(own_cpu / args.seconds, 2),
        "load_average": os.getloadavg()[0],
    }
    if failover is not None:
        result["failover"] = failover
    return result


def percentile(values: list[float], share: float) -> float | None:
    """The value below which ``share`` of the sorted ``values`` lie."""
    if not values:
        return None
    return round(values[min(len(values) - 1, int(len(values) * share))], 2)


async def kill_owners(
    args: argparse.Namespace,
    cluster: Cluster,
    tables: list[str],
    measure: Measure,
    err: Console,
) -> dict[str, Any]:
    """``--failover`` kills: each time the process that runs the most tables is killed
    (SIGKILL) in the middle of their hands, and every one of its tables waits for its
    first message from the process that takes it up; the killed one is started again
    on its port.  The seconds from each kill to each table's next message."""
    measure.failovers.clear()
    lost = 0
    for kill in range(args.failover):
        owners = {table: await asyncio.to_thread(cluster.owner, table) for table in tables}
        counts: dict[int, int] = defaultdict(int)
        for index in owners.values():
            if index is not None:
                counts[index] += 1
        victim = max(counts, key=lambda index: counts[index])
        theirs = [table for table, index in owners.items() if index == victim]
        measure.killed.clear()
        now = time.perf_counter()
        measure.killed.update(dict.fromkeys(theirs, now))
        cluster.servers[victim].send_signal(signal.SIGKILL)
        cluster.servers[victim].wait()
        deadline = now + FAILOVER_WAIT
        while measure.killed and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
        lost += len(measure.killed)
        measure.killed.clear()
        await cluster.start(victim)  # the supervisor's part: another in its place
        err.log(
            f"kill {kill + 1}: process {victim} ran {len(theirs)} tables; "
            f"{len(measure.failovers)} failovers timed so far"
        )
        await asyncio.sleep(2 * LEASE_SECONDS)  # the room settles before the next kill
    times = sorted(1000 * seconds for seconds in measure.failovers)
    return {
        "kills": args.failover,
        "lease_seconds": LEASE_SECONDS,
        "tables_timed": len(times),
        "tables_not_run_again": lost,
        "p50_ms": round(statistics.median(times), 1) if times else None,
        "p99_ms": percentile(times, 0.99),
        "max_ms": round(times[-1], 1) if times else None,
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

    row("hands per second", lambda r: f"{r['hands_per_second']:,.2f}")
    row("actions timed", lambda r: f"{r['actions']:,}")
    row("actions per second", lambda r: f"{r['actions_per_second']:,.1f}")
    row("table messages received a second", lambda r: f"{r['messages_per_second']:,}")
    row("action to table, p50", lambda r: ms(r["p50_ms"]))
    row("action to table, p99", lambda r: ms(r["p99_ms"]))
    row("servers' memory (RSS)", lambda r: f"{r['rss_mb']:,.1f} MiB")
    row("servers' CPU (cores busy)", lambda r: f"{r['server_cpu']:.2f}")
    row("  each process", lambda r: " + ".join(f"{c:.2f}" for c in r["server_cpu_each"]))
    row(
        "servers' CPU an action",
        lambda r: (
            "—"
            if r["server_cpu_ms_per_action"] is None
            else f"{r['server_cpu_ms_per_action']:.3f} ms"
        ),
    )
    row("clients' CPU (cores busy)", lambda r: f"{r['clients_cpu']:.2f}")
    row("load average (1 min) at the end", lambda r: f"{r['load_average']:.2f}")
    row("setting up (not measured)", lambda r: f"{r['setup_seconds']:,.0f} s")
    if any("failover" in r for r in results):

        def fail(key: str) -> Any:
            return lambda r: "—" if "failover" not in r else str(r["failover"][key])

        def fail_ms(key: str) -> Any:
            return lambda r: ms(r.get("failover", {}).get(key))

        row("failover: kills", fail("kills"))
        row("failover: lease (s)", fail("lease_seconds"))
        row("failover: tables timed", fail("tables_timed"))
        row("failover: tables not run again in 60 s", fail("tables_not_run_again"))
        row("failover: kill to next message, p50", fail_ms("p50_ms"))
        row("failover: kill to next message, p99", fail_ms("p99_ms"))
        row("failover: kill to next message, max", fail_ms("max_ms"))
    console.print(table)
    if len(results) > 1 and results[0]["actions_per_second"]:
        ratio = results[-1]["actions_per_second"] / results[0]["actions_per_second"]
        console.print(
            f"actions a second, {results[-1]['processes']} processes over "
            f"{results[0]['processes']}: {ratio:.2f}×"
        )


LEASE_SECONDS = 3.0


def main(argv: list[str] | None = None) -> int:
    global LEASE_SECONDS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=1000, help="WebSocket clients (1,000)")
    parser.add_argument("--tables", type=int, default=125, help="practice tables (125)")
    parser.add_argument("--seconds", type=float, default=30.0, help="time measured (30)")
    parser.add_argument("--game", default="seven_card_stud", help="the tables' game")
    parser.add_argument(
        "--processes",
        default=None,
        help="the room on N processes sharing PostgreSQL and Redis; a list (1,2) measures "
        "each in turn (default: one process on SQLite, the embedded room)",
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
        help="after the measure, kill -9 a table owner K times and time the take-overs",
    )
    parser.add_argument(
        "--lease-seconds", type=float, default=LEASE_SECONDS, help="the servers' lease (3)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args(argv)
    if args.clients < 1 or args.tables < 1 or args.seconds <= 0:
        parser.error("--clients, --tables and --seconds are above 0")
    try:
        counts = [0] if args.processes is None else [int(n) for n in args.processes.split(",")]
    except ValueError:
        parser.error(f"--processes is a number or a list of numbers, not {args.processes!r}")
    if any(n < 1 for n in counts if args.processes is not None):
        parser.error("--processes are 1 or more")
    if args.failover and max(counts) < 2:
        parser.error("--failover needs --processes 2 or more")
    if not 0 < args.lease_seconds <= 60:
        parser.error("--lease-seconds is above 0 and 60 at most")
    LEASE_SECONDS = args.lease_seconds
    err = Console(stderr=True, quiet=args.json)
    results = []
    for count in counts:
        one = argparse.Namespace(**vars(args))
        one.failover = args.failover if count >= 2 else 0
        results.append(asyncio.run(run(one, count, err)))
    if args.json:
        print(json.dumps(results[0] if len(results) == 1 else results))
    else:
        report(results, Console())
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
