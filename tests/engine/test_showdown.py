"""The showdown and the pots (RULES.md R5), played through whole hands of the engine.

Every deck is given in dealing order, one group per round of dealing: on third
street the first down card of each seat, the second down cards, the up cards; then
one card each on the later streets (folded seats skipped).  Seats are 0-based: seat
0 is RULES.md's "seat 1".  Default stakes: ante 25, bring-in 50, bets 200/400
(Stud/8: ante 40).
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studpoker.cards import Card, parse_cards
from studpoker.engine import (
    ActionKind,
    CardDealt,
    Hand,
    IllegalAction,
    Muck,
    PotAwarded,
    Show,
    rollover_shares,
)
from studpoker.games import razz, seven_card_stud, stud_hilo

from .scripting import awards, deal, legal, play


def showdown(hand: Hand) -> list[tuple[str, int]]:
    """The Show and Muck events in order, as ("show" | "muck", seat)."""
    return [
        ("show" if isinstance(e, Show) else "muck", e.seat)
        for e in hand.events
        if isinstance(e, Show | Muck)
    ]


def assert_chips_kept(hand: Hand) -> None:
    result = hand.result
    assert sum(result.stacks) + result.rollover == sum(hand.starting_stacks) + hand.carry_in


# Three players of Seven Card Stud.  Seat 2 brings in with the 2♦; seat 0 shows a pair
# of nines from fourth street on and acts first there.  At the river seat 0 has a pair
# of nines, seat 1 two pair, kings and sevens, seat 2 a straight, seven high.
THREE_WAY = deal(
    "Qs Kd 7c",  # first down cards
    "Jh Kh 3d",  # second down cards
    "9s 4c 2d",  # third street, up
    "9h 7s 5h",  # fourth
    "2c 7d 6h",  # fifth
    "3c 8c Tc",  # sixth
    "5c Ts 4s",  # seventh, down
)
THIRD_STREET = ("2 bring_in", "0 call", "1 call")
CHECKED_STREET = ("0 check", "1 check", "2 check")


def three_way(**options) -> Hand:
    return Hand(seven_card_stud(**options), [10_000] * 3, deck=THREE_WAY)


# R5.1 ---------------------------------------------------------------------------------


def test_r5_1_everyone_folds_the_last_player_takes_the_pot_and_shows_nothing():
    hand = three_way()
    play(hand, "2 bring_in", "0 complete 200", "1 fold", "2 fold")
    assert hand.is_over
    # The uncalled 150 of the completion goes back first (R2.10): 75 antes + 50 + 50.
    assert awards(hand) == [(0, "whole", 0, 175, None)]
    assert showdown(hand) == []
    assert hand.result.shown == {}
    assert hand.result.net == (100, -25, -75)
    assert hand.result.stacks == (10_100, 9_975, 9_925)
    for viewer in (1, 2, None):
        assert hand.view(viewer).seats[0].down_cards == (None, None)
        assert not hand.view(viewer).seats[0].shown


# R5.2 ---------------------------------------------------------------------------------


def test_r5_2_last_raiser_of_the_final_round_shows_first_then_clockwise():
    hand = three_way()
    play(hand, *THIRD_STREET, *CHECKED_STREET, *CHECKED_STREET, *CHECKED_STREET)
    play(hand, "0 bet 400", "1 raise 800", "2 call", "0 call")
    # Seat 1 made the last raise of seventh street: it shows first, then 2, then 0.
    assert hand.actor == 1
    assert legal(hand) == ["show"]
    play(hand, "1 show")
    assert legal(hand) == ["show"]  # seat 2's straight beats the two pair
    play(hand, "2 show")
    assert legal(hand) == ["show", "muck"]  # seat 0's pair cannot beat either
    play(hand, "0 muck")
    assert showdown(hand) == [("show", 1), ("show", 2), ("muck", 0)]
    assert awards(hand) == [(0, "whole", 2, 2625, "Straight, seven high")]
    assert hand.result.net == (-875, -875, 1750)


def _bet_on_sixth_then_checked_river(hand: Hand) -> None:
    play(hand, *THIRD_STREET, *CHECKED_STREET, *CHECKED_STREET)
    play(hand, "0 check", "1 bet 400", "2 call", "0 call")
    play(hand, *CHECKED_STREET)


def test_r5_2_no_bet_on_the_final_round_showdown_order_seat_starts_at_seat_1():
    hand = three_way()  # showdown_order="seat" is the default
    assert hand.spec.showdown_order == "seat"
    _bet_on_sixth_then_checked_river(hand)
    assert hand.actor == 0
    assert legal(hand) == ["show"]
    play(hand, "0 show")
    assert legal(hand) == ["show"]
    play(hand, "1 show")
    assert legal(hand) == ["show"]
    play(hand, "2 show")
    assert showdown(hand) == [("show", 0), ("show", 1), ("show", 2)]
    assert awards(hand) == [(0, "whole", 2, 1425, "Straight, seven high")]


def test_r5_2_no_bet_on_the_final_round_last_aggressor_looks_back_to_an_earlier_street():
    hand = three_way(showdown_order="last_aggressor")
    _bet_on_sixth_then_checked_river(hand)
    # Seat 1 bet on sixth street, the last bet of the hand: seat 1, 2, then 0.
    assert hand.actor == 1
    assert legal(hand) == ["show"]
    play(hand, "1 show", "2 show")
    assert legal(hand) == ["show", "muck"]
    play(hand, "0 muck")
    assert showdown(hand) == [("show", 1), ("show", 2), ("muck", 0)]
    assert awards(hand) == [(0, "whole", 2, 1425, "Straight, seven high")]
    assert hand.result.net == (-475, -475, 950)


def test_r5_2_a_bet_on_the_final_round_overrides_showdown_order_last_aggressor():
    hand = three_way(showdown_order="last_aggressor")
    play(hand, *THIRD_STREET, *CHECKED_STREET, *CHECKED_STREET)
    play(hand, "0 check", "1 bet 400", "2 call", "0 call")  # sixth: seat 1 bets
    play(hand, "0 bet 400", "1 call", "2 call")  # seventh: seat 0 bets
    assert hand.actor == 0
    play(hand, "0 show", "1 show", "2 show")
    assert showdown(hand) == [("show", 0), ("show", 1), ("show", 2)]


# R5.3 ---------------------------------------------------------------------------------


def test_r5_3_the_first_hand_shown_cannot_be_mucked():
    hand = three_way()
    play(hand, *THIRD_STREET, *CHECKED_STREET, *CHECKED_STREET, *CHECKED_STREET)
    play(hand, "0 bet 400", "1 raise 800", "2 call", "0 call")
    before = (list(hand.events), hand.actor, legal(hand))
    with pytest.raises(IllegalAction) as refused:
        hand.act("muck")
    assert str(refused.value) == (
        "seat 1 cannot muck: the hand can still win, and the software never mucks a "
        "winner; allowed: show"
    )
    assert (list(hand.events), hand.actor, legal(hand)) == before


# Seat 0 and seat 2 both make a straight, nine high (9♣ and 9♠ on top); seat 1 folds on
# third street, so the pot is odd: 75 antes + 50 + 50 = 175.
TIED_STRAIGHTS = deal(
    "5c Qs 5d",
    "6c Js 6h",
    "2d 4s Jc",  # seat 0 brings in with the 2♦
    "7d 7h",
    "8d 8h",
    "9c 9s",
    "Kh Kd",
)


def tied_straights(**options) -> Hand:
    hand = Hand(seven_card_stud(**options), [10_000] * 3, deck=TIED_STRAIGHTS)
    play(hand, "0 bring_in", "1 fold", "2 call")
    for _ in range(4):  # seat 2's jack shows the best board on every street
        play(hand, "2 check", "0 check")
    return hand


def test_r5_3_a_hand_that_ties_a_shown_hand_must_be_shown():
    hand = tied_straights()
    play(hand, "0 show")
    assert hand.actor == 2
    assert legal(hand) == ["show"]
    with pytest.raises(IllegalAction, match=r"^seat 2 cannot muck: the hand can still win"):
        hand.act("muck")
    play(hand, "2 show")
    assert hand.is_over


# Stud/8, two players: seat 0 has two pair, kings and nines, and no low; seat 1 an
# ace-high hand with an 8-6-3-2-A low.  Seat 1 brings in with the 3♣.
HIGH_AGAINST_LOW = deal(
    "Kc As",
    "Kd 2h",
    "9d 3c",
    "9h 6d",
    "Ts 8s",
    "4s Qd",
    "5h Jh",
)


def test_r5_3_stud8_a_hand_that_can_win_the_low_half_must_be_shown():
    hand = Hand(stud_hilo(), [5_000, 5_000], deck=HIGH_AGAINST_LOW)
    play(hand, "1 bring_in", "0 call")
    for _ in range(4):
        play(hand, "0 check", "1 check")
    play(hand, "0 show")
    # Seat 1 cannot beat the kings and nines, but no low is shown: it must show.
    assert legal(hand) == ["show"]
    play(hand, "1 show")
    assert awards(hand) == [
        (0, "high", 0, 90, "Two pair, kings and nines"),
        (0, "low", 1, 90, "8-6-3-2-A low"),
    ]
    assert hand.result.net == (0, 0)


# Three players; seat 0 (stack 125) is all in on third street, seats 1 and 2 bet on.
# At the river seat 0 has three aces, seat 2 two pair, kings and sevens, seat 1 a pair
# of jacks.
SIDE_POT = deal(
    "Ac Jd Kc",
    "Ad Jh Kd",
    "Ah 2c 7s",  # seat 1 brings in with the 2♣
    "3d 4h 7h",  # seat 2 pairs its sevens and acts first from here on
    "5c 6d 9c",
    "8s Tc Qh",
    "2h 3s 4c",
)


def side_pot_hand(deck: list[Card]) -> Hand:
    hand = Hand(seven_card_stud(), [125, 5_000, 5_000], deck=deck)
    play(hand, "1 bring_in", "2 complete 200")
    assert legal(hand) == ["fold", "call 100"]  # seat 0 has 100 left after the ante
    play(hand, "0 call", "1 call")
    play(hand, "2 bet 200", "1 call")
    play(hand, "2 check", "1 check", "2 check", "1 check")
    play(hand, "2 bet 400", "1 call")
    return hand


def test_r5_3_all_in_hands_are_shown_without_asking_and_losers_may_muck():
    # Seat 0's cards changed to an ace-high hand that wins nothing.
    deck = list(SIDE_POT)
    deck[0], deck[3] = Card.parse("Qc"), Card.parse("Td")
    hand = side_pot_hand(deck)
    assert hand.actor == 2  # the river bettor shows first (R5.2)
    play(hand, "2 show")
    # Seat 0 is all in: its hand is shown at its turn, without a choice, though it
    # loses.  Seat 1 is asked next.
    assert hand.actor == 1
    assert showdown(hand) == [("show", 2), ("show", 0)]
    assert legal(hand) == ["show", "muck"]
    play(hand, "1 muck")
    assert [str(action) for seat, action in hand.actions if seat == 0] == ["call"]
    assert awards(hand) == [
        (0, "whole", 2, 375, "Two pair, kings and sevens"),
        (1, "whole", 2, 1400, "Two pair, kings and sevens"),
    ]


# R5.4 ---------------------------------------------------------------------------------


def test_r5_4_side_pot_is_contested_only_by_players_who_put_in_its_full_level():
    hand = side_pot_hand(SIDE_POT)
    assert [(p.amount, p.eligible) for p in hand.pots] == [(375, (0, 1, 2)), (1400, (1, 2))]
    play(hand, "2 show")
    assert showdown(hand) == [("show", 2), ("show", 0)]
    play(hand, "1 muck")
    # Seat 0's aces win the main pot only; seat 2's two pair win the side pot.
    assert awards(hand) == [
        (0, "whole", 0, 375, "Three of a kind, aces"),
        (1, "whole", 2, 1400, "Two pair, kings and sevens"),
    ]
    assert hand.result.net == (250, -825, 575)
    assert hand.result.stacks == (375, 4_175, 5_575)
    assert_chips_kept(hand)


# R5.5 ---------------------------------------------------------------------------------


def test_r5_5_stud8_pot_split_between_best_high_and_best_qualifying_low():
    hand = Hand(stud_hilo(), [5_000, 5_000], deck=HIGH_AGAINST_LOW)
    play(hand, "1 bring_in", "0 call")
    for _ in range(4):
        play(hand, "0 check", "1 check")
    play(hand, "0 show", "1 show")
    assert awards(hand) == [
        (0, "high", 0, 90, "Two pair, kings and nines"),
        (0, "low", 1, 90, "8-6-3-2-A low"),
    ]


def test_r5_5_stud8_without_a_qualifying_low_the_best_high_takes_the_whole_pot():
    deck = list(HIGH_AGAINST_LOW)
    deck[9] = Card.parse("Js")  # seat 1's fifth-street 8♠ becomes the J♠: no low
    hand = Hand(stud_hilo(), [5_000, 5_000], deck=deck)
    play(hand, "1 bring_in", "0 call")
    for _ in range(4):
        play(hand, "0 check", "1 check")
    play(hand, "0 show")
    assert legal(hand) == ["show", "muck"]
    play(hand, "1 show")
    assert awards(hand) == [(0, "whole", 0, 180, "Two pair, kings and nines")]
    assert hand.result.net == (90, -90)


def test_r5_5_stud8_one_player_scoops_both_halves():
    # Seat 0: A-2-3-4-5 is both its high (a straight) and its low; seat 1 two pair.
    deck = deal("As Kc", "2h Ks", "3c 9d", "4d 9h", "5s Ts", "Kd Jd", "Qh Jc")
    hand = Hand(stud_hilo(), [5_000, 5_000], deck=deck)
    play(hand, "0 bring_in", "1 call")
    for _ in range(4):
        play(hand, "1 check", "0 check")
    play(hand, "0 show")
    assert legal(hand) == ["show", "muck"]
    play(hand, "1 muck")
    assert awards(hand) == [
        (0, "high", 0, 90, "Straight, five high"),
        (0, "low", 0, 90, "5-4-3-2-A low"),
    ]
    assert hand.result.net == (90, -90)


def test_r5_5_stud8_tied_lows_split_the_low_half():
    # Seat 0 three queens and no low; seats 1 and 2 both 7-5-4-2-A.  Ante 30: 90 + 150.
    deck = deal(
        "Qc As Ah",
        "Qd 2s 2d",
        "Qh 4c 4h",  # seat 1 brings in with the 4♣ (♣ below ♥, R3.1)
        "Kc 5c 5d",
        "9s 7d 7h",
        "Td Jc Js",
        "3h Kh Ks",
    )
    hand = Hand(stud_hilo(ante=30), [5_000] * 3, deck=deck)
    play(hand, "1 bring_in", "2 call", "0 call")
    for _ in range(4):
        play(hand, "0 check", "1 check", "2 check")
    play(hand, "0 show")
    assert legal(hand) == ["show"]
    play(hand, "1 show")
    assert legal(hand) == ["show"]  # ties seat 1's low
    play(hand, "2 show")
    assert awards(hand) == [
        (0, "high", 0, 120, "Three of a kind, queens"),
        (0, "low", 1, 60, "7-5-4-2-A low"),
        (0, "low", 2, 60, "7-5-4-2-A low"),
    ]
    assert hand.result.net == (40, -20, -20)


# Stud/8, three players: seat 0 (stack 240) is all in on third street and holds the only
# qualifying low (7-5-3-2-A, and ace high); seat 1 makes two pair, kings and nines, seat
# 2 two pair, queens and tens; neither has a low.
ALL_IN_LOW = deal(
    "Ac Kd Qd",
    "3d Kh Qh",
    "2c 9s Ts",  # seat 0 brings in with the 2♣
    "5d 9d Jd",
    "7h Jc 4c",
    "Ks 3s 6s",
    "Qc 8h Tc",
)


def test_r5_5_side_pot_without_a_qualifying_low_goes_whole_to_its_best_high():
    hand = Hand(stud_hilo(), [240, 5_000, 5_000], deck=ALL_IN_LOW)
    play(hand, "0 complete 200", "1 call", "2 call")  # seat 0 is all in
    play(hand, "1 bet 200", "2 call")
    for _ in range(3):
        play(hand, "1 check", "2 check")
    assert [(p.amount, p.eligible) for p in hand.pots] == [(720, (0, 1, 2)), (400, (1, 2))]
    # No bet on the river: seat order; seat 0 is all in and shown without asking.
    assert showdown(hand) == [("show", 0)]
    assert hand.actor == 1
    assert legal(hand) == ["show"]
    play(hand, "1 show")
    assert legal(hand) == ["show", "muck"]
    play(hand, "2 muck")
    # The low half of the main pot goes to the all-in low; the side pot, where no
    # player holds a qualifying low, is scooped by its best high.
    assert awards(hand) == [
        (0, "high", 1, 360, "Two pair, kings and nines"),
        (0, "low", 0, 360, "7-5-3-2-A low"),
        (1, "whole", 1, 400, "Two pair, kings and nines"),
    ]
    assert hand.result.stacks == (360, 5_320, 4_560)
    assert_chips_kept(hand)


# R5.6 ---------------------------------------------------------------------------------


def test_r5_6_stud8_odd_chip_of_a_split_pot_goes_to_the_high_half():
    # Seat 0 two pair, kings and nines; seat 2 an 8-6-3-2-A low; seat 1 folds.
    # Ante 25: 75 + 50 + 50 = 175, an odd pot.
    deck = deal(
        "Kc Qs As",
        "Kd Js 2h",
        "9d 7c 3c",  # seat 2 brings in with the 3♣
        "9h 6d",
        "Ts 8s",
        "4s Qd",
        "5h Jh",
    )
    hand = Hand(stud_hilo(ante=25), [5_000] * 3, deck=deck)
    play(hand, "2 bring_in", "0 call", "1 fold")
    for _ in range(4):
        play(hand, "0 check", "2 check")
    play(hand, "0 show", "2 show")
    assert awards(hand) == [
        (0, "high", 0, 88, "Two pair, kings and nines"),
        (0, "low", 2, 87, "8-6-3-2-A low"),
    ]


def test_r5_6_odd_chip_among_tied_hands_goes_to_the_highest_card_by_suit():
    hand = tied_straights()  # odd_chip="suit" is the default
    assert hand.spec.odd_chip == "suit"
    play(hand, "0 show", "2 show")
    # Seat 2's straight has the 9♠ on top, seat 0's the 9♣.
    assert awards(hand) == [
        (0, "whole", 0, 87, "Straight, nine high"),
        (0, "whole", 2, 88, "Straight, nine high"),
    ]
    assert hand.result.net == (12, -25, 13)


def test_r5_6_odd_chip_option_seat_gives_it_to_the_first_seat_left_of_the_button():
    hand = tied_straights(odd_chip="seat")
    play(hand, "0 show", "2 show")
    assert awards(hand) == [
        (0, "whole", 0, 88, "Straight, nine high"),
        (0, "whole", 2, 87, "Straight, nine high"),
    ]
    assert hand.result.net == (13, -25, 12)


# Razz, three players: seat 0 and seat 2 both hold 7-5-4-3-A, seat 0 with the 7♠ and
# the A♣, seat 2 with the 7♥ and the A♠.  Seat 1 brings in with the K♠ (R3.1 Razz) and
# folds to seat 0's completion: 75 antes + 50 + 200 + 200 = 525, an odd pot.
TIED_LOWS = deal(
    "Ac 2s As",
    "3d 8d 3h",
    "4c Ks 4h",
    "5c 5h",
    "7s 7h",
    "Qc Qd",
    "Kc Kd",
)


def test_r5_6_odd_chip_among_tied_lows_goes_to_the_highest_card_the_ace_low():
    """In a low hand the ace is the lowest card (R1.1): the highest card of 7-5-4-3-A
    is the 7, and the 7♠ beats the 7♥, though the A♠ would beat the A♣."""
    hand = Hand(razz(), [5_000] * 3, deck=TIED_LOWS)
    play(hand, "1 bring_in", "2 call", "0 complete 200", "1 fold", "2 call")
    for _ in range(4):  # equal boards: seat 0, the lower seat, acts first (R3.3)
        play(hand, "0 check", "2 check")
    play(hand, "0 show", "2 show")
    assert [str(c) for c in hand.result.shown[0][1][0].cards] == ["7s", "5c", "4c", "3d", "Ac"]
    assert awards(hand) == [
        (0, "whole", 0, 263, "7-5-4-3-A low"),
        (0, "whole", 2, 262, "7-5-4-3-A low"),
    ]
    assert hand.result.net == (38, -75, 37)


def test_r5_6_stud8_odd_chip_among_tied_lows_in_the_low_half_the_ace_low():
    """Stud/8: seat 1's flush takes the high half; seat 0 and seat 2 tie the low half
    with 7-5-4-3-A, and its odd chip goes to seat 0's 7♠, not to seat 2's A♠.
    Ante 24: 72 + 3 x 50 = 222, halves of 111."""
    deck = deal(
        "Ac Kh As",
        "3d Kd 3h",
        "4c Ks 4h",  # seat 0 brings in with the 4♣ (R3.1)
        "5d 2s 5h",
        "7s 9s 7h",
        "Qh Js Qd",
        "Kc 8s Jd",
    )
    hand = Hand(stud_hilo(ante=24), [5_000] * 3, deck=deck)
    play(hand, "0 bring_in", "1 call", "2 call")
    for _ in range(4):  # seat 1's king-high board acts first (R3.3)
        play(hand, "1 check", "2 check", "0 check")
    play(hand, "0 show", "1 show", "2 show")
    assert awards(hand) == [
        (0, "high", 1, 111, "Flush, king high"),
        (0, "low", 0, 56, "7-5-4-3-A low"),
        (0, "low", 2, 55, "7-5-4-3-A low"),
    ]
    assert hand.result.net == (-18, 37, -19)
    assert_chips_kept(hand)


# R3.3 board_tie="suit" (who acts first; here for the suits it shares with R5.6) ----------


@pytest.mark.parametrize(("board_tie", "seat"), [("seat", 0), ("suit", 2)])
def test_r3_3_board_tie_suit_paired_boards_go_to_the_highest_suit_of_the_pair(board_tie, seat):
    """K♥-K♦ (seat 0) and K♠-K♣ (seat 2) tie on fourth street; by suit the pair
    holding the K♠ acts first, though its other king, the K♣, is the lowest suit."""
    deck = deal("Qs Jd Tc", "Qh Jc 9c", "Kh 2d Ks", "Kd 3c Kc")
    hand = Hand(seven_card_stud(board_tie=board_tie), [1000] * 3, deck=deck)
    play(hand, "1 bring_in", "2 call", "0 call")
    assert hand.actor == seat


@pytest.mark.parametrize(("board_tie", "seat"), [("seat", 0), ("suit", 2)])
def test_r3_3_razz_board_tie_suit_paired_boards_go_to_the_highest_suit_of_the_pair(board_tie, seat):
    """Razz: 5♥-5♦ (seat 0) and 5♠-5♣ (seat 2) show the best low (seat 1 a pair of
    kings); by suit the 5♠ acts first."""
    deck = deal("Qs Jd Tc", "Qh Jc 9c", "5h Ks 5s", "5d Kd 5c")
    hand = Hand(razz(board_tie=board_tie), [1000] * 3, deck=deck)
    play(hand, "1 bring_in", "2 call", "0 call")
    assert hand.actor == seat


# R5.7 ---------------------------------------------------------------------------------


def test_r5_7_the_software_reads_the_hands_and_names_the_winner():
    hand = three_way()
    play(hand, *THIRD_STREET, *CHECKED_STREET, *CHECKED_STREET, *CHECKED_STREET)
    play(hand, "0 bet 400", "1 raise 800", "2 call", "0 call", "1 show")
    # Seat 2 holds the winning straight: it may not throw it away.
    with pytest.raises(IllegalAction, match=r"never mucks a winner"):
        hand.act("muck")
    play(hand, "2 show", "0 muck")
    (award,) = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert (award.pot, award.half, award.seat, award.amount) == (0, "whole", 2, 2625)
    assert [award.value.name(lang) for lang in ("en", "zh-Hant", "zh-Hans")] == [
        "Straight, seven high",
        "順子 7 高",
        "顺子 7 高",
    ]
    cards, values = hand.result.shown[1]
    assert cards == tuple(parse_cards("Kd Kh 4c 7s 7d 8c Ts"))
    assert [v.name() for v in values] == ["Two pair, kings and sevens"]
    assert 0 not in hand.result.shown


# R5.8 ---------------------------------------------------------------------------------


def _finished_with_a_muck(**options) -> Hand:
    hand = three_way(**options)
    play(hand, *THIRD_STREET, *CHECKED_STREET, *CHECKED_STREET, *CHECKED_STREET)
    play(hand, "0 bet 400", "1 raise 800", "2 call", "0 call", "1 show", "2 show", "0 muck")
    return hand


def _down_cards_seen(hand: Hand, viewer: int | None, seat: int) -> list[Card | None]:
    return [
        e.card
        for e in hand.events_for(viewer)
        if isinstance(e, CardDealt) and e.seat == seat and not e.up
    ]


def test_r5_8_mucked_cards_stay_hidden_from_other_seats_by_default():
    hand = _finished_with_a_muck()
    assert hand.spec.reveal_mucked is False
    muck = next(e for e in hand.events if isinstance(e, Muck))
    assert (muck.seat, muck.cards) == (0, None)
    for viewer in (1, 2, None):
        view = hand.view(viewer)
        assert view.seats[0].down_cards == (None, None, None)
        assert not view.seats[0].shown
        assert _down_cards_seen(hand, viewer, 0) == [None, None, None]
        # The last-hand view shows the hands that were shown, down cards included.
        assert view.seats[1].down_cards == tuple(parse_cards("Kd Kh Ts"))
        assert view.seats[2].down_cards == tuple(parse_cards("7c 3d 4s"))
        assert view.is_over
    # The mucker still sees its own cards.
    assert hand.view(0).seats[0].down_cards == tuple(parse_cards("Qs Jh 5c"))
    assert _down_cards_seen(hand, 0, 0) == parse_cards("Qs Jh 5c")


def test_r5_8_reveal_mucked_shows_the_mucked_cards_to_everyone():
    hand = _finished_with_a_muck(reveal_mucked=True)
    muck = next(e for e in hand.events if isinstance(e, Muck))
    assert (muck.seat, muck.cards) == (0, tuple(parse_cards("Qs Jh 9s 9h 2c 3c 5c")))
    for viewer in (1, 2, None):
        assert hand.view(viewer).seats[0].down_cards == tuple(parse_cards("Qs Jh 5c"))
        assert _down_cards_seen(hand, viewer, 0) == parse_cards("Qs Jh 5c")
    # Revealing a mucked hand does not make it a claimant.
    assert awards(hand) == [(0, "whole", 2, 2625, "Straight, seven high")]
    assert 0 not in hand.result.shown


def test_r5_8_before_the_showdown_no_seat_sees_another_seats_down_cards():
    hand = three_way()
    play(hand, *THIRD_STREET)
    assert hand.view(1).seats[0].down_cards == (None, None)
    assert hand.view(1).seats[1].down_cards == tuple(parse_cards("Kd Kh"))
    assert _down_cards_seen(hand, None, 2) == [None, None]


# Razz shares the showdown (R5 applies to every game) -------------------------------------


def test_r5_razz_the_best_low_wins_and_a_worse_low_may_muck():
    # Seat 0 7-5-4-2-A; seat 1 a 9-8-6-4-3.  Seat 1 brings in with the K♠ (R3.1 Razz).
    deck = deal("As 3d", "2h 4c", "5c Ks", "7d 6h", "4s 8d", "Qh 9c", "Jc Td")
    hand = Hand(razz(), [5_000, 5_000], deck=deck)
    play(hand, "1 bring_in", "0 call")
    for _ in range(4):
        play(hand, "0 check", "1 check")
    play(hand, "0 show")
    assert legal(hand) == ["show", "muck"]
    play(hand, "1 muck")
    assert awards(hand) == [(0, "whole", 0, 150, "7-5-4-2-A low")]


def test_play_showdown_applies_the_automatic_policy_to_everyone_left():
    """R5.3: what bots and timed-out players do at the showdown, all at once."""
    deck = parse_cards("Ah Kh Qh  Ad Kd Qd  2c 9s 7d  As Ks Qs  Ac Kc Qc  3h 3d 3s  4h 4d 4s")
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=deck + [None] * 31)
    while hand.round is not None:
        kinds = {option.kind for option in hand.legal_actions()}
        hand.act("call" if ActionKind.CALL in kinds else hand.default_action())
    # Seat 0 has four aces; four kings and four queens cannot beat it and are mucked.
    hand.play_showdown()
    assert hand.is_over
    assert [type(e).__name__ for e in hand.events[-4:]] == ["Show", "Muck", "Muck", "PotAwarded"]
    assert hand.result.net == (150, -75, -75)


# -- R6.8: a rollover split at a table's last hand (one split for every caller) ------------


@given(rollover=st.integers(0, 10**9), players=st.integers(1, 10))
def test_a_rollover_is_split_equally_the_odd_chips_to_the_first_in_seat_order(rollover, players):
    shares = rollover_shares(rollover, players)
    assert sum(shares) == rollover  # no chip made or lost
    assert len(shares) == players
    assert shares == sorted(shares, reverse=True)  # the first in seat order get the odd chips
    assert shares[0] - shares[-1] <= 1


def test_a_rollover_among_nobody_or_a_debt_is_refused():
    with pytest.raises(ValueError, match="split among 1 player or more, not 0"):
        rollover_shares(10, 0)
    with pytest.raises(ValueError, match="0 chips or more, not -1"):
        rollover_shares(-1, 2)
    assert rollover_shares(7, 3) == [3, 2, 2]
