"""The action bar: fixed-limit amounts are buttons of their own (R2.6, R2.7: "Bet 2.00"
and "Bet 4.00" on fourth street with an open pair); an amount the rules refuse leaves
the buttons where they were, with the reason beside them in the page's language (from
the refusal's code, never from the server's English sentence)."""

from __future__ import annotations

from typing import Any

from server.conftest import Server

from .helpers import SCREENSHOTS, give_back, guest_page, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()

# Fourth street with an open pair, one's own decision (docs/protocol.md's state).
OPEN_PAIR = """() => {
  stud.openTable("crafted");
  const seat = (n, name) => ({seat: n, name, account_id: n, is_bot: false, chips: 4000,
    in_hand: true, sitting_out: false, away: false, connected: true, leaving: false,
    time_bank: 60, top_up: 0, waiting: null});
  const player = (n, up) => ({seat: n, down_cards: n === 0 ? ["Ah", "2c"] : [null, null],
    up_cards: up, stack: 3900, bet: 0, folded: false, all_in: false, shown: false});
  stud.ui.state = {
    table: "crafted", game: "seven_card_stud", name: "", mode: "chips",
    stakes: {ante: 25, bring_in: 50, small_bet: 200, big_bet: 400}, money_unit: 100,
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
  stud.ui.tableId = "crafted";
  stud.ui.turnAt = performance.now();
  window.sent = [];
  stud.ui.socket = {readyState: WebSocket.OPEN, close() {}, send: (text) => {
    const {id, ...message} = JSON.parse(text); window.sent.push(message); }};
  stud.renderTable();
}"""


def test_r2_7_the_open_pair_gives_two_bet_buttons_with_their_amounts(
    room: Server, browser: Any
) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        page.evaluate(OPEN_PAIR)
        buttons = page.locator("#actions button.act")
        expect(buttons).to_have_text(["Fold", "Check", "Bet 2.00", "Bet 4.00"])
        assert page.locator("#actions input").count() == 0  # no free box in fixed limit
        page.locator("#actions button.act", has_text="Bet 4.00").click()
        sent = page.evaluate("window.sent")
        assert sent == [{"type": "act", "table": "crafted", "seq": 9, "action": "bet 400"}]
        page.select_option("#lang", "zh-Hant")
        page.evaluate(OPEN_PAIR)
        expect(buttons).to_have_text(["蓋牌", "過牌", "下注 2.00", "下注 4.00"])
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_a_refused_amount_keeps_the_buttons_and_says_why_in_the_pages_language(
    room: Server, browser: Any
) -> None:
    """At practice Show Hand (no showhand, R7.1) the opener types 1 chip: the rules want
    at least the minimum bet (R6.4)."""
    expect = sync_api.expect
    notes = {
        "zh-Hant": "練習桌不設晒冷：要晒冷，請到籌碼桌玩話事啤。",
        "en": "Practice table: no show hand here. Play Show Hand at a chips table to "
        "push all your chips in.",
    }
    for lang, width, text in (
        ("zh-Hant", 1280, "這個金額不允許：請選 "),
        ("en", 375, "That amount is not allowed: choose "),
    ):
        page = guest_page(browser, room.url, viewport={"width": width, "height": 800})
        try:
            page.select_option("#lang", lang)
            sit(page, "practice-show_hand")
            expect(page.locator("#table-note")).to_have_text(notes[lang])  # 002, R7.1
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
            give_back(page)


# Fourth street without a pair: Ann (the viewer, seat 0) and Bob (seat 1); ``turn`` is
# whose decision it is, ``bets`` what each has put in this street.
FOURTH = """([turn, bets, legal, seq]) => {
  if (!stud.ui.tableId) stud.openTable("crafted");
  const seat = (n, name) => ({seat: n, name, account_id: n + 1, is_bot: false, chips: 4000,
    in_hand: true, sitting_out: false, away: false, connected: true, leaving: false,
    time_bank: 60, top_up: 0, waiting: null});
  const player = (n, up) => ({seat: n, down_cards: n === 0 ? ["Ah", "2c"] : [null, null],
    up_cards: up, stack: 3900 - bets[n], bet: bets[n], folded: false, all_in: false,
    shown: false});
  stud.ui.state = {
    table: "crafted", game: "seven_card_stud", name: "", mode: "chips",
    stakes: {ante: 25, bring_in: 50, small_bet: 200, big_bet: 400}, money_unit: 100,
    viewer: 0, hand_number: 3, last_hand_number: 2, rollover: 0,
    seats: [seat(0, "Ann"), seat(1, "Bob")],
    hand: {players: [player(0, ["9s", "5d"]), player(1, ["Kc", "4h"])],
           pots: [{amount: 300, eligible: [0, 1]}], pot_total: 300, carry_in: 0,
           is_over: false, street: 1, street_name: "fourth", actor: turn},
    turn: {seq: seq ?? 20 + turn + bets[1], seat: turn, remaining: 20, clock: 20,
           legal_actions: turn === 0 ? legal : []},
    competition: null,
  };
  stud.ui.tableId = "crafted";
  stud.ui.turnAt = performance.now();
  if (!window.sent) {
    window.sent = [];
    stud.ui.socket = {readyState: WebSocket.OPEN, close() {}, send: (text) => {
      const {id, ...message} = JSON.parse(text); window.sent.push(message); }};
  }
  stud.renderTable();
}"""

CHECK, FOLD = (
    {"kind": "check", "minimum": 0, "maximum": 0, "choices": None, "text": "check"},
    {"kind": "fold", "minimum": 0, "maximum": 0, "choices": None, "text": "fold"},
)
BET = {"kind": "bet", "minimum": 200, "maximum": 200, "choices": [200], "text": "bet to 200"}
CALL = {"kind": "call", "minimum": 200, "maximum": 200, "choices": None, "text": "call 200"}
RAISE = {"kind": "raise", "minimum": 400, "maximum": 400, "choices": [400], "text": "raise to 400"}


def test_no_check_is_offered_ahead_on_third_street(room: Server, browser: Any) -> None:
    """Third street, before the bring-in or anyone's bet: nobody will be able to check
    in this round (the bring-in is a bet everyone else faces, R2.4), so the pre-actions
    are Fold and Call any; on fourth street Check comes back."""
    expect = sync_api.expect
    page = guest_page(browser, room.url, viewport={"width": 375, "height": 740})
    third = """() => { Object.assign(stud.ui.state.hand, {street: 0, street_name: "third"});
                      stud.renderTable(); }"""
    try:
        pre = page.locator("#pre-actions label")
        for lang, words in (("en", ["Fold", "Call any"]), ("zh-Hans", ["弃牌", "跟任何注"])):
            page.select_option("#lang", lang)
            page.evaluate(FOURTH, [1, [0, 0], []])  # Bob to act, nothing bet yet
            page.evaluate(third)
            expect(pre).to_have_text(words)
            expect(page.locator('#pre-actions input[data-pre="check"]')).to_have_count(0)
        page.evaluate(FOURTH, [1, [0, 0], []])  # fourth street: checking is free again
        expect(pre).to_have_text(["过牌/弃牌", "过牌", "跟任何注"])
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_pre_actions_play_at_once_and_clear_when_the_bet_changes(
    room: Server, browser: Any
) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url, viewport={"width": 375, "height": 740})
    try:
        page.evaluate(FOURTH, [1, [0, 0], []])  # Bob to act, nothing bet
        pre = page.locator("#pre-actions label")
        expect(pre).to_have_text(["Check/Fold", "Check", "Call any"])
        page.locator('#pre-actions input[data-pre="check"]').check()
        # Bob checks: Ann's decision comes, and her check goes at once.
        page.evaluate(FOURTH, [0, [0, 0], [CHECK, FOLD, BET]])
        assert page.evaluate("window.sent") == [
            {"type": "act", "table": "crafted", "seq": 20, "action": "check"}
        ]
        expect(page.locator("#actions button.act")).to_have_count(0)
        # Next: "call any" chosen, then Bob bets: the bet in front changed, it is cleared.
        page.evaluate(FOURTH, [1, [0, 0], []])
        page.locator('#pre-actions input[data-pre="call_any"]').check()
        page.evaluate(FOURTH, [1, [0, 200], []])
        expect(pre).to_have_text(["Fold", "Call any"])
        expect(page.locator("#pre-actions input:checked")).to_have_count(0)
        # "Check/Fold" facing nothing, then facing a bet when the turn comes: it folds.
        page.evaluate(FOURTH, [1, [0, 0], []])
        page.locator('#pre-actions input[data-pre="check_fold"]').check()
        page.evaluate(FOURTH, [0, [0, 0], [FOLD, CALL, RAISE], 31])
        assert page.evaluate("window.sent")[-1] == {
            "type": "act",
            "table": "crafted",
            "seq": 31,
            "action": "fold",
        }
        page.select_option("#lang", "zh-Hant")
        page.evaluate(FOURTH, [1, [0, 0], []])
        expect(pre).to_have_text(["過牌/蓋牌", "過牌", "跟任何注"])
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_r2_8_folding_when_checking_is_free_asks_first(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        page.evaluate(FOURTH, [0, [0, 0], [CHECK, FOLD, BET]])
        page.locator('#actions button[data-kind="fold"]').click()
        expect(page.locator("#fold-confirm")).to_have_text("Checking is free. Fold anyway?")
        assert page.evaluate("window.sent") == []
        expect(page.locator("#actions button.act")).to_have_text(["Check", "Fold anyway"])
        page.locator("#actions button.act", has_text="Fold anyway").click()
        assert page.evaluate("window.sent") == [
            {"type": "act", "table": "crafted", "seq": 20, "action": "fold"}
        ]
        # Facing a bet, fold is one click.
        page.evaluate(FOURTH, [0, [0, 200], [FOLD, CALL, RAISE]])
        page.locator('#actions button[data-kind="fold"]').click()
        assert page.evaluate("window.sent")[-1] == {
            "type": "act",
            "table": "crafted",
            "seq": 220,
            "action": "fold",
        }
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_the_action_bar_stays_in_view_sideways_and_with_the_top_up_open(
    room: Server, browser: Any
) -> None:
    """A phone held sideways (740×360) shows the table and the buttons in one screen;
    with the top-up box open the buttons and the box are both in view, apart."""
    expect = sync_api.expect
    for width, height in ((740, 360), (375, 740)):
        page = guest_page(browser, room.url, viewport={"width": width, "height": height})
        try:
            page.evaluate(OPEN_PAIR)
            page.evaluate(
                """() => { stud.ui.tables.push({id: "crafted", game: "seven_card_stud",
                   mode: "chips", buy_in: [4000, 40000]}); stud.renderTable(); }"""
            )
            buttons = page.locator("#actions button.act")
            expect(buttons).to_have_count(4)
            buttons.last.scroll_into_view_if_needed()
            for index in range(4):
                expect(buttons.nth(index)).to_be_in_viewport(ratio=1)
            if width > height:  # sideways: the whole table is in the same screen
                expect(page.locator("#felt")).to_be_in_viewport(ratio=1)
                page.screenshot(path=str(SCREENSHOTS / "landscape-740.png"))
            page.click("#top-up")
            expect(page.locator("#top-up-box")).to_be_visible()
            # Both in view, neither over the other: the box's input is what is there.
            for index in range(4):
                expect(buttons.nth(index)).to_be_in_viewport(ratio=1)
            on_top = page.evaluate(
                """() => {
                  const r = document.querySelector("#top-up-amount").getBoundingClientRect();
                  return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).id;
                }"""
            )
            assert on_top == "top-up-amount"
            assert not page.errors, page.errors
        finally:
            give_back(page)


def test_show_hand_sets_its_amount_by_box_slider_or_preset(room: Server, browser: Any) -> None:
    """R6.4, R6.5: the opener bets 10 to 990 into a pot of 100; the presets are the least
    bet, half the pot, the pot and the most."""
    expect = sync_api.expect
    page = guest_page(browser, room.url, viewport={"width": 375, "height": 740})
    try:
        page.evaluate(
            """() => {
              stud.openTable("crafted");
              const seat = (n, name) => ({seat: n, name, account_id: n + 1, is_bot: false,
                chips: 1000, in_hand: true, sitting_out: false, away: false, connected: true,
                leaving: false, time_bank: 60, top_up: 0, waiting: null});
              const player = (n) => ({seat: n, down_cards: n ? [null] : ["Ah"], up_cards: ["Kd"],
                stack: 990, bet: 0, folded: false, all_in: false, shown: false});
              stud.ui.state = {table: "crafted", game: "show_hand", name: "", mode: "practice",
                stakes: {ante: 10, min_bet: 10}, money_unit: 1, viewer: 0, hand_number: 1,
                last_hand_number: null, rollover: 0, seats: [seat(0, "Ann"), seat(1, "Bob")],
                hand: {players: [player(0), player(1)], pots: [{amount: 100, eligible: [0, 1]}],
                       pot_total: 100, carry_in: 0, is_over: false, street_name: "second",
                       actor: 0},
                turn: {seq: 3, seat: 0, remaining: 20, clock: 20, legal_actions: [
                  {kind: "bet", minimum: 10, maximum: 990, choices: null, text: "bet to 10-990"}]},
                competition: null};
              stud.ui.tableId = "crafted";
              window.sent = [];
              stud.ui.socket = {readyState: WebSocket.OPEN, close() {}, send: (text) => {
                const {id, ...message} = JSON.parse(text); window.sent.push(message); }};
              stud.renderTable();
            }"""
        )
        box = page.locator("#actions input.amount")
        bet = page.locator('#actions button.act[data-kind="bet"]')
        presets = page.locator("#actions button.preset")
        expect(presets).to_have_text(["Min", "½ pot", "Pot", "Max"])
        for index, amount in ((1, 50), (2, 100), (3, 990), (0, 10)):
            presets.nth(index).click()
            expect(box).to_have_value(str(amount))
            expect(bet).to_have_text(f"Bet {amount}")
        page.locator("#actions input.amount-slider").fill("420")
        expect(box).to_have_value("420")
        expect(bet).to_have_text("Bet 420")
        bet.click()
        assert page.evaluate("window.sent") == [
            {"type": "act", "table": "crafted", "seq": 3, "action": "bet 420"}
        ]
        assert not page.errors, page.errors
    finally:
        give_back(page)
