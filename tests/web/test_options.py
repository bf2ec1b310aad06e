"""Options a card player expects: a four-colour deck, sounds that can be muted (a card
dealt, chips, one's turn), and the time left as a bar of the clock and the time bank
(R8.1).  The options outlive a reload."""

from __future__ import annotations

from typing import Any

from server.conftest import Server

from .helpers import give_back, guest_page
from .helpers import sync_api as load_sync_api
from .test_actions import OPEN_PAIR

sync_api = load_sync_api()

COLOUR = """(suit) => getComputedStyle(document.querySelector(`#felt .card.suit-${suit}`)).color"""


def test_a_four_colour_deck_and_muted_sounds_outlive_a_reload(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        page.evaluate(OPEN_PAIR)
        assert page.evaluate(COLOUR, "d") == "rgb(194, 31, 47)"  # two colours: red
        assert page.evaluate(COLOUR, "c") == "rgb(17, 17, 17)"
        expect(page.locator("#four-colour")).to_have_attribute("aria-pressed", "false")
        page.click("#four-colour")
        assert page.evaluate(COLOUR, "d") == "rgb(19, 70, 184)"  # blue diamonds
        assert page.evaluate(COLOUR, "c") == "rgb(13, 122, 44)"  # green clubs
        # A table message with a bet and one's turn: chips, then the turn's tone.
        page.evaluate(
            """() => stud.receive({type: "table", table: "crafted", change: "turn",
                state: stud.ui.state, events: [{type: "Bet", seat: 1, amount: 200}], lines: []})"""
        )
        assert page.evaluate("stud.ui.played") == ["chips", "turn"]
        expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
        page.click("#sound")
        expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
        # the speaker crossed out: two strokes, no waves
        assert page.locator("#sound svg path").count() == 2
        assert page.evaluate("stud.options.sound") is False
        page.reload()
        page.wait_for_selector("#account-name:has-text('Guest')")
        expect(page.locator("#four-colour")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
        page.evaluate(OPEN_PAIR)
        assert page.evaluate(COLOUR, "d") == "rgb(19, 70, 184)"
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_the_time_left_is_a_bar_of_the_clock_then_the_time_bank(room: Server, browser: Any) -> None:
    """20 s of clock and 60 s of time bank: the clock is a quarter of the bar."""
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        page.evaluate(OPEN_PAIR)
        page.evaluate(
            """() => { stud.ui.state.turn.remaining = 80; stud.ui.turnAt = performance.now();
                stud.renderClock(); }"""
        )
        expect(page.locator("#turn-bar")).to_be_visible()
        widths = page.evaluate(
            """() => ["clock-part", "bank-part"].map((part) =>
                 parseFloat(document.querySelector(`#turn-bar .${part}`).style.width))"""
        )
        assert 24 <= widths[0] <= 25
        assert widths[1] == 75
        assert not page.errors, page.errors
    finally:
        give_back(page)
