"""Private tables, waiting lists and several tables at once (issue 36), as a Python caller
of the room meets them: each refusal a RoomError with its code and params, and no chip,
seat or place moved by it.  The books — balances, holdings, stacks — are checked after
every step."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from studpoker.room import Room, RoomError
from studpoker.room.seats import TABLES_AT_ONCE
from studpoker.store import Account, Store


def refusal(error: pytest.ExceptionInfo[RoomError]) -> tuple[str, dict[str, Any]]:
    return error.value.code, error.value.params


def books(room: Room, table_id: str, *accounts: Account) -> tuple[list[int], dict[Any, int]]:
    """Every account's balance and the chips the table holds for each."""
    balances = []
    for account in accounts:
        now = room.store.account(account.id)
        assert now is not None
        balances.append(now.balance)
    return balances, dict(room.store.holdings(table_id))


def in_a_room(
    test: Callable[[Room, list[Account]], Awaitable[None]], url: str = "sqlite://"
) -> None:
    """``test`` with a room and ann (the host), bob, cat and dan, 10,000 chips each."""

    async def run() -> None:
        room = Room(Store(url), seed=5, pause=0, clock=30, default_tables=False)
        await room.start()
        people = []
        for name in ("ann", "bob", "cat", "dan"):
            account, _ = await room.register(name, "password1")
            room.store.deposit(account.id, 10_000)
            people.append(account)
        try:
            await test(room, people)
        finally:
            await room.stop()

    asyncio.run(run())


def test_a_private_table_seats_its_host_and_the_invited_only():
    async def test(room: Room, people: list[Account]) -> None:
        ann, bob, cat, _ = people
        tid = await room.create_table("razz", "chips", created_by=ann, private=True, name="Friday")
        room.table(tid).table.pause(True)  # no hand: each seat is taken and left at once
        invite = room.invite_of(ann, tid)
        assert len(invite) == 16
        entry = room.lobby_entry(tid)
        assert (entry["private"], entry["host"], entry["onlookers"]) == (True, "ann", "anyone")
        assert invite not in json.dumps(room.lobby())  # the lobby never carries it
        with pytest.raises(RoomError) as refused:
            room.invite_of(bob, tid)
        assert refusal(refused) == ("not_host", {"table": tid})

        before = books(room, tid, ann, bob, cat)
        for wrong in (None, "", invite[:-1], invite.upper() if invite.upper() != invite else "x"):
            with pytest.raises(RoomError) as refused:
                await room.sit(bob, tid, buy_in=4000, invite=wrong)
            assert refusal(refused) == ("invite_only", {"table": tid, "host": "ann"})
            assert books(room, tid, ann, bob, cat) == before  # no chip moved
        assert room.seat_of(bob.id, tid) is None

        await room.sit(ann, tid, buy_in=4000)  # the host needs no invite
        await room.sit(bob, tid, buy_in=4000, invite=invite)
        assert books(room, tid, ann, bob, cat) == (
            [6000, 6000, 10_000],
            {(tid, ann.id): 4000, (tid, bob.id): 4000},
        )
        # Let in once, bob comes back without the link (a reload); cat still may not.
        await room.stand(bob, tid)
        await room.sit(bob, tid, buy_in=4000)
        with pytest.raises(RoomError) as refused:
            await room.sit(cat, tid, buy_in=4000)
        assert refused.value.code == "invite_only"
        # Anyone may watch it: its host chose so.
        room.check_watch(None, tid, None)
        room.check_watch(cat, tid, None)

    in_a_room(test)


def test_a_private_table_for_the_invited_only_hides_its_game_from_onlookers():
    async def test(room: Room, people: list[Account]) -> None:
        ann, bob, cat, _ = people
        tid = await room.create_table(
            "seven_card_stud", "practice", created_by=ann, private=True, onlookers="invited"
        )
        invite = room.invite_of(ann, tid)
        for who in (None, cat):
            with pytest.raises(RoomError) as refused:
                room.check_watch(who, tid, None)
            assert refusal(refused) == ("invite_only", {"table": tid, "host": "ann"})
        with pytest.raises(RoomError):
            room.check_watch(None, tid, invite)  # the link without an account is not enough
        room.check_watch(ann, tid, None)
        room.check_watch(bob, tid, invite)
        room.check_watch(bob, tid, None)  # let in once
        with pytest.raises(RoomError) as refused:
            await room.create_table("razz", "practice", created_by=ann, onlookers="invited")
        assert refusal(refused) == (
            "unknown_onlookers",
            {"value": "invited", "allowed": ["anyone"]},
        )
        with pytest.raises(RoomError) as refused:
            await room.create_table(
                "razz", "practice", created_by=ann, private=True, onlookers="friends"
            )
        assert refusal(refused) == (
            "unknown_onlookers",
            {"value": "friends", "allowed": ["anyone", "invited"]},
        )
        assert list(room.tables) == [tid]  # nothing opened by a refusal

    in_a_room(test)


def test_only_its_host_closes_a_private_table_and_everyone_is_paid_out():
    async def test(room: Room, people: list[Account]) -> None:
        ann, bob, cat, _ = people
        tid = await room.create_table("razz", "chips", created_by=ann, private=True)
        room.table(tid).table.pause(True)
        await room.sit(ann, tid, buy_in=4000)
        await room.sit(bob, tid, buy_in=5000, invite=room.invite_of(ann, tid))
        for who in (bob, cat):
            with pytest.raises(RoomError) as refused:
                await room.close_private(who, tid)
            assert refusal(refused) == ("not_host", {"table": tid})
        assert books(room, tid, ann, bob) == (
            [6000, 5000],
            {(tid, ann.id): 4000, (tid, bob.id): 5000},
        )
        public = await room.create_table("razz", "chips", created_by=ann)
        with pytest.raises(RoomError) as refused:
            await room.close_private(ann, public)  # a public table is the operator's to close
        assert refused.value.code == "not_host"
        assert await room.close_private(ann, tid) == {"table": tid, "people": 2, "closed": True}
        assert tid not in room.tables
        assert books(room, tid, ann, bob) == ([10_000, 10_000], {})
        assert [saved.table_id for saved in room.store.kept_tables()] == [public]

    in_a_room(test)


def test_a_private_table_is_private_again_when_the_room_starts_again(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'room.db'}"
    kept: dict[str, str] = {}

    async def first(room: Room, people: list[Account]) -> None:
        ann = people[0]
        kept["table"] = await room.create_table("razz", "practice", created_by=ann, private=True)
        kept["invite"] = room.invite_of(ann, kept["table"])

    in_a_room(first, url)

    async def again() -> None:
        room = Room(Store(url), seed=5, pause=0, clock=30, default_tables=False)
        await room.start()
        try:
            tid = kept["table"]
            ann = room.store.account("ann")
            cat = room.store.account("cat")
            assert ann is not None
            assert cat is not None
            assert room.invite_of(ann, tid) == kept["invite"]
            assert room.lobby_entry(tid)["private"] is True
            with pytest.raises(RoomError) as refused:
                await room.sit(cat, tid)
            assert refused.value.code == "invite_only"
            await room.sit(cat, tid, invite=kept["invite"])
        finally:
            await room.stop()

    asyncio.run(again())


def test_a_waiting_list_offers_a_freed_seat_to_its_first_in_line_then_the_next():
    async def test(room: Room, people: list[Account]) -> None:
        ann, bob, cat, dan = people
        tid = await room.create_table("razz", "chips", seats=2)
        room.table(tid).table.pause(True)
        room.waiting.offer_seconds = 0.3
        with pytest.raises(RoomError) as refused:
            room.join_waiting(cat, tid)
        assert refusal(refused) == ("seat_free", {"table": tid})
        await room.sit(ann, tid, buy_in=4000)
        await room.sit(bob, tid, buy_in=4000)
        with pytest.raises(RoomError) as refused:
            room.join_waiting(ann, tid)
        assert refusal(refused) == ("already_seated", {"name": "ann", "table": tid})
        assert room.join_waiting(cat, tid) == 1
        assert room.join_waiting(dan, tid) == 2
        assert room.join_waiting(cat, tid) == 1  # again: the same place
        assert room.lobby_entry(tid)["waiting"] == ["cat", "dan"]
        assert room.lobby_entry(tid)["offer"] is None

        await room.stand(ann, tid)
        offer = room.lobby_entry(tid)["offer"]
        assert offer is not None
        assert offer["name"] == "cat"
        before = books(room, tid, ann, bob, cat, dan)
        with pytest.raises(RoomError) as refused:
            await room.sit(dan, tid, buy_in=4000)  # held for cat
        code, params = refusal(refused)
        assert (code, params["name"], params["table"]) == ("seat_offered", "cat", tid)
        assert 0 < params["seconds"] <= 0.3
        assert books(room, tid, ann, bob, cat, dan) == before
        await room.sit(cat, tid, buy_in=4000)
        assert room.lobby_entry(tid)["waiting"] == ["dan"]
        assert room.lobby_entry(tid)["offer"] is None
        assert books(room, tid, ann, bob, cat, dan)[1] == {(tid, bob.id): 4000, (tid, cat.id): 4000}

        await room.stand(bob, tid)  # dan is offered it, and does not answer in time
        assert room.lobby_entry(tid)["offer"]["name"] == "dan"
        await asyncio.sleep(0.5)
        assert room.lobby_entry(tid)["waiting"] == []
        assert room.lobby_entry(tid)["offer"] is None
        await room.sit(ann, tid, buy_in=4000)  # free for anyone now
        # Leaving the list, and an offer given up, moves the line on at once.
        assert room.join_waiting(dan, tid) == 1
        assert room.join_waiting(bob, tid) == 2
        await room.stand(ann, tid)
        assert room.lobby_entry(tid)["offer"]["name"] == "dan"
        room.leave_waiting(dan, tid)
        assert room.lobby_entry(tid)["offer"]["name"] == "bob"
        assert room.lobby_entry(tid)["waiting"] == ["bob"]
        assert books(room, tid, ann, bob, cat, dan) == (
            [10_000, 10_000, 6000, 10_000],
            {(tid, cat.id): 4000},
        )

    in_a_room(test)


def test_a_guest_waits_only_where_a_guest_may_sit():
    async def test(room: Room, people: list[Account]) -> None:
        guest, _ = await room.guest()
        tid = await room.create_table("razz", "chips", seats=2)
        room.table(tid).table.pause(True)
        for account in people[:2]:
            await room.sit(account, tid, buy_in=4000)
        with pytest.raises(RoomError) as refused:
            room.join_waiting(guest, tid)
        assert refused.value.code == "guests_practice_only"
        assert room.lobby_entry(tid)["waiting"] == []

    in_a_room(test)


def test_a_player_sits_at_four_tables_at_once_at_most():
    async def test(room: Room, people: list[Account]) -> None:
        ann = people[0]
        tables = [await room.create_table("razz", "practice") for _ in range(TABLES_AT_ONCE + 1)]
        for tid in tables[:TABLES_AT_ONCE]:
            await room.sit(ann, tid)
        with pytest.raises(RoomError) as refused:
            await room.sit(ann, tables[-1])
        assert refusal(refused) == (
            "seats_limit",
            {"name": "ann", "most": 4, "tables": sorted(tables[:TABLES_AT_ONCE])},
        )
        assert room.seat_of(ann.id, tables[-1]) is None
        await room.stand(ann, tables[0])
        await room.sit(ann, tables[-1])  # one left: one more may be taken

    in_a_room(test)


def test_dealers_choice_deals_each_block_in_the_game_its_chooser_named():
    """Dealer's choice at a private table (issue 36): two hands a choice; the lowest
    seat chooses the second block's game, the next seat round the third's; a block
    nobody chose is dealt in the game after the last one of the list; a seat whose
    choice it is not, or a game the table does not deal, is refused."""

    async def test(room: Room, people: list[Account]) -> None:
        ann, bob, _, _ = people
        tid = await room.create_table(
            "razz",
            "practice",
            created_by=ann,
            private=True,
            mix="dealers_choice",
            choice_hands=2,
            seats=4,
        )
        table = room.table(tid).table
        mix = table.snapshot(None)["mix"]
        assert (mix["name"], mix["games"], mix["game"]) == (
            "dealers_choice",
            ["razz", "seven_card_stud", "stud_hilo", "five_card_stud"],
            "razz",
        )
        invite = room.invite_of(ann, tid)
        await room.sit(ann, tid, seat=0)
        await room.sit(bob, tid, seat=2, invite=invite)
        dealt: list[str] = []
        chose: dict[int, str] = {}

        def on_update(update: Any) -> None:
            if update.kind == "hand_started" and update.table_id == tid:
                dealt.append(update.hand.spec.game)

        room.listeners.append(on_update)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while len(dealt) < 7:
            assert loop.time() < deadline, dealt
            mix = table.mix_state()
            assert mix is not None
            chooser = mix["chooser"]
            block = (len(dealt) - 1) // 2 + 1
            if chooser is not None and block not in chose and len(dealt) >= 1:
                who = ann if chooser == 0 else bob
                other = bob if who is ann else ann
                with pytest.raises(RoomError) as refused:
                    room.choose_game(other, tid, "stud_hilo")
                assert refused.value.code == "not_your_choice"
                with pytest.raises(RoomError) as refused:
                    room.choose_game(who, tid, "show_hand")
                assert refused.value.code == "unknown_game"
                game = {1: "five_card_stud", 2: "stud_hilo"}.get(block)
                if game is not None:
                    room.choose_game(who, tid, game)
                    assert table.mix_state()["choice"] == game  # type: ignore[index]
                    entry = room.lobby_entry(tid)
                    assert (entry["next_game"], entry["chooser"]) == (game, who.name)
                chose[block] = who.name
            for account in (ann, bob):
                turn = table.turn
                seat = room.seat_of(account.id, tid)
                if turn is not None and turn.seat == seat:
                    kinds = {o.kind.value for o in turn.legal_actions}
                    action = next(
                        k for k in ("check", "bring_in", "show", "fold", "call") if k in kinds
                    )
                    room.act(account, tid, action, turn.seq)
            await asyncio.sleep(0.002)
        # Block 1 (hands 3-4) chosen by ann (seat 0), block 2 by bob (seat 2); block 3
        # chosen by nobody: the game after stud_hilo in the list.
        assert dealt[:7] == [
            "razz", "razz", "five_card_stud", "five_card_stud", "stud_hilo", "stud_hilo",
            "five_card_stud",
        ]  # fmt: skip
        assert chose == {1: "ann", 2: "bob", 3: "ann"}

    in_a_room(test)


def test_dealers_choice_is_a_private_table_s_and_seats_eight_at_most():
    async def test(room: Room, people: list[Account]) -> None:
        ann = people[0]
        cases = [
            ({"mix": "dealers_choice"}, "dealers_choice_private"),
            (
                {"mix": "dealers_choice", "private": True, "seats": 10, "game": "five_card_stud"},
                "seats_range",
            ),
            ({"mix": "dealers_choice", "private": True, "game": "show_hand"}, "unknown_mix"),
            ({"mix": "dealers_choice", "private": True, "choice_hands": 0}, "choice_hands_range"),
            ({"mix": "triple_stud", "choice_hands": 3, "game": "seven_card_stud"}, "malformed"),
        ]
        for options, code in cases:
            game = options.pop("game", "razz")
            with pytest.raises(RoomError) as refused:
                await room.create_table(game, "practice", created_by=ann, **options)  # type: ignore[arg-type]
            assert refused.value.code == code, options
        assert list(room.tables) == []
        tid = await room.create_table("razz", "practice", created_by=ann)
        await room.sit(ann, tid)
        with pytest.raises(RoomError) as refused:
            room.choose_game(ann, tid, "razz")
        assert refused.value.code == "no_dealers_choice"

    in_a_room(test)
