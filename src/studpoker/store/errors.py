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


class NameTaken(StoreError):
    """A new account's ``name`` is another's, whatever its case, or reads like another's
    (``alike``: the same skeleton, ``Alice`` and ``Аlice``)."""

    def __init__(self, message: str, name: str, *, alike: bool = False) -> None:
        super().__init__(message)
        self.name = name
        self.alike = alike


class InsufficientFunds(StoreError):
    """A balance or a holding too small for the amount asked for: the account's
    ``name``, what it has (``balance``) and the ``amount``, where a balance was short."""

    def __init__(
        self,
        message: str,
        *,
        name: str | None = None,
        balance: int | None = None,
        amount: int | None = None,
    ) -> None:
        super().__init__(message)
        self.name = name
        self.balance = balance
        self.amount = amount


class StaleOwner(StoreError):
    """A write of a table by a process that is no longer its owner: its fencing
    ``token`` is below the greatest the store has seen for ``table_id`` (``fence``),
    so another process has taken the table since (docs/scaling.md)."""

    def __init__(self, message: str, *, table_id: str, token: int, fence: int) -> None:
        super().__init__(message)
        self.table_id = table_id
        self.token = token
        self.fence = fence
