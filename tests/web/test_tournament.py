"""A sit-and-go through two browser pages (issue 17): one player creates a heads-up
tournament for chips, registration is refused without the balance and once it is full,
both register from the tournament lobby, play it to the end at its table (one page at
375 px in Chinese), and the winner's balance has the prize; the ledger's audit is clean
after it."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from server.conftest import Server, served

from .helpers import AGGRESSIVE, SCREENSHOTS, give_back, press_once, registered_page
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()
expect = sync_api.expect

FAST = {
    "name": "fast", "game": "razz", "starting_chips": 200, "level_hands": 1,
    "levels": [
        {"ante": 5, "bring_in": 8, "small_bet": 25, "big_bet": 50},
        {"ante": 10, "bring_in": 15, "small_bet": 50, "big_bet": 100},
        {"ante": 25, "bring_in": 30, "small_bet": 100, "big_bet": 200},
    ],
}  # fmt: skip


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    with served(clock=10.0) as server:
        yield server


def fetch(page: Any, method: str, path: str, body: Any = None) -> Any:
    """A REST call from the page with its session; the status and the answer."""
    return page.evaluate(
        """async ([method, path, body]) => {
            const answer = await fetch(path, {method, body: body ? JSON.stringify(body) : undefined,
                headers: {"Content-Type": "application/json",
                          Authorization: `Bearer ${window.stud.ui.token}`}});
            return [answer.status, await answer.json()];
        }""",
        [method, path, body],
    )


@pytest.mark.long
def test_a_sit_and_go_played_to_the_end_through_two_pages(room: Server, browser: Any) -> None:
    suffix = uuid.uuid4().hex[:6]
    ann_name, bob_name, cy_name = f"ann{suffix}", f"bob{suffix}", f"cy{suffix}"
    ann = registered_page(browser, room.url, ann_name)
    bob = registered_page(browser, room.url, bob_name, viewport={"width": 375, "height": 800})
    cy = registered_page(browser, room.url, cy_name)
    store = room.room.store
    accounts = {name: store.account(name) for name in (ann_name, bob_name, cy_name)}
    store.deposit(accounts[ann_name].id, 1000)
    store.deposit(accounts[cy_name].id, 1000)
    total = store.total_chips()
    try:
        status, made = fetch(
            ann, "POST", "/api/tournaments",
            {"game": "razz", "seats": 2, "buy_in": 100, "fee": 10, "structure": FAST,
             "name": f"Duel {suffix}"},
        )  # fmt: skip
        assert status == 201, made
        tid = made["id"]
        assert (made["state"], made["entries"], made["prizes"]) == ("registering", 0, [200])
        row = ann.locator(f"#tournament-list tr[data-tournament='{tid}']")
        expect(row).to_contain_text(f"Duel {suffix}", timeout=10_000)
        expect(row).to_contain_text("$1.00 + $0.10")
        row.locator("button.link").click()  # its structure and payouts
        expect(ann.locator("#tournament-list tr.details")).to_contain_text("Payouts: 1. $2.00")
        ann.locator("#tournaments").screenshot(path=str(SCREENSHOTS / "tournament-lobby.png"))
        # No balance: refused, with the reason in the page's words.
        bob.select_option("#lang", "zh-Hant")
        bob_row = bob.locator(f"#tournament-list tr[data-tournament='{tid}']")
        expect(bob_row).to_be_visible(timeout=10_000)
        bob_row.locator("button.primary").click()
        expect(bob.locator("#status")).to_have_text(f"{bob_name} 的餘額是 0.00，不足以買入 1.10")
        store.deposit(accounts[bob_name].id, 1000)
        total += 1000
        row.locator("button.primary").click()
        expect(ann.locator("#status")).to_have_text(f"Registered for Duel {suffix}")
        expect(row.locator("button")).to_have_text(["Duel " + suffix, "Unregister"])
        bob_row.locator("button.primary").click()  # full: it starts, bob's table opens
        expect(bob.locator("#room")).to_be_visible()
        # Full now: a third player is refused, nothing taken from the balance.
        status, refused = fetch(cy, "POST", f"/api/tournaments/{tid}/entry")
        assert (status, refused["code"]) == (409, "tournament_full")
        assert store.account(cy_name).balance == 1000
        # ann's lobby shows her table; she goes to it.
        my_table = row.locator("button.primary")
        expect(my_table).to_have_text("My table", timeout=10_000)
        my_table.click()
        expect(ann.locator("#tournament-note")).to_have_text(
            re.compile(r"^Level \d \(\d+/\d+\) · 2 left · average 200$"), timeout=10_000
        )
        expect(bob.locator("#tournament-note")).to_contain_text("剩 2 人")
        ann.screenshot(path=str(SCREENSHOTS / "tournament-table.png"))
        bob.screenshot(path=str(SCREENSHOTS / "tournament-table-375-zh-Hant.png"))
        # At 1280×800 what the player must act on is in view when the turn comes,
        # under the title bar and the tournament's line (issue 36): no scrolling.
        ann_buttons = ann.locator("#actions button.act")
        for _ in range(300):  # Bob acts until the turn is Ann's
            if ann_buttons.count():
                break
            press_once(bob)
            ann.wait_for_timeout(100)
        ann.evaluate("scrollTo(0, 0)")  # the page from its top: title, line, table, buttons
        expect(ann_buttons.last).to_be_in_viewport(ratio=1)
        expect(ann.locator(".seat.me")).to_be_in_viewport(ratio=1)
        # Play it out: each presses what its page offers until it is over.
        deadline = 120_000
        waited = 0
        while waited < deadline:
            finished = [page.locator("#status").inner_text() for page in (ann, bob)]
            if "You finished" in finished[0] and "得第" in finished[1]:
                break
            press_once(ann, preference=AGGRESSIVE)  # chips in: over in a few hands
            press_once(bob)
            ann.wait_for_timeout(100)
            waited += 100
        else:
            raise AssertionError("the sit-and-go did not end")
        statuses = ann.locator("#status").inner_text(), bob.locator("#status").inner_text()
        ann_won = statuses[0].startswith("You finished 1 ")
        # Each told their place, and the winner the prize, in their own language.
        assert statuses[0] == (
            f"You finished 1 in Duel {suffix} and won $2.00"
            if ann_won
            else f"You finished 2 in Duel {suffix}"
        )
        assert statuses[1] == (
            f"你在 Duel {suffix} 得第 2 名"
            if ann_won
            else f"你在 Duel {suffix} 得第 1 名，贏得 $2.00"
        )
        winner, loser = (ann_name, bob_name) if ann_won else (bob_name, ann_name)
        assert store.account(winner).balance == 1000 - 110 + 200
        assert store.account(loser).balance == 1000 - 110
        status, done = fetch(ann, "GET", f"/api/tournaments/{tid}")
        assert done["state"] == "finished"
        assert [(p["name"], p["place"], p["prize"]) for p in done["places"]] == [
            (winner, 1, 200), (loser, 2, 0)
        ]  # fmt: skip
        assert store.audit() == []
        assert store.total_chips() == total
        # A scheduled Triple Stud tournament made from the form, listed for all.
        cy.select_option("#t-kind", "scheduled")
        cy.select_option("#t-game", "seven_card_stud")
        cy.check("#t-triple")
        cy.fill("#t-late", "2")
        cy.check("#t-reentry")
        cy.fill("#t-buy-in", "2.00")
        cy.fill("#t-fee", "0.20")
        cy.fill("#t-name", f"Triple {suffix}")
        cy.click("#t-create-submit")
        expect(cy.locator("#status")).to_have_text(f"Created Triple {suffix}")
        made_row = cy.locator("#tournament-list tr", has_text=f"Triple {suffix}")
        expect(made_row).to_contain_text("$2.00 + $0.20", timeout=10_000)
        expect(made_row).to_contain_text("Registering")
        (made,) = [t for t in fetch(cy, "GET", "/api/tournaments")[1]
                   if t["name"] == f"Triple {suffix}"]  # fmt: skip
        assert (made["kind"], made["mix"], made["late_levels"], made["reentry"]) == (
            "scheduled",
            "triple_stud",
            2,
            True,
        )
        assert (made["buy_in"], made["fee"]) == (200, 20)
        for page in (ann, bob, cy):
            assert not page.errors, page.errors
    finally:
        for page in (ann, bob, cy):
            give_back(page)


def test_the_lobby_s_tournament_row_is_kept_fresh_and_its_buttons_stay_put(
    room: Server, browser: Any
) -> None:
    """Issue 36: the tournaments' lobby is read again every few seconds; a row shows
    the entries as they come, without a reload, and a row whose tournament did not
    change stays the same element (its button is not swapped under the pointer)."""
    import httpx

    expect = sync_api.expect
    suffix = uuid.uuid4().hex[:6]
    watcher = registered_page(browser, room.url, f"watch{suffix}")
    try:
        status, made = fetch(
            watcher, "POST", "/api/tournaments",
            {"game": "razz", "seats": 6, "buy_in": 100, "fee": 10, "structure": FAST,
             "name": f"Fresh {suffix}"},
        )  # fmt: skip
        assert status == 201, made
        tid = made["id"]
        row = watcher.locator(f"#tournament-list tr[data-tournament='{tid}']")
        expect(row.locator("td").nth(2)).to_have_text("0/6", timeout=10_000)
        listed = httpx.get(f"{room.url}/api/tournaments").json()
        other = next(t["id"] for t in listed if t["id"] != tid and t["state"] == "registering")
        watcher.evaluate(
            "(other) => { window.kept = document.querySelector("
            "`#tournament-list tr[data-tournament='${other}']`); }",
            str(other),
        )
        for name in (f"idle{suffix}", f"late{suffix}"):
            # made by the room itself: this module's pages used its address's new accounts
            account, token = room.call(room.room.register(name, "password1"))
            room.room.store.deposit(account.id, 1000)
            entered = httpx.post(
                f"{room.url}/api/tournaments/{tid}/entry",
                headers={"Authorization": f"Bearer {token}"},
            )
            assert entered.status_code in (200, 201), entered.text
        expect(row.locator("td").nth(2)).to_have_text("2/6", timeout=10_000)  # no reload
        assert watcher.evaluate("window.kept && window.kept.isConnected") is True
        assert not watcher.errors, watcher.errors
    finally:
        give_back(watcher)
