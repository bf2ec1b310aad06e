"""What a table tells: every change to its listeners, and each hand's events to
the listeners and to each player, those its seat may see (DESIGN.md idea 2)."""

from __future__ import annotations

from studpoker.table.state import TableState, log
from studpoker.table.updates import TableUpdate

__all__ = ["TablePublishing"]


class TablePublishing(TableState):
    """A table's telling of its changes."""

    def _notify(self, update: TableUpdate) -> None:
        for listener in list(self.listeners):
            try:
                listener(update)
            except Exception:
                log.exception("table %s: a listener failed on %s", self.table_id, update.kind)

    def _publish(self) -> None:
        """Give the listeners the hand's new events, and each player those its seat
        may see (the Player protocol's ``observe``)."""
        hand = self._require_hand()
        events = hand.events
        for index in range(self._published, len(events)):
            self._notify(
                TableUpdate(
                    "event",
                    self.table_id,
                    self._number,
                    hand=hand,
                    event=events[index],
                    index=index,
                )
            )
        self._published = len(events)
        for engine_seat, occupant in enumerate(self._players):
            told = self._told[engine_seat]
            if told < len(events):
                seen = hand.events_for(engine_seat)
                self._told[engine_seat] = len(seen)
                try:
                    occupant.player.observe(seen[told:])
                except Exception:
                    log.exception("table %s: %r failed to observe", self.table_id, occupant)
