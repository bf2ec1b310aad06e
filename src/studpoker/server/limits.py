"""How often a client may do a thing: token buckets by key (an address, an account,
a name, a socket), and the backoff of failed logins.  Numbers are in
:data:`LIMITS`, documented in docs/security.md.

>>> clock = [0.0]
>>> bucket = Limiter(Rate(2, 10.0), clock=lambda: clock[0])
>>> bucket.take("a"), bucket.take("a"), bucket.take("a")   # two at once, then wait 5 s
(0.0, 0.0, 5.0)
>>> clock[0] = 5.0
>>> bucket.take("a"), bucket.take("b")
(0.0, 0.0)
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from studpoker.server.messages import Limited
from studpoker.server.metrics import refused

__all__ = [
    "LIMITS",
    "NO_LIMITS",
    "TOO_MANY",
    "AddressLimits",
    "Backoff",
    "Limiter",
    "Limits",
    "Rate",
    "SessionLimits",
    "retry_after",
]


@dataclass(frozen=True, slots=True)
class Rate:
    """``events`` at once at most, and ``events`` more every ``seconds``."""

    events: int
    seconds: float

    def __str__(self) -> str:
        return f"{self.events} every {self.seconds:g} s"


@dataclass(frozen=True, slots=True)
class Limits:
    """Every limit of the room (docs/security.md gives the reasons)."""

    login_per_address: Rate = Rate(10, 60.0)
    # Failed logins of one name before each further try waits (doubling, to a cap).
    login_failures_free: int = 5
    login_backoff_cap: float = 900.0
    register_per_address: Rate = Rate(5, 600.0)
    guest_per_address: Rate = Rate(10, 600.0)
    table_per_account: Rate = Rate(5, 600.0)
    tables_per_account: int = 4  # tables a player made that are open at once
    tables_per_guest: int = 2
    history_per_account: Rate = Rate(6, 60.0)
    import_per_account: Rate = Rate(10, 600.0)  # uploads of one's own hand histories
    import_bytes: int = 50 * 1024 * 1024  # one upload's size at most
    # Replays (the replayer's hands, each with its equities) and statistics (a player's
    # shares or winnings graph) an account asks; an asker without an account, its address.
    # The table's HUD asks each opponent's statistics once a minute (web/study.js): four
    # full tables' worth fit.
    replay_per_account: Rate = Rate(30, 60.0)
    stats_per_account: Rate = Rate(60, 60.0)
    # Notes written or deleted by an account (issue 36): a player tags a table's worth at
    # once, then a few a hand.
    notes_per_account: Rate = Rate(30, 60.0)
    sockets_per_address: int = 20
    # TCP connections one address holds open (HTTP and WebSocket), refused as they come.
    connections_per_address: int = 40
    messages_per_socket: Rate = Rate(40, 2.0)  # a burst of 40, then 20 a second
    refused_before_close: int = 200  # messages over the rate a socket may send, then closed
    chat_per_socket: Rate = Rate(5, 10.0)
    header_seconds: float = 10.0  # an HTTP request's headers must arrive within this


LIMITS = Limits()

_NONE = Rate(10**9, 1.0)
NO_LIMITS = Limits(
    login_per_address=_NONE,
    login_failures_free=10**9,
    register_per_address=_NONE,
    guest_per_address=_NONE,
    table_per_account=_NONE,
    tables_per_account=10**6,
    tables_per_guest=10**6,
    history_per_account=_NONE,
    import_per_account=_NONE,
    replay_per_account=_NONE,
    stats_per_account=_NONE,
    notes_per_account=_NONE,
    sockets_per_address=10**9,
    connections_per_address=10**9,
    messages_per_socket=_NONE,
    chat_per_socket=_NONE,
)
"""Limits that never bite (``stud serve --no-limits``): for a load test whose
thousand clients come from one address."""


TOO_MANY: dict[Limited, str] = {
    "messages": "messages",
    "logins": "logins from your address",
    "failed_logins": "failed logins for this name",
    "accounts": "new accounts from your address",
    "guests": "guests from your address",
    "tables": "new tables",
    "hand_histories": "hand history downloads",
    "imports": "hand history imports",
    "replays": "hand replays",
    "statistics": "statistics requests",
    "notes": "changes to your notes",
}
"""What came too often, in the words of a refusal ("too many new tables: …"), by the
``what`` of its ``rate_limited``."""


class Limiter:
    """Token buckets of one :class:`Rate`, one a key, made when first used and
    forgotten once full again (so an attacker's many keys cost little memory)."""

    def __init__(
        self, rate: Rate, *, clock: Callable[[], float] = time.monotonic, most_keys: int = 100_000
    ) -> None:
        if rate.events < 1 or rate.seconds <= 0:
            raise ValueError(f"a rate is 1 event or more in more than 0 s, not {rate}")
        self.rate = rate
        self.clock = clock
        self.most_keys = most_keys
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def _tokens(self, key: str, now: float) -> float:
        tokens, when = self._buckets.get(key, (float(self.rate.events), now))
        refill = (now - when) * self.rate.events / self.rate.seconds
        return min(float(self.rate.events), tokens + refill)

    def take(self, key: str) -> float:
        """Spend one event of ``key``: 0.0 when it is allowed, else the seconds to
        wait before the next one is (and nothing is spent)."""
        now = self.clock()
        tokens = self._tokens(key, now)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) * self.rate.seconds / self.rate.events
        if len(self._buckets) >= self.most_keys and key not in self._buckets:
            self._forget_full(now)
        self._buckets[key] = (tokens - 1.0, now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        full = [key for key in self._buckets if self._tokens(key, now) >= self.rate.events]
        for key in full:
            del self._buckets[key]
        if len(self._buckets) >= self.most_keys:  # all busy: forget the oldest half
            oldest = sorted(self._buckets, key=lambda key: self._buckets[key][1])
            for key in oldest[: len(oldest) // 2]:
                del self._buckets[key]


class Backoff:
    """Failed logins of one name: after ``free`` failures each further try waits
    1, 2, 4 … seconds after the last failure, ``cap`` at most; a success forgets
    them.  A guesser gets a handful of tries, then a few an hour."""

    def __init__(
        self,
        free: int,
        cap: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        most_keys: int = 100_000,
    ) -> None:
        self.free = free
        self.cap = cap
        self.clock = clock
        self.most_keys = most_keys
        self._failures: dict[str, tuple[int, float]] = {}  # key -> (failures, last)

    def wait(self, key: str) -> float:
        """Seconds before ``key`` may try again (0.0: now)."""
        failures, last = self._failures.get(key, (0, 0.0))
        if failures < self.free:
            return 0.0
        delay = min(2.0 ** (failures - self.free), self.cap)
        return max(last + delay - self.clock(), 0.0)

    def failed(self, key: str) -> None:
        if len(self._failures) >= self.most_keys and key not in self._failures:
            now = self.clock()
            stale = [k for k, (_, last) in self._failures.items() if now - last > self.cap]
            for k in stale or list(self._failures)[: self.most_keys // 2]:
                del self._failures[k]
        failures, _ = self._failures.get(key, (0, 0.0))
        self._failures[key] = (failures + 1, self.clock())

    def succeeded(self, key: str) -> None:
        self._failures.pop(key, None)


def retry_after(seconds: float) -> str:
    """The ``Retry-After`` header's value: whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))


class AddressLimits:
    """ASGI middleware: the limits of one address on logging in, registering and
    playing as a guest, applied before a request is read or routed, so that a flood
    of them costs the room a few microseconds each, not a parsed and validated request
    (the per-name backoff of failed logins needs the name: the route applies it)."""

    def __init__(self, app: Any, limits: Limits, *, clock: Callable[[], float] = time.monotonic):
        self.app = app
        self.routes: dict[tuple[str, str], tuple[Limiter, Limited]] = {
            ("POST", "/api/sessions"): (Limiter(limits.login_per_address, clock=clock), "logins"),
            ("POST", "/api/accounts"): (
                Limiter(limits.register_per_address, clock=clock),
                "accounts",
            ),
            ("POST", "/api/guests"): (Limiter(limits.guest_per_address, clock=clock), "guests"),
        }

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            limited = self.routes.get((scope["method"], scope["path"]))
            if limited is not None:
                client = scope.get("client")
                wait = limited[0].take(str(client[0]) if client else "unknown")
                if wait > 0:
                    await _too_many(send, limited[1], wait)
                    return
        await self.app(scope, receive, send)


class SessionLimits:
    """ASGI middleware: the study tools' rates — replays, statistics, imports — by the
    session asking (its bearer token; without one, its address), applied before a
    request is read or routed, so that one session's flood is refused for microseconds a
    request rather than a routed request's milliseconds (FastAPI's dependencies, the
    session read).  The routes apply the same rates again by account, so that the
    sessions of one account share them (server/study_routes.py)."""

    def __init__(self, app: Any, limits: Limits, *, clock: Callable[[], float] = time.monotonic):
        self.app = app
        replays = Limiter(limits.replay_per_account, clock=clock)
        statistics = Limiter(limits.stats_per_account, clock=clock)
        imports = Limiter(limits.import_per_account, clock=clock)
        self.routes: list[tuple[str, re.Pattern[str], Limiter, Limited]] = [
            ("GET", re.compile(r"/api/study/(stats|winnings)"), statistics, "statistics"),
            ("GET", re.compile(r"/api/study/hands/[^/]+"), replays, "replays"),
            ("GET", re.compile(r"/api/tables/[^/]+/hands/[^/]+/replay"), replays, "replays"),
            ("POST", re.compile(r"/api/study/hands"), imports, "imports"),
        ]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            for method, path, limiter, what in self.routes:
                if scope["method"] == method and path.fullmatch(scope["path"]):
                    wait = limiter.take(_session(scope))
                    if wait > 0:
                        await _too_many(send, what, wait)
                        return
                    break
        await self.app(scope, receive, send)


def _session(scope: Any) -> str:
    """Whose requests a request's rate counts: its bearer token's (as a digest: a key
    kept in memory is no token), or without one its address's."""
    for name, value in scope["headers"]:
        if name == b"authorization":
            scheme, _, token = bytes(value).partition(b" ")
            if scheme.lower() == b"bearer" and token.strip():
                return "session " + hashlib.blake2b(token.strip(), digest_size=16).hexdigest()
    client = scope.get("client")
    return "address " + (str(client[0]) if client else "unknown")


async def _too_many(send: Any, what: Limited, wait: float) -> None:
    """The 429 of server.answers.slow_down, written before any route is reached."""
    refused(what)
    after = retry_after(wait)
    refusal = {
        "detail": f"too many {TOO_MANY[what]}: try again in {after} s",
        "code": "rate_limited",
        "params": {"what": what, "retry_after": int(after)},
    }
    body = json.dumps(refusal).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 429,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", after.encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
