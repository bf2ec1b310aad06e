"""Account passwords: the rules a new password follows, and argon2id hashes.

A password is stored only as an argon2id hash (argon2-cffi, with RFC 9106's
low-memory profile — 64 MiB, 3 passes — in one lane rather than four: a hash then
keeps one core busy, not all of them, so that a flood of logins on a two-core room
leaves a core to the tables; docs/security.md).  Any characters are
allowed, Chinese included; the text is NFKC-normalised first, so that a password
typed with full-width letters (as a Chinese input method may give them) or with
composed or decomposed accents is the same password (NIST SP 800-63B).

>>> stored = hash_password("七張梭哈 seven card stud")
>>> stored.startswith("$argon2id$")
True
>>> verify_password(stored, "七張梭哈 seven card stud"), verify_password(stored, "razz")
(True, False)
>>> verify_password("not a hash", "razz")
False
>>> check_password_rules("short")
Traceback (most recent call last):
...
studpoker.room.errors.RoomError: a password has at least 8 characters, not 5
"""

from __future__ import annotations

import dataclasses
import secrets
import unicodedata
from typing import Final

from argon2 import PasswordHasher, profiles
from argon2.exceptions import VerificationError

from studpoker.room.errors import RoomError

__all__ = [
    "MAX_LENGTH",
    "MIN_LENGTH",
    "check_password_rules",
    "hash_password",
    "needs_rehash",
    "set_test_parameters",
    "verify_nobody",
    "verify_password",
]

MIN_LENGTH: Final = 8
MAX_LENGTH: Final = 256

ROOM_PARAMETERS: Final = dataclasses.replace(profiles.RFC_9106_LOW_MEMORY, parallelism=1)
_hasher = PasswordHasher.from_parameters(ROOM_PARAMETERS)
_nobody: tuple[PasswordHasher, str] | None = None  # the hasher, and a hash of no password


def set_test_parameters(cheap: bool = True) -> None:
    """Hash with argon2's cheapest parameters from now on (tests only: such hashes
    are no protection), or, with ``cheap=False``, with the default profile again."""
    global _hasher
    _hasher = PasswordHasher.from_parameters(profiles.CHEAPEST if cheap else ROOM_PARAMETERS)


def _normalised(password: str) -> str:
    if not isinstance(password, str):
        raise TypeError(f"a password is text, not {type(password).__name__}")
    return unicodedata.normalize("NFKC", password)


def check_password_rules(password: str) -> None:
    """Raise a :class:`~studpoker.room.RoomError` (a ``ValueError``) saying what is
    wrong if ``password`` may not be chosen: it has 8 to 256 characters, any characters
    (``password_too_short``, ``password_too_long``)."""
    length = len(_normalised(password))
    if length < MIN_LENGTH:
        raise RoomError(
            f"a password has at least {MIN_LENGTH} characters, not {length}",
            "password_too_short",
            minimum=MIN_LENGTH,
            length=length,
        )
    if length > MAX_LENGTH:
        raise RoomError(
            f"a password has at most {MAX_LENGTH} characters, not {length}",
            "password_too_long",
            maximum=MAX_LENGTH,
            length=length,
        )


def hash_password(password: str) -> str:
    """The argon2id hash to store for ``password`` (salted: never the same twice)."""
    return _hasher.hash(_normalised(password))


def verify_password(hash: str, password: str) -> bool:
    """Whether ``password`` is the one ``hash`` was made from; False for a wrong
    password and for anything that is not an argon2 hash."""
    try:
        return _hasher.verify(hash, _normalised(password))
    except (VerificationError, ValueError):  # a mismatch, or no argon2 hash at all
        return False


def verify_nobody(password: str) -> bool:
    """Take as long as :func:`verify_password` does, against a hash that is no
    account's, and answer False: a login with an unknown name costs what one with
    a wrong password does, so the time of the answer tells no name apart."""
    global _nobody
    if _nobody is None or _nobody[0] is not _hasher:
        _nobody = (_hasher, _hasher.hash(secrets.token_hex(16)))
    verify_password(_nobody[1], password)
    return False


def needs_rehash(hash: str) -> bool:
    """Whether ``hash`` was made with other parameters than the current ones (or
    is no argon2 hash): after a successful login, store a new hash."""
    try:
        return _hasher.check_needs_rehash(hash)
    except ValueError:
        return True
