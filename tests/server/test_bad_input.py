"""Bad input changes nothing, never kills a socket and never gives a server error (issue 13):
every bound a client's number or text meets, with the words of its refusal."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from studpoker.room import Room, RoomError
from studpoker.server import create_app
from studpoker.server.limits import LIMITS, Rate
from studpoker.server.protocol import MalformedMessage, read_message
from studpoker.store import Store

from .conftest import Server

SURROGATE = "text cannot hold a lone surrogate (U+D800 to U+DFFF) or U+FFFD"
ID = "an id is a whole number from -(2**53 - 1) to 2**53 - 1 or a text of 64 characters at most"
# One player opens every table of these tests (chips tables too: not a guest's).
JSON = {"Content-Type": "application/json"}
OPEN_MANY = replace(LIMITS, tables_per_account=1000, table_per_account=Rate(1000, 1.0))


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    room = Room(Store("sqlite://"), seed=1, pause=0.0, clock=5.0, default_tables=False)
    with TestClient(create_app(room, limits=OPEN_MANY)) as client:
        host = client.post("/api/accounts", json={"name": "host", "password": "password1"})
        client.headers["Authorization"] = f"Bearer {host.json()['token']}"
        yield client


def refusal(answer) -> tuple[int, list | str]:
    """The status and what was wrong: the 422's fields and messages, or the 400's detail."""
    detail = answer.json()["detail"]
    if isinstance(detail, list):
        return answer.status_code, [(".".join(map(str, d["loc"][1:])), d["msg"]) for d in detail]
    return answer.status_code, detail


def open_table(api: TestClient, **body):
    return api.post("/api/tables", json={"game": "razz"} | body)


def open_raw(api: TestClient, text: str):
    """A body as the client wrote it: JSON may escape a lone surrogate, or write NaN."""
    return api.post("/api/tables", content=text.encode(), headers=JSON)


def refused_by_the_room(**options) -> str:
    """What :meth:`Room.create_table` says to a Python caller."""
    room = Room(Store("sqlite://"), default_tables=False)
    with pytest.raises(RoomError) as refused:
        asyncio.run(room.create_table(options.pop("game", "razz"), "practice", **options))
    return str(refused.value)


# -- the clock (R8.1): 5 to 120 seconds ----------------------------------------------------


def test_a_clock_of_a_billion_seconds_is_refused(api: TestClient):
    assert refusal(open_table(api, clock=1e9)) == (
        422,
        [("clock", "Input should be less than or equal to 120")],
    )
    assert refusal(open_table(api, clock=4.5)) == (
        422,
        [("clock", "Input should be greater than or equal to 5")],
    )
    assert refused_by_the_room(clock=1e9) == (
        "clock is a number of seconds from 5 to 120, not 1000000000.0"
    )
    for seconds in (float("nan"), True, "20"):
        assert refused_by_the_room(clock=seconds) == (
            f"clock is a number of seconds from 5 to 120, not {seconds!r}"
        )


def test_a_clock_of_nan_or_infinity_is_refused(api: TestClient):
    for written in ("NaN", "Infinity", "-Infinity"):
        status, errors = refusal(open_raw(api, f'{{"game": "razz", "clock": {written}}}'))
        assert (status, errors) == (422, [("clock", "Input should be a finite number")])


def test_the_clock_s_bounds_are_allowed(api: TestClient):
    for seconds, shown in ((5, 5.0), (12.5, 12.5), (120, 120.0)):
        made = open_table(api, clock=seconds)
        assert (made.status_code, made.json()["clock"]) == (201, shown)


# -- stakes: the game's own, whole numbers, at most a billion -------------------------------


def test_stakes_of_ten_to_the_thirty_are_refused(api: TestClient):
    assert refusal(open_table(api, stakes={"ante": 10**30})) == (
        422,
        [("stakes.ante", "Input should be less than or equal to 1000000000")],
    )
    assert refused_by_the_room(stakes={"ante": 10**30}) == (
        f"ante must be at most 1000000000 chips, not {10**30}"
    )


def test_stakes_are_whole_numbers_0_or_more(api: TestClient):
    assert refusal(open_table(api, stakes={"ante": 2.5, "big_bet": -1, "small_bet": True})) == (
        422,
        [
            ("stakes.ante", "Input should be a valid integer"),
            ("stakes.big_bet", "Input should be greater than or equal to 0"),
            ("stakes.small_bet", "Input should be a valid integer"),
        ],
    )


def test_only_the_game_s_own_stakes_may_be_set(api: TestClient):
    """A client could once set any option of the preset (``max_seats``, ``deck`` …)."""
    assert refusal(open_table(api, stakes={"max_raises": 1000})) == (
        422,
        [
            (
                "stakes.max_raises.[key]",
                "String should match pattern '^(ante|bring_in|small_bet|big_bet|min_bet)$'",
            )
        ],
    )
    assert refusal(open_table(api, stakes={"min_bet": 20})) == (
        400,
        "the stakes of a razz table are ante, bring_in, small_bet, big_bet, not 'min_bet'",
    )
    assert refusal(open_table(api, game="show_hand", stakes={"bring_in": 20})) == (
        400,
        "the stakes of a show_hand table are ante, min_bet, not 'bring_in'",
    )
    assert refused_by_the_room(stakes={"deck": 32, "ante": 5}) == (
        "the stakes of a razz table are ante, bring_in, small_bet, big_bet, not 'deck'"
    )


def test_the_largest_stakes_make_a_table_whose_money_fits_the_store(api: TestClient):
    stakes = {"ante": 10**9, "bring_in": 10**9 - 1, "small_bet": 10**9, "big_bet": 10**9}
    made = open_table(api, mode="chips", stakes=stakes)
    assert made.status_code == 201
    assert made.json()["buy_in"] == [10**10, 10**11]  # 10 to 100 big bets
    show_hand = open_table(api, game="show_hand", mode="chips", stakes={"ante": 10**9})
    assert show_hand.json()["buy_in"] == [10**11, 10**11]  # 100 minimum bets
    assert 10 * 10**11 < 2**63 // 1_000_000  # ten stacks in a pot, a millionth of a BigInteger


# -- seats (R7.4) ---------------------------------------------------------------------------


def test_seats_are_the_game_s_own(api: TestClient):
    assert refusal(open_table(api, seats=11)) == (
        422,
        [("seats", "Input should be less than or equal to 10")],
    )
    assert refusal(open_table(api, seats=10)) == (400, "a razz table has 2 to 8 seats, not 10")
    assert refusal(open_table(api, seats=1)) == (
        422,
        [("seats", "Input should be greater than or equal to 2")],
    )
    assert refusal(open_table(api, seats=10**30))[0] == 422
    assert open_table(api, game="show_hand", seats=10).json()["seats"] == 10


# -- a table's name -------------------------------------------------------------------------


def test_a_table_name_with_a_lone_surrogate_is_refused_not_a_server_error(api: TestClient):
    answer = open_raw(api, '{"game": "razz", "name": "slow \\ud800 razz"}')
    assert refusal(answer) == (422, [("name", f"Value error, {SURROGATE}")])
    assert answer.json()["detail"][0]["input"] == "slow \ufffd razz"  # quoted as U+FFFD
    assert refused_by_the_room(name="slow \ud800 razz") == (
        "a table name holds visible characters and spaces only, not U+D800"
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("slow\u200brazz", "a table name holds visible characters and spaces only, not U+200B"),
        ("\u202eevil", "a table name holds visible characters and spaces only, not U+202E"),
        ("tab\there", "a table name holds visible characters and spaces only, not U+0009"),
        ("\u3164", "a table name holds visible characters and spaces only, not U+1160"),
        ("\ufdfa" * 3, "a table name is 40 characters at most, not 54"),  # NFKC: 18 letters each
    ],
)
def test_a_table_name_shows_every_character_it_holds(api: TestClient, name, message):
    assert refusal(open_table(api, name=name)) == (422, [("name", f"Value error, {message}")])
    assert refused_by_the_room(name=name) == message


def test_a_table_name_is_nfkc_normalised_and_40_characters_at_most(api: TestClient):
    made = open_table(api, name="  Ｓｌｏｗ　ｒａｚｚ ")
    assert made.json()["name"] == "Slow razz"
    assert open_table(api, name="七張梭哈 " * 8).json()["name"] == ("七張梭哈 " * 8).strip()
    assert refusal(open_table(api, name="a" * 41)) == (
        422,
        [("name", "String should have at most 40 characters")],
    )


# -- every other body and parameter ---------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        '"\\ud800"',
        '["\\ud800"]',
        '{"game": ["\\ud800"]}',
        '{"game": "razz", "seats": "\\ud800"}',
        '{"game": "razz", "stakes": {"\\ud800": 1}}',
        '{"game": "\\udfff"}',
        '{"game": "razz", "name": ' + "[" * 500 + '"\\ud800"' + "]" * 500 + "}",
    ],
)
def test_a_lone_surrogate_anywhere_in_a_body_is_a_422(api: TestClient, body):
    answer = open_raw(api, body)
    assert answer.status_code == 422
    assert "\ufffd" in answer.text


@pytest.mark.parametrize("path", ["/api/accounts", "/api/sessions"])
def test_credentials_with_a_lone_surrogate_are_refused(api: TestClient, path):
    for body in (
        '{"name": "ann\\ud800", "password": "password1"}',
        '{"name": "ann", "password": "password\\udc00"}',
    ):
        answer = api.post(path, content=body.encode(), headers=JSON)
        status, [(_where, message)] = refusal(answer)
        assert (status, message) == (422, f"Value error, {SURROGATE}")


def test_a_huge_hand_number_or_a_mangled_name_is_a_404(api: TestClient):
    api.post("/api/tables", json={"game": "razz"})
    table = api.get("/api/tables").json()[0]["id"]
    answer = api.get(f"/api/tables/{table}/hands/{10**30}")
    assert refusal(answer) == (404, f"hand {10**30} of {table} is not kept")
    # A URL cannot carry a lone surrogate: its UTF-8 bytes are invalid, read as U+FFFD.
    answer = api.get("/api/ratings/%ED%A0%80")
    assert refusal(answer) == (404, "no player '\ufffd\ufffd\ufffd'")


# -- the WebSocket --------------------------------------------------------------------------


def answer_and_pong(server: Server, raw: str | bytes, ref: str) -> dict:
    """What the server answers ``raw``, checked to be followed by the pong of a ping:
    the socket is open and answers in order."""
    client = server.client()
    client.until(lambda m: m.get("type") == "lobby")
    client.socket.send(raw)
    client.send(type="ping", id=ref)
    answer = client.receive()
    assert client.receive() == {"type": "pong", "id": ref, "v": 1}
    client.close()
    return answer


def test_nested_json_is_malformed_and_the_socket_lives(server: Server):
    deep = "[" * 2000 + "]" * 2000
    assert answer_and_pong(server, deep, "after-deep") == {
        "type": "error",
        "id": None,
        "code": "malformed",
        "message": "a message nests 8 deep at most (it is one object of plain values), not 2000",
        "v": 1,
    }
    in_the_id = '{"type":"chat","table":"x","text":"a","id":' + deep + "}"
    assert answer_and_pong(server, in_the_id, "after-id")["message"] == (
        "a message nests 8 deep at most (it is one object of plain values), not 2001"
    )
    assert answer_and_pong(server, deep.encode(), "after-binary")["code"] == "malformed"


def test_an_id_with_a_lone_surrogate_is_answered_and_the_socket_lives(server: Server):
    assert answer_and_pong(server, '{"type": "ping", "id": "\\ud800"}', "alive") == {
        "type": "error",
        "id": None,
        "code": "malformed",
        "message": "a message cannot hold a lone surrogate (\\ud800): its strings are Unicode text",
        "v": 1,
    }
    chat = '{"type": "chat", "table": "practice-razz", "text": "hi \\udc00", "id": 5}'
    assert answer_and_pong(server, chat, "still")["message"] == (
        "a message cannot hold a lone surrogate (\\udc00): its strings are Unicode text"
    )
    # A pair of escapes is one character, and fine.
    pair = answer_and_pong(server, '{"type": "ping", "id": "\\ud83c\\udca1"}', "paired")
    assert pair == {"type": "pong", "id": "\U0001f0a1", "v": 1}


@pytest.mark.parametrize(
    ("message", "said", "ref"),
    [
        ({"type": "ping", "id": 2**53}, f"ping.id: {ID}", None),
        ({"type": "ping", "id": -(2**53)}, f"ping.id: {ID}", None),
        ({"type": "ping", "id": "x" * 65}, f"ping.id: {ID}", None),
        ({"type": "ping", "id": True}, f"ping.id: {ID}", None),
        ({"type": "ping", "id": 1.5}, f"ping.id: {ID}", None),
        (
            {"type": "sit", "table": "chips-razz", "buy_in": 10**30, "id": "b"},
            "sit.buy_in: Input should be less than or equal to 100000000000",
            "b",
        ),
        (
            {"type": "top_up", "table": "chips-razz", "amount": 10**30, "id": 7},
            "top_up.amount: Input should be less than or equal to 100000000000",
            7,
        ),
        (
            {"type": "sit", "table": "chips-razz", "seat": 10, "id": 8},
            "sit.seat: Input should be less than 10",
            8,
        ),
    ],
)
def test_an_id_is_given_back_only_when_an_answer_may_carry_it(server: Server, message, said, ref):
    answer = answer_and_pong(server, json.dumps(message), "after")
    assert (answer["code"], answer["id"]) == ("malformed", ref)
    assert answer["message"].startswith(said)


def test_a_binary_frame_that_is_not_utf8_is_malformed(server: Server):
    answer = answer_and_pong(server, b"\xff\xfe{", "after-bytes")
    assert (answer["code"], answer["message"]) == ("malformed", "a message is JSON text in UTF-8")


def test_read_message_refuses_what_no_parser_should_be_given():
    with pytest.raises(MalformedMessage, match=r"^a message nests 8 deep at most \("):
        read_message("[" * 9 + "]" * 9)
    with pytest.raises(MalformedMessage, match=r"^a message is JSON text in UTF-8$"):
        read_message(b"\xc3")
    with pytest.raises(MalformedMessage, match=r"lone surrogate: it is Unicode text$"):
        read_message('{"type": "ping", "id": "\ud800"}')  # a Python caller's own surrogate
    # Brackets inside strings, and an escaped backslash before "ud800", are only text.
    assert read_message('{"type": "ping", "id": "[[[[[[[[[[\\\\ud800"}').id == "[[[[[[[[[[\\ud800"


def test_auto_muck_is_true_or_false_and_nothing_read_as_one():
    assert read_message('{"type": "auto_muck", "table": "t", "on": false}').on is False
    for wrong in ('"yes"', "1", '"off"', "null"):
        with pytest.raises(ValidationError, match="on"):
            read_message(f'{{"type": "auto_muck", "table": "t", "on": {wrong}}}')


def test_reading_a_crafted_message_takes_no_longer_than_a_plain_one():
    """The scan for depth and surrogates is linear: 2,000 escaped quotes in a string left
    open once took 0.3 s a message (a regular expression tried again at every quote)."""
    crafted = '"' + '\\"' * 2040

    def fastest(text: str) -> float:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            with pytest.raises(ValidationError, match="Invalid JSON"):
                read_message(text)
            times.append(time.perf_counter() - start)
        return min(times)

    assert fastest(crafted) < 0.05
