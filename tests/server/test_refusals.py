"""Every refusal carries a stable code and, as data, what its sentence says: provoked
through the real paths — the REST routes (status, ``detail``, ``code``, ``params``,
validated strictly against the route's Problem model) and the WebSocket (the ``error``
message, validated strictly against ``ServerError`` and the published schema) — and
changing nothing: no account, table, seat, chip or ledger entry moves."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Any, get_args

import httpx
import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter
from sqlalchemy import select

from studpoker.games import GAMES
from studpoker.room import Room
from studpoker.server import create_app
from studpoker.server.answers import Invalid, Problem, status_of
from studpoker.server.limits import LIMITS, NO_LIMITS, Rate
from studpoker.server.messages import ServerError
from studpoker.store import Store
from studpoker.store.errors import StoreError
from studpoker.store.models import AccountModel

from .conftest import Client, Server, served, wait_for
from .test_schema import problems_of

PROBLEM: TypeAdapter[Any] = TypeAdapter(Problem)
INVALID = TypeAdapter(Invalid)


# A rule's number as RULES.md writes it ("R2.4"): it stays in a refusal's params (the
# engine's ``rule``) and in the docs; the sentence a player reads has none.
RULE_NUMBER = re.compile(r"\bR\d+\.\d+")


@pytest.fixture
def api() -> Iterator[TestClient]:
    room = Room(Store("sqlite://"), seed=2, pause=0, clock=5)
    with TestClient(create_app(room, limits=NO_LIMITS)) as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def refused(
    answer: httpx.Response, status: int, code: str, detail: str, params: dict | None = None
) -> None:
    """``answer`` is a refusal of ``status`` with exactly this body, and a Problem."""
    assert not RULE_NUMBER.search(detail), detail  # players get words, not rule numbers
    body: dict[str, Any] = {"detail": detail, "code": code}
    if params is not None:
        body["params"] = params
    assert (answer.status_code, answer.json()) == (status, body)
    PROBLEM.validate_json(answer.content, strict=True)
    assert status_of(code) == status


def accounts(api: TestClient) -> list[str]:
    """The names of every account the database holds."""
    store: Store = api.app.state.room.store  # type: ignore[attr-defined]
    with store.engine.connect() as connection:
        return sorted(connection.scalars(select(AccountModel.name)))


# -- REST: accounts -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "password", "code", "detail", "params"),
    [
        (
            "Ann\u200bLee",
            "password1",
            "name_characters",
            "a name may not hold the invisible character U+200B (ZERO WIDTH SPACE)",
            {"character": "U+200B"},
        ),
        (
            "\u0301ann",
            "password1",
            "name_characters",
            "a name may not hold the combining mark U+0301 (COMBINING ACUTE ACCENT) without "
            "a letter under it",
            {"character": "U+0301"},
        ),
        (
            "   ",
            "password1",
            "name_blank",
            "a name needs a letter, a digit or a sign: '   ' is blank",
            None,
        ),
        (
            "\ufdfa\ufdfa",  # NFKC writes each as 18 letters
            "password1",
            "name_length",
            "a name is 1 to 24 characters once normalised (NFKC), and this one is 36",
            {"maximum": 24, "length": 36},
        ),
        (
            "Dealer",
            "password1",
            "name_reserved",
            "the name 'Dealer' is kept for the room itself (Dealer); choose another",
            {"name": "Dealer"},
        ),
        (
            "Bot 3",
            "password1",
            "name_reserved",
            "the name 'Bot 3' is kept for the room's computer players (Bot 1, Bot 2, …); "
            "choose another",
            {"name": "Bot 3"},
        ),
        (
            "bo",
            "short",
            "password_too_short",
            "a password has at least 8 characters, not 5",
            {"minimum": 8, "length": 5},
        ),
        (
            "bo",
            "\ufdfa" * 15,  # 15 characters sent, 270 once normalised (NFKC)
            "password_too_long",
            "a password has at most 256 characters, not 270",
            {"maximum": 256, "length": 270},
        ),
    ],
)
def test_a_name_or_a_password_the_room_refuses_is_a_400_and_makes_no_account(
    api: TestClient, name, password, code, detail, params
):
    answer = api.post("/api/accounts", json={"name": name, "password": password})
    refused(answer, 400, code, detail, params)
    assert accounts(api) == []


def test_a_name_taken_or_one_that_reads_like_it_is_a_409(api: TestClient):
    assert api.post("/api/accounts", json={"name": "ann", "password": "password1"}).is_success
    taken = api.post("/api/accounts", json={"name": "ANN", "password": "password1"})
    refused(taken, 409, "name_taken", "the name ANN is taken", {"name": "ANN"})
    alike = api.post("/api/accounts", json={"name": "аnn", "password": "password1"})  # Cyrillic а
    refused(
        alike,
        409,
        "name_lookalike",
        "the name 'аnn' looks like the name of another player; choose another",
        {"name": "аnn"},
    )
    assert accounts(api) == ["ann"]


def test_a_wrong_password_and_no_session_are_401s(api: TestClient):
    api.post("/api/accounts", json={"name": "ann", "password": "password1"})
    wrong = api.post("/api/sessions", json={"name": "ann", "password": "password2"})
    refused(wrong, 401, "wrong_password", "wrong name or password")
    nobody = api.post("/api/sessions", json={"name": "nobody", "password": "password2"})
    refused(nobody, 401, "wrong_password", "wrong name or password")
    refused(api.get("/api/me"), 401, "login", "log in first: no valid session token")
    refused(
        api.get("/api/me", headers=bearer("no-such-token")),
        401,
        "login",
        "log in first: no valid session token",
    )


def test_an_account_gone_since_its_session_was_read_is_a_404(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
):
    made = api.post("/api/accounts", json={"name": "ann", "password": "password1"}).json()
    store = api.app.state.room.store  # type: ignore[attr-defined]
    monkeypatch.setattr(store, "account", lambda _key: None)
    answer = api.get("/api/me", headers=bearer(made["token"]))
    number = made["account"]["id"]
    refused(answer, 404, "no_account", f"no account {number}", {"account": number})


def test_a_room_busy_hashing_is_a_503_with_retry_after(api: TestClient):
    hashing = api.app.state.room.accounts.hashing  # type: ignore[attr-defined]
    hashing._jobs = hashing.waiting  # every place taken, as by a flood of logins
    try:
        answer = api.post("/api/accounts", json={"name": "ann", "password": "password1"})
    finally:
        hashing._jobs = 0
    refused(
        answer,
        503,
        "busy",
        "the room is busy with password hashing: try again in a moment",
        {"what": "password_hashing", "retry_after": 1},
    )
    assert answer.headers["Retry-After"] == "1"
    assert accounts(api) == []


def test_no_free_guest_name_is_a_503(api: TestClient, monkeypatch: pytest.MonkeyPatch):
    store = api.app.state.room.store  # type: ignore[attr-defined]

    def taken(name: str, *_args: Any, **_options: Any) -> None:
        raise StoreError(f"the name {name} is taken")

    monkeypatch.setattr(store, "create_account", taken)
    answer = api.post("/api/guests")
    refused(answer, 503, "no_guest_name", "no guest name is free; try again")
    assert answer.headers["Retry-After"] == "1"


def test_too_many_guests_from_an_address_is_a_429():
    limits = dataclasses.replace(NO_LIMITS, guest_per_address=Rate(1, 600.0))
    room = Room(Store("sqlite://"), seed=2, pause=0, clock=5, default_tables=False)
    with TestClient(create_app(room, limits=limits)) as api:
        assert api.post("/api/guests").status_code == 201
        answer = api.post("/api/guests")
        refused(
            answer,
            429,
            "rate_limited",
            "too many guests from your address: try again in 600 s",
            {"what": "guests", "retry_after": 600},
        )
        assert answer.headers["Retry-After"] == "600"
        assert len(accounts(api)) == 1  # the first guest's alone


# -- REST: tables -------------------------------------------------------------------------


def test_a_guest_or_a_computer_player_opens_practice_tables_only(api: TestClient):
    lobby = api.get("/api/tables").json()
    guest = api.post("/api/guests").json()["token"]
    for mode in ("chips", "competition"):
        answer = api.post("/api/tables", json={"game": "razz", "mode": mode}, headers=bearer(guest))
        refused(
            answer,
            403,
            "guests_practice_only",
            "guests play at practice tables only: register to play for chips",
        )
    bot = api.post("/api/accounts", json={"name": "robo", "password": "password1", "bot": True})
    answer = api.post(
        "/api/tables",
        json={"game": "razz", "mode": "chips"},
        headers=bearer(bot.json()["token"]),
    )
    refused(
        answer,
        403,
        "bots_practice_only",
        "computer players play at practice tables only",
        {"mode": "chips"},
    )
    assert api.get("/api/tables").json() == lobby


def test_a_table_s_options_the_room_refuses_are_400s_and_open_nothing(api: TestClient):
    token = api.post("/api/accounts", json={"name": "host", "password": "password1"})
    host = bearer(token.json()["token"])
    lobby = api.get("/api/tables").json()
    stakes = ["ante", "bring_in", "small_bet", "big_bet"]
    for body, code, detail, params in (
        (
            {"game": "holdem"},
            "unknown_game",
            "game must be one of seven_card_stud, stud_hilo, razz, show_hand, five_card_stud, "
            "not 'holdem'",
            {"value": "holdem", "allowed": list(GAMES)},
        ),
        (
            {"game": "razz", "mode": "tournament"},
            "unknown_mode",
            "mode must be one of practice, chips, competition, not 'tournament'",
            {"value": "tournament", "allowed": ["practice", "chips", "competition"]},
        ),
        (
            {"game": "razz", "level": "shark"},
            "unknown_level",
            "the computer players' level is one of easy, normal, hard, expert, not 'shark'",
            {"value": "shark", "allowed": ["easy", "normal", "hard", "expert"]},
        ),
        (
            {"game": "razz", "mode": "chips", "level": "hard"},
            "unknown_level",
            "computer players play at practice tables only: a level is a practice table's, "
            "not a chips table's",
            {"value": "hard", "allowed": ["easy", "normal", "hard", "expert"]},
        ),
        (
            {"game": "razz", "stakes": {"min_bet": 20}},
            "unknown_stakes",
            "the stakes of a razz table are ante, bring_in, small_bet, big_bet, not 'min_bet'",
            {"game": "razz", "stakes": ["min_bet"], "allowed": stakes},
        ),
        (
            {"game": "seven_card_stud", "stakes": {"bring_in": 300}},
            "invalid_stakes",
            "the bring-in (300) must be below the small bet (200)",
            None,
        ),
        (
            {"game": "razz", "seats": 10},
            "seats_range",
            "a razz table has 2 to 8 seats, not 10",
            {"game": "razz", "minimum": 2, "maximum": 8, "seats": 10},
        ),
        # Five-Card Stud: the fixed-limit stakes (R9.2), the open pair its one option (R9.3).
        (
            {"game": "five_card_stud", "stakes": {"min_bet": 20}},
            "unknown_stakes",
            "the stakes of a five_card_stud table are ante, bring_in, small_bet, big_bet, "
            "not 'min_bet'",
            {"game": "five_card_stud", "stakes": ["min_bet"], "allowed": stakes},
        ),
        (
            {"game": "five_card_stud", "stakes": {"bring_in": 200}},
            "invalid_stakes",
            "the bring-in (200) must be below the small bet (200)",
            None,
        ),
        (
            {"game": "stud_hilo", "options": {"open_pair_double": True}},
            "unknown_options",
            "the options of a stud_hilo table are none, not 'open_pair_double'",
            {"game": "stud_hilo", "options": ["open_pair_double"], "allowed": []},
        ),
        (
            {"game": "show_hand", "options": {"open_pair_double": False}},
            "unknown_options",
            "the options of a show_hand table are none, not 'open_pair_double'",
            {"game": "show_hand", "options": ["open_pair_double"], "allowed": []},
        ),
    ):
        refused(api.post("/api/tables", json=body, headers=host), 400, code, detail, params)
    assert api.get("/api/tables").json() == lobby


def test_eleven_seats_or_an_option_not_on_or_off_is_a_422(api: TestClient):
    """Beyond any game's ten seats (R6.1, R9.1), an option that is not true or false, or
    no option of any game: the body is not read (the room's own refusals are above)."""
    token = api.post("/api/accounts", json={"name": "host", "password": "password1"})
    host = bearer(token.json()["token"])
    lobby = api.get("/api/tables").json()
    for body, field in (
        ({"seats": 11}, "seats"),
        ({"options": {"open_pair_double": "yes"}}, "options"),
        ({"options": {"open_pair_double": 1}}, "options"),
        ({"options": {"bring_in_rule": True}}, "options"),
    ):
        body = {"game": "five_card_stud", "mode": "chips"} | body
        answer = api.post("/api/tables", json=body, headers=host)
        assert answer.status_code == 422, body
        assert answer.json()["code"] == "malformed"
        assert [error["loc"][:2] for error in answer.json()["detail"]] == [["body", field]]
        INVALID.validate_json(answer.content)
    assert api.get("/api/tables").json() == lobby


def test_a_player_with_their_most_tables_open_gets_a_409():
    limits = dataclasses.replace(NO_LIMITS, tables_per_account=1)
    room = Room(Store("sqlite://"), seed=2, pause=0, clock=5, default_tables=False)
    with TestClient(create_app(room, limits=limits)) as api:
        token = api.post("/api/accounts", json={"name": "host", "password": "password1"})
        host = bearer(token.json()["token"])
        assert api.post("/api/tables", json={"game": "razz"}, headers=host).status_code == 201
        answer = api.post("/api/tables", json={"game": "razz"}, headers=host)
        refused(
            answer,
            409,
            "open_tables",
            "host already has 1 open table: a player may open 1 at most",
            {"name": "host", "open": 1, "most": 1},
        )
        assert len(api.get("/api/tables").json()) == 1


def test_what_is_not_there_is_a_404(api: TestClient):
    refused(
        api.get("/api/tables/nowhere"), 404, "no_table", "no table 'nowhere'", {"table": "nowhere"}
    )
    refused(
        api.get("/api/tables/nowhere/hands/1"),
        404,
        "no_table",
        "no table 'nowhere'",
        {"table": "nowhere"},
    )
    refused(
        api.get("/api/tables/practice-razz/hands/7"),
        404,
        "no_hand",
        "hand 7 of practice-razz is not kept",
        {"table": "practice-razz", "hand": 7},
    )
    refused(
        api.get("/api/ratings/nobody"), 404, "no_player", "no player 'nobody'", {"name": "nobody"}
    )
    refused(api.get("/api/no-such-route"), 404, "not_found", "Not Found")
    refused(api.put("/api/tables"), 405, "method_not_allowed", "Method Not Allowed")


def test_a_language_or_a_game_the_room_does_not_know_is_a_400(api: TestClient):
    refused(
        api.get("/api/tables/practice-razz/hands/1", params={"lang": "fr"}),
        400,
        "unknown_language",
        "lang is one of en, zh-Hant, zh-Hans, not 'fr'",
        {"value": "fr", "allowed": ["en", "zh-Hant", "zh-Hans"]},
    )
    unknown = {"value": "poker", "allowed": list(GAMES)}
    said = (
        "game must be one of seven_card_stud, stud_hilo, razz, show_hand, five_card_stud, "
        "not 'poker'"
    )
    refused(
        api.get("/api/leaderboard", params={"game": "poker"}), 400, "unknown_game", said, unknown
    )
    refused(
        api.get("/api/ratings/ann", params={"game": "poker"}), 400, "unknown_game", said, unknown
    )


def test_a_body_fastapi_cannot_read_is_a_422_malformed(api: TestClient):
    answer = api.post("/api/accounts", json={"name": "ann"})
    assert answer.status_code == 422
    body = answer.json()
    assert body["code"] == "malformed"
    assert [(error["loc"], error["msg"]) for error in body["detail"]] == [
        (["body", "password"], "Field required")
    ]
    INVALID.validate_json(answer.content)
    undecodable = api.post(
        "/api/accounts", content=b"\xff", headers={"Content-Type": "application/json"}
    )
    refused(undecodable, 400, "malformed", "There was an error parsing the body")
    assert accounts(api) == []


# -- the OpenAPI document ------------------------------------------------------------------

# Each route's refusals by status, as the OpenAPI document must list them.
ROUTES = {
    ("post", "/api/accounts"): {400, 409, 422, 429, 503},
    ("post", "/api/sessions"): {400, 401, 422, 429, 503},
    ("post", "/api/guests"): {429, 503},
    ("get", "/api/me"): {401, 404},
    ("get", "/api/tables"): {422},
    ("post", "/api/tables"): {400, 401, 403, 409, 422, 429},
    ("get", "/api/tables/{table_id}"): {403, 404, 422, 503},  # 503: its owner did not answer
    ("get", "/api/tables/{table_id}/invite"): {401, 403, 404, 422, 503},
    ("post", "/api/tables/{table_id}/close"): {401, 403, 404, 409, 422, 503},
    ("get", "/api/tables/{table_id}/hands/{number}"): {400, 403, 404, 422, 503},
    ("get", "/api/tables/{table_id}/seeds"): {403, 422},
    ("get", "/api/hands"): {401, 422, 429, 503},
    ("get", "/api/leaderboard"): {400, 422},
    ("get", "/api/ratings/{name}"): {400, 404, 422},
}


def test_the_openapi_document_types_every_refusal_of_every_route(api: TestClient):
    document = api.get("/openapi.json").json()
    schemas = document["components"]["schemas"]
    problems = {ref["$ref"] for ref in _one_of(document, "/api/me", "get", "401")}
    assert len(problems) == len(get_args(get_args(ServerError)[0]))  # a Problem a model
    assert "#/components/schemas/NameRefusedProblem" in problems
    named = schemas["NameRefusedProblem"]
    assert named["required"] == ["detail", "code", "params"]
    assert named["properties"]["code"]["enum"] == [
        "name_taken",
        "name_lookalike",
        "name_reserved",
        "no_player",
    ]
    assert named["properties"]["params"] == {"$ref": "#/components/schemas/NameParams"}
    assert schemas["NameParams"]["additionalProperties"] is False
    for (method, path), statuses in ROUTES.items():
        answers = document["paths"][path][method]["responses"]
        refusals = {int(status) for status in answers if int(status) >= 400}
        assert refusals == statuses, (method, path)
        for status in statuses - {422}:
            assert {r["$ref"] for r in _one_of(document, path, method, str(status))} == problems
            if status in (429, 503):
                assert "Retry-After" in answers[str(status)]["headers"]
        if 422 in statuses:
            schema = answers["422"]["content"]["application/json"]["schema"]
            assert schema == {"$ref": "#/components/schemas/Invalid"}
    by_status = document["paths"]["/api/tables"]["post"]["responses"]
    assert "`open_tables`" in by_status["409"]["description"]
    assert "`guests_practice_only`" in by_status["403"]["description"]
    assert document["paths"]["/api/me"]["get"]["security"] == [{"session": []}]
    assert document["components"]["securitySchemes"]["session"]["scheme"] == "bearer"


def _one_of(document: dict, path: str, method: str, status: str) -> list[dict]:
    """The models a refusal of ``status`` may be: the one Problem schema's."""
    answer = document["paths"][path][method]["responses"][status]
    assert answer["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Problem"
    }
    schema = document["components"]["schemas"]["Problem"]
    assert schema["discriminator"]["propertyName"] == "code"
    return schema["oneOf"]


# -- the WebSocket --------------------------------------------------------------------------


def error_of(client: Client, ref: Any) -> dict[str, Any]:
    """The error answering message ``ref``, checked against the models and the schema."""
    message = client.until(lambda m: m.get("id") == ref)
    assert message["type"] == "error", message
    assert problems_of(message) == []
    return message


def says(message: dict[str, Any], code: str, text: str, params: dict | None = None) -> None:
    assert not RULE_NUMBER.search(text), text  # players get words, not rule numbers
    wanted = {"code": code, "message": text}
    if params is not None:
        wanted["params"] = params
    assert {key: message[key] for key in wanted} == wanted
    assert ("params" in message) == (params is not None)


def funded(server: Server, name: str, chips: int) -> tuple[Client, int]:
    token = server.register(name)
    account = server.room.store.account(name)
    assert account is not None
    if chips:
        server.room.store.deposit(account.id, chips)
    return server.client(token), account.id


def balance(server: Server, account_id: int) -> int:
    account = server.room.store.account(account_id)
    assert account is not None
    return account.balance


def test_seat_refusals_at_a_chips_table_move_no_chip(server: Server):
    table = "chips-razz"
    ann, ann_id = funded(server, "ann", 10_000)
    poor, poor_id = funded(server, "poor", 0)
    ann.send(type="sit", table=table, seat=0, buy_in=100, id="low")
    says(
        error_of(ann, "low"),
        "buy_in_range",
        "a buy-in is 4000 to 40000 chips, not 100",
        {"minimum": 4000, "maximum": 40000, "amount": 100},
    )
    poor.send(type="sit", table=table, seat=1, buy_in=4000, id="broke")
    says(
        error_of(poor, "broke"),
        "balance_too_low",
        "poor has 0 and cannot buy in for 4000",
        {"name": "poor", "balance": 0, "buy_in": 4000},
    )
    ann.send(type="sit", table=table, seat=0, buy_in=4000, id="sit")
    assert ann.until(lambda m: m.get("id") == "sit")["seat"] == 0
    ann.send(type="sit", table=table, seat=2, buy_in=4000, id="again")
    says(
        error_of(ann, "again"),
        "already_seated",
        "ann is already seated at chips-razz",
        {"name": "ann", "table": table},
    )
    ann.send(type="top_up", table=table, amount=40_000, id="top")
    says(
        error_of(ann, "top"),
        "top_up_limit",
        "seat 0 may top up 36000 chips at most: a stack is 40000 at most",
        {"seat": 0, "most": 36000, "stack_cap": 40000},
    )
    server.room.store.deposit(poor_id, 4000)
    poor.send(type="sit", table=table, seat=0, buy_in=4000, id="taken")
    says(error_of(poor, "taken"), "seat_taken", "seat 0 is taken", {"seat": 0})
    poor.send(type="stand", table=table, id="up")
    says(error_of(poor, "up"), "not_seated", "poor is not seated at chips-razz", {"table": table})
    ann.send(type="sit_in", table=table, id="in")
    says(error_of(ann, "in"), "not_sitting_out", "seat 0 is not sitting out", {"seat": 0})
    ann.send(type="sit_out", table=table, id="out")
    assert ann.until(lambda m: m.get("id") == "out")["type"] == "ok"
    ann.send(type="sit_out", table=table, id="out again")
    says(
        error_of(ann, "out again"),
        "already_sitting_out",
        "seat 0 is already sitting out",
        {"seat": 0},
    )
    assert (balance(server, ann_id), balance(server, poor_id)) == (6000, 4000)
    assert server.room.store.holdings(table) == {(table, ann_id): 4000}
    assert server.room.seat_of(poor_id, table) is None
    ann.send(type="stand", table=table, id="leave")
    ann.until(lambda m: m.get("id") == "leave")
    wait_for(lambda: balance(server, ann_id) == 10_000)
    assert server.room.store.audit() == []


def test_a_full_table_of_each_mode_refuses_one_more(server: Server):
    host = bearer(server.register("host"))
    made = {}
    for mode in ("practice", "chips", "competition"):
        answer = httpx.post(
            f"{server.url}/api/tables",
            json={"game": "razz", "mode": mode, "seats": 2},
            headers=host,
        )
        assert answer.status_code == 201, answer.text
        made[mode] = answer.json()["id"]
    players = [funded(server, name, 8000) for name in ("ann", "bo", "cy")]
    for mode, (code, text) in {
        "practice": ("practice_full", "a practice table seats at most 2 players"),
        "chips": ("table_full", "the table is full: 2 players at most"),
        "competition": ("competition_full", "a competition seats at most 2 players"),
    }.items():
        table = made[mode]
        for client, _ in players[:2]:
            client.send(type="sit", table=table, buy_in=4000, id=f"sit {mode}")
            assert client.until(lambda m, mode=mode: m.get("id") == f"sit {mode}")["type"] == "ok"
        third, third_id = players[2]
        third.send(type="sit", table=table, buy_in=4000, id=mode)
        says(error_of(third, mode), code, text, {"maximum": 2})
        assert server.room.seat_of(third_id, table) is None
    assert balance(server, players[2][1]) == 8000


def test_a_competition_s_refusals(server: Server):
    table = "competition-razz"
    ann, _ = funded(server, "ann", 0)
    bo, _ = funded(server, "bo", 0)
    cy, cy_id = funded(server, "cy", 0)
    ann.send(type="start_competition", table=table, id="alone")
    says(
        error_of(ann, "alone"),
        "not_seated",
        "ann is not seated at competition-razz",
        {"table": table},
    )
    ann.send(type="sit", table=table, seat=0, id="s")
    ann.until(lambda m: m.get("id") == "s")
    ann.send(type="start_competition", table=table, id="one")
    says(
        error_of(ann, "one"),
        "competition_players",
        "a competition needs 2 to 8 players seated",
        {"minimum": 2, "maximum": 8, "players": 1},
    )
    bo.send(type="sit", table=table, seat=1, id="s")
    bo.until(lambda m: m.get("id") == "s")
    ann.send(type="start_competition", table=table, id="go")
    assert ann.until(lambda m: m.get("id") == "go")["type"] == "ok"
    bo.send(type="start_competition", table=table, id="twice")
    says(error_of(bo, "twice"), "competition_started", "the competition has started")
    cy.send(type="sit", table=table, seat=2, id="late")
    says(
        error_of(cy, "late"),
        "competition_started",
        "the competition has started: nobody may join it",
    )
    assert server.room.seat_of(cy_id, table) is None
    cy.send(type="sit", table="practice-razz", seat=0, id="p")
    cy.until(lambda m: m.get("id") == "p")
    cy.send(type="start_competition", table="practice-razz", id="here")
    says(
        error_of(cy, "here"),
        "not_competition",
        "practice-razz is not a competition table",
        {"table": "practice-razz"},
    )


def test_who_may_sit_where(server: Server):
    guest = server.client(httpx.post(f"{server.url}/api/guests").json()["token"])
    guest.send(type="sit", table="chips-razz", buy_in=4000, id="g")
    says(
        error_of(guest, "g"),
        "guests_practice_only",
        "guests play at practice tables only: register to play for chips",
    )
    bot_token = httpx.post(
        f"{server.url}/api/accounts", json={"name": "robo", "password": "password1", "bot": True}
    ).json()["token"]
    robo = server.client(bot_token)
    robo.send(type="sit", table="competition-razz", id="b")
    says(
        error_of(robo, "b"),
        "bots_practice_only",
        "computer players play at practice tables only",
        {"mode": "competition"},
    )
    guest.send(type="sit", table="nowhere", id="n")
    says(error_of(guest, "n"), "no_table", "no table 'nowhere'", {"table": "nowhere"})
    guest.send(type="watch", table="nowhere", id="w")
    says(error_of(guest, "w"), "no_table", "no table 'nowhere'", {"table": "nowhere"})
    guest.send(type="sit", table="practice-razz", seat=9, id="9")
    says(
        error_of(guest, "9"),
        "no_seat",
        "there is no seat 9: the seats are 0 to 7",
        {"seat": 9, "seats": 8},
    )
    guest.send(type="top_up", table="practice-razz", amount=100, id="t")
    says(
        error_of(guest, "t"),
        "no_top_ups",
        "only a chips table takes top-ups: practice chips are unlimited",
        {"mode": "practice"},
    )
    assert all(held.table.seats.get(9) is None for held in server.room.tables.values())


def test_a_seat_waiting_for_a_computer_player_s_and_one_leaving(server: Server):
    """A person who takes a computer player's seat during a hand waits for it (R7.1):
    a second seat is refused; a seat standing during its hand goes when it ends, and
    standing again is refused."""
    table = "practice-razz"
    bo, _ = funded(server, "bo", 0)
    ann, ann_id = funded(server, "ann", 0)
    bo.send(type="sit", table=table, seat=0, id="s")
    bo.until(lambda m: m.get("change") == "turn" and m["state"]["turn"]["seat"] == 0)
    # bo's decision waits (5 s): the hand is being played, computer players in it.
    ann.send(type="sit", table=table, seat=3, id="wait")
    assert ann.until(lambda m: m.get("id") == "wait") == {
        "type": "ok",
        "id": "wait",
        "seat": 3,
        "v": 1,
    }
    ann.send(type="sit", table=table, seat=5, id="second")
    says(
        error_of(ann, "second"),
        "already_in_seat",
        "ann is already in seat 3",
        {"name": "ann", "seat": 3},
    )
    assert server.room.seat_of(ann_id, table) is None  # waiting, not seated yet
    chips = "chips-razz"
    cy, cy_id = funded(server, "cy", 4000)
    di, _ = funded(server, "di", 4000)
    for client, seat in ((cy, 0), (di, 1)):
        client.send(type="sit", table=chips, seat=seat, buy_in=4000, id="c")
        client.until(lambda m: m.get("id") == "c")
    turn = cy.until(lambda m: m.get("change") == "turn" and m.get("table") == chips)
    leaver = di if turn["state"]["turn"]["seat"] == 0 else cy  # not the seat to act
    seat = 1 if leaver is di else 0
    leaver.send(type="stand", table=chips, id="up")
    assert leaver.until(lambda m: m.get("id") == "up")["type"] == "ok"
    leaver.send(type="stand", table=chips, id="up again")
    says(
        error_of(leaver, "up again"),
        "already_leaving",
        f"seat {seat} is already leaving: it goes when this hand ends",
        {"seat": seat},
    )
    assert cy_id  # both stacks stay at the table until the hand ends


def test_chat_refusals(server: Server):
    client, _ = funded(server, "talker", 0)
    client.send(type="chat", table="practice-razz", text="   ", id="blank")
    says(error_of(client, "blank"), "chat_empty", "say something: the line is empty")
    client.send(type="chat", table="practice-razz", text="gg\u202e", id="bidi")
    says(
        error_of(client, "bidi"),
        "chat_characters",
        "a chat line may not hold the bidirectional control U+202E (RIGHT-TO-LEFT OVERRIDE)",
        {"character": "U+202E"},
    )
    assert all(not held.chat for held in server.room.tables.values())


def test_the_socket_s_own_refusals_carry_their_params():
    limits = dataclasses.replace(
        LIMITS,
        sockets_per_address=3,
        messages_per_socket=Rate(3, 60.0),
        chat_per_socket=Rate(1, 60.0),
    )
    with served(limits=limits) as server:
        french = server.client(lang="fr")
        told = french.until(lambda m: m["type"] == "error")
        assert problems_of(told) == []
        says(
            told,
            "unknown_language",
            "lang is one of en, zh-Hant, zh-Hans: using en",
            {"value": "fr", "allowed": ["en", "zh-Hant", "zh-Hans"]},
        )
        token = server.register("talker")
        talker = server.client(token)
        oversize = '{"type": "chat", "table": "x", "text": "' + "a" * 5000 + '"}'
        talker.socket.send(oversize)
        large = talker.until(lambda m: m["type"] == "error")
        says(
            large,
            "too_large",
            "a message is 4096 bytes at most",
            {"maximum": 4096, "length": len(oversize)},
        )
        talker.send(type="chat", table="practice-razz", text="one", id="one")
        talker.send(type="chat", table="practice-razz", text="two", id="two")
        limited = error_of(talker, "two")
        assert limited["code"] == "chat_limit"
        assert limited["params"] == {
            "lines": 1,
            "seconds": 60.0,
            "retry_after": limited["retry_after"],
        }
        talker.send(type="ping", id="past")  # the fourth message in a minute
        flooded = talker.until(lambda m: m["type"] == "error")
        assert problems_of(flooded) == []
        assert flooded["code"] == "rate_limited"
        assert flooded["message"].startswith("too many messages (3 every 60 s at most)")
        assert flooded["params"] == {"what": "messages", "retry_after": flooded["retry_after"]}
        server.client()  # the third socket of the address
        refused_socket = server.client().receive()
        assert problems_of(refused_socket) == []
        says(
            refused_socket,
            "too_many_sockets",
            "3 sockets from one address at most: close one first",
            {"maximum": 3},
        )


def test_a_failure_of_the_room_is_internal_and_the_socket_lives(
    server: Server, monkeypatch: pytest.MonkeyPatch
):
    def fails(*_args: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(server.room, "say", fails)
    client, _ = funded(server, "talker", 0)
    client.send(type="chat", table="practice-razz", text="hello", id="c")
    failed = client.until(lambda m: m["type"] == "error")
    assert problems_of(failed) == []
    assert failed["id"] is None  # the room's failure, not the message's
    says(failed, "internal", "the room failed to do that; nothing changed")
    client.send(type="ping", id="p")
    assert client.until(lambda m: m.get("id") == "p")["type"] == "pong"


def test_client_seed_refusals_change_nothing(server: Server):
    """A client seed for another hand, one that is not hex of 1 to 64 bytes, or from
    someone not seated is refused with its code; the hand's seeds stay as they were,
    and the seed taken is the seat's own in the deal (issue 38)."""
    table_id = "chips-razz"
    ann, _ = funded(server, "ann", 10_000)
    bo, _ = funded(server, "bo", 10_000)
    ann.send(type="sit", table=table_id, seat=0, buy_in=4000, id="sit")
    assert ann.until(lambda m: m.get("id") == "sit")["type"] == "ok"
    told = ann.until(lambda m: m.get("type") == "table" and m["state"]["next_hand"])
    announced = told["state"]["next_hand"]
    assert announced["hand_id"] == f"{table_id}/1"
    assert announced["test_seed"] is True
    pending = server.room.tables[table_id].table._seeds.pending
    for ref, hand_id, seed, code, text, params in (
        ("other", f"{table_id}/2", "00", "wrong_hand_id",
         f"client seeds are taken for hand {table_id}/1, not {table_id}/2",
         {"hand_id": f"{table_id}/1"}),
        ("odd", f"{table_id}/1", "abc", "bad_client_seed",
         "a client seed is hex of 1 to 64 bytes (2 to 128 hex digits)",
         {"minimum": 1, "maximum": 64}),
        ("long", f"{table_id}/1", "ab" * 65, "bad_client_seed",
         "a client seed is hex of 1 to 64 bytes (2 to 128 hex digits)",
         {"minimum": 1, "maximum": 64}),
    ):  # fmt: skip
        ann.send(type="client_seed", table=table_id, hand_id=hand_id, seed=seed, id=ref)
        says(error_of(ann, ref), code, text, params)
    bo.send(type="client_seed", table=table_id, hand_id=f"{table_id}/1", seed="00", id="away")
    says(error_of(bo, "away"), "not_seated", f"bo is not seated at {table_id}", {"table": table_id})
    assert pending.sent == {}  # nothing taken
    ann.send(type="client_seed", table=table_id, hand_id=f"{table_id}/1", seed="c0ffee", id="ok")
    assert ann.until(lambda m: m.get("id") == "ok")["type"] == "ok"
    bo.send(type="sit", table=table_id, seat=1, buy_in=4000, id="bo")
    assert bo.until(lambda m: m.get("id") == "bo")["type"] == "ok"
    dealt = ann.until(lambda m: m.get("type") == "table" and m["state"]["fairness"])
    fairness = dealt["state"]["fairness"]
    assert fairness["commitment"] == announced["commitment"]
    assert fairness["client_seeds"][0] == {"seat": 0, "seed": "c0ffee", "chosen_by_room": False}
    assert fairness["client_seeds"][1]["chosen_by_room"] is True
