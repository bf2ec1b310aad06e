"""Show Hand (話事啤): boards that decide who speaks first (R6.3), the showdown with
its suit tie-break (R6.9) and the stripped decks (R6.10), in both suit orders (R1.3)."""

import pytest

from studpoker.cards import format_cards
from studpoker.hands import Category, ShowHandRules, show_hand, show_hand_board

REGIONAL = ShowHandRules(suit_order="regional")
CONSECUTIVE = ShowHandRules(straight_face="consecutive")


def board(text, rules=None):
    return show_hand_board(text, rules)


def first_speaker(*texts, rules=None):
    values = [board(t, rules) for t in texts]
    return values.index(max(values))


# R6.3, one card: rank, then suit -------------------------------------------------------


def test_one_card_rank_decides():
    assert first_speaker("Kd", "As", "Qh") == 1


def test_one_card_suit_order_spades_hearts_clubs_diamonds():
    # R1.3 Show Hand order ♦ < ♣ < ♥ < ♠ (002).
    assert first_speaker("Ad", "Ac") == 1
    assert first_speaker("Ac", "Ah") == 1
    assert first_speaker("Ah", "As") == 1


def test_one_card_regional_suit_order_clubs_diamonds_hearts_spades():
    # R1.3 option suit_order="regional": ♣ < ♦ < ♥ < ♠.
    assert first_speaker("Ad", "Ac", rules=REGIONAL) == 0
    assert first_speaker("Ac", "Ah", rules=REGIONAL) == 1


# R6.3, two and three cards ----------------------------------------------------------


def test_two_cards_pair_beats_high_card():
    assert first_speaker("As Kd", "2c 2d") == 1


def test_three_cards_three_of_a_kind_beats_pair():
    assert first_speaker("Ac Ad Kh", "2c 2d 2h") == 1


def test_equal_ranks_go_to_the_suit_of_the_highest_card():
    assert first_speaker("Ks 9d", "Kh 9s") == 0
    assert first_speaker("Kc 9d", "Kd 9s") == 0  # ♣ > ♦ in the Show Hand order


def test_equal_pairs_go_to_the_suit_of_the_top_pair():
    assert first_speaker("9s 9d 2c", "9h 9c Ad") == 1  # the kicker decides first
    assert first_speaker("9s 9d Ac", "9h 9c Ad") == 0  # 9♠ is the highest nine
    assert first_speaker("9c 9d Ac", "9h 9s Ad") == 1


def test_kickers_decide_before_suits():
    assert first_speaker("Ks 9s", "Kd Ts") == 1


# R6.3, four cards: 同花順面 > 四條 > 花面 > 三條 > 兩啤 > 蛇面 > 一啤 > 無啤 ----------------


def test_four_card_ladder_of_002():
    ladder = [
        ("Ks 9d 4c 2h", Category.HIGH_CARD),
        ("2c 2d 9h Ks", Category.PAIR),
        ("5c 6d 7h 9s", Category.STRAIGHT_FACE),
        ("2c 2d 3h 3s", Category.TWO_PAIR),
        ("2c 2d 2h 3s", Category.THREE_OF_A_KIND),
        ("2h 5h 9h Kh", Category.FLUSH_FACE),
        ("2c 2d 2h 2s", Category.FOUR_OF_A_KIND),
        ("2d 3d 4d 5d", Category.STRAIGHT_FLUSH_FACE),
    ]
    values = [board(text) for text, _ in ladder]
    assert [v.category for v in values] == [category for _, category in ladder]
    assert values == sorted(values)


def test_a_four_card_flush_face_beats_three_of_a_kind():
    assert first_speaker("Ac Ad Ah Ks", "2h 5h 9h Jh") == 1


def test_a_straight_face_beats_a_pair_but_not_two_pair():
    assert first_speaker("Ac Ad Kh Qs", "5c 6d 7h 8s") == 1
    assert first_speaker("2c 2d 3h 3s", "Tc Jd Qh Ks") == 0


def test_a_2_3_4_is_a_straight_face():
    value = board("Ac 2d 3h 4s")
    assert value.category is Category.STRAIGHT_FACE
    assert value.ranks == (4, 3, 2, 1)  # the ace plays low: the lowest straight face
    assert board("Ac 2d 3h 4s") < board("2c 3d 4h 5s")


def test_gutshots_are_straight_faces():
    assert board("5c 6d 8h 9s").category is Category.STRAIGHT_FACE
    assert board("Ac Kd Qh Ts").category is Category.STRAIGHT_FACE
    assert board("Ac 2d 3h 5s").category is Category.STRAIGHT_FACE
    assert board("5c 6d 8h Ts").category is Category.HIGH_CARD


def test_consecutive_option_5_6_8_9_is_not_a_straight_face():
    assert board("5c 6d 8h 9s", CONSECUTIVE).category is Category.HIGH_CARD
    assert board("5c 6d 7h 8s", CONSECUTIVE).category is Category.STRAIGHT_FACE
    assert board("Ac 2d 3h 4s", CONSECUTIVE).category is Category.STRAIGHT_FACE
    assert board("Jc Qd Kh As", CONSECUTIVE).category is Category.STRAIGHT_FACE
    assert board("5h 6h 8h 9h", CONSECUTIVE).category is Category.FLUSH_FACE


def test_four_cards_of_a_suit_in_a_straight_face_are_a_straight_flush_face():
    assert board("5h 6h 8h 9h").category is Category.STRAIGHT_FLUSH_FACE
    assert first_speaker("5h 6h 8h 9h", "Kc Kd Kh Ks") == 0


def test_four_card_faces_compare_ranks_from_the_top_then_suit():
    assert first_speaker("5c 6d 7h 8s", "6c 7d 8h 9d") == 1
    assert first_speaker("6c 7d 8h 9d", "6d 7c 8d 9s") == 1  # 9♠ beats 9♦
    assert first_speaker("2h 5h 9h Kh", "3s 5s 9s Ks") == 1
    assert first_speaker("3h 5h 9h Kh", "2s 5s 9s Ks") == 0
    assert first_speaker("8c 8d 5c 5d", "8h 8s 5h 5s") == 1


BOARD_NAMES = [
    # cards, Traditional Chinese (Hong Kong, 002), Simplified Chinese (mainland), English
    ("5h 6h 8h 9h", "同花順面 9 高", "同花顺面 9 高", "Straight-flush face, nine high"),
    ("Kc Kd Kh Ks", "四條 K", "四条 K", "Four of a kind, kings"),
    ("2h 5h 9h Kh", "花面 K 高", "同花面 K 高", "Flush face, king high"),
    ("Ac Ad Ah Ks", "三條 A", "三条 A", "Three of a kind, aces"),
    ("2c 2d 3h 3s", "滔啤 3 和 2", "两对 3 和 2", "Two pair, threes and twos"),
    ("5c 6d 8h 9s", "蛇面 9 高", "顺子面 9 高", "Straight face, nine high"),
    ("2c 2d 9h", "啤 2", "一对 2", "Pair of twos"),
    ("Ks 9d", "無啤 K", "散牌 K", "High card, king"),
    ("Qh", "無啤 Q", "散牌 Q", "High card, queen"),
]


@pytest.mark.parametrize(("cards", "hant", "hans", "en"), BOARD_NAMES)
def test_r4_5_board_names_hong_kong_in_traditional_mainland_in_simplified(cards, hant, hans, en):
    value = board(cards)
    assert (value.name("zh-Hant"), value.name("zh-Hans"), value.name()) == (hant, hans, en)


def test_boards_have_one_to_four_cards_of_the_deck():
    with pytest.raises(ValueError, match="a Show Hand board has 1 to 4 up cards, not 5"):
        board("2c 3d 4h 5s 7c")
    with pytest.raises(ValueError, match="2c is not in the 32-card deck"):
        board("2c 9d", ShowHandRules(deck=32))


# R6.9, the showdown ----------------------------------------------------------------


def test_showdown_uses_standard_high_values():
    assert show_hand("As 2d 3c 4h 5s").category is Category.STRAIGHT
    assert show_hand("As 2d 3c 4h 5s") < show_hand("2d 3c 4h 5s 6h")
    assert show_hand("Kh Kd Ks 7c 7d") > show_hand("Ah 9h 7h 4h 2h")


def test_showdown_ties_break_on_the_suit_of_the_highest_card():
    assert show_hand("As Kd 9c 5h 2h") > show_hand("Ah Ks 9d 5c 2s")
    assert show_hand("Ks Qh Jd Tc 9c") > show_hand("Kh Qs Js Ts 9s")
    assert show_hand("Ah 9h 7h 4h 2h") > show_hand("Ad 9d 7d 4d 2d")


def test_showdown_pairs_break_on_the_top_pair_suit():
    assert show_hand("Ks Kd 9c 5h 2h") > show_hand("Kh Kc 9d 5c 2s")
    assert show_hand("Ks Kd 9c 9h 2h") > show_hand("Kh Kc 9d 9s 2s")


def test_showdown_suit_orders_clubs_over_diamonds_or_regional_diamonds_over_clubs():
    assert show_hand("Ac 9d 7d 5h 2h") > show_hand("Ad 9c 7c 5c 2s")
    assert show_hand("Ac 9d 7d 5h 2h", REGIONAL) < show_hand("Ad 9c 7c 5c 2s", REGIONAL)


def test_a_pot_never_splits_with_the_suit_tiebreak_but_does_without():
    rules = ShowHandRules(suit_tiebreak=False)
    assert show_hand("As Kd 9c 5h 2h") != show_hand("Ah Ks 9d 5c 2s")
    assert show_hand("As Kd 9c 5h 2h", rules) == show_hand("Ah Ks 9d 5c 2s", rules)


def test_showdown_needs_five_cards():
    with pytest.raises(ValueError, match="a Show Hand showdown is five cards, not 6"):
        show_hand("As Kd 9c 5h 2h 3h")


def test_r4_5_showdown_names_hong_kong_in_traditional_mainland_in_simplified():
    names = {
        "As Ks Qs Js Ts": ("同花大順", "同花大顺", "Royal flush"),
        "Qd Jd Td 9d 8d": ("同花順 Q 高", "同花顺 Q 高", "Straight flush, queen high"),
        "4c 4d 4h 4s 9h": ("四條 4", "四条 4", "Four of a kind, fours"),
        "8c 8d 8s Kh Ks": ("俘虜 8 帶 K", "葫芦 8 带 K", "Full house, eights full of kings"),
        "Ks Js 8s 4s 3s": ("花 K 高", "同花 K 高", "Flush, king high"),
        "5d 4h 3s 2d Ad": ("蛇 5 高", "顺子 5 高", "Straight, five high"),
        "7c 7h 7s Kd 2s": ("三條 7", "三条 7", "Three of a kind, sevens"),
        "Ac Ad 8h 8s Qs": ("滔啤 A 和 8", "两对 A 和 8", "Two pair, aces and eights"),
        "9h 9s Ac Js 4h": ("啤 9", "一对 9", "Pair of nines"),
        "Ad Td 9s 5c 4c": ("無啤 A", "散牌 A", "High card, ace"),
    }
    for cards, (hant, hans, en) in names.items():
        value = show_hand(cards)
        assert (value.name("zh-Hant"), value.name("zh-Hans"), value.name()) == (hant, hans, en)


# R6.10, stripped decks ---------------------------------------------------------------


def test_32_card_deck_flush_beats_full_house_and_ace_bridges_by_default():
    rules = ShowHandRules(deck=32)
    assert show_hand("Ah Th 9h 8h 7h", rules) > show_hand("Kc Kd Ks 7c 7d", rules)
    low_straight = show_hand("Ah 7h 8h 9c Tc", rules)
    assert low_straight.category is Category.STRAIGHT
    assert format_cards(low_straight.cards) == "Tc 9c 8h 7h Ah"
    assert low_straight < show_hand("7c 8d 9h Ts Jh", rules)
    assert low_straight > show_hand("Ac Ad Ks Kd 9c", rules)


def test_28_card_deck_defaults_keep_the_usual_order():
    rules = ShowHandRules(deck=28)
    assert show_hand("Ah Th 9h 8h Qh", rules) < show_hand("Kc Kd Ks 8c 8d", rules)
    assert show_hand("Ah 8h 9h Tc Jc", rules).category is Category.HIGH_CARD


def test_28_card_deck_options_both_ways():
    rules = ShowHandRules(deck=28, flush_beats_full_house=True, ace_bridges_gap=True)
    assert show_hand("Ah Th 9h 8h Qh", rules) > show_hand("Kc Kd Ks 8c 8d", rules)
    bridged = show_hand("Ah 8h 9h Tc Jc", rules)
    assert bridged.category is Category.STRAIGHT
    assert bridged < show_hand("8c 9d Th Js Qh", rules)
    # ...and the bridged straight is a straight face on four cards.
    assert show_hand_board("Ah 8h 9h Tc", rules).category is Category.STRAIGHT_FACE
    assert show_hand_board("Ah 8h 9h Tc", ShowHandRules(deck=28)).category is Category.HIGH_CARD


def test_32_card_deck_options_switched_off():
    rules = ShowHandRules(deck=32, flush_beats_full_house=False, ace_bridges_gap=False)
    assert show_hand("Ah Th 9h 8h 7h", rules) < show_hand("Kc Kd Ks 7c 7d", rules)
    assert show_hand("Ah 7h 8h 9c Tc", rules).category is Category.HIGH_CARD


def test_stripped_deck_options_do_not_apply_to_52_cards():
    with pytest.raises(ValueError, match="apply only to the 32 and 28-card decks"):
        ShowHandRules(deck=52, flush_beats_full_house=True)
    with pytest.raises(ValueError, match="deck is 52, 32 or 28 cards, not 36"):
        ShowHandRules(deck=36)
