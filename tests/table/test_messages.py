"""The dealer's lines in the chat (R5.7), read from the events a seat may see.

Decks are given in dealing order, as in tests/engine: on third street each seat's
first down card, the second down cards, the up cards; then one card each on later
streets (folded seats skipped).  Seats are 0-based; the names say RULES.md's seats.
"""

import random
import re

import pytest

from studpoker.bots import RandomPlayer
from studpoker.cards import Card, parse_cards
from studpoker.engine import CommunityCard, Hand, Muck, Show
from studpoker.games import GameSpec, five_card_stud, razz, seven_card_stud, show_hand, stud_hilo
from studpoker.hands import LANGUAGES
from studpoker.table.messages import PHRASES, SHOW_HAND_PHRASES, dealer_lines, format_amount

NAMES = [f"Seat {n}" for n in range(1, 11)]


def play(hand: Hand, *moves: str) -> None:
    """Apply moves written "seat action", checking that the seat is the one to act."""
    for move in moves:
        seat, action = move.split(" ", 1)
        assert hand.actor == int(seat), f"before {move!r} seat {hand.actor} is to act"
        hand.act(action)


def check_down(hand: Hand) -> None:
    """Bring in, then check or call to the showdown."""
    while hand.round is not None:
        if any(option.kind == "bring_in" for option in hand.legal_actions()):
            hand.act("bring_in")
        else:
            hand.check_or_call()


def lines(hand: Hand, lang: str = "en", seat: int | None = 0) -> list[str]:
    return dealer_lines(hand.events_for(seat), hand.spec, NAMES, lang)


# Three players, ante 0.05, bring-in 0.25, $2/$4.  Seat 0 brings in with the 2♣ and
# folds to the completion; seat 2 ends with two pair, kings and sevens, seat 1 with a
# pair of queens.  The pot: 0.15 + 0.25 + 2 × 2.00 + 2 × 4.00 = 12.40.
R5_7 = parse_cards("3h Qs Kd  4h Qd Kh  2c 9c 7s  5d 7d  Jc 2h  8s 3c  4c Ts")


def r5_7_hand() -> Hand:
    hand = Hand(seven_card_stud(ante=5, bring_in=25), [10_000] * 3, deck=R5_7)
    play(hand, "0 bring_in", "1 complete 200", "2 call", "0 fold")
    play(hand, "2 check", "1 check", "2 bet 400", "1 call")
    play(hand, "2 check", "1 check", "2 check", "1 check")
    play(hand, "1 show", "2 show")
    return hand


def test_r5_7_the_showdown_says_the_cards_the_hand_and_what_it_wins() -> None:
    assert lines(r5_7_hand())[-1] == (
        "Seat 3 shows [Kd Kh 7s 7d 2h 3c Ts] — two pair, kings and sevens, and wins 12.40"
    )


def test_a_showdown_hand_in_english() -> None:
    assert lines(r5_7_hand()) == [
        "Each player antes 0.05",
        "Third street",
        "Seat 1 brings in for 0.25",
        "Seat 2 completes to 2.00",
        "Seat 3 calls 2.00",
        "Seat 1 folds",
        "Fourth street",
        "Seat 3 checks",
        "Seat 2 checks",
        "Fifth street",
        "Seat 3 bets 4.00",
        "Seat 2 calls 4.00",
        "Sixth street",
        "Seat 3 checks",
        "Seat 2 checks",
        "Seventh street",
        "Seat 3 checks",
        "Seat 2 checks",
        "Seat 2 shows [Qs Qd 9c 5d Jc 8s 4c] — pair of queens",
        "Seat 3 shows [Kd Kh 7s 7d 2h 3c Ts] — two pair, kings and sevens, and wins 12.40",
    ]


def test_a_showdown_hand_in_traditional_chinese() -> None:
    assert lines(r5_7_hand(), "zh-Hant") == [
        "每位玩家下底注 0.05",
        "第三街",
        "Seat 1 強制開注 0.25",
        "Seat 2 補足到 2.00",
        "Seat 3 跟注 2.00",
        "Seat 1 蓋牌",
        "第四街",
        "Seat 3 過牌",
        "Seat 2 過牌",
        "第五街",
        "Seat 3 下注 4.00",
        "Seat 2 跟注 4.00",
        "第六街",
        "Seat 3 過牌",
        "Seat 2 過牌",
        "第七街",
        "Seat 3 過牌",
        "Seat 2 過牌",
        "Seat 2 攤牌 [Qs Qd 9c 5d Jc 8s 4c]：一對 Q",
        "Seat 3 攤牌 [Kd Kh 7s 7d 2h 3c Ts]：兩對 K 和 7，贏得 12.40",
    ]


def test_the_showdown_in_simplified_chinese() -> None:
    assert lines(r5_7_hand(), "zh-Hans")[-3:] == [
        "Seat 2 过牌",
        "Seat 2 摊牌 [Qs Qd 9c 5d Jc 8s 4c]：一对 Q",
        "Seat 3 摊牌 [Kd Kh 7s 7d 2h 3c Ts]：两对 K 和 7，赢得 12.40",
    ]


# Five-Card Stud (R9), three players at the preset's $2/$4, ante 0.25, bring-in 0.50.
# Seat 1's 2♣ is the lowest up card and brings in on second street (R9.2); seat 2's open
# kings act first on third street, seat 3's open two pair on fifth (R9.3); seat 2's
# three kings win 0.75 + 0.50 + 2 × 2.00 + 2 × 4.00 = 13.25 and seat 3 mucks (R5.3).
FIVE_CARD = parse_cards("As Kd 9s  2c Kh 7c  Ks 7d  Qc 4h  Jd 4s")


def five_card_hand() -> Hand:
    hand = Hand(five_card_stud(), [10_000] * 3, deck=FIVE_CARD)
    play(hand, "0 bring_in", "1 complete 200", "2 call", "0 fold")
    play(hand, "1 check", "2 check", "1 bet 400", "2 call", "2 check", "1 check")
    hand.play_showdown()
    return hand


def test_r9_a_five_card_stud_hand_names_streets_second_to_fifth() -> None:
    assert lines(five_card_hand()) == [
        "Each player antes 0.25",
        "Second street",
        "Seat 1 brings in for 0.50",
        "Seat 2 completes to 2.00",
        "Seat 3 calls 2.00",
        "Seat 1 folds",
        "Third street",
        "Seat 2 checks",
        "Seat 3 checks",
        "Fourth street",
        "Seat 2 bets 4.00",
        "Seat 3 calls 4.00",
        "Fifth street",
        "Seat 3 checks",
        "Seat 2 checks",
        "Seat 2 shows [Kd Kh Ks Qc Jd] — three of a kind, kings, and wins 13.25",
        "Seat 3 mucks",
    ]


def test_r9_a_five_card_stud_hand_in_both_chinese_scripts() -> None:
    # The seven-card games' words (000, 004): 第二街 to 第五街, not Show Hand's 第二張.
    assert lines(five_card_hand(), "zh-Hant") == [
        "每位玩家下底注 0.25",
        "第二街",
        "Seat 1 強制開注 0.50",
        "Seat 2 補足到 2.00",
        "Seat 3 跟注 2.00",
        "Seat 1 蓋牌",
        "第三街",
        "Seat 2 過牌",
        "Seat 3 過牌",
        "第四街",
        "Seat 2 下注 4.00",
        "Seat 3 跟注 4.00",
        "第五街",
        "Seat 3 過牌",
        "Seat 2 過牌",
        "Seat 2 攤牌 [Kd Kh Ks Qc Jd]：三條 K，贏得 13.25",
        "Seat 3 封牌",
    ]
    assert lines(five_card_hand(), "zh-Hans") == [
        "每位玩家下底注 0.25",
        "第二街",
        "Seat 1 强制开注 0.50",
        "Seat 2 补足到 2.00",
        "Seat 3 跟注 2.00",
        "Seat 1 弃牌",
        "第三街",
        "Seat 2 过牌",
        "Seat 3 过牌",
        "第四街",
        "Seat 2 下注 4.00",
        "Seat 3 跟注 4.00",
        "第五街",
        "Seat 3 过牌",
        "Seat 2 过牌",
        "Seat 2 摊牌 [Kd Kh Ks Qc Jd]：三条 K，赢得 13.25",
        "Seat 3 封牌",
    ]


def test_names_are_the_players_names_and_money_is_the_callers() -> None:
    hand = r5_7_hand()
    names = ["Ann", "小明", "Cai"]
    said = dealer_lines(hand.events, hand.spec, names, money=lambda cents: f"${cents / 100:.2f}")
    assert said[2:4] == ["Ann brings in for $0.25", "小明 completes to $2.00"]
    assert said[-1] == (
        "Cai shows [Kd Kh 7s 7d 2h 3c Ts] — two pair, kings and sevens, and wins $12.40"
    )


# Seven Card Stud heads-up, checked down: Ann (seat 0) holds K♥ K♦, shows 7♠ 7♣ Q♠ 2♦
# and gets the 3♣ down; Bo holds A♥ 8♦, shows 9♣ J♦ 10♠ 4♥ and gets the 5♣.
HEADS_UP = parse_cards("Kh Ah  Kd 8d  7s 9c  7c Jd  Qs Ts  2d 4h  3c 5c")


def heads_up_showdown() -> Hand:
    hand = Hand(seven_card_stud(), [10_000] * 2, deck=HEADS_UP)
    check_down(hand)
    play(hand, "0 show", "1 show")  # R5.3: Bo could muck, and shows
    return hand


def test_r5_8_a_stud_showdown_lists_each_players_cards_in_dealing_order() -> None:
    # Down, down, the four up cards, the seventh-street down card (as issue 14 writes
    # it); the hand's name after the cards, lower case inside the English sentence.
    hand = heads_up_showdown()
    names = ["Ann", "Bo"]
    said = {lang: dealer_lines(hand.events_for(None), hand.spec, names, lang) for lang in LANGUAGES}
    assert said["en"][-2:] == [
        "Ann shows [Kh Kd 7s 7c Qs 2d 3c] — two pair, kings and sevens, and wins 1.50",
        "Bo shows [Ah 8d 9c Jd Ts 4h 5c] — high card, ace",
    ]
    assert said["zh-Hant"][-2:] == [
        "Ann 攤牌 [Kh Kd 7s 7c Qs 2d 3c]：兩對 K 和 7，贏得 1.50",
        "Bo 攤牌 [Ah 8d 9c Jd Ts 4h 5c]：高牌 A",
    ]
    assert said["zh-Hans"][-2:] == [  # R4.5: the mainland 散牌
        "Ann 摊牌 [Kh Kd 7s 7c Qs 2d 3c]：两对 K 和 7，赢得 1.50",
        "Bo 摊牌 [Ah 8d 9c Jd Ts 4h 5c]：散牌 A",
    ]
    # Shown cards are public: every seat reads the onlooker's lines.
    for seat in (0, 1):
        for lang in LANGUAGES:
            assert dealer_lines(hand.events_for(seat), hand.spec, names, lang) == said[lang]


def test_a_shown_card_a_record_did_not_give_is_written_as_unknown() -> None:
    hand = r5_7_hand()
    events = [
        Show(e.seat, (None, *e.cards[1:])) if isinstance(e, Show) and e.seat == 1 else e
        for e in hand.events
    ]
    assert dealer_lines(events, hand.spec, NAMES)[-2:] == [
        "Seat 2 shows [?? Qd 9c 5d Jc 8s 4c]",
        "Seat 3 shows [Kd Kh 7s 7d 2h 3c Ts] — two pair, kings and sevens, and wins 12.40",
    ]
    assert dealer_lines(events, hand.spec, NAMES, "zh-Hant")[-2] == (
        "Seat 2 攤牌 [?? Qd 9c 5d Jc 8s 4c]"
    )


# Three players of Seven Card Stud, default stakes (ante 0.25, bring-in 0.50, $2/$4):
# seat 2 brings in with the 2♦.
THREE_WAY = parse_cards("Qs Kd 7c  Jh Kh 3d  9s 4c 2d")


def test_a_hand_won_uncontested_returns_the_uncalled_bet_and_shows_nothing() -> None:
    hand = Hand(seven_card_stud(), [10_000] * 3, deck=THREE_WAY)
    play(hand, "2 bring_in", "0 complete 200", "1 fold", "2 fold")
    assert lines(hand)[2:] == [
        "Seat 3 brings in for 0.50",
        "Seat 1 completes to 2.00",
        "Seat 2 folds",
        "Seat 3 folds",
        "Uncalled bet of 1.50 returned to Seat 1",
        "Seat 1 wins 1.75",
    ]
    assert lines(hand, "zh-Hans")[-2:] == ["无人跟注的 1.50 退还给 Seat 1", "Seat 1 赢得 1.75"]
    assert lines(hand, "zh-Hant")[-2:] == ["無人跟注的 1.50 退還給 Seat 1", "Seat 1 贏得 1.75"]


# Stud/8, two players: seat 0 has two pair, kings and nines, and no low; seat 1 an
# ace-high hand with an 8-6-3-2-A low (tests/engine/test_showdown.py).
HIGH_AGAINST_LOW = parse_cards("Kc As  Kd 2h  9d 3c  9h 6d  Ts 8s  4s Qd  5h Jh")


def test_stud8_a_split_pot_says_each_half() -> None:
    hand = Hand(stud_hilo(), [5_000, 5_000], deck=HIGH_AGAINST_LOW)
    play(hand, "1 bring_in", "0 call")
    for _ in range(4):
        play(hand, "0 check", "1 check")
    play(hand, "0 show", "1 show")
    assert lines(hand)[-2:] == [
        "Seat 1 shows [Kc Kd 9d 9h Ts 4s 5h] — two pair, kings and nines, and wins 0.90 for high",
        "Seat 2 shows [As 2h 3c 6d 8s Qd Jh] — high card, ace / 8-6-3-2-A low, and wins 0.90"
        " for low",
    ]
    assert lines(hand, "zh-Hant")[-2:] == [
        "Seat 1 攤牌 [Kc Kd 9d 9h Ts 4s 5h]：兩對 K 和 9，贏得高手一半底池 0.90",
        "Seat 2 攤牌 [As 2h 3c 6d 8s Qd Jh]：高牌 A / 8-6-3-2-A 低牌，贏得低手一半底池 0.90",
    ]
    assert lines(hand, "zh-Hans")[-2:] == [
        "Seat 1 摊牌 [Kc Kd 9d 9h Ts 4s 5h]：两对 K 和 9，赢得高手一半底池 0.90",
        "Seat 2 摊牌 [As 2h 3c 6d 8s Qd Jh]：散牌 A / 8-6-3-2-A 低牌，赢得低手一半底池 0.90",
    ]


def test_stud8_a_scoop_is_one_win() -> None:
    # Seat 1's low becomes a wheel that also makes a straight: it takes both halves.
    deck = parse_cards("Kc As  Kd 2h  9d 3c  9h 4d  Ts 5s  4s Qd  6h Jh")
    hand = Hand(stud_hilo(), [5_000, 5_000], deck=deck)
    play(hand, "1 bring_in", "0 call")
    for _ in range(4):
        play(hand, "0 check", "1 check")
    hand.play_showdown()
    assert lines(hand)[-2:] == [
        "Seat 1 shows [Kc Kd 9d 9h Ts 4s 6h] — two pair, kings and nines",
        "Seat 2 shows [As 2h 3c 4d 5s Qd Jh] — straight, five high / 5-4-3-2-A low, and wins 1.80",
    ]
    assert lines(hand, "zh-Hans")[-1] == (
        "Seat 2 摊牌 [As 2h 3c 4d 5s Qd Jh]：顺子 5 高 / 5-4-3-2-A 低牌，赢得 1.80"
    )


# Show Hand, R6.7's example: stacks after the antes 290, 490 and 990; seat 2 pushes,
# both call; seat 0 wins with three twos and takes 290 from each.
EXAMPLE = parse_cards("2h Kc 3c  2s 4h As  Ad 9h 6s  7c 2c Jd  8d 5d Th")


def test_show_hand_showhand_calls_and_the_excess_going_back() -> None:
    hand = Hand(show_hand(), [300, 500, 1000], deck=EXAMPLE)
    play(hand, "2 showhand", "0 call", "1 call")
    assert lines(hand) == [
        "Each player antes 10",
        "Second street",
        "Seat 3 goes showhand for 990",
        "Seat 1 calls 290 and is all in",
        "Seat 2 calls 490 and is all in",
        "Third street",
        "Fourth street",
        "Fifth street",
        "Seat 1 shows [2h 2s 9h 2c 5d] — three of a kind, twos, and wins 900",
        "Seat 2 shows [Kc 4h 6s Jd Th] — high card, king",
        "Seat 3 shows [3c As Ad 7c 8d] — pair of aces",
        "200 goes back to Seat 2",
        "700 goes back to Seat 3",
    ]
    # The Hong Kong words of 002: 晒冷, 開牌, the rounds by cards, the hands' names.
    assert lines(hand, "zh-Hant") == [
        "每位玩家下底注 10",
        "第二張",
        "Seat 3 晒冷 990",
        "Seat 1 跟注 290，晒冷",
        "Seat 2 跟注 490，晒冷",
        "第三張",
        "第四張",
        "第五張",
        "Seat 1 開牌 [2h 2s 9h 2c 5d]：三條 2，贏得 900",
        "Seat 2 開牌 [Kc 4h 6s Jd Th]：無啤 K",
        "Seat 3 開牌 [3c As Ad 7c 8d]：啤 A",
        "200 退還給 Seat 2",
        "700 退還給 Seat 3",
    ]
    # Simplified Chinese: 梭哈 and the mainland names of the hands (R4.5).
    assert lines(hand, "zh-Hans") == [
        "每位玩家下底注 10",
        "第二张",
        "Seat 3 梭哈 990",
        "Seat 1 跟注 290，梭哈",
        "Seat 2 跟注 490，梭哈",
        "第三张",
        "第四张",
        "第五张",
        "Seat 1 摊牌 [2h 2s 9h 2c 5d]：三条 2，赢得 900",
        "Seat 2 摊牌 [Kc 4h 6s Jd Th]：散牌 K",
        "Seat 3 摊牌 [3c As Ad 7c 8d]：一对 A",
        "200 退还给 Seat 2",
        "700 退还给 Seat 3",
    ]


# Show Hand, two players: seat 1 bets 200, seat 0 calls short with 90 and wins with
# three fives; seat 1's 110 above what seat 0 put in rolls over (R6.8).
SHORT_CALL = parse_cards("5h 3d  5c Ks  Kd 7d  9c 5s  4h Jc")


def test_show_hand_a_short_caller_wins_and_the_excess_rolls_over() -> None:
    hand = Hand(show_hand(), [100, 1000], deck=SHORT_CALL)
    play(hand, "1 bet 200", "0 call", "1 show")
    assert lines(hand)[2:] == [
        "Seat 2 bets 200",
        "Seat 1 calls 90 and is all in",
        "Third street",
        "Fourth street",
        "Fifth street",
        "Seat 1 shows [5h 5c 7d 5s Jc] — three of a kind, fives, and wins 200",
        "Seat 2 shows [3d Ks Kd 9c 4h] — pair of kings",
        "110 stays on the table for the next hand",
    ]
    assert lines(hand, "zh-Hant")[-1] == "110 滾存至下一局"
    assert lines(hand, "zh-Hans")[-1] == "110 滚存至下一局"

    following = Hand(
        show_hand(), list(hand.result.stacks), deck=parse_cards("Qc 2d Ah 3s"), carry_in=110
    )
    play(following, "0 bet 10", "1 fold")
    assert lines(following) == [
        "110 rolled over from the last hand is in the pot",
        "Each player antes 10",
        "Second street",
        "Seat 1 bets 10",
        "Seat 2 folds",
        "Seat 1 wins 140",
    ]
    assert lines(following, "zh-Hant")[0] == "上一局滾存的 110 加入底池"
    assert lines(following, "zh-Hant")[4] == "Seat 2 放棄"  # Show Hand's drop (002)


def test_a_muck_at_the_showdown() -> None:
    hand = Hand(show_hand(showhand_amount="smallest_stack"), [300, 500, 1000], deck=EXAMPLE)
    play(hand, "2 showhand", "0 call", "1 call", "1 muck", "2 muck")
    assert lines(hand)[-3:] == [  # a muck names no card (R5.8)
        "Seat 1 shows [2h 2s 9h 2c 5d] — three of a kind, twos, and wins 900",
        "Seat 2 mucks",
        "Seat 3 mucks",
    ]
    assert lines(hand, "zh-Hant")[-3:] == [
        "Seat 1 開牌 [2h 2s 9h 2c 5d]：三條 2，贏得 900",
        "Seat 2 封牌",
        "Seat 3 封牌",
    ]
    assert lines(hand, "zh-Hans")[-1] == "Seat 3 封牌"


def test_a_razz_hand_is_named_by_its_low() -> None:
    # Seat 0 brings in with the 9♦ (R3.1: the highest up card in Razz).
    hand = Hand(razz(), [5_000, 5_000], deck=HIGH_AGAINST_LOW)
    check_down(hand)
    hand.play_showdown()
    assert lines(hand)[-2:] == [
        "Seat 1 shows [Kc Kd 9d 9h Ts 4s 5h] — K-10-9-5-4 low",
        "Seat 2 shows [As 2h 3c 6d 8s Qd Jh] — 8-6-3-2-A low, and wins 1.50",
    ]
    assert lines(hand, "zh-Hant")[-2:] == [
        "Seat 1 攤牌 [Kc Kd 9d 9h Ts 4s 5h]：K-10-9-5-4 低牌",
        "Seat 2 攤牌 [As 2h 3c 6d 8s Qd Jh]：8-6-3-2-A 低牌，贏得 1.50",
    ]
    assert lines(hand, "zh-Hans")[-2:] == [
        "Seat 1 摊牌 [Kc Kd 9d 9h Ts 4s 5h]：K-10-9-5-4 低牌",
        "Seat 2 摊牌 [As 2h 3c 6d 8s Qd Jh]：8-6-3-2-A 低牌，赢得 1.50",
    ]


def test_antes_are_one_line_unless_a_short_stack_posts_less() -> None:
    hand = Hand(seven_card_stud(), [10, 1000, 1000], rng=random.Random(1))
    assert lines(hand)[:4] == [
        "Seat 1 antes 0.10 and is all in",
        "Seat 2 antes 0.25",
        "Seat 3 antes 0.25",
        "Third street",
    ]
    hand = Hand(seven_card_stud(), [25, 1000, 1000], rng=random.Random(1))
    assert lines(hand, "zh-Hant")[:3] == ["每位玩家下底注 0.25", "Seat 1 全押", "第三街"]


def test_r7_4_the_community_card_is_said_to_everyone() -> None:
    # Eight players stay to the end: 4 cards are left for seventh street.
    hand = Hand(seven_card_stud(), [100_000] * 8, rng=random.Random(7))
    check_down(hand)
    community = [e.card for e in hand.events if isinstance(e, CommunityCard)]
    assert len(community) == 1
    card = community[0]
    assert card is not None
    assert f"Community card: {card.symbol}" in lines(hand, seat=None)
    assert f"公用牌：{card.symbol}" in lines(hand, "zh-Hant", seat=3)
    assert f"公共牌：{card.symbol}" in lines(hand, "zh-Hans", seat=5)
    # A show lists the player's own six cards, not the community card said before it.
    hand.play_showdown()
    shows = [line for line in lines(hand, seat=None) if " shows [" in line]
    assert shows
    for line in shows:
        cards = line.split("[", 1)[1].split("]", 1)[0].split()
        assert len(cards) == 6, line
        assert str(card) not in cards, line


def test_every_language_has_every_phrase() -> None:
    assert tuple(PHRASES) == LANGUAGES
    for lang, phrases in PHRASES.items():
        assert phrases.keys() == PHRASES["en"].keys(), lang
        assert SHOW_HAND_PHRASES[lang].keys() <= phrases.keys(), lang


def test_an_unknown_language_or_a_missing_name_is_refused() -> None:
    hand = r5_7_hand()
    with pytest.raises(ValueError, match="dealer lines are in en, zh-Hant, zh-Hans, not 'fr'"):
        dealer_lines(hand.events, hand.spec, NAMES, "fr")
    with pytest.raises(ValueError, match="no name for seat 2: names has 2"):
        dealer_lines(hand.events, hand.spec, ["Ann", "Bo"])


def test_money_is_cents_in_the_fixed_limit_games_and_chips_in_show_hand() -> None:
    assert format_amount(1240, seven_card_stud()) == "12.40"
    assert format_amount(100_000, stud_hilo()) == "1000.00"
    assert format_amount(1325, five_card_stud()) == "13.25"
    assert format_amount(1240, show_hand()) == "1240"


# Random hands: what a seat may not see never reaches its lines -----------------------


def random_specs() -> list[GameSpec]:
    return [
        seven_card_stud(),
        stud_hilo(),
        razz(),
        seven_card_stud(reveal_mucked=True),
        show_hand(),
        show_hand(showhand_amount="smallest_stack", short_call_excess="return"),
        show_hand(settlement="side_pots", showdown_suit_tiebreak=False),
        five_card_stud(),
        five_card_stud(open_pair_double=True, max_seats=10),
    ]


def random_hands(count: int, seed: int) -> list[tuple[Hand, list[list[str]]]]:
    """Hands of random players, with every seat's lines after each action."""
    rng = random.Random(seed)
    specs = random_specs()
    hands = []
    for _ in range(count):
        spec = rng.choice(specs)
        seats = rng.randint(2, spec.max_seats)
        low = spec.ante + 1
        stacks = [rng.randint(low, 40 * (spec.big_bet or spec.ante * 10)) for _ in range(seats)]
        hand = Hand(spec, stacks, rng=rng)
        players = [RandomPlayer(random.Random(rng.random())) for _ in range(seats)]
        for seat, player in enumerate(players):
            player.new_hand(seat, spec)
        told = [lines(hand, seat=seat)]
        while not hand.is_over:
            actor = hand.actor
            assert actor is not None
            hand.act(players[actor].decide(hand.view(actor)))
            told.append(lines(hand, seat=actor))
        hands.append((hand, told))
    return hands


@pytest.fixture(scope="module")
def played() -> list[tuple[Hand, list[list[str]]]]:
    return random_hands(400, seed=2024)


def test_no_line_names_a_card_the_reader_cannot_see(
    played: list[tuple[Hand, list[list[str]]]],
) -> None:
    for hand, _ in played:
        revealed = {e.seat for e in hand.events if isinstance(e, Show)} | {
            e.seat for e in hand.events if isinstance(e, Muck) and e.cards is not None
        }
        for viewer in range(hand.player_count):
            hidden: list[Card] = [
                card
                for seat in range(hand.player_count)
                if seat != viewer and seat not in revealed
                for card in hand.down[seat]
                if card is not None
            ]
            for lang in LANGUAGES:
                text = "\n".join(lines(hand, lang, seat=viewer))
                for card in hidden:
                    # "Th" as a word, not in "Third street".
                    written = rf"(?<![\w]){re.escape(str(card))}(?![\w])"
                    assert not re.search(written, text), (hand, viewer, card)
                    assert card.symbol not in text, (hand, viewer, card)


def test_every_reader_gets_the_same_lines(played: list[tuple[Hand, list[list[str]]]]) -> None:
    # The lines depend on nothing private: the same for every seat, an observer and
    # the whole record.
    for hand, _ in played:
        everything = dealer_lines(hand.events, hand.spec, NAMES)
        for viewer in (None, *range(hand.player_count)):
            assert lines(hand, seat=viewer) == everything


def test_the_lines_so_far_begin_the_whole_hands_lines(
    played: list[tuple[Hand, list[list[str]]]],
) -> None:
    # So a table may send each reader only the new lines after every action.
    showdowns = 0
    for hand, told in played:
        final = told[-1]
        for so_far in told:
            assert final[: len(so_far)] == so_far
        showdowns += any(isinstance(e, Show) for e in hand.events)
    assert showdowns > 50
