"""The room over real WebSockets: whole hands of every game between several clients,
what each client may see (DESIGN.md idea 2), and every bad message refused."""

from __future__ import annotations

import contextlib
import json

import pytest

from studpoker.games import GAMES
from studpoker.server.limits import NO_LIMITS
from studpoker.store import Store
from studpoker.table.snapshot import legal_dict

from .books import book_differences
from .conftest import (
    Client,
    Server,
    choose,
    client_leaks,
    completed,
    in_threads,
    play_to_the_end,
    play_together,
    served,
    wait_for,
)


def leaks(client: Client, seat: int | None) -> list[str]:
    """Every card a message to ``client`` (seated at ``seat``) holds that the engine's
    own events do not let it see when it was sent: another seat's down card before
    that seat showed it, a mucked card, a card not dealt yet; and every difference
    from what it may see (conftest.py: ``client_leaks``, whose oracle is the hand's
    full event list, never the seats the server marks shown)."""
    return client_leaks(client, seat)


def hands_in_order(client: Client) -> bool:
    """Every hand's messages come after its ``hand_started`` and before the next's."""
    current = None
    for message in client.received:
        if message.get("type") != "table":
            continue
        number = message["state"]["hand_number"]
        if message["change"] == "hand_started":
            current = number
        elif message["events"] and number is not None and number != current:
            return False
    return True


@pytest.mark.both_databases
@pytest.mark.parametrize("game", GAMES)
def test_whole_hands_of_each_game_between_several_clients(server: Server, game):
    """Three players and an onlooker at the chips table of each game: two hands
    played through the WebSocket, chips moved only through the ledger."""
    table = f"chips-{game}"
    buy_in = 1000 if game == "show_hand" else 4000
    store = server.room.store
    tokens = [server.register(f"{game[:6]}{n}") for n in range(3)]
    for n in range(3):
        account = store.account(f"{game[:6]}{n}")
        store.deposit(account.id, 10_000)
    clients = [server.client(token) for token in tokens]
    onlooker = server.client()
    onlooker.send(type="watch", table=table)
    for n, client in enumerate(clients):
        client.send(type="sit", table=table, seat=n * 2, buy_in=buy_in, id=f"sit{n}")
        answer = client.until(lambda m, n=n: m.get("id") == f"sit{n}")
        assert answer == {"type": "ok", "id": f"sit{n}", "seat": n * 2, "v": 1}
    results = play_together(clients, table, hands=2)
    # Every client saw the same two hands end, with the same results.
    assert results[0] == results[1] == results[2]
    assert [r["hand"] for r in results[0]] == [1, 2]
    wait_for(lambda: not any(store.holdings(table).values()))
    # The results sent are the hands stored; each balance is the deposit and every
    # hand's net (more hands may have begun before everyone stood up).
    for result in results[0]:
        stored = store.hand(table, result["hand"])
        assert {str(p.seat): p.net for p in stored.players} == result["net"]
    for n in range(3):
        account = store.account(f"{game[:6]}{n}")
        played = store.hands_of(account.id)
        nets = sum(p.net for hand in played for p in hand.players if p.account_id == account.id)
        assert account.balance == 10_000 + nets
    assert store.audit() == []
    # Dealer lines came in each hand; the onlooker saw both hands end.
    lines = [line for m in clients[0].received if m.get("type") == "table" for line in m["lines"]]
    assert any("antes" in line or "Each player antes" in line for line in lines)
    onlooker.until(lambda m: m.get("change") == "hand_ended" and m["result"]["hand"] == 2)
    for n, client in enumerate(clients):
        assert leaks(client, n * 2) == []
        client.close()
    assert leaks(onlooker, None) == []
    onlooker.close()


@pytest.mark.both_databases
def test_no_client_ever_sees_another_players_down_card(server: Server):
    """Practice tables against computer players, several hands of every game: every
    message checked for another seat's down card or a mucked card."""
    for game in GAMES:
        table = f"practice-{game}"
        client = server.client(server.register(f"watcher{game[:5]}"))
        onlooker = server.client()
        onlooker.send(type="watch", table=table)
        client.send(type="sit", table=table, seat=0)
        client.play(table, hands=4)
        assert leaks(client, 0) == []
        assert leaks(onlooker, None) == []
        assert hands_in_order(client)
        assert hands_in_order(onlooker)
        shown = [
            e
            for m in client.received
            if m.get("type") == "table"
            for e in m["events"]
            if e["type"] == "Show"
        ]
        assert shown, f"no showdown in four hands of {game}: the check would prove little"
        client.close()
        onlooker.close()


RANKS, SUITS = "23456789TJQKA", "cdhs"  # the bring-in order of suits (R1.3)


def lowest_up_card(done) -> int:
    """The engine seat whose second-street up card is the lowest (R9.2): rank, then suit."""
    up = {}
    for event in done.hand.events:
        if type(event).__name__ == "CardDealt" and event.up and event.seat not in up:
            up[event.seat] = str(event.card)
    return min(up, key=lambda seat: (RANKS.index(up[seat][0]), SUITS.index(up[seat][1])))


def test_a_five_card_stud_practice_table_plays_whole_hands_with_exact_chips(server: Server):
    """R9 at the practice table against computer players, through the WebSocket: every
    hand antes 0.25 a seat, the lowest up card brings in for 0.50 on second street, the
    streets are second to fifth, and every chip is accounted for: a seat's stack after
    the hand is its stack before and its net, its net what it won less what it put in."""
    table = "practice-five_card_stud"
    client = server.client(server.register("fivecard"))
    client.send(type="sit", table=table, seat=0)
    results = client.play(table, hands=3)
    assert [r["hand"] for r in results] == [1, 2, 3]
    by_hand: dict[int, dict[str, dict]] = {}
    lines: dict[int, list[str]] = {}
    for message in client.received:
        if message.get("type") != "table" or message["table"] != table:
            continue
        number = message["state"]["hand_number"] or message.get("result", {}).get("hand")
        if message["change"] in ("hand_started", "hand_ended"):
            by_hand.setdefault(number, {})[message["change"]] = message
        if number is not None:
            lines.setdefault(number, []).extend(message["lines"])
    for result in results:
        number = result["hand"]
        started = by_hand[number]["hand_started"]["state"]["hand"]
        ended = by_hand[number]["hand_ended"]["state"]["hand"]
        assert started["game"] == ended["game"] == "five_card_stud"
        assert {p["contributed"] for p in started["players"]} == {25}  # the antes (R9.1)
        before = {p["seat"]: p["stack"] + p["contributed"] for p in started["players"]}
        after = {p["seat"]: p["stack"] for p in ended["players"]}
        put_in = {p["seat"]: p["contributed"] for p in ended["players"]}
        done = completed(server, table, number)
        won = dict.fromkeys(done.seats, 0)
        for event in done.hand.events:
            if type(event).__name__ == "PotAwarded":
                won[done.seats[event.seat]] += event.amount
        net = {int(seat): chips for seat, chips in result["net"].items()}
        assert net == {seat: won[seat] - put_in[seat] for seat in done.seats}
        assert after == {seat: before[seat] + net[seat] for seat in done.seats}
        assert sum(net.values()) == 0
        assert ended["pot_total"] == sum(put_in.values()) == sum(won.values())
        stored = server.room.store.hand(table, number)
        assert {p.seat: p.net for p in stored.players} == net
        streets = [e.street for e in done.hand.events if type(e).__name__ == "StreetStarted"]
        assert streets == ["second", "third", "fourth", "fifth"][: len(streets)]
        bring_in = done.names[lowest_up_card(done)]
        assert lines[number][:3] == [
            "Each player antes 0.25",
            "Second street",
            f"{bring_in} brings in for 0.50",
        ]
    assert leaks(client, 0) == []
    client.close()


@pytest.mark.both_databases
def test_the_books_balance_after_each_hand_at_a_ten_seat_five_card_stud_table(database: str):
    """A player opens a chips table of ten seats with the open pair's big bet (R9.1,
    R9.3); ten players buy in and play; after every hand the seats hold what the
    database holds, nobody's chips are made or lost, and no client sees another's
    down card."""
    with served(database, limits=NO_LIMITS) as server:  # ten accounts from one address
        ten_players_at_one_table(server)


def ten_players_at_one_table(server: Server) -> None:
    import httpx

    store = server.room.store
    tokens = [server.register(f"ten{n}") for n in range(10)]
    for n in range(10):
        store.deposit(store.account(f"ten{n}").id, 10_000)
    made = httpx.post(
        f"{server.url}/api/tables",
        json={
            "game": "five_card_stud",
            "mode": "chips",
            "seats": 10,
            "options": {"open_pair_double": True},
            "name": "Ten of us",
        },
        headers={"Authorization": f"Bearer {tokens[0]}"},
    )
    assert made.status_code == 201, made.text
    entry = made.json()
    assert (entry["game"], entry["seats"], entry["options"]) == (
        "five_card_stud",
        10,
        {"open_pair_double": True},
    )
    assert entry["buy_in"] == [4000, 40000]
    table = entry["id"]
    onlooker = server.client()
    onlooker.send(type="watch", table=table)
    clients = [server.client(token) for token in tokens]
    for n, client in enumerate(clients):
        client.send(type="sit", table=table, seat=n, buy_in=4000, id=f"sit{n}")
        assert client.until(lambda m, n=n: m.get("id") == f"sit{n}")["type"] == "ok"
    checked: list[int] = []

    def check_books() -> None:
        while len(checked) < 3:  # the first to sit plays hands 1 to 3
            ended = onlooker.until(lambda m: m.get("change") == "hand_ended", timeout=60)
            assert book_differences(server, 100_000) == [], ended["result"]
            checked.append(ended["result"]["hand"])

    results: list[list[dict]] = [[] for _ in clients]

    def play(n: int) -> None:
        results[n] = clients[n].play(table, hands=3)

    in_threads(check_books, *(lambda n=n: play(n) for n in range(10)), timeout=240)
    assert checked == [1, 2, 3]
    dealt = {len(result["net"]) for played in results for result in played}
    assert 10 in dealt, dealt  # a hand of fifty cards, five to each of ten (R9.1)
    wait_for(lambda: not any(store.holdings(table).values()))
    assert book_differences(server, 100_000) == []
    for n, client in enumerate(clients):
        assert leaks(client, n) == []
        client.close()
    assert leaks(onlooker, None) == []
    onlooker.close()


def test_dealer_lines_in_the_readers_language(server: Server):
    client = server.client(server.register("lingo"), lang="zh-Hant")
    client.send(type="sit", table="practice-razz", seat=0)
    client.play("practice-razz", hands=1)
    lines = [line for m in client.received if m.get("type") == "table" for line in m["lines"]]
    assert lines[:2] == ["每位玩家下底注 0.25", "第三街"]


def errors_of(client: Client, count: int) -> list[dict]:
    return [client.until(lambda m: m.get("type") == "error") for _ in range(count)]


@pytest.mark.both_databases
def test_bad_messages_are_refused_and_change_nothing(server: Server):
    table = "chips-razz"
    store = server.room.store
    tokens = [server.register(name) for name in ("ann", "bo")]
    for name in ("ann", "bo"):
        store.deposit(store.account(name).id, 10_000)
    ann, bo = (server.client(token) for token in tokens)
    ann.send(type="sit", table=table, seat=0, buy_in=4000)
    bo.send(type="sit", table=table, seat=1, buy_in=4000)
    # Wait for the first decision, and see whose it is.
    message = ann.until(lambda m: m.get("type") == "table" and m["state"]["turn"] is not None)
    turn = message["state"]["turn"]
    actor, other = (ann, bo) if turn["seat"] == 0 else (bo, ann)
    seq = turn["seq"]
    hand = server.room.tables[table].table.current_hand
    before = len(hand.events)

    other.send(type="act", table=table, seq=seq, action="call", id="x1")  # not their turn
    other.send(type="nonsense")
    other.send(type="act", table=table, seq="two", action="call")
    other.socket.send("not json at all")
    other.socket.send(json.dumps({"type": "chat", "table": table, "text": "a" * 5000}))
    other.send(type="act", table=table, seq=seq, action="call", id="x2", v=2)
    got = errors_of(other, 6)
    assert [(e["code"], e.get("id")) for e in got] == [
        ("not_your_turn", "x1"),
        ("malformed", None),
        ("malformed", None),
        ("malformed", None),
        ("too_large", None),
        ("malformed", "x2"),  # the id of a message that is JSON is given back
    ]
    mover = turn["seat"]
    assert got[0]["message"] == f"seat {1 - mover} is not to act; seat {mover} is"
    assert got[0]["params"] == {"seat": 1 - mover, "actor": mover}
    assert got[4]["message"] == "a message is 4096 bytes at most"
    assert "Input tag 'nonsense' found using 'type' does not match" in got[1]["message"]
    actor.send(type="act", table=table, seq=seq + 7, action="call", id="stale")
    actor.send(type="act", table=table, seq=seq, action="raise 99999", id="illegal")
    stale, illegal = errors_of(actor, 2)
    assert stale["message"] == (
        f"decision {seq + 7} is not pending: seat {mover} is to answer decision {seq}"
    )
    assert stale["code"] == "stale_decision"
    assert stale["params"] == {"seat": mover, "seq": seq + 7, "pending": seq}
    # An illegal action says which, why (a stable code) and what is allowed.
    assert illegal["code"] == "illegal_action"
    assert illegal["message"].startswith(f"seat {mover} cannot raise")
    assert illegal["params"]["seat"] == mover
    assert illegal["params"]["action"] == "raise 99999"
    pending = server.room.tables[table].table.turn
    assert pending is not None
    assert illegal["params"]["legal_actions"] == [legal_dict(o) for o in pending.legal_actions]
    assert illegal["params"]["reason"] == "bring_in_first"  # the first decision (R2.4)
    assert illegal["params"]["rule"] == "R2.4"
    assert len(hand.events) == before  # nothing changed

    # The right answer is taken once; the same answer again is refused.
    def my_turn(m: dict) -> bool:
        turn_now = m.get("state", {}).get("turn") if m.get("type") == "table" else None
        return bool(turn_now and turn_now["seq"] == seq and turn_now["legal_actions"])

    mine = next((m for m in actor.received if my_turn(m)), None) or actor.until(my_turn)
    action = choose(mine["state"]["turn"]["legal_actions"])
    actor.send(type="act", table=table, seq=seq, action=action)
    actor.send(type="act", table=table, seq=seq, action=action, id="again")
    again = actor.until(lambda m: m.get("id") == "again")
    # Refused as not pending, as the other seat's turn now, or (the hand being over)
    # as nobody's turn.
    assert again["code"] in ("stale_decision", "not_your_turn", "no_turn")
    assert again["message"] in (
        "no seat is to act now",
        f"seat {mover} is not to act; seat {1 - mover} is",
    ) or again["message"].startswith(f"decision {seq} is not pending")
    for client in (ann, bo):
        client.send(type="stand", table=table)
    wait_for(lambda: not any(store.holdings(table).values()), timeout=30)
    assert store.audit() == []
    ann.close()
    bo.close()


def test_an_onlooker_may_not_sit_and_a_guest_plays_practice_only(server: Server):
    onlooker = server.client()
    onlooker.send(type="sit", table="practice-razz", id=1)
    assert onlooker.until(lambda m: m.get("id") == 1) == {
        "type": "error",
        "id": 1,
        "code": "login",
        "message": "log in or play as a guest first",
        "v": 1,
    }
    import httpx

    token = httpx.post(f"{server.url}/api/guests").json()["token"]
    guest = server.client(token)
    guest.send(type="sit", table="chips-razz", buy_in=4000, id=2)
    refused = guest.until(lambda m: m.get("id") == 2)
    assert refused["message"] == "guests play at practice tables only: register to play for chips"
    guest.send(type="sit", table="practice-razz", id=3)
    assert guest.until(lambda m: m.get("id") == 3)["type"] == "ok"
    guest.close()
    onlooker.close()


def test_reconnecting_gives_back_the_seat_and_the_hand(server: Server):
    token = server.register("phoenix")
    first = server.client(token)
    first.send(type="sit", table="practice-stud_hilo", seat=3, id="s")
    first.until(lambda m: m.get("id") == "s")
    message = first.until(lambda m: m.get("type") == "table" and m["state"]["hand"] is not None)
    mine = next(p for p in message["state"]["hand"]["players"] if p["seat"] == 3)
    first.close()
    again = server.client(token)
    again.send(type="watch", table="practice-stud_hilo")
    state = again.until(lambda m: m.get("type") == "table")["state"]
    assert state["viewer"] == 3
    assert state["seats"][3]["name"] == "phoenix"
    # The hand waits for phoenix's decision (a 5-second clock): the same hand comes back.
    assert state["hand_number"] == message["state"]["hand_number"]
    back = next(p for p in state["hand"]["players"] if p["seat"] == 3)
    assert back["down_cards"] == mine["down_cards"]
    assert None not in back["down_cards"]
    again.close()


@pytest.mark.both_databases
def test_the_lobby_is_sent_again_when_tables_change(server: Server):
    onlooker = server.client()
    first = onlooker.until(lambda m: m.get("type") == "lobby")
    table = next(t for t in first["tables"] if t["id"] == "chips-stud_hilo")
    assert (table["seated"], table["seats"], table["mode"]) == (0, 8, "chips")
    store = server.room.store
    player = server.client(server.register("lobbyist"))
    store.deposit(store.account("lobbyist").id, 5000)
    player.send(type="sit", table="chips-stud_hilo", buy_in=4000)
    again = onlooker.until(
        lambda m: (
            m.get("type") == "lobby"
            and next(t for t in m["tables"] if t["id"] == "chips-stud_hilo")["seated"] == 1
        )
    )
    assert {t["game"] for t in again["tables"]} == set(GAMES)
    player.send(type="stand", table="chips-stud_hilo")
    player.close()
    onlooker.close()


def test_binary_frames_ids_bad_tokens_and_refused_seats(server: Server):
    client = server.client("not-a-token")
    welcome = client.until(lambda m: m.get("type") == "welcome")
    assert welcome["account"] is None
    bad = client.until(lambda m: m.get("type") == "error")
    assert (bad["code"], bad["message"]) == (
        "login",
        "the session token is not valid: log in again",
    )
    client.socket.send(b'{"type": "ping", "id": 7}')  # a binary frame is read as text
    assert client.until(lambda m: m.get("id") == 7) == {"type": "pong", "id": 7, "v": 1}
    client.send(type="watch", table="practice-razz", id="w")
    watched = client.until(lambda m: m.get("id") == "w")
    assert (watched["type"], watched["change"]) == ("table", "state")
    client.close()
    player = server.client(server.register("seatless"))
    player.send(type="sit", table="practice-razz", seat=9, id="s")
    refused = player.until(lambda m: m.get("id") == "s")
    assert refused["code"] == "no_seat"
    assert refused["params"] == {"seat": 9, "seats": 8}
    assert refused["message"] == "there is no seat 9: the seats are 0 to 7"
    player.send(type="ping", id="p")
    player.until(lambda m: m.get("id") == "p")
    assert not any(m.get("type") == "table" for m in player.received)  # not watching
    player.close()


@pytest.mark.both_databases
def test_stopping_the_server_in_the_middle_of_a_hand_loses_no_chip(database: str):
    """Issue 6: the server stops while a hand is played; the hand is cancelled with every
    bet returned, the players are paid out, and after a new start the balances equal
    the deposits and the stored hands' nets, the ledger agrees, no chip is lost."""
    from .conftest import served

    url = database
    with served(url) as first:
        store = first.room.store
        players = []
        for name in ("ann", "bo"):
            token = first.register(name)
            store.deposit(store.account(name).id, 10_000)
            client = first.client(token)
            client.send(type="sit", table="chips-stud_hilo", buy_in=4000, id="s")
            client.until(lambda m: m.get("id") == "s")
            players.append(client)
        # The first decision of hand 1: antes and the bring-in are in the pot.
        players[0].until(lambda m: m.get("type") == "table" and m["state"]["turn"] is not None)
        table = first.room.tables["chips-stud_hilo"].table
        assert sum(table.current_hand.contributed) > 0
    # The server has stopped (uvicorn closes the sockets, 1012, then the room stops).
    for client in players:
        with contextlib.suppress(Exception):
            client.close()
    store = Store(url)
    assert [store.account(name).balance for name in ("ann", "bo")] == [10_000, 10_000]
    assert store.holdings() == {}
    assert store.audit() == []
    with served(url) as second:
        assert second.room.store.total_chips() == 20_000
    store.close()


@pytest.mark.both_databases
def test_a_competition_ends_with_its_standings_sent(database: str):
    """R7.3: two players start a competition; when its time is up each is sent the
    standings (the chip leader first, every chip of the 2 × 1000 accounted for), and the
    table goes back to waiting with nobody seated."""
    table = "competition-razz"
    with served(database, competition_seconds=2.0) as server:
        names = ("cara", "dino")
        clients = [server.client(server.register(name)) for name in names]
        for n, client in enumerate(clients):
            client.send(type="sit", table=table, seat=n, id=f"sit{n}")
            assert client.until(lambda m, n=n: m.get("id") == f"sit{n}")["type"] == "ok"
        clients[0].send(type="start_competition", table=table, id="go")
        answer = clients[0].until(lambda m: m.get("id") == "go")
        assert answer == {"type": "ok", "id": "go", "competition": 1, "v": 1}
        ended: list[dict] = [{}, {}]

        def run(i: int) -> None:
            ended[i] = play_to_the_end(clients[i], table)

        in_threads(lambda: run(0), lambda: run(1), timeout=60)
        assert ended[0]["standings"] == ended[1]["standings"]
        standings = ended[0]["standings"]
        assert [row["place"] for row in standings] == [1, 2]
        assert {row["name"] for row in standings} == set(names)
        assert {row["seat"] for row in standings} == {0, 1}
        assert sum(row["chips"] for row in standings) == 2000
        assert standings[0]["chips"] >= standings[1]["chips"]
        assert not any(row["busted"] for row in standings) or standings[1]["chips"] == 0
        wait_for(lambda: server.room.table(table).table.seats == {})
        for client in clients:
            client.close()
