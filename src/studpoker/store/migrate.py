"""Migrations: Alembic, run from code. The scripts are package data in
``studpoker/store/migrations``; no ``alembic.ini`` is needed."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text

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
    is left as it is."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        command.upgrade(alembic_config(connection), "head")


def revision(engine: Engine) -> str | None:
    """The database's revision, or None for an empty database."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head() -> str | None:
    """The latest revision of the migrations."""
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    return ScriptDirectory.from_config(config).get_current_head()
