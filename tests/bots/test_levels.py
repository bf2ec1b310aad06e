"""Players by name and the practice tables' levels; the registry a stronger player
extends."""

from __future__ import annotations

import random

import pytest

from studpoker.bots import (
    LEVELS,
    PLAYERS,
    STYLES,
    CallingStation,
    EquityPlayer,
    RandomPlayer,
    RangePlayer,
    RuleBasedPlayer,
    bot,
    make_player,
    register,
)
from studpoker.games import razz


def test_the_names_and_levels():
    # Others may register more players after these (the equity player).
    assert list(PLAYERS)[:6] == ["random", "station", "rules", "easy", "normal", "hard"]
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert isinstance(make_player("random", "razz"), RandomPlayer)
    assert isinstance(make_player("station", razz()), CallingStation)
    for level in ("easy", "normal"):
        player = bot(level, "show_hand", random.Random(1))
        assert isinstance(player, RuleBasedPlayer)
        assert player.style.name == level
    hard = bot("hard", "show_hand", random.Random(1))  # the equity player took it over
    assert isinstance(hard, EquityPlayer)
    assert hard.temper.name == "hard"
    # Issue 19: the range-reading player, but in Show Hand the solver's player.
    assert isinstance(bot("expert", "razz", random.Random(1)), RangePlayer)
    expert = bot("expert", "show_hand", random.Random(1))
    assert type(expert).__name__ == "SolverPlayer"
    assert expert.name == "solver"


def test_easy_is_looser_and_more_passive_hard_tighter_and_more_aggressive():
    easy, normal, hard = (STYLES[level] for level in LEVELS[:3])
    assert easy.play < normal.play
    assert easy.raise_tier > normal.raise_tier
    assert easy.call_margin < normal.call_margin < hard.call_margin
    assert easy.bluff < normal.bluff < hard.bluff
    assert hard.raise_at < normal.raise_at


def test_unknown_names_list_the_choices():
    with pytest.raises(ValueError, match="no player 'shark': choose random, station, rules"):
        make_player("shark", "razz")
    with pytest.raises(ValueError, match="no level 'rules': choose easy, normal, hard, expert"):
        bot("rules", "razz")


def test_a_registered_player_takes_a_level_over(monkeypatch):
    monkeypatch.setitem(PLAYERS, "hard", PLAYERS["hard"])  # restored after the test
    register("hard", lambda spec, rng: CallingStation(rng))
    assert isinstance(bot("hard", "razz"), CallingStation)
    monkeypatch.delitem(PLAYERS, "shark", raising=False)
    register("shark", lambda spec, rng: RandomPlayer(rng))
    assert isinstance(make_player("shark", "razz"), RandomPlayer)
    PLAYERS.pop("shark")
    with pytest.raises(ValueError, match="a player's name is letters"):
        register("no way", lambda spec, rng: RandomPlayer(rng))
