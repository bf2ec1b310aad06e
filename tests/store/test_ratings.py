"""Ratings per game: the current numbers, their history, the leaderboard."""

from __future__ import annotations

import math
from typing import Any

import pytest

from studpoker.store import Account, LeaderboardEntry, Store, StoreError

from .conftest import Clock


def test_a_saved_rating_is_current_and_in_the_history(
    store: Store, alice: Account, clock: Clock
) -> None:
    assert store.rating(alice.id, "razz") is None
    store.save_rating(alice.id, "razz", 1580.5, 290.0, 0.06)
    clock.advance(60)
    store.save_rating(alice.id, "razz", 1620.25, 250.0, 0.0599)
    rating = store.rating(alice.id, "razz")
    assert rating is not None
    assert (rating.rating, rating.rd, rating.volatility, rating.games) == (
        1620.25,
        250.0,
        0.0599,
        2,
    )
    assert rating.updated_at == clock.now
    assert rating.provisional
    assert [(h.rating, h.rd) for h in store.rating_history(alice.id, "razz")] == [
        (1580.5, 290.0),
        (1620.25, 250.0),
    ]
    assert store.rating(alice.id, "seven_card_stud") is None
    assert store.rating_history(alice.id, "seven_card_stud") == []


def test_a_rating_after_a_competition_names_it(store: Store, alice: Account, bob: Account) -> None:
    store.save_rating(alice.id, "razz", 1500.0, 100.0, 0.06, competition_id=None, games=3)
    assert store.rating(alice.id, "razz").games == 3  # type: ignore[union-attr]
    assert not store.rating(alice.id, "razz").provisional  # type: ignore[union-attr]
    with pytest.raises(StoreError):
        store.save_rating(alice.id, "razz", 1500.0, 100.0, 0.06, competition_id=99)
    assert store.rating(alice.id, "razz").games == 3  # type: ignore[union-attr]
    assert len(store.rating_history(alice.id, "razz")) == 1


def test_the_leaderboard_is_highest_first_with_provisional_ratings_marked(
    store: Store, alice: Account, bob: Account
) -> None:
    carol = store.create_account("carol", None)
    store.save_rating(alice.id, "razz", 1700.0, 80.0, 0.06, games=12)
    store.save_rating(bob.id, "razz", 1750.0, 200.0, 0.06)
    store.save_rating(carol.id, "razz", 1700.0, 60.0, 0.06, games=30)
    store.save_rating(carol.id, "stud_hilo", 2000.0, 60.0, 0.06)
    assert store.leaderboard("razz") == [
        LeaderboardEntry(bob.id, "bob", 1750.0, 200.0, 1, provisional=True),
        LeaderboardEntry(carol.id, "carol", 1700.0, 60.0, 30, provisional=False),
        LeaderboardEntry(alice.id, "alice", 1700.0, 80.0, 12, provisional=False),
    ]
    assert [e.name for e in store.leaderboard("razz", limit=1)] == ["bob"]
    assert store.leaderboard("show_hand") == []


@pytest.mark.parametrize(
    ("numbers", "message"),
    [
        ((math.nan, 200.0, 0.06), "a rating must be a finite number"),
        ((1500.0, 0.0, 0.06), "a rating deviation must be a finite number above 0"),
        ((1500.0, 200.0, -0.1), "a volatility must be a finite number above 0"),
        ((1500.0, math.inf, 0.06), "a rating deviation must be a finite number above 0"),
        (("1500", 200.0, 0.06), "a rating must be a finite number, not '1500'"),
    ],
)
def test_bad_ratings_are_refused(
    store: Store, alice: Account, numbers: tuple[Any, ...], message: str
) -> None:
    with pytest.raises(StoreError, match=message):
        store.save_rating(alice.id, "razz", *numbers)
    assert store.rating(alice.id, "razz") is None
    with pytest.raises(StoreError, match=r"^no account 99$"):
        store.save_rating(99, "razz", 1500.0, 200.0, 0.06)
