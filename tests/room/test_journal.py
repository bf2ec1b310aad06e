"""A hand is its events (DESIGN.md idea 1): the room stores each hand's deal and its
actions as they happen (store.begin_hand, store.log_actions, docs/scaling.md), so that
the hand can be dealt again from the store alone. At every decision of several hands the
stored deal and actions give back, through the engine, exactly the hand the table is
playing; a hand played out runs no more; and a room that starts after a crash and is
then stopped voids the hand it had taken up (tests/room/test_restore.py plays it on)."""

from __future__ import annotations

import asyncio
import json

from studpoker.cards import Card
from studpoker.engine import Action, Hand
from studpoker.room import Room
from studpoker.store import Store

from .test_room import cheap, until


def dealt_again(table, running) -> Hand:
    """The hand the store's running hand deals: its stacks, its deck, its actions."""
    setup = json.loads(running.setup)
    deck = [None if card is None else Card.parse(card) for card in setup["deck"]]
    hand = Hand(
        table.spec, [seat[3] for seat in setup["seats"]], deck=deck, carry_in=setup["carry_in"]
    )
    for action in running.actions:
        hand.act(Action.parse(action))
    return hand


def test_every_decision_of_a_hand_can_be_dealt_again_from_the_store(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"

    async def play() -> list[int]:
        room = Room(Store(url), seed=3, pause=0, clock=30, default_tables=False, journal=True)
        await room.start()
        await room.create_table("seven_card_stud", "chips", table_id="blue")
        people = []
        for name in ("ann", "bo", "cy"):
            account, _ = await room.register(name, "password1")
            room.store.deposit(account.id, 10_000)
            people.append(account)
        for seat, account in enumerate(people):
            await room.sit(account, "blue", seat=seat * 2, buy_in=5000)
        table = room.tables["blue"].table
        by_seat = {room.seat_of(a.id, "blue"): a for a in people}
        checked: list[int] = []
        while True:
            await until(lambda: table.turn is not None)
            turn, hand = table.turn, table.current_hand
            if table.hand_number == 4:
                break
            await room._journal.flushed()  # written a moment after it happens
            running = await asyncio.to_thread(room.store.running_hand, "blue")
            assert running is not None
            assert running.number == table.hand_number
            setup = json.loads(running.setup)
            # Who was dealt in, with what; the deck's order; every action so far.
            assert setup["game"] == "seven_card_stud"
            assert setup["stakes"] == table.config.stakes
            names = {account.id: account.name for account in people}
            assert [seat[:3] for seat in setup["seats"]] == [
                [s, table.seat(s).occupant.account_id, names[table.seat(s).occupant.account_id]]
                for s in table.seat_map
            ]
            assert {seat[0] for seat in setup["seats"]} <= {0, 2, 4}
            assert setup["deck"] == [str(card) for card in hand.deck_order]
            assert list(running.actions) == [str(action) for _, action in hand.actions]
            again = dealt_again(table, running)
            assert again.events == hand.events
            assert again.actor == hand.actor
            assert again.legal_actions() == hand.legal_actions()
            checked.append(running.number)
            room.act(by_seat[turn.seat], "blue", cheap(turn.legal_actions), turn.seq)
            seq = turn.seq
            await until(lambda: table.turn is None or table.turn.seq != seq)  # noqa: B023
        # Hands 1 to 3 were played out: stored, and no longer running.
        await room._journal.flushed()
        assert room.store.last_hand_number("blue") == 3
        running = room.store.running_hand("blue")
        assert running is not None
        assert running.number == 4
        # A crash in the middle of hand 4: the tables' tasks die, nothing is closed.
        for held in room.tables.values():
            held.task.cancel()
        await asyncio.sleep(0.01)
        room.store.close()
        return checked

    checked = asyncio.run(play())
    assert checked[0] == 1
    assert sorted(set(checked)) == [1, 2, 3]
    assert len(checked) > 20  # every decision of three hands
    store = Store(url)
    assert store.running_hand("blue") is not None  # the cut hand, as the crash left it

    async def restart() -> None:
        room = Room(store, default_tables=False)
        await room.start()
        await room.stop()

    asyncio.run(restart())
    assert store.running_hands() == []
    assert store.last_hand_number("blue") == 3
    assert store.holdings() == {}
    assert store.total_chips() == 30_000
    assert store.audit() == []
    store.close()
