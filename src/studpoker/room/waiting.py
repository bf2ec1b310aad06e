"""Waiting lists (issue 36): a player joins a full table's list; when a seat frees, the
first in line is offered it for :data:`OFFER_SECONDS` — held for them, nobody else may
take it meanwhile — and after that, unanswered, leaves the list and the next is
offered it.  The list and its offer are in the table's lobby entry (names only), so a
player sees their place and the offer wherever they are in the room.

A list is kept by the process running the table, in memory: when the room stops or
the table moves to another process, its list starts empty again."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from studpoker.room.errors import RoomError
from studpoker.room.tables import RoomTable
from studpoker.store import Account

__all__ = ["OFFER_SECONDS", "WAITING_AT_MOST", "WaitingLists"]

OFFER_SECONDS = 30.0  # how long a freed seat is held for the first in line
WAITING_AT_MOST = 50  # names on one table's list


@dataclass(frozen=True, slots=True)
class _Waiter:
    account_id: int
    name: str


@dataclass(frozen=True, slots=True)
class _Offer:
    waiter: _Waiter
    until: float  # wall-clock seconds (the lobby shows the time left)


def free_seats(room_table: RoomTable) -> int:
    """Seats a person may take now: every seat but those people hold (a computer
    player gives way, R7.1)."""
    table = room_table.table
    people = sum(not seat.occupant.is_bot for seat in table.seats.values())
    return max(table.config.players_at_most - people, 0)


class WaitingLists:
    """Every table's waiting list and the seat offered from it.  ``tables`` are the
    room's tables; ``changed(table_id)`` is told whenever a list or an offer changes;
    ``clock`` is wall-clock seconds; ``offer_seconds`` how long an offer stands."""

    def __init__(
        self,
        tables: Callable[[], dict[str, RoomTable]],
        changed: Callable[[str], None],
        *,
        offer_seconds: float = OFFER_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._tables = tables
        self._changed = changed
        self.offer_seconds = offer_seconds
        self._clock = clock
        self._lists: dict[str, list[_Waiter]] = {}
        self._offers: dict[str, _Offer] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}

    # -- what the lobby shows ---------------------------------------------------------

    def entry(self, table_id: str) -> dict[str, Any]:
        """The table's list (names, first in line first) and its offer, for its lobby
        entry."""
        offer = self._offers.get(table_id)
        return {
            "waiting": [waiter.name for waiter in self._lists.get(table_id, ())],
            "offer": None
            if offer is None
            else {"name": offer.waiter.name, "until": round(offer.until, 3)},
        }

    def waiting_accounts(self) -> set[int]:
        """Every account on a list: each is sent the lobby as it changes."""
        return {waiter.account_id for waiters in self._lists.values() for waiter in waiters}

    # -- a player's -------------------------------------------------------------------

    def join(self, account: Account, room_table: RoomTable) -> int:
        """``account`` joins the list of the full ``room_table``: its place (1 first).
        Joining again keeps the place."""
        table = room_table.table
        table_id = table.table_id
        waiters = self._lists.setdefault(table_id, [])
        for place, waiter in enumerate(waiters, 1):
            if waiter.account_id == account.id:
                return place
        if table.seat_of_account(account.id) is not None:
            raise RoomError(
                f"{account.name} is already seated at {table_id}",
                "already_seated",
                name=account.name,
                table=table_id,
            )
        held = 1 if table_id in self._offers else 0  # a seat held for the first in line
        if free_seats(room_table) > held:
            raise RoomError(f"{table_id} has a free seat: sit down", "seat_free", table=table_id)
        if len(waiters) >= WAITING_AT_MOST:
            raise RoomError(
                f"{WAITING_AT_MOST} players wait for {table_id} already",
                "waiting_list_full",
                table=table_id,
                most=WAITING_AT_MOST,
            )
        waiters.append(_Waiter(account.id, account.name))
        self._changed(table_id)
        return len(waiters)

    def leave(self, account: Account, table_id: str) -> None:
        """``account`` leaves the list (and gives up a seat offered to it)."""
        if self._drop(table_id, account.id):
            self.update(table_id)

    def check_sit(self, account: Account, room_table: RoomTable) -> None:
        """A RoomError ``seat_offered`` when the only free seat is held for the first
        in line, and ``account`` is not them."""
        table_id = room_table.table.table_id
        offer = self._offers.get(table_id)
        if offer is None or offer.waiter.account_id == account.id:
            return
        if free_seats(room_table) <= 1:
            left = max(offer.until - self._clock(), 0.0)
            raise RoomError(
                f"the free seat is held for {offer.waiter.name}, first on the waiting list, "
                f"for {left:.0f} s more: join the list",
                "seat_offered",
                table=table_id,
                name=offer.waiter.name,
                seconds=round(left, 1),
            )

    def seated(self, account: Account, table_id: str) -> None:
        """``account`` sat down at ``table_id``: off its list."""
        if self._drop(table_id, account.id):
            self.update(table_id)

    # -- the room's ------------------------------------------------------------------

    def update(self, table_id: str) -> None:
        """Who sits at ``table_id`` may have changed: an offer that ran out goes (its
        player off the list), and a free seat is offered to the first in line."""
        room_table = self._tables().get(table_id)
        if room_table is None:
            self.forget(table_id)
            return
        offer = self._offers.get(table_id)
        if offer is not None and offer.until <= self._clock():
            self._drop(table_id, offer.waiter.account_id)
            offer = None
        waiters = self._lists.get(table_id)
        if offer is not None or not waiters or free_seats(room_table) == 0:
            return
        offer = _Offer(waiters[0], self._clock() + self.offer_seconds)
        self._offers[table_id] = offer
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test): read again at the next change
            pass
        else:
            self._timers[table_id] = loop.call_later(
                self.offer_seconds + 0.01, self.update, table_id
            )
        self._changed(table_id)

    def forget(self, table_id: str) -> None:
        """The table closed or went to another process: its list goes."""
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        had = self._lists.pop(table_id, None) or self._offers.pop(table_id, None)
        self._offers.pop(table_id, None)
        if had:
            self._changed(table_id)

    def _drop(self, table_id: str, account_id: int) -> bool:
        """``account_id`` off ``table_id``'s list, and its offer gone: whether it was there."""
        waiters = self._lists.get(table_id, [])
        kept = [waiter for waiter in waiters if waiter.account_id != account_id]
        offer = self._offers.get(table_id)
        offered = offer is not None and offer.waiter.account_id == account_id
        if len(kept) == len(waiters) and not offered:
            return False
        if kept:
            self._lists[table_id] = kept
        else:
            self._lists.pop(table_id, None)
        if offered:
            self._offers.pop(table_id, None)
            timer = self._timers.pop(table_id, None)
            if timer is not None:
                timer.cancel()
        self._changed(table_id)
        return True
