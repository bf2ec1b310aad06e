"""The operator's actions in a room of several processes (issue 34): each process reads
the admin log, so an action taken through one process reaches the sockets and tables of
the others — a ban logs out a socket another process holds, a pause reaches the table's
owner, a message every table, and "who is online" sees everyone."""

from __future__ import annotations

import httpx
import pytest

from studpoker.store import Actor, Store

from .conftest import wait_for
from .test_processes import Player, Room, play


@pytest.mark.long
def test_an_action_through_one_process_reaches_the_others(tmp_path, fresh_postgres):
    room = Room(fresh_postgres, tmp_path)
    table = "chips-razz"
    try:
        owner = room.start()  # runs every default table
        other = room.start()  # runs none: it holds sockets only
        assert room.owner(table) is owner
        room.players("ann", "bo", "olga")
        with Store(room.url) as store:
            olga = store.account("olga")
            assert olga is not None
            store.grant(olga.id, "operator", by=Actor("console (test)"))
        ann = Player(room, "ann", table, other)  # her socket on the process that runs nothing
        bo = Player(room, "bo", table, owner)
        ann.sit(0)
        bo.sit(3)
        boss = {"Authorization": f"Bearer {room.tokens['olga']}"}

        # Who is online, asked of either process: both players, each where their socket is.
        def online(served):  # type: ignore[no-untyped-def]
            people = httpx.get(f"{served.base}/api/admin/online", headers=boss).json()
            return {p["name"]: (p["seats"], p["process"].split(":")[1]) for p in people}

        wait_for(lambda: set(online(owner)) == {"ann", "bo"}, timeout=15)
        assert online(other)["ann"][1] == str(other.process.pid)
        assert online(other)["bo"] == ({table: 3}, str(owner.process.pid))

        # A pause asked of the process that does not run the table: its owner does it.
        paused = httpx.post(f"{other.base}/api/admin/tables/{table}/pause", headers=boss).json()
        assert paused["result"] == "paused: no hand is dealt until resumed"
        ann.client.until(lambda m: m.get("table") == table and m["state"]["paused"], timeout=10)
        resumed = httpx.post(f"{owner.base}/api/admin/tables/{table}/resume", headers=boss)
        assert resumed.json()["result"] == "resumed"

        # A message to every table, through the process holding no table: bo, on the
        # owner, reads it as the room's.
        said = httpx.post(f"{other.base}/api/admin/message", headers=boss,
                          json={"text": "The room closes at midnight."})  # fmt: skip
        assert said.status_code == 200
        line = bo.client.until(lambda m: m.get("type") == "chat" and m["room"], timeout=15)
        assert line["text"] == "The room closes at midnight."

        # A ban through the owner: ann's socket, on the other process, is logged out; her
        # seat at the owner's table stands once its hand is over, her chips paid back.
        play([ann, bo], lambda s: s["hand_number"] is not None and s["turn"] is not None)
        with Store(room.url) as store:
            account = store.account("ann")
            assert account is not None
        banned = httpx.post(f"{owner.base}/api/admin/accounts/{account.id}/ban", headers=boss,
                            json={"reason": "collusion"})  # fmt: skip
        assert banned.json()["banned"] is True
        told = ann.client.until(lambda m: m.get("type") == "logged_out", timeout=15)
        assert told["message"] == "the room has banned this account"
        play([bo], lambda s: s["seats"][0] is None, timeout=90)
        wait_for(lambda: not Store(room.url).holdings().get((table, account.id)), timeout=30)
        room.books(("ann", "bo"), (table,))
    finally:
        room.stop()
    with Store(room.url) as store:
        assert store.audit() == []
