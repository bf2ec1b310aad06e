"""Auto-muck losing hands (R5.3), as every online room has it: two guests call each
other down heads-up at Razz; the one whose hand cannot win mucks it unasked (no Show /
Muck buttons on the clock), nobody is sat out for it, and the box that turns it off is
on the page in each language and reaches the table.  Meanwhile every hand is named as a
Razz player reads it, a low ("Q-6-2-2 low"), never "Pair of twos" (R4.2, R4.5)."""

from __future__ import annotations

import re
import time
from typing import Any

from server.conftest import Server

from .helpers import SCREENSHOTS, give_back, guest_page, press_once, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()

TABLE = "muck-razz"
# Each guest brings in, checks or calls: never shows, mucks or folds by hand.
CALL_DOWN = ("bring_in", "check", "call")
# Razz's hands as its players read them (R4.2, R4.5): the cards, highest first, a low.
RAZZ_LOW = re.compile(r"(?:(?:10|[2-9JQKA])-)*(?:10|[2-9JQKA]) low")
RAZZ_LOW_HANT = re.compile(r"(?:(?:10|[2-9JQKA])-)*(?:10|[2-9JQKA]) 低牌")


def test_a_losing_hand_is_mucked_unasked_and_the_box_turns_it_off(
    room: Server, browser: Any
) -> None:
    expect = sync_api.expect
    room.call(room.room.create_table("razz", "practice", table_id=TABLE, seats=2))
    ann = guest_page(browser, room.url)
    bob = guest_page(browser, room.url, viewport={"width": 375, "height": 800})
    try:
        bob.select_option("#lang", "zh-Hant")
        sit(ann, TABLE)
        sit(bob, TABLE, dealt=False)
        expect(ann.locator("#auto-muck-box")).to_have_text("Auto-muck losing hands")
        expect(bob.locator("#auto-muck-box")).to_have_text("輸牌自動封牌")
        table = room.room.tables[TABLE].table
        # each page's account's name (a guest's seat reads 訪客 on Bob's Chinese page)
        names = {ann.evaluate("stud.ui.account.name"): ann}
        deadline = time.monotonic() + 60
        mucked = None
        seen_labels: set[str] = set()
        while mucked is None:
            assert time.monotonic() < deadline, ann.locator("#log").inner_text()
            if len(names) < 2 and bob.locator(".seat.me .card.down:not(.back)").count():
                names[bob.evaluate("stud.ui.account.name")] = bob  # dealt in now
                for page in (ann, bob):  # on from sitting down
                    expect(page.locator("#auto-muck")).to_be_checked()
            for page, low in ((ann, RAZZ_LOW), (bob, RAZZ_LOW_HANT)):
                # A Razz hand is named as its players read it, a pair too: "Q-6-2-2 low"
                labels = page.locator(".best-hand").all_inner_texts()
                assert all(low.fullmatch(label) for label in labels), labels
                seen_labels.update(labels)
            for page in (ann, bob):
                offered = page.locator("#actions button.act").evaluate_all(
                    "buttons => buttons.map(b => b.dataset.kind)"
                )
                assert "show" not in offered, offered  # never asked to show or muck
                assert "muck" not in offered, offered
                press_once(page, preference=CALL_DOWN)
            if len(names) == 2:  # a guest's muck against the other guest
                lines = ann.locator("#log li").all_inner_texts()
                mucked = next((n for n in names if f"{n} mucks" in lines), None)
            ann.wait_for_timeout(100)
        if names[mucked] is bob:  # the dealer says it in Bob's language too
            said = mucked.replace("Guest ", "訪客 ")  # the room's name for a guest, in his words
            expect(bob.locator("#log li", has_text=f"{said} 封牌").first).to_be_visible()
        assert seen_labels  # the Razz labels were there to read
        assert not any(seat.sitting_out for seat in table.seats.values())
        assert not any(seat.away for seat in table.seats.values())
        ann.screenshot(path=str(SCREENSHOTS / "auto-muck-en-1280.png"))
        bob.screenshot(path=str(SCREENSHOTS / "auto-muck-zh-Hant-375.png"))

        # Bob turns it off: the table keeps it for his seat, and his page says so.
        bob_name = next(n for n, page in names.items() if page is bob)
        bob_seat = next(n for n, seat in table.seats.items() if seat.occupant.name == bob_name)
        bob.locator("#auto-muck").uncheck()
        deadline = time.monotonic() + 10
        while table.seats[bob_seat].auto_muck:
            assert time.monotonic() < deadline, "the table never heard it"
            bob.wait_for_timeout(50)
        expect(bob.locator("#auto-muck")).not_to_be_checked()
        assert all(seat.auto_muck for n, seat in table.seats.items() if n != bob_seat)
        assert not ann.errors, ann.errors
        assert not bob.errors, bob.errors
    finally:
        give_back(ann)
        give_back(bob)
