"""The server sends each seat a state made from the onlooker's snapshot, patched with
the seat's own down cards and legal actions (for speed): it must equal the seat's
own snapshot (``table.snapshot(seat)``) at every step of many hands."""

from __future__ import annotations

import asyncio
import random

import pytest

from studpoker.bots import CallingStation, RandomPlayer
from studpoker.games import GAMES, preset
from studpoker.server.connections import seat_state
from studpoker.table import Occupant, Table, TableConfig

from .conftest import without_clock


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_state_equals_its_snapshot(game):
    spec = preset(game)
    config = TableConfig(spec, "chips", pause=0)
    table = Table("t", config, rng=random.Random(7))
    for seat in range(5):
        player = RandomPlayer(random.Random(seat)) if seat % 2 else CallingStation()
        table.sit(Occupant(f"p{seat}", seat, player), config.buy_in_max, seat=seat)
    # Collected in the listener and compared after the hands: the table logs and
    # swallows what a listener raises, an AssertionError too.
    pairs: list[tuple[int | None, dict, dict]] = []

    def collect(update) -> None:
        public = table.snapshot(None, events=False)
        for seat in [None, *range(config.seats)]:
            mine = seat_state(public, table, seat)
            pairs.append(
                (seat, without_clock(mine), without_clock(table.snapshot(seat, events=False)))
            )

    table.listeners.append(collect)

    async def play() -> None:
        for _ in range(6):
            await table.play_hand()

    asyncio.run(play())
    assert len(pairs) > 500
    for seat, mine, snapshot in pairs:
        assert (seat, mine) == (seat, snapshot)
