"""The room's limits, as an attacker meets them (docs/security.md): each is refused with
a clear error (429 and Retry-After on REST), and a well-behaved client is not."""

from __future__ import annotations

import dataclasses
import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed

from studpoker.room import Room, hash_password
from studpoker.server import create_app
from studpoker.server.limits import LIMITS, Backoff, Limiter, Rate
from studpoker.store import Store

from .conftest import Server, served

TIGHT = dataclasses.replace(
    LIMITS,
    login_per_address=Rate(3, 60.0),
    login_failures_free=2,
    register_per_address=Rate(2, 600.0),
    guest_per_address=Rate(2, 600.0),
    table_per_account=Rate(2, 600.0),
    history_per_account=Rate(2, 60.0),
)


@pytest.fixture
def api() -> Iterator[TestClient]:
    room = Room(Store("sqlite://"), seed=1, pause=0.0, default_tables=False)
    with TestClient(create_app(room, limits=TIGHT)) as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_bucket_allows_its_burst_then_one_event_a_period():
    now = [0.0]
    bucket = Limiter(Rate(3, 30.0), clock=lambda: now[0])
    assert [bucket.take("x") for _ in range(4)] == [0.0, 0.0, 0.0, 10.0]
    now[0] = 10.0
    assert (bucket.take("x"), bucket.take("x")) == (0.0, 10.0)
    assert bucket.take("y") == 0.0  # another key has its own


def test_a_bucket_of_many_keys_forgets_the_full_ones():
    now = [0.0]
    bucket = Limiter(Rate(1, 1.0), clock=lambda: now[0], most_keys=10)
    for n in range(10):
        bucket.take(f"k{n}")
    now[0] = 5.0  # every bucket full again
    bucket.take("new")
    assert len(bucket._buckets) == 1


def test_failed_logins_wait_longer_after_each():
    now = [100.0]
    backoff = Backoff(2, 60.0, clock=lambda: now[0])
    waits = []
    for _ in range(9):
        waits.append(backoff.wait("ann"))
        backoff.failed("ann")
    assert waits == [0.0, 0.0, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0]
    backoff.succeeded("ann")
    assert backoff.wait("ann") == 0.0


def test_a_name_that_fails_to_log_in_is_slowed_down(api: TestClient):
    api.post("/api/accounts", json={"name": "ann", "password": "password1"})
    wrong = {"name": "ann", "password": "not her password"}
    assert [api.post("/api/sessions", json=wrong).status_code for _ in range(2)] == [401, 401]
    slowed = api.post("/api/sessions", json=wrong)
    assert slowed.status_code == 429
    assert slowed.headers["Retry-After"] == "1"
    assert slowed.json() == {
        "detail": "too many failed logins for this name: try again in 1 s",
        "code": "rate_limited",
        "params": {"what": "failed_logins", "retry_after": 1},
    }
    # The same name in another case or width is the same name.
    assert api.post("/api/sessions", json={**wrong, "name": "ＡＮＮ"}).status_code == 429


def test_logins_from_one_address_are_limited(api: TestClient):
    store = api.app.state.room.store  # type: ignore[attr-defined]
    for name in ("bo", "cy", "di"):  # made by the operator: registering is limited too
        store.create_account(name, hash_password("password1"))
    answers = [
        api.post("/api/sessions", json={"name": name, "password": "password1"})
        for name in ("bo", "cy", "di", "bo")
    ]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    # 3 a minute: the next in 20 s less the time the three logins took.
    after = answers[-1].headers["Retry-After"]
    assert after in {"19", "20"}
    assert answers[-1].json() == {
        "detail": f"too many logins from your address: try again in {after} s",
        "code": "rate_limited",
        "params": {"what": "logins", "retry_after": int(after)},
    }


def test_new_accounts_and_guests_from_one_address_are_limited(api: TestClient):
    made = [
        api.post("/api/accounts", json={"name": f"p{n}", "password": "password1"}).status_code
        for n in range(3)
    ]
    assert made == [201, 201, 429]
    guests = [api.post("/api/guests").status_code for _ in range(3)]
    assert guests == [201, 201, 429]
    assert api.post("/api/guests").headers["Retry-After"] == "300"


def test_a_player_opens_a_few_tables_and_not_too_fast(api: TestClient):
    token = api.post("/api/accounts", json={"name": "host", "password": "password1"}).json()
    answers = [
        api.post("/api/tables", json={"game": "razz"}, headers=bearer(token["token"]))
        for _ in range(3)
    ]
    assert [a.status_code for a in answers] == [201, 201, 429]
    assert answers[2].json() == {
        "detail": "too many new tables: try again in 300 s",
        "code": "rate_limited",
        "params": {"what": "tables", "retry_after": 300},
    }


def test_hand_history_downloads_are_limited(api: TestClient):
    token = api.post("/api/accounts", json={"name": "reader", "password": "password1"}).json()
    codes = [api.get("/api/hands", headers=bearer(token["token"])).status_code for _ in range(3)]
    assert codes == [200, 200, 429]


# -- over real sockets -------------------------------------------------------------------


def test_logging_out_logs_the_open_sockets_out():
    with served() as server:
        token = server.register("leaver")
        client = server.client(token)
        assert client.until(lambda m: m["type"] == "welcome")["account"]["name"] == "leaver"
        httpx.delete(f"{server.url}/api/sessions", headers=bearer(token))
        told = client.until(lambda m: m["type"] == "logged_out")
        assert (told["message"], told["reason"]) == ("logged out", "logout")
        client.send(type="sit", table="practice-razz", id="sit")
        refused = client.until(lambda m: m.get("id") == "sit")
        assert (refused["code"], refused["message"]) == ("login", "log in or play as a guest first")
        assert server.room.seat_of(server.room.store.account("leaver").id, "practice-razz") is None


def test_an_expired_session_logs_the_socket_out():
    with served() as server:
        server.register("brief")
        account = server.room.store.account("brief")
        token = server.room.store.create_session(account.id, lifetime_seconds=1)
        client = server.client(token)
        assert client.until(lambda m: m["type"] == "welcome")["account"]["name"] == "brief"
        time.sleep(1.1)
        client.send(type="chat", table="practice-razz", text="hello", id="say")
        told = client.until(lambda m: m["type"] == "logged_out")
        assert (told["message"], told["reason"]) == (
            "the session has expired: log in again", "expired"
        )  # fmt: skip
        refused = client.until(lambda m: m.get("id") == "say")
        assert refused["code"] == "login"


def test_a_token_in_the_url_is_not_read():
    with served() as server:
        token = server.register("urly")
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{server.port}/ws?token={token}") as raw:
            welcome = json.loads(raw.recv(timeout=10))
            assert (welcome["type"], welcome["account"]) == ("welcome", None)
            error = json.loads(raw.recv(timeout=10))
            assert error["code"] == "login"
            assert error["message"] == (
                "a session token in the URL is not read (logs keep URLs): send it in the "
                "Sec-WebSocket-Protocol header as 'bearer.TOKEN'"
            )


def test_sockets_from_one_address_are_limited():
    with served(limits=dataclasses.replace(LIMITS, sockets_per_address=3)) as server:
        held = [server.client() for _ in range(3)]
        for client in held:
            client.until(lambda m: m["type"] == "lobby")
        extra = server.client()
        refused = extra.receive()
        assert refused["code"] == "too_many_sockets"
        assert refused["message"] == "3 sockets from one address at most: close one first"
        with pytest.raises(ConnectionClosed):
            extra.receive(timeout=5)
        held[0].close()
        time.sleep(0.2)
        again = server.client()
        assert again.until(lambda m: m["type"] == "welcome")["type"] == "welcome"


def test_a_flood_from_one_socket_is_refused_then_cut_off_while_others_play():
    limits = dataclasses.replace(LIMITS, messages_per_socket=Rate(5, 10.0), refused_before_close=3)
    with served(limits=limits) as server:
        flood, calm = server.client(), server.client()
        for n in range(5):
            flood.send(type="ping", id=n)
        for n in range(4):
            flood.send(type="ping", id=f"over{n}")
        pongs = [flood.until(lambda m: m["type"] == "pong")["id"] for _ in range(5)]
        assert pongs == [0, 1, 2, 3, 4]
        refused = flood.until(lambda m: m["type"] == "error")
        assert refused["message"].startswith(
            "too many messages (5 every 10 s at most): this one was not read; wait "
        )
        refusals = [flood.until(lambda m: m["type"] == "error")["code"] for _ in range(3)]
        assert refusals == ["rate_limited"] * 3
        with pytest.raises(ConnectionClosed) as closed:
            flood.receive(timeout=5)
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1008, "too many messages")
        calm.send(type="ping", id="still")
        assert calm.until(lambda m: m["type"] == "pong")["id"] == "still"


def test_chat_is_limited_by_account():
    limits = dataclasses.replace(LIMITS, chat_per_socket=Rate(2, 60.0))
    with served(limits=limits) as server:
        talker, other = server.register("talker"), server.register("other")
        one, two, three = server.client(talker), server.client(talker), server.client(other)
        for client in (one, two, three):
            client.send(type="watch", table="practice-razz", id="w")
            client.until(lambda m: m.get("id") == "w")
        one.send(type="chat", table="practice-razz", text="one")
        # Two sockets are read concurrently: wait for each line to be said, so
        # that "three" is the account's third line whatever the scheduling.
        assert two.until(lambda m: m["type"] == "chat")["text"] == "one"
        two.send(type="chat", table="practice-razz", text="two")
        assert two.until(lambda m: m["type"] == "chat")["text"] == "two"
        two.send(type="chat", table="practice-razz", text="three", id="third")
        refused = two.until(lambda m: m.get("id") == "third")
        assert refused["code"] == "chat_limit"
        assert refused["message"].startswith("2 chat lines every 60 s at most: wait ")
        assert refused["params"] == {
            "lines": 2,
            "seconds": 60.0,
            "retry_after": refused["retry_after"],
        }
        three.send(type="chat", table="practice-razz", text="mine")
        said = [three.until(lambda m: m["type"] == "chat")["text"] for _ in range(3)]
        assert said == ["one", "two", "mine"]


def test_half_sent_requests_are_cut_off():
    limits = dataclasses.replace(LIMITS, header_seconds=0.5)
    with served(limits=limits) as server:
        started = time.monotonic()
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
            raw.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never finished
            assert raw.recv(100) == b""  # closed by the server
        assert time.monotonic() - started < 5
        assert httpx.get(f"{server.url}/api/tables").status_code == 200


def test_the_lobby_is_one_message_for_every_client(server: Server):
    clients = [server.client() for _ in range(3)]
    lobbies = [c.until(lambda m: m["type"] == "lobby") for c in clients]
    assert lobbies[0] == lobbies[1] == lobbies[2]
    clients[0].send(type="lobby", id="again")
    again = clients[0].until(lambda m: m.get("id") == "again")
    assert again["tables"] == httpx.get(f"{server.url}/api/tables").json()
    assert {t["id"] for t in again["tables"]} >= {"practice-razz", "chips-show_hand"}


def test_connections_from_one_address_are_refused_as_they_come():
    """Past its cap an address's connection is closed before a byte of HTTP is read
    (a flood of sockets costs a close each, not a handshake)."""
    limits = dataclasses.replace(LIMITS, connections_per_address=3)
    with served(limits=limits) as server:
        held = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(3)]
        extra = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        extra.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try:
            answer = extra.recv(100)
        except ConnectionResetError:
            answer = b""
        assert answer == b""
        extra.close()
        held[0].close()
        time.sleep(0.2)
        assert httpx.get(f"{server.url}/api/tables").status_code == 200
        for connection in held[1:]:
            connection.close()
