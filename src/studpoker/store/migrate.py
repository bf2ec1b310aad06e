"""Migrations: Alembic, run from code. The scripts are package data in
``studpoker/store/migrations``; no ``alembic.ini`` is needed."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from urllib.parse import parse_qs, urlsplit

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, text
from sqlalchemy.engine import URL

from studpoker.store.errors import StoreError
from studpoker.store.models import Base

if sys.platform != "win32":
    import fcntl

SCRIPT_LOCATION = "studpoker.store:migrations"

# Any fixed number: the PostgreSQL advisory lock that lets one server process at a
# time migrate, so that several starting at once against one database cannot race.
_MIGRATION_LOCK = 0x57D_0001


def alembic_config(connection: Connection) -> Config:
    """An Alembic configuration whose commands run on ``connection``.

    New migrations are made with it against a database at the latest revision, e.g.
    ``command.revision(alembic_config(connection), "what changed", autogenerate=True)``.
    """
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    config.set_main_option("file_template", "v%%(rev)s_%%(slug)s")
    config.attributes["connection"] = connection
    return config


def upgrade(engine: Engine) -> None:
    """Brings the database's schema to the latest revision; a database already there
    is left as it is; a database of a newer program (a revision this one does not know)
    is refused, changing nothing (:class:`NewerDatabase`).

    A new database (no tables at all) gets the models' schema at once, stamped with
    the latest revision, as Alembic's cookbook builds "an up to date database from
    scratch": 0.02 s of CPU instead of the ten migrations' 0.09 s, which every room
    started on a new database paid, and every test's room.
    ``tests/store/test_migrations.py`` holds the two schemas equal, on both backends."""
    with _sqlite_file_lock(engine.url), engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        context = MigrationContext.configure(connection)
        at = context.get_current_revision()
        refuse_newer(at)
        if at is None and not inspect(connection).get_table_names():
            Base.metadata.create_all(connection)
            context.stamp(_scripts(), "head")
        elif at != head():
            command.upgrade(alembic_config(connection), "head")


class NewerDatabase(StoreError):
    """The database is at a revision this program does not know: a newer program's."""


@cache
def _scripts() -> ScriptDirectory:
    """The migrations' scripts, read once a process: they are the package's data."""
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    return ScriptDirectory.from_config(config)


def known_revisions() -> set[str]:
    """Every revision this program's migrations know."""
    return {script.revision for script in _scripts().walk_revisions()}


def refuse_newer(at: str | None) -> None:
    """A :class:`NewerDatabase` when revision ``at`` is not one of this program's."""
    if at is not None and at not in known_revisions():
        raise NewerDatabase(
            f"the database is at revision {at}, which this program does not know (its "
            f"newest is {head()}): it was upgraded by a newer studpoker — run that one, or "
            "restore a backup this program made"
        )


@contextmanager
def _sqlite_file_lock(url: URL) -> Iterator[None]:
    """Held while one process (or thread) migrates a SQLite file, as the advisory lock
    is on PostgreSQL.  SQLite's own locks are not enough: a new connection turns the
    file to WAL (base.py), and that fails at once with "database is locked", without
    waiting, while another connection migrates.  The lock is ``<file>.migrate.lock``
    beside the database; an in-memory database needs none."""
    path = _sqlite_file(url)
    if path is None or sys.platform == "win32":
        yield
        return
    with open(f"{path}.migrate.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        yield


def _sqlite_file(url: URL) -> str | None:
    """The file of a SQLite URL; None for PostgreSQL and in-memory databases."""
    database = url.database
    if url.get_backend_name() != "sqlite" or database in (None, "", ":memory:"):
        return None
    if url.query.get("uri") in ("true", "1") and database.startswith("file:"):
        parts = urlsplit(database)
        if "memory" in parse_qs(parts.query).get("mode", []) or parts.path in ("", ":memory:"):
            return None
        return parts.path
    return database


def revision(engine: Engine) -> str | None:
    """The database's revision, or None for an empty database."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head() -> str | None:
    """The latest revision of the migrations."""
    return _scripts().get_current_head()


def check_database(url: str) -> None:
    """Whether a room may start on the database of ``url``: it answers, and is not a
    newer program's (:class:`NewerDatabase`); a StoreError saying what is wrong, else
    nothing — before the room reads or restores anything of it."""
    from sqlalchemy import create_engine
    from sqlalchemy.exc import SQLAlchemyError
    from sqlalchemy.pool import NullPool

    from studpoker.store.base import database_url

    engine = create_engine(database_url(url), poolclass=NullPool)
    try:
        with engine.connect() as connection:
            at = MigrationContext.configure(connection).get_current_revision()
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise StoreError(f"the database does not answer: {reason}") from None
    finally:
        engine.dispose()
    refuse_newer(at)
