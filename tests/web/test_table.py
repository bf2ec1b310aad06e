"""At a table through the page: reloading keeps the seat and the hand; two guests in two
browsers at one table see each other's names and never each other's down cards before a
showdown, and chat; sitting out and in; the hand history download."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from server.conftest import Server, cards_by_seat, may_see
from studpoker.cards import Card

from .helpers import SCREENSHOTS, down_cards, give_back, guest_page, press_until, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()


# What a page shows of the seat named ``other``, at one moment: the hand's number (in
# the title bar), that seat's number and its down cards (a card's text, null for a
# card's back).
SEEN = """(other) => {
  const stakes = document.querySelector("#table-stakes").textContent;
  const seat = [...document.querySelectorAll(".seat")]
    .find((el) => el.querySelector(".name")?.textContent === other);
  const cards = seat
    ? [...seat.querySelectorAll(".card.down")].map((c) => c.title || null) : null;
  return [stakes, seat ? Number(seat.dataset.seat) : null, cards];
}"""


async def allowed_down_cards(room: Server, table_id: str, number: int, seat: int) -> list:
    """Table ``seat``'s down cards in hand ``number`` as anyone else may see them, by
    the engine's unfiltered events so far (never by what the server marks shown): the
    card where a ``Show`` has revealed it, else None (tests/server/conftest.py)."""
    table = room.room.tables[table_id].table
    if table.hand_number == number and table.current_hand is not None:
        hand, seats = table.current_hand, table.dealt
    else:
        done = table.hand(number)
        assert done is not None, number
        hand, seats = done.hand, done.seats
    seen = may_see(hand, None)
    return cards_by_seat(seen, len(seats))[seats.index(seat)][0]


def hand_number(page: Any) -> str:
    found = re.search(r"Hand #(\d+)", page.locator("#table-stakes").inner_text())
    assert found is not None
    return found.group(1)


def test_reload_keeps_the_seat_and_the_hand(room: Server, browser: Any) -> None:
    page = guest_page(browser, room.url)
    expect = sync_api.expect
    try:
        sit(page, "practice-seven_card_stud")
        name = page.locator(".seat.me .name").inner_text()
        before = down_cards(page)
        number = hand_number(page)
        assert len(before) == 2
        assert None not in before
        page.fill("#chat-text", "back in a moment")
        page.click("#chat-send")
        expect(page.locator("#chat-log li").last).to_have_text(f"{name}: back in a moment")
        lines = page.locator("#log li").all_inner_texts()
        assert lines[0].startswith("Each player antes")
        page.reload()
        expect(page.locator("#room")).to_be_visible()
        expect(page.locator(".seat.me .name")).to_have_text(name)
        expect(page.locator(".seat.me .card.down:not(.back)").first).to_be_visible()
        # The chat and the dealer's lines of the running hand are there again.
        expect(page.locator("#chat-log li").last).to_have_text(f"{name}: back in a moment")
        if hand_number(page) == number:
            assert down_cards(page) == before
            again = page.locator("#log li").all_inner_texts()
            assert again[: len(lines)] == lines
        # ... and the hand goes on from the page reloaded
        last = page.locator("#last-hand")
        press_until(page, lambda _lines: last.is_enabled(), timeout=15)
        assert not page.errors, page.errors
    finally:
        give_back(page)


TABLE = "practice-stud_hilo"


def test_two_guests_at_one_table(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    ann = guest_page(browser, room.url)
    bob = guest_page(browser, room.url, viewport={"width": 375, "height": 800})
    try:
        sit(ann, TABLE)
        ann_name = ann.locator(".seat.me .name").inner_text()
        # Bob sits during a hand at the full table: he takes a computer player's seat
        # when it ends, and is dealt in from the next hand.
        sit(bob, TABLE, dealt=False)
        bobs_cards = bob.locator(".seat.me .card.down:not(.back)")
        press_until(ann, lambda _lines: bobs_cards.count() > 0, others=(bob,), timeout=20)
        bob_name = bob.locator(".seat.me .name").inner_text()
        assert ann_name != bob_name
        # Each sees the other's name at the table.
        expect(ann.locator(".seat .name", has_text=bob_name)).to_have_text(bob_name)
        expect(bob.locator(".seat .name", has_text=ann_name)).to_have_text(ann_name)

        # Chat: a line one says, both see.
        ann.fill("#chat-text", "good luck all")
        ann.click("#chat-send")
        for page in (ann, bob):
            expect(page.locator("#chat-log li").last).to_have_text(f"{ann_name}: good luck all")

        def hidden_until_shown() -> None:
            # Every down card a page shows of the other seat is one the engine's own
            # events have that seat show by now (the page may lag behind, never lead).
            for page, other in ((ann, bob_name), (bob, ann_name)):
                stakes, seat, cards = page.evaluate(SEEN, other)
                assert cards is not None, other  # the seat is on the page
                found = re.search(r"Hand #(\d+)", stakes)
                if found is None:
                    continue  # between hands: no cards
                number = int(found.group(1))
                allowed = room.call(allowed_down_cards(room, TABLE, number, seat))
                for shown, may in zip(cards, allowed, strict=False):
                    if shown is not None:
                        assert may is not None, (other, number, cards, allowed)
                        assert Card.parse(shown) == may, (other, number, cards, allowed)

        # Both are dealt in: each sees the other's down cards as backs only.
        hidden_until_shown()
        stakes = ann.locator("#table-stakes")
        ann.evaluate("window.scrollTo(0, 0)")  # the chat's button scrolled it down
        ann.screenshot(path=str(SCREENSHOTS / "desktop-table.png"))
        bob.screenshot(path=str(SCREENSHOTS / "phone-table.png"), full_page=True)
        number = hand_number(ann)
        press_until(
            ann,
            lambda _lines: hand_number(ann) != number,
            others=(bob,),
            check=hidden_until_shown,
            timeout=20,
        )
        assert stakes.is_visible()
        assert not ann.errors, ann.errors
        assert not bob.errors, bob.errors
    finally:
        give_back(ann)
        give_back(bob)


def test_sit_out_and_hand_history(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        sit(page, "practice-razz")
        last = page.locator("#last-hand")
        press_until(page, lambda _lines: last.is_enabled(), timeout=15)
        # The last hand opens over the table, wholly in view, the page where it was.
        page.evaluate("scrollTo(0, 0)")
        last.click()
        box = page.locator("#last-box")
        expect(box.locator("#last-lines li").first).to_be_visible()
        expect(box).to_be_in_viewport(ratio=1)
        assert page.evaluate("scrollY") == 0
        page.screenshot(path=str(SCREENSHOTS / "last-hand-1280.png"))
        page.click("#last-close")
        expect(box).to_be_hidden()

        button = page.locator("#sit-out")
        expect(button).to_have_text("Sit out")
        button.click()
        expect(button).to_have_text("Sit in")
        button.click()
        expect(button).to_have_text("Sit out")

        with page.expect_download() as download:
            page.click("#history")
        assert download.value.suggested_filename == "studpoker-hands.txt"
        text = Path(download.value.path()).read_text(encoding="utf-8")
        assert "Razz" in text
        assert page.locator(".seat.me .name").inner_text() in text
        assert not page.errors, page.errors
    finally:
        give_back(page)


# A chips table between hands: Ann (the viewer, seat 0) and whoever else sits.
LONE = """([others, lang]) => {
  if (!stud.ui.tableId) stud.openTable("crafted");
  const seat = (n, name, out) => ({seat: n, name, account_id: n + 1, is_bot: false,
    chips: out ? 0 : 4000, in_hand: false, sitting_out: out, away: false, connected: true,
    leaving: false, time_bank: 60, auto_muck: true, top_up: 0, waiting: null});
  stud.ui.state = {
    table_id: "crafted", game: "razz", name: "", mode: "chips",
    stakes: {ante: 25, bring_in: 50, small_bet: 200, big_bet: 400}, money_unit: 100,
    viewer: 0, hand_number: null, last_hand_number: 4, rollover: 0, halted: null,
    paused: false, seats: [seat(0, "Ann", false), ...others.map(([n, out], i) =>
      seat(i + 1, n, out)), null, null], hand: null, turn: null, competition: null, mix: null,
  };
  stud.ui.tableId = "crafted";
  stud.renderTable();
}"""


def test_a_lone_player_is_told_who_the_table_waits_for(room: Server, browser: Any) -> None:
    """No hand can start with one player ready: the table says it waits for a second
    player to sit down, or for those sitting out (a busted chips seat among them) to sit
    in, by name; with two ready it is the next hand soon again."""
    expect = sync_api.expect
    page = guest_page(browser, room.url, viewport={"width": 375, "height": 800})
    street = page.locator("#street")
    try:
        for lang, alone, back, soon in (
            ("en", "Waiting for a second player to sit down", "Waiting for Bob to sit in",
             "Next hand soon"),
            ("zh-Hant", "等待另一位玩家入座", "等待 Bob 回座", "下一局即將開始"),
            ("zh-Hans", "等待另一位玩家入座", "等待 Bob 回座", "下一局即将开始"),
        ):  # fmt: skip
            page.select_option("#lang", lang)
            page.evaluate(LONE, [[], lang])
            expect(street).to_have_text(alone)
            page.evaluate(LONE, [[["Bob", True]], lang])
            expect(street).to_have_text(back)
            page.evaluate(LONE, [[["Bob", False]], lang])
            expect(street).to_have_text(soon)
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_a_player_ignores_anothers_chat_for_themself_across_a_reload(
    room: Server, browser: Any
) -> None:
    """Chat: Ann ignores Bob (🔇 on his line): his lines go from her chat, his later
    ones never come, and a reload keeps it; Bob still sees his and hers. Ann shows his
    chat again from the list under it, in her language."""
    expect = sync_api.expect
    table = "chat-stud"  # a table of its own: no seat of an earlier test's guest to wait on
    room.call(room.room.create_table("seven_card_stud", "practice", table_id=table))
    ann = guest_page(browser, room.url)
    bob = guest_page(browser, room.url)
    try:
        sit(ann, table)  # dealt in: a reload brings her back to her seat
        sit(bob, table, dealt=False)  # his seat after this hand: he chats meanwhile
        bob_name = bob.locator("#account-name").inner_text().removesuffix(" (guest)")

        def say(page: Any, text: str) -> None:
            page.fill("#chat-text", text)
            page.click("#chat-send")

        say(bob, "hello from bob")
        ann_chat, bob_chat = ann.locator("#chat-log li"), bob.locator("#chat-log li")
        expect(ann_chat.last).to_have_text(f"{bob_name}: hello from bob")
        expect(ann_chat.last.locator("button.ignore")).to_have_attribute(
            "aria-label", f"Ignore {bob_name}: hide their chat from you"
        )
        own = bob.locator("#chat-log li", has_text="hello from bob")
        expect(own.locator("button.ignore")).to_have_count(0)  # nobody ignores themself
        ann.locator("#chat-log li", has_text="hello from bob").locator("button.ignore").click()
        expect(ann.locator("#chat-log li", has_text="hello from bob")).to_have_count(0)
        expect(ann.locator("#ignored")).to_have_text(f"Ignored: {bob_name} ✕")
        say(bob, "still here")
        expect(bob_chat.last).to_have_text(f"{bob_name}: still here")
        ann.reload()
        ann.wait_for_selector("#room:visible")
        expect(ann.locator("#ignored")).to_have_text(f"Ignored: {bob_name} ✕")
        say(bob, "after the reload")
        say(ann, "ann speaks")
        expect(bob_chat.last).to_contain_text(": ann speaks")
        expect(ann_chat.last).to_contain_text(": ann speaks")
        expect(ann.locator("#chat-log li", has_text=bob_name)).to_have_count(0)
        ann.select_option("#lang", "zh-Hans")
        # a guest's name, which the room gives, in the page's words (访客 123456)
        bob_zh = bob_name.replace("Guest ", "访客 ")
        expect(ann.locator("#ignored")).to_have_text(f"已忽略: {bob_zh} ✕")
        ann.locator("#ignored button.unignore").click()
        expect(ann.locator("#ignored")).to_be_hidden()
        say(bob, "heard again")
        expect(ann_chat.last).to_have_text(f"{bob_zh}: heard again")
        assert not ann.errors, ann.errors
        assert not bob.errors, bob.errors
    finally:
        give_back(ann)  # its storage cleared: nobody ignored for the next test
        give_back(bob)
