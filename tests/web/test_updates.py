"""The page rebuilds the table from the whole state once and a JSON Patch a message
after that (docs/protocol.md, "Updates"): at every decision of several hands, what the
player's page and an onlooker's page hold is exactly the table's own snapshot for each
(the clock's seconds aside, which move between two readings)."""

from __future__ import annotations

import json
import time
from typing import Any

from server.conftest import Server, without_clock

from .helpers import give_back, guest_page, new_page, press_once, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()

TABLE = "practice-razz"


def as_json(state: dict[str, Any]) -> dict[str, Any]:
    """The state through JSON, as the page holds it, less the clock's seconds."""
    return without_clock(json.loads(json.dumps(state)))


def test_the_pages_rebuild_the_tables_snapshot_from_its_updates(room: Server, browser: Any):
    player = guest_page(browser, room.url)
    sit(player, TABLE)
    onlooker = new_page(browser, room.url)
    onlooker.click(f'button.watch[data-table="{TABLE}"]')  # "Watch": not logged in
    onlooker.wait_for_selector("#room:visible")
    table = room.room.tables[TABLE].table
    seat = player.evaluate("() => stud.ui.state.viewer")
    assert isinstance(seat, int)
    compared, hands = 0, set()
    deadline = time.monotonic() + 90
    while compared < 12 and time.monotonic() < deadline:
        turn = table.turn
        if turn is None or turn.seat != seat or not player.locator("#actions button.act").count():
            player.wait_for_timeout(50)
            continue
        # The table waits for the person: nothing moves but the clock.
        player.wait_for_function(
            f"() => stud.ui.state.turn && stud.ui.state.turn.seq === {turn.seq}"
        )
        onlooker.wait_for_function(
            f"() => stud.ui.state && stud.ui.state.turn && stud.ui.state.turn.seq === {turn.seq}"
        )
        mine = as_json(table.snapshot(seat, events=False))
        theirs = as_json(table.snapshot(None, events=False))
        assert as_json(player.evaluate("() => stud.ui.state")) == mine
        assert as_json(onlooker.evaluate("() => stud.ui.state")) == theirs
        compared += 1
        hands.add(mine["hand_number"])
        press_once(player)
        player.wait_for_function(
            f"() => !stud.ui.state.turn || stud.ui.state.turn.seq !== {turn.seq}"
        )
    assert compared == 12, f"{compared} decisions compared"
    assert len(hands) >= 2  # across a new hand's state, not one hand's patches only
    assert (player.errors, onlooker.errors) == ([], [])
    for page in (player, onlooker):
        give_back(page)
