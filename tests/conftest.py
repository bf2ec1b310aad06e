"""What every test shares: a failing listener fails the test, and the databases the
room's tests run on.

A listener's failure is only logged by the code that calls it (``Table._notify``,
``Room._relay``, the hub's ``_flush_table``): a table must go on when one listener
breaks.  So an ``assert`` inside a listener, or a listener that raises, would pass
unseen; :func:`listeners_never_fail` makes every such logged failure fail the test
that caused it, with its traceback.

PostgreSQL is the server at ``STUD_TEST_POSTGRES_URL`` (``scripts/postgres.sh``
starts one and prints its URL; test.sh exports it).  Without that variable the
PostgreSQL cases are skipped, unless ``CI`` is set: then they fail, so that a broken
setup in CI cannot pass as skipped tests.
"""

from __future__ import annotations

import functools
import logging
import os
import sys
import traceback
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import httpx._transports.default as httpx_transports
import pytest
from sqlalchemy import create_engine

from studpoker.room.passwords import set_test_parameters
from studpoker.store.base import database_url

# absl (OpenSpiel's logging, imported by tests/rl) makes its handler when first imported,
# holding the sys.stderr of that moment: pytest's capture.  A room served in a test
# configures logging (dictConfig), which closes every handler made so far, and absl's
# handler closes a stream that is not the process's own: pytest's capture, and every
# test after fails "I/O operation on closed file".  Its handler made now, on the
# process's stderr, which it never closes.
try:
    from absl import logging as absl_logging
except ImportError:  # the rl extra is not installed
    pass
else:
    absl_logging.get_absl_handler().python_handler.stream = sys.__stderr__

POSTGRES_URL = os.environ.get("STUD_TEST_POSTGRES_URL", "")
BACKENDS = ["sqlite", "postgresql"]
# The fixtures that say which database a test's room is on, one a folder's conftest:
# the server's ``database``, the room's ``backend`` and the pages' module-wide ``room``.
DATABASE_FIXTURES: dict[str, Literal["function", "module"]] = {
    "database": "function",
    "backend": "function",
    "room": "module",
}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test marked ``both_databases`` (those whose room writes the ledger or keeps
    hands) runs on SQLite and on PostgreSQL: its database fixture parametrised."""
    if metafunc.definition.get_closest_marker("both_databases") is None:
        return
    for name, scope in DATABASE_FIXTURES.items():
        if name in metafunc.fixturenames:
            metafunc.parametrize(name, BACKENDS, indirect=True, scope=scope)
            return
    raise pytest.UsageError(
        f"{metafunc.definition.nodeid} is marked both_databases but uses none of the "
        f"database fixtures {', '.join(DATABASE_FIXTURES)}"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests marked ``long`` run first, in the order collected.

    Each runs ten seconds or more, most of it waiting on the room's other processes,
    leases and clocks.  Under ``pytest -n`` with ``--dist worksteal`` the first worker
    takes them all, one after another, while the other workers keep both cores busy
    with the rest; a long test collected near the end used to be left running alone,
    one core idle, for its last half minute.  Every worker orders the items alike, as
    xdist requires."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable


# httpx's functions (httpx.get, httpx.post…: about a hundred calls in the tests) make a
# client a call, and every client an SSL context that loads the CA bundle: 20 ms of a
# core a call to a loopback room that speaks no TLS.  Contexts made once serve them all
# (tests only; an SSLContext is shared between clients as it is between connections).
httpx_transports.create_ssl_context = functools.lru_cache(maxsize=16)(
    httpx_transports.create_ssl_context
)


@pytest.fixture(autouse=True, scope="session")
def cheap_password_hashes() -> Iterator[None]:
    """Rooms in the test process hash passwords with argon2's cheapest parameters: the
    room's own (64 MiB, 3 passes) cost a core a tenth of a second or more a hash, and
    the suite registers and logs in a few hundred times.  tests/room/test_passwords.py
    checks the room's parameters themselves; `stud serve` processes keep them."""
    set_test_parameters()
    yield
    set_test_parameters(cheap=False)


# The failures of listeners that the package logs and goes on from: by logger, the
# words of each message template (``record.msg``, before its arguments are put in).
LISTENER_FAILURES = {
    "studpoker.table.table": ("a listener failed",),
    "studpoker.room.room": ("a room listener failed", "a chat listener failed"),
    "studpoker.server.connections": ("to a client failed",),
}


class _ListenerFailures(logging.Handler):
    """Keeps every record of a listener failure logged with its exception."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        words = LISTENER_FAILURES.get(record.name, ())
        if record.exc_info and any(word in str(record.msg) for word in words):
            self.records.append(record)


@pytest.fixture(autouse=True)
def listeners_never_fail() -> Iterator[None]:
    """Fail the test at teardown if a listener failed during it (from any thread:
    the served room runs in a thread of its own)."""
    handler = _ListenerFailures()
    logger = logging.getLogger("studpoker")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    if handler.records:
        told = []
        for record in handler.records:
            assert record.exc_info is not None
            trace = "".join(traceback.format_exception(*record.exc_info))
            told.append(f"{record.name}: {record.getMessage()}\n{trace}")
        pytest.fail(
            f"{len(told)} listener failure(s) were logged and swallowed:\n\n" + "\n".join(told),
            pytrace=False,
        )


# -- databases ----------------------------------------------------------------------------


def postgres_admin_url() -> str:
    if not POSTGRES_URL:
        if os.environ.get("CI"):
            pytest.fail(
                "CI is set but STUD_TEST_POSTGRES_URL is not: run scripts/postgres.sh and "
                "export the URL it prints (test.sh does)"
            )
        pytest.skip(
            "PostgreSQL: STUD_TEST_POSTGRES_URL is not set (scripts/postgres.sh starts a "
            "server and prints it)"
        )
    return POSTGRES_URL


REDIS_URL = os.environ.get("STUD_TEST_REDIS_URL", "")


def redis_test_url() -> str:
    """The Redis server of the tests (``scripts/redis.sh``): skipped without one, saying
    why, unless CI is set: there it fails."""
    if not REDIS_URL:
        if os.environ.get("CI"):
            pytest.fail(
                "CI is set but STUD_TEST_REDIS_URL is not: run scripts/redis.sh and export "
                "the URL it prints (test.sh does)"
            )
        pytest.skip(
            "Redis: STUD_TEST_REDIS_URL is not set (scripts/redis.sh starts a server and prints it)"
        )
    return REDIS_URL


def new_postgres_database() -> str:
    """A new, empty database on the test server; its URL."""
    admin = create_engine(database_url(postgres_admin_url()), isolation_level="AUTOCOMMIT")
    name = f"studtest_{uuid.uuid4().hex[:16]}"
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    admin.dispose()
    return database_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)


def drop_postgres_database(url: str) -> None:
    name = database_url(url).database
    admin = create_engine(database_url(POSTGRES_URL), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    admin.dispose()


@pytest.fixture
def fresh_postgres() -> Iterator[str]:
    """An empty PostgreSQL database (not migrated), dropped after the test."""
    url = new_postgres_database()
    yield url
    drop_postgres_database(url)


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a new, empty database (not migrated: a room migrates when it
    starts): a SQLite file, or where a conftest parametrises this fixture over
    :data:`BACKENDS` (``indirect``), a PostgreSQL database too, dropped after the test."""
    if getattr(request, "param", "sqlite") == "sqlite":
        yield f"sqlite:///{tmp_path / 'room.db'}"
        return
    url = new_postgres_database()
    try:
        yield url
    finally:
        drop_postgres_database(url)


# -- the shared hand histories ----------------------------------------------------------

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "handhistories"
# The sites whose files our readers read (history/sites.py): every folder of the shared
# hand histories (issue 37).
READ_SITES = (
    "pokerstars",
    "fulltilt",
    "winamax",
    "winning",
    "kingsclub",
    "ipoker",
    "partypoker",
    "bovada",
    "everleaf",
    "ongame",
    "merge",
)


def read_sites_files(shared: Path) -> list[Path]:
    """The hand history files of ``shared`` of the sites our readers read (text, and
    iPoker's XML)."""
    return (
        sorted(
            path
            for site in READ_SITES
            for path in (shared / site).iterdir()
            if path.is_file() and path.suffix in (".txt", ".xml")
        )
        if (shared / READ_SITES[0]).is_dir()
        else []
    )


SHARED_FILES = read_sites_files(SHARED) if SHARED.is_dir() else []


@pytest.fixture
def shared() -> Path:
    """The real hand histories in ``../shared/handhistories`` (never copied into the
    project).  Without them a test is skipped, saying why, unless CI is set: there it
    fails, so that a CI run without the records cannot pass."""
    if not SHARED_FILES:
        missing = f"{SHARED} is missing: the shared hand histories are not available"
        if os.environ.get("CI"):
            pytest.fail(f"{missing}, and CI is set: check them out beside the clone")
        pytest.skip(missing)
    return SHARED


# -- a room served by `stud serve` -----------------------------------------------------


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServeProcess:
    """``stud serve`` in a process of its own, as an operator runs it: its output (both
    streams) in ``log``; :meth:`stop` sends a signal and waits."""

    def __init__(self, argv: list[str], log: Path, env: dict[str, str] | None = None) -> None:
        import subprocess
        import sys

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        command = [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(self.port)]
        with log.open("wb") as out:
            self.process = subprocess.Popen(
                [*command, *argv],
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, **(env or {})},
            )

    def wait_ready(self, timeout: float = 60) -> None:
        import time

        import httpx

        deadline = time.monotonic() + timeout
        while True:
            try:
                if httpx.get(f"{self.url}/api/tables").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"stud serve did not start:\n{self.text()}")
            time.sleep(0.1)

    def text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def stop(self, signal_number: int | None = None, timeout: float = 60) -> int:
        import signal

        if self.process.poll() is None:
            self.process.send_signal(signal_number or signal.SIGTERM)
        return int(self.process.wait(timeout=timeout))

    def __enter__(self) -> ServeProcess:
        self.wait_ready()
        return self

    def __exit__(self, *_exc: object) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)
