"""KingsClub's hand histories read and replayed (issue 37 point 4).

The site's samples are read where they are, in ``../shared/handhistories/kingsclub``
(never copied into the project); the hands written here in the site's format cover what
the samples do not: each stud game, street markers on time, an all-in with a side pot
in a tournament, an uncalled bet returned without a line, hands shown at the showdown,
another game in the same file, a broken hand, and facts changed that the replay names.

What the samples show of the site's betting: a call is written as the caller's total
on the street (the summary's nets say so), and the first raise after a completion goes
to the bring-in plus a small bet (44/88: ``bets 44``, ``raises to 77.16``, ``raises to
121.16`` with a bring-in of 33.16), not to two small bets as R2.4 has it: the replay
plays KingsClub's hands with the engine's option for it (``raises_from="bring_in"``,
``SITE_OPTIONS``), and with R2.4's default that sample is a mismatch at that raise.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studpoker.engine.events import PotAwarded, UncalledBetReturned
from studpoker.history import (
    SITE_OPTIONS,
    HandRecord,
    HistoryError,
    OtherGame,
    iter_history,
    read_history,
    replay,
)
from studpoker.history.kingsclub import READER, read_kingsclub
from studpoker.history.sites import reader_for

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "handhistories"
KINGSCLUB = SHARED / "kingsclub"
SEVEN_CARD_STUD = KINGSCLUB / "7-Stud-USD-44-88-202010.txt"
RAZZ = KINGSCLUB / "Razz-USD-40-80-202101.txt"
TWO_SEVEN_RAZZ = KINGSCLUB / "2-7 Razz-USD-22-44-202101.txt"

needs_shared = pytest.mark.usefixtures("shared")  # tests/conftest.py: fails under CI

# A Seven Card Stud hand as the site writes it: markers one street late, a completion,
# a call written as a total ("Bob calls 2" after bringing in for 0.50 costs 1.50), a
# raise on fifth street, both hands shown, rake.
STUD = """#1001: Limit Seven Card Stud - 2/4
2021-03-04 20:15:00
Table 'Stud Only'
Seat 1: Ann (100)
Seat 3: Bob (100)
Seat 5: Cid (100)
Ann: posts ante 0.25
Bob: posts ante 0.25
Cid: posts ante 0.25
Dealt to Ann: [As Ah Kc]
Dealt to Bob: [X X 3d]
Dealt to Cid: [X X 9s]
Bob brings in for 0.50
Cid bets 2
Ann calls 2
Bob calls 2
*** 3RD STREET ***
Dealt to Ann: [7h]
Dealt to Bob: [8c]
Dealt to Cid: [Qh]
Ann checks
Bob bets 2
Cid folds
Ann calls 2
*** 4TH STREET ***
Dealt to Ann: [2s]
Dealt to Bob: [Jd]
Ann bets 4
Bob raises to 8
Ann calls 8
*** 5TH STREET ***
Dealt to Ann: [5c]
Dealt to Bob: [4h]
Ann checks
Bob checks
*** 6TH STREET ***
Dealt to Ann: [Ts]
Dealt to Bob: [X]
Ann checks
Bob bets 4
Ann calls 4
Bob shows [3h 3s 3d 8c Jd 4h 6d]
Ann shows [As Ah Kc 7h 2s 5c Ts]
*** SUMMARY ***
Seat 1: Ann (83.75) -16.25
Seat 3: Bob (117) +17
Seat 5: Cid (97.75) -2.25
Rake 1.50
Bob wins pot (33.25)"""

# Stud Hi/Lo: the high half to Bob, the low half to Ann, the odd cent to the high.
HILO = """#1002: Limit Seven Card Stud Hi-Lo - 2/4
2021-03-04 20:20:00
Table 'Stud Only'
Seat 1: Ann (50)
Seat 3: Bob (50)
Seat 5: Cid (50)
Ann: posts ante 0.25
Bob: posts ante 0.25
Cid: posts ante 0.25
Dealt to Ann: [3c 6h 2c]
Dealt to Bob: [X X Kd]
Dealt to Cid: [X X 8s]
Ann brings in for 0.50
Bob bets 2
Cid folds
Ann calls 2
*** 3RD STREET ***
Dealt to Ann: [7d]
Dealt to Bob: [Kh]
Bob checks
Ann checks
*** 4TH STREET ***
Dealt to Ann: [5h]
Dealt to Bob: [9c]
Bob bets 4
Ann calls 4
*** 5TH STREET ***
Dealt to Ann: [4s]
Dealt to Bob: [Td]
Bob checks
Ann checks
*** 6TH STREET ***
Dealt to Ann: [Qs]
Dealt to Bob: [X]
Bob checks
Ann checks
Bob shows [Ks 9s Kd Kh 9c Td 8h]
Ann shows [3c 6h 2c 7d 5h 4s Qs]
*** SUMMARY ***
Seat 1: Ann (50.12) +0.12
Seat 3: Bob (50.13) +0.13
Seat 5: Cid (49.75) -0.25
Rake 0
Bob wins pot (6.38)
Ann wins pot (6.37)"""

# Razz with its street markers on time (fpdb reads this too: ``*** 3RD STREET ***``
# before third street's cards), and a bet on fourth street returned without a line.
RAZZ_ON_TIME = """#1003: Limit Razz - 40/80
2021-01-02 15:48:40
Table '8 Game Mix'
Seat 2: Ann (1,000)
Seat 4: Bob (1,000)
Ann: posts ante 10
Bob: posts ante 10
*** 3RD STREET ***
Dealt to Ann: [X X Kc]
Dealt to Bob: [Ah 3h 4d]
Ann brings in for 10
Bob bets 40
Ann calls 40
*** 4TH STREET ***
Dealt to Ann: [Qs]
Dealt to Bob: [2c]
Bob bets 40
Ann folds
*** SUMMARY ***
Seat 2: Ann (950) -50
Seat 4: Bob (1,049) +49
Rake 1
Bob wins pot (99)"""

# A tournament (``Table 'T777 [3]'``, no rake): Ann all in on sixth street, the side
# pot Cid's, the main pot Ann's; Cid's last bet returned without a line.
SIDE_POT = """#1004: Limit Seven Card Stud - 100/200
2021-05-06 21:00:00
Table 'T777 [3]'
Seat 1: Ann (500)
Seat 3: Bob (2,000)
Seat 5: Cid (2,000)
Ann: posts ante 20
Bob: posts ante 20
Cid: posts ante 20
Dealt to Ann: [X X Ah]
Dealt to Bob: [X X 3c]
Dealt to Cid: [X X Qd]
Bob brings in for 30
Cid bets 100
Ann calls 100
Bob calls 100
*** 3RD STREET ***
Dealt to Ann: [Kh]
Dealt to Bob: [5c]
Dealt to Cid: [9d]
Ann bets 100
Bob calls 100
Cid calls 100
*** 4TH STREET ***
Dealt to Ann: [7s]
Dealt to Bob: [6c]
Dealt to Cid: [9h]
Cid bets 200
Ann calls 200
Bob calls 200
*** 5TH STREET ***
Dealt to Ann: [2d]
Dealt to Bob: [4d]
Dealt to Cid: [Jc]
Cid bets 200
Ann calls 80, and is all-in
Bob calls 200
*** 6TH STREET ***
Dealt to Ann: [X]
Dealt to Bob: [X]
Dealt to Cid: [X]
Cid bets 200
Bob folds
Ann shows [Ad Ac Ah Kh 7s 2d Kd]
Cid shows [9s Qc Qd 9d 9h Jc 3s]
*** SUMMARY ***
Seat 1: Ann (1,500) +1,000
Seat 3: Bob (1,380) -620
Seat 5: Cid (1,620) -380
Ann wins pot (1,500)
Cid wins side pot 1 (240)"""


def line_of(text: str, line: str) -> int:
    """The number (1-based) of the one line ``line`` of ``text``."""
    numbers = [n for n, written in enumerate(text.splitlines(), 1) if written == line]
    assert len(numbers) == 1, line
    return numbers[0]


def read_one(text: str) -> HandRecord:
    (record,) = read_history(text)
    assert isinstance(record, HandRecord), record
    return record


def changed(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


# -- the site's samples ----------------------------------------------------------------


@needs_shared
def test_the_samples_are_two_stud_hands_and_a_2_7_razz_hand_skipped():
    read = [hand for path in sorted(KINGSCLUB.glob("*.txt")) for hand in read_history(path)]
    assert len(read) == 3
    records = [hand for hand in read if isinstance(hand, HandRecord)]
    skipped = [hand for hand in read if isinstance(hand, OtherGame)]
    assert [(r.number, r.game) for r in records] == [
        ("37581152", "seven_card_stud"),
        ("39969356", "razz"),
    ]
    assert [(str(other), other.game) for other in skipped] == [
        (
            "KingsClub hand #40091899, line 1: a hand of Limit 2-7 Razz, not a fixed-limit "
            "stud game",
            "Limit 2-7 Razz",
        )
    ]


@needs_shared
def test_the_razz_sample_matches_its_uncalled_bet_returned_without_a_line():
    (record,) = read_history(RAZZ)
    assert isinstance(record, HandRecord)
    assert (record.site, record.currency, record.scale) == ("KingsClub", "$", 100)
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (
        4000,
        8000,
        1000,
        1000,
    )
    assert (record.table, record.played_at) == ("8 Game Mix", "2021-01-02 15:48:40")
    assert record.hero == "Hero"  # the player whose down cards the file shows
    assert record.net == {"Player0": (-5000, 19), "Hero": (4900, 20)}
    assert (record.rake, record.total_pot, record.uncalled) == (100, None, [])
    report = replay(record)
    assert report.matched, report.line()
    assert report.line() == "KingsClub #39969356: match (25 facts)"
    assert report.hand is not None
    returned = [e for e in report.hand.events if isinstance(e, UncalledBetReturned)]
    assert returned == [UncalledBetReturned(seat=1, amount=4000)]  # Hero's fourth street bet


@needs_shared
def test_the_stud_sample_reads_its_calls_as_totals_and_its_late_street_markers():
    (record,) = read_history(SEVEN_CARD_STUD)
    assert isinstance(record, HandRecord)
    third = [(a.player, a.kind, a.amount) for a in record.actions if a.street == 0]
    assert third == [
        ("Player0", "bring_in", 3316),
        ("Player1", "fold", None),
        ("Player2", "bet", 4400),
        ("Player3", "raise", 7716),
        ("Player4", "raise", 12116),
        ("Hero", "fold", None),
        ("Player0", "fold", None),
        ("Player2", "call", 7716),  # "calls 121.16": its total on the street
        ("Player3", "call", 4400),
    ]
    # "*** 3RD STREET ***" (line 31) starts fourth street; "*** 6TH STREET ***" seventh.
    assert [(a.street, a.line) for a in record.actions if a.player == "Player3"][2:] == [
        (1, 35),
        (2, 41),
        (3, 46),
        (4, 51),
    ]
    assert record.dealt[1] == ["Player2", "Player3", "Player4"]
    assert [str(card) for card in record.cards["Hero"][:3]] == ["Td", "Ad", "4s"]
    shown = ["Js", "Ah", "4c", "Qc", "9d", "Ks", "As"]
    assert [str(card) for card in record.cards["Player4"]] == shown


@needs_shared
def test_the_stud_sample_raises_from_the_bring_in_after_a_completion_the_sites_rule():
    """The nets show what each player paid: Player2 (completed to 44, called the last
    raise, folded on fourth street) lost the ante and 121.16, the bring-in and two small
    bets: after a completion the site's raises go to the bring-in plus a small bet
    (77.16), where R2.4 raises by the small bet (88).  The replay plays the site's rule
    (``raises_from="bring_in"``): every fact matches; with R2.4's it is a mismatch at
    that raise."""
    (record,) = read_history(SEVEN_CARD_STUD)
    assert isinstance(record, HandRecord)
    assert record.bring_in == record.ante == 3316
    third_street_total = -record.net["Player2"][0] - record.ante
    assert third_street_total == 12116 == record.bring_in + 2 * record.small_bet
    assert third_street_total != 3 * record.small_bet  # R2.4: 44, 88, 132
    assert SITE_OPTIONS["KingsClub"] == {"raises_from": "bring_in"}
    report = replay(record)
    assert (report.matched, report.checked) == (True, 83)
    by_the_book = replay(record, raises_from="completion")
    assert by_the_book.difference == (
        "line 25: 'Player3 raises to 77.16': ours allows fold, call 4400, raise to 8800"
    )
    assert by_the_book.checked == 21  # the antes, the bring-in and the completion agreed


@needs_shared
def test_read_history_and_iter_history_find_kingsclub_by_content():
    assert reader_for("#37581152: Limit Seven Card Stud - 44/88") is READER
    assert reader_for("#40091899: Limit 2-7 Razz - 22/44") is READER
    assert reader_for("#1: Limit Razz") is None
    (by_path,) = read_history(RAZZ)
    (by_bytes,) = read_history(RAZZ.read_bytes())
    (streamed,) = iter_history(RAZZ)
    assert isinstance(by_path, HandRecord)
    assert isinstance(streamed, HandRecord)
    assert isinstance(by_bytes, HandRecord)
    assert by_path.net == by_bytes.net == streamed.net
    (other,) = iter_history(TWO_SEVEN_RAZZ)
    assert isinstance(other, OtherGame)


# -- hands written in the site's format -------------------------------------------------


def test_seven_card_stud_with_a_showdown_matches():
    record = read_one(STUD)
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (200, 400, 25, 50)
    assert record.players == ["Ann", "Bob", "Cid"]
    assert record.hero == "Ann"
    assert [(a.player, a.kind, a.amount) for a in record.actions[:4]] == [
        ("Bob", "bring_in", 50),
        ("Cid", "bet", 200),
        ("Ann", "call", 200),
        ("Bob", "call", 150),  # "calls 2" after the bring-in of 0.50
    ]
    assert record.shows == {"Bob": 42, "Ann": 43}
    assert " ".join(str(card) for card in record.cards["Bob"]) == "3h 3s 3d 8c Jd 4h 6d"
    assert record.net == {"Ann": (-1625, 45), "Bob": (1700, 46), "Cid": (-225, 47)}
    assert record.rake == 150
    report = replay(record)
    assert report.line() == "KingsClub #1001: match (68 facts)"


def test_stud_hi_lo_split_pot_matches():
    record = read_one(HILO)
    assert record.game == "stud_hilo"
    assert [(got.player, got.amount) for got in record.collected] == [("Bob", 638), ("Ann", 637)]
    report = replay(record)
    assert report.line() == "KingsClub #1002: match (52 facts)"
    assert report.hand is not None
    awards = [e for e in report.hand.events if isinstance(e, PotAwarded)]
    assert [(a.half, record.players[a.seat], a.amount) for a in awards] == [
        ("high", "Bob", 638),
        ("low", "Ann", 637),
    ]


def test_razz_with_street_markers_on_time_matches():
    record = read_one(RAZZ_ON_TIME)
    assert [(a.street, a.player, a.kind, a.amount) for a in record.actions] == [
        (0, "Ann", "bring_in", 1000),
        (0, "Bob", "bet", 4000),
        (0, "Ann", "call", 3000),
        (1, "Bob", "bet", 4000),
        (1, "Ann", "fold", None),
    ]
    assert record.dealt == [["Ann", "Bob"], ["Ann", "Bob"], [], [], []]
    report = replay(record)
    assert report.line() == "KingsClub #1003: match (25 facts)"


def test_a_tournament_all_in_with_a_side_pot_matches():
    record = read_one(SIDE_POT)
    assert record.hero is None  # every down card unseen
    assert (record.tournament, record.table, record.currency, record.scale) == (
        "777",
        "3",
        None,
        100,
    )
    all_in = [(a.player, a.kind, a.amount) for a in record.actions if a.all_in]
    assert all_in == [("Ann", "call", 8000)]  # "calls 80, and is all-in": her total
    assert [(got.player, got.amount, got.pot) for got in record.collected] == [
        ("Ann", 150000, "pot"),
        ("Cid", 24000, "side pot"),
    ]
    report = replay(record)
    assert report.line() == "KingsClub #1004: match (71 facts)"
    assert report.hand is not None
    assert [pot.amount for pot in report.hand.pots] == [150000, 24000]
    returned = [e for e in report.hand.events if isinstance(e, UncalledBetReturned)]
    assert returned == [UncalledBetReturned(seat=2, amount=20000)]  # Cid's seventh street bet


def test_another_game_is_skipped_a_broken_hand_named_and_the_next_hand_read():
    holdem = """#2001: Limit Holdem - 2/4
2021-03-04 20:00:00
Table 'Real Deal Mix'
Seat 1: Ann (100)
Seat 3: Bob (100)
Ann: posts the small blind 1
Bob: posts the big blind 2
*** HOLE CARDS ***
Ann folds
*** SUMMARY ***
Seat 1: Ann (99) -1
Seat 3: Bob (101) +1
Rake 0
Bob wins pot (3)"""
    broken = changed(STUD, "Bob bets 2\n", "Bob dances\n")
    text = "\n\n".join((holdem, broken, RAZZ_ON_TIME))
    skipped, error, razz = read_kingsclub(text)
    assert isinstance(skipped, OtherGame)
    assert str(skipped) == (
        "KingsClub hand #2001, line 1: a hand of Limit Holdem, not a fixed-limit stud game"
    )
    dances = line_of(text, "Bob dances")
    assert dances == 37  # the hold'em hand's 14 lines, a blank line, STUD's line 22
    assert isinstance(error, HistoryError)
    assert str(error) == f"KingsClub hand #1001, line {dances}: cannot read 'Bob dances'"
    assert isinstance(razz, HandRecord)
    assert razz.line == line_of(text, "#1003: Limit Razz - 40/80")
    assert replay(razz).matched


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (  # the third street's betting, before any marker, must come after the cards
            "Dealt to Ann: [As Ah Kc]\nDealt to Bob: [X X 3d]\nDealt to Cid: [X X 9s]\n"
            "Bob brings in for 0.50\n",
            "Bob brings in for 0.50\n",
            "line 10: Bob acts before the deal",
        ),
        (
            "*** 4TH STREET ***",
            "*** 6TH STREET ***",
            "line 25: a 6TH street marker where fifth street begins, after the cards of "
            "fourth street",
        ),
        (
            "Dealt to Bob: [8c]",
            "Dealt to Bob: [8c 9c]",
            "line 19: Bob is dealt 1 cards on fourth street, but the line shows [8c 9c]",
        ),
        (
            "Seat 3: Bob (117) +17",
            "Seat 3: Bob (116) +17",
            "line 46: Bob ends with 116, not the stack before and the net +17",
        ),
        (
            "Bob raises to 8\nAnn calls 8\n",
            "Bob raises to 8\nAnn calls 4\n",
            "line 30: Ann calls 4, no more than they have in on the street",
        ),
    ],
)
def test_a_broken_hand_is_an_error_naming_its_line(old: str, new: str, message: str):
    (error,) = read_kingsclub(changed(STUD, old, new))
    assert isinstance(error, HistoryError)
    assert str(error) == f"KingsClub hand #1001, {message}"


@pytest.mark.parametrize(
    ("text", "old", "new", "difference"),
    [
        (
            STUD,
            "Bob wins pot (33.25)",
            "Bob wins pot (33)",
            "line 49: Bob collects 3300 in the record; ours 3475 less its share of the rake 150",
        ),
        (  # a net (with its stack after) that counts the bet returned without a line
            RAZZ_ON_TIME,
            "Seat 4: Bob (1,049) +49",
            "Seat 4: Bob (1,089) +89",
            "line 21: Bob nets 8900 in the record; ours 5000 less its share of the rake 100",
        ),
        (
            SIDE_POT,
            "Ann calls 80, and is all-in",
            "Ann calls 80",
            "line 36: Ann is not all in in the record, in ours",
        ),
        (
            SIDE_POT,
            "Ann wins pot (1,500)\nCid wins side pot 1 (240)",
            "Ann wins side pot 1 (1,500)\nCid wins pot (240)",
            "line 50: Ann collects from the side pot; ours does not (R5.4, R5.5)",
        ),
        (
            STUD,
            "Cid bets 2\n",
            "Cid bets 4\n",
            "line 14: 'Cid bets 4': ours allows fold, call 50, complete to 200",
        ),
    ],
)
def test_a_changed_fact_is_the_replays_difference(
    text: str, old: str, new: str, difference: str
) -> None:
    report = replay(read_one(changed(text, old, new)))
    assert report.difference == difference


def test_chat_the_showdown_marker_and_an_uncalled_bet_line_are_read_or_passed_over():
    text = changed(STUD, "Cid folds\n", "Cid folds\nCid: nh\nCid is sitting out\n")
    text = changed(text, "Bob shows", "*** SHOW DOWN ***\nBob shows")
    assert replay(read_one(text)).line() == "KingsClub #1001: match (68 facts)"
    text = changed(RAZZ_ON_TIME, "Ann folds\n", "Ann folds\nUncalled bet (40) returned to Bob\n")
    record = read_one(text)
    assert record.uncalled == [("Bob", 4000, 19)]
    assert replay(record).matched  # the site's own line: its nets are what is checked
