"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) and its use in
Competition tables (R7.3)."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.room.ratings import (
    MAX_RD,
    SCALE,
    Rating,
    _plackett_luce,
    finishing_order,
    loss_to_leader,
    update,
)

PAPER_PLAYER = Rating(1500, 200, 0.06)
PAPER_GAMES = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_the_papers_example_to_its_decimals() -> None:
    after = update(PAPER_PLAYER, PAPER_GAMES, tau=0.5)
    # The paper prints 1464.06, 151.52 and 0.05999, computed from intermediate values
    # rounded to four decimals (μ' = -0.2069); each agrees to its last printed digit.
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    # The values on the Glicko-2 scale that the paper prints (step 8's inputs).
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(after.rd / SCALE, 4) == 0.8722
    # What exact arithmetic gives (as other implementations print it).
    assert after.rating == pytest.approx(1464.0507, abs=1e-4)
    assert after.rd == pytest.approx(151.5165, abs=1e-4)
    assert after.volatility == pytest.approx(0.0599960, abs=1e-7)


def test_a_player_without_games_keeps_the_rating_and_the_rd_grows() -> None:
    after = update(PAPER_PLAYER, [])
    assert (after.rating, after.volatility) == (1500, 0.06)
    assert after.rd == pytest.approx(SCALE * math.sqrt((200 / SCALE) ** 2 + 0.06**2))
    assert update(Rating(), []).rd == MAX_RD  # never above a new player's


def test_a_win_raises_the_rating_and_a_loss_lowers_it() -> None:
    opponent = Rating(1500, 100)
    assert update(Rating(), [(opponent, 1)]).rating > 1500
    assert update(Rating(), [(opponent, 0)]).rating < 1500
    assert update(Rating(), [(opponent, 0.5)]).rating == pytest.approx(1500)


def test_games_shrink_the_rd() -> None:
    player = Rating()
    for _ in range(10):
        before = player.rd
        player = update(player, [(Rating(1500, 60), 0.5)])
        assert player.rd < before
    assert not player.provisional


def test_a_new_player_is_provisional_until_the_rd_is_at_most_110() -> None:
    assert Rating().provisional
    assert Rating(rd=110.5).provisional
    assert not Rating(rd=110).provisional
    assert str(Rating(1612.4, 200)) == "1612?"
    assert str(Rating(1612.6, 60)) == "1613"


def test_losing_to_the_chip_leader_is_one_game_for_both() -> None:
    player, leader = Rating(1550, 120), Rating(1480, 90)
    busted, leading = loss_to_leader(player, leader)
    assert busted == update(player, [(leader, 0)])
    assert leading == update(leader, [(player, 1)])
    assert busted.rating < player.rating
    assert leading.rating > leader.rating


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rd": 0}, "a rating deviation is above 0 and at most 350, not 0"),
        ({"rd": 400}, "a rating deviation is above 0 and at most 350, not 400"),
        ({"volatility": -0.1}, "a volatility is above 0, not -0.1"),
        ({"rating": math.inf}, "a rating is a finite number, not inf"),
        ({"rating": "1500"}, "rating is a number, not '1500'"),
    ],
)
def test_a_rating_out_of_range_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        Rating(**kwargs)  # type: ignore[arg-type]


def test_a_score_out_of_range_is_refused() -> None:
    refused = r"a score is 1 \(win\), 0.5 \(draw\) or 0 \(loss\), not 2"
    with pytest.raises(ValueError, match=refused):
        update(Rating(), [(Rating(), 2)])
    with pytest.raises(ValueError, match="tau is above 0"):
        update(Rating(), [], tau=0)


ratings = st.builds(
    Rating,
    rating=st.floats(0, 3500),
    rd=st.floats(20, MAX_RD),
    volatility=st.floats(0.01, 0.3),
)
scores = st.sampled_from([0.0, 0.5, 1.0])
results = st.lists(st.tuples(ratings, scores), max_size=20)


@settings(max_examples=300, deadline=None)
@given(player=ratings, games=results, tau=st.floats(0.2, 1.2))
def test_an_update_is_always_a_rating(
    player: Rating, games: list[tuple[Rating, float]], tau: float
) -> None:
    after = update(player, games, tau=tau)
    assert math.isfinite(after.rating)
    assert 0 < after.rd <= MAX_RD
    assert math.isfinite(after.volatility)
    assert after.volatility > 0
    if games:
        assert after.rd <= math.hypot(player.rd, SCALE * after.volatility) + 1e-9


@settings(max_examples=200, deadline=None)
@given(player=ratings, opponent=ratings)
def test_a_better_score_never_gives_a_lower_rating(player: Rating, opponent: Rating) -> None:
    loss, draw, win = (update(player, [(opponent, s)]).rating for s in (0, 0.5, 1))
    assert loss < draw < win
    assert loss < player.rating < win


@settings(max_examples=200, deadline=None)
@given(rating=st.floats(0, 3500), rd=st.floats(20, MAX_RD), volatility=st.floats(0.01, 0.3))
def test_equal_players_move_apart_by_equal_amounts(
    rating: float, rd: float, volatility: float
) -> None:
    a = b = Rating(rating, rd, volatility)
    loser, winner = loss_to_leader(a, b)
    assert winner.rating - rating == pytest.approx(rating - loser.rating, rel=1e-9, abs=1e-6)
    assert winner.rd == pytest.approx(loser.rd)
    assert winner.volatility == pytest.approx(loser.volatility)


def test_a_finishing_order_rates_as_openskill_does() -> None:
    """Weng-Lin's Plackett-Luce update (room/ratings.py) on openskill's own scale (mu
    25, sigma 25/3, beta 25/6, tau 25/300) gives openskill 6.2's numbers, ties
    included: PlackettLuce().rate([[a], [b], [c], [d]], ranks=[1, 2, 2, 4])."""
    players = [(25, 25 / 3), (30, 5), (20, 7), (25, 2)]
    after = _plackett_luce(players, [1, 2, 2, 4], beta=25 / 6, tau=25 / 300, kappa=1e-4)
    assert [(round(mu, 6), round(sigma, 6)) for mu, sigma in after] == [
        (28.570005, 8.193734), (29.504667, 4.954252), (20.3277, 6.879406), (24.846606, 2.000725)
    ]  # fmt: skip
    fresh = _plackett_luce([(25, 25 / 3)] * 3, [1, 2, 3], beta=25 / 6, tau=25 / 300,
                           kappa=1e-4)  # fmt: skip
    assert [(round(mu, 6), round(sigma, 6)) for mu, sigma in fresh] == [
        (27.869049, 8.205243), (25.717262, 8.058224), (21.413689, 8.058224)
    ]  # fmt: skip


def test_a_finishing_order_on_the_rooms_scale() -> None:
    after = finishing_order([Rating()] * 4, [1, 2, 3, 4])
    assert all(r.rd <= MAX_RD for r in after)  # τ's spread stops at a new player's
    many = finishing_order([Rating()] * 40, list(range(1, 41)))
    assert max(r.rd for r in many) == MAX_RD
    assert [round(r.rating) for r in after] == sorted(
        (round(r.rating) for r in after), reverse=True
    )
    assert sum(r.rating for r in after) == pytest.approx(4 * 1500)
    with pytest.raises(ValueError, match="two players or more"):
        finishing_order([Rating()], [1])
