"""Five-Card Stud (R9) in the browser: a guest opens a heads-up practice table of it from
the lobby and plays it at 1280×800 and at 375 px, in English and in both Chinese scripts;
what the player reads is checked word for word — the game's name, the stakes, the
streets second to fifth, the bring-in and completion buttons, the dealer's lines.  And a
crafted ten-seat table on fifth street (R9.1), five cards a seat, is drawn without two
seats overlapping and inside the screen."""

from __future__ import annotations

import contextlib
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from server.conftest import Server

from .helpers import SCREENSHOTS, PlaywrightError, draw_table, give_back, guest_page
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()

# The screenshots beyond the one docs/screenshots keeps (STUD_SCREENSHOTS=docs): the ten
# seats on a desktop in Traditional Chinese.
SCRATCH = Path(tempfile.gettempdir()) / "studpoker-screenshots"
SCRATCH.mkdir(parents=True, exist_ok=True)
DOCS_SHOT = ("five-card-stud-ten-seats", "zh-Hant", 1280)

# What the player reads, in each language (words.js, table.messages).
WORDS = {
    "en": {
        "game": "Five Card Stud",
        "stakes": "$2.00/$4.00 fixed limit · ante $0.25 · bring-in $0.50",
        "streets": ["Second street", "Third street", "Fourth street", "Fifth street"],
        "bring_in": ["Bring-in 0.50", "Complete to 2.00"],
        "facing": ["Fold", "Call 0.50", "Complete to 2.00"],
        "completed": ["Fold", "Call 2.00", "Raise to 4.00"],
        "antes": "Each player antes 0.25",
        "brings_in": "{name} brings in for 0.50",
        "completes": "{name} completes to 2.00",
        "option": "Open pair may bet big",
        "keys": "Keys: f fold, c check/call, r bet/raise/complete, b bring-in",
    },
    "zh-Hant": {
        "game": "限注五張梭哈",
        "stakes": "$2.00/$4.00 固定限注 · 底注 $0.25 · 強制開注 $0.50",
        "streets": ["第二街", "第三街", "第四街", "第五街"],
        "bring_in": ["強制開注 0.50", "補足到 2.00"],
        "facing": ["蓋牌", "跟注 0.50", "補足到 2.00"],
        "completed": ["蓋牌", "跟注 2.00", "加注到 4.00"],
        "antes": "每位玩家下底注 0.25",
        "brings_in": "{name} 強制開注 0.50",
        "completes": "{name} 補足到 2.00",
        "option": "明牌對子可下大注",
        "keys": "快捷鍵：f 蓋牌，c 過牌／跟注，r 下注／加注／補足，b 強制開注",
    },
    "zh-Hans": {
        "game": "限注五张梭哈",
        "stakes": "$2.00/$4.00 固定限注 · 底注 $0.25 · 强制开注 $0.50",
        "streets": ["第二街", "第三街", "第四街", "第五街"],
        "bring_in": ["强制开注 0.50", "补足到 2.00"],
        "facing": ["弃牌", "跟注 0.50", "补足到 2.00"],
        "completed": ["弃牌", "跟注 2.00", "加注到 4.00"],
        "antes": "每位玩家下底注 0.25",
        "brings_in": "{name} 强制开注 0.50",
        "completes": "{name} 补足到 2.00",
        "option": "明牌对子可下大注",
        "keys": "快捷键：f 弃牌，c 过牌／跟注，r 下注／加注／补足，b 强制开注",
    },
}
CASES = [("en", 1280), ("en", 375), ("zh-Hant", 375), ("zh-Hant", 1280), ("zh-Hans", 375)]


def shot(page: Any, name: str, lang: str, width: int) -> None:
    folder = SCREENSHOTS if (name, lang, width) == DOCS_SHOT else SCRATCH
    page.screenshot(path=str(folder / f"{name}-{lang}-{width}.png"), full_page=width < 500)


def open_heads_up_table(page: Any, words: dict[str, Any], name: str) -> None:
    """From the lobby's form: a practice table of two seats (one computer player), so
    that the player brings in every other hand or so."""
    expect = sync_api.expect
    page.select_option("#create-game", "five_card_stud")
    # The form takes the game's own seats, stakes and option (GET /api/games).
    expect(page.locator("#create-seats")).to_have_value("8")
    expect(page.locator("#create-seats")).to_have_attribute("max", "10")
    expect(page.locator("#create-ante")).to_have_value("0.25")
    expect(page.locator("#create-bring-in")).to_have_value("0.50")
    expect(page.locator("#create-big-bet")).to_have_value("4.00")
    option = page.locator("#create label.option[data-option=open_pair_double]")
    expect(option).to_be_visible()
    expect(option).to_have_text(words["option"])
    expect(option.locator("input")).not_to_be_checked()  # off in Five-Card Stud (R9.3)
    page.fill("#create-seats", "2")
    page.fill("#create-name", name)
    page.click("#create-submit")
    row = page.locator("#table-list tr", has_text=name)
    expect(row.locator("td").first).to_have_text(f"{words['game']} — {name}")
    expect(row.locator("td").nth(1)).to_have_text(words["stakes"])
    row.locator("button.sit").click()
    page.wait_for_selector("#room:visible")
    page.wait_for_selector(".seat.me .card.down:not(.back)", timeout=20000)


@pytest.mark.parametrize(("lang", "width"), CASES)
def test_a_five_card_stud_practice_hand_in_each_language(
    room: Server, browser: Any, lang: str, width: int
) -> None:
    words = WORDS[lang]
    expect = sync_api.expect
    page = guest_page(browser, room.url, viewport={"width": width, "height": 800})
    try:
        page.select_option("#lang", lang)
        # The lobby lists the game by its name, in the filter and at its practice table.
        expect(page.locator("#filter-game option[value=five_card_stud]")).to_have_text(
            words["game"]
        )
        practice = page.locator("#table-list tr[data-table=practice-five_card_stud] td").first
        expect(practice).to_have_text(words["game"])
        name = f"Heads up {lang} {width}"
        open_heads_up_table(page, words, name)
        expect(page.locator("#table-title")).to_have_text(f"{words['game']} — {name}")
        expect(page.locator("#table-stakes")).to_contain_text(words["stakes"])
        expect(page.locator("#keys")).to_have_text(words["keys"])
        # Second street: one down card and one up card (R9.1).
        me = page.locator(".seat.me")
        expect(me.locator(".card.down")).to_have_count(1)
        expect(me.locator(".card:not(.down)")).to_have_count(1)
        expect(page.locator("#street")).to_contain_text(words["streets"][0])
        if width > 500:  # sat from the foot of the lobby, the table is seen from its top
            expect(page.locator("#table-title")).to_be_in_viewport()
            expect(page.locator(".seat:not(.me)")).to_be_in_viewport()
            expect(page.locator("#actions")).to_be_in_viewport()
        shot(page, "five-card-stud-second", lang, width)
        streets, first_decisions = play_until_seen(page, words)
        assert streets == set(words["streets"]), streets
        assert words["bring_in"] in first_decisions, first_decisions
        # Every first decision of a hand is the bring-in's, or one facing the bring-in or
        # the bring-in's completion (R9.2, R2.4).
        seen = (words["bring_in"], words["facing"], words["completed"])
        assert all(decision in seen for decision in first_decisions), first_decisions
        # The last hand told by the dealer, in the page's language (the hand being played
        # played out first: left to the clock, it would end only when one's time ran out).
        play_until_a_hand_ends(page)
        page.locator("#last-hand").click()
        lines = page.locator("#last-lines li")
        expect(lines.first).to_have_text(words["antes"])
        expect(lines.nth(1)).to_have_text(words["streets"][0])
        # Whoever brought in posted it or completed (R2.4), in the page's words.
        said = "|".join(
            re.escape(words[key].replace("{name} ", "")) for key in ("brings_in", "completes")
        )
        expect(lines.nth(2)).to_have_text(re.compile(f" ({said})$"))
        assert not page.errors, page.errors
    finally:
        give_back(page)


def test_the_create_form_offers_each_games_own_seats_and_options(
    room: Server, browser: Any
) -> None:
    """GET /api/games says each game's seats, the most it may have and its options: the
    open pair's big bet is Seven Card Stud's (on, R2.7) and Five-Card Stud's (off, R9.3),
    and a table opened with it on has it, and its ten seats."""
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        option = page.locator("#create label.option[data-option=open_pair_double]")
        for game, seats, most, checked in (
            ("seven_card_stud", "8", "8", True),
            ("stud_hilo", "8", "8", None),
            ("razz", "8", "8", None),
            ("show_hand", "10", "10", None),
            ("five_card_stud", "8", "10", False),
        ):
            page.select_option("#create-game", game)
            expect(page.locator("#create-seats")).to_have_value(seats)
            expect(page.locator("#create-seats")).to_have_attribute("max", most)
            if checked is None:
                expect(option).to_be_hidden()
            else:
                expect(option).to_be_visible()
                expect(option.locator("input")).to_be_checked(checked=checked)
        option.locator("input").check()
        page.fill("#create-seats", "10")
        page.fill("#create-name", "Open pairs")
        page.click("#create-submit")
        row = page.locator("#table-list tr", has_text="Open pairs")
        expect(row.locator("td").first).to_have_text("Five Card Stud — Open pairs")
        expect(row.locator("td").nth(3)).to_have_text("0/10")
        table = row.get_attribute("data-table")
        made = room.room.tables[str(table)].table
        assert (made.spec.open_pair_double, made.config.seats) == (True, 10)
        assert not page.errors, page.errors
    finally:
        give_back(page)


# The street, the action buttons' texts, the stakes line and the buttons' kinds, read at once.
SEEN = """() => {
  const acts = [...document.querySelectorAll("#actions button.act")];
  return [
    document.getElementById("street").innerText,
    acts.map(b => b.innerText),
    document.getElementById("table-stakes").innerText,
    acts.map(b => b.dataset.kind),
  ];
}"""


def play_until_seen(page: Any, words: dict[str, Any]) -> tuple[set[str], list[list[str]]]:
    """Check and call every hand down (bring in when it is one's own), until every street
    has shown in the table's centre and one's own bring-in has been offered; the
    streets seen and the buttons of each hand's first decision."""
    streets: set[str] = set()
    first_decisions: list[list[str]] = []
    decided: set[str] = set()  # the hands one has decided in
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        # One look at the page: read apart, the street, the buttons and the hand's number
        # could each come from a different redraw (a new hand dealt between two reads).
        street, shown, stakes_text, kinds = page.evaluate(SEEN)
        streets.update(s for s in words["streets"] if street.startswith(s))
        number = re.findall(r"\d+", stakes_text)[-1]  # "Hand #3", "第 3 局"
        if shown and number not in decided and street.startswith(words["streets"][0]):
            decided.add(number)
            first_decisions.append(shown)
        if streets == set(words["streets"]) and words["bring_in"] in first_decisions:
            return streets, first_decisions
        for kind in ("bring_in", "check", "call", "show"):
            if kind in kinds:
                # the page may redraw its buttons meanwhile: then look again
                with contextlib.suppress(PlaywrightError):
                    page.locator(f'#actions button.act[data-kind="{kind}"]').click(timeout=2000)
                break
        page.wait_for_timeout(100)
    raise AssertionError(f"in 90 s: streets {streets}, first decisions {first_decisions}")


def play_until_a_hand_ends(page: Any) -> None:
    """Check and call until the table has a last hand to tell."""
    deadline = time.monotonic() + 30
    while page.locator("#last-hand").is_disabled():
        assert time.monotonic() < deadline, "no hand ended in 30 s"
        kinds = page.evaluate(SEEN)[3]
        for kind in ("check", "call", "show"):
            if kind in kinds:
                with contextlib.suppress(PlaywrightError):
                    page.locator(f'#actions button.act[data-kind="{kind}"]').click(timeout=2000)
                break
        page.wait_for_timeout(100)


# -- ten seats on fifth street (R9.1) ------------------------------------------------------

NAMES = [
    "Ann",
    "Bartholomew",
    "歐陽娜娜",
    "Guest 4821",
    "Chen Wei-Ting",
    "Bot 5",
    "李小龍",
    "Zoë",
    "Maximilian K",
    "Guest 1097",
]
UP = [
    ["Kh", "Kd", "9c", "2s"],
    ["Ah", "Td", "Tc", "4h"],
    ["7s", "8s", "9s", "Js"],
    ["Qc", "Qh", "5d", "5c"],
    ["3h", "6c", "Jd", "Ad"],
    ["2d", "2c", "8h", "Kc"],
    ["4s", "4d", "Th", "6h"],
    ["Jh", "3s", "5s", "9d"],
    ["6d", "7c", "8d", "Qs"],
    ["Ts", "Jc", "3d", "7h"],
]


def ten_seats(lang: str) -> str:
    """A script that draws the crafted table: the viewer at seat 0 with its down card, the
    others' down cards backs, two folded, bets in front of three, seat 3 to act."""
    seats = [
        {
            "seat": n,
            "name": name,
            "account_id": n + 1,
            "is_bot": name.startswith("Bot"),
            "chips": 4000,
            "in_hand": True,
            "sitting_out": False,
            "away": False,
            "connected": True,
            "leaving": False,
            "time_bank": 60,
            "top_up": 0,
            "waiting": None,
        }
        for n, name in enumerate(NAMES)
    ]
    players = [
        {
            "seat": n,
            "stack": 3125 - 100 * n,
            "bet": 400 if n in (0, 1, 2) else 0,
            "contributed": 875,
            "folded": n in (5, 8),
            "all_in": False,
            "down_cards": ["Ks" if n == 0 else None],
            "up_cards": UP[n],
            "shown": False,
            "best": {"en": "Three of a kind, kings", "zh-Hant": "三條 K", "zh-Hans": "三条 K"}
            if n == 0
            else None,
        }
        for n in range(10)
    ]
    state = {
        "table_id": "crafted",
        "name": "Ten of us",
        "game": "five_card_stud",
        "mode": "chips",
        "stakes": {"ante": 25, "bring_in": 50, "small_bet": 200, "big_bet": 400},
        "money_unit": 100,
        "viewer": 0,
        "hand_number": 7,
        "last_hand_number": 6,
        "rollover": 0,
        "halted": None,
        "seats": seats,
        "hand": {
            "game": "five_card_stud",
            "street": 3,
            "street_name": "fifth",
            "actor": 3,
            "legal_actions": [],
            "players": players,
            "community": [],
            "pots": [{"amount": 9950, "eligible": list(range(10))}],
            "pot_total": 9950,
            "carry_in": 0,
            "is_over": False,
        },
        "turn": {"seq": 40, "seat": 3, "remaining": 20, "clock": 20, "legal_actions": []},
        "competition": None,
    }
    return draw_table(state)


def overlaps(one: dict[str, float], other: dict[str, float]) -> bool:
    return (
        one["x"] < other["x"] + other["width"] - 1
        and other["x"] < one["x"] + one["width"] - 1
        and one["y"] < other["y"] + other["height"] - 1
        and other["y"] < one["y"] + one["height"] - 1
    )


@pytest.mark.parametrize(
    ("lang", "width"), [("en", 1280), ("zh-Hant", 1280), ("zh-Hant", 375), ("zh-Hans", 375)]
)
def test_ten_seats_on_fifth_street_fit_without_overlapping(
    room: Server, browser: Any, lang: str, width: int
) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url, viewport={"width": width, "height": 800})
    try:
        page.select_option("#lang", lang)
        page.evaluate(ten_seats(lang))
        words = WORDS[lang]
        expect(page.locator("#table-title")).to_have_text(f"{words['game']} — Ten of us")
        expect(page.locator("#street")).to_contain_text(words["streets"][3])
        seats = page.locator(".seat")
        expect(seats).to_have_count(10)
        boxes = [seats.nth(n).bounding_box() for n in range(10)]
        assert all(box is not None for box in boxes)
        for n, box in enumerate(boxes):
            assert box is not None
            assert box["x"] >= 0, (n, box)
            assert box["x"] + box["width"] <= width, (n, box)
            # five cards each: one down, four up, all inside the seat
            cards = seats.nth(n).locator(".card")
            expect(cards).to_have_count(5)
            for c in range(5):
                card = cards.nth(c).bounding_box()
                assert card is not None
                assert card["x"] >= box["x"] - 1
                assert card["x"] + card["width"] <= box["x"] + box["width"] + 1
            for m in range(n):
                other = boxes[m]
                assert other is not None
                assert not overlaps(box, other), (NAMES[n], NAMES[m], box, other)
        # Every name is read whole: none cut off with an ellipsis (on a phone a name
        # takes two lines rather).
        clipped = page.locator(".seat .name").evaluate_all(
            """names => names.filter(n => n.scrollWidth > n.clientWidth
                                       || n.scrollHeight > n.clientHeight + 1)
                             .map(n => n.textContent)"""
        )
        assert clipped == [], clipped
        # The centre (pot, street, clock) covers no seat.
        centre = page.locator("#center").bounding_box()
        assert centre is not None
        assert not any(overlaps(centre, box) for box in boxes if box is not None)
        shot(page, "five-card-stud-ten-seats", lang, width)
        assert not page.errors, page.errors
    finally:
        give_back(page)
