"""What a table holds — its seats, the hand being dealt, its lock — which each of
its parts reads and changes (the parts are the modules beside this one, and
:class:`~studpoker.table.Table` is all of them)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

from studpoker.bots import bot
from studpoker.engine import Action, Hand
from studpoker.table.competition import Competition
from studpoker.table.completed import CompletedHand
from studpoker.table.config import TableConfig
from studpoker.table.errors import TableError
from studpoker.table.seating import Occupant, Seat, TablePlayer
from studpoker.table.seatmap import SeatMap
from studpoker.table.turns import Turn
from studpoker.table.updates import Listener, TableHooks

if TYPE_CHECKING:
    from studpoker.table.table import Table

__all__ = ["KEPT_HANDS", "RECENT_HANDS", "TableState"]

# The table's one logger, whichever of its parts logs: operators and tests filter on it.
log = logging.getLogger("studpoker.table.table")
RECENT_HANDS = 100  # the last hands whose pots and ends the lobby averages
# Completed hands kept whole (their events, for the last-hand view and GET
# /api/tables/{table}/hands/{number}); older ones are in the store's records.  A whole
# hand is tens of kB: at 300 tables a process, 100 of them a table were gigabytes.
KEPT_HANDS = 20


class TableState:
    """A table's state, and the lookups every part of the table makes (the
    arguments are :class:`~studpoker.table.Table`'s)."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        *,
        rng: random.Random | None = None,
        bot_factory: Callable[[int], TablePlayer] | None = None,
        hooks: TableHooks | None = None,
        first_hand_number: int = 1,
    ) -> None:
        if not _whole(first_hand_number) or first_hand_number < 1:
            raise ValueError(f"first_hand_number is 1 or more, not {first_hand_number!r}")
        self.table_id = table_id
        self.config = config
        self.spec = config.hand_spec
        self.rng: random.Random = secrets.SystemRandom() if rng is None else rng
        self.hooks = TableHooks() if hooks is None else hooks
        self.listeners: list[Listener] = []
        self.rollover = 0  # chips on the table for the next hand's pot (R6.8)
        # A mixed game's hand count (games.rotation): the hand being dealt, or the next.
        self.rotation_index = max(first_hand_number - 1, 0)
        self.next_hand_number = first_hand_number
        self._bot_factory = self._default_bot if bot_factory is None else bot_factory
        self._seats: dict[int, Seat] = {}
        self._hand: Hand | None = None
        self._number = 0
        self._seat_map = SeatMap()  # the table seat of each engine seat
        self._players: tuple[Occupant, ...] = ()
        self._live = False  # a hand is dealt and its stacks not yet released
        self._playing = False  # play_hand is running
        self._started = datetime.now(UTC)
        self._told: list[int] = []  # events each engine seat has been told
        self._published = 0  # events the listeners have been given
        self._turn: Turn | None = None
        # A hand cut short and dealt again (restore.py): the first one play_hand plays
        # — the hand, its number, start, table seats and actions already journaled.
        self._resumed: tuple[Hand, int, datetime, tuple[int, ...], int] | None = None
        self._answer: asyncio.Future[Action | None] | None = None
        self._waiter: asyncio.Future[Any] | None = None  # the player's awaitable answer
        self._seq = 0
        self._kept: deque[CompletedHand] = deque(maxlen=KEPT_HANDS)
        # The pot and end of the last hands, for the lobby; their pots' sum kept as they come.
        self._recent: deque[tuple[int, datetime]] = deque(maxlen=RECENT_HANDS)
        self._recent_pots = 0
        self._competition: Competition | None = None
        self._closed = False
        self._halted: str | None = None
        self._paused = False  # by the room's operator: no hand is dealt until resumed
        self._wake = asyncio.Event()  # a seat changed: a waiting table looks again
        # Held while a hand is dealt and while its stacks are released, and by
        # whoever leaves between hands meanwhile.
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None  # the task holding it

    @contextlib.asynccontextmanager
    async def exclusive(self) -> AsyncIterator[None]:
        """Hold the table's lock: no hand is dealt and no stacks are released while
        it is held, so the room may move money for a seat and change the seat as one
        step (a buy-in, a top-up, a cash-out).  A hook the table awaits while holding
        it (the same task) may call the table again without waiting for itself."""
        task = asyncio.current_task()
        if task is not None and self._owner is task:
            yield
            return
        async with self._lock:
            self._owner = task
            try:
                yield
            finally:
                self._owner = None

    def _check_number(self, seat: int) -> None:
        if not _whole(seat) or not 0 <= seat < self.config.seats:
            raise TableError(
                f"there is no seat {seat!r}: the seats are 0 to {self.config.seats - 1}",
                "no_seat",
                seat=seat,
                seats=self.config.seats,
            )

    def _occupied(self, seat: int) -> Seat:
        self._check_number(seat)
        held = self._seats.get(seat)
        if held is None:
            raise TableError(f"seat {seat} is empty", "seat_empty", seat=seat)
        return held

    @property
    def hand_in_progress(self) -> bool:
        """Whether a hand is dealt and its stacks not yet released."""
        return self._live

    def _in_hand(self, seat: int) -> bool:
        return self._live and seat in self._seat_map

    def _require_hand(self) -> Hand:
        if self._hand is None:
            raise TableError("no hand is being played", "internal")
        return self._hand

    def _default_bot(self, seat: int) -> TablePlayer:
        return bot(self.config.bot_level, self.spec, random.Random(self.rng.getrandbits(64)))

    def _as_table(self) -> Table:
        """This table as its hooks take it: every part of a table is the Table."""
        return cast("Table", self)


def _now() -> float:
    """The event loop's time (monotonic), or the monotonic clock outside a loop."""
    try:
        return asyncio.get_running_loop().time()
    except RuntimeError:
        return time.monotonic()


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
