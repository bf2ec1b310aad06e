"""Table leases with fencing tokens (room/ownership.py), in one process and on Redis:
one owner at a time, tokens that only grow, and a stale owner refused.  The Redis
cases run on the server of scripts/redis.sh (STUD_TEST_REDIS_URL), each under a key
prefix of its own.  A Hypothesis state machine holds LocalLeases to a model over any
sequence of grants, renewals, releases and time passing; the same sequences (time
standing still) run on both and must answer alike."""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import redis_test_url
from studpoker.room.ownership import Lease, Leases, LocalLeases, RedisLeases, leases_for


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _pass(kind: str, clock: Clock, seconds: float) -> None:
    """Let ``seconds`` pass: on the fake clock of LocalLeases, or for real on Redis."""
    if kind == "local":
        clock.now += seconds
    else:
        await asyncio.sleep(seconds)


def new_leases(kind: str, clock: Clock) -> Leases:
    if kind == "local":
        return LocalLeases(clock)
    return RedisLeases(redis_test_url(), prefix=f"test:{uuid.uuid4().hex}:")


def run(kind: str, test: Callable[[Leases, Clock], Awaitable[Any]]) -> Any:
    clock = Clock()
    leases = new_leases(kind, clock)

    async def main() -> Any:
        try:
            return await test(leases, clock)
        finally:
            await leases.close()

    return asyncio.run(main())


BOTH = pytest.mark.parametrize("kind", ["local", "redis"])


@BOTH
def test_a_table_has_one_owner_at_a_time(kind: str) -> None:
    async def test(leases: Leases, clock: Clock) -> None:
        a = await leases.acquire("razz-1", "process-a", 30)
        assert a == Lease("razz-1", "process-a", 1)
        assert await leases.acquire("razz-1", "process-b", 30) is None
        assert await leases.acquire("razz-1", "process-a", 30) is None  # not twice either
        assert await leases.holder("razz-1") == a
        # Another table is another lease, with its own tokens.
        assert await leases.acquire("stud-2", "process-b", 30) == Lease("stud-2", "process-b", 1)

    run(kind, test)


@BOTH
def test_each_grant_has_a_greater_token_after_a_release_or_an_expiry(kind: str) -> None:
    async def test(leases: Leases, clock: Clock) -> None:
        a = await leases.acquire("t", "a", 30)
        assert a is not None
        assert a.token == 1
        assert await leases.release(a) is True
        b = await leases.acquire("t", "b", 0.1)
        assert b == Lease("t", "b", 2)
        await _pass(kind, clock, 0.3)  # b's lease runs out: b was paused, or died
        assert await leases.holder("t") is None
        c = await leases.acquire("t", "c", 30)
        assert c == Lease("t", "c", 3)

    run(kind, test)


@BOTH
def test_an_owner_that_lost_its_lease_cannot_renew_or_release_it(kind: str) -> None:
    """The stale owner of the issue: paused past its lease, it wakes, and finds the
    table another's; its token (1) is below the new owner's (2), which the store
    checks before each write."""

    async def test(leases: Leases, clock: Clock) -> None:
        stale = await leases.acquire("t", "a", 0.1)
        assert stale is not None
        await _pass(kind, clock, 0.3)
        fresh = await leases.acquire("t", "b", 30)
        assert fresh == Lease("t", "b", 2)
        assert await leases.renew(stale, 30) is False
        assert await leases.release(stale) is False
        assert await leases.holder("t") == fresh
        assert stale.token < fresh.token

    run(kind, test)


@BOTH
def test_renewing_in_time_keeps_the_table(kind: str) -> None:
    async def test(leases: Leases, clock: Clock) -> None:
        lease = await leases.acquire("t", "a", 0.4)
        assert lease is not None
        for _ in range(6):  # 1.2 s in all, three times the lease
            await _pass(kind, clock, 0.2)
            assert await leases.renew(lease, 0.4) is True
            assert await leases.acquire("t", "b", 30) is None
        assert await leases.holder("t") == lease

    run(kind, test)


@BOTH
def test_a_process_renews_all_its_leases_and_reads_all_holders_at_once(kind: str) -> None:
    """What a process holding hundreds of tables does every third of a lease: one
    round trip renews them all (a lost one answers False), one reads who holds each."""

    async def test(leases: Leases, clock: Clock) -> None:
        held = [await leases.acquire(f"t{n}", "a", 0.4) for n in range(5)]
        assert all(lease is not None for lease in held)
        mine = [lease for lease in held if lease is not None]
        await _pass(kind, clock, 0.25)
        assert await leases.renew_all(mine[:4], 0.4) == [True] * 4
        await _pass(kind, clock, 0.25)  # t4 was not renewed: it ran out
        other = await leases.acquire("t4", "b", 30)
        assert other is not None
        assert other.token == 2
        assert await leases.renew_all(mine, 0.4) == [True, True, True, True, False]
        assert await leases.renew_all([], 0.4) == []
        names = ["t0", "t4", "nobody's", "t2"]
        assert await leases.holders(names) == [mine[0], other, None, mine[2]]
        assert await leases.holders([]) == []

    run(kind, test)


@BOTH
def test_many_processes_racing_for_a_table_get_one_lease(kind: str) -> None:
    async def test(leases: Leases, clock: Clock) -> None:
        if kind == "redis":  # one connection each, as separate processes would have
            prefix = f"test:{uuid.uuid4().hex}:"
            racers: list[Leases] = [RedisLeases(redis_test_url(), prefix=prefix) for _ in range(12)]
        else:
            racers = [leases] * 12
        won = await asyncio.gather(
            *(racer.acquire("t", f"process-{n}", 30) for n, racer in enumerate(racers))
        )
        granted = [lease for lease in won if lease is not None]
        assert len(granted) == 1
        assert granted[0].token == 1
        assert await racers[0].holder("t") == granted[0]
        if kind == "redis":
            for racer in racers:
                await racer.close()

    run(kind, test)


@BOTH
def test_bad_input_is_refused_and_changes_nothing(kind: str) -> None:
    async def test(leases: Leases, clock: Clock) -> None:
        with pytest.raises(ValueError, match="a table is a non-empty name, not ''"):
            await leases.acquire("", "a", 30)
        with pytest.raises(ValueError, match=re.escape("an owner is a non-empty name without '|'")):
            await leases.acquire("t", "a|1", 30)
        with pytest.raises(ValueError, match="a lease lasts more than 0 seconds, not 0"):
            await leases.acquire("t", "a", 0)
        assert await leases.holder("t") is None
        lease = await leases.acquire("t", "a", 30)
        assert lease == Lease("t", "a", 1)  # no token was spent on the refusals
        with pytest.raises(ValueError, match="a lease lasts more than 0 seconds, not -1"):
            await leases.renew(lease, -1)
        assert await leases.holder("t") == lease

    run(kind, test)


def test_leases_for_gives_the_embedded_leases_or_redis_and_refuses_other_urls() -> None:
    assert isinstance(leases_for(None), LocalLeases)
    with pytest.raises(ValueError, match="a Redis URL begins with redis://"):
        leases_for("sqlite:///room.db")


# -- any sequence of operations ---------------------------------------------------------

OWNERS = ("a", "b", "c")
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("acquire"), st.sampled_from(OWNERS)),
        st.tuples(st.just("renew"), st.sampled_from(OWNERS)),
        st.tuples(st.just("release"), st.sampled_from(OWNERS)),
        st.tuples(st.just("pass"), st.sampled_from((1.0, 5.0, 11.0))),
    ),
    max_size=40,
)


async def _play(leases: Leases, clock: Clock | None, steps: list[tuple[str, Any]]) -> list[Any]:
    """Each step's answer; every owner renews or releases the last lease it was granted."""
    mine: dict[str, Lease] = {}
    answers: list[Any] = []
    for op, arg in steps:
        if op == "pass":
            if clock is not None:
                clock.now += arg
            continue
        if op == "acquire":
            lease = await leases.acquire("t", arg, 10)
            if lease is not None:
                mine[arg] = lease
            answers.append(lease)
        elif arg in mine:
            call = leases.renew(mine[arg], 10) if op == "renew" else leases.release(mine[arg])
            answers.append(await call)
        answers.append(await leases.holder("t"))
    return answers


@settings(max_examples=300, deadline=None)
@given(STEPS)
def test_any_sequence_keeps_one_owner_and_growing_tokens(steps: list[tuple[str, Any]]) -> None:
    """A model: the holder and its expiry; a grant only when nobody holds the table (or
    the holder's time ran out), with the next token; renew and release only for the
    holder's own lease."""
    clock = Clock()
    leases = LocalLeases(clock)
    holder: tuple[Lease, float] | None = None
    last_token = 0
    mine: dict[str, Lease] = {}

    def current() -> Lease | None:
        return holder[0] if holder is not None and holder[1] > clock.now else None

    async def main() -> None:
        nonlocal holder, last_token
        for op, arg in steps:
            if op == "pass":
                clock.now += arg
            elif op == "acquire":
                got = await leases.acquire("t", arg, 10)
                if current() is None:
                    last_token += 1
                    expected: Lease | None = Lease("t", arg, last_token)
                    holder = (Lease("t", arg, last_token), clock.now + 10)
                    mine[arg] = holder[0]
                else:
                    expected = None
                assert got == expected
            elif arg in mine:
                ours = mine[arg]
                is_current = current() == ours
                if op == "renew":
                    assert await leases.renew(ours, 10) is is_current
                    if is_current:
                        holder = (ours, clock.now + 10)
                else:
                    assert await leases.release(ours) is is_current
                    if is_current:
                        holder = None
            assert await leases.holder("t") == current()

    asyncio.run(main())


@settings(max_examples=25, deadline=None)
@given(STEPS)
def test_redis_answers_any_sequence_as_the_embedded_leases_do(
    steps: list[tuple[str, Any]],
) -> None:
    """Time standing still (the leases last longer than the test), Redis and LocalLeases
    give the same answer to every step."""
    url = redis_test_url()
    still = [(op, arg) for op, arg in steps if op != "pass"]

    async def main() -> tuple[list[Any], list[Any]]:
        redis = RedisLeases(url, prefix=f"test:{uuid.uuid4().hex}:")
        try:
            return await _play(LocalLeases(Clock()), None, still), await _play(redis, None, still)
        finally:
            await redis.close()

    local, remote = asyncio.run(main())
    assert remote == local
