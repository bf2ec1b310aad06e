"""A real card room for the server tests: uvicorn on a free loopback port in a thread,
WebSocket clients (the ``websockets`` package) that play from what they are sent, and
what a viewer may see of a hand, read from the engine's own events (DESIGN.md idea 2).
The ``server`` fixture serves a room on SQLite, and for the tests marked
``both_databases`` on PostgreSQL too (tests/conftest.py)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from websockets.typing import Subprotocol

# tests/conftest.py, the conftest of every test (its module is "conftest").
from studpoker.cards import Card
from studpoker.engine import CardDealt, Event, Hand, Muck, Show
from studpoker.fairness import CardProof, verify_card
from studpoker.room import Room
from studpoker.server import create_app
from studpoker.server.limits import LIMITS, Limits
from studpoker.server.patch import apply_patch
from studpoker.server.transport import RoomServer, RoomWebSocket, room_protocol
from studpoker.store import Store
from studpoker.table import CompletedHand
from studpoker.table.messages import dealer_lines
from studpoker.table.snapshot import event_dict

# Which legal action a test client takes, the first of these it is offered.
PREFERENCE = ("show", "check", "call", "bring_in", "bet", "complete", "raise", "fold", "muck")


def choose(legal: list[dict[str, Any]]) -> str:
    """A cheap legal action: show down, check, call, else the smallest bet."""
    by_kind = {option["kind"]: option for option in legal}
    for kind in PREFERENCE:
        option = by_kind.get(kind)
        if option is None:
            continue
        if kind in ("bet", "complete", "raise"):
            return f"{kind} {option['minimum']}"
        return kind
    return legal[0]["kind"]


class Server:
    """A room served on 127.0.0.1 in a thread of its own."""

    def __init__(self, room: Room, limits: Limits = LIMITS, **app: Any) -> None:
        self.room = room
        self.app = create_app(room, limits=limits, **app)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=0,
            log_level="warning",
            ws=RoomWebSocket,
            ws_per_message_deflate=False,
            http=room_protocol(limits.header_seconds, limits.connections_per_address),
            proxy_headers=False,  # as stud serve: no X-Forwarded-For believed by default
        )
        self.server = RoomServer(config)  # as stud serve runs it
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.port = 0

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def register(self, name: str, password: str = "password1") -> str:
        answer = httpx.post(f"{self.url}/api/accounts", json={"name": name, "password": password})
        assert answer.status_code == 201, answer.text
        return str(answer.json()["token"])

    def client(self, token: str | None = None, lang: str = "en") -> Client:
        """A socket, logged in with ``token`` (sent in the subprotocol header)."""
        url = f"ws://127.0.0.1:{self.port}/ws?lang={lang}"
        protocols = [Subprotocol("studpoker")]
        if token:
            protocols.append(Subprotocol(f"bearer.{token}"))
        socket = connect(url, subprotocols=protocols, max_size=2**22, close_timeout=1, legacy=True)
        return Client(socket, server=self, lang=lang)

    def call(self, coroutine: Any) -> Any:
        """Run ``coroutine`` on the server's event loop (the room lives there)."""
        loop = self.room_loop()
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout=30)

    def room_loop(self) -> asyncio.AbstractEventLoop:
        held = next(iter(self.room.tables.values()))
        assert held.task is not None
        return held.task.get_loop()


class Client:
    """One WebSocket client: every message it gets is kept in ``received``."""

    def __init__(self, socket: Any, *, server: Server | None = None, lang: str = "en") -> None:
        self.socket = socket
        self.server = server
        self.lang = lang
        self.received: list[dict[str, Any]] = []
        self.wire: list[dict[str, Any]] = []  # the same messages as they came
        self.states: dict[str, dict[str, Any]] = {}  # by table: the state rebuilt so far

    def send(self, **message: Any) -> None:
        self.socket.send(json.dumps(message))

    def receive(self, timeout: float = 20) -> dict[str, Any]:
        """The next message; a ``table`` message's ``patch`` is applied to the state the
        table's messages built so far, and the result put in the message as ``state``
        (as the browser does), the patch kept beside it."""
        sent = json.loads(self.socket.recv(timeout=timeout))
        self.wire.append(sent)
        message = dict(sent)
        if message.get("type") == "table":
            table = message["table"]
            if "patch" in message:
                assert "state" not in message, "a table message holds a state or a patch"
                assert table in self.states, f"a patch for {table} before its state"
                message["state"] = apply_patch(self.states[table], message["patch"])
            self.states[table] = message["state"]
        self.received.append(message)
        return message

    def until(self, test: Any, timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(deadline - time.monotonic(), 0.01))
            if test(message):
                return message

    def drain(self) -> None:
        """Read every message sent so far: those before the answer to a ping."""
        with contextlib.suppress(ConnectionClosed):
            self.send(type="ping", id="drain")
            self.until(lambda m: m.get("id") == "drain" and m.get("type") == "pong")

    def close(self) -> None:
        self.socket.close()

    def play(self, table: str, hands: int, *, stand: bool = True) -> list[dict[str, Any]]:
        """Answer every decision of this seat with :func:`choose` until ``hands`` hands
        have ended at ``table``; the results of those hands."""
        answered: set[int] = set()
        results: list[dict[str, Any]] = []
        while len(results) < hands:
            message = self.receive(timeout=30)
            if message.get("type") != "table" or message.get("table") != table:
                continue
            if "result" in message:
                results.append(message["result"])
                continue
            turn = message["state"]["turn"]
            if turn and turn["legal_actions"] and turn["seq"] not in answered:
                answered.add(turn["seq"])
                self.send(
                    type="act", table=table, seq=turn["seq"], action=choose(turn["legal_actions"])
                )
        if stand:
            self.send(type="stand", table=table)
        return results


def in_threads(*calls: Callable[[], Any], timeout: float = 120) -> None:
    """Run ``calls`` at once, each in a thread; the first error any raised, raised here."""
    errors: list[BaseException] = []

    def run(call: Callable[[], Any]) -> None:
        try:
            call()
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    if errors:
        raise errors[0]


def play_together(clients: list[Client], table: str, hands: int) -> list[list[dict[str, Any]]]:
    """Every client plays ``hands`` hands at ``table`` at once, each in a thread."""
    out: list[list[dict[str, Any]]] = [[] for _ in clients]

    def run(i: int) -> None:
        out[i] = clients[i].play(table, hands)

    in_threads(*(lambda i=i: run(i) for i in range(len(clients))))
    return out


def play_to_the_end(client: Client, table: str) -> dict[str, Any]:
    """Answer every decision of this seat until the competition ends; that message."""
    answered: set[int] = set()
    while True:
        message = client.receive(timeout=30)
        if message.get("type") != "table" or message.get("table") != table:
            continue
        if message["change"] == "competition_ended":
            return message
        turn = message["state"]["turn"]
        if turn and turn["legal_actions"] and turn["seq"] not in answered:
            answered.add(turn["seq"])
            client.send(
                type="act", table=table, seq=turn["seq"], action=choose(turn["legal_actions"])
            )


def read_to_the_close(client: Client) -> None:
    """Read every message until the server closes the socket (or 10 s pass quiet)."""
    try:
        while True:
            client.receive(timeout=10)
    except (ConnectionClosed, TimeoutError):
        pass


def without_clock(state: dict[str, Any]) -> dict[str, Any]:
    """A table's state less the seconds left (the turn's, the competition's), which move
    between two readings of the clock."""
    state = dict(state)
    if state.get("turn") is not None:
        state["turn"] = {k: v for k, v in state["turn"].items() if k not in ("remaining", "clock")}
    if state.get("competition") is not None:
        state["competition"] = {k: v for k, v in state["competition"].items() if k != "remaining"}
    return state


def wait_for(test: Any, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.02)


@contextmanager
def served(
    database: str = "sqlite://",
    *,
    limits: Limits = LIMITS,
    app: dict[str, Any] | None = None,
    **options: Any,
) -> Iterator[Server]:
    """A room on ``database`` with the room's ``options``, served by an app made with
    ``app``'s (``free_chips``…)."""
    options = {"seed": 1, "pause": 0.0, "clock": 5.0, "time_bank": 0.0} | options
    room = Room(Store(database), **options)
    with Server(room, limits, **(app or {})) as server:
        yield server


@pytest.fixture
def server(database: str) -> Iterator[Server]:
    """A room served on a new database (tests/conftest.py: ``database``)."""
    with served(database) as running:
        yield running


# -- what a viewer may see: the engine's own events are the oracle ------------------------

# A card as any message may write it: "Kh", "10h", "K♥", "K♥️" (with a variation
# selector) or "K♡".  Ranks are upper case and suits lower case, as the package writes
# them; no word of any message, name or table id of these tests reads as one.
CARD_TEXT = re.compile(
    r"(?<![0-9A-Za-z])(?:10|[2-9TJQKA])(?:[cdhs]|[♣♦♥♠]\ufe0f?|[♧♢♡♤])(?![0-9A-Za-z])"
)


def cards_in(value: Any) -> set[Card]:
    """Every card written anywhere in a plain value (a message, a REST answer, a text)."""
    # Every text of the value (its dicts' values, its lists' items, at any depth), read
    # as one: a line break between two texts is no part of a card (CARD_TEXT's edges),
    # and one search over a message is many times cheaper than one a text.
    texts: list[str] = []
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            texts.append(item)
        elif isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, list | tuple):
            pending.extend(item)
    return {Card.parse(text) for text in set(CARD_TEXT.findall("\n".join(texts)))}


def may_see(hand: Hand, viewer: int | None, count: int | None = None) -> list[Event]:
    """The first ``count`` events of ``hand`` (every one by default) as engine seat
    ``viewer`` (None: anyone not dealt in) may see them, read from the engine's full
    list ``hand.events`` alone, never from ``events_for`` nor from what the server
    marks shown: a seat's down cards are seen by itself, and by everyone once a
    ``Show`` event has that seat show them (a ``Muck`` only at a table that shows
    mucked hands, R5.8); a mucked card is seen by nobody else."""
    events = hand.events[: len(hand.events) if count is None else count]
    reveal_mucked = hand.spec.reveal_mucked
    showing = {
        event.seat
        for event in events
        if isinstance(event, Show) or (reveal_mucked and isinstance(event, Muck))
    }
    seen: list[Event] = []
    for event in events:
        if isinstance(event, CardDealt) and not event.up:
            if event.seat != viewer and event.seat not in showing:
                event = CardDealt(event.seat, None, False)
        elif isinstance(event, Muck) and not reveal_mucked:
            event = Muck(event.seat, None)
        seen.append(event)
    return seen


def cards_by_seat(events: list[Event], count: int) -> list[tuple[list[Card | None], list[Card]]]:
    """Each engine seat's (down cards, up cards) in ``events``, None where hidden."""
    cards: list[tuple[list[Card | None], list[Card]]] = [([], []) for _ in range(count)]
    for event in events:
        if isinstance(event, CardDealt):
            if event.up:
                assert event.card is not None
                cards[event.seat][1].append(event.card)
            else:
                cards[event.seat][0].append(event.card)
    return cards


def viewer_of(done: CompletedHand, account_id: int | None) -> int | None:
    """The engine seat ``account_id`` held in the hand, None if it was not dealt in."""
    if account_id is None or account_id not in done.account_ids:
        return None
    return done.account_ids.index(account_id)


def completed(server: Server, table_id: str, number: int) -> CompletedHand:
    """Hand ``number`` of the table once it is over (a hand being played is waited for)."""
    table = server.room.tables[table_id].table
    wait_for(lambda: table.hand(number) is not None, timeout=15)
    done = table.hand(number)
    assert done is not None
    return done


# What a viewer may see after so many events, worked out once for every message (and
# every client) that asks: a served room sends thousands.
@functools.lru_cache(maxsize=4096)
def _may_see_of(
    done: CompletedHand, viewer: int | None, count: int
) -> tuple[list[dict[str, Any]], set[Card], list[tuple[list[Card | None], list[Card]]]]:
    """``may_see``'s events as they are sent, the cards in them, and each seat's."""
    seen = may_see(done.hand, viewer, count)
    sendable = [event_dict(event, done.seats) for event in seen]
    return sendable, cards_in(sendable), cards_by_seat(seen, done.hand.player_count)


@functools.lru_cache(maxsize=4096)
def _public_lines(done: CompletedHand, count: int, lang: str) -> list[str]:
    """The dealer's lines of the first ``count`` events, as anyone may read them (R5.7)."""
    return dealer_lines(may_see(done.hand, None, count), done.hand.spec, done.names, lang)


def hand_problems(
    state: dict[str, Any] | None,
    sent: dict[str, Any],
    done: CompletedHand,
    viewer: int | None,
    events: list[dict[str, Any]],
    new: int | None = None,
    lines: list[str] | None = None,
    lang: str = "en",
) -> list[str]:
    """How a table's ``state`` (its snapshot, or None) and the answer ``sent`` that
    holds it differ from what engine seat ``viewer`` may see of hand ``done`` after the
    ``events`` it has had of it: in the last ``new`` of them (all by default: earlier
    ones were sent before a later show could reveal their cards), in the dealer's
    ``lines`` so far, in the state's cards, and in every card ``sent``."""
    number = done.number
    sendable, allowed, by_seat = _may_see_of(done, viewer, len(events))
    problems = []
    extra = cards_in(sent) - allowed
    if extra:
        problems.append(
            f"hand {number}, {len(events)} events in: {sorted(map(str, extra))} sent to "
            f"engine seat {viewer}, who may not see them"
        )
    first = 0 if new is None else len(events) - new
    for at, (got, wanted) in enumerate(zip(events[first:], sendable[first:], strict=True), first):
        if got != wanted:
            problems.append(f"hand {number}, event {at}: {got} sent for {wanted}")
            break
    if lines is not None and lines != _public_lines(done, len(events), lang):
        problems.append(f"hand {number}: the dealer's lines differ from an onlooker's")
    view = None if state is None else state.get("hand")
    if view is not None:
        for player in view["players"]:
            downs, ups = by_seat[done.seats.index(player["seat"])]
            got = [None if c is None else Card.parse(c) for c in player["down_cards"]]
            if len(got) != len(downs) or any(
                g not in (None, e) for g, e in zip(got, downs, strict=True)
            ):
                problems.append(
                    f"hand {number}: seat {player['seat']}'s down cards {player['down_cards']}"
                    f" sent to engine seat {viewer}, who may see {[str(c) for c in downs]}"
                )
            if [Card.parse(c) for c in player["up_cards"]] != ups:
                problems.append(f"hand {number}: seat {player['seat']}'s up cards differ")
    return problems


def proof_problems(
    message: dict[str, Any],
    done: CompletedHand,
    viewer: int | None,
    events: list[dict[str, Any]],
    proven: dict[int, Card],
) -> list[str]:
    """How the proofs a table message of hand ``done`` carries, and those the client had
    of it before (``proven``: card by position, added to here), differ from exactly the
    cards engine seat ``viewer`` may see after the ``events`` it has had (issue 38):
    each proof checks against the hand's root and is of a card it may see; together
    they prove every card it may see; the state tells the hand's seeds; and no salt of
    a card it may not see is anywhere in the message."""
    number, seeds = done.number, done.seeds
    if seeds is None:
        return [f"hand {number} was dealt without seeds"]
    problems = []
    if message["state"].get("fairness") != seeds.as_dict():
        problems.append(f"hand {number}: the state's fairness is not the hand's seeds")
    _, allowed, _ = _may_see_of(done, viewer, len(events))
    root = seeds.deal.root
    for sent in message.get("proofs", ()):
        card = Card.parse(sent["card"])
        proof = CardProof(
            sent["position"],
            card,
            bytes.fromhex(sent["salt"]),
            tuple(bytes.fromhex(node) for node in sent["path"]),
            sent["size"],
        )
        if not verify_card(root, proof) or seeds.order[proof.position] != card:
            problems.append(f"hand {number}: a proof of {card} that does not check")
        if card not in allowed:
            problems.append(f"hand {number}: a proof of {card} sent to engine seat {viewer}")
        proven[proof.position] = card
    if set(proven.values()) != allowed:
        missing = sorted(map(str, allowed - set(proven.values())))
        problems.append(f"hand {number}: engine seat {viewer} sees {missing} unproven")
    text = json.dumps(message)
    hidden = [
        salt.hex()
        for card, salt in zip(seeds.order, seeds.deal.salts, strict=True)
        if card not in allowed
    ]
    if any(salt in text for salt in hidden):
        problems.append(f"hand {number}: a salt of a card engine seat {viewer} may not see")
    return problems


def client_leaks(client: Client, seat: int | None = None) -> list[str]:
    """Every card a message to ``client`` holds that the engine's own events do not let
    it see when it was sent, and every difference from what it may see (the events,
    the dealer's lines, each seat's cards in the state), hand by hand of every table it
    watched; ``seat``: the table seat the client's account played every hand it was
    dealt in from (None: not checked).  Reads what is left on the socket first."""
    client.drain()
    server = client.server
    assert server is not None, "a client of Server.client() knows its server"
    welcome = next(m for m in client.received if m.get("type") == "welcome")
    account = welcome["account"]
    account_id = None if account is None else account["id"]
    problems: list[str] = []
    # By table: the hand the client is being told of, its events, lines and proven
    # cards so far.
    told: dict[str, tuple[int | None, list[dict[str, Any]], list[str], dict[int, Card]]] = {}
    for message in client.received:
        if message.get("type") != "table":
            extra = cards_in(message)
            if extra:
                problems.append(f"a {message.get('type')} message holds {sorted(map(str, extra))}")
            continue
        state, table_id = message["state"], message["table"]
        number = state["hand_number"]
        before = told.get(table_id)
        if before is None or before[0] != number or message["change"] == "state":
            before = (number, [], [], {})  # a new hand, or the whole state again (a watch)
        events = before[1] + message["events"]
        lines = before[2] + message["lines"]
        proven = before[3]
        told[table_id] = (number, events, lines, proven)
        if number is None:
            if cards_in(message):
                problems.append(
                    f"{table_id}: cards {sorted(map(str, cards_in(message)))} between hands"
                )
            continue
        done = completed(server, table_id, number)
        viewer = viewer_of(done, account_id)
        if seat is not None and viewer is not None and done.seats[viewer] != seat:
            problems.append(
                f"hand {number}: the account played seat {done.seats[viewer]}, not {seat}"
            )
        new = len(message["events"])
        problems += hand_problems(state, message, done, viewer, events, new, lines, client.lang)
        problems += proof_problems(message, done, viewer, events, proven)
    return problems
