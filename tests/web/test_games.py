"""A complete hand of each game, played through the page by a player who registers there,
at a practice table against computer players; what the page shows on the way: the title,
one's own best hand and the "last hand" window with the dealer's lines, in English and
after switching, in Chinese."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from server.conftest import Server
from studpoker.hands.best import best_hand_names

from .helpers import SCREENSHOTS, give_back, press_until, registered_page, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()

TITLES = {
    "seven_card_stud": "Seven Card Stud",
    "stud_hilo": "Stud Hi/Lo",
    "razz": "Razz",
    "show_hand": "Show Hand",
    "five_card_stud": "Five Card Stud",
}


def own_cards(page: Any) -> list[str]:
    cards = page.locator(".seat.me .card").evaluate_all("cards => cards.map(c => c.title)")
    return [str(card) for card in cards]


def expected_best(game: str, cards: list[str]) -> str:
    """The name the page should show for one's own cards: the library's (R4.5), which the
    server sends with the seat's view."""
    names = best_hand_names(game, " ".join(cards))
    assert names is not None
    return names["en"]


@pytest.mark.parametrize("game", list(TITLES))
def test_registered_player_plays_a_complete_hand(room: Server, browser: Any, game: str) -> None:
    name = f"{game[:5]}{uuid.uuid4().hex[:8]}"
    page = registered_page(browser, room.url, name)
    expect = sync_api.expect
    try:
        expect(page.locator("#who")).to_have_text(f"{name} · balance $0.00")  # a new account
        sit(page, f"practice-{game}")
        expect(page.locator(".seat.me .name")).to_have_text(name)
        expect(page.locator("#table-title")).to_have_text(TITLES[game])
        expect(page.locator("#table-stakes")).to_contain_text("Hand #1")
        expect(page.locator("#last-hand")).to_be_disabled()
        cards = own_cards(page)
        if len(cards) < 5:
            expect(page.locator(".seat.me .best-hand")).to_have_text(expected_best(game, cards))
        else:
            expect(page.locator(".seat.me .best-hand")).not_to_be_empty()
        page.screenshot(path=str(SCREENSHOTS / f"table-{game}.png"))

        if game == "show_hand":
            # No showhand at practice, but the opener bets an amount of his own: the
            # amount control sets it, and the button says it.
            group = page.locator(".act-group", has=page.locator("input.amount")).first
            expect(group).to_be_visible(timeout=15000)
            kind = group.locator("button.act").get_attribute("data-kind")
            group.locator("input.amount").fill("30")
            words = {"bet": "Bet 30", "raise": "Raise to 30"}
            expect(group.locator("button.act")).to_have_text(words[str(kind)])
            group.locator("button.act").click()
            name = page.locator(".seat.me .name").inner_text()
            line = page.locator("#log li", has_text=name).filter(has_text=re.compile(r"\b30\b"))
            expect(line.first).to_be_visible()

        last = page.locator("#last-hand")
        press_until(page, lambda _lines: last.is_enabled(), timeout=15)
        expect(page.locator("#table-stakes")).to_contain_text("Hand #2")
        # and a second complete hand
        stakes = page.locator("#table-stakes")
        press_until(page, lambda _lines: "Hand #3" in stakes.inner_text(), timeout=20)

        # The "last hand" window: hand 2 told by the dealer, the pot awarded.
        last.click()
        expect(page.locator("#last-box")).to_be_visible()
        expect(page.locator("#last-title")).to_have_text("Last hand · Hand #2")
        found = re.search(r"ante (\S+)", page.locator("#table-stakes").inner_text())
        assert found is not None
        ante = found.group(1).removeprefix("$")  # the stakes' currency; a line's amounts are chips
        lines = page.locator("#last-lines li")
        expect(lines.first).to_have_text(f"Each player antes {ante}")
        expect(lines.filter(has_text=" wins ").first).to_be_visible()
        count = lines.count()
        # Switching language tells it again in Chinese, line for line.
        page.select_option("#lang", "zh-Hant")
        expect(page.locator("#last-title")).to_have_text("上一局 · 第 2 局")
        expect(lines.first).to_have_text(f"每位玩家下底注 {ante}")
        expect(lines.filter(has_text="贏得").first).to_be_visible()
        expect(lines).to_have_count(count)
        page.click("#last-close")
        expect(page.locator("#last-box")).to_be_hidden()
        assert not page.errors, page.errors
    finally:
        give_back(page)
