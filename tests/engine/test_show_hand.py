"""Five-Card Stud "Show Hand" (話事啤, RULES.md R6) and the practice table's ban on
showhand (R7.1), played through whole hands of the engine.

Every deck is given in dealing order: on the first round each seat's down card from
seat 0, then each seat's up card from seat 0; on every later round one up card each,
starting with the seat that spoke first on the round before (R6.2).  Seats are
0-based.  Default table: ante 10, minimum bet 10 (the ante), no limit.
"""

import random
import re
from fractions import Fraction

import pytest

from studpoker.cards import Card, parse_cards
from studpoker.engine import (
    Ante,
    Bet,
    Call,
    CardDealt,
    CarryIn,
    Check,
    ExcessReturned,
    Hand,
    IllegalAction,
    Raise,
    Rollover,
    Show,
    Showhand,
    StreetStarted,
    UncalledBetReturned,
)
from studpoker.games import show_hand

from .scripting import awards, deal, legal, play


def of_type(hand: Hand, *kinds: type) -> list:
    return [e for e in hand.events if isinstance(e, kinds)]


def assert_chips_kept(hand: Hand) -> None:
    result = hand.result
    assert sum(result.stacks) + result.rollover == sum(hand.starting_stacks) + hand.carry_in


# Two players.  Up cards: seat 0 5♣ 6♦ 8♥ 9♠ (a gutshot straight face), seat 1 4♦ 4♥ 2♣
# 3♠ (a pair of fours).  First speakers: seat 0 (5♣ over 4♦), then seat 1 (the pair) on
# the second and third rounds; the fourth round depends on straight_face (R6.3).
FACES = deal(
    "Ah Qs",  # down cards, seat 0 then seat 1
    "5c 4d",  # up cards
    "6d 4h",  # second round, dealt from seat 0
    "2c 8h",  # third round, dealt from seat 1
    "3s 9s",  # fourth round, dealt from seat 1
)

# Three players.  Up cards: seat 0 9♣ 7♥ 9♦ T♠, seat 1 K♦ 5♦ 6♠ T♥, seat 2 4♥ 4♠ J♣ 2♦.
# First speakers: seat 1 (the king), seat 2 (pair of fours), seat 0 (pair of nines).
THREE = deal(
    "2c 3c 4c",  # down cards
    "9c Kd 4h",  # up cards: seat 1 speaks first
    "5d 4s 7h",  # dealt from seat 1: seats 1, 2, 0; seat 2 speaks first
    "Jc 9d 6s",  # dealt from seat 2: seats 2, 0, 1; seat 0 speaks first
    "Ts Th 2d",  # dealt from seat 0: seats 0, 1, 2
)


# R6.1 ---------------------------------------------------------------------------------


def test_r6_1_two_to_ten_players_every_one_antes():
    hand = Hand(show_hand(), [100] * 10)
    assert of_type(hand, Ante) == [Ante(seat, 10) for seat in range(10)]
    assert hand.stacks == [90] * 10
    for count in (1, 11):
        with pytest.raises(ValueError, match=rf"^show_hand deals 2 to 10 players, not {count}$"):
            Hand(show_hand(), [100] * count)


def test_r6_1_a_player_without_chips_is_not_dealt_in():
    with pytest.raises(
        ValueError, match=r"^seat 1 has 0 chips: a player dealt in has at least 1 chip$"
    ):
        Hand(show_hand(), [100, 0, 100])


# R6.2 ---------------------------------------------------------------------------------


def _dealt_by_round(hand: Hand) -> list[list[tuple[int, bool]]]:
    rounds: list[list[tuple[int, bool]]] = []
    for event in hand.events:
        if isinstance(event, StreetStarted):
            rounds.append([])
        elif isinstance(event, CardDealt):
            rounds[-1].append((event.seat, event.up))
    return rounds


def test_r6_2_one_down_one_up_then_dealt_from_the_last_first_speaker():
    hand = Hand(show_hand(), [1000] * 3, deck=THREE)
    play(hand, "1 bet 10", "2 call", "0 call")
    play(hand, "2 bet 10", "0 call", "1 call")
    play(hand, "0 bet 10", "1 call", "2 call")
    assert _dealt_by_round(hand) == [
        [(0, False), (1, False), (2, False), (0, True), (1, True), (2, True)],
        [(1, True), (2, True), (0, True)],
        [(2, True), (0, True), (1, True)],
        [(0, True), (1, True), (2, True)],
    ]
    assert [len(hand.cards_of(seat)) for seat in range(3)] == [5, 5, 5]
    assert hand.cards_of(2) == parse_cards("4c 4h 4s Jc 2d")


def test_r6_2_a_dropped_player_is_dealt_no_more_cards():
    hand = Hand(show_hand(), [1000] * 3, deck=deal("2c 3c 4c", "9c Kd 4h", "5d 7h", "Jc 6s"))
    play(hand, "1 bet 10", "2 fold", "0 call")
    assert _dealt_by_round(hand)[1] == [(1, True), (0, True)]


# R6.3 ---------------------------------------------------------------------------------


def test_r6_3_one_card_rank_then_show_hand_suit_order():
    # R1.3 Show Hand order ♦ < ♣ < ♥ < ♠: the A♣ beats the A♦; any ace beats the K♠.
    hand = Hand(show_hand(), [1000] * 3, deck=deal("2c 3c 4c", "Ks Ad Ac"))
    assert hand.actor == 2


def test_r6_3_one_card_regional_suit_order():
    # suit_order="regional": ♣ < ♦ < ♥ < ♠, so the A♦ beats the A♣.
    hand = Hand(show_hand(suit_order="regional"), [1000] * 3, deck=deal("2c 3c 4c", "Ks Ad Ac"))
    assert hand.actor == 1


def _speakers(**options) -> list[int]:
    hand = Hand(show_hand(**options), [1000, 1000], deck=FACES)
    speakers = [hand.actor]
    play(hand, "0 bet 10", "1 call")
    speakers.append(hand.actor)
    play(hand, "1 bet 10", "0 call")
    speakers.append(hand.actor)
    play(hand, "1 bet 10", "0 call")
    speakers.append(hand.actor)
    return speakers


def test_r6_3_a_pair_beats_high_cards_and_a_straight_face_beats_a_pair():
    # straight_face="any" (default): 5-6-8-9 is a straight face (a gutshot), above the
    # pair of fours on four cards.
    assert _speakers() == [0, 1, 1, 0]


def test_r6_3_straight_face_consecutive_counts_only_four_in_a_row():
    # 5-6-8-9 is not four in a row: high card, below the pair.
    assert _speakers(straight_face="consecutive") == [0, 1, 1, 1]


# R6.4 ---------------------------------------------------------------------------------


def test_r6_4_the_first_speaker_must_open_with_at_least_the_minimum_bet():
    hand = Hand(show_hand(), [1000, 1000], deck=FACES)
    assert hand.actor == 0
    assert legal(hand) == ["bet to 10-989", "showhand 990"]
    before = (list(hand.events), list(hand.stacks))
    with pytest.raises(IllegalAction) as refused:
        hand.act("fold")
    assert str(refused.value) == (
        "seat 0 cannot fold: the opener must bet; allowed: bet to 10-989, showhand 990"
    )
    for action in ("check", "bet 5"):
        with pytest.raises(IllegalAction, match=rf"^seat 0 cannot {action}: "):
            hand.act(action)
    assert (list(hand.events), list(hand.stacks)) == before
    play(hand, "0 bet 10")
    assert legal(hand) == ["fold", "call 10", "raise to 20-989", "showhand 990"]


def test_r6_4_min_bet_option():
    hand = Hand(show_hand(ante=10, min_bet=50), [1000, 1000], deck=FACES)
    assert legal(hand) == ["bet to 50-989", "showhand 990"]
    play(hand, "0 bet 50")
    assert legal(hand) == ["fold", "call 50", "raise to 100-989", "showhand 990"]


def test_r6_4_opener_may_check_lets_the_opener_pass_or_drop():
    hand = Hand(show_hand(opener_may_check=True), [1000, 1000], deck=FACES)
    assert legal(hand) == ["check", "fold", "bet to 10-989", "showhand 990"]
    play(hand, "0 check")
    assert legal(hand) == ["check", "fold", "bet to 10-989", "showhand 990"]
    play(hand, "1 check")
    # Everyone put in the same: the round is over and the next card is dealt.
    assert of_type(hand, StreetStarted)[-1] == StreetStarted("third", 1)
    assert hand.actor == 1
    assert legal(hand) == ["check", "fold", "bet to 10-989", "showhand 990"]


def test_r6_4_opener_may_check_the_opener_may_drop():
    hand = Hand(show_hand(opener_may_check=True), [1000, 1000], deck=FACES)
    play(hand, "0 fold")
    assert awards(hand) == [(0, "whole", 1, 20, None)]


def test_r6_4_a_raise_is_at_least_the_last_raise_and_the_round_ends_when_all_are_level():
    hand = Hand(show_hand(), [1000] * 3, deck=THREE)
    play(hand, "1 bet 20")
    assert legal(hand) == ["fold", "call 20", "raise to 40-989", "showhand 990"]
    play(hand, "2 raise 70")  # a raise of 50
    assert legal(hand) == ["fold", "call 70", "raise to 120-989", "showhand 990"]
    with pytest.raises(IllegalAction) as refused:
        hand.act("raise 100")
    assert str(refused.value) == (
        "seat 0 cannot raise 100: the amount is not one the rules allow; "
        "allowed: fold, call 70, raise to 120-989, showhand 990"
    )
    play(hand, "0 call")
    assert of_type(hand, StreetStarted)[-1] == StreetStarted("second", 0)
    assert legal(hand) == ["fold", "call 50", "raise to 120-989", "showhand 970"]
    play(hand, "1 call")
    assert hand.contributed == [80, 80, 80]
    assert of_type(hand, StreetStarted)[-1] == StreetStarted("third", 1)
    assert of_type(hand, Bet, Raise, Call) == [
        Bet(1, 20),
        Raise(2, 70),
        Call(0, 70),
        Call(1, 50),
    ]


# R6.5 ---------------------------------------------------------------------------------


def test_r6_5_limit_none_bets_up_to_every_chip():
    hand = Hand(show_hand(limit="none"), [1010] * 3, deck=THREE)
    assert legal(hand) == ["bet to 10-999", "showhand 1000"]
    play(hand, "1 bet 30")
    assert legal(hand) == ["fold", "call 30", "raise to 60-999", "showhand 1000"]


def test_r6_5_limit_pot():
    hand = Hand(show_hand(limit="pot"), [1010] * 3, deck=THREE)
    assert legal(hand) == ["bet to 10-30", "showhand 1000"]  # the pot: three antes
    play(hand, "1 bet 30")
    # Call 30 makes the pot 90; a pot raise adds 90: raise to 120.
    assert legal(hand) == ["fold", "call 30", "raise to 60-120", "showhand 1000"]
    with pytest.raises(IllegalAction, match=r"^seat 2 cannot raise 130: "):
        hand.act("raise 130")
    play(hand, "2 raise 120")
    assert legal(hand) == ["fold", "call 120", "raise to 210-420", "showhand 1000"]


def test_r6_5_limit_fixed_max():
    hand = Hand(show_hand(limit="fixed_max", max_bet=50), [1010] * 3, deck=THREE)
    assert legal(hand) == ["bet to 10-50", "showhand 1000"]
    play(hand, "1 bet 30")
    assert legal(hand) == ["fold", "call 30", "raise to 60-80", "showhand 1000"]
    play(hand, "2 raise 80")
    assert legal(hand) == ["fold", "call 80", "raise to 130", "showhand 1000"]


def test_r6_5_street_caps_limit_each_round_to_a_fraction_of_the_showhand_amount():
    # No ante here, so that the showhand amount is plainly the 1000 chips each player
    # has: at most a quarter of it on the second card.
    caps = (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1))
    hand = Hand(show_hand(ante=0, min_bet=10, street_caps=caps), [1000] * 3, deck=THREE)
    assert legal(hand) == ["bet to 10-250", "showhand 1000"]
    play(hand, "1 bet 100")
    assert legal(hand) == ["fold", "call 100", "raise to 200-250", "showhand 1000"]


def test_r6_5_no_street_caps_by_default():
    assert show_hand().street_caps is None


# R6.6 ---------------------------------------------------------------------------------

# Two players, stacks 300 and 1000.  Seat 0 shows the best cards on every round (A♠,
# then a pair of aces) and ends with a pair of aces; seat 1 a pair of kings.
SHOWHAND_DECK = deal("3c Kc", "As Kd", "Ad Qh", "7c Js", "8d Th")


def test_r6_6_after_a_showhand_only_call_or_drop_and_a_call_pushes_every_chip():
    hand = Hand(show_hand(), [300, 1000], deck=SHOWHAND_DECK)
    play(hand, "0 showhand")
    assert of_type(hand, Showhand) == [Showhand(0, 290, 290)]
    assert legal(hand) == ["fold", "call 990"]
    with pytest.raises(IllegalAction) as refused:
        hand.act("raise 500")
    assert str(refused.value) == (
        "seat 1 cannot raise 500: after a showhand a player may only call or drop; "
        "allowed: fold, call 990"
    )
    play(hand, "1 call")
    assert of_type(hand, Call) == [Call(1, 990)]
    # All the remaining cards are dealt at once and the hands compared.
    assert hand.is_over
    assert hand.actor is None
    assert [len(hand.cards_of(seat)) for seat in (0, 1)] == [5, 5]
    after_call = hand.events[hand.events.index(Call(1, 990)) + 1 :]
    assert not [e for e in after_call if isinstance(e, Bet | Raise | Call | Check | Showhand)]
    assert [e.seat for e in of_type(hand, Show)] == [0, 1]
    assert awards(hand) == [(0, "whole", 0, 600, "Pair of aces")]
    assert of_type(hand, ExcessReturned) == [ExcessReturned(1, 700)]
    assert hand.result.stacks == (600, 700)


def test_r6_6_everyone_answers_a_showhand_once_even_an_earlier_bettor():
    hand = Hand(show_hand(), [1000] * 3, deck=THREE)
    play(hand, "1 bet 10", "2 showhand")
    assert hand.actor == 0
    assert legal(hand) == ["fold", "call 990"]
    play(hand, "0 fold")
    assert legal(hand) == ["fold", "call 980"]
    play(hand, "1 call")
    assert hand.is_over
    assert hand.result.stacks == (990, 0, 2010)  # seat 2's three fours win


def test_r6_6_showhand_from_round_1_by_default():
    assert show_hand().showhand_from_round == 1
    hand = Hand(show_hand(), [1000, 1000], deck=FACES)
    assert "showhand 990" in legal(hand)


def test_r6_6_showhand_from_round_3():
    hand = Hand(show_hand(showhand_from_round=3), [1000, 1000], deck=FACES)
    assert legal(hand) == ["bet to 10-990"]
    with pytest.raises(IllegalAction) as refused:
        hand.act("showhand")
    assert str(refused.value) == (
        "seat 0 cannot showhand: showhand is not allowed now; allowed: bet to 10-990"
    )
    play(hand, "0 bet 10")
    assert legal(hand) == ["fold", "call 10", "raise to 20-990"]
    play(hand, "1 call", "1 bet 10")
    assert legal(hand) == ["fold", "call 10", "raise to 20-980"]
    play(hand, "0 call")
    assert of_type(hand, StreetStarted)[-1] == StreetStarted("fourth", 2)
    assert legal(hand) == ["bet to 10-969", "showhand 970"]


# Three players, stacks after the antes 290, 490 and 990 (RULES.md R6.7's example).
# Seat 2 shows the best cards on every round (A♠, then a pair of aces) and ends with a
# pair of aces; seat 0 ends with three twos, seat 1 with king high.
EXAMPLE = deal(
    "2h Kc 3c",
    "2s 4h As",
    "Ad 9h 6s",  # dealt from seat 2
    "7c 2c Jd",
    "8d 5d Th",
)


def test_r6_6_showhand_amount_smallest_stack_caps_the_showhand_and_the_calls():
    hand = Hand(show_hand(showhand_amount="smallest_stack"), [300, 500, 1000], deck=EXAMPLE)
    assert legal(hand) == ["bet to 10-989", "showhand 290"]
    play(hand, "2 showhand")
    assert legal(hand) == ["fold", "call 290"]
    play(hand, "0 call")
    assert legal(hand) == ["fold", "call 290"]
    play(hand, "1 call")
    assert hand.stacks == [0, 200, 700]
    # Seat 0 is all in and shown; seats 1 and 2 kept chips, and may muck their losers.
    assert hand.actor == 1
    assert legal(hand) == ["show", "muck"]
    play(hand, "1 muck", "2 muck")
    assert awards(hand) == [(0, "whole", 0, 900, "Three of a kind, twos")]
    assert of_type(hand, ExcessReturned) == []
    assert hand.result.stacks == (900, 200, 700)


# R6.7 ---------------------------------------------------------------------------------


def test_r6_7_example_the_290_stack_wins_290_from_each_and_200_and_700_go_back():
    hand = Hand(show_hand(), [300, 500, 1000], deck=EXAMPLE)
    assert hand.stacks == [290, 490, 990]
    play(hand, "2 showhand")
    assert legal(hand) == ["fold", "call 290"]
    play(hand, "0 call")
    assert legal(hand) == ["fold", "call 490"]
    play(hand, "1 call")
    assert hand.is_over
    assert awards(hand) == [(0, "whole", 0, 900, "Three of a kind, twos")]
    assert of_type(hand, ExcessReturned) == [ExcessReturned(1, 200), ExcessReturned(2, 700)]
    assert hand.result.stacks == (900, 200, 700)
    assert hand.result.net == (600, -300, -300)
    assert hand.result.rollover == 0
    assert_chips_kept(hand)


def test_r6_7_a_winner_with_the_most_chips_in_takes_everything():
    deck = list(EXAMPLE)
    deck[2] = Card.parse("Ac")  # seat 2's down card: three aces
    hand = Hand(show_hand(), [300, 500, 1000], deck=deck)
    play(hand, "2 showhand", "0 call", "1 call")
    assert awards(hand) == [(0, "whole", 2, 1800, "Three of a kind, aces")]
    assert of_type(hand, ExcessReturned) == []
    assert hand.result.stacks == (0, 0, 1800)


def test_r6_7_settlement_side_pots_lets_the_next_best_hand_win_the_side_pot():
    hand = Hand(show_hand(settlement="side_pots"), [300, 500, 1000], deck=EXAMPLE)
    play(hand, "2 showhand", "0 call", "1 call")
    assert of_type(hand, UncalledBetReturned) == [UncalledBetReturned(2, 500)]
    # Seat 2 is not all in once its uncalled 500 is back, and can still win the side
    # pot: it is asked, and must show (R5.3).
    assert (hand.actor, legal(hand)) == (2, ["show"])
    play(hand, "2 show")
    assert awards(hand) == [
        (0, "whole", 0, 900, "Three of a kind, twos"),
        (1, "whole", 2, 400, "Pair of aces"),
    ]
    assert of_type(hand, ExcessReturned) == []
    assert hand.result.stacks == (900, 0, 900)
    assert hand.result.net == (600, -500, -100)


# R6.8 ---------------------------------------------------------------------------------

# Two players.  Seat 1 shows the best cards on every round (K♠, then a pair of kings) and
# ends with a pair of kings; seat 0 ends with three fives.
SHORT_CALL = deal("5h 3d", "5c Ks", "Kd 7d", "9c 5s", "4h Jc")


def _short_call(**options) -> Hand:
    hand = Hand(show_hand(**options), [100, 1000], deck=SHORT_CALL)
    play(hand, "1 bet 200")
    # Seat 0 has 90 after the ante: it cannot match the bet, only call with all it has.
    assert legal(hand) == ["fold", "call 90"]
    play(hand, "0 call")
    # The hand is dealt out; seat 0 is all in and shown, then seat 1 is asked.
    assert hand.actor == 1
    play(hand, "1 show")
    return hand


def test_r6_8_r5_3_a_hand_that_cannot_beat_the_short_callers_may_be_mucked():
    hand = Hand(show_hand(), [100, 1000], deck=SHORT_CALL)
    play(hand, "1 bet 200", "0 call")
    assert [e.seat for e in of_type(hand, Show)] == [0]  # three fives, all in
    # Seat 1's pair of kings cannot beat them, and under R6.7/R6.8 its 110 above seat
    # 0's level is never contested: it rolls over (or goes back) whatever seat 1 holds.
    assert (hand.actor, legal(hand)) == (1, ["show", "muck"])


def test_r6_8_a_short_caller_wins_and_the_excess_rolls_over_to_the_next_hand():
    hand = _short_call()
    assert hand.spec.short_call_excess == "rollover"
    # Seat 0 put in 100 and takes 100 from seat 1; seat 1's other 110 stays on the table.
    assert awards(hand) == [(0, "whole", 0, 200, "Three of a kind, fives")]
    assert of_type(hand, Rollover) == [Rollover(110)]
    assert of_type(hand, ExcessReturned) == []
    assert hand.result.stacks == (200, 790)
    assert hand.result.net == (100, -210)
    assert hand.result.rollover == 110
    assert_chips_kept(hand)


def test_r6_8_short_call_excess_return_gives_the_excess_back():
    hand = _short_call(short_call_excess="return")
    assert awards(hand) == [(0, "whole", 0, 200, "Three of a kind, fives")]
    assert of_type(hand, ExcessReturned) == [ExcessReturned(1, 110)]
    assert of_type(hand, Rollover) == []
    assert hand.result.stacks == (200, 900)
    assert hand.result.rollover == 0


def test_r6_8_the_next_hand_takes_the_rollover_and_its_winner_takes_it_whole():
    first = _short_call()
    stacks, carry = list(first.result.stacks), first.result.rollover
    hand = Hand(show_hand(), stacks, deck=deal("Qc 2d", "Ah 3s"), carry_in=carry)
    assert hand.events[0] == CarryIn(110)
    assert hand.view(1).pot_total == 130
    play(hand, "0 bet 10", "1 fold")
    assert awards(hand) == [(0, "whole", 0, 140, None)]
    assert hand.result.stacks == (320, 780)
    assert_chips_kept(hand)


def test_r6_8_a_capped_winner_still_takes_the_whole_rollover():
    first = _short_call()
    hand = Hand(show_hand(), list(first.result.stacks), deck=SHORT_CALL, carry_in=110)
    play(hand, "1 showhand")
    assert legal(hand) == ["fold", "call 190"]
    play(hand, "0 call")
    # Seat 0 put in 200: it takes 200 from seat 1 and the 110 carried in.
    assert awards(hand) == [(0, "whole", 0, 510, "Three of a kind, fives")]
    assert of_type(hand, ExcessReturned) == [ExcessReturned(1, 590)]
    assert hand.result.stacks == (510, 590)
    assert_chips_kept(hand)


# R6.9 ---------------------------------------------------------------------------------

# Two pairs of kings with the same kickers: seat 0 holds K♠ K♦, seat 1 K♥ K♣.  Seat 1's
# K♣ up beats seat 0's K♦ up, so seat 1 speaks first on every round.
TIED_KINGS = deal("Ks Kh", "Kd Kc", "9d 9c", "5c 5h", "2d 2s")


def test_r6_9_an_exact_tie_is_broken_by_the_suit_of_the_top_pair():
    hand = Hand(show_hand(), [1000, 1000], deck=TIED_KINGS)
    play(hand, "1 showhand", "0 call")
    assert awards(hand) == [(0, "whole", 0, 2000, "Pair of kings")]
    assert hand.result.stacks == (2000, 0)


def test_r6_9_suit_tiebreak_off_tied_hands_split_by_side_pots():
    hand = Hand(show_hand(showdown_suit_tiebreak=False), [500, 1000], deck=TIED_KINGS)
    play(hand, "1 showhand", "0 call")
    assert awards(hand) == [
        (0, "whole", 0, 500, "Pair of kings"),
        (0, "whole", 1, 500, "Pair of kings"),
        (1, "whole", 1, 500, "Pair of kings"),
    ]
    assert hand.result.stacks == (500, 1000)


# Two ace-high hands of the same ranks: seat 0 holds the A♣, seat 1 the A♦ (both down).
TIED_ACES = deal("Ac Ad", "Qh Qs", "9s 9h", "6h 6s", "3s 3h")


@pytest.mark.parametrize(
    ("suit_order", "winner"),
    [("show_hand", 0), ("regional", 1)],  # ♦ < ♣ (002), or ♣ < ♦ (R1.3 regional)
)
def test_r6_9_the_tie_break_follows_the_tables_suit_order(suit_order, winner):
    hand = Hand(show_hand(suit_order=suit_order), [1000, 1000], deck=TIED_ACES)
    play(hand, "1 showhand", "0 call")
    assert awards(hand) == [(0, "whole", winner, 2000, "High card, ace")]


# R6.10 --------------------------------------------------------------------------------

# Seat 0 a flush, ace high (A♥ down, 8♥ T♥ Q♥ K♥ up); seat 1 nines full of jacks, and the
# best up cards on the first three rounds.
FLUSH_AGAINST_FULL_HOUSE = deal("Ah Jd", "8h 9s", "9d Th", "9c Qh", "Js Kh")


@pytest.mark.parametrize(
    ("deck", "options", "winner", "name"),
    [
        (32, {}, 0, "Flush, ace high"),
        (32, {"flush_beats_full_house": False}, 1, "Full house, nines full of jacks"),
        (28, {}, 1, "Full house, nines full of jacks"),
        (28, {"flush_beats_full_house": True}, 0, "Flush, ace high"),
    ],
)
def test_r6_10_flush_beats_full_house(deck, options, winner, name):
    hand = Hand(show_hand(deck=deck, **options), [1000, 1000], deck=FLUSH_AGAINST_FULL_HOUSE)
    play(hand, "1 showhand", "0 call")
    assert awards(hand) == [(0, "whole", winner, 2000, name)]


# Seat 1 a pair of queens; seat 0 A-8-9-T-J (28 cards) or A-7-8-9-T (32 cards).
BRIDGE_28 = deal("Ac Kc", "8d Qs", "Qh 9h", "9c Ts", "8c Jd")
BRIDGE_32 = deal("Ac Kc", "7d Qs", "Qh 8h", "9c 9s", "8c Td")


@pytest.mark.parametrize(
    ("deck", "cards", "options", "winner", "name"),
    [
        (28, BRIDGE_28, {}, 1, "Pair of queens"),
        (28, BRIDGE_28, {"ace_bridges_gap": True}, 0, "Straight, jack high"),
        (32, BRIDGE_32, {}, 0, "Straight, ten high"),
        (32, BRIDGE_32, {"ace_bridges_gap": False}, 1, "Pair of queens"),
    ],
)
def test_r6_10_ace_bridges_gap(deck, cards, options, winner, name):
    hand = Hand(show_hand(deck=deck, **options), [1000, 1000], deck=cards)
    play(hand, "1 showhand", "0 call")
    assert awards(hand) == [(0, "whole", winner, 2000, name)]


def test_r6_10_stripped_decks_limit_the_seats():
    assert [show_hand(deck=d).max_seats for d in (52, 32, 28)] == [10, 6, 5]
    Hand(show_hand(deck=28), [100] * 5)
    with pytest.raises(ValueError, match=r"^show_hand deals 2 to 5 players, not 6$"):
        Hand(show_hand(deck=28), [100] * 6)
    with pytest.raises(ValueError, match=r"^show_hand deals 2 to 6 players, not 7$"):
        Hand(show_hand(deck=32), [100] * 7)
    too_many = "a 28-card deck deals five cards to at most 5 players, not 6 (R6.1, R6.10)"
    with pytest.raises(ValueError, match=f"^{re.escape(too_many)}$"):
        show_hand(deck=28, max_seats=6)


def test_r6_10_flush_and_bridge_options_are_for_stripped_decks_only():
    for option in ("flush_beats_full_house", "ace_bridges_gap"):
        with pytest.raises(ValueError, match=r"apply only to the 32 and 28-card decks$"):
            show_hand(deck=52, **{option: True})


def test_r6_10_a_stripped_deck_holds_only_its_cards():
    with pytest.raises(ValueError, match=r"^7c is not in the 28-card deck$"):
        Hand(show_hand(deck=28), [100, 100], deck=deal("Ac 7c", "8c 9c"))
    hand = Hand(show_hand(deck=32), [1000] * 6, rng=random.Random(7))
    while not hand.is_over:
        hand.act(hand.default_action())
    dealt = [e.card for e in of_type(hand, CardDealt)]
    assert dealt
    assert min(card.rank for card in dealt) >= 7


# R6.11 --------------------------------------------------------------------------------


def test_r6_11_everyone_else_drops_the_winners_down_card_is_not_shown():
    hand = Hand(show_hand(), [1000] * 3, deck=THREE)
    play(hand, "1 bet 10", "2 fold", "0 fold")
    assert hand.is_over
    assert awards(hand) == [(0, "whole", 1, 40, None)]
    assert of_type(hand, Show) == []
    assert hand.result.shown == {}
    assert hand.result.net == (-10, 20, -10)
    for viewer in (0, 2, None):
        assert hand.view(viewer).seats[1].down_cards == (None,)
        down = [e for e in hand.events_for(viewer) if isinstance(e, CardDealt) and not e.up]
        assert down[1] == CardDealt(1, None, False)
    assert hand.view(1).seats[1].down_cards == (Card.parse("3c"),)


# R7.1 ---------------------------------------------------------------------------------


def test_r7_1_practice_tables_forbid_showhand():
    hand = Hand(show_hand(showhand_allowed=False), [1000, 1000], deck=FACES)
    assert legal(hand) == ["bet to 10-990"]
    with pytest.raises(IllegalAction) as refused:
        hand.act("showhand")
    assert str(refused.value) == (
        "seat 0 cannot showhand: showhand is not allowed now; allowed: bet to 10-990"
    )
    play(hand, "0 bet 10")
    assert legal(hand) == ["fold", "call 10", "raise to 20-990"]
    play(hand, "1 call")
    for _ in range(3):
        assert all(option.kind != "showhand" for option in hand.legal_actions())
        seat = hand.actor
        play(hand, f"{seat} bet 10", f"{1 - seat} call")
    assert (hand.actor, legal(hand)) == (0, ["show"])  # the showdown
