"""The deal checked in the browser (issue 38): a hand played at a table is marked
verified once every card's proof checked, in each language and on a phone's width; a
card switched after the deal (a forged proof) is caught at once and shown as a
warning."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from server.conftest import Server, served

from .helpers import SCREENSHOTS, give_back, guest_page, sit
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()

MARKS = {"en": "✓ Deal verified", "zh-Hant": "✓ 已驗證發牌", "zh-Hans": "✓ 已验证发牌"}
WARNINGS = {"en": "⚠ Deal check failed", "zh-Hant": "⚠ 發牌驗證失敗", "zh-Hans": "⚠ 发牌验证失败"}
TITLES = {"en": "was checked in this browser", "zh-Hant": "逐張驗證", "zh-Hans": "逐张验证"}

# The hand the page is checking: its id, root, and its own down cards.
CHECKING = """() => {
  const s = stud.ui.state;
  return s && s.fairness ? [s.fairness.hand_id, s.fairness.root] : null;
}"""


# The page's own verifier on one proof, against the root of the hand it shows.
VERIFY = """async (proof) => {
  const { verifyCard } = await import("/fairness.js");
  return verifyCard(stud.ui.state.fairness.root, proof);
}"""


def leave(page: Any) -> None:
    page.click("#leave")
    page.wait_for_selector("#lobby:visible")


def test_a_hand_is_marked_verified_in_every_language(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    for lang in ("en", "zh-Hant", "zh-Hans"):
        for width, height in ((1280, 800), (375, 740)):
            page = guest_page(browser, room.url, viewport={"width": width, "height": height})
            try:
                page.select_option("#lang", lang)
                sit(page, "practice-seven_card_stud")
                mark = page.locator("#deal-mark")
                expect(mark).to_have_text(MARKS[lang], timeout=20000)
                expect(mark).to_have_class("deal-mark verified")
                expect(mark).to_be_visible()
                title = mark.get_attribute("title") or ""
                assert TITLES[lang] in title, title
                hand_id, root = page.evaluate(CHECKING)
                assert hand_id in title
                assert root[:16] in title
                page.screenshot(path=str(SCREENSHOTS / f"deal-verified-{lang}-{width}.png"))
                assert page.errors == []
                leave(page)  # the seat for the next page: folded when it is to act
            finally:
                give_back(page)


def test_a_card_switched_after_the_deal_is_caught(room: Server, browser: Any) -> None:
    """The page is sent a proof of a card that is not the one dealt at its place (the
    real proof, its card switched): the check fails at once and the table says so."""
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        sit(page, "practice-razz")
        mark = page.locator("#deal-mark")
        expect(mark).to_have_text(MARKS["en"], timeout=20000)
        table = room.room.tables["practice-razz"].table
        hand_id, _ = page.evaluate(CHECKING)
        seeds = table.seeds
        assert seeds is not None
        assert seeds.hand_id == hand_id
        # The last card of the deck, not dealt yet: its real proof, with another card.
        real = dict(seeds.deal.proof_dict(len(seeds.order) - 1))
        other = next(str(card) for card in seeds.order if str(card) != real["card"])
        forged = real | {"card": other}
        message = {
            "type": "table",
            "table": "practice-razz",
            "change": "event",
            "patch": [],
            "events": [],
            "lines": [],
            "proofs": [forged],
            "v": 1,
        }
        page.evaluate(f"() => stud.receive({json.dumps(message)})")
        expect(mark).to_have_text(WARNINGS["en"])
        expect(mark).to_have_class("deal-mark failed")
        title = mark.get_attribute("title") or ""
        assert other in title, title
        assert "does not match the deal's root" in title
        page.screenshot(path=str(SCREENSHOTS / "deal-forged-en-1280.png"))
        assert page.errors == []
        # The real proof of the same card checks (the page's verifier is not the fault).
        good = page.evaluate(VERIFY, real)
        assert good is True
    finally:
        give_back(page)


@pytest.fixture(scope="module")
def pausing_room() -> Iterator[Server]:
    """A room that pauses a second between hands, as a real room does (2 s by default)."""
    with served(clock=60.0, pause=1.0) as server:
        yield server


def test_the_first_hand_after_sitting_is_dealt_with_the_browsers_own_seed(
    pausing_room: Server, browser: Any
) -> None:
    """A practice table of computer players waits for a person; the person sits and the
    page sends its client seed for the hand announced, and the first hand waits for it
    (the pause, at most a second: docs/fairness.md), so it is dealt with the page's seed,
    not one the room chose, and checks in the page."""
    expect = sync_api.expect
    page = guest_page(browser, pausing_room.url)
    try:
        sit(page, "practice-razz")
        expect(page.locator("#deal-mark")).to_have_text(MARKS["en"], timeout=20000)
        seat, fairness = page.evaluate("[stud.ui.state.viewer, stud.ui.state.fairness]")
        assert fairness["hand_id"] == "practice-razz/1"  # the table's first hand: with her
        mine = [s for s in fairness["client_seeds"] if s["seat"] == seat]
        assert len(mine) == 1
        assert mine[0]["chosen_by_room"] is False
        assert len(mine[0]["seed"]) == 64  # the page's 32 bytes, as hex
        others = [s for s in fairness["client_seeds"] if s["seat"] != seat]
        assert others
        assert all(s["chosen_by_room"] for s in others)  # the computer players'
        assert page.errors == []
    finally:
        give_back(page)
