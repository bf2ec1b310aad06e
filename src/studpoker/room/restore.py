"""The room's tables opened again as they were (docs/scaling.md, "A hand survives its
process"): when the room starts, every table it keeps is opened with the choices it was
opened with, its people back in their seats, and the hand it was playing dealt again
from the same deck and played on from its last action — same cards, same seat to act,
clocks restarted — rather than void.

The money stays the ledger's (DESIGN.md idea 4): a chips seat comes back with the chips
the store holds for it, and chips held for nobody seated go back to their balance.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from studpoker.cards import Card
from studpoker.room.errors import RoomError
from studpoker.room.privacy import Privacy
from studpoker.room.state import log
from studpoker.room.tables import RoomTable
from studpoker.room.tournament_tables import RoomTournamentTables
from studpoker.store import RunningHand, SavedTable
from studpoker.table import (
    Competition,
    Occupant,
    RemotePlayer,
    ResumedHand,
    Seat,
    Table,
    TableError,
    gone_occupant,
)

__all__ = ["RoomRestore"]


class RoomRestore(RoomTournamentTables):
    """A room's tables reopened."""

    async def _reopen_tables(self) -> None:
        """Open every table the room keeps that no other process runs, as it was; pay
        back the chips held at tables the room no longer keeps."""
        kept = await asyncio.to_thread(self.store.kept_tables)
        self.known_tables.update(saved.table_id for saved in kept)
        for saved in kept:
            await self._reopen(saved)
        names = {saved.table_id for saved in kept}
        holdings = await self.cashier.holdings()
        for table_id in sorted({table for table, _ in holdings} - names):
            owned = await self.registry.own(table_id)  # nobody runs it: its chips go back
            if owned is None:
                continue
            try:
                for (table, account_id), chips in sorted(holdings.items()):
                    if table == table_id:
                        await self.cashier.pay_back(account_id, table_id, fence=owned[1])
                        log.info(
                            "returned %d chips of account %d at %s", chips, account_id, table_id
                        )
            finally:
                await self.leases.release(owned[0])

    async def _reopen(self, saved: SavedTable) -> bool:
        """Open kept table ``saved`` as it was, if no other process runs it: its people
        seated, its running hand played on (or void if it cannot be), the chips held
        there for nobody seated paid back.  Whether this process runs it now."""
        table_id = saved.table_id
        if table_id in self.tables or table_id in self.registry.broken:
            return False
        owned = await self.registry.own(table_id)
        if owned is None:
            return False
        lease, fence = owned
        try:
            hand = await asyncio.to_thread(self.store.running_hand, table_id)
            holdings = await self.cashier.holdings(table_id)
            await self.cashier.clear_books(table_id)
            reopened = _Reopened(self, saved, hand, holdings)
            try:
                choices = json.loads(saved.config)
                private = choices.pop("private", None)  # the room's, not the table's
                privacy = None if private is None else Privacy.kept(private)
                config = self._table_config(**choices)
                await self._open(
                    table_id,
                    config,
                    saved.created_by,
                    reopened.restore,
                    owned=owned,
                    privacy=privacy,
                )
            except (RoomError, TableError, ValueError, TypeError, KeyError) as error:
                log.error("table %s could not be opened again: %s", table_id, error)
                self.registry.broken.add(table_id)
                reopened.resumed = False
            if hand is not None and not reopened.resumed:  # no table plays it on: void
                await asyncio.to_thread(self.store.void_hand, table_id, hand.number, fence=fence)
                log.info("hand %d of %s was cut short: void", hand.number, table_id)
            elif hand is not None:
                log.info("table %s: hand %d goes on", table_id, hand.number)
            if table_id not in self.tables:  # an opened table paid these back before it ran
                await _pay_back(self, table_id, holdings, fence, seated=lambda _: False)
        except BaseException:
            if table_id not in self.tables:
                await self.leases.release(lease)
            raise
        if table_id not in self.tables:  # could not be opened: let go of it
            await self.leases.release(lease)
            return False
        self._seating_changed(table_id)
        for account_id in sorted(reopened.people):  # not connected until back (R8.3)
            self.attendance.disconnected(account_id)
        return True


class _Reopened:
    """What one kept table is opened with: its seats from its seating, the running
    hand's from its setup, the chips of a chips table from the ledger."""

    def __init__(
        self,
        room: RoomRestore,
        saved: SavedTable,
        hand: RunningHand | None,
        holdings: dict[tuple[str, int], int],
    ) -> None:
        self.room = room
        self.saved = saved
        self.hand = hand
        self.holdings = holdings
        self.people: set[int] = set()
        self.resumed = False

    async def restore(self, table: Table, room_table: RoomTable) -> None:
        seating: dict[str, Any] = json.loads(self.saved.seating or "{}")
        setup: dict[str, Any] | None = None if self.hand is None else json.loads(self.hand.setup)
        chips_table = table.config.mode == "chips"
        bank = float(table.config.time_bank)
        seats: dict[int, Seat] = {}
        dealt: list[int] = []
        if setup is not None:
            for number, account, name, chips in setup["seats"]:
                if account is None:
                    occupant = Occupant(name, None, table.bot_for(number), is_bot=True)
                else:
                    occupant = self._person(table, account, name)
                seats[number] = Seat(number, occupant, chips, bank)
                dealt.append(number)
        for number, account, name, chips, top_up, out, leaving in seating.get("seats", []):
            if number in seats:
                same = seats[number]
                if same.occupant.account_id == account:
                    same.top_up, same.sitting_out, same.leaving = top_up, out, leaving
                continue
            if account is None or self._seated(seats, account):
                continue
            seats[number] = Seat(number, self._person(table, account, name), chips, bank)
            seats[number].sitting_out = out
        for number, account, name, chips in seating.get("waiting", []):
            bot_seat = seats.get(number)
            if (
                bot_seat is not None
                and bot_seat.occupant.is_bot
                and not self._seated(seats, account)
            ):
                bot_seat.successor = (self._person(table, account, name), chips)
        rollover = int(seating.get("rollover", 0))
        if chips_table:
            rollover = table.rollover  # the ledger's (lobby._open read it)
            for seat in seats.values():
                account = seat.occupant.account_id
                if account is None or seat.occupant.is_bot:
                    continue
                holding = self.holdings.get((table.table_id, account), 0)
                if seat.number in dealt:
                    if holding < seat.chips:  # the ledger holds less than the hand had
                        log.error(
                            "table %s: account %d holds %d, its running hand dealt it %d: "
                            "the hand is void",
                            table.table_id,
                            account,
                            holding,
                            seat.chips,
                        )
                        setup, dealt = None, []
                        break
                    seat.top_up = holding - seat.chips
                else:
                    seat.chips, seat.top_up = holding, 0
        if setup is None:  # no hand to play on: its computer players are seated anew
            seats = self._voided(table, seats)
        for seat in seats.values():
            if not seat.occupant.is_bot:
                seat.connected = False
            if chips_table and not seat.chips and not seat.top_up:
                seat.sitting_out = True
        competition = None
        kept = seating.get("competition")
        if kept is not None and table.config.mode == "competition":
            now = table.clock.now()
            left = datetime.fromisoformat(kept["ends_at"]) - datetime.now(UTC)
            competition = Competition(
                now,
                now + max(left.total_seconds(), 0.0),
                int(kept["entrants"]),
                [(seat, gone_occupant(name, account)) for seat, account, name in kept["out"]],
            )
            room_table.competition_id = seating.get("competition_id")
        resumed = None
        if setup is not None and self.hand is not None:
            resumed = ResumedHand(
                self.hand.number,
                self.hand.started_at,
                tuple(dealt),
                tuple(seats[n].chips for n in dealt),
                tuple(None if card is None else Card.parse(card) for card in setup["deck"]),
                int(setup["carry_in"]),
                self.hand.actions,
                setup.get("seeds"),  # the same seeds, deck and tree (docs/fairness.md)
            )
        try:
            table.restore(
                list(seats.values()), rollover=rollover, competition=competition, resumed=resumed
            )
        except TableError as error:  # the hand cannot be dealt again: void, seats kept
            if resumed is None:
                raise
            log.error("table %s: %s", table.table_id, error)
            resumed = None
            seats = self._voided(table, seats)
            table.restore(list(seats.values()), rollover=rollover, competition=competition)
        self.resumed = resumed is not None
        # Before the table runs: its first deal checks its books against the ledger.
        await _pay_back(
            self.room,
            table.table_id,
            self.holdings,
            room_table.fence,
            seated=lambda account: table.seat_of_account(account) is not None,
        )
        for seat in seats.values():
            account = seat.occupant.account_id
            if account is not None and not seat.occupant.is_bot:
                self.people.add(account)

    def _voided(self, table: Table, seats: dict[int, Seat]) -> dict[int, Seat]:
        """The people's seats when the running hand is void: the computer players go
        (seated anew before the next hand), and a chips seat has what the ledger holds."""
        people = {n: seat for n, seat in seats.items() if not seat.occupant.is_bot}
        if table.config.mode == "chips":
            for seat in people.values():
                account = seat.occupant.account_id
                assert account is not None
                seat.chips, seat.top_up = self.holdings.get((table.table_id, account), 0), 0
        return people

    def _person(self, table: Table, account: int, name: str) -> Occupant:
        return Occupant(name, account, RemotePlayer())

    @staticmethod
    def _seated(seats: dict[int, Seat], account: int) -> bool:
        return any(
            seat.occupant.account_id == account
            or (seat.successor is not None and seat.successor[0].account_id == account)
            for seat in seats.values()
        )


async def _pay_back(
    room: RoomRestore,
    table_id: str,
    holdings: dict[tuple[str, int], int],
    fence: int | None,
    *,
    seated: Callable[[int], bool],
) -> None:
    """The chips the ledger holds at ``table_id`` for anyone not ``seated`` there go
    back to their balance."""
    for (_, account_id), chips in sorted(holdings.items()):
        if chips and not seated(account_id):
            await room.cashier.pay_back(account_id, table_id, fence=fence)
            log.info("returned %d chips of account %d at %s", chips, account_id, table_id)
