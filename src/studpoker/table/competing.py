"""The competition at a table (R7.3): its start between the players seated, who went
out of it and in what order, and its end, when one player is left or its time is up."""

from __future__ import annotations

from collections.abc import Iterable

from studpoker.table.competition import Competition
from studpoker.table.config import TableConfig
from studpoker.table.errors import TableError
from studpoker.table.seating import Seat

__all__ = ["Competing"]


class Competing:
    """A competition table's competition under way, if any (R7.3)."""

    def __init__(self) -> None:
        self._competition: Competition | None = None

    @property
    def current(self) -> Competition | None:
        return self._competition

    def start(self, config: TableConfig, players: int, now: float) -> None:
        """A competition between ``players`` (2 to 8) starts at ``now`` and ends
        ``competition_seconds`` later (R7.3)."""
        if self._competition is not None:
            raise TableError("the competition has already started", "competition_started")
        if not 2 <= players <= config.players_at_most:
            raise TableError(
                f"a competition needs 2 to {config.players_at_most} players, not {players}",
                "competition_players",
                minimum=2,
                maximum=config.players_at_most,
                players=players,
            )
        self._competition = Competition(now, now + config.competition_seconds, players)

    def restore(self, competition: Competition | None) -> None:
        """The competition of a table rebuilt (table/restore.py)."""
        self._competition = competition

    def went_out(self, seats: Iterable[Seat]) -> None:
        """``seats``' players left before the end: out, the worst first (R7.3)."""
        competition = self._competition
        if competition is not None:
            competition.out.extend((occupied.number, occupied.occupant) for occupied in seats)

    def over(self, players: int, now: float) -> bool:
        """Whether the competition under way is over: fewer than two ``players``
        left, or its time up."""
        competition = self._competition
        return competition is not None and (players < 2 or now >= competition.deadline)

    def finish(self) -> Competition:
        """The competition is over: the table waits for the next."""
        competition = self._competition
        assert competition is not None
        self._competition = None
        return competition
