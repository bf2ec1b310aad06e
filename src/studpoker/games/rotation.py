"""Mixed games: the games a table deals in turn (issue 17).

PokerStars deals **Triple Stud**: Seven Card Stud, Razz and Stud/8 in rotation at the
same stakes (the Triple Stud file of ``../shared/handhistories``: ``Triple Stud (7 Card
Stud Limit) - Level XXXI (250/500)``).  A :class:`Rotation` is which games, in which
order, and how many hands each is dealt before the next (by default an orbit: one
hand a seat).  A table's or a tournament table's hands are counted from 0; hand ``i``
is dealt in ``rotation.game(i)``, at the stakes of the table (the ante, bring-in, small
and big bet stay; each game's own rules are its preset's).

>>> triple = Rotation.of("triple_stud", hands=8)
>>> [triple.game(i) for i in (0, 7, 8, 16, 24)]
['seven_card_stud', 'seven_card_stud', 'razz', 'stud_hilo', 'seven_card_stud']
>>> triple.next_game(5), triple.hands_left(5)
('razz', 2)
>>> spec = triple.spec(preset("seven_card_stud", ante=50, bring_in=75, small_bet=250,
...     big_bet=500, money_unit=1), 9)
>>> spec.game, spec.small_bet, spec.bring_in
('razz', 250, 75)
"""

from __future__ import annotations

from dataclasses import dataclass

from studpoker.games.spec import GAMES, GameSpec, preset

__all__ = ["MIXES", "Rotation"]

# The mixed games the room deals, each its games in order; all are fixed limit with a
# bring-in, so that one table of stakes fits every game of the mix.
MIXES: dict[str, tuple[str, ...]] = {
    "triple_stud": ("seven_card_stud", "razz", "stud_hilo"),
}
# How the sites' hand histories name each mix (history.pokerstars_write).
MIX_TITLES: dict[str, str] = {"triple_stud": "Triple Stud"}


@dataclass(frozen=True)
class Rotation:
    """``games`` dealt in turn, ``hands`` hands each."""

    name: str
    games: tuple[str, ...]
    hands: int

    @classmethod
    def of(cls, name: str, *, hands: int) -> Rotation:
        """The mix ``name`` of :data:`MIXES`, ``hands`` hands a game."""
        if name not in MIXES:
            raise ValueError(f"a mix is one of {', '.join(MIXES)}, not {name!r}")
        return cls(name, MIXES[name], hands)

    def __post_init__(self) -> None:
        if not self.games or any(game not in GAMES for game in self.games):
            raise ValueError(f"a rotation's games are of {', '.join(GAMES)}: {self.games}")
        if isinstance(self.hands, bool) or not isinstance(self.hands, int) or self.hands < 1:
            raise ValueError(f"a game of a rotation lasts 1 hand or more, not {self.hands!r}")

    @property
    def title(self) -> str:
        return MIX_TITLES.get(self.name, self.name)

    def game(self, index: int) -> str:
        """The game of hand ``index`` (the first hand 0)."""
        return self.games[(index // self.hands) % len(self.games)]

    def next_game(self, index: int) -> str:
        """The game dealt after hand ``index``'s game."""
        return self.games[(index // self.hands + 1) % len(self.games)]

    def hands_left(self, index: int) -> int:
        """Hands of hand ``index``'s game still to be dealt after it."""
        return self.hands - 1 - index % self.hands

    def spec(self, stakes: GameSpec, index: int) -> GameSpec:
        """Hand ``index``'s game at the stakes of ``stakes``."""
        game = self.game(index)
        if game == stakes.game:
            return stakes
        return preset(
            game,
            ante=stakes.ante,
            bring_in=stakes.bring_in,
            small_bet=stakes.small_bet,
            big_bet=stakes.big_bet,
            money_unit=stakes.money_unit,
        )
