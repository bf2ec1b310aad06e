"""Account passwords: the rules and the argon2id hashes."""

from collections.abc import Iterator

import pytest
from argon2 import PasswordHasher, profiles

from studpoker.room.passwords import (
    check_password_rules,
    hash_password,
    needs_rehash,
    set_test_parameters,
    verify_password,
)


@pytest.fixture(autouse=True)
def cheap_hashes() -> Iterator[None]:
    set_test_parameters()
    yield
    set_test_parameters()  # the suite's own (tests/conftest.py), whatever a test set


def test_a_password_verifies_against_its_hash() -> None:
    stored = hash_password("correct horse battery staple")
    assert stored.startswith("$argon2id$")
    assert verify_password(stored, "correct horse battery staple")


def test_a_wrong_password_does_not_verify() -> None:
    stored = hash_password("correct horse battery staple")
    assert not verify_password(stored, "correct horse battery stable")
    assert not verify_password(stored, "")


def test_the_same_password_hashes_differently_every_time() -> None:
    assert hash_password("same password") != hash_password("same password")


@pytest.mark.parametrize("password", ["梭哈高低牌八或更好", "话事啤，晒冷梭哈", "Pokér ♠♥♦♣ 🂡🂮"])
def test_any_characters_may_be_a_password(password: str) -> None:
    check_password_rules(password)
    stored = hash_password(password)
    assert verify_password(stored, password)
    assert not verify_password(stored, password[:-1])


def test_a_password_is_the_same_however_the_keyboard_wrote_it() -> None:
    # Full-width letters from a Chinese input method; a composed and a decomposed é.
    assert verify_password(hash_password("ＳｔｕｄＰｏｋｅｒ"), "StudPoker")
    assert verify_password(hash_password("caf\u00e9 au lait"), "cafe\u0301 au lait")


@pytest.mark.parametrize(
    "malformed",
    [
        "",
        "not a hash",
        "$argon2id$",
        "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$",
        "$argon2id$v=19$m=8,t=1,p=1$!!!$!!!",
        "$2b$12$abcdefghijklmnopqrstuuOTdBCmVGY1kpw0tQ1dOtM2lF5VpHKHy",  # bcrypt
        "$argon2id$v=19$m=65536,t=3,p=4$é$é",
    ],
)
def test_a_malformed_hash_never_verifies_and_never_raises(malformed: str) -> None:
    assert verify_password(malformed, "any password at all") is False
    assert needs_rehash(malformed)


def test_a_hash_made_with_other_parameters_needs_a_new_hash() -> None:
    stored = hash_password("correct horse battery staple")
    assert not needs_rehash(stored)
    old = PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY).hash("x" * 8)
    assert needs_rehash(old)
    assert verify_password(old, "x" * 8)  # still verifies: rehash after the login


def test_the_default_parameters_are_rfc_9106_low_memory() -> None:
    assert hash_password("a test password").startswith("$argon2id$v=19$m=8,t=1,p=1$")
    set_test_parameters(cheap=False)
    # argon2-cffi's RFC 9106 low-memory profile: 64 MiB, 3 passes, 4 lanes.
    assert hash_password("a real password").startswith("$argon2id$v=19$m=65536,t=3,p=1$")


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("", "a password has at least 8 characters, not 0"),
        ("seven77", "a password has at least 8 characters, not 7"),
        ("七張梭哈", "a password has at least 8 characters, not 4"),
        ("x" * 257, "a password has at most 256 characters, not 257"),
    ],
)
def test_the_password_rules_say_what_is_wrong(password: str, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        check_password_rules(password)


@pytest.mark.parametrize("password", ["eight888", "梭哈高低牌八或更", "x" * 256])
def test_passwords_of_8_to_256_characters_are_allowed(password: str) -> None:
    check_password_rules(password)


def test_a_login_of_nobody_is_checked_against_a_hash_as_well(monkeypatch) -> None:
    """An unknown name costs a hash check like a wrong password, so the time of the
    answer tells no name apart (issue 13; timing itself is bench/abuse.py's)."""
    import asyncio

    from studpoker.room import Room, RoomError, passwords
    from studpoker.store import Store

    checked: list[str] = []
    real = passwords.verify_password

    def counting(hash: str, password: str) -> bool:
        checked.append(hash)
        return real(hash, password)

    monkeypatch.setattr(passwords, "verify_password", counting)

    async def log_in() -> None:
        room = Room(Store("sqlite://"), default_tables=False)
        await room.start()
        with pytest.raises(RoomError, match=r"^wrong name or password$"):
            await room.login("nobody", "password1")
        await room.stop()

    asyncio.run(log_in())
    assert len(checked) == 1
    assert checked[0].startswith("$argon2id$")
    assert passwords.verify_nobody("anything at all") is False
