"""A competition through the page (R7.3): two registered players sit at a competition
table, one starts it, both see its clock, play until the time is up and see the
standings; the leaderboard then lists both, provisional."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from server.conftest import Server, served

from .helpers import SCREENSHOTS, give_back, press_until, registered_page
from .helpers import sync_api as load_sync_api

# The pages move money: the module's room runs on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

sync_api = load_sync_api()
expect = sync_api.expect
TABLE = "competition-razz"


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    # a short competition: it ends on time after a few hands
    with served(clock=60.0, competition_seconds=6.0) as server:
        yield server


def test_a_competition_from_start_to_standings(room: Server, browser: Any) -> None:
    suffix = uuid.uuid4().hex[:6]
    ann_name, bob_name = f"ann{suffix}", f"bob{suffix}"
    ann = registered_page(browser, room.url, ann_name)
    bob = registered_page(browser, room.url, bob_name, viewport={"width": 375, "height": 800})
    try:
        row = ann.locator(f"#table-list tr[data-table={TABLE}]")
        expect(row.locator("td").nth(2)).to_have_text("Competition")
        ann.click(f'button.sit[data-table="{TABLE}"]')
        expect(ann.locator(".seat.me .name")).to_have_text(ann_name)
        clock = ann.locator("#competition-clock")
        expect(clock).to_have_text(
            "Waiting for a competition: 2 to 8 players sit, then one starts it"
        )
        start = ann.locator("#start-competition")
        expect(start).to_be_visible()
        expect(start).to_be_disabled()  # alone: a competition needs two

        bob.click(f'button.sit[data-table="{TABLE}"]')
        expect(bob.locator(".seat.me .name")).to_have_text(bob_name)
        expect(start).to_be_enabled()
        start.click()
        for page in (ann, bob):
            expect(page.locator("#competition-clock")).to_have_text(
                re.compile(r"^Competition: 0:0[0-6] left · 2 players$")
            )
            expect(page.locator("#start-competition")).to_be_hidden()

        box = ann.locator("#standings-box")
        press_until(ann, lambda _lines: box.is_visible(), others=(bob,), timeout=60)
        for page in (ann, bob):
            expect(page.locator("#standings-box")).to_be_visible()
            rows = page.locator("#standings-list tr")
            expect(rows).to_have_count(2)
        table = [
            [cell.strip() for cell in row.locator("td").all_inner_texts()]
            for row in ann.locator("#standings-list tr").all()
        ]
        assert [line[0] for line in table] == ["1", "2"]
        assert {line[1] for line in table} == {ann_name, bob_name}
        # razz counts cents: 1000 chips each are 10.00
        chips = [round(float(line[2]) * 100) for line in table]
        assert sum(chips) == 2000  # every chip of the two 1000s, none made or lost
        assert chips[0] >= chips[1]
        ann.screenshot(path=str(SCREENSHOTS / "competition-standings.png"))
        # The standings follow the language.
        ann.select_option("#lang", "zh-Hans")
        expect(ann.locator("#standings-box [data-t=standings]")).to_have_text("名次")
        ann.select_option("#lang", "en")

        # The table waits for the next competition; the leaderboard lists both players.
        expect(clock).to_have_text(
            "Waiting for a competition: 2 to 8 players sit, then one starts it"
        )
        ann.click("#leave")
        ann.select_option("#board-game", "razz")
        board = ann.locator("#board-list tr")
        expect(board).to_have_count(2)
        for name in (ann_name, bob_name):
            line = board.filter(has_text=name)
            expect(line.locator("td").nth(2)).to_have_text(re.compile(r"^\d+\? \(provisional\)$"))
            expect(line.locator("td").nth(3)).to_have_text("1")
        assert not ann.errors, ann.errors
        assert not bob.errors, bob.errors
    finally:
        give_back(ann)
        give_back(bob)
