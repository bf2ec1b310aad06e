"""A tournament's prizes by its field's size (issue 17): the package's ``payouts.json``,
a row for each range of entrants giving each paid place's share of the prize pool in
thousandths.  Prizes are whole chips: each place gets its share rounded down, and the
chips left over go one each to the first places, from the winner down, so that the
prizes always add up to the pool.

>>> payouts(9, 900)
[450, 270, 180]
>>> payouts(9, 1001)
[501, 300, 200]
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

__all__ = ["PAYOUTS", "PayoutRow", "payout_row", "payouts"]


@dataclass(frozen=True)
class PayoutRow:
    """The places paid when ``least`` to ``most`` players enter, each place's share of
    the pool in thousandths (the first place's first)."""

    least: int
    most: int
    per_mille: tuple[int, ...]


def _rows(data: Any) -> tuple[PayoutRow, ...]:
    rows = []
    expected = 2
    for at, row in enumerate(data):
        least, most = row["entrants"]
        shares = tuple(row["per_mille"])
        if least != expected or most < least:
            raise ValueError(f"payouts[{at}]: entrants {least}-{most} do not follow the row before")
        if sum(shares) != 1000 or any(b > a for a, b in itertools.pairwise(shares)):
            raise ValueError(f"payouts[{at}]: shares add up to 1000, first place's the most")
        if len(shares) >= least:
            raise ValueError(f"payouts[{at}]: fewer places paid than players enter")
        rows.append(PayoutRow(least, most, shares))
        expected = most + 1
    return tuple(rows)


# The shipped table, by field size.
PAYOUTS: tuple[PayoutRow, ...] = _rows(
    json.loads(files("studpoker.tournament").joinpath("payouts.json").read_text("utf-8"))
)


def payout_row(entrants: int) -> PayoutRow:
    """The row of the table for a field of ``entrants`` players."""
    if isinstance(entrants, bool) or not isinstance(entrants, int):
        raise ValueError(f"entrants is a whole number, not {entrants!r}")
    for row in PAYOUTS:
        if row.least <= entrants <= row.most:
            return row
    most = PAYOUTS[-1].most
    raise ValueError(f"the payout table covers 2 to {most} entrants, not {entrants}")


def payouts(entrants: int, pool: int) -> list[int]:
    """The prizes of the places paid, first place first, for a field of ``entrants``
    and a prize pool of ``pool`` chips: whole chips that add up to the pool."""
    if isinstance(pool, bool) or not isinstance(pool, int) or pool < 0:
        raise ValueError(f"the prize pool is a whole number of chips, not {pool!r}")
    shares = payout_row(entrants).per_mille
    prizes = [pool * share // 1000 for share in shares]
    for place in range(pool - sum(prizes)):  # fewer than one chip a place
        prizes[place] += 1
    return prizes
