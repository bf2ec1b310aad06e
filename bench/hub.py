"""A table's updates to its clients, in one process (issue 16, "cheaper actions"): the
CPU an action costs the table and the hub, without sockets or a database.

Usage (from the repository root)::

    .venv/bin/python bench/hub.py                  # 8 seats of Seven Card Stud, 200 hands
    .venv/bin/python bench/hub.py --profile 25     # and the 25 costliest functions

A table of ``--seats`` people (each a remote player, as in the room) and ``--onlookers``
plays ``--hands`` hands; every seat answers its decisions at once with the cheapest legal
action, and every client's message is encoded as the socket would send it.  It prints
the CPU time an action costs (``time.process_time``: the table's decision, the engine,
the hub's states and patches, the encoding), which ``bench/room.py`` measures with the
sockets and the store around it.  Repeatable to a few per cent on an idle machine, so
it is the A/B of a change to the hub before the whole room is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import time
from types import SimpleNamespace
from typing import Any

from studpoker.games import preset
from studpoker.server.connections import Client, Hub, encode
from studpoker.table import Occupant, RemotePlayer, Table, TableConfig

CHEAP = ("check", "call", "bring_in", "show", "muck", "fold")


def cheapest(legal: Any) -> str:
    kinds = {option.kind.value for option in legal}
    return next(kind for kind in CHEAP if kind in kinds)


async def play(args: argparse.Namespace) -> tuple[int, int, float]:
    """Hands played, actions answered, and the CPU seconds they took."""
    spec = preset(args.game)
    config = TableConfig(spec, "practice", pause=0)
    table = Table("t", config, rng=random.Random(args.seed))
    for seat in range(args.seats):
        table.sit(Occupant(f"p{seat}", seat, RemotePlayer()), config.buy_in_max, seat=seat)
    seats = {account: account for account in range(args.seats)}
    held = SimpleNamespace(table=table, chat=[])
    room = SimpleNamespace(
        tables={"t": held},
        table=lambda table_id: held,
        listeners=[],
        chat_listeners=[],
        seat_of=lambda account, table_id: seats.get(account),
        lobby_entry=lambda table_id: {},
    )
    sent = [0]

    def wire(client: Client) -> Client:
        def send(message: Any) -> None:
            if not isinstance(message, str):
                encode(message)  # as the socket's writer does
            sent[0] += 1

        client.send = send  # type: ignore[method-assign]
        return client

    clients = [wire(Client(None)) for _ in range(args.onlookers)]
    clients += [wire(Client(SimpleNamespace(id=s))) for s in range(args.seats)]  # type: ignore[arg-type]
    hub = Hub(room)  # type: ignore[arg-type]
    table.listeners.append(hub.table_changed)
    for client in clients:
        hub.watch(client, "t")
    actions = 0
    cpu = time.process_time()
    for _ in range(args.hands):
        hand = asyncio.create_task(table.play_hand())
        last = None
        while not hand.done():
            turn = table.turn
            if turn is None or turn.seq == last:
                await asyncio.sleep(0)
                continue
            last = turn.seq
            table.submit(turn.seat, cheapest(turn.legal_actions), turn.seq)
            actions += 1
        await hand
    hub._flush()
    return args.hands, actions, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="seven_card_stud")
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--onlookers", type=int, default=1)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions")
    args = parser.parse_args(argv)
    profile = cProfile.Profile() if args.profile else None
    if profile is not None:
        profile.enable()
    hands, actions, cpu = asyncio.run(play(args))
    if profile is not None:
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)
    print(
        f"{args.game}, {args.seats} seats and {args.onlookers} onlooker(s): {hands} hands, "
        f"{actions} actions, {1000 * cpu / actions:.3f} ms of CPU an action"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
