"""What the up cards decide in the seven-card games: the bring-in (R3.1) and who
acts first on later streets (R3.3, both ``board_tie`` settings)."""

import pytest

from studpoker.cards import Card, parse_cards
from studpoker.hands import (
    Category,
    bring_in,
    bring_in_value,
    first_to_act,
    showing_high,
    showing_low,
)


def cards(text):
    return parse_cards(text)


def boards(*texts):
    return [None if t is None else parse_cards(t) for t in texts]


# R3.1 -------------------------------------------------------------------------------


def test_lowest_up_card_brings_in():
    assert bring_in(cards("9c 3h Kd 5s")) == 1


def test_ace_counts_high_for_the_bring_in():
    assert bring_in(cards("Ac Kd 7h")) == 2
    assert bring_in(cards("Ac Kd")) == 1


def test_2d_brings_in_against_2h():
    assert bring_in(cards("2h 9c 2d")) == 2


def test_suit_order_for_the_bring_in_is_clubs_diamonds_hearts_spades():
    # R1.3 / 003: 2♣ before 2♦ before 2♥ before 2♠.
    assert bring_in(cards("2s 2h 2d 2c")) == 3
    assert bring_in(cards("2s 2h 2d")) == 2
    assert bring_in(cards("2s 2h")) == 1
    order = sorted(cards("2s 2h 2d 2c"), key=bring_in_value, reverse=True)
    assert [str(c) for c in order] == ["2c", "2d", "2h", "2s"]


def test_razz_highest_up_card_brings_in_king_highest_ace_lowest():
    assert bring_in(cards("9c Kd 5s"), low=True) == 1
    assert bring_in(cards("Ac 2d"), low=True) == 1
    assert bring_in(cards("Ac Qd Kh"), low=True) == 2


def test_razz_ks_brings_in_against_kc():
    assert bring_in(cards("Kc 5h Ks"), low=True) == 2
    assert bring_in(cards("Ks 5c Kc"), low=True) == 0


def test_seats_without_an_up_card_are_skipped():
    # The engine passes None for seats that cannot bring in (R3.2: all in on the ante).
    assert bring_in([None, Card.parse("9c"), Card.parse("Kd")]) == 1
    with pytest.raises(ValueError, match="nobody has an up card"):
        bring_in([None, None])


# R3.3 -------------------------------------------------------------------------------


def test_best_showing_high_board_acts_first():
    assert first_to_act(boards("Kh 7d", "9s 9c", "Ac Qd")) == 1
    assert first_to_act(boards("Kh 7d 2c", "9s 8c 3d", "Ac 2d 3h")) == 2


def test_showing_high_categories_are_four_trips_two_pair_pair_high_card():
    ladder = ["Ac Kd Qh Js", "2c 2d 3h 4s", "2c 2d 3h 3s", "2c 2d 2h 3s", "2c 2d 2h 2s"]
    values = [showing_high(b) for b in ladder]
    assert [v.category for v in values] == [
        Category.HIGH_CARD,
        Category.PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.FOUR_OF_A_KIND,
    ]
    assert values == sorted(values)


def test_four_up_cards_make_no_straight_or_flush():
    # R3.3: no straights or flushes with four cards or fewer.
    assert showing_high("9h Th Jh Qh").category is Category.HIGH_CARD
    assert first_to_act(boards("9h Th Jh Qh", "2c 2d 3h 4s")) == 1


def test_kickers_decide_equal_pairs_showing():
    assert first_to_act(boards("Kh Kd 7s", "Ks Kc 9d")) == 1
    assert first_to_act(boards("Kh Qd 7s", "Ks Qc 8d")) == 1


def test_equal_boards_go_to_the_lowest_seat_by_default():
    # R3.3 (003): the player closest to the left of the button, i.e. the lowest seat.
    assert first_to_act(boards("Kh 7d", "Ks 7c")) == 0
    assert first_to_act(boards(None, "Kh 7d", "Ks 7c")) == 1


def test_board_tie_suit_the_highest_card_by_suit_acts_first():
    assert first_to_act(boards("Kh 7d", "Ks 7c"), board_tie="suit") == 1
    assert first_to_act(boards("Ks 7d", "Kh 7c"), board_tie="suit") == 0
    # Pairs of the same rank: the highest suit among the highest cards.
    assert first_to_act(boards("7h 7c Kd", "7s 7d Kc"), board_tie="suit") == 0


def test_razz_lowest_showing_board_acts_first():
    assert first_to_act(boards("Kh 7d", "Ah 2d", "3c 4d"), low=True) == 1
    assert first_to_act(boards("7h 6d 5c 4s", "8c 3d 2h Ac"), low=True) == 0


def test_razz_pairs_are_bad_showing():
    assert first_to_act(boards("Ah Ad", "Kh Qd"), low=True) == 1
    assert showing_low("Kh Qd") > showing_low("Ah Ad")
    assert showing_low("Ah Ad 2c 3d") > showing_low("Ah Ad 2c 2d")


def test_razz_equal_boards_lowest_seat_or_suit():
    assert first_to_act(boards("5h 3d", "5s 3c"), low=True) == 0
    assert first_to_act(boards("5h 3d", "5s 3c"), low=True, board_tie="suit") == 1


def test_a_showing_board_has_one_to_four_cards():
    with pytest.raises(ValueError, match="a showing board has 1 to 4 up cards, not 5"):
        showing_high("2c 3d 4h 5s 7c")
    with pytest.raises(ValueError, match="board_tie is 'seat' or 'suit', not 'dealer'"):
        showing_high("2c", board_tie="dealer")
    with pytest.raises(ValueError, match="a card is given twice"):
        showing_low("2c 2c")


def test_showing_names():
    assert showing_high("Kh Kd 7s").name() == "Pair of kings"
    assert showing_high("Kh Kd 7s 7c").name("zh-Hant") == "兩對 K 和 7"
    assert showing_low("Ah 2d").name() == "2-A low"
    assert showing_low("7h 5d 2c").name("zh-Hant") == "7-5-2 低牌"
