"""kill -9 of the room in the middle of a hand, through the page (docs/scaling.md, "A
hand survives its process"): the page says it is reconnecting; the room started again on
the same database and port deals the hand again, and the page, back on its own, shows the
same cards with the player to act, who plays the hand on to its end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.test_crash import Served

from .helpers import give_back, guest_page, press_until, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()
TABLE = "practice-razz"
SHOTS = Path(__file__).parent.parent.parent / "build" / "screenshots"

RECONNECTING = {"en-US": "Disconnected: reconnecting…", "zh-TW": "連線中斷：重新連線中…"}


def cards(page: Any) -> list[str | None]:
    """Every card the page shows at the seats: its text, None for a card's back."""
    return list(
        page.locator(".seat .card").evaluate_all("cards => cards.map(c => c.title || null)")
    )


@pytest.mark.parametrize(
    ("locale", "viewport"),
    [("en-US", {"width": 1280, "height": 800}), ("zh-TW", {"width": 375, "height": 800})],
)
@pytest.mark.long
def test_the_page_comes_back_to_the_same_hand_after_kill_9(
    browser: Any, tmp_path: Path, locale: str, viewport: dict[str, int]
) -> None:
    expect = sync_api.expect
    url = f"sqlite:///{tmp_path / 'room.db'}"
    log = tmp_path / "serve.log"
    server = Served(url, log)
    page = None
    try:  # the room stopped however the test ends: no process outlives it
        page = guest_page(browser, server.base, locale=locale, viewport=viewport)
        sit(page, TABLE)
        actions = page.locator("#actions button.act")
        expect(actions.first).to_be_visible(timeout=30_000)  # the guest's turn
        page.wait_for_timeout(300)  # a moment: the room writes the hand down
        before = cards(page)
        kinds = actions.evaluate_all("buttons => buttons.map(b => b.dataset.kind)")
        server.kill()
        expect(page.locator("#status")).to_have_text(RECONNECTING[locale], timeout=10_000)
        # Meanwhile the buttons are there but cannot be pressed: nothing would reach
        # the room.
        expect(page.locator("body.offline #actions[inert]")).to_have_count(1)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"crash-offline-{locale}-{viewport['width']}.png"))
        server = Served(url, log, port=server.port)
        expect(page.locator("#status")).to_be_hidden(timeout=30_000)  # back
        expect(page.locator("body.offline")).to_have_count(0)
        expect(actions.first).to_be_visible(timeout=30_000)
        page.wait_for_timeout(300)  # the answer to watch drawn
        assert cards(page) == before
        assert actions.evaluate_all("buttons => buttons.map(b => b.dataset.kind)") == kinds
        page.screenshot(path=str(SHOTS / f"crash-resumed-{locale}-{viewport['width']}.png"))
        ended = page.locator("#last-hand:not([disabled])")
        press_until(page, lambda _lines: ended.count() > 0)  # the hand played to its end
        assert page.errors == []
    finally:
        if page is not None:
            give_back(page)
        server.stop()
