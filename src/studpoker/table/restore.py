"""A table opened again as it was (docs/scaling.md, "A hand survives its process"):
what the room writes of it — who sits where, with what, and its competition — and the
hand it was playing dealt again from the same deck and played on from the same
actions: same cards, same seat to act, a fresh clock.

The table neither reads nor writes the store: the room gives it what it found there
(:class:`ResumedHand`, the seats) and takes :meth:`Table.seating
<studpoker.table.Table.seating>` to write.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from studpoker.cards import Card
from studpoker.engine import Hand, IllegalAction
from studpoker.games import GameSpec
from studpoker.table.competition import Competition
from studpoker.table.errors import TableError
from studpoker.table.seating import Occupant, Seat
from studpoker.table.seeds import HandSeeds
from studpoker.table.turns import RemotePlayer

__all__ = ["ResumedHand", "dealt_again", "gone_occupant", "seating", "seeds_again"]


@dataclass(frozen=True, slots=True)
class ResumedHand:
    """Hand ``number``, begun at ``started`` and cut short: the table seats dealt in
    (in the engine's order) with their stacks, the deck's order, the chips carried
    in, the actions taken (as the engine writes them, ``"raise 400"``) and the seeds
    the deck was made from (:meth:`HandSeeds.journal
    <studpoker.table.seeds.HandSeeds.journal>`; None for a hand journaled before
    hands had seeds)."""

    number: int
    started: datetime
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    deck: tuple[Card | None, ...]
    carry_in: int
    actions: tuple[str, ...]
    seeds: dict[str, Any] | None = None


def seating(
    seats: Iterable[Seat], rollover: int, competition: Competition | None, now: float
) -> dict[str, Any]:
    """Who sits where (``seats`` in seat order), as plain values (JSON): the people's
    seats — computer players of the table are made again, not kept — those waiting
    for a computer player's seat, the ``rollover`` and the ``competition`` under way
    (its clock read at ``now``, the table's clock)."""
    occupied = list(seats)
    return {
        "seats": [
            [
                seat.number,
                seat.occupant.account_id,
                seat.occupant.name,
                seat.chips,
                seat.top_up,
                seat.sitting_out,
                seat.leaving,
            ]
            for seat in occupied
            if not seat.occupant.is_bot
        ],
        "waiting": [
            [seat.number, seat.successor[0].account_id, seat.successor[0].name, seat.successor[1]]
            for seat in occupied
            if seat.successor is not None
        ],
        "rollover": rollover,
        "competition": None
        if competition is None
        else {
            # A moment, not a time left: the competition's clock runs on while no
            # process plays the table (its end is the store's, R7.3).
            "ends_at": (
                datetime.now(UTC) + timedelta(seconds=max(competition.deadline - now, 0.0))
            ).isoformat(),
            "entrants": competition.entrants,
            "out": [[seat, who.account_id, who.name] for seat, who in competition.out],
        },
    }


def dealt_again(spec: GameSpec, resumed: ResumedHand, seats: Mapping[int, Seat]) -> Hand:
    """``resumed`` dealt again and played on to its last action; a TableError if a seat
    it was dealt to is missing from ``seats`` or the engine refuses an action."""
    missing = [n for n in resumed.seats if n not in seats]
    if missing:
        raise TableError(
            f"hand {resumed.number} was dealt to seat {missing[0]}, which is not restored",
            "internal",
        )
    try:
        hand = Hand(spec, list(resumed.stacks), deck=resumed.deck, carry_in=resumed.carry_in)
        for action in resumed.actions:
            hand.act(action)
    except (IllegalAction, ValueError) as error:
        raise TableError(
            f"hand {resumed.number} cannot be dealt again: {error}", "internal"
        ) from None
    return hand


def seeds_again(spec: GameSpec, resumed: ResumedHand) -> HandSeeds | None:
    """The seeds ``resumed`` was dealt from, making its deck again: the same seed, deck
    and tree as before the crash.  None when none were kept, or when they do not make
    the kept deck (the hand is played on from its deck, and claims no proof)."""
    if resumed.seeds is None:
        return None
    try:
        seeds = HandSeeds.from_journal(resumed.seeds, spec.deck)
    except (KeyError, TypeError, ValueError):
        return None
    kept = resumed.deck
    if len(kept) != len(seeds.order) or any(
        card is not None and card != made for card, made in zip(kept, seeds.order, strict=True)
    ):
        return None
    return seeds


def gone_occupant(name: str, account_id: int | None) -> Occupant:
    """Who went out of a competition before the table was restored: a name and an
    account to place and rate, never asked anything again."""
    return Occupant(name, account_id, RemotePlayer(), is_bot=account_id is None)
