"""Competitions (R7.3): 2 to 8 players, no computer players, everyone starts with
the same chips; a player who loses them all (or quits) leaves and is rated
against the chip leader of that moment; it ends when one player is left or the
time is up, and the table goes back to waiting."""

import re

import pytest

from studpoker.bots import CallingStation
from studpoker.engine import Action, ActionKind
from studpoker.games import show_hand
from studpoker.table import ManualClock, Occupant, TableConfig, TableError

from .players import Room, Scripted, person, pusher, run, stacks

K = ActionKind


def folder(view):
    """Check if free, else fold; the Show Hand opener bets the least (R6.4)."""
    options = {option.kind: option for option in view.legal_actions}
    for kind in (K.CHECK, K.FOLD):
        if kind in options:
            return Action(kind)
    if K.BET in options:
        return Action(K.BET, options[K.BET].minimum)
    return Action(K.CALL) if K.CALL in options else Action(K.SHOWHAND)


def competition(room, seconds=600.0, chips=100, seed=5, **options):
    config = TableConfig(
        show_hand(),
        "competition",
        clock=5.0,
        pause=0,
        competition_chips=chips,
        competition_seconds=seconds,
    )
    return room.table(config, seed=seed, **options)


def refused(call, message):
    with pytest.raises(TableError, match="^" + re.escape(message) + "$"):
        call()


def test_a_competition_end_to_end_r7_3():
    room = Room()
    table = competition(room, seed=4)
    leaders = []

    async def on_bust(t, seat, occupant, leader):
        expected = min(t.seats.values(), key=lambda s: (-s.chips, s.number))
        leaders.append((occupant.name, leader.name, expected.occupant.name))
        await room.hooks.on_bust(t, seat, occupant, leader)

    table.hooks = type(room.hooks)(
        room.hooks.on_hand_end, room.hooks.on_seat_left, on_bust, room.hooks.on_competition_end
    )
    for name, policy in (("Ann", pusher), ("Bo", folder), ("Cai", pusher), ("Dee", folder)):
        table.sit(person(name, len(stacks(table)) + 1, Scripted(policy)), 0)
    assert run(table.play_hand()) is None  # not started: no hands
    table.start_competition()
    assert stacks(table) == {0: 100, 1: 100, 2: 100, 3: 100}
    refused(
        lambda: table.sit(person("Eve", 9), 0),
        "the competition has started: nobody may join it",
    )
    refused(table.start_competition, "the competition has already started")
    refused(
        lambda: table.top_up(0, 10),
        "a competition has no top-ups: everyone plays the chips they got",
    )
    hands = 0
    while table.competition is not None:
        done = run(table.play_hand())
        hands += 1
        assert hands < 300
        if table.competition is not None:
            assert sum(stacks(table).values()) + table.rollover == 400
    (standings,) = room.ends
    assert [(s.place, s.seat, s.occupant.name, s.chips, s.busted) for s in standings] == [
        (1, 0, "Ann", 400, False),
        (2, 3, "Dee", 0, True),
        (3, 1, "Bo", 0, True),
        (4, 2, "Cai", 0, True),
    ]
    winner = standings[0]
    # Cai lost the first showhand; Bo and Dee were worn down by the antes (R6.1).
    assert room.busts == [(2, "Cai", "Ann"), (1, "Bo", "Ann"), (3, "Dee", "Ann")]
    assert all(leader == expected for _, leader, expected in leaders)
    # Back to waiting: nobody seated, every player's seat released.
    assert table.seats == {}
    assert table.competition is None
    assert sorted(name for _, name, _ in room.left) == ["Ann", "Bo", "Cai", "Dee"]
    assert [chips for _, name, chips in room.left if name == winner.occupant.name] == [winner.chips]
    assert [u.kind for u in room.updates if u.kind.startswith("competition")] == [
        "competition_started",
        "competition_ended",
    ]
    assert done.number == hands


def test_a_competition_ends_when_its_time_is_up_r7_3():
    room = Room()
    table = competition(room, seconds=0.05, chips=1000, clock=ManualClock())
    for n in range(3):
        table.sit(person(f"p{n}", n + 1, CallingStation()), 0)
    table.start_competition()

    async def until_time_is_up():
        while table.competition is not None:
            await table.play_hand()
            table.clock.advance(0.005)  # a hand's worth of the competition's time

    run(until_time_is_up())
    (standings,) = room.ends
    assert room.busts == []
    assert [s.busted for s in standings] == [False, False, False]
    chips = [s.chips for s in standings]
    assert chips == sorted(chips, reverse=True)
    assert sum(chips) + 0 <= 3000
    leader = standings[0]
    assert all(
        (s.chips, -s.seat) < (leader.chips, -leader.seat) for s in standings[1:]
    )  # every other player is scored a loss to the chip leader
    assert table.seats == {}
    assert table.rollover == 0


def test_quitting_a_competition_counts_as_busting_r7_3():
    room = Room()
    table = competition(room, seed=2)
    for n in range(3):
        table.sit(person(f"p{n}", n + 1, Scripted(folder)), 0)
    table.start_competition()
    run(table.play_hand())
    leader = min(table.seats.values(), key=lambda s: (-s.chips, s.number)).occupant.name
    run(table.stand(2))
    assert room.busts == [(2, "p2", leader)]
    assert table.competition is not None
    run(table.stand(0))
    assert room.busts[-1][:2] == (0, "p0")
    (standings,) = room.ends  # one player left: it is over
    assert [(s.occupant.name, s.busted) for s in standings] == [
        ("p1", False),
        ("p0", True),
        ("p2", True),
    ]
    assert table.seats == {}


def test_competition_errors():
    room = Room()
    table = competition(room)
    refused(table.start_competition, "a competition needs 2 to 8 players, not 0")
    table.sit(person("Ann", 1), 0)
    refused(table.start_competition, "a competition needs 2 to 8 players, not 1")
    refused(
        lambda: table.sit(Occupant("Bot", None, CallingStation(), is_bot=True), 0),
        "a competition table has no computer players (R7.3)",
    )
    for n in range(2, 9):
        table.sit(person(f"p{n}", n), 0)
    refused(lambda: table.sit(person("Ivy", 20), 0), "a competition seats at most 8 players")
    chips = Room().table(TableConfig(show_hand(), "chips"))
    refused(chips.start_competition, "a chips table holds no competitions")
