"""Reading ranges: each opponent's hidden cards as a distribution over the cards the
seat has not seen, updated by Bayes from every action they take (issue 19).

A player's choices are shaped by the down cards they looked at when they chose:
the first two down cards in the seven-card games (their seventh-street card came
last), the hole card in Show Hand and Five-Card Stud (R6.2, R9.1).  For each
opponent a :class:`RangeReader` keeps a weight for every holding of those cards —
a 52 × 52 matrix of pairs, or 52 single cards — starting even, and at each of the
opponent's actions multiplies every holding's weight by the chance that a player
holding it would act so (:class:`ActionModel`).

What a holding makes of an action is its *share* at that moment: the pot share the
opponent could expect with those cards against the boards in sight (their own up
cards, the other live players' up cards, everything else unknown to them, drawn at
random) — the same number the equity player acts on, computed for every holding at
once by a few runouts each in NumPy.  The action model says how a player acts on a
share: bets and raises become likely above the fair share (one over the players
in) by a margin, folds below a fraction of it, calls and checks in between, with a
floor for bluffs, slow plays and mistakes.  A bring-in is forced (R2.4): it tells
nothing.

The seat's own equity against the ranges (:meth:`RangeReader.equity`) deals random
runouts of the unseen cards, as :func:`studpoker.equity.equity` does, and weights
each by how likely the opponents' hidden cards in it are: importance sampling, so
that the ranges change the equity without rejecting runouts.

>>> from studpoker.cards import parse_cards
>>> from studpoker.engine import Hand
>>> from studpoker.games import show_hand
>>> hand = Hand(show_hand(), [1000, 1000], deck=parse_cards("Ah 9d  As 8c") + [None] * 28)
>>> hand.act("bet 50")                       # seat 0 (A♠ showing) bets
>>> reader = RangeReader(show_hand(), 1, seed=1)
>>> reader.update(hand.view(1))
>>> weights = reader.weights[0]               # seat 0's hole card, as seat 1 reads it
>>> bool(weights[Card.parse("Ad")] > weights[Card.parse("7d")])   # a pair of aces bets more
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from studpoker.cards import Card, deck_cards
from studpoker.engine import (
    Ante,
    Bet,
    BringIn,
    Call,
    CardDealt,
    Check,
    Complete,
    Event,
    Fold,
    HandView,
    Raise,
    Showhand,
    StreetStarted,
    UncalledBetReturned,
)
from studpoker.equity.runouts import random_runouts
from studpoker.equity.showdown import POT, pot_shares
from studpoker.games import GameSpec

__all__ = ["ActionModel", "RangeReader"]

Weights = npt.NDArray[np.float64]
_WAGERS = (Bet, Raise, Complete, Showhand)
_BLOCK = 4096


@dataclass(frozen=True, slots=True)
class ActionModel:
    """How a player of a type acts on their share of the pot, ``fair`` being one
    over the players in: with nobody betting they bet more surely the further their
    share is above ``fair + value`` (and bluff ``bluff`` of the time below it, check
    ``slowplay`` of the time above it); facing a wager they raise above
    ``fair + raise_at``, stay in while their share pays the pot odds times
    ``call_margin`` (``loose`` of the time anyway), and fold below.  The curves are
    logistic of width ``softness``.  A player's share is the one they see: against
    the others' betting this hand, each wager tilting the odds by ``respect`` and
    each call by ``respect_call``, as the equity player reckons it.  The defaults
    are the equity player's ``hard`` temper, the strongest player before this one."""

    value: float = 0.10
    raise_at: float = 0.18
    call_margin: float = 1.0
    bluff: float = 0.10
    slowplay: float = 0.03
    loose: float = 0.03
    softness: float = 0.05
    respect: float = 0.8
    respect_call: float = 0.35
    showhand: float = 0.72

    def showhand_made(self, share: Weights, fair: float) -> Weights:
        """The chance of pushing every chip (R6.6): above ``showhand`` (and
        ``fair + raise_at``), a bluff's ``slowplay`` of the time below."""
        top = max(self.showhand, fair + self.raise_at)
        pushed = _logistic((share - top) / self.softness)
        return self.slowplay + (1.0 - 2.0 * self.slowplay) * pushed

    def seen(self, share: Weights, wagers: int, calls: int) -> Weights:
        """The share as a player sees it after the others' ``wagers`` and ``calls``."""
        pressure = self.respect * wagers + self.respect_call * calls
        tilted: Weights = share / (share + (1.0 - share) * (1.0 + pressure))
        return tilted

    def wager(self, share: Weights, fair: float, *, facing: bool) -> Weights:
        """The chance of a bet or completion (or, ``facing`` a wager, a raise)."""
        if facing:
            raised = _logistic((share - fair - self.raise_at) / self.softness)
            return self.slowplay + (1.0 - 2.0 * self.slowplay) * raised
        bet = _logistic((share - fair - self.value) / self.softness)
        return self.bluff + (1.0 - self.bluff - self.slowplay) * bet

    def passive(self, share: Weights, fair: float, *, odds: float) -> Weights:
        """The chance of a check (``odds`` 0: nobody bet) or a call of a wager whose
        call costs ``odds`` of the pot it makes."""
        if odds <= 0:
            return 1.0 - self.wager(share, fair, facing=False)
        stay = _logistic((share - odds * self.call_margin) / self.softness)
        stay = self.loose + (1.0 - self.loose) * stay
        chance: Weights = np.maximum(stay - self.wager(share, fair, facing=True), self.slowplay)
        return chance


def _logistic(x: Weights) -> Weights:
    result: Weights = 1.0 / (1.0 + np.exp(-np.clip(x, -40.0, 40.0)))
    return result


@dataclass(slots=True)
class _Table:
    """What the events have shown so far: each seat's up cards, who folded, the dead
    cards (folded up cards), the pot, each seat's chips in on this street, and each
    seat's wagers and calls this hand."""

    up: dict[int, list[Card]]
    folded: set[int]
    dead: list[Card]
    pot: int = 0
    street: dict[int, int] = field(default_factory=dict)
    wagers: dict[int, int] = field(default_factory=dict)
    calls: dict[int, int] = field(default_factory=dict)

    def to_call(self, seat: int) -> int:
        return max(self.street.values(), default=0) - self.street.get(seat, 0)

    def put(self, seat: int, amount: int) -> None:
        self.pot += amount
        self.street[seat] = self.street.get(seat, 0) + amount

    def others(self, seat: int, counts: dict[int, int]) -> int:
        """``counts`` of the live seats but ``seat``."""
        return sum(n for s, n in counts.items() if s != seat and s not in self.folded)


class RangeReader:
    """The ranges of the opponents of ``me`` in one hand of ``spec``, read from the
    events of the seat's views (:meth:`update`).  ``seed`` makes the runouts
    reproducible; ``samples`` is how many runouts weigh each holding at an action."""

    def __init__(
        self,
        spec: GameSpec,
        me: int,
        *,
        model: ActionModel | None = None,
        seed: int | np.random.Generator | None = None,
        samples: int = 8,
    ) -> None:
        self.spec = spec
        self.me = me
        self.model = ActionModel() if model is None else model
        self.rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        self.samples = samples
        self.size = spec.cards_per_player
        self.hidden = 2 if self.size == 7 else 1  # the down cards a player chose by
        self.weights: dict[int, Weights] = {}
        self._seen = 0
        self._table = _Table({}, set(), [])
        self._mine: list[Card] = []
        self._cards = frozenset(int(card) for card in deck_cards(spec.deck))

    # -- reading the events ------------------------------------------------------------

    def update(self, view: HandView) -> None:
        """Read the events of ``view`` (the seat's) not read yet."""
        if view.viewer != self.me:
            raise ValueError(f"the ranges are seat {self.me}'s, not seat {view.viewer}'s")
        events = view.events
        for event in events[self._seen :]:
            self._read(event)
        self._seen = len(events)

    def _read(self, event: Event) -> None:
        table = self._table
        if isinstance(event, StreetStarted):
            table.street = {}
        elif isinstance(event, CardDealt):
            table.up.setdefault(event.seat, [])
            if event.seat == self.me and event.card is not None:
                self._mine.append(event.card)
            if event.up and event.card is not None:
                table.up[event.seat].append(event.card)
            if event.seat != self.me and event.seat not in self.weights:
                shape = (52, 52) if self.hidden == 2 else (52,)
                self.weights[event.seat] = np.ones(shape, dtype=np.float64)
        elif isinstance(event, Ante):
            table.pot += event.amount
        elif isinstance(event, BringIn):
            table.put(event.seat, event.amount)  # forced (R2.4): it says nothing
        elif isinstance(event, Fold):
            table.folded.add(event.seat)
            table.dead.extend(table.up.get(event.seat, ()))
            self.weights.pop(event.seat, None)
        elif isinstance(event, _WAGERS):
            facing = table.to_call(event.seat) > 0
            kind = "showhand" if isinstance(event, Showhand) else "wager"
            self._act(event.seat, wager=True, facing=facing, odds=0.0, kind=kind)
            table.put(event.seat, event.to - table.street.get(event.seat, 0))
            table.wagers[event.seat] = table.wagers.get(event.seat, 0) + 1
        elif isinstance(event, Call):
            cost = event.amount
            self._act(event.seat, wager=False, facing=True, odds=cost / (table.pot + cost))
            table.put(event.seat, cost)
            table.calls[event.seat] = table.calls.get(event.seat, 0) + 1
        elif isinstance(event, Check):
            self._act(event.seat, wager=False, facing=False, odds=0.0)
        elif isinstance(event, UncalledBetReturned):
            table.pot -= event.amount

    def _act(
        self, seat: int, *, wager: bool, facing: bool, odds: float, kind: str = "wager"
    ) -> None:
        """Weigh ``seat``'s holdings by the chance that each would act so."""
        if seat == self.me or seat not in self.weights:
            return
        table = self._table
        live = [s for s in sorted(table.up) if s not in table.folded]
        if len(live) < 2:
            return
        holdings = self._holdings(seat)
        if not len(holdings) or not self._fits(seat, live):
            return  # nothing to weigh, or more players than the deck deals out (R7.4)
        model = self.model
        share = model.seen(
            self._shares(seat, live, holdings),
            table.others(seat, table.wagers),
            table.others(seat, table.calls),
        )
        fair = 1.0 / len(live)
        if kind == "showhand":
            chance = model.showhand_made(share, fair)
        elif wager:
            chance = model.wager(share, fair, facing=facing)
        else:
            chance = model.passive(share, fair, odds=odds)
        weights = self.weights[seat]
        if self.hidden == 2:
            first, second = holdings[:, 0], holdings[:, 1]
            weights[first, second] *= chance
            weights[second, first] *= chance
            top = weights[first, second].max()
        else:
            weights[holdings[:, 0]] *= chance
            top = weights[holdings[:, 0]].max()
        if top > 0:
            weights /= top  # the likeliest holding kept at 1: a long hand never underflows
        else:
            weights[...] = 1.0

    def _holdings(self, seat: int) -> npt.NDArray[np.intp]:
        """Every holding of ``seat``'s hidden cards the reader cannot rule out: cards
        it has not seen (its own, and every up card, are ruled out)."""
        seen = set(self._mine)
        for board in self._table.up.values():
            seen.update(board)
        seen.update(self._table.dead)
        cards = np.array([c for c in range(52) if c not in seen and c in self._deck()], np.intp)
        if self.hidden == 1:
            single: npt.NDArray[np.intp] = cards[:, None]
            return single
        first, second = np.triu_indices(len(cards), k=1)
        return np.stack([cards[first], cards[second]], axis=1)

    def _fits(self, seat: int, live: Sequence[int]) -> bool:
        """Whether the unseen cards give every live player a whole hand."""
        table = self._table
        shown = sum(len(table.up[s]) for s in table.up) + len(table.dead)
        return len(live) * self.size - sum(len(table.up[s]) for s in live) <= (
            len(self._cards) - shown
        )

    def _deck(self) -> frozenset[int]:
        return self._cards

    def _shares(self, seat: int, live: Sequence[int], holdings: npt.NDArray[np.intp]) -> Weights:
        """Each holding's pot share for ``seat`` against the boards in sight, from
        :attr:`samples` random runouts each (the cards unknown to ``seat`` drawn from
        every card it has not seen, the reader's own down cards among them)."""
        table, size, hidden = self._table, self.size, self.hidden
        shown = {card for cards in table.up.values() for card in cards} | set(table.dead)
        pool = np.array(sorted(c for c in self._deck() if c not in shown), dtype=np.intp)
        others = [s for s in live if s != seat]
        need = [size - hidden - len(table.up[seat])] + [size - len(table.up[s]) for s in others]
        fill = sum(need)
        count, samples = len(holdings), self.samples
        rows = count * samples
        # Draw ``fill + hidden`` cards of the pool for every runout, then drop the
        # holding's own cards and keep the first ``fill`` left.
        draws = _draw(len(pool), fill + hidden, rows, self.rng)
        cards = pool[draws]
        held = np.repeat(holdings, samples, axis=0)
        clash = np.zeros(cards.shape, dtype=np.bool_)
        for k in range(hidden):
            clash |= cards == held[:, k : k + 1]
        order = np.argsort(clash, axis=1, kind="stable")[:, :fill]
        cards = np.take_along_axis(cards, order, axis=1)
        hands = np.empty((len(live), rows, size), dtype=np.uint8)
        at = 0
        for index, who in enumerate([seat, *others]):
            known = np.array(table.up[who], dtype=np.uint8)
            start = 0
            if index == 0:
                hands[0, :, :hidden] = held
                start = hidden
            hands[index, :, start : start + len(known)] = known
            hands[index, :, start + len(known) :] = cards[:, at : at + need[index]]
            at += need[index]
        high, low = pot_shares(self.spec, hands)
        won = high[0] if low is None else high[0] + low[0]
        result: Weights = won.reshape(count, samples).mean(axis=1) / POT
        return result

    # -- the seat's equity -----------------------------------------------------------

    def equity(self, view: HandView, samples: int = 2000) -> float | None:
        """The seat's pot share against the live opponents' ranges, from ``samples``
        runouts weighted by the ranges (None with R7.4's community card, which the
        reader leaves to the equity module)."""
        self.update(view)
        if any(card is not None for card in view.community):
            return None
        table = self._table
        live = [s for s in sorted(table.up) if s not in table.folded]
        others = [s for s in live if s != self.me]
        if not others:
            return 1.0
        mine = list(self._mine)
        shown = set(mine) | set(table.dead)
        for board in table.up.values():
            shown.update(board)
        pool = np.array(sorted(c for c in self._deck() if c not in shown), dtype=np.intp)
        size, hidden = self.size, self.hidden
        need = [size - len(mine)] + [size - len(table.up[s]) for s in others]
        fill = sum(need)
        if fill > len(pool):
            return None
        draws = next(random_runouts(len(pool), fill, samples=samples, rng=self.rng, block=samples))
        cards = pool[draws]
        hands = np.empty((len(live), samples, size), dtype=np.uint8)
        hands[0, :, : len(mine)] = np.array(mine, dtype=np.uint8)
        hands[0, :, len(mine) :] = cards[:, : need[0]]
        weight = np.ones(samples, dtype=np.float64)
        at = need[0]
        for index, seat in enumerate(others, start=1):
            up = np.array(table.up[seat], dtype=np.uint8)
            # Their first unseen cards stand for the hidden ones: every unseen card is
            # drawn alike, so which are called hidden does not matter.
            hole = cards[:, at : at + hidden]
            hands[index, :, :hidden] = hole
            hands[index, :, hidden : hidden + len(up)] = up
            hands[index, :, hidden + len(up) :] = cards[:, at + hidden : at + need[index]]
            weights = self.weights.get(seat)
            if weights is not None:
                weight *= weights[hole[:, 0], hole[:, 1]] if hidden == 2 else weights[hole[:, 0]]
            at += need[index]
        high, low = pot_shares(self.spec, hands)
        won = (high[0] if low is None else high[0] + low[0]).astype(np.float64)
        total = weight.sum()
        if not total > 0 or not math.isfinite(total):
            return float(won.mean() / POT)
        return float((weight * won).sum() / total / POT)


def _draw(pool: int, count: int, rows: int, rng: np.random.Generator) -> npt.NDArray[np.intp]:
    """``rows`` draws of ``count`` different indices below ``pool`` each."""
    out = np.empty((rows, count), dtype=np.intp)
    for start in range(0, rows, _BLOCK):
        block = min(_BLOCK, rows - start)
        drawn = next(random_runouts(pool, count, samples=block, rng=rng, block=block))
        out[start : start + block] = drawn
    return out
