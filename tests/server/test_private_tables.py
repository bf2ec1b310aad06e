"""Private tables and waiting lists through the real paths (issue 36): the REST routes
and the socket, each refusal checked against the models and the published schema, and
no chip, seat or place moved by it."""

from __future__ import annotations

from typing import Any

import httpx

from .conftest import Server
from .test_refusals import balance, bearer, error_of, funded, refused, says


def create(server: Server, token: str, **body: Any) -> dict[str, Any]:
    answer = httpx.post(f"{server.url}/api/tables", json=body, headers=bearer(token))
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def test_a_private_table_from_its_link_to_its_close(server: Server):
    host_token = server.register("host")
    table = create(server, host_token, game="razz", mode="chips", private=True, onlookers="invited")
    tid, invite = table["id"], table["invite"]
    assert (table["private"], table["host"], table["onlookers"]) == (True, "host", "invited")
    assert isinstance(invite, str)
    assert len(invite) == 16
    # The lobby lists it as private, its host named; its invite is nowhere in it.
    listed = next(t for t in httpx.get(f"{server.url}/api/tables").json() if t["id"] == tid)
    assert (listed["private"], listed["host"], listed["waiting"], listed["offer"]) == (
        True,
        "host",
        [],
        None,
    )
    assert invite not in httpx.get(f"{server.url}/api/tables").text
    # Its host reads the invite again; nobody else does.
    answer = httpx.get(f"{server.url}/api/tables/{tid}/invite", headers=bearer(host_token))
    assert answer.json() == {"table": tid, "invite": invite}
    guest_token = httpx.post(f"{server.url}/api/guests").json()["token"]
    refused(
        httpx.get(f"{server.url}/api/tables/{tid}/invite", headers=bearer(guest_token)),
        403,
        "not_host",
        f"only the host of a private table gets its invite: {tid} is not "
        f"{httpx.get(f'{server.url}/api/me', headers=bearer(guest_token)).json()['name']}'s",
        {"table": tid},
    )
    # Onlookers only with the invite (the host chose so): REST and socket alike.
    text = f"{tid} is a private table: only those host invited may watch"
    refused(
        httpx.get(f"{server.url}/api/tables/{tid}"),
        403,
        "invite_only",
        text,
        {"table": tid, "host": "host"},
    )
    friend, friend_id = funded(server, "friend", 10_000)
    stranger, stranger_id = funded(server, "stranger", 10_000)
    answer = httpx.get(f"{server.url}/api/tables/{tid}", params={"invite": invite})
    assert answer.status_code == 403  # the link alone, without an account, is not enough
    stranger.send(type="watch", table=tid, id="peek")
    says(error_of(stranger, "peek"), "invite_only", text, {"table": tid, "host": "host"})
    stranger.send(type="sit", table=tid, buy_in=4000, id="sit")
    says(
        error_of(stranger, "sit"),
        "invite_only",
        f"{tid} is a private table: only those host invited may sit",
        {"table": tid, "host": "host"},
    )
    stranger.send(type="sit", table=tid, buy_in=4000, invite="not-the-invite", id="guess")
    assert error_of(stranger, "guess")["code"] == "invite_only"
    stranger.send(type="sit", table=tid, buy_in=4000, invite="no spaces!", id="bad")
    assert error_of(stranger, "bad")["code"] == "malformed"
    assert balance(server, stranger_id) == 10_000
    assert server.room.store.holdings(tid) == {}

    friend.send(type="sit", table=tid, buy_in=4000, invite=invite, id="in")
    assert friend.until(lambda m: m.get("id") == "in")["type"] == "ok"
    assert balance(server, friend_id) == 6000
    assert server.room.store.holdings(tid) == {(tid, friend_id): 4000}

    # Only the host closes it; then the friend's chips are back.
    refused(
        httpx.post(f"{server.url}/api/tables/{tid}/close", headers=bearer(server.register("x"))),
        403,
        "not_host",
        f"only the host of a private table closes it: {tid} is not x's",
        {"table": tid},
    )
    assert tid in server.room.tables
    answer = httpx.post(f"{server.url}/api/tables/{tid}/close", headers=bearer(host_token))
    assert answer.json() == {"table": tid, "people": 1, "closed": True}  # no hand: at once
    assert tid not in server.room.tables
    assert balance(server, friend_id) == 10_000
    assert server.room.store.holdings(tid) == {}


def test_a_waiting_list_through_the_socket(server: Server):
    host = server.register("host")
    tid = create(server, host, game="razz", mode="chips", seats=2)["id"]
    server.room.table(tid).table.pause(True)  # no hand: seats are taken and left at once
    ann, _ = funded(server, "ann", 10_000)
    bob, _ = funded(server, "bob", 10_000)
    cat, cat_id = funded(server, "cat", 10_000)
    cat.send(type="join_waiting_list", table=tid, id="early")
    says(error_of(cat, "early"), "seat_free", f"{tid} has a free seat: sit down", {"table": tid})
    for client in (ann, bob):
        client.send(type="sit", table=tid, buy_in=4000, id="sit")
        assert client.until(lambda m: m.get("id") == "sit")["type"] == "ok"
    cat.send(type="join_waiting_list", table=tid, id="wait")
    assert cat.until(lambda m: m.get("id") == "wait") == {
        "type": "ok",
        "id": "wait",
        "place": 1,
        "v": 1,
    }

    # cat watches another table meanwhile, and is still sent the lobby: the offer comes.
    cat.send(type="watch", table="practice-razz", id="elsewhere")
    cat.until(lambda m: m.get("type") == "table")

    def entry(message: dict[str, Any]) -> dict[str, Any] | None:
        if message.get("type") != "lobby":
            return None
        return next((t for t in message["tables"] if t["id"] == tid), None)

    ann.send(type="stand", table=tid, id="up")
    offered = cat.until(lambda m: (e := entry(m)) is not None and e["offer"] is not None)
    offer = entry(offered)
    assert offer is not None
    assert (offer["waiting"], offer["offer"]["name"]) == (["cat"], "cat")
    cat.send(type="sit", table=tid, buy_in=4000, id="take")
    assert cat.until(lambda m: m.get("id") == "take")["type"] == "ok"
    assert balance(server, cat_id) == 6000
    assert server.room.lobby_entry(tid)["waiting"] == []
    cat.send(type="leave_waiting_list", table=tid, id="gone")
    assert cat.until(lambda m: m.get("id") == "gone")["type"] == "ok"  # not on it: nothing to do


def test_a_private_table_s_hands_are_its_players_and_the_invited_s(server: Server):
    """Where only the invited watch, only they (and who played it) see a hand again:
    the last hand's view and the replayer's link are refused to a stranger, in words."""
    host_token = server.register("hostel")
    made = create(
        server, host_token, game="razz", mode="practice", private=True, onlookers="invited"
    )
    tid = made["id"]
    host = server.client(host_token)
    host.send(type="sit", table=tid, id="sit")
    assert host.until(lambda m: m.get("id") == "sit")["type"] == "ok"

    def first_hand_over() -> bool:
        return server.room.table(tid).table.hand(1) is not None

    # the host folds its first hand: the computer players play it out
    while not first_hand_over():
        state = host.states.get(tid) or {}
        turn = state.get("turn")
        if turn and turn["legal_actions"] and state.get("viewer") == turn["seat"]:
            kinds = [a["kind"] for a in turn["legal_actions"]]
            action = "fold" if "fold" in kinds else kinds[0]
            host.send(type="act", table=tid, seq=turn["seq"], action=action)
        host.receive(timeout=20)
    stranger = server.register("outsider")
    text = f"{tid} is a private table: only those hostel invited may watch"
    for path in (f"/api/tables/{tid}/hands/1", f"/api/tables/{tid}/hands/1/replay"):
        for token in (None, stranger):
            headers = {} if token is None else bearer(token)
            refused(
                httpx.get(f"{server.url}{path}", headers=headers),
                403,
                "invite_only",
                text,
                {"table": tid, "host": "hostel"},
            )
        seen = httpx.get(f"{server.url}{path}", headers=bearer(host_token))
        assert seen.status_code == 200, seen.text
