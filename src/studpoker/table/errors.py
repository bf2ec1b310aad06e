"""The error of a table: what was asked, why it cannot be done, and what can."""

from __future__ import annotations

__all__ = ["TableError"]


class TableError(ValueError):
    """A seat or a decision the table refuses; the table changes nothing."""
