"""The room's records of hands: each hand stored as it ends, with its chip
movements, and an account's hands as PokerStars text."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from studpoker.fairness import DealRecord
from studpoker.history import to_phh
from studpoker.room.histories import hand_histories
from studpoker.room.state import RoomState, log
from studpoker.store import (
    Account,
    HandPlayer,
    HandRow,
    JournalActions,
    JournalDeal,
    StaleOwner,
    Store,
)
from studpoker.table import CompletedHand, Table
from studpoker.table.snapshot import event_dict

__all__ = ["RoomRecords"]


def _deal_record(done: CompletedHand) -> DealRecord | None:
    """What the hand's record keeps of its deal from seeds (issue 38): the server seed
    too, secret until its table's seed epoch ends (store/deals.py)."""
    seeds = done.seeds
    if seeds is None:
        return None
    return DealRecord.of(
        seeds.deal,
        chosen_by_room=frozenset(
            at for at, client in enumerate(seeds.client_seeds) if client.chosen_by_room
        ),
        server_seed=seeds.server_seed,
        test_seed=seeds.test_seed,
    )


class RoomRecords(RoomState):
    """A room's hand records."""

    async def _hand_ended(self, table: Table, done: CompletedHand) -> None:
        """Store the hand with its chip movements, in one transaction."""
        row = self._hand_row(table, done)
        if self._journal is not None:
            await self._journal.flushed()  # its running hand first, then its record
        try:
            await self.registry.write(table.table_id, self.store.record_hand, row)
        except StaleOwner:  # another process runs the table now, and plays the hand on
            pass
        except Exception as error:  # the stacks moved, the database did not: halt
            log.exception("table %s: hand %d was not recorded", table.table_id, done.number)
            table.halt(f"hand {done.number} could not be recorded: {error}")

    def _hand_row(self, table: Table, done: CompletedHand) -> HandRow:
        """The hand as the store keeps it."""
        hand = done.hand
        seats = done.seat_map
        return HandRow(
            table_id=table.table_id,
            number=done.number,
            game=table.spec.game,
            mode=table.config.mode,
            started_at=done.started,
            ended_at=done.ended,
            record=to_phh(hand, names=list(done.names)),
            events=json.dumps([event_dict(event, seats) for event in hand.events]),
            pot=done.pot,
            players=[
                HandPlayer(seat, name, net, account_id)
                for seat, name, net, account_id in zip(
                    seats, done.names, hand.result.net, done.account_ids, strict=True
                )
            ],
            rollover=done.rollover if table.config.mode == "chips" else None,
            deal=_deal_record(done),
            invited_only=self._invited_only(table.table_id),
        )

    def _invited_only(self, table_id: str) -> bool:
        """Whether ``table_id`` shows its hands to the invited only: a private table
        whose host let only the invited watch (room/privacy.py); its revealed seeds are
        then for those who played there (store/deals.py).  A tournament's table and a
        public one show them to anyone."""
        room_table = self.tables.get(table_id)
        if room_table is None or room_table.tournament_id is not None:
            return False
        privacy = room_table.privacy
        return privacy is not None and privacy.onlookers != "anyone"

    async def _hand_dealt(self, table: Table, number: int, setup: str) -> None:
        """The hand's deal, to be stored (store.write_journal): what another process
        needs to deal the same hand again (docs/scaling.md)."""
        if self._journal is not None:
            started = datetime.now(UTC)
            fence = self.registry.fence(table.table_id)
            self._journal.put(JournalDeal(table.table_id, number, setup, started, fence))

    async def _actions_taken(
        self, table: Table, number: int, first: int, actions: list[str]
    ) -> None:
        """The hand's actions since the last, to be stored."""
        if self._journal is not None:
            fence = self.registry.fence(table.table_id)
            self._journal.put(JournalActions(table.table_id, number, first, actions, fence))

    async def hand_history(
        self, account: Account, *, limit: int = 100, table_id: str | None = None
    ) -> str:
        """``account``'s hands as PokerStars text, as their seat saw them (written on
        the history workers: :class:`~studpoker.room.workers.Busy` when too many wait)."""
        where: Store | str = self.store
        if self.histories.processes:
            where = self.store.url.render_as_string(hide_password=False)
        return await self.histories.run(hand_histories, where, account.id, limit, table_id)
