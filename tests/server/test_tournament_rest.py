"""Tournaments over REST attacked as a user would (issue 17): wrong amounts and bodies
refused with their codes and nothing made, one account registering twice at once from
two clients paying once, and the books right after each."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from studpoker.room import Room, RoomError
from studpoker.server import create_app
from studpoker.store import Store


@pytest.fixture
def api() -> Iterator[TestClient]:
    room = Room(Store("sqlite://"), seed=1, pause=0, default_tables=False)
    with TestClient(create_app(room)) as client:
        yield client


def account(api: TestClient, name: str, deposit: int) -> dict[str, str]:
    answer = api.post("/api/accounts", json={"name": name, "password": "password1"})
    assert answer.status_code == 201, answer.text
    room: Room = api.app.state.room  # type: ignore[attr-defined]
    found = room.store.account(name)
    assert found is not None
    if deposit:
        room.store.deposit(found.id, deposit)
    return {"Authorization": f"Bearer {answer.json()['token']}"}


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "razz", "seats": 2, "buy_in": -5}, 422, "malformed"),
        ({"game": "razz", "seats": 2, "buy_in": "100"}, 422, "malformed"),
        ({"game": "razz", "seats": 2, "buy_in": 10.5}, 422, "malformed"),
        ({"game": "razz", "seats": 2, "buy_in": 100, "fee": 30}, 400, "fee_range"),
        ({"game": "razz", "seats": 3}, 400, "seats_range"),
        ({"game": "holdem"}, 400, "unknown_game"),
        ({"game": "razz", "kind": "freeroll"}, 400, "unknown_kind"),
        ({"game": "razz", "kind": "scheduled"}, 400, "starts_at"),
        ({"game": "razz", "practice": True, "buy_in": 100, "fee": 10}, 400, "practice_free"),
        ({"game": "razz", "speed": "hyper"}, 400, "unknown_speed"),
        ({"game": "razz", "mix": "triple_stud"}, 400, "unknown_mix"),
        ({"game": "razz", "structure": {"game": "razz"}}, 400, "invalid_structure"),
    ],
)
def test_a_wrong_tournament_is_refused_and_nothing_is_made(
    api: TestClient, body: dict[str, object], status: int, code: str
) -> None:
    who = account(api, "ann", 1000)
    before = api.get("/api/tournaments").json()
    answer = api.post("/api/tournaments", json=body, headers=who)
    assert (answer.status_code, answer.json()["code"]) == (status, code)
    assert api.get("/api/tournaments").json() == before


def test_two_clients_registering_one_account_at_once_pay_once(api: TestClient) -> None:
    who = account(api, "ann", 1000)
    made = api.post("/api/tournaments", json={"game": "razz", "seats": 6, "buy_in": 100,
                                              "fee": 10}, headers=who)  # fmt: skip
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    room: Room = api.app.state.room  # type: ignore[attr-defined]
    ann = room.store.account("ann")
    assert ann is not None

    async def race() -> list[object]:
        async def enter() -> object:
            try:
                return await room.register_tournament(ann, tid)
            except RoomError as error:
                return error.code

        return list(await asyncio.gather(enter(), enter(), enter()))

    results = api.portal.call(race)  # on the room's own loop, as two sockets would
    assert sorted(map(str, results)) == ["ann", "tournament_registered", "tournament_registered"]
    assert room.store.account("ann").balance == 890  # type: ignore[union-attr]
    assert room.store.audit() == []
    # A wrong tournament or an unregistering of nobody: refused, nothing changed.
    assert api.post("/api/tournaments/99/entry", headers=who).json()["code"] == "no_tournament"
    bo = account(api, "bo", 0)
    left = api.delete(f"/api/tournaments/{tid}/entry", headers=bo)
    assert (left.status_code, left.json()["code"]) == (409, "tournament_not_registered")
    refused = api.post(f"/api/tournaments/{tid}/entry", headers=bo)
    assert (refused.status_code, refused.json()["code"]) == (409, "balance_too_low")
    assert api.get(f"/api/tournaments/{tid}").json()["entries"] == 1
    # Unregistering pays back the buy-in and fee, once.
    assert api.delete(f"/api/tournaments/{tid}/entry", headers=who).status_code == 200
    again = api.delete(f"/api/tournaments/{tid}/entry", headers=who)
    assert again.json()["code"] == "tournament_not_registered"
    assert room.store.account("ann").balance == 1000  # type: ignore[union-attr]
    assert room.store.audit() == []


def test_a_tournament_name_that_hides_characters_is_refused(api: TestClient) -> None:
    """A tournament's name is held to a table name's rule (issue 8): its tables carry it."""
    who = account(api, "ann", 0)
    body = {"game": "razz", "seats": 2, "name": "Sunday\u202e Razz"}
    answer = api.post("/api/tournaments", json=body, headers=who)
    assert (answer.status_code, answer.json()["code"]) == (400, "tournament_name_characters")
    assert answer.json()["params"] == {"character": "U+202E"}
    assert api.get("/api/tournaments").json() == []


def test_a_tournament_with_the_longest_name_starts_and_names_its_table(api: TestClient) -> None:
    """A 64-character name (the most) fits a table's 40 cut short, with the table's number:
    the fuzzer found its start a server error when the name ran past 40 with the number."""
    ann, bo = account(api, "ann", 0), account(api, "bo", 0)
    name = "The Very Long Sunday Evening Razz Championship of the Whole Room"
    assert len(name) == 64
    made = api.post("/api/tournaments", json={"game": "razz", "seats": 2, "name": name},
                    headers=ann)  # fmt: skip
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    assert api.get(f"/api/tournaments/{tid}").json()["name"] == name
    for who in (ann, bo):
        entered = api.post(f"/api/tournaments/{tid}/entry", headers=who)
        assert entered.status_code == 200, entered.text
    room: Room = api.app.state.room  # type: ignore[attr-defined]
    names = [held.table.config.name for held in room.tables.values()]
    assert names == ["The Very Long Sunday Evening Razz... · 1"]
    assert room.store.audit() == []
