"""Each player's share of the pot: exact enumeration where the runouts are few,
Monte Carlo with a 95% interval where they are not.

Seventh street heads-up: the hero knows all seven cards, the opponent's two down
cards and last card are unseen (9,139 ways to deal them), so every runout is
counted:

>>> hero, villain = "As Ad Kc 7s 7d Ks 2c", "?? ?? Qh Qd 9c 9h ??"
>>> result = equity("seven_card_stud", [hero, villain], dead="3c 8h")
>>> result.exact, result.samples, [round(e, 4) for e in result.equities]
(True, 9139, [0.6919, 0.3081])

Five-Card Stud heads-up on fifth street (R9): the hero's kings against an ace,
queen, jack and four showing and one card unseen.  Of the 43 unseen cards only the
three aces win for the villain (a queen, jack or four pairs below the kings), so
the hero has 40/43:

>>> result = equity("five_card_stud", ["Kh Kd 9s 7c 2d", "?? Ah Qs Jd 4c"])
>>> result.exact, result.samples, result.equities == (40 / 43, 3 / 43)
(True, 43, True)

Three-way on fifth street in Stud/8 there are trillions of runouts, so they are
sampled (the seed makes it reproducible):

>>> result = equity("stud_hilo", ["Ah 2d 5c 6s Kd", "?? ?? Qs Qc 9h", "?? ?? 3h 4h 8h"], seed=1)
>>> result.exact, result.samples
(False, 100000)
>>> [round(e, 3) for e in result.equities]
[0.317, 0.367, 0.316]
>>> [round(s, 3) for s in result.scoop], [round(low, 3) for low in result.low]
([0.063, 0.131, 0.151], [0.247, 0.0, 0.127])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from studpoker.cards import Card
from studpoker.equity.position import Player, Position, read_position
from studpoker.equity.ranges import Range, parse_range
from studpoker.equity.runouts import Block, every_runout, random_runouts
from studpoker.equity.showdown import POT, pot_shares
from studpoker.games import GameSpec

__all__ = ["EXACT_LIMIT", "SAMPLES", "Equity", "equity"]

SAMPLES: Final = 100_000
EXACT_LIMIT: Final = 2_000_000
# Runouts per block: big enough for NumPy to pay, small enough to stay in cache.
_BLOCK: Final = 16_384
_Z95: Final = 1.959963984540054
# Monte Carlo with ranges: give up when this many blocks in a row keep no runout.
_EMPTY_BLOCKS: Final = 100

Progress = Callable[[int, int], None]
Ranges = Sequence[str | Range | None] | Mapping[int, str | Range]


@dataclass(frozen=True, slots=True)
class Equity:
    """Each player's expected share of the whole pot (``equities``, summing to 1).

    ``exact`` tells whether every runout was counted; ``samples`` is how many
    runouts were (all of them when exact).  ``ci95`` gives each player's 95%
    interval for Monte Carlo results, None when exact.  In Stud/8, ``high`` and
    ``low`` split each equity by the half it comes from (``high[i] + low[i] ==
    equities[i]``; with no qualifying low the whole pot counts as high) and
    ``scoop`` is each player's chance to take the whole pot alone (R5.5); they
    are None in the other games.
    """

    equities: tuple[float, ...]
    exact: bool
    samples: int
    ci95: tuple[tuple[float, float], ...] | None = None
    high: tuple[float, ...] | None = None
    low: tuple[float, ...] | None = None
    scoop: tuple[float, ...] | None = None

    def as_dict(self) -> dict[str, Any]:
        """The result as plain data, the JSON of ``stud equity --json``."""
        data: dict[str, Any] = {
            "equities": list(self.equities),
            "exact": self.exact,
            "samples": self.samples,
        }
        if self.ci95 is not None:
            data["ci95"] = [list(interval) for interval in self.ci95]
        for name in ("high", "low", "scoop"):
            part = getattr(self, name)
            if part is not None:
                data[name] = list(part)
        return data


def equity(
    game: str | GameSpec,
    players: Sequence[Player],
    *,
    dead: str | Iterable[Card] = (),
    samples: int = SAMPLES,
    seed: int | np.random.Generator | None = None,
    exact: bool | None = None,
    exact_limit: int = EXACT_LIMIT,
    progress: Progress | None = None,
    ranges: Ranges | None = None,
    community: str | Card | None = None,
) -> Equity:
    """Each player's share of the pot, from what is known of the position.

    ``game`` is a game's name (``"seven_card_stud"``, ``"stud_hilo"``,
    ``"razz"``, ``"show_hand"``, ``"five_card_stud"``) or a
    :class:`~studpoker.games.GameSpec` (for Show Hand's deck and ranking options,
    R6.10).  Each player is their cards in dealing order, as text (``"?? ?? Qh Qd
    9c"``; Show Hand and Five-Card Stud: ``"?? Qh Qd"``) or cards, ``None`` or
    ``??`` for a card dealt but unseen; cards not dealt yet are left out.  ``dead``
    cards (folded up cards) are out of the deck.  Unseen and future cards are
    drawn uniformly from the cards not known anywhere, except that ``ranges``
    (one for each player, None for none, or a mapping from a player's index)
    limit what a player's unseen cards may be (:mod:`studpoker.equity.ranges`:
    ``"AA, KK, AKs"``); then only the runouts that fit every range count, and
    ``samples`` is how many did.  ``community`` is R7.4's community card once it
    is dealt (each player's cards before it are six): every player's last card.

    ``exact=None`` counts every runout when there are at most ``exact_limit`` of
    them and samples ``samples`` runouts otherwise; ``exact=True`` counts them
    all or raises ``ValueError`` beyond ``exact_limit``; ``exact=False`` always
    samples.  ``seed`` (an int or a NumPy ``Generator``) makes sampling
    reproducible.  ``progress(done, total)`` is called after each block of
    runouts.

    >>> equity("razz", ["As 2s 3d 4c 6h Kd Qc", "Ac 2c 3h 4d 5s Kh Kc"]).equities
    (0.0, 1.0)
    >>> equity("razz", ["As"])
    Traceback (most recent call last):
    ...
    ValueError: equity needs at least 2 players, not 1
    """
    position = read_position(game, players, dead=dead, community=community)
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    fits = _Fits(position, ranges)
    cases = fits.cases
    if exact is True and cases > exact_limit:
        raise ValueError(
            f"exact equity needs {cases:,} runouts, more than exact_limit ({exact_limit:,}): "
            "raise exact_limit or sample them (exact=False)"
        )
    enumerate_all = cases <= exact_limit if exact is None else exact
    unseen = len(position.unseen)
    tally = _Tally(position)
    if enumerate_all:
        for block in every_runout(unseen, fits.draws, block=_BLOCK):
            tally.add(fits.keep(block))
            if progress is not None:
                progress(fits.dealt, cases)
        if not tally.runouts:
            raise ValueError(f"no runout fits the ranges ({fits.names()})")
        return tally.result(exact=True)
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    drawn = sum(fits.draws)
    if not fits.ranged:
        for block in random_runouts(unseen, drawn, samples=samples, rng=rng, block=_BLOCK):
            tally.add(block)
            if progress is not None:
                progress(tally.runouts, samples)
        return tally.result(exact=False)
    # With ranges, sample until ``samples`` runouts fit them (rejection sampling).
    empty = 0
    for block in random_runouts(unseen, drawn, samples=2**62, rng=rng, block=_BLOCK):
        kept = fits.keep(block)[: samples - tally.runouts]
        empty = 0 if len(kept) else empty + 1
        if empty == _EMPTY_BLOCKS:
            raise ValueError(
                f"no runout fits the ranges ({fits.names()}) in {fits.dealt:,} sampled: "
                "they cannot all hold at once, or almost never do"
            )
        tally.add(kept)
        if progress is not None:
            progress(tally.runouts, samples)
        if tally.runouts == samples:
            break
    return tally.result(exact=False)


class _Fits:
    """The ranges of a position: how runouts are dealt so that each ranged player's
    unseen cards are columns of their own, and which runouts fit the ranges."""

    def __init__(self, position: Position, ranges: Ranges | None) -> None:
        count = len(position.players)
        given: dict[int, str | Range] = {}
        if isinstance(ranges, Mapping):
            given = dict(ranges)
        elif ranges is not None:
            if isinstance(ranges, str) or len(ranges) != count:
                raise ValueError(
                    f"give one range for each of the {count} players (None for no range), "
                    "or a mapping from a player's index to a range"
                )
            given = {i: r for i, r in enumerate(ranges) if r is not None}
        draws: list[int] = []
        # Each ranged player: (range, table over unseen indexes, first column).
        self.ranged: list[tuple[int, Range, npt.NDArray[np.bool_], int]] = []
        column = 0
        for seat, (cards, missing) in enumerate(
            zip(position.players, position.missing, strict=True)
        ):
            hidden = sum(card is None for card in cards)
            if seat in given:
                spec = given[seat]
                if hidden == 0:
                    raise ValueError(
                        f"player {seat + 1} has no unseen card ('??'), so a range says nothing"
                    )
                rng_ = spec if isinstance(spec, Range) else parse_range(spec, hidden)
                if rng_.size != hidden:
                    raise ValueError(
                        f"player {seat + 1}'s range is for {rng_.size} cards, "
                        f"but they have {hidden} unseen"
                    )
                if not rng_.combos(position.unseen):
                    raise ValueError(
                        f"player {seat + 1}'s range {rng_.text!r} holds no hand of the unseen cards"
                    )
                self.ranged.append((seat, rng_, rng_.table(position.unseen), column))
                # The unseen cards first, the future ones apart, so the range sees them.
                draws += [hidden, missing - hidden]
            else:
                draws.append(missing)
            column += missing
        unknown = set(given) - set(range(count))
        if unknown:
            raise ValueError(f"ranges for players {sorted(unknown)}: there are {count} players")
        if position.community and position.board is None:
            draws.append(1)
        self.draws = tuple(draws)
        left = len(position.unseen)
        self.cases = 1
        for size in self.draws:
            self.cases *= math.comb(left, size)
            left -= size
        self.dealt = 0

    def keep(self, block: Block) -> Block:
        """The runouts of ``block`` that fit every range."""
        self.dealt += len(block)
        if not self.ranged:
            return block
        fit = np.ones(len(block), dtype=np.bool_)
        for _, held, table, first in self.ranged:
            fit &= table[tuple(block[:, first + k] for k in range(held.size))]
        return block[fit]

    def names(self) -> str:
        return "; ".join(f"player {seat + 1}: {held.text}" for seat, held, _, _ in self.ranged)


class _Tally:
    """Running sums of the pot shares over the runouts of a position."""

    def __init__(self, position: Position) -> None:
        self.position = position
        players = len(position.players)
        self.unseen = np.array(position.unseen, dtype=np.uint8)
        self.known = [np.array(cards, dtype=np.uint8) for cards in position.known]
        self.runouts = 0
        self.high = np.zeros(players, dtype=np.int64)
        self.low = np.zeros(players, dtype=np.int64)
        self.squares = np.zeros(players, dtype=np.int64)
        self.scoops = np.zeros(players, dtype=np.int64)

    def hands(self, block: Block) -> npt.NDArray[np.uint8]:
        """Every player's full hand in each runout: (players, runouts, cards)."""
        position = self.position
        cards = self.unseen.take(block)
        size = position.hand_size
        hands = np.empty((len(position.players), len(block), size), dtype=np.uint8)
        column = 0
        for seat, (known, missing) in enumerate(zip(self.known, position.missing, strict=True)):
            hands[seat, :, : len(known)] = known
            hands[seat, :, len(known) : len(known) + missing] = cards[:, column : column + missing]
            column += missing
        if position.board is not None:
            hands[:, :, size - 1] = int(position.board)
        elif position.community:
            hands[:, :, size - 1] = cards[:, column]
        return hands

    def add(self, block: Block) -> None:
        high, low = pot_shares(self.position.spec, self.hands(block))
        won = high if low is None else high + low
        self.runouts += len(block)
        self.high += high.sum(axis=1)
        if low is not None:
            self.low += low.sum(axis=1)
        self.squares += (won * won).sum(axis=1)
        self.scoops += (won == POT).sum(axis=1)

    def result(self, *, exact: bool) -> Equity:
        runouts = self.runouts
        whole = POT * runouts

        def shares(units: npt.NDArray[np.int64]) -> tuple[float, ...]:
            return tuple(float(Fraction(int(u), whole)) for u in units)

        won = self.high + self.low
        equities = shares(won)
        ci95 = None
        if not exact:
            pairs = zip(won.tolist(), self.squares.tolist(), strict=True)
            ci95 = tuple(self._interval(total, squares) for total, squares in pairs)
        if not self.position.spec.hilo:
            return Equity(equities, exact, runouts, ci95)
        scoop = tuple(float(Fraction(int(n), runouts)) for n in self.scoops)
        return Equity(equities, exact, runouts, ci95, shares(self.high), shares(self.low), scoop)

    def _interval(self, won: int, squares: int) -> tuple[float, float]:
        """The normal 95% interval of a mean share from its sum and sum of squares."""
        n = self.runouts
        mean = won / (POT * n)
        variance = max(0.0, squares / (POT * POT) - n * mean * mean) / max(1, n - 1)
        half = _Z95 * math.sqrt(variance / n)
        return max(0.0, mean - half), min(1.0, mean + half)
