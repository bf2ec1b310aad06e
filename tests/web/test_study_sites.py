"""The Study page on other sites' files (issue 37): a Winamax file and an iPoker XML file
imported from the page, Hero's statistics site by site (a name is one player on one
site), and their hands replayed — at 1280 px in English and Traditional Chinese, and at
375 px in Simplified Chinese."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.conftest import Server, served

from .helpers import SCREENSHOTS, registered_page, replay_imported
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()
expect = sync_api.expect

SHARED = Path(__file__).resolve().parents[3] / "shared" / "handhistories"
WINAMAX = SHARED / "winamax" / "7-Stud-6max-EUR-25-50-201611._8games_.txt"
IPOKER = SHARED / "ipoker" / "7-StudL-USD-0.05-0.10-201009.txt"


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    with served() as server:
        yield server


def imported(page: Any, path: Path) -> None:
    """Import the file at ``path`` from the study panel and wait for the answer."""
    said = page.locator("#study-imported").text_content()
    page.set_input_files("#study-file", str(path))
    page.click("#study-import-submit")
    page.wait_for_function(
        "said => document.getElementById('study-imported').textContent !== said",
        arg=said,
        timeout=30_000,
    )


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_winamax_and_ipoker_files_studied_site_by_site(room: Server, browser: Any) -> None:
    page = registered_page(browser, room.url, f"ws{uuid.uuid4().hex[:6]}")
    imported(page, IPOKER)
    expect(page.locator("#study-imported")).to_have_text(
        "2 hands imported, 0 already there, 0 of other games, 0 unreadable"
    )
    replay_imported(page, WINAMAX, "#9250793-470-1478990787")
    expect(page.locator("#study-imported")).to_have_text(
        "1 hand imported, 0 already there, 0 of other games, 0 unreadable"
    )
    # Hero of a Winamax file and Hero of an iPoker file may be two people: the sites are
    # offered apart, and the statistics count the site chosen.
    sites = page.locator("#study-site option")
    expect(sites).to_have_text(
        ["All 2 sites (one name may be several players)", "iPoker (2)", "Winamax (1)"]
    )
    expect(page.locator("#study-results")).to_contain_text("Hero: 3 hands")
    # The Winamax hand in the replayer: euros, every street.
    expect(page.locator("#r-street")).to_have_text("Third street")
    expect(page.locator("#r-actions li")).to_have_text(
        ["Player0: Bring-in €10.00", "Hero: Complete to €25.00", "Player0: Call €15.00"]
    )
    expect(page.locator("#r-pot")).to_have_text("Pot: €60.00")
    for _ in range(4):
        page.click("#r-next")
    expect(page.locator("#r-street")).to_have_text("Seventh street")
    hero = page.locator(".r-seat", has_text="Hero")
    expect(hero.locator(".r-hand")).to_have_text("Flush, queen high")
    expect(hero.locator(".r-equity")).to_have_text("100.0%")  # every card known: exact
    page.locator("#replayer").screenshot(path=str(SCREENSHOTS / "replayer-winamax-en-1280.png"))
    page.click("#r-close")
    page.select_option("#study-site", "Winamax")
    page.click("#study-show")
    expect(page.locator("#study-results")).to_contain_text("Hero: 1 hand, ")
    expect(sites).to_have_count(3)  # a site chosen: the choices stay
    page.select_option("#study-site", "iPoker")
    page.click("#study-show")
    expect(page.locator("#study-results")).to_contain_text("Hero: 2 hands, ")
    page.locator("#study").screenshot(path=str(SCREENSHOTS / "study-sites-en-1280.png"))
    # An iPoker hand (XML) in the replayer, in Traditional Chinese.
    page.select_option("#lang", "zh-Hant")
    expect(sites.first).to_have_text("全部 2 個網站（同名未必同一人）")
    expect(page.locator("#study-results")).to_contain_text("Hero：2 手")
    page.locator("#study-hands tr", has_text="#2418629537").locator("button").click()
    expect(page.locator("#r-street")).to_have_text("第三街")
    expect(page.locator("#r-pot")).to_contain_text("$")
    page.locator("#replayer").screenshot(path=str(SCREENSHOTS / "replayer-ipoker-zh-Hant-1280.png"))
    assert page.errors == []


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_an_ipoker_file_on_a_phone_in_simplified_chinese(room: Server, browser: Any) -> None:
    phone = {"width": 375, "height": 800}
    page = registered_page(browser, room.url, f"wp{uuid.uuid4().hex[:6]}", viewport=phone)
    page.select_option("#lang", "zh-Hans")
    replay_imported(page, IPOKER, "#2418629537")
    expect(page.locator("#study-imported")).to_have_text(
        "已导入 2 手，0 手已存在，0 手为其他游戏，0 手无法读取"
    )
    expect(page.locator("#study-site option")).to_have_text(["所有网站", "iPoker (2)"])
    expect(page.locator("#r-street")).to_have_text("第三街")
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 375  # nothing wider than the phone
    page.locator("#study").screenshot(path=str(SCREENSHOTS / "study-ipoker-zh-Hans-375.png"))
    page.locator("#replayer").screenshot(path=str(SCREENSHOTS / "replayer-ipoker-zh-Hans-375.png"))
    assert page.errors == []
