"""The rule-based player: starting-hand standards, then made hands and draws.

On the first betting round it rates its cards by its game's standard
(:mod:`~studpoker.bots.starting_hands`): it folds what is below its ``play`` tier,
completes or raises from its ``raise_tier``, and asks for more the more bets it
faces; heads-up, its bring-in defends against a lone completion (a steal) with a
hand that plays against the stealer's up card (``defend`` of the time).  Later it
reads its strength (:mod:`~studpoker.bots.strength`): it bets and raises strong
hands (a bet needs less strength the more opponents are in), calls when its
strength pays the pot odds and reaches ``give_up``, folds weak hands facing a bet,
and now and then bets a draw or steals (``bluff``).  Show Hand sizes its bets from
the pot, and pushes or calls a showhand (R6.6) only with a strong hand; the first
round of Show Hand is read by strength too, the tier setting how much of a bet it
will call there.

A :class:`Style` holds the numbers; :data:`STYLES` has the three levels, each a kind
of player (docs/bots.md, issue 36): ``easy`` a loose-passive calling station that
still bets its good hands (plays many hands, calls more, seldom raises, never
bluffs), ``normal`` a tight, straightforward regular, and ``hard`` tighter against
raises and more aggressive (the first round of the ``hard`` and ``expert`` levels).

>>> import random
>>> from studpoker.cards import parse_cards
>>> from studpoker.engine import Hand
>>> from studpoker.games import seven_card_stud
>>> deck = parse_cards("As 2c 5d  Ah 3d 9c  Ad 7c Kh") + [None] * 43
>>> hand = Hand(seven_card_stud(), [1000] * 3, deck=deck)
>>> hand.act("bring_in")                   # seat 1 brings in with the 3♦
>>> player = RuleBasedPlayer(random.Random(1))
>>> player.decide(hand.view(2))            # K♥ 7♣ 9♣ unsuited, unconnected: fold
Action.parse('fold')
>>> hand.act("fold")
>>> player.decide(hand.view(0))            # rolled-up aces complete
Action.parse('complete 200')
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from studpoker.bots.player import BasePlayer
from studpoker.bots.reading import Reading, low_of, rank_of, street_wagers
from studpoker.bots.starting_hands import defends, starting_tier
from studpoker.bots.strength import strength
from studpoker.engine import (
    Action,
    ActionKind,
    BringIn,
    HandView,
    LegalAction,
    Showhand,
    StreetStarted,
)

__all__ = ["STYLES", "RuleBasedPlayer", "Style", "facing_showhand", "wager"]

K = ActionKind
_WAGERS = (K.RAISE, K.BET, K.COMPLETE)
# How much less strength a fixed-limit bet needs for each opponent past the first.
_CROWD = 0.08
# The low readings of Razz and Stud/8 run below a chance to win (a heads-up hand's
# median is about 0.35 there, 0.55 in Seven Card Stud): a bet needs less.
_BET_BY_GAME = {"razz": 0.85, "stud_hilo": 0.9}


@dataclass(frozen=True, slots=True)
class Style:
    """How a rule-based player plays: the tiers of its first round and the
    strengths of the later streets at which it acts."""

    name: str
    play: int  # the least tier to call a completion on the first round
    play_cheap: int  # the least tier to call the bring-in alone
    raise_tier: int  # the least tier to complete, or raise on the first round
    bet: float  # the least strength to bet when checked to
    raise_at: float  # the least strength to raise a bet later
    call_margin: float  # how much more than the pot odds a call needs (below 1: less)
    bluff: float  # the chance of betting a draw, or stealing, when nobody has bet
    showhand: float  # the least strength to push every chip in (R6.6)
    call_showhand: float  # the least strength to call a showhand, whatever the odds
    bet_fraction: float  # a Show Hand bet, as a fraction of the pot
    loose: float = 0.0  # the chance of calling the bring-in alone below the standards
    defend: float = 0.0  # the chance of defending the bring-in against a lone steal
    give_up: float = 0.0  # the least strength to call a bet after the first round


STYLES: dict[str, Style] = {
    "easy": Style("easy", 1, 1, 4, 0.55, 0.85, 0.9, 0.0, 0.95, 0.45, 0.33, 0.3, 0.8, 0.1),
    "normal": Style("normal", 2, 1, 3, 0.5, 0.75, 1.0, 0.05, 0.88, 0.6, 0.5, 0.0, 0.7, 0.12),
    "hard": Style("hard", 2, 1, 3, 0.45, 0.68, 1.1, 0.15, 0.85, 0.62, 0.75, 0.0, 0.3, 0.0),
}


class RuleBasedPlayer(BasePlayer):
    """A player of fixed rules for every game of RULES.md, in a :class:`Style`."""

    def __init__(self, rng: random.Random | None = None, style: Style | str = "normal") -> None:
        super().__init__(rng)
        if isinstance(style, str):
            if style not in STYLES:
                raise ValueError(f"no style {style!r}: choose {', '.join(STYLES)}")
            style = STYLES[style]
        self.style = style
        self.name = "rules" if style.name == "normal" else style.name

    def _deck(self, view: HandView) -> int:
        spec = self.spec
        return spec.deck if spec is not None and spec.game == view.game else 52

    def bet(self, view: HandView) -> Action:
        options = {option.kind: option for option in view.legal_actions}
        read = Reading(view, deck=self._deck(view))
        if view.game == "show_hand":
            return self._show_hand(view, read, options)
        if view.street == 0:
            return self._first_round(view, read, options)
        return self._later(view, strength(read, view.game), options)

    # -- fixed limit, third street ------------------------------------------------

    def _first_round(
        self, view: HandView, read: Reading, options: dict[ActionKind, LegalAction]
    ) -> Action:
        style = self.style
        tier = starting_tier(read, view.game)
        wagers, _ = street_wagers(view.events)
        if K.BRING_IN in options:  # R2.4: post the bring-in, or complete
            if tier >= style.raise_tier and K.COMPLETE in options:
                return wager(options[K.COMPLETE], big=False)
            return Action(K.BRING_IN)
        raise_option = next((options[k] for k in _WAGERS if k in options), None)
        if wagers == 0:
            steal = tier >= 1 and self._shows_best(view, read) and self.rng.random() < style.bluff
            if raise_option is not None and (tier >= style.raise_tier or steal):
                return wager(raise_option, big=False)
            if tier >= style.play_cheap or self.rng.random() < style.loose:
                return _check_or_call(options)
        elif wagers == 1:
            if raise_option is not None and tier >= 4:
                return wager(raise_option, big=False)
            if tier >= style.play or self._defends(view, read, tier):
                return _check_or_call(options)
        else:
            needed = 3 if style.name != "easy" else 2
            if raise_option is not None and tier >= 4 and wagers < 3:
                return wager(raise_option, big=False)
            if tier >= needed:
                return _check_or_call(options)
        return _check_or_fold(options)

    def _defends(self, view: HandView, read: Reading, tier: int) -> bool:
        """Whether the seat, the bring-in heads-up against a lone completion (a steal),
        calls it with a hand below its standards: a marginal one, or one that plays
        against the completer's up card (:func:`defends`), ``defend`` of the time."""
        me = view.me
        if me is None or len(read.opponents) != 1 or not read.opponents[0]:
            return False
        brought = next((e.seat for e in view.events if isinstance(e, BringIn)), None)
        if brought != me.seat or self.rng.random() >= self.style.defend:
            return False
        return tier >= 1 or defends(read, view.game, read.opponents[0][-1])

    def _shows_best(self, view: HandView, read: Reading) -> bool:
        """Whether the seat's up card beats every other still in (a steal's chance)."""
        if not read.up or not any(read.opponents):
            return False
        if view.game == "razz":
            mine = low_of(read.up[-1])
            return all(low_of(up[-1]) > mine for up in read.opponents if up)
        mine = rank_of(read.up[-1])
        return all(rank_of(up[-1]) < mine for up in read.opponents if up)

    # -- every street after the first, and Show Hand -----------------------------------

    def _later(
        self, view: HandView, value: float, options: dict[ActionKind, LegalAction]
    ) -> Action:
        style = self.style
        raise_option = next((options[k] for k in _WAGERS if k in options), None)
        if K.CHECK in options or K.CALL not in options:  # nobody has bet
            if raise_option is not None and (
                value >= self._bet_at(view) or (value >= 0.25 and self.rng.random() < style.bluff)
            ):
                return self._sized(view, raise_option, value)
            if K.CHECK in options:
                return Action(K.CHECK)
            if raise_option is not None:  # the Show Hand opener must bet (R6.4): the least
                return Action(raise_option.kind, raise_option.minimum)
            return _only(options)
        cost = options[K.CALL].minimum
        odds = cost / (view.pot_total + cost)
        if raise_option is not None and value >= style.raise_at:
            return self._sized(view, raise_option, value)
        if value >= max(odds * style.call_margin, style.give_up):
            return Action(K.CALL)
        return Action(K.FOLD)

    def _bet_at(self, view: HandView) -> float:
        """The least strength to bet when checked to: the style's heads-up, less for
        each opponent more in a fixed-limit pot (a strength is already cut for each
        of them, while a bet there is paid by each), but not under a fair share and
        0.1 when the style's own is above that."""
        if view.game == "show_hand":
            return self.style.bet
        players = sum(not seat.folded for seat in view.seats)
        bet = self.style.bet * _BET_BY_GAME.get(view.game, 1.0)
        return max(bet - _CROWD * (players - 2), min(bet, 1 / players + 0.1))

    def _sized(self, view: HandView, option: LegalAction, value: float) -> Action:
        """A bet or raise: the big bet of an open pair when strong (R2.7), a share
        of the pot in Show Hand."""
        if option.choices is not None:
            return wager(option, big=value >= self.style.raise_at)
        fraction = self.style.bet_fraction * (1.5 if value >= self.style.raise_at else 1.0)
        to = option.minimum + int(fraction * view.pot_total)
        return Action(option.kind, max(option.minimum, min(to, option.maximum)))

    def _show_hand(
        self, view: HandView, read: Reading, options: dict[ActionKind, LegalAction]
    ) -> Action:
        style = self.style
        value = strength(read, view.game)
        if K.SHOWHAND in options and value >= style.showhand:
            return Action(K.SHOWHAND)
        if K.CALL in options and facing_showhand(view):
            cost = options[K.CALL].minimum
            odds = cost / (view.pot_total + cost)
            if value >= max(style.call_showhand, odds * style.call_margin):
                return Action(K.CALL)
            return Action(K.FOLD)
        if view.street == 0 and K.CALL in options:
            # A big first bet needs a playable hand; a small one, any tier the style plays.
            tier = starting_tier(read, view.game)
            cost = options[K.CALL].minimum
            needed = style.play if cost * 2 > view.pot_total else style.play_cheap
            if tier < needed:
                return Action(K.FOLD)
        return self._later(view, value, options)


def facing_showhand(view: HandView) -> bool:
    """Whether a showhand was made on this street (R6.6): only call or drop now."""
    for event in reversed(view.events):
        if isinstance(event, StreetStarted):
            return False
        if isinstance(event, Showhand):
            return True
    return False


def wager(option: LegalAction, *, big: bool) -> Action:
    """A fixed-limit completion, bet or raise: its one amount, or of an open pair's
    small and big bet (R2.7) the big one when ``big``."""
    if option.choices is not None:
        return Action(option.kind, option.choices[-1] if big else option.choices[0])
    return Action(option.kind, option.minimum)


def _check_or_call(options: dict[ActionKind, LegalAction]) -> Action:
    if K.CHECK in options:
        return Action(K.CHECK)
    return Action(K.CALL) if K.CALL in options else _check_or_fold(options)


def _check_or_fold(options: dict[ActionKind, LegalAction]) -> Action:
    return Action(K.CHECK) if K.CHECK in options else Action(K.FOLD)


def _only(options: dict[ActionKind, LegalAction]) -> Action:
    """What is left when the seat may neither check nor call: the Show Hand opener
    who must bet (R6.4) and can only showhand."""
    if K.SHOWHAND in options:
        return Action(K.SHOWHAND)
    return Action(K.FOLD)
