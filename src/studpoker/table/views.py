"""What a table shows, as plain values: each seat, the decision pending, the
competition's clock, a mixed game's state.  The hand itself is shown by its view of
the viewer's seat (:func:`~studpoker.table.snapshot.view_dict`, DESIGN.md idea 2)."""

from __future__ import annotations

from typing import Any

from studpoker.games import Rotation
from studpoker.table.competition import Competition
from studpoker.table.seating import Seat
from studpoker.table.snapshot import legal_dict
from studpoker.table.turns import Turn

__all__ = ["competition_dict", "mix_dict", "seat_dict", "turn_dict"]


def seat_dict(seat: Seat | None, stacks: dict[int, int]) -> dict[str, Any] | None:
    """``seat`` as every viewer sees it (``stacks``: the stacks of the hand being
    played by table seat, which hold the chips in play); None for an empty seat."""
    if seat is None:
        return None
    occupant = seat.occupant
    number = seat.number
    return {
        "seat": number,
        "name": occupant.name,
        "account_id": occupant.account_id,
        "is_bot": occupant.is_bot,
        "chips": stacks.get(number, seat.chips),
        "in_hand": number in stacks,
        "sitting_out": seat.sitting_out,
        "away": seat.away,
        "connected": seat.connected,
        "leaving": seat.leaving,
        "time_bank": seat.time_bank,
        "auto_muck": seat.auto_muck,
        "top_up": seat.top_up,
        "waiting": None if seat.successor is None else seat.successor[0].name,
    }


def turn_dict(turn: Turn | None, viewer: int | None, now: float) -> dict[str, Any] | None:
    """The decision pending at ``now``, its legal actions for its own seat alone."""
    if turn is None:
        return None
    return {
        "seq": turn.seq,
        "seat": turn.seat,
        # to the millisecond: the digits beyond are noise in every update
        "remaining": round(turn.remaining(now), 3),
        "clock": round(max(turn.clock_ends - now, 0.0), 3),
        "legal_actions": [legal_dict(o) for o in turn.legal_actions] if turn.seat == viewer else [],
    }


def competition_dict(
    competition: Competition | None, chips: int, now: float
) -> dict[str, Any] | None:
    """The competition under way at ``now`` (R7.3): its time left, entrants and chips."""
    if competition is None:
        return None
    return {
        "remaining": round(max(competition.deadline - now, 0.0), 3),
        "entrants": competition.entrants,
        "chips": chips,
    }


def mix_dict(rotation: Rotation | None, index: int) -> dict[str, Any] | None:
    """A mixed game's state at hand ``index`` of its rotation: the game, the game after
    it and how many hands of this one are left after it (games.rotation)."""
    if rotation is None:
        return None
    return {
        "name": rotation.name,
        "games": list(rotation.games),
        "game": rotation.game(index),
        "next_game": rotation.next_game(index),
        "hands_left": rotation.hands_left(index),
    }
