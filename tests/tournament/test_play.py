"""Whole tournaments of computer players (issue 17, tournament/play.py): a 200-player
multi-table tournament to the end, every game, absent players (R8.4), and the
director's rules checked after every deal and every hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studpoker.engine import ActionKind, Hand
from studpoker.games import GAMES
from studpoker.tournament import (
    Deal,
    Tournament,
    default_structure,
    payouts,
    play_tournament,
)

K = ActionKind
ABSENT_KINDS = {K.BRING_IN, K.CHECK, K.FOLD, K.SHOW, K.MUCK}


class Referee:
    """Checks the director's rules after every step of a tournament."""

    def __init__(self, absent: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        self.absent = absent
        self.deals = 0
        self.hands = 0
        self.absent_actions: Counter[str] = Counter()

    def __call__(self, t: Tournament, what: Any, now: float) -> None:
        t.check()  # chips constant, one seat each, every bust placed once
        if isinstance(what, Deal):
            self.deals += 1
            table = t.tables[what.table]
            others = [x.count for x in t.running_tables if x is not table and not x.breaking]
            # A table never deals with two players more than another.
            assert not others or table.count <= min(others) + 1, (table.number, others)
            assert what.stacks == tuple(t.stacks[e] for e in what.players)
            assert set(what.players) == {e for e in table.seats if e is not None}
            assert what.level == t.level(now)
            return
        number, hand = what
        assert isinstance(hand, Hand)
        assert hand.is_over
        self.hands += 1
        table = t.tables[number]
        if t.state == "running" and not table.broken:
            others = [x.count for x in t.running_tables if x is not table and not x.breaking]
            assert not others or table.count <= min(others) + 1
        # An absent player posts, checks when free, folds, never calls or raises
        # (R8.4); a Show Hand opener, who may not check nor fold (R6.4), bets the least
        # (all it has when that is less than the minimum bet).
        players = table.hand_entries
        for seat, action in hand.actions:
            if players[seat] in self.absent:
                self.absent_actions[action.kind] += 1
                opens = action.kind == K.SHOWHAND or (
                    action.kind == K.BET and action.amount == hand.spec.min_bet
                )
                assert action.kind in ABSENT_KINDS or (hand.spec.game == "show_hand" and opens)


def places_are_whole(t: Tournament, pool: int) -> None:
    places = t.places(pool=pool)
    assert sorted(p.player for p in places) == sorted(t.entries)  # each placed once
    assert places[0].place == 1
    assert sum(p.prize for p in places) == pool
    at = 1
    for place in sorted({p.place for p in places}):
        assert place == at
        at += sum(1 for p in places if p.place == place)
    assert at == len(t.entries) + 1


def test_a_200_player_tournament_runs_to_the_end_by_the_rules() -> None:
    referee = Referee()
    structure = default_structure("seven_card_stud", "turbo")
    players = ["rules", "station", "easy", "hard"] * 50
    t = play_tournament(structure, players, seed=17, on_step=referee)
    assert t.state == "finished"
    assert len(t.entries) == 200
    assert len(t.tables) == 25  # 200 at eight a table
    assert referee.deals == referee.hands == t.hands
    assert t.chips == 200 * 1500
    assert list(t.stacks.values()) == [300_000]
    places_are_whole(t, pool=200 * 1000)
    places = t.places(pool=200 * 1000)
    assert [p.prize for p in places[:25]] == payouts(200, 200_000)
    assert all(p.prize == 0 for p in places[25:])
    assert t.level_number > 5  # it went through levels (and breaks are hourly)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_a_tournament_with_absent_players_dealt_in(game: str) -> None:
    absent = {3, 11, 20}
    referee = Referee({f"p{i}" for i in absent})
    structure = default_structure(game, "turbo")
    t = play_tournament(structure, ["rules"] * 30, seed=5, absent=absent, on_step=referee)
    assert t.state == "finished"
    assert t.chips == 30 * structure.starting_chips
    places_are_whole(t, pool=30_000)
    # The absent posted (ante, bring-in) and were folded away until busted: each of
    # them finished, and none won.
    assert referee.absent_actions[K.FOLD] > 0
    winner = t.places()[0].player
    assert winner not in referee.absent


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    count=st.integers(2, 40),
    size=st.integers(2, 8),
    seed=st.integers(0, 10**6),
    absent=st.sets(st.integers(0, 39), max_size=5),
)
def test_any_field_keeps_the_rules_to_the_end(
    game: str, count: int, size: int, seed: int, absent: set[int]
) -> None:
    absent = {i for i in absent if i < count}
    referee = Referee({f"p{i}" for i in absent})
    structure = default_structure(game, "turbo")
    t = play_tournament(
        structure, (["rules", "random"] * 20)[:count], seed=seed, table_size=size, absent=absent,
        on_step=referee,
    )  # fmt: skip
    assert t.state == "finished"
    places_are_whole(t, pool=count * 10)


def test_the_same_seed_plays_the_same_tournament() -> None:
    structure = default_structure("razz", "turbo")
    one = play_tournament(structure, ["rules"] * 20, seed=9)
    two = play_tournament(structure, ["rules"] * 20, seed=9)
    assert [p.player for p in one.places()] == [p.player for p in two.places()]
    assert one.hands == two.hands


def test_a_triple_stud_tournament_turns_its_games_table_by_table() -> None:
    """Triple Stud as a tournament option: each table deals Seven Card Stud, Razz and
    Stud/8 an orbit each (a hand a seat), at the level's stakes."""
    games: dict[int, list[str]] = {}

    def record(t: Tournament, what: Any, now: float) -> None:
        if isinstance(what, Deal):
            games.setdefault(what.table, []).append(what.spec.game)
            assert what.spec.small_bet == what.level.small_bet
            assert what.spec.ante == what.level.ante

    structure = default_structure("seven_card_stud", "regular")
    t = play_tournament(structure, ["rules"] * 16, seed=4, on_step=record, mix="triple_stud")
    assert t.state == "finished"
    order = ("seven_card_stud", "razz", "stud_hilo")
    for dealt in games.values():
        assert dealt == [order[(i // 8) % 3] for i in range(len(dealt))]
    assert any(len(dealt) > 16 for dealt in games.values())  # every game was dealt
