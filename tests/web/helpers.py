"""What the browser tests share: where chromium is, and playing through the page."""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # the tests are skipped: see sync_api()
    PlaywrightError = Exception  # type: ignore[assignment,misc]

CHROMIUM = Path(os.environ.get("STUD_CHROMIUM", "/usr/bin/chromium-headless-shell"))
# The screenshots the tests take: kept apart, unless STUD_SCREENSHOTS=docs asks them to
# redraw docs/screenshots (whose PNGs differ by a few bytes every run).
SCREENSHOTS = (
    Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("STUD_SCREENSHOTS") == "docs"
    else Path(tempfile.gettempdir()) / "studpoker-screenshots"
)
SCREENSHOTS.mkdir(parents=True, exist_ok=True)
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Which action button the test presses, the first of these the page offers.
SHORTCUTS = {"check": "c", "call": "c", "bring_in": "b", "fold": "f"}
CHINESE = re.compile("[\u4e00-\u9fff]")
PREFERENCE = ("check", "call", "bring_in", "complete", "bet", "raise", "show", "fold")
# A player who puts chips in whenever the page lets them (a tournament played to its end).
AGGRESSIVE = ("complete", "raise", "bet", "call", "check", "bring_in", "show", "fold")
# Show Hand's opener must bet: the amount control is set to this many chips.
SHOW_HAND_BET = 20


def sync_api() -> Any:
    """playwright.sync_api; without chromium or playwright the module is skipped (under
    CI it fails instead)."""
    if os.environ.get("CI"):
        import playwright.sync_api as api

        return api
    if not CHROMIUM.exists():
        pytest.skip(
            f"no chromium at {CHROMIUM}: run scripts/chromium.sh (under CI this fails)",
            allow_module_level=True,
        )
    return pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


# Pages that tests have finished with, by browser and by the options of their context,
# each at about:blank with its storage and cookies cleared: the next new_page() with the
# same options loads its URL there.  A context of its own and its first page cost
# chromium 1.1 s of CPU more than a page loaded again in a renderer that is already up
# (1.56 s against 0.46 s here): with about 120 pages loaded, two minutes of a core.
_IDLE: dict[int, dict[str, list[Any]]] = {}
# The pages handed out and not yet given back: (page, browser's id, options' key, options).
_LENT: list[tuple[Any, int, str, dict[str, Any]]] = []


def new_page(browser: Any, url: str, **options: Any) -> Any:
    """A page at ``url`` in a context of its own (a desktop screen in English unless
    ``options`` say otherwise), as a new visitor sees it: no token, no settings, no
    cookies; page errors are kept in ``page.errors``.  The page may be one that an
    earlier test gave back (:func:`give_back`, or the fixture ``_close_pages`` after each test);
    a test that closes its context or opens other pages in it leaves it to nobody."""
    options = {"viewport": {"width": 1280, "height": 800}, "locale": "en-US"} | options
    key = json.dumps(options, sort_keys=True, default=str)
    idle = _IDLE.setdefault(id(browser), {}).setdefault(key, [])
    page = None
    while idle and page is None:
        page = idle.pop()
        if page.is_closed():
            page = None
    if page is None:
        page = browser.new_context(**options).new_page()
    errors: list[str] = []

    def keep(error: Any) -> None:
        errors.append(str(error))

    page.errors = errors  # a list of its own for each lending: give_back() removes ``keep``
    page.keep_errors = keep
    page.on("pageerror", keep)
    _LENT.append((page, id(browser), key, options))
    page.goto(url)
    return page


def give_back(page: Any) -> None:
    """``page`` (of :func:`new_page`) given back: its socket and timers stopped
    (about:blank), the storage of its origin and its cookies cleared, routes removed and
    the screen size of its options again, it waits for the next :func:`new_page` with the
    same options; where that cannot be done (its context closed, other tabs opened in it,
    an error), its context is closed."""
    lending = next((lent for lent in _LENT if lent[0] is page), None)
    if lending is None:
        raise ValueError("not a page of new_page(), or given back already")
    _LENT.remove(lending)
    _page, browser, key, options = lending
    if page.is_closed():
        return
    context = page.context
    if context.pages != [page]:  # another tab opened in it: not a new visitor's
        context.close()
        return
    try:
        page.remove_listener("pageerror", page.keep_errors)
        page.unroute_all(behavior="ignoreErrors")
        context.unroute_all(behavior="ignoreErrors")
        if page.url.startswith("http"):
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        page.goto("about:blank", timeout=5000)
        context.clear_cookies()
        page.set_viewport_size(options["viewport"])
    except PlaywrightError:
        context.close()
        return
    _IDLE.setdefault(browser, {}).setdefault(key, []).append(page)


def release_pages() -> None:
    """Every page of :func:`new_page` not yet given back, given back (:func:`give_back`)."""
    for page, *_rest in list(_LENT):
        give_back(page)


def idle_pages(browser: Any) -> list[Any]:
    """The pages of ``browser`` waiting for a test."""
    return [page for pages in _IDLE.get(id(browser), {}).values() for page in pages]


def forget_pages(browser: Any) -> None:
    """The idle pages of ``browser`` forgotten (it is closing)."""
    _IDLE.pop(id(browser), None)


def guest_page(browser: Any, url: str, **options: Any) -> Any:
    """A :func:`new_page` logged in as a guest."""
    page = new_page(browser, url, **options)
    page.click("#guest")
    # logged in as a guest ("Guest 123456", "訪客 123456" in Chinese)
    page.wait_for_function("() => Boolean(stud.ui.account && stud.ui.account.guest)")
    page.wait_for_selector("#account-name:not(:empty)")
    return page


def registered_page(
    browser: Any, url: str, name: str, password: str = "secret-pass", **options: Any
) -> Any:
    """A :func:`new_page` where ``name`` registers through the form."""
    page = new_page(browser, url, **options)
    page.fill("#name", name)
    page.fill("#password", password)
    page.click("#do-register")
    page.wait_for_selector(f"#account-name:text-is('{name}')")
    return page


def sit(page: Any, table: str, *, dealt: bool = True) -> None:
    """Sit at ``table``; with ``dealt``, until one's own down cards show, face up."""
    page.click(f'button.sit[data-table="{table}"]')
    page.wait_for_selector("#room:visible")
    if dealt:
        page.wait_for_selector(".seat.me .card.down:not(.back)", timeout=20000)


def press_once(
    page: Any, *, keys: bool = False, preference: tuple[str, ...] = PREFERENCE
) -> str | None:
    """Press the preferred action button the page offers (with ``keys``, through its
    keyboard shortcut); the kind pressed, or None."""
    # read at once: the page redraws its buttons with every message
    kinds = page.locator("#actions button.act").evaluate_all(
        "buttons => buttons.map(b => b.dataset.kind)"
    )
    for kind in preference:
        if kind not in kinds:
            continue
        if keys and kind in SHORTCUTS:
            page.keyboard.press(SHORTCUTS[kind])
            return kind
        # Fixed-limit amounts are buttons of their own; a range has its amount box.
        group = page.locator(".act-group", has=page.locator(f'button[data-kind="{kind}"]')).first
        button = page.locator(f'#actions button.act[data-kind="{kind}"]').first
        try:
            if kind == "bet" and group.count() and group.locator("input.amount").count():
                # the amount control: the button says what it will put in
                group.locator("input.amount").fill(str(SHOW_HAND_BET), timeout=2000)
                text = button.inner_text(timeout=2000)
                assert text.endswith(f" {SHOW_HAND_BET}"), text
            button.click(timeout=2000)
        except PlaywrightError:
            return None  # the turn went by (the page redrew): look again
        return kind
    return None


def press_until(
    page: Any,
    done: Callable[[list[str]], bool],
    *,
    keys: bool = False,
    timeout: float = 45,
    others: tuple[Any, ...] = (),
    check: Callable[[], None] | None = None,
) -> None:
    """Press action buttons on ``page`` (and on the ``others`` pages) until
    ``done(lines)`` holds for ``page``'s dealer's lines; ``check()`` after every round."""
    log = page.locator("#log")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if done(log.locator("li").all_inner_texts()):
            return
        press_once(page, keys=keys)
        for other in others:
            press_once(other)
        if check is not None:
            check()
        page.wait_for_timeout(100)
    raise AssertionError(f"not done in {timeout} s; the log: {log.inner_text()!r}")


def down_cards(page: Any, seat: str = ".seat.me") -> list[str | None]:
    """The down cards a seat shows on the page: a card's text, None for a card's back."""
    return list(
        page.locator(f"{seat} .card.down").evaluate_all("cards => cards.map(c => c.title || null)")
    )


def draw_table(state: dict[str, Any]) -> str:
    """A script for ``page.evaluate`` that draws a crafted table ``state`` (as the room
    sends it, docs/protocol.md) the way the page draws the room's."""
    return f"""() => {{
      stud.openTable("crafted");
      stud.ui.state = {json.dumps(state)};
      stud.ui.tableId = "crafted";
      stud.ui.turnAt = performance.now();
      stud.renderTable();
    }}"""


def replay_imported(page: Any, path: Path, hand: str, player: str = "Hero") -> None:
    """Import the file at ``path`` from the study panel, ask ``player``'s statistics and
    open the replayer on hand ``hand`` (its number, ``#35874039554``)."""
    page.set_input_files("#study-file", str(path))
    said = page.locator("#study-imported").text_content()
    page.click("#study-import-submit")
    # The import's answer first: statistics asked before it would count none of its hands.
    page.wait_for_function(
        "said => document.getElementById('study-imported').textContent !== said",
        arg=said,
        timeout=30_000,
    )
    page.fill("#study-player", player)
    page.click("#study-show")
    sync_api().expect(page.locator("#study-table")).to_be_visible()
    page.locator("#study-hands tr", has_text=hand).locator("button").click()
