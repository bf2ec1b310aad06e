"""A hand played in the room, to study: its stored events and players, and its stakes
and how its table wrote money from its record (PHH)."""

from __future__ import annotations

import json
import tomllib

from studpoker.games import preset
from studpoker.store.values import StoredHand
from studpoker.study.hands import StudyHand

__all__ = ["room_hand"]


def room_hand(stored: StoredHand) -> StudyHand:
    """``stored`` as a :class:`StudyHand` (source ``"room"``, number ``"table#n"``)."""
    doc = tomllib.loads(stored.record)
    stacks = doc.get("starting_stacks") or []
    seats = sorted(stored.players, key=lambda player: player.seat)
    unit = doc.get("big_bet") or doc.get("min_bet") or 0
    return StudyHand(
        source="room",
        number=f"{stored.table_id}#{stored.number}",
        game=stored.game,
        small_bet=int(doc.get("small_bet") or doc.get("min_bet") or 0),
        big_bet=int(unit),
        seats=[
            (player.seat, player.name, int(stacks[i]) if i < len(stacks) else 0)
            for i, player in enumerate(seats)
        ],
        events=json.loads(stored.events),
        played_at=stored.started_at.strftime("%Y-%m-%d %H:%M:%S"),
        scale=_money_unit(stored.game, doc),
        table_size=_table_size(stored.game, doc),
        record=stored.record,
    )


def _money_unit(game: str, doc: dict[str, object]) -> int:
    """How the hand's table wrote money (R1.4), the unit of its amounts: written in the
    record when not the preset's (``_money_unit = 1``: a tournament's chips), else the
    preset's (100 for the fixed-limit games' cents, 1 for Show Hand's chips)."""
    unit = doc.get("_money_unit")
    if isinstance(unit, int) and not isinstance(unit, bool):
        return unit
    try:
        return preset(game).money_unit
    except ValueError:  # not a preset's game: its amounts as they are
        return 1


def _table_size(game: str, doc: dict[str, object]) -> int | None:
    """The table's seats: written when not the preset's (``_max_seats``), else the
    preset's for its deck (R6.10: a short Show Hand deck seats fewer)."""
    seats = doc.get("_max_seats")
    if isinstance(seats, int):
        return seats
    deck = doc.get("_deck")
    try:
        return preset(game, **({"deck": deck} if isinstance(deck, int) else {})).max_seats
    except ValueError:  # not a preset's: leave it unknown
        return None
