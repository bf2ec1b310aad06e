"""Free chips, as play-money rooms give them: a new account's first chips, and more on
asking ("Get chips") when its balance is below the smallest buy-in of a chips table, at
most once every few hours an account and a few times a day an address, so that nobody
farms them with new accounts.  Each grant is a ledger entry of its own kind
(``free_chips``), which the audit counts as money coming in, as a deposit.

A room whose money is real turns them off (``stud serve --free-chips 0``): only the
operator adds money then.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import timedelta

from studpoker.games import GAMES, preset
from studpoker.room.errors import RoomError
from studpoker.store import Account, FreeChipsRefused, Store
from studpoker.table.config import TableConfig

__all__ = ["FreeChips", "smallest_buy_in"]


def smallest_buy_in() -> int:
    """The least a player brings to a chips table of any game, as the presets have it
    (the chips the balance must reach for a seat)."""
    return min(TableConfig(preset(game), "chips").buy_in_min for game in GAMES)


@dataclass(frozen=True, slots=True)
class FreeChips:
    """The room's rule for free chips: ``chips`` a grant (0: none), once every ``hours``
    an account, ``per_address`` grants a day an address."""

    store: Store
    chips: int = 0
    hours: float = 4.0
    per_address: int = 3

    @property
    def on(self) -> bool:
        return self.chips > 0

    async def first(self, account: Account, address: str) -> int | None:
        """A new account's first chips; None (and no refusal: the account is made all
        the same) when the rule is off, or the address had its share today."""
        if not self.on or account.guest or account.bot:
            return None
        try:
            return await self._grant(account, address, below=None)
        except FreeChipsRefused:
            return None

    async def ask(self, account: Account, address: str) -> int:
        """More chips for an account that ran low (the "Get chips" button): its new
        balance, or a RoomError saying why not now (and when)."""
        if not self.on:
            raise RoomError(
                "this room gives no free chips: the operator adds money", "free_chips_off"
            )
        try:
            return await self._grant(account, address, below=smallest_buy_in())
        except FreeChipsRefused as refused:
            raise RoomError(str(refused), refused.code, **refused.params) from None

    async def _grant(self, account: Account, address: str, *, below: int | None) -> int:
        balance: int = await asyncio.to_thread(
            self.store.grant_free_chips,
            account.id,
            self.chips,
            address=address[:64] or "unknown",
            every=timedelta(hours=self.hours),
            per_address=self.per_address,
            below=below,
        )
        return balance
