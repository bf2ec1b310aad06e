"""A tab closed in the middle of a hand (R8.3), through the page: the other player sees the
seat marked disconnected, then sitting out once its clock ran out; the next hands are
dealt without it, at the speed of those who play; past the grace period the seat is free.
A room of its own: a 2 s clock and a 4 s grace period."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from server.conftest import Server, served

from .helpers import give_back, guest_page, press_until, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()
TABLE = "practice-razz"


@pytest.fixture
def quick_room() -> Iterator[Server]:
    with served(clock=2.0, time_bank=0.0, grace=4.0, pause=0.5) as server:
        yield server


@pytest.mark.long
def test_r8_3_a_closed_tab_is_marked_sat_out_then_its_seat_freed(
    quick_room: Server, browser: Any
) -> None:
    expect = sync_api.expect
    ann = guest_page(browser, quick_room.url)
    bob = guest_page(browser, quick_room.url, viewport={"width": 375, "height": 800})
    try:
        sit(ann, TABLE)
        ann_name = ann.locator(".seat.me .name").inner_text()
        sit(bob, TABLE, dealt=False)
        bobs_cards = bob.locator(".seat.me .card.down:not(.back)")
        press_until(ann, lambda _lines: bobs_cards.count() > 0, others=(bob,), timeout=30)
        ann_seat = bob.locator(".seat", has=bob.locator(".name", has_text=ann_name))
        ann.context.close()  # the tab is closed in the middle of a hand
        expect(ann_seat.locator(".absent-mark")).to_contain_text("disconnected", timeout=10_000)
        # Bob plays on; Ann's clock runs out once and she sits out.
        press_until(
            bob,
            lambda _lines: (
                "sitting out" in (ann_seat.locator(".absent-mark").all_inner_texts() or [""])[0]
            ),
            timeout=20,
        )
        expect(ann_seat.locator(".absent-mark")).to_have_text("sitting out · disconnected")
        # A whole hand is dealt without her: no decision of hers is waited for.
        stakes = bob.locator("#table-stakes")
        start = stakes.inner_text()
        began = time.monotonic()
        press_until(bob, lambda _lines: stakes.inner_text() != start, timeout=20)
        table = quick_room.room.tables[TABLE].table
        seats = {n for n, s in table.seats.items() if s.occupant.name == ann_name}
        assert not seats or not (seats & set(table.dealt))
        # Past the grace period her seat is free (a computer player may take it).
        press_until(bob, lambda _lines: ann_seat.count() == 0, timeout=20)
        assert time.monotonic() - began < 40
        assert not bob.errors, bob.errors
    finally:
        give_back(bob)
