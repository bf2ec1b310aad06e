"""Backups (store/backup.py), on SQLite and on PostgreSQL: taken while the room goes on
writing, they are the room at one moment, and restored onto an empty database every
balance, holding, rollover and entry is back and the audit is clean.  A restore refuses,
changing nothing, a database with tables, a file that is no backup, a backup of the
other backend and one of a revision this program does not know."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import stat
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import inspect, text

from studpoker.room import Room
from studpoker.store import Account, HandPlayer, HandRow, Store, StoreError
from studpoker.store import backup as backups
from studpoker.store.backup import BackupKind, backup, restore
from studpoker.store.migrate import alembic_config, head, revision
from studpoker.store.names import skeleton

from .conftest import Clock, drop_postgres_database, new_postgres_database

START = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
RAZZ_LEVELS: dict[str, Any] = {
    "name": "fast", "game": "razz", "starting_chips": 200, "level_hands": 2,
    "levels": [{"ante": 2, "bring_in": 3, "small_bet": 10, "big_bet": 20}],
}  # fmt: skip


@pytest.fixture
def empty(url: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A database with no table at all, on the backend of ``url``."""
    if url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'restored.db'}"
    fresh: str = request.getfixturevalue("fresh_postgres")
    return fresh


@pytest.fixture
def alone(url: str) -> Iterator[str]:
    """A migrated database with no rows, this test's alone: its schema may be changed
    (PostgreSQL's of ``url`` is the module's)."""
    if url.startswith("sqlite"):
        yield url
        return
    own = new_postgres_database()
    try:
        with Store(own) as store:
            store.migrate()
        yield own
    finally:
        drop_postgres_database(own)


@pytest.fixture
def postgres(fresh_postgres: str) -> str:
    """A PostgreSQL room of one account (for what only PostgreSQL has: its client
    programs)."""
    with Store(fresh_postgres) as store:
        store.migrate()
        store.deposit(store.create_account("alice", "hash-a").id, 1000)
    return fresh_postgres


def a_room(store: Store, alice: Account, bob: Account) -> int:
    """alice and bob at chips table stud-1, where a hand left a rollover of 30; alice
    logged in and entered in a tournament (its id): alice 290 + 470 at the table, bob
    100 + 500, the tournament 100 + 10 in fees, 1500 in all."""
    store.buy_in(alice.id, "stud-1", 600)
    store.buy_in(bob.id, "stud-1", 400)
    store.record_hand(
        HandRow(
            "stud-1",
            1,
            "seven_card_stud",
            "chips",
            START,
            START,
            'variant = "7S"\nhand = 1\n',
            json.dumps([{"event": "ante", "seat": 0, "amount": 5}]),
            230,
            [HandPlayer(0, "alice", -130, alice.id), HandPlayer(1, "bob", 100, bob.id)],
            rollover=30,
        )
    )
    tid = store.create_tournament(
        "Sunday Razz", "razz", "scheduled", buy_in=100, fee=10, settings=json.dumps({})
    )
    store.enter_tournament(tid, alice.id, "alice")
    store.create_session(alice.id)
    return tid


def everything(store: Store, tid: int, *accounts: Account) -> dict[str, Any]:
    return {
        "accounts": [store.account(a.id) for a in accounts],
        "ledgers": [store.ledger(a.id) for a in accounts],
        "holdings": store.holdings(),
        "rollover": store.rollover("stud-1"),
        "tournament": store.tournament(tid),
        "entries": store.tournament_entries(tid),
        "hand": store.hand("stud-1", 1),
        "total": store.total_chips(),
    }


class Writer(threading.Thread):
    """Another process of the room, writing all the time: 7 deposited into an account,
    then 3 of it bought in at table stud-2, and so on, one transaction each."""

    DEPOSIT, BUY_IN = 7, 3

    def __init__(self, url: str, account_id: int) -> None:
        super().__init__(name="writer", daemon=True)
        self.url, self.account_id = url, account_id
        self.done = 0
        self.error: BaseException | None = None
        self._moved = threading.Condition()
        self._stopping = threading.Event()

    def run(self) -> None:
        try:
            with Store(self.url) as store:
                while not self._stopping.is_set():
                    if self.done % 2 == 0:
                        store.deposit(self.account_id, self.DEPOSIT)
                    else:
                        store.buy_in(self.account_id, "stud-2", self.BUY_IN)
                    with self._moved:
                        self.done += 1
                        self._moved.notify_all()
        except BaseException as error:
            self.error = error
            with self._moved:
                self._moved.notify_all()

    def wait_for(self, done: int) -> None:
        with self._moved:
            assert self._moved.wait_for(lambda: self.done >= done or self.error, timeout=60)
        assert self.error is None, self.error

    def finish(self) -> None:
        self._stopping.set()
        self.join(60)
        assert self.error is None, self.error


@pytest.fixture
def writer(url: str, store: Store) -> Iterator[tuple[Writer, Account]]:
    dora = store.create_account("dora", "hash-d")
    store.deposit(dora.id, 1000)
    writer = Writer(url, dora.id)
    yield writer, dora
    if writer.is_alive():
        writer.finish()


def test_a_backup_taken_while_the_room_writes_is_the_room_at_one_moment(
    url: str,
    store: Store,
    alice: Account,
    bob: Account,
    writer: tuple[Writer, Account],
    empty: str,
    tmp_path: Path,
) -> None:
    tid = a_room(store, alice, bob)
    # A practice hand with a long record: megabytes to copy, so that the copy takes
    # long enough for the writer to write while it is made.
    store.record_hand(
        HandRow(
            "practice-1",
            1,
            "razz",
            "practice",
            START,
            START,
            "x" * 8_000_000,
            "[]",
            0,
            [HandPlayer(0, "alice", 0, alice.id), HandPlayer(1, "bob", 0, bob.id)],
        )
    )
    thread, dora = writer
    rows_before = len(store.ledger(dora.id))
    thread.start()
    thread.wait_for(5)
    done_before = thread.done
    written = backup(url, tmp_path / "room.bak")
    done_after = thread.done
    thread.wait_for(done_after + 5)  # it goes on writing after the backup too
    thread.finish()

    restored = restore(tmp_path / "room.bak", empty)
    with Store(empty) as copy:
        rows = copy.ledger(dora.id)
        moves = len(rows) - rows_before
        # Every write that had ended when the backup began is in the copy; none that
        # began after it ended (the one that ended as it did may be).
        assert done_before <= moves <= done_after + 1
        # What the room was at that moment: a beginning of its ledger, to the row.
        assert rows == store.ledger(dora.id)[: len(rows)]
        deposits, buy_ins = (moves + 1) // 2, moves // 2
        balance = 1000 + Writer.DEPOSIT * deposits - Writer.BUY_IN * buy_ins
        assert copy.account(dora.id) == replace(store.account(dora.id), balance=balance)
        assert copy.holdings() == store.holdings() | {("stud-2", dora.id): Writer.BUY_IN * buy_ins}
        assert everything(copy, tid, alice, bob) == everything(store, tid, alice, bob) | {
            "holdings": copy.holdings(),
            "total": 1500 + 1000 + Writer.DEPOSIT * deposits,
        }
        assert copy.audit() == []
        assert copy.total_chips() == written.chips == restored.chips
        assert revision(copy.engine) == head()
    kind = BackupKind.SQLITE if url.startswith("sqlite") else BackupKind.PG_DUMP
    assert (written.kind, written.accounts, written.revision) == (kind, 3, head())
    assert restored == written
    assert store.audit() == []


def test_a_restored_room_goes_on_where_the_original_was(
    url: str,
    store: Store,
    clock: Clock,
    alice: Account,
    bob: Account,
    empty: str,
    tmp_path: Path,
) -> None:
    tid = a_room(store, alice, bob)
    token = store.create_session(bob.id)
    before = everything(store, tid, alice, bob)
    backup(url, tmp_path / "room.bak")
    restore(tmp_path / "room.bak", empty)
    with Store(empty, clock=clock) as copy:
        assert everything(copy, tid, alice, bob) == before
        assert copy.account("alice").password_hash == "hash-a"  # type: ignore[union-attr]
        assert copy.session_account(token) == store.account(bob.id)  # logged in still
        # New rows go on from the restored ones (PostgreSQL's sequences came too).
        assert copy.create_account("carol", None).id == 3
        assert copy.audit() == []


def test_a_room_started_on_a_restored_backup_of_a_running_room_plays_on(
    url: str, empty: str, tmp_path: Path
) -> None:
    """The real path: a room runs, with a chips table where ann sits and a tournament
    she entered; it is backed up as it runs and restored; a room started on the copy
    opens the table with ann in her seat and her chips there, takes up the tournament,
    and its books are the original's."""
    backup_file = tmp_path / "room.bak"

    async def run_the_room() -> tuple[int, dict[tuple[str, int], int], int, int]:
        room = Room(Store(url), seed=3, pause=0, clock=30, default_tables=False)
        await room.start()
        try:
            ann, _ = await room.register("ann", "password1")
            bo, _ = await room.register("bo", "password1")
            room.store.deposit(ann.id, 5000)
            room.store.deposit(bo.id, 5000)
            await room.create_table("razz", "chips", table_id="blue")
            await room.sit(ann, "blue", seat=0, buy_in=None)
            tid = await room.create_tournament(
                game="razz", seats=6, buy_in=100, fee=10, structure=RAZZ_LEVELS
            )
            await room.register_tournament(ann, tid)
            await room._journal.flushed()  # ann's seat written, as a running room soon does
            written = await asyncio.to_thread(backup, url, backup_file)
            return tid, room.store.holdings(), room.store.total_chips(), written.chips
        finally:
            await room.stop()

    tid, holdings, total, written = asyncio.run(run_the_room())
    assert written == total == 10_000
    restore(backup_file, empty)

    async def start_the_copy() -> None:
        room = Room(Store(empty), seed=3, pause=0, clock=30, default_tables=False)
        await room.start()
        try:
            assert "blue" in room.tables
            assert room.store.holdings() == holdings  # ann still seated: nothing paid back
            entry = room.store.tournament(tid)
            assert entry is not None
            assert (entry.state, entry.entries) == ("registering", 1)
            carol, _ = await room.register("carol", "password1")
            assert carol.id == 3
            assert room.store.audit() == []
        finally:
            await room.stop()

    asyncio.run(start_the_copy())
    with Store(empty) as copy:
        assert copy.audit() == []
        assert copy.total_chips() == 10_000


def test_a_restore_onto_a_database_with_tables_is_refused_and_changes_nothing(
    url: str, store: Store, alice: Account, bob: Account, empty: str, tmp_path: Path
) -> None:
    a_room(store, alice, bob)
    backup(url, tmp_path / "room.bak")
    with Store(empty) as other:
        other.migrate()  # tables, if no rows: not empty either
        with pytest.raises(StoreError, match=r"is not empty \(it has the tables accounts, .*"):
            restore(tmp_path / "room.bak", empty)
        assert other.account("alice") is None
        erin = other.create_account("erin", None)
        other.deposit(erin.id, 70)
        with pytest.raises(
            StoreError,
            match=r"is not empty \(it has the tables .*\): a backup restores onto an empty "
            "database only$",
        ):
            restore(tmp_path / "room.bak", empty)
        assert [other.account(name) for name in ("erin", "alice")] == [
            replace(erin, balance=70),
            None,
        ]
        assert other.total_chips() == 70
        assert other.audit() == []


def tables(url: str) -> list[str]:
    """The tables of the database at ``url``; [] for a SQLite file not there."""
    if url.startswith("sqlite") and not Path(url.removeprefix("sqlite:///")).exists():
        return []
    with Store(url) as store:
        return sorted(inspect(store.engine).get_table_names())


def test_a_file_that_is_no_backup_is_refused(url: str, empty: str, tmp_path: Path) -> None:
    garbage = tmp_path / "notes.txt"
    garbage.write_text("alice owes bob 20\n")
    with pytest.raises(
        StoreError,
        match=f"^{garbage} is not a backup of a card room: a backup is a SQLite file or a "
        r"pg_dump archive \(custom format\), as stud admin backup writes them$",
    ):
        restore(garbage, empty)
    with pytest.raises(StoreError, match=f"^cannot read {tmp_path / 'none.bak'}: No such file"):
        restore(tmp_path / "none.bak", empty)
    assert tables(empty) == []
    assert not (tmp_path / "restored.db").exists()


def test_a_sqlite_file_that_holds_no_room_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with Store(f"sqlite:///{other}") as store, store.engine.begin() as connection:
        connection.execute(text("CREATE TABLE notes (line TEXT)"))
    target = tmp_path / "restored.db"
    with pytest.raises(
        StoreError, match=f"^{other} is a SQLite database but not a backup of a card room: "
    ):
        restore(other, f"sqlite:///{target}")
    assert not target.exists()


def test_a_backup_of_a_newer_revision_is_refused_by_this_program(
    alone: str, empty: str, tmp_path: Path
) -> None:
    with Store(alone) as store:
        store.deposit(store.create_account("alice", None).id, 1000)
        with store.engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    written = backup(alone, tmp_path / "room.bak")  # a newer program may restore it
    assert (written.revision, written.accounts, written.chips) == ("9999", 1, 1000)
    with pytest.raises(
        StoreError,
        match=f"^{tmp_path / 'room.bak'} holds a database at revision 9999, which this "
        f"program does not know \\(it knows revisions up to {head()}\\): restore it with "
        "the version of studpoker that wrote it, or a newer one$",
    ):
        restore(tmp_path / "room.bak", empty)
    assert tables(empty) == []


def test_an_older_backup_is_brought_to_the_latest_revision(
    url: str, empty: str, tmp_path: Path
) -> None:
    """A room last run by an older program (revision 0008, issue 18's study tables),
    its rows written in that revision's schema."""
    older = empty.replace("restored", "older")
    if not older.startswith("sqlite"):
        older = new_postgres_database()
    try:
        with Store(older) as store:
            with store.engine.begin() as connection:
                command.upgrade(alembic_config(connection), "0008")
                connection.execute(
                    text(
                        "INSERT INTO accounts (id, name, name_key, skeleton, password_hash, "
                        "bot, guest, balance, created_at) VALUES (1, 'alice', 'alice', "
                        ":skeleton, 'hash-a', false, false, 0, :now)"
                    ),
                    {"skeleton": skeleton("alice"), "now": START},
                )
            assert revision(store.engine) == "0008"
        written = backup(older, tmp_path / "room.bak")
    finally:
        if not older.startswith("sqlite"):
            drop_postgres_database(older)
    assert (written.revision, written.accounts, written.chips) == ("0008", 1, 0)
    restored = restore(tmp_path / "room.bak", empty)
    assert restored.revision == "0008"
    with Store(empty) as copy:
        assert revision(copy.engine) == head()
        alice = copy.account("alice")
        assert alice is not None
        assert (alice.id, alice.password_hash, alice.balance) == (1, "hash-a", 0)
        assert copy.audit() == []


def test_a_backup_restores_onto_its_own_backend_only(
    url: str, store: Store, alice: Account, tmp_path: Path
) -> None:
    backup(url, tmp_path / "room.bak")
    if url.startswith("sqlite"):
        other = "postgresql://stud@db.example/room"
        refusal = (
            r"is a SQLite backup: it restores onto a SQLite URL \(sqlite:///FILE\), not "
            f"onto {other}$"
        )
    else:
        other = f"sqlite:///{tmp_path / 'restored.db'}"
        refusal = f"is a pg_dump backup: it restores onto PostgreSQL, not onto {other}$"
    with pytest.raises(StoreError, match=f"^{tmp_path / 'room.bak'} {refusal}"):
        restore(tmp_path / "room.bak", other)
    assert not (tmp_path / "restored.db").exists()


def test_a_backup_file_is_its_owners_only_and_written_whole(
    url: str, store: Store, alice: Account, tmp_path: Path
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    backup(url, folder / "room.bak")
    backup(url, folder / "room.bak")  # again: replaced
    assert stat.S_IMODE(os.stat(folder / "room.bak").st_mode) == 0o600
    assert os.listdir(folder) == ["room.bak"]


def test_a_backup_of_no_room_is_refused_and_writes_nothing(
    url: str, store: Store, alice: Account, empty: str, tmp_path: Path
) -> None:
    kept = tmp_path / "room.bak"
    backup(url, kept)
    before = kept.read_bytes()
    if empty.startswith("sqlite"):
        with pytest.raises(StoreError, match=r"^there is no database at sqlite:///.*restored\.db"):
            backup(empty, kept)
        assert not (tmp_path / "restored.db").exists()
        with Store(empty) as other, other.engine.begin() as connection:
            connection.execute(text("CREATE TABLE notes (line TEXT)"))
    with pytest.raises(
        StoreError, match=r" holds no card room \(no schema revision\): nothing to back up$"
    ):
        backup(empty, kept)
    assert kept.read_bytes() == before
    assert [name for name in os.listdir(tmp_path) if name.endswith(".partial")] == []


def test_a_database_in_memory_is_neither_backed_up_nor_restored_onto(tmp_path: Path) -> None:
    with pytest.raises(
        StoreError,
        match=r"^sqlite:// is in memory, seen by its own process only: a backup takes a "
        r"database file \(sqlite:///FILE\) or PostgreSQL$",
    ):
        backup("sqlite://", tmp_path / "room.bak")
    room = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(room) as store:
        store.migrate()
    backup(room, tmp_path / "room.bak")
    with pytest.raises(StoreError, match=r"^sqlite:// is in memory, .*: a restore takes"):
        restore(tmp_path / "room.bak", "sqlite://")


# -- PostgreSQL's client programs -------------------------------------------------------


def fake_client(folder: Path, name: str, version: str, *, fails: str = "") -> None:
    """A ``name`` program of PostgreSQL ``version`` in ``folder``, which fails saying
    ``fails`` (after writing a little of its file) if told to."""
    folder.mkdir(exist_ok=True)
    program = folder / name
    program.write_text(
        "#!/bin/sh\n"
        f'if [ "$1" = --version ]; then echo "{name} (PostgreSQL) {version}"; exit 0; fi\n'
        # --file=- is standard output (pg_restore's listing): never a file named "-".
        'for a in "$@"; do case "$a" in --file=-) ;; --file=*) echo PGDMP >"${a#--file=}";; '
        "esac; done\n"
        f'echo "{fails}" >&2\nexit 1\n'
    )
    program.chmod(0o755)


@pytest.fixture
def only_fakes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """PATH is a folder of fake client programs alone, and Debian's folders are not looked in."""
    folder = tmp_path / "bin"
    folder.mkdir()
    monkeypatch.setenv("PATH", str(folder))
    monkeypatch.setattr(backups, "CLIENT_PROGRAM_DIRS", ())
    return folder


def test_a_pg_dump_older_than_the_server_is_refused_saying_what_to_install(
    postgres: str, only_fakes: Path, tmp_path: Path
) -> None:
    fake_client(only_fakes, "pg_dump", "12.3")
    with Store(postgres) as store, store.engine.connect() as connection:
        assert connection.dialect.server_version_info is not None
        server = connection.dialect.server_version_info[0]
    with pytest.raises(
        StoreError,
        match=f"^the database's server is PostgreSQL {server} and the newest pg_dump found "
        f"is 12.3 \\({only_fakes / 'pg_dump'}\\), which cannot dump a newer server than "
        f"itself: install PostgreSQL {server}'s client programs \\(Debian: "
        f"postgresql-client-{server}\\)$",
    ):
        backup(postgres, tmp_path / "room.bak")
    assert not (tmp_path / "room.bak").exists()


def test_no_pg_dump_is_refused_saying_what_to_install(
    postgres: str, only_fakes: Path, tmp_path: Path
) -> None:
    with pytest.raises(
        StoreError,
        match=r"^pg_dump was not found \(on PATH\): install PostgreSQL's client programs "
        r"\(Debian: apt-get install postgresql-client\)$",
    ):
        backup(postgres, tmp_path / "room.bak")


def test_a_pg_dump_that_fails_leaves_the_last_backup_as_it_was(
    postgres: str, only_fakes: Path, tmp_path: Path
) -> None:
    kept = tmp_path / "room.bak"
    kept.write_bytes(b"PGDMP the last good backup")
    fake_client(only_fakes, "pg_dump", "99.0", fails="pg_dump: error: could not write: No space")
    with pytest.raises(
        StoreError,
        match=r"^pg_dump failed on postgresql://.*: pg_dump: error: could not write: No space$",
    ):
        backup(postgres, kept)
    assert kept.read_bytes() == b"PGDMP the last good backup"
    assert sorted(os.listdir(tmp_path)) == ["bin", "room.bak"]


def test_an_archive_newer_than_pg_restore_is_refused_saying_what_to_install(
    only_fakes: Path, tmp_path: Path
) -> None:
    archive = tmp_path / "room.bak"
    archive.write_bytes(b"PGDMP\x01\x10\x00")
    fake_client(
        only_fakes, "pg_restore", "15.2", fails="pg_restore: error: unsupported version (1.16)"
    )
    with pytest.raises(
        StoreError,
        match=r"^pg_restore failed: pg_restore: error: unsupported version \(1\.16\) "
        f"\\({archive} was written by a newer pg_dump: install a newer PostgreSQL client\\)$",
    ):
        restore(archive, "postgresql://stud@db.example/room")


def test_a_pg_dump_archive_of_another_database_is_refused(
    fresh_postgres: str, tmp_path: Path
) -> None:
    other = fresh_postgres.replace("+psycopg", "")
    with Store(other) as store, store.engine.begin() as connection:
        connection.execute(text("CREATE TABLE notes (line TEXT)"))
    archive = tmp_path / "notes.dump"
    pg_dump = shutil.which("pg_dump")
    assert pg_dump is not None
    subprocess.run([pg_dump, "--format=custom", f"--file={archive}", other], check=True)
    empty = new_postgres_database()
    try:
        with pytest.raises(
            StoreError, match=f"^{archive} is a pg_dump archive but not a backup of a card room$"
        ):
            restore(archive, empty)
        assert tables(empty) == []
    finally:
        drop_postgres_database(empty)


def test_a_password_reaches_pg_dump_and_pg_restore_through_the_environment_only(
    postgres: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The test server trusts its local connections: the password is not checked, only
    followed to where it goes."""
    calls: list[tuple[list[str], dict[str, str]]] = []
    run = subprocess.run

    def watched(command: list[str], **options: Any) -> Any:
        calls.append((command, options.get("env") or {}))
        return run(command, **options)

    monkeypatch.setattr(backups.subprocess, "run", watched)
    secret = "s3cret-word"
    with_password = postgres.replace("postgres@", f"postgres:{secret}@")
    backup(with_password, tmp_path / "room.bak")
    empty = new_postgres_database()
    try:
        restore(tmp_path / "room.bak", empty.replace("postgres@", f"postgres:{secret}@"))
    finally:
        drop_postgres_database(empty)
    used = [(command, env) for command, env in calls if "--version" not in command]
    assert [Path(command[0]).name for command, _ in used] == ["pg_dump", "pg_restore", "pg_restore"]
    assert all(secret not in " ".join(command) for command, _ in calls)
    assert [env.get("PGPASSWORD") for _, env in used] == [secret, None, secret]
