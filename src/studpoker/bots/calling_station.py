"""The calling station: it never bets and never folds.

It posts the bring-in (R2.4), checks when it may and calls every bet, a showhand
included (R6.6); as the Show Hand opener who must bet (R6.4) it bets the minimum.

>>> from studpoker.cards import parse_cards
>>> from studpoker.engine import Hand
>>> from studpoker.games import seven_card_stud
>>> deck = parse_cards("As Kd Ah Kh 9s 2d") + [None] * 46
>>> hand = Hand(seven_card_stud(), [1000, 1000], deck=deck)
>>> station = CallingStation()
>>> station.decide(hand.view(1))          # the 2♦ brings in (R3.1)
Action.parse('bring_in')
>>> hand.act("bring_in"); hand.act("complete 200")
>>> station.decide(hand.view(1))
Action.parse('call')
"""

from __future__ import annotations

import random

from studpoker.bots.player import BasePlayer
from studpoker.engine import Action, ActionKind, HandView

__all__ = ["CallingStation"]

K = ActionKind


class CallingStation(BasePlayer):
    """Check or call, always; never a bet of its own unless it must open."""

    name = "station"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)

    def bet(self, view: HandView) -> Action:
        options = {option.kind: option for option in view.legal_actions}
        for kind in (K.BRING_IN, K.CHECK, K.CALL):
            if kind in options:
                return Action(kind)
        if K.BET in options:  # the Show Hand opener must bet (R6.4)
            return Action(K.BET, options[K.BET].minimum)
        return Action(K.SHOWHAND)  # a short stack's only opening is all of it
