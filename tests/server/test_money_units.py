"""Every amount a player sees comes with the unit it is written in, from the server
(issue 34; R1.4: ``money_unit`` chips make one): the account's balance in the sessions,
``GET /api/me`` and the WebSocket's welcome; a tournament's buy-in, fee and prizes as
that balance; each table's lobby entry, a tournament's in its whole chips; and a room
hand's replay, in the unit its table wrote money in."""

from __future__ import annotations

import json
import random
import re
import uuid
from typing import Any

import httpx

from studpoker.engine import Hand
from studpoker.games import preset
from studpoker.history import to_phh
from studpoker.store import HandPlayer, HandRow
from studpoker.table.messages import format_amount
from studpoker.table.snapshot import event_dict

from .conftest import Server, choose, wait_for

FAST = {
    "name": "fast", "game": "razz", "starting_chips": 200, "level_hands": 1,
    "levels": [
        {"ante": 5, "bring_in": 8, "small_bet": 25, "big_bet": 50},
        {"ante": 10, "bring_in": 15, "small_bet": 50, "big_bet": 100},
    ],
}  # fmt: skip


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def deposit(server: Server, name: str, chips: int) -> None:
    account = server.room.store.account(name)
    assert account is not None
    server.room.store.deposit(account.id, chips)


def test_the_account_says_its_balance_is_written_100_chips_a_unit(server: Server) -> None:
    """95225 chips on the account are 952.25 wherever the account is sent, whatever the
    game of the table the page has open."""
    name = f"penny{uuid.uuid4().hex[:6]}"
    token = server.register(name)
    deposit(server, name, 95225)
    me = httpx.get(f"{server.url}/api/me", headers=bearer(token)).json()
    assert (me["balance"], me["money_unit"]) == (95225, 100)
    session = httpx.post(
        f"{server.url}/api/sessions", json={"name": name, "password": "password1"}
    ).json()
    assert (session["account"]["balance"], session["account"]["money_unit"]) == (95225, 100)
    client = server.client(token)
    try:
        welcome = client.until(lambda m: m["type"] == "welcome")
        assert (welcome["account"]["balance"], welcome["account"]["money_unit"]) == (95225, 100)
    finally:
        client.close()
    guest = httpx.post(f"{server.url}/api/guests").json()
    assert guest["account"]["money_unit"] == 100


def test_a_tournament_says_its_buy_in_as_the_balance_and_its_table_in_chips(
    server: Server,
) -> None:
    """A sit-and-go bought in for 1.00 + 0.10 of the balance: its info says so (unit
    100); once it runs, its table's lobby entry has the level's stakes in whole chips
    (unit 1: 25/50, not 0.25/0.50), and a hand played there replays in those chips."""
    suffix = uuid.uuid4().hex[:6]
    ann, bo = f"ann{suffix}", f"bo{suffix}"
    tokens = {name: server.register(name) for name in (ann, bo)}
    for name in tokens:
        deposit(server, name, 1000)
    made = httpx.post(
        f"{server.url}/api/tournaments",
        json={"game": "razz", "seats": 2, "buy_in": 100, "fee": 10, "structure": FAST},
        headers=bearer(tokens[ann]),
    )
    assert made.status_code == 201, made.text
    info = made.json()
    assert (info["buy_in"], info["fee"], info["money_unit"]) == (100, 10, 100)
    tid = info["id"]
    clients = {name: server.client(token) for name, token in tokens.items()}
    try:
        for token in tokens.values():
            entered = httpx.post(f"{server.url}/api/tournaments/{tid}/entry", headers=bearer(token))
            assert entered.status_code == 200, entered.text
            assert entered.json()["money_unit"] == 100
        listed = httpx.get(f"{server.url}/api/tournaments").json()
        assert {t["id"]: t["money_unit"] for t in listed}[tid] == 100
        me = httpx.get(f"{server.url}/api/me", headers=bearer(tokens[ann])).json()
        assert (me["balance"], me["money_unit"]) == (890, 100)  # written 8.90

        def tournament_table() -> dict[str, Any] | None:
            tables = httpx.get(f"{server.url}/api/tables").json()
            return next((t for t in tables if t["id"].startswith(f"t{tid}-")), None)

        wait_for(lambda: tournament_table() is not None)
        table = tournament_table()
        assert table is not None
        assert (table["mode"], table["money_unit"]) == ("tournament", 1)
        assert table["stakes"] == {"ante": 5, "bring_in": 8, "small_bet": 25, "big_bet": 50}
        # Its first hand played out by both seats, then replayed: its amounts are chips.
        for client in clients.values():
            client.send(type="watch", table=table["id"])
        play_one_hand(list(clients.values()), table["id"])
        replay = httpx.get(f"{server.url}/api/tables/{table['id']}/hands/1/replay").json()
        assert replay["money_unit"] == 1
        assert replay["currency"] is None
        first = replay["streets"][0]["actions"][0]
        assert first == {"seat": first["seat"], "action": "bring_in", "amount": 8}
        # Its hand history: the buy-in as the balance paid it, the hand in chips.
        text = httpx.get(f"{server.url}/api/hands", headers=bearer(tokens[ann])).text
        header = next(line for line in text.splitlines() if f"Tournament #{tid}," in line)
        assert f"Tournament #{tid}, $1.00+$0.10 USD Razz Limit - Level I (25/50) - " in header
        assert re.search(rf"^{ann}: posts the ante 5$", text, re.MULTILINE)
    finally:
        for client in clients.values():
            client.close()


def test_a_room_hand_replays_in_its_tables_money(server: Server) -> None:
    """A hand of Seven Card Stud at 2.00/4.00 (the preset: 200/400 chips, unit 100)
    replays with its amounts and the unit that writes a bet of 400 as 4.00: a real hand
    at the practice table, and a hand stored as the room stores one that bets 4.00 on
    fifth street."""
    name = f"rita{uuid.uuid4().hex[:6]}"
    client = server.client(server.register(name))
    try:
        client.send(type="sit", table="practice-seven_card_stud")
        play_one_hand([client], "practice-seven_card_stud")
        client.send(type="stand", table="practice-seven_card_stud")
    finally:
        client.close()
    replay = httpx.get(f"{server.url}/api/tables/practice-seven_card_stud/hands/1/replay").json()
    assert (replay["small_bet"], replay["big_bet"], replay["money_unit"]) == (200, 400, 100)
    bring_in = next(
        a for street in replay["streets"] for a in street["actions"] if a["action"] == "bring_in"
    )
    assert bring_in["amount"] == 50  # the replayer writes it 0.50
    table, number = stored_hand_betting_four(server)
    replay = httpx.get(f"{server.url}/api/tables/{table}/hands/{number}/replay").json()
    assert replay["money_unit"] == 100
    fifth = next(street for street in replay["streets"] if street["name"] == "fifth")
    assert fifth["actions"][0]["to"] == 400
    spec = preset("seven_card_stud")
    assert format_amount(fifth["actions"][0]["to"], spec) == "4.00"  # as the table wrote it


def play_one_hand(clients: list[Any], table: str) -> None:
    """Every client answers its seat's decisions at ``table`` until a hand ends there."""
    answered: set[tuple[int, int]] = set()
    done = False
    while not done:
        for index, client in enumerate(clients):
            message = client.receive(timeout=30)
            if message.get("type") != "table" or message.get("table") != table:
                continue
            if "result" in message:
                done = True
                break
            turn = message["state"]["turn"]
            if turn and turn["legal_actions"] and (index, turn["seq"]) not in answered:
                answered.add((index, turn["seq"]))
                action = choose(turn["legal_actions"])
                client.send(type="act", table=table, seq=turn["seq"], action=action)


# A heads-up hand at 2.00/4.00: completed to 2.00, a bet of 2.00 on fourth street and of
# 4.00 on fifth, checked down (the deal of random.Random(3)).
PLAN = ["bring_in", "complete 200", "call", "bet 200", "call", "bet 400", "call"] + ["check"] * 4


def stored_hand_betting_four(server: Server) -> tuple[str, int]:
    """A hand that bets 4.00 on fifth street, stored as the room stores its hands."""
    store = server.room.store
    names = [f"vic{uuid.uuid4().hex[:6]}", f"wes{uuid.uuid4().hex[:6]}"]
    ids = [store.create_account(name, None).id for name in names]
    hand = Hand(preset("seven_card_stud"), [5000, 5000], rng=random.Random(3))
    for action in PLAN:
        hand.act(action)
    while not hand.is_over:
        hand.act(hand.legal_actions()[0].kind.value)
    table = f"money-{uuid.uuid4().hex[:6]}"
    store.record_hand(
        HandRow(
            table_id=table, number=1, game="seven_card_stud", mode="practice",
            started_at=store._now(), ended_at=store._now(),
            record=to_phh(hand, names=names),
            events=json.dumps([event_dict(e, [1, 2]) for e in hand.events]),
            pot=sum(hand.contributed),
            players=[HandPlayer(s + 1, n, hand.result.net[s], ids[s]) for s, n in enumerate(names)],
        )
    )  # fmt: skip
    return table, 1
