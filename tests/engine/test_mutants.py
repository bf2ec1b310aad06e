"""Behaviour of the pots, the showdown and the views that a mutation run found no test
for (docs/mutation.md): each test here fails on a mutant that every other test of
tests/engine let through.

Decks are given in dealing order, one group per round of dealing; seats are 0-based
(seat 0 is RULES.md's "seat 1").  Seven Card Stud stakes: ante 25, bring-in 50, bets
200/400; Show Hand: ante 10, minimum bet 10.
"""

import pytest

from studpoker.cards import Card, parse_cards
from studpoker.engine import CardDealt, Hand, Show
from studpoker.engine.pots import Pot, side_pots, split
from studpoker.engine.showdown import SeatValues, can_win
from studpoker.games import seven_card_stud, show_hand
from studpoker.hands import eight_or_better, high, low_a5

from .scripting import awards, deal, deal_streets, legal, play


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def check_down(hand: Hand, look: bool = False) -> None:
    """Post or call the bring-in, then check every street until the showdown; with
    ``look`` every seat and an observer ask for their view before each decision, as
    bots and clients do."""
    while hand.round is not None:
        if look:
            for viewer in (None, *range(hand.player_count)):
                hand.view(viewer)
        kinds = {option.kind.value for option in hand.legal_actions()}
        hand.act(next(kind for kind in ("bring_in", "check", "call") if kind in kinds))


def bet_down(hand: Hand) -> None:
    """Show Hand: the speaker bets the minimum of 10 every round and the other calls."""
    while hand.round is not None:
        options = legal(hand)
        hand.act("call 10" if "call 10" in options else "bet 10")


# Heads-up Seven Card Stud.  Seat 1 brings in with the 3♦ (R3.1).  At the showdown seat
# 0 has two pair, aces and kings (down A♠ A♦ 8♠), seat 1 queen high (down 2♣ 7♥ 4♥).
HEADS_UP = deal("As 2c", "Ad 7h", "Kc 3d", "Kd 9s", "5h Jc", "6c Qd", "8s 4h")


# R5.2 ---------------------------------------------------------------------------------


def test_r5_2_last_aggressor_with_no_bet_in_the_whole_hand_shows_from_seat_1():
    """A bring-in is not a bet (R2.4): with nobody betting on any street,
    ``showdown_order="last_aggressor"`` has no one to look back to and shows in seat
    order from seat 1 (seat 0 here), as ``seat`` does."""
    hand = Hand(seven_card_stud(showdown_order="last_aggressor"), [1000, 1000], deck=HEADS_UP)
    check_down(hand)
    assert hand.aggressors == [None] * 5
    assert hand.actor == 0
    play(hand, "0 show")
    assert hand.actor == 1


# R5.3 ---------------------------------------------------------------------------------


# Show Hand without the suit tie-break: both seats hold ace-king-queen-jack-nine in
# other suits, an exact tie (R6.9 off).  Seat 1's A♠ speaks first and bets every round.
TIED_SHOW_HAND = deal("As Ah", "Kd Kc", "Qs Qh", "Jd Jc", "9c 9d")


def test_r5_3_show_hand_a_hand_that_ties_the_shown_hand_must_be_shown():
    hand = Hand(show_hand(showdown_suit_tiebreak=False), [1000, 1000], deck=TIED_SHOW_HAND)
    bet_down(hand)
    assert hand.actor == 1  # the last to bet on the final round shows first (R5.2)
    play(hand, "1 show")
    assert legal(hand) == ["show"]  # a tie is no loss: no muck (R5.3, R5.7)
    play(hand, "0 show")
    # Tied hands settle by side pots (R6.7): the 100 on the table is split.
    assert awards(hand) == [
        (0, "whole", 0, 50, "High card, ace"),
        (0, "whole", 1, 50, "High card, ace"),
    ]
    assert hand.result.stacks == (1000, 1000)


def test_r5_3_can_win_without_capped_counts_the_low_half_of_stud8():
    """``can_win`` settles by side pots unless told ``capped``: a Stud/8 hand with the
    only qualifying low may win the low half though its high loses (R5.5)."""
    mine = cards("Ac 2d 3h 4s 6c Kd Kh")
    rival = cards("Ah As Ad 9c 9s Qd Jh")
    shown = {0: SeatValues(high(rival), eight_or_better(rival))}
    assert shown[0].low is None
    values = SeatValues(high(mine), eight_or_better(mine))
    assert can_win([Pot(400, (0, 1))], 1, values, shown)
    assert not can_win([Pot(400, (0, 1))], 1, values, shown, capped=True)


def test_r5_3_a_hand_whose_cards_are_not_all_known_cannot_win():
    assert not can_win([Pot(400, (0, 1))], 1, None, {})


# R5.4 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contributed", "folded", "pots"),
    [
        # Seat 1 folded with 300 in; seat 0, the only seat left, put in 100.
        ([100, 300], [False, True], [Pot(400, (0,))]),
        # Seat 0 is all in for 100 and seat 1 has 300 in: seat 2's folded 500 joins the
        # side pot of seat 1, not the main pot.
        ([100, 300, 500], [False, False, True], [Pot(300, (0, 1)), Pot(600, (1,))]),
        # Nobody still in put in a chip: the folded seat's 50 still make a pot.
        ([0, 50], [False, True], [Pot(50, (0,))]),
    ],
)
def test_r5_4_chips_folded_above_every_live_seat_join_the_last_pot(contributed, folded, pots):
    assert side_pots(contributed, folded) == pots
    assert sum(pot.amount for pot in side_pots(contributed, folded)) == sum(contributed)


# R5.6 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat_0", "seat_1", "value"),
    [
        # The aces decide, not the kings: the A♠ beats the A♥ though seat 0 has the K♠.
        ("Ah Ks Qd Jc 9h", "As Kh Qc Jd 9c", high),
        # The kings decide, not the queens: the K♠ beats the K♥ though seat 0 has the Q♠.
        ("Kh Qs Jd 9c 8h", "Ks Qh Jc 9d 8c", high),
        # The fives of a wheel decide: in a low hand the ace is the lowest card (R1.1),
        # so seat 0's A♠ does not beat seat 1's 5♠.
        ("5c 4d 3d 2d As", "5s 4h 3c 2h Ad", low_a5),
    ],
)
def test_r5_6_the_odd_chip_goes_to_the_highest_card_by_rank_then_suit(seat_0, seat_1, value):
    values = {0: value(cards(seat_0)), 1: value(cards(seat_1))}
    assert values[0] == values[1]
    assert split(101, [0, 1], values, "suit") == {0: 50, 1: 51}
    assert split(101, [0, 1], values, "seat") == {0: 51, 1: 50}


# R6.7, R6.8 ---------------------------------------------------------------------------


# Show Hand, seat 1 speaks first on every round and is dealt first: seat 1 four aces
# (A♣ down), seat 0 a pair of kings (K♣ down).
FOUR_ACES = deal("Kc Ac", "Kd As", "Ah 2h", "Ad 3s", "Kh 4c")


def test_r6_7_the_capped_winner_keeps_the_chips_it_did_not_bet():
    hand = Hand(show_hand(), [1000, 1000], deck=FOUR_ACES)
    bet_down(hand)
    play(hand, "1 show", "0 muck")
    assert awards(hand) == [(0, "whole", 1, 100, "Four of a kind, aces")]
    assert hand.result.stacks == (950, 1050)


def test_r6_8_carried_in_chips_go_to_the_winner_with_the_pot_they_settle_by_side_pots():
    hand = Hand(show_hand(settlement="side_pots"), [100, 100], deck=FOUR_ACES, carry_in=35)
    play(hand, "1 showhand", "0 call")
    assert awards(hand) == [(0, "whole", 1, 235, "Four of a kind, aces")]
    assert hand.result.stacks == (0, 235)


# Three players of Show Hand settled by side pots: seat 0 four aces, seat 1 four kings,
# seat 2 seven high.  Seat 0's A♣ speaks first.
THREE_STACKS = deal("Ac Kc 2c", "As Ks 3d", "Ah Kh 4h", "Ad Kd 5s", "9c 9d 7c")


def test_r6_8_carried_in_chips_join_the_main_pot_only():
    spec = show_hand(settlement="side_pots")
    hand = Hand(spec, [100, 200, 200], deck=THREE_STACKS, carry_in=35)
    play(hand, "0 showhand", "1 call", "2 call")
    assert hand.pots == [Pot(300, (0, 1, 2)), Pot(200, (1, 2))]
    assert awards(hand) == [
        (0, "whole", 0, 335, "Four of a kind, aces"),
        (1, "whole", 1, 200, "Four of a kind, kings"),
    ]
    assert hand.result.stacks == (335, 200, 0)


def test_a_show_hand_record_that_shows_no_hand_splits_the_pot_among_the_seats_in():
    """A hand replayed from a record whose down cards are unknown: every seat is
    mucked, and the pot goes back in equal shares to the seats that contested it."""
    deck = deal_streets("?? ??", "Kd As", "2c 3c", "4d 5d", "6h 7h")
    hand = Hand(show_hand(), [100, 100], deck=deck)
    play(hand, "1 showhand", "0 call")
    assert awards(hand) == [(0, "whole", 0, 100, None), (0, "whole", 1, 100, None)]
    assert hand.result.shown == {}


# The views (R5.8) ---------------------------------------------------------------------


def test_a_hand_shown_after_a_seat_last_looked_is_in_that_seats_next_view():
    hand = Hand(seven_card_stud(), [1000, 1000], deck=HEADS_UP)
    check_down(hand, look=True)
    for viewer in (None, 1):
        assert hand.view(viewer).seats[0].down_cards == (None, None, None)
    play(hand, "0 show")
    for viewer in (None, 1):
        view = hand.view(viewer)
        assert view.seats[0].down_cards == cards("As Ad 8s")
        assert view.seats[0].shown
        dealt = [e.card for e in view.events if isinstance(e, CardDealt) and e.seat == 0]
        assert dealt == list(cards("As Ad Kc Kd 5h 6c 8s"))


def test_a_seat_that_looked_at_every_decision_sees_its_own_seventh_card_and_not_others():
    hand = Hand(seven_card_stud(), [1000, 1000], deck=HEADS_UP)
    check_down(hand, look=True)
    seventh = [e for e in hand.events_for(0) if isinstance(e, CardDealt)][-2:]
    assert seventh == [CardDealt(0, Card.parse("8s"), False), CardDealt(1, None, False)]
    seventh = [e for e in hand.events_for(1) if isinstance(e, CardDealt)][-2:]
    assert seventh == [CardDealt(0, None, False), CardDealt(1, Card.parse("4h"), False)]
    seventh = [e for e in hand.events_for(None) if isinstance(e, CardDealt)][-2:]
    assert seventh == [CardDealt(0, None, False), CardDealt(1, None, False)]
    assert Show(0, cards("As Ad Kc Kd 5h 6c 8s")) not in hand.events_for(1)


@pytest.mark.parametrize("seat", [2, 3, -1])
def test_a_seat_not_at_the_table_has_no_events(seat):
    hand = Hand(seven_card_stud(), [1000, 1000], deck=HEADS_UP)
    with pytest.raises(ValueError, match=f"^there is no seat {seat} in a hand of 2$"):
        hand.events_for(seat)


def test_the_view_names_the_game_and_each_street_as_it_is_played():
    hand = Hand(seven_card_stud(), [1000, 1000], deck=HEADS_UP)
    streets = []
    while hand.round is not None:
        view = hand.view(0)
        assert view.game == "seven_card_stud"
        streets.append((view.street, view.street_name))
        kinds = {option.kind.value for option in hand.legal_actions()}
        hand.act(next(kind for kind in ("bring_in", "check", "call") if kind in kinds))
    assert sorted(set(streets)) == [
        (0, "third"),
        (1, "fourth"),
        (2, "fifth"),
        (3, "sixth"),
        (4, "seventh"),
    ]
    assert (hand.view(0).street, hand.view(0).street_name) == (5, "seventh")
    assert hand.view(0).community == ()


def test_r7_4_every_viewer_sees_the_community_card():
    """Eight players to seventh street need 56 cards: the 49th card of the deck is
    dealt face up in the middle and belongs to every hand (R7.4)."""
    deck = [Card(rank, suit) for rank in range(2, 15) for suit in range(4)]
    hand = Hand(seven_card_stud(), [1000] * 8, deck=deck)
    check_down(hand)
    assert deck[48] == Card.parse("Ac")
    for viewer in (None, 0, 7):
        assert hand.view(viewer).community == cards("Ac")
