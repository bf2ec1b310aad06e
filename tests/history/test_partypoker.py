"""PartyPoker's text read and replayed (issue 37 point 4): the shared samples (a Seven
Card Stud hand whose file begins and ends with a NUL byte, and a Stud Hi/Lo hand shown
down), and hands written here as PartyPoker writes them for what the samples do not
show: a Stud Hi/Lo pot split between a high and a low hand, a tournament with an all-in
and a side pot, an open pair's double bet, a hold'em hand in the same file skipped, a
broken hand, and facts altered that the replay names.

PartyPoker writes nobody's up cards but the hero's: where they are unknown the replay
takes each street's first actor from the record (RULES.md R3.1 to R3.3 are checked
where every up card is known, as after the others fold and two hands are shown).

The shared files are read where they are, in ``../shared/handhistories/partypoker``
beside the clone (never copied into the project).
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
from studpoker.history.partypoker import READER, read_partypoker

SHARED = Path(__file__).parents[2] / ".." / "shared" / "handhistories" / "partypoker"
STUD_SAMPLE = SHARED / "7-Stud-USD-1-2-201104.txt"
HILO_SAMPLE = SHARED / "7-StudHL-USD-0.50-1.00-201008.txt"
needs_shared = pytest.mark.usefixtures("shared")  # tests/conftest.py: skipped without them


def one(text: str) -> HandRecord:
    (record,) = read_partypoker(text)
    assert isinstance(record, HandRecord), record
    return record


def sample(path: Path) -> str:
    return path.read_bytes().decode("utf-8")


def cards(text: str) -> list[Card | None]:
    return [None if word == "?" else Card.parse(word) for word in text.split()]


# A Stud Hi/Lo pot split: Ann's two pairs take the high half, the hero's seven low the
# low half; Cleo brought in and folded (her cards never shown).
HILO = """\
Game #100 starts.

#Game No : 100
***** Hand History for Game 100 *****
$2/$4 USD 7 Card Stud Hi-Lo - Tuesday, March 01, 21:05:10 EST 2011
Table Stud Hi-Lo 12 (Real Money)
Seat 0 is the button
Total number of players : 3/8 
Seat 4: Cleo ( $80 USD )
Seat 1: Ann ( $100 USD )
Seat 2: Hero ( $60 USD )
Ann posts ante [$0.25 USD]
Hero posts ante [$0.25 USD]
Cleo posts ante [$0.25 USD]
** Dealing **
Dealt to Hero [  Ah 2c 3d ]
Cleo opens
Cleo bring-ins [$0.50 USD]
Ann completes [$2 USD]
Hero calls [$2 USD]
Cleo folds
** Dealing Fourth street **
Dealt to Hero [  4d ]
Ann opens
Ann bets [$2 USD]
Hero raises [$4 USD]
Ann raises [$4 USD]
Hero calls [$2 USD]
** Dealing Fifth street **
Dealt to Hero [  Kc ]
Hero opens
Hero bets [$4 USD]
Ann calls [$4 USD]
** Dealing Sixth street **
Dealt to Hero [  9s ]
Ann opens
Ann checks
Hero checks
** Dealing River **
Dealt to Hero [  7h ]
Ann opens
Ann bets [$4 USD]
Hero calls [$4 USD]
Ann shows [ Kd, Ks, 8s, Jc, Qh, Qd, 5h ]two pairs, Kings and Queens.
Hero shows [ Ah, 2c, 3d, 4d, Kc, 9s, 7h ]a high card, Ace.
Ann wins $16.13 USD from the main pot with two pairs, Kings and Queens.
Hero wins Lo ($16.12 USD) from the main pot with 7, 4, 3, 2, A.
"""  # noqa: W291 (the site's lines as it writes them)

# A tournament (chips, no rake): Bob calls all in on third street; Ann and Cleo make a
# side pot on fourth, Cleo folds to Ann's bet on fifth (the bet nobody called stays in
# what Ann wins), and Bob's full house takes the main pot.
TOURNAMENT = """\
Game #200 starts.

#Game No : 200
***** Hand History for Game 200 *****
FL 7 Card Stud Trny: 5551234 Level: 3 Stakes-Antes(100/200 - 20) - Saturday, May 14, \
22:10:05 EDT 2011
Table  Stud Turbo #5551234 (Real Money)
Seat 0 is the button
Total number of players : 3/8 
Seat 1: Ann ( 1500 )
Seat 2: Bob ( 120 )
Seat 3: Cleo ( 2000 )
Ann posts ante [20]
Bob posts ante [20]
Cleo posts ante [20]
** Dealing **
Dealt to Ann [  Ks Kh 9c ]
Bob opens
Bob bring-ins [30]
Cleo completes [100]
Ann calls [100]
Bob is all-In  [70]
** Dealing Fourth street **
Dealt to Ann [  Kd ]
Cleo opens
Cleo bets [100]
Ann raises [200]
Cleo calls [100]
** Dealing Fifth street **
Dealt to Ann [  4s ]
Ann opens
Ann bets [200]
Cleo folds
** Dealing Sixth street **
Dealt to Ann [  2d ]
** Dealing River **
Dealt to Ann [  3c ]
Bob shows [ 5c, 5d, 5h, Ac, Ad, Jh, 8d ]a full house, Fives full of Aces.
Ann shows [ Ks, Kh, 9c, Kd, 4s, 2d, 3c ]three of a kind, Kings.
Ann wins 600 from the side pot 1 with three of a kind, Kings.
Bob wins 360 from the main pot with a full house, Fives full of Aces.
"""  # noqa: W291

# Bob's open pair of sixes on fourth street allows the double bet (R2.7); Ann calls it
# all in for less, her cards and Bob's are shown, and Bob's "wins" holds the $0.15 of
# his bet nobody called.
DOUBLE = """\
Game #400 starts.

#Game No : 400
***** Hand History for Game 400 *****
$0.50/$1 USD 7 Card Stud - Sunday, May 15, 10:00:00 EDT 2011
Table Table  136419 (Real Money)
Seat 0 is the button
Total number of players : 2/8 
Seat 3: Bob ( $20 USD )
Seat 1: Ann ( $1.40 USD )
Ann posts ante [$0.05 USD]
Bob posts ante [$0.05 USD]
** Dealing **
Dealt to Ann [  Jd Jc 2h ]
Ann opens
Ann bring-ins [$0.25 USD]
Bob completes [$0.50 USD]
Ann calls [$0.25 USD]
** Dealing Fourth street **
Dealt to Ann [  8h ]
Bob opens
Bob double bets [$1 USD]
Ann is all-In  [$0.85 USD]
** Dealing Fifth street **
Dealt to Ann [  3s ]
** Dealing Sixth street **
Dealt to Ann [  9d ]
** Dealing River **
Dealt to Ann [  4c ]
Ann shows [ Jd, Jc, 2h, 8h, 3s, 9d, 4c ]a pair of Jacks.
Bob shows [ Qs, Qd, 6c, 6d, Tc, Th, Ks ]two pairs, Queens and Tens.
Bob wins $2.85 USD from the main pot with two pairs, Queens and Tens.
"""  # noqa: W291

HOLDEM = """\
Game #300 starts.

#Game No : 300
***** Hand History for Game 300 *****
$10 USD NL Texas Hold'em - Saturday, May 14, 22:11:05 EDT 2011
Table Speed #1 (Real Money)
Seat 1 is the button
Total number of players : 2/6 
Seat 1: Ann ( $10 USD )
Seat 2: Bob ( $10 USD )
Ann posts small blind [$0.05 USD].
Bob posts big blind [$0.10 USD].
** Dealing down cards **
Ann folds
Bob wins $0.15 USD
"""  # noqa: W291

# Bob completes and Ann folds: the $0.25 of the completion nobody called is in Bob's
# "wins"; a player listed who posts no ante is not dealt in.
UNCALLED = """\
Game #500 starts.

#Game No : 500
***** Hand History for Game 500 *****
$0.50/$1 USD 7 Card Stud - Sunday, May 15, 10:01:00 EDT 2011
Table Table  136419 (Real Money)
Seat 1: Ann ( $20 USD )
Seat 3: Bob ( $20 USD )
Seat 5: Sam ( $15 USD )
Ann posts ante [$0.05 USD]
Bob posts ante [$0.05 USD]
** Dealing **
Dealt to Ann [  Jd Jc 2h ]
Ann opens
Ann bring-ins [$0.25 USD]
Bob completes [$0.50 USD]
Ann folds
Bob does not show cards.
Bob wins $0.85 USD
"""


# -- the shared samples -------------------------------------------------------------


@needs_shared
def test_every_shared_partypoker_hand_is_read_by_content_and_replays_matched():
    paths = sorted(SHARED.glob("*.txt"))
    hands = [item for path in paths for item in read_history(path)]
    assert len(hands) == 2  # one stud hand a file, no other game among them
    for path in paths:
        assert [type(item) for item in iter_history(path)] == [HandRecord]
    for hand in hands:
        assert isinstance(hand, HandRecord)
        assert hand.site == "PartyPoker"
        report = replay(hand)
        assert report.matched, report.line()
        assert report.hand is not None
        assert report.hand.is_over


@needs_shared
def test_the_stud_sample_begins_and_ends_with_a_nul_and_reads_as_written():
    data = STUD_SAMPLE.read_bytes()
    assert data.startswith(b"\x00Game #10399817763 starts.\r\n")
    assert data.endswith(b"\r\n\x00\r\n")
    assert reader_for("\x00Game #10399817763 starts.") is READER
    (record,) = read_history(STUD_SAMPLE)
    assert isinstance(record, HandRecord)
    assert (record.number, record.line, record.game) == ("10399817763", 1, "seven_card_stud")
    assert (record.currency, record.scale, record.small_bet, record.big_bet) == ("$", 100, 50, 100)
    assert (record.ante, record.bring_in, record.played_at) == (5, 25, "2011-04-25 14:20:12")
    assert record.table == "Table  136419"
    # Seats listed out of order; Player7 posts no ante nor acts: not dealt in.
    assert record.players == ["Player1", "Hero", "Player3", "Player4", "Player5", "Player8"]
    assert record.hero == "Hero"
    assert record.cards["Hero"] == cards("3h 8c 7c 2c ? ? ?")
    assert record.bring_in_claim == ("Hero", 24)  # "Hero opens" on third street
    # What each action puts in, kept as the record's totals: on sixth street Player8
    # bets $1, Player4 raises to $2, Player8 re-raises "[$2 USD]" to $3.
    sixth = [(a.player, a.kind, a.amount) for a in record.actions if a.street == 3]
    assert sixth == [
        ("Player8", "bet", 100),
        ("Player4", "raise", 200),
        ("Player8", "raise", 300),
        ("Player4", "call", 100),
    ]
    # "wins $13.20" holds the $1 bet nobody called on the river: a pot of $12.80 less
    # a rake of $0.60 the record does not state.
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [("Player8", 1320, "pot")]
    assert (record.uncalled, record.total_pot) == ([], None)
    report = replay(record)
    assert report.matched, report.line()
    assert (
        "the rake is not stated; taken as 60, what the collected lines leave of the pot of 1380"
        in report.notes
    )


@needs_shared
def test_the_cp1252_file_with_its_nuls_is_read_by_iter_history(tmp_path: Path):
    # A name the site wrote in cp1252 (not UTF-8), with PartyPoker's NUL bytes.
    data = STUD_SAMPLE.read_bytes().replace(b"Hero", b"H\xe9ro")
    path = tmp_path / "party.txt"
    path.write_bytes(data)
    for items in (read_history(path), list(iter_history(path))):
        (record,) = items
        assert isinstance(record, HandRecord)
        assert "H\u00e9ro" in record.players
        assert replay(record).matched


@needs_shared
def test_the_hi_lo_sample_learns_the_hand_not_shown_and_checks_who_opens():
    (record,) = read_history(HILO_SAMPLE)
    assert isinstance(record, HandRecord)
    assert (record.game, record.small_bet, record.ante, record.bring_in) == ("stud_hilo", 50, 5, 25)
    # "doesn't show [ 5h, 9d, … ]": not shown at the showdown, but its cards are known.
    assert record.cards["strandalleen"] == cards("5h 9d 9c Qc 2h Kc Js")
    assert record.cards["PPPPPositive"] == cards("Ad Qd Ah 2d 7d Th 6d")
    assert (list(record.shows), list(record.mucks)) == (["PPPPPositive"], ["strandalleen"])
    report = replay(record)
    assert report.matched, report.line()
    # From fifth street the two hands left are known: the rules say who speaks first.
    assert (
        "the up cards are not shown: who brings in or speaks first on third, fourth street "
        "is the record's (R3.1 to R3.3 not checked there)"
    ) in report.notes
    altered = sample(HILO_SAMPLE).replace("YMAN1 opens", "Hero opens")
    assert replay(one(altered)).difference == "line 25: Hero brings in; ours: YMAN1 (R3.1, R3.2)"


@needs_shared
def test_an_altered_call_is_the_exact_difference():
    text = sample(STUD_SAMPLE).replace("Player8 calls [$1 USD]", "Player8 calls [$2 USD]")
    report = replay(one(text))
    assert report.difference == "line 42: 'Player8 calls [$2 USD]': ours costs 100"


@needs_shared
def test_winning_more_than_the_pot_is_the_exact_difference():
    text = sample(STUD_SAMPLE).replace("Player8 wins $13.20 USD", "Player8 wins $14 USD")
    report = replay(one(text))
    assert report.difference == "line 54: the record's winners collect 1400, more than our pot 1380"


# -- hands written as PartyPoker writes them ----------------------------------------------


def test_a_hi_lo_pot_split_between_high_and_low_replays():
    record = one(HILO)
    assert (record.game, record.small_bet, record.big_bet, record.ante) == (
        "stud_hilo",
        200,
        400,
        25,
    )
    assert record.players == ["Ann", "Hero", "Cleo"]
    assert record.played_at == "2011-03-01 21:05:10"
    # Fourth street: Ann bets $2, the hero raises to $4, Ann re-raises "[$4 USD]" to $6.
    fourth = [(a.player, a.kind, a.amount) for a in record.actions if a.street == 1]
    assert fourth == [
        ("Ann", "bet", 200),
        ("Hero", "raise", 400),
        ("Ann", "raise", 600),
        ("Hero", "call", 200),
    ]
    assert [(c.player, c.amount, c.pot, c.half) for c in record.collected] == [
        ("Ann", 1613, "main pot", None),
        ("Hero", 1612, "main pot", "low"),
    ]
    assert list(record.shows) == ["Ann", "Hero"]
    report = replay(record)
    assert report.matched, report.line()
    assert report.notes == [
        "the rake is not stated; taken as 100, what the collected lines leave of the pot of 3325",
        "the up cards are not shown: who brings in or speaks first on third street is the "
        "record's (R3.1 to R3.3 not checked there)",
    ]


def test_a_tournament_all_in_with_a_side_pot_replays_exactly():
    record = one(TOURNAMENT)
    assert (record.tournament, record.currency, record.scale) == ("5551234", None, 1)
    assert (record.small_bet, record.big_bet, record.ante, record.rake_stated) == (
        100,
        200,
        20,
        True,
    )
    bob_all_in = record.actions[3]
    assert (bob_all_in.player, bob_all_in.kind, bob_all_in.amount, bob_all_in.all_in) == (
        "Bob",
        "call",
        70,
        True,
    )
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [
        ("Ann", 600, "side pot"),  # the side pot of 400 and the bet of 200 nobody called
        ("Bob", 360, "main pot"),
    ]
    report = replay(record)
    assert report.matched, report.line()
    # No rake in a tournament: every piece is checked, and the pot it comes from.
    swapped = TOURNAMENT.replace("from the side pot 1", "from the main pot ").replace(
        "Bob wins 360 from the main pot", "Bob wins 360 from the side pot 1"
    )
    assert (
        replay(one(swapped)).difference
        == "line 39: Ann collects from the main pot; ours does not (R5.4, R5.5)"
    )


def test_an_open_pairs_double_bet_and_an_all_in_call_replay():
    record = one(DOUBLE)
    assert record.open_pair == [(1, 22)]  # "double bets" on fourth street (R2.7)
    fourth = [(a.player, a.kind, a.amount, a.all_in) for a in record.actions if a.street == 1]
    assert fourth == [("Bob", "bet", 100, False), ("Ann", "call", 85, True)]
    report = replay(record)
    assert report.matched, report.line()
    # Every up card is shown: the rules say who brings in and who opens, and whether a
    # pair shows on fourth street.
    assert not any("up cards" in note for note in report.notes)
    no_pair = DOUBLE.replace("6c, 6d", "6c, 7d")
    assert replay(one(no_pair)).difference == (
        "line 22: the record allows a double bet on an open pair; ours does not (R2.7)"
    )


def test_the_bet_nobody_called_is_in_the_winners_amount():
    record = one(UNCALLED)
    assert record.players == ["Ann", "Bob"]  # Sam posts no ante: sitting out
    assert [(c.player, c.amount) for c in record.collected] == [("Bob", 85)]
    report = replay(record)
    assert report.matched, report.line()
    short = one(UNCALLED.replace("Bob wins $0.85 USD", "Bob wins $0.60 USD"))
    assert replay(short).difference == (
        "line 19: the record's winners collect 60 of our pot 85: the 25 left is more than "
        "a rake the site could take (9 at most)"
    )


def test_a_file_skips_its_hold_em_and_reads_past_a_broken_hand(tmp_path: Path):
    broken = UNCALLED.replace("Bob completes [$0.50 USD]", "Bob completes [$0.50 USD")
    text = "\x00" + HILO + "\n" + HOLDEM + "\n" + broken + "\n" + DOUBLE + "\x00\n"
    path = tmp_path / "party.txt"
    path.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))  # as the site writes
    for items in (read_history(path), list(iter_history(path))):
        assert len(items) == 4
        hilo, holdem, bad, double = items
        assert isinstance(hilo, HandRecord)
        assert isinstance(holdem, OtherGame)
        assert holdem.game == "NL Texas Hold'em"
        assert (
            str(holdem)
            == "PartyPoker hand #300, line 53: a hand of NL Texas Hold'em, not a stud game"
        )
        assert isinstance(bad, HistoryError)
        assert not isinstance(bad, OtherGame)
        assert str(bad) == "PartyPoker hand #500, line 80: cannot read 'Bob completes [$0.50 USD'"
        assert isinstance(double, HandRecord)
        assert double.line == 85
        assert replay(double).matched


def test_a_hand_may_begin_at_any_of_its_number_lines():
    # An older file: no "Game #… starts." line; the next hand begins at its "#Game No".
    older = UNCALLED.replace("Game #500 starts.\n\n", "")
    text = older + DOUBLE.replace("Game #400 starts.\n\n", "")
    first, second = read_partypoker(text)
    assert isinstance(first, HandRecord)
    assert isinstance(second, HandRecord)
    assert (first.number, first.line, second.number, second.line) == ("500", 1, "400", 18)


@pytest.mark.parametrize(
    ("line", "game"),
    [
        ("$10 USD NL Texas Hold'em - Saturday, May 14, 22:11:05 EDT 2011", "NL Texas Hold'em"),
        ("$0.50/$1 USD Omaha Hi-Lo - Saturday, May 14, 22:11:05 EDT 2011", "Omaha Hi-Lo"),
        ("$2 USD PL 7 Card Stud - Saturday, May 14, 22:11:05 EDT 2011", "PL 7 Card Stud"),
    ],
)
def test_a_hand_of_another_game_is_skipped(line: str, game: str):
    text = UNCALLED.replace("$0.50/$1 USD 7 Card Stud - Sunday, May 15, 10:01:00 EDT 2011", line)
    (item,) = read_partypoker(text)
    assert isinstance(item, OtherGame)
    assert item.game == game


def test_a_hand_with_no_winner_is_broken():
    text = UNCALLED.replace("Bob does not show cards.\nBob wins $0.85 USD\n", "Table Closed\n")
    (item,) = read_partypoker(text)
    assert isinstance(item, HistoryError)
    assert str(item) == "PartyPoker hand #500, line 18: the hand ends before anyone wins"
