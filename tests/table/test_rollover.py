"""The Show Hand rollover (R6.8): when a short caller wins, the others' excess
stays on the table and goes whole to the next hand's winner; at the table's last
hand it is split equally among the seated players, the remainder by seat order."""

from studpoker.engine import Action, ActionKind, CarryIn, Rollover
from studpoker.games import show_hand
from studpoker.table import TableConfig

from .players import Room, Scripted, person, run, stacks

K = ActionKind
CONFIG = TableConfig(show_hand(), "chips", buy_in_min=100, buy_in_max=1000, clock=5.0, pause=0)


def short(view):
    """Bet the least when it must open, else call whatever it costs."""
    options = {option.kind: option for option in view.legal_actions}
    if K.CALL in options:
        return Action(K.CALL)
    if K.CHECK in options:
        return Action(K.CHECK)
    return Action(K.BET, options[K.BET].minimum)


def big(view):
    """Bet or raise to 301, never a showhand; call after that."""
    options = {option.kind: option for option in view.legal_actions}
    for kind in (K.RAISE, K.BET):
        if kind in options and options[kind].allows(301) and view.me.bet < 301:
            return Action(kind, 301)
    return Action(K.CALL) if K.CALL in options else Action(K.CHECK)


def table_with_a_rollover(room=None):
    """Ann (100 chips) short-calls Bo's bet of 301 and wins: the first seed that
    deals her the better hand."""
    for seed in range(100):
        room = Room()
        table = room.table(CONFIG, seed=seed)
        table.sit(person("Ann", 1, Scripted(short)), 100)
        table.sit(person("Bo", 2, Scripted(big)), 1000)
        done = run(table.play_hand())
        if done.rollover:
            return table, room, done
    raise AssertionError("no seed dealt the short stack the winner")


def test_a_short_callers_win_leaves_the_excess_for_the_next_hand_r6_8():
    table, _room, done = table_with_a_rollover()
    # Bo put in 10 + 301; Ann won 100 from him; the rest rolls over.
    assert done.rollover == table.rollover == 211
    assert any(isinstance(e, Rollover) and e.amount == 211 for e in done.hand.events)
    assert stacks(table) == {0: 200, 1: 1000 - 311}
    assert sum(stacks(table).values()) + table.rollover == 1100
    following = run(table.play_hand())
    assert following.carry_in == 211
    assert isinstance(following.hand.events[0], CarryIn)
    assert following.pot >= 211
    assert sum(stacks(table).values()) + table.rollover == 1100
    assert table.snapshot(None)["rollover"] == table.rollover


def test_at_close_a_rollover_is_split_among_the_seated_remainder_by_seat_order_r6_8():
    table, room, _done = table_with_a_rollover()
    table.sit(person("Cai", 3), 500, seat=5)
    before = stacks(table)
    run(table.close())
    # 211 = 3 × 70 + 1: the odd chip goes to the first seat.
    assert room.left == [(0, "Ann", before[0] + 71), (1, "Bo", before[1] + 70), (5, "Cai", 570)]
    assert table.rollover == 0
    assert table.seats == {}
    assert table.closed
    assert [change for _, change in room.changes()[-6:]] == ["chips"] * 3 + ["left"] * 3
