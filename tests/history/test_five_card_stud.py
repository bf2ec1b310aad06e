"""Fixed-limit Five-Card Stud (R9) in hand histories: read from PokerStars and Full Tilt
text, written as PokerStars text and as PHH, and replayed through the engine with every
fact checked.

The hands are written here as the sites write their stud records (the seven-card
records of ../shared/handhistories, adapted as RULES.md R9 deals): PokerStars
``5 Card Stud Limit``, streets ``*** 2nd STREET ***`` to ``*** 5th STREET ***``; Full
Tilt ``Limit 5 Card Stud``, ``*** 2ND STREET ***`` to ``*** 5TH STREET ***``; second
street's hero line ``Dealt to Hero [9s] [Kd]`` (the down card, the up card).  Each is
replayed to exact chips, cards and winners.  The PokerStars hands written by our writer
are the same hands played through the engine: what we write is what we read.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pokerkit
import pytest

from engine.scripting import deal_streets, play_seats
from studpoker.cards import Card, parse_cards
from studpoker.cli import main
from studpoker.engine import Hand, PotAwarded
from studpoker.games import five_card_stud
from studpoker.history import (
    HandRecord,
    HistoryError,
    OtherGame,
    from_phh,
    read_fulltilt,
    read_history,
    read_pokerstars,
    replay,
    to_phh,
    to_pokerstars,
)

from .test_pokerstars_write import record as without_trailing_spaces


def cards(text: str) -> list[Card | None]:
    return [None if word == "??" else Card.parse(word) for word in text.split()]


def read_one(records: list[HandRecord | HistoryError]) -> HandRecord:
    (record,) = records
    assert isinstance(record, HandRecord), record
    return record


def winners(hand: Hand) -> list[tuple[int, int, int]]:
    """Each pot awarded: (pot, seat, amount)."""
    return [(e.pot, e.seat, e.amount) for e in hand.events if isinstance(e, PotAwarded)]


# -- PokerStars, cash: a completion, raises, a showdown, the rake ---------------------------

# $0.10/$0.20, ante $0.02, bring-in $0.05.  Ann's 3c brings in (R9.2); Hero completes
# (PokerStars writes it as a raise); Bob raises.  From third street the best showing hand
# acts first (R9.3): Hero's king.  Bob's queens beat Hero's nines at the showdown.
POKERSTARS_CASH = """\
PokerStars Hand #55000000001:  5 Card Stud Limit ($0.10/$0.20 USD) - 2011/02/14 21:05:12 ET
Table 'Alcyone IV' 8-max
Seat 1: Hero ($4 in chips)
Seat 2: Ann ($5.37 in chips)
Seat 3: Bob ($2.10 in chips)
Seat 4: Cy ($6 in chips)
Hero: posts the ante $0.02
Ann: posts the ante $0.02
Bob: posts the ante $0.02
Cy: posts the ante $0.02
*** 2nd STREET ***
Dealt to Hero [9s] [Kd]
Dealt to Ann [3c]
Dealt to Bob [Qh]
Dealt to Cy [7d]
Ann: brings in for $0.05
Bob: calls $0.05
Cy: folds
Hero: raises $0.05 to $0.10
Ann: calls $0.05
Bob: raises $0.10 to $0.20
Hero: calls $0.10
Ann: folds
*** 3rd STREET ***
Dealt to Hero [9s Kd] [9h]
Dealt to Bob [Qh] [8c]
Hero: bets $0.10
Bob: raises $0.10 to $0.20
Hero: calls $0.10
*** 4th STREET ***
Dealt to Hero [9s Kd 9h] [4c]
Dealt to Bob [Qh 8c] [Js]
Hero: checks
Bob: bets $0.20
Hero: calls $0.20
*** 5th STREET ***
Dealt to Hero [9s Kd 9h 4c] [2d]
Dealt to Bob [Qh 8c Js] [5h]
Hero: bets $0.20
Bob: calls $0.20
*** SHOW DOWN ***
Hero: shows [9s Kd 9h 4c 2d] (a pair of Nines)
Bob: shows [Qs Qh 8c Js 5h] (a pair of Queens)
Bob collected $1.70 from pot
*** SUMMARY ***
Total pot $1.78 | Rake $0.08
Seat 1: Hero showed [9s Kd 9h 4c 2d] and lost with a pair of Nines
Seat 2: Ann folded on the 2nd Street
Seat 3: Bob showed [Qs Qh 8c Js 5h] and won ($1.70) with a pair of Queens
Seat 4: Cy folded on the 2nd Street (didn't bet)
"""


def cash_hand() -> Hand:
    """POKERSTARS_CASH played through the engine (the down cards Hero never saw unknown)."""
    deck = deal_streets("9s ?? Qs ??  Kd 3c Qh 7d", "9h 8c", "4c Js", "2d 5h")
    spec = five_card_stud(ante=2, bring_in=5, small_bet=10, big_bet=20)
    hand = Hand(spec, [400, 537, 210, 600], deck=deck)
    play_seats(
        hand,
        (1, "bring_in"),
        (2, "call"),
        (3, "fold"),
        (0, "complete 10"),
        (1, "call"),
        (2, "raise 20"),
        (0, "call"),
        (1, "fold"),
        (0, "bet 10"),  # third street: Hero's Kd 9h shows best (R9.3)
        (2, "raise 20"),
        (0, "call"),
        (0, "check"),  # fourth street: big bets (R9.2)
        (2, "bet 20"),
        (0, "call"),
        (0, "bet 20"),
        (2, "call"),
        (0, "show"),  # the last bettor shows first (R5.2)
        (2, "show"),
    )
    return hand


def test_pokerstars_cash_hand_replays_with_exact_chips_cards_and_winner():
    record = read_one(read_pokerstars(POKERSTARS_CASH))
    assert (record.game, record.currency, record.scale) == ("five_card_stud", "$", 100)
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (10, 20, 2, 5)
    assert record.players == ["Hero", "Ann", "Bob", "Cy"]
    assert record.cards == {
        "Hero": cards("9s Kd 9h 4c 2d"),
        "Ann": cards("?? 3c ?? ?? ??"),
        "Bob": cards("Qs Qh 8c Js 5h"),
        "Cy": cards("?? 7d ?? ?? ??"),
    }
    assert [(a.street, a.player, a.kind, a.amount) for a in record.actions[3:5]] == [
        (0, "Hero", "raise", 10),  # the completion, written as a raise
        (0, "Ann", "call", 5),
    ]
    report = replay(record)
    assert report.matched, report.difference
    assert report.hand is not None
    # The engine settles the whole pot; the record's 170 is it after the rake of 8.
    assert report.hand.result.net == (-82, -12, 96, -2)
    assert winners(report.hand) == [(0, 2, 178)]
    assert [(got.player, got.amount) for got in record.collected] == [("Bob", 170)]
    assert report.hand.result.shown[2][0] == tuple(parse_cards("Qs Qh 8c Js 5h"))


@pytest.mark.parametrize(
    "header",
    [
        "PokerStars Home Game Hand #55000000001: {Friday Stud} 5 Card Stud Limit ($0.10/$0.20 USD)"
        " - 2011/02/14 21:05:12 ET",
        "POKERSTARS HAND #55000000001:  5 CARD STUD LIMIT ($0.10/$0.20 USD)"
        " - 2011/02/14 21:05:12 ET",
        "PokerStars Game #55000000001:  5 Card Stud Limit ($0.10/$0.20) - 2011/02/14 21:05:12 CET"
        " [2011/02/14 15:05:12 ET]",
    ],
)
def test_pokerstars_reads_every_cash_first_line_of_five_card_stud(header):
    record = read_one(read_pokerstars(header + "\n" + POKERSTARS_CASH.split("\n", 1)[1]))
    assert (record.game, record.currency, record.small_bet) == ("five_card_stud", "$", 10)
    assert replay(record).matched


def test_pokerstars_cash_hand_that_differs_is_reported_with_its_line():
    # A big bet on third street, where Five-Card Stud bets small (R9.2).
    broken = POKERSTARS_CASH.replace("Hero: bets $0.10\n", "Hero: bets $0.20\n")
    report = replay(read_one(read_pokerstars(broken)))
    assert report.difference == "line 27: 'Hero: bets $0.20': ours allows check, fold, bet to 10"


# -- PokerStars, tournament: a bring-in posted short all in (R2.4), side pots -----------------

# Dee has 8 chips left after her ante: her bring-in of 25 is all in for 8, and Eve still
# enters for the full bring-in (R2.4, R9.2).  Hero's fifth-street bet is not called and
# goes back (R2.10); Dee's two pair take the main pot, Hero's aces the side pot.
POKERSTARS_TOURNAMENT = """\
PokerStars Hand #55000000002: Tournament #987654321, $1.00+$0.10 USD 5 Card Stud Limit \
- Level IV (100/200) - 2011/02/14 21:05:12 ET
Table '987654321 1' 8-max
Seat 1: Hero (3400 in chips)
Seat 2: Dee (18 in chips)
Seat 3: Eve (2200 in chips)
Hero: posts the ante 10
Dee: posts the ante 10
Eve: posts the ante 10
*** 2nd STREET ***
Dealt to Hero [Ah] [Kc]
Dealt to Dee [2c]
Dealt to Eve [6h]
Dee: brings in for 8 and is all-in
Eve: calls 25
Hero: raises 75 to 100
Eve: calls 75
*** 3rd STREET ***
Dealt to Hero [Ah Kc] [8d]
Dealt to Dee [2c] [5d]
Dealt to Eve [6h] [Jc]
Hero: bets 100
Eve: calls 100
*** 4th STREET ***
Dealt to Hero [Ah Kc 8d] [3s]
Dealt to Dee [2c 5d] [9c]
Dealt to Eve [6h Jc] [Jd]
Eve: bets 200
Hero: calls 200
*** 5th STREET ***
Dealt to Hero [Ah Kc 8d 3s] [Ad]
Dealt to Dee [2c 5d 9c] [2h]
Dealt to Eve [6h Jc Jd] [4s]
Eve: checks
Hero: bets 200
Eve: folds
Uncalled bet (200) returned to Hero
*** SHOW DOWN ***
Hero: shows [Ah Kc 8d 3s Ad] (a pair of Aces)
Dee: shows [5s 2c 5d 9c 2h] (two pair, Fives and Deuces)
Hero collected 784 from side pot
Dee collected 54 from main pot
*** SUMMARY ***
Total pot 838 Main pot 54. Side pot 784. | Rake 0
Seat 1: Hero showed [Ah Kc 8d 3s Ad] and won (784) with a pair of Aces
Seat 2: Dee showed [5s 2c 5d 9c 2h] and won (54) with two pair, Fives and Deuces
Seat 3: Eve folded on the 5th Street
"""


def tournament_hand() -> Hand:
    deck = deal_streets("Ah 5s ??  Kc 2c 6h", "8d 5d Jc", "3s 9c Jd", "Ad 2h 4s")
    spec = five_card_stud(ante=10, bring_in=25, small_bet=100, big_bet=200)
    hand = Hand(spec, [3400, 18, 2200], deck=deck)
    play_seats(
        hand,
        (1, "bring_in"),  # all in for 8 (R2.4)
        (2, "call"),  # the full bring-in, 25
        (0, "complete 100"),
        (2, "call"),
        (0, "bet 100"),
        (2, "call"),
        (2, "bet 200"),  # fourth street: Eve's open jacks speak first (R9.3)
        (0, "call"),
        (2, "check"),
        (0, "bet 200"),
        (2, "fold"),
        (0, "show"),
    )
    return hand


def test_pokerstars_tournament_hand_with_a_short_all_in_bring_in_r2_4():
    record = read_one(read_pokerstars(POKERSTARS_TOURNAMENT))
    assert (record.game, record.tournament, record.currency, record.scale) == (
        "five_card_stud",
        "987654321",
        None,
        1,
    )
    assert (record.small_bet, record.big_bet, record.ante) == (100, 200, 10)
    assert record.actions[0].all_in
    assert record.actions[0].amount == 8
    report = replay(record)
    assert report.matched, report.difference
    assert report.hand is not None
    assert report.hand.spec.bring_in == 25  # what Eve called: the full bring-in (R2.4)
    assert report.hand.result.net == (374, 36, -410)
    assert winners(report.hand) == [(0, 1, 54), (1, 0, 784)]  # main pot, side pot (R5.4)
    assert record.uncalled == [("Hero", 200, 36)]
    assert record.cards["Dee"] == cards("5s 2c 5d 9c 2h")
    assert record.pots == [54, 784]


def test_a_short_bring_in_the_record_calls_for_less_is_a_difference_r2_4():
    short = POKERSTARS_TOURNAMENT.replace("Eve: calls 25", "Eve: calls 8")
    report = replay(read_one(read_pokerstars(short)))
    assert report.difference == "line 14: 'Eve: calls 8': ours costs 25"


# -- Full Tilt, cash: won without a showdown, an uncalled bet -------------------------------

# The header as Full Tilt wrote Five-Card Stud; this table has no ante.  Villain's 4s is
# low (R9.2); Hero completes; Fish's open tens speak first on fourth and fifth street.
FULL_TILT_CASH = """\
Full Tilt Poker Game #20102817003: Table Vale (6 max) - $3/$6 - Limit 5 Card Stud \
- 23:48:14 ET - 2010/06/19
Seat 1: Hero ($120)
Seat 2: Villain ($87.50)
Seat 4: Fish ($45)
*** 2ND STREET ***
Dealt to Hero [Ac] [Jd]
Dealt to Villain [4s]
Dealt to Fish [Th]
Villain is low with [4s]
Villain brings in for $1
Fish calls $1
Hero completes it to $3
Villain folds
Fish calls $2
*** 3RD STREET ***
Dealt to Hero [Ac Jd] [As]
Dealt to Fish [Th] [7c]
Hero bets $3
Fish calls $3
*** 4TH STREET ***
Dealt to Hero [Ac Jd As] [8h]
Dealt to Fish [Th 7c] [Tc]
Fish bets $6
Hero raises to $12
Fish calls $6
*** 5TH STREET ***
Dealt to Hero [Ac Jd As 8h] [3d]
Dealt to Fish [Th 7c Tc] [2s]
Fish checks
Hero bets $6
Fish folds
Uncalled bet of $6 returned to Hero
Hero mucks
Hero wins the pot ($36.50)
*** SUMMARY ***
Total pot $37 | Rake $0.50
Seat 1: Hero collected ($36.50), mucked
Seat 2: Villain folded on 2nd St.
Seat 4: Fish folded on 5th St.
"""


def full_tilt_hand() -> Hand:
    deck = deal_streets("Ac ?? ??  Jd 4s Th", "As 7c", "8h Tc", "3d 2s")
    spec = five_card_stud(ante=0, bring_in=100, small_bet=300, big_bet=600)
    hand = Hand(spec, [12000, 8750, 4500], deck=deck)
    play_seats(
        hand,
        (1, "bring_in"),
        (2, "call"),
        (0, "complete 300"),
        (1, "fold"),
        (2, "call"),
        (0, "bet 300"),
        (2, "call"),
        (2, "bet 600"),
        (0, "raise 1200"),
        (2, "call"),
        (2, "check"),
        (0, "bet 600"),
        (2, "fold"),
    )
    return hand


def test_full_tilt_cash_hand_won_without_showdown_returns_the_uncalled_bet_r2_10():
    record = read_one(read_fulltilt(FULL_TILT_CASH))
    assert (record.site, record.game, record.table) == (
        "Full Tilt",
        "five_card_stud",
        "Vale (6 max)",
    )
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (300, 600, 0, 100)
    assert record.bring_in_claim == ("Villain", 9)
    assert record.cards["Hero"] == cards("Ac Jd As 8h 3d")
    assert record.cards["Fish"] == cards("?? Th 7c Tc 2s")
    assert [(a.player, a.kind, a.amount) for a in record.actions if a.kind == "complete"] == [
        ("Hero", "complete", 300)
    ]
    assert record.uncalled == [("Hero", 600, 32)]
    report = replay(record)
    assert report.matched, report.difference
    assert report.hand is not None
    assert report.hand.result.net == (1900, -100, -1800)
    assert winners(report.hand) == [(0, 0, 3700)]
    assert report.hand.result.shown == {}  # nobody shows (R5.1)
    assert [(got.player, got.amount) for got in record.collected] == [("Hero", 3650)]


def test_full_tilt_showdown_reads_the_down_card_then_the_up_cards():
    fifth = FULL_TILT_CASH.index("Fish folds\n")
    showdown = FULL_TILT_CASH[:fifth] + (
        "Fish calls $6\n"
        "*** SHOW DOWN ***\n"
        "Hero shows [Ac Jd As 8h 3d] a pair of Aces\n"
        "Fish shows [Td Th 7c Tc 2s] three of a kind, Tens\n"
        "Fish wins the pot ($48.50) with three of a kind, Tens\n"
        "*** SUMMARY ***\n"
        "Total pot $49 | Rake $0.50\n"
        "Seat 1: Hero showed [Ac Jd As 8h 3d] and lost with a pair of Aces\n"
        "Seat 2: Villain folded on 2nd St.\n"
        "Seat 4: Fish showed [Td Th 7c Tc 2s] and won ($48.50) with three of a kind, Tens\n"
    )
    record = read_one(read_fulltilt(showdown))
    assert record.cards["Fish"] == cards("Td Th 7c Tc 2s")
    report = replay(record)
    assert report.matched, report.difference
    assert report.hand is not None
    assert report.hand.result.net == (-2400, -100, 2500)
    assert winners(report.hand) == [(0, 2, 4900)]
    # A shown down card that is not the one the record dealt is an error.
    wrong = showdown.replace("Hero shows [Ac Jd", "Hero shows [Kc Jd")
    (error,) = read_fulltilt(wrong)
    assert str(error) == (
        "Full Tilt hand #20102817003, line 33: Hero shows Kc Jd As 8h 3d, not the down "
        "cards dealt (Ac)"
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (" - $3/$6 - Limit 5 Card Stud - ", " - $3/$6 Ante $0.25 - Limit 5 Card Stud - "),
        (" - $3/$6 - Limit 5 Card Stud - ", " - $3/$6 - Limit 5-Card Stud Hi - "),  # fpdb's
        (" - $3/$6 - Limit 5 Card Stud - ", " - $3/$6 - 10-Game - Limit 5 Card Stud - "),
        (
            "Full Tilt Poker Game #20102817003: Table Vale",
            "FULL TILT POKER GAME #20102817003: TABLE Vale",
        ),
    ],
)
def test_full_tilt_reads_every_first_line_of_five_card_stud(old, new):
    text = FULL_TILT_CASH.replace(old, new)
    if "Ante" in new:  # antes posted as the header says, before the cards
        posted = "".join(f"{name} antes $0.25\n" for name in ("Hero", "Villain", "Fish"))
        text = text.replace("*** 2ND STREET ***\n", posted + "*** 2ND STREET ***\n")
        text = text.replace("$36.50", "$37.25").replace("Total pot $37 ", "Total pot $37.75 ")
    record = read_one(read_fulltilt(text))
    assert record.game == "five_card_stud"
    assert record.ante == (25 if "Ante" in new else 0)
    report = replay(record)
    assert report.matched, report.difference


# -- street markers ----------------------------------------------------------------------------


def renumbered(text: str, markers: tuple[str, ...]) -> str:
    """``text`` with its street markers ``2nd`` … ``5th`` named ``markers`` instead."""
    for old, new in reversed(list(zip(("2nd", "3rd", "4th", "5th"), markers, strict=True))):
        wanted = f"*** {new} ***" if new == "RIVER" else f"*** {new} STREET ***"
        text = text.replace(f"*** {old} STREET ***", wanted)
    return text


@pytest.mark.parametrize(
    "markers",
    [
        ("3rd", "4th", "5th", "6th"),  # numbered as the seven-card games' first four
        ("3rd", "4th", "5th", "RIVER"),
    ],
)
def test_street_markers_numbered_otherwise_are_taken_in_their_order(markers):
    text = renumbered(POKERSTARS_CASH, markers)
    assert "*** 2nd STREET ***" not in text
    record = read_one(read_pokerstars(text))
    expected = read_one(read_pokerstars(POKERSTARS_CASH))
    assert [(a.street, a.text) for a in record.actions] == [
        (a.street, a.text) for a in expected.actions
    ]
    assert record.cards == expected.cards
    assert replay(record).matched


def test_a_fifth_street_marker_is_an_error_r9_1():
    text = renumbered(POKERSTARS_CASH, ("3rd", "4th", "5th", "6th"))
    text = text.replace("*** SHOW DOWN ***", "*** 7th STREET ***\n*** SHOW DOWN ***")
    (error,) = read_pokerstars(text)
    assert str(error) == (
        "PokerStars hand #55000000001, line 41: a 5th street marker; Five-Card Stud has 4 "
        "streets (R9.1)"
    )


def test_a_sixth_street_after_second_street_is_an_error_r9_1():
    text = POKERSTARS_CASH.replace("*** SHOW DOWN ***", "*** 6th STREET ***\n*** SHOW DOWN ***")
    (error,) = read_pokerstars(text)
    assert str(error) == (
        "PokerStars hand #55000000001, line 41: Five-Card Stud's streets are 2nd to 5th "
        "(R9.1), not 6th"
    )


# -- a mixed-game file, and `stud replay` ------------------------------------------------------

RAZZ = """\
PokerStars Hand #55000000004:  Mixed Stud (Razz Limit, $0.04/$0.08 USD) - 2011/02/14 21:09:00 ET
Table 'Alcyone IV' 8-max
Seat 1: Ann ($1 in chips)
Seat 2: Bob ($1 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Kc]
Dealt to Bob [3d]
Ann: brings in for $0.02
Bob: folds
Uncalled bet ($0.02) returned to Ann
Ann collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
"""
MIXED_FIVE_CARD = (
    "PokerStars Hand #55000000003:  Mixed Stud (5 Card Stud Limit, $0.10/$0.20 USD)"
    " - 2011/02/14 21:07:40 ET"
)
HOLDEM = "PokerStars Hand #55000000002:  Mixed Stud (Hold'em Limit, $0.10/$0.20 USD) - x"


def mixed_file(path: Path) -> Path:
    body = POKERSTARS_CASH.split("\n", 1)[1]
    hands = [f"{HOLDEM}\n{body}", f"{MIXED_FIVE_CARD}\n{body}", RAZZ]
    path.write_text("\n\n".join(hands), encoding="utf-8")
    return path


def test_a_five_card_stud_hand_of_a_mixed_file_is_read_not_skipped(tmp_path):
    records = read_history(mixed_file(tmp_path / "mixed.txt"))
    assert [type(r).__name__ for r in records] == ["OtherGame", "HandRecord", "HandRecord"]
    other, five, razz = records
    assert isinstance(other, OtherGame)
    assert other.game == "Hold'em Limit"
    assert isinstance(five, HandRecord)
    assert isinstance(razz, HandRecord)
    assert (five.game, razz.game) == ("five_card_stud", "razz")
    assert replay(five).matched


@pytest.mark.parametrize("game", ["5 Card Stud Pot Limit", "5 Card Stud No Limit"])
def test_five_card_stud_not_in_fixed_limit_in_a_mixed_file_is_another_game(game):
    header = MIXED_FIVE_CARD.replace("5 Card Stud Limit", game)
    (skipped,) = read_pokerstars(header + "\n" + POKERSTARS_CASH.split("\n", 1)[1])
    assert isinstance(skipped, OtherGame)
    assert skipped.game == game


def test_stud_replay_counts_a_mixed_files_five_card_stud_hands(tmp_path, capsys):
    path = mixed_file(tmp_path / "mixed.txt")
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[1] for line in lines[:2]] == [
        "PokerStars #55000000003",
        "PokerStars #55000000004",
    ]
    assert all(": match (" in line for line in lines[:2])
    assert lines[2] == (
        "2 stud hands: 2 matched, 0 mismatched, 0 could not be read; other games: 1 skipped"
    )
    assert main(["replay", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "hands": 2,
        "matched": 2,
        "mismatched": [],
        "errors": [],
        "skipped": 1,
    }


def test_stud_replay_reads_a_full_tilt_five_card_stud_file_and_a_phh_one(tmp_path, capsys):
    tilt = tmp_path / "tilt.txt"
    tilt.write_text(FULL_TILT_CASH, encoding="utf-16")
    phh = tmp_path / "hand.phh"
    phh.write_text(to_phh(tournament_hand()), encoding="utf-8")
    assert main(["replay", str(tilt), str(phh)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("tilt.txt: Full Tilt #20102817003: match (")
    assert lines[1] == "hand.phh: PHH: match (25 actions, the stacks)"
    assert lines[2] == "2 stud hands: 2 matched, 0 mismatched, 0 could not be read"


# -- PokerStars text out: cash, practice (play money), competition (tournament) ---------------


def test_a_chips_table_hand_is_written_in_dollars():
    text = to_pokerstars(
        cash_hand(),
        viewer=0,
        names=["Hero", "Ann", "Bob", "Cy"],
        currency="$",
        hand_id=55000000001,
        table="Alcyone IV",
        started=datetime(2011, 2, 14, 21, 5, 12),
    )
    # The record above, but for the rake: the room takes none.
    expected = POKERSTARS_CASH.replace("$1.70", "$1.78").replace("Rake $0.08", "Rake $0")
    assert without_trailing_spaces(text) == expected
    (record,) = read_pokerstars(text)
    assert isinstance(record, HandRecord)
    report = replay(record)
    assert report.matched
    assert report.hand is not None
    assert report.hand.result.net == cash_hand().result.net


def test_a_competition_hand_is_written_as_a_tournament():
    text = to_pokerstars(
        tournament_hand(),
        viewer=0,
        names=["Hero", "Dee", "Eve"],
        tournament=12,
        hand_id=55000000002,
        table="987654321 1",
        started=datetime(2011, 2, 14, 21, 5, 12),
    )
    rest = POKERSTARS_TOURNAMENT.split("\n", 1)[1]
    assert without_trailing_spaces(text) == (
        "PokerStars Hand #55000000002: Tournament #12, Freeroll  5 Card Stud Limit - Level I "
        "(100/200) - 2011/02/14 21:05:12 ET\n" + rest
    )
    record = read_one(read_pokerstars(text))
    assert (record.tournament, record.currency) == ("12", None)
    assert replay(record).matched


def test_a_practice_hand_is_written_as_play_money():
    text = to_pokerstars(
        full_tilt_hand(),
        names=["Hero", "Villain", "Fish"],
        hand_id=9,
        table="Vale",
        max_seats=6,
        started=datetime(2010, 6, 19, 23, 48, 14),
    )
    assert without_trailing_spaces(text) == (
        "PokerStars Hand #9:  5 Card Stud Limit (300/600) - 2010/06/19 23:48:14 ET\n"
        "Table 'Vale' 6-max\n"
        "Seat 1: Hero (12000 in chips)\n"
        "Seat 2: Villain (8750 in chips)\n"
        "Seat 3: Fish (4500 in chips)\n"
        "*** 2nd STREET ***\n"
        "Dealt to Hero [Ac] [Jd]\n"
        "Dealt to Villain [4s]\n"  # the full record: these down cards were never known
        "Dealt to Fish [Th]\n"
        "Villain: brings in for 100\n"
        "Fish: calls 100\n"
        "Hero: raises 200 to 300\n"
        "Villain: folds\n"
        "Fish: calls 200\n"
        "*** 3rd STREET ***\n"
        "Dealt to Hero [Ac Jd] [As]\n"
        "Dealt to Fish [Th] [7c]\n"
        "Hero: bets 300\n"
        "Fish: calls 300\n"
        "*** 4th STREET ***\n"
        "Dealt to Hero [Ac Jd As] [8h]\n"
        "Dealt to Fish [Th 7c] [Tc]\n"
        "Fish: bets 600\n"
        "Hero: raises 600 to 1200\n"
        "Fish: calls 600\n"
        "*** 5th STREET ***\n"
        "Dealt to Hero [Ac Jd As 8h] [3d]\n"
        "Dealt to Fish [Th 7c Tc] [2s]\n"
        "Fish: checks\n"
        "Hero: bets 600\n"
        "Fish: folds\n"
        "Uncalled bet (600) returned to Hero\n"
        "Hero collected 3700 from pot\n"
        "*** SUMMARY ***\n"
        "Total pot 3700 | Rake 0\n"
        "Seat 1: Hero collected (3700)\n"
        "Seat 2: Villain folded on the 2nd Street\n"
        "Seat 3: Fish folded on the 5th Street\n"
    )
    record = read_one(read_pokerstars(text))
    assert (record.currency, record.tournament, record.scale) == (None, None, 1)
    assert replay(record).matched


def open_pair_hand(open_pair_double: bool) -> Hand:
    """Ann pairs her king on third street and bets the big bet, as R9.3 allows when the
    table has the option."""
    deck = deal_streets("Ah 7c  Kd 5s", "Kh 9d", "2c 3c", "4d 8s")
    spec = five_card_stud(ante=2, bring_in=5, small_bet=10, big_bet=20)
    hand = Hand(spec.with_options(open_pair_double=open_pair_double), [500, 500], deck=deck)
    play_seats(hand, (1, "bring_in"), (0, "call"))
    play_seats(hand, (0, "bet 20" if open_pair_double else "bet 10"), (1, "fold"))
    return hand


def test_a_double_bet_on_third_streets_open_pair_is_written_and_checked_r9_3():
    text = to_pokerstars(open_pair_hand(True), names=["Ann", "Bob"], currency="$")
    lines = without_trailing_spaces(text).splitlines()
    third = lines.index("*** 3rd STREET ***")
    assert lines[third : third + 6] == [
        "*** 3rd STREET ***",
        "Dealt to Ann [Ah Kd] [Kh]",
        "Dealt to Bob [7c 5s] [9d]",
        "Pair on board - a double bet is allowed",
        "Ann: bets $0.20",
        "Bob: folds",
    ]
    record = read_one(read_pokerstars(text))
    # The line says the table allows the double bet: the replay plays by it, unless told
    # otherwise (issue 37: a room table's option is read back from its text).
    assert replay(record).matched
    assert replay(record, open_pair_double=True).matched
    assert replay(record, open_pair_double=False).difference == (
        f"line {third + 4}: the record allows a double bet on an open pair; ours does not (R9.3)"
    )
    # Without the option PokerStars writes no such line, and a replay with it finds that.
    plain = read_one(read_pokerstars(to_pokerstars(open_pair_hand(False), currency="$")))
    assert replay(plain).matched
    assert replay(plain, open_pair_double=True).difference == (
        f"line {third + 4}: the record does not allow a double bet on an open pair; "
        "ours does (R9.3)"
    )


def test_ten_players_are_written_and_replayed_at_a_ten_seat_table_r9_1():
    spec = five_card_stud(ante=2, bring_in=5, small_bet=10, big_bet=20, max_seats=10)
    deck = parse_cards("As Ks Qs Js Ts 9s 8s 7s 6s 5s  Ah Kh Qh Jh Th 9h 8h 7h 6h 2c")
    hand = Hand(spec, [300] * 10, deck=deck + [None] * 32)
    hand.act("bring_in")  # 2c, the tenth player's
    for _ in range(9):
        hand.act("fold")
    text = to_pokerstars(hand, currency="$")
    assert text.splitlines()[1] == "Table 'studpoker' 10-max"
    record = read_one(read_pokerstars(text))
    assert len(record.players) == 10
    report = replay(record)
    assert report.matched, report.difference
    assert report.hand is not None
    assert report.hand.result.net == (-2,) * 9 + (18,)


# -- PHH ---------------------------------------------------------------------------------------


def test_phh_writes_five_card_stud_as_user_defined_variant_f5s():
    hand = full_tilt_hand()
    text = to_phh(hand, names=["Hero", "Villain", "Fish"])
    assert text == (
        "variant = '_F5S'\n"
        "ante_trimming_status = true\n"
        "antes = [0, 0, 0]\n"
        "bring_in = 100\n"
        "small_bet = 300\n"
        "big_bet = 600\n"
        "starting_stacks = [12000, 8750, 4500]\n"
        "actions = [\n"
        "  # second street\n"
        "  'd dh p1 AcJd',\n"
        "  'd dh p2 ??4s',\n"
        "  'd dh p3 ??Th',\n"
        "  'p2 pb',\n"
        "  'p3 cc',\n"
        "  'p1 cbr 300',\n"
        "  'p2 f',\n"
        "  'p3 cc',\n"
        "  # third street\n"
        "  'd dh p1 As',\n"
        "  'd dh p3 7c',\n"
        "  'p1 cbr 300',\n"
        "  'p3 cc',\n"
        "  # fourth street\n"
        "  'd dh p1 8h',\n"
        "  'd dh p3 Tc',\n"
        "  'p3 cbr 600',\n"
        "  'p1 cbr 1200',\n"
        "  'p3 cc',\n"
        "  # fifth street\n"
        "  'd dh p1 3d',\n"
        "  'd dh p3 2s',\n"
        "  'p3 cc',\n"
        "  'p1 cbr 600',\n"
        "  'p3 f',\n"
        "]\n"
        "players = ['Hero', 'Villain', 'Fish']\n"
        "finishing_stacks = [13900, 8650, 2700]\n"
        "_game = 'five_card_stud'\n"
    )
    again = from_phh(text)
    assert again.spec == hand.spec
    assert again.events == hand.events
    assert again.result.stacks == (13900, 8650, 2700)


def test_phh_reads_a_showdown_and_options_of_five_card_stud():
    hand = tournament_hand()
    text = to_phh(hand)
    assert "  # showdown\n  'p1 sm AhKc8d3sAd',\n  'p2 sm 5s2c5d9c2h',\n" in text
    assert from_phh(text).events == hand.events
    doubled = open_pair_hand(True)
    text = to_phh(doubled)
    assert "_open_pair_double = true\n" in text
    assert from_phh(text).events == doubled.events


def test_a_phh_five_card_stud_record_without_game_is_read_by_the_rules_not_pokerkits():
    record = (
        "variant = '_F5S'\nantes = [2, 2]\nbring_in = 5\nsmall_bet = 10\nbig_bet = 20\n"
        "starting_stacks = [500, 500]\nactions = ['d dh p1 Ah7c', 'd dh p2 Kd5s', 'p2 pb',"
        " 'p1 f']\n"
    )
    hand = from_phh(record)
    # PokerKit has no Five-Card Stud: the record is not PokerKit's, and is read with
    # RULES.md's defaults (R5.6: odd chips by suit), not POKERKIT_OPTIONS.
    assert hand.spec == five_card_stud(ante=2, bring_in=5, small_bet=10, big_bet=20)
    assert hand.result.stacks == (498, 502)


def test_pokerkit_cannot_play_our_five_card_stud_records():
    text = to_phh(full_tilt_hand())
    history = pokerkit.HandHistory.loads(text)  # the TOML reads ...
    with pytest.raises(KeyError, match="_F5S"):
        list(history)  # ... but PokerKit has no such game to play it


def test_a_bring_in_called_all_in_by_everyone_is_at_least_the_calls_r2_4():
    # Every player is all in by second street: the record states no full call of the
    # bring-in, but a call all in for 2 says it was at least 2 (R2.4).
    deck = deal_streets("Ad 4d Jd  6s 3d 9d", "Qs 5s 7s", "Qc Js 5c", "8d 8h Th")
    hand = Hand(five_card_stud(ante=1, bring_in=2, small_bet=3, big_bet=3), [2, 2, 3], deck=deck)
    play_seats(hand, (1, "bring_in"), (2, "call"), (0, "call"))
    hand.play_showdown()
    record = read_one(read_pokerstars(to_pokerstars(hand, tournament=77)))
    assert [a.text for a in record.actions] == [
        "Player2: brings in for 1 and is all-in",
        "Player3: calls 2 and is all-in",
        "Player1: calls 1 and is all-in",
    ]
    report = replay(record)
    assert report.matched, report.difference
    assert report.hand is not None
    assert report.hand.spec.bring_in == 2
    assert report.hand.result.net == hand.result.net
