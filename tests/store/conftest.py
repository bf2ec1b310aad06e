"""Every store test runs on SQLite and on PostgreSQL, each on a fresh, migrated database.

PostgreSQL is the server at ``STUD_TEST_POSTGRES_URL``; the code that makes and drops
its databases (skipped without it, failed under ``CI``) is shared by every test, in
tests/conftest.py.

SQLite: each test gets a copy of a database file migrated once. PostgreSQL: each test
module gets a database of its own (so parallel workers never meet), emptied before each
test.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

# tests/conftest.py, the conftest of every test (its module is "conftest").
from conftest import BACKENDS, drop_postgres_database, new_postgres_database
from studpoker.store import Account, Store
from studpoker.store.base import database_url
from studpoker.store.models import Base

__all__ = ["BACKENDS", "Clock", "drop_postgres_database", "new_postgres_database"]


class Clock:
    """The store's time, moved on by the tests."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


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
