"""Tournament structures (issue 17, tournament/structure.py): the shipped ones for every
game, a structure given as data, and what bad data gets."""

from __future__ import annotations

import copy
import itertools
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studpoker.games import GAMES
from studpoker.tournament import Break, Level, default_structure, roman, structure_of
from studpoker.tournament.structure import DEFAULT_STRUCTURES


def test_every_game_has_a_regular_and_a_turbo_structure() -> None:
    assert sorted(DEFAULT_STRUCTURES) == sorted(
        (game, speed) for game in GAMES for speed in ("regular", "turbo")
    )
    regular, turbo = (
        default_structure("seven_card_stud"),
        default_structure("seven_card_stud", "turbo"),
    )
    assert (regular.starting_chips, regular.level_minutes, regular.level_hands) == (3000, 10, None)
    assert (turbo.starting_chips, turbo.level_minutes) == (1500, 5)
    assert regular.levels == turbo.levels  # the same ladder, climbed twice as fast
    # A 5-minute break after every sixth level of ten minutes: once an hour.
    breaks = [at for at, step in enumerate(regular.schedule) if isinstance(step, Break)]
    assert breaks[:3] == [6, 13, 20]
    assert all(regular.schedule[at] == Break(5.0) for at in breaks)


def test_the_fixed_limit_levels_keep_pokerstars_proportions() -> None:
    """The Triple Stud file: Level XXXI (250/500), antes 50, bring-in 75; the Razz one:
    (50/100), 10 and 15; the HORSE one: (200/400), 40 and 60."""
    for game in ("seven_card_stud", "stud_hilo", "razz", "five_card_stud"):
        by_limits = {level.small_bet: level for level in default_structure(game).levels}
        assert (by_limits[250].ante, by_limits[250].bring_in, by_limits[250].big_bet) == (
            50,
            75,
            500,
        )
        assert (by_limits[50].ante, by_limits[50].bring_in) == (10, 15)
        assert (by_limits[200].ante, by_limits[200].bring_in) == (40, 60)
    first = default_structure("razz").levels[0]
    assert first == Level(1, ante=2, bring_in=3, small_bet=10, big_bet=20)
    assert first.title == "Level I (10/20)"
    assert default_structure("razz").levels[9].title == "Level X (250/500)"


def test_a_level_is_played_as_the_game_at_its_stakes_in_whole_chips() -> None:
    regular = default_structure("stud_hilo")
    spec = regular.spec(regular.levels[4])
    assert (spec.game, spec.ante, spec.bring_in, spec.small_bet, spec.big_bet) == (
        "stud_hilo",
        10,
        15,
        50,
        100,
    )
    assert spec.money_unit == 1
    show_hand = default_structure("show_hand", "turbo")
    level = show_hand.levels[2]
    assert (level.ante, level.min_bet, level.title) == (20, 40, "Level III (20/40)")
    spec = show_hand.spec(level)
    assert (spec.game, spec.ante, spec.min_bet, spec.money_unit) == ("show_hand", 20, 40, 1)


def test_every_shipped_level_is_above_the_one_before() -> None:
    for structure in DEFAULT_STRUCTURES.values():
        levels = structure.levels
        assert [level.number for level in levels] == list(range(1, len(levels) + 1))
        for before, after in itertools.pairwise(levels):
            assert after.ante >= before.ante
            assert (after.small_bet, after.min_bet) > (before.small_bet, before.min_bet)


def test_a_structure_given_as_data_counts_levels_by_hands() -> None:
    given_data = {
        "name": "home game",
        "game": "show_hand",
        "starting_chips": 500,
        "level_hands": 12,
        "levels": [
            {"ante": 5, "min_bet": 10},
            {"break_minutes": 2.5},
            {"ante": 10, "min_bet": 20},
        ],
    }
    made = structure_of(given_data)
    assert (made.name, made.level_minutes, made.level_hands) == ("home game", None, 12)
    assert made.schedule == (
        Level(1, ante=5, min_bet=10),
        Break(2.5),
        Level(2, ante=10, min_bet=20),
    )


RAZZ: dict[str, Any] = {
    "game": "razz",
    "starting_chips": 1000,
    "level_minutes": 8,
    "levels": [
        {"ante": 2, "bring_in": 3, "small_bet": 10, "big_bet": 20},
        {"ante": 3, "bring_in": 5, "small_bet": 15, "big_bet": 30},
    ],
}


def changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(RAZZ)
    place: Any = data
    for key in path[:-1]:
        place = place[key]
    if value is KeyError:
        del place[path[-1]]
    else:
        place[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("game",), "holdem",
         "game is one of seven_card_stud, stud_hilo, razz, show_hand, five_card_stud, "
         "not 'holdem'"),
        (("starting_chips",), 0, "starting_chips is a whole number of at least 1, not 0"),
        (("starting_chips",), 1500.5, "starting_chips is a whole number of at least 1, not 1500.5"),
        (("level_hands",), 10, "a level lasts level_minutes or level_hands: give one of them"),
        (("level_minutes",), KeyError,
         "a level lasts level_minutes or level_hands: give one of them"),
        (("level_minutes",), -5, "level_minutes is a number of minutes above 0, not -5"),
        (("levels",), [], "levels is a list of at least one level"),
        (("levels", 0, "min_bet"), 20,
         "levels[0]: a level of razz has ante, bring_in, small_bet, big_bet, "
         "not ['ante', 'big_bet', 'bring_in', 'min_bet', 'small_bet']"),
        (("levels", 1, "ante"), -1, "levels[1].ante is a whole number of at least 0, not -1"),
        (("levels", 1, "small_bet"), 10,
         "levels[1]: each level's stakes are above the one before "
         "(Level II (10/30) after Level I (10/20))"),
        (("levels", 1, "bring_in"), 15,
         "levels[1]: the bring-in (15) must be below the small bet (15)"),
        (("levels", 0), {"break_minutes": 5}, "levels[0]: a break comes after a level"),
        (("levels", 1), {"break_minutes": 5}, "the last of the levels is a level, not a break"),
        (("levels", 1), {"break_minutes": 5, "ante": 1},
         "levels[1]: a break has break_minutes alone"),
        (("colour",), "blue", "a structure has no 'colour'"),
    ],
)  # fmt: skip
def test_bad_data_gets_a_clear_error(path: tuple[Any, ...], value: Any, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)) as raised:
        structure_of(changed(path, value))
    assert str(raised.value) == message
    assert RAZZ["levels"][1]["small_bet"] == 15  # the template itself unchanged


@given(st.integers(1, 3999))
def test_roman_numerals_read_back(number: int) -> None:
    values = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}
    text = roman(number)
    total = (
        sum(-values[a] if values[a] < values[b] else values[a] for a, b in itertools.pairwise(text))
        + values[text[-1]]
    )
    assert total == number
    assert roman(number) == roman(number).upper()


def test_a_level_number_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="a level's number is 1 to 3999, not 0"):
        roman(0)
