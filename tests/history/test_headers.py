"""Every first line PokerStars wrote for a stud hand is read (issue: every real stud file
reads): Home Game and Zoom hands, each tournament form (a level, a shootout's or a
match's round before it), play money, and the capitals of a tracker's export; and a
mixed-game file's hands of other games are skipped as other games, never errors.

The hands are one real Razz hand (../shared/handhistories, read where it is) under each
header, written as PokerStars writes them; it must read and replay with every fact
matching under each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from studpoker.history import HistoryError, OtherGame, read_history, read_pokerstars, replay

CENTS = re.compile(r"\$(\d+)\.(\d\d)")
CASH = "PokerStars Game #35874566077:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:24:42 ET"


def razz_hand(shared: Path) -> list[str]:
    """The first hand of a real Razz file: its lines, the header first."""
    text = (shared / "pokerstars" / "Razz-USD-0.04-0.08-200911.txt").read_text("utf-8-sig")
    lines = text.splitlines()
    assert lines[0] == CASH
    end = next(i for i, line in enumerate(lines[1:], 1) if line.startswith("PokerStars "))
    return lines[:end]


@pytest.mark.parametrize(
    ("header", "tournament", "currency"),
    [
        (CASH, None, "$"),
        (
            "PokerStars Home Game Hand #35874566077: {Friday Stud} Razz Limit ($0.04/$0.08 USD)"
            " - 2009/11/26 10:24:42 ET",
            None,
            "$",
        ),
        (
            "PokerStars Zoom Hand #35874566077:  Razz Limit ($0.04/$0.08) - 2009/11/26 10:24:42 ET",
            None,
            "$",
        ),
        (
            "POKERSTARS GAME #35874566077:  RAZZ LIMIT ($0.04/$0.08 USD) - 2009/11/26 10:24:42 ET",
            None,
            "$",
        ),
        (
            "PokerStars Hand #35874566077:  HORSE (Razz Limit, $0.04/$0.08 USD)"
            " - 2009/11/26 10:24:42 ET",
            None,
            "$",
        ),
        (
            "PokerStars Hand #35874566077:  8-Game (Razz Limit, $0.04/$0.08 USD)"
            " - 2009/11/26 10:24:42 ET",
            None,
            "$",
        ),
        # 2026's text (issue 37): the stakes' separator between spaces
        (
            "PokerStars Hand #35874566077:  Razz Limit ($0.04 / $0.08 USD)"
            " - 2026/03/01 10:24:42 ET",
            None,
            "$",
        ),
        (
            "PokerStars Hand #35874566077:  HORSE (Razz Limit, $0.04 / $0.08 USD)"
            " - 2026/03/01 10:24:42 ET",
            None,
            "$",
        ),
    ],
)
def test_a_cash_hand_reads_under_every_first_line(shared, header, tournament, currency):
    lines = razz_hand(shared)
    (record,) = read_pokerstars("\n".join([header, *lines[1:]]))
    assert not isinstance(record, HistoryError), record
    assert (record.game, record.tournament, record.currency) == ("razz", tournament, currency)
    assert (record.small_bet, record.big_bet) == (4, 8)  # cents
    assert replay(record).matched, replay(record).difference


def tournament_hand(shared: Path, header: str) -> str:
    """The Razz hand as a tournament's: every amount in chips (a cent a chip), no
    currency."""
    lines = [
        CENTS.sub(lambda m: str(int(m[1]) * 100 + int(m[2])), line) for line in razz_hand(shared)
    ]
    return "\n".join([header, *lines[1:]])


@pytest.mark.parametrize(
    "header",
    [
        "PokerStars Hand #35874566077: Tournament #664712833, $2.00+$0.20 USD Razz Limit"
        " - Level I (4/8) - 2013/01/03 16:27:43 ET",
        "PokerStars Hand #35874566077: Tournament #664712833, $2.00+$0.20 USD Razz Limit"
        " - Match Round I, Level I (4/8) - 2013/01/03 16:27:43 ET",
        "PokerStars Hand #35874566077: Tournament #664712833, Freeroll  Razz Limit"
        " - Level XXXI (4/8) - 2013/01/03 16:27:43 ET",
        "PokerStars Hand #35874566077: Tournament #664712833, $2.00+$0.20 USD Triple Stud"
        " (Razz Limit) - Level I (4/8) - 2013/01/03 16:27:43 ET",
        "POKERSTARS HAND #35874566077: TOURNAMENT #664712833, $2.00+$0.20 USD RAZZ LIMIT"
        " - LEVEL I (4/8) - 2013/01/03 16:27:43 ET",
        "PokerStars Home Game Hand #35874566077: Tournament #664712833, {Friday Stud}"
        " Razz Limit - Level I (4/8) - 2013/01/03 16:27:43 ET",
        "PokerStars Hand #35874566077: Tournament #664712833, $2.00+$0.20 USD Razz Limit"
        " - Level I (4 / 8) - 2026/03/01 16:27:43 ET",
    ],
)
def test_a_tournament_hand_reads_under_every_first_line(shared, header):
    (record,) = read_pokerstars(tournament_hand(shared, header))
    assert not isinstance(record, HistoryError), record
    assert (record.game, record.tournament, record.currency) == ("razz", "664712833", None)
    assert (record.small_bet, record.big_bet) == (4, 8)  # chips
    assert replay(record).matched, replay(record).difference


def test_play_money_is_chips_with_no_currency(shared):
    header = "PokerStars Game #35874566077:  Razz Limit (4/8) - 2009/11/26 10:24:42 ET"
    (record,) = read_pokerstars(tournament_hand(shared, header))
    assert not isinstance(record, HistoryError), record
    assert (record.currency, record.scale, record.small_bet) == (None, 1, 4)
    assert replay(record).matched, replay(record).difference


@pytest.mark.parametrize(
    ("game", "header"),
    [
        (
            "Hold'em Limit",
            "PokerStars Hand #1: HORSE (Hold'em Limit, $0.04/$0.08 USD) - 2009/11/26",
        ),
        ("Omaha Hi/Lo Limit", "PokerStars Hand #1: HORSE (Omaha Hi/Lo Limit, $0.04/$0.08 USD) - x"),
        ("Hold'em No Limit", "PokerStars Hand #1: 8-Game (Hold'em No Limit, $0.04/$0.08 USD) - x"),
        (
            "2-7 Triple Draw Limit",
            "PokerStars Hand #1: 8-Game (2-7 Triple Draw Limit, $0.04/$0.08 USD) - x",
        ),
    ],
)
def test_a_mixed_games_hand_of_another_game_is_skipped_not_an_error(shared, game, header):
    lines = razz_hand(shared)
    (skipped,) = read_pokerstars("\n".join([header, *lines[1:]]))
    assert isinstance(skipped, OtherGame)
    assert skipped.game == game
    assert str(skipped) == f"PokerStars hand #1, line 1: a hand of {game}, not a stud game"


def test_a_mixed_file_reads_its_stud_hands_and_skips_the_rest(shared, tmp_path):
    razz = razz_hand(shared)
    holdem = "PokerStars Hand #2: HORSE (Hold'em Limit, $0.04/$0.08 USD) - 2009/11/26 10:30:00 ET"
    stud = "PokerStars Hand #3: HORSE (Razz Limit, $0.04/$0.08 USD) - 2009/11/26 10:31:00 ET"
    text = "\n\n".join("\n".join([header, *razz[1:]]) for header in (CASH, holdem, stud))
    path = tmp_path / "horse.txt"
    path.write_text(text, encoding="utf-8")
    records = read_history(path)
    assert [type(r).__name__ for r in records] == ["HandRecord", "OtherGame", "HandRecord"]


def test_a_hand_whose_shows_name_no_hand_still_replays_every_other_fact(shared):
    """2026's text (issue 37): the site may leave out the hands' descriptions, "shows
    [..]" and "showed [..] and won ($0.77)" with no "(a pair of Tens)" nor "with ...";
    the hand reads and every fact it still states matches."""
    text = (shared / "pokerstars" / "7-Stud-USD-0.04-0.08-200911.txt").read_text("utf-8-sig")
    full = next(hand for hand in text.split("\n\n\n") if ": shows [" in hand).strip()
    bare = re.sub(r"(shows \[[^\]]*\]) \([^)]*\)", r"\1", full)
    bare = re.sub(r"(showed \[[^\]]*\] and (?:won|lost)[^\n]*?) with [^\n]*", r"\1", bare)
    assert bare != full  # the hand had descriptions to leave out
    assert not re.search(r"shows \[[^\]]*\] \(|\] and (?:won|lost).* with ", bare)
    (described,) = read_pokerstars(full)
    (record,) = read_pokerstars(bare)
    assert not isinstance(record, HistoryError), record
    assert not isinstance(described, HistoryError), described
    told, plain = replay(described), replay(record)
    assert plain.matched, plain.difference
    assert plain.checked == told.checked > 90  # every fact checked with them, without
