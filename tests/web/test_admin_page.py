"""The operator's page and the player's side of the operator's tools (issue 34), as an
operator and players see them: an operator finds a player and deposits 25.00 (the list
then shows exactly 25.00 more), pauses and resumes a table (its watcher sees the room's
note), says something there as the room, bans the player (whose page is logged out) and
reads it all in the admin log — in English, 繁體中文 and 简体中文, at 1280 and 375 px.
A player who is no operator never sees the page (its API says 403); a new player in a
room with free chips sees their first chips, gets more with "Get chips" once the balance
ran below the smallest buy-in, then is told when again; an operator's password link sets
a password and logs in, once."""

from __future__ import annotations

import tempfile
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from server.conftest import Server, served
from studpoker.room import Room
from studpoker.server.limits import NO_LIMITS
from studpoker.store import Actor, Store

from .helpers import SCREENSHOTS, give_back, guest_page, new_page, registered_page
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()
expect = sync_api.expect

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 800}
FREE_CHIPS = 5000  # 50.00 a grant; the smallest buy-in (Show Hand's) is 10.00
TABLE = "chips-razz"  # buy-ins of 40.00 to 400.00
# The screenshots docs/screenshots keeps (STUD_SCREENSHOTS=docs), a screen's height each;
# the others, whole pages, go to the scratch folder.
DOCS_SHOTS = {
    "admin-accounts-en-1280",
    "admin-tables-zh-Hant-375",
    "admin-log-zh-Hans-1280",
    "admin-get-chips-zh-Hans-375",
}
SCRATCH = Path(tempfile.gettempdir()) / "studpoker-screenshots"
SCRATCH.mkdir(parents=True, exist_ok=True)

# What the pages say, by language.
SAID = {
    "en": {
        "confirm_deposit": "Deposit 25.00 to {name}?",
        "bad_amount": (
            "An amount is a number above 0 with two decimals at most, such as 12.50, not 12.505"
        ),
        "too_much": (
            "{name} has {balance} on the balance and cannot have 999.00 withdrawn "
            "(chips at tables are never withdrawn)"
        ),
        "deposited": "Deposited 25.00 to {name}: balance {balance}",
        "confirm_ban": (
            "Ban {name}? Their sessions end and their seats stand at the end of the hand."
        ),
        "banned": "{name} is banned",
        "banned_mark": "banned",
        "logged_out": "The room has banned this account: you may still watch the tables",
        "paused_note": "The room has paused this table: no new hand is dealt until it resumes.",
        "paused_lobby": "paused by the room",
        "room_line": "Room: {text}",
        "pause": "Pause",
        "resume": "Resume",
        "actions": ["banned", "resumed", "message", "paused", "deposit"],
        "reason": "Reason: {reason}",
        "result_paused": "Result: paused: no hand is dealt until resumed",
        "watching": "watching {table}",
        "in_lobby": "in the lobby",
        "books": "The books balance: no difference",
        "total": "Every chip in the room: {amount}",
    },
    "zh-Hant": {
        "confirm_deposit": "存入 25.00 到 {name} 的帳戶？",
        "bad_amount": "金額須大於 0，最多兩位小數，例如 12.50，不能是 12.505",
        "too_much": "{name} 的餘額是 {balance}，不能提取 999.00（牌桌上的籌碼不會被提取）",
        "deposited": "已存入 25.00 到 {name}：餘額 {balance}",
        "confirm_ban": "封鎖 {name}？其登入會結束，座位在本局結束後離座。",
        "banned": "{name} 已被封鎖",
        "banned_mark": "已封鎖",
        "logged_out": "牌室已封鎖這個帳戶：你仍可觀看牌桌",
        "paused_note": "牌室已暫停本桌：恢復之前不會再發新的一局。",
        "paused_lobby": "牌室已暫停",
        "room_line": "牌室: {text}",
        "pause": "暫停",
        "resume": "恢復",
        "actions": ["封鎖", "恢復", "訊息", "暫停", "存入"],
        "reason": "原因：{reason}",
        "result_paused": "結果：已暫停：恢復前不發新的一局",
        "watching": "觀看 {table}",
        "in_lobby": "在大廳",
        "books": "帳目相符：沒有差異",
        "total": "牌室內所有籌碼：{amount}",
    },
    "zh-Hans": {
        "confirm_deposit": "存入 25.00 到 {name} 的账户？",
        "bad_amount": "金额须大于 0，最多两位小数，例如 12.50，不能是 12.505",
        "too_much": "{name} 的余额是 {balance}，不能提取 999.00（牌桌上的筹码不会被提取）",
        "deposited": "已存入 25.00 到 {name}：余额 {balance}",
        "confirm_ban": "封禁 {name}？其登录会结束，座位在本局结束后离座。",
        "banned": "{name} 已被封禁",
        "banned_mark": "已封禁",
        "logged_out": "牌室已封禁这个账户：你仍可观看牌桌",
        "paused_note": "牌室已暂停本桌：恢复之前不会再发新的一局。",
        "paused_lobby": "牌室已暂停",
        "room_line": "牌室: {text}",
        "pause": "暂停",
        "resume": "恢复",
        "actions": ["封禁", "恢复", "消息", "暂停", "存入"],
        "reason": "原因：{reason}",
        "result_paused": "结果：已暂停：恢复前不发新的一局",
        "watching": "观看 {table}",
        "in_lobby": "在大厅",
        "books": "账目相符：没有差异",
        "total": "牌室内所有筹码：{amount}",
    },
}


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    """A room of its own: its players register more often than an address may."""
    with served(clock=10.0, limits=NO_LIMITS) as server:
        yield server


class StoreClock:
    """The time of a room's store, which a test moves on (``ahead``) instead of waiting."""

    def __init__(self) -> None:
        self.ahead = timedelta(0)

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.ahead


@pytest.fixture
def free_room() -> Iterator[tuple[Server, StoreClock]]:
    """A room that gives 50.00 in free chips, whose store's clock the test moves."""
    clock = StoreClock()
    room = Room(Store("sqlite://", clock=clock), seed=1, pause=0.0, clock=10.0, time_bank=0.0)
    with Server(room, NO_LIMITS, free_chips=FREE_CHIPS) as server:
        yield server, clock


def written(chips: int) -> str:
    """An amount of the balance as the page writes it: 7500 is 75.00."""
    return f"{chips // 100}.{chips % 100:02d}"


def operator_page(
    room: Server, browser: Any, lang: str, viewport: dict[str, int]
) -> tuple[Any, str]:
    """A page where an operator (made so at the console) has logged in, in ``lang``."""
    name = f"olga{uuid.uuid4().hex[:5]}"
    room.register(name, "operator-pass")
    account = room.room.store.account(name)
    assert account is not None
    room.room.store.grant(account.id, "operator", by=Actor("console (test)"))
    page = new_page(browser, room.url, viewport=viewport)
    page.select_option("#lang", lang)
    page.fill("#name", name)
    page.fill("#password", "operator-pass")
    page.click("#do-login")
    expect(page.locator("#account-name")).to_have_text(name)
    return page, name


def shoot(page: Any, name: str) -> None:
    if name in DOCS_SHOTS:
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
    else:
        page.screenshot(path=str(SCRATCH / f"{name}.png"), full_page=True)


def fetch(page: Any, method: str, path: str, body: Any = None) -> Any:
    """A REST call from the page with its session: the status and the answer."""
    return page.evaluate(
        """async ([method, path, body]) => {
            const answer = await fetch(path, {method, body: body ? JSON.stringify(body) : undefined,
                headers: {"Content-Type": "application/json",
                          Authorization: `Bearer ${window.stud.ui.token}`}});
            return [answer.status, await answer.json()];
        }""",
        [method, path, body],
    )


@pytest.mark.parametrize(
    ("lang", "width"), [("en", 1280), ("zh-Hant", 375), ("zh-Hans", 1280)]
)  # fmt: skip
def test_an_operator_deposits_pauses_says_bans_and_reads_the_log(
    room: Server, browser: Any, lang: str, width: int
) -> None:
    said = SAID[lang]
    viewport = DESKTOP if width == 1280 else PHONE
    other = PHONE if width == 1280 else DESKTOP
    suffix = uuid.uuid4().hex[:5]
    player = f"pat{suffix}"
    op, op_name = operator_page(room, browser, lang, viewport)
    pat = registered_page(browser, room.url, player, viewport=PHONE)
    watcher = guest_page(browser, room.url, viewport=viewport)
    pages = (op, pat, watcher)
    try:
        pat.select_option("#lang", lang)
        watcher.select_option("#lang", lang)
        watcher.click(f'button.sit[data-table="{TABLE}"]')
        expect(watcher.locator("#room")).to_be_visible()
        expect(op.locator("#admin-open")).to_be_visible()
        shoot(op, f"admin-lobby-{lang}-{width}")
        op.click("#admin-open")
        expect(op.locator("#admin-accounts")).to_be_visible()

        # Find the player: their balance, then 25.00 more.
        op.fill("#a-q", player)
        op.click("#a-search-submit")
        row = op.locator(f"#a-accounts tr:has(.a-account-name:text-is('{player}'))")
        expect(row).to_have_count(1)
        account = room.room.store.account(player)
        assert account is not None
        before = account.balance
        expect(row.locator(".a-balance")).to_have_text(written(before))
        row.locator(".a-manage button").click()
        op.fill("#a-reason", "refund of a lost hand")
        op.fill("#a-amount", "25.00")
        op.click("#a-deposit")
        expect(op.locator("#a-confirm-text")).to_have_text(
            said["confirm_deposit"].format(name=player)
        )
        shoot(op, f"admin-confirm-{lang}-{width}")
        op.click("#a-confirm-yes")
        expect(row.locator(".a-balance")).to_have_text(written(before + 2500))
        expect(op.locator("#a-said")).to_have_text(
            said["deposited"].format(name=player, balance=written(before + 2500))
        )
        shoot(op, f"admin-accounts-{lang}-{width}")
        # Refused, in the operator's language, changing nothing: an amount the room
        # cannot read, a withdrawal larger than the balance.
        for typed, button, words in (
            ("12.505", "#a-deposit", "bad_amount"),
            ("999.00", "#a-withdraw", "too_much"),
        ):
            op.fill("#a-amount", typed)
            op.click(button)
            op.click("#a-confirm-yes")
            expect(op.locator("#a-said")).to_have_text(
                said[words].format(name=player, balance=written(before + 2500))
            )
            expect(op.locator("#a-said")).to_have_class("said error")
        expect(row.locator(".a-balance")).to_have_text(written(before + 2500))
        op.fill("#a-amount", "")

        # Pause the table: its watcher and the lobby say so; the room's message; resume.
        op.click(".admin-tabs [data-tab='tables']")
        card = op.locator(f".a-table[data-table='{TABLE}']")
        expect(card.locator(".a-pause")).to_have_text(said["pause"])
        card.locator(".a-pause").click()  # no reason yet: asked for one, nothing sent
        expect(card.locator(".said")).not_to_be_empty()
        expect(watcher.locator("#paused-note")).to_be_hidden()
        op.fill("#a-table-reason", "dealer shuffle check")
        card.locator(".a-pause").click()
        expect(card.locator(".a-pause")).to_have_text(said["resume"])
        expect(watcher.locator("#paused-note")).to_have_text(said["paused_note"])
        lobby_row = pat.locator(f"#table-list tr[data-table='{TABLE}'] .paused-mark")
        expect(lobby_row).to_have_text(said["paused_lobby"])
        lobby_row.scroll_into_view_if_needed()
        mark = lobby_row.bounding_box()
        assert mark is not None
        assert mark["x"] + mark["width"] <= PHONE["width"], mark
        pat.screenshot(path=str(SCRATCH / f"admin-lobby-paused-{lang}-375.png"))
        text = f"Back in five minutes {suffix}"
        card.locator(".a-message input").fill(text)
        card.locator(".a-message button").click()
        room_line = watcher.locator("#chat-log li.room-line").last  # the table keeps its chat
        expect(room_line).to_have_text(said["room_line"].format(text=text))
        card.scroll_into_view_if_needed()
        shoot(op, f"admin-tables-{lang}-{width}")
        shoot(watcher, f"admin-paused-table-{lang}-{width}")
        card.locator(".a-pause").click()
        expect(card.locator(".a-pause")).to_have_text(said["pause"])
        expect(watcher.locator("#paused-note")).to_be_hidden()
        expect(lobby_row).to_have_count(0)

        # Ban: the player's page is logged out.
        op.click(".admin-tabs [data-tab='accounts']")
        op.fill("#a-reason", "abusive chat")
        op.click("#a-ban")
        expect(op.locator("#a-confirm-text")).to_have_text(said["confirm_ban"].format(name=player))
        op.click("#a-confirm-yes")
        expect(op.locator("#a-said")).to_have_text(said["banned"].format(name=player))
        expect(row.locator(".a-mark-bad")).to_have_text(said["banned_mark"])
        expect(pat.locator("#status")).to_have_text(said["logged_out"])
        expect(pat.locator("#login")).to_be_visible()

        # The log, newest first: who, what, whom, why.
        op.click(".admin-tabs [data-tab='log']")
        lines = op.locator("#a-log li")
        expect(lines.nth(4)).to_be_visible()
        newest = lines.locator(".a-log-action").all_inner_texts()[:5]
        assert newest == said["actions"]
        assert lines.locator(".a-log-by").all_inner_texts()[:5] == [op_name] * 5
        assert lines.locator(".a-log-target").all_inner_texts()[:5] == [
            player, TABLE, TABLE, TABLE, player,
        ]  # fmt: skip
        reasons = [
            said["reason"].format(reason=why)
            for why in ("abusive chat", "dealer shuffle check", "dealer shuffle check",
                        "refund of a lost hand")
        ]  # fmt: skip
        assert lines.locator(".a-log-reason").all_inner_texts()[:4] == reasons
        expect(lines.nth(3).locator(".a-log-result")).to_have_text(said["result_paused"])
        expect(lines.nth(4).locator(".a-log-details")).to_have_text("25.00")
        expect(lines.nth(2).locator(".a-log-details")).to_have_text(f"“{text}”")
        shoot(op, f"admin-log-{lang}-{width}")

        # Who is online and where; the audit: every chip in the room, the books balanced.
        op.click(".admin-tabs [data-tab='online']")
        guest = watcher.evaluate("stud.ui.account.name")
        where = op.locator("#a-online tr", has=op.locator(f"td:text-is('{guest}')")).locator("td")
        expect(where.nth(3)).to_have_text(said["watching"].format(table=TABLE))
        mine = op.locator("#a-online tr", has=op.locator(f"td:text-is('{op_name}')")).locator("td")
        expect(mine.nth(3)).to_have_text(said["in_lobby"])
        shoot(op, f"admin-online-{lang}-{width}")
        op.click(".admin-tabs [data-tab='audit']")
        expect(op.locator("#a-audit-said")).to_have_text(said["books"])
        total = written(room.room.store.total_chips())
        expect(op.locator("#a-total")).to_have_text(said["total"].format(amount=total))

        # The same page at the other width: nothing wider than the screen.
        op.set_viewport_size(other)
        for tab in ("audit", "online", "log", "tables", "accounts"):
            op.click(f".admin-tabs [data-tab='{tab}']")
            wide = op.evaluate("document.documentElement.scrollWidth")
            assert wide <= other["width"], (tab, wide)
            shoot(op, f"admin-{tab}-{lang}-{other['width']}")
        for page in pages:
            assert not page.errors, page.errors
    finally:
        for page in pages:
            give_back(page)


def test_a_player_never_sees_the_admin_page_and_its_api_refuses(room: Server, browser: Any) -> None:
    name = f"pia{uuid.uuid4().hex[:5]}"
    page = registered_page(browser, room.url, name)
    try:
        expect(page.locator("#logout")).to_be_visible()
        expect(page.locator("#admin-open")).to_be_hidden()
        expect(page.locator("#admin")).to_be_hidden()
        status, answer = fetch(page, "GET", "/api/admin/accounts")
        assert (status, answer["code"]) == (403, "operator_only")
        status, answer = fetch(page, "POST", "/api/admin/message")
        assert (status, answer["code"]) == (403, "operator_only")
        # Nor does the page open it when asked to (an operator's button, forced).
        page.evaluate("document.getElementById('admin-open').click()")
        expect(page.locator("#admin")).to_be_hidden()
        expect(page.locator("#lobby")).to_be_visible()
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_free_chips_at_registration_then_with_the_button_then_a_wait(
    free_room: tuple[Server, StoreClock], browser: Any
) -> None:
    """50.00 at registration; a buy-in of 45.00 leaves 5.00, under the smallest buy-in
    (10.00): five hours on, "Get chips" gives 50.00 more; a top-up spends them again,
    and the button says when it gives more (four hours after the last), in each
    language."""
    room, clock = free_room
    name = f"fay{uuid.uuid4().hex[:5]}"
    page = registered_page(browser, room.url, name)
    who, button, status = page.locator("#who"), page.locator("#get-chips"), page.locator("#status")
    try:
        expect(who).to_have_text(f"{name} · balance $50.00")
        expect(button).to_be_hidden()
        page.click(f'button.sit[data-table="{TABLE}"]')
        page.fill("#buy-in-amount", "45")
        page.click("#buy-in-sit")
        expect(page.locator("#room")).to_be_visible()
        expect(who).to_have_text(f"{name} · balance $5.00")
        expect(button).to_have_text("Get chips")
        expect(button).to_have_attribute("title", "Free chips: 50.00 now")
        button.click()  # the first chips were a moment ago: once every four hours
        expect(status).to_have_text("Free chips again in 4 h")
        clock.ahead = timedelta(hours=5)
        button.click()
        expect(status).to_have_text("You got 50.00 in free chips")
        expect(who).to_have_text(f"{name} · balance $55.00")
        expect(button).to_be_hidden()
        page.click("#top-up")
        page.fill("#top-up-amount", "50")
        page.click("#top-up-send")
        expect(who).to_have_text(f"{name} · balance $5.00")
        button.click()
        expect(status).to_have_text("Free chips again in 4 h")
        page.locator(".bar").screenshot(path=str(SCRATCH / "admin-get-chips-en-1280.png"))
        page.set_viewport_size(PHONE)
        for lang, words, wait in (
            ("zh-Hant", "領取籌碼", "4 小時後才可再領取免費籌碼"),
            ("zh-Hans", "领取筹码", "4 小时后才可再领取免费筹码"),
        ):
            page.select_option("#lang", lang)
            expect(button).to_have_text(words)
            button.click()
            expect(status).to_have_text(wait)
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            shoot(page, f"admin-get-chips-{lang}-375")
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_a_password_link_sets_the_password_and_logs_in_once(room: Server, browser: Any) -> None:
    """The operator makes an account with no password: the answer's link, given to the
    player, opens the form that sets it and logs in; a second use is refused.  (And the
    operator cancels a tournament nobody entered.)"""
    op, _ = operator_page(room, browser, "en", DESKTOP)
    name = f"newbie{uuid.uuid4().hex[:5]}"
    pages = [op]
    try:
        cup = f"Cup {name}"
        status, made = fetch(
            op,
            "POST",
            "/api/tournaments",
            {"game": "razz", "seats": 6, "buy_in": 100, "fee": 10, "name": cup},
        )
        assert status == 201, made
        op.click("#admin-open")
        op.click(".admin-tabs [data-tab='tournaments']")
        row = op.locator(f"#a-tournaments tr[data-tournament='{made['id']}']")
        expect(row.locator("td").first).to_have_text(cup)
        op.fill("#a-tournament-reason", "nobody came")
        row.locator("button").click()
        expect(op.locator("#a-confirm-text")).to_have_text(
            f"Cancel {cup}? Before its start every entry is refunded; once started its pool "
            "is shared by chips."
        )
        op.click("#a-confirm-yes")
        expect(op.locator("#a-tournaments-said")).to_have_text(
            "Done: cancelled before its start: no entries"
        )
        expect(row.locator("button")).to_have_count(0)
        shoot(op, "admin-tournaments-en-1280")
        op.click(".admin-tabs [data-tab='accounts']")
        op.fill("#a-create-name", name)
        op.fill("#a-create-reason", "asked by mail")
        op.click("#a-create-submit")
        expect(op.locator("#a-create-said")).to_have_text(f"Account {name} created")
        link = op.locator("#a-create-link .a-link-url")
        url = link.input_value()
        assert url.startswith(f"{room.url}/#reset="), url
        expect(op.locator("#a-create-link p")).to_contain_text(
            f"A one-time link for {name} to choose a password, until "
        )
        expect(op.locator(f"#a-accounts .a-account-name:text-is('{name}')")).to_have_count(1)
        shoot(op, "admin-create-link-en-1280")

        player = new_page(browser, url, viewport=PHONE)
        pages.append(player)
        expect(player.locator("#reset")).to_be_visible()
        expect(player.locator("#login")).to_be_hidden()
        expect(player.locator("#reset h2")).to_have_text("Choose your password")
        shoot(player, "admin-reset-form-en-375")
        player.fill("#reset-password", "short")
        player.click("#reset-submit")
        expect(player.locator("#status")).to_have_text(
            "a password has at least 8 characters, not 5"
        )
        player.fill("#reset-password", "a-new-password1")
        player.click("#reset-submit")
        expect(player.locator("#account-name")).to_have_text(name)
        expect(player.locator("#status")).to_have_text(
            f"Your password is set: you are logged in as {name}"
        )
        expect(player.locator("#reset")).to_be_hidden()
        assert player.url == f"{room.url}/", player.url

        again = new_page(browser, url, viewport=PHONE)
        pages.append(again)
        again.select_option("#lang", "zh-Hant")
        expect(again.locator("#reset h2")).to_have_text("設定你的密碼")
        again.fill("#reset-password", "another-password")
        again.click("#reset-submit")
        expect(again.locator("#status")).to_have_text(
            "這個密碼連結無效、已用過或已過期：請向牌室管理員索取新連結"
        )
        expect(again.locator("#login")).to_be_hidden()
        shoot(again, "admin-reset-used-zh-Hant-375")
        for page in pages:
            assert not page.errors, page.errors
    finally:
        for page in pages:
            give_back(page)
