"""Notes and colour tags on players over REST (issue 36): ``GET /api/notes``, ``PUT`` and
``DELETE /api/notes/{name}``.  A note is its writer's alone through every route; bad
input is refused with its code and params and changes nothing; writes are limited."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from studpoker.room import Room
from studpoker.server import create_app
from studpoker.server.answers import PlayerNote
from studpoker.server.limits import LIMITS, NO_LIMITS, Rate
from studpoker.store import NOTE_COLOURS, Store
from studpoker.store import notes as notes_module

from .conftest import Server
from .test_refusals import INVALID, bearer, refused

NOTES: TypeAdapter[list[PlayerNote]] = TypeAdapter(list[PlayerNote])
NOTE: TypeAdapter[PlayerNote] = TypeAdapter(PlayerNote)


@pytest.fixture
def api() -> Iterator[TestClient]:
    room = Room(Store("sqlite://"), seed=2, pause=0, clock=5)
    with TestClient(create_app(room, limits=NO_LIMITS)) as client:
        yield client


def register(api: TestClient, name: str) -> dict[str, str]:
    answer = api.post("/api/accounts", json={"name": name, "password": "password1"})
    assert answer.status_code == 201, answer.text
    return bearer(answer.json()["token"])


def guest(api: TestClient) -> tuple[dict[str, str], str]:
    answer = api.post("/api/guests")
    assert answer.status_code == 201, answer.text
    return bearer(answer.json()["token"]), answer.json()["account"]["name"]


def notes_of(api: TestClient, who: dict[str, str]) -> list[dict[str, Any]]:
    answer = api.get("/api/notes", headers=who)
    assert answer.status_code == 200, answer.text
    NOTES.validate_json(answer.content, strict=True)
    return [{k: v for k, v in note.items() if k != "updated"} for note in answer.json()]


def test_a_note_is_written_read_and_deleted_by_its_writer(api: TestClient) -> None:
    ann = register(api, "ann")
    register(api, "bob")
    assert notes_of(api, ann) == []
    body = {"colour": "red", "text": " steals\r\nlight "}
    put = api.put("/api/notes/BOB", headers=ann, json=body)
    assert put.status_code == 200, put.text
    note = NOTE.validate_json(put.content, strict=True)
    assert {k: v for k, v in note.items() if k != "updated"} == {
        "name": "bob",  # the player's own spelling, whatever the asker typed
        "colour": "red",
        "text": "steals\nlight",
    }
    assert isinstance(note["updated"], str)
    assert note["updated"].endswith("+00:00")
    assert notes_of(api, ann) == [{"name": "bob", "colour": "red", "text": "steals\nlight"}]
    api.put("/api/notes/bob", headers=ann, json={"colour": None, "text": "only words now"})
    assert notes_of(api, ann) == [{"name": "bob", "colour": None, "text": "only words now"}]
    assert api.delete("/api/notes/bob", headers=ann).status_code == 204
    assert api.delete("/api/notes/bob", headers=ann).status_code == 204  # none: the same
    assert notes_of(api, ann) == []


def test_a_note_left_empty_is_deleted(api: TestClient) -> None:
    ann = register(api, "ann")
    register(api, "bob")
    api.put("/api/notes/bob", headers=ann, json={"colour": "teal", "text": "x"})
    emptied = api.put("/api/notes/bob", headers=ann, json={"colour": None, "text": "  \n "})
    assert emptied.status_code == 200
    assert emptied.json() == {"name": "bob", "colour": None, "text": "", "updated": None}
    assert notes_of(api, ann) == []


def test_nobody_but_its_writer_reads_a_note_through_any_route(api: TestClient) -> None:
    """Bob writes on the same player as Ann, deletes his, writes one on Ann: through every
    route's answer to him, and his changes, Ann's note never shows nor moves."""
    ann = register(api, "ann")
    bob = register(api, "bob")
    carol, carol_name = guest(api)  # a guest's account: a player like any other
    secret = "ANN-ONLY: folds to a check-raise"
    assert api.put(f"/api/notes/{carol_name}", headers=ann,
                   json={"colour": "purple", "text": secret}).status_code == 200  # fmt: skip
    ann_notes = notes_of(api, ann)
    answers = [
        api.get("/api/notes", headers=bob),
        api.put(f"/api/notes/{carol_name}", headers=bob, json={"colour": "green", "text": "bob's"}),
        api.get("/api/notes", headers=bob),
        api.delete(f"/api/notes/{carol_name}", headers=bob),
        api.put("/api/notes/ann", headers=bob, json={"colour": "blue", "text": "on ann"}),
        api.get("/api/notes", headers=carol),
        api.put("/api/notes/ann", headers=carol, json={"colour": None, "text": ""}),
        api.delete("/api/notes/ann", headers=carol),
        api.get("/api/me", headers=bob),
    ]
    for answer in answers:
        assert answer.status_code in (200, 204), answer.text
        assert secret not in answer.text
        assert "purple" not in answer.text
    assert notes_of(api, bob) == [{"name": "ann", "colour": "blue", "text": "on ann"}]
    assert notes_of(api, carol) == []
    assert notes_of(api, ann) == ann_notes
    for answer in (
        api.get("/api/notes"),
        api.put(f"/api/notes/{carol_name}", json={"colour": None, "text": "x"}),
        api.delete(f"/api/notes/{carol_name}"),
        api.get("/api/notes", headers=bearer("not-a-session")),
    ):
        refused(answer, 401, "login", "log in first: no valid session token")
    assert notes_of(api, ann) == ann_notes


ALLOWED = list(NOTE_COLOURS)


@pytest.mark.parametrize(
    ("path", "body", "status", "code", "detail", "params"),
    [
        ("nobody", {"colour": "red", "text": ""}, 404, "no_player", "no player 'nobody'",
         {"name": "nobody"}),
        ("x" * 200, {"colour": "red", "text": ""}, 404, "no_player", f"no player {'x' * 200!r}",
         {"name": "x" * 200}),
        ("bob", {"colour": "pink", "text": ""}, 400, "unknown_colour",
         "a note's colour is one of red, orange, yellow, green, teal, blue, purple, grey, or "
         "none; not 'pink'", {"value": "pink", "allowed": ALLOWED}),
        ("bob", {"colour": None, "text": "é" * 2001}, 400, "note_length",
         "a note is 2000 characters at most, not 2001", {"maximum": 2000, "length": 2001}),
        ("bob", {"colour": None, "text": "a\u0000b"}, 400, "note_characters",
         "a note may not hold the control character U+0000", {"character": "U+0000"}),
        ("bob", {"colour": "red", "text": "\u2066x"}, 400, "note_characters",
         "a note may not hold the bidirectional control U+2066 (LEFT-TO-RIGHT ISOLATE)",
         {"character": "U+2066"}),
        ("ann", {"colour": "red", "text": "me"}, 400, "note_self",
         "a note is on another player, not on oneself", {"name": "ann"}),
    ],
)  # fmt: skip
def test_bad_input_is_refused_with_its_code_and_changes_nothing(
    api: TestClient, path: str, body: dict, status: int, code: str, detail: str, params: dict
) -> None:
    ann = register(api, "ann")
    register(api, "bob")
    api.put("/api/notes/bob", headers=ann, json={"colour": "grey", "text": "before"})
    before = api.get("/api/notes", headers=ann).json()
    refused(api.put(f"/api/notes/{path}", headers=ann, json=body), status, code, detail, params)
    assert api.get("/api/notes", headers=ann).json() == before


@pytest.mark.parametrize(
    "body",
    [
        {"colour": "red", "text": "x", "private": False},  # a field the note does not have
        {"colour": 3, "text": "x"},
        {"colour": ["red"], "text": "x"},
        {"colour": "red", "text": None},
        {"colour": "red", "text": 42},
        {"colour": "red"},
        {"text": "x"},
        [],
        "red",
    ],
)
def test_a_body_of_the_wrong_shape_is_a_422_and_changes_nothing(api: TestClient, body: Any) -> None:
    ann = register(api, "ann")
    register(api, "bob")
    api.put("/api/notes/bob", headers=ann, json={"colour": "grey", "text": "before"})
    before = api.get("/api/notes", headers=ann).json()
    answer = api.put("/api/notes/bob", headers=ann, json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "malformed"
    INVALID.validate_json(answer.content, strict=True)
    not_json = api.put(
        "/api/notes/bob", headers={**ann, "Content-Type": "application/json"}, content=b"{red"
    )
    assert not_json.json()["code"] == "malformed"
    assert api.get("/api/notes", headers=ann).json() == before


def test_a_player_keeps_so_many_notes_at_most(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(notes_module, "NOTES_PER_WRITER", 1)
    ann = register(api, "ann")
    register(api, "bob")
    register(api, "cat")
    assert api.put("/api/notes/bob", headers=ann, json={"colour": "red", "text": ""}).is_success
    full = api.put("/api/notes/cat", headers=ann, json={"colour": "red", "text": ""})
    refused(full, 409, "notes_full", "a player keeps 1 notes at most: delete one first",
            {"maximum": 1})  # fmt: skip
    assert notes_of(api, ann) == [{"name": "bob", "colour": "red", "text": ""}]


def test_writing_notes_is_limited_by_account() -> None:
    room = Room(Store("sqlite://"), seed=2, pause=0, clock=5)
    limits = replace(LIMITS, notes_per_account=Rate(2, 60.0))
    with TestClient(create_app(room, limits=limits)) as api:
        ann = register(api, "ann")
        register(api, "bob")
        assert api.put("/api/notes/bob", headers=ann, json={"colour": "red", "text": ""}).is_success
        assert api.delete("/api/notes/bob", headers=ann).status_code == 204
        again = api.put("/api/notes/bob", headers=ann, json={"colour": "red", "text": ""})
        refused(again, 429, "rate_limited", "too many changes to your notes: try again in 30 s",
                {"what": "notes", "retry_after": 30})  # fmt: skip
        assert again.headers["Retry-After"] == "30"
        assert notes_of(api, ann) == []  # reading is not limited, and nothing was written
        bob = api.post("/api/sessions", json={"name": "bob", "password": "password1"})
        other = bearer(bob.json()["token"])  # another account has its own
        mine = api.put("/api/notes/ann", headers=other, json={"colour": None, "text": "x"})
        assert mine.is_success


def test_the_openapi_document_types_the_notes_routes(api: TestClient) -> None:
    document = api.get("/openapi.json").json()
    paths = document["paths"]
    assert set(paths["/api/notes"]) == {"get"}
    assert set(paths["/api/notes/{name}"]) == {"put", "delete"}
    answer = paths["/api/notes"]["get"]["responses"]["200"]["content"]["application/json"]
    assert answer["schema"]["items"] == {"$ref": "#/components/schemas/PlayerNote"}
    colour = document["components"]["schemas"]["PlayerNote"]["properties"]["colour"]
    assert colour["anyOf"][0]["enum"] == ALLOWED
    put = paths["/api/notes/{name}"]["put"]["responses"]
    assert {int(status) for status in put if int(status) >= 400} == {400, 401, 404, 409, 422, 429}
    for code in ("unknown_colour", "note_length", "note_characters", "note_self"):
        assert f"`{code}`" in put["400"]["description"]
    assert "`notes_full`" in put["409"]["description"]
    body = document["components"]["schemas"]["NoteBody"]
    assert body["additionalProperties"] is False
    assert body["required"] == ["colour", "text"]


@pytest.mark.both_databases
def test_notes_on_each_database(server: Server) -> None:
    """The same through a served room on SQLite and PostgreSQL: a NUL, which PostgreSQL
    cannot keep in text, is refused before the database sees it, in a note and a name."""
    ann = bearer(server.register("ann"))
    bob = bearer(server.register("bob"))
    url = f"{server.url}/api/notes"
    written = httpx.put(f"{url}/bob", headers=ann, json={"colour": "orange", "text": "游戏 ok"})
    assert written.status_code == 200, written.text
    refused(httpx.put(f"{url}/bob", headers=ann, json={"colour": None, "text": "\u0000"}), 400,
            "note_characters", "a note may not hold the control character U+0000",
            {"character": "U+0000"})  # fmt: skip
    refused(httpx.put(f"{url}/b%00b", headers=ann, json={"colour": None, "text": "x"}), 404,
            "no_player", "no player 'b\\x00b'", {"name": "b\u0000b"})  # fmt: skip
    assert [(n["name"], n["colour"], n["text"]) for n in httpx.get(url, headers=ann).json()] == [
        ("bob", "orange", "游戏 ok")
    ]
    assert httpx.get(url, headers=bob).json() == []
    assert httpx.delete(f"{url}/bob", headers=ann).status_code == 204
    assert httpx.get(url, headers=ann).json() == []
