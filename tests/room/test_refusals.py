"""The refusals a Python caller of the room meets and a client's messages cannot reach
(the server's models bound them first): each a RoomError with its code and params, and
nothing changed."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from studpoker.games import seven_card_stud
from studpoker.room import Room, RoomError
from studpoker.store import Account, Store
from studpoker.table import Occupant, RemotePlayer, Table, TableConfig, TableError


def refusal(error: pytest.ExceptionInfo[RoomError]) -> tuple[str, str, dict[str, Any]]:
    return str(error.value), error.value.code, error.value.params


def in_a_room(test: Callable[[Room, Account], Awaitable[None]], **options: Any) -> None:
    """Run ``test`` with a room of one chips table, "blue", and ann with 10000 chips."""

    async def run() -> None:
        room = Room(Store("sqlite://"), seed=3, pause=0, clock=30, default_tables=False, **options)
        await room.start()
        await room.create_table("razz", "chips", table_id="blue")
        ann, _ = await room.register("ann", "password1")
        room.store.deposit(ann.id, 10_000)
        try:
            await test(room, ann)
        finally:
            await room.stop()

    asyncio.run(run())


def test_a_table_s_options_a_caller_gives():
    async def test(room: Room, ann: Account) -> None:
        cases = [
            (
                {"clock": 1e9},
                "clock is a number of seconds from 5 to 120, not 1000000000.0",
                "clock_range",
                {"minimum": 5.0, "maximum": 120.0},
            ),
            (
                {"name": "slow\u200brazz"},
                "a table name holds visible characters and spaces only, not U+200B",
                "table_name_characters",
                {"character": "U+200B"},
            ),
            (
                {"name": "a" * 41},
                "a table name is 40 characters at most, not 41",
                "table_name_length",
                {"maximum": 40, "length": 41},
            ),
            ({"name": 7}, "a table name is text, not 7", "malformed", {}),
            (
                {"stakes": {"ante": 10**30}},
                f"ante must be at most 1000000000 chips, not {10**30}",
                "invalid_stakes",
                {},
            ),
            (
                {"table_id": "blue"},
                "there is already a table 'blue'",
                "table_exists",
                {"table": "blue"},
            ),
        ]
        for options, message, code, params in cases:
            with pytest.raises(RoomError) as refused:
                await room.create_table("razz", "practice", **options)
            assert refusal(refused) == (message, code, params)
        assert list(room.tables) == ["blue"]

    in_a_room(test)


def test_a_five_card_stud_table_s_seats_and_options_a_caller_gives():
    """Ten seats at most (R9.1); the open pair its one option, on or off (R9.3); the
    other games' options are not its own."""

    async def test(room: Room, ann: Account) -> None:
        cases = [
            (
                "five_card_stud",
                {"seats": 11},
                "a five_card_stud table has 2 to 10 seats, not 11",
                "seats_range",
                {"game": "five_card_stud", "minimum": 2, "maximum": 10, "seats": 11},
            ),
            (
                "five_card_stud",
                {"options": {"open_pair_double": "yes"}},
                "open_pair_double is true or false, not 'yes'",
                "malformed",
                {},
            ),
            (
                "five_card_stud",
                {"options": {"showhand_allowed": True}},
                "the options of a five_card_stud table are open_pair_double, "
                "not 'showhand_allowed'",
                "unknown_options",
                {
                    "game": "five_card_stud",
                    "options": ["showhand_allowed"],
                    "allowed": ["open_pair_double"],
                },
            ),
            (
                "razz",
                {"options": {"open_pair_double": True}},
                "the options of a razz table are none, not 'open_pair_double'",
                "unknown_options",
                {"game": "razz", "options": ["open_pair_double"], "allowed": []},
            ),
            (
                "five_card_stud",
                {"stakes": {"bring_in": 0, "ante": 0}},
                "a stud game needs a bring-in or an ante",
                "invalid_stakes",
                {},
            ),
        ]
        for game, options, message, code, params in cases:
            with pytest.raises(RoomError) as refused:
                await room.create_table(game, "chips", **options)
            assert refusal(refused) == (message, code, params)
        assert list(room.tables) == ["blue"]

    in_a_room(test)


def test_options_of_the_room_itself_that_no_table_takes_are_internal():
    async def run() -> None:
        room = Room(Store("sqlite://"), time_bank=-1.0, default_tables=False)
        await room.start()
        with pytest.raises(RoomError) as refused:
            await room.create_table("razz", "practice")
        assert refusal(refused) == (
            "time_bank is a number of seconds, 0 or more, not -1.0",
            "internal",
            {},
        )
        assert room.tables == {}
        await room.stop()

    asyncio.run(run())


def test_amounts_that_are_not_whole_chips_are_malformed():
    async def test(room: Room, ann: Account) -> None:
        with pytest.raises(RoomError) as refused:
            await room.sit(ann, "blue", buy_in=4000.5)  # type: ignore[arg-type]
        assert refusal(refused) == (
            "a buy-in is a whole number of chips, not 4000.5",
            "malformed",
            {},
        )
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        for amount in (0, True, "100"):
            with pytest.raises(RoomError) as refused:
                await room.top_up(ann, "blue", amount)  # type: ignore[arg-type]
            assert refusal(refused) == (
                f"a top-up is a whole number of chips above 0, not {amount!r}",
                "malformed",
                {},
            )
        assert room.store.account(ann.id).balance == 6000

    in_a_room(test)


def test_a_chat_line_too_long_once_read_and_an_account_gone():
    async def test(room: Room, ann: Account) -> None:
        with pytest.raises(RoomError) as refused:
            room.say(ann, "blue", "a" * 301)
        assert refusal(refused) == (
            "a chat line is 300 characters at most, not 301",
            "chat_length",
            {"maximum": 300, "length": 301},
        )
        assert not room.tables["blue"].chat
        gone = Account(999, "ghost", 0, False, False, datetime.now(UTC))
        with pytest.raises(RoomError) as refused:
            await room.fresh(gone)
        assert refusal(refused) == ("no account 999", "no_account", {"account": 999})

    in_a_room(test)


def test_a_table_stopped_or_closed_seats_nobody():
    async def test(room: Room, ann: Account) -> None:
        table = room.tables["blue"].table
        table.halt("its books disagree")
        with pytest.raises(RoomError) as refused:
            await room.sit(ann, "blue", seat=0, buy_in=4000)
        assert refusal(refused) == (
            "the table deals no more hands: its books disagree",
            "table_stopped",
            {},
        )
        await room.create_table("razz", "practice", table_id="green")
        green = room.tables["green"]
        green.stop.set()
        assert green.task is not None
        await green.task
        await green.table.close()
        with pytest.raises(RoomError) as refused:
            await room.sit(ann, "green", seat=0)
        assert refusal(refused) == ("the table is closed", "table_closed", {})
        assert room.store.account(ann.id).balance == 10_000
        assert room.seat_of(ann.id, "blue") is None

    in_a_room(test)


def test_a_seat_without_chips_sits_in_only_after_a_top_up():
    async def test(room: Room, ann: Account) -> None:
        await room.sit(ann, "blue", seat=2, buy_in=4000)
        seat = room.tables["blue"].table.seats[2]
        room.sit_out(ann, "blue")
        seat.chips = 0  # as after a hand lost all in
        with pytest.raises(RoomError) as refused:
            room.sit_out(ann, "blue", False)
        assert refusal(refused) == (
            "seat 2 has no chips: top up first",
            "no_chips",
            {"seat": 2},
        )
        assert seat.sitting_out

    in_a_room(test)


def test_the_table_s_own_refusals_name_their_code():
    """What only a caller of the Table meets: the room asks before it."""
    table = Table("t", TableConfig(seven_card_stud(), "competition"))
    with pytest.raises(TableError) as empty:
        table.sit_out(3)
    assert (str(empty.value), empty.value.code, empty.value.params) == (
        "seat 3 is empty",
        "seat_empty",
        {"seat": 3},
    )
    seat = table.sit(Occupant("ann", 1, RemotePlayer()), 0, 0)
    with pytest.raises(TableError) as top_up:
        table.check_top_up(seat, 100)
    assert (str(top_up.value), top_up.value.code, top_up.value.params) == (
        "a competition has no top-ups: everyone plays the chips they got",
        "no_top_ups",
        {"mode": "competition"},
    )
    practice = Table("p", TableConfig(seven_card_stud(), "practice"))
    with pytest.raises(TableError) as competition:
        practice.start_competition()
    assert (str(competition.value), competition.value.code, competition.value.params) == (
        "a practice table holds no competitions",
        "not_competition",
        {"table": "p"},
    )
