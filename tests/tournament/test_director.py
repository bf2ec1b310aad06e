"""The tournament director (issue 17, tournament/director.py): the seat draw, levels
and breaks on the clock or by hands, balancing, breaking tables, places with
same-hand busts and ties, late registration and re-entry, and what it refuses.

Hands here are not played: each test says how a hand ended (who lost their chips to
whom), so that every move and place is known in advance."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from studpoker.tournament import (
    Move,
    Tournament,
    TournamentError,
    default_structure,
    structure_of,
)

REGULAR = default_structure("seven_card_stud", "regular")  # 3000 chips, 10-minute levels


def started(count: int, *, seed: int = 7, size: int = 8, **options: object) -> Tournament:
    t = Tournament(REGULAR, table_size=size, rng=random.Random(seed), **options)  # type: ignore[arg-type]
    for i in range(count):
        t.register(f"p{i}")
    t.start(now=0.0)
    return t


def end(
    t: Tournament, number: int, now: float, lose: Mapping[str, int] | None = None, to: str = ""
) -> list[Move]:
    """End table ``number``'s hand: each entry in ``lose`` loses that many chips (all
    of them: -1) to ``to`` (default: the first player not losing)."""
    table = t.tables[number]
    entries, stacks = table.hand_entries, list(table.hand_stacks)
    lose = lose or {}
    winner = entries.index(to) if to else next(i for i, e in enumerate(entries) if e not in lose)
    for i, entry in enumerate(entries):
        if entry in lose:
            amount = stacks[i] if lose[entry] == -1 else lose[entry]
            stacks[i] -= amount
            stacks[winner] += amount
    moves = t.hand_over(number, stacks, carry=0, now=now)
    t.check()
    return moves


def counts(t: Tournament) -> dict[int, int]:
    return {n: table.count for n, table in t.tables.items() if not table.broken}


def test_the_seats_are_drawn_at_random_tables_at_most_one_apart() -> None:
    t = started(20)
    assert counts(t) == {1: 7, 2: 7, 3: 6}
    assert t.tables[1].seats == ["p0", "p17", "p4", "p19", "p18", "p2", "p16", None]
    assert t.tables[3].seats == ["p14", None, "p11", "p12", "p6", None, "p5", "p13"]
    other = started(20, seed=8)
    assert other.tables[1].seats != t.tables[1].seats  # another draw
    seated = sorted(e for table in t.tables.values() for e in table.seats if e is not None)
    assert seated == sorted(f"p{i}" for i in range(20))
    assert t.chips == 60_000


def test_a_table_that_lost_players_gets_one_from_the_next_table_whose_hand_ends() -> None:
    t = started(20)
    for number in (1, 2, 3):
        t.next_hand(number, now=0.0)
    # Table 3's hand busts two players: it has 4, the others 7 each.
    assert end(t, 3, 60.0, {"p14": -1, "p11": -1}, to="p12") == []
    assert counts(t) == {1: 7, 2: 7, 3: 4}
    # Table 1's hand ends: it gives the player due first in its next deal (the seat
    # after the one dealt first, seat 0: p17 in seat 1) to table 3, at a drawn seat.
    assert end(t, 1, 70.0) == [Move("p17", 1, 1, 3, 1, "balance")]
    assert counts(t) == {1: 6, 2: 7, 3: 5}
    assert t.tables[3].seats[1] == "p17"
    # Table 2's hand ends: 7 against 5, it gives one; then 6 against 6 and 5.
    assert end(t, 2, 80.0) == [Move("p3", 2, 1, 3, 0, "balance")]
    assert counts(t) == {1: 6, 2: 6, 3: 6}


def test_a_table_too_long_gives_players_before_it_deals() -> None:
    t = started(20)
    t.next_hand(3, now=0.0)
    end(t, 3, 60.0, {"p14": -1, "p11": -1, "p12": -1}, to="p6")  # table 3: 3 left
    deal = t.next_hand(1, now=61.0)  # table 1 was between hands: 7 against 3
    assert deal is not None
    # Table 1 has not dealt yet: its first seat (p0) is due first, then p17.
    assert [(m.player, m.to_table) for m in deal.moves] == [("p0", 3), ("p17", 3)]
    assert len(deal.players) == 5
    assert counts(t)[3] == 5
    assert deal.seats == (2, 3, 4, 5, 6)
    assert deal.players[0] == "p4"


def test_the_shortest_table_is_broken_when_the_players_fit_at_fewer() -> None:
    t = started(20)
    for number in (1, 2, 3):
        t.next_hand(number, now=0.0)
    # Four bust at table 1: 16 players fit at two tables, and table 1, the shortest
    # (3 players), is between hands: broken at once, each player to the shortest.
    moves = end(t, 1, 60.0, {"p0": -1, "p4": -1, "p19": -1, "p18": -1}, to="p2")
    assert [(m.player, m.to_table, m.reason) for m in moves] == [
        ("p17", 3, "break"), ("p2", 2, "break"), ("p16", 3, "break")
    ]  # fmt: skip
    assert counts(t) == {2: 8, 3: 8}
    assert t.tables[1].broken
    with pytest.raises(TournamentError, match=r"^the tournament has no table 1$"):
        t.next_hand(1, now=70.0)


def test_a_table_to_be_broken_in_a_hand_is_broken_when_the_hand_ends() -> None:
    t = started(20)
    for number in (1, 2, 3):
        t.next_hand(number, now=0.0)
    end(t, 3, 30.0, {"p14": -1, "p11": -1}, to="p12")  # table 3: 4 left
    t.next_hand(3, now=30.0)
    # Two bust at table 1: 16 fit at two tables; table 3 (4) is the shortest and
    # plays: it deals no more, and is broken when its hand ends.
    assert end(t, 1, 40.0, {"p0": -1, "p4": -1}, to="p2") == []
    assert counts(t) == {1: 5, 2: 7, 3: 4}
    assert t.tables[3].breaking
    moves = end(t, 3, 50.0)
    assert [(m.to_table, m.reason) for m in moves] == [(1, "break")] * 3 + [(2, "break")]
    assert counts(t) == {1: 8, 2: 8}


def test_the_final_table_is_the_one_left_when_the_players_fit_at_one() -> None:
    t = started(12)  # 6 and 6
    t.next_hand(1, now=0.0)
    t.next_hand(2, now=0.0)
    one = t.tables[1].hand_entries
    assert one == ("p3", "p7", "p0", "p2", "p8", "p9")
    end(t, 1, 30.0, {"p3": -1, "p7": -1}, to="p9")
    assert counts(t) == {1: 4, 2: 6}
    moves = end(t, 2, 40.0, dict.fromkeys(t.tables[2].hand_entries[:2], -1))
    # 8 left fit at one table: tables 1 and 2 have 4 each, and table 2, the higher
    # number, is broken at once (between hands); its players sit at table 1.
    assert [(m.reason, m.to_table) for m in moves] == [("break", 1)] * 4
    assert counts(t) == {1: 8}


def test_players_busted_in_one_hand_are_placed_by_their_stacks_at_its_start() -> None:
    t = Tournament(REGULAR, table_size=8, rng=random.Random(1))
    for name in ("ann", "bob", "cy", "dee", "eve"):
        t.register(name)
    t.start(now=0.0)
    deal = t.next_hand(1, now=0.0)
    assert deal is not None
    assert deal.players == ("eve", "bob", "ann", "dee", "cy")
    end(t, 1, 10.0, {"bob": 1000}, to="ann")  # ann 4000, bob 2000
    t.next_hand(1, now=10.0)
    # ann (4000), cy (3000) and bob (2000) all bust to eve in one hand: ann places
    # best; then dee busts alone.
    end(t, 1, 20.0, {"ann": -1, "cy": -1, "bob": -1}, to="eve")
    t.next_hand(1, now=20.0)
    end(t, 1, 30.0, {"dee": -1}, to="eve")
    assert t.state == "finished"
    places = [(p.player, p.place, p.prize) for p in t.places(pool=5_000)]
    # Five entrants: two places paid, 65% and 35%.
    assert places == [
        ("eve", 1, 3250), ("dee", 2, 1750), ("ann", 3, 0), ("cy", 4, 0), ("bob", 5, 0)
    ]  # fmt: skip


def test_equal_stacks_busting_together_tie_and_split_their_places_prizes() -> None:
    t = Tournament(REGULAR, table_size=8, rng=random.Random(1))
    for name in ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy"):
        t.register(name)
    t.start(now=0.0)
    t.next_hand(1, now=0.0)
    t.next_hand(2, now=0.0)
    one, two = t.tables[1].hand_entries, t.tables[2].hand_entries
    assert (one, two) == (("hal", "fay", "cy", "ivy", "dee"), ("ann", "bob", "eve", "gus"))
    # 3000 each: a tie.  Six players fit at one table: table 2 (eve alone) is broken.
    moves = end(t, 2, 10.0, {"ann": -1, "bob": -1, "gus": -1}, to="eve")
    assert [(m.player, m.to_table) for m in moves] == [("eve", 1)]
    end(t, 1, 20.0, {"fay": -1, "ivy": -1, "dee": -1}, to="hal")  # a tie again
    deal = t.next_hand(1, now=20.0)
    assert deal is not None
    assert set(deal.players) == {"hal", "cy", "eve"}
    end(t, 1, 30.0, {"cy": -1}, to="hal")
    t.next_hand(1, now=30.0)
    end(t, 1, 40.0, {"eve": -1}, to="hal")
    places = [(p.player, p.place, p.prize) for p in t.places(pool=900)]
    # Nine entrants: 50/30/20 of 900; the ties for places 4-6 and 7-9, in seat order.
    assert places == [
        ("hal", 1, 450), ("eve", 2, 270), ("cy", 3, 180),
        ("fay", 4, 0), ("ivy", 4, 0), ("dee", 4, 0),
        ("ann", 7, 0), ("bob", 7, 0), ("gus", 7, 0),
    ]  # fmt: skip


def test_a_tie_in_the_money_splits_the_prizes_the_odd_chips_by_seat() -> None:
    t = Tournament(REGULAR, table_size=8, rng=random.Random(1))
    for name in ("ann", "bob", "cy", "dee", "eve"):
        t.register(name)
    t.start(now=0.0)
    t.next_hand(1, now=0.0)  # eve, bob, ann, dee, cy
    end(t, 1, 10.0, {"ann": -1, "dee": -1}, to="eve")
    t.next_hand(1, now=10.0)
    end(t, 1, 20.0, {"bob": -1, "cy": -1}, to="eve")  # 3000 each: places 2 and 3
    places = [(p.player, p.place, p.prize) for p in t.places(pool=1003)]
    # 65% and 35% of 1003: 651 and 351, the chip left to first place (652); the
    # 351 of second place split by two, the odd chip to bob, first in seat order.
    assert places == [
        ("eve", 1, 652), ("bob", 2, 176), ("cy", 2, 175), ("ann", 4, 0), ("dee", 4, 0)
    ]  # fmt: skip


def test_levels_change_on_the_clock_with_breaks_and_pauses() -> None:
    t = started(4)
    assert t.level(0.0).title == "Level I (10/20)"
    assert t.next_level_in(0.0) == 600.0
    assert t.level(599.0).number == 1
    assert t.level(600.0).number == 2
    assert t.level(3599.0).title == "Level VI (75/150)"
    assert t.level(3600.0).number == 7
    assert t.on_break
    assert t.next_hand(1, now=3600.0) is None  # no hand in a break
    assert t.next_level_in(3600.0) == 300.0
    t.pause(3700.0)  # the room goes down for an hour
    assert t.next_hand(1, now=3900.0) is None
    t.resume(7300.0)
    assert t.on_break
    assert t.next_level_in(7300.0) == 200.0
    deal = t.next_hand(1, now=7500.0)
    assert deal is not None
    assert deal.level.title == "Level VII (100/200)"
    assert deal.spec.small_bet == 100
    assert deal.spec.ante == 20
    assert deal.spec.bring_in == 30


def test_a_level_of_hands_lasts_that_many_hands_a_table() -> None:
    data = {
        "name": "hands", "game": "razz", "starting_chips": 500, "level_hands": 2,
        "levels": [
            {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
            {"break_minutes": 1},
            {"ante": 2, "bring_in": 3, "small_bet": 10, "big_bet": 20},
        ],
    }  # fmt: skip
    t = Tournament(structure_of(data), table_size=4, rng=random.Random(2))
    for i in range(8):
        t.register(f"p{i}")
    t.start(now=0.0)
    titles = []
    for now in (0.0, 10.0):  # two tables: level I lasts four hands in all
        for number in (1, 2):
            deal = t.next_hand(number, now)
            assert deal is not None
            titles.append(deal.level.title)
            end(t, number, now + 5)
    assert titles == ["Level I (5/10)"] * 4
    assert t.next_hand(1, now=20.0) is None
    assert t.on_break
    assert t.next_hand(2, now=79.0) is None
    deal = t.next_hand(2, now=80.0)
    assert deal is not None
    assert deal.level.title == "Level II (10/20)"


def test_late_registration_and_re_entry() -> None:
    t = started(3, size=8, late_levels=2, reentry=True)
    assert t.register("late") == "late"
    assert t.tables[1].count == 4
    assert t.stacks["late"] == 3000
    t.next_hand(1, now=0.0)
    end(t, 1, 30.0, {"p0": -1}, to="p1")
    assert t.register("p0") == "p0#2"  # re-entry: a new entry, a new stack
    assert t.entries == ["p0", "p1", "p2", "late", "p0#2"]
    assert t.chips == 15_000
    with pytest.raises(TournamentError, match=r"^p0 is in the tournament already$"):
        t.register("p0")
    t.level(1200.0)  # level III: late registration is over
    with pytest.raises(TournamentError, match=r"^the tournament started: registration is closed$"):
        t.register("later")


@pytest.mark.parametrize(
    ("setup", "player", "code", "message"),
    [
        ("full", "z", "full", "the tournament is full (2 entries)"),
        ("started", "z", "started", "the tournament started: registration is closed"),
        ("open", "p0", "registered", "p0 is in the tournament already"),
        ("open", "", "bad_player", "a player is a name of 1 to 64 characters: ''"),
        ("open", "a#2", "bad_player", "a player's name has no '#': 'a#2'"),
        ("busted", "p0", "busted", "p0 busted and this tournament has no re-entry"),
    ],
)
def test_registration_is_refused_with_its_reason(
    setup: str, player: str, code: str, message: str
) -> None:
    t = Tournament(REGULAR, capacity=2 if setup == "full" else None, rng=random.Random(1),
                   late_levels=1 if setup == "busted" else 0)  # fmt: skip
    for i in range(2):
        t.register(f"p{i}")
    if setup == "busted":
        t.register("p2")
        t.start(now=0.0)
        t.next_hand(1, now=0.0)
        end(t, 1, 10.0, {"p0": -1})
    elif setup == "started":
        t.start(now=0.0)
    before = list(t.entries)
    with pytest.raises(TournamentError) as caught:
        t.register(player)
    assert (caught.value.code, str(caught.value)) == (code, message)
    assert t.entries == before  # nothing changed


def test_unregistration_before_the_start_only() -> None:
    t = Tournament(REGULAR, rng=random.Random(1))
    for name in ("ann", "bob", "cy"):
        t.register(name)
    t.unregister("bob")
    assert t.entries == ["ann", "cy"]
    with pytest.raises(TournamentError, match=r"^'bob' is not registered$"):
        t.unregister("bob")
    t.start(now=0.0)
    with pytest.raises(TournamentError, match=r"^the tournament started: a player cannot leave"):
        t.unregister("ann")


def test_a_hand_that_does_not_add_up_is_refused_and_changes_nothing() -> None:
    t = started(3)
    t.next_hand(1, now=0.0)
    with pytest.raises(
        TournamentError, match=r"^table 1's hand ends with 9001 chips, not the 9000"
    ):
        t.hand_over(1, (3001, 3000, 3000), carry=0, now=1.0)
    with pytest.raises(TournamentError, match=r"^table 1's hand ends with 3 stacks of chips$"):
        t.hand_over(1, (4500, 4500), carry=0, now=1.0)
    assert t.tables[1].playing
    assert t.chips == 9000
    with pytest.raises(TournamentError, match=r"^table 1 is playing a hand already$"):
        t.next_hand(1, now=1.0)
    end(t, 1, 2.0)
    with pytest.raises(TournamentError, match=r"^table 1 is not playing a hand$"):
        t.hand_over(1, (3000, 3000, 3000), carry=0, now=3.0)


def test_show_hand_chips_rolled_over_at_a_broken_table_go_to_its_players() -> None:
    show_hand = default_structure("show_hand", "regular")
    t = Tournament(show_hand, table_size=5, rng=random.Random(3))
    for i in range(10):
        t.register(f"p{i}")
    t.start(now=0.0)
    t.next_hand(1, now=0.0)
    t.next_hand(2, now=0.0)
    two = t.tables[2].hand_entries
    assert two == ("p2", "p4", "p3", "p5", "p0")
    # Table 2's hand busts three and leaves 101 chips rolled over (R6.8).
    t.hand_over(2, (0, 0, 0, 7000, 7899), carry=101, now=5.0)
    assert t.chips == 30_000
    assert t.tables[2].carry == 101
    assert counts(t) == {1: 5, 2: 2}
    deal = t.next_hand(2, now=5.0)
    assert deal is not None
    assert deal.carry == 101
    t.hand_over(2, (7000, 7899), carry=101, now=6.0)  # and rolls it over again
    # Three bust at table 1: four left fit at one table; tables 1 and 2 have two
    # each, and table 2 is broken: its 101 chips go to its two players, 51 and 50.
    moves = end(t, 1, 9.0, dict.fromkeys(t.tables[1].hand_entries[:3], -1))
    assert [m.player for m in moves] == ["p5", "p0"]
    assert (t.stacks["p5"], t.stacks["p0"]) == (7051, 7949)
    assert t.chips == 30_000
    assert counts(t) == {1: 4}


def test_the_last_tables_rolled_over_chips_go_to_the_winner() -> None:
    t = Tournament(default_structure("show_hand", "turbo"), rng=random.Random(3))
    t.register("ann")
    t.register("bob")
    t.start(now=0.0)
    t.next_hand(1, now=0.0)
    t.hand_over(1, (0, 2990), carry=10, now=5.0)
    assert t.state == "finished"
    assert t.stacks == {"bob": 3000}
    assert t.chips == 3000
