"""OnGame's hand histories: the shared sample (../shared/handhistories/ongame, read where
it is) replayed with every fact it states checked, and hands written in the site's format
for what the sample does not hold: Razz with a ``big bring in`` (the bring-in player
completing at once) and a bet nobody called (R2.10), Stud Hi/Lo with a player all in and a
side pot split high and low (R5.4, R5.5), a tournament's chips, a hold'em hand of the same
file skipped, a broken hand, and facts changed that the replay names to the chip.

OnGame's summary gives each pot before the rake and what each winner collects after it,
the rake, and every seat's net: the replay checks the total pot, the collected amounts and
the nets.  It writes no uncalled bet: the pots are without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studpoker.cards import Card
from studpoker.engine.events import UncalledBetReturned
from studpoker.history import (
    HandRecord,
    HistoryError,
    OtherGame,
    iter_history,
    read_history,
    reader_for,
    replay,
)
from studpoker.history.ongame import READER, read_ongame

SHARED = Path(__file__).parents[2] / ".." / "shared" / "handhistories"
SAMPLE = SHARED / "ongame" / "7-Stud-USD-0.10-0.20-201009.Sample.txt"
needs_sample = pytest.mark.skipif(not SAMPLE.is_file(), reason=f"{SAMPLE} is missing")


def only(text: str) -> HandRecord:
    (record,) = read_ongame(text)
    assert isinstance(record, HandRecord), record
    return record


def cards(text: str) -> list[Card | None]:
    return [None if word == "-" else Card.parse(word) for word in text.split()]


# -- the shared sample ---------------------------------------------------------------------


@needs_sample
def test_every_hand_of_the_sample_replays_with_every_fact_matching():
    hands = read_history(SAMPLE)
    assert len(hands) == 4
    assert all(isinstance(hand, HandRecord) for hand in hands), hands
    records = [hand for hand in hands if isinstance(hand, HandRecord)]
    assert [r.number for r in records] == [f"R5-82086688-{n}" for n in range(607, 611)]
    for record in records:
        report = replay(record)
        assert report.matched, report.line()
        assert report.notes == []  # every up card dealt is written, and the bring-in
        assert report.hand is not None
        assert report.hand.is_over
    assert [(r.total_pot, r.rake) for r in records] == [(235, 11), (125, 6), (175, 8), (130, 6)]


@needs_sample
def test_the_sample_is_found_by_its_content_read_whole_or_a_hand_at_a_time():
    with SAMPLE.open(encoding="utf-8") as lines:
        assert reader_for(next(lines).rstrip("\n")) is READER
    assert [r.number for r in iter_history(SAMPLE) if isinstance(r, HandRecord)] == [
        r.number for r in read_history(SAMPLE) if isinstance(r, HandRecord)
    ]


@needs_sample
def test_the_first_hand_as_read():
    record = read_history(SAMPLE)[0]
    assert isinstance(record, HandRecord)
    assert (record.site, record.game, record.currency, record.scale) == (
        "OnGame",
        "seven_card_stud",
        "$",
        100,
    )
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (10, 20, 2, 5)
    assert (record.table, record.hero, record.played_at) == (
        "Milwaukee",
        "Hero",
        "2010-09-13 22:31:30",
    )
    assert record.players == ["the bAAr", "Hero", "kueto", "E6y Ko3y", "telozver123"]
    assert record.cards["the bAAr"] == cards("- - Kh 3h 9s 8s -")
    assert record.cards["Hero"] == cards("Jh 9d Ac 7h Js 5c 9h")
    assert record.actions[0].text == "kueto small bring in $0.05"
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [("Hero", 224, "main pot")]
    assert record.shows == {"Hero": 74}
    assert record.net == {
        "the bAAr": (-77, 73),
        "Hero": (147, 74),
        "kueto": (-7, 75),
        "E6y Ko3y": (-57, 76),
        "telozver123": (-17, 77),
    }


@needs_sample
@pytest.mark.parametrize(
    ("old", "new", "difference"),
    [
        (
            "Main pot: $2.35 won by Hero ($2.24)",
            "Main pot: $2.35 won by Hero ($2.34)",
            "line 71: Hero collects 234 in the record; ours 235 less its share of the rake 11",
        ),
        (
            "Main pot: $2.35 won by Hero ($2.24)",
            "Main pot: $2.45 won by Hero ($2.24)",
            "line 71: total pot 245 in the record, 235 in ours",
        ),
        (
            "Seat 1: the bAAr ($5.76), net: -$0.77",
            "Seat 1: the bAAr ($5.76), net: -$0.67",
            "line 73: the bAAr nets -67 in the record; ours -77 less its share of the rake 11",
        ),
        (
            "kueto small bring in $0.05\nE6y Ko3y calls",
            "E6y Ko3y small bring in $0.05\nkueto calls",
            "line 23: E6y Ko3y brings in or completes first; ours: kueto (R3.1, R3.2)",
        ),
        (
            "the bAAr calls $0.10\nHero calls $0.10\nkueto folds",
            "the bAAr calls $0.10\nHero calls $0.10 and is all-in\nkueto folds",
            "line 38: Hero is all in in the record, not in ours",
        ),
    ],
)
def test_a_fact_changed_in_the_sample_is_named_to_the_chip(old, new, difference):
    text = SAMPLE.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    record = read_ongame(text.replace(old, new))[0]
    assert isinstance(record, HandRecord), record
    assert replay(record).difference == difference


# -- hands written in OnGame's format -----------------------------------------------------

# Razz heads-up: Bob's king brings in (R3.1) for the full bet ("big bring in"), Ann raises
# and Bob calls; on fourth street Ann's lower board speaks first (R3.3) and her bet goes
# uncalled, returned before the pot of $0.44 is raked $0.02 (R2.10).
RAZZ = """\
***** History for hand R5-90000002-1 *****
Start hand: Tue Sep 14 20:05:00 GMT+0100 2010
Table: Denver [90000002] (LIMIT RAZZ $0.10/$0.20, ante: $0.02, Real money)
User: Ann
Players in round: 2
Seat 1: Ann ($2)
Seat 2: Bob ($2)
Ann posts ante $0.02
Bob posts ante $0.02
---
Dealing pocket cards
Dealing to Ann: [2h, 3h, 4d]
Dealing to Bob: [-, -, Kc]
Bob big bring in $0.10
Ann raises $0.10 to $0.20
Bob calls $0.10
---
Dealing 4th street
Dealing to Ann: [6c]
Dealing to Bob: [5h]
Ann bets $0.10
Bob folds
---
Summary:
Main pot: $0.44 won by Ann ($0.42)
Rake taken: $0.02
Seat 1: Ann ($2.20), net: +$0.20
Seat 2: Bob ($1.78), net: -$0.22
***** End of hand R5-90000002-1 *****
"""


def test_razz_with_a_big_bring_in_and_an_uncalled_bet_replays_to_the_chip():
    record = only(RAZZ)
    assert (record.game, record.hero, record.ante) == ("razz", "Ann", 2)
    assert [(a.street, a.player, a.kind, a.amount) for a in record.actions] == [
        (0, "Bob", "complete", 10),  # the bring-in player completes at once
        (0, "Ann", "raise", 20),
        (0, "Bob", "call", 10),
        (1, "Ann", "bet", 10),
        (1, "Bob", "fold", None),
    ]
    report = replay(record)
    assert report.matched, report.line()
    assert report.hand is not None
    returned = [e for e in report.hand.events if isinstance(e, UncalledBetReturned)]
    assert [(e.seat, e.amount) for e in returned] == [(0, 10)]
    assert report.notes == [
        "the bring-in (the bring-in player completed at once) is not stated; taken as 3, "
        "which no fact depends on"
    ]


def test_a_bring_in_on_the_wrong_up_card_is_named():
    text = RAZZ.replace("Dealing to Bob: [-, -, Kc]", "Dealing to Bob: [-, -, 2c]")
    assert replay(only(text)).difference == (
        "line 14: Bob brings in or completes first; ours: Ann (R3.1, R3.2)"
    )


# Stud Hi/Lo, three players: Ann all in on fifth street for $0.08 (a short bet, R2.11), so
# the main pot is three-way and the side pot Bob's and Cy's (R5.4); Ann's kings take the
# main pot's high half, Cy's two pair the side pot's, Bob's 8-5-3-2-A both low halves
# (R5.5), each written with its half.
HI_LO = """\
***** History for hand R5-90000001-1 *****
Start hand: Tue Sep 14 20:00:00 GMT+0100 2010
Table: Boston [90000001] (LIMIT SEVEN_CARD_STUD_HI_LO $0.10/$0.20, ante: $0.02, Real money)
User: Bob
Players in round: 3
Seat 1: Ann ($0.30)
Seat 2: Bob ($5)
Seat 3: Cy ($5)
Ann posts ante $0.02
Bob posts ante $0.02
Cy posts ante $0.02
---
Dealing pocket cards
Dealing to Ann: [-, -, Kd]
Dealing to Bob: [Ac, 3d, 2c]
Dealing to Cy: [-, -, 9h]
Bob small bring in $0.05
Cy calls $0.05
Ann bets $0.10
Bob calls $0.05
Cy calls $0.05
---
Dealing 4th street
Dealing to Ann: [Qd]
Dealing to Bob: [5h]
Dealing to Cy: [9c]
Cy checks
Ann bets $0.10
Bob calls $0.10
Cy calls $0.10
---
Dealing 5th street
Dealing to Ann: [Jc]
Dealing to Bob: [8c]
Dealing to Cy: [Jd]
Cy checks
Ann bets $0.08 and is all-in
Bob calls $0.08
Cy calls $0.08
---
Dealing 6th street
Dealing to Ann: [6s]
Dealing to Bob: [Qh]
Dealing to Cy: [4h]
Cy bets $0.20
Bob calls $0.20
---
Dealing river
Dealing to Bob: [Qc]
Cy checks
Bob checks
---
Summary:
Main pot: $0.90 won by Ann ($0.45 High), Bob ($0.45 Low)
Side pot 1: $0.40 won by Cy ($0.20 High), Bob ($0.20 Low)
Rake taken: $0
Seat 1: Ann ($0.45), net: +$0.15, [Kh, Ks, Kd, Qd, Jc, 6s, 7d] (THREE_OF_A_KIND KING)
Seat 2: Bob ($5.15), net: +$0.15, [Ac, 3d, 2c, 5h, 8c, Qh, Qc] (ONE_PAIR QUEEN)
Seat 3: Cy ($4.70), net: -$0.30, [Td, Ts, 9h, 9c, Jd, 4h, Kc] (TWO_PAIR TEN, NINE)
***** End of hand R5-90000001-1 *****
"""


def test_stud_hi_lo_all_in_with_a_side_pot_split_high_and_low_replays_to_the_chip():
    record = only(HI_LO)
    assert record.game == "stud_hilo"
    assert [(a.street, a.player, a.kind, a.amount) for a in record.actions if a.all_in] == [
        (2, "Ann", "bet", 8)
    ]
    assert [(c.player, c.amount, c.pot, c.half) for c in record.collected] == [
        ("Ann", 45, "main pot", "high"),
        ("Bob", 45, "main pot", "low"),
        ("Cy", 20, "side pot", "high"),
        ("Bob", 20, "side pot", "low"),
    ]
    assert record.total_pot == 130
    assert set(record.shows) == {"Ann", "Bob", "Cy"}
    report = replay(record)
    assert report.matched, report.line()
    assert report.hand is not None
    assert [pot.amount for pot in report.hand.pots] == [90, 40]
    assert report.notes == []


def test_a_half_given_to_the_wrong_player_is_named():
    text = HI_LO.replace("Cy ($0.20 High), Bob ($0.20 Low)", "Bob ($0.20 High), Cy ($0.20 Low)")
    assert replay(only(text)).difference == (
        "line 55: Bob collects from the high side pot; ours does not (R5.4, R5.5)"
    )


# A tournament's chips; everyone folds to the bring-in, whose 10 go back (R2.4, R2.10).
TOURNAMENT = """\
***** History for hand R5-90000003-1 (TOURNAMENT: "Stud Freeroll", T5-555-1, buy-in: $0) *****
Start hand: Tue Sep 14 21:00:00 GMT+0100 2010
Table: Freeroll 7 [90000003] (LIMIT SEVEN_CARD_STUD 20/40, ante: 4, Chips)
User: Ann
Players in round: 2
Seat 1: Ann (1500)
Seat 3: Cy (1,200)
Ann posts ante 4
Cy posts ante 4
---
Dealing pocket cards
Dealing to Ann: [Ac, Kd, 7s]
Dealing to Cy: [-, -, 2d]
Cy small bring in 10
Ann folds
---
Summary:
Main pot: 8 won by Cy (8)
Rake taken: 0
Seat 1: Ann (1496), net: -4
Seat 3: Cy (1,204), net: +4
***** End of hand R5-90000003-1 *****
"""


def test_a_tournament_hand_is_in_chips():
    record = only(TOURNAMENT)
    assert (record.tournament, record.currency, record.scale) == ("T5-555-1", None, 1)
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (20, 40, 4, 10)
    report = replay(record)
    assert report.matched, report.line()


HOLDEM = """\
***** History for hand R5-90000004-1 *****
Start hand: Tue Sep 14 21:05:00 GMT+0100 2010
Table: Paris [90000004] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real money)
User: Ann
Button: seat 1
Players in round: 2
Seat 1: Ann ($10)
Seat 2: Bob ($10)
Ann posts small blind ($0.05)
Bob posts big blind ($0.10)
---
Dealing pocket cards
Dealing to Ann: [Ah, Ad]
Ann folds
---
Summary:
Main pot: $0.10 won by Bob ($0.10)
Rake taken: $0
Seat 1: Ann ($9.95), net: -$0.05
Seat 2: Bob ($10.05), net: +$0.05
***** End of hand R5-90000004-1 *****
"""


def test_a_mixed_file_skips_hold_em_and_reports_a_broken_hand_by_its_line(tmp_path):
    broken = RAZZ.replace("R5-90000002-1", "R5-90000002-2").replace(
        "Bob calls $0.10", "Bob calls $0.1O"
    )
    path = tmp_path / "ongame.txt"
    path.write_text("".join([RAZZ, HOLDEM, broken, HI_LO]), encoding="utf-8")
    hands = list(iter_history(path))
    assert [type(hand) for hand in hands] == [HandRecord, OtherGame, HistoryError, HandRecord]
    other, error = hands[1], hands[2]
    assert isinstance(other, OtherGame)
    assert other.game == "NO_LIMIT TEXAS_HOLDEM"
    assert str(other) == (
        "OnGame hand #R5-90000004-1, line 32: a hand of NO_LIMIT TEXAS_HOLDEM, "
        "not a fixed-limit stud game"
    )
    # The broken hand begins on line 51: its sixteenth line is 66.
    assert str(error) == "OnGame hand #R5-90000002-2, line 66: cannot read 'Bob calls $0.1O'"
    assert all(replay(hand).matched for hand in hands if isinstance(hand, HandRecord))
    assert [type(hand) for hand in read_history(path)] == [type(hand) for hand in hands]


@pytest.mark.parametrize(
    "table",
    [
        "(POT_LIMIT OMAHA_HI $0.05/$0.10, Real money)",
        "(LIMIT FIVE_CARD_DRAW $0.05/$0.10, Real money)",
        "(NO_LIMIT SEVEN_CARD_STUD $0.05/$0.10, ante: $0.01, Real money)",
    ],
)
def test_games_we_do_not_deal_are_other_games(table):
    text = RAZZ.replace("(LIMIT RAZZ $0.10/$0.20, ante: $0.02, Real money)", table)
    (hand,) = read_ongame(text)
    assert isinstance(hand, OtherGame)
    assert hand.game == " ".join(table[1:].split()[:2])


def test_a_hand_without_its_pots_or_cut_anywhere_is_an_error_not_a_traceback():
    (no_pot,) = read_ongame(RAZZ.replace("Main pot: $0.44 won by Ann ($0.42)\n", ""))
    assert str(no_pot) == "OnGame hand #R5-90000002-1, line 24: no pot in the summary"
    (no_summary,) = read_ongame(RAZZ.split("Summary:")[0])
    assert (
        str(no_summary) == "OnGame hand #R5-90000002-1, line 23: the hand ends before its summary"
    )
    for cut in range(1, len(HI_LO.splitlines())):
        for hand in read_ongame("\n".join(HI_LO.splitlines()[:cut])):
            assert isinstance(hand, HandRecord | HistoryError)
