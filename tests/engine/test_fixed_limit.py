"""Fixed-limit stud betting, rule by rule (RULES.md R2.1 to R2.12, and R7.4 for the
deck running out), with both settings of every option named there.

Every hand is an example: the deck is written in dealing order (third street: the
first down card to each seat, then the second down card to each, then the up
cards; later streets one card to each live seat in seat order; seventh street
down), ``??`` is a card nobody needs to know, and seats are 0-based (seat 0 is
RULES.md's seat 1).  Stakes are the presets' $2/$4 in cents unless a test says
otherwise: ante 25, bring-in 50, small bet 200, big bet 400.
"""

from __future__ import annotations

import pytest

from studpoker.cards import Card, parse_cards
from studpoker.engine import (
    AllIn,
    Ante,
    Bet,
    BringIn,
    Call,
    CardDealt,
    Check,
    CommunityCard,
    Complete,
    Fold,
    Hand,
    IllegalAction,
    Pot,
    PotAwarded,
    Raise,
    Show,
    StreetStarted,
    UncalledBetReturned,
)
from studpoker.games import razz, seven_card_stud, stud_hilo

from .scripting import deal_streets as deal
from .scripting import legal
from .scripting import play_seats as play


def since(hand: Hand, count: int) -> list[object]:
    """The events after the first ``count``."""
    return hand.events[count:]


def refused(hand: Hand, action: str) -> str:
    """The IllegalAction message for ``action``; the hand must not change."""
    events, actor, stacks = list(hand.events), hand.actor, list(hand.stacks)
    with pytest.raises(IllegalAction) as error:
        hand.act(action)
    assert (hand.events, hand.actor, hand.stacks) == (events, actor, stacks)
    return str(error.value)


# Three players; seat 2 shows the 2♦ and brings in (R3.1); fourth street: seat 0
# shows K-7, the best board, and acts first.
THREE = deal("?? ?? ??  ?? ?? ??", "Kh 9s 2d", "7c 8d Td")
# Four players; seat 2 (2♦) brings in, then seats 3, 0, 1 act.
FOUR = deal("?? ?? ?? ??  ?? ?? ?? ??", "Kh 9s 2d Qc", "Jc 8d Td 3s")
# Heads-up, every card known: seat 1 (2♦) brings in; seat 0 shows the best board on
# every later street (K-7, K-7-5, K-7-5-4).  Seat 0 ends with three aces, seat 1
# with three queens.
HEADS_UP = deal("Ah Qs  Ad Qd", "Kh 2d", "7c Td", "5s 6s", "4h 3h", "Ac Qc")


# R2.1 ------------------------------------------------------------------------------


def test_r2_1_table_has_ante_bring_in_small_and_big_bet():
    """R2.1: the 004 guide's $10/$20 table, ante 1 and bring-in 5, in cents."""
    spec = seven_card_stud(ante=100, bring_in=500, small_bet=1000, big_bet=2000)
    hand = Hand(spec, [50_000, 50_000], deck=HEADS_UP)
    assert hand.events[:2] == [Ante(0, 100), Ante(1, 100)]
    assert hand.actor == 1
    assert legal(hand) == ["bring_in 500", "complete to 1000"]
    play(hand, (1, "bring_in"))
    assert legal(hand) == ["fold", "call 500", "complete to 1000"]
    play(hand, (0, "complete 1000"))
    assert legal(hand) == ["fold", "call 500", "raise to 2000"]
    play(hand, (1, "call"), (0, "bet 1000"), (1, "call"))
    assert legal(hand) == ["check", "fold", "bet to 2000"]  # fifth street: the big bet
    assert hand.contributed == [2100, 2100]


# R2.2 ------------------------------------------------------------------------------


def test_r2_2_every_player_posts_the_ante_before_the_cards():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE)
    assert hand.events[:4] == [Ante(0, 25), Ante(1, 25), Ante(2, 25), StreetStarted("third", 0)]
    assert hand.stacks == [975, 975, 975]
    assert hand.contributed == [25, 25, 25]


def test_r2_2_a_stack_short_of_the_ante_posts_what_it_has_and_is_all_in():
    hand = Hand(seven_card_stud(), [1000, 10, 1000], deck=THREE)
    assert hand.events[:5] == [
        Ante(0, 25),
        Ante(1, 10),
        AllIn(1),
        Ante(2, 25),
        StreetStarted("third", 0),
    ]
    assert hand.stacks == [975, 0, 975]
    # The all-in seat plays only for what it put in (R5.4).
    assert hand.pots == [Pot(30, (0, 1, 2)), Pot(30, (0, 2))]
    play(hand, (2, "bring_in"))
    assert hand.actor == 0  # seat 1 is all in and is skipped


def test_r2_2_a_stack_of_exactly_the_ante_is_all_in():
    hand = Hand(stud_hilo(), [40, 1000, 1000], deck=THREE)
    assert hand.events[:3] == [Ante(0, 40), AllIn(0), Ante(1, 40)]
    assert hand.stacks == [0, 960, 960]


# R2.3 ------------------------------------------------------------------------------


def test_r2_3_three_cards_then_one_a_street_dealt_from_seat_1():
    """R2.3: third street two down and one up, fourth to sixth one up, seventh one
    down; each street is dealt from seat 1 (our seat 0) clockwise."""
    hand = Hand(seven_card_stud(), [1000, 1000], deck=HEADS_UP)
    play(hand, (1, "bring_in"), (0, "call"))
    for _ in range(4):  # fourth to seventh street: both check
        play(hand, (0, "check"), (1, "check"))
    play(hand, (0, "show"), (1, "muck"))
    streets = [e for e in hand.events if isinstance(e, StreetStarted)]
    assert streets == [
        StreetStarted("third", 0),
        StreetStarted("fourth", 1),
        StreetStarted("fifth", 2),
        StreetStarted("sixth", 3),
        StreetStarted("seventh", 4),
    ]
    dealt = [(e.seat, str(e.card), e.up) for e in hand.events if isinstance(e, CardDealt)]
    assert dealt == [
        (0, "Ah", False),
        (1, "Qs", False),
        (0, "Ad", False),
        (1, "Qd", False),
        (0, "Kh", True),
        (1, "2d", True),
        (0, "7c", True),
        (1, "Td", True),
        (0, "5s", True),
        (1, "6s", True),
        (0, "4h", True),
        (1, "3h", True),
        (0, "Ac", False),
        (1, "Qc", False),
    ]
    me = hand.view(0).seats[0]
    assert me.down_cards == tuple(parse_cards("Ah Ad Ac"))
    assert me.up_cards == tuple(parse_cards("Kh 7c 5s 4h"))
    assert hand.result.net == (75, -75)


def test_r2_3_later_streets_are_dealt_only_to_players_still_in():
    hand = Hand(
        seven_card_stud(), [1000, 1000, 1000], deck=deal("?? ?? ??  ?? ?? ??", "Kh 9s 2d", "7c Td")
    )
    play(hand, (2, "bring_in"), (0, "call"), (1, "fold"))
    fourth = hand.events[hand.events.index(StreetStarted("fourth", 1)) :]
    assert fourth == [
        StreetStarted("fourth", 1),
        CardDealt(0, Card.parse("7c"), True),
        CardDealt(2, Card.parse("Td"), True),
    ]


# R2.4 ------------------------------------------------------------------------------


def test_r2_4_the_bring_in_player_must_post_the_bring_in_or_complete():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE)
    assert hand.actor == 2
    assert legal(hand) == ["bring_in 50", "complete to 200"]
    assert refused(hand, "fold") == (
        "seat 2 cannot fold: the bring-in must be posted or completed first; "
        "allowed: bring_in 50, complete to 200"
    )
    assert refused(hand, "check") == (
        "seat 2 cannot check: the bring-in must be posted or completed first; "
        "allowed: bring_in 50, complete to 200"
    )


def test_r2_4_after_the_bring_in_players_fold_call_or_complete():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE)
    play(hand, (2, "bring_in"))
    assert hand.events[-1] == BringIn(2, 50)
    assert legal(hand) == ["fold", "call 50", "complete to 200"]
    assert refused(hand, "raise 400") == (
        "seat 0 cannot raise 400: that is not one of the actions open now; "
        "allowed: fold, call 50, complete to 200"
    )
    play(hand, (0, "call"))
    assert legal(hand) == ["fold", "call 50", "complete to 200"]
    play(hand, (1, "complete 200"))
    assert hand.events[-2:] == [Call(0, 50), Complete(1, 200)]
    assert hand.actor == 2
    assert legal(hand) == ["fold", "call 150", "raise to 400"]


def test_r2_4_the_bring_in_player_may_complete_at_once():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE)
    play(hand, (2, "complete 200"))
    assert hand.events[-1] == Complete(2, 200)
    assert legal(hand) == ["fold", "call 200", "raise to 400"]


def test_r2_4_after_a_completion_raises_are_in_small_bet_steps():
    hand = Hand(seven_card_stud(), [5000, 5000, 5000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "complete 200"))
    assert legal(hand) == ["fold", "call 200", "raise to 400"]
    play(hand, (1, "raise 400"))
    assert legal(hand) == ["fold", "call 350", "raise to 600"]
    play(hand, (2, "raise 600"))
    assert hand.events[-3:] == [Complete(0, 200), Raise(1, 400), Raise(2, 600)]


def test_a_sites_rule_raises_after_a_completion_from_the_bring_in():
    """``raises_from="bring_in"`` (KingsClub's software, replayed from its records): the
    first raise after a completion goes to the bring-in and a small bet, the next ones
    by a small bet; the cap still counts the completion (R2.5)."""
    spec = seven_card_stud(raises_from="bring_in")
    hand = Hand(spec, [5000, 5000, 5000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "complete 200"))
    assert legal(hand) == ["fold", "call 200", "raise to 250"]
    play(hand, (1, "raise 250"))
    assert legal(hand) == ["fold", "call 200", "raise to 450"]
    play(hand, (2, "raise 450"), (0, "raise 650"))
    assert hand.events[-4:] == [Complete(0, 200), Raise(1, 250), Raise(2, 450), Raise(0, 650)]
    assert legal(hand) == ["fold", "call 400"]  # capped: a completion and three raises
    with pytest.raises(ValueError, match="raises_from"):
        seven_card_stud(raises_from="ante")


def test_r2_4_everyone_folds_to_the_bring_in_who_wins_the_pot():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "fold"))
    count = len(hand.events)
    play(hand, (1, "fold"))
    assert since(hand, count) == [
        Fold(1),
        UncalledBetReturned(2, 50),  # R2.10: nobody called the bring-in
        PotAwarded(0, "whole", 2, 75, None),
    ]
    assert hand.is_over
    assert hand.result.net == (-25, -25, 50)
    assert hand.result.stacks == (975, 975, 1050)


def test_r2_4_everyone_calls_the_bring_in_and_the_street_ends_without_an_option():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "call"))
    count = len(hand.events)
    play(hand, (1, "call"))
    assert since(hand, count)[:2] == [Call(1, 50), StreetStarted("fourth", 1)]
    assert hand.street == 1
    assert hand.actor == 0  # fourth street's best board, not the bring-in
    assert hand.contributed == [75, 75, 75]


def test_r2_4_a_short_bring_in_is_all_in_and_the_others_enter_for_the_full_bring_in():
    """R2.4 (WSOP): the bring-in player has 30 after the ante and posts it all in;
    calling still costs the full 50, and the 20 above 30 from each caller makes a
    side pot the all-in player cannot win."""
    deck = deal("?? ?? ??  ?? ?? ??", "2c 9s Kh", "3c 4c 5c")
    hand = Hand(seven_card_stud(), [55, 1000, 1000], deck=deck)
    assert legal(hand) == ["bring_in 30"]  # too short to complete
    play(hand, (0, "bring_in"))
    assert hand.events[-2:] == [BringIn(0, 30), AllIn(0)]
    assert legal(hand) == ["fold", "call 50", "complete to 200"]
    play(hand, (1, "call"))
    assert legal(hand) == ["fold", "call 50", "complete to 200"]
    play(hand, (2, "call"))
    assert hand.street == 1
    assert hand.contributed == [55, 75, 75]
    assert hand.stacks == [0, 925, 925]
    assert hand.pots == [Pot(165, (0, 1, 2)), Pot(40, (1, 2))]
    assert hand.actor == 2  # fourth street: K-5 is the best board


def test_r2_4_a_bring_in_player_with_exactly_the_bring_in_cannot_complete():
    hand = Hand(seven_card_stud(), [1000, 1000, 75], deck=THREE)
    assert legal(hand) == ["bring_in 50"]
    play(hand, (2, "bring_in"))
    assert hand.events[-2:] == [BringIn(2, 50), AllIn(2)]


def test_r2_4_a_short_bring_in_heads_up_is_called_for_what_it_put_in():
    """R2.4: the others enter for the full bring-in only while one of them could
    still bet against the caller.  Heads-up nobody can, so the call matches the
    30 the all-in player put in, as Full Tilt records it ("Hero calls 9")."""
    hand = Hand(seven_card_stud(), [1000, 55], deck=HEADS_UP)
    play(hand, (1, "bring_in"))
    assert hand.events[-2:] == [BringIn(1, 30), AllIn(1)]
    assert legal(hand) == ["fold", "call 30"]
    play(hand, (0, "call"))
    assert hand.contributed == [55, 55]
    assert not any(isinstance(e, UncalledBetReturned) for e in hand.events)
    play(hand, (0, "show"))
    assert hand.result.stacks == (1055, 0)  # three aces beat three queens


def test_r2_4_a_short_bring_in_is_called_for_what_it_put_in_once_the_others_fold():
    deck = deal("?? ?? ??  ?? ?? ??", "2c 9s Kh", "3c 4c 5c")
    hand = Hand(seven_card_stud(), [55, 1000, 1000], deck=deck)
    play(hand, (0, "bring_in"), (1, "fold"))
    assert legal(hand) == ["fold", "call 30"]
    play(hand, (2, "call"))
    assert hand.contributed == [55, 25, 55]
    assert hand.round is None  # nobody can bet against seat 2: dealt to the end (R2.9)


# R2.5 ------------------------------------------------------------------------------


def test_r2_5_bring_in_and_completion_count_as_the_one_bet():
    """R2.5: the completion is the one bet; three raises follow and the round is capped."""
    hand = Hand(seven_card_stud(), [5000] * 4, deck=FOUR)
    play(hand, (2, "bring_in"), (3, "call"), (0, "complete 200"), (1, "raise 400"))
    play(hand, (2, "raise 600"))
    assert legal(hand) == ["fold", "call 550", "raise to 800"]
    play(hand, (3, "raise 800"))
    assert hand.actor == 0
    assert legal(hand) == ["fold", "call 600"]
    assert refused(hand, "raise 1000") == (
        "seat 0 cannot raise 1000: the betting is capped or not reopened; allowed: fold, call 600"
    )


def test_r2_5_max_raises_4_allows_a_fourth_raise():
    hand = Hand(seven_card_stud(max_raises=4), [5000] * 4, deck=FOUR)
    play(hand, (2, "bring_in"), (3, "call"), (0, "complete 200"), (1, "raise 400"))
    play(hand, (2, "raise 600"), (3, "raise 800"))
    assert legal(hand) == ["fold", "call 600", "raise to 1000"]
    play(hand, (0, "raise 1000"))
    assert hand.actor == 1
    assert legal(hand) == ["fold", "call 600"]


def test_r2_5_one_bet_and_three_raises_on_later_streets_too():
    hand = Hand(seven_card_stud(), [5000, 5000, 5000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "call"), (1, "call"))
    play(hand, (0, "bet 200"), (1, "raise 400"), (2, "raise 600"), (0, "raise 800"))
    assert legal(hand) == ["fold", "call 400"]


def test_r2_5_the_cap_applies_heads_up_by_default():
    hand = Hand(seven_card_stud(), [5000, 5000], deck=HEADS_UP)
    play(hand, (1, "bring_in"), (0, "complete 200"), (1, "raise 400"), (0, "raise 600"))
    play(hand, (1, "raise 800"))
    assert legal(hand) == ["fold", "call 200"]


def test_r2_5_cap_heads_up_off_lifts_the_cap_heads_up():
    hand = Hand(seven_card_stud(cap_heads_up=False), [5000, 5000], deck=HEADS_UP)
    play(hand, (1, "bring_in"), (0, "complete 200"), (1, "raise 400"), (0, "raise 600"))
    play(hand, (1, "raise 800"))
    assert legal(hand) == ["fold", "call 200", "raise to 1000"]
    play(hand, (0, "raise 1000"))
    assert legal(hand) == ["fold", "call 200", "raise to 1200"]
    play(hand, (1, "raise 1200"))
    assert hand.events[-2:] == [Raise(0, 1000), Raise(1, 1200)]


def test_r2_5_cap_heads_up_off_still_caps_three_players():
    hand = Hand(seven_card_stud(cap_heads_up=False), [5000] * 3, deck=THREE)
    play(hand, (2, "bring_in"), (0, "complete 200"), (1, "raise 400"), (2, "raise 600"))
    play(hand, (0, "raise 800"))
    assert legal(hand) == ["fold", "call 400"]


@pytest.mark.parametrize(
    ("cap_heads_up", "options"),
    [(True, ["fold", "call 200"]), (False, ["fold", "call 200", "raise to 1000"])],
)
def test_r2_5_cap_heads_up_counts_when_a_fold_leaves_two_players(cap_heads_up, options):
    """R2.5, assumed: the round is heads-up as soon as only two players are left in."""
    hand = Hand(seven_card_stud(cap_heads_up=cap_heads_up), [5000] * 3, deck=THREE)
    play(hand, (2, "bring_in"), (0, "complete 200"), (1, "fold"), (2, "raise 400"))
    play(hand, (0, "raise 600"), (2, "raise 800"))
    assert legal(hand) == options


# R2.6 ------------------------------------------------------------------------------


def test_r2_6_small_bets_on_third_and_fourth_street_big_bets_on_fifth_to_seventh():
    hand = Hand(seven_card_stud(), [5000, 5000], deck=HEADS_UP)
    play(hand, (1, "bring_in"))
    assert legal(hand) == ["fold", "call 50", "complete to 200"]
    play(hand, (0, "complete 200"))
    assert legal(hand) == ["fold", "call 150", "raise to 400"]
    play(hand, (1, "call"))
    assert [hand.street, legal(hand)] == [1, ["check", "fold", "bet to 200"]]
    play(hand, (0, "bet 200"))
    assert legal(hand) == ["fold", "call 200", "raise to 400"]
    play(hand, (1, "call"))
    for street in (2, 3, 4):
        assert [hand.street, legal(hand)] == [street, ["check", "fold", "bet to 400"]]
        assert refused(hand, "bet 200") == (
            "seat 0 cannot bet 200: the amount is not one the rules allow; "
            "allowed: check, fold, bet to 400"
        )
        play(hand, (0, "bet 400"))
        assert legal(hand) == ["fold", "call 400", "raise to 800"]
        play(hand, (1, "call"))
    assert hand.contributed == [1625, 1625]


# R2.7 ------------------------------------------------------------------------------

# Seat 0 pairs its nines on fourth street (9♣ then 9♦).  Seat 1 (2♦) brings in on
# third street; in Razz seat 2 (K♥) does.  Fifth street gives seat 0 an ace.
OPEN_PAIR = deal("?? ?? ??  ?? ?? ??", "9c 2d Kh", "9d 5c 3h", "Ac 4d 6h")


def to_fourth_street(spec) -> Hand:
    hand = Hand(spec, [5000, 5000, 5000], deck=OPEN_PAIR)
    if spec.low:
        play(hand, (2, "bring_in"), (0, "call"), (1, "call"))
    else:
        play(hand, (1, "bring_in"), (2, "call"), (0, "call"))
    assert hand.street == 1
    return hand


def test_r2_7_open_pair_on_fourth_street_allows_a_small_or_a_big_bet_in_seven_card_stud():
    hand = to_fourth_street(seven_card_stud())
    assert hand.actor == 0
    assert legal(hand) == ["check", "fold", "bet to 200 or 400"]
    assert refused(hand, "bet 300") == (
        "seat 0 cannot bet 300: the amount is not one the rules allow; "
        "allowed: check, fold, bet to 200 or 400"
    )


def test_r2_7_once_a_big_bet_is_made_every_later_bet_or_raise_is_big():
    hand = to_fourth_street(seven_card_stud())
    play(hand, (0, "bet 400"))
    assert legal(hand) == ["fold", "call 400", "raise to 800"]
    assert refused(hand, "raise 600") == (
        "seat 1 cannot raise 600: the amount is not one the rules allow; "
        "allowed: fold, call 400, raise to 800"
    )
    play(hand, (1, "raise 800"))
    assert legal(hand) == ["fold", "call 800", "raise to 1200"]
    play(hand, (2, "raise 1200"), (0, "raise 1600"))
    assert hand.events[-4:] == [Bet(0, 400), Raise(1, 800), Raise(2, 1200), Raise(0, 1600)]
    assert legal(hand) == ["fold", "call 800"]  # capped (R2.5)


def test_r2_7_after_a_small_first_bet_a_raise_may_be_small_or_big():
    """R2.7 says only that the first bet may be small or big; assumed (as card rooms
    deal it): while no big bet is made, a raise may also be small or big."""
    hand = to_fourth_street(seven_card_stud())
    play(hand, (0, "bet 200"))
    assert legal(hand) == ["fold", "call 200", "raise to 400 or 600"]
    play(hand, (1, "raise 400"))
    assert legal(hand) == ["fold", "call 400", "raise to 600 or 800"]


def test_r2_7_a_big_raise_of_a_small_bet_makes_every_later_raise_big():
    hand = to_fourth_street(seven_card_stud())
    play(hand, (0, "bet 200"), (1, "raise 600"))
    assert legal(hand) == ["fold", "call 600", "raise to 1000"]
    play(hand, (2, "raise 1000"))
    assert legal(hand) == ["fold", "call 800", "raise to 1400"]


def test_r2_7_without_an_open_pair_fourth_street_is_a_small_bet():
    hand = Hand(seven_card_stud(), [5000, 5000, 5000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "call"), (1, "call"))
    assert legal(hand) == ["check", "fold", "bet to 200"]


@pytest.mark.parametrize(
    "spec",
    [stud_hilo(), razz(), seven_card_stud(open_pair_double=False)],
    ids=["stud_hilo", "razz", "seven_card_stud_switched_off"],
)
def test_r2_7_open_pair_double_off_keeps_the_small_bet(spec):
    """R2.7: off by default in Stud/8 and Razz, and when 7-stud switches it off."""
    assert spec.open_pair_double is False
    hand = to_fourth_street(spec)
    assert legal(hand) == ["check", "fold", "bet to 200"]
    first = hand.actor
    play(hand, (first, "bet 200"))
    assert legal(hand) == ["fold", "call 200", "raise to 400"]


def test_r2_7_open_pair_double_switched_on_in_stud_hilo():
    hand = to_fourth_street(stud_hilo(open_pair_double=True))
    assert legal(hand) == ["check", "fold", "bet to 200 or 400"]


def test_r2_7_the_open_pair_matters_only_on_fourth_street():
    hand = to_fourth_street(seven_card_stud())
    play(hand, (0, "check"), (1, "check"), (2, "check"))
    assert [hand.street, hand.actor, legal(hand)] == [2, 0, ["check", "fold", "bet to 400"]]


# R2.8 ------------------------------------------------------------------------------


def test_r2_8_on_fourth_street_the_first_player_may_check_or_bet():
    hand = Hand(seven_card_stud(), [1000, 1000], deck=HEADS_UP)
    play(hand, (1, "bring_in"), (0, "call"))
    assert legal(hand) == ["check", "fold", "bet to 200"]
    play(hand, (0, "check"))
    assert legal(hand) == ["check", "fold", "bet to 200"]
    play(hand, (1, "bet 200"))
    assert legal(hand) == ["fold", "call 200", "raise to 400"]
    assert refused(hand, "check") == (
        "seat 0 cannot check: facing a bet of 200; allowed: fold, call 200, raise to 400"
    )
    count = len(hand.events)
    play(hand, (0, "call"))
    assert hand.events[count - 2 : count + 2] == [
        Check(0),
        Bet(1, 200),
        Call(0, 200),
        StreetStarted("fifth", 2),
    ]
    assert (hand.street, hand.actor) == (2, 0)


def test_r2_8_folding_when_checking_is_free_is_allowed():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "call"), (1, "call"))
    assert legal(hand) == ["check", "fold", "bet to 200"]
    play(hand, (0, "fold"))
    assert hand.events[-1] == Fold(0)
    assert hand.folded == [True, False, False]
    assert (hand.actor, legal(hand)) == (1, ["check", "fold", "bet to 200"])


# R2.9 ------------------------------------------------------------------------------

# Seat 0: A♥ A♦ / K♥ J♥ 7♣ 3♠ / 4♥ (a pair of aces); seat 1: Q♠ Q♦ / 9♠ 8♦ 5♣ 6♦ /
# J♣ (a pair of queens); seat 2: 2♠ 2♥ / 2♦ T♦ 6♣ 3♣ / 6♥ (twos full of sixes).
# Seat 2 brings in with the 2♦; seat 0 has the best board on every later street.
THIRD_TO_FIFTH = ("Ah Qs 2s  Ad Qd 2h", "Kh 9s 2d", "Jh 8d Td", "7c 5c 6c")


def test_r2_9_an_all_in_player_is_dealt_to_the_end_and_shows_down():
    deck = deal(*THIRD_TO_FIFTH, "3s 6d 3c", "4h 6h")  # seventh: seats 0 and 2 (1 folded)
    hand = Hand(seven_card_stud(), [5000, 5000, 225], deck=deck)
    play(hand, (2, "complete 200"))
    assert hand.events[-2:] == [Complete(2, 200), AllIn(2)]
    play(hand, (0, "call"), (1, "call"))
    play(hand, (0, "bet 200"), (1, "call"))  # fourth street: seat 2 is skipped
    play(hand, (0, "bet 400"), (1, "call"))
    play(hand, (0, "bet 400"), (1, "fold"))  # sixth street
    assert [str(e.card) for e in hand.events if isinstance(e, CardDealt) and e.seat == 2] == [
        "2s",
        "2h",
        "2d",
        "Td",
        "6c",
        "3c",
        "6h",
    ]
    assert (hand.actor, legal(hand)) == (0, ["show"])
    count = len(hand.events)
    play(hand, (0, "show"))
    events = since(hand, count)
    assert events[:2] == [
        Show(0, tuple(parse_cards("Ah Ad Kh Jh 7c 3s 4h"))),
        Show(2, tuple(parse_cards("2s 2h 2d Td 6c 3c 6h"))),  # all in: shown for it
    ]
    awards = [(e.pot, e.half, e.seat, e.amount, e.value.name()) for e in events[2:]]
    assert awards == [
        (0, "whole", 2, 675, "Full house, twos full of sixes"),
        (1, "whole", 0, 1200, "Pair of aces"),
    ]
    assert hand.result.stacks == (5375, 4175, 675)


def test_r2_9_an_all_in_raise_nobody_called_still_goes_to_showdown():
    """R2.9 (003): seat 1 raises all in on fifth street and seat 0 folds; the
    uncalled 400 goes back first (R2.10) and seat 1 still meets the all-in seat 2
    at the showdown."""
    deck = deal(*THIRD_TO_FIFTH, "6d 3c", "Jc 6h")  # sixth and seventh: seats 1 and 2
    hand = Hand(seven_card_stud(), [5000, 1025, 225], deck=deck)
    play(hand, (2, "complete 200"), (0, "call"), (1, "call"))
    play(hand, (0, "check"), (1, "check"))
    play(hand, (0, "bet 400"))
    assert legal(hand) == ["fold", "call 400", "raise to 800"]
    play(hand, (1, "raise 800"))
    assert hand.events[-2:] == [Raise(1, 800), AllIn(1)]
    count = len(hand.events)
    play(hand, (0, "fold"))
    assert since(hand, count)[:3] == [
        Fold(0),
        UncalledBetReturned(1, 400),
        StreetStarted("sixth", 3),
    ]
    assert hand.pots == [Pot(675, (1, 2)), Pot(800, (1,))]
    play(hand, (1, "show"))
    awards = [(e.pot, e.seat, e.amount) for e in hand.events if isinstance(e, PotAwarded)]
    assert awards == [(0, 2, 675), (1, 1, 800)]
    assert hand.result.stacks == (4375, 1200, 675)


# R2.10 -----------------------------------------------------------------------------


def test_r2_10_an_uncalled_bet_is_returned_before_the_pot_is_awarded():
    hand = Hand(seven_card_stud(), [1000, 1000], deck=HEADS_UP)
    play(hand, (1, "bring_in"), (0, "call"), (0, "check"), (1, "check"), (0, "bet 400"))
    count = len(hand.events)
    play(hand, (1, "fold"))
    assert since(hand, count) == [
        Fold(1),
        UncalledBetReturned(0, 400),
        PotAwarded(0, "whole", 0, 150, None),
    ]
    assert hand.result.stacks == (1075, 925)


def test_r2_10_an_uncalled_completion_is_returned():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE)
    play(hand, (2, "bring_in"), (0, "complete 200"), (1, "fold"))
    count = len(hand.events)
    play(hand, (2, "fold"))
    assert since(hand, count) == [
        Fold(2),
        UncalledBetReturned(0, 150),
        PotAwarded(0, "whole", 0, 175, None),
    ]
    assert hand.result.net == (100, -25, -75)


def test_r2_10_an_ante_nobody_could_match_is_returned_before_the_showdown():
    """R2.2, R2.10: seat 1 is all in on the ante for 10; nobody can bet (R2.9), the
    cards are dealt to the end, and the 15 of seat 0's ante nobody matched goes
    back before the pot is settled (Full Tilt: "Uncalled bet of 1 returned")."""
    hand = Hand(seven_card_stud(), [1000, 10], deck=HEADS_UP)
    assert hand.round is None
    assert hand.events[-1] == UncalledBetReturned(0, 15)
    assert hand.contributed == [10, 10]
    play(hand, (0, "show"))
    assert [type(e).__name__ for e in hand.events[-3:]] == ["Show", "Show", "PotAwarded"]
    assert hand.events[-1] == PotAwarded(0, "whole", 0, 20, hand.events[-1].value)
    assert hand.result.stacks == (1010, 0)


def test_r2_10_the_part_of_a_bet_a_short_all_in_cannot_call_is_returned():
    hand = Hand(seven_card_stud(), [1000, 375], deck=HEADS_UP)
    play(hand, (1, "bring_in"), (0, "call"), (0, "check"), (1, "check"), (0, "bet 400"))
    assert legal(hand) == ["fold", "call 300"]
    count = len(hand.events)
    play(hand, (1, "call"))
    assert since(hand, count)[:4] == [
        Call(1, 300),
        AllIn(1),
        UncalledBetReturned(0, 100),
        StreetStarted("sixth", 3),
    ]
    assert hand.contributed == [375, 375]
    play(hand, (0, "show"))  # seat 1 is all in and shown for it
    assert hand.events[-1] == PotAwarded(0, "whole", 0, 750, hand.events[-1].value)
    assert hand.result.stacks == (1375, 0)


# R2.11 -----------------------------------------------------------------------------

# Four players check to fifth street; seat 0 shows the best board there (A-J-8).
FIFTH = deal("?? ?? ?? ??  ?? ?? ?? ??", "Ac Kc Qc 2d", "Jd Td 9d 3h", "8h 7h 6h 4s", "Ks Qs Js Ts")


def to_fifth_street(stacks: list[int]) -> Hand:
    """Seat 3 (2♦) brings in, everyone calls, everyone checks fourth street."""
    hand = Hand(seven_card_stud(), stacks, deck=FIFTH)
    play(hand, (3, "bring_in"), (0, "call"), (1, "call"), (2, "call"))
    play(hand, (0, "check"), (1, "check"), (2, "check"), (3, "check"))
    assert (hand.street, hand.actor) == (2, 0)
    return hand


def test_r2_11_an_all_in_raise_of_half_a_step_reopens_the_betting():
    hand = to_fifth_street([5000, 5000, 5000, 675])  # seat 3 has 600 on fifth street
    play(hand, (0, "bet 400"), (1, "call"), (2, "call"))
    assert legal(hand) == ["fold", "call 400", "raise to 600"]
    play(hand, (3, "raise 600"))  # 200 more: half of the 400 step
    assert hand.events[-2:] == [Raise(3, 600), AllIn(3)]
    assert legal(hand) == ["fold", "call 200", "raise to 1000"]
    play(hand, (0, "call"))
    assert legal(hand) == ["fold", "call 200", "raise to 1000"]


def test_r2_11_an_all_in_raise_under_half_a_step_does_not_reopen_for_players_who_acted():
    hand = to_fifth_street([5000, 5000, 5000, 575])  # seat 3 has 500 on fifth street
    play(hand, (0, "bet 400"), (1, "call"), (2, "call"), (3, "raise 500"))
    assert hand.events[-2:] == [Raise(3, 500), AllIn(3)]
    assert legal(hand) == ["fold", "call 100"]
    assert refused(hand, "raise 900") == (
        "seat 0 cannot raise 900: the betting is capped or not reopened; allowed: fold, call 100"
    )
    play(hand, (0, "call"))
    assert legal(hand) == ["fold", "call 100"]
    play(hand, (1, "call"), (2, "call"))
    assert hand.street == 3


def test_r2_11_after_a_short_all_in_raise_the_next_player_may_call_or_make_it_a_full_raise():
    hand = to_fifth_street([5000, 575, 5000, 5000])  # seat 1 has 500 on fifth street
    play(hand, (0, "bet 400"), (1, "raise 500"))
    assert hand.actor == 2
    assert legal(hand) == ["fold", "call 500", "raise to 800"]
    play(hand, (2, "raise 800"))  # a full raise: the betting is open again
    assert legal(hand) == ["fold", "call 800", "raise to 1200"]
    play(hand, (3, "call"))
    assert legal(hand) == ["fold", "call 400", "raise to 1200"]


def test_r2_11_an_all_in_bet_under_half_a_step_may_be_called_or_made_a_full_bet():
    hand = to_fifth_street([175, 5000, 5000, 5000])  # seat 0 has 100 on fifth street
    assert legal(hand) == ["check", "fold", "bet to 100"]
    play(hand, (0, "bet 100"))
    assert hand.events[-2:] == [Bet(0, 100), AllIn(0)]
    assert legal(hand) == ["fold", "call 100", "raise to 400"]
    play(hand, (1, "call"), (2, "raise 400"))
    assert legal(hand) == ["fold", "call 400", "raise to 800"]
    play(hand, (3, "call"))
    assert legal(hand) == ["fold", "call 300", "raise to 800"]  # a full bet reopens


def test_r2_11_a_player_who_checked_may_only_call_a_short_all_in_bet():
    """R2.11: a check is an action, so a short all-in bet does not let the checker
    raise; players who have not acted may still make it a full bet."""
    hand = to_fifth_street([5000, 175, 5000, 5000])  # seat 1 has 100 on fifth street
    play(hand, (0, "check"), (1, "bet 100"))
    assert legal(hand) == ["fold", "call 100", "raise to 400"]
    play(hand, (2, "call"), (3, "call"))
    assert legal(hand) == ["fold", "call 100"]


def test_r2_11_an_all_in_bet_of_half_a_step_counts_as_a_full_bet():
    hand = to_fifth_street([275, 5000, 5000, 5000])  # seat 0 has 200 on fifth street
    play(hand, (0, "bet 200"))
    assert legal(hand) == ["fold", "call 200", "raise to 600"]


def test_r2_11_an_all_in_completion_of_at_least_half_counts_as_the_completion():
    """R2.11: seat 3 completes all in to 150, 100 over the bring-in (the step to the
    small bet is 150) and more than half the small bet: a completion, so the
    next raise is a small bet more, to 350, and the bring-in may raise too."""
    hand = Hand(seven_card_stud(), [5000, 5000, 5000, 175], deck=FOUR)
    play(hand, (2, "bring_in"))
    assert legal(hand) == ["fold", "call 50", "complete to 150"]
    play(hand, (3, "complete 150"))
    assert hand.events[-2:] == [Complete(3, 150), AllIn(3)]
    assert legal(hand) == ["fold", "call 150", "raise to 350"]
    play(hand, (0, "call"), (1, "call"))
    assert legal(hand) == ["fold", "call 100", "raise to 350"]


def test_r2_11_an_all_in_completion_under_half_does_not_reopen_for_the_bring_in():
    """R2.11: seat 3 completes all in to 80 (30 over the bring-in, under half of
    both the 150 step and the 200 small bet).  The others may call 80 or complete
    to 200; the bring-in, who has acted, may only call."""
    hand = Hand(seven_card_stud(), [5000, 5000, 5000, 105], deck=FOUR)
    play(hand, (2, "bring_in"), (3, "complete 80"))
    assert hand.events[-2:] == [Complete(3, 80), AllIn(3)]
    assert legal(hand) == ["fold", "call 80", "complete to 200"]
    play(hand, (0, "call"))
    assert legal(hand) == ["fold", "call 80", "complete to 200"]
    play(hand, (1, "call"))
    assert legal(hand) == ["fold", "call 30"]
    assert refused(hand, "complete 200") == (
        "seat 2 cannot complete 200: the betting is capped or not reopened; allowed: fold, call 30"
    )
    play(hand, (2, "call"))
    assert hand.street == 1
    assert hand.contributed == [105, 105, 105, 105]


def test_r2_11_a_full_completion_after_a_short_one_reopens_for_the_bring_in():
    hand = Hand(seven_card_stud(), [5000, 5000, 5000, 105], deck=FOUR)
    play(hand, (2, "bring_in"), (3, "complete 80"), (0, "complete 200"))
    assert legal(hand) == ["fold", "call 200", "raise to 400"]
    play(hand, (1, "call"))
    assert legal(hand) == ["fold", "call 150", "raise to 400"]


# R2.12 and R7.4 --------------------------------------------------------------------


@pytest.mark.parametrize(("burn", "fourth"), [(False, ["7c", "Td"]), (True, ["Td", "5s"])])
def test_r2_12_burn_cards_burns_one_card_before_each_street_after_the_third(burn, fourth):
    """R2.12: with burn_cards on, the card after third street is burnt (7♣) and
    fourth street starts with the next one; third street burns nothing."""
    deck = deal("Ah Qs  Ad Qd", "Kh 2d", "7c Td 5s 6s")
    hand = Hand(seven_card_stud(burn_cards=burn), [1000, 1000], deck=deck)
    assert [str(e.card) for e in hand.events if isinstance(e, CardDealt)] == [
        "Ah",
        "Qs",
        "Ad",
        "Qd",
        "Kh",
        "2d",
    ]
    play(hand, (1, "bring_in"), (0, "call"))
    assert [str(e.card) for e in hand.events[-2:]] == fourth


# Eight players, the deck in dealing order: seat n holds the four cards of one rank
# on third and fourth street (seat 0 the twos ... seat 7 the nines).
EIGHT_PLAYERS = parse_cards(
    """
    2c 3c 4c 5c 6c 7c 8c 9c
    2d 3d 4d 5d 6d 7d 8d 9d
    2h 3h 4h 5h 6h 7h 8h 9h
    2s 3s 4s 5s 6s 7s 8s 9s
    Tc Td Th Ts Jc Jd Jh Js
    Qc Qd Qh Qs Kc Kd Kh Ks
    Ac Ad Ah As
    """
)


def test_r7_4_eight_players_on_seventh_street_share_a_community_card():
    """R7.4 with burn_cards off: 48 cards are dealt by sixth street, 4 are left for
    8 players, so the 49th card (A♣) is dealt face up for everyone."""
    hand = Hand(seven_card_stud(), [25] * 8, deck=EIGHT_PLAYERS)  # all in on the ante
    assert hand.is_over
    seventh = hand.events[hand.events.index(StreetStarted("seventh", 4)) :]
    assert seventh[:2] == [StreetStarted("seventh", 4), CommunityCard(Card.parse("Ac"))]
    assert hand.community == [Card.parse("Ac")]
    assert hand.cards_left == 3
    assert hand.cards_of(0) == parse_cards("2c 2d 2h 2s Tc Qc Ac")
    assert all(hand.cards_of(seat)[-1] == Card.parse("Ac") for seat in range(8))
    (award,) = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert (award.seat, award.amount, award.value.name()) == (7, 200, "Four of a kind, nines")
    assert [str(c) for c in award.value.cards] == ["9s", "9h", "9d", "9c", "Ac"]  # Ac plays


def test_r7_4_with_burn_cards_eight_players_get_the_last_card_as_community_card():
    """R7.4 and R2.12: three burnt cards leave one card for seventh street; it is
    not burnt but dealt as the community card (A♠), which gives seat 7 a full house.
    Assumed: a burn that would leave no card for the community card is skipped."""
    hand = Hand(seven_card_stud(burn_cards=True), [25] * 8, deck=EIGHT_PLAYERS)
    assert hand.community == [Card.parse("As")]
    assert hand.cards_left == 0
    fourth = [str(e.card) for e in hand.events if isinstance(e, CardDealt)][24:32]
    assert fourth == ["3s", "4s", "5s", "6s", "7s", "8s", "9s", "Tc"]  # the 2♠ is burnt
    assert hand.cards_of(0) == parse_cards("2c 2d 2h 3s Th Qs As")
    (award,) = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert (award.seat, award.amount, award.value.name()) == (
        7,
        200,
        "Full house, nines full of aces",
    )


def test_r7_4_eight_players_bet_on_seventh_street_with_the_community_card():
    hand = Hand(seven_card_stud(), [1000] * 8, deck=EIGHT_PLAYERS)
    play(hand, (0, "bring_in"), *[(seat, "call") for seat in range(1, 8)])
    for _ in range(3):  # fourth to sixth street: seat 7's nines show best
        play(hand, *[((7 + i) % 8, "check") for i in range(8)])
    assert hand.community == [Card.parse("Ac")]
    assert hand.street == 4
    play(hand, (7, "bet 400"), (0, "fold"), (1, "fold"), (2, "fold"), (3, "fold"))
    play(hand, (4, "fold"), (5, "fold"), (6, "call"))
    play(hand, (7, "show"))
    assert legal(hand) == ["show", "muck"]  # four eights cannot beat four nines
    play(hand, (6, "muck"))
    assert hand.result.net == (-75, -75, -75, -75, -75, -75, -475, 925)


@pytest.mark.parametrize("burn", [False, True])
def test_r7_4_seven_players_run_out_only_when_cards_are_burnt(burn):
    """R7.4 and R2.12: seven players need 49 cards.  Without burns each gets a
    seventh card and 3 are left; with burns (4 of them, one before seventh street)
    only 6 cards are left for 7 players, so one community card is dealt."""
    deck = parse_cards(
        """
        2c 2d 2h 2s 3c 3d 3h
        3s 4c 4d 4h 4s 5c 5d
        5h 5s 6c 6d 6h 6s 7c
        7d 7h 7s 8c 8d 8h 8s
        9c 9d 9h 9s Tc Td Th
        Ts Jc Jd Jh Js Qc Qd
        Qh Qs Kc Kd Kh Ks Ac
        Ad Ah As
        """
    )
    hand = Hand(seven_card_stud(burn_cards=burn), [25] * 7, deck=deck)
    seventh = hand.events[hand.events.index(StreetStarted("seventh", 4)) + 1 :]
    if burn:
        assert hand.community == [Card.parse("Kh")]  # the K♦ is burnt, the K♥ shared
        assert seventh[0] == CommunityCard(Card.parse("Kh"))
        assert hand.cards_left == 5
    else:
        assert hand.community == []
        assert [(e.seat, e.card, e.up) for e in seventh[:7]] == [
            (seat, card, False) for seat, card in enumerate(parse_cards("Qh Qs Kc Kd Kh Ks Ac"))
        ]
        assert hand.cards_left == 3
    assert all(len(hand.cards_of(seat)) == 7 for seat in range(7))
