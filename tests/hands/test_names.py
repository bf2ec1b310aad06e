"""Names of hand values in English, Traditional and Simplified Chinese (R4.5)."""

import pytest

from studpoker.hands import LANGUAGES, eight_or_better, high, low_a5, rank_name, show_hand

HIGH_NAMES = [
    ("As Ks Qs Js Ts", "Royal flush", "皇家同花順", "皇家同花顺"),
    ("9h Th Jh Qh Kh", "Straight flush, king high", "同花順 K 高", "同花顺 K 高"),
    ("Ad 2d 3d 4d 5d", "Straight flush, five high", "同花順 5 高", "同花顺 5 高"),
    ("Kc Kd Kh Ks 2c", "Four of a kind, kings", "四條 K", "四条 K"),
    ("Kc Kd Kh 7s 7c", "Full house, kings full of sevens", "葫蘆 K 帶 7", "葫芦 K 带 7"),
    ("Ah 9h 7h 4h 2h", "Flush, ace high", "同花 A 高", "同花 A 高"),
    ("8c 9d Th Js Qh", "Straight, queen high", "順子 Q 高", "顺子 Q 高"),
    ("6c 6d 6h Ks 2d", "Three of a kind, sixes", "三條 6", "三条 6"),
    ("Kh Kd 7s 7c Qs", "Two pair, kings and sevens", "兩對 K 和 7", "两对 K 和 7"),
    ("Th Td 7s 4c Qs", "Pair of tens", "一對 10", "一对 10"),
    ("Ah Jd 7s 4c 2s", "High card, ace", "高牌 A", "散牌 A"),  # R4.5: mainland 散牌
]


@pytest.mark.parametrize(("cards", "en", "hant", "hans"), HIGH_NAMES)
def test_high_names_in_three_languages(cards, en, hant, hans):
    value = high(cards)
    assert [value.name(lang) for lang in LANGUAGES] == [en, hant, hans]
    assert str(value) == en


def test_low_names():
    assert low_a5("8h 6d 4c 2s As").name() == "8-6-4-2-A low"
    assert low_a5("8h 6d 4c 2s As").name("zh-Hant") == "8-6-4-2-A 低牌"
    assert eight_or_better("5h 4d 3c 2s As Kd Kh").name("zh-Hans") == "5-4-3-2-A 低牌"
    assert low_a5("Kh Qd Jc Ts 9s").name() == "K-Q-J-10-9 low"
    # A paired low is read by its cards too, as a Razz player reads it (R4.2, R4.5).
    assert low_a5("2h 2d 3c 4s 5s").name() == "5-4-3-2-2 low"
    assert low_a5("2h 2d 3c 4s 5s").name("zh-Hant") == "5-4-3-2-2 低牌"
    assert low_a5("Ah Ad Kc Ks 9s").name() == "K-K-9-A-A low"


def test_r4_5_simplified_chinese_says_the_mainland_names_in_every_game():
    # 简体 uses one set of names (散牌, 一对, 两对, 三条, 顺子, 同花, 葫芦, 四条, 同花顺);
    # only the top hand differs: 同花大顺 in Show Hand, 皇家同花顺 in the seven-card games,
    # as 同花大順 and 皇家同花順 do in Traditional Chinese.
    for cards, _, _, hans in HIGH_NAMES:
        expected = "同花大顺" if hans == "皇家同花顺" else hans
        assert show_hand(cards).name("zh-Hans") == expected, cards
    assert high("Ah Jd 7s 4c 2s 9d Kh").name("zh-Hans") == "散牌 A"
    assert low_a5("2h 2d 3c 4s 5s").name("zh-Hans") == "5-4-3-2-2 低牌"
    assert eight_or_better("Ah 2h 3h 7h 9h 4c 6d").name("zh-Hans") == "6-4-3-2-A 低牌"


def test_every_rank_has_an_english_name():
    assert [rank_name(r) for r in range(2, 15)] == [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "jack", "queen", "king", "ace",
    ]  # fmt: skip
    assert rank_name(6, plural=True) == "sixes"
    assert rank_name(1, "zh-Hant") == "A"
    assert rank_name(11, "zh-Hans") == "J"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="names are in en, zh-Hant, zh-Hans, not 'fr'"):
        high("As Ks Qs Js Ts").name("fr")
