"""The hand a table plays: the engine's :class:`~studpoker.engine.Hand`, who holds
each of its seats (:mod:`~studpoker.table.seatmap`), whether it is live, and what
the next hand is dealt from — its number, its game (a mixed game's rotation), the
chips rolled over into it (R6.8) — and a hand cut short, dealt again to be played on
(table/restore.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from studpoker.engine import Hand, HandResult
from studpoker.games import GameSpec
from studpoker.table.config import TableConfig
from studpoker.table.errors import TableError
from studpoker.table.seating import Occupant, Seat
from studpoker.table.seatmap import SeatMap
from studpoker.table.seeds import HandSeeds, Seeds

__all__ = ["HandInPlay", "Resumed"]


@dataclass(frozen=True, slots=True)
class Resumed:
    """A hand cut short and dealt again, the first one the table plays: the hand, its
    number, start, table seats and how many of its actions are journaled."""

    hand: Hand
    number: int
    started: datetime
    seats: tuple[int, ...]
    journaled: int
    seeds: HandSeeds | None = None  # None: a hand journaled before hands had seeds


class HandInPlay:
    """The hand being played at a table, and what the next one is dealt from."""

    def __init__(self, spec: GameSpec, first_hand_number: int) -> None:
        self.spec = spec  # the game of the hand being dealt, or of the next
        # A mixed game's hand count (games.rotation): the hand being dealt, or the next.
        self.rotation_index = max(first_hand_number - 1, 0)
        self.next_number = first_hand_number
        self.rollover = 0  # chips on the table for the next hand's pot (R6.8)
        self.hand: Hand | None = None
        self.seeds: HandSeeds | None = None  # what the hand in play is dealt from
        self.number = 0
        self.seat_map = SeatMap()  # the table seat of each engine seat
        self.players: tuple[Occupant, ...] = ()
        self.live = False  # a hand is dealt and its stacks not yet released
        self.playing = False  # the table's play_hand is running
        self.started = datetime.now(UTC)
        self._resumed: Resumed | None = None

    def in_hand(self, seat: int) -> bool:
        """Whether table ``seat`` is dealt in the live hand."""
        return self.live and seat in self.seat_map

    def require(self) -> Hand:
        hand = self.hand
        if hand is None:
            raise TableError("no hand is being played", "internal")
        return hand

    def engine_seat_of(self, seat: int | None, occupant: Occupant | None) -> int | None:
        """The engine seat of table ``seat``, if ``occupant`` (who sits there now) was
        dealt in: a person in a computer player's seat must not see its cards (R7.1)."""
        if seat is None or self.hand is None:
            return None
        engine = self.seat_map.engine_seat(seat)
        if engine is None or occupant is None or occupant is not self.players[engine]:
            return None
        return engine

    def start(self) -> Resumed | None:
        """``play_hand`` begins: the hand to play on, if one was dealt again."""
        if self.playing:
            raise TableError("a hand is being played at this table", "internal")
        self.playing = True
        resumed, self._resumed = self._resumed, None
        return resumed

    def stop(self) -> bool:
        """``play_hand`` is over, the hand gone; whether it was cut short."""
        hand = self.hand
        cut_short = self.live and hand is not None and not hand.is_over
        self.playing = False
        self.hand, self.live, self.seeds = None, False, None
        return cut_short

    def deal(self, players: list[Seat], config: TableConfig, seeds: Seeds) -> Hand:
        """The next hand between ``players``, dealt from the deck its seeds make
        (``seeds``: the table's, its server seed announced before, docs/fairness.md)."""
        number = self.next_number
        rotation = config.rotation
        if rotation is not None and config.mode != "tournament":
            # A mixed game: this hand's game at the table's stakes (a tournament's
            # director says its own tables' games, Table.set_level).
            self.rotation_index = number - 1
            if self.rotation_index % rotation.hands == 0:  # a block's first hand: dealer's
                # choice names who chooses the next block's game (games.rotation): a
                # person, a computer player never choosing
                block = self.rotation_index // rotation.hands
                people = tuple(o.number for o in players if not o.occupant.is_bot)
                rotation.block_started(block, people)
            self.spec = rotation.spec(config.hand_spec, self.rotation_index)
        dealt = seeds.deal(
            number, [(o.number, o.occupant.account_id) for o in players], self.spec.deck
        )
        hand = Hand(
            self.spec,
            [occupied.chips for occupied in players],
            deck=dealt.order,
            carry_in=self.rollover,
        )
        self.next_number += 1
        self.hold(hand, players, number, datetime.now(UTC), dealt)
        return hand

    def hold(
        self,
        hand: Hand,
        players: list[Seat],
        number: int,
        started: datetime,
        seeds: HandSeeds | None,
    ) -> None:
        """Hand ``number`` is the table's, between ``players``, dealt from ``seeds``."""
        self.hand, self.number, self.live, self.seeds = hand, number, True, seeds
        self.seat_map = SeatMap(tuple(occupied.number for occupied in players))
        self.players = tuple(occupied.occupant for occupied in players)
        self.started = started

    def resume(self, resumed: Resumed, players: list[Seat]) -> None:
        """``resumed`` is the first hand the table plays; shown as it stands from now
        on (whoever watches the table before it plays on sees it, issue 16)."""
        self._resumed = resumed
        self.next_number = max(self.next_number, resumed.number + 1)
        self.hold(resumed.hand, players, resumed.number, resumed.started, resumed.seeds)

    def end(self, result: HandResult, config: TableConfig) -> None:
        """The hand is over: its rollover stays on the table (R6.8) and a mixed game
        moves on."""
        self.rollover = result.rollover
        if config.rotation is not None and config.mode != "tournament":
            self.rotation_index = self.number  # the next hand's

    def release(self) -> None:
        """The hand's stacks are released: its seats may leave at once."""
        self.live = False
