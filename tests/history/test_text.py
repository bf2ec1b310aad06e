"""A file's text split into its hands: every line end Python knows, byte-order marks,
headers in any case; and the players' names found in a line."""

from __future__ import annotations

import io

import pytest

from studpoker.history.pokerstars import HEADER
from studpoker.history.text import Names, split_hands

HAND = """PokerStars Game #1:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:31:45 ET
Table 'Gotha II' 8-max
Seat 1: Ann ($1 in chips)
Seat 2: Bob ($1 in chips)
Ann: says PokerStars is fine
*** SUMMARY ***
Total pot $0.02 | Rake $0"""


def by_each_line(text: str) -> list[tuple[int, list[str]]]:
    """What split_hands gives, the plain way: each line looked at."""
    hands: list[tuple[int, list[str]]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if "pokerstars" in line[:12].lower() and HEADER.match(line.lstrip("\ufeff")):
            hands.append((number, [line]))
        elif hands:
            hands[-1][1].append(line)
    return hands


@pytest.mark.parametrize(
    "text",
    [
        HAND + "\n\n" + HAND.replace("#1", "#2"),
        HAND + "\n\n" + HAND.replace("#1", "#2") + "\n",
        "some words first\n\n" + HAND + "\n" + HAND.replace("#1", "#2") + "\n\n\n",
        (HAND + "\n\n" + HAND.replace("#1", "#2")).replace("\n", "\r\n"),
        (HAND + "\n\n" + HAND.replace("#1", "#2")).replace("\n", "\r"),
        HAND.replace("\n", "\r\n") + "\n\n" + HAND.replace("#1", "#2") + "\r",
        HAND + "\n\x0c" + HAND.replace("#1", "#2").replace("Ann: says", "Ann:\x1csays"),
        HAND + "\u2028" + HAND.replace("#1", "#2"),
        "\ufeff" + HAND + "\n\n\ufeff" + HAND.replace("#1", "#2"),
        HAND.replace("Ann", "Anaïs") + "\n\n" + HAND.replace("PokerStars Game", "POKERSTARS GAME"),
        HAND.replace("PokerStars Game", "pokerstars game") + "\nPokerStars Game #9: no hand",
        "",
        "\n",
        HAND,
    ],
)
def test_a_text_splits_into_the_hands_its_lines_hold_whatever_its_line_ends(text: str) -> None:
    assert list(split_hands(text, HEADER, "PokerStars")) == by_each_line(text)


def test_a_stream_of_lines_splits_as_its_text_does() -> None:
    text = HAND + "\r\n\r\n" + HAND.replace("#1", "#2")
    lines = io.StringIO(text, newline=None)
    assert list(split_hands(lines, HEADER, "PokerStars")) == by_each_line(text)


def test_a_name_is_found_whatever_it_holds() -> None:
    names = Names(["PC [Mittel]", "PC", "A: B", "Bob"])
    assert names.split("PC [Mittel]: calls 50", ": ") == ("PC [Mittel]", "calls 50")
    assert names.split("A: B: folds", ": ") == ("A: B", "folds")
    assert names.split("PC [Mittel] collected 50 from pot", "") == (
        "PC [Mittel]",
        " collected 50 from pot",
    )
    assert names.split("PC collected 50 from pot", "") == ("PC", " collected 50 from pot")
    assert names.split("Zed: folds", ": ") is None
