"""Full Tilt's first lines in any case, a mixed table's other games skipped, and its wording of
every pot a Stud/8 hand can award (R5.5): ``wins the high main
pot``, ``the low main pot``, ``the high side pot``, ``the low side pot``, and ``ties for``
each; read, and replayed with each half checked against the engine's award of it.

The hand is written as Full Tilt wrote Stud/8 (the format of
../shared/handhistories/fulltilt/7-StudHL-…): Ann is all in on third street, so the
main pot is three-way and the side pot Bob's and Cy's; Ann's kings take the main pot's
high half, Cy's two pair the side pot's, and Bob's 8-5-3-2-A both low halves."""

from __future__ import annotations

import pytest

from studpoker.history import HistoryError, OtherGame, read_fulltilt, replay

HAND = """\
Full Tilt Poker Game #30000000001: Table Bonn - $2/$4 Ante $0.40 - Limit Stud H/L - 21:00:00 ET - 2011/03/28
Seat 1: Ann ($2.40)
Seat 2: Bob ($50)
Seat 3: Cy ($50)
Ann antes $0.40
Bob antes $0.40
Cy antes $0.40
*** 3RD STREET ***
Dealt to Ann [Kd]
Dealt to Bob [Ac 3d] [2c]
Dealt to Cy [9h]
Bob is low with [2c]
Bob brings in for $0.50
Cy calls $0.50
Ann completes it to $2, and is all in
Bob calls $1.50
Cy calls $1.50
*** 4TH STREET ***
Dealt to Ann [Kd] [Qd]
Dealt to Bob [Ac 3d 2c] [5h]
Dealt to Cy [9h] [9c]
Cy checks
Bob bets $2
Cy calls $2
*** 5TH STREET ***
Dealt to Ann [Kd Qd] [Jc]
Dealt to Bob [Ac 3d 2c 5h] [8c]
Dealt to Cy [9h 9c] [Jd]
Cy checks
Bob bets $4
Cy calls $4
*** 6TH STREET ***
Dealt to Ann [Kd Qd Jc] [6s]
Dealt to Bob [Ac 3d 2c 5h 8c] [Qh]
Dealt to Cy [9h 9c Jd] [4h]
Cy checks
Bob checks
*** 7TH STREET ***
Dealt to Bob [Ac 3d 2c 5h 8c Qh] [Qc]
Cy checks
Bob checks
*** SHOW DOWN ***
Cy shows [Td Ts 9h 9c Jd 4h Kc] two pair, Tens and Nines
Bob shows [Ac 3d 2c 5h 8c Qh Qc] a pair of Queens, and 8,5,3,2,A for low
Ann shows [Kh Ks Kd Qd Jc 6s 7d] three of a kind, Kings
Cy wins the high side pot ($6) with two pair, Tens and Nines
Bob wins the low side pot ($6) with 8,5,3,2,A
Ann wins the high main pot ($3.60) with three of a kind, Kings
Bob wins the low main pot ($3.60) with 8,5,3,2,A
*** SUMMARY ***
Total pot $19.20 Main pot $7.20. Side pot $12. | Rake $0
Seat 1: Ann showed [Kh Ks Kd Qd Jc 6s 7d] and won ($3.60) with three of a kind, Kings
Seat 2: Bob showed [Ac 3d 2c 5h 8c Qh Qc] and won ($9.60) with a pair of Queens, and 8,5,3,2,A for low
Seat 3: Cy showed [Td Ts 9h 9c Jd 4h Kc] and won ($6) with two pair, Tens and Nines
"""  # noqa: E501 (the site's lines as it wrote them)


def test_each_half_of_each_pot_is_read_and_replayed():
    (record,) = read_fulltilt(HAND)
    assert not isinstance(record, HistoryError), record
    assert [(c.player, c.amount, c.pot, c.half) for c in record.collected] == [
        ("Cy", 600, "side pot", "high"),
        ("Bob", 600, "side pot", "low"),
        ("Ann", 360, "main pot", "high"),
        ("Bob", 360, "main pot", "low"),
    ]
    report = replay(record)
    assert report.matched, report.difference


def test_a_half_given_to_the_wrong_player_is_a_difference():
    wrong = HAND.replace("Bob wins the low main pot ($3.60)", "Ann wins the low main pot ($3.60)")
    wrong = wrong.replace(
        "Ann wins the high main pot ($3.60)", "Bob wins the high main pot ($3.60)"
    )
    (record,) = read_fulltilt(wrong)
    assert not isinstance(record, HistoryError), record
    report = replay(record)
    assert not report.matched
    assert "collects from the high main pot; ours does not (R5.4, R5.5)" in report.difference


@pytest.mark.parametrize(
    ("line", "half", "pot"),
    [
        ("Ann ties for the high pot ($2)", "high", "pot"),
        ("Ann ties for the low main pot ($2)", "low", "main pot"),
        ("Ann ties for the high side pot ($2)", "high", "side pot"),
        ("Ann wins the side pot #2 ($2)", None, "side pot"),
        ("Ann wins the low pot ($2)", "low", "pot"),
        ("Ann wins the pot ($2)", None, "pot"),
    ],
)
def test_every_wording_of_a_pot_is_read(line, half, pot):
    lines = HAND.splitlines()
    start = lines.index("Cy wins the high side pot ($6) with two pair, Tens and Nines")
    text = "\n".join([*lines[:start], line, *lines[start + 4 :]])
    (record,) = read_fulltilt(text)
    assert not isinstance(record, HistoryError), record
    assert [(c.player, c.amount, c.pot, c.half) for c in record.collected] == [
        ("Ann", 200, pot, half)
    ]


def raked(text: str) -> str:
    """The hand with $1 of rake, which Full Tilt takes from the main pot alone: its
    halves become $3.10 each, the side pot's stay $6."""
    text = text.replace("| Rake $0", "| Rake $1")
    return text.replace("main pot ($3.60)", "main pot ($3.10)")


def test_full_tilt_takes_the_rake_from_the_main_pot_alone():
    (record,) = read_fulltilt(raked(HAND))
    assert not isinstance(record, HistoryError), record
    assert record.rake == 100
    report = replay(record)
    assert report.matched, report.difference


def test_a_rake_shared_by_the_side_pot_is_a_difference_on_full_tilt():
    # In proportion (as PokerStars takes it) the side pot's halves would be $5.69.
    text = raked(HAND).replace("side pot ($6)", "side pot ($5.69)")
    (record,) = read_fulltilt(text)
    assert not isinstance(record, HistoryError), record
    report = replay(record)
    assert not report.matched
    assert report.difference == (
        "line 46: Bob collects 879 in the record; ours 960 less its share of the rake 100"
        " taken from the main pot"
    )


# -- the first line: any case, a mixed table, and other games skipped ---------------------

FIRST = HAND.splitlines()[0]


@pytest.mark.parametrize(
    "header",
    [
        FIRST,
        FIRST.upper(),  # a tracker's export
        FIRST.replace(" - Limit Stud H/L - ", " - HORSE - Limit Stud H/L - "),
        FIRST.replace(" - Limit Stud H/L - ", " - Limit Stud Hi/Lo - "),
        FIRST.replace(" - Limit Stud H/L - ", " - Limit Stud 8 - "),
    ],
)
def test_the_hand_reads_under_every_first_line(header):
    (record,) = read_fulltilt(HAND.replace(FIRST, header))
    assert not isinstance(record, HistoryError), record
    assert (record.game, record.small_bet, record.ante) == ("stud_hilo", 200, 40)
    assert replay(record).matched


@pytest.mark.parametrize(
    "game",
    [
        "Limit Hold'em",
        "No Limit Hold'em",
        "Pot Limit Omaha Hi",
        "Limit Omaha H/L",
        # issue 37: the draw games of a mixed file, a hyphen in their names, and the
        # stud games we do not deal
        "Limit 2-7 Triple Draw",
        "No Limit 2-7 Single Draw",
        "Limit Badugi",
        "No Limit Stud",
        "Pot Limit Razz",
    ],
)
def test_a_mixed_tables_hand_of_another_game_is_skipped(game):
    header = FIRST.replace(" - Limit Stud H/L - ", f" - HORSE - {game} - ")
    (skipped,) = read_fulltilt(HAND.replace(FIRST, header))
    assert isinstance(skipped, OtherGame)
    assert str(skipped) == f"Full Tilt hand #30000000001, line 1: a hand of {game}, not a stud game"
