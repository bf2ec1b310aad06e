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
  table plays on).  The room's own time (sending the new stakes to every seat)
  is measured by the room's benchmarks once tournaments run in the room.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
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
