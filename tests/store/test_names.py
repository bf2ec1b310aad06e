"""Names that read alike are one name: the store keeps each account's skeleton, unique,
and says so when a new name looks like one it has (on SQLite and PostgreSQL)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import event, inspect, select, text

from studpoker.store import Store, StoreError
from studpoker.store.migrate import alembic_config
from studpoker.store.models import AccountModel
from studpoker.store.names import SKELETON_LENGTH, skeleton

from .conftest import BACKENDS

SKELETONS = importlib.import_module("studpoker.store.migrations.versions.v0003_name_skeletons")


def stored_skeletons(store: Store) -> dict[str, str]:
    with store._transaction() as session:
        rows = session.execute(select(AccountModel.name, AccountModel.skeleton))
        return dict(rows.all())


@pytest.mark.parametrize(
    "alike",
    [
        "Аlice",  # Cyrillic А
        "АLICE",  # Cyrillic А, then capitals
        "Αlice",  # Greek Α
        "Alіce",  # Cyrillic і
        "Alıce",  # dotless ı
    ],
)
def test_a_name_that_reads_like_another_is_refused(store: Store, alike: str) -> None:
    store.create_account("Alice", None)
    with pytest.raises(
        StoreError, match=f"^the name '{alike}' looks like the name of another player; choose"
    ):
        store.create_account(alike, None)
    assert store.account(alike) is None


def test_a_name_of_the_same_letters_in_another_case_is_still_taken(store: Store) -> None:
    store.create_account("Alice", None)
    with pytest.raises(StoreError, match=r"^the name ALICE is taken$"):
        store.create_account("ALICE", None)


def test_each_account_keeps_the_skeleton_of_its_name(store: Store) -> None:
    for name in ("Alice", "Вот 3", "小明", "Zoë the Stud"):
        store.create_account(name, None)
    assert stored_skeletons(store) == {
        "Alice": "alice",
        "Вот 3": "bot 3",
        "小明": "小明",
        "Zoë the Stud": skeleton("zoë the stud"),
    }


def test_names_of_other_letters_all_stay(store: Store) -> None:
    for name in ("ann", "anna", "Bo", "Bob", "Rob", "Robin"):
        store.create_account(name, None)
    assert len(stored_skeletons(store)) == 6


def test_a_look_alike_written_at_the_same_moment_is_a_store_error(store: Store) -> None:
    """The race the check in the transaction cannot see: another transaction writes a
    name of the same shape first.  The database's unique index refuses the second, and
    the store says why instead of letting the IntegrityError out (a 500)."""
    written: list[str] = []

    def write_alice_first(_conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if statement.startswith("INSERT INTO accounts"):
            written.append("Alice")
            cursor.execute(
                "INSERT INTO accounts (name, name_key, skeleton, bot, guest, balance, "
                "created_at) VALUES ('Alice', 'alice', 'alice', FALSE, FALSE, 0, "
                "'2026-03-01 12:00:00')"
            )

    event.listen(store.engine, "before_cursor_execute", write_alice_first)
    try:
        with pytest.raises(StoreError, match=r"^the name 'Аlice' looks like the name of another"):
            store.create_account("Аlice", None)
    finally:
        event.remove(store.engine, "before_cursor_execute", write_alice_first)
    assert written == ["Alice"]
    assert store.create_account("bob", None).name == "bob"


def test_a_name_spelled_out_past_its_columns_is_refused_not_a_database_error(
    store: Store,
) -> None:
    """22 × U+FDFA is 22 characters, and 396 once NFKC spells each one out: on
    PostgreSQL its key outgrew its column (a 500 before)."""
    with pytest.raises(
        StoreError, match=r"^a name is 1 to 24 characters once normalised \(NFKC\), and .* is 396$"
    ):
        store.create_account("\ufdfa" * 22, None)
    assert store.create_account("\ufdfa", None).name == "\ufdfa"


def test_the_skeleton_column_is_as_long_as_the_store_says() -> None:
    assert AccountModel.__table__.c.skeleton.type.length == SKELETON_LENGTH  # type: ignore[attr-defined]


@pytest.fixture(params=BACKENDS)
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.db'}"
    else:
        yield request.getfixturevalue("fresh_postgres")


def test_the_migration_gives_existing_accounts_their_skeletons(empty_url: str) -> None:
    """Accounts made before names had shapes keep their names, look-alikes among them
    too; only names to come are refused."""
    with Store(empty_url) as store:
        with store.engine.begin() as connection:
            command.upgrade(alembic_config(connection), SKELETONS.down_revision)
            for name in ("Alice", "Аlice", "bob"):
                connection.execute(
                    text(
                        "INSERT INTO accounts (name, name_key, bot, guest, balance, created_at)"
                        " VALUES (:name, :key, FALSE, FALSE, 0, '2026-01-01 00:00:00')"
                    ),
                    {"name": name, "key": name.casefold()},
                )
        store.migrate()
        shapes = stored_skeletons(store)
        assert shapes["Alice"] == "alice"
        assert shapes["Аlice"].startswith("alice\t")
        assert shapes["bob"] == "bob"
        assert store.account("Аlice") is not None
        with pytest.raises(StoreError, match="looks like the name of another player"):
            store.create_account("Αlice", None)
        with store.engine.begin() as connection:
            command.downgrade(alembic_config(connection), SKELETONS.down_revision)
        columns = [column["name"] for column in inspect(store.engine).get_columns("accounts")]
        assert "skeleton" not in columns
        assert "name_key" in columns
