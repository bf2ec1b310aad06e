"""Practice tables (R7.1): computer players fill the empty seats up to eight at
the start of each hand and give their seat up when a person sits down; chips are
unlimited (everyone is topped up before a hand); the showhand is not allowed."""

import asyncio
import re

import pytest

from studpoker.bots import CallingStation
from studpoker.engine import ActionKind, Showhand
from studpoker.games import razz, seven_card_stud, show_hand
from studpoker.table import TableConfig, TableError

from .players import Room, Scripted, answer_at_once, person, pusher, remote, run, until

K = ActionKind


def practice(spec=None, room=None, **options):
    room = room or Room()
    options = {"clock": 5.0, "time_bank": 0.0, "pause": 0} | options
    config = TableConfig(spec or seven_card_stud(), "practice", **options)
    made = []

    def bots(seat):
        made.append(seat)
        return CallingStation()

    return room.table(config, seed=3, bot_factory=bots), room, made


def answer(turn):
    allowed = {o.kind for o in turn.legal_actions}
    return next(k for k in (K.BRING_IN, K.CHECK, K.FOLD, K.MUCK) if k in allowed).value


def bot_seats(table):
    return sorted(n for n, seat in table.seats.items() if seat.occupant.is_bot)


@pytest.mark.parametrize(
    ("spec", "seats", "players"),
    [(seven_card_stud(), None, 8), (show_hand(), None, 8), (razz(), 4, 4)],
)
def test_computer_players_fill_the_table_up_to_eight_r7_1(spec, seats, players):
    options = {} if seats is None else {"seats": seats}
    table, _room, made = practice(spec, **options)
    table.sit(person("Ann", 1), 0, seat=2)
    done = run(table.play_hand())
    assert len(done.seats) == players
    assert made == [n for n in range(players + 1) if n != 2][: players - 1]
    assert done.names[done.seats.index(2)] == "Ann"
    assert all(table.seats[n].occupant.name == f"Bot {n}" for n in made)


def test_no_hand_and_no_computer_players_without_a_person():
    table, _room, _made = practice()
    assert run(table.play_hand()) is None
    assert table.seats == {}
    table.sit(person("Ann", 1), 0)
    run(table.play_hand())
    run(table.stand(0))
    assert run(table.play_hand()) is None
    assert table.seats == {}


def test_a_person_takes_a_computer_players_seat_at_once_between_hands():
    table, room, _made = practice()
    table.sit(person("Ann", 1), 0)
    run(table.play_hand())
    assert bot_seats(table) == [1, 2, 3, 4, 5, 6, 7]
    assert table.sit(person("Bo", 2), 0) == 1
    assert table.seats[1].occupant.name == "Bo"
    assert bot_seats(table) == [2, 3, 4, 5, 6, 7]
    assert table.sit(person("Cai", 3), 0, seat=6) == 6
    assert bot_seats(table) == [2, 3, 4, 5, 7]
    assert room.changes()[-4:] == [(1, "left"), (1, "sat"), (6, "left"), (6, "sat")]
    assert run(table.play_hand()).names[:3] == ("Ann", "Bo", "Bot 2")


def test_a_person_who_sits_during_a_hand_gets_a_computer_players_seat_after_it():
    table, room, _made = practice(razz())
    occupant, _player = remote("Ann", 1)
    table.sit(occupant, 0)

    async def scenario():
        playing = asyncio.create_task(table.play_hand())
        await until(lambda: table.turn is not None)
        seat = table.sit(person("Bo", 2), 0)
        assert seat == 1
        assert table.seats[1].occupant.is_bot
        assert table.seats[1].successor[0].name == "Bo"
        assert table.snapshot(None)["seats"][1]["waiting"] == "Bo"
        with pytest.raises(TableError, match=r"^seat 1 is taken$"):
            table.sit(person("Cai", 3), 0, seat=1)
        answer_at_once(table)
        table.submit(0, answer(table.turn), table.turn.seq)
        return await playing

    done = run(scenario())
    assert done.names[1] == "Bot 1"  # the computer player finished the hand
    assert table.seats[1].occupant.name == "Bo"
    assert (1, "reserved") in room.changes()
    assert run(table.play_hand()).names[:2] == ("Ann", "Bo")


def test_a_person_waiting_for_a_seat_may_stop_waiting():
    table, room, _made = practice(razz())
    occupant, _player = remote("Ann", 1)
    table.sit(occupant, 0)

    async def scenario():
        playing = asyncio.create_task(table.play_hand())
        await until(lambda: table.turn is not None)
        table.sit(person("Bo", 2), 0)
        await table.stand(1)
        assert table.seats[1].successor is None
        playing.cancel()

    run(scenario())
    assert room.left == [(1, "Bo", 40_000)]


def test_practice_chips_are_unlimited_r7_1():
    table, _room, _made = practice()
    table.sit(person("Ann", 1, Scripted(pusher)), 0)
    for _ in range(6):
        done = run(table.play_hand())
        assert all(stack >= 40_000 for stack in done.hand.starting_stacks)
        assert min(done.hand.starting_stacks) == 40_000


def test_practice_forbids_the_showhand_r7_1():
    table, _room, _made = practice(show_hand(), seats=4)
    occupant, player = remote("Ann", 1)
    table.sit(occupant, 0)
    table.sit(person("Bo", 2, Scripted(pusher)), 0)
    asked = []

    def answer(update):
        if update.kind == "turn":
            asked.append({o.kind for o in table.turn.legal_actions})
            table.submit(0, pusher(player.view), table.turn.seq)

    table.listeners.append(answer)
    for _ in range(5):
        done = run(table.play_hand())
        assert not any(isinstance(e, Showhand) for e in done.hand.events)
    assert table.spec.showhand_allowed is False
    assert asked
    assert not any(K.SHOWHAND in kinds for kinds in asked)


def test_a_practice_table_seats_eight_people_at_most():
    table, _room, _made = practice()
    for n in range(8):
        table.sit(person(f"p{n}", n + 1), 0)
    with pytest.raises(TableError, match=re.escape("a practice table seats at most 8 players")):
        table.sit(person("Ivy", 9), 0)
    with pytest.raises(
        TableError,
        match=re.escape("a practice table tops every player up to 40000 before each hand"),
    ):
        table.top_up(0, 100)


def test_show_hand_practice_with_ten_seats_keeps_eight_players():
    """A person who sits in an empty seat of a full practice table makes a computer
    player leave (R7.1: up to eight)."""
    table, _room, _made = practice(show_hand())
    table.sit(person("Ann", 1), 0)
    run(table.play_hand())
    assert table.sit(person("Bo", 2), 0) == 8
    assert len(table.seats) == 8
    assert 1 not in table.seats
    assert len(run(table.play_hand()).seats) == 8
