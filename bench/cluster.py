"""The room's server processes as bench/room.py runs them (issue 16): one ``stud serve``
on a fresh SQLite file, or N of them on ports of their own over a fresh PostgreSQL
database and one Redis under a prefix of the run's own; the owner of each table, read
from its lease in Redis; the CPU and memory of the servers, of PostgreSQL's backends
for the run's database and of Redis; the accounts and sessions of the clients, written
straight into the database.

``scripts/postgres.sh`` and ``scripts/redis.sh`` start PostgreSQL and Redis when they
are not running (and leave them running); the database is dropped at the end.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console

# bench/served.py, beside this file (python puts the script's folder first on the path).
from served import cpu_seconds, free_port, start_server, stop_server, wait_ready

__all__ = [
    "Cluster",
    "accounts",
    "cpu_of",
    "machine_cpu",
    "memory",
    "start_cluster",
    "stop_cluster",
]

ROOT = Path(__file__).resolve().parents[1]
# What a server's log says when all is well: its first line, and a killed peer's end.
EXPECTED = re.compile(r"^studpoker card room on |^process \S+ is not heard from: gone$")


def memory(pid: int) -> dict[str, float]:
    """The process's resident set now and at its peak, in MiB."""
    values = {"VmRSS": 0.0, "VmHWM": 0.0}
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:  # gone
        return values
    for line in text.splitlines():
        key, _, rest = line.partition(":")
        if key in values:
            values[key] = int(rest.split()[0]) / 1024
    return values


def cpu_of(pids: list[int]) -> dict[int, float]:
    """The CPU seconds each of ``pids`` has used; a process gone is left out."""
    used = {}
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):  # gone
            used[pid] = cpu_seconds(pid)
    return used


def machine_cpu() -> float:
    """The CPU seconds every process of the machine has used (user, nice, system,
    interrupts, steal: not idle nor iowait), from ``/proc/stat``."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def script_url(name: str) -> str:
    """What ``scripts/NAME`` prints: the URL of the server it started (or found)."""
    done = subprocess.run(
        [str(ROOT / "scripts" / name)], check=True, capture_output=True, text=True
    )
    return done.stdout.strip().splitlines()[-1]


def new_database(server: str) -> str:
    """A new, empty PostgreSQL database on ``server`` (a URL); its URL (as
    tests/conftest.py makes one for each test)."""
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


def accounts(database: str, count: int) -> list[str]:
    """``count`` new accounts (``bench0001``…) written into the room's database with no
    password (nobody logs in with one), and a session token for each, in order.

    What ``POST /api/accounts`` does but its argon2 hash (``Accounts.register``:
    ``create_account`` then ``create_session``), which would take 17 minutes for 5,000
    clients.  Sound while the servers run: they keep no account or session in memory,
    and read a socket's session token from the database when it opens."""
    from studpoker.store import Store

    def one(number: int) -> str:
        account = store.create_account(f"bench{number:04d}", None)
        return store.create_session(account.id)

    with Store(database) as store:
        # SQLite takes one writer at a time: threads would only wait for each other.
        threads = 4 if database.startswith("postgresql") else 1
        with ThreadPoolExecutor(threads) as pool:
            return list(pool.map(one, range(1, count + 1)))


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
    postgres: str | None = None  # the PostgreSQL server's URL, to drop the database
    started: int = 0  # processes started, for their logs' names
    logs: list[Path] = field(default_factory=list)

    @property
    def urls(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    @property
    def pids(self) -> list[int]:
        return [server.pid for server in self.servers]

    async def start(self, index: int) -> None:
        """Process ``index`` on its port, once it answers."""
        self.started += 1
        log = self.work / f"server{index}.{self.started}.log"
        self.logs.append(log)
        server = start_server(self.ports[index], self.database, log, self.options)
        if index < len(self.servers):
            self.servers[index] = server
        else:
            self.servers.append(server)
        await wait_ready(self.urls[index], server, log)

    def kill(self, index: int) -> None:
        """kill -9 of process ``index``."""
        self.servers[index].kill()
        self.servers[index].wait()

    def owners(self, tables: list[str]) -> dict[str, int | None]:
        """The index of the process that holds each table's lease now (the lease's
        value is ``host:pid:token``); None for a table between owners."""
        import redis

        assert self.redis is not None
        client = redis.Redis.from_url(self.redis)
        try:
            held = client.mget([f"{self.prefix}lease:{table}" for table in tables])
        finally:
            client.close()
        index = {server.pid: n for n, server in enumerate(self.servers)}
        owners: dict[str, int | None] = {}
        for table, value in zip(tables, held, strict=True):
            held_by = value.decode() if isinstance(value, bytes) else value
            pid = None if held_by is None else int(held_by.split(":")[1])
            owners[table] = None if pid is None else index.get(pid)
        return owners

    def helpers(self) -> dict[str, list[int]]:
        """The pids of PostgreSQL's backends connected to the run's database, and of the
        Redis server (shared with whatever else uses it)."""
        if self.redis is None:
            return {}
        import redis
        from sqlalchemy import create_engine, text
        from sqlalchemy.engine import make_url

        assert self.postgres is not None
        admin = create_engine(self.postgres)
        try:
            with admin.connect() as connection:
                pids = connection.execute(
                    text("SELECT pid FROM pg_stat_activity WHERE datname = :name"),
                    {"name": make_url(self.database).database},
                ).scalars()
                backends = [int(pid) for pid in pids]
        finally:
            admin.dispose()
        client = redis.Redis.from_url(self.redis)
        try:
            server = [int(client.info("server")["process_id"])]
        finally:
            client.close()
        return {"postgresql": backends, "redis": server}

    def troubles(self, most: int = 8) -> dict[str, object]:
        """What the servers' logs said besides their first line and a killed peer gone:
        how many lines, and the first few different ones."""
        lines = []
        for log in self.logs:
            try:
                text = log.read_text(errors="replace")
            except OSError:
                continue
            lines += [
                f"{log.name}: {line}"
                for line in text.splitlines()
                if line.strip() and not EXPECTED.search(line)
            ]
        seen: dict[str, str] = {}
        for line in lines:
            # The same line from another process or table counts once.
            key = re.sub(r"[0-9a-f]{6,}|\d+", "#", line.partition(": ")[2])
            seen.setdefault(key, line)
        return {"lines": len(lines), "first": list(seen.values())[:most]}

    def stop(self) -> None:
        for server in self.servers:
            if server.poll() is None:
                stop_server(server)


async def start_cluster(
    processes: int,
    shared: bool,
    lease_seconds: float,
    err: Console,
    extra: Sequence[str] = (),
) -> Cluster:
    work = Path(tempfile.mkdtemp(prefix="stud-bench-room-"))
    # No pause between hands, a clock of an hour (no decision times out), and no limits:
    # thousands of clients from one address, on purpose.  ``extra``: more of stud
    # serve's flags (``--no-metrics``).
    options = ["--pause", "0", "--clock", "3600", "--no-limits", *extra]
    ports = [free_port() for _ in range(processes)]
    if not shared:
        cluster = Cluster(f"sqlite:///{work / 'room.db'}", work, options, ports)
    else:
        postgres = script_url("postgres.sh")
        redis_url = script_url("redis.sh")
        prefix = f"bench-{uuid.uuid4().hex[:8]}:"
        options += ["--redis", redis_url, "--redis-prefix", prefix]
        options += ["--lease-seconds", f"{lease_seconds:g}"]
        cluster = Cluster(new_database(postgres), work, options, ports, redis=redis_url)
        cluster.prefix = prefix
        cluster.postgres = postgres
    try:
        # One after the other: the first makes the database's tables.
        for index in range(processes):
            await cluster.start(index)
    except BaseException:
        stop_cluster(cluster)
        raise
    where = "SQLite" if not shared else f"PostgreSQL and Redis (prefix {cluster.prefix})"
    err.log(f"{processes} server process(es) on {where}: ports {', '.join(map(str, ports))}")
    return cluster


def stop_cluster(cluster: Cluster, keep: bool = False) -> None:
    """Every process stopped; the run's database and its keys in Redis deleted, its
    logs too unless ``keep``."""
    if cluster.redis is None:
        cluster.stop()
    else:  # its database is dropped: no hand-over to wait for (up to 30 s a process)
        for server in cluster.servers:
            if server.poll() is None:
                server.kill()
            server.wait()
    if cluster.redis is not None:
        import redis

        client = redis.Redis.from_url(cluster.redis)
        try:
            keys = list(client.scan_iter(match=f"{cluster.prefix}*", count=1000))
            for start in range(0, len(keys), 500):
                client.delete(*keys[start : start + 500])
        finally:
            client.close()
    if cluster.postgres is not None:
        drop_database(cluster.postgres, cluster.database)
    if not keep:
        shutil.rmtree(cluster.work, ignore_errors=True)
