"""Time whole tournaments of computer players: hands a second, and what the director
costs at each hand and at each level change.

Usage (from the repository root)::

    .venv/bin/python bench/tournament.py                 # 200 and 1,000 entrants
    .venv/bin/python bench/tournament.py --entrants 200 --json

Each run plays a multi-table Seven Card Stud tournament (the turbo structure, eight
a table) of ``rules`` players to the end in this process (tournament/play.py),
every hand by the engine.  It reports:

* **hands/s**: the tournament's hands over the wall time, the bots' decisions
  included; and the same players' hands at a ring table of eight (``play_hand``, no
  director) for the ratio: what running a tournament costs over the hands alone.
  No reference library runs stud tournaments (PokerKit deals hands, not events),
  so the reference is our own ring hand.
* **director**: the time of ``next_hand`` + ``hand_over`` a hand (median, 99th
  percentile, slowest), moves and breaks included.
* **level change**: at each new level, the director's time from the hand that
  ended the last level to every running table's first deal at the new one (the
  sum of those tables' ``next_hand`` calls: what the director adds before every
  table plays on).

With ``--room`` it plays the same tournaments in the card room itself (an in-memory
store, each hand stored with the director's state, computer players at every seat, no
pause between hands), levels of ``--level-seconds`` on the clock, and reports the
room's hands a second and, at each level change, the time from the level's end on the
clock to the moment every table running then has dealt its first hand at the new
level: the hand each table was playing when the level ended, played out, then the
deal.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from typing import Any

try:
    import studpoker  # noqa: F401
except ImportError:  # not installed: run from a checkout
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from rich.console import Console
from rich.table import Table

from studpoker.bots import make_player, play_hand
from studpoker.tournament import Tournament, default_structure, play_tournament
from studpoker.tournament.director import Deal


class Timed:
    """Wraps the director's two calls to time them (the class's methods, for one run)."""

    def __init__(self) -> None:
        self.per_hand: list[float] = []
        self.deal_time: dict[int, float] = {}  # table -> its last next_hand's time
        self.level_cost: dict[int, float] = {}  # level -> summed first deals
        self.seen: dict[int, set[int]] = {}  # level -> tables dealt at it
        self._deal = Tournament.next_hand
        self._over = Tournament.hand_over
        self._pending = 0.0

    def __enter__(self) -> Timed:
        timed = self

        def next_hand(t: Tournament, number: int, now: float) -> Deal | None:
            start = time.perf_counter()
            deal = timed._deal(t, number, now)
            spent = time.perf_counter() - start
            if deal is not None:
                timed._pending = spent
                level = deal.level.number
                tables = timed.seen.setdefault(level, set())
                if number not in tables and level > 1:
                    tables.add(number)
                    timed.level_cost[level] = timed.level_cost.get(level, 0.0) + spent
            return deal

        def hand_over(t: Tournament, number: int, stacks: Any, *, carry: int, now: float) -> Any:
            start = time.perf_counter()
            moves = timed._over(t, number, stacks, carry=carry, now=now)
            timed.per_hand.append(timed._pending + time.perf_counter() - start)
            return moves

        Tournament.next_hand = next_hand  # type: ignore[method-assign]
        Tournament.hand_over = hand_over  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        Tournament.next_hand = self._deal  # type: ignore[method-assign]
        Tournament.hand_over = self._over  # type: ignore[method-assign]


def ring_rate(hands: int, seed: int) -> float:
    """Hands a second of eight ``rules`` players at a ring table (the reference)."""
    structure = default_structure("seven_card_stud", "turbo")
    spec = structure.spec(structure.levels[3])
    rng = random.Random(seed)
    players = [make_player("rules", spec, random.Random(rng.random())) for _ in range(8)]
    start = time.perf_counter()
    for _ in range(hands):
        play_hand(spec, players, [1500] * 8, rng=rng)
    return hands / (time.perf_counter() - start)


def run(entrants: int, seed: int) -> dict[str, Any]:
    structure = default_structure("seven_card_stud", "turbo")
    with Timed() as timed:
        start = time.perf_counter()
        t = play_tournament(structure, ["rules"] * entrants, seed=seed)
        wall = time.perf_counter() - start
    per_hand = sorted(timed.per_hand)
    ms = [x * 1000 for x in per_hand]
    changes = [cost * 1000 for cost in timed.level_cost.values()]
    return {
        "entrants": entrants,
        "tables": len(t.tables),
        "hands": t.hands,
        "levels": t.level_number,
        "seconds": round(wall, 2),
        "hands_per_s": round(t.hands / wall, 1),
        "director_ms_median": round(statistics.median(ms), 4),
        "director_ms_p99": round(ms[int(len(ms) * 0.99)], 4),
        "director_ms_max": round(ms[-1], 4),
        "level_change_ms_median": round(statistics.median(changes), 4) if changes else None,
        "level_change_ms_max": round(max(changes), 4) if changes else None,
    }


async def room_run(entrants: int, seed: int, level_seconds: float) -> dict[str, Any]:
    """A practice tournament of ``entrants`` computer players in the room."""
    from studpoker.room import Room
    from studpoker.store import Store

    room = Room(Store("sqlite://"), seed=seed, pause=0, default_tables=False)
    await room.start()
    data = default_structure("seven_card_stud", "turbo").to_data()
    data["level_minutes"] = level_seconds / 60
    data["levels"] = [step for step in data["levels"] if "break_minutes" not in step]
    starts = datetime.now(UTC) + timedelta(seconds=1.5)
    tid = await room.create_tournament(
        game="seven_card_stud", kind="scheduled", starts_at=starts, practice=True,
        capacity=entrants, structure=data,
    )  # fmt: skip
    await room.add_computer_players(tid, entrants)
    firsts: dict[tuple[int, str], float] = {}  # (level, table) -> its first deal
    structure = room.tournaments[tid].director.structure
    by_stakes = {level.small_bet: level.number for level in structure.levels}
    hands = 0

    def on_update(update: Any) -> None:
        nonlocal hands
        held = room.tables.get(update.table_id)
        if update.kind != "hand_started" or held is None or held.tournament_id != tid:
            return
        hands += 1
        level = by_stakes[update.hand.spec.small_bet]  # the level it was dealt at
        firsts.setdefault((level, update.table_id), time.time())

    room.listeners.append(on_update)
    level_starts: dict[int, float] = {}
    running: dict[int, set[str]] = {}
    while room.tournament_entry(tid)["state"] != "running":
        await asyncio.sleep(0.05)
    begun = time.time()
    rt = room.tournaments[tid]
    while rt.row.state != "finished":
        director = rt.director
        number = director.level_number
        if number not in level_starts and director.clock.started is not None:
            level_starts[number] = director.clock.started + director.step_started
            running[number] = set(rt.tables.values())
        await asyncio.sleep(0.005)
    wall = time.time() - begun
    changes = []
    for level, started in level_starts.items():
        tables = running[level]
        if level == 1 or not tables:
            continue
        dealt = [firsts.get((level, table)) for table in tables]
        known = [at for at in dealt if at is not None]
        if known:
            changes.append((max(known) - started) * 1000)
    await room.stop()
    return {
        "entrants": entrants,
        "hands": hands,
        "seconds": round(wall, 2),
        "hands_per_s": round(hands / wall, 1),
        "levels": len(level_starts),
        "level_change_ms_median": round(statistics.median(changes), 1) if changes else None,
        "level_change_ms_max": round(max(changes), 1) if changes else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--room", action="store_true", help="play them in the card room")
    parser.add_argument("--level-seconds", type=float, default=5.0)
    args = parser.parse_args(argv)
    if args.room:
        runs = [asyncio.run(room_run(n, args.seed, args.level_seconds)) for n in args.entrants]
        if args.json:
            print(json.dumps({"python": platform.python_version(), "room": runs}))
            return 0
        table = Table(title="Tournaments in the card room, computer players, no pause")
        for column in ("entrants", "hands", "seconds", "hands/s", "levels",
                       "level change ms (median / max)"):  # fmt: skip
            table.add_column(column, justify="right")
        for run_ in runs:
            table.add_row(
                f"{run_['entrants']:,}", f"{run_['hands']:,}", str(run_["seconds"]),
                f"{run_['hands_per_s']:,.0f}", str(run_["levels"]),
                f"{run_['level_change_ms_median']} / {run_['level_change_ms_max']}",
            )  # fmt: skip
        Console().print(table)
        return 0
    ring = ring_rate(2000, args.seed)
    rows = [run(n, args.seed) for n in args.entrants]
    for row in rows:
        row["ring_hands_per_s"] = round(ring, 1)
        row["ratio_to_ring"] = round(row["hands_per_s"] / ring, 3)
    if args.json:
        print(json.dumps({"python": platform.python_version(), "runs": rows}))
        return 0
    table = Table(title="Tournaments of 'rules' players, Seven Card Stud turbo, 8 a table")
    for column in (
        "entrants", "tables", "hands", "hands/s", "÷ ring hands/s", "director ms/hand "
        "(median / p99 / max)", "level change ms (median / max)",
    ):  # fmt: skip
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(
            f"{row['entrants']:,}",
            str(row["tables"]),
            f"{row['hands']:,}",
            f"{row['hands_per_s']:,.0f}",
            f"{row['ratio_to_ring']:.2f} (ring {row['ring_hands_per_s']:,.0f})",
            f"{row['director_ms_median']:.3f} / {row['director_ms_p99']:.3f} / "
            f"{row['director_ms_max']:.3f}",
            f"{row['level_change_ms_median']:.3f} / {row['level_change_ms_max']:.3f}",
        )
    Console().print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
