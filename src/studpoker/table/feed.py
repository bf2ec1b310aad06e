"""What a table tells: every change to its listeners, each hand's events to the
listeners and to each player those its seat may see, and a seat's own cards as the
wire has them — all from the hand's view of that seat (DESIGN.md idea 2: what a seat
sees is decided in one place)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from studpoker.engine import Hand
from studpoker.table.seating import Occupant
from studpoker.table.snapshot import cards_plain, seat_names
from studpoker.table.updates import Listener, TableUpdate

__all__ = ["Feed", "OwnCards"]

# The table's one logger, whichever of its parts logs: operators and tests filter on it.
log = logging.getLogger("studpoker.table.table")

# A seat's down cards as text and its best hand's names (None while a card is hidden).
OwnCards = tuple[list[str | None], dict[str, str] | None]


class Feed:
    """The listeners of table ``table_id`` and what each player has been told."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self.listeners: list[Listener] = []
        self._told: list[int] = []  # events each engine seat has been told
        self._published = 0  # events the listeners have been given
        # The hand whose seats' own cards are made, and them by (engine seat, cards
        # dealt it, community cards): made once for each card dealt.
        self._own_hand: Hand | None = None
        self._own: dict[tuple[int, int, int], OwnCards] = {}

    def notify(self, update: TableUpdate) -> None:
        """Tell every listener of ``update``; one that fails is logged, and the others
        are told (a table goes on when a listener breaks)."""
        for listener in list(self.listeners):
            try:
                listener(update)
            except Exception:
                log.exception("table %s: a listener failed on %s", self.table_id, update.kind)

    def seat_changed(self, seat: int, change: str) -> None:
        self.notify(TableUpdate("seat", self.table_id, seat=seat, change=change))

    def begin(self, hand: Hand, number: int, seats: tuple[int, ...], players: int) -> None:
        """Hand ``number`` is under way between ``players`` engine seats, none of it
        told yet."""
        self._told = [0] * players
        self._published = 0
        self.notify(TableUpdate("hand_started", self.table_id, number, hand=hand, seats=seats))

    def hold(self, players: int) -> None:
        """A hand is shown as it stands, none of it told yet (one dealt again)."""
        self._told = [0] * players
        self._published = 0

    def publish(self, hand: Hand, number: int, players: Sequence[Occupant]) -> None:
        """Give the listeners the hand's new events, and each player those its seat
        may see (the Player protocol's ``observe``)."""
        events = hand.events
        for index in range(self._published, len(events)):
            self.notify(
                TableUpdate(
                    "event", self.table_id, number, hand=hand, event=events[index], index=index
                )
            )
        self._published = len(events)
        told_all = self._told
        for engine_seat, occupant in enumerate(players):
            told = told_all[engine_seat]
            if told < len(events):
                seen = hand.events_for(engine_seat)
                told_all[engine_seat] = len(seen)
                try:
                    occupant.player.observe(seen[told:])
                except Exception:
                    log.exception("table %s: %r failed to observe", self.table_id, occupant)

    def own_cards(self, hand: Hand, engine_seat: int) -> OwnCards:
        """Engine seat ``engine_seat``'s down cards as the wire has them and its best
        hand's names (the seat knows its own cards, so its hand is named, R4.5), from
        its seat in ``hand.view(engine_seat)`` (made alone: ``hand.seat_view``), what
        the seat's snapshot shows of itself.  Made once for each card dealt (a message
        to a seat is sent at every action, its cards change on a new street)."""
        if self._own_hand is not hand:
            self._own_hand, self._own = hand, {}
        down, up = hand.down[engine_seat], hand.up[engine_seat]
        key = (engine_seat, len(down) + len(up), len(hand.community))
        made = self._own.get(key)
        if made is None:
            mine = hand.seat_view(engine_seat, engine_seat)  # its seat in its own view
            spec = hand.spec
            made = self._own[key] = (
                cards_plain(mine.down_cards),
                seat_names(
                    spec.game, spec.hand_ranking, mine.down_cards, mine.up_cards, hand.community
                ),
            )
        return made
