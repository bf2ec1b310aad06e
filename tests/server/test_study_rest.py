"""Study over REST as users and attackers use it (issue 18): one's own files imported,
seen by nobody else; duplicates, a broken file and a wrong filter refused or reported
with nothing else changed; a flood of uploads slowed; the room's own hands counted."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from studpoker.engine import Hand
from studpoker.games import seven_card_stud
from studpoker.history import to_phh
from studpoker.room import Room
from studpoker.server import create_app
from studpoker.server.limits import Limits
from studpoker.store import HandPlayer, HandRow, Store
from studpoker.table.snapshot import event_dict

from .conftest import in_threads

SHARED = Path(__file__).resolve().parents[3] / "shared" / "handhistories"
STUD = SHARED / "pokerstars" / "7-Stud-USD-0.04-0.08-200911.txt"  # 11 hands, Hero in all


@pytest.fixture
def api() -> Iterator[TestClient]:
    room = Room(Store("sqlite://"), seed=1, pause=0, default_tables=False)
    limits = Limits(import_bytes=200_000)
    with TestClient(create_app(room, limits=limits)) as client:
        yield client


def account(api: TestClient, name: str) -> dict[str, str]:
    answer = api.post("/api/accounts", json={"name": name, "password": "password1"})
    assert answer.status_code == 201, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def upload(api: TestClient, who: dict[str, str], data: bytes, name: str = "stud.txt") -> dict:
    answer = api.post(f"/api/study/hands?name={name}", content=data, headers=who)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def played_at_the_room(store: Store) -> Hand:
    """Hand 1 of practice-stud between ann (seat 1) and bo (seat 2), stored as the room
    stores its hands: ann brings in, bo folds."""
    hand = Hand(seven_card_stud(), [1000, 1000], rng=random.Random(3))
    hand.act("bring_in")
    hand.act("fold")
    ids = [store.account(n).id for n in ("ann", "bo")]  # type: ignore[union-attr]
    store.record_hand(
        HandRow(
            table_id="practice-stud", number=1, game="seven_card_stud", mode="practice",
            started_at=store._now(), ended_at=store._now(),
            record=to_phh(hand, names=["ann", "bo"]),
            events=json.dumps([event_dict(e, [1, 2]) for e in hand.events]),
            pot=sum(hand.contributed),
            players=[HandPlayer(s + 1, n, hand.result.net[s], ids[s])
                     for s, n in enumerate(("ann", "bo"))],
        )
    )  # fmt: skip
    return hand


def hero(api: TestClient, who: dict[str, str] | None, **query: object) -> dict:
    params = {"player": "Hero", "mine": "true", **query}
    answer = api.get("/api/study/stats", params=params, headers=who or {})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_ones_own_hands_imported_once_and_seen_by_nobody_else(api: TestClient) -> None:
    ann, bo = account(api, "ann"), account(api, "bo")
    data = STUD.read_bytes()
    assert upload(api, ann, data) == {"added": 11, "duplicates": 0, "other_games": 0, "errors": []}
    assert upload(api, ann, data) == {"added": 0, "duplicates": 11, "other_games": 0, "errors": []}
    stats = hero(api, ann)
    assert stats["hands"] == 11
    by_key = {s["key"]: (s["count"], s["sample"]) for s in stats["stats"]}
    assert by_key["vpip"][1] == 11
    assert hero(api, bo)["hands"] == 0  # ann's hands are hers
    anyone = api.get("/api/study/stats", params={"player": "Hero"})
    assert anyone.json()["hands"] == 0  # the room's hands only
    assert hero(api, ann, game="razz")["hands"] == 0
    assert hero(api, ann, big_bet=8, since="2009-11-26", until="2009-11-26")["hands"] == 11
    # The stakes filter's choices, and a stakes asked in chips or in dollars.
    assert stats["stakes"] == [
        {"game": "seven_card_stud", "small_bet": 4, "big_bet": 8, "currency": "$", "hands": 11}
    ]
    assert hero(api, ann, big_bet=8, currency="$")["hands"] == 11
    assert hero(api, ann, big_bet=8, currency="chips")["hands"] == 0
    assert hero(api, ann, table_size=8)["hands"] == 11
    assert hero(api, ann, table_size=6)["hands"] == 0
    graph = api.get("/api/study/winnings", params={"player": "Hero", "mine": "true"}, headers=ann)
    assert graph.status_code == 200, graph.text
    drawn = graph.json()
    assert (drawn["hands"], drawn["every"], len(drawn["total"])) == (11, 1, 11)
    # The total is its showdown and non-showdown parts, and ends at Hero's result.
    assert all(
        abs(t - s - n) < 1e-6
        for t, s, n in zip(drawn["total"], drawn["showdown"], drawn["no_showdown"], strict=True)
    )
    assert drawn["total"][-1] == round(stats["bb_per_100"] * 11 / 100, 3)


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_a_name_is_one_player_on_one_site(api: TestClient) -> None:
    """Hero of a PokerStars file and Hero of a Full Tilt file may be two people: the
    statistics say which sites the name's hands come from, and count one site's."""
    ann = account(api, "ann")
    upload(api, ann, STUD.read_bytes())
    tilt = SHARED / "fulltilt" / "7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt"
    assert upload(api, ann, tilt.read_bytes(), "tilt.txt")["added"] == 1
    both = hero(api, ann)
    assert both["hands"] == 12
    assert both["sites"] == [{"site": "PokerStars", "hands": 11}, {"site": "Full Tilt", "hands": 1}]
    one = hero(api, ann, site="Full Tilt")
    assert one["hands"] == 1
    assert one["sites"] == both["sites"]  # the choices stay, whatever the site chosen
    assert hero(api, ann, site="Winamax")["hands"] == 0
    graph = api.get(
        "/api/study/winnings", params={"player": "Hero", "mine": "true", "site": "PokerStars"},
        headers=ann,
    )  # fmt: skip
    assert graph.json()["hands"] == 11
    too_long = api.get("/api/study/stats", params={"player": "Hero", "site": "x" * 17})
    assert too_long.status_code == 422


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_two_uploads_of_one_file_at_once_import_it_once(api: TestClient) -> None:
    ann = account(api, "ann")
    data = STUD.read_bytes()
    said: list[dict] = []
    in_threads(*(lambda: said.append(upload(api, ann, data)) for _ in range(2)))
    assert sorted((s["added"], s["duplicates"]) for s in said) == [(0, 11), (11, 0)]
    assert hero(api, ann)["hands"] == 11


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_a_broken_or_wrong_file_is_reported_and_changes_nothing(api: TestClient) -> None:
    ann = account(api, "ann")
    said = upload(api, ann, b"\x00\x01 not a hand history", name="../../etc/passwd")
    assert said == {
        "added": 0, "duplicates": 0, "other_games": 0,
        "errors": ["passwd: no hand of any site we read"],
    }  # fmt: skip
    said = upload(api, ann, bytes(range(256)), name="x%00y%3A..")  # NUL and ":" dropped
    assert said["errors"] == ["xy..: not a hand history (not text)"]
    broken = STUD.read_text().replace("Dealt to Hero [3d Th As]", "Dealt to Hero [3d Th Zz]")
    said = upload(api, ann, broken.encode())
    assert said["added"] == 10
    assert said["errors"] == ["stud.txt: PokerStars hand #35874004239, line 14: 'Zz' is not a card"]
    assert hero(api, ann)["hands"] == 10


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_bad_requests_are_refused_with_their_codes(api: TestClient) -> None:
    ann = account(api, "ann")
    data = STUD.read_bytes()
    nobody = api.post("/api/study/hands", content=data)
    assert (nobody.status_code, nobody.json()["code"]) == (401, "login")
    big = api.post("/api/study/hands", content=b"x" * 200_001, headers=ann)
    assert (big.status_code, big.json()["code"]) == (413, "too_large")
    assert big.json()["params"]["maximum"] == 200_000
    mine = api.get("/api/study/stats", params={"player": "Hero", "mine": "true"})
    assert (mine.status_code, mine.json()["code"]) == (401, "login")
    game = api.get("/api/study/stats", params={"player": "Hero", "game": "holdem"})
    assert (game.status_code, game.json()["code"]) == (400, "unknown_game")
    date = api.get("/api/study/stats", params={"player": "Hero", "since": "yesterday"})
    assert date.status_code == 422
    money = api.get("/api/study/stats", params={"player": "Hero", "currency": "dollars"})
    assert money.status_code == 422
    assert hero(api, ann)["hands"] == 0


def test_a_flood_of_uploads_is_slowed(api: TestClient) -> None:
    room = Room(Store("sqlite://"), seed=1, pause=0, default_tables=False)
    with TestClient(create_app(room)) as limited:
        ann = account(limited, "ann")
        for _ in range(10):
            upload(limited, ann, b"nothing")
        flood = limited.post("/api/study/hands", content=b"nothing", headers=ann)
        assert (flood.status_code, flood.json()["code"]) == (429, "rate_limited")
        assert flood.json()["params"]["what"] == "imports"
        assert int(flood.headers["Retry-After"]) > 0


def test_the_rooms_own_hands_are_counted_for_anyone(api: TestClient) -> None:
    room: Room = api.app.state.room  # type: ignore[attr-defined]
    account(api, "ann")
    account(api, "bo")
    hand = played_at_the_room(room.store)
    answer = api.get("/api/study/stats", params={"player": "bo"}).json()
    assert answer["hands"] == 1
    folded = hand.result.net[1] < 0
    by_key = {s["key"]: (s["count"], s["sample"]) for s in answer["stats"]}
    assert by_key["won_no_showdown"] == ((0 if folded else 1), 1)


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_ones_imported_hands_replay_for_oneself_only(api: TestClient) -> None:
    ann, bo = account(api, "ann"), account(api, "bo")
    upload(api, ann, STUD.read_bytes())
    listed = api.get("/api/study/hands", headers=ann).json()
    assert [h["number"] for h in listed][-2:] == ["35874039554", "35874004239"]  # newest first
    assert api.get("/api/study/hands", headers=bo).json() == []
    second = listed[-2]["id"]
    view = api.get(f"/api/study/hands/{second}", headers=ann)
    assert view.status_code == 200, view.text
    streets = view.json()["streets"]
    assert [s["name"] for s in streets] == ["third", "fourth", "fifth", "sixth", "seventh"]
    assert streets[0]["cards"]["1"] == ["3s", "Qd", "9h"]  # Hero's own, as dealt
    assert streets[1]["dead"] == ["9h"]
    theirs = api.get(f"/api/study/hands/{second}", headers=bo)
    assert (theirs.status_code, theirs.json()["code"]) == (404, "no_hand")
    nobody = api.get(f"/api/study/hands/{second}")
    assert (nobody.status_code, nobody.json()["code"]) == (401, "login")


def test_a_room_hand_replays_as_an_onlooker_saw_it_unless_it_is_ones_own(
    api: TestClient,
) -> None:
    room: Room = api.app.state.room  # type: ignore[attr-defined]
    ann = account(api, "ann")
    account(api, "bo")
    hand = played_at_the_room(room.store)
    url = "/api/tables/practice-stud/hands/1/replay"
    seen = api.get(url).json()["streets"][0]["cards"]
    ups = [str(c) for c in hand.cards_of(0)], [str(c) for c in hand.cards_of(1)]
    assert seen == {"1": [None, None, ups[0][2]], "2": [None, None, ups[1][2]]}
    hers = api.get(url, headers=ann).json()["streets"][0]["cards"]
    assert hers == {"1": ups[0][:3], "2": [None, None, ups[1][2]]}
    for wrong in ("/api/tables/practice-stud/hands/2/replay", "/api/tables/%00/hands/1/replay"):
        answer = api.get(wrong)
        assert (answer.status_code, answer.json()["code"]) == (404, "no_hand")
