"""Bovada's text read and replayed (issue 37 point 4): the shared samples (a Bodog file
of four Seven Card Stud hands that marks no street after the first, with an open
pair's double bet, a showdown and a hero sitting out; a Bovada Stud Hi/Lo hand whose
bring-in player completes at once and whose pot is split), and hands written here as
Bovada writes them for what the samples do not show: an all-in with a side pot, the
newer ``Raises $A to $B`` and ``All-in(raise)`` lines with no rake stated, a player all
in on the ante (R3.2), a hold'em hand in the same file skipped, a broken hand, and facts
altered that the replay names.

The shared files are read where they are, in ``../shared/handhistories/bovada`` beside
the clone (never copied into the project).
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
    reader_for,
    replay,
)
from studpoker.history.bovada import READER, read_bovada

SHARED = Path(__file__).parents[2] / ".." / "shared" / "handhistories" / "bovada"
STUD_SAMPLE = SHARED / "7-Stud-USD-2.00-4.00-201205.txt"
HILO_SAMPLE = SHARED / "7-StudHL-USD-0.25-0.50-201209.txt"
needs_shared = pytest.mark.usefixtures("shared")  # tests/conftest.py: skipped without them


def one(text: str) -> HandRecord:
    (record,) = read_bovada(text)
    assert isinstance(record, HandRecord), record
    return record


def sample(path: Path) -> str:
    return path.read_bytes().decode("utf-8-sig")


def cards(text: str) -> list[Card | None]:
    return [Card.parse(word) for word in text.split()]


# Seat+1 brings in and calls all in for less; the hero and Seat+4 make a side pot on
# fourth street (the hero's re-raise written by what it puts in), Seat+4 folds on fifth;
# Seat+1's three nines take the main pot, the hero's two pairs the side pot.
SIDE = """\
Bovada Hand #3000000001 TBL#2027700 7CARD Fixed Limit - 2012-10-01 20:00:00
Seat+1: $0.30 in chips
Seat+2 [ME]: $5 in chips
Seat+4: $8 in chips
Seat+1 : Ante chip $0.05 
Seat+2 [ME] : Ante chip $0.05 
Seat+4 : Ante chip $0.05 
*** 3RD STREET ***
Seat+1 : Card dealt to a spot [9c 9d 2s] 
Seat+2 [ME] : Card dealt to a spot [Ah Kh Qh] 
Seat+4 : Card dealt to a spot [7c 8c Ts] 
Seat+1 : Bring_in chip $0.10 
Seat+2 [ME] : Raises $0.25 
Seat+4 : Calls $0.25 
Seat+1 : All-in $0.15 
*** 4TH STREET ***
Seat+1 : Card dealt to a spot [3d] 
Seat+2 [ME] : Card dealt to a spot [Ac] 
Seat+4 : Card dealt to a spot [5d] 
Seat+2 [ME] : Bets $0.25 
Seat+4 : Raises $0.50 
Seat+2 [ME] : Raises $0.50 
Seat+4 : Calls $0.25 
*** 5TH STREET ***
Seat+1 : Card dealt to a spot [6h] 
Seat+2 [ME] : Card dealt to a spot [Jd] 
Seat+4 : Card dealt to a spot [4h] 
Seat+2 [ME] : Bets $0.50 
Seat+4 : Folds
Seat+2 [ME] : Return uncalled portion of bet $0.50 
*** 6TH STREET ***
Seat+1 : Card dealt to a spot [9h] 
Seat+2 [ME] : Card dealt to a spot [Js] 
*** RIVER ***
Seat+1 : Card dealt to a spot [Kc] 
Seat+2 [ME] : Card dealt to a spot [5s] 
Seat+1 : Showdown [9c 9d 9h Kc 6h] (Three of a kind)
Seat+2 [ME] : Showdown [Ah Ac Jd Js Kh] (Two pair)
Seat+1 : Hand result $0.90 
Seat+2 [ME] : Hand result-Side pot $1.50 
*** SUMMARY ***
Total Pot($2.40) | Rake ($0) 
Seat+1:  $0.90  with Three of a kind [9c 9d 2s 3d 6h 9h Kc-9c 9d 9h Kc 6h]  
Seat+2:  $1.50  with Two pair [Ah Kh Qh Ac Jd Js 5s-Ah Ac Jd Js Kh]  
Seat+4:  Folded on the 5TH STREET
"""  # noqa: W291 (the site's lines as it writes them)

# The newer lines: ``Raises $A to $B`` (B the total), ``All-in(raise) $A to $B``, the
# hero's "[ME]" after two spaces, an Ignition header, a total pot and no rake.
NEWER = """\
Ignition Hand #4000000002 TBL#3000001 7CARD HiLo Fixed Limit - 2016-02-10 18:30:00
Seat+1 [ME]: $10 in chips
Seat+3: $3 in chips
Seat+1  [ME] : Ante chip $0.10 
Seat+3 : Ante chip $0.10 
*** 3RD STREET ***
Seat+1  [ME] : Card dealt to a spot [Ac 2c 3h] 
Seat+3 : Card dealt to a spot [Kd Ks 4s] 
Seat+1  [ME] : Bring_in chip $0.25 
Seat+3 : Raises $1 to $1 
Seat+1  [ME] : Raises $1.75 to $2 
Seat+3 : All-in(raise) $1.90 to $2.90 
Seat+1  [ME] : Calls $0.90 
*** 4TH STREET ***
Seat+1  [ME] : Card dealt to a spot [5d] 
Seat+3 : Card dealt to a spot [Kh] 
*** 5TH STREET ***
Seat+1  [ME] : Card dealt to a spot [7s] 
Seat+3 : Card dealt to a spot [9s] 
*** 6TH STREET ***
Seat+1  [ME] : Card dealt to a spot [Jc] 
Seat+3 : Card dealt to a spot [Qc] 
*** RIVER ***
Seat+1  [ME] : Card dealt to a spot [8d] 
Seat+3 : Card dealt to a spot [6d] 
Seat+3 : Showdown [Kd Ks Kh Qc 9s] (Three of a kind)
Seat+1  [ME] : Showdown [Ac Jc 8d 7s 5d Ac 2c 3h 5d 7s] (High Card)
Seat+3 : Hand result $2.85 
Seat+1  [ME] : Hand result $2.85 
*** SUMMARY ***
Total Pot($6)
Seat+1:  LO $2.85 [Ac 2c 3h 5d 7s Jc 8d-Ac 2c 3h 5d 7s]
Seat+3:  HI $2.85  with Three of a kind [Kd Ks 4s Kh 9s Qc 6d-Kd Ks Kh Qc 9s]  
"""  # noqa: W291

# Seat+1 is all in on the ante: the lowest card (2d) but the next seat with chips
# brings in (R3.2); every street checked down, Seat+1's straight takes the main pot.
ANTE_ALL_IN = """\
Bodog Hand #2604299999 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:50:00
Seat+1: $0.01 in chips
Seat+2 [ME]: $1 in chips
Seat+3: $1 in chips
Seat+1 : All-in $0.01 
Seat+2 [ME] : Ante chip $0.01 
Seat+3 : Ante chip $0.01 
*** HOLE CARDS ***
Seat+1 : Card dealt to a spot [2c 3c 2d] 
Seat+2 [ME] : Card dealt to a spot [Ah Kh 9s] 
Seat+3 : Card dealt to a spot [Qd Jd 8s] 
Seat+2 [ME] : Bring_in chip $0.02 
Seat+3 : Calls $0.02 
Seat+1 : Card dealt to a spot [4c] 
Seat+2 [ME] : Card dealt to a spot [Ad] 
Seat+3 : Card dealt to a spot [7h] 
Seat+2 [ME] : Checks
Seat+3 : Checks
Seat+1 : Card dealt to a spot [5h] 
Seat+2 [ME] : Card dealt to a spot [3s] 
Seat+3 : Card dealt to a spot [Tc] 
Seat+2 [ME] : Checks
Seat+3 : Checks
Seat+1 : Card dealt to a spot [6s] 
Seat+2 [ME] : Card dealt to a spot [Ks] 
Seat+3 : Card dealt to a spot [Td] 
Seat+3 : Checks
Seat+2 [ME] : Checks
Seat+1 : Card dealt to a spot [9c] 
Seat+2 [ME] : Card dealt to a spot [4d] 
Seat+3 : Card dealt to a spot [Jc] 
Seat+3 : Checks
Seat+2 [ME] : Checks
Seat+1 : Showdown [6s 5h 4c 3c 2c] (Straight)
Seat+2 [ME] : Showdown [Ah Ad Kh Ks 9s] (Two pair)
Seat+3 : Mucks [Qd Jd] (Two pair)
Seat+1 : Hand result $0.03 
Seat+2 [ME] : Hand result-Side pot $0.04 
*** SUMMARY ***
Total Pot($0.07) | Rake ($0) 
"""  # noqa: W291

HOLDEM = """\
Bovada Hand #4000000003 TBL#3000002 HOLDEM No Limit - 2016-02-10 18:31:00
Seat 1: Dealer ($10 in chips)
Seat 2: Small Blind [ME] ($10 in chips)
Dealer : Set dealer [1] 
Small Blind  [ME] : Small Blind $0.05 
Dealer : Big blind $0.10 
*** HOLE CARDS ***
Small Blind  [ME] : Folds
Dealer : Hand result $0.15 
*** SUMMARY ***
Total Pot($0.15)
"""  # noqa: W291

BROKEN = """\
Bodog Hand #2604299998 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:51:00
Seat+1: $1 in chips
Seat+2 [ME]: $1 in chips
Seat+1 : Ante chip $0.01 
Seat+2 [ME] : Ante chip $0.01 
*** HOLE CARDS ***
Seat+1 : Card dealt to a spot [2c 3c 2d] 
Seat+2 [ME] : Card dealt to a spot [Ah Kh 9s] 
Seat+1 : Bring_in chip $0.02 
Seat+2 [ME] : Calls
Seat+1 : Hand result $0.04 
*** SUMMARY ***
Total Pot($0.04) | Rake ($0) 
"""  # noqa: W291


# -- the shared samples -------------------------------------------------------------


@needs_shared
def test_every_shared_bovada_hand_is_read_by_content_and_replays_matched():
    paths = sorted(SHARED.glob("*.txt"))
    hands = [item for path in paths for item in read_history(path)]
    assert len(hands) == 5  # four hands of Seven Card Stud, one of Stud Hi/Lo
    assert [item.number for item in iter_history(STUD_SAMPLE) if isinstance(item, HandRecord)] == [
        "2604291510",
        "2604291577",
        "2604291699",
        "2604291787",
    ]
    for hand in hands:
        assert isinstance(hand, HandRecord)
        assert hand.site == "Bovada"
        report = replay(hand)
        assert report.matched, report.line()
        if hand.game == "seven_card_stud":
            assert report.notes == []  # every fact stated, nothing assumed
        assert report.hand is not None
        assert report.hand.is_over


@needs_shared
def test_the_bodog_file_marks_no_later_street_and_its_stakes_come_from_the_bets():
    assert reader_for("\ufeffBodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - x") is READER
    first, second, third, fourth = read_history(STUD_SAMPLE)
    assert isinstance(first, HandRecord)
    assert (first.game, first.currency, first.scale, first.table) == (
        "seven_card_stud",
        "$",
        100,
        "1178621",
    )
    # The header names no stakes: the bets on fifth street are the big bet of $0.10.
    assert (first.small_bet, first.big_bet, first.ante, first.bring_in) == (5, 10, 1, 2)
    assert first.played_at == "2012-05-07 03:40:07"
    assert first.players == ["Seat+1", "Seat+3 [ME]", "Seat+5"]
    assert first.hero == "Seat+3 [ME]"
    # Every card dealt is written, the others' too: the streets are their cards'.
    assert first.cards["Seat+5"] == [*cards("Qc 5c 2s Ts 3s"), None, None]
    assert [(a.street, a.player, a.kind) for a in first.actions][-3:] == [
        (2, "Seat+3 [ME]", "bet"),
        (2, "Seat+5", "fold"),
        (2, "Seat+1", "fold"),
    ]
    assert first.uncalled == [("Seat+3 [ME]", 10, 27)]
    assert (first.total_pot, first.rake, first.rake_stated) == (9, 0, True)
    assert isinstance(second, HandRecord)
    assert second.open_pair == [(1, 55)]  # "D bets $0.10": Seat+1's pair of threes (R2.7)
    assert isinstance(third, HandRecord)
    assert list(third.shows) == ["Seat+5", "Seat+3 [ME]"]
    # "Raises $0.10" on fourth street: what it puts in, the hero's first chips there.
    assert [(a.player, a.kind, a.amount) for a in third.actions if a.street == 1] == [
        ("Seat+3 [ME]", "check", None),
        ("Seat+5", "bet", 5),
        ("Seat+3 [ME]", "raise", 10),
        ("Seat+5", "call", 5),
    ]
    assert isinstance(fourth, HandRecord)
    # The hero sits out: not dealt in, and not the hand's hero.
    assert (fourth.players, fourth.hero) == (["Seat+1", "Seat+5"], None)


@needs_shared
def test_the_hi_lo_sample_completes_at_once_and_splits_the_pot():
    (record,) = read_history(HILO_SAMPLE)
    assert isinstance(record, HandRecord)
    assert (record.game, record.small_bet, record.big_bet, record.ante) == ("stud_hilo", 25, 50, 5)
    assert record.bring_in is None  # "Seat+1 : Bets $0.25": the bring-in player completes
    assert record.hero == "Seat+2 [ME]"
    assert [(c.player, c.amount) for c in record.collected] == [("Seat+1", 232), ("Seat+4", 233)]
    assert (record.total_pot, record.rake) == (485, 20)
    report = replay(record)
    assert report.matched, report.line()
    assert report.notes == [
        "the bring-in (the bring-in player completed at once) is not stated; taken as 7, which "
        "no fact depends on"
    ]


@needs_shared
def test_an_altered_result_is_the_exact_difference():
    text = sample(STUD_SAMPLE).replace(
        "Seat+3 [ME] : Hand result $0.45", "Seat+3 [ME] : Hand result $0.46"
    )
    third = read_bovada(text)[2]
    assert isinstance(third, HandRecord)
    assert replay(third).difference == (
        "line 115: Seat+3 [ME] collects 46 in the record; ours 47 less its share of the rake 2"
    )


@needs_shared
def test_an_altered_total_pot_is_the_exact_difference():
    text = sample(STUD_SAMPLE).replace("Total Pot($0.47)", "Total Pot($0.48)")
    third = read_bovada(text)[2]
    assert isinstance(third, HandRecord)
    assert replay(third).difference == "line 117: total pot 48 in the record, 47 in ours"


@needs_shared
def test_a_double_bet_with_no_open_pair_is_the_exact_difference():
    text = sample(STUD_SAMPLE).replace(
        "Seat+1 : Card dealt to a spot [3c]", "Seat+1 : Card dealt to a spot [4h]"
    )
    second = read_bovada(text)[1]
    assert isinstance(second, HandRecord)
    assert replay(second).difference == (
        "line 55: the record allows a double bet on an open pair; ours does not (R2.7)"
    )


# -- hands written as Bovada writes them ----------------------------------------------


@pytest.mark.parametrize("written", ["Raises $0.50", "Raises $0.75"])
def test_an_all_in_with_a_side_pot_replays_exactly(written: str):
    # A re-raise written by what it puts in ($0.50 over the $0.25 bet) or by its total.
    record = one(SIDE.replace("Seat+2 [ME] : Raises $0.50", f"Seat+2 [ME] : {written}"))
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (25, 50, 5, 10)
    assert [(a.player, a.kind, a.amount, a.all_in) for a in record.actions if a.street < 2] == [
        ("Seat+1", "bring_in", 10, False),
        ("Seat+2 [ME]", "raise", 25, False),
        ("Seat+4", "call", 25, False),
        ("Seat+1", "call", 15, True),
        ("Seat+2 [ME]", "bet", 25, False),
        ("Seat+4", "raise", 50, False),
        ("Seat+2 [ME]", "raise", 75, False),
        ("Seat+4", "call", 25, False),
    ]
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [
        ("Seat+1", 90, "pot"),
        ("Seat+2 [ME]", 150, "side pot"),
    ]
    report = replay(record)
    assert report.matched, report.line()
    # No rake: every piece is checked, and the side pot's.
    swapped = SIDE.replace("Hand result $0.90", "Hand result-Side pot $0.90").replace(
        "Hand result-Side pot $1.50", "Hand result $1.50"
    )
    assert replay(one(swapped)).difference == (
        "line 39: Seat+1 collects from the side pot; ours does not (R5.4, R5.5)"
    )


def test_the_newer_lines_and_a_rake_not_stated_replay():
    record = one(NEWER)
    assert record.hero == "Seat+1 [ME]"  # "Seat+1  [ME]" in the actions: one name
    assert (record.game, record.small_bet, record.big_bet, record.bring_in) == (
        "stud_hilo",
        100,
        200,
        25,
    )
    assert [(a.player, a.kind, a.amount, a.all_in) for a in record.actions] == [
        ("Seat+1 [ME]", "bring_in", 25, False),
        ("Seat+3", "raise", 100, False),
        ("Seat+1 [ME]", "raise", 200, False),
        ("Seat+3", "raise", 290, True),
        ("Seat+1 [ME]", "call", 90, False),
    ]
    assert (record.total_pot, record.rake_stated) == (600, False)
    report = replay(record)
    assert report.matched, report.line()
    assert report.notes == [
        "the rake is not stated; taken as 30, what the collected lines leave of the pot of 600"
    ]


def test_a_player_all_in_on_the_ante_does_not_bring_in():
    record = one(ANTE_ALL_IN)
    assert record.antes["Seat+1"] == (1, True, 5)
    assert record.actions[0].player == "Seat+2 [ME]"  # the next seat with chips (R3.2)
    assert record.cards["Seat+1"] == cards("2c 3c 2d 4c 5h 6s 9c")
    assert list(record.mucks) == ["Seat+3"]
    report = replay(record)
    assert report.matched, report.line()
    assert report.notes == [
        "the stakes are not stated and no full bet shows them; taken as 5/10, which no fact of "
        "the hand depends on"
    ]


def test_a_file_skips_its_hold_em_and_reads_past_a_broken_hand(tmp_path: Path):
    text = "\n\n".join((SIDE, HOLDEM, BROKEN, NEWER))
    path = tmp_path / "bovada.txt"
    path.write_bytes(("\ufeff" + text).replace("\n", "\r\n").encode("utf-8"))
    for items in (read_history(path), list(iter_history(path))):
        assert len(items) == 4
        side, holdem, broken, newer = items
        assert isinstance(side, HandRecord)
        assert isinstance(holdem, OtherGame)
        assert holdem.game == "No Limit HOLDEM"
        assert str(holdem) == (
            "Bovada hand #4000000003, line 48: a hand of No Limit HOLDEM, not a fixed-limit "
            "stud game"
        )
        assert isinstance(broken, HistoryError)
        assert not isinstance(broken, OtherGame)
        assert str(broken) == "Bovada hand #2604299998, line 70: cannot read 'Seat+2 [ME] : Calls'"
        assert isinstance(newer, HandRecord)
        assert newer.line == 76
        assert replay(newer).matched


@pytest.mark.parametrize(
    ("header", "game"),
    [
        ("Bovada Hand #1 TBL#2 OMAHA HiLo Pot Limit - 2016-02-10 18:31:00", "Pot Limit OMAHA HiLo"),
        ("Bovada Hand #1 TBL#2 7CARD No Limit - 2016-02-10 18:31:00", "No Limit 7CARD"),
        (
            "Bodog Hand #1 Zone Poker ID#5 HOLDEMZonePoker No Limit - 2013-01-01 1:00:00",
            "No Limit HOLDEMZonePoker",
        ),
    ],
)
def test_a_hand_of_another_game_is_skipped(header: str, game: str):
    (item,) = read_bovada(header + "\n" + BROKEN.split("\n", 1)[1])
    assert isinstance(item, OtherGame)
    assert item.game == game


def test_a_hand_with_no_total_pot_is_broken():
    (item,) = read_bovada(SIDE.replace("Total Pot($2.40) | Rake ($0) \n", ""))
    assert isinstance(item, HistoryError)
    assert str(item) == "Bovada hand #3000000001, line 41: no total pot in the summary"
