"""A tournament's seats at a table (issue 17): its director seats each entry with the
chips it has and takes it away when it busts or moves to another table; the stakes
change with the level between hands.  Nobody is sat out of a tournament's deal: an
absent player is dealt in and acted for at once (R8.4, table/decisions.py)."""

from __future__ import annotations

from dataclasses import replace

from studpoker.games import GameSpec
from studpoker.table.decisions import TableDecisions
from studpoker.table.errors import TableError
from studpoker.table.seating import Occupant, Seat
from studpoker.table.state import _whole
from studpoker.table.updates import TableUpdate

__all__ = ["TableEntries"]


class TableEntries(TableDecisions):
    """A tournament table's seats, given and taken by its director."""

    def _tournament_only(self) -> None:
        if self.config.mode != "tournament":
            raise TableError(f"a {self.config.mode} table has no tournament seats", "internal")

    def seat_entry(self, occupant: Occupant, chips: int, seat: int) -> None:
        """Seat a tournament's entry with its ``chips`` in the empty ``seat`` (drawn
        by the director); dealt in from the next hand."""
        self._tournament_only()
        self._check_number(seat)
        if seat in self._seats:
            raise TableError(f"seat {seat} is taken", "seat_taken", seat=seat)
        if not _whole(chips) or chips < 1:
            raise TableError(f"an entry sits with chips, not {chips!r}", "malformed")
        self._seats[seat] = Seat(seat, occupant, chips, float(self.config.time_bank))
        self._notify(TableUpdate("seat", self.table_id, seat=seat, change="sat"))
        self._wake.set()

    def unseat(self, seat: int, change: str = "left") -> Seat:
        """Take the entry in ``seat`` away between hands, or once the hand is over
        (busted, or moved: ``change`` tells the viewers); returns its seat as it was."""
        self._tournament_only()
        held = self._occupied(seat)
        over = self._hand is None or self._hand.is_over
        if self._in_hand(seat) and not over:
            raise TableError(f"seat {seat} is in the hand", "internal", seat=seat)
        del self._seats[seat]
        self._notify(TableUpdate("seat", self.table_id, seat=seat, change=change))
        return held

    def set_chips(self, seat: int, chips: int) -> None:
        """The chips the director says the entry in ``seat`` has, between hands (a hand
        the director did not take is void: the stacks go back to its own)."""
        self._tournament_only()
        held = self._occupied(seat)
        if self._live:
            raise TableError("a hand is being played", "internal")
        if not _whole(chips) or chips < 1:
            raise TableError(f"an entry sits with chips, not {chips!r}", "malformed")
        if held.chips != chips:
            held.chips = chips
            self._notify(TableUpdate("seat", self.table_id, seat=seat, change="chips"))

    def set_level(self, spec: GameSpec) -> None:
        """The stakes of the next hands (a new level), between hands."""
        self._tournament_only()
        if self._live:
            raise TableError("a hand is being played", "internal")
        rotation = self.config.rotation
        # A mixed game's table keeps its stakes as its first game's (what the lobby
        # shows); the hand is dealt in its own game.
        base = spec if rotation is None else rotation.spec(spec, 0)
        self.config = replace(self.config, spec=base)
        self.spec = spec if rotation is not None else self.config.hand_spec
