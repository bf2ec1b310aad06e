"""The REST API: accounts, the lobby, hand histories, the leaderboard (issue 6)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute, APIWebSocketRoute
from fastapi.testclient import TestClient
from starlette.routing import BaseRoute

from studpoker.games import GAMES
from studpoker.history import read_history, replay
from studpoker.room import Room
from studpoker.server import create_app
from studpoker.store import Store

from .conftest import Server


@pytest.fixture
def api() -> Iterator[TestClient]:
    room = Room(Store("sqlite://"), seed=2, pause=0, clock=5)
    with TestClient(create_app(room)) as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_tables_of_the_lobby(api: TestClient):
    tables = api.get("/api/tables").json()
    assert len(tables) == 3 * len(GAMES) == 15  # every game in every mode (R7)
    first = tables[0]
    assert {"id", "game", "mode", "stakes", "seated", "seats", "average_pot", "hands_per_hour"} <= (
        set(first)
    )
    by_id = {t["id"]: t for t in tables}
    # The seeds' stakes (000, 002, 003), in cents or chips.
    assert by_id["practice-seven_card_stud"]["stakes"] == {
        "ante": 25,
        "bring_in": 50,
        "small_bet": 200,
        "big_bet": 400,
    }
    assert by_id["practice-stud_hilo"]["stakes"]["ante"] == 40
    assert by_id["practice-show_hand"]["stakes"] == {"ante": 10, "min_bet": 10}
    assert by_id["chips-show_hand"]["buy_in"] == [1000, 1000]
    assert (by_id["chips-razz"]["seats"], by_id["chips-show_hand"]["seats"]) == (8, 10)
    # Five-Card Stud as the Western sites dealt it (R9): $2/$4 in cents, eight seats.
    assert by_id["chips-five_card_stud"]["stakes"] == by_id["chips-seven_card_stud"]["stakes"]
    assert (
        by_id["chips-five_card_stud"]["seats"],
        by_id["chips-five_card_stud"]["money_unit"],
    ) == (
        8,
        100,
    )
    assert by_id["chips-five_card_stud"]["buy_in"] == [4000, 40000]
    assert by_id["practice-five_card_stud"]["options"] == {"open_pair_double": False}  # R9.3
    assert by_id["practice-seven_card_stud"]["options"] == {"open_pair_double": True}  # R2.7
    assert by_id["practice-razz"]["options"] == by_id["practice-show_hand"]["options"] == {}
    assert {t["game"] for t in tables} == set(GAMES)
    razz = api.get("/api/tables", params={"game": "razz", "mode": "practice"}).json()
    assert [t["id"] for t in razz] == ["practice-razz"]
    assert "/api/tables" in api.get("/openapi.json").json()["paths"]


def test_register_log_in_and_out(api: TestClient):
    made = api.post("/api/accounts", json={"name": "ann", "password": "password1"})
    assert made.status_code == 201
    assert made.json()["account"] == {
        "id": 1,
        "name": "ann",
        "balance": 0,
        "money_unit": 100,
        "guest": False,
        "bot": False,
        "role": "player",
    }
    token = made.json()["token"]
    assert api.get("/api/me", headers=bearer(token)).json()["name"] == "ann"
    again = api.post("/api/accounts", json={"name": "ANN", "password": "password1"})
    assert again.status_code == 409  # a conflict with an account there is
    short = api.post("/api/accounts", json={"name": "bo", "password": "short"})
    assert short.json() == {
        "detail": "a password has at least 8 characters, not 5",
        "code": "password_too_short",
        "params": {"minimum": 8, "length": 5},
    }
    wrong = api.post("/api/sessions", json={"name": "ann", "password": "password2"})
    assert (wrong.status_code, wrong.json()) == (
        401,
        {"detail": "wrong name or password", "code": "wrong_password"},
    )
    login = api.post("/api/sessions", json={"name": "ann", "password": "password1"})
    assert login.status_code == 200
    second = login.json()["token"]
    assert api.delete("/api/sessions", headers=bearer(second)).status_code == 204
    assert api.get("/api/me", headers=bearer(second)).status_code == 401
    assert api.get("/api/me", headers=bearer(token)).status_code == 200  # the other session
    assert api.get("/api/me").json() == {
        "detail": "log in first: no valid session token",
        "code": "login",
    }


def test_guests_and_tables_made_by_players(api: TestClient):
    guest = api.post("/api/guests").json()
    assert guest["account"]["guest"] is True
    assert guest["account"]["name"].startswith("Guest ")
    made = api.post(
        "/api/tables",
        json={"game": "razz", "mode": "practice", "seats": 6, "clock": 15, "name": "Slow razz",
              "level": "expert"},
        headers=bearer(guest["token"]),
    )  # fmt: skip
    assert made.status_code == 201
    table = made.json()
    assert (table["game"], table["seats"], table["clock"], table["name"], table["level"]) == (
        "razz",
        6,
        15,
        "Slow razz",
        "expert",
    )
    # Issue 19: the expert level's computer players read ranges.
    room = api.app.state.room  # type: ignore[attr-defined]
    assert room.tables[table["id"]].table.config.bot_level == "expert"
    # A guest has two tables open at most (docs/security.md).
    name = guest["account"]["name"]
    second = api.post("/api/tables", json={"game": "razz"}, headers=bearer(guest["token"]))
    assert second.status_code == 201
    third = api.post("/api/tables", json={"game": "razz"}, headers=bearer(guest["token"]))
    assert (third.status_code, third.json()) == (
        409,
        {
            "detail": f"{name} already has 2 open tables: a guest may open 2 at most",
            "code": "open_tables",
            "params": {"name": name, "open": 2, "most": 2},
        },
    )
    other = api.post("/api/guests").json()
    bad = api.post(
        "/api/tables", json={"game": "holdem", "mode": "practice"}, headers=bearer(other["token"])
    )
    assert bad.json() == {
        "detail": "game must be one of seven_card_stud, stud_hilo, razz, show_hand, "
        "five_card_stud, not 'holdem'",
        "code": "unknown_game",
        "params": {"value": "holdem", "allowed": list(GAMES)},
    }
    assert api.post("/api/tables", json={"game": "razz"}).status_code == 401


def test_the_leaderboard_and_a_rating_history(api: TestClient):
    store = api.app.state.room.store
    for name, rating, rd in (("ann", 1650.0, 90.0), ("bo", 1480.0, 200.0)):
        account = store.create_account(name, None)
        store.save_rating(account.id, "razz", rating, rd, 0.06)
    board = api.get("/api/leaderboard", params={"game": "razz"}).json()
    assert board == [
        {"name": "ann", "rating": 1650, "rd": 90, "games": 1, "provisional": False},
        {"name": "bo", "rating": 1480, "rd": 200, "games": 1, "provisional": True},
    ]
    history = api.get("/api/ratings/ann", params={"game": "razz"}).json()["history"]
    assert [(h["rating"], h["rd"]) for h in history] == [(1650, 90)]
    assert api.get("/api/leaderboard", params={"game": "poker"}).status_code == 400
    assert api.get("/api/ratings/nobody").status_code == 404


@pytest.mark.both_databases
def test_a_player_downloads_their_hands_as_pokerstars_text(server: Server):
    """The histories read back with our own PokerStars reader and replay through the
    engine with every fact matching; the other players' down cards are not in them."""
    token = server.register("historian")
    client = server.client(token)
    client.send(type="sit", table="practice-seven_card_stud", seat=0)
    client.play("practice-seven_card_stud", hands=3)
    client.close()
    import httpx

    answer = httpx.get(f"{server.url}/api/hands", headers=bearer(token))
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == 'attachment; filename="studpoker-hands.txt"'
    records = read_history(answer.text)
    assert len(records) >= 3
    for record in records:
        assert replay(record).matched, replay(record).difference
    # Third street: the player's three cards, one up card of each other player.
    third = [line for line in answer.text.splitlines() if line.startswith("Dealt to ")][:8]
    assert len(third[0].split("[")[1].split()) == 3
    assert third[0].startswith("Dealt to historian [")
    assert all(len(line.split("[")[1].split()) == 1 for line in third[1:])
    last = httpx.get(f"{server.url}/api/tables/practice-seven_card_stud/hands/1").json()
    assert last["hand"] == 1
    assert last["names"][0] == "historian"
    down = [
        e
        for e in last["events"]
        if e["type"] == "CardDealt" and not e["up"] and e["card"] is not None
    ]
    shown = {e["seat"] for e in last["events"] if e["type"] == "Show"}
    assert {e["seat"] for e in down} <= shown  # an onlooker sees shown cards only (R5.8)
    # The dealer's lines of those events, in the language asked for (R5.7).
    assert last["lines"][0] == "Each player antes 0.25"
    assert any(" wins " in line for line in last["lines"])
    chinese = httpx.get(
        f"{server.url}/api/tables/practice-seven_card_stud/hands/1", params={"lang": "zh-Hant"}
    ).json()
    assert chinese["events"] == last["events"]
    assert chinese["lines"][0] == "每位玩家下底注 0.25"
    assert len(chinese["lines"]) == len(last["lines"])
    wrong = httpx.get(
        f"{server.url}/api/tables/practice-seven_card_stud/hands/1", params={"lang": "fr"}
    )
    assert wrong.status_code == 400
    assert wrong.json()["detail"] == "lang is one of en, zh-Hant, zh-Hans, not 'fr'"


def test_the_games_say_their_presets_money_unit_seats_and_buy_ins(server: Server):
    """GET /api/games: what a page needs to open a table of each game, from the server's
    presets (games/spec.py), never from a copy of its own."""
    import httpx

    answer = httpx.get(f"{server.url}/api/games")
    assert answer.status_code == 200
    games = {info["game"]: info for info in answer.json()}
    assert list(games) == ["seven_card_stud", "stud_hilo", "razz", "show_hand", "five_card_stud"]
    assert games["seven_card_stud"] == {
        "game": "seven_card_stud",
        "stakes": {"ante": 25, "bring_in": 50, "small_bet": 200, "big_bet": 400},
        "stake_names": ["ante", "bring_in", "small_bet", "big_bet"],
        "options": {"open_pair_double": True},
        "money_unit": 100,
        "seats": 8,
        "most_seats": 8,
        "buy_in": [4000, 40000],
    }
    assert games["show_hand"] == {
        "game": "show_hand",
        "stakes": {"ante": 10, "min_bet": 10},
        "stake_names": ["ante", "min_bet"],
        "options": {},
        "money_unit": 1,
        "seats": 10,
        "most_seats": 10,
        "buy_in": [1000, 1000],
    }
    # R9: the fixed-limit stakes of the seven-card games, eight seats and ten at most.
    assert games["five_card_stud"] == {
        "game": "five_card_stud",
        "stakes": {"ante": 25, "bring_in": 50, "small_bet": 200, "big_bet": 400},
        "stake_names": ["ante", "bring_in", "small_bet", "big_bet"],
        "options": {"open_pair_double": False},
        "money_unit": 100,
        "seats": 8,
        "most_seats": 10,
        "buy_in": [4000, 40000],
    }
    assert games["stud_hilo"]["stakes"]["ante"] == 40


def test_two_rooms_in_one_process_share_their_routes_and_nothing_else():
    """The routes are built once a process (server/routes/); each application's are
    the same objects, and each route finds its own application's room, limits and
    metrics: an account of one room is nobody in the other."""
    one = create_app(Room(Store("sqlite://"), seed=1, pause=0), metrics=True)
    other = create_app(Room(Store("sqlite://"), seed=2, pause=0), metrics=False)

    def routes(app: FastAPI) -> dict[tuple[str, str], BaseRoute]:
        return {
            (route.path, ",".join(sorted(getattr(route, "methods", None) or ["WS"]))): route
            for route in app.router.routes
            if isinstance(route, APIRoute | APIWebSocketRoute)
        }

    mine, theirs = routes(one), routes(other)
    assert set(mine) - set(theirs) == {("/metrics", "GET")}
    assert set(theirs) < set(mine)
    assert all(theirs[key] is route for key, route in mine.items() if key in theirs)
    with TestClient(one) as first, TestClient(other) as second:
        made = first.post("/api/accounts", json={"name": "ann", "password": "password1"})
        assert made.status_code == 201
        token = made.json()["token"]
        assert first.get("/api/me", headers=bearer(token)).json()["name"] == "ann"
        assert second.get("/api/me", headers=bearer(token)).status_code == 401
        again = second.post("/api/accounts", json={"name": "ann", "password": "password2"})
        assert again.status_code == 201  # the name is free in the other room
        assert first.get("/metrics").status_code == 401  # an operator's, or the token's
        assert second.get("/metrics").status_code == 404
