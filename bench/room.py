"""The card room under load (issue 6): many WebSocket clients playing at once.

Usage (from the repository root)::

    .venv/bin/python bench/room.py --clients 16 --tables 2 --seconds 10
    .venv/bin/python bench/room.py                 # 1,000 clients at 125 tables, 30 s
    .venv/bin/python bench/room.py --json          # one JSON object on stdout

It starts ``stud serve`` in a subprocess (a fresh SQLite file, no pause between
hands, a clock of an hour so that no decision ever times out), registers
``--clients`` accounts over REST, opens ``--tables`` practice tables of ``--game``
through ``POST /api/tables`` and seats the clients on them, eight to a table at
most (a practice table seats computer players only in seats nobody takes, so with
eight people it has none).  Every client opens its own WebSocket and answers each
decision of its seat at once with the cheapest legal action (check, call, post the
bring-in, show).  Setting up is not measured: it ends when every table deals a
hand to its clients alone, and at full scale takes about four minutes, most of
them the argon2 hashes of the registrations (0.2 s and 64 MiB each, which shows in
the server's peak memory).  Then, for ``--seconds``:

* hands per second: the ``hand_ended`` results of every table.  The tables start
  their first measured hands together, so when a hand lasts longer than the
  measuring (as it does at 125 tables on two cores) this undercounts: give
  ``--seconds`` a few hands' time, or read the actions per second;
* the latency of an action: from the moment a client sends ``act`` for decision
  ``seq`` to the moment the last client at that table has received the first
  message showing that decision answered (``state.turn`` no longer ``seq``); p50
  and p99 in milliseconds.  All the clients run in this one process, on one event
  loop, so the time includes the clients' own queueing: it is an upper bound of
  what the server adds;
* the server's memory: its resident set (``VmRSS`` in ``/proc/PID/status``) at
  the end, and its peak (``VmHWM``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from rich.console import Console
from rich.table import Table
from websockets.typing import Subprotocol

# bench/served.py, beside this script (python puts the script's folder first on the path).
from served import cpu_seconds, free_port, start_server, stop_server, wait_ready
from studpoker.server.patch import apply_patch

PASSWORD = "bench room password"
# Practice tables seat eight people at most (R7.1).
PER_TABLE = 8
# The cheapest answer, in order: none of them puts a chip in beyond what is owed.
CHEAP = ("check", "call", "bring_in", "show", "muck", "fold")
# Seconds to wait after the measuring for the answers to the last actions timed.
DRAIN = 15.0


@dataclass
class Measure:
    """What the clients saw, on the monotonic clock of this process."""

    # Nothing counts until the measuring starts.
    start: float = float("inf")
    end: float = float("inf")
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    # (table, seq) -> [clients that saw it answered, the latest of their first sights]
    seen: dict[tuple[str, int], list[float]] = field(default_factory=lambda: defaultdict(list))
    hands: set[tuple[str, int]] = field(default_factory=set)
    # The clients of each table, and the tables that have dealt a hand to all of
    # them and to nobody else (no computer player left).
    players: dict[str, int] = field(default_factory=dict)
    ready: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    messages: int = 0  # table messages
    lobbies: int = 0  # lobby messages

    def measuring(self, now: float) -> bool:
        return self.start <= now < self.end


# -- the server -----------------------------------------------------------------------------


def memory(pid: int) -> dict[str, float]:
    """The process's resident set now and at its peak, in MiB."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values


# -- setting up -----------------------------------------------------------------------------


async def register(url: str, count: int, concurrency: int) -> list[str]:
    """``count`` new accounts (``bench0001``…), their session tokens in order."""
    gate = asyncio.Semaphore(concurrency)
    async with httpx.AsyncClient(base_url=url, timeout=120) as http:

        async def one(number: int) -> str:
            async with gate:
                answer = await http.post(
                    "/api/accounts", json={"name": f"bench{number:04d}", "password": PASSWORD}
                )
            answer.raise_for_status()
            return str(answer.json()["token"])

        return list(await asyncio.gather(*(one(n + 1) for n in range(count))))


async def open_tables(url: str, token: str, game: str, count: int) -> list[str]:
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        ids = []
        for number in range(count):
            answer = await http.post(
                "/api/tables",
                headers={"Authorization": f"Bearer {token}"},
                json={"game": game, "mode": "practice", "seats": PER_TABLE, "name": f"b{number}"},
            )
            answer.raise_for_status()
            ids.append(answer.json()["id"])
        return ids


# -- the clients ----------------------------------------------------------------------------


def cheapest(options: list[dict[str, Any]]) -> str:
    kinds = {option["kind"] for option in options}
    return next(kind for kind in CHEAP if kind in kinds)


async def client(
    url: str,
    token: str,
    table: str,
    seat: int,
    measure: Measure,
    seated: asyncio.Event,
    think: float = 0.0,
) -> None:
    """One player: sit at ``table`` in ``seat``, answer every decision of the seat (at
    once, or after a pause of ``think`` seconds on average, 0.5 to 1.5 times it, as a
    person would), and note when each decision is seen answered.  The time of an
    action is counted from when it is sent, never the pause before it."""
    rng = random.Random(f"{table}/{seat}")

    async def answer(ws: Any, seq: int, action: str, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        measure.sent[(table, seq)] = time.perf_counter()
        try:
            await ws.send(json.dumps({"type": "act", "table": table, "seq": seq, "action": action}))
        except websockets.ConnectionClosed:  # the run is over: the clients are closing
            return

    address = url.replace("http", "ws", 1) + "/ws"
    protocols = [Subprotocol("studpoker"), Subprotocol(f"bearer.{token}")]
    async with websockets.connect(
        address, subprotocols=protocols, max_size=None, open_timeout=120
    ) as ws:
        await ws.send(json.dumps({"type": "sit", "table": table, "seat": seat, "id": "sit"}))
        pending: int | None = None  # the decision this client saw asked last
        state: dict[str, Any] = {}  # the table, rebuilt from the state and its patches
        answered = 0
        thinking: set[asyncio.Task[None]] = set()
        async for text in ws:
            now = time.perf_counter()
            message = json.loads(text)
            kind = message["type"]
            if kind == "error":
                measure.errors.append(message["message"])
            if message.get("id") == "sit":
                seated.set()
            if kind == "lobby":
                measure.lobbies += 1
            if kind != "table":
                continue
            measure.messages += 1
            state = message["state"] if "state" in message else apply_patch(state, message["patch"])
            turn = state["turn"]
            if pending is not None and (turn is None or turn["seq"] != pending):
                seen = measure.seen[(table, pending)]
                seen.append(now)
                pending = None
            if turn is not None and turn["seq"] != pending:
                pending = turn["seq"]
            change = message["change"]
            if change == "hand_ended" and measure.measuring(now):
                measure.hands.add((table, message["result"]["hand"]))
            elif change == "hand_started" and table not in measure.ready:
                people = [
                    held
                    for held in state["seats"]
                    if held is not None and held["in_hand"] and not held["is_bot"]
                ]
                if len(people) == measure.players[table]:
                    measure.ready.add(table)
            if (
                turn is not None
                and turn["seat"] == seat
                and turn["legal_actions"]
                and turn["seq"] > answered
            ):
                answered = turn["seq"]
                action = cheapest(turn["legal_actions"])
                if think:
                    delay = think * (0.5 + rng.random())
                    thinking.add(asyncio.create_task(answer(ws, answered, action, delay)))
                    thinking = {task for task in thinking if not task.done()}
                else:
                    await answer(ws, answered, action, 0.0)


async def run(args: argparse.Namespace, err: Console) -> dict[str, Any]:
    if args.clients > args.tables * PER_TABLE:
        raise SystemExit(f"{args.clients} clients need {-(-args.clients // PER_TABLE)} tables")
    work = Path(tempfile.mkdtemp(prefix="stud-bench-room-"))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = work / "server.log"
    # No pause between hands, a clock of an hour (no decision times out), and no limits:
    # a thousand clients from one address, on purpose.
    options = ["--pause", "0", "--clock", "3600", "--no-limits"]
    server = start_server(port, f"sqlite:///{work / 'room.db'}", log, options)
    try:
        began = time.perf_counter()
        await wait_ready(url, server, log)
        err.log(f"server {server.pid} on {url}; registering {args.clients} accounts…")
        tokens = await register(url, args.clients, args.concurrency)
        tables = await open_tables(url, tokens[0], args.game, args.tables)
        err.log(f"{len(tables)} tables; {args.clients} clients sitting down…")
        measure = Measure()
        places = [(tables[n % args.tables], n // args.tables) for n in range(args.clients)]
        for table, _ in places:
            measure.players[table] = measure.players.get(table, 0) + 1
        seated = [asyncio.Event() for _ in tokens]
        gate = asyncio.Semaphore(50)

        async def connect(number: int) -> None:
            table, seat = places[number]
            async with gate:
                task = asyncio.create_task(
                    client(url, tokens[number], table, seat, measure, seated[number], args.think)
                )
                tasks.append(task)
                await seated[number].wait()

        tasks: list[asyncio.Task[None]] = []
        await asyncio.gather(*(connect(n) for n in range(args.clients)))
        if measure.errors:
            raise SystemExit(f"the server refused: {measure.errors[0]}")
        # Computer players kept seats for those who sat down during a hand: measure
        # from the moment every table deals to its clients alone.
        err.log("waiting for every table to deal a hand to its clients alone…")
        deadline = time.perf_counter() + args.settle
        while len(measure.ready) < len(tables) and time.perf_counter() < deadline:
            await asyncio.sleep(0.2)
        if len(measure.ready) < len(tables):
            err.log(f"[red]only {len(measure.ready)} of {len(tables)} tables settled")
        setup = time.perf_counter() - began
        err.log(f"set up in {setup:.0f} s; measuring {args.seconds:g} s…")
        # A thousand clients keep a large heap in this process: the collector's passes
        # over it would be timed as the server's latency.  Their messages hold no
        # cycles, so reference counting frees them.
        gc.collect()
        gc.freeze()
        gc.disable()
        measure.start = time.perf_counter()
        measure.end = measure.start + args.seconds
        messages, lobbies = measure.messages, measure.lobbies
        server_cpu, own_cpu = cpu_seconds(server.pid), time.process_time()
        await asyncio.sleep(args.seconds)
        messages, lobbies = measure.messages - messages, measure.lobbies - lobbies
        server_cpu = cpu_seconds(server.pid) - server_cpu
        own_cpu = time.process_time() - own_cpu
        rss = memory(server.pid)
        # The actions sent in time are timed to the end: wait for their last sights.
        deadline = time.perf_counter() + DRAIN
        while time.perf_counter() < deadline and any(
            len(measure.seen.get(key, ())) < measure.players[key[0]]
            for key, sent in measure.sent.items()
            if measure.measuring(sent)
        ):
            await asyncio.sleep(0.1)
        gc.enable()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        stop_server(server)
        shutil.rmtree(work, ignore_errors=True)
    latencies = []
    for (table, seq), sent in measure.sent.items():
        seen = measure.seen.get((table, seq), [])
        if measure.measuring(sent) and len(seen) == measure.players[table]:
            latencies.append((max(seen) - sent) * 1000)
    latencies.sort()
    return {
        "hands_per_second": round(len(measure.hands) / args.seconds, 2),
        "p50_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))], 2)
        if latencies
        else None,
        "rss_mb": round(rss["VmRSS"], 1),
        "peak_rss_mb": round(rss["VmHWM"], 1),
        "clients": args.clients,
        "tables": args.tables,
        "game": args.game,
        "seconds": args.seconds,
        "think": args.think,
        "hands": len(measure.hands),
        "actions": len(latencies),
        "actions_per_second": round(len(latencies) / args.seconds, 1),
        "messages_per_second": round(messages / args.seconds),
        "lobbies_per_second": round(lobbies / args.seconds),
        "setup_seconds": round(setup, 1),
        "server_cpu": round(server_cpu / args.seconds, 2),
        # The measure: the server's CPU (every thread) over the actions played.
        "server_cpu_ms_per_action": round(1000 * server_cpu / len(latencies), 3)
        if latencies
        else None,
        "clients_cpu": round(own_cpu / args.seconds, 2),
    }


def report(result: dict[str, Any], console: Console) -> None:
    table = Table(
        title=f"Card room: {result['clients']:,} clients at {result['tables']:,} "
        f"{result['game']} tables, {result['seconds']:g} s"
    )
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("hands per second", f"{result['hands_per_second']:,.2f}")
    table.add_row("hands", f"{result['hands']:,}")
    table.add_row("actions timed", f"{result['actions']:,}")
    table.add_row("actions per second", f"{result['actions_per_second']:,.1f}")
    table.add_row("table messages received a second", f"{result['messages_per_second']:,}")
    table.add_row("lobby messages received a second", f"{result['lobbies_per_second']:,}")
    for key, name in (("p50_ms", "action to table, p50"), ("p99_ms", "action to table, p99")):
        value = result[key]
        table.add_row(name, "—" if value is None else f"{value:,.1f} ms")
    table.add_row("server memory (RSS)", f"{result['rss_mb']:,.1f} MiB")
    table.add_row("server memory, peak", f"{result['peak_rss_mb']:,.1f} MiB")
    table.add_row("server CPU (cores busy)", f"{result['server_cpu']:.2f}")
    per_action = result["server_cpu_ms_per_action"]
    table.add_row("server CPU an action", "—" if per_action is None else f"{per_action:.3f} ms")
    table.add_row("clients' CPU (cores busy)", f"{result['clients_cpu']:.2f}")
    table.add_row("setting up (not measured)", f"{result['setup_seconds']:,.0f} s")
    console.print(table)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=1000, help="WebSocket clients (1,000)")
    parser.add_argument("--tables", type=int, default=125, help="practice tables (125)")
    parser.add_argument("--seconds", type=float, default=30.0, help="time measured (30)")
    parser.add_argument("--game", default="seven_card_stud", help="the tables' game")
    parser.add_argument(
        "--concurrency", type=int, default=4, help="registrations at once while setting up"
    )
    parser.add_argument(
        "--settle", type=float, default=600.0, help="seconds to wait for the tables to fill"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a client takes to answer, on average (0: at once, the most load)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    if args.clients < 1 or args.tables < 1 or args.seconds <= 0:
        parser.error("--clients, --tables and --seconds are above 0")
    err = Console(stderr=True, quiet=args.json)
    result = asyncio.run(run(args, err))
    if args.json:
        print(json.dumps(result))
    else:
        report(result, Console())
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
