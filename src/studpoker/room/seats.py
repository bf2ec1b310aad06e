"""Seats and the money that moves with them (DESIGN.md idea 4): a buy-in and the seat
as one step, a top-up, standing up, acting from a seat.  Each chip moves through the
room's cashier (room/cashier.py), under the table's lock where a seat and its chips
must move as one step."""

from __future__ import annotations

from studpoker.engine import Action
from studpoker.room.errors import RoomError
from studpoker.room.state import RoomState
from studpoker.room.tables import RoomTable
from studpoker.store import Account
from studpoker.table import Occupant, RemotePlayer, Table, TableError

__all__ = ["TABLES_AT_ONCE", "RoomSeats"]

TABLES_AT_ONCE = 4  # tables a player sits at at once (issue 36), tournaments apart


def _may_play(account: Account, mode: str) -> None:
    """A RoomError unless ``account`` may play at a ``mode`` table: a guest and a remote
    computer player only at practice tables (R7.2, R7.3)."""
    if account.guest and mode != "practice":
        raise RoomError(
            "guests play at practice tables only: register to play for chips",
            "guests_practice_only",
        )
    if account.bot and mode != "practice":
        raise RoomError(
            "computer players play at practice tables only",
            "bots_practice_only",
            mode=mode,
        )


def _not_a_tournaments(room_table: RoomTable) -> None:
    """A tournament's seats are its director's: a player enters the tournament, and
    stays in it until they bust (R8.4: an absent player keeps the seat)."""
    if room_table.tournament_id is not None:
        raise RoomError(
            "the tournament started: a player cannot sit down at its tables nor leave them",
            "tournament_started",
            tournament=room_table.tournament_id,
        )


class RoomSeats(RoomState):
    """A room's seats and the money that moves with them."""

    def seat_of(self, account_id: int, table_id: str) -> int | None:
        room_table = self.tables.get(table_id)
        if room_table is None:
            return None
        return room_table.table.seat_of_account(account_id)

    def player(self, account_id: int, table_id: str) -> RemotePlayer | None:
        """The account's player at the table while it sits there: the seat's occupant
        holds it (the table is the one place that says who sits where)."""
        room_table = self.tables.get(table_id)
        seat = None if room_table is None else room_table.table.seat_of_account(account_id)
        if room_table is None or seat is None:
            return None
        player = room_table.table.seats[seat].occupant.player
        return player if isinstance(player, RemotePlayer) else None

    async def sit(
        self,
        account: Account,
        table_id: str,
        *,
        seat: int | None = None,
        buy_in: int | None = None,
        invite: str | None = None,
    ) -> int:
        """Seat ``account`` at ``table_id``; at a chips table ``buy_in`` comes from
        the balance through the ledger (R7.2, the cashier's).  The buy-in and the seat
        are one step: no other seat operation of the table, and no deal, comes between
        them.  A private table seats its host and those showing its ``invite``
        (room/privacy.py); a seat held for the first on the waiting list is theirs
        (room/waiting.py)."""
        room_table = self.table(table_id)
        _not_a_tournaments(room_table)
        table = room_table.table
        config = table.config
        _may_play(account, config.mode)
        if room_table.privacy is not None:
            room_table.privacy.check_sit(account, table_id, invite)
        amount = config.buy_in_max
        if config.mode == "chips":
            try:
                amount = config.check_buy_in(config.buy_in_min if buy_in is None else buy_in)
            except TableError as error:
                raise RoomError.of(error) from None
        async with table.exclusive():
            if self.seat_of(account.id, table_id) is not None:
                raise RoomError(
                    f"{account.name} is already seated at {table_id}",
                    "already_seated",
                    name=account.name,
                    table=table_id,
                )
            self._check_tables(account, table_id)
            self.waiting.check_sit(account, room_table)
            number = await self._sit_down(account, room_table, amount, seat)
            self.waiting.seated(account, table_id)
            return number

    def _check_tables(self, account: Account, table_id: str) -> None:
        """A RoomError ``seats_limit`` when ``account`` already plays at
        :data:`TABLES_AT_ONCE` tables of this process (several tables at once,
        issue 36)."""
        held = [
            other
            for other, room_table in self.tables.items()
            if other != table_id
            and room_table.tournament_id is None
            and room_table.table.seat_of_account(account.id) is not None
        ]
        if len(held) >= TABLES_AT_ONCE:
            raise RoomError(
                f"{account.name} plays at {len(held)} tables already: "
                f"{TABLES_AT_ONCE} at once at most",
                "seats_limit",
                name=account.name,
                most=TABLES_AT_ONCE,
                tables=sorted(held),
            )

    async def _sit_down(
        self, account: Account, room_table: RoomTable, amount: int, seat: int | None
    ) -> int:
        """``account`` seated with ``amount`` (a chips table's bought in), under the
        table's lock."""
        table = room_table.table
        config = table.config
        table_id = table.table_id
        player = RemotePlayer()
        occupant = Occupant(account.name, account.id, player)
        if config.mode != "chips":
            try:
                number = table.sit(occupant, amount, seat)
            except TableError as error:
                raise RoomError.of(error) from None
            return number
        try:
            table.check_sit(occupant, amount, seat)
        except TableError as error:
            raise RoomError.of(error) from None
        await self.cashier.buy_in(account, table_id, amount)
        try:
            number = table.sit(occupant, amount, seat)
        except TableError as error:  # checked above: only a bug comes here
            await self.cashier.refund(table, account.id, amount)
            raise RoomError.of(error) from None
        await self.cashier.check_books(table)
        return number

    def _seated(self, account: Account, table_id: str) -> tuple[Table, int]:
        table = self.table(table_id).table
        number = self.seat_of(account.id, table_id)
        if number is None:
            raise RoomError(
                f"{account.name} is not seated at {table_id}", "not_seated", table=table_id
            )
        return table, number

    async def stand(self, account: Account, table_id: str) -> None:
        """``account`` leaves its seat: at once between hands (its stack goes back to
        its balance), at the end of the hand when it plays one."""
        _not_a_tournaments(self.table(table_id))
        table = self.table(table_id).table
        async with table.exclusive():
            _, number = self._seated(account, table_id)
            try:
                await table.stand(number)
            except TableError as error:
                raise RoomError.of(error) from None
            await self.cashier.check_books(table)

    async def remove_seat(self, table_id: str, number: int) -> str:
        """The operator removes the person at seat ``number`` of ``table_id``: at once
        between hands, at the end of the hand when they play one, paid out as if they
        had stood up.  Their name."""
        room_table = self.table(table_id)
        _not_a_tournaments(room_table)
        table = room_table.table
        async with table.exclusive():
            seat = table.seats.get(number)
            if seat is None:
                raise RoomError(f"nobody sits at seat {number} of {table_id}", "seat_empty",
                                seat=number)  # fmt: skip
            if seat.occupant.is_bot or seat.occupant.account_id is None:
                raise RoomError(
                    "a computer player comes and goes with the people at a practice table",
                    "computer_player",
                    table=table_id,
                    seat=number,
                )
            try:
                await table.stand(number)
            except TableError as error:
                raise RoomError.of(error) from None
            await self.cashier.check_books(table)
        return seat.occupant.name

    async def top_up(self, account: Account, table_id: str, amount: int) -> None:
        """Buy ``amount`` more chips for ``account``'s seat (R7.2): the buy-in and the
        top-up are one step, as in :meth:`sit`."""
        table = self.table(table_id).table
        if table.config.mode != "chips":
            raise RoomError(
                "only a chips table takes top-ups: practice chips are unlimited",
                "no_top_ups",
                mode=table.config.mode,
            )
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise RoomError(
                f"a top-up is a whole number of chips above 0, not {amount!r}", "malformed"
            )
        async with table.exclusive():
            _, number = self._seated(account, table_id)
            try:
                table.check_top_up(number, amount)
            except TableError as error:
                raise RoomError.of(error) from None
            await self.cashier.buy_in(account, table_id, amount)
            try:
                table.top_up(number, amount)
            except TableError as error:  # checked above: only a bug comes here
                await self.cashier.refund(table, account.id, amount)
                raise RoomError.of(error) from None
            await self.cashier.check_books(table)

    def sit_out(self, account: Account, table_id: str, out: bool = True) -> None:
        table, number = self._seated(account, table_id)
        try:
            if out:
                table.sit_out(number)
            else:
                table.sit_in(number)
        except TableError as error:
            raise RoomError.of(error) from None

    def auto_muck(self, account: Account, table_id: str, on: bool) -> None:
        """ "Auto-muck losing hands" at ``account``'s seat (Table.set_auto_muck)."""
        table, number = self._seated(account, table_id)
        try:
            table.set_auto_muck(number, on)
        except TableError as error:
            raise RoomError.of(error) from None

    def client_seed(self, account: Account, table_id: str, hand_id: str, seed: str) -> None:
        """``account``'s client seed for hand ``hand_id`` at its seat (Table.take_client_seed,
        docs/fairness.md)."""
        table, number = self._seated(account, table_id)
        try:
            table.take_client_seed(number, hand_id, seed)
        except TableError as error:
            raise RoomError.of(error) from None

    def act(self, account: Account, table_id: str, action: Action | str, seq: int) -> None:
        """``account``'s answer to decision ``seq``: only for its own seat (the table
        refuses a stale or repeated number and an illegal action)."""
        table, number = self._seated(account, table_id)
        try:
            table.submit(number, action, seq)
        except TableError as error:
            raise RoomError.of(error) from None

    # -- waiting lists and private tables (issue 36) --------------------------------------

    def join_waiting(self, account: Account, table_id: str, invite: str | None = None) -> int:
        """``account`` joins full table ``table_id``'s waiting list (room/waiting.py):
        its place, 1 first.  Only those who may sit there may wait for it."""
        room_table = self.table(table_id)
        _not_a_tournaments(room_table)
        _may_play(account, room_table.table.config.mode)
        if room_table.privacy is not None:
            room_table.privacy.check_sit(account, table_id, invite)
        return self.waiting.join(account, room_table)

    def leave_waiting(self, account: Account, table_id: str) -> None:
        """``account`` leaves ``table_id``'s waiting list, if it is on it."""
        self.table(table_id)
        self.waiting.leave(account, table_id)

    def check_watch(self, account: Account | None, table_id: str, invite: str | None) -> None:
        """A RoomError ``invite_only`` unless whoever asks may watch ``table_id``: any
        table but a private one whose host let only the invited watch."""
        room_table = self.table(table_id)
        if room_table.privacy is not None:
            room_table.privacy.check_watch(account, table_id, invite)

    def invite_of(self, account: Account, table_id: str) -> str:
        """The invite of private table ``table_id``, for its host alone."""
        room_table = self.table(table_id)
        privacy = room_table.privacy
        if privacy is None or privacy.host_id != account.id:
            raise RoomError(
                f"only the host of a private table gets its invite: {table_id} is not "
                f"{account.name}'s",
                "not_host",
                table=table_id,
            )
        return privacy.invite

    def choose_game(self, account: Account, table_id: str, game: str) -> None:
        """At a dealer's choice table, ``account`` chooses the game of the next block
        of hands when it is theirs to choose (games.rotation)."""
        table, number = self._seated(account, table_id)
        try:
            table.choose_game(number, game)
        except TableError as error:
            raise RoomError.of(error) from None
