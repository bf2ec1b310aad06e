"""Importing one's own hands (studpoker.study.importer) on both backends: the sites'
files and PHH, duplicates skipped, a broken hand reported and the rest imported, each
owner's hands their own; the room's hands studied; statistics summed by the database."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import text

from conftest import read_sites_files
from studpoker.engine import Hand
from studpoker.games import seven_card_stud
from studpoker.history import to_phh
from studpoker.store import HandPlayer, HandRow, Store, StoreError, StudyFilter
from studpoker.store.migrate import alembic_config, head, revision
from studpoker.study.importer import import_files
from studpoker.study.stats import player_stats, room_hands_studied
from studpoker.table.snapshot import event_dict

SHARED = Path(__file__).resolve().parents[3] / "shared" / "handhistories"
FULL_TILT_STEALS = sorted((SHARED / "fulltilt").glob("7-Stud-USD-3-6-20106.Steal.*.txt"))
EVERY_FILE = read_sites_files(SHARED)
TWO_SITES = ("pokerstars", "fulltilt")  # the filters' figures: those sites' 42 hands

# A PokerStars Razz hand whose third street has a card nobody can read.
BROKEN = """PokerStars Hand #77:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:31:45 ET
Table 'Gotha II' 8-max
Seat 1: Ann ($1 in chips)
Seat 2: Bob ($1 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Kc]
Dealt to Bob [Zz]
Ann: brings in for $0.02
Bob: folds
"""
GOOD = """PokerStars Hand #78:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:32:45 ET
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
Seat 1: Ann (bring in) collected ($0.02)
Seat 2: Bob folded on the 3rd Street (didn't bet)
"""


@pytest.fixture
def owner(store: Store) -> int:
    return store.create_account("hero", "hash").id


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_every_shared_file_imports_once(store: Store, owner: int) -> None:
    report = import_files(store, owner, EVERY_FILE)
    assert (report.added, report.duplicates, report.errors) == (83, 0, [])
    assert report.other_games == 1  # KingsClub's 2-7 Razz
    again = import_files(store, owner, EVERY_FILE)
    assert (again.added, again.duplicates, again.errors) == (0, 83, [])
    assert store.study_hand_count(owner) == 83
    # Another account's import is its own: nothing of hero's counts as a duplicate.
    other = store.create_account("villain", "hash").id
    assert import_files(store, other, EVERY_FILE[:1]).added == 4  # Bovada's first file
    assert store.study_hand_count(owner) == 83
    # A name is one player on one site: "Hero" of eleven sites' files, site by site (the
    # Bovada and Everleaf files name nobody Hero; WPN's and Winamax's one file each).
    mine = StudyFilter(owner_id=owner, room=False)
    assert store.study_sites("Hero", mine) == [
        {"site": "PokerStars", "hands": 32}, {"site": "Full Tilt", "hands": 10},
        {"site": "OnGame", "hands": 4}, {"site": "iPoker", "hands": 3},
        {"site": "KingsClub", "hands": 2}, {"site": "Merge", "hands": 2},
        {"site": "PartyPoker", "hands": 2}, {"site": "WPN", "hands": 1},
        {"site": "Winamax", "hands": 1},
    ]  # fmt: skip
    assert player_stats(store, "Hero", replace(mine, site="iPoker")).hands == 3


def test_a_broken_hand_is_reported_and_the_rest_imported(
    store: Store, owner: int, tmp_path: Path
) -> None:
    mixed = tmp_path / "mixed.txt"
    mixed.write_text(f"{GOOD}\n\n{BROKEN}\n\n{GOOD.replace('#78', '#79')}\n{GOOD}")
    nothing = tmp_path / "notes.txt"
    nothing.write_text("my notes on the game\n")
    report = import_files(store, owner, [mixed, nothing])
    assert (report.added, report.duplicates) == (2, 1)  # #78 twice in the file
    assert len(report.errors) == 2
    assert report.errors[0].startswith("mixed.txt: PokerStars hand #77, line 28")  # the file's
    assert "'Zz' is not a card" in report.errors[0]
    assert report.errors[1] == "notes.txt: no hand of any site we read"
    stats = player_stats(store, "Bob", StudyFilter(owner_id=owner, room=False))
    assert stats.hands == 2
    assert stats.net == -2


def test_a_phh_file_imports_as_the_engine_plays_it(
    store: Store, owner: int, tmp_path: Path
) -> None:
    hand = Hand(seven_card_stud(), [1000, 1000], rng=__import__("random").Random(7))
    hand.act("bring_in")
    hand.act("fold")
    path = tmp_path / "hand.phh"
    path.write_text(to_phh(hand, names=["Ann", "Bob"], hand=12))
    report = import_files(store, owner, [path])
    assert (report.added, report.errors) == (1, [])
    folder = next(s for s in range(2) if hand.result.net[s] < 0)
    stats = player_stats(store, ["Ann", "Bob"][folder], StudyFilter(owner_id=owner, room=False))
    assert stats.hands == 1
    assert stats.net == hand.result.net[folder]


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_steals_counted_from_the_full_tilt_files(store: Store, owner: int) -> None:
    """kwuiyhw's five hands of the fpdb-named files, counted by hand: he steals from the
    cut-off with K♣ (9♣ gone, 2♠, 2♣ behind), folds to bllodshot's Q♣ steal, brings in
    and folds to thebear666's A♣, and twice only folds with a higher up card behind."""
    import_files(store, owner, FULL_TILT_STEALS)
    stats = player_stats(store, "kwuiyhw", StudyFilter(owner_id=owner, room=False))
    assert stats.hands == 5
    shares = {label: (s.count, s.sample) for label, s in stats.shares.items()}
    assert shares["Steal attempt"] == (1, 1)
    assert shares["Fold to a steal"] == (1, 1)
    assert shares["Bring-in folds to a completion"] == (1, 1)
    assert shares["VPIP"] == (1, 5)
    assert shares["Third street complete"] == (1, 3)
    assert stats.net == 400 - 50 - 50 - 150 - 50  # in cents
    assert stats.bb_per_100 == pytest.approx(100 * 100 / 600 / 5)
    hero = player_stats(store, "Hero", StudyFilter(owner_id=owner, room=False))
    assert {k: (s.count, s.sample) for k, s in hero.shares.items()}["Steal attempt"] == (1, 1)


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_filters_by_game_stakes_date_and_table_size(store: Store, owner: int) -> None:
    import_files(store, owner, [p for p in EVERY_FILE if p.parent.name in TWO_SITES])
    mine = StudyFilter(owner_id=owner, room=False)
    # Hero is in every one of the 42 hands: 14 of Razz, 28 with a big bet of 8 ($0.08:
    # all of them from 2009), 14 since 2010, 31 at PokerStars' 8-max tables (Full Tilt's records
    # do not say the table's size).
    assert player_stats(store, "Hero", mine).hands == 42
    by = {
        "game": StudyFilter(owner_id=owner, room=False, game="razz"),
        "stakes": StudyFilter(owner_id=owner, room=False, big_bet=8),
        "since": StudyFilter(owner_id=owner, room=False, since="2010-01-01"),
        "until": StudyFilter(owner_id=owner, room=False, until="2009-11-26"),
        "size": StudyFilter(owner_id=owner, room=False, table_size=8),
    }
    assert {k: player_stats(store, "Hero", w).hands for k, w in by.items()} == {
        "game": 14, "stakes": 28, "since": 14, "until": 28, "size": 31,
    }  # fmt: skip
    # The stakes a filter offers: what Hero played under the other filters, whatever
    # the stakes asked, the most played first (chips before money at equal stakes).
    stakes = store.study_stakes("Hero", by["stakes"])
    assert sum(stake["hands"] for stake in stakes) == 42
    assert stakes[:3] == [
        {"game": "seven_card_stud", "small_bet": 4, "big_bet": 8, "currency": "$", "hands": 12},
        {"game": "razz", "small_bet": 4, "big_bet": 8, "currency": "$", "hands": 9},
        {"game": "stud_hilo", "small_bet": 4, "big_bet": 8, "currency": "$", "hands": 7},
    ]
    hilo = [(s["big_bet"], s["currency"]) for s in stakes if s["game"] == "stud_hilo"]
    assert hilo == [(8, "$"), (400, None), (400, "$"), (80000, "$")]
    chips = StudyFilter(owner_id=owner, room=False, game="stud_hilo", big_bet=400, currency="")
    dollars = StudyFilter(owner_id=owner, room=False, game="stud_hilo", big_bet=400, currency="$")
    assert [player_stats(store, "Hero", w).hands for w in (chips, dollars)] == [1, 1]
    assert store.study_stakes("Nobody", mine) == []
    # Nobody else's imported hands, and none of the room's, unless asked.
    assert player_stats(store, "Hero", StudyFilter()).hands == 0
    with pytest.raises(StoreError, match="the room's hands, one's own, or both"):
        player_stats(store, "Hero", StudyFilter(room=False))


def test_the_rooms_hands_are_studied_once(store: Store) -> None:
    hand = Hand(seven_card_stud(), [1000, 1000], rng=__import__("random").Random(3))
    while not hand.is_over:
        options = [str(o) for o in hand.legal_actions()]
        hand.act(next((o for o in options if o.startswith(("check", "call"))), options[0]))
    seats = [3, 5]
    account_ids = [store.create_account(n, "h").id for n in ("Ann", "Bob")]
    for number in (1, 2):
        store.record_hand(
            HandRow(
                table_id="practice-razz", number=number, game="seven_card_stud",
                mode="practice", started_at=store._now(), ended_at=store._now(),
                record=to_phh(hand, names=["Ann", "Bob"]),
                events=json.dumps([event_dict(e, seats) for e in hand.events]),
                pot=sum(hand.contributed),
                players=[HandPlayer(seats[i], n, hand.result.net[i], account_ids[i])
                         for i, n in enumerate(("Ann", "Bob"))],
            )
        )  # fmt: skip
    assert room_hands_studied(store) == 2
    assert room_hands_studied(store) == 0
    # A room hand's table size is its game's seats (R6.10): it counts at 8-max.
    assert player_stats(store, "Ann", StudyFilter(table_size=8)).hands == 2
    assert player_stats(store, "Ann", StudyFilter(table_size=6)).hands == 0
    stats = player_stats(store, "Ann")
    assert stats.hands == 2
    assert stats.net == 2 * hand.result.net[0]
    assert stats.shares["Went to showdown (of hands seeing fourth street)"].count == 2
    # A room studied under revision 0008 kept no table size: 0009 has them studied again.
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE study_hands SET table_size = NULL"))
        command.downgrade(alembic_config(connection), "0008")
    assert player_stats(store, "Ann", StudyFilter(table_size=8)).hands == 0
    store.migrate()
    assert revision(store.engine) == head()
    assert room_hands_studied(store) == 2
    assert player_stats(store, "Ann", StudyFilter(table_size=8)).hands == 2
    assert player_stats(store, "Ann").net == 2 * hand.result.net[0]
