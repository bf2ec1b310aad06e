"""What a regular does with friends and with several tables (issue 36), in the browser:
a private table opened, its link sent, a stranger refused and a friend seated from the
link; a full table's waiting list seating its first in line; four tables played at once
by one account in four tabs, the turn shown on the right tab and the keys acting on the
table in focus.  English at 1280×800, both Chinese scripts at 375 px; screenshots kept."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from server.conftest import Server, served
from studpoker.server.limits import NO_LIMITS

from .helpers import SCREENSHOTS, give_back, new_page, press_once, registered_page
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()
PHONE = {"viewport": {"width": 375, "height": 760}}


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    """This module's room: more accounts from one address than the room's limits let
    one register in ten minutes (a dozen players, every one of them on 127.0.0.1)."""
    with served(clock=60.0, limits=NO_LIMITS) as server:
        yield server


def test_a_private_table_from_its_link_seats_a_friend_and_refuses_a_stranger(
    room: Server, browser: Any
) -> None:
    expect = sync_api.expect
    host = registered_page(browser, room.url, "hostess")
    pages = [host]
    try:
        host.select_option("#create-game", "razz")
        host.select_option("#create-mode", "practice")
        host.check("#create-private")
        expect(host.locator("#create-onlookers-label")).to_be_visible()
        host.select_option("#create-onlookers", "invited")
        host.fill("#create-name", "Friday razz")
        host.click("#create-submit")
        expect(host.locator("#invite-box")).to_be_visible()
        expect(host.locator("#invite-title")).to_have_text("Invite friends: send them this link")
        link = host.input_value("#invite-link")
        found = re.fullmatch(re.escape(room.url) + r"/\?table=([\w-]+)&invite=([\w-]{16})", link)
        assert found, link
        tid = found.group(1)
        row = host.locator(f'#table-list tr[data-table="{tid}"]')
        expect(row.locator(".private-mark")).to_have_text("Private · hostess")
        host.screenshot(path=str(SCREENSHOTS / "private-invite-en-1280.png"))
        host.click("#invite-close")

        # A stranger sees no such table in the lobby, and its address alone lets them
        # neither watch nor sit (the host chose: only the invited watch).
        stranger = registered_page(browser, room.url, "stranger", **PHONE)
        pages.append(stranger)
        stranger.select_option("#lang", "zh-Hant")
        expect(stranger.locator(f'#table-list tr[data-table="{tid}"]')).to_have_count(0)
        stranger.goto(f"{room.url}/?table={tid}")
        expect(stranger.locator("#status")).to_have_text(
            "這是 hostess 的私人牌桌：只有受邀的人才能加入"
        )
        expect(stranger.locator(".seat")).to_have_count(0)

        # The friend opens the link: the table, and Sit (入座) at once.
        friend = registered_page(browser, room.url, "friend", **PHONE)
        pages.append(friend)
        friend.select_option("#lang", "zh-Hans")
        friend.goto(link)
        expect(friend.locator("#table-title")).to_have_text("Razz — Friday razz")
        sit = friend.locator("#table-sit")
        expect(sit).to_have_text("入座")
        sit.click()
        friend.wait_for_selector(".seat.me .card.down:not(.back)", timeout=20000)
        expect(friend.locator("#invite-button")).to_be_hidden()  # the host's alone
        assert friend.evaluate("location.search") == f"?table={tid}"  # the invite not shown
        friend.screenshot(path=str(SCREENSHOTS / "private-friend-zh-Hans-375.png"))
        # Back in the lobby, the friend sees the table, marked private.
        friend.click("#leave")
        expect(friend.locator(f'#table-list tr[data-table="{tid}"] .private-mark')).to_have_text(
            "私人 · hostess"
        )

        # The host, at the table, invites again and closes it.
        host.click(f'button.sit[data-table="{tid}"]')
        host.wait_for_selector(".seat.me")
        expect(host.locator("#invite-button")).to_have_text("Invite")
        host.click("#invite-button")
        assert host.input_value("#invite-link") == link
        host.click("#invite-close")
        host.once("dialog", lambda dialog: dialog.accept())
        host.click("#close-table")
        # The hand under way is played to its end (the host folds it), then the table
        # closes and the host is back in the lobby, told so.
        expect(host.locator("#status")).to_have_text("The table closes at the end of this hand.")
        deadline = time.monotonic() + 30
        while host.locator("#lobby").is_hidden() and time.monotonic() < deadline:
            press_once(host, preference=("fold", "check", "bring_in"))
            fold_anyway = host.locator("button", has_text="Fold anyway")
            if fold_anyway.count():
                fold_anyway.first.click()
            host.wait_for_timeout(200)
        expect(host.locator("#lobby")).to_be_visible()
        expect(host.locator("#status")).to_have_text(
            "The table is closed: everyone's chips are back."
        )
        expect(host.locator(f'#table-list tr[data-table="{tid}"]')).to_have_count(0)
        assert tid not in room.room.tables
        for page in pages:
            assert not page.errors, page.errors
    finally:
        for page in pages:
            give_back(page)


def test_a_full_table_s_waiting_list_seats_its_first_in_line(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    token = room.register("opener")
    answer = httpx.post(
        f"{room.url}/api/tables",
        json={"game": "razz", "mode": "practice", "seats": 2, "name": "Two seats"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 201, answer.text
    tid = answer.json()["id"]
    # No hand is dealt (as if the operator paused it): a seat is taken and left at once,
    # not at the end of a hand waiting on a person's clock.
    room.room.table(tid).table.pause(True)
    first = registered_page(browser, room.url, "first")
    second = registered_page(browser, room.url, "second")
    third = registered_page(browser, room.url, "third", **PHONE)
    pages = [first, second, third]
    try:
        for page in (first, second):
            page.click(f'button.sit[data-table="{tid}"]')
            page.wait_for_selector(".seat.me")
        third.select_option("#lang", "zh-Hant")
        join = third.locator(f'button.wait[data-table="{tid}"]')
        expect(join).to_have_text("排隊候位")
        expect(third.locator(f'button.sit[data-table="{tid}"]')).to_have_text("觀看")
        join.click()
        expect(join).to_have_text("退出候位（第 1 位）")
        expect(third.locator(f'#table-list tr[data-table="{tid}"]')).to_contain_text("1 人候位")
        third.screenshot(path=str(SCREENSHOTS / "waiting-list-zh-Hant-375.png"))
        # "first" leaves: the seat is held for "third", who is told over the page.
        first.click("#leave")
        offer = third.locator("#seat-offer")
        expect(offer).to_be_visible(timeout=10000)
        expect(third.locator("#seat-offer-text")).to_have_text(
            re.compile(r"^Razz — Two seats 有空位：為你保留 (30|29|28|27) 秒。$")
        )
        third.screenshot(path=str(SCREENSHOTS / "seat-offer-zh-Hant-375.png"))
        # Meanwhile nobody else takes it.
        first.click(f'button.wait[data-table="{tid}"]')  # full for "first" too: the list
        third.click("#seat-offer-take")
        third.wait_for_selector(".seat.me")
        expect(third.locator(".seat.me .name")).to_have_text("third")
        table = room.room.table(tid).table
        names = sorted(
            seat.occupant.name for seat in table.seats.values() if not seat.occupant.is_bot
        )
        assert names == ["second", "third"]
        assert room.room.lobby_entry(tid)["waiting"] == ["first"]
        for page in pages:
            assert not page.errors, page.errors
    finally:
        for page in pages:
            give_back(page)


def test_four_tables_in_four_tabs_the_turn_shown_on_its_own(room: Server, browser: Any) -> None:
    """One account, four tabs of one browser: each a practice table of its own (its
    address ?table=…), the fifth refused; a tab whose turn it is says so in its title,
    and a key pressed in one tab acts at that tab's table only."""
    expect = sync_api.expect
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    try:
        lobby = context.new_page()
        lobby.goto(room.url)
        lobby.fill("#name", "grinder")
        lobby.fill("#password", "secret-pass")
        lobby.click("#do-register")
        lobby.wait_for_selector("#account-name:text-is('grinder')")
        games = ["razz", "seven_card_stud", "stud_hilo", "five_card_stud"]
        tabs = []
        for game in games:
            tab = context.new_page()
            tab.goto(f"{room.url}/?table=practice-{game}")
            tab.click("#table-sit")
            tab.wait_for_selector(".seat.me .card.down:not(.back)", timeout=20000)
            tabs.append(tab)
        # A fifth table: refused, in words.
        fifth = context.new_page()
        fifth.goto(f"{room.url}/?table=practice-show_hand")
        fifth.click("#table-sit")
        expect(fifth.locator("#status")).to_have_text(
            "You play at 4 tables already: 4 at once at most"
        )
        fifth.close()
        # The lobby tab (from a table's "Lobby ↗") stays the lobby: no seat taken over.
        expect(tabs[0].locator("#lobby-tab")).to_have_attribute("href", "/?lobby=1")
        lobby.goto(f"{room.url}/?lobby=1")
        expect(lobby.locator("#lobby")).to_be_visible()
        lobby.wait_for_timeout(500)
        expect(lobby.locator("#room")).to_be_hidden()

        def my_turn(tab: Any) -> bool:
            return bool(tab.locator("#actions button").count())

        # Every table waits for grinder (computer players answer at once): each tab says so.
        for tab, game in zip(tabs, games, strict=True):
            tab.wait_for_function("() => document.title.startsWith('▶')", timeout=20000)
            name = {
                "razz": "Razz",
                "seven_card_stud": "Seven Card Stud",
                "stud_hilo": "Stud Hi/Lo",
                "five_card_stud": "Five Card Stud",
            }[game]
            assert tab.title().startswith(f"▶ Your turn · {name}"), tab.title()
            assert my_turn(tab)
        tabs[1].screenshot(path=str(SCREENSHOTS / "four-tables-turn-en-1280.png"))
        # A fold key in the second tab folds there, and only there (the bring-in's key
        # when the seat must bring in: it may not fold, R2.4).
        second = tabs[1]
        hand = second.evaluate("stud.ui.state.hand_number")
        seq = second.evaluate("stud.ui.state.turn.seq")
        kinds = second.locator("#actions button.act").evaluate_all(
            "buttons => buttons.map(b => b.dataset.kind)"
        )
        folds = "fold" in kinds
        second.bring_to_front()
        second.keyboard.press("f" if folds else "b")
        fold_free = second.locator("button", has_text="Fold anyway")
        if fold_free.count():  # checking was free: the fold asks once (R2.8)
            fold_free.click()
        second.wait_for_function(
            "([hand, seq]) => !stud.ui.state.turn || stud.ui.state.turn.seq !== seq"
            " || stud.ui.state.hand_number !== hand",
            arg=[hand, seq],
            timeout=20000,
        )
        for tab in (tabs[0], tabs[2], tabs[3]):
            assert tab.title().startswith("▶ Your turn"), tab.title()
        if folds:  # out of the hand: its tab no longer says it is its turn
            assert (
                second.evaluate(
                    "document.title.startsWith('▶') && stud.ui.state.hand_number === "
                    + str(hand)
                    + " ? 'yes' : 'no'"
                )
                == "no"
            )
    finally:
        context.close()


def test_dealers_choice_the_chooser_picks_the_next_game_and_it_is_dealt(
    room: Server, browser: Any
) -> None:
    """A private table dealing dealer's choice, a hand a choice: its host (the lowest
    seat of a person) is offered each game of the list, picks Stud Hi/Lo, a friend
    watching in 繁體中文 on a phone reads who chose it, and the next hand is Stud Hi/Lo."""
    expect = sync_api.expect
    host = registered_page(browser, room.url, "chooser")
    pages = [host]
    try:
        host.select_option("#create-game", "razz")
        host.select_option("#create-mode", "practice")
        host.check("#create-private")
        host.check("#create-dealers-choice")
        host.fill("#create-choice-hands", "1")
        host.fill("#create-seats", "4")
        host.fill("#create-name", "Choice")
        host.click("#create-submit")
        expect(host.locator("#invite-box")).to_be_visible()
        link = host.input_value("#invite-link")
        host.click("#invite-close")
        tid = re.search(r"table=([\w-]+)", link).group(1)  # type: ignore[union-attr]
        host.click(f'button.sit[data-table="{tid}"]')
        games = host.locator("#choice-games button")
        expect(games).to_have_text(["Razz", "Seven Card Stud", "Stud Hi/Lo", "Five Card Stud"])
        expect(host.locator("#choice-text")).to_have_text(
            "Your choice: pick the next game (else Seven Card Stud)."
        )
        host.click('#choice-games button[data-game="stud_hilo"]')
        expect(host.locator("#choice-text")).to_have_text(
            "Next game: Stud Hi/Lo, your choice (you may change it until it is dealt)."
        )
        expect(host.locator('#choice-games button[data-game="stud_hilo"]')).to_have_attribute(
            "aria-pressed", "true"
        )
        host.screenshot(path=str(SCREENSHOTS / "dealers-choice-en-1280.png"))
        watcher = new_page(browser, room.url, **PHONE)
        pages.append(watcher)
        watcher.select_option("#lang", "zh-Hant")
        watcher.goto(f"{room.url}/?table={tid}")
        expect(watcher.locator("#choice-text")).to_have_text(
            "下一個遊戲：七張梭哈高/低（chooser 選的）。"
        )
        expect(watcher.locator("#choice-games button")).to_have_count(0)  # not theirs
        watcher.screenshot(path=str(SCREENSHOTS / "dealers-choice-zh-Hant-375.png"))
        # The host plays the Razz hand out; the next is dealt in Stud Hi/Lo.
        deadline = time.monotonic() + 30
        while "Stud Hi/Lo" not in host.inner_text("#table-title"):
            assert time.monotonic() < deadline, host.inner_text("#table-title")
            press_once(host, preference=("fold", "check", "bring_in"))
            fold_anyway = host.locator("button", has_text="Fold anyway")
            if fold_anyway.count():
                fold_anyway.first.click()
            host.wait_for_timeout(100)
        expect(watcher.locator("#table-title")).to_have_text("七張梭哈高/低 — Choice")
        for page in pages:
            assert not page.errors, page.errors
    finally:
        for page in pages:
            give_back(page)


def test_the_operator_s_mute_is_told_in_words_and_nobody_hears_the_muted(
    room: Server, browser: Any
) -> None:
    """Chat at a table: a player the operator muted is told why in their language, with
    the time in their own clock, and the other player hears nothing; unmuted, they are
    heard again."""
    from server.test_admin import admin, operator

    expect = sync_api.expect
    boss = operator(room, "boss")
    table = "chat-razz"
    room.call(room.room.create_table("razz", "practice", table_id=table))
    talker = registered_page(browser, room.url, "talker", **PHONE)
    listener = registered_page(browser, room.url, "listener")
    pages = [talker, listener]
    try:
        talker.select_option("#lang", "zh-Hans")
        for page in pages:
            page.click(f'button.sit[data-table="{table}"]')
            page.wait_for_selector("#room:visible")
        account = room.room.store.account("talker")
        assert account is not None
        muted = admin(room, boss, "POST", f"/accounts/{account.id}/mute", minutes=30, reason="x")
        assert muted.status_code == 200, muted.text
        talker.fill("#chat-text", "can you hear me")
        talker.click("#chat-send")
        # told in the chat, where the player looks as they type
        notice = talker.locator("#chat-log li.chat-notice")
        expect(notice).to_have_text(re.compile(r"^你被禁言至 .+\d{1,2}:\d{2}"))
        talker.screenshot(path=str(SCREENSHOTS / "muted-zh-Hans-375.png"))
        listener.wait_for_timeout(500)
        expect(listener.locator("#chat-log li", has_text="can you hear me")).to_have_count(0)
        admin(room, boss, "DELETE", f"/accounts/{account.id}/mute")
        talker.fill("#chat-text", "back again")
        talker.click("#chat-send")
        expect(listener.locator("#chat-log li").last).to_have_text("talker: back again")
        for page in pages:
            assert not page.errors, page.errors
    finally:
        for page in pages:
            give_back(page)
