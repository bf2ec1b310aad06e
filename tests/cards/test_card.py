"""Cards and their text forms (R1.1, R1.3)."""

import copy
import pickle
import subprocess
import sys

import pytest

from studpoker.cards import Card, Rank, Suit, format_cards, parse_cards


def test_code_is_rank_then_suit_in_bring_in_order():
    # R1.3: clubs < diamonds < hearts < spades, so codes sort in bring-in order.
    assert [int(Card.parse(t)) for t in ("2c", "2d", "2h", "2s", "3c", "As")] == [0, 1, 2, 3, 4, 51]
    assert Card.parse("2d") < Card.parse("2h")


def test_parse_and_print_round_trip_every_card():
    for code in range(52):
        card = Card.from_code(code)
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol) is card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As", "As"),
        ("as", "As"),
        ("AS", "As"),
        ("10h", "Th"),
        ("th", "Th"),
        ("Td", "Td"),
        ("K♦", "Kd"),
        ("q♥", "Qh"),
        ("7♣", "7c"),
        ("J♠", "Js"),
        ("J♠\ufe0f", "Js"),
        (" 9c ", "9c"),
    ],
)
def test_parse_accepts_the_usual_spellings(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "A", "1s", "11h", "Ax", "Kdd", "Zs", "♠A", "10"])
def test_parse_rejects_bad_text_naming_it(text):
    with pytest.raises(ValueError, match=f"^{text!r} is not a card"):
        Card.parse(text)


def test_parse_cards_splits_on_spaces_and_commas():
    assert format_cards(parse_cards("As Kd 7c Th")) == "As Kd 7c Th"
    assert format_cards(parse_cards("As,Kd , 10h\t2c")) == "As Kd Th 2c"
    assert parse_cards("  ") == []


def test_parse_cards_names_the_first_bad_token():
    with pytest.raises(ValueError, match=r"^'Kx' is not a card"):
        parse_cards("As Kx 7c 1h")


def test_rank_and_suit():
    card = Card.parse("Td")
    assert card.rank is Rank.TEN
    assert card.suit is Suit.DIAMONDS
    assert Card(Rank.TEN, Suit.DIAMONDS) is card
    assert Rank.ACE.low == 1
    assert Rank.KING.low == 13
    assert Rank.TEN.char == "T"
    assert Suit.HEARTS.symbol == "♥"


def test_card_constructor_rejects_impossible_cards():
    with pytest.raises(ValueError, match="no card has rank 15"):
        Card(15, 0)
    with pytest.raises(ValueError, match="card codes are 0 to 51, not 52"):
        Card.from_code(52)


def test_one_object_per_card_survives_copy_and_pickle():
    card = Card.parse("Qh")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_text_forms():
    card = Card.parse("As")
    assert str(card) == "As"
    assert repr(card) == "Card.parse('As')"
    assert card.symbol == "A♠"
    assert f"{card:>4}" == "  As"
    assert format_cards(parse_cards("Ah 10c"), symbols=True) == "A♥ T♣"


def test_a_card_pickled_by_cloudpickle_loads_in_another_process():
    """Ray sends cards to its workers with cloudpickle, which copies classmethods
    by value: a card must rebuild from a module function."""
    cloudpickle = pytest.importorskip("ray.cloudpickle", reason="ray is an optional extra")
    data = cloudpickle.dumps([Card.parse("As"), Card.parse("2c")])
    code = "import pickle, sys; print(pickle.loads(sys.stdin.buffer.read()))"
    done = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, check=True)
    assert done.stdout.decode().strip() == "[Card.parse('As'), Card.parse('2c')]"
