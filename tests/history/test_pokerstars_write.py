"""Writing the engine's hands as PokerStars hand-history text.

The expected texts are written as the PokerStars stud records in
``handhistories/pokerstars/`` read, with the trailing spaces PokerStars leaves on some
lines taken off (``record`` checks that they are exactly where PokerStars puts them).
"""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from engine.scripting import deal, deal_streets, legal, play_seats
from studpoker.cards import Card, deck_cards
from studpoker.engine import (
    ActionKind,
    CardDealt,
    CommunityCard,
    Hand,
    Muck,
    Show,
)
from studpoker.games import GameSpec, razz, seven_card_stud, show_hand, stud_hilo
from studpoker.hands import eight_or_better, high, low_a5
from studpoker.hands import show_hand as show_hand_value
from studpoker.hands.show_hand import ShowHandRules
from studpoker.history import read_pokerstars
from studpoker.history.pokerstars_write import hand_name, to_pokerstars

K = ActionKind
STARTED = datetime(2024, 5, 1, 14, 30)  # naive: taken as ET, written as it is
TRAILING_SPACE = re.compile(
    r"^(.+: (checks|folds|mucks hand)|Seat \d+: .+ \(\S+ in chips\)|Total pot .+ \| Rake \S+) $"
)


def record(text: str) -> str:
    """The text without the trailing spaces PokerStars leaves on the check, fold,
    muck, seat and ``Total pot`` lines, after checking that they are on exactly those."""
    assert text.endswith("\n")
    lines = text.split("\n")
    for line in lines:
        wanted = bool(TRAILING_SPACE.match(line))
        assert line.endswith(" ") == wanted, f"trailing space: {line!r}"
    return "\n".join(line.rstrip() for line in lines)


# -- Seven Card Stud, cash: a completion, a raise, folds, an uncalled bet, a showdown --


def seven_card_stud_hand() -> Hand:
    """$0.04/$0.08 stud: Bob brings in, Carol completes, Alice raises, Carol is all in
    on sixth street and wins the showdown with three nines."""
    deck = deal_streets(
        "Ad Jc 7s 4h  Ah 2s Kh 5d  Kd 2c 9d Qs",  # Alice Ad Ah/Kd, Bob Jc 2s/2c …
        "Kc 8d",  # fourth street: Alice, Carol
        "3c 9c",
        "6h 4c",
        "Tc 9s",
    )
    spec = seven_card_stud(ante=1, bring_in=2, small_bet=4, big_bet=8)
    hand = Hand(spec, [500, 500, 25, 500], deck=deck)
    play_seats(
        hand,
        (1, "bring_in"),
        (2, "complete 4"),
        (3, "fold"),
        (0, "raise 8"),
        (1, "fold"),
        (2, "call"),
        (0, "bet 4"),  # R2.7: Alice's open kings allow a small or a big bet
        (2, "call"),
        (0, "bet 8"),
        (2, "call"),
        (0, "bet 8"),
        (2, "call"),  # all in for 4: the other 4 go back (R2.10)
        (0, "show"),  # Carol's all-in hand is shown without asking (R5.3)
    )
    return hand


def cash_record(viewer: int | None) -> str:
    return to_pokerstars(
        seven_card_stud_hand(),
        viewer=viewer,
        names=["Alice", "Bob", "Carol", "Dave"],
        seats=[1, 3, 4, 6],
        hand_id=2024050100001,
        table="Atalante II",
        started=STARTED,
        currency="$",
    )


CASH_HEADER = """\
PokerStars Hand #2024050100001:  7 Card Stud Limit ($0.04/$0.08 USD) - 2024/05/01 14:30:00 ET
Table 'Atalante II' 8-max
Seat 1: Alice ($5 in chips)
Seat 3: Bob ($5 in chips)
Seat 4: Carol ($0.25 in chips)
Seat 6: Dave ($5 in chips)
Alice: posts the ante $0.01
Bob: posts the ante $0.01
Carol: posts the ante $0.01
Dave: posts the ante $0.01
"""
CASH_SHOWDOWN = """\
*** SHOW DOWN ***
Alice: shows [Ad Ah Kd Kc 3c 6h Tc] (two pair, Aces and Kings)
Carol: shows [7s Kh 9d 8d 9c 4c 9s] (three of a kind, Nines)
Carol collected $0.54 from pot
*** SUMMARY ***
Total pot $0.54 | Rake $0
Seat 1: Alice showed [Ad Ah Kd Kc 3c 6h Tc] and lost with two pair, Aces and Kings
Seat 3: Bob folded on the 3rd Street
Seat 4: Carol showed [7s Kh 9d 8d 9c 4c 9s] and won ($0.54) with three of a kind, Nines
Seat 6: Dave folded on the 3rd Street (didn't bet)
"""


def test_seven_card_stud_cash_hand_full_record_shows_every_card() -> None:
    text = cash_record(viewer=None)
    expected = (
        CASH_HEADER
        + """\
*** 3rd STREET ***
Dealt to Alice [Ad Ah Kd]
Dealt to Bob [Jc 2s 2c]
Dealt to Carol [7s Kh 9d]
Dealt to Dave [4h 5d Qs]
Bob: brings in for $0.02
Carol: raises $0.02 to $0.04
Dave: folds
Alice: raises $0.04 to $0.08
Bob: folds
Carol: calls $0.04
*** 4th STREET ***
Dealt to Alice [Ad Ah Kd] [Kc]
Dealt to Carol [7s Kh 9d] [8d]
Pair on board - a double bet is allowed
Alice: bets $0.04
Carol: calls $0.04
*** 5th STREET ***
Dealt to Alice [Ad Ah Kd Kc] [3c]
Dealt to Carol [7s Kh 9d 8d] [9c]
Alice: bets $0.08
Carol: calls $0.08
*** 6th STREET ***
Dealt to Alice [Ad Ah Kd Kc 3c] [6h]
Dealt to Carol [7s Kh 9d 8d 9c] [4c]
Alice: bets $0.08
Carol: calls $0.04 and is all-in
Uncalled bet ($0.04) returned to Alice
*** RIVER ***
Dealt to Alice [Ad Ah Kd Kc 3c 6h] [Tc]
Dealt to Carol [7s Kh 9d 8d 9c 4c] [9s]
"""
        + CASH_SHOWDOWN
    )
    assert record(text) == expected


def test_a_seats_record_hides_the_down_cards_of_others_until_they_are_shown() -> None:
    # Bob folds on third street: he sees his own cards, the others' up cards, and
    # Alice's and Carol's down cards only when they show them; Dave's never.
    text = cash_record(viewer=1)
    expected = (
        CASH_HEADER
        + """\
*** 3rd STREET ***
Dealt to Alice [Kd]
Dealt to Bob [Jc 2s 2c]
Dealt to Carol [9d]
Dealt to Dave [Qs]
Bob: brings in for $0.02
Carol: raises $0.02 to $0.04
Dave: folds
Alice: raises $0.04 to $0.08
Bob: folds
Carol: calls $0.04
*** 4th STREET ***
Dealt to Alice [Kd] [Kc]
Dealt to Carol [9d] [8d]
Pair on board - a double bet is allowed
Alice: bets $0.04
Carol: calls $0.04
*** 5th STREET ***
Dealt to Alice [Kd Kc] [3c]
Dealt to Carol [9d 8d] [9c]
Alice: bets $0.08
Carol: calls $0.08
*** 6th STREET ***
Dealt to Alice [Kd Kc 3c] [6h]
Dealt to Carol [9d 8d 9c] [4c]
Alice: bets $0.08
Carol: calls $0.04 and is all-in
Uncalled bet ($0.04) returned to Alice
*** RIVER ***
"""
        + CASH_SHOWDOWN
    )
    assert record(text) == expected
    assert not {"4h", "5d"} & set(bracketed(text))  # Dave's down cards


# -- Stud/8, a tournament: a side pot, and each pot split high and low ------------------


def test_stud_hilo_tournament_hand_splits_the_main_and_the_side_pot() -> None:
    # Shorty is all in on third street with the best low; Hero's full house takes
    # the high half of both pots, Villain's 8-low the low half of the side pot (R5.5).
    deck = deal_streets(
        "Kh 7d Ac  Kc 3s 4c  Ks 2d 5h",
        "9s 8c 6d",
        "9h 5s 3h",
        "Jc Td Qs",
        "Qd Jd Js",
    )
    hand = Hand(
        stud_hilo(ante=10, bring_in=20, small_bet=50, big_bet=100), [1000, 1000, 100], deck=deck
    )
    play_seats(
        hand,
        (1, "bring_in"),
        (2, "complete 50"),
        (0, "raise 100"),
        (1, "call"),
        (2, "call"),
        (0, "bet 50"),
        (1, "call"),
        (0, "bet 100"),
        (1, "raise 200"),
        (0, "call"),
        (0, "check"),
        (1, "check"),
        (0, "bet 100"),
        (1, "call"),
        (0, "show"),
        (1, "show"),  # Villain's low can still win the side pot's low half (R5.3)
    )
    text = to_pokerstars(
        hand,
        viewer=0,
        names=["Hero", "Villain", "Shorty"],
        hand_id=77,
        table="1234 1",
        started=STARTED,
        tournament=1234,
    )
    assert record(text) == (
        """\
PokerStars Hand #77: Tournament #1234, Freeroll  7 Card Stud Hi/Lo Limit - Level I (50/100) \
- 2024/05/01 14:30:00 ET
Table '1234 1' 8-max
Seat 1: Hero (1000 in chips)
Seat 2: Villain (1000 in chips)
Seat 3: Shorty (100 in chips)
Hero: posts the ante 10
Villain: posts the ante 10
Shorty: posts the ante 10
*** 3rd STREET ***
Dealt to Hero [Kh Kc Ks]
Dealt to Villain [2d]
Dealt to Shorty [5h]
Villain: brings in for 20
Shorty: raises 30 to 50
Hero: raises 50 to 100
Villain: calls 80
Shorty: calls 40 and is all-in
*** 4th STREET ***
Dealt to Hero [Kh Kc Ks] [9s]
Dealt to Villain [2d] [8c]
Dealt to Shorty [5h] [6d]
Hero: bets 50
Villain: calls 50
*** 5th STREET ***
Dealt to Hero [Kh Kc Ks 9s] [9h]
Dealt to Villain [2d 8c] [5s]
Dealt to Shorty [5h 6d] [3h]
Hero: bets 100
Villain: raises 100 to 200
Hero: calls 100
*** 6th STREET ***
Dealt to Hero [Kh Kc Ks 9s 9h] [Jc]
Dealt to Villain [2d 8c 5s] [Td]
Dealt to Shorty [5h 6d 3h] [Qs]
Hero: checks
Villain: checks
*** RIVER ***
Dealt to Hero [Kh Kc Ks 9s 9h Jc] [Qd]
Hero: bets 100
Villain: calls 100
*** SHOW DOWN ***
Hero: shows [Kh Kc Ks 9s 9h Jc Qd] (HI: a full house, Kings full of Nines)
Villain: shows [7d 3s 2d 8c 5s Td Jd] (HI: high card Jack; LO: 8,7,5,3,2)
Shorty: shows [Ac 4c 5h 6d 3h Qs Js] (HI: high card Ace; LO: 6,5,4,3,A)
Hero collected 360 from side pot
Villain collected 360 from side pot
Hero collected 150 from main pot
Shorty collected 150 from main pot
*** SUMMARY ***
Total pot 1020 Main pot 300. Side pot 720. | Rake 0
Seat 1: Hero showed [Kh Kc Ks 9s 9h Jc Qd] and won (510) with HI: a full house, Kings full of Nines
Seat 2: Villain showed [7d 3s 2d 8c 5s Td Jd] and won (360) with HI: high card Jack; LO: 8,7,5,3,2
Seat 3: Shorty showed [Ac 4c 5h 6d 3h Qs Js] and won (150) with HI: high card Ace; LO: 6,5,4,3,A
"""
    )


def test_stud_hilo_without_a_low_says_so_after_the_pot() -> None:
    deck = deal("Kh Qd  Kc Qc  Ks Qs  9s 9h  3h 3d  Jc Jd  Ah 8h")
    hand = Hand(stud_hilo(ante=10, bring_in=20, small_bet=50, big_bet=100), [500, 500], deck=deck)
    play_seats(hand, (1, "bring_in"), (0, "call"))
    while not hand.is_over:
        hand.check_or_call() if hand.round is not None else hand.play_showdown()
    lines = record(to_pokerstars(hand, started=STARTED)).splitlines()
    assert lines[lines.index("*** SHOW DOWN ***") + 3 :][:2] == [
        "Player1 collected 60 from pot",
        "No low hand qualified",
    ]


# -- Razz: the bring-in completes (bets), a muck --------------------------------------


def razz_hand(*, reveal_mucked: bool = False) -> Hand:
    deck = deal_streets("7c As Qs  8d 2s 5c  Kd 3h Qc", "9s 4d", "Th Kh", "6c Ks", "Jc 9d")
    spec = razz(ante=1, bring_in=2, small_bet=4, big_bet=8, reveal_mucked=reveal_mucked)
    hand = Hand(spec, [200, 200, 200], deck=deck)
    play_seats(
        hand,
        (0, "complete 4"),  # the king brings in (R3.1) and completes: "bets"
        (1, "call"),
        (2, "fold"),
        (1, "check"),  # the best low showing acts first (R3.3)
        (0, "check"),
        (1, "check"),
        (0, "check"),
        (0, "check"),  # Bob's board pairs kings: Alice's K-T-9-6 is better
        (1, "check"),
        (0, "check"),
        (1, "bet 8"),
        (0, "call"),
        (1, "show"),
        (0, "muck"),  # J-T-9-8-7 cannot beat 9-4-3-2-A (R5.3)
    )
    return hand


RAZZ_TEXT = """\
PokerStars Hand #1:  Razz Limit (4/8) - 2024/05/01 14:30:00 ET
Table 'studpoker' 8-max
Seat 1: Alice (200 in chips)
Seat 2: Bob (200 in chips)
Seat 3: Carol (200 in chips)
Alice: posts the ante 1
Bob: posts the ante 1
Carol: posts the ante 1
*** 3rd STREET ***
Dealt to Alice [Kd]
Dealt to Bob [As 2s 3h]
Dealt to Carol [Qc]
Alice: bets 4
Bob: calls 4
Carol: folds
*** 4th STREET ***
Dealt to Alice [Kd] [9s]
Dealt to Bob [As 2s 3h] [4d]
Bob: checks
Alice: checks
*** 5th STREET ***
Dealt to Alice [Kd 9s] [Th]
Dealt to Bob [As 2s 3h 4d] [Kh]
Bob: checks
Alice: checks
*** 6th STREET ***
Dealt to Alice [Kd 9s Th] [6c]
Dealt to Bob [As 2s 3h 4d Kh] [Ks]
Alice: checks
Bob: checks
*** RIVER ***
Dealt to Bob [As 2s 3h 4d Kh Ks] [9d]
Alice: checks
Bob: bets 8
Alice: calls 8
*** SHOW DOWN ***
Bob: shows [As 2s 3h 4d Kh Ks 9d] (Lo: 9,4,3,2,A)
Alice: mucks hand
Bob collected 27 from pot
*** SUMMARY ***
Total pot 27 | Rake 0
Seat 1: Alice mucked
Seat 2: Bob showed [As 2s 3h 4d Kh Ks 9d] and won (27) with Lo: 9,4,3,2,A
Seat 3: Carol folded on the 3rd Street (didn't bet)
"""


def test_razz_hand_in_play_chips_as_the_winner_saw_it() -> None:
    text = to_pokerstars(razz_hand(), viewer=1, names=["Alice", "Bob", "Carol"], started=STARTED)
    assert record(text) == RAZZ_TEXT


def test_a_mucked_hand_stays_hidden_from_others_but_not_from_its_owner() -> None:
    hand = razz_hand()
    names = ["Alice", "Bob", "Carol"]
    mucked = "Seat 1: Alice mucked [7c 8d Kd 9s Th 6c Jc]"
    assert mucked in record(to_pokerstars(hand, names=names, started=STARTED)).splitlines()
    assert mucked in record(to_pokerstars(hand, viewer=0, names=names, started=STARTED))
    for viewer in (1, 2):
        text = to_pokerstars(hand, viewer=viewer, names=names, started=STARTED)
        assert "Seat 1: Alice mucked\n" in record(text)
        assert not {"7c", "8d", "Jc"} & set(bracketed(text))


def test_a_table_that_shows_mucked_hands_shows_them_to_everyone() -> None:
    hand = razz_hand(reveal_mucked=True)  # R5.8
    text = record(to_pokerstars(hand, viewer=2, started=STARTED))
    assert "Seat 1: Player1 mucked [7c 8d Kd 9s Th 6c Jc]" in text.splitlines()


# -- the community card (R7.4) -------------------------------------------------------


def test_eight_players_on_the_river_share_a_community_card() -> None:
    # 8 x 6 = 48 cards are out after sixth street; the 4 left cannot give everyone a
    # card, so one is dealt face up for all, as in the PokerStars record
    # 7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt.
    deck = deal_streets(
        "4s 6h 4d Jh Qs 8s Ad Jc  Ah As Ac 8d Qc Tc 9c 9s  6d 7d 5h 7c 6s 3c 2h 8h",
        "5c Th 3d 4c 5d Kd Jd 2c",
        "Ts 3h 8c Qh 9h 7s 3s 4h",
        "2s Kh 5s 9d 2d Td Qd Kc",
        "7h",
    )
    hand = Hand(seven_card_stud(ante=1, bring_in=2, small_bet=4, big_bet=8), [200] * 8, deck=deck)
    hand.act("bring_in")
    while hand.street < 4:  # everyone calls the bring-in and checks to the river
        hand.check_or_call()
    play_seats(hand, (2, "bet 8"), (3, "fold"), (4, "call"), (5, "fold"), (6, "call"))
    play_seats(hand, (7, "call"), (0, "call"), (1, "call"))
    hand.play_showdown()
    text = to_pokerstars(hand, viewer=0, currency="$", started=datetime(2009, 7, 15, 20, 36, 31))
    seats = "".join(f"Seat {n}: Player{n} ($2 in chips)\n" for n in range(1, 9))
    antes = "".join(f"Player{n}: posts the ante $0.01\n" for n in range(1, 9))
    checks = "".join(f"Player{n}: checks\n" for n in (6, 7, 8, 1, 2, 3, 4, 5))
    assert record(text) == (
        "PokerStars Hand #1:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/07/15 20:36:31 ET\n"
        "Table 'studpoker' 8-max\n"
        + seats
        + antes
        + """\
*** 3rd STREET ***
Dealt to Player1 [4s Ah 6d]
Dealt to Player2 [7d]
Dealt to Player3 [5h]
Dealt to Player4 [7c]
Dealt to Player5 [6s]
Dealt to Player6 [3c]
Dealt to Player7 [2h]
Dealt to Player8 [8h]
Player7: brings in for $0.02
"""
        + "".join(f"Player{n}: calls $0.02\n" for n in (8, 1, 2, 3, 4, 5, 6))
        + """\
*** 4th STREET ***
Dealt to Player1 [4s Ah 6d] [5c]
Dealt to Player2 [7d] [Th]
Dealt to Player3 [5h] [3d]
Dealt to Player4 [7c] [4c]
Dealt to Player5 [6s] [5d]
Dealt to Player6 [3c] [Kd]
Dealt to Player7 [2h] [Jd]
Dealt to Player8 [8h] [2c]
"""
        + checks
        + """\
*** 5th STREET ***
Dealt to Player1 [4s Ah 6d 5c] [Ts]
Dealt to Player2 [7d Th] [3h]
Dealt to Player3 [5h 3d] [8c]
Dealt to Player4 [7c 4c] [Qh]
Dealt to Player5 [6s 5d] [9h]
Dealt to Player6 [3c Kd] [7s]
Dealt to Player7 [2h Jd] [3s]
Dealt to Player8 [8h 2c] [4h]
"""
        + checks
        + """\
*** 6th STREET ***
Dealt to Player1 [4s Ah 6d 5c Ts] [2s]
Dealt to Player2 [7d Th 3h] [Kh]
Dealt to Player3 [5h 3d 8c] [5s]
Dealt to Player4 [7c 4c Qh] [9d]
Dealt to Player5 [6s 5d 9h] [2d]
Dealt to Player6 [3c Kd 7s] [Td]
Dealt to Player7 [2h Jd 3s] [Qd]
Dealt to Player8 [8h 2c 4h] [Kc]
"""
        + "".join(f"Player{n}: checks\n" for n in (3, 4, 5, 6, 7, 8, 1, 2))
        + """\
*** RIVER *** [7h]
Player3: bets $0.08
Player4: folds
Player5: calls $0.08
Player6: folds
Player7: calls $0.08
Player8: calls $0.08
Player1: calls $0.08
Player2: calls $0.08
*** SHOW DOWN ***
Player3: shows [4d Ac 5h 3d 8c 5s] (a pair of Fives)
Player5: shows [Qs Qc 6s 5d 9h 2d] (a pair of Queens)
Player7: mucks hand
Player8: mucks hand
Player1: mucks hand
Player2: shows [6h As 7d Th 3h Kh] (a flush, King high)
Player2 collected $0.72 from pot
*** SUMMARY ***
Total pot $0.72 | Rake $0
Board [7h]
Seat 1: Player1 mucked [4s Ah 6d 5c Ts 2s]
Seat 2: Player2 showed [6h As 7d Th 3h Kh] and won ($0.72) with a flush, King high
Seat 3: Player3 showed [4d Ac 5h 3d 8c 5s] and lost with a pair of Fives
Seat 4: Player4 folded on the River
Seat 5: Player5 showed [Qs Qc 6s 5d 9h 2d] and lost with a pair of Queens
Seat 6: Player6 folded on the River
Seat 7: Player7 mucked
Seat 8: Player8 mucked
"""
    )


# -- Show Hand (R6) --------------------------------------------------------------------


def test_show_hand_showhand_is_an_all_in_bet_and_the_excess_goes_back() -> None:
    # The docs/engine.md hand: the smallest stack shows hand with ace high and wins
    # 290 from each caller; their excess goes back (R6.7).
    deck = deal("2c 3c 4c  As Kd 9h  Qs Qh 8h  Js Jh 7h  Ts Th 6h")
    hand = Hand(show_hand(ante=10), [300, 500, 1000], deck=deck)
    play_seats(hand, (0, "showhand"), (1, "call"), (2, "call"))
    text = to_pokerstars(hand, names=["Ah Wing", "Bo", "Chan"], started=STARTED)
    assert record(text) == (
        """\
PokerStars Hand #1:  5 Card Stud No Limit (10/10) - 2024/05/01 14:30:00 ET
Table 'studpoker' 10-max
Seat 1: Ah Wing (300 in chips)
Seat 2: Bo (500 in chips)
Seat 3: Chan (1000 in chips)
Ah Wing: posts the ante 10
Bo: posts the ante 10
Chan: posts the ante 10
*** 2nd STREET ***
Dealt to Ah Wing [2c As]
Dealt to Bo [3c Kd]
Dealt to Chan [4c 9h]
Ah Wing: bets 290 and is all-in
Bo: calls 490 and is all-in
Chan: calls 990 and is all-in
*** 3rd STREET ***
Dealt to Ah Wing [2c As] [Qs]
Dealt to Bo [3c Kd] [Qh]
Dealt to Chan [4c 9h] [8h]
*** 4th STREET ***
Dealt to Ah Wing [2c As Qs] [Js]
Dealt to Bo [3c Kd Qh] [Jh]
Dealt to Chan [4c 9h 8h] [7h]
*** 5th STREET ***
Dealt to Ah Wing [2c As Qs Js] [Ts]
Dealt to Bo [3c Kd Qh Jh] [Th]
Dealt to Chan [4c 9h 8h 7h] [6h]
*** SHOW DOWN ***
Ah Wing: shows [2c As Qs Js Ts] (high card Ace)
Bo: shows [3c Kd Qh Jh Th] (high card King)
Chan: shows [4c 9h 8h 7h 6h] (high card Nine)
Ah Wing collected 900 from pot
Excess (200) returned to Bo
Excess (700) returned to Chan
*** SUMMARY ***
Total pot 1800 | Rake 0
Seat 1: Ah Wing showed [2c As Qs Js Ts] and won (900) with high card Ace
Seat 2: Bo showed [3c Kd Qh Jh Th] and lost with high card King
Seat 3: Chan showed [4c 9h 8h 7h 6h] and lost with high card Nine
"""
    )


def test_show_hand_short_call_rolls_the_excess_over_to_the_next_hand() -> None:
    # Player2 calls 200 with its last 90 (R6.8) and wins with kings: it takes 100 from
    # each, and the 140 each of the others put in above that stays on the table.
    deck = deal("2c 3c 4c  As Kd 9h  Qs Kh 8h  Js Jh 7h  Ts Th 6h")
    hand = Hand(show_hand(ante=10), [1000, 100, 500], deck=deck)
    play_seats(hand, (0, "bet 200"), (1, "call"), (2, "call"))
    play_seats(hand, (2, "bet 10"), (0, "call"), (2, "bet 10"), (0, "call"), (0, "bet 10"))
    play_seats(hand, (2, "call"), (0, "show"), (2, "muck"))
    lines = record(to_pokerstars(hand, started=STARTED)).splitlines()
    assert lines[lines.index("*** SHOW DOWN ***") :] == [
        "*** SHOW DOWN ***",
        "Player1: shows [2c As Qs Jh Th] (high card Ace)",
        "Player2: shows [3c Kd Kh 7h 6h] (a pair of Kings)",
        "Player3: mucks hand",
        "Player2 collected 300 from pot",
        "Rollover (280) to the next hand",
        "*** SUMMARY ***",
        "Total pot 580 | Rake 0",
        "Seat 1: Player1 showed [2c As Qs Jh Th] and lost with high card Ace",
        "Seat 2: Player2 showed [3c Kd Kh 7h 6h] and won (300) with a pair of Kings",
        "Seat 3: Player3 mucked [4c 9h 8h Js Ts]",
    ]
    following = Hand(show_hand(ante=10), [990, 300, 260], deck=deck, carry_in=hand.result.rollover)
    following.act("bet 10")
    following.act("fold")
    following.act("fold")
    lines = record(to_pokerstars(following, started=STARTED)).splitlines()
    assert lines[5] == "Rollover (280) from the previous hand"
    assert lines[-4:] == [
        "Total pot 320 | Rake 0",
        "Seat 1: Player1 collected (320)",
        "Seat 2: Player2 folded on the 2nd Street (didn't bet)",
        "Seat 3: Player3 folded on the 2nd Street (didn't bet)",
    ]


def test_show_hand_header_names_the_limit() -> None:
    hand = Hand(show_hand(ante=5, min_bet=20, limit="pot"), [500, 500])
    hand.act(hand.default_action())
    hand.act("fold")
    first = to_pokerstars(hand, currency="$", started=STARTED).splitlines()[0]
    assert (
        first
        == "PokerStars Hand #1:  5 Card Stud Pot Limit ($0.05/$0.20 USD) - 2024/05/01 14:30:00 ET"
    )


# -- names, money, time, seats ----------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("As 8s 6h 3s Jh Tc Qs", "high card Ace"),
        ("7d Qs 8s 2s As 5d 7h", "a pair of Sevens"),
        ("8c Ac 2s 6d Qh 9h 2d", "a pair of Deuces"),
        ("4c 6d Ts 5c 6h Jh 9c", "a pair of Sixes"),
        ("Ac 2c Kd Ks 7c 9h 9c", "two pair, Kings and Nines"),
        ("6h Ah 5d 4d 3h 5s 5c", "three of a kind, Fives"),
        ("6s 7d 9h 8c 5s 5h 9d", "a straight, Five to Nine"),
        ("4s Qs 5h 6d 3c 2s Kd", "a straight, Deuce to Six"),
        ("As 2d 3h 4c 5s Kd Kc", "a straight, Ace to Five"),
        ("Jc 2h Qd Ad 5h Td Ks", "a straight, Ten to Ace"),
        ("Qs 3s Js 6s Ad 4s 2s", "a flush, Queen high"),
        ("5h 5c 2s As 5d Ah 4d", "a full house, Fives full of Aces"),
        ("Ah Ad As Ac 2d 3c 4h", "four of a kind, Aces"),
        ("5h 6h 7h 8h 9h 2c 2d", "a straight flush, Five to Nine"),
        ("Ts Js Qs Ks As 2d 3c", "a Royal Flush"),
    ],
)
def test_high_hands_take_the_pokerstars_names(cards: str, name: str) -> None:
    assert hand_name(high(cards)) == name


def test_low_hands_are_their_ranks_from_the_top() -> None:
    assert hand_name(low_a5("2h 8d Kh 6h 3d 6d 4h")) == "8,6,4,3,2"
    assert hand_name(low_a5("3c Ac 5s 2h Th Js 5h")) == "T,5,3,2,A"
    # Paired lows, as PokerStars wrote "Lo: 3,3,5,4": the pairs first, then the rest.
    assert hand_name(low_a5("8h 8d 5c 4s 2h 5d 2c")) == "2,2,8,5,4"
    assert hand_name(low_a5("Kc Kd Qh Qs 3c 3d 3h")) == "Q,Q,3,3,K"
    value = eight_or_better("3d 8c 6c 7h As 8d Tc")
    assert value is not None
    assert hand_name(value) == "8,7,6,3,A"


def test_show_hand_straights_name_their_ends() -> None:
    rules = ShowHandRules(deck=32)  # R6.10: the ace bridges the gap to the seven
    assert hand_name(show_hand_value("Ah 7h 8c 9c Tc", rules)) == "a straight, Ace to Ten"


@pytest.mark.parametrize(
    ("stack", "written"),
    [(100, "$1"), (4, "$0.04"), (160, "$1.60"), (5112564, "$51125.64"), (331800, "$3318")],
)
def test_cents_print_as_pokerstars_prints_dollars(stack: int, written: str) -> None:
    hand = Hand(seven_card_stud(ante=1, bring_in=2, small_bet=4, big_bet=8), [stack, 500])
    while not hand.is_over:
        hand.act("bring_in" if legal(hand)[0].startswith("bring_in") else "fold")
    assert f"Seat 1: Player1 ({written} in chips) \n" in to_pokerstars(hand, currency="$")


@pytest.mark.parametrize(
    ("started", "written"),
    [
        (datetime(2024, 1, 15, 14, 30, tzinfo=UTC), "2024/01/15 9:30:00 ET"),  # EST
        (datetime(2024, 7, 1, 14, 30, 5, tzinfo=UTC), "2024/07/01 10:30:05 ET"),  # EDT
        (datetime(2024, 7, 1, 8, 0, tzinfo=ZoneInfo("Asia/Hong_Kong")), "2024/06/30 20:00:00 ET"),
        (datetime(2009, 11, 26, 10, 8, 43), "2009/11/26 10:08:43 ET"),  # naive: ET already
    ],
)
def test_the_time_is_written_in_eastern_time(started: datetime, written: str) -> None:
    assert to_pokerstars(razz_hand(), started=started).splitlines()[0].endswith(f" - {written}")


def test_the_default_time_is_now() -> None:
    before = datetime.now(UTC).astimezone(ZoneInfo("America/New_York")).replace(microsecond=0)
    first = to_pokerstars(razz_hand()).splitlines()[0]
    stamp = datetime.strptime(first.rsplit(" - ", 1)[1], "%Y/%m/%d %H:%M:%S ET")
    assert 0 <= (stamp - before.replace(tzinfo=None)).total_seconds() < 5


def test_seats_names_and_table_size_go_on_the_seat_lines() -> None:
    text = to_pokerstars(razz_hand(), seats=[2, 5, 6], names=["PC [Mittel]", "b", "c"], max_seats=6)
    assert text.splitlines()[1:5] == [
        "Table 'studpoker' 6-max",
        "Seat 2: PC [Mittel] (200 in chips) ",
        "Seat 5: b (200 in chips) ",
        "Seat 6: c (200 in chips) ",
    ]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"viewer": 3}, "the viewer is a seat from 0 to 2 or None, not 3"),
        ({"currency": "$", "tournament": 5}, "a tournament hand is in chips"),
        ({"seats": [1, 2]}, "seats gives 3 table seat numbers in increasing order"),
        ({"seats": [3, 2, 1]}, "seats gives 3 table seat numbers in increasing order"),
        ({"seats": [1, 2, 9]}, r"table seats are numbered 1 to 8 \(max_seats\)"),
        ({"names": ["a", "a", "b"]}, "names gives 3 different names"),
        ({"names": ["a", " b", "c"]}, "' b' is not a name"),
        ({"table": "O'Brien"}, '"O\'Brien" is not a table name'),
    ],
)
def test_bad_arguments_say_what_is_allowed(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        to_pokerstars(razz_hand(), **options)  # type: ignore[arg-type]


def test_an_unfinished_hand_is_not_written() -> None:
    with pytest.raises(ValueError, match="finished hand"):
        to_pokerstars(Hand(razz(), [1000, 1000]))


# -- every hand of every game: a property over random hands ------------------------------

SPECS: dict[str, list[GameSpec]] = {
    "seven_card_stud": [seven_card_stud(), seven_card_stud(cap_heads_up=False, max_raises=4)],
    "stud_hilo": [stud_hilo(), stud_hilo(reveal_mucked=True, showdown_order="last_aggressor")],
    "razz": [razz(), razz(burn_cards=True)],
    "show_hand": [
        show_hand(),
        show_hand(limit="pot", showhand_amount="smallest_stack"),
        show_hand(deck=32, short_call_excess="return"),
        show_hand(showdown_suit_tiebreak=False, street_caps=None, opener_may_check=True),
    ],
}
HANDS_PER_GAME = 250


def random_hand(rng: random.Random, spec: GameSpec) -> tuple[Hand, dict[int, tuple[bool, bool]]]:
    """A hand of random legal actions, calls and checks more likely than folds, with
    short stacks for all-ins and side pots; and for each street that had betting,
    whether the engine capped it (R2.5) and whether it allowed a double bet (R2.7)."""
    count = rng.randint(2, spec.max_seats if rng.random() < 0.3 else 4)
    big = spec.big_bet or 20 * spec.ante
    stacks = [rng.choice([rng.randint(1, big), rng.randint(1, 8 * big)]) for _ in range(count)]
    cards: list[Card] = list(deck_cards(spec.deck))
    rng.shuffle(cards)
    carry_in = rng.choice([0, 0, 0, 50]) if spec.is_show_hand else 0
    hand = Hand(spec, stacks, deck=cards, carry_in=carry_in)
    streets: dict[int, tuple[bool, bool]] = {}
    while not hand.is_over:
        options = hand.legal_actions()
        weights = [{K.FOLD: 1, K.CALL: 6, K.CHECK: 6}.get(o.kind, 3) for o in options]
        option = rng.choices(options, weights)[0]
        if option.kind in (K.BET, K.RAISE, K.COMPLETE):
            amounts = option.choices or (option.minimum, option.maximum)
            amount: int | None = rng.choice(amounts)
        else:
            amount = None
        betting = hand.round
        hand.act(option.kind.value if amount is None else f"{option.kind.value} {amount}")
        if betting is not None and not spec.is_show_hand:
            capped = betting.wagers > spec.max_raises or streets.get(betting.street, (0, 0))[0]
            streets[betting.street] = (bool(capped), betting.open_pair)
    return hand, streets


def bracketed(text: str) -> list[str]:
    """Every card written in brackets."""
    return [card for group in re.findall(r"\[([^\]]*)\]", text) for card in group.split()]


def chips_of(text: str) -> int:
    if text.startswith("$"):
        whole, _, cents = text[1:].partition(".")
        return int(whole) * 100 + int(cents or 0)
    return int(text)


def replay_money(text: str, bring_in: int) -> tuple[dict[str, int], int, int]:
    """Read the chips back from the text: each name's net, the ``Total pot``, and the
    chips the pot went to (collected, returned as excess, rolled over)."""
    net: dict[str, int] = {}
    street: dict[str, int] = {}
    level = 0
    total = settled = carried = 0
    for line in text.splitlines():
        if line.startswith("*** "):
            street, level = {}, 0
        elif line.startswith("Total pot "):
            total = chips_of(line.split()[2])
        elif m := re.fullmatch(r"Rollover \((\S+)\) (from the previous|to the next) hand", line):
            if m[2] == "to the next":
                settled += chips_of(m[1])
            else:
                carried += chips_of(m[1])
        elif m := re.fullmatch(r"(Uncalled bet|Excess) \((\S+)\) returned to (.+)", line):
            net[m[3]] += chips_of(m[2])
            carried -= chips_of(m[2]) if m[1] == "Uncalled bet" else 0
            settled += chips_of(m[2]) if m[1] == "Excess" else 0
        elif m := re.fullmatch(r"(.+) collected (\S+) from (pot|main pot|side pot(-\d+)?)", line):
            net[m[1]] += chips_of(m[2])
            settled += chips_of(m[2])
        elif m := re.fullmatch(
            r"(.+?): (posts the ante|brings in for|calls|bets|raises) (.+)", line
        ):
            name, verb, words = m[1], m[2], m[3].removesuffix(" and is all-in").split()
            before = street.get(name, 0)
            if verb == "raises":
                assert words[1] == "to"
                assert chips_of(words[0]) == chips_of(words[2]) - level
                street[name] = chips_of(words[2])
            elif verb == "bets":
                assert level == 0
                street[name] = chips_of(words[0])
            elif verb != "posts the ante":
                street[name] = before + chips_of(words[0])
            paid = chips_of(words[0]) if verb == "posts the ante" else street[name] - before
            net[name] = net.get(name, 0) - paid
            carried += paid
            level = max(level, *street.values(), bring_in if verb == "brings in for" else 0)
    assert total == carried
    return net, total, settled


@pytest.mark.parametrize("game", list(SPECS))
def test_every_random_hand_is_written_and_adds_up(game: str) -> None:
    rng = random.Random(f"pokerstars {game}")
    for number in range(HANDS_PER_GAME):
        spec = rng.choice(SPECS[game])
        hand, streets = random_hand(rng, spec)
        names = [f"Player{seat + 1}" for seat in range(hand.player_count)]
        currency = "$" if number % 3 == 0 else None
        full = to_pokerstars(hand, currency=currency, started=STARTED)
        record(full)
        check_money(hand, full, names)
        check_cap_and_pair_lines(hand, full, streets)
        shown = {e.seat for e in hand.events if isinstance(e, Show)}
        shown |= {e.seat for e in hand.events if isinstance(e, Muck) and e.cards is not None}
        for viewer in range(hand.player_count):
            text = to_pokerstars(hand, viewer=viewer, currency=currency, started=STARTED)
            record(text)
            seen = set(bracketed(text))
            for seat in set(range(hand.player_count)) - shown - {viewer}:
                hidden = {
                    str(e.card)
                    for e in hand.events
                    if isinstance(e, CardDealt) and e.seat == seat and not e.up
                }
                assert not hidden & seen, (viewer, seat, text)
            # The record differs from the full one only where cards are written.
            assert without_cards(text) == without_cards(full)


def check_money(hand: Hand, text: str, names: list[str]) -> None:
    net, total, settled = replay_money(text, hand.spec.bring_in)
    assert total == settled, text
    assert [net.get(name, 0) for name in names] == list(hand.result.net), text
    for seat, name in enumerate(names):  # the summary's "won (N)" and "collected (N)"
        summary = text.split("*** SUMMARY ***")[1].splitlines()
        line = next(line for line in summary if line.startswith(f"Seat {seat + 1}: "))
        won = re.search(r"(?:won|collected) \((\S+)\)", line)
        collected = sum(
            chips_of(m[1])
            for m in re.finditer(rf"^{re.escape(name)} collected (\S+) from", text, re.M)
        )
        assert (chips_of(won[1]) if won else 0) == collected, line


def check_cap_and_pair_lines(hand: Hand, text: str, streets: dict[int, tuple[bool, bool]]) -> None:
    """``Betting is capped`` where the engine capped the betting (R2.5), and no bet or
    raise after it; ``Pair on board`` where it allowed a double bet (R2.7)."""
    sections = re.split(r"^\*\*\* (?:\d\w\w STREET|RIVER)[^\n]*\n", text, flags=re.M)[1:]
    for index, section in enumerate(sections):
        section = section.split("*** SHOW DOWN ***")[0].split("*** SUMMARY ***")[0]
        capped, open_pair = streets.get(index, (False, False))
        if hand.spec.cap_heads_up:
            assert ("Betting is capped" in section) == capped, (index, text)
        if "Betting is capped" in section:
            after = section.split("Betting is capped", 1)[1]
            assert ": raises " not in after, text
            assert ": bets " not in after, text
        assert ("Pair on board - a double bet is allowed" in section) == open_pair, text


def without_cards(text: str) -> list[str]:
    """The lines that do not depend on who reads the record."""
    return [
        line
        for line in text.splitlines()
        if not line.startswith("Dealt to ") and not re.match(r"Seat \d+: .+ mucked", line)
    ]


def test_community_card_hands_keep_the_board_out_of_the_players_cards() -> None:
    # Random eight-player hands where everyone calls to the river (R7.4).
    rng = random.Random(7)
    for _ in range(20):
        cards = list(deck_cards(52))
        rng.shuffle(cards)
        hand = Hand(seven_card_stud(), [5000] * 8, deck=cards)
        hand.act("bring_in")
        while not hand.is_over:
            hand.check_or_call() if hand.round is not None else hand.play_showdown()
        board = next(e.card for e in hand.events if isinstance(e, CommunityCard))
        text = record(to_pokerstars(hand, started=STARTED))
        assert f"*** RIVER *** [{board}]" in text
        assert f"Board [{board}]" in text
        assert bracketed(text).count(str(board)) == 2
        assert "Dealt to" not in text.split("*** RIVER ***")[1]


def test_a_tournament_hand_names_its_buy_in_its_level_and_a_mixed_game() -> None:
    """Issue 17: the room's tournaments as PokerStars writes its own (the Triple Stud
    file of ../shared/handhistories: ``Tournament #664712833, $2.00+$0.20 USD Triple
    Stud (7 Card Stud Limit) - Level XXXI (250/500)``), the buy-in in cents of the
    balance written as that money (issue 34: it was ``200+20``, 100 times the 2.00 paid);
    and our reader reads it back, the level's stakes and the tournament's number."""
    deck = deal_streets("Kh 7d  Kc 3s  Ks 2d")
    hand = Hand(seven_card_stud(ante=50, bring_in=75, small_bet=250, big_bet=500),
                [6920, 5000], deck=deck)  # fmt: skip
    play_seats(hand, (1, "bring_in"), (0, "fold"))
    text = to_pokerstars(
        hand, hand_id=91, table="664712833 3", started=STARTED, tournament=664712833,
        level=31, buy_in=(200, 20), mix="Triple Stud", names=["Hero", "Villain"],
    )  # fmt: skip
    assert text.splitlines()[0] == (
        "PokerStars Hand #91: Tournament #664712833, $2.00+$0.20 USD Triple Stud "
        "(7 Card Stud Limit) - Level XXXI (250/500) - 2024/05/01 14:30:00 ET"
    )
    (read,) = read_pokerstars(text)
    assert not isinstance(read, Exception)
    assert (read.game, read.tournament, read.small_bet, read.big_bet) == (
        "seven_card_stud",
        "664712833",
        250,
        500,
    )
    assert (read.ante, read.bring_in) == (50, 75)
