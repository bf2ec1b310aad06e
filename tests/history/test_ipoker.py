"""iPoker's XML hand histories (issue 37 point 4): the shared samples (Seven Card Stud
and Five-Card Stud) replayed with every fact matching, and hands written here in the
site's format for what the samples do not show: Stud Hi/Lo with a split pot and rake,
Razz with an all-in, a side pot and an uncalled bet (in the data-mined dialect: no
``<?xml ?>``, lower-case cards, no ``cards`` attribute), a tournament whose header gives
no stakes, a hold'em session in the same file, broken hands, and facts altered.

The samples are read where they are, in ``../shared/handhistories/ipoker`` beside the
clone (never copied into the project).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studpoker.cards import Card
from studpoker.engine.events import PotAwarded, UncalledBetReturned
from studpoker.history import (
    HandRecord,
    HistoryError,
    OtherGame,
    iter_history,
    iter_history_texts,
    read_history,
    reader_for,
    replay,
)
from studpoker.history.ipoker import READER, read_ipoker

SHARED = Path(__file__).parents[2] / ".." / "shared" / "handhistories" / "ipoker"
FILES = sorted(SHARED.iterdir()) if SHARED.is_dir() else []
FIVE = SHARED / "5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"
SEVEN = SHARED / "7-StudL-USD-0.05-0.10-201009.txt"

needs_shared = pytest.mark.usefixtures("shared")


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def records(source: str | Path) -> list[HandRecord]:
    hands = read_history(source)
    assert all(isinstance(hand, HandRecord) for hand in hands), hands
    return [hand for hand in hands if isinstance(hand, HandRecord)]


# Stud Hi/Lo (R5.5): Bob's kings full take the high half, Ann's wheel the low; the pot of
# €2.26 less €0.11 of rake split €1.08 and €1.07 (each ``win``; ``bet`` what each put
# in).  Then Razz in the data-mined dialect: Dan all in on fifth street for $0.08 (R2.9),
# his 6-4-3-2-A winning the main pot, Hero's side pot and Hero's uncalled $0.20 on sixth
# street (R2.10) inside Hero's ``win`` of $0.43 and ``bet`` of $0.82.
HILO_AND_RAZZ = """\
<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="501">
  <general>
    <mode>real</mode>
    <gametype>7 Card Stud Hi-Lo L €0.10/€0.20</gametype>
    <tablename>Vigo, 112233</tablename>
    <tablecurrency>EUR</tablecurrency>
    <currency>EUR</currency>
    <nickname>Ann</nickname>
  </general>
  <game gamecode="7001">
    <general>
      <startdate>2012-03-04 21:15:09</startdate>
      <players>
        <player seat="1" name="Ann" chips="€5" dealer="0" win="€1.07" bet="€1.02" />
        <player seat="3" name="Bob" chips="€5" dealer="0" win="€1.08" bet="€1.02" />
        <player seat="5" name="Cat" chips="€5" dealer="1" win="€0" bet="€0.22" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Ann" type="15" sum="€0.02" cards="[cards]" /><action no="2" \
player="Bob" type="15" sum="€0.02" cards="[cards]" /><action no="3" player="Cat" type="15" \
sum="€0.02" cards="[cards]" />
    </round>
    <round no="1">
    </round>
    <round no="2">
      <cards type="Third Street" player="Ann">SA D2 C3</cards><action no="5" player="Ann" \
type="5" sum="€0.10" cards="" />
      <cards type="Third Street" player="Bob">SK D7 HK</cards><action no="6" player="Bob" \
type="3" sum="€0.10" cards="" />
      <cards type="Third Street" player="Cat">X X H2</cards><action no="4" player="Cat" \
type="16" sum="€0.05" cards="" /><action no="7" player="Cat" type="3" sum="€0.05" cards="" />
    </round>
    <round no="3">
      <cards type="Fourth Street" player="Ann">D4</cards><action no="10" player="Ann" \
type="3" sum="€0.10" cards="" />
      <cards type="Fourth Street" player="Bob">DK</cards><action no="8" player="Bob" \
type="5" sum="€0.10" cards="" />
      <cards type="Fourth Street" player="Cat">S9</cards><action no="9" player="Cat" \
type="3" sum="€0.10" cards="" />
    </round>
    <round no="4">
      <cards type="Fifth Street" player="Ann">H5</cards><action no="13" player="Ann" \
type="23" sum="€0.40" cards="" />
      <cards type="Fifth Street" player="Bob">C7</cards><action no="11" player="Bob" \
type="5" sum="€0.20" cards="" /><action no="14" player="Bob" type="3" sum="€0.20" cards="" />
      <cards type="Fifth Street" player="Cat">D9</cards><action no="12" player="Cat" \
type="0" sum="€0" cards="" />
    </round>
    <round no="5">
      <cards type="Sixth Street" player="Ann">C6</cards><action no="16" player="Ann" \
type="5" sum="€0.20" cards="" />
      <cards type="Sixth Street" player="Bob">S8</cards><action no="15" player="Bob" \
type="4" sum="€0" cards="" /><action no="17" player="Bob" type="3" sum="€0.20" cards="" />
    </round>
    <round no="6">
      <cards type="River" player="Ann">CK</cards><action no="19" player="Ann" type="3" \
sum="€0.20" cards="" />
      <cards type="River" player="Bob">D8</cards><action no="18" player="Bob" type="5" \
sum="€0.20" cards="" />
    </round>
  </game>
</session>
<session sessioncode="502">
<general>
<gametype>Razz L 0.10/0.20</gametype>
<tablename>Andreapol__No_DP_</tablename>
<currency>USD</currency>
<nickname>Hero</nickname>
</general>
<game gamecode="7002">
<general>
<startdate>04/03/2012 21:20:00</startdate>
<players>
<player seat="2" name="Dan" chips="$0.50" dealer="0" win="$1.43" bet="$0.50"/>
<player seat="4" name="Eve" chips="$5" dealer="0" win="$0" bet="$0.62"/>
<player seat="6" name="Hero" chips="$5" dealer="1" win="$0.43" bet="$0.82"/>
</players>
</general>
<round no="0">
<action no="1" player="Dan" type="15" sum="$0.02"/>
<action no="2" player="Eve" type="15" sum="$0.02"/>
<action no="3" player="Hero" type="15" sum="$0.02"/>
</round>
<round no="2">
<cards type="Third Street" player="Dan">da s4 c3</cards>
<action no="6" player="Dan" type="23" sum="$0.20"/>
<cards type="Third Street" player="Eve">X X dq</cards>
<action no="4" player="Eve" type="16" sum="$0.05"/>
<action no="7" player="Eve" type="3" sum="$0.15"/>
<cards type="Third Street" player="Hero">d6 h8 s7</cards>
<action no="5" player="Hero" type="5" sum="$0.10"/>
<action no="8" player="Hero" type="3" sum="$0.10"/>
</round>
<round no="3">
<cards type="Fourth Street" player="Dan">d2</cards>
<action no="9" player="Dan" type="5" sum="$0.10"/>
<action no="12" player="Dan" type="3" sum="$0.10"/>
<cards type="Fourth Street" player="Eve">h4</cards>
<action no="10" player="Eve" type="3" sum="$0.10"/>
<action no="13" player="Eve" type="3" sum="$0.10"/>
<cards type="Fourth Street" player="Hero">c5</cards>
<action no="11" player="Hero" type="23" sum="$0.20"/>
</round>
<round no="4">
<cards type="Fifth Street" player="Dan">s6</cards>
<action no="14" player="Dan" type="4" sum="$0"/>
<action no="17" player="Dan" type="7" sum="$0.08"/>
<cards type="Fifth Street" player="Eve">hJ</cards>
<action no="15" player="Eve" type="5" sum="$0.20"/>
<cards type="Fifth Street" player="Hero">hA</cards>
<action no="16" player="Hero" type="3" sum="$0.20"/>
</round>
<round no="5">
<cards type="Sixth Street" player="Dan">sK</cards>
<cards type="Sixth Street" player="Eve">d5</cards>
<action no="19" player="Eve" type="0" sum="$0"/>
<cards type="Sixth Street" player="Hero">h3</cards>
<action no="18" player="Hero" type="5" sum="$0.20"/>
</round>
<round no="6">
<cards type="River" player="Dan">cJ</cards>
<cards type="River" player="Hero">c8</cards>
</round>
</game>
</session>
"""

# A Seven Card Stud tournament (chips: no currency on the amounts, thousands spaced),
# whose ``<gametype>`` gives no stakes: P1's completion says the small bet (100); P1's
# bet of 100 on fourth street is uncalled, returned inside his ``win``.  Then a hold'em
# session in the same file: its hands are another game, even the broken one.
TOURNAMENT_AND_HOLDEM = """\
<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="601">
  <general>
    <mode>real</mode>
    <gametype>7 Card Stud L</gametype>
    <tablename>Stud Freeroll, 7654321</tablename>
    <tournamentcode>7654321</tournamentcode>
    <tournamentname>Stud Freeroll</tournamentname>
    <currency>EUR</currency>
    <nickname>Hero</nickname>
  </general>
  <game gamecode="8001">
    <general>
      <startdate>12-Mar-2012 20:05</startdate>
      <players>
        <player seat="1" name="P1" chips="1500" dealer="0" win="355" bet="210" />
        <player seat="2" name="Hero" chips="2 000" dealer="0" win="0" bet="110" />
        <player seat="3" name="P3" chips="800" dealer="1" win="0" bet="35" />
        <player seat="4" name="" chips="0" dealer="0" win="0" bet="0" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="P1" type="15" sum="10" cards="[cards]" /><action no="2" \
player="Hero" type="15" sum="10" cards="[cards]" /><action no="3" player="P3" type="15" \
sum="10" cards="[cards]" /><action no="4" player="" type="8" sum="0" cards="" />
    </round>
    <round no="2">
      <cards type="Third Street" player="P1">X X D5</cards><action no="6" player="P1" \
type="5" sum="100" cards="" />
      <cards type="Third Street" player="Hero">HK DK SQ</cards><action no="7" \
player="Hero" type="3" sum="100" cards="" />
      <cards type="Third Street" player="P3">X X C2</cards><action no="5" player="P3" \
type="16" sum="25" cards="" /><action no="8" player="P3" type="0" sum="0" cards="" />
    </round>
    <round no="3">
      <cards type="Fourth Street" player="P1">H9</cards><action no="10" player="P1" \
type="5" sum="100" cards="" />
      <cards type="Fourth Street" player="Hero">S3</cards><action no="9" player="Hero" \
type="4" sum="0" cards="" /><action no="11" player="Hero" type="0" sum="0" cards="" />
    </round>
  </game>
</session>
<session sessioncode="602">
  <general>
    <gametype>Holdem NL $0.02/$0.04</gametype>
    <tablename>Konark</tablename>
    <currency>USD</currency>
    <nickname>Hero</nickname>
  </general>
  <game gamecode="8002">
    <general>
      <startdate>2012-03-12 20:06:00</startdate>
      <players>
        <player seat="1" name="Hero" chips="$4" dealer="1" win="$0.02" bet="$0.04" />
        <player seat="2" name="P9" chips="$4" dealer="0" win="$0" bet="$0.02" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="P9" type="1" sum="$0.02" cards="[cards]" /><action no="2" \
player="Hero" type="2" sum="$0.04" cards="[cards]" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Hero">CA CK</cards><cards type="Pocket" \
player="P9">X X</cards><action no="3" player="P9" type="0" sum="$0" cards="" />
    </round>
  </game>
  <game gamecode="8003">
    <general>
      <players>
        <player seat="1" name="Hero" chips="$4.02" dealer="0" win="$0" bet="$0.02" />
    </general>
  </game>
</session>
"""

# Two players, Ann's bring-in unanswered (Bob folds): Ann's ``win`` of $0.06 holds her
# uncalled bring-in.  HEADER is line 1 and 2; each GAME is 9 lines.
HEADER = """\
<session sessioncode="1"><general><gametype>7 Card Stud L $0.10/$0.20</gametype>
<currency>USD</currency><nickname>Ann</nickname></general>
"""
GAME = """\
<game gamecode="{code}"><general><startdate>2011-11-02 18:10:00</startdate><players>
<player seat="1" name="Ann" chips="$4" dealer="0" win="$0.06" bet="$0.04"/>
<player seat="2" name="Bob" chips="$5" dealer="0" win="$0" bet="$0.02"/></players></general>
<round no="0"><action no="1" player="Ann" type="15" sum="$0.02" cards="[cards]"/>
<action no="2" player="Bob" type="15" sum="$0.02" cards="[cards]"/></round>
<round no="2"><cards type="Third Street" player="Ann">S6 DK H2</cards>
<action no="3" player="Ann" type="16" sum="$0.02" cards=""{close}>
<cards type="Third Street" player="Bob">X X SK</cards>
<action no="4" player="Bob" type="{fold}" sum="$0" cards=""/></round></game>
"""


def game(code: str, close: str = "/", fold: str = "0") -> str:
    return GAME.format(code=code, close=close, fold=fold)


# -- the shared samples -------------------------------------------------------------------


@needs_shared
def test_every_shared_ipoker_hand_replays_with_every_fact_matching():
    assert [path.name for path in FILES] == [FIVE.name, SEVEN.name]
    hands = [hand for path in FILES for hand in read_history(path)]
    assert not [hand for hand in hands if isinstance(hand, OtherGame)]
    stud = [hand for hand in hands if isinstance(hand, HandRecord)]
    assert [(hand.number, hand.line, hand.game) for hand in stud] == [
        ("3013529647", 21, "five_card_stud"),
        ("2418629537", 18, "seven_card_stud"),
        ("2418630592", 47, "seven_card_stud"),
    ]
    for hand in stud:
        report = replay(hand)
        assert report.matched, report.line()
        assert report.notes == []
        assert report.checked >= 40


@needs_shared
def test_the_five_card_stud_sample_its_stakes_cards_and_results():
    (hand,) = records(FIVE)
    assert (hand.site, hand.currency, hand.scale) == ("iPoker", "$", 100)
    assert (hand.small_bet, hand.big_bet, hand.ante, hand.bring_in) == (5, 10, 2, 2)
    assert (hand.table, hand.hero) == ("Dundee, 637718441", "Hero")
    assert hand.played_at == "2011-11-02 18:10:00"  # the game's startdate, not the session's
    assert hand.players == ["Player1", "Hero"]
    assert hand.cards == {"Player1": cards("8h Jd 4c 4s Kd"), "Hero": cards("Qs 3c 2c Kc 5c")}
    # The actions in the order of their numbers (Hero's bring-in, no. 3, is written after
    # Player1's completion, no. 4): the lines are the elements' (R2.4, R9.2).
    assert [(a.street, a.player, a.kind, a.amount, a.line) for a in hand.actions] == [
        (0, "Hero", "bring_in", 2, 35),
        (0, "Player1", "complete", 5, 35),
        (0, "Hero", "call", 3, 35),
        (1, "Player1", "bet", 5, 38),
        (1, "Hero", "call", 5, 38),
        (2, "Player1", "bet", 10, 41),
        (2, "Hero", "call", 10, 41),
        (3, "Player1", "check", None, 44),
        (3, "Hero", "check", None, 44),
    ]
    assert hand.actions[1].text == '<action no="4" player="Player1" type="5" sum="$0.05"/>'
    assert hand.shows == {"Player1": 44, "Hero": 44}
    # win $0.42 less bet $0.22; the rake what was bet ($0.44) less what was won ($0.42).
    assert hand.net == {"Player1": (20, 25), "Hero": (-22, 25)}
    assert (hand.rake, hand.total_pot, hand.collected, hand.uncalled_written) == (
        2,
        None,
        [],
        False,
    )


@needs_shared
def test_the_seven_card_stud_sample_an_uncalled_bet_inside_bet_and_win():
    first, second = records(SEVEN)
    assert first.played_at == "2010-09-05 13:00:46"
    assert first.players == [
        "WurmX", "Hero", "FENGLIUDUSHENG", "komanchi7", "Qekz406", "axi0matic", "Zsuzsanna"
    ]  # fmt: skip
    # The hands shown at the showdown have their down cards written in place.
    assert first.cards["Qekz406"] == cards("9h 6s 7c Ts Td 2d Qd")
    assert first.cards["WurmX"] == [None, None, Card.parse("6h"), None, None, None, None]
    assert first.shows == {"Hero": 44, "Qekz406": 44, "Zsuzsanna": 44}
    assert (first.rake, first.net["Hero"]) == (0, (10, 22))
    # komanchi7's $0.10 on fifth street is returned: in his bet ($0.18) and win ($0.43).
    assert second.net["komanchi7"] == (25, 51)
    assert (second.rake, second.shows) == (1, {})
    (bet,) = [a for a in second.actions if a.street == 2 and a.kind == "bet"]
    assert bet.text == '<action no="21" player="komanchi7" type="5" sum="$0.10"/>'
    assert (bet.player, bet.amount, bet.line) == ("komanchi7", 10, 67)


# -- hands written in the site's format ----------------------------------------------------


def test_stud_hilo_split_pot_and_razz_all_in_side_pot_uncalled_bet(tmp_path: Path):
    path = tmp_path / "hands.xml"
    path.write_text(HILO_AND_RAZZ, encoding="utf-8")
    hilo, razz = records(path)
    for hand in (hilo, razz):
        report = replay(hand)
        assert report.matched, report.line()
        assert report.notes == []
    assert (hilo.game, hilo.currency, hilo.small_bet, hilo.big_bet) == ("stud_hilo", "€", 10, 20)
    assert (hilo.ante, hilo.bring_in, hilo.hero, hilo.line) == (2, 5, "Ann", 11)
    assert hilo.cards["Bob"] == cards("Ks 7d Kh Kd 7c 8s 8d")
    assert hilo.cards["Cat"] == [None, None, *cards("2h 9s 9d"), None, None]
    # Ann's raise (type 23) is her total for fifth street, $0.40 (R2.6).
    assert [(a.player, a.kind, a.amount) for a in hilo.actions if a.street == 2] == [
        ("Bob", "bet", 20),
        ("Cat", "fold", None),
        ("Ann", "raise", 40),
        ("Bob", "call", 20),
    ]
    assert hilo.shows == {"Ann": 45, "Bob": 46}
    assert (hilo.rake, hilo.net) == (11, {"Ann": (5, 15), "Bob": (6, 16), "Cat": (-22, 17)})
    report = replay(hilo)
    assert report.hand is not None
    events = report.hand.events
    awards = [(e.seat, e.half, e.amount) for e in events if isinstance(e, PotAwarded)]
    assert awards == [(1, "high", 113), (0, "low", 113)]  # R5.5, before the rake

    assert (razz.game, razz.currency, razz.scale, razz.played_at) == (
        "razz",
        "$",
        100,
        "2012-03-04 21:20:00",
    )
    assert razz.cards["Dan"] == cards("Ad 4s 3c 2d 6s Ks Jc")  # lower-case cards read
    assert [(a.player, a.kind, a.amount, a.all_in) for a in razz.actions if a.street == 2] == [
        ("Dan", "check", None, False),
        ("Eve", "bet", 20, False),
        ("Hero", "call", 20, False),
        ("Dan", "call", 8, True),  # type 7: all in, for what he has (R2.9)
    ]
    assert razz.shows == {"Dan": 108, "Hero": 109}
    assert (razz.rake, razz.net) == (8, {"Dan": (93, 61), "Eve": (-62, 62), "Hero": (-39, 63)})
    report = replay(razz)
    assert report.hand is not None
    pots = [(pot.amount, pot.eligible) for pot in report.hand.pots]
    assert pots == [(150, (0, 2)), (24, (2,))]  # R5.4: Dan's main pot, Hero's side pot
    events = report.hand.events
    returned = [(e.seat, e.amount) for e in events if isinstance(e, UncalledBetReturned)]
    assert returned == [(2, 20)]  # R2.10: Hero's bet on sixth street, Eve folding


def test_a_tournament_without_stakes_and_a_holdem_session_in_the_same_file(tmp_path: Path):
    path = tmp_path / "mixed.xml"
    path.write_text(TOURNAMENT_AND_HOLDEM, encoding="utf-8")
    hands = read_history(path)
    assert [type(hand).__name__ for hand in hands] == ["HandRecord", "OtherGame", "OtherGame"]
    stud, holdem, broken = hands
    assert isinstance(stud, HandRecord)
    assert (stud.currency, stud.scale, stud.tournament) == (None, 1, "7654321")
    assert (stud.small_bet, stud.big_bet, stud.ante, stud.bring_in) == (100, 200, 10, 25)
    assert [seat.stack for seat in stud.seats] == [1500, 2000, 800]
    assert stud.played_at == "2012-03-12 20:05:00"
    assert stud.net == {"P1": (145, 16), "Hero": (-110, 17), "P3": (-35, 18)}
    report = replay(stud)
    assert report.matched, report.line()
    assert report.notes == []
    assert str(holdem) == "iPoker hand #8002: a hand of Holdem NL $0.02/$0.04, not a stud game"
    assert isinstance(holdem, OtherGame)
    assert holdem.game == "Holdem NL $0.02/$0.04"
    assert str(broken) == "iPoker hand #8003: a hand of Holdem NL $0.02/$0.04, not a stud game"
    no_limit = HEADER.replace("7 Card Stud L", "7 Card Stud NL") + game("5")
    (other,) = read_ipoker(no_limit)
    assert isinstance(other, OtherGame)
    assert other.game == "7 Card Stud NL $0.10/$0.20"


def test_a_broken_hand_names_its_line_and_the_next_hands_still_read():
    text = (
        HEADER
        + game("1", close="")  # lines 3 to 11: the bring-in's tag is never closed
        + game("2")  # lines 12 to 20
        + game("3", fold="11")  # lines 21 to 29: an action type iPoker does not write
        + game("4").replace('name="Bob"', 'name="&lol;"')  # lines 30 to 38: no such entity
        + game("5").replace('<round no="2">', '<!DOCTYPE x [<!ENTITY a "b">]><round no="2">')
        + game("6")  # lines 48 to 56
        + game("7")[:260]  # lines 57 to 60: the file ends in the hand
    )
    hands = read_ipoker(text)
    assert [str(hand) if isinstance(hand, HistoryError) else hand.number for hand in hands] == [
        "iPoker hand #1, line 11: broken XML: mismatched tag",
        "2",
        'iPoker hand #3, line 29: <action no="4" player="Bob" type="11" sum="$0"/>: '
        "action type 11 is unknown",
        "iPoker hand #4, line 32: broken XML: undefined entity",
        "iPoker hand #5, line 44: broken XML: not well-formed (invalid token)",
        "6",
        "iPoker hand #7, line 60: the hand ends before its </game>",
    ]
    assert [hand.line for hand in hands if isinstance(hand, HandRecord)] == [12, 48]
    assert all(replay(hand).matched for hand in hands if isinstance(hand, HandRecord))


def test_a_document_type_is_refused_its_entities_never_expanded():
    laughs = [
        '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;">',
        '<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;">]>',
        '<game gamecode="1"><general>&lol3;</general></game>',
    ]
    with pytest.raises(HistoryError) as refused:
        READER.read_hand(40, laughs)
    assert str(refused.value) == "iPoker hand #1, line 40: a document type in a hand is refused"


def test_cards_a_player_is_not_dealt_and_an_amount_that_is_not_one():
    two_cards = HEADER + game("1").replace("X X SK", "X SK")
    bad_card = HEADER + game("1").replace("X X SK", "X X K9")
    bad_amount = HEADER + game("1").replace('sum="$0.02" cards=""', 'sum="$0.0x" cards=""')
    assert [str(read_ipoker(text)[0]) for text in (two_cards, bad_card, bad_amount)] == [
        "iPoker hand #1, line 10: Bob holds 3 cards on third street, but the line shows 2",
        "iPoker hand #1, line 10: 'K9' is not a card",
        "iPoker hand #1, line 9: '$0.0x' is not an amount",
    ]


@needs_shared
def test_a_fact_altered_is_reported_with_its_exact_difference():
    text = FIVE.read_text(encoding="utf-8")
    # Player1's win made $0.46: more than the $0.44 bet, so no rake is left to take.
    won = text.replace('win="$0.42"', 'win="$0.46"')
    # Hero's call on fourth street made $0.05: the big bet is $0.10 (R9.2).
    call = text.replace('player="Hero" type="3" sum="$0.10"', 'player="Hero" type="3" sum="$0.05"')
    # WurmX's bet made $0.02 (he put in his $0.01 ante only): the record then has a rake.
    seven = SEVEN.read_text(encoding="utf-8")
    bet = seven.replace('name="WurmX" chips="$1" dealer="1" win="$0" bet="$0.01"',
                        'name="WurmX" chips="$1" dealer="1" win="$0" bet="$0.02"')  # fmt: skip
    lines = [replay(records(altered)[0]).line() for altered in (won, call, bet)]
    assert lines == [
        "iPoker #3013529647: line 25: Player1 nets 24 in the record; ours 22",
        "iPoker #3013529647: line 41: "
        '\'<action no="9" player="Hero" type="3" sum="$0.05"/>\': ours costs 10',
        "iPoker #2418629537: line 22: WurmX nets -2 in the record; ours -1 less its share of "
        "the rake 1",
    ]


# -- finding the site and splitting the file ------------------------------------------------


def test_the_reader_finds_ipoker_by_content_on_any_line():
    assert READER.finds('<?xml version="1.0" encoding="utf-8"?><session sessioncode="1">  ')
    assert READER.finds('\t</game><game gamecode="2418630592">')
    assert not READER.finds("<gametype>7 Card Stud L $0.05/$0.10</gametype>")
    assert reader_for('<session sessioncode="2752856781">') is READER


@needs_shared
def test_one_line_files_documents_back_to_back_and_utf16_stream_a_hand_at_a_time(
    tmp_path: Path,
):
    seven = SEVEN.read_text(encoding="utf-8")
    five = FIVE.read_text(encoding="utf-8")
    one_line = tmp_path / "one-line.xml"
    one_line.write_text(seven.replace("\n", ""), encoding="utf-8")
    back_to_back = tmp_path / "documents.xml"
    back_to_back.write_text(five + "</session>" + seven, encoding="utf-8-sig")
    utf16 = tmp_path / "utf16.xml"
    utf16.write_text(seven, encoding="utf-16")
    found = {
        path.name: [(hand.number, hand.line) for hand in iter_history(path)]
        for path in (one_line, back_to_back, utf16)
    }
    assert found == {
        "one-line.xml": [("2418629537", 1), ("2418630592", 1)],
        "documents.xml": [("3013529647", 21), ("2418629537", 66), ("2418630592", 95)],
        "utf16.xml": [("2418629537", 18), ("2418630592", 47)],
    }
    for path in (one_line, back_to_back, utf16):
        assert all(replay(hand).matched for hand in iter_history(path))


@needs_shared
def test_each_hand_text_stored_is_a_whole_document_that_reads_again():
    texts = list(iter_history_texts(SEVEN))
    assert [item.number for item, _ in texts] == ["2418629537", "2418630592"]
    first, text = texts[1]
    assert text.startswith('<session sessioncode="2752856781"> <general> <mode>real</mode> ')
    assert text.endswith("\t</game>\n")
    (again,) = records(text)
    assert isinstance(first, HandRecord)
    assert (again.number, again.cards, again.actions[0].kind) == (
        first.number,
        first.cards,
        first.actions[0].kind,
    )
    # The lines are the text's own: the hand its first, the players its fifth.
    assert (again.line, again.net["komanchi7"]) == (1, (25, 5))
    assert replay(again).matched
