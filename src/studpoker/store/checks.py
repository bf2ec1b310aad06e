"""The checks of what callers pass to the store: each returns the value, or raises
:class:`StoreError` saying what was wrong and what is allowed."""

from __future__ import annotations

import math
from datetime import UTC, datetime

import orjson

from studpoker.store.errors import StoreError
from studpoker.store.models import TABLE_ID_LENGTH

LARGEST = 10**15
"""The largest amount (or id) the store takes: beyond any stake, and far enough below
the 64-bit columns' limit that no sum of them overflows."""


def whole(value: object, what: str, *, minimum: int = 1) -> int:
    """``value`` if it is a whole number (not a bool) of at least ``minimum``.

    >>> whole(250, "a deposit")
    250
    >>> whole(2.5, "a deposit")
    Traceback (most recent call last):
    ...
    studpoker.store.errors.StoreError: a deposit must be a whole number of 1 or more, not 2.5
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise StoreError(f"{what} must be a whole number of {minimum} or more, not {value!r}")
    if value > LARGEST:
        raise StoreError(f"{what} of {value} is too large: at most {LARGEST}")
    return value


def signed(value: object, what: str) -> int:
    """``value`` if it is a whole number (not a bool), of either sign."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise StoreError(f"{what} must be a whole number, not {value!r}")
    if abs(value) > LARGEST:
        raise StoreError(f"{what} of {value} is too large: at most {LARGEST} either way")
    return value


def finite(value: object, what: str, *, positive: bool = False) -> float:
    """``value`` as a float if it is a finite number (and above 0 when ``positive``)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or (positive and value <= 0)
    ):
        wanted = "a finite number above 0" if positive else "a finite number"
        raise StoreError(f"{what} must be {wanted}, not {value!r}")
    return float(value)


def json_text(value: object, rule: str) -> str:
    """``value`` if it is text that parses as JSON; else a StoreError saying ``rule``
    ("a hand's events are JSON text") and, for text, why it does not parse."""
    if not isinstance(value, str):
        raise StoreError(rule)
    try:
        orjson.loads(value)  # a hand's events are long: a fifth of json's time
    except orjson.JSONDecodeError as error:
        raise StoreError(f"{rule}: {error}") from None
    return value


def bounded_text(value: object, what: str, *, length: int) -> str:
    """``value`` if it is a string of 1 to ``length`` characters."""
    if not isinstance(value, str) or not 1 <= len(value) <= length:
        raise StoreError(f"{what} must be text of 1 to {length} characters, not {value!r}")
    return value


def check_table_id(value: object) -> str:
    return bounded_text(value, "a table id", length=TABLE_ID_LENGTH)


def moment(value: object, what: str) -> datetime:
    """``value`` in UTC if it is an aware datetime."""
    if not isinstance(value, datetime) or value.tzinfo is None:
        raise StoreError(f"{what} must be a datetime with a time zone, not {value!r}")
    return value.astimezone(UTC)
