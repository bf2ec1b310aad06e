"""The Winning Poker Network's hand histories (Americas Cardroom) read and replayed, in
both of the site's formats (issue 37 point 4).

The site's samples are read where they are, in ``../shared/handhistories/winning``
(never copied into the project): a Stud Hi/Lo hand of the 2016 format, whose file ends
with the first lines of a hand cut off (not read), and a Seven Card Stud hand of the
2019 format.  The hands written here in the site's formats cover what the samples do
not: Seven Card Stud, Stud Hi/Lo and Razz shown down or won uncontested, rake with a
jackpot fee, an all-in with a side pot in a tournament, uncalled bets, a completion and
re-raises written as what each line puts in (2016), hands of other games in the same
file, broken hands, and facts changed that the replay names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studpoker.cards import Card
from studpoker.history import (
    HandRecord,
    HistoryError,
    OtherGame,
    iter_history,
    read_history,
    replay,
)
from studpoker.history.sites import reader_for
from studpoker.history.winning import READER_2016, READER_2019, read_winning

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "handhistories"
WINNING = SHARED / "winning"
SAMPLE_2016 = WINNING / "7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
SAMPLE_2019 = WINNING / "7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt"

needs_shared = pytest.mark.usefixtures("shared")  # tests/conftest.py: fails under CI


def cards(text: str) -> list[Card | None]:
    return [None if word == "?" else Card.parse(word) for word in text.split()]


def one(text: str) -> HandRecord:
    (record,) = read_winning(text)
    assert isinstance(record, HandRecord), record
    return record


# -- the 2019 format -------------------------------------------------------------------

# Seven Card Stud at a money table: Bob brings in, Ann completes (``raises $0.10 to
# $0.10``), a raise on sixth street, both hands shown (Cy's down cards listed first, his
# seventh-street card among them), rake and a jackpot fee off a total written after both.
SHOWDOWN = """\
Hand #90000001 - 7Stud (Fixed Limit) - $0.10/$0.20, Ante $0.02 - 2024/03/01 20:00:00 UTC
Lyon 8-max
Seat 1: Ann ($5.00)
Seat 3: Bob ($4.00)
Seat 6: Cy ($3.00)
Ann posts ante $0.02
Bob posts ante $0.02
Cy posts ante $0.02
*** 3rd STREET ***
Main pot $0.06 | Rake $0.00
Dealt to Ann [Ah Kd 9c]
Dealt to Bob [2c]
Dealt to Cy [Qs]
Bob brings in $0.05
Cy calls $0.05
Ann raises $0.10 to $0.10
Bob calls $0.05
Cy calls $0.05
*** 4th STREET ***
Main pot $0.36 | Rake $0.00
Dealt to Ann [Ah Kd 9c] [8d]
Dealt to Bob [2c] [7h]
Dealt to Cy [Qs] [Jd]
Cy checks
Ann bets $0.10
Bob folds
Cy calls $0.10
*** 5th STREET ***
Main pot $0.56 | Rake $0.02
Dealt to Ann [Ah Kd 9c 8d] [3s]
Dealt to Cy [Qs Jd] [5h]
Cy checks
Ann bets $0.20
Cy calls $0.20
*** 6th STREET ***
Main pot $0.94 | Rake $0.02
Dealt to Ann [Ah Kd 9c 8d 3s] [Ac]
Dealt to Cy [Qs Jd 5h] [Qd]
Cy bets $0.20
Ann raises $0.40 to $0.40
Cy calls $0.20
*** 7th STREET ***
Main pot $1.72 | Rake $0.04
Dealt to Ann [Ah Kd 9c 8d 3s Ac] [4d]
Cy checks
Ann bets $0.20
Cy calls $0.20
*** SHOW DOWN ***
Main pot $2.04 | Rake $0.10 | JP Fee $0.02
Ann shows [Ah Kd 9c 8d 3s Ac 4d] (a pair of Aces)
Cy shows [Qh 7c 2d Qs Jd 5h Qd] (three of a kind, Queens)
Cy collected $2.04 from main pot
*** SUMMARY ***
Total pot $2.04 | Rake $0.10 | JP Fee $0.02
Seat 1: Ann showed [Ah Kd 9c 8d 3s Ac 4d] and lost with a pair of Aces
Seat 3: Bob folded on the 4th Street
Seat 6: Cy showed [Qh 7c 2d Qs Jd 5h Qd] and won $2.04 with three of a kind, Queens
"""

# Stud Hi/Lo: Ann's low and Bob's high split the pot, each half its own line; Bob's
# hand is listed down cards first.
HILO = """\
Hand #90000002 - 7Stud H/L (Fixed Limit) - $0.04/$0.08, Ante $0.01 - 2024/03/01 20:05:00 UTC
Lyon 8-max
Seat 1: Ann ($2.00)
Seat 3: Bob ($2.00)
Ann posts ante $0.01
Bob posts ante $0.01
*** 3rd STREET ***
Main pot $0.02 | Rake $0.00
Dealt to Ann [As 2d 3h]
Dealt to Bob [Kc]
Ann brings in $0.02
Bob raises $0.04 to $0.04
Ann calls $0.02
*** 4th STREET ***
Main pot $0.10 | Rake $0.00
Dealt to Ann [As 2d 3h] [4h]
Dealt to Bob [Kc] [Kd]
Bob bets $0.04
Ann calls $0.04
*** 5th STREET ***
Main pot $0.18 | Rake $0.00
Dealt to Ann [As 2d 3h 4h] [9s]
Dealt to Bob [Kc Kd] [5c]
Bob bets $0.08
Ann calls $0.08
*** 6th STREET ***
Main pot $0.33 | Rake $0.01
Dealt to Ann [As 2d 3h 4h 9s] [Jd]
Dealt to Bob [Kc Kd 5c] [6c]
Bob checks
Ann checks
*** 7th STREET ***
Main pot $0.33 | Rake $0.01
Dealt to Ann [As 2d 3h 4h 9s Jd] [8c]
Bob checks
Ann checks
*** SHOW DOWN ***
Main pot $0.32 | Rake $0.02
Ann shows [As 2d 3h 4h 9s Jd 8c] (HI - a high card, Ace [As Jd 9s 8c 4h] | LO - [8,4,3,2,1])
Bob shows [Qh 7d 7s Kc Kd 5c 6c] (HI - two pair, Kings and Sevens [Kc Kd 7d 7s Qh])
Bob collected $0.16 from main pot
Ann collected $0.16 from main pot
*** SUMMARY ***
Total pot $0.32 | Rake $0.02
Seat 1: Ann showed [As 2d 3h 4h 9s Jd 8c] and won $0.16 with HI - a high card, Ace [As Jd 9s 8c 4h] | LO - [8,4,3,2,1]
Seat 3: Bob showed [Qh 7d 7s Kc Kd 5c 6c] and won $0.16 with HI - two pair, Kings and Sevens [Kc Kd 7d 7s Qh]
"""  # noqa: E501 (the site's lines as it wrote them)

# A tournament (chips written with cents): Bob calls all in short on third street, Ann
# and Cy build a side pot, Cy's last bet is returned, Bob's two pair take the main pot.
SIDE_POT = """\
Game Hand #90000003 - Tournament #5000 - 7Stud (Fixed Limit) - Level 3 (100.00/200.00) - 2024/03/02 18:00:00 UTC
Table '4' 8-max
Seat 2: Ann (1500.00)
Seat 4: Bob (95.00)
Seat 5: Cy (2000.00)
Ann posts ante 20.00
Bob posts ante 20.00
Cy posts ante 20.00
*** 3rd STREET ***
Main pot 60.00
Dealt to Ann [8h]
Dealt to Bob [Jc]
Dealt to Cy [Ad Ac 5s]
Cy brings in 50.00
Ann raises 100.00 to 100.00
Bob calls 75.00 and is all-in
Cy calls 50.00
*** 4th STREET ***
Main pot 285.00 | Side pot(1) 50.00
Dealt to Ann [8h] [Kh]
Dealt to Bob [Jc] [2d]
Dealt to Cy [Ad Ac 5s] [9c]
Ann bets 100.00
Cy calls 100.00
*** 5th STREET ***
Main pot 285.00 | Side pot(1) 250.00
Dealt to Ann [8h Kh] [3c]
Dealt to Bob [Jc 2d] [Jh]
Dealt to Cy [Ad Ac 5s 9c] [Tc]
Cy bets 200.00
Ann folds
Uncalled bet (200.00) returned to Cy
*** 6th STREET ***
Dealt to Bob [Jc 2d Jh] [4s]
Dealt to Cy [Ad Ac 5s 9c Tc] [7d]
*** 7th STREET ***
Dealt to Cy [Ad Ac 5s 9c Tc 7d] [6d]
*** SHOW DOWN ***
Bob shows [3d 3h Jc 2d Jh 4s 8d] (two pair, Jacks and Threes)
Cy shows [Ad Ac 5s 9c Tc 7d 6d] (a pair of Aces)
Bob collected 285.00 from main pot
Cy collected 250.00 from side pot-1
*** SUMMARY ***
Total pot 535.00 | Rake 0.00
Seat 2: Ann folded on the 5th Street
Seat 4: Bob showed [3d 3h Jc 2d Jh 4s 8d] and won 285.00 with two pair, Jacks and Threes
Seat 5: Cy showed [Ad Ac 5s 9c Tc 7d 6d] and won 250.00 with a pair of Aces
"""  # noqa: E501 (the site's lines as it wrote them)

# Razz: the king brings in, Bob completes, nobody calls (the name ``Razz`` is assumed:
# the samples hold no Razz hand).
RAZZ = """\
Hand #90000005 - Razz (Fixed Limit) - $0.50/$1.00, Ante $0.10 - 2024/03/01 20:15:00 UTC
Lyon 8-max
Seat 2: Ann ($20.00)
Seat 5: Bob ($20.00)
Seat 8: Cy ($20.00)
Ann posts ante $0.10
Bob posts ante $0.10
Cy posts ante $0.10
*** 3rd STREET ***
Main pot $0.30 | Rake $0.00
Dealt to Ann [Ks]
Dealt to Bob [2h 5d 3c]
Dealt to Cy [7h]
Ann brings in $0.25
Bob raises $0.50 to $0.50
Cy folds
Ann folds
Uncalled bet ($0.25) returned to Bob
Bob does not show
*** SUMMARY ***
Total pot $0.80 | Rake $0.00
Seat 2: Ann folded on the 3rd Street
Seat 5: Bob did not show and won $0.80
Seat 8: Cy folded on the 3rd Street and did not bet
"""

# A hold'em hand of the same site: another game.
HOLDEM = """\
Hand #90000004 - Holdem (No Limit) - $0.05/$0.10 - 2024/03/01 20:10:00 UTC
Lyon 6-max Seat #1 is the button
Seat 1: Ann ($10.00)
Seat 2: Bob ($10.00)
Ann posts the small blind $0.05
Bob posts the big blind $0.10
*** HOLE CARDS ***
Dealt to Ann [Ah Kh]
Ann folds
Uncalled bet ($0.05) returned to Bob
Bob does not show
*** SUMMARY ***
Total pot $0.10
Seat 1: Ann (small blind) folded on the Pre-Flop
Seat 2: Bob (big blind) did not show and won $0.10
"""

# -- the 2016 format -------------------------------------------------------------------

# Seven Card Stud: Cy completes (``raises (0.50)``), Bob calls all in for less on fifth
# street (``allin (0.25)``), Cy's bet is returned, both hands shown (``10s``).
OLD_STUD = """\
Game started at: 2016/8/3 9:5:7
Game ID: 694000001 0.50/1 Dunmore (Seven Cards Stud)
Seat 1: Ann (20).
Seat 4: Bob (1.35).
Seat 6: Cy (15.50).
Player Ann ante (0.10)
Player Bob ante (0.10)
Player Cy ante (0.10)
Player Ann received a card.
Player Ann received a card.
Player Bob received a card.
Player Bob received a card.
Player Cy received card: [Kd]
Player Cy received card: [Kh]
Player Ann received card: [9s]
Player Bob received card: [3c]
Player Cy received card: [Qd]
Player Bob bring in (0.25)
Player Cy raises (0.50)
Player Ann calls (0.50)
Player Bob calls (0.25)
*** Third street ***
Player Ann received card: [2h]
Player Bob received card: [7c]
Player Cy received card: [Jc]
Player Cy bets (0.50)
Player Ann folds
Player Bob calls (0.50)
*** Fourth street ***
Player Bob received card: [10s]
Player Cy received card: [4s]
Player Cy bets (1)
Player Bob allin (0.25)
Uncalled bet (0.75) returned to Cy
*** Fifth street ***
Player Bob received card: [8d]
Player Cy received card: [2s]
*** Sixth street ***
Player Bob received a card.
Player Cy received card: [5c]
------ Summary ------
Pot: 3.15. Rake 0.15
Player Ann does not show cards.Bets: 0.60. Collects: 0. Loses: 0.60.
*Player Bob shows: One pair. As [Ac Ad 3c 7c 10s 8d 6h]. Bets: 1.35. Collects: 3.15. Wins: 1.80.
Player Cy shows: One pair. Ks [Kd Kh Qd Jc 4s 2s 5c]. Bets: 1.35. Collects: 0. Loses: 1.35.
Game ended at: 2016/8/3 9:6:30

"""

# Stud Hi/Lo: re-raises written as what each line puts in (Ann's ``raises (3.50)``
# after bringing in for 0.50 is a raise to 4), a player sitting out, one timed out, a
# scoop, rake and a jackpot fee.
OLD_HILO = """\
Game started at: 2016/8/4 21:30:15
Game ID: 694100001 2/4 (JP) Bantry - 1 (Seven Cards Stud HiLow)
Seat 2: Ann (50).
Seat 3: Dan (12).
Seat 7: Bob (40).
Player Dan sitting out
Player Ann ante (0.25)
Player Bob ante (0.25)
Player Ann received card: [Ah]
Player Ann received card: [2h]
Player Bob received a card.
Player Bob received a card.
Player Ann received card: [3h]
Player Bob received card: [Qc]
Player Ann bring in (0.50)
Player Bob raises (2)
Player Ann raises (3.50)
Player Bob calls (2)
*** Third street ***
Player Ann received card: [4h]
Player Bob received card: [Qd]
Player Bob bets (2)
Player Ann raises (4)
Player Bob calls (2)
*** Fourth street ***
Player Ann received card: [5h]
Player Bob received card: [7s]
Player Bob checks
Player Ann bets (4)
Player Bob is timed out.
Player Bob calls (4)
*** Fifth street ***
Player Ann received card: [9c]
Player Bob received card: [Kd]
Player Bob checks
Player Ann checks
*** Sixth street ***
Player Ann received card: [6h]
Player Bob received a card.
Player Bob checks
Player Ann bets (4)
Player Bob calls (4)
------ Summary ------
Pot: 31. Rake 1. JP fee 0.50
*Player Ann shows: Straight flush [Ah 2h 3h 4h 5h 9c 6h] Low hand (A A 2 3 4 5 ).Bets: 16.25. Collects: 31. Wins: 14.75.
Player Bob shows: Two pairs. Qs and Js [Jd Js Qc Qd 7s Kd 7d]. Bets: 16.25. Collects: 0. Loses: 16.25.
Game ended at: 2016/8/4 21:32:1

"""  # noqa: E501 (the site's lines as it wrote them)

OLD_HOLDEM = """\
Game started at: 2016/8/3 9:7:0
Game ID: 694000002 0.50/1 Dunmore (Hold'em)
Seat 1 is the button
Seat 1: Ann (20).
Seat 4: Bob (1.35).
Player Ann has small blind (0.50)
Player Bob has big blind (1)
Player Ann received a card.
Player Ann received a card.
Player Bob received a card.
Player Bob received a card.
Player Ann folds
Uncalled bet (0.50) returned to Bob
------ Summary ------
Pot: 1. Rake 0
Player Ann does not show cards.Bets: 0.50. Collects: 0. Loses: 0.50.
*Player Bob does not show cards.Bets: 0.50. Collects: 1. Wins: 0.50.
Game ended at: 2016/8/3 9:7:20

"""


# -- the samples -----------------------------------------------------------------------


@needs_shared
def test_the_samples_hold_one_hand_each_and_both_replay_matched():
    hands = [hand for path in (SAMPLE_2016, SAMPLE_2019) for hand in read_history(path)]
    assert [(type(hand), getattr(hand, "number", None)) for hand in hands] == [
        (HandRecord, "693975843"),
        (HandRecord, "85198832"),
    ]
    for hand in hands:
        assert isinstance(hand, HandRecord)
        report = replay(hand)
        assert report.matched, report.line()
        assert report.hand is not None
        assert report.hand.is_over


@needs_shared
def test_the_2016_sample_stud_hilo_its_late_street_markers_jackpot_fee_and_nets():
    (record,) = read_history(SAMPLE_2016)
    assert isinstance(record, HandRecord)
    assert (record.site, record.game, record.currency, record.scale) == (
        "WPN",
        "stud_hilo",
        "$",
        100,
    )
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (100, 200, 15, 40)
    assert (record.table, record.played_at) == ("(PRR) La Llorona - 3", "2016-08-02 11:13:02")
    # No marker before third street; "*** Third street ***" begins fourth street (1), and
    # "*** Sixth street ***" seventh (4).
    assert [(a.street, a.player, a.kind, a.amount, a.line) for a in record.actions] == [
        (0, "ChazDazzle", "bring_in", 40, 18),
        (0, "KickAzzJohnny", "call", 40, 19),
        (0, "Diamonds4ever", "fold", None, 20),
        (1, "ChazDazzle", "bet", 100, 24),
        (1, "KickAzzJohnny", "call", 100, 25),
        (2, "ChazDazzle", "check", None, 29),
        (2, "KickAzzJohnny", "check", None, 30),
        (3, "KickAzzJohnny", "check", None, 34),
        (3, "ChazDazzle", "check", None, 35),
        (4, "KickAzzJohnny", "bet", 200, 39),
        (4, "ChazDazzle", "call", 200, 40),
    ]
    assert record.cards["ChazDazzle"] == cards("6h Td 2c As 7d 4d 9s")
    assert record.cards["KickAzzJohnny"] == cards("5d 3d 3s 6s 8s 8h Ad")
    assert record.cards["Diamonds4ever"] == cards("? ? 7h ? ? ? ?")
    # "Pot: 7.05. Rake 0.14. JP fee 0.06": 7.25 bet, 0.20 taken.
    assert (record.total_pot, record.rake, record.total_line) == (725, 20, 42)
    assert record.collected == []
    assert record.net == {
        "Diamonds4ever": (-15, 43),
        "ChazDazzle": (353 - 355, 44),
        "KickAzzJohnny": (352 - 355, 45),
    }
    assert record.shows == {"ChazDazzle": 44, "KickAzzJohnny": 45}
    report = replay(record)
    assert report.matched, report.line()
    assert report.hand is not None
    # R5.5: the high half to KickAzzJohnny's two pair, the low to ChazDazzle's 7-6-4-2-A;
    # the site's 3.53 and 3.52 are the halves after the rake.
    assert report.hand.result.net == (-15, 362 - 355, 363 - 355)


@needs_shared
def test_the_2016_file_ends_with_a_hand_cut_off_that_is_not_read_unless_another_follows():
    text = SAMPLE_2016.read_bytes().decode("utf-16")
    assert text.endswith("Seat 8: KickAzzJohnny (26.41).")  # the file is cut there
    assert len(READER_2016.read(text)) == 1
    first, cut, after = READER_2016.read(text + "\r\n\r\n" + OLD_STUD)
    assert isinstance(first, HandRecord)
    assert isinstance(cut, HistoryError)
    assert str(cut) == "WPN hand #693976187, line 51: the hand ends before its summary"
    assert isinstance(after, HandRecord)
    assert (after.number, after.line) == ("694000001", 53)


@needs_shared
def test_the_2019_sample_seven_card_stud_an_uncalled_bet_and_a_pot_won_without_a_showdown():
    (record,) = read_history(SAMPLE_2019)
    assert isinstance(record, HandRecord)
    assert (record.game, record.small_bet, record.big_bet, record.ante, record.bring_in) == (
        "seven_card_stud",
        4,
        8,
        1,
        2,
    )
    assert (record.table, record.played_at) == ("Gorham", "2019-07-28 16:15:58")
    assert record.players == ["Hero", "Player0", "Player1", "Player2", "Player3"]
    assert record.cards["Hero"] == cards("As 2s Qs 3c 8c 5d Jc")
    assert record.cards["Player2"] == cards("? ? Qd 2d Ac Ad ?")
    # "Hero raises $0.04 to $0.04": the completion, to 4.
    assert [(a.player, a.kind, a.amount) for a in record.actions[:4]] == [
        ("Player1", "bring_in", 2),
        ("Player2", "call", 2),
        ("Player3", "fold", None),
        ("Hero", "raise", 4),
    ]
    assert record.uncalled == [("Player2", 8, 62)]
    # "Total pot $0.36 | Rake $0.01": 0.37 bet; the summary says who won the 0.36.
    assert (record.total_pot, record.rake) == (37, 1)
    assert [(c.player, c.amount, c.pot, c.line) for c in record.collected] == [
        ("Player2", 36, "pot", 69)
    ]
    assert replay(record).matched


# -- the 2019 format, written ----------------------------------------------------------


def test_seven_card_stud_shown_down_with_rake_and_a_jackpot_fee():
    record = one(SHOWDOWN)
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (10, 20, 2, 5)
    assert (record.currency, record.scale, record.table) == ("$", 100, "Lyon")
    assert (record.total_pot, record.rake) == (216, 12)  # $2.04 after $0.10 and $0.02
    assert record.shows == {"Ann": 50, "Cy": 51}
    # Cy's down cards are listed first: the known up cards keep their places, the others
    # fill his down cards, the seventh among them.
    assert record.cards["Cy"] == cards("Qh 7c Qs Jd 5h Qd 2d")
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [("Cy", 204, "main pot")]
    report = replay(record)
    assert report.matched, report.line()
    assert report.hand is not None
    assert report.hand.result.net == (-102, -12, 216 - 102)


def test_stud_hilo_each_half_collected_on_its_own_line():
    record = one(HILO)
    assert record.game == "stud_hilo"
    assert record.cards["Bob"] == cards("Qh 7d Kc Kd 5c 6c 7s")
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [
        ("Bob", 16, "main pot"),
        ("Ann", 16, "main pot"),
    ]
    report = replay(record)
    assert report.matched, report.line()
    assert report.hand is not None
    # R5.5: Bob's two pair take the high half of 0.34, Ann's 8-4-3-2-A the low half (0.17
    # each: each player's own bets back); the rake 0.02 comes off both halves.
    assert report.hand.result.net == (0, 0)


def test_a_tournament_all_in_with_a_side_pot_and_a_bet_returned():
    record = one(SIDE_POT)
    assert (record.tournament, record.table, record.currency, record.scale) == (
        "5000",
        "4",
        None,
        1,
    )
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (100, 200, 20, 50)
    assert record.actions[2].text == "Bob calls 75.00 and is all-in"
    assert (record.actions[2].amount, record.actions[2].all_in) == (75, True)
    assert record.uncalled == [("Cy", 200, 32)]
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [
        ("Bob", 285, "main pot"),
        ("Cy", 250, "side pot"),
    ]
    report = replay(record)
    assert report.matched, report.line()
    assert report.hand is not None
    # R5.4: Bob's 95 from each of three is the main pot; Ann's and Cy's 125 more each,
    # the side pot, is Cy's once Ann folds.
    assert [(pot.amount, pot.eligible) for pot in report.hand.pots] == [(285, (1, 2)), (250, (2,))]


def test_razz_won_without_a_call():
    record = one(RAZZ)
    assert (record.game, record.bring_in, record.ante) == ("razz", 25, 10)
    assert record.actions[0].player == "Ann"  # R3.1: the king brings in at Razz
    assert record.uncalled == [("Bob", 25, 18)]
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [("Bob", 80, "pot")]
    assert replay(record).matched


def test_another_game_is_skipped_and_a_broken_hand_named_while_the_next_still_reads():
    broken = RAZZ.replace("Bob raises $0.50 to $0.50", "Bob juggles $0.50")
    text = "\n".join((SHOWDOWN, HOLDEM, broken, HILO))
    first, holdem, error, last = read_winning(text)
    assert isinstance(first, HandRecord)
    assert first.number == "90000001"
    assert isinstance(holdem, OtherGame)
    assert (
        str(holdem) == "WPN hand #90000004, line 59: a hand of Holdem (No Limit), not a stud game"
    )
    assert holdem.game == "Holdem"
    assert isinstance(error, HistoryError)
    assert not isinstance(error, OtherGame)
    assert str(error) == "WPN hand #90000005, line 89: cannot read 'Bob juggles $0.50'"
    assert isinstance(last, HandRecord)
    assert (last.number, last.line) == ("90000002", 100)
    assert replay(last).matched


def test_a_collected_amount_changed_is_the_difference():
    report = replay(one(SHOWDOWN.replace("Cy collected $2.04", "Cy collected $2.14")))
    assert report.difference == (
        "line 52: Cy collects 214 in the record; ours 216 less its share of the rake 12"
    )


def test_a_hand_shown_in_part_and_seventh_street_up_cards_written_again():
    # ``shows [- 7d …]``: a card not shown; a seventh-street line may give an opponent's
    # up cards alone, its new card being dealt down.
    text = (
        HILO.replace("Bob shows [Qh 7d 7s", "Bob shows [- 7d 7s")
        .replace("Bob showed [Qh 7d 7s", "Bob showed [- 7d 7s")
        .replace("[8c]\n", "[8c]\nDealt to Bob [Kc Kd 5c 6c]\n")
    )
    record = one(text)
    assert record.cards["Bob"] == cards("7d 7s Kc Kd 5c 6c ?")
    report = replay(record)
    assert report.matched, report.line()
    assert report.notes == [
        "Bob shows without their card 7; replayed with 2c, the unseen card that helps the "
        "hand least"
    ]


def test_tournament_headers_split_a_file_of_hands():
    second = SIDE_POT.replace("#90000003", "#90000006")
    hands = READER_2019.read(SIDE_POT + "\n" + second)
    assert [(hand.number, hand.line) for hand in hands if isinstance(hand, HandRecord)] == [
        ("90000003", 1),
        ("90000006", 49),
    ]


# -- the 2016 format, written ----------------------------------------------------------


def test_2016_seven_card_stud_an_all_in_call_for_less_and_a_bet_returned():
    record = one(OLD_STUD)
    assert (record.game, record.small_bet, record.big_bet, record.ante, record.bring_in) == (
        "seven_card_stud",
        50,
        100,
        10,
        25,
    )
    assert [(a.street, a.player, a.kind, a.amount, a.all_in) for a in record.actions] == [
        (0, "Bob", "bring_in", 25, False),
        (0, "Cy", "raise", 50, False),  # "raises (0.50)": the completion
        (0, "Ann", "call", 50, False),
        (0, "Bob", "call", 25, False),
        (1, "Cy", "bet", 50, False),
        (1, "Ann", "fold", None, False),
        (1, "Bob", "call", 50, False),
        (2, "Cy", "bet", 100, False),
        (2, "Bob", "call", 25, True),  # "allin (0.25)" facing a bet of 1: a call for less
    ]
    assert record.uncalled == [("Cy", 75, 34)]
    assert record.cards["Bob"] == cards("Ac Ad 3c 7c Ts 8d 6h")
    assert record.net == {"Ann": (-60, 43), "Bob": (180, 44), "Cy": (-135, 45)}
    report = replay(record)
    assert report.matched, report.line()


def test_2016_stud_hilo_re_raises_are_what_each_line_puts_in():
    record = one(OLD_HILO)
    assert record.players == ["Ann", "Bob"]  # Dan sits out
    assert [(a.street, a.player, a.kind, a.amount) for a in record.actions[:7]] == [
        (0, "Ann", "bring_in", 50),
        (0, "Bob", "raise", 200),  # "raises (2)": the completion
        (0, "Ann", "raise", 400),  # "raises (3.50)" after 0.50 in: to 4
        (0, "Bob", "call", 200),
        (1, "Bob", "bet", 200),
        (1, "Ann", "raise", 400),  # "raises (4)": to 4
        (1, "Bob", "call", 200),
    ]
    assert (record.total_pot, record.rake) == (3250, 150)  # "Pot: 31. Rake 1. JP fee 0.50"
    assert record.net == {"Ann": (1475, 45), "Bob": (-1625, 46)}
    report = replay(record)
    assert report.matched, report.line()
    assert report.hand is not None
    assert report.hand.result.net == (1625, -1625)  # a scoop (R5.5), before the rake


def test_2016_another_game_skipped_and_a_broken_hand_named_while_the_next_still_reads():
    broken = OLD_HILO.replace("Player Bob calls (4)\n------", "Player Bob juggles (4)\n------")
    text = OLD_STUD + OLD_HOLDEM + broken + OLD_STUD.replace("694000001", "694000009")
    first, holdem, error, last = read_winning(text)
    assert isinstance(first, HandRecord)
    assert isinstance(holdem, OtherGame)
    assert str(holdem) == "WPN hand #694000002, line 49: a hand of Hold'em, not a stud game"
    assert isinstance(error, HistoryError)
    assert str(error) == "WPN hand #694100001, line 108: cannot read 'Player Bob juggles (4)'"
    assert isinstance(last, HandRecord)
    assert last.number == "694000009"
    assert replay(last).matched


def test_2016_a_changed_result_is_the_difference():
    report = replay(one(OLD_STUD.replace("Collects: 3.15", "Collects: 3.05")))
    assert report.difference == (
        "line 44: Bob nets 170 in the record; ours 195 less its share of the rake 15"
    )


def test_2016_a_hand_cut_off_alone_is_an_error_and_cut_off_last_is_not_read():
    cut = "\n".join(OLD_HILO.splitlines()[:12])
    (alone,) = READER_2016.read(cut)
    assert str(alone) == "WPN hand #694100001, line 12: the hand ends before its summary"
    hands = READER_2016.read(OLD_STUD + cut)
    assert [hand.number for hand in hands if isinstance(hand, HandRecord)] == ["694000001"]
    assert len(hands) == 1


# -- found by content ------------------------------------------------------------------


def test_both_formats_are_found_by_their_content(tmp_path: Path):
    old = tmp_path / "HH20160803 G694000001.txt"
    old.write_bytes(b"\xff\xfe" + (OLD_STUD + OLD_HILO).replace("\n", "\r\n").encode("utf-16-le"))
    new = tmp_path / "hands.txt"
    new.write_text(SHOWDOWN + "\n" + SIDE_POT, encoding="utf-8")
    assert reader_for(OLD_STUD.splitlines()[0]) is READER_2016
    assert reader_for(SHOWDOWN.splitlines()[0]) is READER_2019
    assert reader_for(SIDE_POT.splitlines()[0]) is READER_2019
    for path, numbers in ((old, ["694000001", "694100001"]), (new, ["90000001", "90000003"])):
        read = read_history(path)
        streamed = list(iter_history(path))
        assert [hand.number for hand in read if isinstance(hand, HandRecord)] == numbers
        assert [hand.number for hand in streamed if isinstance(hand, HandRecord)] == numbers
        assert all(isinstance(hand, HandRecord) and replay(hand).matched for hand in streamed)
