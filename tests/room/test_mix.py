"""Triple Stud as a ring table's option (issue 17): the games turn every orbit at the
table's stakes, the table says which game is next, and a mix it does not deal, or
opened with another game's stakes, is refused."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from studpoker.history import read_pokerstars, replay
from studpoker.room import Room, RoomError
from studpoker.store import Store


def test_a_triple_stud_table_turns_its_games_every_orbit() -> None:
    async def play() -> None:
        room = Room(Store("sqlite://"), seed=2, pause=0, default_tables=False)
        await room.start()
        await room.create_table("seven_card_stud", "practice", table_id="triple", seats=4,
                                mix="triple_stud")  # fmt: skip
        entry = room.lobby_entry("triple")
        assert (entry["mix"], entry["game"]) == ("triple_stud", "seven_card_stud")
        table = room.tables["triple"].table
        assert table.snapshot(None)["mix"] == {
            "name": "triple_stud",
            "games": ["seven_card_stud", "razz", "stud_hilo"],
            "game": "seven_card_stud",
            "next_game": "razz",
            "hands_left": 3,
        }
        guest, _ = await room.guest()
        await room.sit(guest, "triple")  # computer players fill the table (R7.1)
        dealt: list[tuple[int, str]] = []

        def on_update(update: Any) -> None:
            if update.kind == "hand_started" and update.table_id == "triple":
                dealt.append((update.hand_number, update.hand.spec.game))
                mix = table.snapshot(None)["mix"]
                assert mix["game"] == update.hand.spec.game

        room.listeners.append(on_update)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while len(dealt) < 13:
            assert loop.time() < deadline
            turn = table.turn
            seat = room.seat_of(guest.id, "triple")
            if turn is not None and turn.seat == seat:
                kinds = {o.kind.value for o in turn.legal_actions}
                action = next(
                    k for k in ("check", "bring_in", "show", "fold", "call") if k in kinds
                )
                room.act(guest, "triple", action, turn.seq)
            await asyncio.sleep(0.002)
        order = ["seven_card_stud", "razz", "stud_hilo"]
        assert [game for _, game in dealt[:13]] == [order[(n - 1) // 4 % 3] for n, _ in dealt[:13]]
        assert table.spec.small_bet == table.config.stakes["small_bet"]  # the same stakes
        await room.stop()

    asyncio.run(play())


@pytest.mark.parametrize(
    ("game", "mix", "message"),
    [
        ("seven_card_stud", "horse", "mix must be one of triple_stud, not 'horse'"),
        ("razz", "triple_stud",
         "a triple_stud table is opened with seven_card_stud's stakes, not razz's"),
    ],
)  # fmt: skip
def test_a_mix_the_room_does_not_deal_is_refused(game: str, mix: str, message: str) -> None:
    async def play() -> None:
        room = Room(Store("sqlite://"), seed=2, pause=0, default_tables=False)
        await room.start()
        with pytest.raises(RoomError) as refused:
            await room.create_table(game, "practice", mix=mix)
        assert (refused.value.code, str(refused.value)) == ("unknown_mix", message)
        assert room.tables == {}
        with pytest.raises(RoomError) as refused:
            await room.create_tournament(game=game, mix=mix)
        assert refused.value.code == "unknown_mix"
        await room.stop()

    asyncio.run(play())


def test_a_triple_stud_tables_hands_name_their_mix_in_the_histories() -> None:
    async def play() -> None:
        room = Room(Store("sqlite://"), seed=3, pause=0, default_tables=False)
        await room.start()
        await room.create_table("seven_card_stud", "practice", table_id="triple", seats=2,
                                mix="triple_stud")  # fmt: skip
        guest, _ = await room.guest()
        await room.sit(guest, "triple")
        table = room.tables["triple"].table
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while table.next_hand_number <= 6:  # hands 1-2 Seven Card Stud, 3-4 Razz, 5 Stud/8
            assert loop.time() < deadline
            turn = table.turn
            if turn is not None and turn.seat == room.seat_of(guest.id, "triple"):
                kinds = {o.kind.value for o in turn.legal_actions}
                action = next(
                    k for k in ("check", "bring_in", "show", "fold", "call") if k in kinds
                )
                room.act(guest, "triple", action, turn.seq)
            await asyncio.sleep(0.002)
        await asyncio.sleep(0.2)
        text = await room.hand_history(guest)
        firsts = [line for line in text.splitlines() if line.startswith("PokerStars Hand #")]
        games = [line.split(":  ")[1].split(" - ")[0] for line in firsts[:5]]
        assert games == [
            "Triple Stud (7 Card Stud Limit, 200/400)",
            "Triple Stud (7 Card Stud Limit, 200/400)",
            "Triple Stud (Razz Limit, 200/400)",
            "Triple Stud (Razz Limit, 200/400)",
            "Triple Stud (7 Card Stud Hi/Lo Limit, 200/400)",
        ]
        # Our reader reads them back, each hand its own game, and replays them exactly.
        records = read_pokerstars(text)
        assert [r.game for r in records[:5]] == [  # type: ignore[union-attr]
            "seven_card_stud", "seven_card_stud", "razz", "razz", "stud_hilo"
        ]  # fmt: skip
        for record in records:
            assert not isinstance(record, Exception)
            assert replay(record).matched
        await room.stop()

    asyncio.run(play())
