"""A tab closed mid-hand (R8.3), over real sockets: the seat is marked disconnected
for everyone watching, keeps its clock, sits out once the clock runs out, and a
practice seat is freed after the grace period; the table's hands go on at full speed.
A second tab of the same account keeps the seat connected, and never seats it twice."""

from __future__ import annotations

import threading
from typing import Any

from .conftest import Client, served, wait_for


def seat_of(message: dict[str, Any], number: int) -> dict[str, Any] | None:
    return message["state"]["seats"][number]


def latest(client: Client, table: str) -> dict[str, Any]:
    """The last table message the client was sent (what it shows now)."""
    client.drain()
    return next(m for m in reversed(client.received) if m.get("table") == table and "state" in m)


def test_r8_3_a_tab_closed_mid_hand_is_sat_out_then_its_practice_seat_freed():
    """Ann closes her tab in the middle of a hand while Bo plays on (a practice table
    deals only while a person plays)."""
    table = "practice-razz"
    with served(clock=0.3, time_bank=0.0, grace=5.0, pause=0.0) as server:
        onlooker = server.client()
        onlooker.send(type="watch", table=table)
        ann = server.client(server.register("ann"))
        bo = server.client(server.register("bo"))
        for client, seat in ((ann, 0), (bo, 4)):
            client.send(type="sit", table=table, seat=seat, id="sit")
            client.until(lambda m: m.get("id") == "sit")
        room_table = server.room.tables[table].table
        wait_for(lambda: room_table.current_hand is not None and 0 in room_table.dealt)
        ann.close()  # the tab is closed in the middle of a hand
        playing = threading.Thread(target=bo.play, args=(table, 6), kwargs={"stand": False})
        playing.start()
        wait_for(lambda: latest(onlooker, table)["state"]["seats"][0]["connected"] is False)
        # Her clock runs out once: she sits out, and is no longer waited for.
        wait_for(lambda: room_table.seats[0].sitting_out, timeout=10)

        def shown_out() -> bool:  # the onlooker is told a moment later than the table knows
            seat = seat_of(latest(onlooker, table), 0)
            return seat is not None and seat["sitting_out"]

        wait_for(shown_out, timeout=10)
        shown = seat_of(latest(onlooker, table), 0)
        assert shown is not None
        assert (shown["name"], shown["sitting_out"], shown["connected"]) == ("ann", True, False)
        # The onlooker goes (in a room this fast, a reader in a test thread falls behind
        # and would be dropped as too slow); what it would be sent is the table's snapshot.
        onlooker.close()
        started = room_table.hand_number
        wait_for(lambda: (room_table.hand_number or 0) > (started or 0), timeout=10)
        assert 0 not in room_table.dealt  # dealt without her
        # Past the grace period the seat is free for someone else.
        account = server.room.store.account("ann")
        assert account is not None
        wait_for(lambda: server.room.seat_of(account.id, table) is None, timeout=10)
        freed = room_table.snapshot(None)["seats"][0]
        assert freed is None or freed["is_bot"]  # a computer player may take it (R7.1)
        playing.join(timeout=60)


def test_r8_3_a_second_tab_keeps_the_seat_connected_and_never_seats_it_twice():
    table = "practice-razz"
    with served(clock=5.0, time_bank=0.0, grace=0.5) as server:
        token = server.register("bo")
        first, second = server.client(token), server.client(token)
        first.send(type="sit", table=table, seat=3, id="a")
        assert first.until(lambda m: m.get("id") == "a")["type"] == "ok"
        second.send(type="sit", table=table, seat=5, id="b")
        refused = second.until(lambda m: m.get("id") == "b")
        assert refused["type"] == "error"
        assert refused["code"] == "already_seated"
        assert refused["params"] == {"name": "bo", "table": "practice-razz"}
        assert refused["message"] == "bo is already seated at practice-razz"
        first.close()
        room_table = server.room.tables[table].table
        assert room_table.seats[3].connected is True  # the second tab is still open
        account = server.room.store.account("bo")
        assert account is not None
        second.send(type="ping", id="p")
        second.until(lambda m: m.get("id") == "p")
        assert server.room.seat_of(account.id, table) == 3
        second.close()
        wait_for(lambda: room_table.seats.get(3) is None or not room_table.seats[3].connected)
