"""A table's configuration: the modes of R7, seats (R7.4), buy-ins and clocks (R8.1)."""

import pytest

from studpoker.games import razz, seven_card_stud, show_hand
from studpoker.table import TableConfig


def test_seven_card_defaults_are_eight_seats_and_10_to_100_big_bets():
    config = TableConfig(seven_card_stud(), "chips")
    assert (config.seats, config.buy_in_min, config.buy_in_max) == (8, 4000, 40000)
    assert (config.clock, config.time_bank, config.max_missed_hands) == (20.0, 60.0, 3)
    assert config.stakes == {"ante": 25, "bring_in": 50, "small_bet": 200, "big_bet": 400}


def test_show_hand_defaults_are_ten_seats_and_a_1000_chip_buy_in():
    config = TableConfig(show_hand(), "chips")
    assert (config.seats, config.buy_in_min, config.buy_in_max) == (10, 1000, 1000)
    assert config.stakes == {"ante": 10, "min_bet": 10}


def test_practice_forbids_the_showhand_r7_1():
    spec = show_hand()
    assert TableConfig(spec, "practice").hand_spec.showhand_allowed is False
    assert TableConfig(spec, "chips").hand_spec is spec
    assert TableConfig(spec, "practice").spec is spec


def test_practice_and_competition_seat_eight_players_at_most_r7_1_r7_3():
    assert TableConfig(show_hand(), "practice").players_at_most == 8
    assert TableConfig(show_hand(), "competition").players_at_most == 8
    assert TableConfig(show_hand(), "chips").players_at_most == 10
    assert TableConfig(razz(), "practice", seats=4).players_at_most == 4


def test_a_buy_in_range_given_on_one_side_only():
    assert TableConfig(razz(), "chips", buy_in_max=2000).buy_in_min == 2000
    assert TableConfig(razz(), "chips", buy_in_min=50_000).buy_in_max == 50_000


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"mode": "cash"}, "mode is practice, chips, competition, not 'cash'"),
        ({"seats": 9}, "a seven_card_stud table has 2 to 8 seats, not 9"),
        ({"seats": 1}, "a seven_card_stud table has 2 to 8 seats, not 1"),
        (
            {"buy_in_min": 500, "buy_in_max": 400},
            "buy_in_min (500) must not be above buy_in_max (400)",
        ),
        ({"buy_in_min": -5}, "buy_in_min is a whole number of chips, 1 or more, not -5"),
        ({"clock": 0}, "clock is a number of seconds above 0, not 0"),
        ({"time_bank": -1.0}, "time_bank is a number of seconds, 0 or more, not -1.0"),
        ({"pause": float("nan")}, "pause is a number of seconds, 0 or more, not nan"),
        ({"max_missed_hands": 0}, "max_missed_hands is 1 or more, not 0"),
        (
            {"competition_chips": 0},
            "competition_chips is a whole number of chips, 1 or more, not 0",
        ),
        ({"competition_seconds": -1}, "competition_seconds is a number of seconds above 0, not -1"),
        ({"bot_level": "shark"}, "bot_level is easy, normal, hard, not 'shark'"),
    ],
)
def test_a_bad_configuration_says_what_is_allowed(options, message):
    options = {"mode": "chips"} | options
    with pytest.raises(
        ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"
    ):
        TableConfig(seven_card_stud(), **options)
