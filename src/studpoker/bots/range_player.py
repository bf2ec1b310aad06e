"""The range-reading player: the equity player's decisions on its share of the pot,
that share taken against each opponent's range read from their actions
(:mod:`studpoker.bots.ranges`) instead of against every holding alike tilted by how
often they bet.

It plays as the equity player does (:mod:`studpoker.bots.equity_player`: the
first round of the fixed-limit games by the starting-hand standards, bets and raises
by margins over the fair share, calls by the pot odds, Show Hand's sizes and
showhands), with the ``hard`` temper; only the share differs.  With R7.4's community
card it leaves the share to the equity module.

One thing more: when only two players are left on the first round of a fixed-limit
game, it reads the opponent's :class:`Habits` (by seat, across the hands at a table)
and steals with any cards from a bring-in that folds to steals often enough, or
defends its own bring-in wider against a player who steals often.

>>> import random
>>> from studpoker.bots import play_hand
>>> from studpoker.games import razz
>>> players = [RangePlayer(random.Random(1)), RangePlayer(random.Random(2))]
>>> hand = play_hand(razz(), players, [4000, 4000], rng=random.Random(3))
>>> hand.is_over, sum(hand.result.net)
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from studpoker.bots.equity_player import EquityPlayer, Temper
from studpoker.bots.ranges import ActionModel, RangeReader
from studpoker.bots.reading import Reading, street_wagers
from studpoker.bots.rule_based import wager
from studpoker.bots.starting_hands import defends, starting_tier
from studpoker.engine import (
    Action,
    ActionKind,
    BringIn,
    Call,
    CardDealt,
    Complete,
    Event,
    Fold,
    HandView,
    Raise,
    StreetStarted,
)
from studpoker.games import GameSpec

__all__ = ["Habits", "RangePlayer"]

K = ActionKind

# A steal with any cards (a completion against the bring-in alone) pays when the
# bring-in folds more often than this: the steal wins the antes and the bring-in
# when it folds, and is about a small bet behind when it is called.
STEAL_FOLDS = 0.6
# Against an opponent who steals at least this often, the bring-in defends with a
# marginal hand too (the starting-hand standards' tier 1), or one that plays against
# the stealer's up card (``defends``).
DEFEND_STEALS = 0.5


@dataclass
class Habits:
    """What one opponent has done at this table's first rounds, heads-up (only the
    two players left): how often it folded to a completion against its bring-in, and
    how often it completed when it could steal.  The shares start from a prior of a
    few hands, so that a few hands move them little: a tight player folds 3 of 5, a
    steal is taken 1 time in 5."""

    faced: int = 0  # completions it faced with the bring-in alone in
    folded: int = 0  # … and folded to
    chances: int = 0  # times it could complete against the bring-in alone
    completed: int = 0  # … and did

    @property
    def folds(self) -> float:
        return (self.folded + 3) / (self.faced + 5)

    @property
    def steals(self) -> float:
        return (self.completed + 1) / (self.chances + 5)


class RangePlayer(EquityPlayer):
    """A player that reads its opponents' ranges (``model``: how it expects them to
    act on their cards) and acts on its share of the pot against them."""

    def __init__(
        self,
        rng: random.Random | None = None,
        temper: Temper | str = "hard",
        *,
        model: ActionModel | None = None,
        samples: int = 2000,
    ) -> None:
        super().__init__(rng, temper)
        self.name = "ranges"
        self.model = ActionModel() if model is None else model
        self.samples = samples
        self._reader: RangeReader | None = None
        self.habits: dict[int, Habits] = {}  # by the opponent's seat, across hands
        self._first = _FirstRound()

    def new_hand(self, seat: int, spec: GameSpec) -> None:
        super().new_hand(seat, spec)
        self._reader = RangeReader(spec, seat, model=self.model, seed=self.rng.getrandbits(63))
        self._first = _FirstRound()

    # -- the opponents' habits ---------------------------------------------------------

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            self._first.read(event, self)

    def habit(self, seat: int) -> Habits:
        return self.habits.setdefault(seat, Habits())

    # -- the first round heads-up ------------------------------------------------------

    def bet(self, view: HandView) -> Action:
        action = self._heads_up_first_round(view)
        return super().bet(view) if action is None else action

    def _heads_up_first_round(self, view: HandView) -> Action | None:
        """The first round of the fixed-limit games once only two players are left:
        steal against a bring-in that folds too often (its habits), defend a bring-in
        against a player who steals often; None leaves the decision to the
        starting-hand standards."""
        if (
            view.street != 0
            or view.game == "show_hand"
            or any(card is not None for card in view.community)
        ):
            return None
        live = [seat.seat for seat in view.seats if not seat.folded]
        if len(live) != 2 or view.viewer is None:
            return None
        other = live[0] if live[1] == view.viewer else live[1]
        options = {option.kind: option for option in view.legal_actions}
        if K.BRING_IN in options:
            return None
        brought = next((e.seat for e in view.events if isinstance(e, BringIn)), None)
        wagers, _ = street_wagers(view.events)
        habits = self.habit(other)
        if brought == other and wagers == 0 and K.COMPLETE in options:
            # A steal: the bring-in alone is left to act after us.
            if habits.folds >= STEAL_FOLDS:
                return wager(options[K.COMPLETE], big=False)
        elif brought == view.viewer and wagers == 1 and K.CALL in options:
            # Our bring-in against a completion: defended wider against a stealer.
            read = Reading(view, deck=self._deck_size(view))
            theirs = view.seats[other].up_cards
            if habits.steals >= DEFEND_STEALS and (
                starting_tier(read, view.game) >= 1
                or (theirs and theirs[-1] is not None and defends(read, view.game, theirs[-1]))
            ):
                return Action(K.CALL)
        return None

    def _deck_size(self, view: HandView) -> int:
        spec = self.spec
        return spec.deck if spec is not None and spec.game == view.game else 52

    def share(self, view: HandView) -> float:
        reader = self._reader
        if reader is None or reader.me != view.viewer or reader.spec.game != view.game:
            spec = self._spec(view)
            assert view.viewer is not None
            reader = self._reader = RangeReader(
                spec, view.viewer, model=self.model, seed=self.rng.getrandbits(63)
            )
        found = reader.equity(view, self.samples)
        return super().share(view) if found is None else found


class _FirstRound:
    """Reads a hand's first round for the habits: who brought in, who is still in,
    whether a completion was a steal (against the bring-in alone), and what the
    opponent did with one."""

    def __init__(self) -> None:
        self.street = -1
        self.dealt: set[int] = set()
        self.folded: set[int] = set()
        self.bring_in: int | None = None
        self.wagers = 0
        self.stolen_by: int | None = None  # the seat that completed heads-up

    def read(self, event: Event, player: RangePlayer) -> None:
        if isinstance(event, StreetStarted):
            self.street = event.index
            return
        if self.street != 0:
            return
        seat = getattr(event, "seat", None)
        if seat is None:
            return
        if isinstance(event, CardDealt):
            self.dealt.add(seat)
            return
        if isinstance(event, BringIn):
            self.bring_in = seat
            return
        me = player.seat
        live = self.dealt - self.folded if self.dealt else set()
        heads_up = self.bring_in is not None and len(live) == 2 and self.bring_in in live
        if self.stolen_by is not None and seat != self.stolen_by:
            if self.stolen_by == me and seat != me:  # the bring-in answers our steal
                habits = player.habit(seat)
                habits.faced += 1
                habits.folded += isinstance(event, Fold)
            self.stolen_by = None
        elif (
            self.wagers == 0
            and heads_up
            and seat != self.bring_in
            and seat != me
            and isinstance(event, Complete | Call | Fold)
        ):
            habits = player.habit(seat)  # it could steal from our bring-in
            habits.chances += 1
            habits.completed += isinstance(event, Complete)
        if isinstance(event, Complete | Raise):
            if self.wagers == 0 and heads_up and seat != self.bring_in:
                self.stolen_by = seat
            self.wagers += 1
        elif isinstance(event, Fold):
            self.folded.add(seat)
