"""The showdown on the table: seven shown cards overlapped, every card's corner (rank
over suit) in view on a phone and a desktop; every shown hand named under it (R5.7);
the winner highlighted with what it won (R5.5)."""

from __future__ import annotations

from typing import Any

from server.conftest import Server
from studpoker.hands.best import best_hand_names

from .helpers import SCREENSHOTS, give_back, guest_page
from .helpers import sync_api as load_sync_api

sync_api = load_sync_api()

# Four players shown down at seventh street (docs/protocol.md's state), and the pot
# awarded to Dee (seat 5): her full house.
SHOWDOWN = """(names) => {
  const best = names || {};
  stud.openTable("crafted");
  const seat = (n, name) => ({seat: n, name, account_id: n + 1, is_bot: false, chips: 4000,
    in_hand: true, sitting_out: false, away: false, connected: true, leaving: false,
    time_bank: 60, top_up: 0, waiting: null});
  const cards = {0: ["Kh", "Kd", "7s", "7c", "Qs", "2d", "3c"],
                 1: ["Ah", "Td", "9s", "9c", "4s", "4d", "Jc"],
                 3: ["2h", "3h", "5h", "6h", "8h", "Kc", "Ks"],
                 5: ["Jh", "Jd", "Js", "Tc", "Th", "6d", "6c"]};
  const player = (n) => ({seat: n, down_cards: [cards[n][0], cards[n][1], cards[n][6]],
    up_cards: cards[n].slice(2, 6), stack: 3600, bet: 0, contributed: 400, folded: false,
    all_in: false, shown: true, best: best[n] ?? null});
  stud.ui.state = {
    table: "crafted", game: "seven_card_stud", name: "", mode: "chips",
    stakes: {ante: 25, bring_in: 50, small_bet: 200, big_bet: 400}, money_unit: 100,
    viewer: 0, hand_number: 3, last_hand_number: 2, rollover: 0,
    seats: [seat(0, "Ann"), seat(1, "Bob"), null, seat(3, "Cy"), null, seat(5, "Dee"), null, null],
    hand: {players: [player(0), player(1), player(3), player(5)],
           pots: [{amount: 1600, eligible: [0, 1, 3, 5]}], pot_total: 1600, carry_in: 0,
           is_over: true, street_name: "seventh", actor: null},
    turn: null, competition: null,
  };
  stud.ui.tableId = "crafted";
  stud.ui.eventsHand = 3;
  stud.ui.handEvents = [{type: "PotAwarded", pot: 0, half: "whole", seat: 5, amount: 1600,
                    value: null}];
  stud.renderTable();
}"""

# What the server names each hand (hands/best.py, sent in each player's ``best``).
BEST = {
    seat: best_hand_names("seven_card_stud", cards)
    for seat, cards in {
        0: "Kh Kd 7s 7c Qs 2d 3c",
        1: "Ah Td 9s 9c 4s 4d Jc",
        3: "2h 3h 5h 6h 8h Kc Ks",
        5: "Jh Jd Js Tc Th 6d 6c",
    }.items()
}

# Every face-up card on the page whose corner (its rank, its suit) is not the topmost
# thing at its own centre, or lies outside the window.
HIDDEN_CORNERS = """() => {
  const problems = [];
  for (const card of document.querySelectorAll("#felt .card:not(.back)")) {
    for (const part of card.querySelectorAll(".idx .r, .idx .u")) {
      const box = part.getBoundingClientRect();
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      const inside = x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight;
      const top = inside ? document.elementFromPoint(x, y) : null;
      if (!top || !card.contains(top)) problems.push(`${card.title} ${part.className}`);
    }
  }
  return problems;
}"""


def test_seven_shown_cards_keep_every_corner_in_view_and_the_winner_is_marked(
    room: Server, browser: Any
) -> None:
    expect = sync_api.expect
    for width, height, lang in ((375, 740, "en"), (1280, 800, "zh-Hant"), (375, 740, "zh-Hans")):
        page = guest_page(browser, room.url, viewport={"width": width, "height": height})
        try:
            page.select_option("#lang", lang)
            page.evaluate(SHOWDOWN, BEST)
            page.locator("#felt").scroll_into_view_if_needed()
            shown = page.locator("#felt .card:not(.back)")
            expect(shown).to_have_count(28)
            assert page.evaluate(HIDDEN_CORNERS) == []
            names = {
                "en": [
                    "Two pair, kings and sevens",
                    "Two pair, nines and fours",
                    "Flush, eight high",
                    "Full house, jacks full of tens",
                ],
                "zh-Hant": ["兩對 K 和 7", "兩對 9 和 4", "同花 8 高", "葫蘆 J 帶 10"],
            }
            labels = page.locator("#felt .seat .best-hand")
            if lang in names:
                expect(labels).to_have_text(names[lang])
            expect(labels).to_have_text([BEST[seat][lang] for seat in (0, 1, 3, 5)])
            winner = page.locator("#felt .seat.winner")
            expect(winner).to_have_count(1)
            expect(winner.locator(".name")).to_have_text("Dee")
            won = {"en": "wins 16.00", "zh-Hant": "贏得 16.00", "zh-Hans": "赢得 16.00"}[lang]
            expect(winner.locator(".won")).to_have_text(won)
            page.screenshot(path=str(SCREENSHOTS / f"showdown-{lang}-{width}.png"))
            assert not page.errors, page.errors
        finally:
            give_back(page)


# A Stud/8 hand over (R5.5): Ann all in for less; the main pot split high (Ann) and low
# (Bob), the side pot between Bob and Cy, high to Cy and low to Bob.
SPLIT_POTS = """() => {
  stud.openTable("crafted");
  const seat = (n, name) => ({seat: n, name, account_id: n + 1, is_bot: false, chips: 4000,
    in_hand: true, sitting_out: false, away: false, connected: true, leaving: false,
    time_bank: 60, top_up: 0, waiting: null});
  const player = (n) => ({seat: n, down_cards: [null, null, null],
    up_cards: ["2c", "5d", "9h", "Kc"], stack: 0, bet: 0, contributed: 400, folded: false,
    all_in: n === 0, shown: false, best: null});
  stud.ui.state = {
    table: "crafted", game: "stud_hilo", name: "", mode: "chips",
    stakes: {ante: 40, bring_in: 50, small_bet: 200, big_bet: 400}, money_unit: 100,
    viewer: null, hand_number: 7, last_hand_number: 6, rollover: 0,
    seats: [seat(0, "Ann"), seat(1, "Bob"), seat(2, "Cy"), null, null, null, null, null],
    hand: {players: [player(0), player(1), player(2)],
           pots: [{amount: 1200, eligible: [0, 1, 2]}, {amount: 800, eligible: [1, 2]}],
           pot_total: 2000, carry_in: 0, is_over: true, street_name: "seventh", actor: null},
    turn: null, competition: null,
  };
  stud.ui.tableId = "crafted";
  stud.ui.eventsHand = 7;
  const award = (pot, half, seat, amount) =>
    ({type: "PotAwarded", pot, half, seat, amount, value: null});
  stud.ui.handEvents = [award(0, "high", 0, 600), award(0, "low", 1, 600),
                        award(1, "high", 2, 400), award(1, "low", 1, 400)];
  stud.renderTable();
  return [...document.querySelectorAll("#felt .pot-move")].map((chip) =>
    [chip.dataset.pot, chip.dataset.half, chip.dataset.seat, chip.textContent]);
}"""


def test_each_pot_and_each_half_goes_to_whoever_won_it(room: Server, browser: Any) -> None:
    expect = sync_api.expect
    page = guest_page(browser, room.url)
    try:
        moves = {
            "en": [
                "Main pot · high 6.00",
                "Main pot · low 6.00",
                "Side pot 1 · high 4.00",
                "Side pot 1 · low 4.00",
            ],
            "zh-Hant": [
                "主池 · 高手 6.00",
                "主池 · 低手 6.00",
                "邊池 1 · 高手 4.00",
                "邊池 1 · 低手 4.00",
            ],
            "zh-Hans": [
                "主池 · 高手 6.00",
                "主池 · 低手 6.00",
                "边池 1 · 高手 4.00",
                "边池 1 · 低手 4.00",
            ],
        }
        for lang, texts in moves.items():
            page.select_option("#lang", lang)
            # The chips of the last language gone, and the hand's pots to move again: the
            # table may have been drawn again meanwhile (one's notes read, notes.js).
            page.evaluate(
                "() => { stud.ui.movedHand = undefined;"
                " document.querySelectorAll('.pot-move').forEach((c) => c.remove()); }"
            )
            chips = page.evaluate(SPLIT_POTS)
            assert chips == [
                ["0", "high", "0", texts[0]],
                ["0", "low", "1", texts[1]],
                ["1", "high", "2", texts[2]],
                ["1", "low", "1", texts[3]],
            ]
        # Bob, who won both low halves, is marked a winner with the sum: 10.00.
        bob = page.locator('#felt .seat[data-seat="1"]')
        expect(bob.locator(".won")).to_have_text("赢得 10.00")
        assert not page.errors, page.errors
    finally:
        give_back(page)
