"""Computer players behind one :class:`Player` protocol (the ``bots`` layer of
DESIGN.md): a table asks a player to ``decide(view)`` and tells it what its seat
may see; it never hands a player the hand itself.

* :class:`RandomPlayer`, :class:`CallingStation`, :class:`RuleBasedPlayer`;
* :func:`bot` for the levels ``easy``, ``normal`` and ``hard`` of the practice
  tables, :func:`make_player` and :data:`PLAYERS` for every player by name;
* :class:`EquityPlayer`: Monte Carlo equity, pot odds and bluffs (``equity`` by name);
* :class:`RangePlayer`: the same against each opponent's range, read by Bayes from
  their actions (``ranges`` by name);
* ``solver`` by name: heads-up Show Hand by the policy of a solved abstract game
  (:mod:`studpoker.bots.show_hand_cfr`, ``stud train show-hand``), else the equity player;
* :func:`play_hand` plays one hand with a player in each seat.
"""

import random

from studpoker.bots.calling_station import CallingStation
from studpoker.bots.equity_player import TEMPERS, EquityPlayer, Temper
from studpoker.bots.levels import LEVELS, PLAYERS, PlayerFactory, bot, make_player, register
from studpoker.bots.play import play_hand
from studpoker.bots.player import BasePlayer, Player
from studpoker.bots.random_player import RandomPlayer
from studpoker.bots.range_player import RangePlayer
from studpoker.bots.rule_based import STYLES, RuleBasedPlayer, Style
from studpoker.games import GameSpec

__all__ = [
    "LEVELS",
    "PLAYERS",
    "STYLES",
    "TEMPERS",
    "BasePlayer",
    "CallingStation",
    "EquityPlayer",
    "Player",
    "PlayerFactory",
    "RandomPlayer",
    "RangePlayer",
    "RuleBasedPlayer",
    "Style",
    "Temper",
    "bot",
    "make_player",
    "play_hand",
    "register",
]

register("equity", lambda spec, rng: EquityPlayer(rng))
# The range-reading player (issue 19): the equity player's choices against the ranges
# its opponents' actions say they hold.
register("ranges", lambda spec, rng: RangePlayer(rng))


def _solver(spec: GameSpec, rng: random.Random | None) -> Player:
    # Imported at the first solver made: its policy and NumPy are not every bot's.
    from studpoker.bots.show_hand_cfr.player import SolverPlayer

    return SolverPlayer(rng)


register("solver", _solver)

# The Show Hand decks whose solver policy measured above the equity player in duplicate
# (docs/bots.md): all three since the opener's least bet is in the solver's tree.
SOLVER_DECKS = frozenset({52, 32, 28})


def _expert(spec: GameSpec, rng: random.Random | None) -> Player:
    """The strongest player measured for ``spec``: the range-reading player, but in
    Show Hand the solver's player (heads-up by its policy, else the equity player's
    ``hard`` temper, which the range reader does not beat there; docs/bots.md)."""
    if not spec.is_show_hand:
        return RangePlayer(rng)
    return _solver(spec, rng) if spec.deck in SOLVER_DECKS else EquityPlayer(rng, "hard")


register("expert", _expert)
# The practice tables' hard level: the equity player, which beats the rule-based player
# in every game and loses to expert in every game (docs/bots.md, bench/strength.py).
register("hard", lambda spec, rng: EquityPlayer(rng, "hard"))
