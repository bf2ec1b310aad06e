"""Every way a card leaves the server, checked against the engine's own events
(DESIGN.md idea 2, issue 13): the table's REST snapshot, the REST hand view, the
PokerStars hand histories, and every WebSocket message, as each seat, an onlooker
without an account, a player of another table and an account that plays nowhere get
them.

The oracle is the hand's full event list, ``hand.events`` of the engine's hand the
room played (conftest.py: ``may_see``): a seat's down cards are seen by that seat, and
by the others once a ``Show`` event has it show them; a mucked hand, a folded hand and a
card not dealt yet by nobody else.  Never ``events_for`` nor what the server marks
shown: a leak there would agree with itself.

Three players at each game's chips table play several whole hands: they call to the
showdown and muck what cannot win (R5.3), and each folds one hand in three."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from studpoker.engine import CardDealt, Muck, Show
from studpoker.games import GAMES
from studpoker.table import CompletedHand

from .conftest import (
    Client,
    Server,
    cards_in,
    client_leaks,
    completed,
    hand_problems,
    may_see,
    served,
    viewer_of,
    wait_for,
)

SEED = 3
HANDS = 4  # hands each game: each seat folds one, the others play to the showdown
Policy = Callable[[list[dict[str, Any]], int], str]


def caller(legal: list[dict[str, Any]]) -> str:
    """Checks and calls to the end, bets the least it must, and mucks whatever cannot
    win (R5.3)."""
    kinds = {option["kind"]: option for option in legal}
    for kind in ("muck", "check", "call", "bring_in", "show"):
        if kind in kinds:
            return kind
    option = kinds.get("bet") or kinds.get("complete") or next(iter(kinds.values()))
    return f"{option['kind']} {option['minimum']}" if option["minimum"] else option["kind"]


def folds_in_turn(index: int) -> Policy:
    """The ``index``-th of three players: folds as soon as it may in every third hand
    (hand 1 for the first), so that each seat has a hand nobody else may see; else
    plays as :func:`caller`."""

    def decide(legal: list[dict[str, Any]], hand: int) -> str:
        if hand % 3 == (index + 1) % 3 and any(o["kind"] == "fold" for o in legal):
            return "fold"
        return caller(legal)

    return decide


def play(client: Client, table: str, hands: int, policy: Policy) -> None:
    """Answer this seat's decisions with ``policy`` until ``hands`` hands have ended,
    then stand up."""
    answered: set[int] = set()
    ended = 0
    while ended < hands:
        message = client.receive(timeout=30)
        if message.get("type") != "table" or message.get("table") != table:
            continue
        if "result" in message:
            ended += 1
            continue
        state = message["state"]
        turn = state["turn"]
        if turn and turn["legal_actions"] and turn["seq"] not in answered:
            answered.add(turn["seq"])
            action = policy(turn["legal_actions"], state["hand_number"])
            client.send(type="act", table=table, seq=turn["seq"], action=action)
    client.send(type="stand", table=table)


def poll(url: str, stop: threading.Event, snapshots: list[dict[str, Any]]) -> None:
    """GET the table's snapshot, as anyone may, until ``stop``."""
    with httpx.Client() as http:
        while not stop.is_set():
            snapshots.append(http.get(url).json())
            stop.wait(0.02)


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


class Person:
    """An account of the room with a session token and a socket."""

    def __init__(self, server: Server, name: str, deposit: int = 0) -> None:
        store = server.room.store  # no password: hashing one takes a third of a second
        self.id: int = store.create_account(name, None).id
        self.token = store.create_session(self.id)
        if deposit:
            store.deposit(self.id, deposit)
        self.client = server.client(self.token)

    def sit(self, table: str, seat: int, buy_in: int) -> None:
        ref = f"sit-{table}"
        self.client.send(type="sit", table=table, seat=seat, buy_in=buy_in, id=ref)
        answer = self.client.until(lambda m: m.get("id") == ref)
        assert answer["type"] == "ok", answer


def snapshot_problems(server: Server, table_id: str, snapshots: list[dict[str, Any]]) -> list[str]:
    """How each REST snapshot of the table differs from what an onlooker may see."""
    problems = []
    for snapshot in snapshots:
        number = snapshot["hand_number"]
        if number is None:
            problems += [f"cards between hands: {snapshot}"] if cards_in(snapshot) else []
            continue
        done = completed(server, table_id, number)
        problems += hand_problems(snapshot, snapshot, done, None, snapshot["hand"]["events"])
    return problems


def hand_view_problems(http: httpx.Client, done: CompletedHand, asker: Person | None) -> list[str]:
    """How the REST hand view of ``done`` asked by ``asker`` (None: without a token)
    differs from exactly what the asker may see: their own down cards, every up card,
    the shown hands, and no other card."""
    path = f"/api/tables/{done.table_id}/hands/{done.number}"
    answer = http.get(path, headers=bearer(None if asker is None else asker.token)).json()
    viewer = viewer_of(done, None if asker is None else asker.id)
    events, lines = answer["events"], answer["lines"]
    problems = hand_problems(None, answer, done, viewer, events, None, lines)
    seen = may_see(done.hand, viewer)
    dealt = {e.card for e in seen if isinstance(e, CardDealt) and e.card is not None}
    shown = {c for e in seen if isinstance(e, Show) for c in e.cards if c is not None}
    if cards_in(answer) != dealt | shown:
        problems.append(f"hand {done.number} as seat {viewer}: not exactly the cards it may see")
    return problems


def history_problems(http: httpx.Client, server: Server, table_id: str, asker: Person) -> list[str]:
    """How the asker's PokerStars histories of the table differ from their own view:
    every card in them is their own, an up card or a shown card, and they hold every
    down card of their own and every shown card."""
    answer = http.get("/api/hands", params={"table": table_id}, headers=bearer(asker.token))
    assert answer.status_code == 200, answer.text
    stored = {hand.id: hand.number for hand in server.room.store.hands_of(asker.id)}
    problems = []
    for text in filter(str.strip, answer.text.split("\n\n\n")):
        number = stored[int(text.split("#", 1)[1].split(":", 1)[0])]
        done = completed(server, table_id, number)
        viewer = viewer_of(done, asker.id)
        seen = may_see(done.hand, viewer)
        allowed = {e.card for e in seen if isinstance(e, CardDealt) and e.card is not None}
        mine = set() if viewer is None else set(done.hand.down[viewer])
        shown = {c for e in seen if isinstance(e, Show) for c in e.cards if c is not None}
        found = cards_in(text)
        if found - allowed:
            problems.append(f"hand {number}: {sorted(map(str, found - allowed))} in the history")
        if (mine | shown) - found:
            problems.append(f"hand {number}: {sorted(map(str, (mine | shown) - found))} missing")
    return problems


@pytest.mark.both_databases
@pytest.mark.parametrize("game", GAMES)
def test_no_path_gives_any_viewer_a_card_the_engine_hides(database: str, game: str):
    # The room's test seed deals every kind of hand the checks need in a few hands.
    with served(database, seed=SEED) as server:
        check_every_path(server, game)


def check_every_path(server: Server, game: str) -> None:
    room = server.room
    table_id, elsewhere = f"chips-{game}", f"away-{game}"
    server.call(room.create_table(game, "chips", table_id=elsewhere))
    buy_in = 1000 if game == "show_hand" else 4000
    short = game.split("_")[0][:5]
    players = [Person(server, f"{short}{name}", deposit=10_000) for name in ("ann", "bo", "cy")]
    nobody = Person(server, f"{short}nobody")  # an account that plays nowhere
    away = Person(server, f"{short}away", deposit=10_000)  # seat 0 of another table
    away.sit(elsewhere, 0, buy_in)
    onlooker = server.client(lang="zh-Hant")  # no account at all, in Chinese
    for watcher in (nobody.client, away.client, onlooker):
        watcher.send(type="watch", table=table_id)
    seats = [0, 2, 4]
    for person, seat in zip(players, seats, strict=True):
        person.sit(table_id, seat, buy_in)

    stop, snapshots = threading.Event(), list[dict[str, Any]]()
    poller = threading.Thread(
        target=poll, args=(f"{server.url}/api/tables/{table_id}", stop, snapshots)
    )
    poller.start()
    threads = [
        threading.Thread(target=play, args=(person.client, table_id, HANDS, folds_in_turn(i)))
        for i, person in enumerate(players)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    table = room.tables[table_id].table
    wait_for(lambda: not table.seats and table.current_hand is None, timeout=30)
    stop.set()
    poller.join()
    last = table.last_hand()
    assert last is not None
    assert last.number >= HANDS

    # What the hands held: every kind of hand the checks must keep hidden is there.
    hands = [completed(server, table_id, number) for number in range(1, last.number + 1)]
    events = [event for done in hands for event in done.hand.events]
    assert any(isinstance(e, Show) for e in events), "no hand was shown"
    assert any(isinstance(e, Muck) for e in events), "no hand was mucked"
    for person in players:  # each seat kept its cards from the others at least once
        assert any(
            person.id in done.account_ids
            and not any(
                isinstance(e, Show) and e.seat == done.account_ids.index(person.id)
                for e in done.hand.events
            )
            for done in hands
        ), "a seat showed every hand: a leak of its cards would pass"

    # Every WebSocket message, of every kind, to every viewer.
    for person, seat in zip(players, seats, strict=True):
        assert client_leaks(person.client, seat) == []
    for watcher in (nobody.client, away.client, onlooker):
        assert client_leaks(watcher) == []
        assert any(m.get("change") == "hand_ended" for m in watcher.received)
    # The REST snapshot, taken while the hands were played: an onlooker's view.
    assert snapshot_problems(server, table_id, snapshots) == []
    with httpx.Client(base_url=server.url) as http:
        # The REST hand view, of every hand, for every kind of asker.
        for done in hands:
            for asker in (None, nobody, away, *players):
                assert hand_view_problems(http, done, asker) == []
        # The PokerStars histories: none for those who did not play; the players'
        # own down cards and the shown cards for the others.
        for asker in (nobody, away):
            text = http.get("/api/hands", params={"table": table_id}, headers=bearer(asker.token))
            assert text.status_code == 200
            assert text.text.strip() == ""
        for person in players:
            assert history_problems(http, server, table_id, person) == []
    for client in [*(p.client for p in players), nobody.client, away.client, onlooker]:
        client.close()
