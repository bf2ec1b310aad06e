"""Waiting lists (room/waiting.py) under any sequence of what players and the table do:
joins, leaves, seats freed and taken, offers running out.  Whatever the order, a list
names each player once and nobody seated, an offer is for the first in line and only
while a seat is free, and a seat held for them is refused to anyone else."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.room import RoomError
from studpoker.room.waiting import WaitingLists, free_seats
from studpoker.store import Account

PEOPLE = [
    Account(i, name, 0, False, False, datetime(2026, 1, 1, tzinfo=UTC))
    for i, name in enumerate(["ann", "bob", "cat", "dan", "eve", "fay"], 1)
]
SEATS = 3


@dataclass
class _Occupant:
    name: str
    account_id: int
    is_bot: bool = False


@dataclass
class _Seat:
    occupant: _Occupant


@dataclass
class _Config:
    players_at_most: int = SEATS


@dataclass
class _Table:
    """The part of a table the waiting lists read: its seats and how many may sit."""

    table_id: str = "t"
    config: _Config = field(default_factory=_Config)
    seats: dict[int, _Seat] = field(default_factory=dict)

    def seat_of_account(self, account_id: int) -> int | None:
        return next((n for n, s in self.seats.items() if s.occupant.account_id == account_id), None)


@dataclass
class _RoomTable:
    table: _Table = field(default_factory=_Table)


class _Clock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


def attempt(call: Any, *args: Any) -> tuple[Any, str | None]:
    """What ``call(*args)`` gives and None, or None and the code of the RoomError it
    raises."""
    try:
        return call(*args), None
    except RoomError as error:
        return None, error.code


actions = st.lists(
    st.tuples(
        st.sampled_from(["join", "leave", "sit", "stand", "wait"]),
        st.integers(0, len(PEOPLE) - 1),
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(actions)
def test_any_order_of_joins_leaves_sits_and_time_keeps_the_lists_sound(steps: list[Any]) -> None:
    room_table = _RoomTable()
    tables = {"t": room_table}
    clock = _Clock()
    told: list[str] = []
    lists = WaitingLists(lambda: tables, told.append, offer_seconds=30.0, clock=clock)
    table = room_table.table
    for kind, who in steps:
        account = PEOPLE[who]
        seated = table.seat_of_account(account.id) is not None
        if kind == "join":
            place, code = attempt(lists.join, account, room_table)  # type: ignore[arg-type]
            assert code in (None, "already_seated", "seat_free")
            assert (code == "already_seated") == seated
            if code is None:
                assert lists.entry("t")["waiting"][place - 1] == account.name
        elif kind == "leave":
            lists.leave(account, "t")
            assert account.name not in lists.entry("t")["waiting"]
        elif kind == "sit" and not seated:
            if free_seats(room_table) == 0:  # type: ignore[arg-type]
                continue
            _, code = attempt(lists.check_sit, account, room_table)  # type: ignore[arg-type]
            if code is not None:  # the one free seat is held for the first in line
                offer = lists.entry("t")["offer"]
                assert code == "seat_offered"
                assert offer is not None
                assert offer["name"] != account.name
                assert free_seats(room_table) == 1  # type: ignore[arg-type]
                continue
            number = next(n for n in range(SEATS) if n not in table.seats)
            table.seats[number] = _Seat(_Occupant(account.name, account.id))
            lists.seated(account, "t")
            lists.update("t")
        elif kind == "stand" and seated:
            number = table.seat_of_account(account.id)
            assert number is not None
            del table.seats[number]
            lists.update("t")
        elif kind == "wait":
            clock.now += 31.0  # an offer runs out
            lists.update("t")
        entry = lists.entry("t")
        waiting, offer = entry["waiting"], entry["offer"]
        seated_names = {s.occupant.name for s in table.seats.values()}
        assert len(waiting) == len(set(waiting))  # each once
        assert not seated_names & set(waiting)  # nobody seated waits
        if offer is not None:
            assert waiting
            assert offer["name"] == waiting[0]  # the first in line's
            assert free_seats(room_table) >= 1  # type: ignore[arg-type]
            assert offer["until"] > clock.now
        elif waiting:
            assert free_seats(room_table) == 0  # type: ignore[arg-type]


def test_a_table_gone_takes_its_list_with_it() -> None:
    room_table = _RoomTable()
    tables: dict[str, Any] = {"t": room_table}
    lists = WaitingLists(lambda: tables, lambda _t: None, clock=_Clock())
    for account in PEOPLE[:3]:
        room_table.table.seats[account.id] = _Seat(_Occupant(account.name, account.id))
    assert lists.join(PEOPLE[4], room_table) == 1  # type: ignore[arg-type]
    assert lists.waiting_accounts() == {PEOPLE[4].id}
    del tables["t"]
    lists.update("t")
    assert lists.entry("t") == {"waiting": [], "offer": None}
    assert lists.waiting_accounts() == set()
    with pytest.raises(KeyError):
        tables["t"]
