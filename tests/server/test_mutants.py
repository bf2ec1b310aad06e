"""What a seat is sent where a mutation run found no test (docs/mutation.md): the
state the server makes for a seat from the onlooker's snapshot (``seat_state``) must
equal that seat's own snapshot while a person is to act, so that only the seat to act
gets its legal actions, and gets them."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from fastapi import HTTPException

from studpoker.games import preset
from studpoker.room import Busy
from studpoker.server.answers import bearer, busy, problem_body, slow_down
from studpoker.server.connections import Client, Hub, _Watching, seat_state
from studpoker.server.limits import NO_LIMITS, Rate
from studpoker.table import Occupant, RemotePlayer, Table, TableConfig
from studpoker.table.snapshot import event_dict

from .conftest import served, without_clock


def cheapest(turn) -> str:
    kinds = {option.kind.value for option in turn.legal_actions}
    return next(kind for kind in ("check", "call", "bring_in", "show") if kind in kinds)


def test_only_the_seat_to_act_is_sent_its_turns_legal_actions():
    spec = preset("seven_card_stud")
    config = TableConfig(spec, "chips", pause=0)
    table = Table("t", config, rng=random.Random(7))
    for seat in range(3):
        table.sit(Occupant(f"p{seat}", seat, RemotePlayer()), config.buy_in_max, seat=seat)

    async def play() -> int:
        hand = asyncio.create_task(table.play_hand())
        seen = 0
        last = None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while not hand.done():
            assert loop.time() < deadline, "the hand did not end"
            turn = table.turn
            if turn is None or turn.seq == last:
                await asyncio.sleep(0.002)
                continue
            public = table.snapshot(None, events=False)
            for viewer in (None, 0, 1, 2):
                mine = without_clock(seat_state(public, table, viewer))
                assert mine == without_clock(table.snapshot(viewer, events=False))
                actions = (mine.get("turn") or {}).get("legal_actions")
                assert bool(actions) == (viewer == turn.seat), (viewer, turn.seat)
            seen += 1
            last = turn.seq
            table.submit(turn.seat, cheapest(turn), turn.seq)
        await hand
        return seen

    assert asyncio.run(play()) >= 10


def test_events_that_bring_no_dealer_line_yet_are_sent_at_once():
    """R5.3: a player who may muck shows instead, and another is still to show.  The
    dealer tells the showdown only once the pot is awarded, so that show brings an event
    and no line: the client is sent it at once (``watching.events`` has moved on past
    it, so a message not sent would lose it)."""
    spec = preset("seven_card_stud")
    config = TableConfig(spec, "chips", pause=0)
    room = SimpleNamespace(
        tables={}, listeners=[], chat_listeners=[], seat_of=lambda account, table: None
    )

    async def play(seed: int) -> bool:
        table = Table("t", config, rng=random.Random(seed))
        for seat in range(3):
            table.sit(Occupant(f"p{seat}", seat, RemotePlayer()), config.buy_in_max, seat=seat)
            table.set_auto_muck(seat, False)  # asked to show or muck a losing hand
        hub = Hub(room)  # type: ignore[arg-type]
        onlooker = Client(None)
        onlooker.watching["t"] = _Watching()  # as the hub's watch leaves it
        hand = asyncio.create_task(table.play_hand())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        last, found = None, False
        while not hand.done():
            assert loop.time() < deadline, "the hand did not end"
            turn = table.turn
            if turn is None or turn.seq == last:
                await asyncio.sleep(0.002)
                continue
            last = turn.seq
            kinds = {option.kind.value for option in turn.legal_actions}
            if kinds == {"show", "muck"} and not found:
                hub._send_state(onlooker, table, full=True)
                told = len(onlooker.queue.get_nowait()["events"])
                table.submit(turn.seat, "show", turn.seq)
                current = table.current_hand
                if current is not None and not current.is_over:
                    found = True
                    hub._send_state(onlooker, table, kind="event")
                    assert onlooker.queue.qsize() == 1, "the show was not sent"
                    message = onlooker.queue.get_nowait()
                    visible = current.events_for(None)
                    assert message["events"] == [event_dict(e, table.dealt) for e in visible[told:]]
                    assert [e["type"] for e in message["events"]] == ["Show"]
                    assert message["lines"] == []
                continue
            table.submit(turn.seat, cheapest(turn), turn.seq)
        await hand
        return found

    assert any(asyncio.run(play(seed)) for seed in range(40)), "no seed made the showdown"


# -- the REST answers of server/answers.py and server/hands.py --------------------------


def test_a_bearer_token_is_read_from_its_header_and_only_from_a_bearer_one():
    assert bearer("Bearer abc") == "abc"
    assert bearer("bearer  abc ") == "abc"  # any case, one space or more (RFC 6750)
    assert bearer("Basic abc") is None
    assert bearer("Bearer ") is None
    assert bearer("") is None
    assert bearer(None) is None


def test_a_429_and_a_503_say_when_to_try_again():
    with pytest.raises(HTTPException) as limited:
        slow_down(2.5, "tables")
    assert (limited.value.status_code, limited.value.detail) == (
        429,
        "too many new tables: try again in 3 s",
    )
    assert limited.value.headers == {"Retry-After": "3"}
    assert problem_body(limited.value) == {
        "detail": "too many new tables: try again in 3 s",
        "code": "rate_limited",
        "params": {"what": "tables", "retry_after": 3},
    }
    slow_down(0.0, "tables")  # no wait: nothing raised
    answer = busy(Busy("the room is busy", 4.2, "password_hashing"))
    assert (answer.status_code, answer.detail, answer.headers) == (
        503,
        "the room is busy",
        {"Retry-After": "5"},
    )
    assert problem_body(answer)["params"] == {"what": "password_hashing", "retry_after": 5}


def test_a_finished_hand_is_answered_whole_and_an_unknown_one_is_a_404():
    with served() as server:
        token = server.register("dee")
        client = server.client(token)
        client.send(type="sit", table="practice-razz", seat=0)
        client.play("practice-razz", hands=1)
        client.close()
        done = server.room.tables["practice-razz"].table.hand(1)
        assert done is not None
        answer = httpx.get(
            f"{server.url}/api/tables/practice-razz/hands/1",
            headers={"Authorization": f"Bearer {token}"},
        ).json()
        assert answer["table"] == "practice-razz"
        assert answer["hand"] == 1
        assert answer["names"] == list(done.names)
        assert answer["seats"] == list(done.seats)
        assert answer["net"] == {str(seat): net for seat, net in done.net.items()}
        assert answer["events"] == [
            event_dict(event, done.seats) for event in done.hand.events_for(0)
        ]
        for path, detail, code, params in (
            ("nowhere/hands/1", "no table 'nowhere'", "no_table", {"table": "nowhere"}),
            (
                "practice-razz/hands/999",
                "hand 999 of practice-razz is not kept",
                "no_hand",
                {"table": "practice-razz", "hand": 999},
            ),
        ):
            missing = httpx.get(f"{server.url}/api/tables/{path}")
            assert (missing.status_code, missing.json()) == (
                404,
                {"detail": detail, "code": code, "params": params},
            )


def test_hand_histories_are_limited_by_account_and_read_by_table_and_number():
    limits = replace(NO_LIMITS, history_per_account=Rate(2, 600.0))
    with served(limits=limits) as server:
        ann, bo = server.register("ann"), server.register("bo")
        for token, table in ((ann, "practice-razz"), (ann, "practice-seven_card_stud")):
            client = server.client(token)
            client.send(type="sit", table=table, seat=0)
            client.play(table, hands=2)
            client.close()

        def download(token: str, **params: Any) -> httpx.Response:
            return httpx.get(
                f"{server.url}/api/hands",
                params=params,
                headers={"Authorization": f"Bearer {token}"},
            )

        one = download(ann, limit=1)
        assert one.text.count("PokerStars Hand #") == 1
        razz = download(ann, table="practice-razz")
        assert razz.text.count("PokerStars Hand #") >= 2
        assert "Razz" in razz.text
        assert "7 Card Stud" not in razz.text.replace("7 Card Stud Hi/Lo", "")
        refused = download(ann)
        assert refused.status_code == 429
        assert refused.json() == {
            "detail": "too many hand history downloads: try again in 300 s",
            "code": "rate_limited",
            "params": {"what": "hand_histories", "retry_after": 300},
        }
        assert download(bo).status_code == 200  # another account's downloads are its own
