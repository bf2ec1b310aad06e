"""The error of a table: what was asked, why it cannot be done, and what can."""

from __future__ import annotations

from typing import Any

__all__ = ["TableError"]


class TableError(ValueError):
    """A seat or a decision the table refuses; the table changes nothing.

    ``code`` names the refusal for a client to translate (docs/protocol.md) and
    ``params`` are what the sentence says (seats, amounts, the legal actions, the rule).
    """

    def __init__(self, message: str, code: str = "refused", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params
