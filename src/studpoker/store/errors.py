"""What the store refuses, and why."""

from __future__ import annotations


class StoreError(ValueError):
    """An operation the store refused; nothing was changed.

    The message says what was wrong and what is allowed:

    >>> raise StoreError("no account 42")
    Traceback (most recent call last):
    ...
    studpoker.store.errors.StoreError: no account 42
    """


class InsufficientFunds(StoreError):
    """A balance or a holding too small for the amount asked for."""
