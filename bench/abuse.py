"""The card room under attack (issue 13): each attack beside a bystander's round trip.

Usage (from the repository root; by hand, never by the tests)::

    .venv/bin/python bench/abuse.py                      # every attack, a Rich table
    .venv/bin/python bench/abuse.py --attack lobby chat  # some of them
    .venv/bin/python bench/abuse.py --scale 0.2 --json   # a fifth of each, one JSON object

It prepares an SQLite file in a temporary directory — the accounts below, each with a
session, and ``reader`` with about 1,000 practice hands of Razz played by the engine and
stored as the room stores a hand that ends, and the real PokerStars hands of
``../shared/handhistories/pokerstars`` imported as its own — then starts ``stud serve``
on it on a free port with the room's real limits (``LIMITS``, as deployed) and
``--pause 0``.

A bystander, the account ``bystander``, has its own WebSocket, opened before the first
attack, in a process of its own (so that the attacker's work in this process is not timed
as the room's).  It sends ``ping`` every 60 ms and times each ``pong``, and asks ``GET
/api/me`` every 100 ms over keep-alive HTTP.  (Not every 20 ms: a socket may send 20
messages a second, ``messages_per_socket``, and a bystander that sent more would be the one
refused.)  For each attack it is measured for a second before (the baseline) and from the
attack's start to its end, 5 s at least; a ping counts in the window it was sent in.

The attacks, one after another, all to 127.0.0.1, each closing its sockets before the
next (one address may hold ``sockets_per_address`` sockets, the bystander's included):

* ``lobby``: 300 anonymous ``lobby`` messages on one socket, as fast as it can send;
* ``sockets``: 300 WebSockets opened at once;
* ``tables``: 150 anonymous clients in the lobby while one account POSTs /api/tables 20
  times.  150 sockets need more than one address: they come from 127.0.0.2, 127.0.0.3 …
  (18 from each; all of 127.0.0.0/8 is this machine's loopback);
* ``history``: ``GET /api/hands?limit=1000`` as ``reader``, 20 at once;
* ``logins``: 120 wrong logins at once, half for the real name ``victim``, half for
  unknown names;
* ``chat``: one account floods 2,000 chat lines at a table that anonymous sockets
  watch — as many as the address's socket cap leaves beside the bystander's and the
  flooder's, all from 127.0.0.1;
* ``slowloris``: 500 TCP connections each sending half an HTTP request, held 15 s;
* ``upload``: one account, ``uploader``, POSTs /api/study/hands a file a megabyte over
  ``import_bytes``, sent chunked (no Content-Length to refuse it by), then 15 files at
  once — its rate (``import_per_account``) lets 10 through at once, the oversized one's
  among them — each a PokerStars file of 90% of ``import_bytes`` (47 MB as deployed: the
  32 hands of ``../shared/handhistories/pokerstars`` again and again, renumbered as
  bench/study.py does, each file numbered apart so that none is a duplicate);
* ``replay``: ``reader`` asks replays for 10 s in 30 lanes, each back to back: its room
  hands' (``GET /api/tables/bench-razz/hands/N/replay``) and its imported hands'
  (``GET /api/study/hands/ID``) in turn;
* ``stats``: ``reader`` asks statistics for 10 s in 30 lanes, each back to back: its
  statistics and its winnings graph (``GET /api/study/stats``, ``/api/study/winnings``,
  with ``mine``) in turn, under filters that change from one request to the next.

``--scale`` multiplies every count and the uploads' size (not the times, nor the watchers
the cap allows).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import multiprocessing
import os
import random
import re
import resource
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event as ProcessEvent
from pathlib import Path
from typing import Any

import httpx
import websockets
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import ClientConnection
from websockets.typing import Subprotocol

# bench/served.py, beside this script (python puts the script's folder first on the path).
from served import cpu_seconds, free_port, start_server, stop_server, wait_ready
from studpoker.engine import Action, ActionKind, Hand, PotAwarded
from studpoker.games import preset
from studpoker.history import to_phh
from studpoker.history.text import read_text
from studpoker.room import hash_password
from studpoker.server.limits import LIMITS
from studpoker.store import HandPlayer, HandRow, Store
from studpoker.study.importer import import_files
from studpoker.table.snapshot import event_dict

PASSWORD = "bench abuse password"
ACCOUNTS = ("bystander", "reader", "victim", "tabler", "chatter", "uploader")
GOAL_MS = 50.0  # the bystander's round-trip p99 during any attack
PING_EVERY = 0.06  # seconds: under the 20 messages a second a socket may send
PINGS_OUT = 10  # pings unanswered at most: a frozen room is not also flooded by the bystander
ME_EVERY = 0.1  # seconds between the bystander's GET /api/me
BASELINE = 1.0  # seconds measured before each attack
WINDOW = 5.0  # seconds measured from an attack's start, at least
COOL = 1.0  # seconds between one attack's end and the next one's baseline
HOLD = 15.0  # seconds the slowloris connections are held
CROWD_PER_ADDRESS = 18  # sockets from each address of a crowd: two under the cap
TABLE = "practice-razz"  # the table the chat flood is at
HANDS_TABLE = "bench-razz"  # the table id of the reader's stored hands
SEATS = 6
STACK = 20_000
SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "handhistories" / "pokerstars"
UPLOAD_SHARE = 0.9  # an upload's size, of import_bytes
UPLOADS_BEYOND = 5  # uploads past what the rate lets through at once
LANES = 30  # requests in flight at once in a flood of replays or statistics (40 an address)
FLOOD = 10.0  # seconds a flood of replays or statistics lasts


# -- the database ---------------------------------------------------------------------------


def played_hand(rng: random.Random) -> Hand:
    """A Razz hand of random legal actions, folding seldom, so most reach the showdown."""
    hand = Hand(preset("razz"), [STACK] * SEATS, rng=rng)
    while not hand.is_over:
        if hand.round is None:
            hand.play_showdown()
            continue
        legal = hand.legal_actions()
        staying = [option for option in legal if option.kind is not ActionKind.FOLD]
        option = rng.choice(legal if not staying or rng.random() < 0.1 else staying)
        if option.kind in (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE):
            amount = rng.choice(option.choices) if option.choices else option.minimum
            hand.act(Action(option.kind, amount))
        else:
            hand.act(Action(option.kind))
    return hand


def prepare(database: str, hands: int) -> dict[str, str]:
    """The accounts of :data:`ACCOUNTS` with a session each (their tokens by name),
    ``hands`` practice hands of ``reader`` stored as ``Room._hand_ended`` stores one, and
    the real PokerStars hands of :data:`SHARED` imported as ``reader``'s own."""
    rng = random.Random(2026)
    tokens = {}
    with Store(database) as store:
        store.migrate()
        ids = {}
        for name in ACCOUNTS:
            account = store.create_account(name, hash_password(PASSWORD))
            ids[name] = account.id
            tokens[name] = store.create_session(account.id)
        began = datetime.now(UTC) - timedelta(days=1)
        for number in range(1, hands + 1):
            hand = played_hand(rng)
            seats = tuple(range(SEATS))
            names = ["reader", *(f"Bot {seat + 1}" for seat in seats[1:])]
            accounts = [ids["reader"], *([None] * (SEATS - 1))]
            started = began + timedelta(seconds=30 * number)
            store.record_hand(
                HandRow(
                    table_id=HANDS_TABLE,
                    number=number,
                    game="razz",
                    mode="practice",
                    started_at=started,
                    ended_at=started + timedelta(seconds=25),
                    record=to_phh(hand, names=names),
                    events=json.dumps([event_dict(event, seats) for event in hand.events]),
                    pot=sum(e.amount for e in hand.events if isinstance(e, PotAwarded)),
                    players=[
                        HandPlayer(seat, name, net, account)
                        for seat, name, net, account in zip(
                            seats, names, hand.result.net, accounts, strict=True
                        )
                    ],
                )
            )
        import_files(store, ids["reader"], sorted(SHARED.glob("*.txt")))
    return tokens


# -- the bystander, in a process of its own ---------------------------------------------------


def bystander(url: str, token: str, pipe: Connection, stop: ProcessEvent) -> None:
    """Ping and ask /api/me until ``stop``; then send what was timed down ``pipe``."""
    pipe.send(asyncio.run(_bystander(url, token, pipe, stop)))


async def _bystander(
    url: str, token: str, pipe: Connection, stop: ProcessEvent
) -> dict[str, list[Any]]:
    pings: list[tuple[float, float | None]] = []  # (sent, round trip in ms or None: lost)
    me: list[tuple[float, float, int]] = []  # (sent, ms, status)
    closed: list[float] = []  # when the room closed the bystander's socket
    done = asyncio.Event()

    async def ask_me() -> None:
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(
            base_url=url, headers=headers, timeout=60, trust_env=False
        ) as http:
            while not done.is_set():
                began = time.perf_counter()
                try:
                    status = (await http.get("/api/me")).status_code
                except httpx.TransportError:
                    status = 0
                me.append((began, (time.perf_counter() - began) * 1000, status))
                await asyncio.sleep(max(0.0, began + ME_EVERY - time.perf_counter()))

    asking = asyncio.create_task(ask_me())
    ready = False
    while not stop.is_set():
        out: dict[int, float] = {}
        try:
            async with await open_socket(url, token) as ws:

                async def read(ws: ClientConnection = ws, out: dict[int, float] = out) -> None:
                    with contextlib.suppress(websockets.ConnectionClosed):
                        async for text in ws:
                            message = json.loads(text)
                            if message["type"] == "pong" and message["id"] in out:
                                sent = out.pop(message["id"])
                                pings.append((sent, (time.perf_counter() - sent) * 1000))

                reading = asyncio.create_task(read())
                number = 0
                tick = time.perf_counter()
                while not stop.is_set() and not reading.done():
                    if len(out) < PINGS_OUT:
                        number += 1
                        out[number] = time.perf_counter()
                        await ws.send(json.dumps({"type": "ping", "id": number}))
                    if not ready and pings:
                        pipe.send("ready")
                        ready = True
                    tick += PING_EVERY
                    now = time.perf_counter()
                    if tick < now:  # late: skip the missed ticks rather than burst
                        tick += math.ceil((now - tick) / PING_EVERY) * PING_EVERY
                    await asyncio.sleep(tick - now)
                if reading.done():
                    closed.append(time.perf_counter())
                reading.cancel()
        except (OSError, websockets.WebSocketException):
            closed.append(time.perf_counter())
            await asyncio.sleep(0.2)
        pings.extend((sent, None) for sent in out.values())
    done.set()
    await asking
    return {"pings": pings, "me": me, "closed": closed}


# -- sockets ---------------------------------------------------------------------------------


async def open_socket(
    url: str, token: str | None = None, *, source: str = "127.0.0.1", timeout: float = 20
) -> ClientConnection:
    """A WebSocket to the room from ``source``, its session token (if any) beside the
    subprotocol, never in the URL."""
    protocols = [Subprotocol("studpoker")]
    if token is not None:
        protocols.append(Subprotocol(f"bearer.{token}"))
    return await websockets.connect(
        url.replace("http", "ws", 1) + "/ws",
        subprotocols=protocols,
        max_size=None,
        open_timeout=timeout,
        ping_interval=None,
        compression=None,
        proxy=None,
        local_addr=(source, 0),
    )


async def first_message(ws: ClientConnection, timeout: float = 20) -> dict[str, Any]:
    return dict(json.loads(await asyncio.wait_for(ws.recv(), timeout)))


@dataclass(eq=False)
class Listener:
    """A socket of a crowd, counting the messages it gets by type (an error by code)."""

    ws: ClientConnection
    seen: Counter[str] = field(default_factory=Counter)
    task: asyncio.Task[None] | None = None

    async def listen(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for text in self.ws:
                message = json.loads(text)
                self.seen[message.get("code") or message["type"]] += 1


async def crowd(url: str, sources: list[str], *, watch: str | None = None) -> list[Listener]:
    """Anonymous sockets, one from each of ``sources``, in the lobby or watching
    ``watch``; opened ten at a time (this is setting up, not the attack)."""
    gate = asyncio.Semaphore(10)

    async def one(source: str) -> Listener:
        async with gate:
            ws = await open_socket(url, source=source)
            welcome = await first_message(ws)
            if welcome["type"] != "welcome":
                await ws.close()
                raise SystemExit(f"a crowd socket from {source} was refused: {welcome}")
            listener = Listener(ws)
            if watch is not None:
                await ws.send(json.dumps({"type": "watch", "table": watch}))
            listener.task = asyncio.create_task(listener.listen())
            return listener

    return list(await asyncio.gather(*(one(source) for source in sources)))


async def disperse(listeners: list[Listener]) -> None:
    await asyncio.gather(*(listener.ws.close() for listener in listeners), return_exceptions=True)
    for listener in listeners:
        if listener.task is not None:
            listener.task.cancel()


def crowd_sources(count: int) -> list[str]:
    """The source address of each of ``count`` sockets: loopback addresses other than
    127.0.0.1, :data:`CROWD_PER_ADDRESS` from each."""
    return [f"127.0.0.{2 + n // CROWD_PER_ADDRESS}" for n in range(count)]


# -- the attacks -----------------------------------------------------------------------------


@dataclass
class Windows:
    """When the bystander's baseline and the attack ran, on the shared monotonic clock
    (``perf_counter`` is CLOCK_MONOTONIC on Linux: one clock for both processes), and
    the CPU the server and this process (the attacker) used during the attack."""

    server: int  # the server's pid
    base: tuple[float, float] = (0.0, 0.0)
    began: float = 0.0
    ended: float = 0.0
    server_cpu: float = 0.0
    attacker_cpu: float = 0.0

    async def baseline(self) -> None:
        start = time.perf_counter()
        await asyncio.sleep(BASELINE)
        self.base = (start, time.perf_counter())
        self.server_cpu, self.attacker_cpu = cpu_seconds(self.server), time.process_time()
        self.began = time.perf_counter()

    def end(self) -> float:
        """The attack is over: how long it took."""
        self.ended = time.perf_counter()
        self.server_cpu = cpu_seconds(self.server) - self.server_cpu
        self.attacker_cpu = time.process_time() - self.attacker_cpu
        return self.ended - self.began

    async def settle(self) -> None:
        """Wait for the rest of the window the bystander is measured in."""
        await asyncio.sleep(max(0.0, self.began + WINDOW - time.perf_counter()))

    @property
    def during(self) -> tuple[float, float]:
        return (self.began, max(self.ended, self.began + WINDOW))


@dataclass
class Target:
    url: str
    port: int
    tokens: dict[str, str]
    scale: float
    hands: int  # the reader's stored hands, numbered 1 to hands

    def count(self, full: int) -> int:
        return max(1, round(full * self.scale))

    def http(self, token: str | None = None, **options: Any) -> httpx.AsyncClient:
        headers = {} if token is None else {"Authorization": f"Bearer {self.tokens[token]}"}
        return httpx.AsyncClient(
            base_url=self.url, headers=headers, timeout=120, trust_env=False, **options
        )


@dataclass
class Outcome:
    sent: str  # what the attacker sent
    outcome: str  # how the room answered it
    seconds: float  # how long the attack took
    counts: dict[str, Any]


def said(counts: Counter[str] | dict[str, int]) -> str:
    return ", ".join(f"{number:,} {what}" for what, number in counts.items() if number)


@dataclass
class Answers:
    """HTTP answers by status, the Retry-After of those that carry one, and the first
    message of each status that refused."""

    statuses: Counter[int] = field(default_factory=Counter)
    retry_after: list[int] = field(default_factory=list)
    messages: dict[int, str] = field(default_factory=dict)
    cut_off: int = 0  # connections the room closed before any answer (over its cap)

    @property
    def total(self) -> int:
        return self.statuses.total() + self.cut_off

    def add(self, answer: httpx.Response | None) -> None:
        if answer is None:
            self.cut_off += 1
            return
        self.statuses[answer.status_code] += 1
        if "retry-after" in answer.headers:
            self.retry_after.append(int(answer.headers["retry-after"]))
        if answer.status_code >= 400 and answer.status_code not in self.messages:
            with contextlib.suppress(ValueError):
                self.messages[answer.status_code] = str(answer.json().get("detail"))

    def __str__(self) -> str:
        text = ", ".join(f"{n:,} × {code}" for code, n in sorted(self.statuses.items()))
        if self.retry_after:
            low, high = min(self.retry_after), max(self.retry_after)
            text += f" (Retry-After {low} s)" if low == high else f" (Retry-After {low}–{high} s)"
        if self.cut_off:
            text += f", {self.cut_off:,} connections cut off (over the address's cap)"
        return text

    def counts(self) -> dict[str, Any]:
        return {
            "statuses": {str(code): n for code, n in sorted(self.statuses.items())},
            "cut_off": self.cut_off,
            "retry_after": sorted(set(self.retry_after)),
            "messages": {str(code): text for code, text in sorted(self.messages.items())},
        }


async def lobby(target: Target, windows: Windows) -> Outcome:
    count = target.count(300)
    ws = await open_socket(target.url)
    await first_message(ws)  # welcome
    await first_message(ws)  # the lobby
    replies: Counter[str] = Counter()

    async def read() -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for text in ws:
                message = json.loads(text)
                replies[message.get("code") or message["type"]] += 1

    await windows.baseline()
    reading = asyncio.create_task(read())
    sent = 0
    with contextlib.suppress(websockets.ConnectionClosed):
        for number in range(count):
            await ws.send(json.dumps({"type": "lobby", "id": number}))
            sent += 1
    deadline = time.perf_counter() + 10
    while not reading.done() and replies.total() < sent and time.perf_counter() < deadline:
        await asyncio.sleep(0.02)
    took = windows.end()
    closed = reading.done()
    code, reason = ws.close_code, ws.close_reason
    await windows.settle()
    await ws.close()
    reading.cancel()
    answered = {"answered": replies.pop("lobby", 0), **replies}
    end = f"closed {code} ({reason})" if closed else "the socket stayed open"
    return Outcome(
        sent=f"{count:,} lobby messages on one anonymous socket, as fast as it writes"
        + ("" if sent == count else f" ({sent:,} written before it closed)"),
        outcome=f"{said(answered)}; {end}",
        seconds=took,
        counts={"sent": sent, **answered, "close_code": code if closed else None},
    )


async def sockets(target: Target, windows: Windows) -> Outcome:
    count = target.count(300)
    results: Counter[str] = Counter()
    opened: list[ClientConnection] = []
    refused: list[ClientConnection] = []

    async def one() -> None:
        try:
            ws = await open_socket(target.url)
        except (OSError, websockets.InvalidMessage):
            # The room closed the connection as it came: the address holds its cap of
            # connections (connections_per_address) already.
            results["cut off at connecting"] += 1
            return
        except (TimeoutError, websockets.WebSocketException) as error:
            results[f"failed ({type(error).__name__})"] += 1
            return
        opened.append(ws)
        try:
            message = await first_message(ws)
        except (TimeoutError, websockets.ConnectionClosed):
            results["no answer"] += 1
            return
        if message["type"] == "welcome":
            results["admitted"] += 1
        else:
            results[message.get("code") or message["type"]] += 1
            refused.append(ws)

    await windows.baseline()
    await asyncio.gather(*(one() for _ in range(count)))
    closes = await asyncio.gather(
        *(asyncio.wait_for(ws.wait_closed(), 10) for ws in refused), return_exceptions=True
    )
    took = windows.end()
    by_room = Counter(ws.close_code for ws, error in zip(refused, closes, strict=True) if not error)
    await windows.settle()
    await asyncio.gather(*(ws.close() for ws in opened), return_exceptions=True)
    closed = ", ".join(f"{n:,} closed {code} by the room" for code, n in by_room.items())
    return Outcome(
        sent=f"{count:,} WebSockets opened at once from 127.0.0.1 "
        f"(the bystander holds one of the {LIMITS.sockets_per_address})",
        outcome=f"{said(results)}{'; ' + closed if closed else ''}",
        seconds=took,
        counts={"opened": count, **results},
    )


async def tables(target: Target, windows: Windows) -> Outcome:
    clients, posts = target.count(150), target.count(20)
    sources = crowd_sources(clients)
    listeners = await crowd(target.url, sources)
    answers = Answers()
    async with target.http("tabler") as http:
        await windows.baseline()
        before = sum(listener.seen["lobby"] for listener in listeners)
        for number in range(posts):
            answer = await http.post(
                "/api/tables", json={"game": "razz", "name": f"abuse {number}"}
            )
            answers.add(answer)
        took = windows.end()
        await windows.settle()
    pushed = sum(listener.seen["lobby"] for listener in listeners) - before
    await disperse(listeners)
    return Outcome(
        sent=f"{posts:,} POST /api/tables by one account, one after another, while "
        f"{clients:,} anonymous clients wait in the lobby (from {sources[0]}–{sources[-1]}, "
        f"{CROWD_PER_ADDRESS} an address)",
        outcome=f"{answers}; the crowd was sent the lobby {pushed:,} times "
        f"({pushed / clients:.1f} a client)",
        seconds=took,
        counts={"posts": posts, "clients": clients, **answers.counts(), "lobby_pushes": pushed},
    )


async def history(target: Target, windows: Windows) -> Outcome:
    count = target.count(20)
    async with target.http("reader", limits=httpx.Limits(max_connections=count)) as http:

        async def one() -> tuple[httpx.Response | None, float]:
            began = time.perf_counter()
            try:
                answer = await http.get("/api/hands", params={"limit": 1000})
            except httpx.TransportError:
                return None, time.perf_counter() - began
            return answer, time.perf_counter() - began

        await http.get("/api/tables")  # connections warm
        await windows.baseline()
        results = await asyncio.gather(*(one() for _ in range(count)))
        took = windows.end()
        await windows.settle()
    answers = Answers()
    for answer, _ in results:
        answers.add(answer)
    ok = [(answer, seconds) for answer, seconds in results if answer and answer.status_code == 200]
    times = sorted(seconds for _, seconds in ok)
    texts = [answer.text for answer, _ in ok]
    hands = texts[0].count("PokerStars Hand #") if texts else 0
    each = f" ({hands:,} hands, {len(texts[0]) / 1e6:.1f} MB each)" if texts else ""
    answered = f"; answered in {times[0]:.1f}–{times[-1]:.1f} s" if times else ""
    return Outcome(
        sent=f"{count:,} GET /api/hands?limit=1000 at once as one account",
        outcome=f"{answers}{each}{answered}",
        seconds=took,
        counts={
            "requests": count,
            **answers.counts(),
            "hands": hands,
            "answered_seconds": [round(t, 2) for t in times],
        },
    )


async def logins(target: Target, windows: Windows) -> Outcome:
    count = target.count(120)
    names = ["victim" if n % 2 == 0 else f"nobody{n:04d}" for n in range(count)]
    async with target.http(limits=httpx.Limits(max_connections=count)) as http:

        async def one(name: str) -> httpx.Response | None:
            try:
                return await http.post(
                    "/api/sessions", json={"name": name, "password": "not the password"}
                )
            except httpx.TransportError:
                return None

        await windows.baseline()
        results = await asyncio.gather(*(one(name) for name in names))
        took = windows.end()
        await windows.settle()
    answers = Answers()
    for answer in results:
        answers.add(answer)
    return Outcome(
        sent=f"{count:,} wrong logins at once, half for a real name, half for unknown ones",
        outcome=str(answers),
        seconds=took,
        counts={"logins": count, **answers.counts()},
    )


async def chat(target: Target, windows: Windows) -> Outcome:
    count = target.count(2000)
    # The cap is per address: the bystander's socket and the flooder's are two of it.
    watchers = LIMITS.sockets_per_address - 2
    flooder = await open_socket(target.url, target.tokens["chatter"])
    welcome = await first_message(flooder)
    if welcome.get("account") is None:
        raise SystemExit(f"the flooder is not signed in: {welcome}")
    listeners = await crowd(target.url, ["127.0.0.1"] * watchers, watch=TABLE)
    replies: Counter[str] = Counter()
    counting = asyncio.Event()

    async def read() -> None:
        # The flooder watches the table too, so each line it sends is answered: the
        # line itself, or an error.
        with contextlib.suppress(websockets.ConnectionClosed):
            async for text in flooder:
                message = json.loads(text)
                if not counting.is_set():
                    continue
                if message["type"] == "chat":
                    replies["said"] += 1
                elif message["type"] == "error" and message["code"] in (
                    "chat_limit",
                    "rate_limited",
                ):
                    # A chat line over its rate is a chat_limit; a message over the
                    # socket's rate is not read at all: rate_limited.
                    limit = "chat limit" if message["code"] == "chat_limit" else "socket limit"
                    replies[f"rate_limited ({limit})"] += 1
                elif message["type"] == "error":
                    replies[message["code"]] += 1

    reading = asyncio.create_task(read())
    await flooder.send(json.dumps({"type": "watch", "table": TABLE}))
    await windows.baseline()
    counting.set()
    before = [listener.seen["chat"] for listener in listeners]
    sent = 0
    with contextlib.suppress(websockets.ConnectionClosed):
        for number in range(count):
            line = {"type": "chat", "table": TABLE, "text": f"flood {number}", "id": number}
            await flooder.send(json.dumps(line))
            sent += 1
    deadline = time.perf_counter() + 10
    while not reading.done() and replies.total() < sent and time.perf_counter() < deadline:
        await asyncio.sleep(0.02)
    took = windows.end()
    closed = reading.done()
    code, reason = flooder.close_code, flooder.close_reason
    await windows.settle()
    lines = [listener.seen["chat"] - b for listener, b in zip(listeners, before, strict=True)]
    await flooder.close()
    reading.cancel()
    await disperse(listeners)
    end = f"closed {code} ({reason})" if closed else "the socket stayed open"
    got = f"{min(lines):,}" if min(lines) == max(lines) else f"{min(lines):,}–{max(lines):,}"
    return Outcome(
        sent=f"{count:,} chat lines at {TABLE}"
        + ("" if sent == count else f" ({sent:,} written before it closed)")
        + f", watched by {watchers} anonymous sockets: not the issue's 100, since one address "
        f"holds {LIMITS.sockets_per_address} sockets at most, the bystander's and the "
        "flooder's among them",
        outcome=f"each watcher got {got} lines; the flooder's lines: {said(replies)}; {end}",
        seconds=took,
        counts={"sent": sent, "watchers": watchers, "lines_each": lines, **replies},
    )


async def slowloris(target: Target, windows: Windows) -> Outcome:
    count = target.count(500)
    half = b"GET / HTTP/1.1\r\nHost: x\r\n"
    closed_after: list[float] = []
    failed: Counter[str] = Counter()
    writers: list[asyncio.StreamWriter] = []

    async def one() -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", target.port)
        except OSError as error:
            failed[type(error).__name__] += 1
            return
        writers.append(writer)
        writer.write(half)
        with contextlib.suppress(OSError):
            await reader.read(4096)  # b"" once the room closes it
        closed_after.append(time.perf_counter() - windows.began)

    await windows.baseline()
    holding = [asyncio.create_task(one()) for _ in range(count)]
    await asyncio.sleep(HOLD)
    still_open = count - sum(failed.values()) - len(closed_after)
    took = windows.end()
    for writer in writers:
        writer.close()
    for task in holding:
        task.cancel()
    await asyncio.gather(*holding, return_exceptions=True)
    closed_after.sort()
    when = (
        f" (closed {closed_after[0]:.1f}–{closed_after[-1]:.1f} s after opening)"
        if closed_after
        else ""
    )
    return Outcome(
        sent=f"{count:,} TCP connections, each half an HTTP request, held {HOLD:g} s",
        outcome=f"{len(closed_after):,} closed by the room{when}; {still_open:,} open after "
        f"{HOLD:g} s{'; failed to open: ' + said(failed) if failed else ''}",
        seconds=took,
        counts={
            "connections": count,
            "closed": len(closed_after),
            "open_after": still_open,
            "failed": dict(failed),
            "closed_after_seconds": [closed_after[0], closed_after[-1]] if closed_after else [],
        },
    )


# -- the study tools' attacks (issue 34) -----------------------------------------------------

_NUMBER = re.compile(r"^(PokerStars (?:Hand|Game) #)(\d+)", re.MULTILINE)
_MARK = b"#@@@"  # where an upload's own number goes, before each hand's


def upload_template(size: int) -> bytes:
    """A PokerStars file of about ``size`` bytes: the real hands of :data:`SHARED` again
    and again, the n-th numbered ``@@@`` and n in eight digits (as bench/study.py
    numbers them, none the same), for :func:`numbered` to give each upload its own."""
    hands: list[tuple[str, str]] = []  # each hand's header to its '#', and the rest
    for one in sorted(SHARED.glob("*.txt")):
        text = read_text(one)
        found = list(_NUMBER.finditer(text))
        ends = [m.start() for m in found[1:]] + [len(text)]
        hands += [
            (m.group(1), text[m.end() : end].strip() + "\n\n\n")
            for m, end in zip(found, ends, strict=True)
        ]
    parts: list[bytes] = []
    written = 0
    while written < size:
        for head, rest in hands:
            part = f"{head}@@@{len(parts) + 1:08d}{rest}".encode()
            parts.append(part)
            written += len(part)
            if written >= size:
                break
    return b"".join(parts)


def numbered(template: bytes, upload: int) -> bytes:
    """``template`` with upload ``upload``'s number before each hand's (9, then three
    digits: its hands are no other upload's)."""
    return template.replace(_MARK, b"#9%03d" % upload)


async def upload(target: Target, windows: Windows) -> Outcome:
    burst = LIMITS.import_per_account.events
    count = target.count(burst + UPLOADS_BEYOND)
    size = round(LIMITS.import_bytes * UPLOAD_SHARE * target.scale)
    template = upload_template(size)
    bodies = [numbered(template, n) for n in range(count)]
    hands = template.count(_MARK)
    over = LIMITS.import_bytes + 1024 * 1024

    async def chunked() -> AsyncIterator[bytes]:
        # No Content-Length: the room must count the bytes as they come.
        sent = 0
        while sent < over:
            piece = template[: min(1024 * 1024, over - sent)]
            sent += len(piece)
            yield piece

    results: list[tuple[httpx.Response | None, float]] = []
    failed: Counter[str] = Counter()
    async with target.http("uploader", limits=httpx.Limits(max_connections=count)) as http:

        async def one(body: bytes | AsyncIterator[bytes]) -> tuple[httpx.Response | None, float]:
            began = time.perf_counter()
            try:
                answer = await http.post(
                    "/api/study/hands", params={"name": "flood.txt"}, content=body
                )
            except httpx.TransportError as error:
                failed[type(error).__name__] += 1
                answer = None
            return answer, time.perf_counter() - began

        await http.get("/api/tables")  # connections warm
        await windows.baseline()
        oversized, refused_in = await one(chunked())
        results += await asyncio.gather(*(one(body) for body in bodies))
        took = windows.end()
        await windows.settle()
    answers = Answers()
    added = duplicates = 0
    times = []
    for answer, seconds in results:
        if answer is not None:
            answers.add(answer)
        if answer is not None and answer.status_code == 200:
            report = answer.json()
            added += report["added"]
            duplicates += report["duplicates"]
            times.append(seconds)
    times.sort()
    over_said = "failed" if oversized is None else f"{oversized.status_code}"
    if oversized is not None and oversized.status_code >= 400:
        over_said += f" {oversized.json().get('code')}"
    answered = f"; imported in {times[0]:.1f}–{times[-1]:.1f} s" if times else ""
    errors = f"; {said(failed)}" if failed else ""
    peak = peak_memory(windows.server)
    return Outcome(
        sent=f"one chunked file of {over / 1e6:.0f} MB, then {count:,} POST /api/study/hands "
        f"at once, {size / 1e6:.0f} MB ({hands:,} hands) each, as one account",
        outcome=f"the {over / 1e6:.0f} MB file {over_said} in {refused_in:.1f} s; then "
        f"{answers}{errors}; {added:,} hands added, {duplicates:,} duplicates{answered}; "
        f"the room's process at {peak:,.0f} MB at most",
        seconds=took,
        counts={
            "uploads": count,
            "bytes_each": size,
            "hands_each": hands,
            "oversized": over_said,
            **answers.counts(),
            "failed": dict(failed),
            "added": added,
            "duplicates": duplicates,
            "answered_seconds": [round(t, 2) for t in times],
            "server_peak_mb": round(peak),
        },
    )


def peak_memory(pid: int) -> float:
    """The most memory process ``pid`` has held (its resident high-water mark), in MB
    (its worker processes' not counted)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def flood(
    target: Target, windows: Windows, urls: Callable[[int], tuple[str, dict[str, Any]]]
) -> tuple[Answers, float, list[float]]:
    """GETs as ``reader`` in :data:`LANES` lanes, each lane's back to back, for
    :data:`FLOOD` seconds, the n-th to ``urls(n)``: the answers, how long, and how long
    each 200 took."""
    answers = Answers()
    times: list[float] = []
    numbers = itertools.count()
    lanes = httpx.Limits(max_connections=LANES, max_keepalive_connections=LANES)
    async with target.http("reader", limits=lanes) as http:

        async def lane() -> None:
            while time.perf_counter() < windows.began + FLOOD:
                url, params = urls(next(numbers))
                began = time.perf_counter()
                try:
                    answer = await http.get(url, params=params)
                except httpx.TransportError:
                    answer = None
                answers.add(answer)
                if answer is not None and answer.status_code == 200:
                    times.append(time.perf_counter() - began)

        await asyncio.gather(*(http.get("/api/tables") for _ in range(LANES)))  # warm
        await windows.baseline()
        await asyncio.gather(*(lane() for _ in range(LANES)))
        took = windows.end()
        await windows.settle()
    return answers, took, sorted(times)


def _answered(times: list[float]) -> str:
    return f"; each 200 in {times[0] * 1000:,.0f}–{times[-1] * 1000:,.0f} ms" if times else ""


async def replay(target: Target, windows: Windows) -> Outcome:
    async with target.http("reader") as http:
        listed = (await http.get("/api/study/hands", params={"limit": 500})).json()
    imported = [hand["id"] for hand in listed]
    hands = target.hands
    rng = random.Random(34)

    def urls(number: int) -> tuple[str, dict[str, Any]]:
        if number % 2 and imported:
            return f"/api/study/hands/{rng.choice(imported)}", {}
        return f"/api/tables/{HANDS_TABLE}/hands/{rng.randint(1, hands)}/replay", {}

    answers, took, times = await flood(target, windows, urls)
    return Outcome(
        sent=f"{answers.total:,} replays as one account in {FLOOD:g} s, {LANES} lanes back to "
        f"back: its room hands' and its {len(imported)} imported hands' in turn",
        outcome=f"{answers}{_answered(times)}",
        seconds=took,
        counts={"requests": answers.total, **answers.counts(), "answered_ms": _spread(times)},
    )


async def stats(target: Target, windows: Windows) -> Outcome:
    filters: list[dict[str, Any]] = [
        {},
        {"game": "razz"},
        {"game": "seven_card_stud"},
        {"since": "2000-01-01"},
        {"until": "2100-01-01"},
        {"table_size": 6},
        {"currency": "chips"},
    ]

    def urls(number: int) -> tuple[str, dict[str, Any]]:
        route = "/api/study/winnings" if number % 2 else "/api/study/stats"
        where = filters[(number // 2) % len(filters)]
        return route, {"player": "reader", "mine": "true", **where}

    answers, took, times = await flood(target, windows, urls)
    return Outcome(
        sent=f"{answers.total:,} statistics as one account in {FLOOD:g} s, {LANES} lanes back "
        "to back: its statistics and its winnings graph in turn, under changing filters",
        outcome=f"{answers}{_answered(times)}",
        seconds=took,
        counts={"requests": answers.total, **answers.counts(), "answered_ms": _spread(times)},
    )


def _spread(times: list[float]) -> list[float]:
    return [round(times[0] * 1000), round(times[-1] * 1000)] if times else []


ATTACKS: dict[str, Callable[[Target, Windows], Awaitable[Outcome]]] = {
    "lobby": lobby,
    "sockets": sockets,
    "tables": tables,
    "history": history,
    "logins": logins,
    "chat": chat,
    "slowloris": slowloris,
    "upload": upload,
    "replay": replay,
    "stats": stats,
}


# -- measuring -------------------------------------------------------------------------------


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile of sorted ``values``."""
    return values[max(0, math.ceil(fraction * len(values)) - 1)]


def timed(samples: list[tuple[float, float | None]], window: tuple[float, float]) -> dict[str, Any]:
    """p50, p99 and max (ms) of the samples sent within ``window``; ``lost``: unanswered."""
    start, end = window
    inside = [ms for sent, ms in samples if start <= sent < end]
    values = sorted(ms for ms in inside if ms is not None)
    if not values:
        return {"p50": None, "p99": None, "max": None, "n": 0, "lost": len(inside)}
    return {
        "p50": round(percentile(values, 0.5), 1),
        "p99": round(percentile(values, 0.99), 1),
        "max": round(values[-1], 1),
        "n": len(values),
        "lost": len(inside) - len(values),
    }


def raise_file_limit() -> int:
    """Open files up to the hard limit (the server, started after, inherits it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        soft = hard
    return int(soft)


async def run(args: argparse.Namespace, err: Console) -> dict[str, Any]:
    files = raise_file_limit()
    work = Path(tempfile.mkdtemp(prefix="stud-bench-abuse-"))
    database = f"sqlite:///{work / 'room.db'}"
    hands = max(10, round(1000 * args.scale))
    err.log(f"storing {hands:,} hands of reader…")
    began = time.perf_counter()
    # Written in memory and copied: a thousand commits to the disk take half a minute.
    memory = Path("/dev/shm")
    scratch = Path(
        tempfile.mkdtemp(prefix="stud-bench-abuse-", dir=memory if memory.is_dir() else None)
    )
    try:
        tokens = await asyncio.to_thread(prepare, f"sqlite:///{scratch / 'room.db'}", hands)
        shutil.copyfile(scratch / "room.db", work / "room.db")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    err.log(f"prepared in {time.perf_counter() - began:.1f} s; starting stud serve…")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = work / "server.log"
    server = start_server(port, database, log, ["--pause", "0"])  # the real limits
    spawn = multiprocessing.get_context("spawn")
    mine, theirs = spawn.Pipe()
    stop = spawn.Event()
    watcher = spawn.Process(target=bystander, args=(url, tokens["bystander"], theirs, stop))
    results: list[tuple[str, Outcome, Windows]] = []
    try:
        await wait_ready(url, server, log)
        watcher.start()
        if not await asyncio.to_thread(mine.poll, 30):
            raise SystemExit("the bystander did not connect")
        mine.recv()
        target = Target(url, port, tokens, args.scale, hands)
        for name in args.attack:
            err.log(f"attack [bold]{name}[/]…")
            windows = Windows(server.pid)
            outcome = await ATTACKS[name](target, windows)
            err.log(f"  {outcome.outcome} ({outcome.seconds:.1f} s)")
            results.append((name, outcome, windows))
            await asyncio.sleep(COOL)
        stop.set()
        samples = await asyncio.to_thread(mine.recv)
        await asyncio.to_thread(watcher.join, 30)
    finally:
        stop.set()
        if watcher.is_alive():
            watcher.terminate()
        stop_server(server)
        text = log.read_text(errors="replace")
        shutil.rmtree(work, ignore_errors=True)
    pings = [(sent, ms) for sent, ms in samples["pings"]]
    me = [(sent, ms if status == 200 else None) for sent, ms, status in samples["me"]]
    rows = []
    for name, outcome, windows in results:
        during = timed(pings, windows.during)
        rows.append(
            {
                "attack": name,
                "sent": outcome.sent,
                "outcome": outcome.outcome,
                "seconds": round(outcome.seconds, 2),
                "server_cpu": round(windows.server_cpu, 2),
                "attacker_cpu": round(windows.attacker_cpu, 2),
                "bystander": during,
                "baseline": timed(pings, windows.base),
                "me": timed(me, windows.during),
                "me_baseline": timed(me, windows.base),
                "goal_met": during["p99"] is not None and during["p99"] < GOAL_MS,
                "bystander_closed": sum(
                    windows.during[0] <= t < windows.during[1] for t in samples["closed"]
                ),
                "counts": outcome.counts,
            }
        )
    return {
        "attacks": rows,
        "goal_ms": GOAL_MS,
        "ping_every_ms": PING_EVERY * 1000,
        "scale": args.scale,
        "stored_hands": hands,
        "cores": os.cpu_count(),
        "open_files": files,
        "server_tracebacks": text.count("Traceback"),
    }


def ms(value: float | None) -> str:
    return "—" if value is None else f"{value:,.1f}"


def report(result: dict[str, Any], console: Console) -> None:
    table = Table(
        title=f"Attacks on the card room (scale {result['scale']:g}; bystander pings every "
        f"{result['ping_every_ms']:g} ms; goal p99 < {result['goal_ms']:g} ms)",
        show_lines=True,
    )
    table.add_column("attack")
    table.add_column("the attacker sent", max_width=38)
    table.add_column("the room answered", max_width=42)
    table.add_column("took", justify="right")
    table.add_column("server CPU", justify="right")
    for name in ("p50", "p99", "max"):
        table.add_column(f"{name} ms", justify="right")
    table.add_column("baseline p50 / p99", justify="right")
    table.add_column("/api/me p99 (base)", justify="right")
    table.add_column("goal")
    for row in result["attacks"]:
        during, base = row["bystander"], row["baseline"]
        lost = f" ({during['lost']} lost)" if during["lost"] else ""
        table.add_row(
            row["attack"],
            row["sent"],
            row["outcome"],
            f"{row['seconds']:.2f} s",
            f"{row['server_cpu']:.2f} s",
            ms(during["p50"]),
            ms(during["p99"]) + lost,
            ms(during["max"]),
            f"{ms(base['p50'])} / {ms(base['p99'])}",
            f"{ms(row['me']['p99'])} ({ms(row['me_baseline']['p99'])})",
            "[green]PASS" if row["goal_met"] else "[red]MISS",
        )
    console.print(table)
    if result["server_tracebacks"]:
        console.print(f"[red]the server logged {result['server_tracebacks']} tracebacks")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--attack",
        nargs="+",
        choices=list(ATTACKS),
        default=list(ATTACKS),
        metavar="NAME",
        help=f"attacks to run, in order (all: {' '.join(ATTACKS)})",
    )
    parser.add_argument("--scale", type=float, default=1.0, help="times every count (1.0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    if args.scale <= 0:
        parser.error("--scale is above 0")
    err = Console(stderr=True, quiet=args.json)
    result = asyncio.run(run(args, err))
    if args.json:
        print(json.dumps(result))
    else:
        # Wide enough for the descriptions, even in a pipe (where Rich assumes 80).
        report(result, Console(width=max(Console().width, 160)))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
