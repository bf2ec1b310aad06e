"""Studying one's hands in the browser (issue 18): a hand history file imported from the
page, a player's statistics with their samples, and a hand replayed street by street
with the dead cards and the equity chart — at 1280 px in English and 375 px in Chinese;
another player sees none of it."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.conftest import Server, served

from .helpers import (
    SCREENSHOTS,
    guest_page,
    new_page,
    press_once,
    registered_page,
    replay_imported,
    sit,
)
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()
expect = sync_api.expect

SHARED = Path(__file__).resolve().parents[3] / "shared" / "handhistories"
STUD = SHARED / "pokerstars" / "7-Stud-USD-0.04-0.08-200911.txt"


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    with served() as server:
        yield server


def study(page: Any) -> None:
    """Import the file, ask Hero's statistics, replay the second hand to sixth street."""
    replay_imported(page, STUD, "#35874039554")
    for _ in range(3):
        page.click("#r-next")


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_import_statistics_and_replay_in_english_and_chinese(room: Server, browser: Any) -> None:
    name = f"st{uuid.uuid4().hex[:6]}"
    page = registered_page(browser, room.url, name)
    study(page)
    expect(page.locator("#study-imported")).to_have_text(
        "11 hands imported, 0 already there, 0 of other games, 0 unreadable"
    )
    expect(page.locator("#study-results")).to_have_text(
        "Hero: 11 hands, +94.32 big bets per 100 hands (95%: -97.41 to +286.05)"
    )
    vpip = page.locator("#study-rows tr[data-key=vpip] td")
    expect(vpip).to_have_text(["Voluntarily put chips in (VPIP)", "54.5", "6/11"])
    expect(page.locator("#study-rows tr[data-key=sh_made]")).to_have_count(0)
    expect(page.locator("#study-graph polyline")).to_have_count(3)
    expect(page.locator("#study-graph-legend span").first).to_have_text("Total over 11 hands: 10.4")
    # Sixth street of hand #35874039554: Hero folded on third, his 9♥ among the dead.
    expect(page.locator("#r-street")).to_have_text("Sixth street")
    expect(page.locator("#r-dead .card")).to_have_count(6)
    expect(page.locator(".r-seat[data-seat='1'] .r-equity")).to_have_text("folded")
    zem = page.locator(".r-seat[data-seat='3']")
    expect(zem.locator(".card")).to_have_count(6)
    # on the cards the street shows: his down cards, shown at the end, known; exact now
    expect(zem.locator(".r-equity")).to_have_text("61.4%")
    expect(zem.locator(".r-hand")).to_have_text("Pair of tens")
    expect(page.locator("#r-actions li")).to_have_text(
        ["Nikolay Zem: Check", "totof51: Bet $0.08", "MasterTrini1: Call $0.08",
         "Nikolay Zem: Call $0.08"]
    )  # fmt: skip
    expect(page.locator("#r-pot")).to_have_text("Pot: $0.80")
    expect(page.locator("#r-chart polyline")).to_have_count(6)
    page.locator("#study").screenshot(path=str(SCREENSHOTS / "study-en-1280.png"))
    # The filters: the stakes Hero played, a date range, a table size.
    stakes = page.locator("#study-stakes option")
    expect(stakes).to_have_text(["All stakes", "Seven Card Stud $0.04/$0.08 (11)"])
    page.select_option("#study-stakes", index=1)
    page.select_option("#study-size", "8")
    page.click("#study-show")
    expect(page.locator("#study-results")).to_have_text(
        "Hero: 11 hands, +94.32 big bets per 100 hands (95%: -97.41 to +286.05)"
    )
    # The stakes name a game: the rounds are named as its streets.
    expect(page.locator("#study-rows tr[data-key=bet_1] td").first).to_have_text(
        "Fourth street: bet"
    )
    page.fill("#study-since", "2010-01-01")
    page.click("#study-show")
    expect(page.locator("#study-results")).to_have_text("No hands of Hero here")
    expect(stakes).to_have_count(2)  # a stakes chosen: the choices stay
    page.fill("#study-since", "")
    page.select_option("#study-size", "6")
    page.click("#study-show")
    expect(page.locator("#study-results")).to_have_text("No hands of Hero here")
    page.select_option("#study-size", "")
    page.click("#study-show")
    expect(page.locator("#study-results")).to_contain_text("Hero: 11 hands")
    page.select_option("#lang", "zh-Hant")
    expect(page.locator("#study-imported")).to_have_text(
        "已匯入 11 手，0 手已存在，0 手為其他遊戲，0 手無法讀取"
    )
    expect(page.locator("#r-street")).to_have_text("第六街")
    expect(zem.locator(".r-hand")).to_have_text("一對 10")
    expect(page.locator("#study-size option")).to_have_text(
        ["所有桌型", "單挑", "4 人桌", "5 人桌", "6 人桌", "7 人桌", "8 人桌", "10 人桌"]
    )
    expect(page.locator("#study-rows tr[data-key=steal] td").first).to_have_text(
        "偷池（後面明牌皆較小）"
    )
    page.click("#r-close")
    expect(page.locator("#replayer")).to_be_hidden()
    assert page.errors == []


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_on_a_phone_in_simplified_chinese_and_nobody_elses(room: Server, browser: Any) -> None:
    phone = {"width": 375, "height": 800}
    page = registered_page(browser, room.url, f"sp{uuid.uuid4().hex[:6]}", viewport=phone)
    page.select_option("#lang", "zh-Hans")
    other = registered_page(browser, room.url, f"so{uuid.uuid4().hex[:6]}")
    study(page)
    expect(page.locator("#r-street")).to_have_text("第六街")
    expect(page.locator("#r-pot")).to_have_text("底池: $0.80")
    # Nothing on the phone is wider than its screen.
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 375
    page.locator("#replayer").screenshot(path=str(SCREENSHOTS / "replayer-zh-Hans-375.png"))
    # The other player has imported nothing, and sees none of these hands.
    expect(other.locator("#no-study-hands")).to_be_visible()
    expect(other.locator("#study-hands tr")).to_have_count(0)
    assert page.errors == []
    assert other.errors == []


def test_the_hud_shows_each_opponents_figures_from_the_rooms_hands(
    room: Server, browser: Any
) -> None:
    page = guest_page(browser, room.url)
    sit(page, "practice-razz")
    deadline = time.monotonic() + 60
    while page.evaluate("stud.ui.state ? stud.ui.state.hand_number : 0") < 2:
        assert time.monotonic() < deadline, "no hand was finished"
        press_once(page)
        page.wait_for_timeout(200)
    expect(page.locator(".seat .hud")).to_have_count(0)  # off unless asked for
    page.click("#hud")
    expect(page.locator("#hud")).to_have_attribute("aria-pressed", "true")
    first = page.locator(".seat:not(.me) .hud").first
    expect(first).to_be_visible()
    name = first.locator("xpath=..").locator(".name").inner_text()
    # That player's line, wherever it is drawn: between hands a practice table seats
    # computer players again, and the first line may then be another's.
    # (the name, then perhaps the mark of one's note on the player)
    exactly = re.compile(f"^{re.escape(name)}(?![0-9A-Za-z])")
    named = page.locator(".name", has_text=exactly)  # inside the seat
    line = page.locator(".seat:not(.me)").filter(has=named).locator(".hud")
    stats = page.evaluate(
        "async (name) => (await fetch('/api/study/stats?game=razz&player='"
        " + encodeURIComponent(name))).json()",  # the table's game's hands (issue 37)
        name,
    )
    shares = {s["key"]: s for s in stats["stats"]}

    def pct(key: str) -> str:
        share = shares[key]
        return str(round(100 * share["count"] / share["sample"])) if share["sample"] else "–"

    assert stats["hands"] >= 1
    hands = "1 hand" if stats["hands"] == 1 else f"{stats['hands']} hands"
    expect(line).to_have_text(
        f"VPIP {pct('vpip')} · steal {pct('steal')} · WTSD {pct('showdown')} · {hands}"
    )
    page.locator("#felt").screenshot(path=str(SCREENSHOTS / "hud-en-1280.png"))
    page.select_option("#lang", "zh-Hant")
    expect(page.locator(".seat:not(.me) .hud").first).to_contain_text("入池 ")
    page.set_viewport_size({"width": 375, "height": 800})
    page.evaluate("stud.renderTable()")  # the seats placed for the phone's width
    page.locator("#felt").screenshot(path=str(SCREENSHOTS / "hud-zh-Hant-375.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.click("#hud")
    expect(page.locator(".seat .hud")).to_have_count(0)
    # The last hand's link to share opens the replayer with an onlooker's view.
    page.select_option("#lang", "en")
    page.click("#last-hand")
    link = page.locator("#last-replay")
    expect(link).to_have_text("Replay and share")
    expect(link).to_have_attribute("href", re.compile(r"^/\?replay=practice-razz/\d+$"))
    href = link.get_attribute("href")
    assert href is not None
    assert href.startswith("/?replay=practice-razz/")
    onlooker = new_page(browser, room.url + href)
    expect(onlooker.locator("#replayer")).to_be_visible()
    expect(onlooker.locator("#r-title")).to_have_text(
        f"Razz · room #practice-razz#{href.rsplit('/', 1)[1]}"
    )
    expect(onlooker.locator("#r-street")).to_have_text("Third street")
    # Two down cards a seat, never shown to an onlooker on third street.
    rows = onlooker.locator(".r-seat")
    assert rows.count() >= 2
    for i in range(rows.count()):
        expect(rows.nth(i).locator(".card.back")).to_have_count(2)
    assert page.errors == []
    assert onlooker.errors == []
