"""Mixed games (issue 17, games/rotation.py): Triple Stud deals Seven Card Stud, Razz and
Stud/8 in turn at one table of stakes, as PokerStars does."""

from __future__ import annotations

import pytest

from studpoker.games import MIXES, Rotation, preset


def test_triple_stud_turns_every_orbit_at_the_same_stakes() -> None:
    triple = Rotation.of("triple_stud", hands=6)
    assert MIXES["triple_stud"] == ("seven_card_stud", "razz", "stud_hilo")
    games = [triple.game(i) for i in range(20)]
    assert (
        games
        == ["seven_card_stud"] * 6 + ["razz"] * 6 + ["stud_hilo"] * 6 + ["seven_card_stud"] * 2
    )
    assert [triple.hands_left(i) for i in (0, 5, 6, 11)] == [5, 0, 5, 0]
    assert [triple.next_game(i) for i in (0, 6, 12)] == ["razz", "stud_hilo", "seven_card_stud"]
    stakes = preset("seven_card_stud", ante=10, bring_in=15, small_bet=50, big_bet=100)
    for index, game in ((0, "seven_card_stud"), (7, "razz"), (13, "stud_hilo")):
        spec = triple.spec(stakes, index)
        assert (spec.game, spec.ante, spec.bring_in, spec.small_bet, spec.big_bet) == (
            game,
            10,
            15,
            50,
            100,
        )
        assert spec.money_unit == stakes.money_unit
    assert triple.spec(stakes, 0) is stakes  # the first game keeps its table's options
    assert triple.title == "Triple Stud"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Rotation.of("horse", hands=8), "a mix is one of triple_stud, not 'horse'"),
        (lambda: Rotation.of("triple_stud", hands=0),
         "a game of a rotation lasts 1 hand or more, not 0"),
        (lambda: Rotation("x", ("holdem",), 8), "a rotation's games are of "),
    ],
)  # fmt: skip
def test_a_rotation_that_cannot_be_is_refused(make: object, message: str) -> None:
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(")):
        make()  # type: ignore[operator]
