"""A table's configuration: the game, the mode of R7, the buy-ins and the clocks.

>>> from studpoker.games import seven_card_stud, show_hand
>>> config = TableConfig(seven_card_stud(), "chips")
>>> config.seats, config.buy_in_min, config.buy_in_max      # 10 and 100 big bets
(8, 4000, 40000)
>>> TableConfig(show_hand(), "practice").hand_spec.showhand_allowed   # R7.1
False
>>> TableConfig(show_hand(), "chips", seats=12)
Traceback (most recent call last):
...
studpoker.table.errors.TableError: a show_hand table has 2 to 10 seats, not 12

A Five-Card Stud table deals eight seats by default and ten at most (R9.1): a table of
more seats than its preset deals them all.

>>> from studpoker.games import five_card_stud
>>> config = TableConfig(five_card_stud(), "chips", seats=10)
>>> config.seats, config.spec.max_seats, config.options
(10, 10, {'open_pair_double': False})

A player's choices (the seats, the clock, the name) are refused with a
:class:`~studpoker.table.TableError` and its code; the room's own options with a
``ValueError``.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Literal

from studpoker.bots import LEVELS
from studpoker.games import GameSpec, Rotation
from studpoker.games.spec import MIN_SEATS, STAKE_MAX
from studpoker.table.errors import TableError

__all__ = [
    "ALL_MODES",
    "CLOCK_MAX",
    "CLOCK_MIN",
    "MODES",
    "STACK_MAX",
    "TABLE_NAME_LENGTH",
    "GameOption",
    "Mode",
    "Stake",
    "TableConfig",
    "chosen_clock",
    "most_seats",
    "option_names",
    "stake_names",
    "table_name",
]

Mode = Literal["practice", "chips", "competition", "tournament"]
# The modes a player may open a table in; a tournament's tables are the tournament's
# (tournament/director.py, room/tournaments.py).
MODES: tuple[Mode, ...] = ("practice", "chips", "competition")
ALL_MODES: tuple[Mode, ...] = (*MODES, "tournament")

# Practice tables fill their empty seats with computer players up to eight (R7.1);
# practice and competition seat at most eight players (R7.1, R7.3).
PLAYERS_AT_MOST = 8
# Default buy-ins: the fixed-limit games 10 to 100 big bets, Show Hand a fixed stack of
# 100 minimum bets (1000 chips at the preset's ante of 10).
_BIG_BETS_MIN, _BIG_BETS_MAX = 10, 100
_SHOW_HAND_BETS = 100
# The largest stack, buy-in or competition chips: 100 of the largest big bet.  Ten such
# stacks in one pot fit the store's 64-bit money columns many times over (games.spec).
STACK_MAX = _BIG_BETS_MAX * STAKE_MAX

# The stakes of a table (R2.1, R6.4): what the lobby shows and a player opening one sets.
Stake = Literal["ante", "bring_in", "small_bet", "big_bet", "min_bet"]
_FIXED_LIMIT_STAKES: tuple[Stake, ...] = ("ante", "bring_in", "small_bet", "big_bet")
_SHOW_HAND_STAKES: tuple[Stake, ...] = ("ante", "min_bet")

# The options of RULES.md a player opening a table sets, each on or off: the open pair's
# big bet in Seven Card Stud (R2.7, on by default) and Five-Card Stud (R9.3, off).  Stud/8
# has no such rule (003), and in Razz a pair showing is a bad hand, not a strong one.
GameOption = Literal["open_pair_double"]
_OPTIONS: dict[str, tuple[GameOption, ...]] = {
    "seven_card_stud": ("open_pair_double",),
    "five_card_stud": ("open_pair_double",),
}

# The clock a player may give a table they open (R8.1; 20 s by default): 5 s at least, to
# act over a slow connection; 2 minutes at most, so that nobody can open a table whose
# hands stall for hours with the other players' chips in them.
CLOCK_MIN, CLOCK_MAX = 5.0, 120.0

TABLE_NAME_LENGTH = 40
# What a table name cannot hold, as Unicode categories: controls, format characters (zero
# width joiners, bidirectional overrides), surrogates, private-use and unassigned code
# points, line and paragraph separators; and the letters that show as nothing.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_BLANK_LETTERS = frozenset("\u034f\u115f\u1160\u2800\u3164\uffa0")


@dataclass(frozen=True, slots=True)
class TableConfig:
    """How a table plays.  Times are seconds.

    ``seats`` defaults to the game's (8 for the seven-card games and Five-Card Stud,
    10 for Show Hand, R7.4), and is at most :func:`most_seats` (10 for Five-Card
    Stud, R9.1: a spec of fewer seats is widened to them); ``buy_in_min`` and
    ``buy_in_max`` to 10 and 100 big bets, or for Show Hand 100 minimum bets (1000
    chips at the preset's); a stack is :data:`STACK_MAX` at most.
    The name is read by :func:`table_name`.  ``clock`` is each decision's limit and
    ``time_bank`` each seat's reserve beyond it (R8.1); a player sitting out for
    ``max_missed_hands`` hands is removed (R8.3: 10 by default).  ``pause`` is the
    rest between two hands of :meth:`Table.run`.
    """

    spec: GameSpec
    mode: Mode
    seats: int = 0
    buy_in_min: int = 0
    buy_in_max: int = 0
    clock: float = 20.0
    time_bank: float = 60.0
    max_missed_hands: int = 10
    pause: float = 2.0
    competition_chips: int = 1000
    competition_seconds: float = 1800.0
    bot_level: str = "normal"
    name: str = ""
    # A mixed game (Triple Stud, games.rotation): its games dealt in turn at these stakes.
    rotation: Rotation | None = None
    _hand_spec: GameSpec | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        spec = self.spec
        if not isinstance(spec, GameSpec):
            raise ValueError(f"spec is a GameSpec, not {spec!r}")
        if self.mode not in ALL_MODES:
            raise ValueError(f"mode is {', '.join(ALL_MODES)}, not {self.mode!r}")
        seats = self.seats or spec.max_seats
        most = most_seats(spec)
        if not _whole(seats) or not MIN_SEATS <= seats <= most:
            raise TableError(
                f"a {spec.game} table has {MIN_SEATS} to {most} seats, not {self.seats!r}",
                "seats_range",
                game=spec.game,
                minimum=MIN_SEATS,
                maximum=most,
                seats=self.seats,
            )
        object.__setattr__(self, "seats", seats)
        if seats > spec.max_seats:  # every seat is dealt in (R9.1)
            spec = spec.with_options(max_seats=seats)
            object.__setattr__(self, "spec", spec)
        if spec.is_show_hand:
            low = high = _SHOW_HAND_BETS * max(spec.ante, spec.min_bet)
        else:
            low, high = _BIG_BETS_MIN * spec.big_bet, _BIG_BETS_MAX * spec.big_bet
        buy_in_min = self.buy_in_min or (min(low, self.buy_in_max) if self.buy_in_max else low)
        buy_in_max = self.buy_in_max or max(high, buy_in_min)
        for name, amount in (("buy_in_min", buy_in_min), ("buy_in_max", buy_in_max)):
            if not _whole(amount) or amount < 1:
                raise ValueError(f"{name} is a whole number of chips, 1 or more, not {amount!r}")
            if amount > STACK_MAX:
                raise ValueError(f"{name} is at most {STACK_MAX} chips, not {amount}")
        if buy_in_min > buy_in_max:
            raise ValueError(
                f"buy_in_min ({buy_in_min}) must not be above buy_in_max ({buy_in_max})"
            )
        object.__setattr__(self, "buy_in_min", buy_in_min)
        object.__setattr__(self, "buy_in_max", buy_in_max)
        for name in ("clock", "competition_seconds"):
            if not _seconds(getattr(self, name)) or getattr(self, name) <= 0:
                raise ValueError(
                    f"{name} is a number of seconds above 0, not {getattr(self, name)!r}"
                )
        for name in ("time_bank", "pause"):
            if not _seconds(getattr(self, name)) or getattr(self, name) < 0:
                raise ValueError(
                    f"{name} is a number of seconds, 0 or more, not {getattr(self, name)!r}"
                )
        if not _whole(self.max_missed_hands) or self.max_missed_hands < 1:
            raise ValueError(f"max_missed_hands is 1 or more, not {self.max_missed_hands!r}")
        if not _whole(self.competition_chips) or self.competition_chips < 1:
            raise ValueError(
                f"competition_chips is a whole number of chips, 1 or more, "
                f"not {self.competition_chips!r}"
            )
        if self.competition_chips > STACK_MAX:
            raise ValueError(
                f"competition_chips is at most {STACK_MAX} chips, not {self.competition_chips}"
            )
        if self.bot_level not in LEVELS:
            raise ValueError(f"bot_level is {', '.join(LEVELS)}, not {self.bot_level!r}")
        object.__setattr__(self, "name", table_name(self.name))
        if self.rotation is not None and spec.game != self.rotation.games[0]:
            raise ValueError(
                f"a {self.rotation.name} table's stakes are its first game's "
                f"({self.rotation.games[0]}), not {spec.game}'s"
            )
        hand_spec = spec
        if self.mode == "practice" and spec.showhand_allowed:
            hand_spec = replace(spec, showhand_allowed=False)
        object.__setattr__(self, "_hand_spec", hand_spec)

    @property
    def hand_spec(self) -> GameSpec:
        """The spec every hand is dealt with: a practice table forbids the showhand (R7.1)."""
        assert self._hand_spec is not None
        return self._hand_spec

    def check_buy_in(self, chips: object) -> int:
        """``chips`` as a buy-in at this table: a whole number from ``buy_in_min`` to
        ``buy_in_max`` (R7.2), else a TableError (``malformed``, ``buy_in_range``) says
        what is allowed.  The one check of a buy-in, the room's and the table's.

        >>> from studpoker.games import razz
        >>> TableConfig(razz(), "chips").check_buy_in(5)
        Traceback (most recent call last):
        ...
        studpoker.table.errors.TableError: a buy-in is 4000 to 40000 chips, not 5
        """
        if not _whole(chips):
            raise TableError(f"a buy-in is a whole number of chips, not {chips!r}", "malformed")
        assert isinstance(chips, int)
        if not self.buy_in_min <= chips <= self.buy_in_max:
            raise TableError(
                f"a buy-in is {self.buy_in_min} to {self.buy_in_max} chips, not {chips}",
                "buy_in_range",
                minimum=self.buy_in_min,
                maximum=self.buy_in_max,
                amount=chips,
            )
        return chips

    @property
    def players_at_most(self) -> int:
        """How many may sit: every seat, but eight in practice and competition (R7.1, R7.3)."""
        if self.mode in ("chips", "tournament"):
            return self.seats
        return min(PLAYERS_AT_MOST, self.seats)

    @property
    def stakes(self) -> dict[str, int]:
        """The stakes for the lobby: fixed limit (R2.1) or Show Hand (R6.4)."""
        return {name: getattr(self.spec, name) for name in stake_names(self.spec.game)}

    @property
    def options(self) -> dict[str, bool]:
        """The options a player opening a table of the game sets (:func:`option_names`),
        as this table plays them."""
        return {name: getattr(self.spec, name) for name in option_names(self.spec.game)}


def stake_names(game: str) -> tuple[Stake, ...]:
    """The stakes of a ``game`` table: fixed limit (R2.1) or Show Hand (R6.4).

    >>> stake_names("show_hand")
    ('ante', 'min_bet')
    """
    return _SHOW_HAND_STAKES if game == "show_hand" else _FIXED_LIMIT_STAKES


def option_names(game: str) -> tuple[GameOption, ...]:
    """The options of RULES.md a player opening a ``game`` table may set, each on or off.

    >>> option_names("five_card_stud"), option_names("stud_hilo")
    (('open_pair_double',), ())
    """
    return _OPTIONS.get(game, ())


def most_seats(spec: GameSpec) -> int:
    """The most seats a table of ``spec``'s game has: what the game's rules allow
    (games.spec: 8 for the seven-card games, R7.4; 10 for Five-Card Stud, R9.1, and for
    Show Hand as far as its deck deals five cards a player, R6.10).

    >>> from studpoker.games import five_card_stud, razz, show_hand
    >>> most_seats(five_card_stud()), most_seats(razz()), most_seats(show_hand(deck=28))
    (10, 8, 5)
    """
    return spec.most_seats


def chosen_clock(seconds: object) -> float:
    """``seconds`` as the clock of a table a player opens (R8.1), or a TableError.

    >>> chosen_clock(15)
    15.0
    >>> chosen_clock(1e9)
    Traceback (most recent call last):
    ...
    studpoker.table.errors.TableError: clock is a number of seconds from 5 to 120, not 1000000000.0
    """
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not CLOCK_MIN <= seconds <= CLOCK_MAX  # and so not nan
    ):
        raise TableError(
            f"clock is a number of seconds from {CLOCK_MIN:g} to {CLOCK_MAX:g}, not {seconds!r}",
            "clock_range",
            minimum=CLOCK_MIN,
            maximum=CLOCK_MAX,
        )
    return float(seconds)


def table_name(name: object) -> str:
    """``name`` as a table shows it: NFKC-normalised (full-width letters are letters), no
    spaces around it, 40 characters at most, and nothing in it that does not show.

    >>> table_name(" Ｓｌｏｗ razz ")
    'Slow razz'
    >>> table_name("slow\u200brazz")
    Traceback (most recent call last):
    ...
    studpoker.table.errors.TableError: a table name holds visible characters and spaces only, \
not U+200B
    """
    if not isinstance(name, str):
        raise TableError(f"a table name is text, not {name!r}", "malformed")
    text = unicodedata.normalize("NFKC", name).strip(" ")
    for char in text:
        if hidden(char):
            raise TableError(
                f"a table name holds visible characters and spaces only, not U+{ord(char):04X}",
                "table_name_characters",
                character=f"U+{ord(char):04X}",
            )
    if len(text) > TABLE_NAME_LENGTH:
        raise TableError(
            f"a table name is {TABLE_NAME_LENGTH} characters at most, not {len(text)}",
            "table_name_length",
            maximum=TABLE_NAME_LENGTH,
            length=len(text),
        )
    return text


def hidden(char: str) -> bool:
    """Whether ``char`` shows as nothing, or as something it is not: a name may not hold it.

    >>> hidden("\u202e"), hidden("\u3164"), hidden("梭")
    (True, True, False)
    """
    return unicodedata.category(char) in _HIDDEN_CATEGORIES or char in _BLANK_LETTERS


def tournament_table_name(name: str, number: int) -> str:
    """Table ``number`` of the tournament ``name``, as its table shows it: the tournament's
    name cut short (with three dots: a table name is NFKC, which spells an ellipsis so)
    to leave room for the number, and its hidden characters left out.

    >>> tournament_table_name("Sunday Razz", 2)
    'Sunday Razz · 2'
    >>> tournament_table_name("The Very Long Sunday Evening Razz Championship", 12)
    'The Very Long Sunday Evening Raz... · 12'
    """
    suffix = f" · {number}"
    shown = "".join(char for char in unicodedata.normalize("NFKC", name) if not hidden(char))
    room = TABLE_NAME_LENGTH - len(suffix)
    if len(shown) > room:
        shown = shown[: room - 3].rstrip(" ") + "..."
    return shown.strip(" ") + suffix


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seconds(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
