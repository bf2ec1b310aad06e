"""Migrations: they build exactly the models' schema, running them again changes
nothing, and servers starting together migrate once."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from studpoker.store import Store, StoreError
from studpoker.store.base import database_url
from studpoker.store.migrate import alembic_config, head, revision
from studpoker.store.models import Base

from .conftest import BACKENDS


@pytest.fixture(params=BACKENDS)
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database with no tables at all, on each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.db'}"
    else:
        yield request.getfixturevalue("fresh_postgres")


def schema(store: Store) -> dict[str, object]:
    inspector = inspect(store.engine)
    return {
        table: (
            [(c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns(table)],
            inspector.get_indexes(table),
            inspector.get_foreign_keys(table),
        )
        for table in sorted(inspector.get_table_names())
    }


def test_the_migrations_build_exactly_the_models_schema(store: Store) -> None:
    with store.engine.connect() as connection:
        differences = compare_metadata(
            MigrationContext.configure(connection, opts={"compare_type": True}), Base.metadata
        )
    assert differences == []


def test_migrating_again_changes_nothing(store: Store) -> None:
    carol = store.create_account("carol", None)
    store.deposit(carol.id, 70)
    before = schema(store)
    assert revision(store.engine) == head() == "0010"
    store.migrate()
    store.migrate()
    assert revision(store.engine) == "0010"
    assert schema(store) == before
    assert store.account("carol") == store.account(carol.id)
    assert store.total_chips() == 70


def test_an_empty_database_is_migrated_and_can_go_back(empty_url: str) -> None:
    with Store(empty_url) as store:
        assert revision(store.engine) is None
        store.migrate()
        assert revision(store.engine) == head()
        assert set(Base.metadata.tables) <= set(inspect(store.engine).get_table_names())
        with store.engine.begin() as connection:
            command.downgrade(alembic_config(connection), "base")
        assert inspect(store.engine).get_table_names() == ["alembic_version"]
        store.migrate()
        assert store.create_account("alice", None).id == 1


def test_servers_starting_together_migrate_once(empty_url: str) -> None:
    """Three servers migrate one new database at once.  On SQLite, without the lock
    file migrate.py takes, about one start in twenty failed with "database is locked"
    (a new connection turning the file to WAL): five new files are migrated there."""
    urls = [empty_url]
    if empty_url.startswith("sqlite"):
        urls = [empty_url.replace("empty.db", f"empty{n}.db") for n in range(5)]
    for url in urls:
        stores = [Store(url) for _ in range(3)]
        start = threading.Barrier(len(stores))
        errors: list[BaseException] = []

        def migrate(store: Store, start: threading.Barrier, errors: list[BaseException]) -> None:
            start.wait()
            try:
                store.migrate()
            except BaseException as error:
                errors.append(error)

        threads = [threading.Thread(target=migrate, args=(s, start, errors)) for s in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert revision(stores[0].engine) == head()
        for store in stores:
            store.close()


def test_urls_name_sqlite_or_postgresql_through_psycopg() -> None:
    assert database_url("postgresql://stud:pw@db:5432/room").drivername == "postgresql+psycopg"
    assert database_url("postgres://stud@db/room").drivername == "postgresql+psycopg"
    assert database_url("postgresql+psycopg://stud@db/room").drivername == "postgresql+psycopg"
    assert database_url("sqlite:///room.db").drivername == "sqlite"
    with pytest.raises(StoreError, match="the store runs on SQLite or PostgreSQL, not mysql"):
        Store("mysql://stud@db/room")
    with pytest.raises(StoreError, match=r"not a database URL: 'room\.db'"):
        Store("room.db")
    assert repr(Store("postgresql://stud:secret@db/room")) == (
        "Store('postgresql+psycopg://stud:***@db/room')"
    )


def test_an_in_memory_store_is_one_database_for_every_thread() -> None:
    with Store("sqlite://") as store:
        store.migrate()
        alice = store.create_account("alice", None)
        balances: list[int] = []
        threads = [
            threading.Thread(target=lambda: balances.append(store.deposit(alice.id, 10)))
            for _ in range(8)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(balances) == list(range(10, 90, 10))
        assert store.audit() == []
