"""Local best response (Lisý and Bowling, "Equilibrium Approximation Quality of Current
No-Limit Poker Bots", 2017): a lower bound on a heads-up policy's exploitability that
needs no walk of the whole game.

LBR plays one seat against the policy. It keeps the policy's *range*: for every holding
the policy's seat could have (its down cards, among the cards LBR has not seen) the
chance that the policy, holding it, would have moved as it did. At each of its own
decisions LBR takes the action worth most against that range, valuing a fold as what it
has put in lost, a check or call as the hand checked and called down from there, and a
bet or raise as the range's folds to it (the policy asked, for each holding, what it
would do facing it) and the hand checked and called down when it is called. What LBR
wins on average against the policy, over both seats, is at most what a best response
wins: a lower bound on the policy's exploitability (the game is worth zero to a seat
over both seats).

The checked-and-called-down values are the engine's own hands played out (the showdown,
side pots, Show Hand's settlement and its forced opening bets, R6.4, included): every way
the rest of the deck can come when there are at most ``exact`` of them, else ``samples``
of them drawn at random.

>>> game = StudGame("show_hand", stack=20, cards="As Ks Qs Js Ts Ah Kh Qh Jh Th")
>>> lbr = LocalBestResponse(game, always_fold, exact=0, samples=4)
>>> deal = "As Kh Qs Jh Ts Ah Ks Qh Js Th".split()
>>> [lbr.play(deal, seat, random.Random(1)) for seat in (0, 1)]
[10.0, 20.0]

Seat 0 shows the queen and must bet (R6.4): LBR there bets its last 10 and the policy
folds its ante; in seat 1, LBR calls the policy's forced bet with K♥ J♥ against Q♠ and
wins it at the showdown.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from studpoker.cards import Card
from studpoker.engine import Action, ActionKind
from studpoker.engine.events import CardDealt, CommunityCard
from studpoker.rl.game import (
    BRING_IN,
    CHANCE,
    CHECK_CALL,
    FOLD,
    WAGER,
    StudGame,
    StudState,
    card_action,
    nearest_action,
)

__all__ = [
    "LocalBestResponse",
    "Policy",
    "always_call",
    "always_fold",
    "lbr_match",
    "show_hand_solver",
    "uniform",
]

Policy = Callable[[StudState], dict[int, float]]
"""A policy: the chance of each of the actor's legal actions (ids) in a state."""


def uniform(state: StudState) -> dict[int, float]:
    """Every legal action alike."""
    legal = state.legal_actions()
    return dict.fromkeys(legal, 1.0 / len(legal))


def always_fold(state: StudState) -> dict[int, float]:
    """Folds to any bet and checks when it may; posts the bring-in, and when it must
    bet (R6.4) bets the least."""
    legal = state.legal_actions()
    if CHECK_CALL in legal and state.action_of(CHECK_CALL).kind is ActionKind.CHECK:
        return {CHECK_CALL: 1.0}
    for action in (FOLD, BRING_IN, WAGER):
        if action in legal:
            return {action: 1.0}
    return {legal[0]: 1.0}


def always_call(state: StudState) -> dict[int, float]:
    """Checks or calls; posts the bring-in; when it must bet (R6.4), the least bet."""
    return {_passive(state): 1.0}


def show_hand_solver(game: StudGame, *, seed: int = 0, fallback_samples: int = 16) -> Policy:
    """The shipped Show Hand policy of ``game``'s deck (studpoker.bots.show_hand_cfr) as
    :class:`~studpoker.bots.show_hand_cfr.player.SolverPlayer` plays it: its chances from
    ``action_probabilities`` (each bet and raise of the hand mapped to the tree by its
    share of the pot, with the mapping's chances; the equity's samples drawn from
    ``seed``, alike for every question), an amount of its own made the nearest of the
    game's actions.  Where the policy does not play the hand (off its tree) the player
    falls back on the equity player, whose chances are counted from
    ``fallback_samples`` of its answers."""
    from studpoker.bots.show_hand_cfr.player import SolverPlayer

    spec = game.spec

    def policy(state: StudState) -> dict[int, float]:
        seat = state.current_player()
        view = state.hand.view(seat)
        player = SolverPlayer(random.Random(seed))
        player.new_hand(seat, spec)
        chances = player.action_probabilities(view)
        if chances is None:
            chances = {}
            for sample in range(fallback_samples):
                again = SolverPlayer(random.Random(seed * 7919 + sample))
                again.new_hand(seat, spec)
                action = again.decide(view)
                chances[action] = chances.get(action, 0.0) + 1.0 / fallback_samples
        ids: dict[int, float] = {}
        for action, chance in chances.items():
            ident = nearest_action(state, action)
            ids[ident] = ids.get(ident, 0.0) + chance
        total = sum(ids.values())
        return {ident: chance / total for ident, chance in ids.items()}

    return policy


def _passive(state: StudState) -> int:
    """Checking and calling down: check or call, else post the bring-in, else the least
    bet (Show Hand's opener must bet, R6.4)."""
    legal = state.legal_actions()
    for action in (CHECK_CALL, BRING_IN, WAGER):
        if action in legal:
            return action
    return legal[0]


def _draw(probabilities: dict[int, float], rng: random.Random) -> int:
    actions = list(probabilities)
    return rng.choices(actions, weights=[probabilities[a] for a in actions])[0]


def _apply(state: StudState, action: int | Action) -> None:
    if isinstance(action, int):
        state.apply_action(action)
    else:
        state.play(action)


@dataclass
class LocalBestResponse:
    """LBR against ``opponent`` in the heads-up ``game``; its values from every run-out
    of the cards to come when there are at most ``exact``, else ``samples`` drawn, and
    over every holding of the opponent when there are at most ``holdings_at_most``, else
    that many drawn (Seven Card Stud's third street has 1,980)."""

    game: StudGame
    opponent: Policy
    exact: int = 720
    samples: int = 32
    holdings_at_most: int = 400

    def __post_init__(self) -> None:
        if self.game.players != 2:
            raise ValueError("local best response plays heads-up games")

    # -- one hand ---------------------------------------------------------------------

    def play(
        self, deck: Sequence[Card | str], seat: int, rng: random.Random, *, all_in: bool = False
    ) -> float:
        """One hand with LBR in ``seat``, the cards coming in ``deck``'s order (each
        chance node takes the first of them not dealt), the opponent's moves drawn from
        its policy with ``rng``: LBR's result in chips.  With ``all_in``, a hand nobody
        can bet in any more (all in, or Show Hand's showhand called) ends there with its
        expected result over the cards to come (:meth:`called_down`): the same mean, the
        cards' luck of the last streets taken out."""
        order = [card_action(card) for card in deck]
        state = self.game.new_initial_state()
        while not state.is_terminal():
            actor = state.current_player()
            if actor == CHANCE:
                if all_in and state.history and not _decisions_to_come(state):
                    return self.called_down(state, seat, rng)
                left = set(state.legal_actions())
                state.apply_action(next(code for code in order if code in left))
            elif actor == seat:
                state.apply_action(self.choose(state, seat, rng))
            else:
                state.apply_action(_draw(self.opponent(state), rng))
        return float(state.hand.result.net[seat])

    # -- a decision ---------------------------------------------------------------------

    def choose(self, state: StudState, seat: int, rng: random.Random) -> int:
        """LBR's action in ``state``: the most valuable against the opponent's range (the
        more passive of equals: the lower id)."""
        values = self.values(state, seat, rng)
        return max(values, key=lambda action: (values[action], -action))

    def values(self, state: StudState, seat: int, rng: random.Random) -> dict[int, float]:
        """What each legal action is worth to LBR: its final result in chips, expected
        over the opponent's range and the cards to come."""
        ranged = self.range(state, seat, rng)
        weighted = [(there, weight) for there, weight in ranged if weight > 0.0]
        total = sum(weight for _, weight in weighted)
        values = {}
        for action in state.legal_actions():
            value = sum(
                weight * self._value(there, seat, action, rng) for there, weight in weighted
            )
            values[action] = value / total
        return values

    def _value(self, there: StudState, seat: int, action: int, rng: random.Random) -> float:
        after = there.clone()
        after.apply_action(action)
        if after.is_terminal() or action in (FOLD, CHECK_CALL, BRING_IN):
            return self.called_down(after, seat, rng)
        if after.current_player() != 1 - seat:
            return self.called_down(after, seat, rng)
        # A bet or raise: the opponent holding this folds as its policy does; any other
        # answer is taken for a call.
        folds = self.opponent(after).get(FOLD, 0.0)
        value = 0.0
        if folds > 0.0:
            folded = after.clone()
            folded.apply_action(FOLD)
            value += folds * self.called_down(folded, seat, rng)
        if folds < 1.0:
            called = after.clone()
            called.apply_action(_passive(called))
            value += (1.0 - folds) * self.called_down(called, seat, rng)
        return value

    def called_down(self, state: StudState, seat: int, rng: random.Random) -> float:
        """LBR's expected result from ``state`` with both checking and calling to the end
        (and posting what they must): every run-out of the cards left when there are at
        most ``exact``, else ``samples`` of them."""
        if state.is_terminal():
            return float(state.hand.result.net[seat])
        wanted = _cards_to_come(state)
        left = list(state._left)
        count = math.perm(len(left), wanted)
        if count <= self.exact:
            runs: Sequence[Sequence[int]] = list(itertools.permutations(left, wanted))
        else:
            runs = [rng.sample(left, wanted) for _ in range(self.samples)]
        return sum(_played_out(state, seat, run) for run in runs) / len(runs)

    # -- the opponent's range -----------------------------------------------------------

    def holdings(self, state: StudState, seat: int) -> list[tuple[int, ...]]:
        """Every set of down cards the opponent of ``seat`` may hold as ``seat`` sees the
        hand: as many as it has been dealt, of the cards ``seat`` has not seen, in
        dealing order."""
        dealt = _dealt(state)
        hidden = sum(1 for who, up in dealt if who == 1 - seat and not up)
        seen = {int(card) for card in _seen_cards(state, seat)}
        unseen = [code for code in self.game.codes if code not in seen]
        return list(itertools.permutations(unseen, hidden))

    def range(
        self, state: StudState, seat: int, rng: random.Random
    ) -> list[tuple[StudState, float]]:
        """For each holding of the opponent (``holdings_at_most`` of them drawn when there
        are more), the hand as it would be with it, and the chance that the opponent,
        holding it, moved as it did."""
        holdings = self.holdings(state, seat)
        if len(holdings) > self.holdings_at_most:
            holdings = rng.sample(holdings, self.holdings_at_most)
        ranged = []
        for holding in holdings:
            ranged.append(self.supposing(state, seat, holding))
        if not any(weight for _, weight in ranged):  # moves the policy never makes
            ranged = [(there, 1.0) for there, _ in ranged]
        return ranged

    def supposing(
        self, state: StudState, seat: int, holding: tuple[int, ...]
    ) -> tuple[StudState, float]:
        """``state`` had the opponent of ``seat`` been dealt ``holding`` (its down cards
        in dealing order, the rest the same), and the chance of its moves with it."""
        other = 1 - seat
        dealt = _dealt(state)
        there = self.game.new_initial_state()
        cards = iter(holding)
        card = 0  # the dealt cards so far
        chance = 1.0
        for action in state.history:
            if there.is_chance_node():
                who, up = dealt[card]
                card += 1
                if who == other and not up:
                    action = next(cards)
            elif there.current_player() == other and chance > 0.0:
                chance *= self.opponent(there).get(action, 0.0) if isinstance(action, int) else 1.0
            _apply(there, action)
        return there, chance


def _dealt(state: StudState) -> list[tuple[int, bool]]:
    """Each card dealt so far in order (the burn cards aside): its seat (-1 the community
    card) and whether it is up."""
    dealt = []
    for event in state.hand.events:
        if isinstance(event, CardDealt):
            dealt.append((event.seat, event.up))
        elif isinstance(event, CommunityCard):
            dealt.append((-1, True))
    return dealt


def _seen_cards(state: StudState, seat: int) -> list[Card]:
    """The cards ``seat`` has seen: its own, every up card, the community card."""
    seen = []
    for event in state.hand.events_for(seat):
        if isinstance(event, CardDealt | CommunityCard) and event.card is not None:
            seen.append(event.card)
    return seen


def _decisions_to_come(state: StudState) -> bool:
    """Whether anyone will still choose anything in the hand (the cards aside)."""
    there = state.clone()
    while not there.is_terminal():
        if not there.is_chance_node():
            return True
        there.apply_action(next(iter(there._left)))
    return False


def _cards_to_come(state: StudState) -> int:
    """How many cards the hand deals from here, checked and called down."""
    count = 0
    there = state.clone()
    while not there.is_terminal():
        if there.is_chance_node():
            there.apply_action(next(iter(there._left)))
            count += 1
        else:
            there.apply_action(_passive(there))
    return count


def _played_out(state: StudState, seat: int, run: Sequence[int]) -> float:
    """``seat``'s result with the hand checked and called down, dealt ``run``."""
    there = state.clone()
    cards = iter(run)
    while not there.is_terminal():
        if there.is_chance_node():
            there.apply_action(next(cards))
        else:
            there.apply_action(_passive(there))
    return float(there.hand.result.net[seat])


def lbr_match(
    lbr: LocalBestResponse, hands: int, *, seed: int = 0, all_in: bool = True
) -> tuple[float, float, list[float]]:
    """LBR against its opponent over ``hands`` hands: each deck dealt twice, LBR in each
    seat (duplicate: the cards' luck cancels), a hand nobody can bet in any more valued
    at its expectation (``all_in``, :meth:`LocalBestResponse.play`).  LBR's mean result a
    hand in chips, the half-width of its 95% interval, and each deal's mean (the two
    seats')."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(max(1, hands // 2)):
        deck = list(lbr.game.cards)
        rng.shuffle(deck)
        pair = [lbr.play(deck, seat, random.Random(rng.random()), all_in=all_in) for seat in (0, 1)]
        pairs.append(sum(pair) / 2)
    values = np.array(pairs, dtype=float)
    half = 1.96 * values.std(ddof=1) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return float(values.mean()), float(half), pairs
