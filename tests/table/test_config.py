"""A table's configuration: the modes of R7, seats (R7.4), buy-ins and clocks (R8.1)."""

import re

import pytest

from studpoker.games import GAMES, five_card_stud, preset, razz, seven_card_stud, show_hand
from studpoker.table import TableConfig, TableError
from studpoker.table.config import STACK_MAX, chosen_clock, most_seats, option_names


def test_seven_card_defaults_are_eight_seats_and_10_to_100_big_bets():
    config = TableConfig(seven_card_stud(), "chips")
    assert (config.seats, config.buy_in_min, config.buy_in_max) == (8, 4000, 40000)
    assert (config.clock, config.time_bank, config.max_missed_hands) == (20.0, 60.0, 10)
    assert config.stakes == {"ante": 25, "bring_in": 50, "small_bet": 200, "big_bet": 400}


def test_show_hand_defaults_are_ten_seats_and_a_1000_chip_buy_in():
    config = TableConfig(show_hand(), "chips")
    assert (config.seats, config.buy_in_min, config.buy_in_max) == (10, 1000, 1000)
    assert config.stakes == {"ante": 10, "min_bet": 10}


def test_five_card_stud_defaults_are_eight_seats_and_10_to_100_big_bets_r9_1():
    config = TableConfig(five_card_stud(), "chips")
    assert (config.seats, config.buy_in_min, config.buy_in_max) == (8, 4000, 40000)
    assert config.stakes == {"ante": 25, "bring_in": 50, "small_bet": 200, "big_bet": 400}
    assert config.options == {"open_pair_double": False}  # R9.3
    assert config.spec.money_unit == 100


@pytest.mark.parametrize("seats", [9, 10])
def test_a_five_card_stud_table_of_up_to_ten_seats_deals_them_all_r9_1(seats):
    config = TableConfig(five_card_stud(), "chips", seats=seats)
    assert (config.seats, config.spec.max_seats, config.hand_spec.max_seats) == (
        seats,
        seats,
        seats,
    )
    assert config.players_at_most == seats
    # Practice and competition still seat eight people at most (R7.1, R7.3).
    assert TableConfig(five_card_stud(), "practice", seats=seats).players_at_most == 8


def test_a_table_of_fewer_seats_keeps_its_spec():
    spec = five_card_stud()
    assert TableConfig(spec, "chips", seats=6).spec is spec


@pytest.mark.parametrize(
    ("spec", "seats", "most"),
    [(five_card_stud(), 11, 10), (seven_card_stud(), 9, 8), (show_hand(deck=32), 7, 6)],
)
def test_more_seats_than_the_game_deals_is_refused_with_its_code(spec, seats, most):
    with pytest.raises(TableError) as refused:
        TableConfig(spec, "chips", seats=seats)
    assert str(refused.value) == f"a {spec.game} table has 2 to {most} seats, not {seats}"
    assert (refused.value.code, refused.value.params) == (
        "seats_range",
        {"game": spec.game, "minimum": 2, "maximum": most, "seats": seats},
    )


def test_the_most_seats_of_each_game_r7_4_r9_1():
    assert {game: most_seats(preset(game)) for game in GAMES} == {
        "seven_card_stud": 8,
        "stud_hilo": 8,
        "razz": 8,
        "show_hand": 10,
        "five_card_stud": 10,
    }


def test_the_options_a_player_sets_are_the_open_pairs_r2_7_r9_3():
    assert {game: option_names(game) for game in GAMES} == {
        "seven_card_stud": ("open_pair_double",),
        "stud_hilo": (),
        "razz": (),
        "show_hand": (),
        "five_card_stud": ("open_pair_double",),
    }
    assert TableConfig(seven_card_stud(), "chips").options == {"open_pair_double": True}
    on = five_card_stud(open_pair_double=True)
    assert TableConfig(on, "practice").options == {"open_pair_double": True}
    assert TableConfig(razz(), "chips").options == {}


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
        ({"mode": "cash"}, "mode is practice, chips, competition, tournament, not 'cash'"),
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
        ({"bot_level": "shark"}, "bot_level is easy, normal, hard, expert, not 'shark'"),
    ],
)
def test_a_bad_configuration_says_what_is_allowed(options, message):
    options = {"mode": "chips"} | options
    with pytest.raises(
        ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"
    ):
        TableConfig(seven_card_stud(), **options)


# -- bounds (issue 13) ----------------------------------------------------------------------


def says(message: str):
    """Expect a ValueError whose message is exactly ``message``."""
    return pytest.raises(ValueError, match=f"^{re.escape(message)}$")


def test_a_show_hand_buy_in_is_100_minimum_bets():
    """1000 chips at the preset's ante of 10, and at any stakes a stack that pays them."""
    assert TableConfig(show_hand(), "chips").buy_in_min == 1000
    config = TableConfig(show_hand(ante=1_000_000_000), "chips")
    assert (config.buy_in_min, config.buy_in_max) == (10**11, 10**11)
    assert TableConfig(show_hand(ante=5, min_bet=20), "chips").buy_in_max == 2000


def test_stacks_are_100_of_the_largest_big_bet_at_most():
    assert STACK_MAX == 10**11
    assert TableConfig(razz(), "chips", buy_in_max=STACK_MAX).buy_in_max == STACK_MAX
    with says(f"buy_in_max is at most 100000000000 chips, not {10**12}"):
        TableConfig(razz(), "chips", buy_in_max=10**12)
    with says(f"competition_chips is at most 100000000000 chips, not {10**30}"):
        TableConfig(razz(), "competition", competition_chips=10**30)


@pytest.mark.parametrize("seconds", [5, 20.0, 12.5, 120])
def test_a_clock_a_player_chooses_is_5_to_120_seconds_r8_1(seconds):
    assert chosen_clock(seconds) == seconds


@pytest.mark.parametrize(
    "seconds", [4.99, 120.5, 1e9, 0, -5, float("nan"), float("inf"), True, "20", None]
)
def test_any_other_clock_is_refused(seconds):
    with says(f"clock is a number of seconds from 5 to 120, not {seconds!r}"):
        chosen_clock(seconds)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("", ""),
        ("Slow razz", "Slow razz"),
        ("  Ｒａｚｚ　ｎｉｇｈｔ  ", "Razz night"),  # full-width letters and spaces (NFKC)
        ("七張梭哈", "七張梭哈"),
        ("e\u0301te\u0301", "\u00e9t\u00e9"),  # composed
        ("a" * 40, "a" * 40),
    ],
)
def test_a_table_name_is_nfkc_normalised(name, shown):
    assert TableConfig(razz(), "practice", name=name).name == shown


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("a" * 41, "a table name is 40 characters at most, not 41"),
        ("\ufdfa" * 3, "a table name is 40 characters at most, not 54"),  # 18 letters each
        ("lone \ud800", "a table name holds visible characters and spaces only, not U+D800"),
        ("zero\u200bwidth", "a table name holds visible characters and spaces only, not U+200B"),
        ("\u202egnp.exe", "a table name holds visible characters and spaces only, not U+202E"),
        ("line\u2028two", "a table name holds visible characters and spaces only, not U+2028"),
        ("bell\a", "a table name holds visible characters and spaces only, not U+0007"),
        ("\u2800", "a table name holds visible characters and spaces only, not U+2800"),
        ("\ue000", "a table name holds visible characters and spaces only, not U+E000"),
        (7, "a table name is text, not 7"),
    ],
)
def test_a_table_name_holds_only_what_shows(name, message):
    with says(message):
        TableConfig(razz(), "practice", name=name)
