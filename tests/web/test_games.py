"""A complete hand of each game, played as a guest through the page at a practice table
against computer players; what the page shows on the way: the title, one's own best hand,
the "last hand" window, chat, sitting out and the hand history."""

from __future__ import annotations

import re
from typing import Any

import pytest

from server.conftest import Server
from studpoker.hands import showing_high

from .helpers import SCREENSHOTS, guest_page, press_until, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()

TITLES = {
    "seven_card_stud": "Seven Card Stud",
    "stud_hilo": "Stud Hi/Lo",
    "razz": "Razz",
    "show_hand": "Show Hand",
}
RANKS = "A23456789TJQK"
SHORT = {1: "A", 11: "J", 12: "Q", 13: "K"}


def own_cards(page: Any) -> list[str]:
    cards = page.locator(".seat.me .card").evaluate_all("cards => cards.map(c => c.title)")
    return [str(card) for card in cards]


def expected_best(game: str, cards: list[str]) -> str:
    """The name the page should show for one's own cards, before fifth street."""
    if game == "razz":
        lows = sorted({RANKS.index(card[0]) + 1 for card in cards}, reverse=True)
        return "-".join(SHORT.get(r, str(r)) for r in lows) + " low"
    return showing_high(" ".join(cards)).name()


@pytest.mark.parametrize("game", list(TITLES))
def test_guest_plays_a_complete_hand(room: Server, browser: Any, game: str) -> None:
    page = guest_page(browser, room.url)
    expect = sync_api.expect
    try:
        sit(page, f"practice-{game}")
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

        # The "last hand" window: hand 1's events, the pot awarded among them.
        last.click()
        expect(page.locator("#last-box")).to_be_visible()
        expect(page.locator("#last-title")).to_have_text("Last hand · Hand #1")
        found = re.search(r"ante (\S+)", page.locator("#table-stakes").inner_text())
        assert found is not None
        ante = re.escape(found.group(1))
        expect(page.locator("#last-lines li").first).to_have_text(re.compile(f": Ante {ante}$"))
        expect(page.locator("#last-lines li", has_text="PotAwarded").first).to_be_visible()
        page.click("#last-close")
        expect(page.locator("#last-box")).to_be_hidden()
        assert not page.errors, page.errors
    finally:
        page.context.close()
