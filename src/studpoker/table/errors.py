"""The error of a table: what was asked, why it cannot be done, and what can."""

from __future__ import annotations

from typing import Any

__all__ = ["TableError"]


class TableError(ValueError):
    """A seat or a decision the table refuses; the table changes nothing.

    ``code`` names the refusal for a client to translate and ``params`` are what the
    sentence says, as data: seats and amounts (in chips) as numbers, the legal actions,
    the rule (docs/protocol.md, "Errors").  Every raise names its code.

    >>> error = TableError("seat 3 is taken", "seat_taken", seat=3)
    >>> error.code, error.params
    ('seat_taken', {'seat': 3})
    """

    def __init__(self, message: str, code: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params
