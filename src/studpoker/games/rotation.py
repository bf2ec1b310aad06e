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

from dataclasses import dataclass, field

from studpoker.games.spec import GAMES, GameSpec, preset

__all__ = ["DEALERS_CHOICE", "DEALERS_CHOICE_GAMES", "MIXES", "DealersChoice", "Rotation"]

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

    def block_started(self, block: int, seats: tuple[int, ...]) -> None:
        """Block ``block`` of hands (``hands`` hands of one game) begins between
        ``seats``: a rotation's order is fixed, nothing to do (:class:`DealersChoice`)."""

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


# Dealer's choice (issue 36): the games a player may choose, the fixed-limit stud games
# with a bring-in, so that one table's stakes fit each (Show Hand's are an ante and a
# smallest bet: not among them); the table's own game is its list's first.
DEALERS_CHOICE = "dealers_choice"
DEALERS_CHOICE_GAMES: tuple[str, ...] = ("seven_card_stud", "razz", "stud_hilo", "five_card_stud")


@dataclass(frozen=True)
class DealersChoice(Rotation):
    """Dealer's choice, as the mixed-game rooms deal it: the table's game for its first
    ``hands`` hands, then each block of ``hands`` hands in the game a player chose while
    the block before it was dealt.  Stud has no button: the first to choose is the lowest
    seat dealt in (a person's: the table passes computer players by), then the next
    seat round the table each block.  A block nobody chose
    for (the chooser let the block go by, or left) is dealt in the game after the last
    one in ``games``.

    >>> choice = DealersChoice.of_table("razz", hands=2)
    >>> choice.games
    ('razz', 'seven_card_stud', 'stud_hilo', 'five_card_stud')
    >>> choice.block_started(0, (1, 3, 4))
    >>> choice.chooser(1)
    1
    >>> choice.choose(1, 1, "five_card_stud")
    >>> [choice.game(i) for i in range(0, 8, 2)]
    ['razz', 'five_card_stud', 'razz', 'seven_card_stud']
    >>> choice.block_started(1, (1, 3, 4))
    >>> choice.chooser(2)
    3
    """

    chosen: dict[int, str] = field(default_factory=dict, compare=False)
    """The game chosen for each block (0: the first hands), by block."""
    choosers: dict[int, int] = field(default_factory=dict, compare=False)
    """The table seat that chooses each block's game, by block."""

    @classmethod
    def of_table(cls, game: str, *, hands: int) -> DealersChoice:
        """Dealer's choice at a table of ``game`` (one of :data:`DEALERS_CHOICE_GAMES`),
        each choice lasting ``hands`` hands."""
        if game not in DEALERS_CHOICE_GAMES:
            raise ValueError(
                f"dealer's choice deals {', '.join(DEALERS_CHOICE_GAMES)}, not {game!r}"
            )
        others = tuple(other for other in DEALERS_CHOICE_GAMES if other != game)
        return cls(DEALERS_CHOICE, (game, *others), hands)

    def _block_game(self, block: int) -> str:
        last = max((chosen for chosen in self.chosen if chosen <= block), default=None)
        start = self.games[0] if last is None else self.chosen[last]
        steps = block - (0 if last is None else last)
        return self.games[(self.games.index(start) + steps) % len(self.games)]

    def game(self, index: int) -> str:
        return self._block_game(index // self.hands)

    def next_game(self, index: int) -> str:
        return self._block_game(index // self.hands + 1)

    def chooser(self, block: int) -> int | None:
        """The table seat that chooses block ``block``'s game (None: nobody yet)."""
        return self.choosers.get(block)

    def block_started(self, block: int, seats: tuple[int, ...]) -> None:
        """Block ``block`` is dealt between table seats ``seats``: the next block's game
        is chosen by the seat after the last chooser, round the table (the lowest seat
        first)."""
        if block + 1 in self.choosers or not seats:
            return
        ordered = sorted(seats)
        last = self.choosers.get(block)
        after = [seat for seat in ordered if last is not None and seat > last]
        self.choosers[block + 1] = after[0] if after else ordered[0]

    def choose(self, block: int, seat: int, game: str) -> None:
        """Table seat ``seat`` chooses ``game`` for block ``block``; a ValueError says
        why not: not its choice, a game not on the list, or a block already dealt."""
        if self.choosers.get(block) != seat:
            raise ValueError(f"seat {seat} does not choose the game of block {block}")
        if game not in self.games:
            raise ValueError(f"the game is one of {', '.join(self.games)}, not {game!r}")
        self.chosen[block] = game
