"""The betting structures (DESIGN.md idea 5): one small strategy each, behind one
interface, chosen by :attr:`GameSpec.betting <studpoker.games.GameSpec>`.

Every game bets in the same loop (:class:`~studpoker.engine.betting.BettingRound`:
whose turn it is, checking an action, moving chips through the hand).  A structure
decides the rest: who is dealt first and who opens a street, what the actor may do,
whether a wager is a full one that reopens the betting, and which rule an amount
breaks.

* :class:`BringIn` — fixed limit opened by a bring-in (R2, R9): the seven-card games
  and Five-Card Stud;
* :class:`FixedLimit` — fixed limit with an ante only: the low card opens and may check;
* :class:`ShowHandBetting` — Show Hand's open betting (R6.4 to R6.6): the best board
  speaks and must bet, raises of at least the last raise, the table's limit and street
  caps, and the showhand.

>>> from studpoker.games import five_card_stud, show_hand
>>> STRUCTURES[five_card_stud().betting], STRUCTURES[show_hand().betting]
(<BringIn>, <ShowHandBetting>)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from studpoker.engine.actions import ActionKind, Kinds, LegalAction
from studpoker.engine.betting import CHECK, FOLD, BettingRound, option, single

if TYPE_CHECKING:
    from studpoker.engine.hand import Hand

__all__ = ["STRUCTURES", "BringIn", "FixedLimit", "ShowHandBetting", "Structure"]

K = Kinds  # ActionKind's members, cheaper to read (actions.Kinds)


class Structure:
    """The interface: what differs between betting structures, and nothing else."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"

    def dealing_order(self, hand: Hand) -> list[int]:
        """The seats still in, in the order a street is dealt to them: from seat 0."""
        folded = hand.folded
        return [seat for seat in range(hand.player_count) if not folded[seat]]

    def street_dealt(self, hand: Hand, street: int) -> None:
        """Note what the cards just dealt decide, before any betting."""

    def open_round(self, hand: Hand, street: int, can_bet: list[int]) -> BettingRound:
        """The street's betting round, started (its actor None if nobody must act)."""
        raise NotImplementedError

    def actions(self, rnd: BettingRound, seat: int) -> list[LegalAction]:
        """What ``seat``, the actor, may do now."""
        raise NotImplementedError

    def is_full(self, rnd: BettingRound, kind: ActionKind, to: int, before: int) -> bool:
        """Whether a wager to ``to`` over the level ``before`` is a full bet or raise,
        which reopens the betting (R2.11, R6.4), noting what it changes."""
        raise NotImplementedError

    def amount_rule(self, rnd: BettingRound, amount: int, option: LegalAction) -> str:
        """The rule an amount of an open kind of wager breaks."""
        raise NotImplementedError

    def showhand_open(self, hand: Hand, street: int) -> bool:
        """Whether a showhand may be made on this street (R6.6, R7.1)."""
        return False


class FixedLimit(Structure):
    """Fixed limit (R2): small and big bets by street, the cap (R2.5), the open-pair
    double bet (R2.7), short all-in wagers (R2.11).  With an ante only, the seat the
    bring-in rule names (R3.1) opens the first street and may check or bet."""

    __slots__ = ()
    bring_in = False

    def first_to_act(self, hand: Hand, street: int) -> int:
        if street == 0:
            return hand.bring_in_seat()
        return hand.best_showing_seat()

    def open_round(self, hand: Hand, street: int, can_bet: list[int]) -> BettingRound:
        spec = hand.spec
        rnd = BettingRound(hand, street, self.first_to_act(hand, street), self)
        rnd.step = spec.big_bet if spec.streets[street].big else spec.small_bet
        rnd.bring_in_due = street == 0 and self.bring_in
        if street == 1 and spec.open_pair_double:
            rnd.open_pair = hand.open_pair_showing()  # R2.7, R9.3
        rnd.start()
        return rnd

    def actions(self, rnd: BettingRound, seat: int) -> list[LegalAction]:
        hand, spec = rnd.hand, rnd.spec
        chips, bet = hand.stacks[seat], hand.bets[seat]
        most = chips + bet  # the seat's wager if it puts every chip in
        if rnd.bring_in_due:
            posted = spec.bring_in if chips > spec.bring_in else chips
            actions = [single(K.BRING_IN, posted)]
            if chips > spec.bring_in:
                actions.append(single(K.COMPLETE, min(spec.small_bet, most)))
            return actions
        level = rnd.level
        to_call = level - bet
        if to_call > 0 and rnd.short_bring_in:
            to_call = _short_bring_in_call(rnd, seat, to_call)
        if to_call > 0:
            actions = [FOLD, single(K.CALL, to_call if to_call < chips else chips)]
        else:
            actions = [CHECK, FOLD]
        if chips <= to_call or seat in rnd.acted or (rnd.wagers > spec.max_raises and rnd.capped()):
            return actions
        stacks, bets, folded = hand.stacks, hand.bets, hand.folded
        for s in range(hand.player_count):  # BettingRound.opponent_can_act, inline
            if s != seat and not folded[s] and stacks[s] + bets[s] > level:
                break
        else:
            return actions
        if rnd.street == 0 and not rnd.completed and self.bring_in:
            actions.append(single(K.COMPLETE, min(spec.small_bet, most)))
            return actions
        kind = K.BET if level == 0 else K.RAISE
        if rnd.open_pair and not rnd.big_made:
            # R2.7: a small or a big bet, until a big one is made.
            tos = sorted({min(rnd.full_level + step, most) for step in _steps(rnd)})
            choices = tuple(to for to in tos if to > level)
            if choices:
                actions.append(option(kind, choices[0], choices[-1], choices))
            return actions
        to = rnd.full_level + (spec.big_bet if rnd.big_made else rnd.step)
        if to > most:
            to = most
        if to > level:
            actions.append(single(kind, to))
        return actions

    def is_full(self, rnd: BettingRound, kind: ActionKind, to: int, before: int) -> bool:
        spec = rnd.spec
        if kind == K.COMPLETE:
            step = spec.small_bet - rnd.full_level
            full = to == spec.small_bet or 2 * (to - rnd.full_level) >= step
            if full:
                rnd.completed = True
            return full
        full = to - rnd.full_level in _steps(rnd) or 2 * (to - before) >= _step(rnd)
        if full and rnd.open_pair and to - rnd.full_level == spec.big_bet:
            rnd.big_made = True
        return full

    def amount_rule(self, rnd: BettingRound, amount: int, option: LegalAction) -> str:
        return "R2.7" if rnd.open_pair else "R2.6"


class BringIn(FixedLimit):
    """Fixed limit opened by a bring-in (R2.4, R9.2): the seven-card games and
    Five-Card Stud.  The bring-in seat posts the bring-in or completes; until someone
    completes, the others call the bring-in or complete, and raises are in steps of
    the small bet after it."""

    __slots__ = ()
    bring_in = True


def _step(rnd: BettingRound) -> int:
    """The size of a bet or raise now (R2.6, R2.7)."""
    return rnd.spec.big_bet if rnd.big_made else rnd.step


def _steps(rnd: BettingRound) -> tuple[int, ...]:
    spec = rnd.spec
    if rnd.open_pair and not rnd.big_made:
        return (spec.small_bet, spec.big_bet)
    return (_step(rnd),)


def _short_bring_in_call(rnd: BettingRound, seat: int, to_call: int) -> int:
    """R2.4: after a bring-in posted all in for less than the bring-in, the others
    enter for the full bring-in, but only while one of them could still bet against
    the caller: when everyone else is folded or all in, a call matches the most
    anyone else put in (as Full Tilt records it)."""
    hand = rnd.hand
    stacks, bets, folded = hand.stacks, hand.bets, hand.folded
    others = [s for s in range(hand.player_count) if s != seat and not folded[s]]
    if any(stacks[s] for s in others):
        return to_call
    return min(to_call, max(bets[s] for s in others) - bets[seat])


class ShowHandBetting(Structure):
    """Show Hand (R6.2, R6.4 to R6.6): the best board speaks first and is dealt first;
    the opener must bet the minimum (unless ``opener_may_check``); a raise is at least
    the last raise; the table's limit (``pot``, ``fixed_max``) and street caps bound a
    wager; a showhand puts every chip in (or the smallest stack's worth), and after it
    a player may only call or drop."""

    __slots__ = ()

    def dealing_order(self, hand: Hand) -> list[int]:
        first, count, folded = hand.speaker, hand.player_count, hand.folded
        return [s for s in (*range(first, count), *range(first)) if not folded[s]]

    def street_dealt(self, hand: Hand, street: int) -> None:
        hand.speaker = hand.best_show_hand_board()

    def open_round(self, hand: Hand, street: int, can_bet: list[int]) -> BettingRound:
        hand.showhand_base = min(hand.stacks[s] + hand.contributed[s] for s in can_bet)
        rnd = BettingRound(hand, street, hand.speaker, self)
        rnd.start()
        if rnd.actor is not None:
            hand.speaker = rnd.first  # R6.2: who speaks first is dealt first next
        return rnd

    def showhand_open(self, hand: Hand, street: int) -> bool:
        spec = hand.spec
        return (
            spec.showhand_allowed
            and street + 1 >= spec.showhand_from_round
            and not hand.showhand_made
        )

    def actions(self, rnd: BettingRound, seat: int) -> list[LegalAction]:
        hand, spec = rnd.hand, rnd.spec
        chips, bet = hand.stacks[seat], hand.bets[seat]
        most = chips + bet
        to_call = rnd.level - bet
        if rnd.showhand_to is not None:
            paid = _showhand_call(rnd, seat)
            return [FOLD, LegalAction(K.CALL, paid, paid)]
        actions: list[LegalAction] = []
        opener_must_bet = rnd.level == 0 and seat == rnd.first and not rnd.spoken
        if to_call > 0:
            paid = min(to_call, chips)
            actions += [FOLD, LegalAction(K.CALL, paid, paid)]
        elif not opener_must_bet or spec.opener_may_check:
            actions += [CHECK, FOLD]
        if not rnd.opponent_can_act(seat):
            return actions
        showhand = self.showhand_open(hand, rnd.street)
        if chips > to_call and seat not in rnd.acted:
            low = rnd.level + max(rnd.last_increment, spec.min_bet, 1)
            # A limit or a street cap never forbids the smallest bet or raise.
            high = min(max(_limit_max(rnd, seat), low), most)
            if showhand:
                high = min(high, most - 1)  # all of one's chips is the showhand
            low = min(low, most)  # a short stack may bet what it has
            if low <= high and low > rnd.level:
                kind = K.BET if rnd.level == 0 else K.RAISE
                actions.append(LegalAction(kind, low, high))
        if showhand and _showhand_level(rnd, seat) > rnd.level:
            paid = _showhand_level(rnd, seat) - bet
            actions.append(LegalAction(K.SHOWHAND, paid, paid))
        return actions

    def is_full(self, rnd: BettingRound, kind: ActionKind, to: int, before: int) -> bool:
        increment = to - before
        full = increment >= max(rnd.last_increment, rnd.spec.min_bet, 1)
        if full:
            rnd.last_increment = increment
        return full

    def amount_rule(self, rnd: BettingRound, amount: int, option: LegalAction) -> str:
        # The least bet or raise (R6.4), or the table's limit (R6.5).
        return "R6.4" if amount < option.minimum else "R6.5"


def _limit_max(rnd: BettingRound, seat: int) -> int:
    hand, spec = rnd.hand, rnd.spec
    most = hand.stacks[seat] + hand.bets[seat]
    if spec.limit == "pot":
        pot_after_call = sum(hand.contributed) + rnd.level - hand.bets[seat]
        most = min(most, rnd.level + pot_after_call)
    elif spec.limit == "fixed_max":
        most = min(most, rnd.level + spec.max_bet)
    if spec.street_caps is not None:
        most = min(most, int(spec.street_caps[rnd.street] * hand.showhand_base))
    return most


def _showhand_level(rnd: BettingRound, seat: int) -> int:
    """The street level a showhand by ``seat`` pushes to (R6.6): every chip, or with
    ``showhand_amount="smallest_stack"`` no more than every other player still in can
    match."""
    hand = rnd.hand
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


def _showhand_call(rnd: BettingRound, seat: int) -> int:
    """What calling a showhand costs: every chip (002), or with
    ``showhand_amount="smallest_stack"`` no more than the showhand."""
    hand = rnd.hand
    assert rnd.showhand_to is not None
    if hand.spec.showhand_amount == "smallest_stack":
        return min(hand.stacks[seat], max(rnd.showhand_to - hand.bets[seat], 0))
    return hand.stacks[seat]


# One stateless strategy of each structure; the spec names which (GameSpec.betting).
STRUCTURES: dict[str, Structure] = {
    "bring_in": BringIn(),
    "fixed_limit": FixedLimit(),
    "show_hand": ShowHandBetting(),
}
