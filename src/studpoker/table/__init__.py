"""A table playing hand after hand (the ``table`` layer of DESIGN.md): seats,
stacks, buy-ins, the modes of R7 (practice, chips, competition) and a tournament's
tables, clocks and time
banks (R8), sitting out.  It runs on asyncio and talks to its seats only through
their players; it knows nothing of HTTP or SQL.

See ``docs/table.md``.
"""

from studpoker.table.clock import Clock, LoopClock, ManualClock
from studpoker.table.competition import Competition, Standing
from studpoker.table.completed import CompletedHand
from studpoker.table.config import ALL_MODES, MODES, Mode, TableConfig
from studpoker.table.errors import TableError
from studpoker.table.restore import ResumedHand, gone_occupant
from studpoker.table.seating import Occupant, Seat, TablePlayer
from studpoker.table.table import Table, TableHooks
from studpoker.table.turns import RemotePlayer, Turn
from studpoker.table.updates import Listener, TableUpdate

__all__ = [
    "ALL_MODES",
    "MODES",
    "Clock",
    "Competition",
    "CompletedHand",
    "Listener",
    "LoopClock",
    "ManualClock",
    "Mode",
    "Occupant",
    "RemotePlayer",
    "ResumedHand",
    "Seat",
    "Standing",
    "Table",
    "TableConfig",
    "TableError",
    "TableHooks",
    "TablePlayer",
    "TableUpdate",
    "Turn",
    "gone_occupant",
]
