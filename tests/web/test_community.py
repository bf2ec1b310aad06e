"""R7.4's community card in the browser: at a table, eight players on seventh street with
the deck run short see the one card dealt for all in the table's centre; in the replayer,
a real PokerStars hand that dealt one (``*** RIVER *** [6h]``) shows it on its last
street, in English and in both Chinese scripts, at 1280 px and on a phone."""

from __future__ import annotations

import re
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.conftest import Server, served

from .helpers import draw_table, give_back, guest_page, registered_page, replay_imported
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()
expect = sync_api.expect

SCRATCH = Path(tempfile.gettempdir()) / "studpoker-screenshots"
SCRATCH.mkdir(parents=True, exist_ok=True)
SHARED = Path(__file__).resolve().parents[3] / "shared" / "handhistories"
RIVER = SHARED / "pokerstars" / "7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt"
WORD = {"en": "Community card", "zh-Hant": "公共牌", "zh-Hans": "公共牌"}
PAIR_OF_SIXES = {"en": "Pair of sixes", "zh-Hant": "一對 6", "zh-Hans": "一对 6"}
SEVENTH = {"en": "Seventh street", "zh-Hant": "第七街", "zh-Hans": "第七街"}


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    with served() as server:
        yield server


# The PokerStars hand's six cards a seat (Hero's seen, the others' up cards).
SIX = [
    ["Ac", "Kc", "8c", "9c", "9d", "Th"],
    [None, None, "Tc", "7d", "8d", "3c"],
    [None, None, "6c", "7h", "3s", "Qh"],
    [None, None, "Js", "2c", "9s", "8h"],
    [None, None, "Jd", "4h", "9h", "2s"],
    [None, None, "2d", "7c", "6d", "5h"],
    [None, None, "Jh", "4c", "5d", "Td"],
    [None, None, "Kh", "3d", "8s", "6s"],
]


def seventh_street() -> str:
    """A script that draws a crafted table as the room sends it: eight players on
    seventh street, no seventh card of their own, the 6h for all (R7.4)."""
    seats = [
        {
            "seat": n, "name": f"Player{n + 1}", "account_id": n + 1, "is_bot": False,
            "chips": 200, "in_hand": True, "sitting_out": False, "away": False,
            "connected": True, "leaving": False, "time_bank": 60, "top_up": 0,
            "waiting": None,
        }
        for n in range(8)
    ]  # fmt: skip
    players = [
        {
            "seat": n, "stack": 180, "bet": 0, "contributed": 20, "folded": False,
            "all_in": False,
            "down_cards": list(SIX[n][:2]) if n == 0 else [None, None],
            "up_cards": SIX[n][2:], "shown": False,
            "best": {"en": "Pair of nines", "zh-Hant": "一對 9", "zh-Hans": "一对 9"}
            if n == 0 else None,
        }
        for n in range(8)
    ]  # fmt: skip
    state = {
        "table_id": "crafted", "name": "Eight to the river", "game": "seven_card_stud",
        "mode": "chips", "stakes": {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
        "money_unit": 100, "viewer": 0, "hand_number": 3, "last_hand_number": 2,
        "rollover": 0, "halted": None, "seats": seats,
        "hand": {
            "game": "seven_card_stud", "street": 4, "street_name": "seventh", "actor": 2,
            "legal_actions": [], "players": players, "community": ["6h"],
            "pots": [{"amount": 160, "eligible": list(range(8))}], "pot_total": 160,
            "carry_in": 0, "is_over": False,
        },
        "turn": {"seq": 40, "seat": 2, "remaining": 20, "clock": 20, "legal_actions": []},
        "competition": None,
    }  # fmt: skip
    return draw_table(state)


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("zh-Hant", 375)])
def test_the_table_shows_the_community_card_in_its_centre(
    room: Server, browser: Any, lang: str, width: int
) -> None:
    page = guest_page(browser, room.url, viewport={"width": width, "height": 800})
    try:
        page.select_option("#lang", lang)
        page.evaluate(seventh_street())
        board = page.locator("#community")
        expect(board).to_be_visible()
        expect(board).to_contain_text(WORD[lang])
        expect(board.locator(".card")).to_have_count(1)
        expect(board.locator(".card")).to_have_attribute("title", "6h")
        expect(page.locator(".seat.me .card")).to_have_count(6)  # no seventh of its own
        # The centre and its card cover no seat, and stay on the screen.
        centre = page.locator("#center").bounding_box()
        assert centre is not None
        assert centre["x"] >= 0
        assert centre["x"] + centre["width"] <= width
        for n in range(8):
            seat = page.locator(".seat").nth(n).bounding_box()
            assert seat is not None
            assert not (
                centre["x"] < seat["x"] + seat["width"] - 1
                and seat["x"] < centre["x"] + centre["width"] - 1
                and centre["y"] < seat["y"] + seat["height"] - 1
                and seat["y"] < centre["y"] + centre["height"] - 1
            ), (n, centre, seat)
        page.screenshot(path=str(SCRATCH / f"community-{lang}-{width}.png"))
        assert not page.errors, page.errors
    finally:
        give_back(page)


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("zh-Hans", 375)])
def test_the_replayer_shows_the_community_card_of_a_real_hand(
    room: Server, browser: Any, lang: str, width: int
) -> None:
    name = f"cc{uuid.uuid4().hex[:6]}"
    page = registered_page(browser, room.url, name, viewport={"width": width, "height": 800})
    try:
        page.select_option("#lang", lang)
        replay_imported(page, RIVER, "#30506593746")
        board = page.locator("#r-community")
        expect(board).to_be_hidden()  # third street: no community card yet
        for _ in range(4):
            page.click("#r-next")
        expect(page.locator("#r-street")).to_have_text(SEVENTH[lang])
        expect(board).to_be_visible()
        expect(board.locator(".card")).to_have_attribute("title", "6h")
        expect(board).to_contain_text(WORD[lang])
        # Hero's six cards, no seventh of his own; the 6h pairs seat 6's 6d.
        expect(page.locator(".r-seat[data-seat='1'] .card")).to_have_count(6)
        six = page.locator(".r-seat[data-seat='6']")
        expect(six.locator(".r-hand")).to_have_text(PAIR_OF_SIXES[lang])
        expect(six.locator(".r-equity")).to_have_text(re.compile(r"^\d+\.\d% ±\d+\.\d$"))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.locator("#replayer").screenshot(
            path=str(SCRATCH / f"community-replayer-{lang}-{width}.png")
        )
        assert not page.errors, page.errors
    finally:
        give_back(page)
