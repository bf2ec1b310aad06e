"""The error of the room: a request it refuses, with a stable code and its parameters.

The code names the refusal for a client to translate; the parameters are what the
English sentence says, as data — names and tables as text, seats, counts and amounts
(in chips) as numbers — so that no client reads the sentence (docs/protocol.md,
"Errors"):

>>> error = RoomError("the name ann is taken", "name_taken", name="ann")
>>> str(error), error.code, error.params
('the name ann is taken', 'name_taken', {'name': 'ann'})
"""

from __future__ import annotations

from typing import Any

from studpoker.table.errors import TableError

__all__ = ["RoomError"]


class RoomError(ValueError):
    """A request the room refuses; the message says why, and nothing changed.

    ``code`` names the refusal and ``params`` are what the message says; every raise
    names its code.
    """

    def __init__(self, message: str, code: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params

    @classmethod
    def of(cls, error: TableError) -> RoomError:
        """The table's refusal, as the room says it."""
        return cls(str(error), error.code, **error.params)
