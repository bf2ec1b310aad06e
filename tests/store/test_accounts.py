"""Accounts (names unique whatever their case) and login sessions (only a hash stored,
expiring)."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from sqlalchemy import select

from studpoker.store import Account, Store, StoreError
from studpoker.store.models import SessionModel

from .conftest import Clock


def test_a_new_account_has_no_money_and_is_found_by_id_or_name(store: Store, clock: Clock) -> None:
    carol = store.create_account("Carol", "argon2-hash")
    assert (carol.name, carol.balance, carol.bot, carol.guest) == ("Carol", 0, False, False)
    assert carol.password_hash == "argon2-hash"
    assert carol.created_at == clock.now
    assert store.account(carol.id) == carol
    assert store.account("carol") == carol
    assert store.account("CAROL") == carol
    assert store.account("dave") is None
    assert store.account(carol.id + 1) is None
    assert "argon2-hash" not in repr(carol)


def test_bots_and_guests_are_marked(store: Store) -> None:
    bot = store.create_account("Robot Rita", None, bot=True)
    guest = store.create_account("guest-7", None, guest=True)
    assert (bot.bot, bot.guest, guest.bot, guest.guest) == (True, False, False, True)
    assert bot.password_hash is None


@pytest.mark.parametrize("taken", ["alice", "ALICE", "Alice", "ａｌｉｃｅ"])
def test_a_name_is_taken_whatever_its_case(store: Store, taken: str) -> None:
    store.create_account("Alice", None)
    with pytest.raises(StoreError, match=f"^the name {taken} is taken$"):
        store.create_account(taken, None)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "a name is 1 to 24 characters, not ''"),
        ("x" * 25, "a name is 1 to 24 characters"),
        (None, "a name is 1 to 24 characters, not None"),
        (" alice", "a name cannot start or end with a space"),
        ("alice ", "a name cannot start or end with a space"),
        ("al\nice", "or hold control characters"),
    ],
)
def test_bad_names_are_refused(store: Store, name: Any, message: str) -> None:
    with pytest.raises(StoreError, match=message):
        store.create_account(name, None)


def test_names_of_one_and_twenty_four_characters_and_any_script(store: Store) -> None:
    for name in ("a", "x" * 24, "小明", "Zoë the Stud"):
        assert store.create_account(name, None).name == name


def test_a_password_hash_can_be_changed(store: Store, alice: Account) -> None:
    store.set_password_hash(alice.id, "new-hash")
    assert store.account(alice.id).password_hash == "new-hash"  # type: ignore[union-attr]
    with pytest.raises(StoreError, match=r"^no account 99$"):
        store.set_password_hash(99, "x")


def test_a_session_token_finds_its_account_and_only_its_hash_is_stored(
    store: Store, alice: Account
) -> None:
    token = store.create_session(alice.id)
    assert len(token) >= 43
    assert store.session_account(token) == alice
    assert store.session_account(token + "x") is None
    with store._transaction() as session:
        stored = list(session.scalars(select(SessionModel.token_hash)))
    assert stored == [hashlib.sha256(token.encode()).hexdigest()]


def test_a_session_expires(store: Store, alice: Account, clock: Clock) -> None:
    token = store.create_session(alice.id, lifetime_seconds=60)
    month = store.create_session(alice.id)
    clock.advance(59)
    assert store.session_account(token) == alice
    clock.advance(1)
    assert store.session_account(token) is None
    assert store.session_account(month) == alice
    clock.advance(30 * 24 * 3600)
    assert store.delete_expired_sessions() == 1
    assert store.session_account(month) is None


def test_a_deleted_session_is_logged_out(store: Store, alice: Account) -> None:
    token, other = store.create_session(alice.id), store.create_session(alice.id)
    assert token != other
    store.delete_session(token)
    store.delete_session(token)  # twice is no error
    assert store.session_account(token) is None
    assert store.session_account(other) == alice


def test_a_session_needs_an_account_and_a_lifetime(store: Store, alice: Account) -> None:
    with pytest.raises(StoreError, match=r"^no account 99$"):
        store.create_session(99)
    with pytest.raises(StoreError, match="a session's lifetime in seconds must be a whole"):
        store.create_session(alice.id, lifetime_seconds=0)
