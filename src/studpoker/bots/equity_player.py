"""The equity player: Monte Carlo equity against the cards it cannot see, pot odds,
and bluffs at a set frequency.

Each decision it works out its share of the pot (:func:`studpoker.equity.equity`)
against the players still in: their up cards are known, their down cards and the
cards to come are drawn from the cards it has not seen (folded up cards are dead,
so they are never drawn).  The betting narrows their ranges: every bet, raise or
completion an opponent made this hand tilts the odds against it (``respect``), as
a range weighted toward strong hands would.  Then:

- nobody has bet: it bets (or completes, or takes the open pair's big bet, R2.7)
  when its share beats its fair share (one over the players in) by ``value``,
  else checks, now and then betting anyway (``bluff``: a steal or a semi-bluff);
- facing a bet: it raises with a share ``raise_at`` above its fair one, calls when
  its share pays the pot odds (``call_margin``; in Five-Card Stud 15% more), else
  folds;
- Show Hand (R6): it sizes bets from the pot, pushes every chip (a showhand, R6.6)
  when its share reaches ``showhand``, and calls a showhand when its share pays the
  odds of the call.

With the 8-player community card of R7.4 on the table it plays as the rule-based
player of the same level does.

>>> import random
>>> from studpoker.cards import parse_cards
>>> from studpoker.engine import Hand
>>> from studpoker.games import seven_card_stud
>>> deck = parse_cards("As 2c 5d  Ah 3d 9c  Ad 7c Kh") + [None] * 43
>>> hand = Hand(seven_card_stud(), [1000] * 3, deck=deck)
>>> hand.act("bring_in")                   # seat 1 brings in with the 3♦
>>> player = EquityPlayer(random.Random(1))
>>> player.new_hand(2, seven_card_stud())
>>> player.decide(hand.view(2))            # K♥ 7♣ 9♣ against the aces: fold
Action.parse('fold')
>>> hand.act("fold")
>>> player.new_hand(0, seven_card_stud())
>>> player.decide(hand.view(0))            # rolled-up aces complete
Action.parse('complete 200')
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from studpoker.bots.player import BasePlayer
from studpoker.bots.reading import cards_dealt
from studpoker.bots.rule_based import RuleBasedPlayer, facing_showhand, wager
from studpoker.cards import Card
from studpoker.engine import (
    Action,
    ActionKind,
    Bet,
    Call,
    Complete,
    HandView,
    LegalAction,
    Raise,
    Showhand,
)
from studpoker.games import GameSpec, preset

__all__ = ["TEMPERS", "EquityPlayer", "Temper"]

K = ActionKind
_WAGERS = (K.RAISE, K.BET, K.COMPLETE)


@dataclass(frozen=True, slots=True)
class Temper:
    """How an equity player plays: how many runouts it deals a decision, and the
    shares of the pot at which it acts."""

    name: str
    samples: int  # runouts dealt a decision (exact when there are fewer cases)
    value: float  # share above the fair share at which it bets
    raise_at: float  # share above the fair share at which it raises a bet
    call_margin: float  # a call needs the pot odds times this
    bluff: float  # the chance of betting anyway when nobody has bet
    respect: float  # how much each wager of an opponent this hand tilts the odds
    respect_call: float  # how much each call of an opponent this hand tilts them
    showhand: float  # share of the pot at which it pushes every chip (R6.6)
    bet_fraction: float  # a Show Hand bet, as a fraction of the pot


# The hard temper bets 0.05 above its fair share, raises 0.10 above it and asks 10%
# more than the pot odds of a call: more bets and raises for its calls, as a
# tight-aggressive player makes (issue 36, docs/bots.md's styles), with no loss
# against the rule-based player in the sweeps that chose it.
TEMPERS: dict[str, Temper] = {
    "normal": Temper("normal", 200, 0.10, 0.18, 1.0, 0.10, 0.8, 0.35, 0.72, 0.5),
    "hard": Temper("hard", 500, 0.05, 0.10, 1.1, 0.10, 0.8, 0.35, 0.72, 0.5),
}
# A call in Five-Card Stud (R9) needs 15% more than the pot odds: the big bets of
# fourth and fifth street come after it, against a hand that shows all but one card
# and has been played on them (a sweep against the rule-based player, docs/bots.md).
_CALL_MARGIN_BY_GAME: dict[str, float] = {"five_card_stud": 1.15}


class EquityPlayer(BasePlayer):
    """A player that acts on its share of the pot, for every game of RULES.md."""

    def __init__(self, rng: random.Random | None = None, temper: Temper | str = "normal") -> None:
        super().__init__(rng)
        if isinstance(temper, str):
            if temper not in TEMPERS:
                raise ValueError(f"no temper {temper!r}: choose {', '.join(TEMPERS)}")
            temper = TEMPERS[temper]
        self.temper = temper
        self.name = "equity" if temper.name == "normal" else f"equity_{temper.name}"
        self._fallback = RuleBasedPlayer(self.rng, "hard")

    def new_hand(self, seat: int, spec: GameSpec) -> None:
        super().new_hand(seat, spec)
        self._fallback.new_hand(seat, spec)

    # -- the share of the pot ----------------------------------------------------------

    def share(self, view: HandView) -> float:
        """The seat's share of the pot now, its opponents' ranges narrowed by their
        betting (see the module's description)."""
        from studpoker.equity import equity  # NumPy, loaded when a bot first decides

        spec = self._spec(view)
        me = view.me
        assert me is not None
        players: list[tuple[Card | None, ...]] = [_in_order(view, me.seat)]
        dead: list[Card] = []
        for seat in view.seats:
            if seat.seat == me.seat:
                continue
            if seat.folded:
                dead += [card for card in seat.up_cards if card is not None]
                dead += [card for card in seat.down_cards if card is not None]
            else:
                players.append(_in_order(view, seat.seat))
        if len(players) < 2:
            return 1.0
        result = equity(
            spec,
            players,
            dead=dead,
            samples=self.temper.samples,
            seed=self.rng.getrandbits(63),
            exact_limit=self.temper.samples,
        )
        mine = result.equities[0]
        wagers, calls = _opponent_actions(view, me.seat)
        pressure = self.temper.respect * wagers + self.temper.respect_call * calls
        return mine / (mine + (1.0 - mine) * (1.0 + pressure)) if mine < 1.0 else 1.0

    def _spec(self, view: HandView) -> GameSpec:
        spec = self.spec
        return spec if spec is not None and spec.game == view.game else preset(view.game)

    # -- deciding --------------------------------------------------------------------

    def bet(self, view: HandView) -> Action:
        if any(card is not None for card in view.community) or (
            view.street == 0 and view.game != "show_hand"
        ):
            # The first round of the fixed-limit games (third street; Five-Card Stud's
            # second) by the starting-hand standards (a random hand is no range for
            # players who chose to play); R7.4's community card by the rules too.
            return self._fallback.bet(view)
        options = {option.kind: option for option in view.legal_actions}
        share = self.share(view)
        players = sum(not seat.folded for seat in view.seats)
        fair = 1.0 / players
        if view.game == "show_hand":
            return self._show_hand(view, share, fair, options)
        temper = self.temper
        raise_option = next((options[k] for k in _WAGERS if k in options), None)
        if K.BRING_IN in options:  # R2.4: post the bring-in, or complete
            if raise_option is not None and share >= fair + temper.raise_at:
                return wager(raise_option, big=False)
            return Action(K.BRING_IN)
        if K.CALL not in options:  # nobody has bet
            if raise_option is not None and (
                share >= fair + temper.value or self.rng.random() < temper.bluff
            ):
                return wager(raise_option, big=share >= fair + temper.raise_at)
            return Action(K.CHECK) if K.CHECK in options else Action(K.FOLD)
        cost = options[K.CALL].minimum
        odds = cost / (view.pot_total + cost)
        if raise_option is not None and share >= fair + temper.raise_at:
            return wager(raise_option, big=True)
        if share >= odds * temper.call_margin * _CALL_MARGIN_BY_GAME.get(view.game, 1.0):
            return Action(K.CALL)
        return Action(K.FOLD)

    def _show_hand(
        self, view: HandView, share: float, fair: float, options: dict[ActionKind, LegalAction]
    ) -> Action:
        temper = self.temper
        if K.CALL in options and facing_showhand(view):
            cost = options[K.CALL].minimum
            odds = cost / (view.pot_total + cost)
            return Action(K.CALL) if share >= odds * temper.call_margin else Action(K.FOLD)
        if K.SHOWHAND in options and share >= max(temper.showhand, fair + temper.raise_at):
            return Action(K.SHOWHAND)
        raise_option = next((options[k] for k in _WAGERS if k in options), None)
        strong = share >= fair + temper.raise_at
        if K.CALL in options:
            cost = options[K.CALL].minimum
            odds = cost / (view.pot_total + cost)
            if raise_option is not None and strong:
                return self._sized(view, raise_option, share)
            if share >= odds * temper.call_margin:
                return Action(K.CALL)
            return Action(K.FOLD)
        if raise_option is not None and (
            share >= fair + temper.value or self.rng.random() < temper.bluff
        ):
            return self._sized(view, raise_option, share)
        if K.CHECK in options:
            return Action(K.CHECK)
        if raise_option is not None:  # the opener must bet (R6.4): the least
            return Action(raise_option.kind, raise_option.minimum)
        return Action(K.SHOWHAND) if K.SHOWHAND in options else Action(K.FOLD)

    def _sized(self, view: HandView, option: LegalAction, share: float) -> Action:
        """A Show Hand bet or raise: a share of the pot, more with a stronger hand."""
        to = option.minimum + int(self.temper.bet_fraction * (0.5 + share) * view.pot_total)
        return Action(option.kind, max(option.minimum, min(to, option.maximum)))


def _in_order(view: HandView, seat: int) -> tuple[Card | None, ...]:
    """A seat's cards in dealing order, None for a card the viewer cannot see:
    seven-card games two down, the up cards, the last down; Show Hand and
    Five-Card Stud the down card, then the up cards (R6.2, R9.1)."""
    cards = view.seats[seat]
    down, up = cards.down_cards, cards.up_cards
    if cards_dealt(view.game) == 5:
        return tuple(down) + tuple(up)
    return tuple(down[:2]) + tuple(up) + tuple(down[2:])


def _opponent_actions(view: HandView, me: int) -> tuple[int, int]:
    """The bets, raises, completions and showhands, and the calls, of the players
    still in, this hand: what they chose to play with says their cards are better
    than any."""
    live = {seat.seat for seat in view.seats if not seat.folded and seat.seat != me}
    wagers = calls = 0
    for event in view.events:
        if isinstance(event, Bet | Raise | Complete | Showhand) and event.seat in live:
            wagers += 1
        elif isinstance(event, Call) and event.seat in live:
            calls += 1
    return wagers, calls
