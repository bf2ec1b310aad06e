"""Hand after hand at a table: who is dealt in, the deal, the hand played to its
end and its stacks released; the loop that runs the table, and its close."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime

from studpoker.engine import Hand
from studpoker.table.competing import TableCompetitions
from studpoker.table.completed import CompletedHand
from studpoker.table.decisions import TableDecisions
from studpoker.table.errors import TableError
from studpoker.table.seating import Occupant, Seat
from studpoker.table.seatmap import SeatMap
from studpoker.table.state import _now, log
from studpoker.table.updates import TableUpdate

__all__ = ["TablePlay"]


class TablePlay(TableDecisions, TableCompetitions):
    """A table's hands."""

    async def play_hand(self) -> CompletedHand | None:
        """Deal one hand between the seated players who are in and have chips, play
        it to the end and return it; None when fewer than two can be dealt in."""
        if self._playing:
            raise TableError("a hand is being played at this table", "internal")
        if self._closed:
            return None
        self._playing = True
        try:
            async with self.exclusive():
                resumed, self._resumed = self._resumed, None
                if resumed is None:
                    await self._before_hand()
                    await self._check_books()
                    players = self._players_in()
                    if players is None:
                        return None
                    hand = self._deal(players)
                    await self._journal_deal(hand, players)
                    journaled = 0
                else:  # dealt again (restore.py): played on from its last action
                    hand, number, started, seats, journaled = resumed
                    await self._check_books()
                    self._begin(hand, [self._seats[n] for n in seats], number, started)
            while not hand.is_over:
                waited = await self._decision(hand)
                journaled = await self._journal_actions(hand, journaled)
                if not waited:  # computer players answer at once: let others run
                    await asyncio.sleep(0)
            async with self.exclusive():
                return await self._end_hand(hand)
        finally:
            cut_short = self._live and self._hand is not None and not self._hand.is_over
            self._playing = False
            self._turn = self._answer = None
            self._hand, self._live = None, False
            if cut_short:
                # Cancelled: the hand is void, every stack as before it; told once it is
                # gone, so that a snapshot made for the update shows no hand.
                self._notify(TableUpdate("hand_cancelled", self.table_id, self._number))

    async def run(self, stop: asyncio.Event) -> None:
        """Play hand after hand, ``config.pause`` seconds apart, until ``stop`` is
        set (the hand being played is finished first) or the table is closed.
        With too few players it waits for someone to sit down."""
        while not stop.is_set() and not self._closed:
            self._wake.clear()
            done = await self.play_hand()
            if stop.is_set() or self._closed:
                break
            if done is not None:
                if self.config.pause > 0:
                    await _first(stop, timeout=self.config.pause)
                else:
                    await asyncio.sleep(0)
                continue
            competition = self._competition
            timeout = None if competition is None else max(competition.deadline - _now(), 0.0)
            await _first(stop, self._wake, timeout=timeout)

    async def close(self) -> None:
        """The table's last hand has been played: a rolled-over amount is split
        equally among the seated players, the remainder by seat order (R6.8), and
        everyone leaves.  A competition under way ends first."""
        if self._playing:
            raise TableError("a hand is being played: stop the table before closing it", "internal")
        if self._closed:
            return
        async with self.exclusive():
            await self._close()

    async def _close(self) -> None:
        self._closed = True
        if self._competition is not None:
            await self._end_competition()
        numbers = sorted(self._seats)
        if numbers and self.rollover:
            share, odd = divmod(self.rollover, len(numbers))
            for i, number in enumerate(numbers):
                self._seats[number].chips += share + (i < odd)
                self._notify(TableUpdate("seat", self.table_id, seat=number, change="chips"))
            self.rollover = 0
        await self._depart(numbers, "the table is closed")
        await self._check_books()  # nobody seated: the room's books of the table say so
        self._wake.set()

    def halt(self, reason: str) -> None:
        """Deal no new hand from now on, for ``reason``; the hand being played is
        finished, and players may still leave."""
        if self._halted is None:
            self._halted = reason
            log.error("table %s halted: %s", self.table_id, reason)
            self._notify(TableUpdate("halted", self.table_id, change=reason))
            self._wake.set()

    def pause(self, paused: bool = True) -> None:
        """The room's operator pauses the table (no hand is dealt from the end of the
        one being played) or lets it deal again."""
        if paused != self._paused:
            self._paused = paused
            self._notify(TableUpdate("paused", self.table_id, change="paused" if paused else ""))
            self._wake.set()

    async def _before_hand(self) -> None:
        """What waits for a hand to end, when the last one ended early; the
        competition's end; the practice table's computer players and chips."""
        await self._depart([n for n, held in sorted(self._seats.items()) if held.leaving], "stood")
        for held in self._seats.values():
            held.chips, held.top_up = held.chips + held.top_up, 0
        if self._competition_over():
            await self._end_competition()
        if self.config.mode == "practice":
            self._seat_bots()

    def _seat_bots(self) -> None:
        """R7.1: computer players fill the empty seats up to eight while a person
        plays, give up surplus seats, and every player has ``buy_in_max`` chips."""
        config = self.config
        if all(held.occupant.is_bot for held in self._seats.values()):
            for number in sorted(self._seats):
                self._give_way(number, None)
            return
        most = config.players_at_most
        bots = sorted((n for n in self._seats if self._seats[n].occupant.is_bot), reverse=True)
        while len(self._seats) > most and bots:
            self._give_way(bots.pop(0), None)
        for number in range(config.seats):
            if len(self._seats) >= most:
                break
            if number not in self._seats:
                occupant = Occupant(f"Bot {number}", None, self._bot_factory(number), is_bot=True)
                self._seats[number] = Seat(number, occupant, 0, float(config.time_bank))
                self._notify(TableUpdate("seat", self.table_id, seat=number, change="sat"))
        for held in self._seats.values():
            held.chips = max(held.chips, config.buy_in_max)

    async def _check_books(self) -> None:
        """The room compares every stack with what it holds for the seat; a table
        whose books disagree is halted by it."""
        if self.hooks.check_books is not None:
            await self.hooks.check_books(self._as_table())

    def _players_in(self) -> list[Seat] | None:
        """The seats to deal in, in seat order, or None if there is no hand to play."""
        if self._halted is not None or self._paused:
            return None
        if self.config.mode == "competition" and self._competition is None:
            return None
        if self.config.mode == "tournament":  # nobody is sat out of the deal (R8.4)
            dealt = [held for _, held in sorted(self._seats.items()) if held.chips > 0]
            return dealt if len(dealt) >= 2 else None
        players = [
            held
            for _, held in sorted(self._seats.items())
            if not held.sitting_out and held.chips > 0 and not held.leaving
        ]
        if self.config.mode == "practice" and all(held.occupant.is_bot for held in players):
            return None
        return players if len(players) >= 2 else None

    def _deal(self, players: list[Seat]) -> Hand:
        number = self.next_hand_number
        rotation = self.config.rotation
        if rotation is not None and self.config.mode != "tournament":
            # A mixed game: this hand's game at the table's stakes (a tournament's
            # director says its own tables' games, set_level).
            self.rotation_index = number - 1
            self.spec = rotation.spec(self.config.hand_spec, self.rotation_index)
        hand = Hand(
            self.spec, [held.chips for held in players], rng=self.rng, carry_in=self.rollover
        )
        self.next_hand_number += 1
        self._begin(hand, players, number, datetime.now(UTC))
        return hand

    def _begin(self, hand: Hand, players: list[Seat], number: int, started: datetime) -> None:
        """Hand ``number`` is under way between ``players``: each is told it from its
        first event (a hand dealt again, restore.py, from the events it has so far)."""
        self._hold(hand, players, number, started)
        for engine_seat, occupant in enumerate(self._players):
            try:
                occupant.player.new_hand(engine_seat, self.spec)
            except Exception:
                log.exception(
                    "table %s: %r failed to start hand %d", self.table_id, occupant, number
                )
        self._notify(
            TableUpdate(
                "hand_started", self.table_id, number, hand=hand, seats=self._seat_map.seats
            )
        )
        self._publish()

    def _hold(self, hand: Hand, players: list[Seat], number: int, started: datetime) -> None:
        """Hand ``number`` is the table's, between ``players``, none of it told yet."""
        self._hand, self._number, self._live = hand, number, True
        self._seat_map = SeatMap(tuple(held.number for held in players))
        self._players = tuple(held.occupant for held in players)
        self._started = started
        self._told = [0] * len(players)
        self._published = 0

    async def _journal_deal(self, hand: Hand, players: list[Seat]) -> None:
        """Tell the room what the hand is dealt from (TableHooks.on_deal)."""
        if self.hooks.on_deal is None:
            return
        setup = {
            "game": self.spec.game,
            "mode": self.config.mode,
            "stakes": self.config.stakes,
            "carry_in": hand.carry_in,
            "seats": [
                [held.number, held.occupant.account_id, held.occupant.name, held.chips]
                for held in players
            ],
            "deck": [None if card is None else str(card) for card in hand.deck_order],
        }
        await self.hooks.on_deal(self._as_table(), self._number, json.dumps(setup))

    async def _journal_actions(self, hand: Hand, journaled: int) -> int:
        """Tell the room the actions taken since the first ``journaled``
        (TableHooks.on_actions); how many are told now."""
        actions = hand.actions
        if self.hooks.on_actions is not None and len(actions) > journaled:
            new = [str(action) for _, action in actions[journaled:]]
            await self.hooks.on_actions(self._as_table(), self._number, journaled, new)
        return len(actions)

    async def _end_hand(self, hand: Hand) -> CompletedHand:
        result = hand.result
        for number, stack in self._seat_map.by_table_seat(result.stacks).items():
            self._seats[number].chips = stack
        self.rollover = result.rollover
        if self.config.rotation is not None and self.config.mode != "tournament":
            self.rotation_index = self._number  # the next hand's
        done = CompletedHand(
            self.table_id,
            self._number,
            hand,
            self._seat_map.seats,
            tuple(occupant.name for occupant in self._players),
            tuple(occupant.account_id for occupant in self._players),
            self._started,
            datetime.now(UTC),
        )
        if self.hooks.on_hand_end is not None:
            await self.hooks.on_hand_end(self._as_table(), done)
        # The last hand once the room has it (stored, with its journal before it): what
        # the table shows as its last hand is what a download of its hands finds.
        if len(self._recent) == self._recent.maxlen:
            self._recent_pots -= self._recent[0][0]
        self._recent.append((done.pot, done.ended))
        self._recent_pots += done.pot
        if self._kept:  # no longer the hand every seat is being told of
            self._kept[-1].hand.forget_views()
        self._kept.append(done)
        self._notify(TableUpdate("hand_ended", self.table_id, done.number, completed=done))
        await self._after_hand(done)
        return done

    async def _after_hand(self, done: CompletedHand) -> None:
        """The stacks are released: top-ups count, those who stood up leave, busted
        competitors go (R7.3), sitting out counts a missed hand."""
        for held in self._seats.values():
            if held.top_up:
                held.chips, held.top_up = held.chips + held.top_up, 0
        dealt = set(done.seats)
        going = [n for n, held in sorted(self._seats.items()) if held.leaving]
        if self._competition is not None:
            start = done.seat_map.by_table_seat(done.hand.starting_stacks)
            busted = [n for n in sorted(dealt) if n in self._seats and not self._seats[n].chips]
            # Out in the same hand: the bigger stack before it finishes higher.
            going += sorted((n for n in busted if n not in going), key=lambda n: (start[n], -n))
        for number, held in sorted(self._seats.items()):
            if held.sitting_out and number not in dealt and number not in going:
                held.missed_hands += 1
                if held.missed_hands >= self.config.max_missed_hands:
                    going.append(number)
        self._live = False
        await self._depart(going, "after the hand")
        if self.config.mode == "chips":
            for number, held in sorted(self._seats.items()):
                if not held.chips and not held.sitting_out:
                    held.sitting_out = True  # no chips: sitting out until a top-up
                    self._notify(TableUpdate("seat", self.table_id, seat=number, change="sat_out"))
        if self._competition_over():
            await self._end_competition()
        await self._check_books()


async def _first(*events: asyncio.Event, timeout: float | None) -> None:
    """Wait until one of ``events`` is set, or ``timeout`` seconds."""
    waiters = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waiters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()
