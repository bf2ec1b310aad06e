"""One betting round: whose turn it is, checking an action, and what it does.

The loop is the same for every game (DESIGN.md idea 5); what differs between betting
structures — who opens, what each seat may do, whether a wager reopens the betting —
is a :class:`~studpoker.engine.structures.Structure` the round is given.  The round
keeps its own state (the level to match, who has acted); the chips are the hand's,
and only :meth:`Hand.put_in <studpoker.engine.hand.Hand.put_in>` and
:meth:`Hand.fold <studpoker.engine.hand.Hand.fold>` change them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from studpoker.engine.actions import Action, ActionKind, IllegalAction, Kinds, LegalAction
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
    from studpoker.engine.structures import Structure
    from studpoker.games import GameSpec

__all__ = ["CHECK", "FOLD", "BettingRound", "option", "single"]

K = Kinds  # ActionKind's members, cheaper to read (actions.Kinds)
WAGERS = frozenset((K.BET, K.RAISE, K.COMPLETE))
FOLD = LegalAction(K.FOLD)
CHECK = LegalAction(K.CHECK)

# Legal actions are immutable, and the same few recur hand after hand: made once.
_MADE: dict[tuple[ActionKind, int, int, tuple[int, ...] | None], LegalAction] = {}


def single(kind: ActionKind, amount: int) -> LegalAction:
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


def option(
    kind: ActionKind, low: int, high: int, choices: tuple[int, ...] | None = None
) -> LegalAction:
    key = (kind, low, high, choices)
    option = _MADE.get(key)
    if option is None:
        if len(_MADE) > 10_000:
            _MADE.clear()
        option = _MADE[key] = LegalAction(kind, low, high, choices)
    return option


class BettingRound:
    """The state of the betting on one street.

    A plain class rather than a dataclass: mypyc (scripts/compile.py) compiles this
    module, and a compiled dataclass needs ``Hand`` at run time, which this module
    imports only for the type checker (hand.py imports this one)."""

    __slots__ = (
        "_legal",
        "acted",
        "actor",
        "aggressor",
        "big_made",
        "bring_in_due",
        "completed",
        "first",
        "full_level",
        "hand",
        "last_increment",
        "level",
        "open_pair",
        "short_bring_in",
        "showhand_to",
        "spec",
        "spoken",
        "step",
        "street",
        "structure",
        "wagers",
    )

    def __init__(self, hand: Hand, street: int, first: int, structure: Structure) -> None:
        self.hand = hand
        self.street = street
        self.first = first
        self.structure = structure
        self.level = 0  # what every player must put in this street to stay
        self.full_level = 0  # the level of the last full bet or raise (R2.11)
        self.last_increment = 0  # Show Hand: a raise is at least the last raise (R6.4)
        self.wagers = 0  # fixed limit: the bet (or completion) and raises so far (R2.5)
        self.bring_in_due = False  # third street, before the bring-in (R2.4)
        self.completed = False  # third street: the bring-in has been completed
        self.open_pair = False  # R2.7: a pair shows on fourth street
        self.big_made = False  # R2.7: a big bet has been made this street
        self.showhand_to: int | None = None  # R6.6: a showhand was made, to this level
        self.short_bring_in = False  # R2.4: the bring-in was posted all in, short
        self.aggressor: int | None = None  # the last to bet or raise (R5.2)
        self.acted: set[int] = set()  # acted since the last full bet
        self.spoken: set[int] = set()  # acted at all this street
        self.actor: int | None = None
        self.step = 0  # the street's bet size: small on third and fourth, big after (R2.6)
        self._legal: list[LegalAction] | None = None  # the actor's legal actions, until it acts
        self.spec: GameSpec = hand.spec

    def __repr__(self) -> str:
        return (
            f"BettingRound(street={self.street}, actor={self.actor}, level={self.level}, "
            f"wagers={self.wagers})"
        )

    # -- whose turn ---------------------------------------------------------------

    def start(self) -> None:
        """Find the first actor: ``first``, or if it cannot act (all in), the next
        seat clockwise that can; that seat is the round's opener."""
        self.actor = self._next_from(self.first, include_self=True)
        self._legal = None
        if self.actor is not None:
            self.first = self.actor

    def opponent_can_act(self, seat: int) -> bool:
        """Whether anyone else could put in more than the current level: a raise
        nobody can call any of (everyone else folded, all in, or covered) is no
        raise, only a call."""
        hand = self.hand
        stacks, bets, folded, level = hand.stacks, hand.bets, hand.folded, self.level
        for s in range(hand.player_count):
            if s != seat and not folded[s] and stacks[s] + bets[s] > level:
                return True
        return False

    def capped(self) -> bool:
        """Whether the street's bet and raises have reached the cap (R2.5): not
        heads-up unless ``cap_heads_up``."""
        spec = self.spec
        if self.wagers < 1 + spec.max_raises:
            return False
        return spec.cap_heads_up or self.hand.folded.count(False) != 2

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
            legal = self._legal = self.structure.actions(self, seat)
        return legal

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
            hand.fold(seat)
            events.append(Fold(seat))
        elif kind == K.CALL:
            paid = option.minimum
            bets = hand.bets
            if self.showhand_to is None and paid == stacks[seat] < self.level - bets[seat]:
                hand.short_callers.add(seat)  # R6.8: cannot match a bet that is no showhand
            hand.put_in(seat, paid)
            if self.short_bring_in and stacks[seat] and bets[seat] < self.level:
                self.level = bets[seat]  # R2.4: nobody left to enter for the full bring-in
            self.acted.add(seat)
            events.append(Call(seat, paid))
        elif kind == K.CHECK:
            self.acted.add(seat)
            events.append(Check(seat))
        elif kind == K.BRING_IN:
            paid = option.minimum
            hand.put_in(seat, paid)
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
        hand = self.hand
        before = self.level
        hand.put_in(seat, to - hand.bets[seat])
        full = self.structure.is_full(self, kind, to, before)
        self.level = to
        self.aggressor = seat
        if full:
            if kind != K.COMPLETE or self.spec.raises_from == "completion":
                self.full_level = to  # else (a site's rule) raises count from the bring-in
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
            return "the bring-in must be posted or completed first", "bring_in_first", "R2.4"
        if self.showhand_to is not None:
            return (
                "after a showhand a player may only call or drop",
                "after_showhand",
                "R6.6",
            )
        if kind == K.CHECK and to_call > 0:
            return f"facing a bet of {to_call}", "facing_bet", None
        if kind == K.CALL and to_call <= 0:
            return "there is no bet to call", "nothing_to_call", None
        if kind == K.SHOWHAND:
            return "showhand is not allowed now", "no_showhand", "R6.6"
        if kind in (K.BET, K.RAISE, K.COMPLETE) and action.amount is None:
            return f"{kind} needs an amount to bet to", "amount_needed", None
        if kind in (K.CALL, K.BRING_IN, K.SHOWHAND) and action.amount is not None:
            return f"it costs {self._cost(seat, kind)}, not {action.amount}", "wrong_cost", None
        if kind in (K.BET, K.RAISE, K.COMPLETE) and (seat in self.acted or self.capped()):
            return "the betting is capped or not reopened", "capped", "R2.5"
        if kind == K.FOLD:
            return "the opener must bet", "opener_must_bet", "R6.4"
        if option is not None:  # the kind is open, the amount is not
            rule = self.structure.amount_rule(self, action.amount or 0, option)
            return "the amount is not one the rules allow", "amount", rule
        return "that is not one of the actions open now", "not_open", None
