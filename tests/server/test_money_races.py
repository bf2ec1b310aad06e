"""One account's seat operations racing over real sockets: no chip is made from
nothing, none is lost, and every socket lives on (issue 13).

Each test runs on SQLite and PostgreSQL (marked ``both_databases``), and the books
(every seat against what the database holds for it, the store's audit, the total of
chips) are read after every step at one moment of the room (tests/server/books.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .books import book_differences
from .conftest import Client, Server, served, wait_for

TABLE = "chips-razz"  # buy-ins of 4000 to 40000 cents
DEPOSIT = 100_000


def answer(client: Client, ref: str) -> dict[str, Any]:
    """The server's answer (``ok`` or ``error``) to the message ``ref``."""
    return client.until(lambda m: m.get("id") == ref and m.get("type") in ("ok", "error"))


def alive(client: Client, ref: str) -> None:
    client.send(type="ping", id=ref)
    assert client.until(lambda m: m.get("id") == ref)["type"] == "pong"


def deposit(server: Server, name: str, amount: int = DEPOSIT) -> str:
    token = server.register(name)
    store = server.room.store
    account = store.account(name)
    assert account is not None
    store.deposit(account.id, amount)
    return token


@pytest.mark.both_databases
@pytest.mark.parametrize("stand_first", [True, False], ids=["stand-first", "sit-first"])
def test_stand_and_sit_racing_on_two_sockets_make_no_chip(database: str, stand_first: bool):
    """The race of issue 13: seated with 4000, ``stand`` on one socket and a sit for
    5000 on another at once.  Whatever order the room takes them in, the seat holds
    exactly what the database holds, and the balance pays for it."""
    with served(database) as server:
        token = deposit(server, "racer")
        one, two = server.client(token), server.client(token)
        account = server.room.store.account("racer")
        assert account is not None
        for attempt in range(12):
            one.send(type="sit", table=TABLE, buy_in=4000, id=f"seat{attempt}")
            assert answer(one, f"seat{attempt}")["type"] == "ok"
            stand = {"type": "stand", "table": TABLE, "id": f"stand{attempt}"}
            sit = {"type": "sit", "table": TABLE, "buy_in": 5000, "id": f"sit{attempt}"}
            if stand_first:
                one.send(**stand)
                two.send(**sit)
            else:
                two.send(**sit)
                one.send(**stand)
            stood, sat = answer(one, f"stand{attempt}"), answer(two, f"sit{attempt}")
            assert stood["type"] == "ok"
            assert book_differences(server, DEPOSIT) == []
            seat = server.room.seat_of(account.id, TABLE)
            balance = server.room.store.account(account.id).balance  # type: ignore[union-attr]
            if sat["type"] == "ok":  # the sit came after the stand: seated with 5000
                assert seat is not None
                assert server.room.tables[TABLE].table.seats[seat].chips == 5000
                assert balance == DEPOSIT - 5000
                two.send(type="stand", table=TABLE, id=f"leave{attempt}")
                assert answer(two, f"leave{attempt}")["type"] == "ok"
            else:  # the sit came first and was refused: the stand left with 4000
                assert sat["message"] == f"racer is already seated at {TABLE}"
                assert seat is None
                assert balance == DEPOSIT
            assert book_differences(server, DEPOSIT) == []
            assert server.room.store.account(account.id).balance == DEPOSIT  # type: ignore[union-attr]
        alive(one, "one")
        alive(two, "two")


@pytest.mark.both_databases
def test_two_sockets_sitting_at_once_buy_in_once(database: str):
    with served(database) as server:
        token = deposit(server, "twice")
        one, two = server.client(token), server.client(token)
        for attempt in range(8):
            one.send(type="sit", table=TABLE, buy_in=4000, id=f"a{attempt}")
            two.send(type="sit", table=TABLE, buy_in=6000, id=f"b{attempt}")
            answers = [answer(one, f"a{attempt}"), answer(two, f"b{attempt}")]
            assert sorted(a["type"] for a in answers) == ["error", "ok"]
            refused = next(a for a in answers if a["type"] == "error")
            assert refused["message"] == f"twice is already seated at {TABLE}"
            assert book_differences(server, DEPOSIT) == []
            one.send(type="stand", table=TABLE, id=f"s{attempt}")
            assert answer(one, f"s{attempt}")["type"] == "ok"
            assert book_differences(server, DEPOSIT) == []


@pytest.mark.both_databases
def test_top_ups_racing_never_pass_the_largest_stack(database: str):
    """Two sockets top up at once: together they may not take the stack past the
    table's largest (40000), and what the seat holds is what the database holds."""
    with served(database) as server:
        token = deposit(server, "topper")
        one, two = server.client(token), server.client(token)
        one.send(type="sit", table=TABLE, buy_in=20_000, id="sit")
        assert answer(one, "sit")["type"] == "ok"
        one.send(type="top_up", table=TABLE, amount=15_000, id="a")
        two.send(type="top_up", table=TABLE, amount=15_000, id="b")
        answers = sorted((answer(one, "a"), answer(two, "b")), key=lambda a: a["type"])
        assert [a["type"] for a in answers] == ["error", "ok"]
        assert answers[0]["message"] == (
            "seat 0 may top up 5000 chips at most: a stack is 40000 at most"
        )
        table = server.room.tables[TABLE].table
        assert table.seats[0].chips == 35_000
        assert book_differences(server, DEPOSIT) == []


# The storm: several accounts, two sockets each, doing what players do in a random
# order, with hands being played between them.
MOVES = ("sit", "stand", "top_up", "sit_out", "sit_in", "act", "disconnect", "watch")


def _send(server: Server, client: Client, move: str, ref: str, rng: random.Random) -> bool:
    """Send ``move``; whether it gets an ``ok`` or ``error`` answer by ``ref``."""
    if move == "sit":
        client.send(type="sit", table=TABLE, buy_in=rng.choice([4000, 5000, 39_999]), id=ref)
    elif move == "stand":
        client.send(type="stand", table=TABLE, id=ref)
    elif move == "top_up":
        client.send(type="top_up", table=TABLE, amount=rng.choice([1, 999, 40_000]), id=ref)
    elif move in ("sit_out", "sit_in"):
        client.send(type=move, table=TABLE, id=ref)
    elif move == "act":
        turn = server.room.tables[TABLE].table.turn
        seq = turn.seq if turn is not None else 0
        action = rng.choice(["call", "fold", "check", "raise 1", "bet 200"])
        client.send(type="act", table=TABLE, seq=seq, action=action, id=ref)
        return False  # a legal action is answered by the table's next state
    else:
        client.send(type="watch", table=TABLE, id=ref)
        return False
    return True


@pytest.mark.both_databases
@pytest.mark.parametrize("seed", [1, 2])
def test_a_storm_of_seat_operations_keeps_the_books(database: str, seed: int):
    """Three accounts with two sockets each send bursts of sit, stand, top-up, sit
    out and in, actions, and close a tab and open another, while hands are played;
    after every burst the books are right."""
    rng = random.Random(seed)
    with served(database, clock=0.3) as server:
        names = [f"storm{n}" for n in range(3)]
        tokens = {name: deposit(server, name) for name in names}
        sockets = {name: [server.client(tokens[name]) for _ in range(2)] for name in names}
        deposited = DEPOSIT * len(names)
        for burst in range(60):
            waiting: list[tuple[Client, str]] = []
            name = rng.choice(names)  # a burst is one account's: its sockets race
            for n in range(rng.randint(2, 4)):
                which = rng.randrange(2)
                move = rng.choice(MOVES)
                if move == "disconnect":  # the tab is closed; another opens on the session
                    closed = sockets[name][which]
                    closed.close()
                    waiting = [(c, ref) for c, ref in waiting if c is not closed]
                    sockets[name][which] = server.client(tokens[name])
                    continue
                client, ref = sockets[name][which], f"{burst}.{n}"
                if _send(server, client, move, ref, rng):
                    waiting.append((client, ref))
            for client, ref in waiting:
                assert answer(client, ref)["type"] in ("ok", "error")
            assert book_differences(server, deposited) == []
        for name in names:
            for n, client in enumerate(sockets[name]):
                alive(client, f"{name}-{n}")
        # Everyone leaves: every chip goes back to a balance.
        for name in names:
            sockets[name][0].send(type="stand", table=TABLE, id="bye")
            answer(sockets[name][0], "bye")
        table = server.room.tables[TABLE].table
        wait_for(lambda: not table.seats, timeout=30)
        assert book_differences(server, deposited) == []
        store = server.room.store
        assert sum(store.account(name).balance for name in names) == deposited  # type: ignore[union-attr]
