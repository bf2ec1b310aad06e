"""Absent players in the room (R8.3): the server tells the room when a person's last
connection closes and when one opens again.  A practice seat whose player stays away
for the grace period is freed; a chips seat only sits out, and is stood up, its chips
back to the balance, after the hands it may miss."""

from __future__ import annotations

import asyncio

import pytest

from studpoker.room import Room
from studpoker.store import Store


@pytest.fixture
def url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'room.db'}"


async def until(test, seconds: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not test():
        assert loop.time() < deadline, "timed out waiting"
        await asyncio.sleep(0.005)


async def practice_room(url: str, grace: float) -> tuple[Room, object]:
    room = Room(
        Store(url), seed=4, pause=0, clock=0.05, time_bank=0.0, grace=grace, default_tables=False
    )
    await room.start()
    await room.create_table("razz", "practice", table_id="p")
    ann, _ = await room.register("ann", "password1")
    await room.sit(ann, "p", seat=2)
    return room, ann


def test_r8_3_a_practice_seat_is_freed_when_its_player_stays_away_past_the_grace(url: str):
    async def play() -> None:
        room, ann = await practice_room(url, grace=0.2)
        table = room.tables["p"].table
        room.disconnected(ann.id)
        assert table.seats[2].connected is False
        assert table.snapshot(None)["seats"][2]["connected"] is False
        await until(lambda: room.seat_of(ann.id, "p") is None)
        assert 2 not in table.seats or table.seats[2].occupant.is_bot
        assert room.player(ann.id, "p") is None
        await room.stop()

    asyncio.run(play())


def test_r8_3_a_player_back_within_the_grace_keeps_the_practice_seat(url: str):
    async def play() -> None:
        room, ann = await practice_room(url, grace=0.3)
        table = room.tables["p"].table
        room.disconnected(ann.id)
        await asyncio.sleep(0.1)
        room.connected(ann.id)
        assert table.seats[2].connected is True
        await asyncio.sleep(0.5)  # past the grace
        assert room.seat_of(ann.id, "p") == 2
        assert table.seats[2].leaving is False
        await room.stop()

    asyncio.run(play())


def test_r8_3_a_chips_seat_is_not_freed_by_the_grace_but_after_10_hands_out(url: str):
    async def play() -> None:
        room = Room(
            Store(url),
            seed=4,
            pause=0,
            clock=0.02,
            time_bank=0.0,
            grace=0.01,
            default_tables=False,
        )
        await room.start()
        await room.create_table("razz", "chips", table_id="c")
        table = room.tables["c"].table
        people = []
        for name in ("ann", "bo", "cai"):
            account, _ = await room.register(name, "password1")
            room.store.deposit(account.id, 10_000)
            people.append(account)
        ann, bo, cai = people
        await room.sit(ann, "c", seat=0, buy_in=4000)
        room.disconnected(ann.id)  # her tab closed before the first hand
        # bo and cai answer every decision: check, call or bring in.
        hands = []

        async def answer() -> None:
            while True:
                turn = table.turn
                if turn is not None and turn.seat in (1, 2):
                    kinds = {o.kind.value for o in turn.legal_actions}
                    kind = next(k for k in ("check", "call", "bring_in", "show") if k in kinds)
                    room.act(bo if turn.seat == 1 else cai, "c", kind, turn.seq)
                await asyncio.sleep(0.002)

        answering = asyncio.create_task(answer())
        table.listeners.append(lambda u: hands.append(u) if u.kind == "hand_ended" else None)
        await room.sit(bo, "c", seat=1, buy_in=4000)
        await room.sit(cai, "c", seat=2, buy_in=4000)
        await until(lambda: table.seats.get(0) is not None and table.seats[0].sitting_out)
        assert room.seat_of(ann.id, "c") == 0  # the grace frees practice seats only
        await until(lambda: room.seat_of(ann.id, "c") is None, seconds=60)
        # Her seat goes first, then her chips are cashed out (in a worker thread).
        await until(lambda: ("c", ann.id) not in room.store.holdings("c"))
        answering.cancel()
        # Her first hand timed out, then 10 missed: her stack went back to her balance.
        assert len(hands) >= 11
        lost = sum(u.completed.net.get(0, 0) for u in hands if u.completed is not None)
        assert lost < 0  # her ante and bring-in, then a fold
        assert room.store.account(ann.id).balance == 10_000 + lost
        assert ("c", ann.id) not in room.store.holdings("c")
        assert room.store.audit() == []
        await room.stop()

    asyncio.run(play())
