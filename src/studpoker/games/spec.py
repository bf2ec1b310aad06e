"""Each game as data: the streets, the betting structure and every option of RULES.md.

>>> spec = seven_card_stud()
>>> spec.ante, spec.bring_in, spec.small_bet, spec.big_bet, spec.open_pair_double
(25, 50, 200, 400, True)
>>> stud_hilo().open_pair_double, razz().low
(False, True)
>>> show_hand(ante=10).min_bet
10
>>> five_card_stud().betting, show_hand().betting
('bring_in', 'show_hand')
>>> [street.name for street in five_card_stud().streets]
['second', 'third', 'fourth', 'fifth']
>>> seven_card_stud(bring_in=200)
Traceback (most recent call last):
...
ValueError: the bring-in (200) must be below the small bet (200)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal

from studpoker.hands import ShowHandRules

__all__ = [
    "GAMES",
    "MAX_SEATS",
    "MIN_SEATS",
    "STAKE_MAX",
    "Betting",
    "GameSpec",
    "Street",
    "five_card_stud",
    "preset",
    "razz",
    "seven_card_stud",
    "show_hand",
    "stud_hilo",
]

Game = Literal["seven_card_stud", "stud_hilo", "razz", "show_hand", "five_card_stud"]
GAMES: tuple[Game, ...] = ("seven_card_stud", "stud_hilo", "razz", "show_hand", "five_card_stud")
# The betting structure (DESIGN.md idea 5), one strategy of the engine's betting loop each:
# fixed limit opened by a bring-in (R2.4, R9.2), fixed limit opened by the first to act
# (a table without a bring-in), and Show Hand's open betting with its showhand (R6.4-R6.6).
Betting = Literal["bring_in", "fixed_limit", "show_hand"]

# The seats of a table: two at least, and Show Hand's ten at most (R7.4; the seven-card
# games have eight).
MIN_SEATS, MAX_SEATS = 2, 10
# The largest amount of a stake (the ante, bring-in, bets): a billion of the table's unit,
# ten million dollars in cents.  A stack is at most 100 big bets (table.config), so the
# largest pot, ten such stacks, is 10**12: far inside the signed 64-bit columns that keep
# money (store.models, 9.2 * 10**18), which leaves a balance room to grow.
STAKE_MAX = 10**9


@dataclass(frozen=True, slots=True)
class Street:
    """One street: the cards each player is dealt (``"d"`` down, ``"u"`` up, in
    dealing order) and whether its bets are big bets (fixed limit, R2.6)."""

    name: str
    cards: str
    big: bool = False


SEVEN_CARD_STREETS = (
    Street("third", "ddu"),
    Street("fourth", "u"),
    Street("fifth", "u", big=True),
    Street("sixth", "u", big=True),
    Street("seventh", "d", big=True),
)
# R9.1, R9.2: second street one down and one up; small bets on second and third street.
FIVE_CARD_STREETS = (
    Street("second", "du"),
    Street("third", "u"),
    Street("fourth", "u", big=True),
    Street("fifth", "u", big=True),
)
SHOW_HAND_STREETS = (
    Street("second", "du"),
    Street("third", "u"),
    Street("fourth", "u"),
    Street("fifth", "u"),
)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A game and its table's stakes and options.  Amounts are integers in the
    table's smallest unit (R1.4).  Build one with a preset: :func:`seven_card_stud`,
    :func:`stud_hilo`, :func:`razz`, :func:`show_hand`, :func:`five_card_stud`."""

    game: Game
    streets: tuple[Street, ...]
    ante: int
    # Fixed limit (R2): bring-in, small and big bet, the cap.
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    max_raises: int = 3
    cap_heads_up: bool = True
    open_pair_double: bool = False
    # Where the first raise after a completion counts its small bet from: the
    # completion (R2.4: to two small bets) or, as KingsClub's software deals it, the
    # bring-in (to the bring-in and a small bet).  Only a site's replay sets it.
    raises_from: Literal["completion", "bring_in"] = "completion"
    burn_cards: bool = False
    # Who acts and who shows (R3.3, R5.2, R5.6, R5.8).
    board_tie: Literal["seat", "suit"] = "seat"
    showdown_order: Literal["seat", "last_aggressor"] = "seat"
    odd_chip: Literal["suit", "seat"] = "suit"
    reveal_mucked: bool = False
    # Show Hand (R6).
    min_bet: int = 0
    opener_may_check: bool = False
    limit: Literal["none", "pot", "fixed_max"] = "none"
    max_bet: int = 0
    street_caps: tuple[Fraction, ...] | None = None
    showhand_allowed: bool = True
    showhand_from_round: int = 1
    showhand_amount: Literal["all", "smallest_stack"] = "all"
    settlement: Literal["capped", "side_pots"] = "side_pots"
    short_call_excess: Literal["rollover", "return"] = "rollover"
    showdown_suit_tiebreak: bool = False
    suit_order: Literal["show_hand", "regional"] = "show_hand"
    straight_face: Literal["any", "consecutive"] = "any"
    deck: Literal[52, 32, 28] = 52
    flush_beats_full_house: bool | None = None
    ace_bridges_gap: bool | None = None
    max_seats: int = 8
    # How money is written (R1.4): this many chips make one unit, written with as many
    # decimals as that takes — 100 for the seven-card games (cents, "12.40"), 1 for Show
    # Hand, which counts whole chips ("1240").
    money_unit: Literal[1, 100] = 100
    _ranking: ShowHandRules | None = field(default=None, init=False, repr=False, compare=False)
    # Whether this is Show Hand (R6), read on every action: a field, not a property.
    is_show_hand: bool = field(default=False, init=False, repr=False, compare=False)
    # The betting structure, which follows from the game and its bring-in.
    betting: Betting = field(default="bring_in", init=False, compare=False)

    def __post_init__(self) -> None:
        _check(self)
        object.__setattr__(self, "is_show_hand", self.game == "show_hand")
        betting: Betting = (
            "show_hand"
            if self.game == "show_hand"
            else "bring_in"
            if self.bring_in > 0
            else "fixed_limit"
        )
        object.__setattr__(self, "betting", betting)
        if self.game == "show_hand":
            object.__setattr__(
                self,
                "_ranking",
                ShowHandRules(
                    deck=self.deck,
                    suit_order=self.suit_order,
                    straight_face=self.straight_face,
                    suit_tiebreak=self.showdown_suit_tiebreak,
                    flush_beats_full_house=self.flush_beats_full_house,
                    ace_bridges_gap=self.ace_bridges_gap,
                ),
            )

    @property
    def low(self) -> bool:
        """Razz: the low hand wins and the up cards are read as lows (R3.1, R3.3)."""
        return self.game == "razz"

    @property
    def hilo(self) -> bool:
        """Stud/8: pots split between the best high and the best eight-or-better low."""
        return self.game == "stud_hilo"

    @property
    def ranking(self) -> ShowHandRules:
        """The Show Hand ranking options (R6.3, R6.9, R6.10)."""
        if self._ranking is None:
            raise ValueError(f"{self.game} has no Show Hand ranking")
        return self._ranking

    @property
    def hand_ranking(self) -> ShowHandRules | None:
        """How the game's hands are ranked where a table's options change it: Show
        Hand's ranking (R6.10), None for the other games (their values are fixed, R4)."""
        return self._ranking

    @property
    def most_seats(self) -> int:
        """The most players the game deals: 8 for the seven-card games (R7.4), 10 for
        Five-Card Stud (R9.1), and for Show Hand as many as its deck deals five cards,
        10 at most (R6.1, R6.10)."""
        if self.game == "show_hand":
            return min(MAX_SEATS, self.deck // self.cards_per_player)
        return MAX_SEATS if self.game == "five_card_stud" else 8

    @property
    def cards_per_player(self) -> int:
        return sum(len(street.cards) for street in self.streets)

    def with_options(self, **options: Any) -> GameSpec:
        """A copy with some fields changed (checked again)."""
        return replace(self, **options)


# The options of RULES.md that take one of a few values, and those that are on or off.
_CHOICES: dict[str, tuple[object, ...]] = {
    "board_tie": ("seat", "suit"),
    "showdown_order": ("seat", "last_aggressor"),
    "odd_chip": ("suit", "seat"),
    "limit": ("none", "pot", "fixed_max"),
    "showhand_amount": ("all", "smallest_stack"),
    "settlement": ("capped", "side_pots"),
    "short_call_excess": ("rollover", "return"),
    "suit_order": ("show_hand", "regional"),
    "straight_face": ("any", "consecutive"),
    "deck": (52, 32, 28),
    "raises_from": ("completion", "bring_in"),
}
_FLAGS = (
    "cap_heads_up",
    "open_pair_double",
    "burn_cards",
    "reveal_mucked",
    "opener_may_check",
    "showhand_allowed",
    "showdown_suit_tiebreak",
)


def _check(spec: GameSpec) -> None:
    if spec.money_unit not in (1, 100):
        raise ValueError(f"money_unit is 1 or 100 chips, not {spec.money_unit!r}")
    amounts = {
        "ante": spec.ante,
        "bring_in": spec.bring_in,
        "small_bet": spec.small_bet,
        "big_bet": spec.big_bet,
        "min_bet": spec.min_bet,
        "max_bet": spec.max_bet,
    }
    for name, amount in amounts.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise ValueError(f"{name} must be a whole number of chips, 0 or more, not {amount!r}")
        if amount > STAKE_MAX:
            raise ValueError(f"{name} must be at most {STAKE_MAX} chips, not {amount}")
    if spec.game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(GAMES)}, not {spec.game!r}")
    for name, allowed in _CHOICES.items():
        value = getattr(spec, name)
        if value not in allowed:
            choices = " or ".join(repr(choice) for choice in allowed)
            raise ValueError(f"{name} is {choices}, not {value!r}")
    for name in _FLAGS:
        if not isinstance(getattr(spec, name), bool):
            raise ValueError(f"{name} is True or False, not {getattr(spec, name)!r}")
    for name in ("max_raises", "max_seats", "showhand_from_round"):
        value = getattr(spec, name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{name} must be a whole number, not {value!r}")
    if not spec.max_seats >= MIN_SEATS:
        raise ValueError(f"a table seats at least {MIN_SEATS} players, not {spec.max_seats}")
    if spec.game == "show_hand":
        if spec.ante <= 0 and spec.min_bet <= 0:
            raise ValueError("Show Hand needs an ante or a minimum bet")
        if spec.limit == "fixed_max" and spec.max_bet < max(spec.min_bet, 1):
            raise ValueError(
                f"with limit 'fixed_max' the maximum bet ({spec.max_bet}) must be at least "
                f"the minimum bet ({spec.min_bet})"
            )
        if spec.limit not in ("none", "pot", "fixed_max"):
            raise ValueError(f"limit is 'none', 'pot' or 'fixed_max', not {spec.limit!r}")
        if not 1 <= spec.showhand_from_round <= len(spec.streets):
            raise ValueError(
                f"showhand_from_round is 1 to {len(spec.streets)}, not {spec.showhand_from_round}"
            )
        if spec.street_caps is not None and (
            len(spec.street_caps) != len(spec.streets)
            or any(not 0 < cap <= 1 for cap in spec.street_caps)
        ):
            raise ValueError(
                f"street_caps gives one fraction (0 < f <= 1) for each of the "
                f"{len(spec.streets)} betting rounds"
            )
        most = spec.most_seats
        if spec.max_seats > most:
            raise ValueError(
                f"a {spec.deck}-card deck deals five cards to at most {most} "
                f"players, not {spec.max_seats} (R6.1, R6.10)"
            )
    else:
        if spec.small_bet <= 0 or spec.big_bet < spec.small_bet:
            raise ValueError(
                f"the small bet ({spec.small_bet}) must be positive and the big bet "
                f"({spec.big_bet}) at least as large"
            )
        if not spec.bring_in < spec.small_bet:
            raise ValueError(
                f"the bring-in ({spec.bring_in}) must be below the small bet ({spec.small_bet})"
            )
        if spec.bring_in <= 0 and spec.ante <= 0:
            raise ValueError("a stud game needs a bring-in or an ante")
        if spec.max_raises < 1:
            raise ValueError(f"max_raises must be at least 1, not {spec.max_raises}")
        if spec.deck != 52:
            raise ValueError(f"{spec.game} uses the 52-card deck")
        most = spec.most_seats
        if spec.max_seats > most:
            raise ValueError(f"{spec.game} seats at most {most} players, not {spec.max_seats}")
        if spec.settlement != "side_pots":
            raise ValueError("capped settlement (R6.7) is a Show Hand rule")


def _seven_card(game: Game, stakes: tuple[int, int, int, int], options: dict[str, Any]) -> GameSpec:
    ante, bring_in, small_bet, big_bet = stakes
    return GameSpec(
        game=game,
        streets=SEVEN_CARD_STREETS,
        ante=ante,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=big_bet,
        **options,
    )


def seven_card_stud(
    *, ante: int = 25, bring_in: int = 50, small_bet: int = 200, big_bet: int = 400, **options: Any
) -> GameSpec:
    """Seven Card Stud; default stakes $2/$4, ante 0.25, bring-in 0.50 in cents (000)."""
    stakes = (ante, bring_in, small_bet, big_bet)
    return _seven_card("seven_card_stud", stakes, {"open_pair_double": True} | options)


def stud_hilo(
    *, ante: int = 40, bring_in: int = 50, small_bet: int = 200, big_bet: int = 400, **options: Any
) -> GameSpec:
    """Seven Card Stud Hi/Lo, eight or better; default $2/$4, ante 0.40, bring-in 0.50 (003)."""
    stakes = (ante, bring_in, small_bet, big_bet)
    return _seven_card("stud_hilo", stakes, options)


def razz(
    *, ante: int = 25, bring_in: int = 50, small_bet: int = 200, big_bet: int = 400, **options: Any
) -> GameSpec:
    """Razz, ace-to-five low; default $2/$4, ante 0.25, bring-in 0.50 (000)."""
    stakes = (ante, bring_in, small_bet, big_bet)
    return _seven_card("razz", stakes, options)


def show_hand(*, ante: int = 10, min_bet: int | None = None, **options: Any) -> GameSpec:
    """Hong Kong Five-Card Stud, Show Hand (話事啤); default ante 10 (002), minimum
    bet the ante (R6.4), capped settlement and the suit tie-break (R6.7, R6.9)."""
    defaults: dict[str, Any] = {
        "settlement": "capped",
        "showdown_suit_tiebreak": True,
        "max_seats": MAX_SEATS,
        "money_unit": 1,
    }
    merged = defaults | options
    deck = merged.get("deck", 52)
    if "max_seats" not in options and deck != 52:
        merged["max_seats"] = min(MAX_SEATS, deck // 5)
    return GameSpec(
        game="show_hand",
        streets=SHOW_HAND_STREETS,
        ante=ante,
        min_bet=ante if min_bet is None else min_bet,
        **merged,
    )


def five_card_stud(
    *, ante: int = 25, bring_in: int = 50, small_bet: int = 200, big_bet: int = 400, **options: Any
) -> GameSpec:
    """Fixed-limit Five-Card Stud as the Western sites dealt it (R9); default $2/$4,
    ante 0.25, bring-in 0.50, eight seats (a table may have up to ten, R9.1)."""
    return GameSpec(
        game="five_card_stud",
        streets=FIVE_CARD_STREETS,
        ante=ante,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=big_bet,
        **options,
    )


def preset(game: str, **stakes_and_options: Any) -> GameSpec:
    """The preset of ``game`` by name."""
    presets = {
        "seven_card_stud": seven_card_stud,
        "stud_hilo": stud_hilo,
        "razz": razz,
        "show_hand": show_hand,
        "five_card_stud": five_card_stud,
    }
    if game not in presets:
        raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
    return presets[game](**stakes_and_options)
