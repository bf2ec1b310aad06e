"""Private tables (issue 36): a table its creator — the host — opens for friends.  Only
those with its invite (a secret the host shares as a link) may sit; onlookers too, if
the host chose so; the host may close it.  The lobby lists it to everyone as private,
with its host's name and never its invite."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any, Literal

from studpoker.room.errors import RoomError
from studpoker.store import Account

__all__ = ["ONLOOKERS", "Onlookers", "Privacy"]

Onlookers = Literal["anyone", "invited"]
ONLOOKERS: tuple[Onlookers, ...] = ("anyone", "invited")
INVITE_BYTES = 12  # 16 characters of URL-safe text: not guessed


@dataclass(eq=False)
class Privacy:
    """A private table's invite, who may watch it and who was let in."""

    host_id: int
    host: str
    invite: str
    onlookers: Onlookers = "anyone"
    # The accounts that showed the invite once: let in again without it (a reload, a
    # second tab).  Kept while this process runs the table; the invite lets them in after.
    admitted: set[int] = field(default_factory=set)

    @classmethod
    def new(cls, host: Account, onlookers: str) -> Privacy:
        """A private table of ``host``'s, with a new invite; ``onlookers`` is who may
        watch it: ``anyone`` or only the ``invited``."""
        if onlookers not in ONLOOKERS:
            raise RoomError(
                f"onlookers are {' or '.join(ONLOOKERS)}, not {onlookers!r}",
                "unknown_onlookers",
                value=str(onlookers),
                allowed=list(ONLOOKERS),
            )
        return cls(host.id, host.name, secrets.token_urlsafe(INVITE_BYTES), onlookers)

    @classmethod
    def kept(cls, data: dict[str, Any]) -> Privacy:
        """The privacy a table was kept with (:meth:`choice`)."""
        onlookers = data.get("onlookers", "anyone")
        if onlookers not in ONLOOKERS:
            raise ValueError(f"a kept table's onlookers are not {onlookers!r}")
        return cls(int(data["host_id"]), str(data["host"]), str(data["invite"]), onlookers)

    def choice(self) -> dict[str, Any]:
        """What the room keeps of it with the table's choices (JSON)."""
        return {
            "host_id": self.host_id,
            "host": self.host,
            "invite": self.invite,
            "onlookers": self.onlookers,
        }

    def lets_in(self, account: Account | None, invite: str | None) -> bool:
        """Whether ``account`` may sit (its host, one let in before, one showing the
        invite: from now on let in)."""
        if account is None:
            return False
        if account.id == self.host_id or account.id in self.admitted:
            return True
        if invite is not None and secrets.compare_digest(invite.encode(), self.invite.encode()):
            self.admitted.add(account.id)
            return True
        return False

    def check_sit(self, account: Account, table_id: str, invite: str | None) -> None:
        """A RoomError ``invite_only`` unless ``account`` may sit."""
        if not self.lets_in(account, invite):
            raise RoomError(
                f"{table_id} is a private table: only those {self.host} invited may sit",
                "invite_only",
                table=table_id,
                host=self.host,
            )

    def check_watch(self, account: Account | None, table_id: str, invite: str | None) -> None:
        """A RoomError ``invite_only`` unless whoever asks may watch: anyone, or only
        the invited, as the host chose."""
        if self.onlookers == "anyone" or self.lets_in(account, invite):
            return
        raise RoomError(
            f"{table_id} is a private table: only those {self.host} invited may watch",
            "invite_only",
            table=table_id,
            host=self.host,
        )
