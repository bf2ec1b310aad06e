"""PHH, the Poker Hand History format of phh-std and PokerKit: one hand as TOML.

:func:`to_phh` writes a hand of ours (finished or not); :func:`from_phh` replays a
record through the engine and returns the :class:`~studpoker.engine.Hand`.  Seat 0
is PHH's ``p1``.  Cards the record does not show (``??``) are ``None``.

>>> from studpoker.cards import parse_cards
>>> from studpoker.engine import Hand
>>> from studpoker.games import razz
>>> deck = parse_cards("As 2c  3d 4h  Kc 9s") + [None] * 46
>>> hand = Hand(razz(ante=5, bring_in=10, small_bet=20, big_bet=40), [500, 500], deck=deck)
>>> hand.act("bring_in"); hand.act("complete 20"); hand.act("fold")
>>> text = to_phh(hand, names=["Ann", "Bob"])
>>> print(text, end="")
variant = 'FR'
ante_trimming_status = true
antes = [5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [500, 500]
actions = [
  # third street
  'd dh p1 As3dKc',
  'd dh p2 2c4h9s',
  'p1 pb',
  'p2 cbr 20',
  'p1 f',
]
players = ['Ann', 'Bob']
finishing_stacks = [485, 515]
_game = 'razz'
>>> from_phh(text).events == hand.events
True

Show Hand has no PHH variant code: it is written ``variant = '_SH'`` (the underscore
marks it user-defined, as PHH marks user-defined fields), with ``antes``, ``min_bet``
(R6.4) and ``'pN sh'`` for a showhand (R6.6, the amount is the rules').  Nor has
fixed-limit Five-Card Stud (R9), which PokerKit does not play either: it is written
``variant = '_F5S'`` (after PHH's ``F7S``), with the fixed-limit fields of the
seven-card games (``antes``, ``bring_in``, ``small_bet``, ``big_bet``), second street's
down and up card in one ``d dh`` action, and the actions of the other stud games.  Every option
of :class:`~studpoker.games.GameSpec` that differs from the preset's default is a
user-defined field named after it (``_open_pair_double = false``, ``_limit = 'pot'``,
``_street_caps = ['1/4', '1/2', '1', '1']``, ``_deck = 28`` …), and ``_carry_in`` is a
Show Hand rollover brought in (R6.8).  ``_game`` names our preset: a record without it
(PokerKit's) is read with PokerKit's rules, :data:`POKERKIT_OPTIONS`, if it is one
of PokerKit's variants; a ``_SH`` or ``_F5S`` record, which PokerKit cannot have
written, with RULES.md's defaults.
"""

from __future__ import annotations

import dataclasses
import datetime
import math
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Final

from studpoker.cards import Card, deck_cards
from studpoker.engine import (
    Action,
    ActionKind,
    Bet,
    BringIn,
    Call,
    CardDealt,
    Check,
    CommunityCard,
    Complete,
    Event,
    Fold,
    Hand,
    LegalAction,
    Muck,
    Raise,
    Show,
    Showhand,
    StreetStarted,
)
from studpoker.games import GameSpec, preset

__all__ = [
    "FIVE_CARD_STUD_VARIANT",
    "POKERKIT_OPTIONS",
    "SHOW_HAND_VARIANT",
    "VARIANTS",
    "PhhHand",
    "from_phh",
    "to_phh",
]

K = ActionKind
SHOW_HAND_VARIANT: Final = "_SH"
FIVE_CARD_STUD_VARIANT: Final = "_F5S"
VARIANTS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "F7S": "seven_card_stud",
        "F7S/8": "stud_hilo",
        "FR": "razz",
        SHOW_HAND_VARIANT: "show_hand",
        FIVE_CARD_STUD_VARIANT: "five_card_stud",
    }
)
_CODES = {game: code for code, game in VARIANTS.items()}
# The variants PokerKit plays: only their records may come from PokerKit.
_POKERKIT_VARIANTS = frozenset({"F7S", "F7S/8", "FR"})
# The options that make our engine play as PokerKit 0.7.7 does: a record without
# ``_game`` was written by PokerKit or by hand for its rules.
POKERKIT_OPTIONS: Final[Mapping[str, object]] = MappingProxyType(
    {
        "open_pair_double": False,  # R2.7: no double bet on an open pair
        "max_raises": 3,  # R2.5: a bet or completion and three raises a street ...
        "cap_heads_up": True,  # ... heads-up too
        "board_tie": "seat",  # R3.3: equal boards: the lowest seat acts first
        "odd_chip": "seat",  # R5.6: odd chips to the first tied seat
        "burn_cards": False,  # R2.12: its burnt cards are dealt when the deck runs short
    }
)

_FIXED_LIMIT = (
    "variant",
    "antes",
    "bring_in",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "actions",
)
_SHOW_HAND = ("variant", "antes", "min_bet", "starting_stacks", "actions")
_STAKES = ("bring_in", "small_bet", "big_bet", "min_bet")
# The GameSpec options, each written as a user-defined field "_<name>".
_OPTIONS = tuple(
    f.name
    for f in dataclasses.fields(GameSpec)
    if f.init and f.name not in {"game", "streets", "ante", *_STAKES}
)
_PHH_OPTIONAL = (
    "author", "event", "url", "venue", "address", "city", "region", "postal_code", "country",
    "time", "time_zone", "time_zone_abbreviation", "day", "month", "year", "hand", "level",
    "seats", "seat_count", "table", "players", "finishing_stacks", "winnings", "currency",
    "currency_symbol", "ante_trimming_status", "time_limit", "time_banks",
)  # fmt: skip
_FROM_THE_HAND = {
    *_FIXED_LIMIT, *_STAKES, "blinds_or_straddles", "ante_trimming_status", "players",
    "finishing_stacks", "_game", "_carry_in", *(f"_{name}" for name in _OPTIONS),
}  # fmt: skip
_PLAYER = re.compile(r"p([1-9][0-9]*)")
_SHOW, _MUCK = Action(K.SHOW), Action(K.MUCK)


# -- writing ----------------------------------------------------------------------------


def to_phh(hand: Hand, /, *, names: Sequence[str] | None = None, **fields: object) -> str:
    """The PHH text of ``hand``: its game, stakes and stacks, every card dealt and
    every action so far, the showdown's shows and mucks; ``finishing_stacks`` once
    it is over.  ``names`` become ``players``; ``fields`` are PHH's optional fields
    (``event``, ``hand``, ``table``, ``time`` …) or user-defined ones (``_…``)."""
    spec = hand.spec
    count = hand.player_count
    lines = [
        f"variant = {_toml(_CODES[spec.game])}",
        "ante_trimming_status = true",  # antes count toward the side pots (R5.4)
        f"antes = {_toml([spec.ante] * count)}",
        *(f"{name} = {getattr(spec, name)}" for name in _stakes(spec) if name != "ante"),
        f"starting_stacks = {_toml(list(hand.starting_stacks))}",
        "actions = [",
        *(f"  {line}" for line in _actions(hand)),
        "]",
    ]
    if names is not None:
        if len(names) != count or not all(isinstance(name, str) for name in names):
            raise ValueError(f"names: a name for each of the {count} players, not {names!r}")
        lines.append(f"players = {_toml(list(names))}")
    given = {name: _field(name, value) for name, value in fields.items()}
    lines += [f"{name} = {value}" for name, value in given.items() if not name.startswith("_")]
    if hand.is_over:
        lines.append(f"finishing_stacks = {_toml(list(hand.result.stacks))}")
    lines.append(f"_game = {_toml(spec.game)}")
    for name, value in _options(spec):
        lines.append(f"_{name} = {_toml(value)}")
    if hand.carry_in:
        lines.append(f"_carry_in = {hand.carry_in}")
    lines += [f"{name} = {value}" for name, value in given.items() if name.startswith("_")]
    return "\n".join(lines) + "\n"


def _actions(hand: Hand) -> list[str]:
    """The actions as lines of a TOML array, with a comment at each street."""
    lines: list[str] = []
    dealt: dict[int, list[Card | None]] = {}  # this street's cards, by seat as dealt

    def deal() -> None:
        lines.extend(f"'d dh p{seat + 1} {_cards(cards)}'," for seat, cards in dealt.items())
        dealt.clear()

    showdown = False
    for event in hand.events:
        if isinstance(event, CardDealt):
            dealt.setdefault(event.seat, []).append(event.card)
            continue
        deal()
        if isinstance(event, StreetStarted):
            lines.append(f"# {event.street} street")
        elif isinstance(event, Show | Muck) and not showdown:
            lines.append("# showdown")
            showdown = True
        action = _action_text(event, len(hand.community))
        if action is not None:
            lines.append(f"'{action}',")
    deal()
    return lines


def _action_text(event: Event, community: int) -> str | None:
    match event:
        case CommunityCard(card=card):
            return f"d db {_cards([card])}"
        case BringIn(seat=seat):
            return f"p{seat + 1} pb"
        case Complete(seat=seat, to=to) | Bet(seat=seat, to=to) | Raise(seat=seat, to=to):
            return f"p{seat + 1} cbr {to}"
        case Call(seat=seat) | Check(seat=seat):
            return f"p{seat + 1} cc"
        case Fold(seat=seat):
            return f"p{seat + 1} f"
        case Showhand(seat=seat):
            return f"p{seat + 1} sh"
        case Show(seat=seat, cards=cards):  # the seat's own cards: not the community card
            return f"p{seat + 1} sm {_cards(cards[: len(cards) - community])}"
        case Muck(seat=seat):
            return f"p{seat + 1} sm"
    return None


def _cards(cards: Sequence[Card | None]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)


def _stakes(spec: GameSpec) -> dict[str, int]:
    names = (
        ("ante", "min_bet") if spec.is_show_hand else ("ante", "bring_in", "small_bet", "big_bet")
    )
    return {name: getattr(spec, name) for name in names}


@lru_cache(maxsize=64)
def _options(spec: GameSpec) -> tuple[tuple[str, object], ...]:
    """The options of ``spec`` that differ from its preset's defaults."""
    stakes = _stakes(spec)
    base = preset(spec.game, **stakes)
    options = {name: getattr(spec, name) for name in _OPTIONS}
    options = {name: value for name, value in options.items() if value != getattr(base, name)}
    if "max_seats" in options:  # the preset seats as many as the deck deals to (R6.10)
        rest = {name: value for name, value in options.items() if name != "max_seats"}
        if preset(spec.game, **stakes, **rest) == spec:
            options = rest
    if preset(spec.game, **stakes, **options) != spec:
        raise ValueError(f"PHH records the presets' games; this {spec.game} has other streets")
    caps = options.get("street_caps")
    if isinstance(caps, tuple):
        options["street_caps"] = [str(cap) for cap in caps]
    return tuple(options.items())


def _field(name: str, value: object) -> str:
    if name in _FROM_THE_HAND:
        why = "pass names= for players" if name == "players" else "to_phh writes it from the hand"
        raise ValueError(f"{name}: {why}")
    if not name.startswith("_") and name not in _PHH_OPTIONAL:
        raise ValueError(
            f"{name}: not a PHH field; the optional fields are {', '.join(_PHH_OPTIONAL)}, "
            "and a user-defined field's name begins with '_'"
        )
    try:
        return _toml(value)
    except TypeError as error:
        raise ValueError(f"{name}: {error}") from None


def _toml(value: object) -> str:
    """``value`` as a TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else str(value)  # inf, -inf, nan
    if isinstance(value, str):
        if "'" not in value and all(" " <= c != "\x7f" or c == "\t" for c in value):
            return f"'{value}'"
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return '"' + re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\u{ord(m[0]):04x}", escaped) + '"'
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    raise TypeError(f"PHH has no value like {value!r}")


# -- reading ----------------------------------------------------------------------------


class PhhHand(Hand):
    """The :class:`~studpoker.engine.Hand` a PHH record replays to, and ``notes``: what
    the replay had to assume, never silently, as a site record's replay lists them
    (:attr:`~studpoker.history.ReplayReport.notes`)."""

    def __init__(
        self,
        spec: GameSpec,
        stacks: Sequence[int],
        *,
        deck: list[Card | None],
        carry_in: int = 0,
        notes: Sequence[str] = (),
    ) -> None:
        super().__init__(spec, stacks, deck=deck, carry_in=carry_in)
        self.notes = list(notes)


def from_phh(text: str) -> PhhHand:
    """Replay the PHH ``text`` through the engine: the hand, finished or as far as the
    record goes, with the notes of what the replay assumed (:class:`PhhHand`).  Raises
    ``ValueError`` naming the field, or the action (``actions[7] 'p3 cbr 60': …``) that
    is wrong; the engine's own messages number seats from 0 (``pN`` is seat N - 1).

    The engine deals (PHH's ``d dh`` and ``d db`` only give the cards) and settles the
    pots by RULES.md.  At the showdown the seats act in our order (R5.2) as the record
    says they did; a muck of a hand that can still win is a show (R5.3, R5.7).  From
    PokerKit's records: a ``cc`` it asks of the one player left with chips (R2.9) is
    skipped, its ``cbr`` to a short all-in bring-in is the bring-in (R2.4), and its
    ``cbr`` capped at what the others can still call is the bet or raise it stands for
    (R2.6)."""
    record = _read(text)
    _trust_the_folded(record)
    layout: dict[int, _StreetDeal] = {}
    tried: set[tuple[int, _StreetDeal]] = set()
    while True:
        try:
            return _replay(record, layout)
        except _Relayout as fix:
            if (fix.street, fix.deal) in tried:
                name = record.spec.streets[fix.street].name
                raise ValueError(
                    f"{record.at_street(fix.street)}: the rules do not deal {name} street's "
                    "cards this way (R2.12 burnt cards, R7.4 community card)"
                ) from None
            tried.add((fix.street, fix.deal))
            layout[fix.street] = fix.deal


# The up cards that never bring in (nor speak first), game by game: given to a player
# who folded on third street with cards the record does not show.
_NEVER_FIRST = {"razz": "A23", "show_hand": "234"}
_NEVER_FIRST_HIGH = "AKQ"


def _trust_the_folded(record: _Record) -> None:
    """A player who folds at their first decision may have no cards in the record
    (``??????``, as the WSOP's records write them); the engine needs each up card to
    know who brings in, so such a player is given an unseen up card that cannot bring
    in or speak first (an ace in Seven Card Stud, R3.1), trusting the recorded actor,
    as the site readers trust theirs, and a note says so.  Their cards decide nothing
    else."""
    spec = record.spec
    third = spec.streets[0].cards
    if "u" not in third or not record.cards:
        return
    up = third.index("u")
    first_verb: dict[int, str] = {}
    for step in record.steps:
        if step.seat >= 0 and step.verb not in ("dh", "db", "") and step.seat not in first_verb:
            first_verb[step.seat] = step.verb
    seen = {card for cards in record.cards for card in cards if card is not None}
    if record.community is not None:
        seen.add(record.community)
    ranks = _NEVER_FIRST.get(spec.game, _NEVER_FIRST_HIGH)
    spare = [c for r in ranks for c in deck_cards(spec.deck) if str(c)[0] == r and c not in seen]
    for seat, cards in enumerate(record.cards):
        if len(cards) > up and cards[up] is None and first_verb.get(seat) == "f" and spare:
            cards[up] = card = spare.pop(0)
            record.notes.append(
                f"{record.at(record.dealt_by[seat, up])}: p{seat + 1} folds with no up card "
                f"shown; replayed with {card}, an unseen card that can neither bring in nor "
                "speak first (R3.1): the recorded actors are trusted"
            )


@dataclass(frozen=True, slots=True)
class _Step:
    """One action of the record: ``seat`` acts (or is dealt ``cards``, ``d dh``);
    ``verb`` is PHH's (``""`` for a comment)."""

    index: int
    text: str
    verb: str
    seat: int = -1
    amount: int = 0
    cards: tuple[Card | None, ...] = ()
    show: bool = False


@dataclass(slots=True)
class _Record:
    """A PHH record read: the game, the stacks, the actions and the cards each seat
    is dealt (those shown at the showdown filled in)."""

    spec: GameSpec
    stacks: list[int]
    carry_in: int
    steps: list[_Step]
    cards: list[list[Card | None]] = field(default_factory=list)
    dealt_by: dict[tuple[int, int], int] = field(default_factory=dict)  # (seat, card) -> step
    street_seats: list[list[int]] = field(default_factory=list)  # seats dealt, in record order
    community: Card | None = None
    community_street: int | None = None
    community_step: int = -1
    notes: list[str] = field(default_factory=list)  # what the replay had to assume

    def street_cards(self, seat: int, street: int) -> list[Card | None]:
        start = sum(len(s.cards) for s in self.spec.streets[:street])
        cards = self.cards[seat]
        size = len(self.spec.streets[street].cards)
        return [cards[i] if i < len(cards) else None for i in range(start, start + size)]

    def at_street(self, street: int) -> str:
        """The record's first action dealing ``street``, as errors name it."""
        if street == self.community_street:
            return self.at(self.community_step)
        start = sum(len(s.cards) for s in self.spec.streets[:street])
        return self.at(min(self.dealt_by[seat, start] for seat in self.street_seats[street]))

    def at(self, index: int) -> str:
        return f"actions[{index}] {self.steps[index].text!r}"


class NotToml(ValueError):
    """A PHH text that is not TOML at all: no hand can be read from it."""


def load_toml(text: str) -> dict[str, Any]:
    """``text`` read as TOML; :class:`NotToml` says why not — a hand record nested
    hundreds of brackets deep too (Python's TOML reader recurses on each), never a
    ``RecursionError``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise NotToml(f"the text is not TOML: {error}") from None
    except RecursionError:
        raise NotToml("the text nests its brackets too deep to be a hand record") from None


def _read(text: str) -> _Record:
    doc = load_toml(text)
    variant = doc.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        codes = ", ".join(VARIANTS)
        raise ValueError(f"variant: {variant!r} is not a game studpoker plays; use {codes}")
    game = VARIANTS[variant]
    required = _SHOW_HAND if game == "show_hand" else _FIXED_LIMIT
    for name in required:
        if name not in doc:
            raise ValueError(f"{name}: missing; a {variant} record has {', '.join(required)}")
    for name in ("blinds_or_straddles", *_STAKES):
        if name in doc and name not in required:
            raise ValueError(f"{name}: a {variant} record has none")
    if not isinstance(doc.get("ante_trimming_status", True), bool):
        raise ValueError(
            f"ante_trimming_status: true or false, not {doc['ante_trimming_status']!r}"
        )
    stacks = _chips(doc, "starting_stacks")
    for seat, stack in enumerate(stacks):
        if stack <= 0:
            raise ValueError(
                f"starting_stacks: p{seat + 1} has {stack}; a player has 1 chip or more"
            )
    antes = _chips(doc, "antes")
    if len(antes) != len(stacks):
        raise ValueError(f"antes: {len(antes)} antes for {len(stacks)} players")
    if len(set(antes)) > 1:
        raise ValueError(f"antes: every player antes the same (R2.2, R6.1), not {antes}")
    stakes = {"ante": antes[0] if antes else 0}
    stakes |= {name: _chip(name, doc[name]) for name in required if name in _STAKES}
    marker = doc.get("_game")
    if marker is not None and marker != game:
        raise ValueError(f"_game: {marker!r} is not the game of variant {variant!r} ({game})")
    pokerkit = marker is None and variant in _POKERKIT_VARIANTS
    options = dict(POKERKIT_OPTIONS) if pokerkit else {}
    options |= {name: _option(doc, name) for name in _OPTIONS if f"_{name}" in doc}
    spec = _spec(game, variant, stakes, options)
    if not 2 <= len(stacks) <= spec.max_seats:
        players = f"2 to {spec.max_seats} players"
        raise ValueError(f"starting_stacks: {spec.game} deals {players}, not {len(stacks)}")
    carry_in = doc.get("_carry_in", 0)
    if not isinstance(carry_in, int) or isinstance(carry_in, bool) or carry_in < 0:
        raise ValueError(f"_carry_in: a whole number of chips, 0 or more, not {carry_in!r}")
    actions = doc["actions"]
    if not isinstance(actions, list):
        raise ValueError(f"actions: a list of actions, not {actions!r}")
    steps = [_parse_step(i, action, len(stacks)) for i, action in enumerate(actions)]
    record = _Record(spec, stacks, carry_in, steps)
    _read_cards(record)
    return record


def _chip(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{name}: amounts are whole numbers of chips (R1.4), not {value!r}")
    return value


def _chips(doc: dict[str, Any], name: str) -> list[int]:
    values = doc[name]
    if not isinstance(values, list):
        raise ValueError(f"{name}: a list with an amount for each player, not {values!r}")
    return [_chip(name, value) for value in values]


def _option(doc: dict[str, Any], name: str) -> object:
    value = doc[f"_{name}"]
    if name == "street_caps":
        if isinstance(value, list) and all(type(cap) in (str, int) for cap in value):
            try:
                return tuple(Fraction(cap) for cap in value)
            except (ValueError, ZeroDivisionError):
                pass
        raise ValueError(f"_street_caps: a fraction for each round, like '1/4', not {value!r}")
    if name in ("flush_beats_full_house", "ace_bridges_gap") and not isinstance(value, bool):
        raise ValueError(f"_{name}: true or false, not {value!r}")
    return value


def _spec(game: str, variant: str, stakes: dict[str, int], options: dict[str, Any]) -> GameSpec:
    try:
        preset(game, **stakes)
    except ValueError as error:
        raise ValueError(f"{variant} stakes: {error}") from None
    try:
        return preset(game, **stakes, **options)
    except (TypeError, ValueError) as error:
        for name, value in options.items():  # which option is wrong on its own?
            try:
                preset(game, **stakes, **{name: value})
            except (TypeError, ValueError) as alone:
                raise ValueError(f"_{name}: {alone}") from None
        names = ", ".join(f"_{name}" for name in options)
        raise ValueError(f"{names}: {error}") from None


def _parse_step(index: int, text: object, players: int) -> _Step:
    if not isinstance(text, str):
        raise ValueError(f"actions[{index}]: an action is a string, not {text!r}")
    words = text.split("#", 1)[0].split()  # "# …" is a commentary

    def wrong(why: str) -> ValueError:
        return ValueError(f"actions[{index}] {text!r}: {why}")

    def seat(word: str) -> int:
        number = _PLAYER.fullmatch(word)
        if number is None or int(number[1]) > players:
            raise wrong(f"{word!r} is not a player: p1 to p{players}")
        return int(number[1]) - 1

    def cards(word: str) -> tuple[Card | None, ...]:
        chunks = [word[i : i + 2] for i in range(0, len(word), 2)]
        try:
            if len(word) % 2 == 0:
                return tuple(None if chunk == "??" else Card.parse(chunk) for chunk in chunks)
        except ValueError:
            pass
        raise wrong(f"{word!r} is not cards: two characters a card (As, Td, 2c), ?? if unknown")

    match words:
        case []:
            return _Step(index, text, "")
        case ["d", "dh", player, dealt]:
            return _Step(index, text, "dh", seat(player), cards=cards(dealt))
        case ["d", "db", dealt]:
            return _Step(index, text, "db", cards=cards(dealt))
        case [player, ("pb" | "f" | "cc" | "sh") as verb]:
            return _Step(index, text, verb, seat(player))
        case [player, "cbr", amount]:
            if not (amount.isascii() and amount.isdigit()):
                raise wrong(f"{amount!r} is not a whole number of chips (R1.4)")
            return _Step(index, text, "cbr", seat(player), int(amount))
        case [player, "sm"]:
            return _Step(index, text, "sm", seat(player))
        case [player, "sm", "-"]:
            return _Step(index, text, "sm", seat(player), show=True)
        case [player, "sm", shown]:
            return _Step(index, text, "sm", seat(player), cards=cards(shown), show=True)
        case [_, "sd", *_]:
            raise wrong("standing pat or discarding is no stud action")
    raise wrong(
        "not a PHH stud action: 'd dh pN cards', 'd db card', 'pN pb', 'pN f', 'pN cc', "
        "'pN cbr amount', 'pN sh' (showhand) or 'pN sm [cards]'"
    )


def _read_cards(record: _Record) -> None:
    """Each seat's cards from the record's deals, and shows filling in unknown ones."""
    spec, steps = record.spec, record.steps
    street_of = [k for k, street in enumerate(spec.streets) for _ in street.cards]
    allowed = set(deck_cards(spec.deck))
    seen: dict[Card, int] = {}
    record.cards = [[] for _ in record.stacks]
    record.street_seats = [[] for _ in spec.streets]
    last_street = -1

    def note(step: _Step, card: Card | None) -> None:
        if card is None:
            return
        if card not in allowed:
            raise ValueError(f"{record.at(step.index)}: {card} is not in the {spec.deck}-card deck")
        if card in seen:
            first = record.at(seen[card])
            raise ValueError(f"{record.at(step.index)}: {card} is dealt twice (first at {first})")
        seen[card] = step.index

    for step in steps:
        if step.verb == "dh":
            cards = record.cards[step.seat]
            for card in step.cards:
                if len(cards) == len(street_of):
                    has = f"p{step.seat + 1} already has {len(cards)} cards"
                    raise ValueError(f"{record.at(step.index)}: {has}, a whole {spec.game} hand")
                note(step, card)
                record.dealt_by[step.seat, len(cards)] = step.index
                street = street_of[len(cards)]
                if step.seat not in record.street_seats[street]:
                    record.street_seats[street].append(step.seat)
                last_street = max(last_street, street)
                cards.append(card)
        elif step.verb == "db":
            street = last_street + 1
            if (
                spec.is_show_hand
                or record.community_street is not None
                or len(step.cards) != 1
                or street not in range(1, len(spec.streets))
                or len(spec.streets[street].cards) != 1
            ):
                why = "the rules deal one community card, on the last street, if any (R7.4)"
                raise ValueError(f"{record.at(step.index)}: {why}")
            note(step, step.cards[0])
            record.community, record.community_street = step.cards[0], street
            record.community_step = step.index
        elif step.verb == "sm":
            cards = record.cards[step.seat]
            if len(step.cards) > len(cards):
                why = f"p{step.seat + 1} shows {len(step.cards)} cards, dealt {len(cards)}"
                raise ValueError(f"{record.at(step.index)}: {why}")
            for i, (dealt, shown) in enumerate(zip(cards, step.cards, strict=False)):
                if dealt is None:
                    note(step, shown)
                    cards[i] = shown
                elif shown is not None and shown != dealt:
                    why = f"p{step.seat + 1} was dealt {dealt}, not {shown}"
                    raise ValueError(f"{record.at(step.index)}: {why}")


# -- replaying ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _StreetDeal:
    """How a street takes its cards from the deck: a burnt card first or not
    (R2.12), then the seats in the order they are dealt (R2.3, R6.2)."""

    burn: bool
    seats: tuple[int, ...]


class _Relayout(Exception):
    """The engine dealt ``street`` otherwise than the deck was laid out for."""

    def __init__(self, street: int, deal: _StreetDeal) -> None:
        super().__init__(street, deal)
        self.street, self.deal = street, deal


def _deck(
    record: _Record, layout: dict[int, _StreetDeal]
) -> tuple[list[Card | None], list[_StreetDeal]]:
    """The deck in dealing order for the record's cards: each street as ``layout``
    says, else with a burnt card (if the table burns and the deck can spare it,
    R2.12) and the seats as the record lists them.  The engine's dealing corrects
    the layout (R2.3, R6.2)."""
    spec = record.spec
    deals = [
        layout.get(k, _StreetDeal(spec.burn_cards and k > 0, tuple(record.street_seats[k])))
        for k in range(len(spec.streets))
    ]
    sizes = [
        1 if record.community_street == k else len(deal.seats) * len(street.cards)
        for k, (deal, street) in enumerate(zip(deals, spec.streets, strict=True))
    ]
    spare = spec.deck - sum(sizes) - sum(deal.burn for deal in deals)
    for k in reversed(range(len(deals))):  # a short deck keeps its last cards unburnt
        if spare < 0 and deals[k].burn and k not in layout:
            deals[k] = _StreetDeal(False, deals[k].seats)
            spare += 1
    deck: list[Card | None] = []
    for k, (deal, street) in enumerate(zip(deals, spec.streets, strict=True)):
        if deal.burn:
            deck.append(None)
        if record.community_street == k:
            deck.append(record.community)
            continue
        cards = {seat: record.street_cards(seat, k) for seat in deal.seats}
        deck += [cards[seat][j] for j in range(len(street.cards)) for seat in deal.seats]
    if len(deck) > spec.deck:
        raise ValueError(f"actions: more cards are dealt than the {spec.deck}-card deck holds")
    return deck + [None] * (spec.deck - len(deck)), deals


class _Dealing:
    """Checks, street by street, that the engine dealt each seat the record's cards."""

    def __init__(self, record: _Record, deals: list[_StreetDeal]) -> None:
        self.record, self.deals = record, deals
        self.seen = 0  # events looked at
        self.dealt: set[int] = set()  # streets dealt

    def check(self, hand: Hand) -> None:
        street = -1
        cards: dict[int, list[Card | None]] = {}
        board: list[Card | None] = []
        for event in hand.events[self.seen :]:
            if isinstance(event, CardDealt):
                cards.setdefault(event.seat, []).append(event.card)
            elif isinstance(event, CommunityCard):
                board.append(event.card)
            else:
                if street >= 0:
                    self._verify(hand, street, cards, board)
                street, cards, board = -1, {}, []
                if isinstance(event, StreetStarted):
                    street = event.index
        if street >= 0:
            self._verify(hand, street, cards, board)
        self.seen = len(hand.events)

    def _verify(
        self, hand: Hand, k: int, cards: dict[int, list[Card | None]], board: list[Card | None]
    ) -> None:
        record, deal = self.record, self.deals[k]
        self.dealt.add(k)
        wanted = record.street_seats[k]
        if record.community_street == k or (board and wanted):
            if board != [record.community] or cards or record.community_street != k:
                raise _Relayout(k, _StreetDeal(not deal.burn, deal.seats))
            return
        name = record.spec.streets[k].name
        for seat in wanted:
            if seat not in cards:
                why = f"the rules deal p{seat + 1} no card on {name} street"
                folded = f", p{seat + 1} having folded" if hand.folded[seat] else ""
                start = sum(len(s.cards) for s in record.spec.streets[:k])
                raise ValueError(f"{record.at(record.dealt_by[seat, start])}: {why}{folded}")
        if not wanted:
            return  # the record stops before this street: its cards are unknown
        order = tuple(cards)
        if order != deal.seats:
            raise _Relayout(k, _StreetDeal(deal.burn, order))
        if any(cards[seat] != record.street_cards(seat, k) for seat in order):
            raise _Relayout(k, _StreetDeal(not deal.burn, order))

    def finish(self, hand: Hand) -> None:
        """Every street the record deals must have been reached."""
        record = self.record
        for k, seats in enumerate(record.street_seats):
            if (seats or record.community_street == k) and k not in self.dealt:
                name = record.spec.streets[k].name
                why = "the hand is over" if hand.is_over else f"{_player(hand.actor)} is to act"
                raise ValueError(
                    f"{record.at_street(k)}: the hand never reaches {name} street: {why}"
                )


def _replay(record: _Record, layout: dict[int, _StreetDeal]) -> PhhHand:
    deck, deals = _deck(record, layout)
    dealing = _Dealing(record, deals)
    try:
        hand = PhhHand(
            record.spec, record.stacks, deck=deck, carry_in=record.carry_in, notes=record.notes
        )
    except ValueError as error:  # e.g. an unknown up card decides the bring-in
        raise ValueError(f"actions: {error}") from None
    dealing.check(hand)
    shows: dict[int, bool] = {}  # the record's show (True) or muck, by seat
    for step in record.steps:
        if step.verb in ("dh", "db", ""):
            continue  # the engine deals
        try:
            if step.verb == "sm":
                if hand.folded[step.seat]:
                    raise ValueError(f"p{step.seat + 1} has folded")
                shows[step.seat] = step.show
            else:
                _bet(hand, step)
            _showdown(hand, shows)
        except ValueError as error:
            dealing.check(hand)  # a street dealt otherwise than laid out is the cause
            raise ValueError(f"{record.at(step.index)}: {error}") from None
        dealing.check(hand)
    dealing.finish(hand)
    return hand


def _bet(hand: Hand, step: _Step) -> None:
    seat = step.seat
    if hand.round is None or hand.actor != seat:
        if step.verb == "cc" and _lone(hand, seat):
            return  # PokerKit asks the one player left with chips to check (R2.9)
        if hand.is_over:
            raise ValueError("the hand is over")
        if hand.round is None:
            raise ValueError("the betting is over")
        raise ValueError(f"{_player(hand.actor)} is to act, not p{seat + 1}")
    hand.act(_action(step, hand.legal_actions(), hand.round.level, _most_called(hand, seat)))


def _player(seat: int | None) -> str:
    return "nobody" if seat is None else f"p{seat + 1}"


def _most_called(hand: Hand, seat: int) -> int:
    """The most any other player still in can have in front of them this street: what
    a bet or raise by ``seat`` can be called up to."""
    others = [
        hand.bets[s] + hand.stacks[s]
        for s in range(hand.player_count)
        if s != seat and not hand.folded[s]
    ]
    return max(others, default=0)


def _action(step: _Step, legal: list[LegalAction], level: int, most: int = 0) -> Action:
    options = {option.kind: option for option in legal}
    if step.verb == "pb":
        return Action(K.BRING_IN)
    if step.verb == "f":
        return Action(K.FOLD)
    if step.verb == "sh":
        return Action(K.SHOWHAND)
    if step.verb == "cc":
        return Action(K.CALL if K.CALL in options else K.CHECK)
    bring_in, complete = options.get(K.BRING_IN), options.get(K.COMPLETE)
    if (
        bring_in is not None
        and step.amount == bring_in.minimum
        and (complete is None or not complete.allows(step.amount))
    ):
        return Action(K.BRING_IN)  # PokerKit "completes" to a short all-in bring-in (R2.4)
    kinds = (K.COMPLETE, K.BET, K.RAISE)
    kind = next((k for k in kinds if k in options), K.RAISE if level else K.BET)
    option = options.get(kind)
    if (
        option is not None
        and not option.allows(step.amount)
        and step.amount == most
        and step.amount < option.minimum
    ):
        # PokerKit writes a bet or raise capped at what the others can still call;
        # it stands for the wager the rules make it (the least one, R2.6).
        return Action(kind, option.minimum)
    return Action(kind, step.amount)


def _lone(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` is the only player with chips against all-in players."""
    live = [s for s in range(hand.player_count) if not hand.folded[s]]
    with_chips = [s for s in live if hand.stacks[s]]
    return not hand.is_over and len(live) > 1 and with_chips == [seat]


def _showdown(hand: Hand, shows: dict[int, bool]) -> None:
    """Show or muck for each seat the engine asks, as the record says it did."""
    while hand.round is None and (seat := hand.actor) is not None and seat in shows:
        muck = not shows[seat] and any(o.kind == K.MUCK for o in hand.legal_actions())
        hand.act(_MUCK if muck else _SHOW)
