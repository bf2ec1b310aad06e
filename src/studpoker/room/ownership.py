"""Which process runs a table: a lease with a fencing token.

DESIGN.md, "Scale beyond one machine": each table has one owner process at a time,
under a lease.  A lease is granted for some seconds and must be renewed before it runs
out; a process that cannot renew in time (it paused, lost Redis, was killed) has lost
the table, and another process may take it.  Every grant of a table carries a
*fencing token*, greater than every token that table was granted before: a process
that lost its lease without knowing it (a long pause, then it wakes) still holds the
old token, and every write it makes is refused because the store has seen a greater
one.  The lease only says who should run the table; the token, checked where the
writes land, is what makes a stale owner harmless (Kleppmann's fencing tokens).

:func:`leases_for` gives :class:`LocalLeases` (one process: the embedded room) or
:class:`RedisLeases` (a ``redis://`` URL: every process of a room).  Both keep the
same promises, which the tests hold them to:

* at most one unexpired lease a table;
* each grant's token is greater than every earlier one of that table, even after the
  lease was released or ran out;
* ``renew`` and ``release`` succeed only for the lease that is current, with its
  token: an owner whose lease ran out and was granted to another cannot renew it back.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from studpoker.room.relay import check_redis_url

if TYPE_CHECKING:  # redis is imported by the leases that use it (0.1 s a process)
    from redis.asyncio import Redis

__all__ = ["Lease", "Leases", "LocalLeases", "RedisLeases", "leases_for"]


@dataclass(frozen=True, slots=True)
class Lease:
    """``owner``'s right to run ``table``, with the grant's fencing ``token``."""

    table: str
    owner: str
    token: int


class Leases(Protocol):
    async def acquire(self, table: str, owner: str, seconds: float) -> Lease | None:
        """A lease of ``table`` for ``seconds``, or None while another holds one."""
        ...

    async def renew(self, lease: Lease, seconds: float) -> bool:
        """Extend ``lease`` to ``seconds`` from now; False if it is no longer current
        (it ran out, or was released): the table is lost."""
        ...

    async def release(self, lease: Lease) -> bool:
        """Give the table up (a graceful stop); False if the lease was not current."""
        ...

    async def holder(self, table: str) -> Lease | None:
        """The table's current lease, if any."""
        ...

    async def renew_all(self, leases: Sequence[Lease], seconds: float) -> list[bool]:
        """:meth:`renew` of every lease, in one round trip: a process renews hundreds."""
        ...

    async def holders(self, tables: Sequence[str]) -> list[Lease | None]:
        """:meth:`holder` of every table, in one round trip."""
        ...

    async def close(self) -> None: ...


def _check(table: str, owner: str, seconds: float) -> None:
    if not isinstance(table, str) or not table:
        raise ValueError(f"a table is a non-empty name, not {table!r}")
    if not isinstance(owner, str) or not owner or "|" in owner:
        raise ValueError(f"an owner is a non-empty name without '|', not {owner!r}")
    if not seconds > 0:
        raise ValueError(f"a lease lasts more than 0 seconds, not {seconds!r}")


class LocalLeases:
    """The leases of a room in one process; ``clock`` (seconds) is injectable for tests."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._held: dict[str, tuple[Lease, float]] = {}  # table: (lease, expiry)
        self._tokens: dict[str, int] = {}  # table: the last token granted

    def _current(self, table: str) -> Lease | None:
        current = self._held.get(table)
        if current is None:
            return None
        if current[1] <= self._clock():
            del self._held[table]
            return None
        return current[0]

    async def acquire(self, table: str, owner: str, seconds: float) -> Lease | None:
        _check(table, owner, seconds)
        if self._current(table) is not None:
            return None
        token = self._tokens[table] = self._tokens.get(table, 0) + 1
        lease = Lease(table, owner, token)
        self._held[table] = (lease, self._clock() + seconds)
        return lease

    async def renew(self, lease: Lease, seconds: float) -> bool:
        _check(lease.table, lease.owner, seconds)
        if self._current(lease.table) != lease:
            return False
        self._held[lease.table] = (lease, self._clock() + seconds)
        return True

    async def release(self, lease: Lease) -> bool:
        if self._current(lease.table) != lease:
            return False
        del self._held[lease.table]
        return True

    async def holder(self, table: str) -> Lease | None:
        return self._current(table)

    async def renew_all(self, leases: Sequence[Lease], seconds: float) -> list[bool]:
        return [await self.renew(lease, seconds) for lease in leases]

    async def holders(self, tables: Sequence[str]) -> list[Lease | None]:
        return [self._current(table) for table in tables]

    async def close(self) -> None:
        self._held.clear()


# Each script runs atomically in Redis.  KEYS[1]: the lease ("owner|token", expiring);
# KEYS[2]: the table's last token, which never expires, so tokens only grow.
_ACQUIRE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. token, 'PX', ARGV[2])
return token
"""
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class RedisLeases:
    """The leases of a room on several processes, kept in Redis at ``url``; every key
    begins with ``prefix``."""

    def __init__(self, url: str, *, prefix: str = "stud:") -> None:
        from redis.asyncio import Redis

        self._redis: Redis = Redis.from_url(url)
        self.prefix = prefix
        self._acquire = self._redis.register_script(_ACQUIRE)
        self._renew = self._redis.register_script(_RENEW)
        self._release = self._redis.register_script(_RELEASE)

    def _keys(self, table: str) -> list[str]:
        return [f"{self.prefix}lease:{table}", f"{self.prefix}fence:{table}"]

    async def acquire(self, table: str, owner: str, seconds: float) -> Lease | None:
        _check(table, owner, seconds)
        token = int(await self._acquire(keys=self._keys(table), args=[owner, _ms(seconds)]))
        return Lease(table, owner, token) if token else None

    async def renew(self, lease: Lease, seconds: float) -> bool:
        _check(lease.table, lease.owner, seconds)
        current = f"{lease.owner}|{lease.token}"
        return bool(await self._renew(keys=self._keys(lease.table), args=[current, _ms(seconds)]))

    async def release(self, lease: Lease) -> bool:
        current = f"{lease.owner}|{lease.token}"
        return bool(await self._release(keys=self._keys(lease.table), args=[current]))

    async def holder(self, table: str) -> Lease | None:
        return _lease_of(table, await self._redis.get(self._keys(table)[0]))

    async def ping(self) -> None:
        """Raises unless Redis answers (the room's readiness, server/health.py)."""
        await self._redis.ping()

    async def renew_all(self, leases: Sequence[Lease], seconds: float) -> list[bool]:
        if not leases:
            return []
        for lease in leases:
            _check(lease.table, lease.owner, seconds)
        async with self._redis.pipeline(transaction=False) as pipe:
            for lease in leases:
                current = f"{lease.owner}|{lease.token}"
                await self._renew(
                    keys=self._keys(lease.table), args=[current, _ms(seconds)], client=pipe
                )
            return [bool(done) for done in await pipe.execute()]

    async def holders(self, tables: Sequence[str]) -> list[Lease | None]:
        if not tables:
            return []
        current = await self._redis.mget([self._keys(table)[0] for table in tables])
        return [_lease_of(table, value) for table, value in zip(tables, current, strict=True)]

    async def close(self) -> None:
        await self._redis.aclose()


def _lease_of(table: str, current: object) -> Lease | None:
    if current is None:
        return None
    text = current.decode() if isinstance(current, bytes) else str(current)
    owner, _, token = text.rpartition("|")
    return Lease(table, owner, int(token))


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


def leases_for(url: str | None, *, prefix: str = "stud:") -> Leases:
    """The room's leases: in-process for ``None``, else in Redis at ``url``."""
    if url is None:
        return LocalLeases()
    return RedisLeases(check_redis_url(url), prefix=prefix)
