"""What every part of :class:`~studpoker.store.Store` shares: the URL, the engine, one
transaction per operation and the clock."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from datetime import UTC, datetime, timedelta
from typing import Any, Self

from sqlalchemy import Engine, create_engine, event, select
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from studpoker.store.checks import whole
from studpoker.store.errors import StoreError
from studpoker.store.models import AccountModel


def database_url(url: str | URL) -> URL:
    """The URL SQLAlchemy connects to: ``postgresql://`` (and ``postgres://``) go
    through psycopg 3.

    >>> database_url("postgresql://stud@localhost/room").drivername
    'postgresql+psycopg'
    >>> database_url("sqlite:///room.db").database
    'room.db'
    """
    try:
        parsed = make_url(url)
    except ArgumentError as error:
        raise StoreError(f"not a database URL: {url!r}") from error
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise StoreError(f"the store runs on SQLite or PostgreSQL, not {parsed.drivername}")
    return parsed


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _in_memory(url: URL) -> bool:
    return url.database in (None, "", ":memory:")


def _create_engine(url: URL) -> Engine:
    if url.get_backend_name() == "postgresql":
        return create_engine(url, pool_pre_ping=True)
    memory = _in_memory(url)
    engine = create_engine(
        url,
        # The server calls the store from worker threads (asyncio.to_thread).
        connect_args={"check_same_thread": False, "timeout": 30},
        # An in-memory database lives as long as its one connection.
        poolclass=StaticPool if memory else None,
    )

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        # The driver's own transaction handling off, so that "begin" below decides.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        if not memory:
            cursor.execute("PRAGMA journal_mode = WAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        # Take the write lock at the start: a transaction that read first and wrote
        # later could otherwise fail at once with "database is locked".
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


SEED_EPOCH = timedelta(hours=24)  # the default length of a seed epoch (issue 38)


class StoreBase:
    """The engine and the transactions; the parts of the store build on it."""

    def __init__(self, url: str, *, clock: Callable[[], datetime] | None = None) -> None:
        self.url = database_url(url)
        self.engine = _create_engine(self.url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False, autoflush=False)
        self._clock = clock or _utc_now
        memory = self.url.get_backend_name() == "sqlite" and _in_memory(self.url)
        self.in_memory = memory
        """Whether the database lives in this process's memory (no other process sees it)."""
        # One in-memory connection cannot serve two threads at once.
        self._lock: threading.RLock | None = threading.RLock() if memory else None
        self.epoch = SEED_EPOCH
        """The longest a table's seed epoch lasts (store/deals.py; the room's setting)."""
        # Each table's open seed epoch as this store last kept a deal in it, by the
        # table's fencing token then (store/deals.py: keep_deal).
        self.open_epochs: dict[tuple[str, int | None], datetime] = {}

    @contextmanager
    def _transaction(self, *, snapshot: bool = False) -> Iterator[Session]:
        """One transaction: committed when the block ends, rolled back if it raises.
        With ``snapshot``, every query in it sees the database at one moment (on
        PostgreSQL, whose default lets each statement see what committed before it;
        SQLite's transactions here always do)."""
        with self._lock or nullcontext(), self._sessions.begin() as session:
            if snapshot and self.url.get_backend_name() == "postgresql":
                session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            yield session

    def _now(self) -> datetime:
        now = self._clock()
        if now.tzinfo is None:
            raise StoreError(f"the store's clock must give aware datetimes, not {now}")
        return now.astimezone(UTC)

    def _account_row(
        self, session: Session, account_id: int, *, lock: bool = False
    ) -> AccountModel:
        statement = select(AccountModel).where(
            AccountModel.id == whole(account_id, "an account id")
        )
        if lock:
            statement = statement.with_for_update()
        account = session.scalars(statement).one_or_none()
        if account is None:
            raise StoreError(f"no account {account_id}")
        return account

    def close(self) -> None:
        """Closes every connection; the store cannot be used after."""
        self.engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self.url.render_as_string(hide_password=True)!r})"
