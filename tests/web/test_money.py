"""Every amount a player sees, as a new player would see it (issue 34): written by the
page's one money writer in the unit the server sends with it — the header's balance
read again after each change of it (a tournament's entry and its unregistering, a buy-in,
a chips seat left in the middle of a hand), a tournament table's stakes in the lobby in
its chips, and a shared replay of a 2.00/4.00 hand in money; in English, 繁體中文 and
简体中文, at 1280 and 375 px."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from server.conftest import Server, served, wait_for
from server.test_money_units import stored_hand_betting_four
from studpoker.server.limits import NO_LIMITS

from .helpers import SCREENSHOTS, give_back, new_page, press_once, registered_page
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()
expect = sync_api.expect

PHONE = {"width": 375, "height": 800}
# A heads-up Seven Card Stud sit-and-go of a few hands: its chips are whole chips.
QUICK = {
    "name": "quick", "game": "seven_card_stud", "starting_chips": 300, "level_hands": 2,
    "levels": [
        {"ante": 5, "bring_in": 8, "small_bet": 25, "big_bet": 50},
        {"ante": 10, "bring_in": 15, "small_bet": 50, "big_bet": 100},
    ],
}  # fmt: skip


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    """A room of its own: its players register more often than an address may."""
    with served(clock=10.0, limits=NO_LIMITS) as server:
        yield server


def written(chips: int) -> str:
    """An amount of the balance as the page must write it: 95225 is 952.25."""
    return f"{chips // 100}.{chips % 100:02d}"


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


def with_balance(room: Server, page: Any, name: str, chips: int) -> None:
    """``chips`` on ``name``'s account (the operator's deposit), seen after a reload."""
    account = room.room.store.account(name)
    assert account is not None
    room.room.store.deposit(account.id, chips - account.balance)
    page.reload()
    page.wait_for_selector(f"#account-name:text-is('{name}')")


@pytest.mark.long
def test_the_balance_after_a_tournaments_entry_and_its_table_in_the_lobby(
    room: Server, browser: Any
) -> None:
    """The header writes the balance as the balance is written (952.25, never 95225),
    read again after registering and unregistering — and at the tournament's table,
    whose chips are whole chips; the lobby lists that table's stakes in its chips."""
    suffix = uuid.uuid4().hex[:6]
    ann, bob, cy = f"ann{suffix}", f"bob{suffix}", f"cy{suffix}"
    ann_page = registered_page(browser, room.url, ann)
    bob_page = registered_page(browser, room.url, bob, viewport=PHONE)
    cy_page = registered_page(browser, room.url, cy, viewport=PHONE)
    pages = (ann_page, bob_page, cy_page)
    try:
        with_balance(room, ann_page, ann, 95335)
        with_balance(room, bob_page, bob, 95335)
        expect(ann_page.locator("#who")).to_have_text(f"{ann} · balance $953.35")
        bob_page.select_option("#lang", "zh-Hant")
        cy_page.select_option("#lang", "zh-Hans")
        expect(bob_page.locator("#who")).to_have_text(f"{bob} · 餘額 $953.35")
        expect(cy_page.locator("#who")).to_have_text(f"{cy} · 余额 $0.00")
        status, duel = fetch(
            ann_page, "POST", "/api/tournaments",
            {"game": "seven_card_stud", "seats": 2, "buy_in": 100, "fee": 10,
             "structure": QUICK, "name": f"Duel {suffix}"},
        )  # fmt: skip
        assert status == 201, duel
        status, six = fetch(
            ann_page, "POST", "/api/tournaments",
            {"game": "seven_card_stud", "seats": 6, "buy_in": 100, "fee": 10,
             "name": f"Six {suffix}"},
        )  # fmt: skip
        assert status == 201, six
        # Registering takes 1.00 + 0.10 from the balance; unregistering gives it back.
        six_row = ann_page.locator(f"#tournament-list tr[data-tournament='{six['id']}']")
        expect(six_row).to_contain_text("$1.00 + $0.10", timeout=10_000)
        six_row.locator("button.primary").click()
        expect(ann_page.locator("#status")).to_have_text(f"Registered for Six {suffix}")
        expect(ann_page.locator("#who")).to_have_text(f"{ann} · balance $952.25")
        six_row.locator("button", has_text="Unregister").click()
        expect(ann_page.locator("#status")).to_have_text(f"Unregistered from Six {suffix}")
        expect(ann_page.locator("#who")).to_have_text(f"{ann} · balance $953.35")
        duel_row = ann_page.locator(f"#tournament-list tr[data-tournament='{duel['id']}']")
        duel_row.locator("button.primary").click()
        expect(ann_page.locator("#who")).to_have_text(f"{ann} · balance $952.25")
        # bob fills it: it starts, and his page opens its table, of Seven Card Stud in
        # whole chips; his balance is still written as the balance (the bug: 95225).
        bob_row = bob_page.locator(f"#tournament-list tr[data-tournament='{duel['id']}']")
        expect(bob_row).to_contain_text("$1.00 + $0.10")
        bob_row.locator("button.primary").click()
        expect(bob_page.locator("#room")).to_be_visible()
        expect(bob_page.locator("#table-stakes")).to_contain_text(
            "25/50 固定限注 · 底注 5 · 強制開注 8"
        )
        expect(bob_page.locator("#who")).to_have_text(f"{bob} · 餘額 $952.25")
        # The lobby lists the tournament's table with its stakes in chips, not 0.25/0.50.
        table = f"t{duel['id']}-1"
        stakes = {
            ann_page: "25/50 fixed limit · ante 5 · bring-in 8",
            cy_page: "25/50 固定限注 · 底注 5 · 强制开注 8",
        }
        for page, text in stakes.items():
            row = page.locator(f"#table-list tr[data-table='{table}']")
            expect(row.locator("td").nth(1)).to_have_text(text, timeout=10_000)
        expect(ann_page.locator("#who")).to_have_text(f"{ann} · balance $952.25")
        ann_page.locator(".bar").screenshot(path=str(SCREENSHOTS / "money-header.png"))
        cy_page.locator(".bar").screenshot(path=str(SCREENSHOTS / "money-header-375-zh-Hans.png"))
        ann_page.locator(f"#table-list tr[data-table='{table}']").scroll_into_view_if_needed()
        ann_page.screenshot(path=str(SCREENSHOTS / "money-lobby-tournament-table.png"))
        cy_page.locator(f"#table-list tr[data-table='{table}']").scroll_into_view_if_needed()
        cy_page.screenshot(path=str(SCREENSHOTS / "money-lobby-375-zh-Hans.png"))
        bob_page.screenshot(path=str(SCREENSHOTS / "money-tournament-table-375-zh-Hant.png"))
        for page in pages:
            assert not page.errors, page.errors
    finally:
        for page in pages:
            give_back(page)


# The number of the hand the page's player is dealt in with two others, not over yet.
DEALT_IN = """() => {
  const s = stud.ui.state;
  const hand = s && s.hand;
  if (!hand || hand.is_over || hand.players.length !== 3) return null;
  return hand.players.some((p) => p.seat === s.viewer) ? s.hand_number : null;
}"""


def sit_with_buy_in(page: Any, table: str, amount: str) -> None:
    page.click(f'button.sit[data-table="{table}"]')
    expect(page.locator("#buy-in-box")).to_be_visible()
    page.fill("#buy-in-amount", amount)
    page.click("#buy-in-sit")
    expect(page.locator("#room")).to_be_visible()


@pytest.mark.long
def test_a_chips_seat_left_in_a_hand_brings_its_chips_back_to_the_header(
    room: Server, browser: Any
) -> None:
    """A buy-in of 40.00 leaves 60.00; a seat left in the middle of a hand that the two
    others play on pays its chips back when the hand ends, and the header says so
    without a reload."""
    suffix = uuid.uuid4().hex[:6]
    dee, eve, fay = f"dee{suffix}", f"eve{suffix}", f"fay{suffix}"
    dee_page = registered_page(browser, room.url, dee)
    eve_page = registered_page(browser, room.url, eve, viewport=PHONE)
    fay_page = registered_page(browser, room.url, fay, viewport=PHONE)
    pages = (dee_page, eve_page, fay_page)
    store = room.room.store
    try:
        for name, page in zip((dee, eve, fay), pages, strict=True):
            with_balance(room, page, name, 10000)
        eve_page.select_option("#lang", "zh-Hans")
        fay_page.select_option("#lang", "zh-Hant")
        expect(dee_page.locator("#who")).to_have_text(f"{dee} · balance $100.00")
        table = "chips-razz"
        dee_page.click(f'button.sit[data-table="{table}"]')
        expect(dee_page.locator("#buy-in-label")).to_have_text("Buy-in for Razz (40.00–400.00)")
        dee_page.click("#buy-in-cancel")
        for page in pages:
            sit_with_buy_in(page, table, "40")
        balances = {dee: "balance $60.00", eve: "余额 $60.00", fay: "餘額 $60.00"}
        for page, (name, balance) in zip(pages, balances.items(), strict=True):
            expect(page.locator("#who")).to_have_text(f"{name} · {balance}")

        # A hand is dealt to the three: dee leaves in its middle, her chips still in it;
        # the others play it on.
        def dealt_to_all() -> bool:
            numbers = {page.evaluate(DEALT_IN) for page in pages}
            if len(numbers) == 1 and None not in numbers:
                return True
            for page in pages:
                press_once(page)
            return False

        wait_for(dealt_to_all, timeout=90)
        dee_page.click("#leave")
        expect(dee_page.locator("#lobby")).to_be_visible()
        expect(dee_page.locator("#who")).to_have_text(f"{dee} · balance $60.00")
        dee_page.wait_for_timeout(1000)  # the balance read as she left: still 60.00
        expect(dee_page.locator("#who")).to_have_text(f"{dee} · balance $60.00")

        def paid_back() -> bool:
            for page in (eve_page, fay_page):
                press_once(page)
            held = store.account(dee)
            return held is not None and held.balance != 6000

        wait_for(paid_back, timeout=90)
        held = store.account(dee)
        assert held is not None
        # Her 40.00 back, with what the hand took or gave (folded when she was to act,
        # or left the winner when the others folded to her).
        net = sum(p.net for h in store.hands_of(held.id) for p in h.players if p.name == dee)
        assert 6000 < held.balance == 10000 + net
        expect(dee_page.locator("#who")).to_have_text(
            f"{dee} · balance ${written(held.balance)}", timeout=15_000
        )
        dee_page.screenshot(path=str(SCREENSHOTS / "money-after-leaving.png"))
        eve_page.screenshot(path=str(SCREENSHOTS / "money-chips-table-375-zh-Hans.png"))
        fay_page.screenshot(path=str(SCREENSHOTS / "money-chips-table-375-zh-Hant.png"))
        for page in pages:
            assert not page.errors, page.errors
    finally:
        for page in pages:
            give_back(page)


# The shared replay of a heads-up hand at 2.00/4.00 (server/test_money_units.py): its
# actions and pot street by street, as each language writes them.
REPLAY = {
    "en": (
        ["{w}: Bring-in 0.50", "{v}: Complete to 2.00", "{w}: Call 1.50"],
        ["{w}: Bet 2.00", "{v}: Call 2.00"],
        ["{v}: Bet 4.00", "{w}: Call 4.00"],
        ("Pot: 4.50", "Pot: 8.50", "Pot: 16.50"),
    ),
    "zh-Hant": (
        ["{w}: 強制開注 0.50", "{v}: 補足到 2.00", "{w}: 跟注 1.50"],
        ["{w}: 下注 2.00", "{v}: 跟注 2.00"],
        ["{v}: 下注 4.00", "{w}: 跟注 4.00"],
        ("底池: 4.50", "底池: 8.50", "底池: 16.50"),
    ),
    "zh-Hans": (
        ["{w}: 强制开注 0.50", "{v}: 补足到 2.00", "{w}: 跟注 1.50"],
        ["{w}: 下注 2.00", "{v}: 跟注 2.00"],
        ["{v}: 下注 4.00", "{w}: 跟注 4.00"],
        ("底池: 4.50", "底池: 8.50", "底池: 16.50"),
    ),
}


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [("en", {"width": 1280, "height": 800}), ("zh-Hant", PHONE), ("zh-Hans", PHONE)],
)
def test_a_shared_replay_writes_a_two_four_hands_bets_in_money(
    room: Server, browser: Any, lang: str, viewport: dict[str, int]
) -> None:
    """A bet of 400 chips at a 2.00/4.00 table is ``Bet 4.00`` in the replayer (it was
    ``Bet 400``)."""
    table, number = stored_hand_betting_four(room)
    names = {p.seat: p.name for p in room.room.store.hand(table, number).players}  # type: ignore[union-attr]
    v, w = names[1], names[2]
    locale = {"en": "en-US", "zh-Hant": "zh-TW", "zh-Hans": "zh-CN"}[lang]
    page = new_page(
        browser, f"{room.url}/?replay={table}/{number}", viewport=viewport, locale=locale
    )
    try:
        third, fourth, fifth, pots = REPLAY[lang]
        expect(page.locator("#replayer")).to_be_visible(timeout=15_000)
        for step, (lines, pot) in enumerate(zip((third, fourth, fifth), pots, strict=True)):
            if step:
                page.click("#r-next")
            expect(page.locator("#r-actions li")).to_have_text(
                [line.format(v=v, w=w) for line in lines]
            )
            expect(page.locator("#r-pot")).to_have_text(pot)
        assert not re.search(r"\b(400|200|150|50)\b", page.locator("#r-actions").inner_text())
        page.locator("#replayer").screenshot(path=str(SCREENSHOTS / f"money-replay-{lang}.png"))
        assert not page.errors, page.errors
    finally:
        give_back(page)
