"""The rules and help of every game, in three languages (issue 36): a first visit is
pointed to a practice table and to the rules; the Rules button opens them over the
page, each game's deal, betting, bring-in and showdown, the hands and the table modes."""

from __future__ import annotations

import re
from typing import Any

from server.conftest import Server

from .helpers import SCREENSHOTS, give_back, new_page
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()

# What each language's page says, word for word: the title, each game's heading (the
# room's names of its games), and a line of Razz's and of Show Hand's.
SAID = {
    "en": ("Rules of the games",
           ["Seven Card Stud", "Stud Hi/Lo", "Razz", "Show Hand", "Five Card Stud",
            "Hands, best first", "Table modes"],
           "The highest up card brings in", "Decks of 52, 32 (7 to A) or 28 cards"),
    "zh-Hant": ("遊戲規則",
                ["七張梭哈", "七張梭哈高/低", "Razz", "話事啤 (梭哈)", "限注五張梭哈", "牌型大小",
                 "牌桌模式"],
                "明牌最大者下強制開注", "可用 52 張、32 張（7 至 A）或 28 張（8 至 A）牌"),
    "zh-Hans": ("游戏规则",
                ["七张梭哈", "七张梭哈高/低", "Razz", "话事啤 (梭哈)", "限注五张梭哈", "牌型大小",
                 "牌桌模式"],
                "明牌最大者下强制开注", "可用 52 张、32 张（7 至 A）或 28 张（8 至 A）牌"),
}  # fmt: skip


def test_the_rules_of_every_game_in_three_languages(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    for lang, width in (("en", 1280), ("zh-Hant", 375), ("zh-Hans", 1280)):
        page = new_page(browser, room.url, viewport={"width": width, "height": 800})
        try:
            page.select_option("#lang", lang)
            title, heads, razz, show_hand = SAID[lang]
            page.click("#help-button")
            help_box = page.locator("#help")
            expect(page.locator("#help-title")).to_have_text(title)
            expect(help_box.locator(".help-part h3")).to_have_text(heads)
            expect(page.locator("#help-razz")).to_contain_text(razz)
            expect(page.locator("#help-show_hand")).to_contain_text(show_hand)
            expect(help_box).to_be_in_viewport()
            width_seen = page.evaluate("document.getElementById('help').offsetWidth")
            assert width_seen <= width, (lang, width_seen)  # never wider than the screen
            page.screenshot(path=str(SCREENSHOTS / f"rules-{lang}-{width}.png"))
            page.click("#help-close")
            expect(help_box).to_be_hidden()
            assert not page.errors, page.errors
        finally:
            give_back(page)


def test_a_first_visit_is_pointed_to_practice_and_the_rules_once(
    room: Server, browser: Any
) -> None:
    expect = sync_api.expect
    page = new_page(browser, room.url, viewport={"width": 375, "height": 800})
    try:
        welcome = page.locator("#welcome")
        expect(welcome).to_be_visible()
        expect(welcome.locator("p")).to_contain_text("New here? Play a practice table")
        # The lobby says what each mode is, in the page's language.
        expect(page.locator(".modes-note")).to_have_text(
            "Practice: free chips, computer players in the empty seats. Chips: your balance, "
            "people only. Competition: 1000 chips each, rated. Tournaments: below."
        )
        page.select_option("#lang", "zh-Hans")
        expect(page.locator(".modes-note")).to_have_text(
            "练习：免费筹码，空位由电脑玩家补上。筹码：用你的余额，只限真人。"
            "比赛：每人 1000 筹码，计算评分。锦标赛：见下方。"
        )
        page.select_option("#lang", "en")
        page.click("#welcome-rules")
        expect(page.locator("#help")).to_be_visible()
        expect(welcome).to_be_hidden()
        page.click("#help-close")
        page.reload()
        expect(page.locator("#table-list tr").first).to_be_visible()
        expect(welcome).to_be_hidden()  # once: this browser has been welcomed
        page.evaluate("localStorage.removeItem('stud.welcomed')")
        page.reload()
        page.select_option("#lang", "zh-Hant")
        expect(welcome.locator("#welcome-play")).to_have_text("玩練習桌")
        page.click("#welcome-play")  # a practice seat, as a guest
        page.wait_for_selector(".seat.me .card.down:not(.back)", timeout=20000)
        expect(page.locator("#account-name")).to_have_text(re.compile(r"^訪客 \d+$"))
        assert not page.errors, page.errors
    finally:
        give_back(page)
