"""Pots and side pots (R5.4), and splitting chips among tied winners (R5.6).

>>> side_pots([100, 300, 300], [False, False, False])
[Pot(amount=300, eligible=(0, 1, 2)), Pot(amount=400, eligible=(1, 2))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from studpoker.hands import HandValue

__all__ = ["Pot", "rollover_shares", "side_pots", "split"]


@dataclass(frozen=True, slots=True)
class Pot:
    """Chips and the seats that may win them: those still in who put in the pot's
    full level (R5.4)."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(
    contributed: Sequence[int],
    folded: Sequence[bool],
    all_in: Sequence[bool] | None = None,
) -> list[Pot]:
    """The main pot and side pots made by what each seat put in (R5.4).

    A new pot starts above each all-in player's level; ``all_in`` says who is all
    in (by default everyone still in who put in less than the most, as at the
    end of the betting).  Mid-street, a player still to call is in every pot.
    """
    live = [s for s in range(len(contributed)) if not folded[s]]
    if not live:
        return []
    top = max(contributed[s] for s in live)
    if all_in is None:
        all_in = [c < top for c in contributed]
    levels = sorted({contributed[s] for s in live if all_in[s] and contributed[s] < top})
    levels.append(top)
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributed)
        eligible = tuple(s for s in live if contributed[s] >= level or not all_in[s])
        if amount:
            pots.append(Pot(amount, eligible))
        previous = level
    # Chips folded players put in above every live player's level join the last pot.
    rest = sum(max(c - previous, 0) for c in contributed)
    if rest:
        if pots:
            pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
        else:
            pots.append(Pot(rest, tuple(live)))
    return pots


def split(
    amount: int,
    winners: Sequence[int],
    values: dict[int, HandValue],
    odd_chip: Literal["suit", "seat"],
) -> dict[int, int]:
    """``amount`` shared by tied ``winners``; odd chips one each, first to the
    winner holding the highest card by suit in their five-card hand (WSOP), or
    with ``odd_chip="seat"`` to the first seat left of the button (R5.6)."""
    share, odd = divmod(amount, len(winners))
    result = dict.fromkeys(winners, share)
    if odd:
        if odd_chip == "suit" and all(w in values for w in winners):

            def highest_card(seat: int) -> tuple[int, int]:
                # By rank, then suit (R1.3); in a low hand the ace is low (R1.1).
                value = values[seat]
                return max(
                    (1 if value.is_low and c >> 2 == 12 else (c >> 2) + 2, c & 3)
                    for c in value.cards
                )

            order = sorted(winners, key=highest_card, reverse=True)
        else:
            order = sorted(winners)
        for seat in order[:odd]:
            result[seat] += 1
    return result


def rollover_shares(rollover: int, players: int) -> list[int]:
    """R6.8: chips rolled over into a table's next hand, when there is none (the
    table's last hand, or a tournament table broken), split equally among its
    ``players`` seated, the odd chips one each to the first in seat order.  The one
    split the table, the room's ledger, the tournament director and the simulator
    make.

    >>> rollover_shares(10, 3), rollover_shares(0, 2), rollover_shares(5, 1)
    ([4, 3, 3], [0, 0], [5])
    """
    if players < 1:
        raise ValueError(f"a rollover is split among 1 player or more, not {players}")
    if rollover < 0:
        raise ValueError(f"a rollover is 0 chips or more, not {rollover}")
    share, odd = divmod(rollover, players)
    return [share + (i < odd) for i in range(players)]
