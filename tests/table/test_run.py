"""A table running on its own: hand after hand with a pause between them, waiting
for players when there are too few, stopping after the hand being played."""

import asyncio

import pytest

from studpoker.games import razz
from studpoker.table import TableConfig, TableError

from .players import Room, answer_at_once, person, remote, run, stacks, until


def test_run_plays_hands_until_stopped_and_finishes_the_hand_being_played():
    room = Room()
    config = TableConfig(razz(), "chips", clock=5.0, pause=0.01)
    table = room.table(config)
    table.sit(person("Ann", 1), 10_000)
    table.sit(person("Bo", 2), 10_000)

    async def scenario():
        stop = asyncio.Event()
        running = asyncio.create_task(table.run(stop))
        await until(lambda: len(room.hands) >= 3)
        stop.set()
        await running

    run(scenario())
    assert 3 <= len(room.hands) <= 4
    assert [done.number for done in room.hands] == list(range(1, len(room.hands) + 1))
    assert table.current_hand is None
    assert sum(stacks(table).values()) == 20_000


def test_run_waits_for_a_second_player():
    room = Room()
    config = TableConfig(razz(), "chips", clock=5.0, pause=0)
    table = room.table(config)
    table.sit(person("Ann", 1), 10_000)

    async def scenario():
        stop = asyncio.Event()
        running = asyncio.create_task(table.run(stop))
        for _ in range(20):
            await asyncio.sleep(0)
        assert room.hands == []
        table.sit(person("Bo", 2), 10_000)
        await until(lambda: len(room.hands) >= 2)
        stop.set()
        await running

    run(scenario())


def test_a_hand_cut_short_is_void():
    """Every stack is as it was before it (the table takes a hand's result only
    when it is over)."""
    room = Room()
    config = TableConfig(razz(), "chips", clock=5.0, time_bank=0.0, pause=0)
    table = room.table(config)
    occupant, player = remote("Ann", 1)
    table.sit(occupant, 10_000)
    table.sit(person("Bo", 2), 10_000)

    async def scenario():
        playing = asyncio.create_task(table.play_hand())
        await until(lambda: table.turn is not None)
        with pytest.raises(TableError, match=r"^a hand is being played at this table$"):
            await table.play_hand()
        with pytest.raises(
            TableError, match=r"^a hand is being played: stop the table before closing it$"
        ):
            await table.close()
        playing.cancel()
        with pytest.raises(asyncio.CancelledError):
            await playing

    run(scenario())
    assert stacks(table) == {0: 10_000, 1: 10_000}
    assert room.updates[-1].kind == "hand_cancelled"
    assert table.current_hand is None
    assert table.turn is None
    assert player.pending is None
    answer_at_once(table)
    assert run(table.play_hand()).number == 2  # a number is never used twice


def test_a_closed_table_takes_nobody():
    table = Room().table(TableConfig(razz(), "chips"))
    run(table.close())
    with pytest.raises(TableError, match=r"^the table is closed$"):
        table.sit(person("Ann", 1), 10_000)
    assert run(table.play_hand()) is None
