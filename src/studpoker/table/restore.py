"""A table opened again as it was (docs/scaling.md, "A hand survives its process"):
what the room writes of it — who sits where, with what, and its competition — and a
table rebuilt from that, with the hand it was playing dealt again from the same deck
and played on from the same actions: same cards, same seat to act, a fresh clock.

The table neither reads nor writes the store: the room gives it what it found there
(:class:`ResumedHand`, the seats) and takes :meth:`TableRestore.seating` to write.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from studpoker.cards import Card
from studpoker.engine import Hand, IllegalAction
from studpoker.table.competition import Competition
from studpoker.table.errors import TableError
from studpoker.table.play import TablePlay
from studpoker.table.seating import Occupant, Seat
from studpoker.table.state import _now
from studpoker.table.turns import RemotePlayer
from studpoker.table.updates import TableUpdate

__all__ = ["ResumedHand", "TableRestore", "gone_occupant"]


@dataclass(frozen=True, slots=True)
class ResumedHand:
    """Hand ``number``, begun at ``started`` and cut short: the table seats dealt in
    (in the engine's order) with their stacks, the deck's order, the chips carried
    in, and the actions taken (as the engine writes them, ``"raise 400"``)."""

    number: int
    started: datetime
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    deck: tuple[Card | None, ...]
    carry_in: int
    actions: tuple[str, ...]


class TableRestore(TablePlay):
    """A table written down and rebuilt."""

    def seating(self) -> dict[str, Any]:
        """Who sits where now, as plain values (JSON): the people's seats — computer
        players of the table are made again, not kept — those waiting for a computer
        player's seat, the rollover and the competition under way."""
        seats = [
            [
                held.number,
                held.occupant.account_id,
                held.occupant.name,
                held.chips,
                held.top_up,
                held.sitting_out,
                held.leaving,
            ]
            for _, held in sorted(self._seats.items())
            if not held.occupant.is_bot
        ]
        waiting = [
            [held.number, held.successor[0].account_id, held.successor[0].name, held.successor[1]]
            for _, held in sorted(self._seats.items())
            if held.successor is not None
        ]
        competition = self._competition
        return {
            "seats": seats,
            "waiting": waiting,
            "rollover": self.rollover,
            "competition": None
            if competition is None
            else {
                # A moment, not a time left: the competition's clock runs on while no
                # process plays the table (its end is the store's, R7.3).
                "ends_at": (
                    datetime.now(UTC) + timedelta(seconds=max(competition.deadline - _now(), 0.0))
                ).isoformat(),
                "entrants": competition.entrants,
                "out": [[seat, who.account_id, who.name] for seat, who in competition.out],
            },
        }

    def restore(
        self,
        seats: Sequence[Seat],
        *,
        rollover: int = 0,
        competition: Competition | None = None,
        resumed: ResumedHand | None = None,
    ) -> None:
        """Seat ``seats`` as they were, with ``rollover`` on the table and
        ``competition`` under way, before the table plays; with ``resumed``, the first
        hand it plays is that one, played on from its last action.  A hand that cannot
        be dealt again (a seat missing, an action the engine refuses) is a TableError,
        changing nothing."""
        if self._playing or self._seats or self._hand is not None or self._closed:
            raise TableError("only a table that has not played is restored", "internal")
        by_number: dict[int, Seat] = {}
        for held in seats:
            self._check_number(held.number)
            if held.number in by_number:
                raise TableError(f"seat {held.number} is restored twice", "internal")
            by_number[held.number] = held
        hand = None
        if resumed is not None:
            hand = self._dealt_again(resumed, by_number)
        self._seats = by_number
        self.rollover = rollover
        self._competition = competition
        if resumed is not None and hand is not None:
            self._resumed = (
                hand,
                resumed.number,
                resumed.started,
                resumed.seats,
                len(resumed.actions),
            )
            self.next_hand_number = max(self.next_hand_number, resumed.number + 1)
            # Shown as it stands from now on: whoever watches the table before its task
            # plays the hand on sees it, not an empty table (a take-over, issue 16).
            self._hold(hand, [by_number[n] for n in resumed.seats], resumed.number, resumed.started)
        for number in sorted(by_number):
            self._notify(TableUpdate("seat", self.table_id, seat=number, change="sat"))
        self._wake.set()

    def _dealt_again(self, resumed: ResumedHand, seats: dict[int, Seat]) -> Hand:
        missing = [n for n in resumed.seats if n not in seats]
        if missing:
            raise TableError(
                f"hand {resumed.number} was dealt to seat {missing[0]}, which is not restored",
                "internal",
            )
        try:
            hand = Hand(
                self.spec, list(resumed.stacks), deck=resumed.deck, carry_in=resumed.carry_in
            )
            for action in resumed.actions:
                hand.act(action)
        except (IllegalAction, ValueError) as error:
            raise TableError(
                f"hand {resumed.number} cannot be dealt again: {error}", "internal"
            ) from None
        return hand


def gone_occupant(name: str, account_id: int | None) -> Occupant:
    """Who went out of a competition before the table was restored: a name and an
    account to place and rate, never asked anything again."""
    return Occupant(name, account_id, RemotePlayer(), is_bot=account_id is None)
