"""Fixtures of the browser tests: a real card room and Debian's headless chromium.

Debian's chromium is launched through its executable_path (scripts/chromium.sh installs
it); without it the tests are skipped, except under CI, where they fail."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

# tests/ is not a package: pytest puts it on sys.path, and tests/server is the package `server`.
from conftest import drop_postgres_database, new_postgres_database
from server.conftest import Server, served

from .helpers import ARGS, CHROMIUM, forget_pages, idle_pages, release_pages


@pytest.fixture(scope="module")
def room(request: pytest.FixtureRequest) -> Iterator[Server]:
    """A served room for a module's pages: in memory, or on a new PostgreSQL database."""
    if getattr(request, "param", "sqlite") == "sqlite":
        with served(clock=60.0) as server:
            yield server
        return
    url = new_postgres_database()
    try:
        with served(url, clock=60.0) as server:
            yield server
    finally:
        drop_postgres_database(url)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A chromium for a module's tests.  Not one for the whole test process: Playwright's
    sync API holds an event loop in the process's main thread while it runs, and every
    test after the module would find it running (``asyncio.run`` in the docs' examples
    refuses to start)."""
    assert CHROMIUM.exists(), f"no chromium at {CHROMIUM}: run scripts/chromium.sh"
    if os.environ.get("CI"):
        import playwright.sync_api as sync_api
    else:
        sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        forget_pages(launched)
        launched.close()


@pytest.fixture(autouse=True)
def _close_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """The pages a test opened are done with after it: a page left open goes on drawing
    its table, polling and, once its room has stopped, knocking at it again.  Those of
    ``new_page`` go back to its idle pages, at about:blank (helpers.release_pages); any
    other context the test opened is closed."""
    if "browser" not in request.fixturenames:
        yield
        return
    chromium = request.getfixturevalue("browser")
    before = set(chromium.contexts)
    yield
    release_pages()
    idle = {page.context for page in idle_pages(chromium)}
    for context in chromium.contexts:
        if context not in before and context not in idle:
            context.close()
