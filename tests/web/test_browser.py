"""The browser client (src/studpoker/web) in headless Chromium: a guest sits at a
practice table, plays a hand through the page's buttons and switches language.

Debian's chromium-headless-shell is launched through its executable_path
(scripts/chromium.sh installs it); without it the tests are skipped, except under CI,
where they fail."""

from __future__ import annotations

import re
from typing import Any

from server.conftest import Server

from .helpers import CHINESE, SCREENSHOTS, press_until
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()


def test_guest_plays_razz_and_switches_language(room: Server, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 800}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(room.url)
        sync_api.expect(page.locator("#table-list tr[data-table=practice-razz]")).to_be_visible()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "lobby.png"), full_page=True)
        page.click("#guest")
        sync_api.expect(page.locator("#who")).to_have_text(re.compile(r"^Guest \d+$"))
        page.click('button.sit[data-table="practice-razz"]')
        sync_api.expect(page.locator("#room")).to_be_visible()
        sync_api.expect(page.locator("#table-title")).to_have_text("Razz")
        # Our seat is drawn at the bottom of the oval, with our own down cards face up.
        me = page.locator(".seat.me")
        sync_api.expect(me).to_be_visible()
        sync_api.expect(me.locator(".card.down").first).not_to_have_class(
            re.compile(r"\bback\b"), timeout=20000
        )

        press_until(page, lambda lines: any(" wins " in line for line in lines))
        box = me.bounding_box()
        felt = page.locator("#felt").bounding_box()
        assert box is not None
        assert felt is not None
        assert box["y"] + box["height"] / 2 > felt["y"] + felt["height"] * 0.7

        # Seven-card amounts are dollars and cents: the stakes $2.00/$4.00, ante $0.25.
        sync_api.expect(page.locator("#table-stakes")).to_contain_text("$2.00/$4.00")

        page.select_option("#lang", "zh-Hant")
        sync_api.expect(page.locator("#leave")).to_have_text("離開")
        sync_api.expect(page.locator("[data-t=pot]")).to_have_text("底池")
        # The dealer's lines come in Chinese from now on
        before = page.locator("#log li").count()
        name = me.locator(".name").inner_text()

        def acted_in_chinese(lines: list[str]) -> bool:
            return any(CHINESE.search(line) and name in line for line in lines[before:])

        # Our own action, taken with its keyboard shortcut, comes back as a Chinese line.
        press_until(page, acted_in_chinese, keys=True)

        page.screenshot(path=str(SCREENSHOTS / "table-razz-zh-Hant-375.png"), full_page=True)
        assert not errors, errors
    finally:
        context.close()
