"""Details of the table view: the pot and side pots apart, the turn's clock and the
seat's time bank, Show Hand's rollover, and the buy-in asked for at a chips table."""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

import pytest

from server.conftest import Server

from .helpers import give_back, guest_page, registered_page, sit
from .helpers import sync_api as load_sync_api

# The pages move money: the module's room runs on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

sync_api = load_sync_api()

# A state as docs/protocol.md gives it, for a table no message comes for ("crafted").
CRAFTED = """([game, pots, carry, rollover, clock, remaining, bank]) => {
  stud.openTable("crafted");
  const seat = (n, name) => ({seat: n, name, account_id: null, is_bot: true, chips: 500,
    in_hand: true, sitting_out: false, leaving: false, time_bank: bank, waiting: null});
  stud.ui.state = {
    table: "crafted", game, name: "", mode: "practice",
    stakes: {ante: 5, bring_in: 10, small_bet: 20, big_bet: 40, min_bet: 10},
    money_unit: game === "show_hand" ? 1 : 100,
    viewer: null, hand_number: 3, last_hand_number: 2, rollover,
    seats: [seat(0, "Ann"), seat(1, "Bob"), seat(2, "Cy")],
    hand: {players: [], pots, pot_total: pots.reduce((a, p) => a + p.amount, 0),
           carry_in: carry, is_over: false, street_name: "fourth"},
    turn: {seq: 9, seat: 1, remaining, clock, legal_actions: []},
    competition: null,
  };
  stud.ui.turnAt = performance.now();
  stud.renderTable();
}"""


def craft(page: Any, game: str, pots: list[dict[str, Any]], **options: Any) -> None:
    values = {"carry": 0, "rollover": 0, "clock": 20, "remaining": 80, "bank": 60} | options
    page.evaluate(CRAFTED, [game, pots, *values.values()])


def language(page: Any, lang: str) -> None:
    page.select_option("#lang", lang)


def test_side_pots_apart_and_translated(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        pots = [{"amount": 300, "eligible": [0, 1, 2]}, {"amount": 120, "eligible": [1, 2]}]
        craft(page, "seven_card_stud", pots)
        expect(page.locator("#pots")).to_have_text("Pot 3.00 · Side pot 1.20")
        expect(page.locator("#pot")).to_have_text("3.00")
        expect(page.locator("#rollover")).to_be_hidden()
        language(page, "zh-Hant")
        expect(page.locator("#pots")).to_have_text("底池 3.00 · 邊池 1.20")
        language(page, "zh-Hans")
        expect(page.locator("#pots")).to_have_text("底池 3.00 · 边池 1.20")
        language(page, "en")
        # two side pots; one pot alone is the pot only
        three = [*pots, {"amount": 40, "eligible": [2]}]
        craft(page, "seven_card_stud", three)
        expect(page.locator("#pots")).to_have_text("Pot 3.00 · Side pot 1.20 · Side pot 0.40")
        craft(page, "seven_card_stud", pots[:1])
        expect(page.locator("#pots")).to_have_text("Pot 3.00")
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_show_hand_rollover(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        pots = [{"amount": 70, "eligible": [0, 1, 2]}]
        craft(page, "show_hand", pots, carry=40)
        rollover = page.locator("#rollover")
        expect(rollover).to_have_text("Rollover 40")
        expect(page.locator("#pots")).to_have_text("Pot 70")
        language(page, "zh-Hant")
        expect(rollover).to_have_text("滾存 40")
        language(page, "zh-Hans")
        expect(rollover).to_have_text("滚存 40")
        language(page, "en")
        # between hands the table's rollover waits for the next hand
        craft(page, "show_hand", [], rollover=25)
        expect(rollover).to_have_text("Rollover 25")
        craft(page, "show_hand", pots)
        expect(rollover).to_be_hidden()
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_turn_clock_and_time_bank(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        clock = page.locator("#turn-clock")
        craft(page, "razz", [{"amount": 60, "eligible": [0, 1, 2]}])
        expect(clock).to_have_text("Clock 20s · Time bank 60s")
        expect(page.locator("#street")).to_have_text("Fourth street · Waiting for Bob")
        language(page, "zh-Hant")
        expect(clock).to_have_text("限時 20 秒 · 時間庫 60 秒")
        language(page, "zh-Hans")
        expect(clock).to_have_text("限时 20 秒 · 时间库 60 秒")
        language(page, "en")
        # the clock has run out: the time bank counts down
        craft(page, "razz", [], clock=0, remaining=45.9, bank=45.9)
        expect(clock).to_have_text("Clock 0s · Time bank 46s")

        # at a real table: one's own turn, the room's clock of 60 s and no time bank
        page.click("#leave")
        sit(page, "practice-seven_card_stud")
        expect(page.locator("#pots")).to_have_text(re.compile(r"^Pot \d+\.\d\d$"))
        expect(page.locator("#actions button.act").first).to_be_visible(timeout=20000)
        expect(clock).to_have_text(re.compile(r"^Clock \d+s · Time bank 0s$"))
        seconds = int(re.findall(r"\d+", clock.inner_text())[0])
        assert 0 < seconds <= 60, seconds
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_chips_table_asks_for_the_buy_in(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    name = f"buyer{uuid.uuid4().hex[:8]}"
    try:
        page.goto(room.url)
        page.fill("#name", name)
        page.fill("#password", "secret-pass")
        page.click("#do-register")
        expect(page.locator("#account-name")).to_have_text(name)
        low, high = page.evaluate("() => stud.ui.tables.find((t) => t.id === 'chips-razz').buy_in")
        button = page.locator('button.sit[data-table="chips-razz"]')
        expect(button).to_have_text("Sit")
        button.click()
        box = page.locator("#buy-in-box")
        expect(box).to_be_visible()
        expect(page.locator("#buy-in-label")).to_have_text(
            f"Buy-in for Razz ({low / 100:.2f}–{high / 100:.2f})"
        )
        amount = page.locator("#buy-in-amount")
        expect(amount).to_have_value(f"{low // 100}")
        # above the table's range: the page does not send it
        amount.fill(str(high // 100 + 1))
        page.click("#buy-in-sit")
        expect(box).to_be_visible()
        # within it: the server refuses, for the new account has no chips
        amount.fill(str(low // 100))
        page.click("#buy-in-sit")
        status = page.locator("#status")
        # (the server counts cents; the page says dollars, as the table shows money)
        expect(status).to_have_text(f"{name} has 0.00 and cannot buy in for {low / 100:.2f}")
        expect(box).to_be_hidden()
        # The refusal in the player's language (the server writes English)
        language(page, "zh-Hant")
        button.click()
        page.click("#buy-in-sit")
        expect(status).to_have_text(f"{name} 的餘額是 0.00，不足以買入 {low / 100:.2f}")
        language(page, "en")
        expect(page.locator("#lobby")).to_be_visible()
        expect(page.locator("#room")).to_be_hidden()
        # nothing else breaks: a practice table seats the account
        sit(page, "practice-razz", dealt=False)
        expect(page.locator(".seat.me .name")).to_have_text(name)
        assert not errors, errors
    finally:
        context.close()


def test_chips_sit_top_up_and_cash_out(room: Server, browser: Any) -> None:
    """With a balance, the buy-in seats the player with those chips; the top-up adds to
    the stack up to the table's maximum; leaving pays the stack back to the balance."""
    expect = sync_api.expect
    name = f"rich{uuid.uuid4().hex[:8]}"
    page = registered_page(browser, room.url, name)
    store = room.room.store
    account = store.account(name)
    assert account is not None
    store.deposit(account.id, 100_000)
    try:
        table = "chips-seven_card_stud"
        low, high = page.evaluate(f"() => stud.ui.tables.find((t) => t.id === '{table}').buy_in")
        page.click(f'button.sit[data-table="{table}"]')
        page.fill("#buy-in-amount", str(low // 100))
        page.click("#buy-in-sit")
        expect(page.locator("#room")).to_be_visible()
        me = page.locator(".seat.me")
        expect(me.locator(".name")).to_have_text(name)
        expect(me.locator(".stack")).to_have_text(f"{low / 100:.2f}")
        assert store.account(name).balance == 100_000 - low  # type: ignore[union-attr]
        # The balance in the header follows the money (read again after the buy-in).
        who = page.locator("#who")
        expect(who).to_have_text(f"{name} · balance ${(100_000 - low) / 100:.2f}")

        # Alone at the table no hand is dealt: the top-up counts at once.
        top_up = page.locator("#top-up")
        expect(top_up).to_have_text("Top up")
        top_up.click()
        expect(page.locator("#top-up-label")).to_have_text(
            f"Top up by 0.01–{(high - low) / 100:.2f}"
        )
        expect(page.locator("#top-up-amount")).to_have_value(str((high - low) // 100))
        page.fill("#top-up-amount", str((high - low) // 100 + 1))  # past the maximum: not sent
        page.click("#top-up-send")
        expect(page.locator("#top-up-box")).to_be_visible()
        page.fill("#top-up-amount", "10")
        page.click("#top-up-send")
        expect(page.locator("#top-up-box")).to_be_hidden()
        expect(me.locator(".stack")).to_have_text(f"{(low + 1000) / 100:.2f}")
        assert store.account(name).balance == 100_000 - low - 1000  # type: ignore[union-attr]
        expect(who).to_have_text(f"{name} · balance ${(100_000 - low - 1000) / 100:.2f}")
        top_up.click()
        expect(page.locator("#top-up-label")).to_have_text(
            f"Top up by 0.01–{(high - low - 1000) / 100:.2f}"
        )
        page.click("#top-up-cancel")

        # Leaving cashes the stack out: the balance is whole again.
        page.click("#leave")
        expect(page.locator("#lobby")).to_be_visible()
        deadline = time.monotonic() + 10
        while store.account(name).balance != 100_000:  # type: ignore[union-attr]
            assert time.monotonic() < deadline, store.account(name)
            time.sleep(0.05)
        expect(who).to_have_text(f"{name} · balance $1000.00")
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_showhand_at_a_chips_show_hand_table(room: Server, browser: Any) -> None:
    """Two players buy in for 1000 at the chips Show Hand table; the first to act goes
    showhand with the `s` key, the other calls with `c`; the hand is told in the last-hand
    window, and the two nets are equal and opposite (or both 0 when they tie)."""
    import httpx

    expect = sync_api.expect
    table = "chips-show_hand"
    suffix = uuid.uuid4().hex[:6]
    pages = [registered_page(browser, room.url, f"{who}{suffix}") for who in ("sal", "tom")]
    store = room.room.store
    try:
        for page in pages:
            name = page.locator("#account-name").inner_text()
            account = store.account(name)
            assert account is not None
            store.deposit(account.id, 5000)
            page.click(f'button.sit[data-table="{table}"]')
            expect(page.locator("#buy-in-amount")).to_have_value("1000")
            page.click("#buy-in-sit")
            expect(page.locator(".seat.me .name")).to_have_text(name)
        first = pages[0]
        log = first.locator("#log li")
        shoved: list[str] = []
        deadline = time.monotonic() + 30
        while not first.locator("#last-hand").is_enabled():
            assert time.monotonic() < deadline, log.all_inner_texts()
            for page in pages:
                kinds = page.locator("#actions button.act").evaluate_all(
                    "buttons => buttons.map(b => b.dataset.kind)"
                )
                if not shoved and "showhand" in kinds:
                    expect(page.locator('#actions button[data-kind="showhand"]')).to_have_text(
                        "Show hand 990"
                    )
                    page.keyboard.press("s")
                    shoved.append(page.locator(".seat.me .name").inner_text())
                elif shoved and "call" in kinds:
                    page.keyboard.press("c")
            first.wait_for_timeout(100)
        assert shoved
        first.click("#last-hand")
        lines = first.locator("#last-lines li")
        expect(lines.first).to_have_text("Each player antes 10")
        expect(lines.filter(has_text=f"{shoved[0]} goes showhand for 990")).to_have_count(1)
        expect(lines.filter(has_text="calls 990")).to_have_count(1)
        hand = httpx.get(f"{room.url}/api/tables/{table}/hands/1").json()
        nets = sorted(hand["net"].values())
        assert nets in ([-1000, 1000], [0, 0]), nets
        assert not any(page.errors for page in pages)
    finally:
        for page in pages:
            give_back(page)


# One's own turn at a crafted Show Hand table: the opener may drop, bet 10 to 990 or go
# showhand (R6.4, R6.6).
OWN_TURN = """([game]) => {
  stud.openTable("crafted");
  const seat = (n, name) => ({seat: n, name, account_id: null, is_bot: false, chips: 990,
    in_hand: true, sitting_out: false, leaving: false, time_bank: 30, top_up: 0,
    waiting: null});
  // the best hand as the server names one's own cards (hands/best.py: A♠ A♦ in Show Hand)
  const aces = {en: "Pair of aces", "zh-Hant": "啤 A", "zh-Hans": "一对 A"};
  const player = (n, down, up) => ({seat: n, stack: 990, bet: 0, contributed: 10,
    folded: false, all_in: false, down_cards: [down], up_cards: [up], shown: false,
    best: n === 0 ? aces : null});
  stud.ui.state = {
    table: "crafted", game, name: "", mode: "chips", stakes: {ante: 10, min_bet: 10}, money_unit: 1,
    viewer: 0, hand_number: 1, last_hand_number: null, rollover: 0,
    seats: [seat(0, "Ann"), seat(1, "Bob")],
    hand: {players: [player(0, "As", "Ad"), player(1, null, "Kh")], pots: [{amount: 20}],
           pot_total: 20, carry_in: 0, is_over: false, street_name: "second"},
    turn: {seq: 1, seat: 0, remaining: 30, clock: 20, legal_actions: [
      {kind: "fold", minimum: 0, maximum: 0, choices: null, text: "fold"},
      {kind: "bet", minimum: 10, maximum: 990, choices: null, text: "bet 10"},
      {kind: "showhand", minimum: 990, maximum: 990, choices: null, text: "showhand"}]},
    competition: null,
  };
  stud.ui.turnAt = performance.now();
  stud.renderTable();
}"""


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Fold", "Bet 10", "Show hand 990"]),
        ("zh-Hant", ["放棄", "下注 10", "晒冷 990"]),
        ("zh-Hans", ["弃牌", "下注 10", "梭哈 990"]),
    ],
)
def test_show_hand_buttons_in_each_language(
    room: Server, browser: Any, lang: str, words: list[str]
) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        language(page, lang)
        page.evaluate(OWN_TURN, ["show_hand"])
        buttons = page.locator("#actions button.act")
        expect(buttons).to_have_text(words)
        expect(page.locator(".seat.me .best-hand")).to_have_text(
            {"en": "Pair of aces", "zh-Hant": "啤 A", "zh-Hans": "一对 A"}[lang]
        )
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_the_last_hand_window_shows_the_cards_shown_and_names_them(
    room: Server, browser: Any
) -> None:
    """R5.8: the last hand, as an onlooker saw it: the cards each player showed, and the
    dealer's lines that list them (R5.7).  The answer is the server's own for a hand of
    the engine (server/hands.py's fields), served to the page for a crafted table."""
    import json

    from studpoker.cards import parse_cards
    from studpoker.engine import Hand
    from studpoker.games import razz
    from studpoker.table.messages import dealer_lines
    from studpoker.table.snapshot import event_dict

    expect = sync_api.expect
    # Razz, two players checking and calling down: Ann shows 7-6-4-3-A and wins, Bob
    # shows Q-J-10-9-2 (the cards in dealing order, a seat after the other).
    deck = parse_cards("Ah 2h Kc Kd 3c 9s 4d 9h 6s Qs 8c Jd 7h Td")
    hand = Hand(razz(), [4000, 4000], deck=deck)
    while not hand.is_over:
        kinds = [option.kind.value for option in hand.legal_actions()]
        hand.act(next(k for k in ("bring_in", "check", "call", "show") if k in kinds))
    seats, names = [0, 1], ["Ann", "Bob"]
    seen = hand.events_for(None)
    answer = {
        "table": "crafted",
        "hand": 2,
        "names": names,
        "seats": seats,
        "net": {},
        "events": [event_dict(event, seats) for event in seen],
        "lines": dealer_lines(seen, hand.spec, names, "en"),
    }
    shown = [e for e in answer["events"] if e["type"] == "Show"]
    assert len(shown) == 2
    page = guest_page(browser, room.url)
    try:
        page.route(
            "**/api/tables/crafted/hands/2*",
            lambda route: route.fulfill(
                status=200, content_type="application/json", body=json.dumps(answer)
            ),
        )
        craft(page, "razz", [{"amount": 100, "eligible": [0, 1, 2]}])
        page.click("#last-hand")
        expect(page.locator("#last-box")).to_be_visible()
        rows = page.locator("#last-shows .last-show")
        expect(rows).to_have_count(2)
        for row, event in zip(range(2), shown, strict=True):
            cards = rows.nth(row).locator(".card").evaluate_all("cards => cards.map(c => c.title)")
            assert cards == event["cards"]
            expect(rows.nth(row).locator(".name")).to_have_text(names[seats.index(event["seat"])])
        lines = page.locator("#last-lines li")
        ann = next(line for line in answer["lines"] if line.startswith("Ann shows ["))
        expect(lines.filter(has_text="Ann shows [")).to_have_text(ann)
        assert " — " in ann
        assert not page.errors, page.errors
    finally:
        give_back(page)
