"""The relay's broker (room/relay.py), in one process and on Redis: what a message
published on a channel reaches, in which order, and what bad input gets.  The Redis
cases run on the server of scripts/redis.sh (STUD_TEST_REDIS_URL), each under a key
prefix of its own; one of them publishes from another process."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from conftest import redis_test_url
from studpoker.room.relay import Broker, LocalBroker, RedisBroker, broker_for


def new_broker(kind: str) -> tuple[Broker, str]:
    """A broker of ``kind``, and the prefix its channels live under in Redis."""
    if kind == "local":
        return LocalBroker(), ""
    prefix = f"test:{uuid.uuid4().hex}:"
    return RedisBroker(redis_test_url(), prefix=prefix), prefix


def run(kind: str, test: Callable[[Broker], Awaitable[Any]]) -> Any:
    broker, _ = new_broker(kind)

    async def main() -> Any:
        try:
            return await test(broker)
        finally:
            await broker.close()

    return asyncio.run(main())


BOTH = pytest.mark.parametrize("kind", ["local", "redis"])


@BOTH
def test_a_message_reaches_each_subscription_of_its_channel_once(kind: str) -> None:
    async def test(broker: Broker) -> None:
        one = await broker.subscribe("table:razz-1")
        two = await broker.subscribe("table:razz-1", "lobby")
        other = await broker.subscribe("table:stud-2")
        assert await broker.publish("table:razz-1", b"Ann bets 20") == 2
        assert await broker.publish("lobby", b"a table opens") == 1
        assert await broker.publish("nobody", b"lost") == 0
        assert await one.get(2) == ("table:razz-1", b"Ann bets 20")
        assert await two.get(2) == ("table:razz-1", b"Ann bets 20")
        assert await two.get(2) == ("lobby", b"a table opens")
        # Nothing more for anyone: each message once, none of another channel.
        assert await one.get(0.2) is None
        assert await two.get(0.2) is None
        assert await other.get(0.2) is None
        for subscription in (one, two, other):
            await subscription.close()

    run(kind, test)


@BOTH
def test_one_publishers_messages_arrive_in_the_order_published(kind: str) -> None:
    async def test(broker: Broker) -> list[bytes]:
        subscription = await broker.subscribe("table:t")
        for n in range(300):
            await broker.publish("table:t", f"action {n}".encode())
        got = []
        for _ in range(300):
            message = await subscription.get(5)
            assert message is not None
            got.append(message[1])
        await subscription.close()
        return got

    assert run(kind, test) == [f"action {n}".encode() for n in range(300)]


@BOTH
def test_many_messages_published_at_once_arrive_as_if_published_one_by_one(kind: str) -> None:
    """``publish_all``: a turn of a busy process's loop sent in one round trip, each
    message reaching its channel's subscriptions, in order, each count its own."""

    async def test(broker: Broker) -> None:
        table = await broker.subscribe("table:t")
        both = await broker.subscribe("table:t", "lobby")
        batch = [("table:t", f"action {n}".encode()) for n in range(200)]
        batch[100:100] = [("lobby", b"a table opens"), ("nobody", b"lost")]
        assert await broker.publish_all(batch) == [2] * 100 + [1, 0] + [2] * 100
        assert await broker.publish_all([]) == []
        for_table = [data for channel, data in batch if channel == "table:t"]
        assert [(await table.get(5) or ("", b""))[1] for _ in range(200)] == for_table
        heard = [await both.get(5) for _ in range(201)]
        assert heard == [(c, d) for c, d in batch if c != "nobody"]
        assert await table.get(0.2) is None
        assert await both.get(0.2) is None
        # One message that is not bytes: none of them is sent.
        with pytest.raises(TypeError, match="a message is bytes, not str"):
            await broker.publish_all([("table:t", b"first"), ("table:t", "second")])  # type: ignore[list-item]
        assert await table.get(0.2) is None
        await table.close()
        await both.close()

    run(kind, test)


@BOTH
def test_a_late_or_closed_subscription_gets_nothing_it_was_not_listening_for(kind: str) -> None:
    async def test(broker: Broker) -> None:
        early = await broker.subscribe("table:t")
        assert await broker.publish("table:t", b"first") == 1
        late = await broker.subscribe("table:t")
        assert await late.get(0.2) is None  # pub/sub keeps nothing
        await early.close()
        assert await broker.publish("table:t", b"second") == 1  # the late one only
        assert await late.get(2) == ("table:t", b"second")
        with pytest.raises(RuntimeError, match="the subscription is closed"):
            await early.get(0.1)
        await late.close()
        assert await broker.publish("table:t", b"third") == 0

    run(kind, test)


@BOTH
def test_bad_input_is_refused_and_sends_nothing(kind: str) -> None:
    async def test(broker: Broker) -> None:
        listening = await broker.subscribe("table:t")
        with pytest.raises(TypeError, match="a message is bytes, not str"):
            await broker.publish("table:t", "text")  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="subscribe to at least one channel"):
            await broker.subscribe()
        with pytest.raises(ValueError, match="a channel is a non-empty name, not ''"):
            await broker.subscribe("lobby", "")
        assert await listening.get(0.2) is None
        await listening.close()

    run(kind, test)


def test_broker_for_gives_the_embedded_broker_or_redis_and_refuses_other_urls() -> None:
    assert isinstance(broker_for(None), LocalBroker)
    with pytest.raises(ValueError, match="a Redis URL begins with redis://"):
        broker_for("postgresql://localhost/stud")


def test_a_message_published_by_another_process_arrives() -> None:
    """Two processes on one Redis: what the other process publishes reaches this one's
    subscription (the relay of a table's updates to every process)."""
    url = redis_test_url()
    prefix = f"test:{uuid.uuid4().hex}:"
    publisher = (
        "import asyncio, sys\n"
        "from studpoker.room.relay import RedisBroker\n"
        "async def main():\n"
        "    broker = RedisBroker(sys.argv[1], prefix=sys.argv[2])\n"
        "    for n in range(5):\n"
        "        print(await broker.publish('table:t', f'hand {n}'.encode()))\n"
        "    await broker.close()\n"
        "asyncio.run(main())\n"
    )

    async def main() -> tuple[list[bytes], str]:
        broker = RedisBroker(url, prefix=prefix)
        subscription = await broker.subscribe("table:t")
        done = await asyncio.to_thread(
            subprocess.run,
            [sys.executable, "-c", publisher, url, prefix],
            capture_output=True,
            text=True,
            check=True,
        )
        got = []
        for _ in range(5):
            message = await subscription.get(5)
            assert message is not None
            got.append(message[1])
        await subscription.close()
        await broker.close()
        return got, done.stdout

    got, printed = asyncio.run(main())
    assert got == [f"hand {n}".encode() for n in range(5)]
    assert printed.split() == ["1"] * 5  # each reached the one subscription here
