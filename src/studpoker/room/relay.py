"""How a table's messages cross processes: a publish/subscribe broker.

DESIGN.md, "Scale beyond one machine": table traffic and lobby updates cross processes
through Redis, and the embedded room (one process, SQLite) keeps an in-process broker
behind the same seam.  :func:`broker_for` gives one or the other: ``None`` is
:class:`LocalBroker`, a ``redis://`` URL is :class:`RedisBroker`.

Both keep the same promises, which the tests hold them to:

* a message published on a channel reaches every subscription to that channel that
  exists when it is published, once, and nothing else;
* the messages of one publisher on one channel arrive in the order published;
* a subscription made after a message was published does not get it (Redis pub/sub
  keeps nothing: what must survive a process goes to the database, not here);
* ``publish`` answers how many subscriptions it reached (Redis counts those of every
  process), so a publisher can tell nobody was listening;
* ``publish_all`` publishes many messages as one publish after another would, in their
  order, but in one round trip to Redis: a busy process sends what a turn of its loop
  produced at once, instead of waiting for Redis between two messages.

Messages are bytes: the relay neither knows nor parses what the table says.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # redis is imported by the broker that uses it (0.1 s a process)
    from redis.asyncio import Redis
    from redis.asyncio.client import PubSub

__all__ = [
    "Broker",
    "LocalBroker",
    "Message",
    "RedisBroker",
    "Subscription",
    "broker_for",
    "check_redis_url",
]

Message = tuple[str, bytes]  # (channel, data)


class Subscription(Protocol):
    """The messages of some channels, as they are published."""

    async def get(self, timeout: float | None = None) -> Message | None:
        """The next message, or None if none came within ``timeout`` seconds (None:
        wait as long as it takes)."""
        ...

    async def close(self) -> None:
        """Stop listening; later messages are not kept."""
        ...


class Broker(Protocol):
    async def publish(self, channel: str, data: bytes) -> int:
        """Send ``data`` to every subscription of ``channel``; how many it reached."""
        ...

    async def publish_all(self, messages: list[Message]) -> list[int]:
        """Publish each of ``messages`` in order; how many subscriptions each reached.
        Nothing is sent if one of them is not bytes."""
        ...

    async def subscribe(self, *channels: str) -> Subscription:
        """A subscription to ``channels``, listening when this returns."""
        ...

    async def close(self) -> None: ...


def _bytes(messages: list[Message]) -> None:
    for _, data in messages:
        if not isinstance(data, bytes):
            raise TypeError(f"a message is bytes, not {type(data).__name__}")


def _channels(channels: Iterable[str]) -> tuple[str, ...]:
    named = tuple(channels)
    if not named:
        raise ValueError("subscribe to at least one channel")
    for channel in named:
        if not isinstance(channel, str) or not channel:
            raise ValueError(f"a channel is a non-empty name, not {channel!r}")
    return named


class _LocalSubscription:
    def __init__(self, broker: LocalBroker, channels: tuple[str, ...]) -> None:
        self._broker = broker
        self.channels = channels
        self.queue: asyncio.Queue[Message] = asyncio.Queue()
        self.closed = False

    async def get(self, timeout: float | None = None) -> Message | None:
        if self.closed:
            raise RuntimeError("the subscription is closed")
        try:
            async with asyncio.timeout(timeout):  # not wait_for: see room/tasks.py
                return await self.queue.get()
        except TimeoutError:
            return None

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._broker._drop(self)


class LocalBroker:
    """The broker of a room in one process: every subscription is a queue here."""

    def __init__(self) -> None:
        self._subscribers: dict[str, list[_LocalSubscription]] = {}

    async def publish(self, channel: str, data: bytes) -> int:
        return (await self.publish_all([(channel, data)]))[0]

    async def publish_all(self, messages: list[Message]) -> list[int]:
        _bytes(messages)
        reached = []
        for channel, data in messages:
            listening = self._subscribers.get(channel, [])
            for subscription in listening:
                subscription.queue.put_nowait((channel, data))
            reached.append(len(listening))
        return reached

    async def subscribe(self, *channels: str) -> Subscription:
        subscription = _LocalSubscription(self, _channels(channels))
        for channel in subscription.channels:
            self._subscribers.setdefault(channel, []).append(subscription)
        return subscription

    def _drop(self, subscription: _LocalSubscription) -> None:
        for channel in subscription.channels:
            listening = self._subscribers.get(channel, [])
            if subscription in listening:
                listening.remove(subscription)
            if not listening:
                self._subscribers.pop(channel, None)

    async def close(self) -> None:
        for listening in list(self._subscribers.values()):
            for subscription in list(listening):
                await subscription.close()


class _RedisSubscription:
    def __init__(self, pubsub: PubSub, prefix: str) -> None:
        self._pubsub = pubsub
        self._cut = len(prefix)  # the channels' names are given without the prefix
        self.pending: list[Message] = []  # arrived while the subscription was confirmed
        self.closed = False

    def message_of(self, reply: dict[str, object]) -> Message | None:
        if reply["type"] != "message":
            return None
        channel, data = reply["channel"], reply["data"]
        name = channel.decode() if isinstance(channel, bytes) else str(channel)
        assert isinstance(data, bytes)
        return name[self._cut :], data

    async def get(self, timeout: float | None = None) -> Message | None:
        if self.closed:
            raise RuntimeError("the subscription is closed")
        if self.pending:
            return self.pending.pop(0)
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(deadline - time.monotonic(), 0.0)
            # timeout None: until a message comes.
            reply = await self._pubsub.get_message(timeout=left)
            message = None if reply is None else self.message_of(reply)
            if message is not None:
                return message
            if deadline is not None and time.monotonic() >= deadline:
                return None

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            await _close(self._pubsub)


class RedisBroker:
    """The broker of a room on several processes: Redis pub/sub at ``url``."""

    def __init__(self, url: str, *, prefix: str = "stud:") -> None:
        from redis.asyncio import Redis

        self._redis: Redis = Redis.from_url(url)
        self.prefix = prefix  # every channel's name in Redis begins with it

    async def publish(self, channel: str, data: bytes) -> int:
        _bytes([(channel, data)])
        return int(await self._redis.publish(self.prefix + channel, data))

    async def publish_all(self, messages: list[Message]) -> list[int]:
        _bytes(messages)
        if not messages:
            return []
        # One connection, the commands in order: Redis runs them one after another.
        async with self._redis.pipeline(transaction=False) as pipe:
            for channel, data in messages:
                pipe.publish(self.prefix + channel, data)
            return [int(reached) for reached in await pipe.execute()]

    async def subscribe(self, *channels: str) -> Subscription:
        named = _channels(channels)
        pubsub = self._redis.pubsub()
        subscription = _RedisSubscription(pubsub, self.prefix)
        await pubsub.subscribe(*(self.prefix + channel for channel in named))
        # Listening once Redis has confirmed every channel, so that a message published
        # after subscribe() returns arrives; one that comes meanwhile is kept.
        confirmed = 0
        while confirmed < len(named):
            reply = await pubsub.get_message(timeout=5.0)
            if reply is None:
                await _close(pubsub)
                raise ConnectionError("Redis did not confirm the subscription in 5 s")
            if reply["type"] == "subscribe":
                confirmed += 1
            elif (message := subscription.message_of(reply)) is not None:
                subscription.pending.append(message)
        return subscription

    async def close(self) -> None:
        await self._redis.aclose()


async def _close(pubsub: PubSub) -> None:
    await pubsub.aclose()  # type: ignore[no-untyped-call,unused-ignore]  # untyped before redis 8.2


def broker_for(url: str | None, *, prefix: str = "stud:") -> Broker:
    """The room's broker: in-process for ``None``, else Redis at ``url``
    (``redis://host:port/db``, or ``rediss://`` over TLS)."""
    if url is None:
        return LocalBroker()
    return RedisBroker(check_redis_url(url), prefix=prefix)


def check_redis_url(url: str) -> str:
    """``url`` if it names a Redis server, else a ValueError saying what one looks like."""
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"a Redis URL begins with redis://, rediss:// or unix://, not {url!r}")
    return url
