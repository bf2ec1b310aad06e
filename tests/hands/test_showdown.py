"""Showdown values of the seven-card games: high (R4.1), A-5 low (R4.2),
eight-or-better (R4.3), high and low from different cards (R4.4)."""

import pytest

from studpoker.cards import Card, format_cards, parse_cards
from studpoker.hands import Category, eight_or_better, high, low_a5


def best(value):
    return format_cards(value.cards)


@pytest.mark.parametrize(
    ("cards", "category", "five"),
    [
        ("As Ks Qs Js Ts 2d 3c", Category.STRAIGHT_FLUSH, "As Ks Qs Js Ts"),
        ("5d 4d 3d 2d Ad Ks Kh", Category.STRAIGHT_FLUSH, "5d 4d 3d 2d Ad"),
        ("9c 9d 9h 9s 2c 3c Kd", Category.FOUR_OF_A_KIND, "9s 9h 9d 9c Kd"),
        ("Kh Kd Ks 7c 7d 7h 2c", Category.FULL_HOUSE, "Ks Kh Kd 7h 7d"),
        ("Ah 9h 7h 4h 2h Kd Kc", Category.FLUSH, "Ah 9h 7h 4h 2h"),
        ("As 2d 3c 4h 5s Kd Kc", Category.STRAIGHT, "5s 4h 3c 2d As"),
        ("Ts Jd Qc Kh As 9d 8c", Category.STRAIGHT, "As Kh Qc Jd Ts"),
        ("7c 7d 7h Ks 2d 3c 9h", Category.THREE_OF_A_KIND, "7h 7d 7c Ks 9h"),
        ("Kh Kd 7s 7c 2d 2c Qs", Category.TWO_PAIR, "Kh Kd 7s 7c Qs"),
        ("Ac Ad 9s 7c 5h 3d 2c", Category.PAIR, "Ad Ac 9s 7c 5h"),
        ("Ac Jd 9s 7c 5h 3d 2c", Category.HIGH_CARD, "Ac Jd 9s 7c 5h"),
    ],
)
def test_high_category_and_best_five(cards, category, five):
    value = high(cards)
    assert value.category is category
    assert best(value) == five


def test_high_orders_the_categories_of_r4_1():
    ladder = [
        "Ac Jd 9s 7c 5h",
        "2c 2d 3s 4c 5h 7d",
        "2c 2d 3s 3c 4h",
        "2c 2d 2s 3c 4h",
        "As 2d 3c 4h 5s",
        "2h 3h 4h 5h 7h",
        "2c 2d 2s 3c 3h",
        "2c 2d 2s 2h 3c",
        "As 2s 3s 4s 5s",
        "As Ks Qs Js Ts",
    ]
    values = [high(cards).value for cards in ladder]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


def test_the_wheel_is_the_lowest_straight():
    # R1.1: the ace plays low only in A-2-3-4-5.
    assert high("As 2d 3c 4h 5s") < high("2d 3c 4h 5s 6h")
    assert high("Ts Jd Qc Kh As") > high("9s Td Jc Qh Ks")
    assert high("Qs Kd Ac 2h 3s").category is Category.HIGH_CARD


def test_suits_never_split_hands_in_the_seven_card_games():
    # R1.2 and R4.1: equal hands split.
    assert high("Ks Kd 9c 5h 2h").value == high("Kh Kc 9d 5c 2s").value
    assert high("Ah 9h 7h 4h 2h").value == high("As 9s 7s 4s 2s").value


def test_kickers_decide_equal_pairs():
    assert high("Kh Kd Ac 7s 2d") > high("Ks Kc Qd Js Td")
    assert high("Kh Kd 7c 7s Ad") > high("Ks Kc 7d 7h Qd")


def test_a_full_house_uses_the_best_trips_and_pair():
    value = high("Kh Kd Ks Qc Qd Qh 7c")
    assert value.name() == "Full house, kings full of queens"
    assert best(value) == "Ks Kh Kd Qh Qd"


def test_high_takes_text_cards_or_codes():
    assert high("As Ks Qs Js Ts") == high(parse_cards("As Ks Qs Js Ts"))
    assert high([51, 47, 43, 39, 35]) == high("As Ks Qs Js Ts")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("As Ks Qs Js", "a hand has 5 to 7 cards, not 4"),
        ("As Ks Qs Js Ts 9s 8s 7s", "a hand has 5 to 7 cards, not 8"),
        ("As Ks Qs Js As", "As is given twice"),
    ],
)
def test_bad_hands_are_refused(cards, message):
    for evaluate in (high, low_a5, eight_or_better):
        with pytest.raises(ValueError, match=message):
            evaluate(cards)


def test_things_that_are_not_cards_are_refused():
    with pytest.raises(ValueError, match="52 is not a card"):
        high([0, 1, 2, 3, 52])
    with pytest.raises(ValueError, match="-1 is not a card"):
        high([0, 1, 2, 3, -1])
    with pytest.raises(ValueError, match="'As' is not a card"):
        high(["As", "Kd", "Qc", "Jh", "Ts"])


def test_low_7_6_5_4_3_beats_8_7_3_2_a():
    # R4.2: compare the highest card first.
    assert low_a5("7s 6d 5c 4h 3s") > low_a5("8s 7d 3c 2h As")
    assert eight_or_better("7s 6d 5c 4h 3s") > eight_or_better("8s 7d 3c 2h As")


def test_low_6_4_3_2_a_beats_6_5_4_3_a():
    assert low_a5("6s 4d 3c 2h As") > low_a5("6d 5c 4h 3s Ad")


def test_the_wheel_is_the_best_low_and_straights_and_flushes_do_not_count():
    wheel = low_a5("5s 4s 3s 2s As")
    assert wheel.category is Category.HIGH_CARD
    assert wheel.name() == "5-4-3-2-A low"
    assert wheel == max(low_a5(c) for c in ("6s 4d 3c 2h As", "5d 4c 3h 2s Kd", "5h 4h 3h 2h Ah"))


def test_ace_is_low_in_lows():
    assert low_a5("As 2d 3c 4h 6s") > low_a5("2s 3d 4c 5h 6s")
    assert low_a5("Ks Qd Jc Th 9s").name() == "K-Q-J-10-9 low"


def test_pairs_rank_below_every_unpaired_low():
    # R4.2, Razz: any unpaired low beats any paired one.
    assert low_a5("Ks Qd Jc Th 9s") > low_a5("As Ad 2c 3h 4s")
    assert low_a5("As Ad 2c 3h 4s") > low_a5("2s 2d Ac 3h 4s")
    assert low_a5("Ks Kd Ac 2h 3s") > low_a5("As Ad 2c 2h 3s")  # one pair beats two pair
    assert low_a5("As Ad 2c 2h 3s") > low_a5("As Ad Ac 2h 3s")  # two pair beats trips


def test_razz_uses_the_best_five_of_seven_and_pairs_only_when_forced():
    value = low_a5("Kd Kh Qs Qc Jd Jh 9s")
    assert value.name() == "K-Q-J-J-9 low"
    assert best(value) == "Jh Jd Kh Qs 9s"
    assert low_a5("Kd Kh Kc Qs Qc Qd 9s").name() == "K-K-Q-Q-9 low"
    assert best(low_a5("8h 6d 4c 2s As Kd Kc")) == "8h 6d 4c 2s As"


def test_eight_or_better_needs_five_distinct_ranks_of_eight_or_lower():
    # R4.3
    assert eight_or_better("9s 7d 5c 3h As") is None
    assert eight_or_better("8s 8d 5c 3h As Kd Qc") is None
    assert eight_or_better("8s 7d 6c 5h 4s Kd Kc").name() == "8-7-6-5-4 low"
    assert eight_or_better("8s 7d 6c 5h 4s 8d").value == low_a5("8s 7d 6c 5h 4s").value


def test_high_and_low_may_use_different_cards():
    # R4.4: one seven-card hand makes a flush for high and a 7-low.
    cards = "Ah 2h 3h 7h 9h 4c 6d"
    assert high(cards).name() == "Flush, ace high"
    assert best(high(cards)) == "Ah 9h 7h 3h 2h"
    assert eight_or_better(cards).name() == "6-4-3-2-A low"
    assert best(eight_or_better(cards)) == "6d 4c 3h 2h Ah"


def test_values_of_different_rankings_do_not_compare():
    with pytest.raises(TypeError, match="cannot compare a high value with a low_a5 value"):
        _ = high("As Ks Qs Js Ts") < low_a5("As Ks Qs Js Ts")
    assert high("As Ks Qs Js Ts") != low_a5("As Ks Qs Js Ts")


def test_a_value_is_hashable_and_equal_values_split():
    a = high("Ks Kd 9c 5h 2h")
    b = high("Kh Kc 9d 5c 2s")
    assert a == b
    assert len({a, b}) == 1
    assert a.source == tuple(parse_cards("Ks Kd 9c 5h 2h"))
    assert all(isinstance(c, Card) for c in a.cards)
