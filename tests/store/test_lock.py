"""One room a database (store/lock.py) on a PostgreSQL server that holds several rooms'
databases: a room refused on one is told who holds that database, never the rooms of
the others (which a run of the suite on three workers met: two rooms on two databases
named in one refusal)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from conftest import drop_postgres_database, new_postgres_database, postgres_admin_url
from studpoker.store.lock import RoomLock, RoomLocked


@pytest.fixture
def two_databases() -> Iterator[list[str]]:
    postgres_admin_url()  # skipped without a PostgreSQL server, failed under CI
    urls = [new_postgres_database(), new_postgres_database()]
    yield urls
    for url in urls:
        drop_postgres_database(url)


def test_a_room_refused_is_told_only_of_the_room_on_its_own_database(two_databases) -> None:
    first, other = two_databases
    held = RoomLock.take(first, holder="pid 1 on blue")
    elsewhere = RoomLock.take(other, holder="pid 2 on green")  # another database: no refusal
    try:
        with pytest.raises(RoomLocked) as refused:
            RoomLock.take(first, holder="pid 3 on blue")
        assert str(refused.value).startswith("another room runs on this database (pid 1 on blue):")
        with pytest.raises(RoomLocked) as refused:
            RoomLock.take(other, shared=True, holder="pid 4 on green")
        assert str(refused.value).startswith("another room runs on this database (pid 2 on green):")
    finally:
        held.release()
        elsewhere.release()
    RoomLock.take(first, holder="pid 5 on blue").release()  # free again once let go
