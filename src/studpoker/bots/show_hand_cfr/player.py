"""The solver's player: heads-up Show Hand by a trained policy
(:mod:`~studpoker.bots.show_hand_cfr.policy`), everything else by the range-reading
or the equity player.

Each decision it follows the hand's betting down the abstract tree — itself as
player 0, the opponent as player 1, each round's first speaker as chance dealt it —
its own actions as it chose them, the opponent's bets and raises mapped to the
tree's sizes by their share of the pot (the pseudo-harmonic mapping of Ganzfried and
Sandholm 2013, at random between the two nearest sizes), its hand's bucket from its
equity against the opponent's up cards, and an action drawn from the policy; the
tree's sizes are played as the same shares of the real pot.  A hand of more than two
players is played by the range-reading player (``ranges``), which beats the equity
player there; any other hand the policy does not know — a table option it was not
trained for (R6.4's check or a least bet other than the ante, R6.5's limits and
caps, R6.6's showhand from a later round), a deck without a policy, or betting the
tree has no branch for — is played by the equity player's ``hard`` temper.  Where showhand is not
allowed (R7.1's practice tables) a bet or raise of every chip stands for it, both
ways: the tree's showhand is played as one, and one is read as the tree's showhand
(a bet of more than the tree's stack is read so too).

>>> import random
>>> from studpoker.bots import EquityPlayer, play_hand
>>> from studpoker.games import show_hand
>>> players = [SolverPlayer(random.Random(1)), EquityPlayer(random.Random(2), "hard")]
>>> hand = play_hand(show_hand(deck=28), players, [1000, 1000], rng=random.Random(3))
>>> hand.is_over, sum(hand.result.net)
(True, 0)
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import numpy.typing as npt

from studpoker.bots.equity_player import EquityPlayer
from studpoker.bots.player import BasePlayer
from studpoker.bots.range_player import RangePlayer
from studpoker.bots.show_hand_cfr.abstraction import SAMPLES
from studpoker.bots.show_hand_cfr.cards import tables
from studpoker.bots.show_hand_cfr.policy import Policy, shipped
from studpoker.bots.show_hand_cfr.tree import CALL, FOLD, SHOWHAND, Node
from studpoker.engine import Action, ActionKind, HandView, LegalAction
from studpoker.engine.events import (
    Ante,
    Bet,
    Call,
    Check,
    Fold,
    Raise,
    Showhand,
    StreetStarted,
)
from studpoker.games import GameSpec

__all__ = ["SolverPlayer"]

K = ActionKind


class SolverPlayer(BasePlayer):
    """Heads-up Show Hand by ``policy`` (the shipped policy of the table's deck when
    None); a hand of three or more players by the range-reading player, which beats
    the equity player there; the rest by the equity player."""

    name = "solver"

    def __init__(self, rng: random.Random | None = None, policy: Policy | None = None) -> None:
        super().__init__(rng)
        self.policy = policy
        self._fallback = EquityPlayer(self.rng, "hard")
        self._multiway = RangePlayer(self.rng)
        self._chosen: list[str] = []  # this hand's own actions, as the tree names them
        self.on_tree = 0  # decisions made by the policy (for the tests and the bench)
        self.off_tree = 0

    def new_hand(self, seat: int, spec: GameSpec) -> None:
        super().new_hand(seat, spec)
        self._fallback.new_hand(seat, spec)
        self._multiway.new_hand(seat, spec)
        self._chosen = []

    def bet(self, view: HandView) -> Action:
        policy = self._policy(view)
        node = None if policy is None else self._follow(view, policy)
        if policy is None or node is None:
            self.off_tree += 1
            if len(view.seats) > 2:
                return self._multiway.bet(view)
            return self._fallback.bet(view)
        self.on_tree += 1
        bucket = policy.bucket(node.street, self._equity(view, policy.deck))
        weights = policy.strategy(node, bucket)
        label = self.rng.choices(list(weights), weights=list(weights.values()))[0]
        self._chosen.append(label)
        return self._played(label, node, view)

    # -- which hands the policy plays ------------------------------------------------

    def _policy(self, view: HandView) -> Policy | None:
        spec = self.spec
        if (
            spec is None
            or not spec.is_show_hand
            or len(view.seats) != 2
            or spec.opener_may_check
            or spec.limit != "none"
            or spec.min_bet != spec.ante
            or spec.street_caps
            or (spec.showhand_allowed and spec.showhand_from_round != 1)
        ):
            return None
        if self.policy is not None:
            return self.policy if self.policy.deck == spec.deck else None
        try:
            return shipped(spec.deck)
        except ValueError:
            return None

    def _equity(self, view: HandView, deck: int) -> float:
        return float(self._equities(view, deck, 1)[0])

    def _equities(self, view: HandView, deck: int, draws: int) -> npt.NDArray[np.float64]:
        """``draws`` estimates of the hand's equity, each from its own random deals."""
        table = tables(deck)
        me = view.me
        assert me is not None
        them = next(seat for seat in view.seats if seat.seat != me.seat)  # heads-up
        hole = [card for card in me.down_cards if card is not None]
        mine = table.indices([*hole, *(c for c in me.up_cards if c is not None)])
        theirs = table.indices([c for c in them.up_cards if c is not None])
        street = len(mine) - 1
        rng = np.random.default_rng(self.rng.getrandbits(63))
        return table.equity(
            np.array(mine[:1] * draws), np.array([mine[1:]] * draws),
            np.array([theirs] * draws), rng, SAMPLES.get(street, 1),
        )  # fmt: skip

    # -- the hand's betting down the tree --------------------------------------------

    def _follow(self, view: HandView, policy: Policy) -> Node | None:
        """The tree's node of this decision, or None when the betting left the tree."""
        me = view.viewer
        node = policy.tree.root
        put = {seat.seat: 0 for seat in view.seats}  # chips in, this hand
        street = dict.fromkeys(put, 0)  # chips in, this round
        mine = iter(self._chosen)
        for event in view.events:
            if isinstance(event, StreetStarted):
                street = dict.fromkeys(put, 0)
                continue
            if isinstance(event, Ante):
                put[event.seat] += event.amount
                continue
            if not isinstance(event, Bet | Raise | Call | Showhand | Fold | Check):
                continue
            if node.kind == "deal":
                node = node.child("0" if event.seat == me else "1")
            if node.kind != "act" or isinstance(event, Check):
                return None
            if event.seat == me:
                label = next(mine, None)
            else:
                label = self._mapped(event, node, sum(put.values()), street, policy.stack)
            if label is None or label not in node.labels:
                return None
            node = node.child(label)
            added = _added(event, street[event.seat])
            put[event.seat] += added
            street[event.seat] += added
        if node.kind == "deal":
            node = node.child("0" if view.actor == me else "1")
        if node.kind != "act" or node.actor != 0 or node.street != view.street + 1:
            return None
        return node

    def _mapped(
        self,
        event: Bet | Raise | Call | Showhand | Fold,
        node: Node,
        pot: int,
        street: dict[int, int],
        stack: int,
    ) -> str:
        """The tree's name for an opponent's action: a bet or raise by its share of the
        pot, between the tree's two nearest shares (a showhand's share the largest)."""
        if isinstance(event, Fold):
            return FOLD
        if isinstance(event, Call):
            return CALL
        if isinstance(event, Showhand):
            return SHOWHAND
        return self._between(*_shares(event, node, pot, street, stack))

    def _mapped_chances(
        self,
        event: Bet | Raise | Call | Showhand | Fold,
        node: Node,
        pot: int,
        street: dict[int, int],
        stack: int,
    ) -> list[tuple[str, float]]:
        """The tree's names for an action with the chance :meth:`_mapped` gives each."""
        if isinstance(event, Fold | Call | Showhand):
            return [(self._mapped(event, node, pot, street, stack), 1.0)]
        return _between_chances(*_shares(event, node, pot, street, stack))

    def _between(self, share: float, sizes: list[tuple[float, str]]) -> str:
        """Of the sizes (shares, smallest first) the one for ``share``: the nearest two
        drawn with the pseudo-harmonic mapping's chances."""
        chances = _between_chances(share, sizes)
        if len(chances) == 1:
            return chances[0][0]
        (low_label, chance_low), (high_label, _) = chances
        return low_label if self.rng.random() < chance_low else high_label

    # -- the policy's chances, for a best response (studpoker.rl.lbr) ---------------------

    def action_probabilities(self, view: HandView, draws: int = 64) -> dict[Action, float] | None:
        """The chance of each action this player takes in ``view`` when the policy plays
        it: the mapping's chances for every bet and raise of the hand (its own read back
        by their share of the pot too, as the opponent's are), the buckets of ``draws``
        estimates of its equity (each as :meth:`bet` makes one), the policy's strategy
        there; None where the policy does not play the hand."""
        policy = self._policy(view)
        if policy is None:
            return None
        branches = self._follow_chances(view, policy)
        if branches is None:
            return None
        street = branches[0][0].street
        buckets: dict[int, int] = {}
        for equity in self._equities(view, policy.deck, draws):
            bucket = policy.bucket(street, float(equity))
            buckets[bucket] = buckets.get(bucket, 0) + 1
        chances: dict[Action, float] = {}
        for node, weight in branches:
            for bucket, count in buckets.items():
                for label, p in policy.strategy(node, bucket).items():
                    if p > 0.0:
                        action = self._played(label, node, view)
                        share = weight * p * count / draws
                        chances[action] = chances.get(action, 0.0) + share
        return chances

    def _follow_chances(self, view: HandView, policy: Policy) -> list[tuple[Node, float]] | None:
        """The tree's nodes this decision may be at, each with its chance (every action
        mapped by its share of the pot); None when the betting left the tree."""
        me = view.viewer
        branches: list[tuple[Node, float]] = [(policy.tree.root, 1.0)]
        put = {seat.seat: 0 for seat in view.seats}
        street = dict.fromkeys(put, 0)
        for event in view.events:
            if isinstance(event, StreetStarted):
                street = dict.fromkeys(put, 0)
                continue
            if isinstance(event, Ante):
                put[event.seat] += event.amount
                continue
            if isinstance(event, Check):
                return None  # the tree has no check (R6.4: the opener bets)
            if not isinstance(event, Bet | Raise | Call | Showhand | Fold):
                continue
            moved: list[tuple[Node, float]] = []
            for node, weight in branches:
                if node.kind == "deal":
                    node = node.child("0" if event.seat == me else "1")
                if node.kind != "act":
                    return None
                pot = sum(put.values())
                for label, p in self._mapped_chances(event, node, pot, street, policy.stack):
                    if label not in node.labels:
                        return None
                    moved.append((node.child(label), weight * p))
            branches = moved
            added = _added(event, street[event.seat])
            put[event.seat] += added
            street[event.seat] += added
        ready = []
        for node, weight in branches:
            if node.kind == "deal":
                node = node.child("0" if view.actor == me else "1")
            if node.kind != "act" or node.actor != 0 or node.street != view.street + 1:
                return None
            ready.append((node, weight))
        return ready

    # -- the tree's action as the table's --------------------------------------------

    def _played(self, label: str, node: Node, view: HandView) -> Action:
        options = {option.kind: option for option in view.legal_actions}
        if label == FOLD and K.FOLD in options:
            return Action(K.FOLD)
        if label == CALL and K.CALL in options:
            return Action(K.CALL)
        if label == SHOWHAND and K.SHOWHAND in options:
            return Action(K.SHOWHAND)
        if label == SHOWHAND:  # no showhand at this table (R7.1): every chip bet instead
            them = next(seat for seat in view.seats if seat.seat != view.viewer)
            for kind in (K.RAISE, K.BET):
                if kind in options:  # no more than the other can answer
                    return _within(options[kind], them.bet + them.stack)
        share = int(label[1:]) / sum(node.put) if label[:1] in ("b", "r") else 1.0
        if label[:1] == "r" and K.RAISE in options:
            facing = options[K.CALL].minimum if K.CALL in options else 0
            level = max(seat.bet for seat in view.seats)
            share = int(label[1:]) / (sum(node.put) + node.facing)
            to = level + round(share * (view.pot_total + facing))
            return _within(options[K.RAISE], to)
        if label[:1] == "b" and K.BET in options:
            return _within(options[K.BET], round(share * view.pot_total))
        for kind in (K.SHOWHAND, K.CALL, K.CHECK, K.FOLD):  # the tree's action is not open
            if kind in options:
                return Action(kind)
        return self._fallback.bet(view)


def _shares(
    event: Bet | Raise,
    node: Node,
    pot: int,
    street: dict[int, int],
    stack: int,
) -> tuple[float, list[tuple[float, str]]]:
    """A bet's or raise's share of the pot, and the tree's sizes at ``node`` as shares
    (smallest first; a showhand's share the largest)."""
    level = max(street.values())
    if isinstance(event, Bet):
        share = (event.to - street[event.seat]) / max(pot, 1)
        prefix = "b"
        base = sum(node.put)
    else:
        facing = level - street[event.seat]
        share = (event.to - level) / max(pot + facing, 1)
        prefix = "r"
        base = sum(node.put) + node.facing
    sizes = [(int(label[1:]) / base, label) for label in node.labels if label[0] == prefix]
    pushed = stack - node.put[node.actor] - node.facing  # a showhand's bet or raise
    sizes.append((pushed / base, SHOWHAND))
    return share, sorted(sizes)


def _between_chances(share: float, sizes: list[tuple[float, str]]) -> list[tuple[str, float]]:
    """Of the sizes (shares, smallest first) the ones for ``share``, with their chances:
    the nearest two, by the pseudo-harmonic mapping (Ganzfried and Sandholm 2013)."""
    if share <= sizes[0][0]:
        return [(sizes[0][1], 1.0)]
    for (low, low_label), (high, high_label) in itertools.pairwise(sizes):
        if share <= high:
            chance_low = (high - share) * (1 + low) / ((high - low) * (1 + share))
            return [(low_label, chance_low), (high_label, 1.0 - chance_low)]
    return [(sizes[-1][1], 1.0)]


def _within(option: LegalAction, to: int) -> Action:
    return Action(option.kind, max(option.minimum, min(to, option.maximum)))


def _added(event: Bet | Raise | Call | Showhand | Fold, before: int) -> int:
    """The chips an action put in, given the seat's chips in this round before it."""
    if isinstance(event, Bet | Raise):
        return event.to - before
    if isinstance(event, Call | Showhand):
        return event.amount
    return 0
