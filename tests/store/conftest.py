"""Every store test runs on SQLite and on PostgreSQL, each on a fresh, migrated database.

PostgreSQL is the server at ``STUD_TEST_POSTGRES_URL`` (``scripts/postgres.sh``
starts one and prints its URL; test.sh exports it). Without that variable the
PostgreSQL cases are skipped, unless ``CI`` is set: then they fail, so that a broken
setup in CI cannot pass as skipped tests.

SQLite: each test gets a copy of a database file migrated once. PostgreSQL: each test
module gets a database of its own (so parallel workers never meet), emptied before each
test.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from studpoker.store import Account, Store
from studpoker.store.base import database_url
from studpoker.store.models import Base

POSTGRES_URL = os.environ.get("STUD_TEST_POSTGRES_URL", "")
BACKENDS = ["sqlite", "postgresql"]


class Clock:
    """The store's time, moved on by the tests."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


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


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("store") / "template.db"
    with Store(f"sqlite:///{path}") as store:
        store.migrate()
    return path


@pytest.fixture(scope="module")
def postgres_database() -> Iterator[str]:
    url = new_postgres_database()
    with Store(url) as store:
        store.migrate()
    yield url
    drop_postgres_database(url)


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path, sqlite_template: Path) -> str:
    """The URL of a migrated database with no rows, on each backend."""
    if request.param == "sqlite":
        path = tmp_path / "room.db"
        shutil.copyfile(sqlite_template, path)
        return f"sqlite:///{path}"
    url: str = request.getfixturevalue("postgres_database")
    engine = create_engine(database_url(url))
    tables = ", ".join(f'"{table.name}"' for table in Base.metadata.sorted_tables)
    with engine.begin() as connection:
        connection.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    engine.dispose()
    return url


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(url: str, clock: Clock) -> Iterator[Store]:
    with Store(url, clock=clock) as store:
        yield store


@pytest.fixture
def alice(store: Store) -> Account:
    """An account with 1000 in it."""
    account = store.create_account("alice", "hash-a")
    store.deposit(account.id, 1000)
    return store.account(account.id) or account


@pytest.fixture
def bob(store: Store) -> Account:
    """An account with 500 in it."""
    account = store.create_account("bob", "hash-b")
    store.deposit(account.id, 500)
    return store.account(account.id) or account
