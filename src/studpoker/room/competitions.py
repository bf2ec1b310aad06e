"""Competitions in the room (R7.3): their entries in the store, and the Glicko-2
ratings of those who go out and of those still in when the time is up."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from studpoker.room.errors import RoomError
from studpoker.room.ratings import Rating, loss_to_leader
from studpoker.room.seats import RoomSeats
from studpoker.store import Account, Placing
from studpoker.table import Occupant, Standing, Table, TableError

__all__ = ["RoomCompetitions"]


class RoomCompetitions(RoomSeats):
    """A room's competitions and ratings."""

    async def start_competition(self, account: Account, table_id: str) -> int:
        """Start the competition at ``table_id`` between the players seated (R7.3):
        its entries in the ledger, then the table's clock."""
        table, _ = self._seated(account, table_id)
        room_table = self.table(table_id)
        if table.config.mode != "competition":
            raise RoomError(
                f"{table_id} is not a competition table", "not_competition", table=table_id
            )
        if table.competition is not None:
            raise RoomError("the competition has started", "competition_started")
        entrants = sorted(
            seat.occupant.account_id
            for seat in table.seats.values()
            if seat.occupant.account_id is not None
        )
        if len(entrants) < 2:
            most = table.config.players_at_most
            raise RoomError(
                f"a competition needs 2 to {most} players seated",
                "competition_players",
                minimum=2,
                maximum=most,
                players=len(entrants),
            )
        ends = datetime.now(UTC) + timedelta(seconds=table.config.competition_seconds)
        try:
            table.start_competition()
        except TableError as error:
            raise RoomError.of(error) from None
        room_table.competition_id = await asyncio.to_thread(
            self.store.start_competition,
            table_id,
            table.spec.game,
            entrants,
            chips=table.config.competition_chips,
            ends_at=ends,
        )
        self._seating_changed(table_id)  # its competition, to be opened again
        return room_table.competition_id

    async def _busted(
        self, table: Table, seat: int, occupant: Occupant, leader: Occupant | None
    ) -> None:
        """R7.3: a Glicko-2 game lost to the chip leader of the moment."""
        if occupant.account_id is None or leader is None or leader.account_id is None:
            return
        await self._rate_loss(table, occupant.account_id, leader.account_id)

    async def _rate_loss(self, table: Table, loser: int, leader: int) -> None:
        game = table.spec.game
        competition = self.table(table.table_id).competition_id

        def rate() -> None:
            old = [self.store.rating(account, game) for account in (loser, leader)]
            ratings = [
                Rating() if row is None else Rating(row.rating, row.rd, row.volatility)
                for row in old
            ]
            after = loss_to_leader(ratings[0], ratings[1])
            for account, rating in zip((loser, leader), after, strict=True):
                self.store.save_rating(
                    account,
                    game,
                    rating.rating,
                    rating.rd,
                    rating.volatility,
                    competition_id=competition,
                )

        await asyncio.to_thread(rate)

    async def _competition_ended(self, table: Table, standings: tuple[Standing, ...]) -> None:
        room_table = self.table(table.table_id)
        ranked = [s for s in standings if s.occupant.account_id is not None]
        if ranked and not ranked[0].busted:
            leader = ranked[0].occupant.account_id
            assert leader is not None
            # Time is up: everyone still in but the leader lost a game to the leader.
            for standing in ranked[1:]:
                if not standing.busted and standing.occupant.account_id is not None:
                    await self._rate_loss(table, standing.occupant.account_id, leader)
        if room_table.competition_id is not None:
            rows = [
                Placing(s.occupant.account_id, s.place, s.chips)
                for s in ranked
                if s.occupant.account_id is not None
            ]
            await asyncio.to_thread(self.store.finish_competition, room_table.competition_id, rows)
        room_table.competition_id = None
