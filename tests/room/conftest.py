"""The room's tests that move money through the ledger and keep hands, rollovers and
competitions in the database run on SQLite and on PostgreSQL: those marked
``both_databases``.

Those tests name SQLite files (``sqlite:///…/room.db``).  In their PostgreSQL case the
module's ``Store`` opens a new PostgreSQL database in place of each file it is given
(the same file, the same database: a room started again finds what the last one kept;
an in-memory URL, a new one each time), and every one is dropped after the test.  The
server is the one of tests/conftest.py: skipped without ``STUD_TEST_POSTGRES_URL``,
failed without it under ``CI``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

# tests/conftest.py, the conftest of every test (its module is "conftest").
from conftest import drop_postgres_database, new_postgres_database, postgres_admin_url
from studpoker.store import Store


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test marked ``both_databases`` (tests/conftest.py parametrises its ``backend``)
    opens each store as its module's ``Store``, which ``backend`` replaces."""
    if metafunc.definition.get_closest_marker("both_databases") is not None:
        module = metafunc.definition.path.name
        assert getattr(metafunc.module, "Store", None) is Store, f"{module} names Store"


@pytest.fixture(autouse=True)
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The database the test's stores are on: ``sqlite`` as the test names them, or
    ``postgresql`` in their place."""
    name: str = getattr(request, "param", "sqlite")
    if name == "sqlite":
        yield name
        return
    postgres_admin_url()  # skipped (or under CI failed) here, before the test begins
    databases: dict[str, str] = {}
    made: list[str] = []

    def on_postgresql(url: str, **options: Any) -> Store:
        if url.startswith("sqlite"):
            in_memory = url.rstrip("/") in ("sqlite:", "sqlite:/") or url.endswith(":memory:")
            if in_memory or url not in databases:
                made.append(new_postgres_database())
                if not in_memory:
                    databases[url] = made[-1]
            url = made[-1] if in_memory else databases[url]
        return Store(url, **options)

    monkeypatch.setattr(request.module, "Store", on_postgresql)
    try:
        yield name
    finally:
        for url in made:
            drop_postgres_database(url)
