"""Starting-hand standards, game by game; live cards count (a card the hand needs
that shows in another seat's up cards, folded or not, is dead)."""

from __future__ import annotations

import pytest

from studpoker.bots.reading import Reading
from studpoker.bots.starting_hands import starting_tier
from studpoker.games import preset

from .positions import dealt

FOLD, MARGINAL, PLAYABLE, STRONG, PREMIUM = range(5)


def tier(game: str, seat0: str, others: str = "") -> int:
    """Seat 0's tier holding ``seat0`` (two down cards, then the up card) against
    seats showing the up cards ``others``; their down cards are low clubs and
    diamonds seat 0 does not see."""
    ups = others.split()
    hidden = iter(f"{rank}{suit}" for rank in "23456" for suit in "cdhs")
    fillers = [next(c for c in hidden if c not in seat0 + others) for _ in range(2 * len(ups))]
    down1, down2, up = seat0.split()
    cards = [down1, *fillers[: len(ups)], down2, *fillers[len(ups) :], up, *ups]
    spec = preset(game)
    hand = dealt(spec, 1 + len(ups), " ".join(cards), stack=1000)
    return starting_tier(Reading(hand.view(0), deck=spec.deck), game)


@pytest.mark.parametrize(
    ("cards", "others", "expected"),
    [
        ("9s 9h 9d", "Kc Qd", PREMIUM),  # rolled-up trips
        ("Kd Kh 7s", "Qc Jd", PREMIUM),  # a big pair
        ("Js Jh 4s", "Qc Td", STRONG),
        ("9s 9d Kh", "8c Td", STRONG),  # a medium pair, king kicker, both nines live
        ("9s 9d Kh", "9c 9h", PLAYABLE),  # … and both nines dead
        ("5s 5d Ah", "Qc Td", PLAYABLE),  # a small pair with a high kicker
        ("5s 5d 3h", "Qc Td", FOLD),  # a small pair, low kicker, a queen showing
        ("8h 9d Ts", "2c 3d", PLAYABLE),  # three to a straight, live
        ("8h 9d Ts", "7c 7s Jc Js 6c Qc Qs", MARGINAL),  # … with seven of its cards dead
        ("Ah 7h 2h", "Kc 3d", STRONG),  # three to a flush, ace high, no heart seen
        ("Ah 7h 2h", "Kh 3h Qh Jh", FOLD),  # … four hearts showing: dead
        ("Ks 8d 3c", "Qc Td", FOLD),
    ],
)
def test_seven_card_stud(cards, others, expected):
    assert tier("seven_card_stud", cards, others) == expected


@pytest.mark.parametrize(
    ("cards", "others", "expected"),
    [
        ("As 2h 4d", "Kc Qd", PREMIUM),  # A-2-4
        ("7s 6h 3d", "Kc Qd", STRONG),
        ("8s 6h 7d", "Kc Qd", PLAYABLE),  # three low cards, 8 or under
        ("8s 6h 7d", "As 2s 3s 4h 5h", MARGINAL),  # … with five low cards dead
        ("As 3h Kd", "Qc Jd", MARGINAL),  # two low cards
        ("Ks Qh 3d", "Jc Td", FOLD),
        ("4s 4h 2d", "Jc Td", MARGINAL),  # a pair is not a low
    ],
)
def test_razz(cards, others, expected):
    assert tier("razz", cards, others) == expected


@pytest.mark.parametrize(
    ("cards", "others", "expected"),
    [
        ("As 2h 3d", "Kc Qd", PREMIUM),  # three low cards with an ace
        ("7s 4h 6d", "Kc Qd", PLAYABLE),  # three low cards
        ("As 4h Kd", "Qc Jd", PLAYABLE),  # an ace with a low card
        ("Qs Qh 7d", "Jc Td", STRONG),  # a big pair
        ("Ah Ad 9s", "Jc Td", PREMIUM),
        ("5s 5d 5h", "Jc Td", PREMIUM),  # rolled up
        ("Ks 9h 6d", "Jc Td", FOLD),
    ],
)
def test_stud_hilo(cards, others, expected):
    assert tier("stud_hilo", cards, others) == expected


def show_hand_tier(seat0: str, others: str) -> int:
    """Show Hand deals one down and one up card (R6.2): seat 0's are ``seat0``."""
    down, up = seat0.split()
    ups = others.split()
    hidden = [c for c in ("2c", "2d", "3c", "3d", "4c", "4d") if c not in seat0 + others]
    cards = " ".join([down, *hidden[: len(ups)], up, *ups])
    hand = dealt(preset("show_hand"), 1 + len(ups), cards, stack=1000)
    return starting_tier(Reading(hand.view(0)), "show_hand")


@pytest.mark.parametrize(
    ("cards", "others", "expected"),
    [
        ("Qs Qh", "Jc Td", PREMIUM),  # a pair (R6)
        ("7s 7h", "Kc Ad", STRONG),  # a small pair below the cards showing
        ("As Kh", "Jc Td", STRONG),  # high cards
        ("Ks 5h", "9c Td", MARGINAL),
        ("7s 2h", "Kc Td", FOLD),
    ],
)
def test_show_hand(cards, others, expected):
    assert show_hand_tier(cards, others) == expected
