"""Sitting down, standing up, topping up and sitting out (R7.2), with the exact
errors, which change nothing."""

import asyncio
import re

import pytest

from studpoker.bots import CallingStation
from studpoker.engine import ActionKind
from studpoker.games import razz, seven_card_stud
from studpoker.table import Occupant, TableConfig, TableError, TableHooks

from .players import Room, Scripted, person, pusher, remote, run, stacks, until

K = ActionKind
CHIPS = TableConfig(seven_card_stud(), "chips", clock=5.0, time_bank=0.0, pause=0)


def seated(count: int, room: Room | None = None, config: TableConfig = CHIPS):
    room = room or Room()
    table = room.table(config)
    for n in range(count):
        table.sit(person(f"p{n}", n + 1), 10_000)
    return table


def refused(table, room, call, message):
    """``call`` raises TableError(message) and changes nothing at the table."""
    before = (table.snapshot(0), stacks(table), len(room.updates))
    with pytest.raises(TableError, match=r"^" + re.escape(message) + "$"):
        call()
    assert (table.snapshot(0), stacks(table), len(room.updates)) == before


def test_sit_takes_the_first_free_seat_or_the_one_asked():
    table = seated(0)
    assert table.sit(person("Ann", 1), 4000) == 0
    assert table.sit(person("Bo", 2), 40000, seat=5) == 5
    assert table.sit(person("Cai", 3), 10_000) == 1
    assert stacks(table) == {0: 4000, 1: 10_000, 5: 40000}


def test_sit_errors_r7_2():
    room = Room()
    table = seated(2, room)
    ann = table.seats[0].occupant
    station = CallingStation()
    cases = [
        (lambda: table.sit(person("Ann again", 1), 5000), "Ann again is already in seat 0"),
        (
            lambda: table.sit(Occupant("Other", 99, ann.player), 5000),
            "Other is already in seat 0",
        ),
        (lambda: table.sit(person("Dee", 4), 3999), "a buy-in is 4000 to 40000 chips, not 3999"),
        (lambda: table.sit(person("Dee", 4), 40001), "a buy-in is 4000 to 40000 chips, not 40001"),
        (lambda: table.sit(person("Dee", 4), 5000, seat=1), "seat 1 is taken"),
        (
            lambda: table.sit(person("Dee", 4), 5000, seat=8),
            "there is no seat 8: the seats are 0 to 7",
        ),
        (
            lambda: table.sit(Occupant("Bot", None, station, is_bot=True), 5000),
            "a chips table has no computer players (R7.2)",
        ),
    ]
    for call, message in cases:
        refused(table, room, call, message)
    for n in range(2, 8):
        table.sit(person(f"p{n}", n + 1), 5000)
    refused(
        table,
        room,
        lambda: table.sit(person("Dee", 40), 5000),
        "the table is full: 8 players at most",
    )


def test_stand_top_up_sit_out_errors():
    room = Room()
    table = seated(2, room)
    table.sit_out(1)
    cases = [
        (lambda: run(table.stand(4)), "seat 4 is empty"),
        (
            lambda: table.top_up(0, 30_001),
            "seat 0 may top up 30000 chips at most: a stack is 40000 at most",
        ),
        (lambda: table.top_up(0, 0), "a top-up is a whole number of chips, 1 or more, not 0"),
        (lambda: table.top_up(3, 100), "seat 3 is empty"),
        (lambda: table.sit_out(1), "seat 1 is already sitting out"),
        (lambda: table.sit_in(0), "seat 0 is not sitting out"),
        (lambda: table.sit_out(-1), "there is no seat -1: the seats are 0 to 7"),
    ]
    for call, message in cases:
        refused(table, room, call, message)


def test_top_up_between_hands_counts_at_once():
    table = seated(2)
    table.top_up(0, 30_000)
    assert stacks(table) == {0: 40_000, 1: 10_000}


def test_stand_between_hands_leaves_at_once_with_the_chips():
    room = Room()
    table = seated(3, room)
    run(table.play_hand())
    chips = table.seats[1].chips
    run(table.stand(1))
    assert 1 not in table.seats
    assert room.left == [(1, "p1", chips)]
    assert room.changes()[-1] == (1, "left")


def test_a_player_who_sits_during_a_hand_is_dealt_from_the_next():
    room = Room()
    table = seated(2, room)

    def sit_once(update):
        if update.kind == "hand_started" and update.hand_number == 1:
            table.sit(person("Late", 9), 5000)

    table.listeners.append(sit_once)
    first = run(table.play_hand())
    second = run(table.play_hand())
    assert first.seats == (0, 1)
    assert second.seats == (0, 1, 2)
    assert second.names == ("p0", "p1", "Late")


def test_a_player_who_stands_during_a_hand_folds_and_leaves_at_its_end():
    """The seat is folded when it must act; it leaves, cashing out, when the hand
    ends (after the hand is stored)."""
    room = Room()
    config = TableConfig(razz(), "chips", clock=5.0, time_bank=0.0, pause=0)
    table = room.table(config, seed=4)
    occupant, _player = remote("Ann", 1)
    table.sit(occupant, 10_000)
    table.sit(person("Bo", 2), 10_000)
    table.sit(person("Cai", 3), 10_000)

    async def scenario():
        playing = asyncio.create_task(table.play_hand())
        await until(lambda: table.turn is not None)
        await table.stand(1)
        assert 1 in table.seats
        assert table.seats[1].leaving
        with pytest.raises(
            TableError, match=r"^seat 1 is already leaving: it goes when this hand ends$"
        ):
            await table.stand(1)
        while not playing.done():
            await until(lambda: table.turn is not None or playing.done())
            if table.turn is not None:
                table.submit(0, "fold" if "fold" in _kinds(table) else "check", table.turn.seq)
        return await playing

    done = run(scenario())
    # Cai brings in, Ann folds, and Bo, who stood up during Ann's turn, is folded.
    assert [(seat, str(action)) for seat, action in done.hand.actions] == [
        (2, "bring_in"),
        (0, "fold"),
        (1, "fold"),
    ]
    assert 1 not in table.seats
    assert room.left == [(1, "Bo", done.result.stacks[1])]
    assert room.hands == [done]


def _kinds(table):
    return {option.kind.value for option in table.turn.legal_actions}


def test_the_seat_to_act_that_stands_is_folded_at_once():
    room = Room()
    config = TableConfig(razz(), "chips", clock=5.0, time_bank=0.0, pause=0)
    table = room.table(config)
    occupant, _player = remote("Ann", 1)
    table.sit(occupant, 10_000)
    table.sit(person("Bo", 2), 10_000)

    async def scenario():
        playing = asyncio.create_task(table.play_hand())
        await until(lambda: table.turn is not None)
        await table.stand(0)
        assert table.turn is None or table.turn.seat != 0
        return await playing

    done = run(scenario())
    ann = [action for seat, action in done.hand.actions if seat == 0]
    assert ann[-1].kind in (K.FOLD, K.BRING_IN)
    assert 0 not in table.seats
    assert room.left[0][:2] == (0, "Ann")


def test_top_up_during_a_hand_counts_when_it_ends():
    config = TableConfig(razz(), "chips", clock=5.0, time_bank=0.0, pause=0)
    room = Room()
    table = room.table(config)
    occupant, _player = remote("Ann", 1)
    table.sit(occupant, 4000)
    table.sit(person("Bo", 2), 10_000)

    async def scenario():
        playing = asyncio.create_task(table.play_hand())
        await until(lambda: table.turn is not None)
        table.top_up(0, 1000)
        assert table.seats[0].chips == 4000
        assert table.seats[0].top_up == 1000
        table.submit(0, "fold" if "fold" in _kinds(table) else "bring_in", table.turn.seq)
        while not playing.done():
            await until(lambda: table.turn is not None or playing.done())
            if table.turn is not None:
                table.submit(0, "fold", table.turn.seq)
        return await playing

    done = run(scenario())
    assert table.seats[0].chips == done.result.stacks[0] + 1000
    assert table.seats[0].top_up == 0


def test_a_player_sitting_out_is_not_dealt_and_leaves_after_missed_hands():
    """R8.3: 10 hands missed by default."""
    room = Room()
    table = seated(3, room)
    assert table.config.max_missed_hands == 10
    table.sit_out(2)
    for number in range(1, 10):
        done = run(table.play_hand())
        assert done.seats == (0, 1)
        assert table.seats[2].missed_hands == number
    run(table.play_hand())
    assert 2 not in table.seats
    assert room.left == [(2, "p2", 10_000)]


def test_sitting_in_again_starts_the_count_of_missed_hands_again():
    table = seated(3)
    table.sit_out(2)
    run(table.play_hand())
    run(table.play_hand())
    table.sit_in(2)
    assert table.seats[2].missed_hands == 0
    assert run(table.play_hand()).seats == (0, 1, 2)


def test_no_hand_with_fewer_than_two_players_in():
    table = seated(2)
    table.sit_out(1)
    assert run(table.play_hand()) is None
    assert table.next_hand_number == 1


def test_a_player_without_chips_sits_out_until_a_top_up():
    """A chips table deals only players with chips (R7.2)."""
    room = Room()
    config = TableConfig(seven_card_stud(), "chips", buy_in_min=100, clock=5.0, pause=0)
    table = room.table(config, seed=5)
    for n in range(3):
        table.sit(person(f"p{n}", n + 1, Scripted(pusher)), 100)
    while all(seat.chips for seat in table.seats.values()):
        run(table.play_hand())
    broke = next(n for n, seat in table.seats.items() if not seat.chips)
    assert table.seats[broke].sitting_out
    assert (broke, "sat_out") in room.changes()
    with pytest.raises(TableError, match=f"^seat {broke} has no chips: top up first$"):
        table.sit_in(broke)
    table.top_up(broke, 500)
    table.sit_in(broke)
    assert broke in run(table.play_hand()).seats


def test_a_hook_may_change_the_seats_without_waiting_for_itself():
    room = Room()
    table = seated(3, room)
    table.sit_out(2)

    async def on_hand_end(t, done):
        await t.stand(2)  # a player sitting out, not in the hand: leaves at once

    table.hooks = TableHooks(on_hand_end=on_hand_end, on_seat_left=room.hooks.on_seat_left)
    run(asyncio.wait_for(table.play_hand(), timeout=5))
    assert 2 not in table.seats
    assert room.left == [(2, "p2", 10_000)]
