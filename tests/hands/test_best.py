"""The best hand a seat's known cards make so far, by game, and its names (R4.5):
Five-Card Stud's (R9.3, R9.4) beside the other games'."""

import itertools
import random

import pytest

from studpoker.cards import Card, deck_cards, parse_cards
from studpoker.hands import LANGUAGES, Ranking, high, show_hand, showing_high
from studpoker.hands.best import best_hand, best_hand_names

HIGH_NAMES = [
    ("As Ks Qs Js Ts", "Royal flush", "皇家同花順", "皇家同花顺"),
    ("Ad 2d 3d 4d 5d", "Straight flush, five high", "同花順 5 高", "同花顺 5 高"),
    ("Kc Kd Kh Ks 2c", "Four of a kind, kings", "四條 K", "四条 K"),
    ("Kc Kd Kh 7s 7c", "Full house, kings full of sevens", "葫蘆 K 帶 7", "葫芦 K 带 7"),
    ("Ah 9h 7h 4h 2h", "Flush, ace high", "同花 A 高", "同花 A 高"),
    ("8c 9d Th Js Qh", "Straight, queen high", "順子 Q 高", "顺子 Q 高"),
    ("6c 6d 6h Ks 2d", "Three of a kind, sixes", "三條 6", "三条 6"),
    ("Kh Kd 7s 7c Qs", "Two pair, kings and sevens", "兩對 K 和 7", "两对 K 和 7"),
    ("Th Td 7s 4c Qs", "Pair of tens", "一對 10", "一对 10"),
    ("Ah Jd 7s 4c 2s", "High card, ace", "高牌 A", "散牌 A"),
]


@pytest.mark.parametrize(("cards", "en", "hant", "hans"), HIGH_NAMES)
def test_five_card_stud_names_five_cards_as_the_seven_card_games_do(cards, en, hant, hans):
    # R9.4, R4.5: the standard high hand and its common names (not Show Hand's
    # Hong Kong words: 葫蘆, not 俘虜; 高牌, not 無啤).
    names = best_hand_names("five_card_stud", cards)
    assert names == {"en": en, "zh-Hant": hant, "zh-Hans": hans}
    assert names == best_hand_names("seven_card_stud", cards)


def test_the_value_is_the_five_card_high_hand():
    (value,) = best_hand("five_card_stud", "9h Th Jh Qc Kd")
    assert value.ranking == Ranking.HIGH
    assert value == high("9h Th Jh Qc Kd")
    assert value.name() == "Straight, king high"
    assert best_hand("five_card_stud", "As 2d 3c 4h 5s")[0].name() == "Straight, five high"


def test_fewer_cards_show_pairs_and_kickers_without_straights_or_flushes():
    # Before the fifth card the cards are read as a board is (R9.3): four hearts in a
    # row are a queen high, not a flush or a straight.
    (value,) = best_hand("five_card_stud", "9h Th Jh Qh")
    assert value.ranking == Ranking.SHOWING_HIGH
    assert value.name() == "High card, queen"
    assert best_hand_names("five_card_stud", "Kh Kd 7s")["zh-Hant"] == "一對 K"
    assert best_hand_names("five_card_stud", "Kh 7s")["zh-Hans"] == "散牌 K"
    assert [best_hand_names("five_card_stud", "Ah Ad As 2c")[lang] for lang in LANGUAGES] == [
        "Three of a kind, aces",
        "三條 A",
        "三条 A",
    ]


def test_unknown_cards_are_left_out():
    # A seat's cards as another seat sees them: the down card unknown.
    cards = [None, *parse_cards("Qs Qd 4c")]
    assert best_hand_names("five_card_stud", cards)["en"] == "Pair of queens"
    assert best_hand_names("five_card_stud", [None]) is None
    assert best_hand("five_card_stud", []) == ()


def test_r9_4_suits_never_break_a_tie():
    # The same ranks in other suits are equal hands, where Show Hand's tie-break
    # tells them apart (R6.9).
    first, second = "Ah Kd 9c 5s 3h", "As Kc 9d 5h 3c"
    assert best_hand("five_card_stud", first) == best_hand("five_card_stud", second)
    assert show_hand(first) < show_hand(second)
    assert best_hand("five_card_stud", "Kh Kd") == best_hand("five_card_stud", "Ks Kc")


def test_every_five_card_hand_agrees_with_the_high_evaluator():
    rng = random.Random(9)
    deck = list(deck_cards())
    for _ in range(2_000):
        cards = tuple(rng.sample(deck, 5))
        (value,) = best_hand("five_card_stud", cards)
        assert value == high(cards)
        for size in range(1, 5):
            assert best_hand("five_card_stud", cards[:size]) == (showing_high(cards[:size]),)


def test_the_other_games_are_unchanged():
    cards = "Kh Kd 7s 7c Qs"
    assert best_hand("seven_card_stud", cards) == (high(cards),)
    assert best_hand("show_hand", cards) == (show_hand(cards),)
    assert best_hand_names("show_hand", "Ks Kd Kc 7h 7s")["zh-Hant"] == "俘虜 K 帶 7"
    assert best_hand_names("five_card_stud", "Ks Kd Kc 7h 7s")["zh-Hant"] == "葫蘆 K 帶 7"
    for first, second in itertools.combinations(("Ah", "Kd", "2c"), 2):
        pair = [Card.parse(first), Card.parse(second)]
        assert best_hand("five_card_stud", pair) == best_hand("seven_card_stud", pair)
