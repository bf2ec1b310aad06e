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

from .conftest import BACKENDS, drop_postgres_database, new_postgres_database


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


def migrate_step_by_step(url: str) -> None:
    """Every migration of ``url``'s empty database run in turn, as on a database of an
    older program (Store.migrate builds a new one from the models at once)."""
    with Store(url) as store, store.engine.begin() as connection:
        command.upgrade(alembic_config(connection), "head")


def full_schema(store: Store) -> dict[str, object]:
    """Everything the database says of each table: its columns (in any order) with their
    types, nullability and defaults, the primary key, indexes, unique and check
    constraints, foreign keys."""
    inspector = inspect(store.engine)
    return {
        table: (
            sorted(  # by name: a migration adds its columns at the end
                (c["name"], str(c["type"]), c["nullable"], c.get("default"))
                for c in inspector.get_columns(table)
            ),
            inspector.get_pk_constraint(table),
            sorted(inspector.get_indexes(table), key=lambda i: str(i["name"])),
            sorted(inspector.get_unique_constraints(table), key=lambda u: str(u["name"])),
            sorted(inspector.get_check_constraints(table), key=lambda c: str(c["name"])),
            sorted(inspector.get_foreign_keys(table), key=lambda f: str(f["name"])),
        )
        for table in sorted(inspector.get_table_names())
    }


def test_the_migrations_build_exactly_the_models_schema(empty_url: str) -> None:
    migrate_step_by_step(empty_url)
    with Store(empty_url) as store, store.engine.connect() as connection:
        assert revision(store.engine) == head()
        differences = compare_metadata(
            MigrationContext.configure(connection, opts={"compare_type": True}), Base.metadata
        )
    assert differences == []


def test_a_new_database_gets_the_migrations_schema_at_once(empty_url: str, tmp_path: Path) -> None:
    """Store.migrate builds a new database from the models and stamps it (Alembic's
    "up to date database from scratch"): the very schema of the ten migrations run in
    turn, to every column default and constraint, and at the same revision."""
    if empty_url.startswith("sqlite"):
        other = f"sqlite:///{tmp_path / 'other.db'}"
    else:
        other = new_postgres_database()
    try:
        migrate_step_by_step(empty_url)
        with Store(other) as built:
            built.migrate()
            assert revision(built.engine) == head()
            with Store(empty_url) as migrated:
                expected = full_schema(migrated)
            if empty_url.startswith("sqlite"):
                # One difference, SQLite's own: migration 0003 could add the NOT NULL
                # column accounts.skeleton there only with a default, '' (the store
                # always writes it); the models, and PostgreSQL's migration, have none.
                columns, *rest = expected["accounts"]  # type: ignore[misc]
                with_default = ("skeleton", "VARCHAR(192)", False, "''")
                assert with_default in columns
                columns = [(*with_default[:3], None) if c == with_default else c for c in columns]
                expected["accounts"] = (columns, *rest)
            assert full_schema(built) == expected
    finally:
        if not empty_url.startswith("sqlite"):
            drop_postgres_database(other)


def test_migrating_again_changes_nothing(store: Store) -> None:
    carol = store.create_account("carol", None)
    store.deposit(carol.id, 70)
    before = schema(store)
    assert revision(store.engine) == head() == "0013"
    store.migrate()
    store.migrate()
    assert revision(store.engine) == "0013"
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
