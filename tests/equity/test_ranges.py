"""Ranges for the unseen cards (issue 5: "unless a range is given").

The exact results are checked against tests/equity/brute_force.py, whose ranges are
plain Python tests of the dealt cards written here, not ``parse_range``."""

from __future__ import annotations

import re

import pytest

from studpoker.cards import deck_cards, parse_cards
from studpoker.equity import equity
from studpoker.equity.ranges import parse_range
from studpoker.games import show_hand

from .brute_force import brute_force
from .test_equity import assert_same


def ranks(cards: tuple[str, ...]) -> list[str]:
    return sorted(card[0] for card in cards)


def big_pair_or_ace_jack(held: list[str]) -> bool:
    return any(held.count(rank) >= 2 for rank in "QKA") or {"A", "J"} <= set(held)


@pytest.mark.parametrize(
    ("text", "size", "count"),
    [
        ("AA", 2, 6),
        ("AKs", 2, 4),
        ("AKo", 2, 12),
        ("AK", 2, 16),
        ("KA", 2, 16),
        ("TT+", 2, 30),
        ("A9s+", 2, 20),
        ("K9o+", 2, 48),
        ("TT+, AKs", 2, 34),
        ("AA, AA", 2, 6),
        ("XX", 2, 1326),
        ("AX", 2, 1326 - 1128),
        ("AsKs", 2, 1),
        ("AsKs, KsAs, AhKh", 2, 2),
        ("J+", 1, 16),
        ("As, Kh", 1, 2),
        ("X", 1, 52),
        ("A23", 3, 64),
        ("QXX", 3, 22100 - 17296),
        ("888+", 3, 28),
        ("XXXs", 3, 4 * 286),
        ("A23o", 3, 64 - 4),
    ],
)
def test_a_range_holds_these_many_combinations(text, size, count):
    assert len(parse_range(text, size).combos(deck_cards(52))) == count


def test_a_range_is_in_any_order_of_the_cards():
    held = parse_range("A5s, QQ", 2)
    assert parse_cards("5h Ah") in held
    assert parse_cards("Ah 5h") in held
    assert parse_cards("Ah 5d") not in held
    assert parse_cards("Qc Qd") in held
    assert parse_cards("Qc") not in held


@pytest.mark.parametrize(
    ("text", "size", "message"),
    [
        ("", 2, "the range is empty: give hands like 'AA, KK, AKs'"),
        ("AA,,KK", 2, "an empty hand between commas in 'AA,,KK'"),
        ("AK", 1, "'AK' gives 2 cards, but the player has 1 unseen card"),
        ("A", 2, "'A' gives 1 cards, but the player has 2 unseen cards"),
        ("AZ", 2, "'AZ': 'Z' is not a rank (2-9, T, J, Q, K, A or X)"),
        ("Xh", 2, "'Xh': 'H' is not a rank (2-9, T, J, Q, K, A or X)"),
        ("AAs", 2, "'AAs': cards of one rank cannot all be of one suit"),
        ("Ko", 1, "'Ko': one card cannot be suited or offsuit"),
        ("AsAs", 2, "'AsAs' gives the same card twice"),
        (
            "AKs+",
            2,
            "'AKs+': '+' raises the last rank up to the first, and K is already one below A",
        ),
        ("AX+", 2, "'AX+': '+' needs ranks, not X"),
        ("A23+", 3, "'A23+': '+' is for one card, a pair, trips or two ranks"),
        ("AA", 0, "a range is for unseen cards ('??'), and the player has none: 'AA'"),
    ],
)
def test_a_bad_range_says_why(text, size, message):
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        parse_range(text, size)


RANGED = [
    # Seventh street: the villain holds a queen or a nine among their three down cards.
    (
        "seven_card_stud",
        ["As Ad Kc 7s 7d Ks 2c", "?? ?? Qh Qd 9c 9h ??"],
        "3c 8h",
        {1: "QXX, 9XX"},
        {1: lambda cards: "Q" in ranks(cards) or "9" in ranks(cards)},
    ),
    # Seventh street: a big pair or ace-jack in the hole against a made two pair.
    (
        "seven_card_stud",
        ["Kh Kd 5c 5s 9d 2h 3c", "?? ?? Jc Tc 4d 8s ??"],
        "",
        {1: "QQX, KKX, AAX, AJX"},
        {1: lambda cards: big_pair_or_ace_jack(ranks(cards))},
    ),
    # Razz, both players with a range: wheel cards in the hole, a low card down.
    (
        "razz",
        ["?? ?? 2d 7c 8h 4s 9d", "?? 3c 6d Kh 5s Qd 2h"],
        "9c",
        {0: "A3, A2, 23s", 1: "A, 2, 3, 4"},
        {
            0: lambda cards: (
                ranks(cards) in (["3", "A"], ["2", "A"])
                or (ranks(cards) == ["2", "3"] and cards[0][1] == cards[1][1])
            ),
            1: lambda cards: cards[0][0] in "A234",
        },
    ),
    # Stud/8 three ways; the third player has a low in the hole and a card to come.
    (
        "stud_hilo",
        ["Ah 2d 5c 6s Kd 9s 4c", "Qd Js Qs Qc 9h Jd 3s", "?? ?? 3h 4h 8h 7c"],
        "",
        {2: "A2, A5, 25"},
        {2: lambda cards: ranks(cards) in (["2", "A"], ["5", "A"], ["2", "5"])},
    ),
    # Show Hand: the down card is an ace or a king, or (one card each way) a nine.
    (
        "show_hand",
        ["?? Ah Kd Qs Jh", "?? 9c 9d Js Tc"],
        "2c 2d",
        {0: "K+", 1: "9, T"},
        {0: lambda cards: cards[0][0] in "KA", 1: lambda cards: cards[0][0] in "9T"},
    ),
    (
        "show_hand",
        ["?? Ac 8d 9d Tc", "?? Ts Th Td 8s"],
        "Kh",
        {1: "Jd, Qd, J"},
        {1: lambda cards: cards[0] in ("Jd", "Qd") or cards[0][0] == "J"},
    ),
    # Five-Card Stud (R9): a hidden pair card against kings, and a card still to come.
    (
        "five_card_stud",
        ["Kh Kd 9s 7c 2d", "?? Ah Qs Jd"],
        "3c",
        {1: "A, Q, J"},
        {1: lambda cards: cards[0][0] in "AQJ"},
    ),
]


@pytest.mark.parametrize(("game", "players", "dead", "given", "fits"), RANGED)
def test_exact_equity_with_ranges_equals_brute_force(game, players, dead, given, fits):
    deck = 28 if dead == "Kh" else 52
    spec = show_hand(deck=deck) if game == "show_hand" else game
    rules = show_hand(deck=deck).ranking if game == "show_hand" else None
    result = equity(spec, players, dead=dead, ranges=given)
    assert_same(result, brute_force(game, players, dead, deck=deck, rules=rules, ranges=fits))


def test_monte_carlo_with_ranges_covers_the_exact_equity():
    game, players, dead, given, _ = RANGED[3]
    exact = equity(game, players, dead=dead, ranges=given)
    sampled = equity(game, players, dead=dead, ranges=given, exact=False, samples=40_000, seed=3)
    assert sampled.samples == 40_000
    assert not sampled.exact
    # 1.7 times the 95% half-width is 3.3 standard errors: a miss once in a thousand runs.
    for value, mean, (low, high) in zip(
        exact.equities, sampled.equities, sampled.ci95, strict=True
    ):
        assert abs(value - mean) <= 1.7 * (high - low) / 2


def test_the_range_of_every_hand_is_no_range():
    players = ["As Ad Kc 7s 7d Ks 2c", "?? ?? Qh Qd 9c 9h ??"]
    plain = equity("seven_card_stud", players, dead="3c 8h")
    ranged = equity("seven_card_stud", players, dead="3c 8h", ranges=[None, "XXX"])
    assert ranged.equities == plain.equities
    assert ranged.samples == plain.samples == 9139


def test_a_range_counts_the_unseen_cards_and_the_cards_to_come_apart():
    """Two unseen cards and one to come: each set of three is dealt three ways (which
    card is the last), so the runouts are three times as many and the equity the same."""
    players = ["Kh Kd 5c 5s 9d 2h 3c", "?? ?? Jc Tc 4d 8s"]
    plain = equity("seven_card_stud", players)
    ranged = equity("seven_card_stud", players, ranges=[None, "XX"])
    assert ranged.equities == plain.equities
    assert (plain.samples, ranged.samples) == (10660, 3 * 10660)


def test_the_issue_example_with_a_range():
    """A queen or nine in the hole makes a full house: the villain wins every runout."""
    result = equity(
        "seven_card_stud",
        ["As Ad Kc 7s 7d Ks 2c", "?? ?? Qh Qd 9c 9h ??"],
        dead="3c 8h",
        ranges={1: "QXX, 9XX"},
    )
    assert result.as_dict() == {"equities": [0.0, 1.0], "exact": True, "samples": 2594}


@pytest.mark.parametrize(
    ("players", "ranges", "message"),
    [
        (["Ah Kh Qh", "?? ?? 2c"], {0: "AA"}, "player 1 has no unseen card ('??'), so a range"),
        (["Ah Kh Qh", "?? ?? 2c"], {2: "AA"}, "ranges for players [2]: there are 2 players"),
        (["Ah Kh Qh", "?? ?? 2c"], ["AA"], "give one range for each of the 2 players"),
        (["Ah Kh Qh", "?? ?? 2c"], "AA", "give one range for each of the 2 players"),
        (
            ["Ah Kh Qh", "?? ?? 2c"],
            {1: "KhQh"},
            "player 2's range 'KhQh' holds no hand of the unseen",
        ),
        (["Ah Kh Qh", "?? ?? 2c"], {1: "AAA"}, "'AAA' gives 3 cards, but the player has 2"),
        (
            ["Ah Kd Qh Jc Tc 9c 8c", "?? ?? 2c 3d 4d 5d 6d", "?? ?? 3c 7h 7s 8s 9s"],
            {1: "AA", 2: "AA"},
            "no runout fits the ranges (player 2: AA; player 3: AA)",
        ),
    ],
)
def test_bad_ranges_say_why(players, ranges, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        equity("seven_card_stud", players, ranges=ranges)


def test_ranges_that_cannot_hold_together_are_an_error_when_sampled():
    with pytest.raises(ValueError, match=r"no runout fits the ranges .* in 1,638,400 sampled"):
        equity(
            "seven_card_stud",
            ["Ah Kd Qh", "?? ?? 2c", "?? ?? 3c"],
            ranges={1: "AA", 2: "AA"},
            exact=False,
            seed=1,
        )


def test_sampling_with_a_range_is_reproducible_and_counts_what_fits():
    players = ["Ah 2d 5c 6s Kd", "?? ?? Qs Qc 9h", "?? ?? 3h 4h 8h"]
    first = equity("stud_hilo", players, seed=1, samples=5_000, ranges={2: "A2, A3, 23"})
    again = equity("stud_hilo", players, seed=1, samples=5_000, ranges={2: "A2, A3, 23"})
    assert first == again
    assert first.samples == 5_000
    assert abs(sum(first.equities) - 1) < 1e-12
