"""``stud admin backup FILE`` and ``stud admin restore FILE``, end to end on SQLite and
PostgreSQL: one line saying what was done (the URL's password masked), or one line
saying what was wrong and a non-zero exit."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command

from conftest import BACKENDS, drop_postgres_database, new_postgres_database
from studpoker.cli import main
from studpoker.store import Store
from studpoker.store.backup import shown_url as shown
from studpoker.store.migrate import alembic_config, head


@pytest.fixture
def room(database: str) -> str:
    """A room of two accounts: ann with 1000.00 and 150.00 of it at a table, bo with 234.56."""
    with Store(database) as store:
        store.migrate()
        ann = store.create_account("ann", "hash-ann")
        bo = store.create_account("bo", "hash-bo")
        store.deposit(ann.id, 100_000)
        store.deposit(bo.id, 23_456)
        store.buy_in(ann.id, "stud-1", 15_000)
    return database


@pytest.fixture
def empty(database: str, tmp_path: Path) -> Iterator[str]:
    """Another database with no tables, on the backend of ``database``."""
    if database.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / 'restored.db'}"
        return
    url = new_postgres_database()
    try:
        yield url
    finally:
        drop_postgres_database(url)


@pytest.mark.parametrize("database", BACKENDS, indirect=True)
def test_a_backup_and_its_restore_each_say_what_they_did(
    room: str, empty: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "room.bak"
    assert main(["admin", "backup", str(file), "--database", room]) == 0
    assert capsys.readouterr().out == (
        f"backup of {shown(room)} written to {file}: 2 accounts, 1,234.56 in the room\n"
    )
    assert stat.S_IMODE(os.stat(file).st_mode) == 0o600
    assert main(["admin", "restore", str(file), "--database", empty]) == 0
    assert capsys.readouterr().out == (
        f"{file} restored onto {shown(empty)}: 2 accounts, 1,234.56 in the room\n"
    )
    assert main(["admin", "audit", "--database", empty]) == 0
    assert capsys.readouterr().out.startswith("0 differences; 1,234.56 in the room")
    with Store(empty) as copy:
        assert copy.holdings() == {("stud-1", 1): 15_000}


@pytest.mark.parametrize("database", BACKENDS, indirect=True)
def test_a_restore_onto_a_database_in_use_fails_in_one_line(
    room: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "room.bak"
    assert main(["admin", "backup", str(file), "--database", room]) == 0
    capsys.readouterr()
    assert main(["admin", "restore", str(file), "--database", room]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err.startswith(f"stud admin restore: {shown(room)} is not empty (it has the ")
    assert said.err.endswith("): a backup restores onto an empty database only\n")
    assert said.err.count("\n") == 1
    with Store(room) as store:
        assert store.total_chips() == 123_456


@pytest.mark.parametrize("database", BACKENDS, indirect=True)
def test_a_file_that_is_no_backup_fails_in_one_line(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "room.bak"
    file.write_text("not a backup\n")
    assert main(["admin", "restore", str(file), "--database", database]) == 2
    assert capsys.readouterr().err == (
        f"stud admin restore: {file} is not a backup of a card room: a backup is a SQLite "
        "file or a pg_dump archive (custom format), as stud admin backup writes them\n"
    )


@pytest.mark.parametrize("database", BACKENDS, indirect=True)
def test_a_backup_of_no_room_fails_in_one_line_and_writes_nothing(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "room.bak"
    assert main(["admin", "backup", str(file), "--database", database]) == 2
    if database.startswith("sqlite"):
        refusal = f"there is no database at {database}: nothing to back up"
    else:
        refusal = f"{shown(database)} holds no card room (no schema revision): nothing to back up"
    assert capsys.readouterr().err == f"stud admin backup: {refusal}\n"
    assert os.listdir(tmp_path) == []


def test_the_database_is_stud_db_unless_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    for variable in ("STUD_DATABASE", "STUD_SECRETS_DIR", "CREDENTIALS_DIRECTORY"):
        monkeypatch.delenv(variable, raising=False)
    with Store(f"sqlite:///{tmp_path / 'stud.db'}") as store:
        store.migrate()
    assert main(["admin", "backup", "room.bak"]) == 0
    assert capsys.readouterr().out == (
        "backup of sqlite:///stud.db written to room.bak: 0 accounts, 0.00 in the room\n"
    )
    assert main(["admin", "restore", "room.bak"]) == 2
    assert capsys.readouterr().err.startswith("stud admin restore: sqlite:///stud.db is not empty")


def test_an_older_backup_restored_says_its_schema_was_brought_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    older = f"sqlite:///{tmp_path / 'older.db'}"
    with Store(older) as store, store.engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0008")
    assert main(["admin", "backup", str(tmp_path / "room.bak"), "--database", older]) == 0
    capsys.readouterr()
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    assert main(["admin", "restore", str(tmp_path / "room.bak"), "--database", target]) == 0
    assert capsys.readouterr().out == (
        f"{tmp_path / 'room.bak'} restored onto {target} (revision 0008 to {head()}): "
        "0 accounts, 0.00 in the room\n"
    )


@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_a_password_in_the_url_is_never_printed(
    room: str, empty: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The test server trusts local connections: any password will do."""
    secret = "s3cret-word"
    source = room.replace("postgres@", f"postgres:{secret}@")
    target = empty.replace("postgres@", f"postgres:{secret}@")
    file = str(tmp_path / "room.bak")
    assert main(["admin", "backup", file, "--database", source]) == 0
    assert main(["admin", "restore", file, "--database", target]) == 0
    assert main(["admin", "restore", file, "--database", target]) == 2  # not empty now
    said = capsys.readouterr()
    assert secret not in said.out + said.err
    assert said.out.splitlines() == [
        f"backup of {shown(source)} written to {file}: 2 accounts, 1,234.56 in the room",
        f"{file} restored onto {shown(target)}: 2 accounts, 1,234.56 in the room",
    ]
    assert ":***@" in said.out
    assert said.err.startswith("stud admin restore: postgresql://postgres:***@")
