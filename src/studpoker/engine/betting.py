"""One betting round: who may do what, and what each action does to the chips.

Fixed-limit stud (R2): bring-in and completion on third street, small and big
bets, the cap (R2.5), the open-pair double bet (R2.7) and short all-in wagers
(R2.11).  Show Hand (R6.4 to R6.6): the opener must bet, raises of at least the
last raise, the table's limit and street caps, and the showhand.

The round keeps its own state (the level to match, who has acted); the chips
live in :class:`~studpoker.engine.hand.Hand`'s seats, which the round changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from studpoker.engine.actions import Action, ActionKind, IllegalAction, LegalAction
from studpoker.engine.events import (
    AllIn,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Event,
    Fold,
    Raise,
    Showhand,
)

if TYPE_CHECKING:
    from studpoker.engine.hand import Hand
    from studpoker.games import GameSpec

__all__ = ["BettingRound"]

K = ActionKind
WAGERS = frozenset((K.BET, K.RAISE, K.COMPLETE))
FOLD = LegalAction(K.FOLD)
CHECK = LegalAction(K.CHECK)

# Legal actions are immutable, and the same few recur hand after hand: made once.
_MADE: dict[tuple[ActionKind, int, int, tuple[int, ...] | None], LegalAction] = {}


def _single(kind: ActionKind, amount: int) -> LegalAction:
    """The option of ``kind`` at one amount: a call or bring-in costing it, or a
    completion, bet or raise to it."""
    made = _SINGLE[kind]
    option = made.get(amount)
    if option is None:
        if len(made) > 1_000:
            made.clear()
        choices = (amount,) if kind in WAGERS else None
        option = made[amount] = LegalAction(kind, amount, amount, choices)
    return option


_SINGLE: dict[ActionKind, dict[int, LegalAction]] = {kind: {} for kind in ActionKind}
_CALLS = _SINGLE[K.CALL]


def _option(
    kind: ActionKind, low: int, high: int, choices: tuple[int, ...] | None = None
) -> LegalAction:
    key = (kind, low, high, choices)
    option = _MADE.get(key)
    if option is None:
        if len(_MADE) > 10_000:
            _MADE.clear()
        option = _MADE[key] = LegalAction(kind, low, high, choices)
    return option


@dataclass(slots=True)
class BettingRound:
    """The state of the betting on one street."""

    hand: Hand
    street: int
    first: int
    level: int = 0  # what every player must put in this street to stay
    full_level: int = 0  # the level of the last full bet or raise (R2.11)
    last_increment: int = 0  # Show Hand: a raise is at least the last raise (R6.4)
    wagers: int = 0  # fixed limit: the bet (or completion) and raises so far (R2.5)
    bring_in_due: bool = False  # third street, before the bring-in (R2.4)
    completed: bool = False  # third street: the bring-in has been completed
    open_pair: bool = False  # R2.7: a pair shows on fourth street
    big_made: bool = False  # R2.7: a big bet has been made this street
    showhand_to: int | None = None  # R6.6: a showhand was made, to this level
    short_bring_in: bool = False  # R2.4: the bring-in was posted all in, short
    aggressor: int | None = None  # the last to bet or raise (R5.2)
    acted: set[int] = field(default_factory=set)  # acted since the last full bet
    spoken: set[int] = field(default_factory=set)  # acted at all this street
    actor: int | None = None
    step: int = 0  # the street's bet size: small on third and fourth, big after (R2.6)
    _legal: list[LegalAction] | None = None  # the actor's legal actions, until it acts
    spec: GameSpec = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.spec = self.hand.spec

    # -- whose turn ---------------------------------------------------------------

    def start(self) -> None:
        """Find the first actor: ``first``, or if it cannot act (all in), the next
        seat clockwise that can; that seat is the round's opener."""
        self.actor = self._next_from(self.first, include_self=True)
        self._legal = None
        if self.actor is not None:
            self.first = self.actor

    def _opponent_can_act(self, seat: int) -> bool:
        """Whether anyone else could put in more than the current level: a raise
        nobody can call any of (everyone else folded, all in, or covered) is no
        raise, only a call."""
        hand = self.hand
        stacks, bets, folded, level = hand.stacks, hand.bets, hand.folded, self.level
        for s in range(hand.player_count):
            if s != seat and not folded[s] and stacks[s] + bets[s] > level:
                return True
        return False

    def _can_act(self, seat: int) -> bool:
        hand = self.hand
        return not hand.folded[seat] and hand.stacks[seat] > 0

    def _next_from(self, seat: int, *, include_self: bool = False) -> int | None:
        """The next seat clockwise that must act, or None when the street's betting
        is over (everyone matched, or nobody is left to bet against).  A seat owes
        an action if it has not matched the level or not spoken on the street;
        after a showhand, if it has not answered it (R6.6)."""
        hand = self.hand
        stacks, folded, bets = hand.stacks, hand.folded, hand.bets
        count = hand.player_count
        level, spoken = self.level, self.spoken
        showhand = self.showhand_to is not None
        owing = -1
        active = 0
        last = -1
        s = seat if include_self else seat + 1
        for _ in range(count):
            if s >= count:
                s -= count
            if not folded[s] and stacks[s]:
                active += 1
                last = s
                if owing < 0 and (
                    s not in spoken if showhand else bets[s] < level or s not in spoken
                ):
                    owing = s
                if owing >= 0 and active >= 2:
                    return owing  # someone must act, and has someone to act against
            s += 1
        if owing < 0 or (active == 1 and bets[last] >= level):
            return None
        return owing

    # -- what is allowed ------------------------------------------------------------

    def legal_actions(self) -> list[LegalAction]:
        legal = self._legal
        if legal is None:
            seat = self.actor
            if seat is None:
                return []
            if self.spec.is_show_hand:
                legal = self._legal = self._show_hand_actions(seat)
            else:
                legal = self._legal = self._fixed_limit_actions(seat)
        return legal

    def _step(self) -> int:
        """The size of a bet or raise now (R2.6, R2.7)."""
        if self.big_made:
            return self.spec.big_bet
        return self.step

    def _steps(self) -> tuple[int, ...]:
        spec = self.spec
        if self.open_pair and not self.big_made:
            return (spec.small_bet, spec.big_bet)
        return (self._step(),)

    def _capped(self) -> bool:
        spec = self.spec
        if self.wagers < 1 + spec.max_raises:
            return False
        heads_up = self.hand.folded.count(False) == 2
        return spec.cap_heads_up or not heads_up

    def _fixed_limit_actions(self, seat: int) -> list[LegalAction]:
        hand, spec = self.hand, self.spec
        chips, bet = hand.stacks[seat], hand.bets[seat]
        most = chips + bet  # the seat's wager if it puts every chip in
        if self.bring_in_due:
            posted = spec.bring_in if chips > spec.bring_in else chips
            actions = [_single(K.BRING_IN, posted)]
            if chips > spec.bring_in:
                actions.append(_single(K.COMPLETE, min(spec.small_bet, most)))
            return actions
        level = self.level
        to_call = level - bet
        if to_call > 0 and self.short_bring_in:
            to_call = self._short_bring_in_call(seat, to_call)
        if to_call > 0:
            paid = to_call if to_call < chips else chips
            actions = [FOLD, _CALLS.get(paid) or _single(K.CALL, paid)]
        else:
            actions = [CHECK, FOLD]
        if (
            chips <= to_call
            or seat in self.acted
            or (self.wagers > spec.max_raises and self._capped())
        ):
            return actions
        stacks, bets, folded = hand.stacks, hand.bets, hand.folded
        for s in range(hand.player_count):  # _opponent_can_act, inline
            if s != seat and not folded[s] and stacks[s] + bets[s] > level:
                break
        else:
            return actions
        if self.street == 0 and not self.completed and spec.bring_in > 0:
            actions.append(_single(K.COMPLETE, min(spec.small_bet, most)))
            return actions
        kind = K.BET if level == 0 else K.RAISE
        if self.open_pair and not self.big_made:
            # R2.7: a small or a big bet, until a big one is made.
            tos = sorted({min(self.full_level + step, most) for step in self._steps()})
            choices = tuple(to for to in tos if to > level)
        else:
            to = self.full_level + (spec.big_bet if self.big_made else self.step)
            if to > most:
                to = most
            if to > level:
                actions.append(_single(kind, to))
            return actions
        if choices:
            actions.append(_option(kind, choices[0], choices[-1], choices))
        return actions

    def _short_bring_in_call(self, seat: int, to_call: int) -> int:
        """R2.4: after a bring-in posted all in for less than the bring-in, the
        others enter for the full bring-in, but only while one of them could still
        bet against the caller: when everyone else is folded or all in, a call
        matches the most anyone else put in (as Full Tilt records it)."""
        hand = self.hand
        stacks, bets, folded = hand.stacks, hand.bets, hand.folded
        others = [s for s in range(hand.player_count) if s != seat and not folded[s]]
        if any(stacks[s] for s in others):
            return to_call
        return min(to_call, max(bets[s] for s in others) - bets[seat])

    def _show_hand_actions(self, seat: int) -> list[LegalAction]:
        hand, spec = self.hand, self.spec
        chips, bet = hand.stacks[seat], hand.bets[seat]
        most = chips + bet
        to_call = self.level - bet
        if self.showhand_to is not None:
            paid = self._showhand_call(seat)
            return [LegalAction(K.FOLD), LegalAction(K.CALL, paid, paid)]
        actions: list[LegalAction] = []
        opener_must_bet = self.level == 0 and seat == self.first and not self.spoken
        if to_call > 0:
            paid = min(to_call, chips)
            actions += [LegalAction(K.FOLD), LegalAction(K.CALL, paid, paid)]
        elif not opener_must_bet or spec.opener_may_check:
            actions += [LegalAction(K.CHECK), LegalAction(K.FOLD)]
        if not self._opponent_can_act(seat):
            return actions
        showhand = hand.showhand_open(self.street)
        if chips > to_call and seat not in self.acted:
            low = self.level + max(self.last_increment, spec.min_bet, 1)
            # A limit or a street cap never forbids the smallest bet or raise.
            high = min(max(self._limit_max(seat), low), most)
            if showhand:
                high = min(high, most - 1)  # all of one's chips is the showhand
            low = min(low, most)  # a short stack may bet what it has
            if low <= high and low > self.level:
                kind = K.BET if self.level == 0 else K.RAISE
                actions.append(LegalAction(kind, low, high))
        if showhand and self._showhand_level(seat) > self.level:
            paid = self._showhand_level(seat) - bet
            actions.append(LegalAction(K.SHOWHAND, paid, paid))
        return actions

    def _limit_max(self, seat: int) -> int:
        hand, spec = self.hand, self.spec
        most = hand.stacks[seat] + hand.bets[seat]
        if spec.limit == "pot":
            pot_after_call = sum(hand.contributed) + self.level - hand.bets[seat]
            most = min(most, self.level + pot_after_call)
        elif spec.limit == "fixed_max":
            most = min(most, self.level + spec.max_bet)
        if spec.street_caps is not None:
            most = min(most, int(spec.street_caps[self.street] * hand.showhand_base))
        return most

    def _showhand_level(self, seat: int) -> int:
        """The street level a showhand by ``seat`` pushes to (R6.6): every chip, or
        with ``showhand_amount="smallest_stack"`` no more than every other player
        still in can match."""
        hand = self.hand
        most = hand.stacks[seat] + hand.bets[seat]
        if hand.spec.showhand_amount == "smallest_stack":
            others = [
                hand.stacks[s] + hand.bets[s]
                for s in range(hand.player_count)
                if s != seat and not hand.folded[s] and hand.stacks[s] > 0
            ]
            if others:
                most = min(most, min(others))
        return most

    def _showhand_call(self, seat: int) -> int:
        """What calling a showhand costs: every chip (002), or with
        ``showhand_amount="smallest_stack"`` no more than the showhand."""
        hand = self.hand
        assert self.showhand_to is not None
        if hand.spec.showhand_amount == "smallest_stack":
            return min(hand.stacks[seat], max(self.showhand_to - hand.bets[seat], 0))
        return hand.stacks[seat]

    # -- doing it -----------------------------------------------------------------

    def apply(self, action: Action, events: list[Event]) -> None:
        """Apply the actor's ``action``, appending what happens to ``events``, or
        raise :class:`IllegalAction`, changing nothing."""
        seat = self.actor
        assert seat is not None
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        kind, amount = action
        for option in legal:
            if option.kind == kind:
                break
        else:
            raise self._refusal(seat, action, legal)
        if (
            (amount is None or not option.allows(amount))
            if kind in WAGERS
            else amount is not None and amount != option.minimum
        ):
            # "call 90" as the legal actions print it is fine; another amount is not.
            raise self._refusal(seat, action, legal, option)
        hand = self.hand
        stacks = hand.stacks
        self.spoken.add(seat)
        if kind == K.FOLD:
            hand.folded[seat] = True
            events.append(Fold(seat))
        elif kind == K.CALL:
            paid = option.minimum
            bets = hand.bets
            if self.showhand_to is None and paid == stacks[seat] < self.level - bets[seat]:
                hand.short_callers.add(seat)  # R6.8: cannot match a bet that is no showhand
            stacks[seat] -= paid
            bets[seat] += paid
            hand.contributed[seat] += paid
            if self.short_bring_in and stacks[seat] and bets[seat] < self.level:
                self.level = bets[seat]  # R2.4: nobody left to enter for the full bring-in
            self.acted.add(seat)
            events.append(Call(seat, paid))
        elif kind == K.CHECK:
            self.acted.add(seat)
            events.append(Check(seat))
        elif kind == K.BRING_IN:
            paid = option.minimum
            stacks[seat] -= paid
            hand.bets[seat] += paid
            hand.contributed[seat] += paid
            self.level = self.full_level = self.spec.bring_in  # R2.4: the full bring-in
            self.short_bring_in = paid < self.spec.bring_in
            self.bring_in_due = False
            self.acted.add(seat)
            events.append(BringIn(seat, paid))
        elif kind == K.SHOWHAND:
            paid = option.minimum
            hand.put_in(seat, paid)
            self.showhand_to = hand.bets[seat]
            self.level = max(self.level, hand.bets[seat])
            self.aggressor = seat
            self.acted = {seat}
            self.spoken = {seat}
            hand.showhand_made = True
            events.append(Showhand(seat, paid, hand.bets[seat]))
        else:
            assert amount is not None
            self.bring_in_due = False
            events.append(self._wager(seat, kind, amount))
        if not stacks[seat] and kind != K.FOLD and kind != K.CHECK:
            events.append(AllIn(seat))
        self.actor = self._next_from(seat)
        self._legal = None

    def _wager(self, seat: int, kind: ActionKind, to: int) -> Event:
        """A bet, raise or completion to ``to``; full ones reopen the betting (R2.11)."""
        hand, spec = self.hand, self.spec
        before = self.level
        hand.put_in(seat, to - hand.bets[seat])
        if spec.is_show_hand:
            increment = to - before
            full = increment >= max(self.last_increment, spec.min_bet, 1)
            if full:
                self.last_increment = increment
        elif kind == K.COMPLETE:
            step = spec.small_bet - self.full_level
            full = to == spec.small_bet or 2 * (to - self.full_level) >= step
            if full:
                self.completed = True
        else:
            steps = self._steps()
            full = to - self.full_level in steps or 2 * (to - before) >= self._step()
            if full and self.open_pair and to - self.full_level == spec.big_bet:
                self.big_made = True
        self.level = to
        self.aggressor = seat
        if full:
            self.full_level = to
            self.wagers += 1
            self.acted = {seat}
        else:
            self.acted.add(seat)
        if kind == K.COMPLETE:
            return Complete(seat, to)
        return Bet(seat, to) if before == 0 else Raise(seat, to)

    def _cost(self, seat: int, kind: ActionKind) -> int:
        option = next((o for o in self.legal_actions() if o.kind == kind), None)
        return 0 if option is None else option.minimum

    def _refusal(
        self,
        seat: int,
        action: Action,
        legal: list[LegalAction],
        option: LegalAction | None = None,
    ) -> IllegalAction:
        """Why ``action`` is refused (``option``: the legal action of its kind, when
        only its amount is wrong), with its reason's code and rule."""
        allowed = ", ".join(str(option) for option in legal)
        why, reason, rule = self._why(seat, action, option)
        return IllegalAction(
            f"seat {seat} cannot {action}: {why}; allowed: {allowed}", reason=reason, rule=rule
        )

    def _why(
        self, seat: int, action: Action, option: LegalAction | None
    ) -> tuple[str, str, str | None]:
        hand = self.hand
        to_call = self.level - hand.bets[seat]
        kind = action.kind
        if kind in (K.SHOW, K.MUCK):
            return "the betting is not over", "betting_not_over", None
        if self.bring_in_due and kind not in (K.BRING_IN, K.COMPLETE):
            return "the bring-in must be posted or completed first (R2.4)", "bring_in_first", "R2.4"
        if self.showhand_to is not None:
            return (
                "after a showhand a player may only call or drop (R6.6)",
                "after_showhand",
                "R6.6",
            )
        if kind == K.CHECK and to_call > 0:
            return f"facing a bet of {to_call}", "facing_bet", None
        if kind == K.CALL and to_call <= 0:
            return "there is no bet to call", "nothing_to_call", None
        if kind == K.SHOWHAND:
            return "showhand is not allowed now (R6.6, R7.1)", "no_showhand", "R6.6"
        if kind in (K.BET, K.RAISE, K.COMPLETE) and action.amount is None:
            return f"{kind} needs an amount to bet to", "amount_needed", None
        if kind in (K.CALL, K.BRING_IN, K.SHOWHAND) and action.amount is not None:
            return f"it costs {self._cost(seat, kind)}, not {action.amount}", "wrong_cost", None
        if kind in (K.BET, K.RAISE, K.COMPLETE) and (seat in self.acted or self._capped()):
            return "the betting is capped or not reopened (R2.5, R2.11)", "capped", "R2.5"
        if kind == K.FOLD:
            return "the opener must bet (R6.4)", "opener_must_bet", "R6.4"
        if option is not None:  # the kind is open, the amount is not
            if hand.spec.is_show_hand:  # the least bet or raise, or the table's limit
                rule = "R6.4" if (action.amount or 0) < option.minimum else "R6.5"
            else:
                rule = "R2.7" if self.open_pair else "R2.6"
            return f"the amount is not one the rules allow ({rule})", "amount", rule
        return "that is not one of the actions open now", "not_open", None
