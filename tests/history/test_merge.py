"""Merge Gaming's hands (issue 37 point 4): the shared samples (../shared/handhistories/
merge, read where they are) replay with every fact matching, and hands written here in
Merge's format cover what they do not: Stud Hi/Lo's split pot, Five-Card Stud, a
tournament's all-in with a side pot and an uncalled bet, other games skipped, broken
hands reported by their line while the next hand reads, and changed facts reported as
the exact difference (RULES.md R2 to R5, R9).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from studpoker.cards import Card
from studpoker.history import (
    HandRecord,
    HistoryError,
    OtherGame,
    iter_history,
    iter_history_texts,
    read_history,
    replay,
)
from studpoker.history.merge import READER
from studpoker.history.sites import reader_for

SHARED = Path(__file__).parents[2] / ".." / "shared" / "handhistories"
MERGE = SHARED / "merge"
STUD = "7-Stud-USD-0.50-1.00-201102.Sample.txt"
RAZZ = "Razz-USD-0.50-1.00-201111.allIn.txt"
needs_shared = pytest.mark.usefixtures("shared")  # tests/conftest.py: fails under CI


def cards(text: str) -> list[Card | None]:
    return [None if word == "?" else Card.parse(word) for word in text.split()]


def one(text: str) -> HandRecord:
    (record,) = read_history(text)
    assert isinstance(record, HandRecord), record
    return record


def sample(name: str) -> str:
    return (MERGE / name).read_bytes().decode("utf-8")


def changed(name: str, old: str, new: str) -> HandRecord:
    text = sample(name)
    assert text.count(old) == 1, old
    return one(text.replace(old, new))


# -- hands written as Merge writes them ------------------------------------------------------

# Stud Hi/Lo, 2015's format (the stakes on the game too, balances without "$"): Bob's
# kings up take the high half, Ann's 7-4-3-2-A the low; Dan sits out (dealtin="false").
HILO = """<description type="7-Stud H/L8" stakes="Limit $0.10/$0.20" version="2.1" />

<game id="83001980-300" starttime="20150620201500" numholecards="7" gametype="43" stakes="Limit $0.10/$0.20" seats="8" realmoney="true" data="20150620|Paris III|83001980|83001980-300|false" version="2.1" >
    <players dealer="2" >
        <player seat="0" nickname="Ann" balance="5.00" dealtin="true" />
        <player seat="1" nickname="Bob" balance="5.00" dealtin="true" />
        <player seat="2" nickname="Cat" balance="5.00" dealtin="true" />
        <player seat="3" nickname="Dan" balance="4.00" dealtin="false" />
    </players>
    <round id="BLINDS" sequence="1" >
        <event sequence="1" type="ANTE" timestamp="1434849300000" player="0" amount="0.02" />
        <event sequence="2" type="ANTE" timestamp="1434849300000" player="1" amount="0.02" />
        <event sequence="3" type="ANTE" timestamp="1434849300000" player="2" amount="0.02" />
    </round>
    <round id="BRING_IN" sequence="2" >
        <event sequence="4" type="BRING_IN" timestamp="1434849301000" player="0" amount="0.05" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,Qh" player="1" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,Tc" player="2" />
        <cards type="HOLE" cards="Ah,2h,3c" player="0" hand="Ace High" />
    </round>
    <round id="THIRD_STREET" sequence="3" >
        <event sequence="5" type="COMPLETE" timestamp="1434849302000" player="1" amount="0.10" />
        <event sequence="6" type="CALL" timestamp="1434849303000" player="2" amount="0.10" />
        <event sequence="7" type="CALL" timestamp="1434849304000" player="0" amount="0.05" />
    </round>
    <round id="FOURTH_STREET" sequence="4" >
        <event sequence="8" type="BET" timestamp="1434849305000" player="1" amount="0.10" />
        <event sequence="9" type="CALL" timestamp="1434849306000" player="2" amount="0.10" />
        <event sequence="10" type="CALL" timestamp="1434849307000" player="0" amount="0.10" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,Qh,Qs" player="1" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,Tc,Td" player="2" />
        <cards type="HOLE" cards="Ah,2h,3c,4d" player="0" hand="Ace High" />
    </round>
    <round id="FIFTH_STREET" sequence="5" >
        <event sequence="11" type="BET" timestamp="1434849308000" player="1" amount="0.20" />
        <event sequence="12" type="CALL" timestamp="1434849309000" player="2" amount="0.20" />
        <event sequence="13" type="CALL" timestamp="1434849310000" player="0" amount="0.20" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,Qh,Qs,8c" player="1" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,Tc,Td,2d" player="2" />
        <cards type="HOLE" cards="Ah,2h,3c,4d,9s" player="0" hand="Ace High" />
    </round>
    <round id="SIXTH_STREET" sequence="6" >
        <event sequence="14" type="CHECK" timestamp="1434849311000" player="1" />
        <event sequence="15" type="CHECK" timestamp="1434849312000" player="2" />
        <event sequence="16" type="CHECK" timestamp="1434849313000" player="0" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,Qh,Qs,8c,Jd" player="1" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,Tc,Td,2d,3h" player="2" />
        <cards type="HOLE" cards="Ah,2h,3c,4d,9s,Kc" player="0" hand="Ace High" />
    </round>
    <round id="SEVENTH_STREET" sequence="7" >
        <event sequence="17" type="BET" timestamp="1434849314000" player="1" amount="0.20" />
        <event sequence="18" type="FOLD" timestamp="1434849315000" player="2" />
        <event sequence="19" type="CALL" timestamp="1434849316000" player="0" amount="0.20" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,Qh,Qs,8c,Jd,null" player="1" />
        <cards type="DRAW_DRAWN_CARDS" cards="null,null,Tc,Td,2d,3h,null" player="2" />
        <cards type="HOLE" cards="Ah,2h,3c,4d,9s,Kc,7d" player="0" hand="Ace High" />
    </round>
    <round id="SHOWDOWN" sequence="8" >
        <event sequence="20" type="SHOW" timestamp="1434849317000" player="1" />
        <event sequence="21" type="SHOW" timestamp="1434849318000" player="0" />
        <cards type="SHOWN" cards="Ks,Kd,Qh,Qs,8c,Jd,5s" player="1" />
        <cards type="SHOWN" cards="Ah,2h,3c,4d,9s,Kc,7d" player="0" />
    </round>
    <round id="END_OF_GAME" sequence="9" >
        <winner amount="0.79" uncalled="false" potnumber="1" player="1" pottype="h" hand="Two Pair Kings and Queens" />
        <winner amount="0.79" uncalled="false" potnumber="1" player="0" pottype="l" hand="7-4-3-2-A" />
    </round>
</game>
"""  # noqa: E501 (the site's lines as it writes them)

# A tournament (no rake; balances written after the ante and the bring-in): Ann all in
# on third street for 30, Bob's bet on sixth uncalled, Bob's kings take the side pot and
# Ann's aces the main pot.
TOURNAMENT = """<description type="7-Stud Tournament" stakes="Limit Level 2 (20/40)"/>
<game id="46300001-12" starttime="20120105210000" numholecards="7" gametype="39" realmoney="true" data="20120105|Stud Step 1|46300001-1|46300001-12|true">
	<players dealer="2">
		<player seat="0" nickname="Ann" balance="30" dealtin="true" />
		<player seat="1" nickname="Bob" balance="985" dealtin="true" />
		<player seat="2" nickname="Cat" balance="995" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="ANTE" timestamp="1325800800000" player="0" amount="5"/>
		<event sequence="2" type="ANTE" timestamp="1325800800000" player="1" amount="5"/>
		<event sequence="3" type="ANTE" timestamp="1325800800000" player="2" amount="5"/>
	</round>
	<round id="BRING_IN" sequence="2">
		<event sequence="4" type="BRING_IN" timestamp="1325800801000" player="1" amount="10"/>
		<cards type="HOLE" cards="As,Ad,3s" player="0" hand="Pair of Aces"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,null,2c" player="1"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,null,9h" player="2"/>
	</round>
	<round id="THIRD_STREET" sequence="3">
		<event sequence="5" type="COMPLETE" timestamp="1325800802000" player="2" amount="20"/>
		<event sequence="6" type="ALL_IN" timestamp="1325800803000" player="0" amount="30"/>
		<event sequence="7" type="CALL" timestamp="1325800804000" player="1" amount="20"/>
		<event sequence="8" type="CALL" timestamp="1325800805000" player="2" amount="10"/>
	</round>
	<round id="FOURTH_STREET" sequence="4">
		<event sequence="9" type="BET" timestamp="1325800806000" player="2" amount="20"/>
		<event sequence="10" type="CALL" timestamp="1325800807000" player="1" amount="20"/>
		<cards type="HOLE" cards="As,Ad,3s,4s" player="0" hand="Pair of Aces"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,null,2c,7h" player="1"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,null,9h,8d" player="2"/>
	</round>
	<round id="FIFTH_STREET" sequence="5">
		<event sequence="11" type="BET" timestamp="1325800808000" player="1" amount="40"/>
		<event sequence="12" type="CALL" timestamp="1325800809000" player="2" amount="40"/>
		<cards type="HOLE" cards="As,Ad,3s,4s,5h" player="0" hand="Pair of Aces"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,null,2c,7h,Kh" player="1"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,null,9h,8d,Jc" player="2"/>
	</round>
	<round id="SIXTH_STREET" sequence="6">
		<event sequence="13" type="BET" timestamp="1325800810000" player="1" amount="40"/>
		<event sequence="14" type="FOLD" timestamp="1325800811000" player="2"/>
		<cards type="HOLE" cards="As,Ad,3s,4s,5h,6h" player="0" hand="Pair of Aces"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,null,2c,7h,Kh,Tc" player="1"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,null,9h,8d,Jc,4c" player="2"/>
	</round>
	<round id="SEVENTH_STREET" sequence="7">
		<cards type="HOLE" cards="As,Ad,3s,4s,5h,6h,Ah" player="0" hand="Three Aces"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,null,2c,7h,Kh,Tc,null" player="1"/>
	</round>
	<round id="SHOWDOWN" sequence="8">
		<event sequence="15" type="SHOW" timestamp="1325800812000" player="1"/>
		<event sequence="16" type="SHOW" timestamp="1325800813000" player="0"/>
		<cards type="SHOWN" cards="Ks,Kd,2c,7h,Kh,Tc,3d" player="1"/>
		<cards type="SHOWN" cards="As,Ad,3s,4s,5h,6h,Ah" player="0"/>
	</round>
	<round id="END_OF_GAME" sequence="9">
		<winner amount="40" uncalled="true" potnumber="3" player="1" pottype="n"/>
		<winner amount="105" uncalled="false" potnumber="1" player="0" hand="Three Aces" pottype="n"/>
		<winner amount="120" uncalled="false" potnumber="2" player="1" hand="Three Kings" pottype="n"/>
	</round>
</game>
"""  # noqa: E501 (the site's lines as it writes them)

# Five-Card Stud (R9): its rounds named as a seven-card game's, third to sixth street; a
# king-high straight against a pair of deuces, mucked and shown.
FIVE = """<description type="5-Stud" stakes="Limit $0.10/$0.20"/>
<game id="50000001-7" starttime="20120301120000" numholecards="5" gametype="50" realmoney="true" data="20120301|Laredo (50000001)|50000001|50000001-7|false">
	<players dealer="4">
		<player seat="3" nickname="Ann" balance="$3.00" dealtin="true" />
		<player seat="4" nickname="Bob" balance="$3.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="ANTE" timestamp="1330603200000" player="3" amount="0.02"/>
		<event sequence="2" type="ANTE" timestamp="1330603200000" player="4" amount="0.02"/>
	</round>
	<round id="BRING_IN" sequence="2">
		<event sequence="3" type="BRING_IN" timestamp="1330603201000" player="3" amount="0.05"/>
		<cards type="HOLE" cards="9d,2h" player="3" hand="Nine High"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,Ts" player="4"/>
	</round>
	<round id="THIRD_STREET" sequence="3">
		<event sequence="4" type="COMPLETE" timestamp="1330603202000" player="4" amount="0.10"/>
		<event sequence="5" type="CALL" timestamp="1330603203000" player="3" amount="0.05"/>
	</round>
	<round id="FOURTH_STREET" sequence="4">
		<event sequence="6" type="CHECK" timestamp="1330603204000" player="3"/>
		<event sequence="7" type="BET" timestamp="1330603205000" player="4" amount="0.10"/>
		<event sequence="8" type="CALL" timestamp="1330603206000" player="3" amount="0.10"/>
		<cards type="HOLE" cards="9d,2h,2c" player="3" hand="Pair of Twos"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,Ts,9s" player="4"/>
	</round>
	<round id="FIFTH_STREET" sequence="5">
		<event sequence="9" type="CHECK" timestamp="1330603207000" player="3"/>
		<event sequence="10" type="CHECK" timestamp="1330603208000" player="4"/>
		<cards type="HOLE" cards="9d,2h,2c,5d" player="3" hand="Pair of Twos"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,Ts,9s,Js" player="4"/>
	</round>
	<round id="SIXTH_STREET" sequence="6">
		<event sequence="11" type="BET" timestamp="1330603209000" player="3" amount="0.20"/>
		<event sequence="12" type="RAISE" timestamp="1330603210000" player="4" amount="0.40"/>
		<event sequence="13" type="CALL" timestamp="1330603211000" player="3" amount="0.20"/>
		<cards type="HOLE" cards="9d,2h,2c,5d,7c" player="3" hand="Pair of Twos"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,Ts,9s,Js,Qd" player="4"/>
	</round>
	<round id="SHOWDOWN" sequence="7">
		<event sequence="14" type="SHOW" timestamp="1330603212000" player="4"/>
		<event sequence="15" type="MUCK" timestamp="1330603213000" player="3"/>
		<cards type="SHOWN" cards="Kc,Ts,9s,Js,Qd" player="4"/>
		<cards type="MUCKED" cards="9d,2h,2c,5d,7c" player="3"/>
	</round>
	<round id="END_OF_GAME" sequence="8">
		<winner amount="1.18" uncalled="false" potnumber="1" player="4" hand="King High Straight" pottype="n"/>
	</round>
</game>
"""  # noqa: E501 (the site's lines as it writes them)

# Hold'em at a Merge table: another game, skipped and counted, never an error.
HOLDEM = """<description type="Holdem" stakes="No Limit $0.25/$0.50"/>
<game id="46154255-645" starttime="20111230232051" numholecards="2" gametype="1" seats="9" realmoney="true" data="20111230|Oakland (46154255)|46154255|46154255-645|false">
	<players dealer="1">
		<player seat="0" nickname="Ann" balance="$10.00" dealtin="true" />
		<player seat="1" nickname="Bob" balance="$10.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1325300451000" player="1" amount="0.25"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1325300451000" player="0" amount="0.50"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="FOLD" timestamp="1325300452000" player="1"/>
		<cards type="HOLE" cards="Ah,Kd" player="0"/>
	</round>
	<round id="END_OF_GAME" sequence="3">
		<winner amount="0.25" uncalled="true" potnumber="2" player="0" pottype="n"/>
		<winner amount="0.50" uncalled="false" potnumber="1" player="0" pottype="n"/>
	</round>
</game>
"""  # noqa: E501 (the site's lines as it writes them)


# -- the shared samples ------------------------------------------------------------------------


@needs_shared
def test_the_shared_merge_files_hold_two_hands_that_replay_with_every_fact_matching():
    hands = [hand for path in sorted(MERGE.glob("*.txt")) for hand in read_history(path)]
    assert [(h.site, h.number, h.game) for h in hands if isinstance(h, HandRecord)] == [
        ("Merge", "31423297-107", "seven_card_stud"),
        ("Merge", "43618199-14", "razz"),
    ]
    for record in hands:
        assert isinstance(record, HandRecord)
        report = replay(record)
        assert report.matched, report.line()
        assert report.hand is not None
        assert report.hand.is_over


@needs_shared
def test_the_seven_card_stud_sample_reads_every_fact_merge_writes():
    record = one(sample(STUD))
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (50, 100, 5, 10)
    assert (record.currency, record.scale, record.tournament) == ("$", 100, None)
    assert (record.table, record.played_at, record.hero) == (
        "Hudson (31423297)",
        "2011-02-04 20:22:44",
        "Hero",
    )
    # Seats counted from 0 are listed from 1; seat 4 is empty.
    assert [(s.number, s.name, s.stack) for s in record.seats][3:5] == [
        (4, "Hero", 1151),
        (6, "Player5", 1880),
    ]
    # The hero's cards written on every street after the fold, unchanged; the mucked
    # hand is shown (Merge shows it), in dealing order.
    assert record.cards["Hero"] == cards("4d 3d Qh ? ? ? ?")
    assert record.cards["Player6"] == cards("Js Jh Ts 7h 8d 6s 3s")
    assert (record.shows, record.mucks) == ({"Player5": 72}, {"Player6": 73})
    assert [(a.street, a.player, a.kind, a.amount) for a in record.actions[:2]] == [
        (0, "Player5", "bring_in", 10),
        (0, "Player6", "call", 10),
    ]
    assert record.actions[1].line == 32
    assert record.actions[1].text == (
        '<event sequence="9" type="CALL" timestamp="1296868943781" player="6" amount="0.10"/>'
    )
    assert (record.total_pot, record.rake_stated, record.summary_line) == (None, False, 77)
    report = replay(record)
    assert report.matched
    assert report.notes == [
        "the rake is not stated; taken as 18, what the collected lines leave of the pot of 365"
    ]


@needs_shared
def test_the_razz_all_in_is_a_short_raise_by_what_it_put_in_and_called_for_the_rest():
    """R2.11: Hero's last 0.91 against a bet of 0.50 is a raise to 0.91, called for 0.41;
    third street is capped at the bring-in, its completion and three raises (R2.5), each
    RAISE written as the street's total."""
    record = one(sample(RAZZ))
    assert [(a.player, a.kind, a.amount, a.all_in) for a in record.actions] == [
        ("Hero", "bring_in", 10, False),
        ("Player1", "complete", 50, False),
        ("Player2", "call", 50, False),
        ("Hero", "raise", 100, False),
        ("Player1", "raise", 150, False),
        ("Player2", "call", 100, False),
        ("Hero", "raise", 200, False),
        ("Player1", "call", 50, False),
        ("Player2", "call", 50, False),
        ("Player1", "bet", 50, False),
        ("Player2", "fold", None, False),
        ("Hero", "raise", 91, True),
        ("Player1", "call", 41, False),
    ]
    assert record.shows == {"Hero": 34, "Player1": 35}
    assert record.cards["Player1"] == cards("2h 8d 6c 2c 3d Kd 9d")
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [("Player1", 758, "pot")]
    report = replay(record)
    assert report.matched, report.line()
    assert report.hand is not None
    assert report.hand.result.net[0] == -296  # Hero, all in and beaten


@needs_shared
def test_a_raise_before_september_2010_is_what_it_put_in():
    """Merge's older hands wrote a RAISE as the chips it added (fpdb reads them so): the
    same hand written the old way reads as the same raises to 1.00, 1.50 and 2.00."""
    text = sample(RAZZ).replace('starttime="20111115223628"', 'starttime="20100615223628"')
    for old, new in (
        ('player="3" amount="1.00"', 'player="3" amount="0.90"'),
        ('player="5" amount="1.50"', 'player="5" amount="1.00"'),
        ('type="RAISE" timestamp="1321414722873" player="3" amount="2.00"',
         'type="RAISE" timestamp="1321414722873" player="3" amount="1.00"'),
    ):  # fmt: skip
        assert text.count(old) == 1
        text = text.replace(old, new)
    record = one(text)
    raises = [a.amount for a in record.actions if a.kind == "raise"]
    assert raises == [100, 150, 200, 91]
    assert replay(record).matched
    # The same amounts in a hand of 2011 are raises to 0.90: not a raise Merge could make.
    late = one(text.replace('starttime="20100615223628"', 'starttime="20111115223628"'))
    assert replay(late).difference == (
        'line 22: \'<event sequence="7" type="RAISE" timestamp="1321414715488" player="3" '
        'amount="0.90"/>\': ours allows fold, call 40, raise to 100'
    )


@needs_shared
def test_read_history_and_iter_history_find_merge_by_its_content():
    assert reader_for('<description type="7-Stud" stakes="Limit $0.50/$1"/>') is READER
    assert reader_for('<game id="31423297-107" starttime="20110204202244">') is READER
    assert not READER.finds('<game gamecode="1">')  # iPoker's, not Merge's
    for path in sorted(MERGE.glob("*.txt")):
        read = read_history(path)
        streamed = list(iter_history(path))
        assert [r.number for r in read if isinstance(r, HandRecord)] == [
            r.number for r in streamed if isinstance(r, HandRecord)
        ]
        assert len(read) == 1
        assert all(isinstance(r, HandRecord) and r.site == "Merge" for r in streamed)


# -- the games the samples do not show --------------------------------------------------------


def test_stud_hi_lo_splits_the_pot_into_its_high_and_low_halves():
    """R5.5: Bob's kings up take the high half, Ann's seven low (7-4-3-2-A) the low."""
    record = one(HILO)
    assert record.game == "stud_hilo"
    assert record.players == ["Ann", "Bob", "Cat"]  # Dan was not dealt in
    assert (record.small_bet, record.big_bet, record.ante, record.bring_in) == (10, 20, 2, 5)
    assert [(c.player, c.amount, c.half, c.line) for c in record.collected] == [
        ("Bob", 79, "high", 65),
        ("Ann", 79, "low", 66),
    ]
    assert record.shows == {"Bob": 59, "Ann": 60}
    report = replay(record)
    assert report.matched, report.line()
    assert report.hand is not None
    awards = [award for won in report.hand.result.won for award in won]
    assert sorted((record.players[a.seat], a.half, a.amount) for a in awards) == [
        ("Ann", "low", 83),
        ("Bob", "high", 83),
    ]


def test_five_card_stud_reads_its_rounds_as_second_to_fifth_street():
    """R9.1: one down and one up card, then three up cards; the rounds Merge names third
    to sixth street are Five-Card Stud's second to fifth (so are rounds named second to
    fifth)."""
    record = one(FIVE)
    assert record.game == "five_card_stud"
    assert [(a.street, a.player, a.kind, a.amount) for a in record.actions] == [
        (0, "Ann", "bring_in", 5),
        (0, "Bob", "complete", 10),
        (0, "Ann", "call", 5),
        (1, "Ann", "check", None),
        (1, "Bob", "bet", 10),
        (1, "Ann", "call", 10),
        (2, "Ann", "check", None),
        (2, "Bob", "check", None),
        (3, "Ann", "bet", 20),
        (3, "Bob", "raise", 40),
        (3, "Ann", "call", 20),
    ]
    assert record.cards["Bob"] == cards("Kc Ts 9s Js Qd")
    assert (record.shows, record.mucks) == ({"Bob": 41}, {"Ann": 42})
    assert replay(record).matched
    earlier = {"THIRD": "SECOND", "FOURTH": "THIRD", "FIFTH": "FOURTH", "SIXTH": "FIFTH"}
    renamed = re.sub(
        r'id="(THIRD|FOURTH|FIFTH|SIXTH)_STREET"',
        lambda found: f'id="{earlier[found.group(1)]}_STREET"',
        FIVE,
    )
    assert "SECOND_STREET" in renamed
    assert "SIXTH" not in renamed
    again = one(renamed)
    assert [(a.street, a.kind) for a in again.actions] == [
        (a.street, a.kind) for a in record.actions
    ]
    assert replay(again).matched


def test_a_tournament_all_in_makes_a_side_pot_and_the_bet_nobody_calls_comes_back():
    """R2.9, R2.10, R5.4: Ann all in for 30 on third street (a raise of half a step that
    reopens the betting, R2.11); Bob's sixth-street bet is returned; the side pot of Bob
    and Cat is Bob's, the main pot Ann's.  No rake: the pots are checked to the chip."""
    record = one(TOURNAMENT)
    assert (record.tournament, record.currency, record.scale) == ("46300001", None, 1)
    assert (record.small_bet, record.big_bet, record.rake_stated, record.rake) == (20, 40, True, 0)
    # Merge writes a tournament's balance after the ante and the bring-in were posted.
    assert [(s.name, s.stack) for s in record.seats] == [("Ann", 35), ("Bob", 1000), ("Cat", 1000)]
    assert [(a.player, a.kind, a.amount, a.all_in) for a in record.actions[:5]] == [
        ("Bob", "bring_in", 10, False),
        ("Cat", "complete", 20, False),
        ("Ann", "raise", 30, True),
        ("Bob", "call", 20, False),
        ("Cat", "call", 10, False),
    ]
    assert record.uncalled == [("Bob", 40, 57)]
    assert [(c.player, c.amount, c.pot) for c in record.collected] == [
        ("Ann", 105, "main pot"),
        ("Bob", 120, "side pot"),
    ]
    report = replay(record)
    assert report.matched, report.line()
    assert report.notes == []
    assert report.hand is not None
    assert [pot.amount for pot in report.hand.pots] == [105, 120]


def test_a_mixed_game_names_its_hand_s_game_by_number():
    """HORSE's hands: multigametype 43 is Stud Hi/Lo, 1 hold'em (skipped)."""
    horse = HILO.replace('type="7-Stud H/L8"', 'type="HORSE"').replace(
        'gametype="43"', 'gametype="43" multigametype="43"'
    )
    assert one(horse).game == "stud_hilo"
    (other,) = read_history(horse.replace('multigametype="43"', 'multigametype="1"'))
    assert isinstance(other, OtherGame)
    assert str(other) == "Merge hand #83001980-300, line 3: a HORSE hand of Holdem, not a stud game"
    assert other.game == "Holdem"


def test_no_limit_stud_is_another_game():
    (other,) = read_history(
        FIVE.replace('stakes="Limit $0.10/$0.20"', 'stakes="No Limit $0.10/$0.20"')
    )
    assert isinstance(other, OtherGame)
    assert str(other) == (
        "Merge hand #50000001-7, line 2: a hand of No Limit 5-Stud, not a fixed-limit stud game"
    )


def test_a_hold_em_hand_in_the_same_file_is_skipped_as_another_game():
    first, second, third = read_history(FIVE + HOLDEM + HILO)
    assert isinstance(first, HandRecord)
    assert isinstance(second, OtherGame)
    assert str(second) == "Merge hand #46154255-645, line 51: a hand of Holdem, not a stud game"
    assert isinstance(third, HandRecord)
    assert (third.number, third.line) == ("83001980-300", 71)
    assert replay(first).matched
    assert replay(third).matched


def test_one_description_serves_the_hands_after_it():
    """A file may describe its game once: each hand after it is of that game, its lines
    numbered as the file's."""
    second = FIVE.split("\n", 1)[1].replace('id="50000001-7"', 'id="50000001-8"')
    first, again = read_history(FIVE + second)
    assert isinstance(first, HandRecord)
    assert isinstance(again, HandRecord)
    assert (again.number, again.game, again.line) == ("50000001-8", "five_card_stud", 50)
    assert again.actions[0].line == first.actions[0].line + 48
    assert replay(again).matched
    # The lines as they are read: the same hands.
    streamed = list(READER.iter_hands(iter((FIVE + second).splitlines(keepends=True))))
    assert [r.number for r in streamed if isinstance(r, HandRecord)] == ["50000001-7", "50000001-8"]


def test_each_hand_s_text_as_stored_reads_again_as_that_hand(tmp_path: Path):
    """An import stores each hand's text (iter_history_texts): its description and its
    game, which read again alone, the description written once above being kept."""
    second = FIVE.split("\n", 1)[1].replace('id="50000001-7"', 'id="50000001-8"')
    path = tmp_path / "merge.txt"
    path.write_text(HILO + FIVE + second, encoding="utf-8")
    stored = list(iter_history_texts(path))
    assert [record.number for record, _ in stored] == ["83001980-300", "50000001-7", "50000001-8"]
    for record, text in stored:
        assert isinstance(record, HandRecord)
        assert text.startswith("<description ")
        again = one(text)
        assert (again.number, again.game) == (record.number, record.game)
        assert [(a.street, a.player, a.kind, a.amount) for a in again.actions] == [
            (a.street, a.player, a.kind, a.amount) for a in record.actions
        ]
        assert replay(again).matched


def test_a_name_with_a_bare_ampersand_reads_as_written():
    record = one(FIVE.replace('nickname="Ann"', 'nickname="Tom&Jerry"'))
    assert record.players == ["Tom&Jerry", "Bob"]
    assert replay(record).matched


# -- broken hands: the error names the hand and the line; the next hand reads ------------------


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            'player="3" amount="0.05"/>\n\t\t<cards type="HOLE"',
            'player="3" amount="0.05">\n\t\t<cards type="HOLE"',
            "Merge hand #50000001-7, line 83: not XML: mismatched tag",
        ),
        (
            'cards="null,Ts" player="4"',
            'cards="null,Tx" player="4"',
            "Merge hand #50000001-7, line 82: 'Tx' is not a card",
        ),
        (
            'cards="null,Ts" player="4"',
            'cards="null,9d" player="4"',
            "Merge hand #50000001-7, line 82: 9d is dealt twice",
        ),
        (
            'type="CHECK" timestamp="1330603204000" player="3"',
            'type="CHECK" timestamp="1330603204000" player="7"',
            "Merge hand #50000001-7, line 89: no player sits in seat 7",
        ),
        (
            'type="CALL" timestamp="1330603203000" player="3" amount="0.05"',
            'type="CALL" timestamp="1330603203000" player="3" amount="0.0x"',
            "Merge hand #50000001-7, line 86: '0.0x' is not an amount",
        ),
        (
            'nickname="Ann"',
            'nickname="&Ann;"',
            "Merge hand #50000001-7, line 72: not XML: undefined entity",
        ),
        (
            '\t\t<winner amount="1.18" uncalled="false" potnumber="1" player="4" '
            'hand="King High Straight" pottype="n"/>\n',
            "",
            "Merge hand #50000001-7, line 114: the hand names no winner",
        ),
        (
            '<cards type="DRAW_DRAWN_CARDS" cards="null,Ts,9s" player="4"/>',
            '<cards type="DRAW_DRAWN_CARDS" cards="null,Ts,9s,Js" player="4"/>',
            "Merge hand #50000001-7, line 93: Bob holds 3 cards on third street, but the "
            "element shows 4",
        ),
    ],
)
def test_a_broken_hand_is_an_error_naming_its_line_and_the_next_hand_reads(old, new, error):
    assert FIVE.count(old) == 1, old
    first, second, third = read_history(
        HILO + FIVE.replace(old, new) + FIVE.replace("50000001-7", "50000001-9")
    )
    assert isinstance(first, HandRecord)
    assert isinstance(second, HistoryError)
    assert str(second) == error
    assert isinstance(third, HandRecord)
    assert replay(third).matched


def test_a_file_cut_after_its_description_is_an_error_not_nothing():
    (error,) = read_history('<description type="Razz" stakes="Limit $0.50/$1"/>\n')
    assert isinstance(error, HistoryError)
    assert str(error) == "Merge hand #?, line 1: a description with no game after it"


def test_a_hand_cut_short_is_an_error_and_the_next_hand_reads():
    cut = FIVE.split('\t<round id="SHOWDOWN"')[0]
    first, second = read_history(cut + FIVE.replace("50000001-7", "50000001-9"))
    assert isinstance(first, HistoryError)
    assert str(first) == "Merge hand #50000001-7, line 39: not XML: no element found"
    assert isinstance(second, HandRecord)
    assert (second.number, second.line) == ("50000001-9", 41)


# -- a changed fact: the replay names the line and the difference ------------------------------


@needs_shared
@pytest.mark.parametrize(
    ("name", "old", "new", "difference"),
    [
        (
            STUD,
            '<winner amount="3.47"',
            '<winner amount="3.70"',
            "line 78: the record's winners collect 370, more than our pot 365",
        ),
        (
            STUD,
            '<winner amount="3.47"',
            '<winner amount="3.00"',
            "line 78: the record's winners collect 300 of our pot 365: the 65 left is more than "
            "a rake the site could take (37 at most)",
        ),
        (
            STUD,
            'player="6" amount="0.10"',
            'player="6" amount="0.20"',
            'line 32: \'<event sequence="9" type="CALL" timestamp="1296868943781" '
            'player="6" amount="0.20"/>\': ours costs 10',
        ),
        (
            STUD,
            'type="BRING_IN" timestamp="1296868941234" player="5"',
            'type="BRING_IN" timestamp="1296868941234" player="6"',
            "line 22: Player6 brings in or completes first; ours: Player5 (R3.1, R3.2)",
        ),
        (
            RAZZ,
            'type="RAISE" timestamp="1321414718804" player="5" amount="1.50"',
            'type="RAISE" timestamp="1321414718804" player="5" amount="1.60"',
            'line 23: \'<event sequence="8" type="RAISE" timestamp="1321414718804" '
            'player="5" amount="1.60"/>\': ours allows fold, call 50, raise to 150',
        ),
        (
            RAZZ,
            '<player seat="3" nickname="Hero" balance="$2.96"',
            '<player seat="3" nickname="Hero" balance="$3.96"',
            'line 32: \'<event sequence="15" type="ALL_IN" timestamp="1321414731815" '
            'player="3" amount="0.91"/>\': ours allows fold, call 50, raise to 100',
        ),
    ],
)
def test_a_changed_fact_is_the_first_difference_with_its_line(name, old, new, difference):
    assert replay(changed(name, old, new)).difference == difference


def test_a_tournament_s_pots_are_checked_to_the_chip():
    main = TOURNAMENT.replace('amount="105"', 'amount="100"')
    assert replay(one(main)).difference == "line 58: Ann collects 100 in the record; ours 105"
    unreturned = TOURNAMENT.replace(
        '\t\t<winner amount="40" uncalled="true" potnumber="3" player="1" pottype="n"/>\n', ""
    )
    assert replay(one(unreturned)).difference == (
        "line 56: uncalled bets returned: the record [], ours [('Bob', 40)] (R2.10)"
    )
