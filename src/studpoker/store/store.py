"""The :class:`Store`: everything the room keeps, in one SQL database."""

from __future__ import annotations

from studpoker.store import migrate
from studpoker.store.accounts import AccountRecords
from studpoker.store.audit import Audit
from studpoker.store.competitions import Competitions
from studpoker.store.deals import Deals
from studpoker.store.fences import Fences
from studpoker.store.hands import Hands
from studpoker.store.journal import Journal
from studpoker.store.money import Money
from studpoker.store.notes import Notes
from studpoker.store.operators import Operators
from studpoker.store.ratings import Ratings
from studpoker.store.study import Study
from studpoker.store.tables import Tables
from studpoker.store.tournaments import Tournaments


class Store(
    AccountRecords,
    Money,
    Hands,
    Competitions,
    Ratings,
    Audit,
    Fences,
    Journal,
    Tables,
    Tournaments,
    Study,
    Operators,
    Notes,
    Deals,
):
    """The room's database: ``Store("sqlite:///room.db")``, ``Store("sqlite://")`` (in
    memory) or ``Store("postgresql://user@host/db")``.

    Every method is one transaction and takes and gives plain values. Methods are
    synchronous; the server calls them from worker threads (``asyncio.to_thread``).
    ``Store(url, clock=...)`` takes the time from ``clock`` (aware datetimes).
    """

    def migrate(self) -> None:
        """Brings the schema to the latest revision (Alembic); call it at every start."""
        migrate.upgrade(self.engine)
