"""The replayer's data (studpoker.study.replay): every street's cards as the viewer may
see them, the dead cards, the pot, and each player's equity equal to ``stud equity``'s
against exactly the cards the street shows (issue 37: a card shown is a card known)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from conftest import read_sites_files
from engine.scripting import deal, play
from studpoker.cards import deck_cards
from studpoker.cli import main
from studpoker.engine import Hand
from studpoker.equity import equity
from studpoker.games import GAMES, seven_card_stud
from studpoker.history import iter_history_texts, read_history
from studpoker.study import StudyHand, from_hand, from_record
from studpoker.study.replay import replay_view

SHARED = Path(__file__).resolve().parents[3] / "shared" / "handhistories"
STUD = SHARED / "pokerstars" / "7-Stud-USD-0.04-0.08-200911.txt"


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_each_streets_equity_is_stud_equitys_against_the_cards_it_shows() -> None:
    text = STUD.read_text()
    record = read_history(text)[1]
    assert not isinstance(record, Exception)
    hand = from_record(record, text)
    assert hand.hero == 1  # "Dealt to Hero [3s Qd 9h]"
    view = replay_view(hand, viewer=hand.hero, every_card=True, seed=5, samples=5000)
    assert [s["name"] for s in view["streets"]] == ["third", "fourth", "fifth", "sixth", "seventh"]
    fourth = view["streets"][1]
    # Hero folded on third street: his 9♥ is shown apart from fourth street on.
    assert fourth["dead"] == ["9h"]
    assert fourth["cards"]["8"] == ["4c", "6d", "Ts", "5c"]  # shown at the end: all kept
    # The equity is on the cards the street shows (issue 37): seat 8's and seat 3's down
    # cards, shown at the end, are known; Hero's three folded cards are out of the deck.
    known = {
        "3": "Ac 4d 7d Td", "4": "?? ?? 7c Th", "5": "?? ?? 5h 8s", "6": "?? ?? 5d Js",
        "8": "4c 6d Ts 5c",
    }  # fmt: skip
    assert {seat: " ".join(c or "??" for c in fourth["cards"][seat]) for seat in known} == known
    found = equity("seven_card_stud", list(known.values()), dead="3s Qd 9h", seed=5, samples=5000)
    assert fourth["equity"] == dict(zip(known, found.equities, strict=True))
    assert fourth["exact"] is False
    assert fourth["samples"] == 5000
    assert fourth["ci95"]["3"] == list(found.ci95[0])  # type: ignore[index]
    assert view["shown"]["3"] == ["Ac", "4d", "7d", "Td", "3d", "Tc", "2h"]
    assert view["collected"] == {"3": 77}


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_stud_equity_on_the_command_line_agrees(capsys) -> None:  # type: ignore[no-untyped-def]
    text = STUD.read_text()
    record = read_history(text)[1]
    assert not isinstance(record, Exception)
    view = replay_view(from_record(record, text), viewer=1, every_card=True, seed=9)
    sixth = view["streets"][3]
    # the cards the street shows: the live seats' (two shown at the end, known), and
    # the folded seats' out of the deck
    live = ["Ac 4d 7d Td 3d Tc", "?? ?? 7c Th 9s Ah", "4c 6d Ts 5c 6h Jh"]
    shown = {s: " ".join(c or "??" for c in cards) for s, cards in sixth["cards"].items()}
    assert [shown[s] for s in sixth["equity"]] == live
    dead = " ".join(
        card
        for s, cards in sixth["cards"].items()
        if s not in sixth["equity"]
        for card in cards
        if card
    )
    argv = ["equity", "--game", "seven_card_stud", "--seed", "9", "--samples", "20000", "--json"]
    assert main([*argv, "--dead", dead, *live]) == 0
    said = json.loads(capsys.readouterr().out)
    assert list(sixth["equity"].values()) == said["equities"]


def three_handed() -> StudyHand:
    """A room hand (seats 1 to 3): Cy folds on third street, Ann and Bob check it down."""
    hand = Hand(
        seven_card_stud(),
        [5000] * 3,
        deck=deal("3s As 5h", "4s Qd 6h", "2c Kd 9s", "2d 5s", "Jc Jd", "Tc Th", "Ac 3c"),
    )
    play(hand, "0 bring_in", "1 complete 200", "2 fold", "0 call 150")
    while not hand.is_over:
        hand.act("check" if hand.round is not None else "show")
    return from_hand(hand, ["Ann", "Bob", "Cy"], source="room", number="t#1", seats=[1, 2, 3])


def test_an_onlooker_sees_no_down_card_and_a_player_sees_their_own() -> None:
    study = three_handed()  # from fourth street on, Ann and Bob are dealt
    onlooker = replay_view(study, viewer=None)
    ann = replay_view(study, viewer=1)
    third = [onlooker["streets"][0]["cards"], ann["streets"][0]["cards"]]
    assert third[0] == {"1": [None, None, "2c"], "2": [None, None, "Kd"], "3": [None, None, "9s"]}
    assert third[1]["1"] == ["3s", "4s", "2c"]
    assert third[1]["2"] == [None, None, "Kd"]
    seventh = onlooker["streets"][4]
    assert seventh["cards"]["1"] == [None, None, "2c", "2d", "Jc", "Tc", None]
    assert onlooker["streets"][1]["dead"] == ["9s"]  # Cy folded his 9♠
    # Shown at the showdown: both hands, to everyone.
    assert onlooker["shown"]["1"] == ["3s", "4s", "2c", "2d", "Jc", "Tc", "Ac"]
    # The equity is against what the viewer knew: Ann's own cards change hers.
    assert onlooker["streets"][0]["equity"] != ann["streets"][0]["equity"]
    assert "As" not in str(onlooker["streets"])  # Bob's hole card, never shown before the end


def test_each_street_names_what_the_visible_cards_make() -> None:
    """R4.5's names of the cards the viewer sees, at every street and at the showdown,
    in every language; none for a folded seat."""
    study = three_handed()
    onlooker = replay_view(study, viewer=None)
    ann = replay_view(study, viewer=1)
    third = onlooker["streets"][0]["names"]
    assert {seat: names["en"] for seat, names in third.items()} == {
        "1": "High card, two", "2": "High card, king", "3": "High card, nine",
    }  # fmt: skip
    assert ann["streets"][0]["names"]["1"]["en"] == "High card, four"  # her 3♠ 4♠ 2♣
    fourth = onlooker["streets"][1]["names"]
    assert sorted(fourth) == ["1", "2"]  # Cy folded
    assert fourth["1"] == {"en": "Pair of twos", "zh-Hant": "一對 2", "zh-Hans": "一对 2"}
    assert onlooker["shown_names"]["2"] == {
        "en": "Straight, ace high", "zh-Hant": "順子 A 高", "zh-Hans": "顺子 A 高",
    }  # fmt: skip


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_a_community_card_is_shown_named_and_counted_in_the_equity() -> None:
    """R7.4 in a real record: eight players to the river, four cards left, so PokerStars
    dealt one card for all (``*** RIVER *** [6h]``).  The replayer shows it on the last
    street, counts it in every hand's name and in the equity, and deals no seventh card
    of their own to anyone."""
    text = (SHARED / "pokerstars/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt").read_text()
    (record,) = read_history(text)
    assert not isinstance(record, Exception)
    hand = from_record(record, text)
    view = replay_view(hand, viewer=hand.hero, seed=5, samples=5000)
    streets = view["streets"]
    assert [s["community"] for s in streets] == [None, None, None, None, "6h"]
    river = streets[-1]
    assert river["cards"]["1"] == ["Ac", "Kc", "8c", "9c", "9d", "Th"]  # Hero's six
    assert river["cards"]["6"] == [None, None, "2d", "7c", "6d", "5h"]
    # The 6h pairs the sixes showing: 2d 7c 6d 5h and Kh 3d 8s 6s.
    assert river["names"]["6"]["en"] == river["names"]["8"]["en"] == "Pair of sixes"
    assert river["names"]["1"]["en"] == "Pair of nines"
    known = {  # what Hero knew on the river: his six, the others' up cards, the board
        "1": "Ac Kc 8c 9c 9d Th", "2": "?? ?? Tc 7d 8d 3c", "3": "?? ?? 6c 7h 3s Qh",
        "4": "?? ?? Js 2c 9s 8h", "5": "?? ?? Jd 4h 9h 2s", "6": "?? ?? 2d 7c 6d 5h",
        "7": "?? ?? Jh 4c 5d Td", "8": "?? ?? Kh 3d 8s 6s",
    }  # fmt: skip
    found = equity("seven_card_stud", list(known.values()), community="6h", seed=5, samples=5000)
    assert river["equity"] == dict(zip(known, found.equities, strict=True))
    assert view["shown"]["3"] == ["7s", "Qs", "6c", "7h", "3s", "Qh"]
    assert view["shown_names"]["3"]["en"] == "Two pair, queens and sevens"


def test_a_room_hands_community_card_is_the_boards_not_a_seats() -> None:
    """R7.4 in a hand the engine dealt: eight players call to the river; the engine's
    show holds the community card among the seat's cards, the replayer sets it apart as
    it does a site's record, and names each hand and counts the equity with it."""
    rng = random.Random(7)
    cards = list(deck_cards(52))
    rng.shuffle(cards)
    engine_hand = Hand(seven_card_stud(), [5000] * 8, deck=cards)
    engine_hand.act("bring_in")
    while not engine_hand.is_over:
        if engine_hand.round is not None:
            engine_hand.check_or_call()
        else:
            engine_hand.play_showdown()
    board = str(engine_hand.community[0])
    hand = from_hand(engine_hand, [f"P{n}" for n in range(8)], source="room", number="1")
    view = replay_view(hand, viewer=1, seed=1, samples=2000)
    river = view["streets"][-1]
    assert [s["community"] for s in view["streets"]] == [None] * 4 + [board]
    assert all(len(held) == 6 for held in river["cards"].values())
    assert all(board not in held for held in view["shown"].values())
    assert all(len(held) == 6 for held in view["shown"].values())
    live = sorted(river["equity"], key=int)
    known = [" ".join(c or "??" for c in river["cards"][seat]) for seat in live]
    found = equity("seven_card_stud", known, community=board, seed=1, samples=2000)
    assert river["equity"] == dict(zip(live, found.equities, strict=True))


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_every_street_of_every_shared_hand_is_equity_on_the_cards_it_shows() -> None:
    """Issue 37: at every street of the stud hands of every site's shared files (up to
    six a file), as the owner of the imported hand and as an onlooker, each live seat's
    equity is ``equity()`` on exactly the cards the street shows, the folded seats' cards
    out of the deck; a street where every card is known is exact."""
    checked = exact_known = 0
    sites: set[str] = set()
    files = read_sites_files(SHARED)
    assert files
    for path in files:
        for record, text in list(iter_history_texts(path))[:6]:
            if isinstance(record, Exception) or record.game not in GAMES:
                continue
            sites.add(record.site)
            hand = from_record(record, text)
            for viewer, every in ((hand.hero, True), (None, False)):
                view = replay_view(hand, viewer=viewer, every_card=every, seed=3, samples=400)
                for street in view["streets"]:
                    if street["equity"] is None:
                        continue
                    live = list(street["equity"])
                    cards = street["cards"]
                    players = [" ".join(c or "??" for c in cards[s]) for s in live]
                    dead = [c for s in cards if s not in live for c in cards[s] if c]
                    found = equity(
                        hand.game,
                        players,
                        dead=" ".join(dead),
                        community=street["community"],
                        seed=3,
                        samples=400,
                    )
                    got = list(street["equity"].values())
                    assert got == list(found.equities), (path.name, street)
                    checked += 1
                    if all("??" not in p for p in players) and len(players[0].split()) == 7:
                        assert street["exact"] is True
                        assert sorted(street["equity"].values())[-1] > 0  # someone wins
                        exact_known += 1
    assert len(sites) == 11
    assert checked > 100
    assert exact_known > 0  # some showdowns show every card: exact there


def test_seventh_street_with_every_card_known_is_exact() -> None:
    """Two pair against one pair, every card face up to the replay: 100/0, exact (the
    replayer showed 54.9/45.1 when it treated the down cards it shows as unknown)."""
    hand = Hand(
        seven_card_stud(),
        [5000] * 2,
        deck=deal("Kc Qc", "Kd Jd", "2s 3s", "4h 4d", "7c 8d", "9s 9h", "2c Qd"),
    )  # Ann: kings and twos; Bob: a pair of queens
    play(hand, "0 bring_in", "1 call 50")
    while not hand.is_over:
        hand.act("check" if hand.round is not None else "show")
    study = from_hand(hand, ["Ann", "Bob"], source="room", number="t#7", seats=[1, 2])
    view = replay_view(study, viewer=1, every_card=True, seed=1)
    seventh = view["streets"][-1]
    assert seventh["name"] == "seventh"
    assert all(None not in cards for cards in seventh["cards"].values())
    assert seventh["exact"] is True
    assert seventh["equity"] == {"1": 1.0, "2": 0.0}


@pytest.mark.parametrize("game", ["seven_card_stud", "stud_hilo", "razz", "five_card_stud"])
def test_room_hands_as_a_player_and_an_onlooker_are_equity_on_the_cards_shown(game: str) -> None:
    """Issue 37, the room's hands: seeded random hands of each game, replayed as each
    player and as an onlooker; every street's equity is ``equity()`` on exactly the cards
    that street shows that viewer (their own down cards, every up card)."""
    from studpoker.games import preset

    rng = random.Random(37)
    checked = 0
    for number in range(12):
        hand = Hand(preset(game), [4000] * 4, rng=random.Random(number))
        while not hand.is_over:
            options = hand.legal_actions()
            option = rng.choice(options)
            kind = option.kind.value
            bets = ("bet", "raise", "complete", "bring_in", "call", "showhand")
            hand.act(f"{kind} {option.minimum}" if kind in bets and option.minimum else kind)
        names = ["Ann", "Bob", "Cy", "Dee"]
        study = from_hand(hand, names, source="room", number=f"t#{number}", seats=[1, 2, 3, 4])
        for viewer in (1, 3, None):
            view = replay_view(study, viewer=viewer, seed=2, samples=300)
            for street in view["streets"]:
                if street["equity"] is None:
                    continue
                live = list(street["equity"])
                cards = street["cards"]
                for seat, held in cards.items():  # an onlooker sees no down card, a player theirs
                    hidden = [c is None for c in held]
                    assert (viewer is not None and seat == str(viewer)) or any(hidden) or not held
                players = [" ".join(c or "??" for c in cards[s]) for s in live]
                dead = [c for s in cards if s not in live for c in cards[s] if c]
                found = equity(game, players, dead=" ".join(dead), seed=2, samples=300)
                assert list(street["equity"].values()) == list(found.equities)
                checked += 1
    assert checked > 20
