"""Absent players (R8.3): a seat whose clock runs out is acted for at once for the
rest of the hand and sits out from the next; it comes back by sitting in.  In a
competition it stays dealt in and is acted for at once (R8.4's rule).  The room says
whether a seat's player is connected; every viewer sees it."""

from studpoker.engine import ActionKind
from studpoker.games import razz, seven_card_stud
from studpoker.table import ManualClock, TableConfig

from .players import Room, person, remote, run, time_runs_out

K = ActionKind


def three_with_ann(mode: str = "chips", clock: float = 0.01):
    """Ann, a remote seat that never answers, in seat 0 between two calling stations."""
    room = Room()
    options = {"competition_chips": 1000} if mode == "competition" else {}
    config = TableConfig(razz(), mode, clock=clock, time_bank=0.0, pause=0, **options)
    table = room.table(config, clock=ManualClock())
    time_runs_out(table)  # Ann's clock runs out without a wait
    occupant, _ = remote("Ann", 1)
    chips = 0 if mode == "competition" else config.buy_in_max
    table.sit(occupant, chips, seat=0)
    for seat in (1, 2):
        table.sit(person(f"p{seat}", seat + 1), chips, seat=seat)
    return table, room


def turns_of(room: Room, seat: int) -> int:
    return sum(1 for u in room.updates if u.kind == "turn" and u.seat == seat)


def test_r8_3_a_silent_seat_gets_its_clock_once_then_is_acted_for_and_sits_out():
    table, room = three_with_ann()
    done = run(table.play_hand())
    hers = [a for seat, a in done.hand.actions if seat == 0]
    # The first decision had the clock; the table answered every later one at once.
    assert turns_of(room, 0) == 1
    assert len(hers) >= 2
    assert all(a.kind in (K.BRING_IN, K.CHECK, K.FOLD, K.SHOW, K.MUCK) for a in hers)
    assert (table.seats[0].sitting_out, table.seats[0].away) == (True, True)
    assert (0, "timed_out") in room.changes()
    assert table.snapshot(None)["seats"][0]["sitting_out"] is True
    # The next hand is dealt without her, and nobody waits for her clock.
    done = run(table.play_hand())
    assert done.seats == (1, 2)
    assert turns_of(room, 0) == 1
    assert table.seats[0].missed_hands == 1


def test_r8_3_a_player_who_sits_in_again_is_dealt_in_and_asked_again():
    table, room = three_with_ann()
    run(table.play_hand())
    table.sit_in(0)
    assert (table.seats[0].sitting_out, table.seats[0].away) == (False, False)
    assert (0, "sat_in") in room.changes()
    done = run(table.play_hand())
    assert done.seats == (0, 1, 2)
    assert turns_of(room, 0) == 2


def test_r8_3_a_seat_sitting_out_for_10_hands_is_stood_up_with_its_chips():
    table, room = three_with_ann()
    run(table.play_hand())  # she times out
    stack = table.seats[0].chips
    for _ in range(10):
        run(table.play_hand())
    assert 0 not in table.seats
    assert room.left == [(0, "Ann", stack)]


def test_r8_4_in_a_competition_a_silent_seat_is_dealt_in_and_acted_for_at_once():
    table, room = three_with_ann("competition")
    table.start_competition()
    run(table.play_hand())
    assert table.seats[0].away is True
    assert table.seats[0].sitting_out is False
    done = run(table.play_hand())
    assert 0 in done.seats
    assert turns_of(room, 0) == 1  # never asked again: no clock to wait for
    table.sit_in(0)  # back
    assert table.seats[0].away is False


def test_r8_3_the_room_marks_a_seat_connected_or_not_for_every_viewer():
    room = Room()
    table = room.table(TableConfig(seven_card_stud(), "chips", pause=0))
    table.sit(person("Ann", 1), 10_000, seat=4)
    table.set_connected(4, False)
    table.set_connected(4, False)  # told twice: one change
    assert table.snapshot(None)["seats"][4]["connected"] is False
    assert table.snapshot(4)["seats"][4]["connected"] is False
    table.set_connected(4, True)
    assert table.snapshot(None)["seats"][4]["connected"] is True
    assert room.changes() == [(4, "sat"), (4, "disconnected"), (4, "connected")]
