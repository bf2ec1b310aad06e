"""Glicko-2 ratings for Competition tables (R7.3).

Implemented step by step from Mark Glickman, "Example of the Glicko-2 system"
(Boston University, 2013): a player's rating, rating deviation (RD) and volatility
are updated from the games of one rating period, all treated as played at once;
the volatility is found with the Illinois algorithm (step 5).

The paper's worked example: a 1500 player (RD 200) beats a 1400 (RD 30) and loses
to a 1550 (RD 100) and a 1700 (RD 300).

>>> player = Rating(1500, 200)
>>> after = update(player, [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
>>> f"{after.rating:.2f} {after.rd:.2f} {after.volatility:.6f}"
'1464.05 151.52 0.059996'

(The paper prints 1464.06 and 0.05999: it works from intermediate values rounded to
four decimals, μ' = -0.2069; exact arithmetic gives 1464.0507.)

R7.3 scores a player who busts as a game lost to the chip leader of the moment:

>>> busted, leader = loss_to_leader(Rating(), Rating(1600, 80))
>>> round(busted.rating), round(leader.rating), busted.provisional, leader.provisional
(1368, 1610, True, False)
>>> str(busted), str(leader)
('1368?', '1610')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

__all__ = [
    "DEFAULT_TAU",
    "MAX_RD",
    "PROVISIONAL_RD",
    "Rating",
    "finishing_order",
    "loss_to_leader",
    "update",
]

# The paper's conversion between the Glicko scale and the Glicko-2 scale (step 2).
SCALE: Final = 173.7178
# A new player's rating deviation, and the most it grows to while they do not play
# (the cap of the original Glicko system, kept so that "unknown" has one meaning).
MAX_RD: Final = 350.0
# A rating is provisional while its deviation is above this (as lichess shows it).
PROVISIONAL_RD: Final = 110.0
# The system constant τ, which limits how fast the volatility changes (paper: 0.3 to 1.2).
DEFAULT_TAU: Final = 0.5
# Step 5's convergence tolerance ε.
TOLERANCE: Final = 1e-6


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's Glicko-2 rating on the familiar scale (a new player: 1500, RD 350,
    volatility 0.06)."""

    rating: float = 1500.0
    rd: float = MAX_RD
    volatility: float = 0.06

    def __post_init__(self) -> None:
        for name in ("rating", "rd", "volatility"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"{name} is a number, not {value!r}")
            object.__setattr__(self, name, float(value))
        if not math.isfinite(self.rating):
            raise ValueError(f"a rating is a finite number, not {self.rating:g}")
        if not (math.isfinite(self.rd) and 0 < self.rd <= MAX_RD):
            raise ValueError(
                f"a rating deviation is above 0 and at most {MAX_RD:g}, not {self.rd:g}"
            )
        if not (math.isfinite(self.volatility) and self.volatility > 0):
            raise ValueError(f"a volatility is above 0, not {self.volatility:g}")

    @property
    def provisional(self) -> bool:
        """Whether the rating is still uncertain (RD above 110): shown with a "?"."""
        return self.rd > PROVISIONAL_RD

    def __str__(self) -> str:
        return f"{round(self.rating)}{'?' if self.provisional else ''}"


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    return 1 / (1 + math.exp(-g_j * (mu - mu_j)))


def update(
    player: Rating, results: Sequence[tuple[Rating, float]], *, tau: float = DEFAULT_TAU
) -> Rating:
    """The player's rating after one rating period: ``results`` pairs each
    opponent's rating (before the period) with the player's score against them,
    1 for a win, 0.5 for a draw and 0 for a loss.  Without games only the RD grows
    (step 6), up to :data:`MAX_RD`.

    >>> update(Rating(1500, 200), [])
    Rating(rating=1500.0, rd=200.27141669877065, volatility=0.06)
    """
    if not tau > 0:
        raise ValueError(f"the system constant tau is above 0, not {tau!r}")
    # Step 2: the Glicko-2 scale.
    mu = (player.rating - 1500) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, _rd(math.sqrt(phi * phi + sigma * sigma)), sigma)
    # Steps 3 and 4: the estimated variance v and improvement Δ from the games alone.
    inverse_v = 0.0
    gain = 0.0
    for opponent, score in results:
        if not 0 <= score <= 1:
            raise ValueError(f"a score is 1 (win), 0.5 (draw) or 0 (loss), not {score!r}")
        g_j = _g(opponent.rd / SCALE)
        e_j = _expected(mu, (opponent.rating - 1500) / SCALE, g_j)
        inverse_v += g_j * g_j * e_j * (1 - e_j)
        gain += g_j * (score - e_j)
    if inverse_v == 0:
        # Opponents so far apart that the result was certain: the games say nothing.
        return update(player, [], tau=tau)
    v = 1 / inverse_v
    delta = v * gain
    # Step 5: the new volatility.
    sigma = _volatility(delta, phi, v, sigma, tau)
    # Steps 6 and 7: the new RD and rating.
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu += phi * phi * gain
    # Step 8: back to the familiar scale.
    return Rating(SCALE * mu + 1500, _rd(phi), sigma)


def _rd(phi: float) -> float:
    return min(SCALE * phi, MAX_RD)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: σ' = e^(A/2), where A is the root of f, found by the Illinois algorithm."""
    a = math.log(sigma * sigma)
    spread = phi * phi + v

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - spread - ex) / (2 * (spread + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > spread:
        big_b = math.log(delta * delta - spread)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > TOLERANCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def loss_to_leader(player: Rating, leader: Rating) -> tuple[Rating, Rating]:
    """R7.3: a player who busts (or quits, or is still in when time runs out) is
    scored as one game lost to the chip leader of that moment.  Returns the
    player's and the leader's new ratings, both from their ratings before it."""
    return update(player, [(leader, 0.0)]), update(leader, [(player, 1.0)])


def finishing_order(
    players: Sequence[Rating], places: Sequence[int], *, tau: float = 5.0, kappa: float = 1e-4
) -> list[Rating]:
    """Each player's rating after a tournament, from its finishing order (``places``,
    1 the winner; equal places tie): Weng and Lin's Bayesian approximation with the
    Plackett-Luce model ("A Bayesian Approximation Method for Online Ranking", JMLR
    12, 2011, algorithm 4), the model openskill maintains.  A field is one game whose
    outcome is a ranking: the Glicko-2 of R7.3 would have to call it n(n-1)/2 games
    between pairs, counting the same bust many times over and as if independent.

    The rating is the skill's mean and the deviation its spread, on the Glicko scale
    (a new player 1500, RD 350; the performance spread β is half the RD, 175, as
    openskill's 25/6 is half of 25/3); ``tau`` adds a little spread before each
    tournament (openskill's 25/300, here 1500/300) so that a rating keeps moving;
    ``kappa`` keeps a spread from reaching 0; a spread is 350 at most, a new
    player's.  The volatility is Glicko-2's, kept
    as it was.  On openskill's scale (25, 25/3, β 25/6, τ 25/300) it gives
    openskill 6.2's numbers (tests/room/test_ratings.py).

    >>> after = finishing_order([Rating(), Rating(), Rating()], [1, 2, 3])
    >>> [round(r.rating) for r in after], [round(r.rd) for r in after]
    ([1621, 1530, 1349], [345, 338, 338])
    """
    skills = [(p.rating, p.rd) for p in players]
    after = _plackett_luce(skills, places, beta=MAX_RD / 2, tau=tau, kappa=kappa)
    # The spread τ adds stops at a new player's, as Glicko's RD does (MAX_RD).
    return [
        Rating(mu, min(sigma, MAX_RD), player.volatility)
        for (mu, sigma), player in zip(after, players, strict=True)
    ]


def _plackett_luce(
    players: Sequence[tuple[float, float]],
    places: Sequence[int],
    *,
    beta: float,
    tau: float,
    kappa: float,
) -> list[tuple[float, float]]:
    """Each player's (mean, spread) after the finishing order, from (mean, spread)."""
    if len(players) != len(places) or len(players) < 2:
        raise ValueError("a finishing order places two players or more, each once")
    mus = [mu for mu, _ in players]
    variances = [sigma * sigma + tau * tau for _, sigma in players]
    c = math.sqrt(sum(v + beta * beta for v in variances))
    strengths = [math.exp(mu / c) for mu in mus]
    # C_q: those placed at q's place or below it; A_q: those sharing q's place.
    sums = [sum(s for s, p in zip(strengths, places, strict=True) if p >= q) for q in places]
    shared = [sum(1 for p in places if p == q) for q in places]
    out = []
    for i, (mu, _) in enumerate(players):
        omega = delta = 0.0
        for q, place in enumerate(places):
            if place > places[i]:
                continue
            share = strengths[i] / sums[q]
            delta += share * (1 - share) / shared[q]
            omega += ((1 - share) if q == i else -share) / shared[q]
        variance = variances[i]
        omega *= variance / c
        delta *= variance / c**2 * (math.sqrt(variance) / c)  # γ = σ / c
        out.append((mu + omega, math.sqrt(variance * max(1 - delta, kappa))))
    return out
