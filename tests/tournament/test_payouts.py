"""A tournament's prizes (issue 17, tournament/payouts.py): the shipped table, whole
chips that add up to the pool, and what bad input gets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studpoker.tournament import PAYOUTS, payout_row, payouts


def test_the_places_paid_grow_with_the_field() -> None:
    assert payouts(2, 3000) == [3000]  # heads-up: the winner takes it all
    assert payouts(6, 6000) == [3900, 2100]  # a six-seat sit-and-go: 65/35
    assert payouts(10, 10_000) == [5000, 3000, 2000]  # ten seats: 50/30/20
    assert payouts(18, 18_000) == [7200, 5400, 3600, 1800]
    assert len(payouts(40, 40_000)) == 7
    assert len(payouts(100, 100_000)) == 15
    assert payouts(200, 200_000)[:3] == [40_000, 25_000, 18_000]
    assert len(payouts(200, 200_000)) == 25
    assert payouts(300, 300_000)[:2] == [62_100, 36_000]
    assert len(payouts(300, 300_000)) == 36  # places 28 to 36: 1% each, 3 buy-ins
    assert len(payouts(500, 500_000)) == 54
    assert payouts(1000, 1_000_000)[0] == 148_000
    assert payouts(1000, 1_000_000)[-1] == 3_000  # the 99th: 3 buy-ins


def test_the_chips_a_share_cannot_give_go_to_the_first_places() -> None:
    assert payouts(10, 1001) == [501, 300, 200]
    assert payouts(10, 999) == [500, 300, 199]  # 499.5, 299.7, 199.8: 2 chips left
    assert payouts(20, 7) == [3, 3, 1, 0]  # 2.8, 2.1, 1.4, 0.7: 2 left
    assert payouts(5, 0) == [0, 0]


def test_the_table_covers_every_field_from_2_to_1000_once() -> None:
    covered = [n for row in PAYOUTS for n in range(row.least, row.most + 1)]
    assert covered == list(range(2, 1001))
    for row in PAYOUTS:
        assert sum(row.per_mille) == 1000
        assert list(row.per_mille) == sorted(row.per_mille, reverse=True)
        assert len(row.per_mille) < row.least
        # The last place paid wins its buy-in back at least.
        assert row.per_mille[-1] * row.least >= 1000


@given(st.integers(2, 1000), st.integers(0, 10**12))
def test_the_prizes_add_up_to_the_pool_in_whole_chips_first_place_the_most(
    entrants: int, pool: int
) -> None:
    prizes = payouts(entrants, pool)
    assert sum(prizes) == pool
    assert prizes == sorted(prizes, reverse=True)
    assert all(isinstance(prize, int) and prize >= 0 for prize in prizes)
    assert len(prizes) == len(payout_row(entrants).per_mille) < entrants


@pytest.mark.parametrize(
    ("entrants", "pool", "message"),
    [
        (1, 100, "the payout table covers 2 to 1000 entrants, not 1"),
        (1001, 100, "the payout table covers 2 to 1000 entrants, not 1001"),
        (10.0, 100, "entrants is a whole number, not 10.0"),
        (True, 100, "entrants is a whole number, not True"),
        (10, -1, "the prize pool is a whole number of chips, not -1"),
        (10, 99.5, "the prize pool is a whole number of chips, not 99.5"),
    ],
)
def test_bad_input_gets_a_clear_error(entrants: object, pool: object, message: str) -> None:
    with pytest.raises(
        ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"
    ):
        payouts(entrants, pool)  # type: ignore[arg-type]
