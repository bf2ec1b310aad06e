"""What a table shows: its seats and the hand being played, the lobby's line, and
the snapshot of everything a viewer may see, as plain values."""

from __future__ import annotations

from typing import Any

from studpoker.engine import Hand
from studpoker.table.competition import Competition
from studpoker.table.completed import CompletedHand
from studpoker.table.seating import Seat
from studpoker.table.seatmap import SeatMap
from studpoker.table.snapshot import legal_dict, view_dict
from studpoker.table.state import TableState, _now
from studpoker.table.turns import Turn

__all__ = ["TableViews"]


class TableViews(TableState):
    """A table as it is seen."""

    @property
    def seats(self) -> dict[int, Seat]:
        """The occupied seats by number (read them; the table changes them)."""
        return dict(sorted(self._seats.items()))

    def seat(self, number: int) -> Seat | None:
        """Seat ``number`` if it is occupied (read it; the table changes it): what
        ``seats.get(number)`` gives, without copying every seat."""
        return self._seats.get(number)

    def seat_of_account(self, account_id: int) -> int | None:
        """The seat a person of ``account_id`` holds here, if any (asked for every
        message to a client: no copy of the seats)."""
        for number, held in self._seats.items():
            occupant = held.occupant
            if occupant.account_id == account_id and not occupant.is_bot:
                return number
        return None

    @property
    def current_hand(self) -> Hand | None:
        """The hand being played, or None between hands."""
        return self._hand

    @property
    def hand_number(self) -> int | None:
        """The number of the hand being played, or None."""
        return self._number if self._hand is not None else None

    @property
    def dealt(self) -> tuple[int, ...]:
        """The table seat of each engine seat of the hand being played."""
        return self.seat_map.seats

    @property
    def seat_map(self) -> SeatMap:
        """The table seat of each engine seat of the hand being played (none between
        hands)."""
        return self._seat_map if self._hand is not None else SeatMap()

    def engine_seat_of(self, seat: int | None) -> int | None:
        """The engine seat of table ``seat`` in the hand being played, if the one who
        sits there now was dealt in; None for an onlooker, a seat not dealt in, and a
        seat taken over since the deal (R7.1: a person in a computer player's seat must
        not see the cards it held)."""
        if seat is None or self._hand is None:
            return None
        engine = self._seat_map.engine_seat(seat)
        if engine is None:
            return None
        held = self._seats.get(seat)
        if held is None or held.occupant is not self._players[engine]:
            return None
        return engine

    @property
    def turn(self) -> Turn | None:
        """The decision the table waits for, or None."""
        return self._turn

    @property
    def competition(self) -> Competition | None:
        """The competition under way, or None (R7.3)."""
        return self._competition

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def paused(self) -> bool:
        """Whether the room's operator paused the table (it deals no hand until resumed)."""
        return self._paused

    @property
    def halted(self) -> str | None:
        """Why the table deals no more hands (its books disagree with the room's), or
        None while it plays."""
        return self._halted

    def last_hand(self) -> CompletedHand | None:
        """The hand played last (R5.8), or None."""
        return self._kept[-1] if self._kept else None

    def hand(self, number: int) -> CompletedHand | None:
        """Hand ``number``, if it is among the last hands the table keeps whole
        (:data:`~studpoker.table.state.KEPT_HANDS`)."""
        return next((done for done in self._kept if done.number == number), None)

    def info(self) -> dict[str, Any]:
        """The table for the lobby."""
        recent = self._recent
        average_pot = self._recent_pots // len(recent) if recent else 0
        span = (recent[-1][1] - recent[0][1]).total_seconds() if len(recent) > 1 else 0.0
        return {
            "id": self.table_id,
            "name": self.config.name,
            "game": self.spec.game,
            "mode": self.config.mode,
            "stakes": self.config.stakes,
            "money_unit": self.spec.money_unit,
            "seated": len(self._seats),
            "humans": sum(not seat.occupant.is_bot for seat in self._seats.values()),
            "seats": self.config.seats,
            "average_pot": average_pot,
            "hands_per_hour": round((len(recent) - 1) * 3600 / span) if span > 0 else 0,
            "competition": self._competition is not None,
            "halted": self._halted,
            "paused": self._paused,
            "mix": None if self.config.rotation is None else self.config.rotation.name,
        }

    def mix_state(self) -> dict[str, Any] | None:
        """A mixed game's state: the game of the hand being played (between hands, of
        the next), the game after it and how many hands of this one are left after
        the current (games.rotation)."""
        rotation = self.config.rotation
        if rotation is None:
            return None
        index = self.rotation_index
        return {
            "name": rotation.name,
            "games": list(rotation.games),
            "game": rotation.game(index),
            "next_game": rotation.next_game(index),
            "hands_left": rotation.hands_left(index),
        }

    def snapshot(self, viewer: int | None = None, *, events: bool = True) -> dict[str, Any]:
        """Everything table seat ``viewer`` (None: an onlooker) may see now, as plain
        values: the seats, the hand as its view shows it (never another seat's down
        card, DESIGN.md idea 2) with its events unless ``events`` is False, the
        decision pending and its time left."""
        now = _now()
        hand, dealt = self._hand, self._seat_map
        stacks: dict[int, int] = {}
        view = None
        if hand is not None:
            stacks = dealt.by_table_seat(hand.stacks)
            seen = self.engine_seat_of(viewer)
            view = view_dict(hand.view(seen), dealt, events=events)
        turn = self._turn
        competition = self._competition
        return {
            "table_id": self.table_id,
            "name": self.config.name,
            "game": self.spec.game,
            "mode": self.config.mode,
            "stakes": self.config.stakes,
            "money_unit": self.spec.money_unit,
            "viewer": viewer,
            "hand_number": self.hand_number,
            "last_hand_number": self._kept[-1].number if self._kept else None,
            "rollover": hand.carry_in if hand is not None else self.rollover,
            "halted": self._halted,
            "paused": self._paused,
            "seats": [self._seat_dict(number, stacks) for number in range(self.config.seats)],
            "hand": view,
            "turn": None
            if turn is None
            else {
                "seq": turn.seq,
                "seat": turn.seat,
                # to the millisecond: the digits beyond are noise in every update
                "remaining": round(turn.remaining(now), 3),
                "clock": round(max(turn.clock_ends - now, 0.0), 3),
                "legal_actions": [legal_dict(o) for o in turn.legal_actions]
                if turn.seat == viewer
                else [],
            },
            "competition": None
            if competition is None
            else {
                "remaining": round(max(competition.deadline - now, 0.0), 3),
                "entrants": competition.entrants,
                "chips": self.config.competition_chips,
            },
            "mix": self.mix_state(),
        }

    def _seat_dict(self, number: int, stacks: dict[int, int]) -> dict[str, Any] | None:
        seat = self._seats.get(number)
        if seat is None:
            return None
        occupant = seat.occupant
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
            "top_up": seat.top_up,
            "waiting": None if seat.successor is None else seat.successor[0].name,
        }
