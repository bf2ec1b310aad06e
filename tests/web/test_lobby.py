"""The lobby of the browser client: filters by game and mode, the average pot, quick
seat, creating a table and the leaderboard, in headless Chromium."""

from __future__ import annotations

import json
import re
from typing import Any

from server.conftest import Server

from .helpers import SCREENSHOTS, give_back, guest_page, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()
expect = sync_api.expect


def cells(row: Any) -> list[str]:
    return [text.strip() for text in row.locator("td").all_inner_texts()]


def test_filters_and_average_pot(room: Server, browser: Any) -> None:
    page = guest_page(browser, room.url)
    try:
        rows = page.locator("#table-list tr")
        expect(page.locator("#table-list tr[data-table=practice-razz]")).to_be_visible()
        expect(page.locator("th[data-t=average_pot]")).to_have_text("Average pot")
        expect(page.locator("#filter-game option").first).to_have_text("All games")
        expect(page.locator("#filter-mode option").first).to_have_text("All modes")

        page.select_option("#filter-game", "razz")
        expect(page.locator("#table-list tr[data-table=practice-seven_card_stud]")).to_have_count(0)
        games = [cells(row)[0] for row in rows.all()]
        assert games
        assert all(game.startswith("Razz") for game in games), games

        page.select_option("#filter-mode", "practice")
        expect(page.locator("#table-list tr[data-table=chips-razz]")).to_have_count(0)
        row = page.locator("#table-list tr[data-table=practice-razz]")
        expect(row.locator("td").nth(0)).to_have_text("Razz")
        expect(row.locator("td").nth(2)).to_have_text("Practice · Normal")  # its bots' level
        # the average pot is money like the stakes: dollars and cents in the seven-card games
        expect(row.locator("td").nth(4)).to_have_text(re.compile(r"^\d+\.\d\d$"))

        page.select_option("#filter-game", "show_hand")
        row = page.locator("#table-list tr[data-table=practice-show_hand]")
        expect(row.locator("td").nth(0)).to_have_text("Show Hand")
        expect(row.locator("td").nth(4)).to_have_text(re.compile(r"^\d+$"))  # chips

        page.select_option("#filter-mode", "competition")
        page.select_option("#filter-game", "stud_hilo")
        expect(rows).to_have_count(1)
        expect(rows.locator("td").nth(2)).to_have_text("Competition")
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_quick_seat_sits_at_the_chosen_game(room: Server, browser: Any) -> None:
    page = guest_page(browser, room.url)
    try:
        expect(page.locator("#quick-seat")).to_have_text("Quick seat")
        page.select_option("#filter-game", "show_hand")
        page.click("#quick-seat")
        expect(page.locator("#room")).to_be_visible()
        expect(page.locator("#table-title")).to_have_text("Show Hand")
        expect(page.locator(".seat.me")).to_be_visible(timeout=10000)
        page.click("#leave")
        expect(page.locator("#lobby")).to_be_visible()
        # without a game chosen: the first practice table with a free seat
        page.select_option("#filter-game", "")
        page.click("#quick-seat")
        expect(page.locator("#table-title")).to_have_text("Seven Card Stud")
        expect(page.locator(".seat.me")).to_be_visible(timeout=10000)
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_create_a_table(room: Server, browser: Any) -> None:
    page = guest_page(browser, room.url)
    try:
        expect(page.locator("[data-t=create_table]")).to_have_text("Create table")
        # Filtering by a game chooses it in the form too, with its stakes.
        page.select_option("#filter-game", "show_hand")
        expect(page.locator("#create-game")).to_have_value("show_hand")
        expect(page.locator("#create-sh-ante")).to_be_visible()
        expect(page.locator("#create-ante")).to_be_hidden()
        page.select_option("#filter-game", "")
        page.select_option("#create-game", "razz")
        # the game's preset stakes, in dollars
        for field, value in (("ante", "0.25"), ("bring-in", "0.50"), ("small-bet", "2.00")):
            expect(page.locator(f"#create-{field}")).to_have_value(value)
        expect(page.locator("#create-min-bet")).to_be_hidden()
        # Computer players sit at practice tables only: the level is asked for those.
        page.select_option("#create-mode", "chips")
        expect(page.locator("#create-level")).to_be_hidden()
        page.select_option("#create-mode", "practice")
        expect(page.locator("#create-level")).to_have_value("normal")
        page.select_option("#create-level", "expert")
        page.fill("#create-seats", "6")
        page.fill("#create-clock", "30")
        page.fill("#create-ante", "0.10")
        page.fill("#create-bring-in", "0.25")
        page.fill("#create-small-bet", "1")
        page.fill("#create-big-bet", "2")
        page.fill("#create-name", "Test razz")
        page.click("#create-submit")
        row = page.locator("#table-list tr", has_text="Test razz")
        expect(row).to_have_count(1)
        # Said, and the new row marked and brought into view (it may be far down).
        expect(page.locator("#status")).to_have_text(
            "Table “Test razz” is open: it is marked in the list below."
        )
        expect(row).to_have_class("created")
        expect(row).to_be_in_viewport()
        expect(page.locator("#table-list tr.created")).to_have_count(1)
        expect(row.locator("td").nth(0)).to_have_text("Razz — Test razz")
        expect(row.locator("td").nth(1)).to_have_text(
            "$1.00/$2.00 fixed limit · ante $0.10 · bring-in $0.25"
        )
        expect(row.locator("td").nth(2)).to_have_text("Practice · Expert")
        expect(row.locator("td").nth(3)).to_have_text("0/6")
        expect(row.locator("td").nth(4)).to_have_text("0.00")
        # the room sent the new table to the other clients too
        other = guest_page(browser, room.url)
        try:
            mirrored = other.locator("#table-list tr", has_text="Test razz")
            expect(mirrored.locator("td").nth(3)).to_have_text("0/6")
        finally:
            give_back(other)
        # Show Hand's stakes are an ante and a smallest bet, in chips.
        page.select_option("#create-game", "show_hand")
        expect(page.locator("#create-small-bet")).to_be_hidden()
        expect(page.locator("#create-sh-ante")).to_have_value("10")
        page.fill("#create-sh-ante", "5")
        page.fill("#create-min-bet", "20")
        page.fill("#create-name", "Test show hand")
        page.click("#create-submit")
        row = page.locator("#table-list tr", has_text="Test show hand")
        expect(row.locator("td").nth(1)).to_have_text("ante 5 · minimum bet 20")
        # The table's title bar says them too.
        row.locator("button.sit").click()
        expect(page.locator("#table-stakes")).to_contain_text("ante 5 · minimum bet 20")
        page.click("#leave")
        # Stakes the rules refuse: the server's reason, and no table.
        page.select_option("#create-game", "seven_card_stud")
        page.fill("#create-bring-in", "3")
        page.fill("#create-name", "Wrong stakes")
        page.click("#create-submit")
        expect(page.locator("#status")).to_have_text(
            "the bring-in (300) must be below the small bet (200)"
        )
        expect(page.locator("#table-list tr", has_text="Wrong stakes")).to_have_count(0)
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_leaderboard_empty_and_translated(room: Server, browser: Any) -> None:
    page = guest_page(browser, room.url)
    try:
        expect(page.locator("[data-t=leaderboard]")).to_have_text("Leaderboard")
        expect(page.locator("#board-empty")).to_have_text("No rated players yet")
        page.select_option("#board-game", "razz")
        expect(page.locator("#board-empty")).to_have_text("No rated players yet")
        page.select_option("#lang", "zh-Hant")
        expect(page.locator("[data-t=leaderboard]")).to_have_text("排行榜")
        expect(page.locator("#board-empty")).to_have_text("還沒有排名的玩家")
        expect(page.locator("#quick-seat")).to_have_text("快速入座")
        expect(page.locator("[data-t=create_table]")).to_have_text("開新牌桌")
        expect(page.locator("th[data-t=average_pot]")).to_have_text("平均底池")
        expect(page.locator("#board-game option:checked")).to_have_text("Razz")
        expect(page.locator("#filter-game option").first).to_have_text("所有遊戲")
        page.select_option("#lang", "zh-Hans")
        expect(page.locator("#board-empty")).to_have_text("还没有排名的玩家")
        expect(page.locator("[data-t=create_table]")).to_have_text("开新牌桌")
        expect(page.locator("th[data-t=rating]")).to_have_text("积分")
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_leaderboard_rows_mark_provisional(room: Server, browser: Any) -> None:
    board = [
        {"name": "ann", "rating": 1612, "rd": 40, "games": 31, "provisional": False},
        {"name": "bob", "rating": 1500, "rd": 200, "games": 2, "provisional": True},
    ]
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    seen: list[str] = []

    def answer(route: Any) -> None:
        seen.append(route.request.url)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(board))

    page.route("**/api/leaderboard*", answer)
    try:
        page.goto(room.url)
        rows = page.locator("#board-list tr")
        expect(rows).to_have_count(2)
        expect(rows.nth(0).locator("td")).to_have_text(["1", "ann", "1612", "31"])
        expect(rows.nth(1).locator("td")).to_have_text(["2", "bob", "1500? (provisional)", "2"])
        expect(page.locator("#board-empty")).to_be_hidden()
        page.select_option("#board-game", "show_hand")
        expect(rows).to_have_count(2)
        assert "game=show_hand" in seen[-1], seen
        page.select_option("#lang", "zh-Hant")
        expect(rows.nth(1).locator("td").nth(2)).to_have_text("1500? (暫定)")
    finally:
        context.close()


def test_the_lobby_counts_people_apart_from_computer_players_and_says_the_stakes(
    room: Server, browser: Any
) -> None:
    """R7.1: a practice table fills with computer players; the lobby says how many seats
    people hold.  Stakes in words: the bring-in (R2.1), Show Hand's minimum bet (R6.4)."""
    expect = sync_api.expect
    player = guest_page(browser, room.url)
    onlooker = guest_page(browser, room.url)
    try:
        sit(player, "practice-razz")
        row = onlooker.locator("#table-list tr[data-table=practice-razz]")
        expect(row.locator("td").nth(3)).to_have_text(re.compile(r"^1 \+ \d bots / 8$"))
        expect(row.locator("td").nth(1)).to_have_text(
            "$2.00/$4.00 fixed limit · ante $0.25 · bring-in $0.50"
        )
        show_hand = onlooker.locator("#table-list tr[data-table=practice-show_hand]")
        expect(show_hand.locator("td").nth(1)).to_have_text("ante 10 · minimum bet 10")
        onlooker.select_option("#lang", "zh-Hant")
        expect(row.locator("td").nth(3)).to_have_text(re.compile(r"^1 人 \+ \d 電腦 / 8$"))
        expect(row.locator("td").nth(1)).to_have_text(
            "$2.00/$4.00 固定限注 · 底注 $0.25 · 強制開注 $0.50"
        )
        expect(show_hand.locator("td").nth(1)).to_have_text("底注 10 · 最低下注 10")
        player.click("#leave")
        assert not onlooker.errors, onlooker.errors
    finally:
        give_back(player)
        give_back(onlooker)


def test_the_create_form_takes_its_presets_from_the_server(room: Server, browser: Any) -> None:
    """The page keeps no copy of the presets: what GET /api/games says is what the form
    offers (here a server whose Razz preset antes 0.30), money written by its unit."""
    import json

    expect = sync_api.expect
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    try:

        def games(route: Any) -> None:
            answer = route.fetch()
            infos = answer.json()
            for info in infos:
                if info["game"] == "razz":
                    info["stakes"] = {**info["stakes"], "ante": 30}
            route.fulfill(response=answer, body=json.dumps(infos))

        page.route("**/api/games", games)
        page.goto(room.url)
        page.click("#guest")
        page.select_option("#create-game", "razz")
        expect(page.locator("#create-ante")).to_have_value("0.30")
        page.select_option("#create-game", "show_hand")
        expect(page.locator("#create-sh-ante")).to_have_value("10")
        assert page.evaluate("stud.ui.games.show_hand.money_unit") == 1
        assert page.evaluate("stud.ui.games.razz.money_unit") == 100
    finally:
        context.close()


def test_before_logging_in_a_practice_table_says_sit_and_seats_a_guest(
    room: Server, browser: Any
) -> None:
    """A visitor who has not logged in is offered a seat, not only a look: each practice
    table has Sit (入座) beside Watch (觀看), and one click on Sit seats them there as a
    guest; a chips table, where a guest may not play, says Watch."""
    from .helpers import new_page

    expect = sync_api.expect
    page = new_page(browser, room.url, viewport={"width": 375, "height": 800})
    try:
        page.select_option("#lang", "zh-Hant")
        practice = page.locator('button.sit[data-table="practice-razz"]')
        expect(practice).to_have_text("入座")
        expect(page.locator('button.sit[data-table="chips-razz"]')).to_have_text("觀看")
        expect(page.locator('button.watch[data-table="practice-razz"]')).to_have_text("觀看")
        expect(page.locator('button.watch[data-table="chips-razz"]')).to_have_count(0)
        # The lobby is drawn again on every change of any table: a row whose table has not
        # changed stays the same element, so a button is not swapped under the pointer.
        page.evaluate(
            "window.kept = document.querySelector('button.sit[data-table=\"chips-razz\"]')"
        )
        page.select_option("#filter-mode", "chips")
        page.select_option("#filter-mode", "")
        assert page.evaluate("window.kept.isConnected && window.kept.textContent") == "觀看"
        practice.scroll_into_view_if_needed()  # the list may be long (this module's room)
        expect(practice).to_be_in_viewport(ratio=1)  # whole: not cut off at the right
        page.screenshot(path=str(SCREENSHOTS / "lobby-visitor-375-zh-Hant.png"), full_page=True)
        practice.click()
        page.wait_for_selector(".seat.me .card.down:not(.back)", timeout=20000)
        # the room's name for a guest, in the page's words
        expect(page.locator("#account-name")).to_have_text(re.compile(r"^訪客 \d+$"))
        expect(page.locator(".seat.me .name")).to_have_text(re.compile(r"^訪客 \d+$"))
        assert not page.errors, page.errors
    finally:
        give_back(page)
