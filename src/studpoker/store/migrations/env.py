"""Alembic's environment for the store: runs the migrations on the connection that
:func:`studpoker.store.migrate.alembic_config` puts in the configuration."""

from __future__ import annotations

from alembic import context

from studpoker.store.models import Base


def run_migrations() -> None:
    if context.is_offline_mode():
        raise RuntimeError("the store's migrations run on a connection, not as SQL text")
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError(
            "run the store's migrations with studpoker.store.migrate.alembic_config(connection)"
        )
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        # SQLite alters a table by copying it: Alembic's batch mode does that.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


try:
    context.is_offline_mode()
except NameError:  # imported, not run by Alembic (pytest --doctest-modules imports it)
    pass
else:
    run_migrations()
