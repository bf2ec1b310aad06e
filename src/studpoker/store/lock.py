"""One room a database: the lock a serving room holds on its database for as long as it
runs, so that a second room started on the same database by mistake refuses to start
instead of restoring — and so paying out — the tables of the room that runs.

On an SQLite file the lock is ``flock`` on ``<file>.lock`` beside it (SQLite's own locks
are per transaction, not per program); on PostgreSQL it is a session advisory lock held
by a connection of its own.  A room that shares its database with other processes
through Redis (docs/scaling.md) takes the lock *shared*, and a room alone takes it
*exclusive*: any number of the first kind run together, the second kind runs alone.
The lock goes with the process: a room killed with ``kill -9`` leaves none behind.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> url = f"sqlite:///{folder / 'room.db'}"
>>> first = RoomLock.take(url, holder="room 1")
>>> try:
...     RoomLock.take(url, holder="room 2")
... except RoomLocked as error:
...     print(str(error).partition(":")[0])
another room runs on this database (room 1)
>>> first.release()
>>> RoomLock.take(url, holder="room 2").release()
"""

from __future__ import annotations

import os
import sys
from typing import IO

from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, Connection
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import NullPool

from studpoker.store.base import database_url
from studpoker.store.errors import StoreError
from studpoker.store.migrate import _sqlite_file

if sys.platform != "win32":
    import fcntl

__all__ = ["ROOM_LOCK", "RoomLock", "RoomLocked", "holder_name", "room_running"]

# Any fixed number (beside store/migrate.py's): the PostgreSQL advisory lock of a room.
ROOM_LOCK = 0x57D_0002
_APPLICATION = "stud serve"


class RoomLocked(StoreError):
    """Another room holds the database."""


class RoomLock:
    """The lock of one room on its database (:meth:`take` it, :meth:`release` it)."""

    def __init__(self, file: IO[str] | None = None, connection: Connection | None = None) -> None:
        self._file = file
        self._connection = connection

    @classmethod
    def take(cls, url: str | URL, *, shared: bool = False, holder: str = "") -> RoomLock:
        """The room's lock on the database of ``url`` (``shared`` with other processes of
        one room), or :class:`RoomLocked` at once, saying who holds it."""
        parsed = database_url(url)
        if parsed.get_backend_name() == "postgresql":
            return cls(connection=_advisory(parsed, shared, holder))
        path = _sqlite_file(parsed)
        if path is None or sys.platform == "win32":  # in memory: this process's alone
            return cls()
        return cls(file=_flock(path, shared, holder))

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # the flock goes with it
            self._file = None
        if self._connection is not None:
            engine = self._connection.engine
            try:
                self._connection.close()  # the session's advisory lock goes with it
            finally:
                engine.dispose()
            self._connection = None

    def __enter__(self) -> RoomLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def room_running(url: str | URL) -> bool:
    """Whether a room holds the database of ``url`` now (``stud admin`` asks before an
    operation only a running room can carry out)."""
    try:
        RoomLock.take(url, holder="stud admin").release()
    except RoomLocked:
        return True
    return False


def _refusal(holder: str) -> RoomLocked:
    held = f" ({holder})" if holder else ""
    return RoomLocked(
        f"another room runs on this database{held}: one room a database — stop it first, "
        "or run every process of one room with --redis on PostgreSQL"
    )


def _flock(path: str, shared: bool, holder: str) -> IO[str]:
    lock = open(f"{path}.lock", "a+", encoding="utf-8")  # noqa: SIM115 (held until release)
    try:
        fcntl.flock(lock, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.seek(0)
        said = lock.read().strip()
        lock.close()
        raise _refusal(said) from None
    except BaseException:
        lock.close()
        raise
    if not shared:  # who holds it, for the next one's refusal
        lock.seek(0)
        lock.truncate()
        lock.write(holder)
        lock.flush()
    return lock


def _advisory(url: URL, shared: bool, holder: str) -> Connection:
    # A connection of its own, never returned to a pool: the lock lives as long as it.
    engine = create_engine(
        url,
        poolclass=NullPool,
        connect_args={"application_name": f"{_APPLICATION}: {holder}"[:63]},
    )
    try:
        connection = engine.connect()
    except SQLAlchemyError as error:
        engine.dispose()
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise StoreError(reason) from None
    except BaseException:
        engine.dispose()
        raise
    try:
        function = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
        got = connection.execute(text(f"SELECT {function}(:key)"), {"key": ROOM_LOCK}).scalar()
        connection.commit()
        if not got:
            raise _refusal(_pg_holder(connection))
    except BaseException:
        connection.close()
        engine.dispose()
        raise
    return connection


def _pg_holder(connection: Connection) -> str:
    """Who holds the room's advisory lock on this database: the application name its
    room gave.  An advisory lock belongs to one database, but ``pg_locks`` lists the
    whole server's: the rooms of the server's other databases are not named."""
    rows = connection.execute(
        text(
            "SELECT a.application_name, a.client_addr FROM pg_locks l "
            "JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted AND l.objid = :low "
            "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
        ),
        {"low": ROOM_LOCK & 0xFFFFFFFF},
    ).all()
    names = sorted({str(name).removeprefix(f"{_APPLICATION}: ") for name, _ in rows if name})
    return ", ".join(names)


def holder_name(where: str) -> str:
    """How a room names itself in its lock: its process and where it serves."""
    return f"pid {os.getpid()} on {os.uname().nodename}, {where}"
