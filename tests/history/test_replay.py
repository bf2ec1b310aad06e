"""Real hands dealt by PokerStars and Full Tilt, replayed through the engine with
every fact they state checked (RULES.md R2 to R5, R7.4).

The records are read where they are, in ``../shared/handhistories`` beside the
clone (never copied into the project); without that folder these tests report
themselves skipped, with the reason.  The other tests change a real record one
fact at a time and check that the replay names that line and fact.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import read_sites_files
from studpoker.cards import Card
from studpoker.history import HandRecord, HistoryError, OtherGame, read_history, replay

SHARED = Path(__file__).parents[2] / ".." / "shared" / "handhistories"
FILES = read_sites_files(SHARED) if SHARED.is_dir() else []


needs_shared = pytest.mark.usefixtures("shared")


def records(path: Path) -> list[HandRecord]:
    """The stud hands of a file: every hand read but those of other games (KingsClub's
    2-7 Razz), none unreadable."""
    hands = [hand for hand in read_history(path) if not isinstance(hand, OtherGame)]
    assert all(isinstance(hand, HandRecord) for hand in hands), hands
    return [hand for hand in hands if isinstance(hand, HandRecord)]


def text_of(name: str) -> str:
    data = (SHARED / name).read_bytes()
    return data.decode("utf-16" if data[:2] == b"\xff\xfe" else "utf-8-sig")


@needs_shared
def test_the_shared_folder_holds_83_stud_hands_of_eleven_sites():
    hands = [hand for path in FILES for hand in records(path)]
    assert len(hands) == 83
    by_site = Counter(hand.site for hand in hands)
    assert by_site == {
        "PokerStars": 32, "Full Tilt": 10, "Everleaf": 19, "Bovada": 5, "OnGame": 4,
        "iPoker": 3, "Winamax": 2, "WPN": 2, "KingsClub": 2, "Merge": 2, "PartyPoker": 2,
    }  # fmt: skip
    assert {(hand.site, hand.game) for hand in hands} >= {
        (site, game)
        for site in ("PokerStars", "Full Tilt")
        for game in ("seven_card_stud", "stud_hilo", "razz")
    }
    assert ("iPoker", "five_card_stud") in {(hand.site, hand.game) for hand in hands}
    others = [h for path in FILES for h in read_history(path) if isinstance(h, OtherGame)]
    assert [other.game for other in others] == ["Limit 2-7 Razz"]


@needs_shared
# Without the records one case stands for them all (skipped, or under CI failed).
@pytest.mark.parametrize("path", FILES or [SHARED], ids=lambda path: path.name)
def test_every_real_hand_replays_with_every_fact_matching(path: Path):
    for record in records(path):
        report = replay(record)
        assert report.matched, report.line()
        assert report.checked >= 7
        assert report.hand is not None
        assert report.hand.is_over


@needs_shared
def test_r3_2_the_bring_in_passes_over_the_player_all_in_on_the_ante():
    (record,) = records(SHARED / "pokerstars/7-StudHL-USD-0.98-0.12-202302.allin.ante.txt")
    report = replay(record)
    assert report.matched
    hand = report.hand
    assert hand is not None
    assert record.players[5] == "Hero"
    assert hand.starting_stacks[5] == 40
    assert record.actions[0].text == "Player5: brings in for 60"
    # The side pot of the players with chips, and the main pot Hero scoops (R5.4, R5.5).
    assert [pot.amount for pot in hand.pots] == [320, 300]
    assert hand.result.net[5] == 320 - 40


@needs_shared
def test_r7_4_eight_players_on_seventh_street_share_a_community_card():
    (record,) = records(SHARED / "pokerstars/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt")
    assert str(record.community) == "6h"
    report = replay(record)
    assert report.matched
    assert report.hand is not None
    assert [str(c) for c in report.hand.community] == ["6h"]


@needs_shared
def test_rake_comes_off_the_collected_amounts_in_proportion():
    (record,) = records(SHARED / "pokerstars/7-StudHL-USD-400-800-201701.3bet.fix.txt")
    assert (record.total_pot, record.rake, record.collected[0].amount) == (332000, 200, 331800)
    assert replay(record).matched


@needs_shared
def test_full_tilt_short_bring_in_heads_up_is_called_for_what_it_put_in():
    """R2.4: "Villain brings in for 9, and is all in" / "Hero calls 9"."""
    (record,) = records(SHARED / "fulltilt/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt")
    assert [(a.player, a.kind, a.amount, a.all_in) for a in record.actions] == [
        ("Villain", "bring_in", 9, True),
        ("Hero", "call", 9, False),
    ]
    report = replay(record)
    assert report.matched
    assert report.notes == [
        "the bring-in (posted all in, called for what it put in) is not stated; "
        "taken as the 9 posted, which no fact depends on"
    ]


@needs_shared
def test_a_down_card_the_site_wrote_unreadably_is_unknown_and_noted():
    (record,) = records(SHARED / "pokerstars/Triple-Stud-USD-2.00-0.20-MTT-201301.txt")
    report = replay(record)
    assert report.matched
    assert report.notes == [
        "line 46: Hero's down card 'of' is not a card; taken as unknown",
        "Hero shows without their card 7; replayed with 2c, the unseen card that helps the "
        "hand least",
    ]


# -- a changed record: the replay names the line and the fact ------------------------------

STARS_RAZZ = "pokerstars/Razz-8max-USD-200-15-201009.bracket.in.alias.txt"


def changed(name: str, old: str, new: str) -> HandRecord:
    text = text_of(name)
    assert text.count(old) == 1, old
    (record,) = read_history(text.replace(old, new))
    assert isinstance(record, HandRecord), record
    return record


@needs_shared
@pytest.mark.parametrize(
    ("old", "new", "difference"),
    [
        (
            "Player5: brings in for 15",
            "Player4: brings in for 15",
            "line 28: Player4 brings in or completes first; ours: Player5 (R3.1, R3.2)",
        ),
        (
            "PC [Mittel]: raises 35 to 50",
            "PC [Mittel]: raises 35 to 60",
            "line 29: 'PC [Mittel]: raises 35 to 60': ours allows fold, call 15, complete to 50",
        ),
        (
            "Player2: calls 50\r\nPC [Mittel]: calls 50\r\n*** 4th",
            "Player2: calls 40\r\nPC [Mittel]: calls 50\r\n*** 4th",
            "line 40: 'Player2: calls 40': ours costs 50",
        ),
        (
            "PC [Mittel]: checks \r\nHero: bets 100",
            "Hero: bets 100\r\nPC [Mittel]: checks ",
            "line 53: Hero acts; ours has PC [Mittel] to act (R3.3)",
        ),
        (
            "Betting is capped",
            "Betting is capped\r\nPlayer2: raises 50 to 250",
            "line 40: 'Player2: raises 50 to 250': ours allows fold, call 50",
        ),
        (
            "PC [Mittel] collected 1145 from pot",
            "PC [Mittel] collected 1144 from pot",
            "line 73: PC [Mittel] collects 1144 in the record; ours 1145",
        ),
        (
            "Total pot 1145 | Rake 0",
            "Total pot 1150 | Rake 0",
            "line 75: total pot 1150 in the record, 1145 in ours",
        ),
        (
            "Player0: posts the ante 10",
            "Player0: posts the ante 5",
            "line 11: Player0 posts an ante of 5; ours posts 10 (R2.2)",
        ),
        (
            "PC [Mittel]: calls 50\r\n*** 4th",
            "*** 4th",
            "line 45: Hero acts on fourth street; ours is on third street",
        ),
        (
            "Hero: bets 50\r\n",
            "Hero: bets 50 and is all-in\r\n",
            "line 46: Hero is all in in the record, not in ours",
        ),
        (
            "Seat 4: Player2 (5405 in chips)",
            "Seat 4: Player2 (260 in chips)",
            "line 47: Player2 is not all in in the record, in ours",
        ),
        (
            "Player2: raises 50 to 150\r\n",
            "Player2: raises 50 to 150\r\nBetting is capped\r\n",
            "line 34: the record says the betting is capped; ours is not (R2.5)",
        ),
        (
            "PC [Mittel]: checks \r\n*** SHOW DOWN",
            "PC [Mittel]: checks \r\nHero: checks \r\n*** SHOW DOWN",
            "line 69: 'Hero: checks', but our betting is over",
        ),
        (
            "PC [Mittel]: checks \r\n*** SHOW DOWN",
            "*** SHOW DOWN",
            "line 73: the record's betting ends, but ours has PC [Mittel] to act on seventh street",
        ),
    ],
)
def test_a_changed_fact_is_the_first_difference_with_its_line(old, new, difference):
    assert replay(changed(STARS_RAZZ, old, new)).difference == difference


@needs_shared
def test_a_losing_hand_shown_instead_of_mucked_changes_no_fact():
    """R5.3: a player who cannot win may muck, or show."""
    record = changed(
        STARS_RAZZ, "Player2: mucks hand", "Player2: shows [3s 8c 4h Qs Ah Td Qh] (Lo: Q,T,8,4,A)"
    )
    report = replay(record)
    assert report.matched, report.line()
    assert report.hand is not None
    assert report.hand.result.shown[3][0][0] == Card.parse("3s")


@needs_shared
def test_an_uncalled_bet_the_record_leaves_out_is_a_difference():
    record = changed(
        "fulltilt/7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt",
        "Uncalled bet of $4 returned to Hero\n",
        "",
    )
    assert replay(record).difference == (
        "line 43: uncalled bets returned: the record [], ours [('Hero', 400)] (R2.10)"
    )


@needs_shared
def test_a_missing_open_pair_double_bet_is_a_difference():
    """R2.7: PokerStars writes "Pair on board - a double bet is allowed" in 7-stud;
    without the option the record's big bet on fourth street is refused."""
    (record, *_) = [
        r
        for r in records(SHARED / "pokerstars/7-Stud-USD-0.04-0.08-200911.txt")
        if r.open_pair and any(a.street == 1 and a.amount == 8 for a in r.actions)
    ]
    assert replay(record).matched
    report = replay(record, open_pair_double=False)
    assert report.difference is not None
    assert "double bet on an open pair" in report.difference


# -- bad input: a clear error naming the hand and the line; other hands still read ---------

GOOD = """PokerStars Game #1:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:31:45 ET
Table 'Gotha II' 8-max
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


def three_hands(middle: str) -> list[HandRecord | HistoryError]:
    second = middle.replace("Game #1:", "Game #2:")
    return read_history(GOOD + "\n" + second + "\n" + GOOD.replace("Game #1:", "Game #3:"))


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            "Razz Limit",
            "Hold'em No Limit",
            "PokerStars hand #2, line 17: not a fixed-limit stud game: "
            '"Hold\'em No Limit ($0.04/$0.08 USD) - 2009/11/26 10:31:45 ET"',
        ),
        (
            "Dealt to Bob [3d]",
            "Dealt to Bob [3x]",
            "PokerStars hand #2, line 25: '3x' is not a card",
        ),
        (
            "*** SUMMARY ***\nTotal pot $0.02 | Rake $0\n",
            "",
            "PokerStars hand #2, line 29: the hand ends before its summary",
        ),
        (
            "Bob: folds",
            "Bob: dances",
            "PokerStars hand #2, line 27: cannot read 'Bob: dances'",
        ),
        (
            "Dealt to Bob [3d]",
            "Dealt to Bob [Kc]",
            "PokerStars hand #2, line 25: Kc is dealt twice",
        ),
    ],
)
def test_bad_input_is_an_error_naming_the_hand_and_line_and_the_others_still_read(old, new, error):
    first, second, third = three_hands(GOOD.replace(old, new))
    assert isinstance(first, HandRecord)
    assert isinstance(third, HandRecord)
    assert replay(first).matched
    assert replay(third).matched
    assert isinstance(second, HistoryError)
    assert str(second) == error


def test_an_impossible_action_is_the_first_difference():
    (record,) = read_history(GOOD.replace("Bob: folds", "Bob: raises $0.06 to $0.08"))
    assert isinstance(record, HandRecord)
    assert replay(record).difference == (
        "line 11: 'Bob: raises $0.06 to $0.08': ours allows fold, call 2, complete to 4"
    )


def test_a_file_in_utf16_with_windows_line_ends_reads_as_the_same_hand():
    data = ("\ufeff" + GOOD.replace("\n", "\r\n")).encode("utf-16-le")
    (record,) = read_history(data)
    assert isinstance(record, HandRecord)
    assert (record.players, record.total_pot) == (["Ann", "Bob"], 2)
    assert replay(record).matched


def test_text_that_holds_no_hand_is_an_error():
    with pytest.raises(HistoryError, match="no hand of any site we read"):
        read_history("hello")


@needs_shared
def test_hands_of_the_same_stakes_share_one_spec_and_options_make_their_own():
    """A spec is immutable: the replays of a file's hands at the same stakes share one,
    and options on top of the site's make another (never the shared one changed)."""
    first, second, *_ = records(SHARED / "pokerstars/Razz-USD-0.04-0.08-200911.txt")
    spec = replay(first).hand.spec
    assert replay(second).hand.spec is spec
    assert replay(first, odd_chip="seat").hand.spec.odd_chip == "seat"
    assert replay(first).hand.spec is spec
    assert spec.odd_chip == "suit"
