"""What a seat is sent where a mutation run found no test (docs/mutation.md): the
state the server makes for a seat from the onlooker's snapshot (``seat_state``) must
equal that seat's own snapshot while a person is to act, so that only the seat to act
gets its legal actions, and gets them."""

from __future__ import annotations

import asyncio
import random

from studpoker.games import preset
from studpoker.server.connections import seat_state
from studpoker.table import Occupant, RemotePlayer, Table, TableConfig


def without_clock(state: dict) -> dict:
    """The state less the seconds left, which move between two snapshots."""
    state = dict(state)
    if state.get("turn") is not None:
        state["turn"] = {k: v for k, v in state["turn"].items() if k not in ("remaining", "clock")}
    return state


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
