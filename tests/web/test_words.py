"""One vocabulary a screen (R4.5): at a Show Hand table in Traditional Chinese the
buttons, the key hints, the seat labels, the table's centre and the dealer say the same
word for each thing (放棄, 讓牌, 晒冷, 第二張); in Simplified Chinese 梭哈 and 第二张.
Screen readers are told the page's language too: the logs' names and every card."""

from __future__ import annotations

from typing import Any

from server.conftest import Server

from .helpers import give_back, guest_page, new_page
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()

# Show Hand's second street, one's own decision; Bob has pushed all in (docs/protocol.md).
SECOND_STREET = """() => {
  stud.openTable("crafted");
  const seat = (n, name) => ({seat: n, name, account_id: n + 1, is_bot: false, chips: 1000,
    in_hand: true, sitting_out: false, away: false, connected: true, leaving: false,
    time_bank: 60, top_up: 0, waiting: null});
  stud.ui.state = {
    table: "crafted", game: "show_hand", name: "", mode: "chips",
    stakes: {ante: 10, min_bet: 10}, money_unit: 1,
    viewer: 0, hand_number: 3, last_hand_number: 2, rollover: 0,
    seats: [seat(0, "Ann"), seat(1, "Bob")],
    hand: {players: [
        {seat: 0, down_cards: ["Ah"], up_cards: ["Kd"], stack: 990, bet: 0, folded: false,
         all_in: false, shown: false},
        {seat: 1, down_cards: [null], up_cards: ["Qs"], stack: 0, bet: 990, folded: false,
         all_in: true, shown: false}],
      pots: [{amount: 1010, eligible: [0, 1]}], pot_total: 1010, carry_in: 0,
      is_over: false, street_name: "second", actor: 0},
    turn: {seq: 4, seat: 0, remaining: 20, clock: 20, legal_actions: [
      {kind: "fold", minimum: 0, maximum: 0, choices: null, text: "fold"},
      {kind: "call", minimum: 990, maximum: 990, choices: null, text: "call 990"}]},
    competition: null,
  };
  stud.ui.tableId = "crafted";
  stud.ui.turnAt = performance.now();
  stud.renderTable();
}"""


def test_show_hand_says_one_word_for_each_thing(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        for lang, buttons, keys, street, bob in (
            (
                "zh-Hant",
                ["放棄", "跟注 990"],
                "快捷鍵：f 放棄，c 讓牌／跟注，r 下注／加注，s 晒冷",
                "第二張",
                "0 · 晒冷",
            ),
            (
                "zh-Hans",
                ["弃牌", "跟注 990"],
                "快捷键：f 弃牌，c 过牌／跟注，r 下注／加注，s 梭哈",
                "第二张",
                "0 · 梭哈",
            ),
            (
                "en",
                ["Fold", "Call 990"],
                "Keys: f fold, c check/call, r bet/raise, s show hand",
                "Second street",
                "0 · all in",
            ),
        ):
            page.select_option("#lang", lang)
            page.evaluate(SECOND_STREET)
            expect(page.locator("#actions button.act")).to_have_text(buttons)
            expect(page.locator("#keys")).to_have_text(keys)
            expect(page.locator("#street")).to_contain_text(street)
            expect(page.locator('.seat[data-seat="1"] .stack')).to_have_text(bob)
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_screen_readers_hear_the_pages_language(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        page.evaluate(SECOND_STREET)
        card = page.locator('.seat[data-seat="0"] .card').first
        expect(card).to_have_attribute("aria-label", "ace of hearts")
        expect(page.locator("#log")).to_have_attribute("aria-label", "Dealer")
        page.select_option("#lang", "zh-Hant")
        expect(card).to_have_attribute("aria-label", "紅心 A")
        expect(page.locator('.seat[data-seat="1"] .card.back')).to_have_attribute(
            "aria-label", "未翻開的牌"
        )
        expect(page.locator("#log")).to_have_attribute("aria-label", "荷官")
        expect(page.locator("#chat-log")).to_have_attribute("aria-label", "聊天")
        expect(page.locator("#lang")).to_have_attribute("aria-label", "語言")
        page.select_option("#lang", "zh-Hans")
        expect(page.locator('.seat[data-seat="0"] .card').nth(1)).to_have_attribute(
            "aria-label", "方块 K"
        )
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_a_refusal_is_said_in_the_pages_language_from_its_code(room: Server, browser: Any) -> None:
    """The server's refusals carry a code and params (docs/protocol.md, "Errors"): the
    page writes them in its language from those, and in English shows the server's own
    sentence.  (Three sign-ups: the room limits them by address.)"""
    expect = sync_api.expect
    room.register("taken-name")
    tries = [
        ("en", "taken-name", "password1", "the name taken-name is taken"),
        ("zh-Hant", "a-new-name", "abc", "密碼至少要 8 個字元（這個只有 3 個）"),
        ("zh-Hans", "taken-name", "password1", "名称 taken-name 已有人使用"),
    ]
    for lang, name, password, said in tries:
        page = new_page(browser, room.url)
        try:
            page.select_option("#lang", lang)
            page.fill("#name", name)
            page.fill("#password", password)
            page.click("#do-register")
            expect(page.locator("#status")).to_have_text(said)
            assert not page.errors, page.errors
        finally:
            give_back(page)


def test_no_word_or_refusal_the_page_shows_carries_a_rule_number() -> None:
    """Players read words, not rule numbers: the texts of words.js and refusals.js (every
    language) name no rule; "R2.7" stays in a refusal's params and in the docs."""
    import re
    from pathlib import Path

    web = Path(__file__).resolve().parents[2] / "src" / "studpoker" / "web"
    comment = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
    text = re.compile(r'"(?:[^"\\]|\\.)*"')
    rule = re.compile(r"\bR\d+\.\d+")
    found = []
    for name in ("words.js", "refusals.js"):
        code = comment.sub("", (web / name).read_text(encoding="utf-8"))
        texts = text.findall(code)
        assert len(texts) > 200, name  # the tables were read
        found += [f"{name}: {said}" for said in texts if rule.search(said)]
    assert found == []


# One's showdown decision (R5.3) at a table of ``game``: Show or Muck.
SHOW_OR_MUCK = """(game) => {
  stud.openTable("crafted");
  const seat = (n, name) => ({seat: n, name, account_id: n + 1, is_bot: false, chips: 1000,
    in_hand: true, sitting_out: false, away: false, connected: true, leaving: false,
    time_bank: 60, auto_muck: false, top_up: 0, waiting: null});
  const player = (n, down) => ({seat: n, down_cards: down, up_cards: ["Kd", "9c", "7s", "5h"],
    stack: 900, bet: 0, folded: false, all_in: false, shown: n === 1});
  stud.ui.state = {
    table: "crafted", game, name: "", mode: "chips", stakes: {ante: 10, min_bet: 10},
    money_unit: 1, viewer: 0, hand_number: 3, last_hand_number: 2, rollover: 0,
    seats: [seat(0, "Ann"), seat(1, "Bob")],
    hand: {players: [player(0, ["Ah"]), player(1, ["Ac"])],
      pots: [{amount: 200, eligible: [0, 1]}], pot_total: 200, carry_in: 0,
      is_over: false, street: 3, street_name: "fifth", actor: 0},
    turn: {seq: 9, seat: 0, remaining: 20, clock: 20, legal_actions: [
      {kind: "show", minimum: 0, maximum: 0, choices: null, text: "show"},
      {kind: "muck", minimum: 0, maximum: 0, choices: null, text: "muck"}]},
    competition: null, mix: null,
  };
  stud.ui.tableId = "crafted";
  stud.ui.turnAt = performance.now();
  stud.renderTable();
}"""


def test_the_show_button_says_the_dealers_word_for_showing(room: Server, browser: Any) -> None:
    """R4.5, one word for one thing a screen: the Show button says what the dealer says
    of a player who shows — 攤牌 / 摊牌 at the seven-card games and Five-Card Stud, 開牌
    at Hong Kong's Show Hand — and Muck what the dealer says of a muck (封牌)."""
    from studpoker.table.messages import PHRASES, SHOW_HAND_PHRASES

    expect = sync_api.expect
    page = new_page(browser, room.url)
    try:
        for lang in ("zh-Hant", "zh-Hans"):
            page.select_option("#lang", lang)
            for game in ("seven_card_stud", "five_card_stud", "show_hand"):
                phrases = PHRASES[lang] | (SHOW_HAND_PHRASES[lang] if game == "show_hand" else {})
                shows = phrases["shows"].split()[1]  # "{name} 攤牌 [{cards}]：{hand}"
                mucks = phrases["mucks"].split()[1]
                page.evaluate(SHOW_OR_MUCK, game)
                buttons = page.locator("#actions button.act")
                expect(buttons).to_have_text([shows, mucks])
        assert not page.errors, page.errors
    finally:
        give_back(page)
