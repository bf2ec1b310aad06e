"""Winamax's text read and replayed (issue 37 point 4): the shared samples (a euro cash
hand of an 8-Game table, and a play-money export that writes no "Dealt to" line and
names its streets ``*** THIRD ***``), and hands written here as Winamax writes them
for what the samples do not show: Stud Hi/Lo with an all-in and a side pot, a Razz
tournament where a bet nobody called is collected with the pot, an all-in called for
less whose excess is a side pot of its own, the bring-in player's raise, a mixed
table's hold'em hand skipped, a broken hand, and facts altered that the replay names.

The shared files are read where they are, in ``../shared/handhistories/winamax``
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
from studpoker.history.record import learn_dealt
from studpoker.history.winamax import READER, read_winamax

SHARED = Path(__file__).parents[2] / ".." / "shared" / "handhistories" / "winamax"
CASH_SAMPLE = SHARED / "7-Stud-6max-EUR-25-50-201611._8games_.txt"
PLAY_SAMPLE = SHARED / "7-Stud-6max-play-0.5-0.10-201606.export.txt"
needs_shared = pytest.mark.usefixtures("shared")  # tests/conftest.py: skipped without them


def cards(text: str) -> list[Card | None]:
    return [None if word == "?" else Card.parse(word) for word in text.split()]


def one(text: str) -> HandRecord:
    (record,) = read_winamax(text)
    assert isinstance(record, HandRecord), record
    return record


HILO = """\
Winamax Poker - CashGame - HandId: #9250793-471-1478990900 - 7-Card Stud Hi/Lo fixed limit (0.25€/1€/2€) - 2016/11/12 22:48:20 UTC
Table: 'Pampelune' 6-max (real money)
Seat 1: Ann (50€)
Seat 3: Bob (30€)
Seat 5: Cy (10€)
*** ANTE/BLINDS ***
Ann posts ante 0.25€
Bob posts ante 0.25€
Cy posts ante 0.25€
*** 3rd STREET ***
Dealt to Ann [Ah 2c 3d]
Dealt to Bob [X X Kc]
Dealt to Cy [X X 7s]
Ann brings in 0.50€
Bob raises 1€ to 1€
Cy calls 1€
Ann calls 0.50€
*** 4th STREET ***
Dealt to Ann [Ah 2c 3d] [5h]
Dealt to Bob [X X Kc] [Kd]
Dealt to Cy [X X 7s] [8s]
Bob bets 1€
Cy calls 1€
Ann calls 1€
*** 5th STREET ***
Dealt to Ann [Ah 2c 3d 5h] [4c]
Dealt to Bob [X X Kc Kd] [9h]
Dealt to Cy [X X 7s 8s] [6s]
Bob bets 2€
Cy calls 2€
Ann raises 2€ to 4€
Bob calls 2€
Cy calls 2€
*** 6th STREET ***
Dealt to Ann [Ah 2c 3d 5h 4c] [Jd]
Dealt to Bob [X X Kc Kd 9h] [9c]
Dealt to Cy [X X 7s 8s 6s] [5s]
Bob bets 2€
Cy calls 2€
Ann calls 2€
*** 7th STREET ***
Dealt to Ann [Ah 2c 3d 5h 4c Jd] [Qs]
Dealt to Bob [X X Kc Kd 9h 9c] [X]
Dealt to Cy [X X 7s 8s 6s 5s] [X]
Bob bets 2€
Cy calls 1.75€ and is all-in
Ann calls 2€
*** SHOW DOWN ***
Bob shows [As Ad Kc Kd 9h 9c Ac] (Full of Aces by Kings)
Ann shows [Ah 2c 3d 5h 4c Jd Qs] (Straight Five high - Low: 5-4-3-2-A)
Cy shows [Ts Th 7s 8s 6s 5s 2d] (Flush Ten high - Low: 8-7-6-5-2)
Bob collected 14.25€ from main pot
Ann collected 14.25€ from main pot
Bob collected 0.25€ from side pot 1
Ann collected 0.25€ from side pot 1
*** SUMMARY ***
Total pot 29€ | Rake 1.50€
Seat 1: Ann showed [Ah 2c 3d 5h 4c Jd Qs] and won 14.50€ with Straight Five high - Low: 5-4-3-2-A
Seat 3: Bob showed [As Ad Kc Kd 9h 9c Ac] and won 14.50€ with Full of Aces by Kings
Seat 5: Cy showed [Ts Th 7s 8s 6s 5s 2d] and lost with Flush Ten high - Low: 8-7-6-5-2
"""  # noqa: E501 (the site's lines as it writes them)


RAZZ = """\
Winamax Poker - Tournament "Razz Party" buyIn: 4.50€ + 0.50€ level: 3 - HandId: #612345678901-17-1478990000 - Razz fixed limit (10/40/80) - 2016/11/12 22:40:00 UTC
Table: 'Razz Party(123456789)#002' 8-max (real money)
Seat 2: Dan (1500, 2€ bounty)
Seat 4: Eve (980, 2€ bounty)
Seat 7: Fay (2210, 2€ bounty)
*** ANTE/BLINDS ***
Dan posts ante 10
Eve posts ante 10
Fay posts ante 10
*** 3rd STREET ***
Dealt to Dan [4c 2d 7h]
Dealt to Eve [X X Kd]
Dealt to Fay [X X 3s]
Eve brings in 20
Fay raises 40 to 40
Dan calls 40
Eve folds
*** 4th STREET ***
Dealt to Dan [4c 2d 7h] [6c]
Dealt to Fay [X X 3s] [Ts]
Dan bets 40
Fay calls 40
*** 5th STREET ***
Dealt to Dan [4c 2d 7h 6c] [5d]
Dealt to Fay [X X 3s Ts] [Qh]
Dan bets 80
Fay folds
Dan collected 290 from pot
*** SUMMARY ***
Total pot 290 | No rake
Seat 2: Dan won 290
"""  # noqa: E501 (the site's lines as it writes them)


ALL_IN = """\
Winamax Poker - CashGame - HandId: #9250793-473-1478991100 - 7-Card Stud fixed limit (0.10€/0.50€/1€) - 2016/11/12 22:51:40 UTC
Table: 'Pampelune' 6-max (real money)
Seat 2: Gil (40€)
Seat 6: Hal (1.85€)
*** ANTE/BLINDS ***
Gil posts ante 0.10€
Hal posts ante 0.10€
*** 3rd STREET ***
Dealt to Gil [Kh Ks 9d]
Dealt to Hal [X X 2h]
Hal brings in 0.20€
Gil raises 0.50€ to 0.50€
Hal calls 0.30€
*** 4th STREET ***
Dealt to Gil [Kh Ks 9d] [9c]
Dealt to Hal [X X 2h] [3h]
Gil bets 0.50€
Hal calls 0.50€
*** 5th STREET ***
Dealt to Gil [Kh Ks 9d 9c] [4d]
Dealt to Hal [X X 2h 3h] [5h]
Gil bets 1€
Hal calls 0.75€ and is all-in
*** 6th STREET ***
Dealt to Gil [Kh Ks 9d 9c 4d] [Jc]
Dealt to Hal [X X 2h 3h 5h] [7c]
*** 7th STREET ***
Dealt to Gil [Kh Ks 9d 9c 4d Jc] [Qd]
Dealt to Hal [X X 2h 3h 5h 7c] [X]
*** SHOW DOWN ***
Hal shows [Ah 6h 2h 3h 5h 7c 8c] (Flush Ace high)
Gil shows [Kh Ks 9d 9c 4d Jc Qd] (Two pairs : Kings and 9)
Hal collected 3.70€ from main pot
Gil collected 0.25€ from side pot 1
*** SUMMARY ***
Total pot 3.95€ | No rake
Seat 2: Gil showed [Kh Ks 9d 9c 4d Jc Qd] and lost with Two pairs : Kings and 9
Seat 6: Hal showed [Ah 6h 2h 3h 5h 7c 8c] and won 3.70€ with Flush Ace high
"""  # noqa: E501 (the site's lines as it writes them)


RERAISE = """\
Winamax Poker - CashGame - HandId: #9250793-474-1478991200 - 7-Card Stud fixed limit (5€/25€/50€) - 2016/11/12 22:53:20 UTC
Table: 'Pampelune' 6-max (real money)
Seat 1: Ivy (600€)
Seat 4: Jon (450€)
*** ANTE/BLINDS ***
Ivy posts ante 5€
Jon posts ante 5€
*** 3rd STREET ***
Dealt to Ivy [Qc Jd 2c]
Dealt to Jon [X X Ah]
Ivy brings in 10€
Jon raises 25€ to 25€
Ivy raises 25€ to 40€
Jon folds
Ivy collected 85€ from pot
*** SUMMARY ***
Total pot 85€ | No rake
Seat 1: Ivy won 85€
"""  # noqa: E501 (the site's lines as it writes them)


HOLDEM = """\
Winamax Poker - CashGame - HandId: #9250793-472-1478991000 - Holdem fixed limit (0.50€/1€) - 2016/11/12 22:50:00 UTC
Table: 'Pampelune' 6-max (real money) Seat #1 is the button
Seat 1: Ann (50€)
Seat 3: Bob (30€)
*** ANTE/BLINDS ***
Ann posts small blind 0.25€
Bob posts big blind 0.50€
Dealt to Ann [Ah Kh]
*** PRE-FLOP ***
Ann folds
Bob collected 0.75€ from pot
*** SUMMARY ***
Total pot 0.75€ | No rake
Seat 3: Bob (big blind) won 0.75€
"""  # noqa: E501 (the site's lines as it writes them)


# -- the shared samples ---------------------------------------------------------------


@needs_shared
def test_every_shared_winamax_hand_is_read_by_content_and_replays_matched():
    hands = [item for path in sorted(SHARED.glob("*.txt")) for item in read_history(path)]
    assert len(hands) == 2  # one stud hand a file, no other game among them
    assert all(isinstance(hand, HandRecord) for hand in hands), hands
    for hand in hands:
        assert isinstance(hand, HandRecord)
        assert hand.site == "Winamax"
        report = replay(hand)
        assert report.matched, report.line()
        assert report.hand is not None
        assert report.hand.is_over


@needs_shared
def test_the_euro_cash_hand_states_its_stakes_rake_and_total_before_rake():
    (record,) = read_history(CASH_SAMPLE)
    assert isinstance(record, HandRecord)
    assert (record.number, record.game, record.currency, record.scale) == (
        "9250793-470-1478990787",
        "seven_card_stud",
        "€",
        100,
    )
    # (5€/25€/50€): the ante, the small bet, the big bet; the bring-in from its line.
    assert (record.ante, record.bring_in, record.small_bet, record.big_bet) == (
        500,
        1000,
        2500,
        5000,
    )
    assert (record.table, record.played_at, record.tournament) == (
        "Pampelune",
        "2016-11-12 22:46:27",
        None,
    )
    # "Total pot 458€ | Rake 2€": Winamax's total is what was collected; what was put
    # in (5+5 antes, 25+25, 50+50, 50+50, 100+100) is 460€.
    assert (record.total_pot, record.rake) == (46000, 200)
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [("Hero", 45800, "pot")]
    # "raises 25€ to 25€" completes the 10€ bring-in: a wager to 25€.
    assert [(a.street, a.player, a.kind, a.amount) for a in record.actions[:3]] == [
        (0, "Player0", "bring_in", 1000),
        (0, "Hero", "raise", 2500),
        (0, "Player0", "call", 1500),
    ]
    assert record.hero == "Hero"
    assert record.players == ["Hero", "Player0"]
    # "Dealt to Player0 [X X 9h]": the X cards unknown until the showdown shows them,
    # without a note (Winamax says they are unseen).
    assert record.cards["Player0"] == cards("8c Td 9h Kh Kd Qc Jc")
    assert record.notes == []
    report = replay(record)
    assert report.matched, report.line()
    assert report.notes == []


@needs_shared
def test_the_play_money_export_counts_cents_with_no_currency():
    (record,) = read_history(PLAY_SAMPLE)
    assert isinstance(record, HandRecord)
    assert (record.currency, record.scale, record.tournament) == (None, 100, None)
    assert (record.ante, record.bring_in, record.small_bet, record.big_bet) == (1, 2, 5, 10)
    assert (record.table, record.played_at) == ("Ceské Budejovice", "2016-06-12 19:36:38")
    # No "Dealt to" line: the players who ante are dealt in; nobody's up cards are known,
    # so the record's first actor on each street is taken.
    assert record.players == ["Player0", "Player1", "Player2"]
    assert record.up_cards_written is False
    assert record.hero is None
    # "Total pot 0.65 | Rake 0.04": 0.69 put in (0.03 antes, 0.06, 0.20, 0.20, 0.20).
    assert (record.total_pot, record.rake) == (69, 4)
    assert [a.street for a in record.actions] == [0] * 3 + [1] * 3 + [2] * 5 + [3] * 3 + [4] * 3
    report = replay(record)
    assert report.matched, report.line()


# -- hands written as Winamax writes them --------------------------------------------


def test_stud_hi_lo_with_an_all_in_and_a_side_pot_replays():
    record = one(HILO)
    assert (record.game, record.ante, record.bring_in, record.small_bet) == (
        "stud_hilo",
        25,
        50,
        100,
    )
    cy_all_in = record.actions[-2]
    assert (cy_all_in.player, cy_all_in.kind, cy_all_in.amount, cy_all_in.all_in) == (
        "Cy",
        "call",
        175,
        True,
    )
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [
        ("Bob", 1425, "main pot"),
        ("Ann", 1425, "main pot"),
        ("Bob", 25, "side pot"),
        ("Ann", 25, "side pot"),
    ]
    assert (record.total_pot, record.rake) == (3050, 150)
    assert record.cards["Cy"] == cards("Ts Th 7s 8s 6s 5s 2d")
    report = replay(record)
    assert report.matched, report.line()


def test_a_razz_tournament_hand_collects_the_bet_nobody_called_with_the_pot():
    record = one(RAZZ)
    assert (record.game, record.currency, record.scale, record.tournament) == (
        "razz",
        None,
        1,
        "123456789",  # the table's 'Razz Party(123456789)#002'
    )
    assert (record.ante, record.bring_in, record.small_bet, record.big_bet) == (10, 20, 40, 80)
    assert [(seat.name, seat.stack) for seat in record.seats] == [
        ("Dan", 1500),
        ("Eve", 980),
        ("Fay", 2210),
    ]
    # Dan's 80 on fifth street, which Fay folded to, is in the 290 he collects: Winamax
    # writes no uncalled bet returned.
    assert record.uncalled == []
    assert [(c.player, c.amount) for c in record.collected] == [("Dan", 290)]
    assert record.total_pot == 290
    report = replay(record)
    assert report.matched, report.line()


def test_an_all_in_called_for_less_leaves_its_excess_a_side_pot_of_its_own():
    record = one(ALL_IN)
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [
        ("Hal", 370, "main pot"),
        ("Gil", 25, "side pot"),  # the 0.25€ of Gil's bet Hal could not call
    ]
    assert record.total_pot == 395
    report = replay(record)
    assert report.matched, report.line()


def test_the_excess_collected_from_the_main_pot_is_a_difference():
    text = ALL_IN.replace(
        "Gil collected 0.25€ from side pot 1", "Gil collected 0.25€ from main pot"
    )
    report = replay(one(text))
    assert (
        report.difference == "line 34: Gil collects from the main pot; ours does not (R5.4, R5.5)"
    )


@pytest.mark.parametrize(
    ("written", "instead"),
    [
        ("Ivy raises 25€ to 40€", "Ivy raises 25€ to 40€"),  # the bring-in left out (fpdb)
        ("Ivy raises 25€ to 40€", "Ivy raises 25€ to 50€"),  # the total
        ("Jon raises 25€ to 25€", "Jon bets 15€"),  # the completion by what it adds (fpdb)
        ("Jon raises 25€ to 25€", "Jon bets 25€"),  # the completion to its total
    ],
)
def test_the_bring_in_players_raise_and_a_completion_read_to_their_totals(written, instead):
    record = one(RERAISE.replace(written, instead))
    assert [(a.player, a.kind, a.amount) for a in record.actions] == [
        ("Ivy", "bring_in", 1000),
        ("Jon", "bet" if "bets" in instead else "raise", 2500),
        ("Ivy", "raise", 5000),
        ("Jon", "fold", None),
    ]
    # Ivy's 25€ nobody called is in the 85€ she collects.
    assert [(c.player, c.amount) for c in record.collected] == [("Ivy", 8500)]
    report = replay(record)
    assert report.matched, report.line()


def test_a_mixed_file_skips_its_hold_em_and_reads_past_a_broken_hand(tmp_path: Path):
    text = HILO + HOLDEM + RERAISE.replace("Jon folds", "Jon limps 25€") + RAZZ
    path = tmp_path / "8games.txt"
    path.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))  # as the site writes
    for items in (read_history(path), list(iter_history(path))):
        assert len(items) == 4
        hilo, holdem, broken, razz = items
        assert isinstance(hilo, HandRecord)
        assert hilo.game == "stud_hilo"
        assert isinstance(holdem, OtherGame)
        assert holdem.game == "Holdem fixed limit"
        assert str(holdem) == (
            "Winamax hand #9250793-472-1478991000, line 61: a hand of Holdem fixed limit, "
            "not a fixed-limit stud game"
        )
        assert isinstance(broken, HistoryError)
        assert not isinstance(broken, OtherGame)
        assert str(broken) == (
            "Winamax hand #9250793-474-1478991200, line 88: cannot read 'Jon limps 25€'"
        )
        assert isinstance(razz, HandRecord)
        assert razz.line == 93
        assert replay(razz).matched


def test_an_altered_collected_amount_is_the_exact_difference():
    text = HILO.replace("Bob collected 14.25€ from main pot", "Bob collected 14.05€ from main pot")
    report = replay(one(text))
    assert report.difference == (
        "line 52: Bob collects 1430 in the record; ours 1525 less its share of the rake 150"
    )


def test_an_altered_total_pot_is_the_exact_difference():
    report = replay(one(HILO.replace("Total pot 29€ |", "Total pot 28€ |")))
    assert report.difference == "line 57: total pot 2950 in the record, 3050 in ours"


def test_an_uncalled_bet_not_collected_is_the_exact_difference():
    report = replay(one(RAZZ.replace("Dan collected 290 from pot", "Dan collected 210 from pot")))
    assert report.difference == "line 28: Dan collects 210 in the record; ours 290"


# -- the first line ---------------------------------------------------------------------

FIRST = HILO.splitlines()[0]


@pytest.mark.parametrize(
    ("game", "read_as"),
    [
        ("7-Card Stud Hi/Lo", "stud_hilo"),
        ("7stud hi/lo", "stud_hilo"),
        ("7-Card Stud", "seven_card_stud"),
        ("7stud", "seven_card_stud"),
        ("Razz", "razz"),
    ],
)
def test_each_name_winamax_gives_a_stud_game_is_read(game, read_as):
    header = FIRST.replace("7-Card Stud Hi/Lo fixed limit", f"{game} fixed limit")
    assert reader_for(header) is READER
    record = one(HILO.replace(FIRST, header))
    assert record.game == read_as


def test_a_header_in_capitals_is_read():
    record = one(HILO.replace(FIRST, FIRST.upper()))
    assert (record.game, record.small_bet, record.currency) == ("stud_hilo", 100, "€")


@pytest.mark.parametrize(
    "game",
    [
        "Holdem no limit",
        "Holdem fixed limit",
        "Omaha Hi/Lo pot limit",
        "5 Card Omaha pot limit",
        "2-7 Triple Draw fixed limit",
        "7-Card Stud no limit",
        "Razz pot limit",
    ],
)
def test_a_mixed_tables_hand_of_another_game_is_skipped(game):
    header = FIRST.replace("7-Card Stud Hi/Lo fixed limit", game)
    (skipped,) = read_winamax(HILO.replace(FIRST, header))
    assert isinstance(skipped, OtherGame)
    assert str(skipped) == (
        f"Winamax hand #9250793-471-1478990900, line 1: a hand of {game}, "
        "not a fixed-limit stud game"
    )


def test_a_fast_tables_hold_em_hand_is_skipped():
    header = (
        'Winamax Poker - Go Fast "Colorado" - HandId: #14870085-987907-1599323058 - '
        "Holdem no limit (0.01€/0.02€) - 2020/09/05 16:30:58 UTC"
    )
    (skipped,) = read_winamax(HILO.replace(FIRST, header))
    assert isinstance(skipped, OtherGame)


def test_a_stud_game_of_a_name_we_do_not_know_is_an_error_not_skipped():
    header = FIRST.replace("7-Card Stud Hi/Lo fixed limit", "Mexican Stud fixed limit")
    (error,) = read_winamax(HILO.replace(FIRST, header))
    assert not isinstance(error, OtherGame)
    assert str(error) == (
        "Winamax hand #9250793-471-1478990900, line 1: not a stud game we know: "
        "'Mexican Stud fixed limit'"
    )


# -- the unseen card ----------------------------------------------------------------------


def test_an_x_is_an_unseen_down_card_and_an_up_card_must_be_a_card():
    record = one(RERAISE)
    learn_dealt(record, "Jon", 4, "[X X Ah 9d 9s 2d] [X]", 30)
    assert record.cards["Jon"] == cards("? ? Ah 9d 9s 2d ?")
    assert record.notes == []
    with pytest.raises(HistoryError, match=r"line 31: 'X' is not a card"):
        learn_dealt(record, "Jon", 1, "[X X X] [X]", 31)
