"""Private tables, waiting lists and dealer's choice in a room of two processes (issue
36): a private table one process runs is refused to a stranger and opened to a friend
through the other process, its REST state too; its waiting list is joined through the
other process and seen in both lobbies; its host closes it from there.  The books are
checked after the steps that move money."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import httpx

from studpoker.store import Store

from .conftest import choose, wait_for
from .test_processes import BUY_IN, DEPOSIT, Room


def answer(client: Any, ref: str) -> dict[str, Any]:
    return dict(client.until(lambda m: m.get("id") == ref and m.get("type") in ("ok", "error")))


def test_a_private_table_run_by_one_process_through_the_other(tmp_path, fresh_postgres):
    room = Room(fresh_postgres, tmp_path)
    names = ("host", "friend", "stranger")
    try:
        owner = room.start()
        other = room.start()
        room.players(*names)
        headers = {"Authorization": f"Bearer {room.tokens['host']}"}
        made = httpx.post(
            f"{owner.base}/api/tables",
            json={"game": "razz", "mode": "chips", "seats": 2, "private": True,
                  "onlookers": "invited"},
            headers=headers,
        )  # fmt: skip
        assert made.status_code == 201, made.text
        tid, invite = made.json()["id"], made.json()["invite"]
        assert room.owner(tid) is owner
        # the other process hears of it with the owner's next heartbeat
        wait_for(lambda: any(t["id"] == tid for t in httpx.get(f"{other.base}/api/tables").json()))
        # Asked of the other process: the owner answers, the invite checked there.
        refused = httpx.get(f"{other.base}/api/tables/{tid}")
        assert (refused.status_code, refused.json()["code"]) == (403, "invite_only")
        seen = httpx.get(f"{other.base}/api/tables/{tid}", headers=headers)
        assert seen.status_code == 200, seen.text
        again = httpx.get(f"{other.base}/api/tables/{tid}/invite", headers=headers)
        assert again.json() == {"table": tid, "invite": invite}

        stranger = room.client(other, "stranger")
        stranger.send(type="sit", table=tid, buy_in=BUY_IN, id="sit")
        said = answer(stranger, "sit")
        assert (said["type"], said["code"]) == ("error", "invite_only")
        stranger.send(type="watch", table=tid, id="look")
        assert answer(stranger, "look")["code"] == "invite_only"

        host = room.client(owner, "host")
        host.send(type="sit", table=tid, buy_in=BUY_IN, id="sit")
        assert answer(host, "sit")["type"] == "ok"
        friend = room.client(other, "friend")
        friend.send(type="sit", table=tid, buy_in=BUY_IN, invite=invite, id="sit")
        assert answer(friend, "sit")["type"] == "ok"
        assert room.books(names, (tid,)) == dict.fromkeys(names, 0)  # bought in, no hand yet

        # Full: the stranger may not even wait without the invite; with it, first in line,
        # as both processes' lobbies say.
        stranger.send(type="join_waiting_list", table=tid, id="wait")
        assert answer(stranger, "wait")["code"] == "invite_only"
        stranger.send(type="join_waiting_list", table=tid, invite=invite, id="wait2")
        joined = answer(stranger, "wait2")
        assert (joined["type"], joined["place"]) == ("ok", 1)

        def waiting(served: Any) -> list[str]:
            tables = httpx.get(f"{served.base}/api/tables").json()
            return next(t["waiting"] for t in tables if t["id"] == tid)

        wait_for(lambda: waiting(owner) == ["stranger"] and waiting(other) == ["stranger"])

        # Only the host closes it, through either process, in its first hand (dealt once
        # the pause after they sat is over); every chip goes back.
        host.until(lambda m: m.get("table") == tid and m["state"].get("hand") is not None)
        closed = httpx.post(
            f"{other.base}/api/tables/{tid}/close",
            headers={"Authorization": f"Bearer {room.tokens['friend']}"},
        )
        assert (closed.status_code, closed.json()["code"]) == (403, "not_host")
        closed = httpx.post(f"{other.base}/api/tables/{tid}/close", headers=headers, timeout=60)
        assert closed.status_code == 200, closed.text
        # a hand is under way between them: closed once it is played out
        assert closed.json() == {"table": tid, "people": 2, "closed": False}
        deadline = time.monotonic() + 60
        answered: set[tuple[int, int]] = set()
        while any(t["id"] == tid for t in httpx.get(f"{owner.base}/api/tables").json()):
            assert time.monotonic() < deadline, "the table was not closed"
            for client in (host, friend):  # they play the hand out
                state = client.states.get(tid) or {}
                turn = state.get("turn")
                key = (id(client), turn["seq"]) if turn else None
                if turn and turn["legal_actions"] and key not in answered:
                    answered.add(key)  # type: ignore[arg-type]
                    action = choose(turn["legal_actions"])
                    client.send(type="act", table=tid, seq=turn["seq"], action=action)
                with contextlib.suppress(TimeoutError):
                    client.receive(timeout=0.1)
        wait_for(lambda: all(t["id"] != tid for t in httpx.get(f"{other.base}/api/tables").json()))
        nets = room.books(names, (tid,))  # every wallet is its deposit and its hands' nets
        assert sum(nets.values()) == 0
        with Store(fresh_postgres) as store:
            assert store.holdings(tid) == {}  # everyone paid out
            assert store.account("stranger").balance == DEPOSIT
    finally:
        room.stop()
