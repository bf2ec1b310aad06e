"""Fixtures of the browser tests: a real card room and Debian's headless chromium.

Debian's chromium-headless-shell is launched through its executable_path
(scripts/chromium.sh installs it); without it the tests are skipped, except under CI,
where they fail."""

from __future__ import annotations

import asyncio
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


# Playwright's sync API marks its event loop as the main thread's running loop while it
# is started, between its calls too.  The browser lives as long as the test process, so
# the loop is marked only during the browser tests: kept here in between, the other tests
# (asyncio.run in the docs' examples and the room's tests refuses to start in a thread
# whose loop runs) find none.
_PLAYWRIGHTS_LOOP: list[asyncio.AbstractEventLoop] = []


def _loop_marked(marked: bool) -> None:
    """Playwright's loop marked as running (before a browser test), or put aside."""
    if marked:
        if _PLAYWRIGHTS_LOOP:
            asyncio._set_running_loop(_PLAYWRIGHTS_LOOP.pop())
        return
    loop = asyncio._get_running_loop()
    if loop is not None:
        _PLAYWRIGHTS_LOOP.append(loop)
        asyncio._set_running_loop(None)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A chromium for every browser test of the test process: launching one (and
    Playwright's driver) costs 0.6 s of CPU, and its pages go from test to test
    (helpers.new_page), whichever module's room they load."""
    assert CHROMIUM.exists(), f"no chromium at {CHROMIUM}: run scripts/chromium.sh"
    if os.environ.get("CI"):
        import playwright.sync_api as sync_api
    else:
        sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        _loop_marked(False)
        yield launched
        _loop_marked(True)
        forget_pages(launched)
        launched.close()


@pytest.fixture(autouse=True)
def _close_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """The pages a test opened are done with after it: a page left open goes on drawing
    its table, polling and, once its room has stopped, knocking at it again.  Those of
    ``new_page`` go back to its idle pages, at about:blank (helpers.release_pages); any
    other context the test opened is closed.  Playwright's loop is marked as running
    for the test only (see ``_PLAYWRIGHTS_LOOP``)."""
    if "browser" not in request.fixturenames:
        yield
        return
    chromium = request.getfixturevalue("browser")
    _loop_marked(True)
    try:
        before = set(chromium.contexts)
        yield
        release_pages()
        idle = {page.context for page in idle_pages(chromium)}
        for context in chromium.contexts:
            if context not in before and context not in idle:
                context.close()
    finally:
        _loop_marked(False)
