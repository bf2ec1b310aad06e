"""A competition played at a table (R7.3): its start between the players seated,
and its end, with the standings for the room."""

from __future__ import annotations

from studpoker.table.competition import Competition, Standing, standings
from studpoker.table.departures import TableDepartures
from studpoker.table.errors import TableError
from studpoker.table.state import _now
from studpoker.table.updates import TableUpdate

__all__ = ["TableCompetitions"]


class TableCompetitions(TableDepartures):
    """A table's competitions (R7.3)."""

    def start_competition(self) -> None:
        """Start a competition between the players seated (2 to 8): everyone gets
        ``competition_chips``, the clock of ``competition_seconds`` starts, and
        nobody may sit down until it is over (R7.3)."""
        config = self.config
        if config.mode != "competition":
            raise TableError(
                f"a {config.mode} table holds no competitions",
                "not_competition",
                table=self.table_id,
            )
        if self._closed:
            raise TableError("the table is closed", "table_closed")
        if self._competition is not None:
            raise TableError("the competition has already started", "competition_started")
        count = len(self._seats)
        if not 2 <= count <= config.players_at_most:
            raise TableError(
                f"a competition needs 2 to {config.players_at_most} players, not {count} (R7.3)",
                "competition_players",
                minimum=2,
                maximum=config.players_at_most,
                players=count,
            )
        now = _now()
        for held in self._seats.values():
            held.chips, held.top_up = config.competition_chips, 0
            held.time_bank = float(config.time_bank)
        self.rollover = 0
        self._competition = Competition(now, now + config.competition_seconds, count)
        self._notify(TableUpdate("competition_started", self.table_id))
        self._wake.set()

    async def _end_competition(self) -> tuple[Standing, ...]:
        """The competition is over: the standings go to the room, and the table is
        cleared for the next one (R7.3)."""
        competition = self._competition
        assert competition is not None
        final = standings(list(self._seats.values()), competition.out)
        self._competition = None
        self.rollover = 0  # competition chips are not money: nothing to share out
        self._notify(TableUpdate("competition_ended", self.table_id, standings=final))
        if self.hooks.on_competition_end is not None:
            await self.hooks.on_competition_end(self._as_table(), final)
        await self._depart(sorted(self._seats), "the competition is over")
        return final

    def _competition_over(self) -> bool:
        competition = self._competition
        return competition is not None and (len(self._seats) < 2 or _now() >= competition.deadline)
