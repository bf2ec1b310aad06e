"""Backups of the room's database, taken while the room runs, and their restore onto an
empty database (docs/store.md, "Backup and restore").

A backup is one file, of one of two kinds, told apart by its first bytes:

- of a SQLite database, a plain SQLite file: SQLite's online backup API copies the
  database as one read transaction sees it, so the room's writes during the copy are
  either all in it or not at all (never a torn copy);
- of a PostgreSQL database, a ``pg_dump`` archive in its custom format, dumped under a
  snapshot that the accounts and chips reported are read under too.

Either kind restores onto an empty database of its own backend only (a SQLite backup
onto a SQLite URL, a ``pg_dump`` archive onto a PostgreSQL one); the restored schema is
then migrated to the latest revision. A backup file holds password hashes: it is
written under a temporary name, readable by its owner only, and renamed into place
when it is whole.

>>> import tempfile, pathlib
>>> from studpoker.store import Store
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> room = f"sqlite:///{folder / 'room.db'}"
>>> with Store(room) as store:
...     store.migrate()
...     alice = store.create_account("alice", None)
...     _ = store.deposit(alice.id, 1000)
>>> copy = backup(room, folder / "room.bak")
>>> copy.kind, copy.accounts, copy.chips
(<BackupKind.SQLITE: 'sqlite'>, 1, 1000)
>>> restored = restore(folder / "room.bak", f"sqlite:///{folder / 'restored.db'}")
>>> restored.accounts, restored.chips
(1, 1000)
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Final

from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, create_engine, func, select, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from studpoker.store import migrate
from studpoker.store.audit import _total
from studpoker.store.base import database_url
from studpoker.store.errors import StoreError
from studpoker.store.migrate import _sqlite_file
from studpoker.store.models import AccountModel
from studpoker.store.store import Store

__all__ = [
    "CLIENT_PROGRAM_DIRS",
    "BackupContents",
    "BackupKind",
    "backup",
    "backup_kind",
    "restore",
    "shown_url",
]

SQLITE_MAGIC: Final = b"SQLite format 3\x00"
PG_DUMP_MAGIC: Final = b"PGDMP"

# Where Debian keeps each PostgreSQL version's client programs (scripts/postgres.sh
# finds the server's there too); the ones on PATH are looked at as well.
CLIENT_PROGRAM_DIRS: tuple[str, ...] = ("/usr/lib/postgresql/*/bin",)


class BackupKind(StrEnum):
    """What a backup file is: which backend it comes from and restores onto."""

    SQLITE = "sqlite"
    PG_DUMP = "pg_dump"


@dataclass(frozen=True, slots=True)
class BackupContents:
    """What a backup holds: its ``kind``, its schema's ``revision`` (as the backup was
    taken, before any migration of a restore), its number of ``accounts`` and the
    ``chips`` in the room (:meth:`~studpoker.store.Store.total_chips`)."""

    kind: BackupKind
    revision: str
    accounts: int
    chips: int


def backup(url: str | URL, path: str | os.PathLike[str]) -> BackupContents:
    """Copies the database at ``url`` to the file ``path`` while the room may go on
    writing to it; what the copy holds. A file already at ``path`` is replaced only
    once the copy is whole. Raises :class:`StoreError` (writing nothing) if the
    database holds no card room or cannot be copied."""
    source = database_url(url)
    target = Path(path)
    if source.get_backend_name() == "sqlite":
        return _backup_sqlite(source, target)
    return _backup_postgres(source, target)


def restore(path: str | os.PathLike[str], url: str | URL) -> BackupContents:
    """Puts the backup in file ``path`` onto the empty database at ``url`` and migrates
    it to the latest revision; what it holds. Raises :class:`StoreError`, changing
    nothing, if the file is no backup, or one of the other backend, or of a revision
    this program does not know, or if the database has any table."""
    source = Path(path)
    target = database_url(url)
    kind = backup_kind(source)
    backend = target.get_backend_name()
    if (kind is BackupKind.SQLITE) != (backend == "sqlite"):
        if kind is BackupKind.SQLITE:
            what, wanted = "SQLite", "a SQLite URL (sqlite:///FILE)"
        else:
            what, wanted = "pg_dump", "PostgreSQL"
        raise StoreError(
            f"{source} is a {what} backup: it restores onto {wanted}, not onto {shown_url(target)}"
        )
    if kind is BackupKind.SQLITE:
        revision = _restore_sqlite(source, target)
    else:
        revision = _restore_postgres(source, target)
    with Store(target.render_as_string(hide_password=False)) as store:
        store.migrate()
        with store.engine.connect() as connection:
            accounts, chips = _contents(connection)
    return BackupContents(kind, revision, accounts, chips)


def backup_kind(path: str | os.PathLike[str]) -> BackupKind:
    """Which kind of backup the file is, by its first bytes; :class:`StoreError` if it
    is none."""
    try:
        with open(path, "rb") as file:
            start = file.read(len(SQLITE_MAGIC))
    except OSError as error:
        raise StoreError(f"cannot read {path}: {error.strerror}") from error
    if start.startswith(SQLITE_MAGIC):
        return BackupKind.SQLITE
    if start.startswith(PG_DUMP_MAGIC):
        return BackupKind.PG_DUMP
    raise StoreError(
        f"{path} is not a backup of a card room: a backup is a SQLite file or a pg_dump "
        "archive (custom format), as stud admin backup writes them"
    )


# -- what a database holds ---------------------------------------------------------------


def shown_url(url: str | URL) -> str:
    """A database URL as an operator writes it, its password masked: what the commands
    print and the refusals say.

    >>> shown_url("postgresql+psycopg://stud:secret@db/room")
    'postgresql://stud:***@db/room'
    """
    parsed = database_url(url)
    return parsed.set(drivername=parsed.get_backend_name()).render_as_string(hide_password=True)


def _room_revision(connection: Connection, what: str) -> str:
    """The schema revision of a card room's database; refused if it holds no room."""
    heads = MigrationContext.configure(connection).get_current_heads()
    if len(heads) != 1:
        raise StoreError(f"{what} holds no card room (no schema revision): nothing to back up")
    return heads[0]


def _contents(connection: Connection) -> tuple[int, int]:
    """The accounts and the chips in the room, as ``connection``'s transaction sees them."""
    try:
        with Session(connection) as session:
            accounts = session.scalar(select(func.count()).select_from(AccountModel)) or 0
            return int(accounts), _total(session)
    except SQLAlchemyError as error:
        raise StoreError(f"cannot count the room's accounts and chips: {error}") from error


def _check_known(revision: str, path: Path) -> None:
    if revision not in migrate.known_revisions():
        raise StoreError(
            f"{path} holds a database at revision {revision}, which this program does not "
            f"know (it knows revisions up to {migrate.head()}): restore it with the version "
            "of studpoker that wrote it, or a newer one"
        )


# -- writing a backup file ---------------------------------------------------------------


@contextmanager
def _written_whole(path: Path) -> Iterator[Path]:
    """A new, empty file readable by its owner only, beside ``path``, to write the
    backup into; renamed to ``path`` when the block ends, removed if it raises."""
    folder = path.parent
    try:
        handle, name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".partial")
    except OSError as error:
        raise StoreError(f"cannot write a backup in {folder}: {error.strerror}") from error
    os.close(handle)
    partial = Path(name)
    try:
        yield partial
        os.chmod(partial, 0o600)
        with open(partial, "rb") as file:
            os.fsync(file.fileno())
        os.replace(partial, path)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise StoreError(f"cannot write {path}: {error.strerror}") from error
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    # The rename itself survives a crash once the folder is on disk.
    directory = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


# -- SQLite ------------------------------------------------------------------------------


def _sqlite_uri(path: str | Path, mode: str) -> str:
    """An SQLite URI: ``mode=rw`` and ``mode=ro`` never create the file."""
    return f"{Path(path).absolute().as_uri()}?mode={mode}"


def _sqlite_path(url: URL, doing: str) -> str:
    path = _sqlite_file(url)
    if path is None:
        raise StoreError(
            f"{shown_url(url)} is in memory, seen by its own process only: {doing} takes a "
            "database file (sqlite:///FILE) or PostgreSQL"
        )
    return path


def _backup_sqlite(url: URL, path: Path) -> BackupContents:
    database = _sqlite_path(url, "a backup")
    if not os.path.isfile(database):
        raise StoreError(f"there is no database at {shown_url(url)}: nothing to back up")
    with _written_whole(path) as partial:
        try:
            with (
                closing(sqlite3.connect(_sqlite_uri(database, "rw"), uri=True, timeout=30)) as room,
                closing(sqlite3.connect(partial)) as copy,
            ):
                # One step: the whole database as one read transaction sees it.  (In
                # steps, every write of the room between two would start the copy over.)
                room.backup(copy)
                # One file, with no write-ahead log beside it to lose.
                copy.execute("PRAGMA journal_mode = DELETE")
        except sqlite3.Error as error:
            raise StoreError(f"cannot copy {shown_url(url)}: {error}") from error
        engine = create_engine(f"sqlite:///{partial}", poolclass=NullPool)
        try:
            with engine.connect() as connection:
                revision = _room_revision(connection, shown_url(url))
                accounts, chips = _contents(connection)
        finally:
            engine.dispose()
    return BackupContents(BackupKind.SQLITE, revision, accounts, chips)


def _restore_sqlite(path: Path, url: URL) -> str:
    """Copies SQLite backup ``path`` into the empty file of ``url``; the backup's
    revision."""
    database = _sqlite_path(url, "a restore")
    try:
        with closing(sqlite3.connect(_sqlite_uri(path, "ro"), uri=True)) as backup_file:
            check = backup_file.execute("PRAGMA quick_check").fetchone()
            if check != ("ok",):
                raise StoreError(f"{path} is damaged: {check[0] if check else 'no answer'}")
            try:
                rows = backup_file.execute("SELECT version_num FROM alembic_version").fetchall()
            except sqlite3.OperationalError as error:
                raise StoreError(
                    f"{path} is a SQLite database but not a backup of a card room: {error}"
                ) from error
            if len(rows) != 1:
                raise StoreError(f"{path} is a SQLite database but holds no card room")
            revision = str(rows[0][0])
            _check_known(revision, path)
            _check_sqlite_empty(database, url)
            created = not os.path.exists(database)
            if created:  # the restored database holds password hashes too
                os.close(os.open(database, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            try:
                with closing(sqlite3.connect(database, timeout=30)) as room:
                    backup_file.backup(room)
            except BaseException:
                if created:
                    Path(database).unlink(missing_ok=True)
                raise
    except sqlite3.Error as error:
        raise StoreError(f"cannot restore {path} onto {shown_url(url)}: {error}") from error
    except OSError as error:
        raise StoreError(
            f"cannot restore {path} onto {shown_url(url)}: {error.strerror}"
        ) from error
    return revision


def _check_sqlite_empty(database: str, url: URL) -> None:
    if not os.path.exists(database):
        return
    with closing(sqlite3.connect(_sqlite_uri(database, "rw"), uri=True, timeout=30)) as room:
        tables = [
            name
            for (name,) in room.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
    if tables:
        raise _not_empty(url, tables)


def _not_empty(url: URL, tables: Sequence[str]) -> StoreError:
    named = ", ".join(tables[:3]) + (", …" if len(tables) > 3 else "")
    return StoreError(
        f"{shown_url(url)} is not empty (it has the tables {named}): a backup restores onto "
        "an empty database only"
    )


# -- PostgreSQL ---------------------------------------------------------------------------


def _backup_postgres(url: URL, path: Path) -> BackupContents:
    engine = create_engine(url, poolclass=NullPool)
    try:
        with (
            _reached(url),
            engine.connect().execution_options(
                isolation_level="REPEATABLE READ", postgresql_readonly=True
            ) as connection,
            connection.begin(),
        ):
            revision = _room_revision(connection, shown_url(url))
            # pg_dump reads under this transaction's snapshot, the counts below too:
            # what is reported is what is in the file.
            snapshot = str(connection.scalar(text("SELECT pg_export_snapshot()")))
            accounts, chips = _contents(connection)
            server = connection.dialect.server_version_info or (0,)
            pg_dump = _client_program("pg_dump", server=int(server[0]))
            with _written_whole(path) as partial:
                _run(
                    [
                        pg_dump.path,
                        "--format=custom",
                        "--no-owner",
                        f"--snapshot={snapshot}",
                        "--no-password",
                        f"--file={partial}",
                        f"--dbname={_libpq_url(url)}",
                    ],
                    url,
                )
    finally:
        engine.dispose()
    return BackupContents(BackupKind.PG_DUMP, revision, accounts, chips)


def _restore_postgres(path: Path, url: URL) -> str:
    """Restores ``pg_dump`` archive ``path`` onto the empty database of ``url``, in one
    transaction; the archive's revision."""
    pg_restore = _client_program("pg_restore")
    # The revision is read from the archive itself: nothing is written before it is known.
    listing = _run(
        [
            pg_restore.path,
            "--data-only",
            "--table=alembic_version",
            "--file=-",
            str(path.absolute()),
        ],
        None,
        reading=path,
    )
    revision = _archive_revision(listing, path)
    _check_known(revision, path)
    engine = create_engine(url, poolclass=NullPool)
    try:
        with _reached(url), engine.connect() as connection:
            tables = [
                f"{schema}.{table}" if schema != "public" else table
                for schema, table in connection.execute(
                    text(
                        "SELECT schemaname, tablename FROM pg_catalog.pg_tables "
                        "WHERE schemaname NOT IN ('pg_catalog', 'information_schema') "
                        "ORDER BY schemaname, tablename"
                    )
                )
            ]
    finally:
        engine.dispose()
    if tables:
        raise _not_empty(url, tables)
    _run(
        [
            pg_restore.path,
            "--no-owner",
            "--no-privileges",
            "--exit-on-error",
            "--single-transaction",
            "--no-password",
            f"--dbname={_libpq_url(url)}",
            str(path.absolute()),  # never read as an option
        ],
        url,
        reading=path,
    )
    return revision


def _archive_revision(listing: str, path: Path) -> str:
    """The revision in ``pg_restore``'s SQL of an archive's ``alembic_version`` rows."""
    found = re.search(
        r"^COPY (?:\S+\.)?alembic_version \(version_num\) FROM stdin;\n(.*?)^\\\.$",
        listing,
        re.MULTILINE | re.DOTALL,
    )
    rows = found.group(1).splitlines() if found else []
    if len(rows) != 1:
        raise StoreError(f"{path} is a pg_dump archive but not a backup of a card room")
    return rows[0]


@contextmanager
def _reached(url: URL) -> Iterator[None]:
    """A database that cannot be reached is a refusal that says so."""
    try:
        yield
    except SQLAlchemyError as error:
        cause = " ".join(str(getattr(error, "orig", None) or error).split())  # one line
        raise StoreError(f"cannot reach {shown_url(url)}: {cause}") from error


def _libpq_url(url: URL) -> str:
    """``url`` as PostgreSQL's own programs read it, without its password (which goes
    through the environment, never on a command line other users can read)."""
    # URL.set ignores a None: _replace is SQLAlchemy's documented way to clear a part.
    return url._replace(drivername="postgresql", password=None).render_as_string(
        hide_password=False
    )


@dataclass(frozen=True, slots=True)
class _ClientProgram:
    path: str
    version: tuple[int, ...]


def _client_program(name: str, *, server: int | None = None) -> _ClientProgram:
    """The newest ``pg_dump`` or ``pg_restore`` on PATH or in :data:`CLIENT_PROGRAM_DIRS`;
    with ``server`` (the server's major version), refused if older than it: pg_dump
    dumps servers of its own version or older only."""
    found = []
    on_path = shutil.which(name)
    candidates = [on_path] if on_path else []
    for pattern in CLIENT_PROGRAM_DIRS:
        candidates += sorted(glob.glob(os.path.join(pattern, name)))
    for candidate in candidates:
        version = _version(candidate)
        if version is not None:
            found.append(_ClientProgram(candidate, version))
    if not found:
        where = " or ".join(("PATH", *CLIENT_PROGRAM_DIRS))
        raise StoreError(
            f"{name} was not found (on {where}): install PostgreSQL's client programs "
            "(Debian: apt-get install postgresql-client)"
        )
    # The first found of the newest version: PATH before Debian's folders.
    newest = max(found, key=lambda program: program.version[0])
    if server is not None and newest.version[0] < server:
        shown = ".".join(map(str, newest.version))
        raise StoreError(
            f"the database's server is PostgreSQL {server} and the newest {name} found is "
            f"{shown} ({newest.path}), which cannot dump a newer server than itself: install "
            f"PostgreSQL {server}'s client programs (Debian: postgresql-client-{server})"
        )
    return newest


def _version(program: str) -> tuple[int, ...] | None:
    """A client program's version (``pg_dump (PostgreSQL) 15.18`` is (15, 18)); None if
    it does not run."""
    try:
        answer = subprocess.run(
            [program, "--version"],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            check=False,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r"\(PostgreSQL\) (\d+)(?:\.(\d+))?", answer.stdout)
    if answer.returncode != 0 or found is None:
        return None
    return tuple(int(part) for part in found.groups() if part is not None)


def _run(command: list[str], url: URL | None, *, reading: Path | None = None) -> str:
    """Runs a client program, ``url``'s password in its environment; its output.
    Refused with its last words if it fails."""
    environment = dict(os.environ)
    if url is not None and url.password is not None:
        environment["PGPASSWORD"] = str(url.password)
    program = Path(command[0]).name
    try:
        answer = subprocess.run(
            command,
            env=environment,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except OSError as error:
        raise StoreError(f"cannot run {command[0]}: {error.strerror}") from error
    if answer.returncode == 0:
        return answer.stdout
    said = " ".join(answer.stderr.split()) or f"exit status {answer.returncode}"
    if reading is not None and "unsupported version" in said:
        said += f" ({reading} was written by a newer pg_dump: install a newer PostgreSQL client)"
    where = f" on {shown_url(url)}" if url is not None else ""
    raise StoreError(f"{program} failed{where}: {said}")
