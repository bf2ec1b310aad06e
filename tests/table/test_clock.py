"""The clock (R8.1): each decision has the table's time limit plus the seat's time
bank; when both run out the table checks if free, else folds.  Answers come with
the decision's sequence number; a wrong seat, a stale or repeated number and an
illegal action are refused and change nothing."""

import asyncio
import logging
import re

import pytest

from studpoker.engine import ActionKind
from studpoker.games import razz, seven_card_stud, show_hand
from studpoker.table import ManualClock, TableConfig, TableError

from .players import Room, Scripted, answer_at_once, person, remote, run, time_runs_out, until

K = ActionKind


def heads_up(clock=0.02, time_bank=0.0, spec=None, seed=1, silent=True):
    """Ann, a remote seat, against Bo, a calling station, at a table whose time moves
    only when the test says: when Ann is ``silent`` her time runs out at once."""
    room = Room()
    config = TableConfig(spec or razz(), "chips", clock=clock, time_bank=time_bank, pause=0)
    table = room.table(config, seed=seed, clock=ManualClock())
    if silent:
        time_runs_out(table)
    occupant, player = remote("Ann", 1)
    table.sit(occupant, config.buy_in_max)
    table.sit(person("Bo", 2), config.buy_in_max)
    return table, player, room


def test_a_silent_player_checks_when_free_else_folds_r8_1():
    """Over many hands, Ann sitting in again after each: when her clock runs out the
    table posts her bring-in (R8.2), checks if she may, else folds; for the rest of
    that hand it does the same at once, without asking her (R8.3)."""
    table, _player, _room = heads_up(clock=0.01)
    asked = []
    table.listeners.append(
        lambda u: asked.append(table.turn.legal_actions) if u.kind == "turn" else None
    )
    first, later = [], []
    for _ in range(10):
        if table.seats[0].sitting_out:
            table.sit_in(0)
        done = run(table.play_hand())
        # Showing a hand that can win is no decision: the table does not ask (R5.3).
        hers = [a for seat, a in done.hand.actions if seat == 0 and a.kind != K.SHOW]
        first.append(hers[0])
        later += hers[1:]
        assert table.seats[0].sitting_out
        assert table.seats[0].away
    assert len(asked) == len(first) == 10
    assert {action.kind for action in first + later} == {K.CHECK, K.FOLD, K.BRING_IN}
    assert {action.kind for action in later} <= {K.CHECK, K.FOLD, K.MUCK}
    for legal, action in zip(asked, first, strict=True):
        allowed = {option.kind for option in legal}
        expected = next(k for k in (K.BRING_IN, K.CHECK, K.FOLD, K.MUCK) if k in allowed)
        assert action.kind == expected


def test_a_silent_show_hand_opener_bets_the_minimum_r6_4():
    table, _player, _room = heads_up(spec=show_hand(), seed=2)
    done = None
    while done is None or not any(seat == 0 for seat, _ in done.hand.actions[:1]):
        done = run(table.play_hand())
    assert str(done.hand.actions[0][1]) == "bet 10"


def test_the_time_bank_pays_for_time_beyond_the_clock_and_then_is_gone():
    table, _player, _room = heads_up(clock=0.02, time_bank=0.05)
    turns = []
    table.listeners.append(lambda u: turns.append(table.turn) if u.kind == "turn" else None)
    run(table.play_hand())
    first = turns[0]
    assert first.deadline - first.started == pytest.approx(0.07)
    assert table.seats[0].time_bank == 0.0  # used up by the first silence
    table.sit_in(0)  # she is back (R8.3)
    run(table.play_hand())
    last = turns[-1]
    assert last.deadline - last.started == pytest.approx(0.02)


def test_an_answer_within_the_clock_costs_nothing_of_the_bank():
    table, _player, _room = heads_up(clock=1.0, time_bank=2.0)
    answer_at_once(table)
    run(table.play_hand())
    assert table.seats[0].time_bank == 2.0


def test_a_late_answer_uses_the_bank_for_the_time_beyond_the_clock():
    table, _player, _room = heads_up(clock=0.02, time_bank=1.0, silent=False)

    async def scenario():
        playing = asyncio.create_task(table.play_hand())
        await until(lambda: table.turn is not None)
        table.clock.advance(0.05)
        turn = table.turn
        answer_at_once(table)  # and every later decision at once
        allowed = {o.kind for o in turn.legal_actions}
        table.submit(0, next(k for k in (K.BRING_IN, K.FOLD) if k in allowed).value, turn.seq)
        await playing

    run(scenario())
    assert 0.5 < table.seats[0].time_bank < 0.98  # 1 s less the 0.03 s beyond the clock


def test_r8_5_a_ring_seat_gets_ten_seconds_back_every_twenty_hands_never_above_the_bank():
    """Ann's first silence empties her 15 s bank; sat in again and answering at once,
    she has 10 s back after her 20th hand dealt and 15 s, the table's bank, after her
    40th (not 20): R8.5."""
    table, _player, _room = heads_up(clock=0.02, time_bank=15.0)
    run(table.play_hand())  # silent: the clock and the bank run out (R8.1), she sits out
    assert table.seats[0].time_bank == 0.0
    assert table.seats[0].hands_dealt == 1
    table.listeners.pop()  # her time runs out no more: she answers at once from now
    answer_at_once(table)
    table.sit_in(0)
    banks = {}
    while table.seats[0].hands_dealt < 40:
        run(table.play_hand())
        banks[table.seats[0].hands_dealt] = table.seats[0].time_bank
    assert banks[19] == 0.0
    assert banks[20] == 10.0
    assert banks[39] == 10.0
    assert banks[40] == 15.0


def test_r8_5_a_tournament_seat_is_refilled_by_its_level_not_by_its_hands():
    room = Room()
    config = TableConfig(razz(), "tournament", clock=0.02, time_bank=5.0, pause=0)
    table = room.table(config, seed=3, clock=ManualClock())
    time_runs_out(table)
    occupant, _player = remote("Ann", 1)
    table.seat_entry(occupant, 2000, 0)
    table.seat_entry(person("Bo", 2), 2000, 1)
    for _ in range(25):  # absent, she is dealt in and acted for at once (R8.4)
        run(table.play_hand())
    assert table.seats[0].time_bank == 0.0
    table.refill_time_banks()  # the director's next level
    assert table.seats[0].time_bank == 5.0
    assert table.seats[1].time_bank == 5.0


def test_only_a_tournaments_table_has_levels_to_refill_the_banks_by():
    table, _player, _room = heads_up()
    with pytest.raises(TableError, match="a chips table has no tournament seats"):
        table.refill_time_banks()


def ann_second():
    """Bo, a calling station, in seat 0 and Ann, a remote seat, in seat 1: with no bet on
    the last street Bo shows first (R5.2), so Ann may muck a hand his beats (R5.3)."""
    room = Room()
    config = TableConfig(razz(), "chips", clock=0.02, time_bank=0.0, pause=0)
    table = room.table(config, seed=1, clock=ManualClock())
    table.sit(person("Bo", 2), config.buy_in_max, seat=0)
    occupant, _player = remote("Ann", 1)
    table.sit(occupant, config.buy_in_max, seat=1)
    return table


def calls_down_and_is_silent_at_the_showdown(table, asked):
    """Ann (seat 1) brings in, checks or calls every bet; asked to show or muck she says
    nothing and her time runs out.  ``asked`` gets the kinds of every decision she had."""
    clock = table.clock

    def on_turn(update):
        turn = table.turn
        if update.kind != "turn" or turn is None or turn.seat != 1:
            return
        kinds = {option.kind for option in turn.legal_actions}
        asked.append(kinds)
        if kinds == {K.SHOW, K.MUCK}:
            later = turn.deadline + 0.001
            asyncio.get_running_loop().call_soon(clock.advance_to, later)
            return
        kind = next(k for k in (K.BRING_IN, K.CHECK, K.CALL) if k in kinds)
        table.submit(1, kind.value, turn.seq)

    table.listeners.append(on_turn)


def hands_until_ann_mucks(table, limit=60):
    """Hands played until one where Ann (seat 1, engine seat 1) mucked: that hand."""
    for _ in range(limit):
        done = run(table.play_hand())
        if any(seat == 1 and action.kind == K.MUCK for seat, action in done.hand.actions):
            return done
    raise AssertionError(f"Ann mucked in none of {limit} hands")


def test_r5_3_a_losing_hand_is_mucked_unasked_while_auto_muck_is_on():
    """Auto-muck losing hands, on as a seat sits down: Ann is never asked to show or
    muck, her hand that cannot win is mucked at once, and she plays on."""
    table = ann_second()
    assert table.seats[1].auto_muck
    assert table.snapshot(1)["seats"][1]["auto_muck"] is True
    asked = []
    calls_down_and_is_silent_at_the_showdown(table, asked)
    hands_until_ann_mucks(table)
    assert asked
    assert {K.SHOW, K.MUCK} not in asked
    assert not table.seats[1].sitting_out
    assert not table.seats[1].away


def test_r5_3_with_auto_muck_off_a_silent_loser_is_mucked_and_never_sat_out():
    """Ann turns auto-muck off: asked to show or muck, she lets the clock run out; the
    table mucks her hand (R5.3) and, unlike a clock run out on a bet (R8.3), she is not
    sat out: she is dealt the next hand and asked her own decisions in it."""
    table = ann_second()
    table.set_auto_muck(1, False)
    assert table.snapshot(None)["seats"][1]["auto_muck"] is False
    asked = []
    calls_down_and_is_silent_at_the_showdown(table, asked)
    done = hands_until_ann_mucks(table)
    assert {K.SHOW, K.MUCK} in asked
    assert [a.kind for seat, a in done.hand.actions if seat == 1][-1] == K.MUCK
    assert not table.seats[1].sitting_out
    assert not table.seats[1].away
    before = len(asked)
    after = run(table.play_hand())
    assert 1 in after.seats
    assert len(asked) > before  # asked again, not acted for


def test_auto_muck_is_refused_for_an_empty_seat_and_changes_nothing():
    table = ann_second()
    with pytest.raises(TableError, match="seat 5"):
        table.set_auto_muck(5, False)
    assert [table.seats[n].auto_muck for n in sorted(table.seats)] == [True, True]


def untimed(snapshot):
    """A snapshot without the seconds left, which go down while we look."""
    turn = snapshot["turn"] and {
        k: v for k, v in snapshot["turn"].items() if k not in ("remaining", "clock")
    }
    return snapshot | {"turn": turn}


def test_submit_refuses_wrong_seat_stale_seq_and_illegal_action_changing_nothing():
    config = TableConfig(seven_card_stud(), "chips", clock=5.0, time_bank=0.0, pause=0)
    room = Room()
    table = room.table(config, seed=0)  # Ann brings in, Bo (seat 5) is next
    table.sit(person("Ann", 1), 10_000, seat=2)
    occupant, player = remote("Bo", 2)
    table.sit(occupant, 10_000, seat=5)
    refusals = []

    def refused(seat, action, seq, message):
        hand = table.current_hand
        before = (len(hand.events), table.turn, player.pending, untimed(table.snapshot(5)))
        with pytest.raises(TableError, match="^" + re.escape(message) + "$"):
            table.submit(seat, action, seq)
        assert (len(hand.events), table.turn, player.pending, untimed(table.snapshot(5))) == before
        refusals.append(message)

    async def scenario():
        playing = asyncio.create_task(table.play_hand())
        await until(lambda: table.turn is not None)
        turn = table.turn
        assert (turn.seat, turn.engine_seat) == (5, 1)
        assert [str(o) for o in turn.legal_actions] == ["fold", "call 50", "complete to 200"]
        refused(2, "call", turn.seq, "seat 2 is not to act; seat 5 is")
        refused(
            5,
            "call",
            turn.seq - 1,
            f"decision {turn.seq - 1} is not pending: seat 5 is to answer decision {turn.seq}",
        )
        refused(
            5,
            "check",
            turn.seq,
            "seat 5 cannot check: facing a bet of 50; allowed: fold, call 50, complete to 200",
        )
        refused(
            5,
            "raise",
            turn.seq,
            "seat 5 cannot raise: raise needs an amount to bet to; allowed: fold, call 50, "
            "complete to 200",
        )
        refused(
            5, "raise lots", turn.seq, "'raise lots' is not an action: the amount is a whole number"
        )
        refused(5, 42, turn.seq, "42 is not an action")
        future = player.pending
        answer_at_once(table, seat=5)  # every later decision
        table.submit(5, "call", turn.seq)
        assert future.result().kind == K.CALL  # the remote seat's answer resolved
        refused(5, "call", turn.seq, "no seat is to act now")  # answered already
        return await playing

    run(scenario())
    assert len(refusals) == 7


def test_a_repeated_answer_is_refused():
    table, _player, _room = heads_up(clock=5.0)
    seen = []

    def answer_twice(update):
        if update.kind == "turn":
            turn = table.turn
            table.submit(
                0,
                "fold" if K.FOLD in {o.kind for o in turn.legal_actions} else "bring_in",
                turn.seq,
            )
            try:
                table.submit(0, "fold", turn.seq)
            except TableError as error:
                seen.append(str(error))

    table.listeners.append(answer_twice)
    run(table.play_hand())
    assert seen
    assert all(
        message == "no seat is to act now"
        or re.fullmatch(r"decision \d+ is not pending: .*|seat 0 is not to act; seat 1 is", message)
        for message in seen
    )


def test_an_illegal_action_of_a_computer_player_is_logged_and_checked_or_folded(caplog):
    config = TableConfig(razz(), "chips", clock=5.0, pause=0)
    room = Room()
    table = room.table(config, seed=1)
    table.sit(person("Ann", 1, Scripted(lambda view: "raise 999999")), 10_000)
    table.sit(person("Bo", 2), 10_000)
    with caplog.at_level(logging.WARNING, logger="studpoker.table.table"):
        done = run(table.play_hand())
    assert done.hand.is_over
    assert "raise 999999" in caplog.text
    for seat, action in done.hand.actions:
        if seat == 0:
            assert action.kind in (K.BRING_IN, K.CHECK, K.FOLD, K.SHOW)


def test_a_player_that_fails_is_checked_or_folded(caplog):
    def broken(view):
        raise RuntimeError("lost the thread")

    config = TableConfig(razz(), "chips", clock=5.0, pause=0)
    table = Room().table(config, seed=1)
    table.sit(person("Ann", 1, Scripted(broken)), 10_000)
    table.sit(person("Bo", 2), 10_000)
    with caplog.at_level(logging.ERROR, logger="studpoker.table.table"):
        done = run(table.play_hand())
    assert done.hand.is_over
    assert "lost the thread" in caplog.text


def test_a_coroutine_answer_is_awaited_against_the_clock():
    class Thinker:
        def new_hand(self, seat, spec):
            pass

        def observe(self, events):
            pass

        async def decide(self, view):
            await asyncio.sleep(0.001)
            kinds = {o.kind for o in view.legal_actions}
            return next(k for k in (K.BRING_IN, K.CALL, K.CHECK) if k in kinds).value

    config = TableConfig(razz(), "chips", clock=5.0, time_bank=0.0, pause=0)
    table = Room().table(config, seed=1)
    table.sit(person("Ann", 1, Thinker()), 10_000)
    table.sit(person("Bo", 2), 10_000)
    done = run(table.play_hand())
    assert {a.kind for s, a in done.hand.actions if s == 0} <= {K.BRING_IN, K.CALL, K.CHECK, K.SHOW}
    assert any(s == 0 for s, _ in done.hand.actions)
