"""The action bar: fixed-limit amounts are buttons of their own (R2.6, R2.7: "Bet 2.00"
and "Bet 4.00" on fourth street with an open pair); an amount the rules refuse leaves
the buttons where they were, with the reason beside them in the page's language (from
the refusal's code, never from the server's English sentence)."""

from __future__ import annotations

from typing import Any

from server.conftest import Server

from .helpers import SCREENSHOTS, guest_page, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()

# Fourth street with an open pair, one's own decision (docs/protocol.md's state).
OPEN_PAIR = """() => {
  openTable("crafted");
  const seat = (n, name) => ({seat: n, name, account_id: n, is_bot: false, chips: 4000,
    in_hand: true, sitting_out: false, away: false, connected: true, leaving: false,
    time_bank: 60, top_up: 0, waiting: null});
  const player = (n, up) => ({seat: n, down_cards: n === 0 ? ["Ah", "2c"] : [null, null],
    up_cards: up, stack: 3900, bet: 0, folded: false, all_in: false, shown: false});
  ui.state = {
    table: "crafted", game: "seven_card_stud", name: "", mode: "chips",
    stakes: {ante: 25, bring_in: 50, small_bet: 200, big_bet: 400},
    viewer: 0, hand_number: 3, last_hand_number: 2, rollover: 0,
    seats: [seat(0, "Ann"), seat(1, "Bob")],
    hand: {players: [player(0, ["9s", "9d"]), player(1, ["Kc", "4h"])],
           pots: [{amount: 300, eligible: [0, 1]}], pot_total: 300, carry_in: 0,
           is_over: false, street_name: "fourth", actor: 0},
    turn: {seq: 9, seat: 0, remaining: 20, clock: 20, legal_actions: [
      {kind: "check", minimum: 0, maximum: 0, choices: null, text: "check"},
      {kind: "fold", minimum: 0, maximum: 0, choices: null, text: "fold"},
      {kind: "bet", minimum: 200, maximum: 400, choices: [200, 400], text: "bet to 200 or 400"},
    ]},
    competition: null,
  };
  ui.tableId = "crafted";
  ui.turnAt = performance.now();
  window.sent = [];
  window.send = (message) => { window.sent.push(message); return 77; };
  renderTable();
}"""


def test_r2_7_the_open_pair_gives_two_bet_buttons_with_their_amounts(
    room: Server, browser: Any
) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        page.evaluate(OPEN_PAIR)
        buttons = page.locator("#actions button.act")
        expect(buttons).to_have_text(["Check", "Fold", "Bet 2.00", "Bet 4.00"])
        assert page.locator("#actions input").count() == 0  # no free box in fixed limit
        page.locator("#actions button.act", has_text="Bet 4.00").click()
        sent = page.evaluate("window.sent")
        assert sent == [{"type": "act", "table": "crafted", "seq": 9, "action": "bet 400"}]
        page.select_option("#lang", "zh-Hant")
        page.evaluate(OPEN_PAIR)
        expect(buttons).to_have_text(["過牌", "蓋牌", "下注 2.00", "下注 4.00"])
        assert not page.errors, page.errors
    finally:
        page.context.close()


def test_a_refused_amount_keeps_the_buttons_and_says_why_in_the_pages_language(
    room: Server, browser: Any
) -> None:
    """At practice Show Hand (no showhand, R7.1) the opener types 1 chip: the rules want
    at least the minimum bet (R6.4)."""
    expect = sync_api.expect
    for lang, width, text in (
        ("zh-Hant", 1280, "這個金額不允許（R6.4）：請選 "),
        ("en", 375, "That amount is not allowed (R6.4): choose "),
    ):
        page = guest_page(browser, room.url, viewport={"width": width, "height": 800})
        try:
            page.select_option("#lang", lang)
            sit(page, "practice-show_hand")
            group = page.locator("#actions .act-group", has=page.locator("input.amount")).first
            expect(group).to_be_visible(timeout=30000)
            kinds = page.locator("#actions button.act").evaluate_all(
                "buttons => buttons.map(b => b.dataset.kind)"
            )
            group.locator("input.amount").fill("1")
            group.locator("button.act").click()
            reason = page.locator("#act-refusal")
            expect(reason).to_contain_text(text)
            expect(reason).to_be_in_viewport()
            # The buttons are the same ones, still there while the clock runs.
            after = page.locator("#actions button.act").evaluate_all(
                "buttons => buttons.map(b => b.dataset.kind)"
            )
            assert after == kinds
            page.screenshot(path=str(SCREENSHOTS / f"refused-amount-{lang}-{width}.png"))
            # A right amount is taken, and the reason goes.
            group = page.locator("#actions .act-group", has=page.locator("input.amount")).first
            least = group.locator("input.amount").get_attribute("min")
            assert least is not None
            group.locator("input.amount").fill(least)
            group.locator("button.act").click()
            expect(reason).to_have_count(0)
            page.click("#leave")  # the next page's guest is not kept waiting (R8.1)
            page.wait_for_selector("#lobby:visible")
            assert not page.errors, page.errors
        finally:
            page.context.close()
