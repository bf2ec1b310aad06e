"""Everleaf Gaming's hand histories: the shared sample (../shared/handhistories/everleaf,
read where it is) replayed with every fact it states checked, and hands written in the
site's format for what the sample does not hold: Razz and Stud Hi/Lo shown down (their
up cards known, so the rules say who brings in and speaks first, R3.1 and R3.3), an
all-in with a side pot (R5.4), a raise written as what it puts in, a tournament's chips,
a hold'em hand of the same file skipped, a broken hand, and facts changed that the
replay names to the chip.

Everleaf writes nobody's up cards, no uncalled bet, no rake and no total pot: the replay
takes who brings in from the record where the cards are unknown, returns uncalled bets as
the rules do (R2.10), and takes the rake as what the ``wins`` lines leave of the pot.
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
from studpoker.history.everleaf import READER, read_everleaf

SHARED = Path(__file__).parents[2] / ".." / "shared" / "handhistories"
SAMPLE = SHARED / "everleaf" / "7-Stud-USD-0.05-0.10.201107.txt"
needs_sample = pytest.mark.skipif(not SAMPLE.is_file(), reason=f"{SAMPLE} is missing")


def cards(text: str) -> list[Card | None]:
    return [Card.parse(word) for word in text.split(" ")]


def only(text: str) -> HandRecord:
    (record,) = read_everleaf(text)
    assert isinstance(record, HandRecord), record
    return record


# -- the shared sample ---------------------------------------------------------------------


@needs_sample
def test_every_hand_of_the_sample_replays_with_every_fact_matching():
    hands = read_history(SAMPLE)
    assert len(hands) == 19
    assert all(isinstance(hand, HandRecord) for hand in hands), hands
    records = [hand for hand in hands if isinstance(hand, HandRecord)]
    assert {(r.site, r.game, r.small_bet, r.big_bet, r.ante, r.currency) for r in records} == {
        ("Everleaf", "seven_card_stud", 5, 10, 1, "$")
    }
    for record in records:
        report = replay(record)
        assert report.matched, report.line()
        assert report.hand is not None
        assert report.hand.is_over
    assert [len(r.players) for r in records] == [4] * 8 + [3] * 4 + [2] * 7


@needs_sample
def test_the_sample_is_found_by_its_content_read_whole_or_a_hand_at_a_time():
    with SAMPLE.open(encoding="utf-8") as lines:
        assert reader_for(next(lines).rstrip("\r\n")) is READER
    whole = read_history(SAMPLE)
    streamed = list(iter_history(SAMPLE))
    assert [r.number for r in streamed if isinstance(r, HandRecord)] == [
        r.number for r in whole if isinstance(r, HandRecord)
    ]
    assert streamed[0].number == "285997460"  # type: ignore[union-attr]


@needs_sample
def test_the_first_hand_as_read_its_uncalled_bet_returned_and_no_rake():
    record = read_history(SAMPLE)[0]
    assert isinstance(record, HandRecord)
    assert record.played_at == "2011-07-08 00:08:53"
    assert record.table == "Clarkdale 20"
    assert record.players == ["Player1", "Player2", "Player3", "Player4"]
    assert [s.stack for s in record.seats] == [54, 129, 162, 158]
    assert record.bring_in == 2
    assert [(a.street, a.player, a.kind, a.amount) for a in record.actions] == [
        (0, "Player2", "bring_in", 2),
        (0, "Player3", "fold", None),
        (0, "Player4", "call", 2),
        (0, "Player1", "fold", None),
        (1, "Player4", "check", None),
        (1, "Player2", "check", None),
        (2, "Player4", "check", None),
        (2, "Player2", "check", None),
        (3, "Player2", "check", None),
        (3, "Player4", "bet", 10),
        (3, "Player2", "fold", None),
    ]
    assert record.uncalled == []
    assert record.total_pot is None
    report = replay(record)
    assert report.matched
    assert report.hand is not None
    # R2.10: Player4's bet nobody called goes back: the 8 of the antes and third street
    # are what the record says Player4 wins.
    returned = [e for e in report.hand.events if isinstance(e, UncalledBetReturned)]
    assert [(e.seat, e.amount) for e in returned] == [(3, 10)]
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [("Player4", 8, "main pot")]
    assert report.notes == [
        "the up cards are not shown: who brings in or speaks first on third, fourth, "
        "fifth, sixth street is the record's (R3.1 to R3.3 not checked there)"
    ]


@needs_sample
def test_a_raise_is_what_it_puts_in_and_the_rake_is_what_the_wins_leave():
    record = next(
        r for r in read_history(SAMPLE) if isinstance(r, HandRecord) and r.number == "285997876"
    )
    raise_ = next(a for a in record.actions if a.kind == "raise")
    assert (raise_.street, raise_.player, raise_.amount) == (2, "Player2", 20)
    assert record.cards["Player2"] == cards("5d 8d Kd 7d 9d Jh Qc")
    assert record.shows == {"Player2": 102}
    assert record.mucks == {"Player4": 103}
    report = replay(record)
    assert report.matched
    assert report.notes[0] == (
        "the rake is not stated; taken as 8, what the collected lines leave of the pot of 106"
    )


@needs_sample
@pytest.mark.parametrize(
    ("number", "old", "new", "difference"),
    [
        (
            "285997460",
            "Player4 wins $ 0.08 USD from main pot\r\n",
            "Player4 wins $ 0.09 USD from main pot\r\n",
            "line 30: the record's winners collect 9, more than our pot 8",
        ),
        (
            "285997675",
            "Player2 wins $ 0.32 USD from main pot\r\n",
            "Player2 wins $ 0.22 USD from main pot\r\n",
            "line 64: the record's winners collect 22 of our pot 34: the 12 left is more "
            "than a rake the site could take (4 at most)",
        ),
        (
            "285997675",
            "Player2 calls [$ 0.03 USD]",
            "Player2 calls [$ 0.05 USD]",
            "line 52: 'Player2 calls [$ 0.05 USD]': ours costs 3",
        ),
        (
            "285997675",
            "Player3: bets [$ 0.10 USD]\r\nPlayer2 calls [$ 0.10 USD]",
            "Player3: bets [$ 0.05 USD]\r\nPlayer2 calls [$ 0.05 USD]",
            "line 58: 'Player3: bets [$ 0.05 USD]': ours allows check, fold, bet to 10",
        ),
        (
            "285999845",  # both hands shown: the up cards say who speaks first (R3.3)
            "**** dealing 5th street ****\r\nPlayer2: bets [$ 0.10 USD]\r\n"
            "Player3 calls [$ 0.10 USD]\r\n**** dealing 6th street ****\r\nPlayer2: bets",
            "**** dealing 5th street ****\r\nPlayer3: bets [$ 0.10 USD]\r\n"
            "Player2 calls [$ 0.10 USD]\r\n**** dealing 6th street ****\r\nPlayer2: bets",
            "line 411: Player3 acts; ours has Player2 to act (R3.3)",
        ),
    ],
)
def test_a_fact_changed_in_the_sample_is_named_to_the_chip(number, old, new, difference):
    text = SAMPLE.read_bytes().decode("utf-8")
    start = text.index(f"Everleaf Gaming Game #{number}")
    end = text.find("Everleaf Gaming Game #", start + 1)
    hand = text[start:end]
    assert hand.count(old) == 1, old
    text = text[:start] + hand.replace(old, new) + text[end:]
    (record,) = [r for r in read_everleaf(text) if isinstance(r, HandRecord) and r.number == number]
    assert replay(record).difference == difference


# -- hands written in Everleaf's format ---------------------------------------------------

# Razz heads-up, both hands shown: every up card is known, so the rules decide who brings
# in (R3.1: Bob's king, the highest) and who speaks first (R3.3: Ann's lower board).  On
# third street Bob, in for the $0.05 bring-in, "raises [$ 0.15 USD]": to $0.20.
RAZZ = """\
Everleaf Gaming Game #300000001\r
***** Hand history for game #300000001 *****\r
$0.10/$0.20 Razz - 2011/07/09 - 20:00:00\r
Table Hartford 3\r
Total number of players: 2\r
Seat 1: Ann (  $ 2 USD )\r
Seat 2: Bob (  $ 2 USD )\r
Ann: posts ante [$ 0.02 USD]\r
Bob: posts ante [$ 0.02 USD]\r
** Dealing down cards **\r
Dealt to Ann [ 2h, 3h, 4d ]\r
Bob posts bring-in $0.05.\r
Ann completes to $0.10.\r
Bob raises [$ 0.15 USD]\r
Ann calls [$ 0.10 USD]\r
**** dealing 4th street ****\r
Dealt to Ann [ 6c ]\r
Ann: bets [$ 0.10 USD]\r
Bob raises [$ 0.20 USD]\r
Ann calls [$ 0.10 USD]\r
**** dealing 5th street ****\r
Dealt to Ann [ 7s ]\r
Ann: bets [$ 0.20 USD]\r
Bob calls [$ 0.20 USD]\r
**** dealing 6th street ****\r
Dealt to Ann [ 9d ]\r
Ann checks\r
Bob checks\r
**** dealing river **** \r
Dealt to Ann [ Ts ]\r
Ann checks\r
Bob: bets [$ 0.20 USD]\r
Ann calls [$ 0.20 USD]\r
Bob shows [ Qs, Jd, Kc, 5h, Ah, 8s, 3c ] J, 8, 5, 3, A\r
Ann shows [ 2h, 3h, 4d, 6c, 7s, 9d, Ts ] 7, 6, 4, 3, 2\r
Ann wins $ 1.58 USD from main pot with 7, 6, 4, 3, 2 [ 7s, 6c, 4d, 3h, 2h ]\r
\r
\r
\r
"""


def test_razz_shown_down_replays_with_the_rules_choosing_who_acts():
    record = only(RAZZ)
    assert (record.game, record.small_bet, record.big_bet, record.ante) == ("razz", 10, 20, 2)
    assert [(a.street, a.player, a.kind, a.amount) for a in record.actions[:4]] == [
        (0, "Bob", "bring_in", 5),
        (0, "Ann", "complete", 10),
        (0, "Bob", "raise", 20),  # in for 5, it puts in 15 more
        (0, "Ann", "call", 10),
    ]
    assert record.cards["Ann"] == cards("2h 3h 4d 6c 7s 9d Ts")
    report = replay(record)
    assert report.matched, report.line()
    # The rules chose who acts on every street: only the rake is the record's silence.
    assert report.notes == [
        "the rake is not stated; taken as 6, what the collected lines leave of the pot of 164"
    ]
    assert report.hand is not None
    assert report.hand.result is not None
    assert report.hand.result.net == (164 - 82, -82)


def test_razz_with_the_bring_in_on_the_wrong_player_is_named():
    # Bob's up card a deuce: Ann's four is then the highest, and hers the bring-in (R3.1).
    text = RAZZ.replace("[ Qs, Jd, Kc,", "[ Qs, Jd, 2c,")
    report = replay(only(text))
    assert report.difference == "line 12: Bob brings in or completes first; ours: Ann (R3.1, R3.2)"


# Stud Hi/Lo, three players: Ann all in on fifth street for $0.08 (a short bet, R2.11), so
# the main pot is three-way and the side pot Bob's and Cy's (R5.4); Ann's kings take the
# main pot's high half, Cy's two pair the side pot's, Bob's 8-5-3-2-A both low halves
# (R5.5).  No rake: the wins add up to the pot.
HI_LO = """\
Everleaf Gaming Game #300000002
***** Hand history for game #300000002 *****
$0.10/$0.20 7 Card Stud Hi/Lo - 2011/07/09 - 20:10:00
Table Hartford 4
Total number of players: 3
Seat 1: Ann (  $ 0.30 USD )
Seat 2: Bob (  $ 5 USD )
Seat 3: Cy (  $ 5 USD )
Ann: posts ante [$ 0.02 USD]
Bob: posts ante [$ 0.02 USD]
Cy: posts ante [$ 0.02 USD]
** Dealing down cards **
Dealt to Bob [ Ac, 3d, 2c ]
Bob posts bring-in $0.05.
Cy calls [$ 0.05 USD]
Ann completes to $0.10.
Bob calls [$ 0.05 USD]
Cy calls [$ 0.05 USD]
**** dealing 4th street ****
Dealt to Bob [ 5h ]
Cy checks
Ann: bets [$ 0.10 USD]
Bob calls [$ 0.10 USD]
Cy calls [$ 0.10 USD]
**** dealing 5th street ****
Dealt to Bob [ 8c ]
Cy checks
Ann: bets [$ 0.08 USD]
Bob calls [$ 0.08 USD]
Cy calls [$ 0.08 USD]
**** dealing 6th street ****
Dealt to Bob [ Qh ]
Cy: bets [$ 0.20 USD]
Bob calls [$ 0.20 USD]
**** dealing river ****
Dealt to Bob [ Qc ]
Cy checks
Bob checks
Ann shows [ Kh, Ks, Kd, Qd, Jc, 6s, 7d ] three of a kind, kings
Bob shows [ Ac, 3d, 2c, 5h, 8c, Qh, Qc ] a pair of queens, 8, 5, 3, 2, A for low
Cy shows [ Td, Ts, 9h, 9c, Jd, 4h, Kc ] two pair, tens and nines
Ann wins $ 0.45 USD from main pot with three of a kind, kings [ Kh, Ks, Kd, Qd, Jc ]
Bob wins $ 0.45 USD from main pot with 8, 5, 3, 2, A [ 8c, 5h, 3d, 2c, Ac ]
Cy wins $ 0.20 USD from side pot 1 with two pair, tens and nines [ Td, Ts, 9h, 9c, Kc ]
Bob wins $ 0.20 USD from side pot 1 with 8, 5, 3, 2, A [ 8c, 5h, 3d, 2c, Ac ]
"""


def test_stud_hi_lo_all_in_with_a_side_pot_replays_to_the_chip():
    record = only(HI_LO)
    assert record.game == "stud_hilo"
    ann_all_in = [a for a in record.actions if a.player == "Ann" and a.all_in]
    assert [(a.street, a.kind, a.amount) for a in ann_all_in] == [(2, "bet", 8)]
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [
        ("Ann", 45, "main pot"),
        ("Bob", 45, "main pot"),
        ("Cy", 20, "side pot"),
        ("Bob", 20, "side pot"),
    ]
    report = replay(record)
    assert report.matched, report.line()
    assert report.hand is not None
    assert [pot.amount for pot in report.hand.pots] == [90, 40]
    assert report.notes == []  # every up card shown, and no rake left over


def test_a_share_of_a_split_pot_changed_is_named_with_the_chips():
    text = HI_LO.replace("Ann wins $ 0.45", "Ann wins $ 0.47").replace(
        "Bob wins $ 0.45", "Bob wins $ 0.43"
    )
    assert replay(only(text)).difference == "line 42: Ann collects 47 in the record; ours 45"


# A tournament's chips (no currency sign), a seat taken by a player not yet dealt in, the
# hero's cards, and the uncalled part of a completion returned (R2.10).
TOURNAMENT = """\
Everleaf Gaming Game #300000003
***** Hand history for game #300000003 *****
10/20 7 Card Stud - 2011/07/09 - 21:00:00
Table 2
Total number of players: 3
Seat 1: Ann (  1,500 )
Seat 2: Bob ( new player )
Seat 3: Cy (  1,200 )
Ann: posts ante [2]
Cy: posts ante [2]
** Dealing down cards **
Dealt to Ann [ Ac, Kd, 7s ]
Cy posts bring-in 5.
Ann completes to 10.
Cy folds
Ann does not show cards
Ann wins 14 from main pot
"""


def test_a_tournament_hand_is_in_chips_and_a_new_player_is_not_dealt_in():
    record = only(TOURNAMENT)
    assert (record.currency, record.scale, record.small_bet, record.big_bet) == (None, 1, 10, 20)
    assert [seat.name for seat in record.seats] == ["Ann", "Cy"]
    assert record.players == ["Ann", "Cy"]
    assert record.cards["Ann"][:3] == [Card.parse("Ac"), Card.parse("Kd"), Card.parse("7s")]
    report = replay(record)
    assert report.matched, report.line()


# A file of three hands: Stud, hold'em (another game: skipped), and a Stud hand broken on
# its twelfth line; the first is still read, and the hold'em hand names its game.
HOLDEM = """\
Everleaf Gaming Game #55198191
***** Hand history for game #55198191 *****
Blinds $0.50/$1 NL Hold'em - 2008/09/01 - 10:02:11
Table Speed Kuala
Seat 8 is the button
Total number of players: 2
Seat 1: spicybum (  $ 77.50 USD )
Seat 8: jay68w (  $ 48.50 USD )
spicybum: posts small blind [$ 0.50 USD]
jay68w: posts big blind [$ 1 USD]
** Dealing down cards **
spicybum folds
jay68w does not show cards
jay68w wins $ 1.50 USD from main pot
"""


def test_a_mixed_file_skips_hold_em_and_reports_a_broken_hand_by_its_line(tmp_path):
    broken = TOURNAMENT.replace("300000003", "300000004").replace(
        "Ann completes to 10.", "Ann completes to ten."
    )
    path = tmp_path / "everleaf.txt"
    path.write_text("\n\n".join([TOURNAMENT, HOLDEM, broken, TOURNAMENT]), encoding="utf-8")
    hands = list(iter_history(path))
    assert [type(hand) for hand in hands] == [HandRecord, OtherGame, HistoryError, HandRecord]
    other, error = hands[1], hands[2]
    assert isinstance(other, OtherGame)
    assert other.game == "NL Hold'em"
    assert str(other) == (
        "Everleaf hand #55198191, line 22: a hand of NL Hold'em, not a fixed-limit stud game"
    )
    # The broken hand begins on line 36: its fourteenth line is 49.
    assert str(error) == "Everleaf hand #300000004, line 49: cannot read 'Ann completes to ten.'"
    assert all(replay(hand).matched for hand in hands if isinstance(hand, HandRecord))
    assert [type(hand) for hand in read_history(path)] == [type(hand) for hand in hands]


@pytest.mark.parametrize(
    ("line", "game"),
    [
        ("$1/$2 7 Card Stud Hi-Lo - 2011/07/09 - 21:00:00", "stud_hilo"),
        ("$1/$2 7 Card Stud Hi/Lo 8 or better - 2011/07/09 - 21:00:00", "stud_hilo"),
        ("$1/$2 Seven Card Stud - 2011/07/09 - 21:00:00", "seven_card_stud"),
        ("$1/$2 Razz - 2011/07/09 - 21:00:00", "razz"),
    ],
)
def test_each_stud_game_name_reads_as_its_game(line, game):
    record = only(TOURNAMENT.replace("10/20 7 Card Stud - 2011/07/09 - 21:00:00", line))
    assert (record.game, record.currency, record.small_bet) == (game, "$", 100)


@pytest.mark.parametrize(
    "game",
    ["$0.50/$1 PL Omaha", "$1/$2 NL 7 Card Stud", "$1/$2 PL Razz", "$1/$2 Hold'em"],
)
def test_games_we_do_not_deal_are_other_games(game):
    text = TOURNAMENT.replace("10/20 7 Card Stud", game)
    (hand,) = read_everleaf(text)
    assert isinstance(hand, OtherGame)
    assert hand.game == game.split(" ", 1)[1]


def test_a_hand_with_no_stakes_line_or_an_unreadable_line_is_an_error_not_a_traceback():
    (no_stakes,) = read_everleaf(TOURNAMENT.replace("10/20 7 Card Stud - ", "10/20 - "))
    assert isinstance(no_stakes, HistoryError)
    assert str(no_stakes) == (
        "Everleaf hand #300000003, line 3: cannot read the game '10/20 - 2011/07/09 - 21:00:00'"
    )
    for cut in range(1, len(RAZZ.splitlines())):
        for hand in read_everleaf("\n".join(RAZZ.splitlines()[:cut])):
            assert isinstance(hand, HandRecord | HistoryError)
