"""Game specs: the presets carry the defaults RULES.md names, impossible specs are
refused with a reason, and a :class:`Hand` refuses stacks nobody can be dealt in with."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from studpoker.cards import parse_cards
from studpoker.engine import Hand
from studpoker.games import (
    GAMES,
    GameSpec,
    Street,
    five_card_stud,
    preset,
    razz,
    seven_card_stud,
    show_hand,
    stud_hilo,
)
from studpoker.games.spec import MAX_SEATS, STAKE_MAX

SEVEN_CARD_STREETS = (
    Street("third", "ddu"),
    Street("fourth", "u"),
    Street("fifth", "u", big=True),
    Street("sixth", "u", big=True),
    Street("seventh", "d", big=True),
)


def says(message: str):
    """Expect a ValueError whose message is exactly ``message``."""
    return pytest.raises(ValueError, match=f"^{re.escape(message)}$")


def fields(spec: GameSpec, *names: str) -> dict[str, object]:
    return {name: getattr(spec, name) for name in names}


# The presets -------------------------------------------------------------------------


def test_seven_card_stud_preset_carries_the_rules_defaults():
    """R2.1 ($2/$4 in cents: ante 0.25, bring-in 0.50), R2.3 and R2.6 (the streets),
    R2.5, R2.7, R2.12, R3.3, R5.2, R5.6, R5.8, R6.7, R6.9 and R7.4 (8 seats)."""
    spec = seven_card_stud()
    assert spec.game == "seven_card_stud"
    assert spec.streets == SEVEN_CARD_STREETS
    assert fields(spec, "ante", "bring_in", "small_bet", "big_bet") == {
        "ante": 25,
        "bring_in": 50,
        "small_bet": 200,
        "big_bet": 400,
    }
    assert fields(
        spec,
        "max_raises",
        "cap_heads_up",
        "open_pair_double",
        "burn_cards",
        "board_tie",
        "showdown_order",
        "odd_chip",
        "reveal_mucked",
        "settlement",
        "showdown_suit_tiebreak",
        "deck",
        "max_seats",
    ) == {
        "max_raises": 3,
        "cap_heads_up": True,
        "open_pair_double": True,
        "burn_cards": False,
        "board_tie": "seat",
        "showdown_order": "seat",
        "odd_chip": "suit",
        "reveal_mucked": False,
        "settlement": "side_pots",
        "showdown_suit_tiebreak": False,
        "deck": 52,
        "max_seats": 8,
    }
    assert (spec.low, spec.hilo, spec.is_show_hand, spec.cards_per_player) == (
        False,
        False,
        False,
        7,
    )


def test_stud_hilo_preset_antes_40_and_has_no_open_pair_double():
    """R2.1 (ante 0.40 at $2/$4, 003) and R2.7 (003: no double bet in Stud/8)."""
    spec = stud_hilo()
    assert fields(spec, "ante", "bring_in", "small_bet", "big_bet", "open_pair_double") == {
        "ante": 40,
        "bring_in": 50,
        "small_bet": 200,
        "big_bet": 400,
        "open_pair_double": False,
    }
    assert spec.streets == SEVEN_CARD_STREETS
    assert (spec.hilo, spec.low, spec.max_raises, spec.settlement) == (True, False, 3, "side_pots")


def test_razz_preset_is_low_without_open_pair_double():
    spec = razz()
    assert fields(spec, "ante", "bring_in", "small_bet", "big_bet", "open_pair_double") == {
        "ante": 25,
        "bring_in": 50,
        "small_bet": 200,
        "big_bet": 400,
        "open_pair_double": False,
    }
    assert (spec.low, spec.hilo, spec.board_tie, spec.max_seats) == (True, False, "seat", 8)


def test_show_hand_preset_carries_the_rules_defaults():
    """R6.2 (four rounds, five cards), R6.4 (minimum bet = the ante, the opener must
    bet), R6.5 to R6.10, and up to 10 seats (R6.1, R7.4)."""
    spec = show_hand()
    assert spec.streets == (
        Street("second", "du"),
        Street("third", "u"),
        Street("fourth", "u"),
        Street("fifth", "u"),
    )
    assert spec.cards_per_player == 5
    assert fields(
        spec,
        "ante",
        "min_bet",
        "opener_may_check",
        "limit",
        "street_caps",
        "showhand_allowed",
        "showhand_from_round",
        "showhand_amount",
        "settlement",
        "short_call_excess",
        "showdown_suit_tiebreak",
        "suit_order",
        "straight_face",
        "deck",
        "max_seats",
    ) == {
        "ante": 10,
        "min_bet": 10,
        "opener_may_check": False,
        "limit": "none",
        "street_caps": None,
        "showhand_allowed": True,
        "showhand_from_round": 1,
        "showhand_amount": "all",
        "settlement": "capped",
        "short_call_excess": "rollover",
        "showdown_suit_tiebreak": True,
        "suit_order": "show_hand",
        "straight_face": "any",
        "deck": 52,
        "max_seats": 10,
    }
    assert show_hand(ante=25).min_bet == 25
    assert show_hand(ante=25, min_bet=50).min_bet == 50


@pytest.mark.parametrize(
    ("deck", "seats", "flush_over_full", "ace_bridges"),
    [(28, 5, False, False), (32, 6, True, True)],
)
def test_show_hand_stripped_decks_default_their_seats_and_ranking(
    deck, seats, flush_over_full, ace_bridges
):
    """R6.10: seats so that everyone gets five cards; a flush beats a full house and
    the ace bridges the gap by default with 32 cards, not with 28."""
    spec = show_hand(deck=deck)
    assert spec.max_seats == seats
    assert spec.ranking.flush_over_full_house is flush_over_full
    assert spec.ranking.ace_bridges is ace_bridges


def test_options_given_to_a_preset_are_kept():
    spec = seven_card_stud(
        max_raises=4, cap_heads_up=False, open_pair_double=False, burn_cards=True, board_tie="suit"
    )
    assert fields(
        spec, "max_raises", "cap_heads_up", "open_pair_double", "burn_cards", "board_tie"
    ) == {
        "max_raises": 4,
        "cap_heads_up": False,
        "open_pair_double": False,
        "burn_cards": True,
        "board_tie": "suit",
    }
    assert stud_hilo(open_pair_double=True).open_pair_double is True
    assert razz(open_pair_double=True).open_pair_double is True


@pytest.mark.parametrize("game", GAMES)
def test_preset_by_name(game):
    assert preset(game).game == game
    assert preset(game, ante=30).ante == 30


def test_with_options_returns_a_checked_copy():
    spec = seven_card_stud()
    assert spec.with_options(max_raises=4).max_raises == 4
    assert spec.max_raises == 3
    with says("the small bet (200) must be positive and the big bet (100) at least as large"):
        spec.with_options(big_bet=100)


# Impossible specs ------------------------------------------------------------------


def test_the_bring_in_must_be_below_the_small_bet():
    with says("the bring-in (200) must be below the small bet (200)"):
        seven_card_stud(bring_in=200)
    with says("the bring-in (250) must be below the small bet (200)"):
        razz(bring_in=250)


def test_the_big_bet_may_not_be_below_the_small_bet():
    message = "the small bet (200) must be positive and the big bet (100) at least as large"
    with says(message):
        seven_card_stud(big_bet=100)
    assert seven_card_stud(big_bet=200).big_bet == 200  # equal is a possible table


def test_the_small_bet_must_be_positive():
    message = "the small bet (0) must be positive and the big bet (400) at least as large"
    with says(message):
        stud_hilo(small_bet=0, bring_in=0)


def test_a_stud_game_needs_a_bring_in_or_an_ante():
    with says("a stud game needs a bring-in or an ante"):
        seven_card_stud(ante=0, bring_in=0)
    assert seven_card_stud(ante=0).bring_in == 50
    assert seven_card_stud(bring_in=0).ante == 25


@pytest.mark.parametrize("name", ["ante", "bring_in", "small_bet", "big_bet"])
@pytest.mark.parametrize("amount", [-1, 2.5, "50", True, None])
def test_amounts_are_whole_numbers_of_chips_0_or_more(name, amount):
    """R1.4: integers in the table's smallest unit, never floats."""
    message = f"{name} must be a whole number of chips, 0 or more, not {amount!r}"
    with says(message):
        seven_card_stud(**{name: amount})


@pytest.mark.parametrize(("name", "amount"), [("ante", -10), ("min_bet", 1.5), ("max_bet", -1)])
def test_show_hand_amounts_are_whole_numbers_of_chips(name, amount):
    message = f"{name} must be a whole number of chips, 0 or more, not {amount!r}"
    with says(message):
        show_hand(**{name: amount})


def test_an_unknown_game_is_refused():
    message = (
        "game must be one of seven_card_stud, stud_hilo, razz, show_hand, five_card_stud, "
        "not 'holdem'"
    )
    with says(message):
        preset("holdem")
    with says(message):
        GameSpec(game="holdem", streets=SEVEN_CARD_STREETS, ante=25)


@pytest.mark.parametrize(
    ("deck", "seats", "most"),
    [(28, 6, 5), (32, 7, 6), (52, 11, 10)],
)
def test_show_hand_seats_no_more_players_than_the_deck_deals_five_cards(deck, seats, most):
    """R6.10 and R6.1: 28 cards deal 5 players, 32 cards 6, 52 cards (capped at 10) 10."""
    message = (
        f"a {deck}-card deck deals five cards to at most {most} players, not {seats} (R6.1, R6.10)"
    )
    with says(message):
        show_hand(deck=deck, max_seats=seats)
    assert show_hand(deck=deck, max_seats=most).max_seats == most


def test_the_seven_card_games_seat_at_most_eight():
    """R7.4: eight players a table (003)."""
    for game in (seven_card_stud, stud_hilo, razz):
        with says(f"{game.__name__} seats at most 8 players, not 9"):
            game(max_seats=9)


def test_five_card_stud_seats_two_to_ten():
    """R9.1: 2-10 players; the sites' tables had eight, the default."""
    assert five_card_stud().max_seats == 8
    assert (five_card_stud().most_seats, razz().most_seats, show_hand(deck=28).most_seats) == (
        10,
        8,
        5,
    )
    assert five_card_stud(max_seats=10).max_seats == 10
    with says("five_card_stud seats at most 10 players, not 11"):
        five_card_stud(max_seats=11)


def test_five_card_stud_is_fixed_limit_with_a_bring_in():
    """R9.1, R9.2: four streets, one down and one up first, big bets from fourth street."""
    spec = five_card_stud()
    assert spec.betting == "bring_in"
    assert [(s.name, s.cards, s.big) for s in spec.streets] == [
        ("second", "du", False),
        ("third", "u", False),
        ("fourth", "u", True),
        ("fifth", "u", True),
    ]
    assert (spec.ante, spec.bring_in, spec.small_bet, spec.big_bet) == (25, 50, 200, 400)
    assert spec.open_pair_double is False  # R9.3: off by default
    assert five_card_stud(bring_in=0).betting == "fixed_limit"


def test_the_stud_games_use_the_52_card_deck():
    with says("seven_card_stud uses the 52-card deck"):
        seven_card_stud(deck=32)
    with says("five_card_stud uses the 52-card deck"):
        five_card_stud(deck=28)


@pytest.mark.parametrize(
    "caps",
    [
        (Fraction(1, 4),),
        (Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(1), Fraction(1)),
        (Fraction(0), Fraction(1, 2), Fraction(1), Fraction(1)),
        (Fraction(1, 4), Fraction(1, 2), Fraction(3, 2), Fraction(1)),
    ],
)
def test_street_caps_give_one_fraction_for_each_betting_round(caps):
    """R6.5: one fraction of the showhand amount for each of the four rounds."""
    message = "street_caps gives one fraction (0 < f <= 1) for each of the 4 betting rounds"
    with says(message):
        show_hand(street_caps=caps)
    assert show_hand(street_caps=(Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(1)))


def test_max_raises_is_at_least_one():
    with says("max_raises must be at least 1, not 0"):
        seven_card_stud(max_raises=0)


def test_capped_settlement_is_only_for_show_hand():
    with says("capped settlement (R6.7) is a Show Hand rule"):
        razz(settlement="capped")


def test_show_hand_needs_an_ante_or_a_minimum_bet():
    with says("Show Hand needs an ante or a minimum bet"):
        show_hand(ante=0)
    assert show_hand(ante=0, min_bet=20).min_bet == 20


def test_show_hand_fixed_max_needs_a_maximum_of_at_least_the_minimum_bet():
    message = "with limit 'fixed_max' the maximum bet (5) must be at least the minimum bet (10)"
    with says(message):
        show_hand(limit="fixed_max", max_bet=5)


def test_showhand_from_round_is_one_of_the_four_rounds():
    with says("showhand_from_round is 1 to 4, not 5"):
        show_hand(showhand_from_round=5)


@pytest.mark.parametrize(
    ("make", "option", "value"),
    [
        (seven_card_stud, "board_tie", "high"),
        (seven_card_stud, "showdown_order", "last"),
        (stud_hilo, "odd_chip", "button"),
        (seven_card_stud, "max_raises", 2.5),
        (seven_card_stud, "cap_heads_up", "yes"),
        (show_hand, "showhand_amount", "half"),
        (show_hand, "short_call_excess", "keep"),
        (show_hand, "limit", "half-pot"),
        (show_hand, "suit_order", "alphabetical"),
        (show_hand, "straight_face", "open"),
    ],
)
def test_an_option_outside_its_settings_is_refused(make, option, value):
    """Every option of RULES.md has the settings it names; anything else is an
    impossible spec and must be refused when the table is set up, naming the option."""
    with pytest.raises(ValueError, match=option):
        make(**{option: value})


# Hand refuses what cannot be dealt ------------------------------------------------


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ([0, 1000], "seat 0 has 0 chips: a player dealt in has at least 1 chip"),
        ([1000, -5], "seat 1 has -5 chips: a player dealt in has at least 1 chip"),
        ([1000, 2.5], "seat 1 has 2.5 chips: a player dealt in has at least 1 chip"),
        ([1000, "1000"], "seat 1 has '1000' chips: a player dealt in has at least 1 chip"),
        ([True, 1000], "seat 0 has True chips: a player dealt in has at least 1 chip"),
        ([1000], "seven_card_stud deals 2 to 8 players, not 1"),
        ([], "seven_card_stud deals 2 to 8 players, not 0"),
        ([1000] * 9, "seven_card_stud deals 2 to 8 players, not 9"),
    ],
)
def test_hand_refuses_stacks_nobody_can_be_dealt_in_with(stacks, message):
    with says(message):
        Hand(seven_card_stud(), stacks)


@pytest.mark.parametrize(("deck", "players", "most"), [(52, 11, 10), (32, 7, 6), (28, 6, 5)])
def test_hand_seats_no_more_than_the_show_hand_deck_allows(deck, players, most):
    with says(f"show_hand deals 2 to {most} players, not {players}"):
        Hand(show_hand(deck=deck), [100] * players)
    assert Hand(show_hand(deck=deck), [100] * most).player_count == most


def test_hand_refuses_a_negative_carry_in():
    message = "carry_in is a whole number of chips, 0 or more, not -1"
    with says(message):
        Hand(show_hand(), [100, 100], carry_in=-1)


def test_hand_refuses_a_card_twice_or_outside_the_deck():
    with says("As is in the deck twice"):
        Hand(seven_card_stud(), [1000, 1000], deck=parse_cards("As Kd As Qd 2c 3c"))
    with says("2c is not in the 28-card deck"):
        Hand(show_hand(deck=28), [100, 100], deck=parse_cards("As 2c Ah Kd"))


# -- bounds (issue 13): what a client may set fits the store's 64-bit money columns -------


@pytest.mark.parametrize("name", ["ante", "bring_in", "small_bet", "big_bet"])
def test_a_stake_is_a_billion_chips_at_most(name):
    largest = {"ante": STAKE_MAX, "bring_in": STAKE_MAX - 1, "small_bet": STAKE_MAX}
    assert seven_card_stud(**largest, big_bet=STAKE_MAX).big_bet == 1_000_000_000
    with says(f"{name} must be at most 1000000000 chips, not 1000000001"):
        seven_card_stud(**(largest | {"big_bet": STAKE_MAX, name: STAKE_MAX + 1}))
    with says(f"{name} must be at most 1000000000 chips, not {10**30}"):
        seven_card_stud(**{name: 10**30})


@pytest.mark.parametrize("name", ["ante", "min_bet", "max_bet"])
def test_show_hand_amounts_are_a_billion_chips_at_most(name):
    with says(f"{name} must be at most 1000000000 chips, not 1000000001"):
        show_hand(**{name: 1_000_000_001})


def test_show_hand_has_the_most_seats_of_any_game_r7_4():
    assert show_hand().max_seats == MAX_SEATS == 10
    assert max(preset(game).max_seats for game in ("seven_card_stud", "stud_hilo", "razz")) == 8
