"""The Verify page (issue 38 point 4): a past hand, played at a table, verified in the
browser once its table's seed epoch has ended — picked from one's own hands, in each
language, at 1280 px and on a phone's 375 px — and a record with a card switched caught
with the card's place, the record's card and the seeds' card."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx

from server.conftest import Server
from studpoker.fairness import verify_dealt
from studpoker.history import HistoryError
from studpoker.history.deals import DealtHand, dealt_hands, verdict

from .helpers import SCREENSHOTS, registered_page, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()
expect = sync_api.expect

TABLE = "practice-razz"
VERIFIED = {
    "en": "✓ Verified: the server seed matches the commitment made before the deal, the "
    "deck it makes with the players' seeds matches the root sent with the deal, and all "
    "{n} cards of the record are the ones it deals.",
    "zh-Hant": "✓ 已驗證：伺服器種子與發牌前公布的承諾相符，它和玩家種子算出的整副牌與發牌"
    "時送出的根雜湊相符，紀錄中的 {n} 張牌都是它發出的牌。",
    "zh-Hans": "✓ 已验证：服务器种子与发牌前公布的承诺相符，它和玩家种子算出的整副牌与发牌"
    "时发出的根哈希相符，记录中的 {n} 张牌都是它发出的牌。",
}
WRONG = {
    "en": "card {n} is {record} in the record; the seeds deal {seeds}",
    "zh-Hant": "紀錄中的第 {n} 張牌是 {record}，種子發出的是 {seeds}",
    "zh-Hans": "记录中的第 {n} 张牌是 {record}，种子发出的是 {seeds}",
}
UNREVEALED = {"en": "not revealed yet", "zh-Hant": "尚未公開", "zh-Hans": "尚未公开"}


def one_hand(text: str) -> DealtHand:
    (hand,) = [h for h in dealt_hands(text) if not isinstance(h, HistoryError)]
    assert isinstance(hand, DealtHand)
    return hand


def test_a_past_hand_is_verified_on_the_verify_page(room: Server, browser: Any) -> None:
    page = registered_page(browser, room.url, f"vf{int(time.time()) % 100000}")
    try:
        # One hand at a table: sat, then up and away (folded when it is to act).
        sit(page, TABLE)
        page.click("#leave")
        page.wait_for_selector("#lobby:visible")
        token = page.evaluate("stud.ui.token")
        headers = {"Authorization": f"Bearer {token}"}
        store = room.room.store
        me = page.evaluate("stud.ui.account.id")
        for _ in range(120):  # the hand is played out by the others, then stored
            if store.hands_of(me, limit=1):
                break
            time.sleep(0.25)
        assert store.hands_of(me, limit=1)
        # Before the epoch ends the page says so, and offers no check.
        page.goto(f"{room.url}/?verify")
        expect(page.locator("#verify-own .v-act").first).to_have_text(UNREVEALED["en"])
        # The table's epoch ends (as when it closes): its seeds are revealed.
        assert room.room.store.close_epoch(TABLE) >= 1
        record = httpx.get(f"{room.url}/api/hands", headers=headers).text.split("\n\n\n")[-1]
        assert re.search(r"^Server seed: [0-9a-f]{64}$", record, re.MULTILINE), record
        hand = one_hand(record)
        kind, line = verdict(hand)
        assert kind == "verified", line
        shown = int(re.search(r"verified \((\d+) cards", line).group(1))  # type: ignore[union-attr]
        assert shown >= 3  # one's own three cards at least, and the others' up cards
        # The page opened again: its list of one's hands asked once (a download), then
        # each language and width on it.
        page.goto(f"{room.url}/?verify")
        for lang in ("en", "zh-Hant", "zh-Hans"):
            for width, height in ((1280, 800), (375, 740)):
                page.set_viewport_size({"width": width, "height": height})
                page.select_option("#lang", lang)
                page.locator("#verify-own button").first.click()
                said = page.locator("#verify-results .v-verified .v-said")
                expect(said).to_have_text(VERIFIED[lang].format(n=shown), timeout=15000)
                # The deck the seeds deal, up to the last card dealt: the record's cards
                # face up at their places, the others (not in one's record) face down.
                assert page.locator("#verify-results .v-deck .card:not(.back)").count() == shown
                page.locator("#verify").screenshot(
                    path=str(SCREENSHOTS / f"verify-page-{lang}-{width}.png")
                )
                assert page.errors == []
        # A record with a card switched for one of its rank that it does not show (so
        # Razz plays it the same) is caught: the place, the record's card, the seeds'.
        assert hand.cards is not None
        # Cards as whole words: a club or a diamond may also be two hex digits of a seed.
        cards = set(re.findall(r"\b[2-9TJQKA][cdhs]\b", record))
        first, other = next(
            (card, f"{str(card)[0]}{suit}")
            for card in hand.cards
            if card is not None
            for suit in "cdhs"
            if f"{str(card)[0]}{suit}" not in cards
        )
        place = hand.cards.index(first)
        switched = re.sub(rf"\b{first}\b", other, record)
        placed = one_hand(switched)
        assert placed.cards is not None
        assert hand.deal is not None
        assert verify_dealt(hand.deal, placed.cards) == [
            f"card {place + 1} is {other} in the record; the seeds deal {first}"
        ]
        for lang in ("en", "zh-Hant", "zh-Hans"):
            page.select_option("#lang", lang)
            page.fill("#verify-record", switched)
            page.click("#verify-submit")
            wrong = page.locator("#verify-results .v-wrong li")
            expect(wrong).to_have_text(
                WRONG[lang].format(n=place + 1, record=other, seeds=first), timeout=15000
            )
            expect(page.locator("#verify-results .v-verified")).to_have_count(0)
        page.locator("#verify").screenshot(path=str(SCREENSHOTS / "verify-page-wrong-zh-Hans.png"))
        assert page.errors == []
    finally:
        page.close()
