"""Our games as game trees for learning and solving: chance nodes for the deal, integer
actions, what each player knows as strings and tensors, the payoffs.

This module needs nothing beyond studpoker; ``studpoker.rl.openspiel`` registers its
games with OpenSpiel and ``studpoker.rl.pettingzoo`` makes them PettingZoo and
Gymnasium environments (``pip install studpoker[rl]``).

>>> game = StudGame("razz", players=2, stack=2000)
>>> state = game.new_initial_state()
>>> state.current_player()                       # chance deals third street, card by card
-1
>>> for card in "As 2c Kd Kh 3d Qs".split():     # down, down, up: seat 0 shows 3♦
...     state.apply_action(card_action(card))
>>> state.current_player(), [ACTION_NAMES[a] for a in state.legal_actions()]  # Q♠ brings in
(1, ['bring_in', 'wager'])
>>> state.apply_action(BRING_IN)
>>> [ACTION_NAMES[a] for a in state.legal_actions()]
['fold', 'check_call', 'wager']
>>> state.apply_action(FOLD)
>>> state.is_terminal(), state.returns()
(True, [-25.0, 25.0])

Actions, for every game (:data:`ACTION_NAMES`): 0 fold, 1 check or call, 2 post the
bring-in, 3 the least bet, raise or completion, 4 the largest (fixed limit: the big bet
where R2.7 lets a small or a big bet be made; Show Hand: the largest the limit allows
short of a showhand), 5 showhand (R6.6), and in Show Hand 6, 7 … a bet or raise to a
share of the pot (``pot_fractions``).  A chance action is a card's code (0-51,
:func:`card_action`).  The showdown plays itself: a hand that can win is shown, one that
cannot is mucked (R5.3), which moves no chip.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from itertools import repeat
from typing import Any

import numpy as np

from studpoker.cards import Card, deck_cards, parse_cards
from studpoker.engine import Action, ActionKind, Hand, LegalAction
from studpoker.engine.events import CardDealt, CommunityCard, Event, Show
from studpoker.games import GameSpec, five_card_stud, razz, seven_card_stud, show_hand, stud_hilo

__all__ = [
    "ACTION_NAMES",
    "BRING_IN",
    "CHANCE",
    "CHECK_CALL",
    "FOLD",
    "GAMES",
    "SHOWHAND",
    "TERMINAL",
    "WAGER",
    "WAGER_MAX",
    "StudGame",
    "StudState",
    "action_names",
    "card_action",
]

CHANCE = -1  # OpenSpiel's PlayerId.CHANCE
TERMINAL = -4  # OpenSpiel's PlayerId.TERMINAL

FOLD, CHECK_CALL, BRING_IN, WAGER, WAGER_MAX, SHOWHAND = range(6)
ACTION_NAMES = ["fold", "check_call", "bring_in", "wager", "wager_max", "showhand"]
_FIRST_FRACTION = 6

# The games, by the name the interfaces give them, and the preset each is made from.
GAMES = {
    "seven_card_stud": seven_card_stud,
    "stud_hilo": stud_hilo,
    "razz": razz,
    "five_card_stud": five_card_stud,
    "show_hand": show_hand,
}

_K = ActionKind
_WAGERS = (_K.BET, _K.RAISE, _K.COMPLETE)


def card_action(card: Card | str) -> int:
    """The chance action that deals ``card`` (its code, 0-51)."""
    return int(card if isinstance(card, Card) else Card.parse(card))


@dataclasses.dataclass(frozen=True)
class StudGame:
    """One of our games, for ``players`` each starting with ``stack`` chips (or the
    ``stacks`` given, seat 0 first), at the preset's stakes or those in ``options``
    (any option of the game's preset: ``ante``, ``bring_in``, ``deck``, ``limit`` …,
    RULES.md).  ``pot_fractions``: Show Hand's bets and raises to a share of the pot,
    beside the least, the largest and the showhand (default a half and a whole pot).
    ``cards``: deal from these cards of the game's deck only (``"As Ks Qs Js Ah Kh Qh
    Jh"``): a small game for research, as Leduc is to hold'em — the same rules, a tree a
    tabular algorithm can walk; enough of them for every player's hand and burn card.

    The default stack is 100 big bets (Show Hand: 100 antes).  Show Hand's excess after
    a short call is returned, not rolled into a next hand (R6.8's ``return``): a game
    tree's hand has no next one, and its payoffs must sum to zero."""

    name: str
    players: int = 2
    stack: int | None = None
    stacks: tuple[int, ...] | None = None
    options: tuple[tuple[str, Any], ...] = ()
    pot_fractions: tuple[float, ...] = (0.5, 1.0)
    cards: tuple[Card, ...] = ()
    codes: tuple[int, ...] = dataclasses.field(init=False, repr=False, compare=False)
    cards_per_player: int = dataclasses.field(init=False, repr=False, compare=False)
    spec: GameSpec = dataclasses.field(init=False, repr=False, compare=False)
    starting: tuple[int, ...] = dataclasses.field(init=False, repr=False, compare=False)

    def __init__(
        self,
        name: str,
        players: int = 2,
        stack: int | None = None,
        *,
        stacks: Sequence[int] | None = None,
        pot_fractions: Sequence[float] = (0.5, 1.0),
        cards: str | Sequence[Card] = (),
        **options: Any,
    ) -> None:
        if name not in GAMES:
            raise ValueError(f"{name!r} is not a game: one of {', '.join(GAMES)}")
        preset = GAMES[name]
        given = dict(options)
        if name == "show_hand":
            given.setdefault("short_call_excess", "return")
        spec = preset(**given)
        if not isinstance(players, int) or not 2 <= players <= spec.max_seats:
            raise ValueError(f"{name} deals 2 to {spec.max_seats} players, not {players!r}")
        if stacks is not None:
            starting = tuple(stacks)
            if len(starting) != players:
                raise ValueError(f"{len(starting)} stacks for {players} players")
        else:
            unit = spec.ante if spec.is_show_hand else spec.big_bet
            starting = (100 * unit if stack is None else stack,) * players
        for chips in starting:
            if not isinstance(chips, int) or isinstance(chips, bool) or chips <= 0:
                raise ValueError(f"a stack is a whole number of chips above 0, not {chips!r}")
        fractions = tuple(float(f) for f in pot_fractions) if spec.is_show_hand else ()
        if any(not f > 0 for f in fractions):
            raise ValueError(f"the pot fractions are above 0, not {pot_fractions!r}")
        deck = deck_cards(spec.deck)
        given_cards = parse_cards(cards) if isinstance(cards, str) else list(cards)
        if given_cards:
            outside = [c for c in given_cards if c not in deck]
            if outside:
                raise ValueError(f"{outside[0]} is not in the {spec.deck}-card deck")
            if len(set(given_cards)) != len(given_cards):
                raise ValueError("a card is given twice")
            burns = len(spec.streets) - 1 if spec.burn_cards else 0
            least = players * spec.cards_per_player + burns
            if len(given_cards) < least:
                raise ValueError(
                    f"{len(given_cards)} cards cannot deal {players} players of {name}: "
                    f"{least} at least"
                )
        set_ = object.__setattr__
        set_(self, "name", name)
        set_(self, "players", players)
        set_(self, "stack", stack)
        set_(self, "stacks", tuple(stacks) if stacks is not None else None)
        set_(self, "options", tuple(sorted(options.items())))
        set_(self, "pot_fractions", fractions)
        set_(self, "cards", tuple(sorted(given_cards)) if given_cards else tuple(deck))
        set_(self, "codes", tuple(int(card) for card in self.cards))
        set_(self, "cards_per_player", spec.cards_per_player)
        set_(self, "spec", spec)
        set_(self, "starting", starting)

    # -- what the game is, for the interfaces -------------------------------------------

    @property
    def num_distinct_actions(self) -> int:
        return _FIRST_FRACTION + len(self.pot_fractions)

    @property
    def max_chance_outcomes(self) -> int:
        return 52

    @property
    def streets(self) -> int:
        return len(self.spec.streets)

    @property
    def max_actions_per_street(self) -> int:
        """A bound on the decisions of one street: every wager reopens the betting for
        each other player, and the wagers are capped (R2.5; heads-up too unless the
        option says not, then the stacks bound them)."""
        spec = self.spec
        if spec.max_raises is not None and spec.cap_heads_up:
            wagers = spec.max_raises + 2  # the bring-in or a bet, the completion, raises
        else:
            least = max(spec.small_bet or spec.min_bet or spec.ante or 1, 1)
            wagers = max(self.starting) // least + 2
        return self.players * (wagers + 1)

    @property
    def max_game_length(self) -> int:
        """The most actions a hand takes, the deal's included."""
        return self.spec.deck + self.streets * self.max_actions_per_street

    @property
    def min_utility(self) -> float:
        return -float(max(self.starting))

    @property
    def max_utility(self) -> float:
        return float(sum(self.starting) - min(self.starting))

    def new_initial_state(self) -> StudState:
        return StudState(self)


class StudState:
    """A hand of a :class:`StudGame` in progress, as a game tree walks it."""

    __slots__ = (
        "_acts",
        "_left",
        "_legal_now",
        "_moves_now",
        "_pending",
        "_seen",
        "_street_turns",
        "game",
        "hand",
        "history",
    )

    def __init__(self, game: StudGame) -> None:
        self.game = game
        self.hand = Hand(game.spec, game.starting, manual_deal=True)
        # Every action, the chance ones included: an id, or the engine's action when a
        # player outside the game's actions made it (play()).
        self.history: list[int | Action] = []
        self._pending: list[Card] = []  # a street's cards chance has given so far
        # The codes of the cards not dealt, in order (a dict: found and taken at once).
        self._left: dict[int, None] = dict.fromkeys(game.codes)
        self._moves_now: dict[int, Action] | None = None  # the decision's, once asked
        self._legal_now: list[int] | None = None  # its ids in order
        # The moves so far, each as (street, its turn on the street, seat, action id), and
        # how many moves the current street has had: the information state's betting.
        self._acts: list[tuple[int, int, int, int]] = []
        self._street_turns = (-1, 0)
        self._seen: list[_Seen | None] = [None] * game.players  # each player's, kept up

    # -- whose turn, and what may be done ----------------------------------------------

    def current_player(self) -> int:
        hand = self.hand
        if hand.cards_wanted:
            return CHANCE
        actor = hand.actor
        return TERMINAL if actor is None else actor

    def is_terminal(self) -> bool:
        return self.hand.is_over

    def is_chance_node(self) -> bool:
        return bool(self.hand.cards_wanted)

    def legal_actions(self) -> list[int]:
        """The actions open now, in ascending order (the cards left, at a chance node)."""
        if self.hand.cards_wanted:
            return list(self._left)
        legal = self._legal_now
        if legal is None:
            legal = self._legal_now = sorted(self._moves())
        return legal[:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card that may come next, all equally likely."""
        left = self._left
        return list(zip(left, repeat(1.0 / len(left))))

    def _moves(self) -> dict[int, Action]:
        """The legal actions by id, each as the engine's action (kept until a move)."""
        moves = self._moves_now
        if moves is None:
            moves = self._moves_now = self._find_moves()
        return moves

    def _find_moves(self) -> dict[int, Action]:
        hand = self.hand
        moves: dict[int, Action] = {}
        wager: LegalAction | None = None
        for option in hand.legal_actions():
            kind = option.kind
            if kind == _K.FOLD:
                moves[FOLD] = Action(kind)
            elif kind == _K.CHECK or kind == _K.CALL:
                moves[CHECK_CALL] = Action(kind)
            elif kind == _K.BRING_IN:
                moves[BRING_IN] = Action(kind)
            elif kind == _K.SHOWHAND:
                moves[SHOWHAND] = Action(kind)
            elif kind in _WAGERS:
                wager = option
        if wager is not None:
            kind = wager.kind
            amounts = wager.choices or (wager.minimum, wager.maximum)
            low, high = amounts[0], amounts[-1]
            moves[WAGER] = Action(kind, low)
            if high != low:
                moves[WAGER_MAX] = Action(kind, high)
            if self.game.pot_fractions:
                self._pot_wagers(moves, wager, low, high)
        return moves

    def _pot_wagers(
        self, moves: dict[int, Action], wager: LegalAction, low: int, high: int
    ) -> None:
        """Show Hand: a bet or raise to a share of the pot (after the call), between the
        least and the largest, each amount once."""
        hand = self.hand
        actor = hand.actor
        assert actor is not None
        to_call = max(hand.bets) - hand.bets[actor]
        pot = sum(hand.contributed) + hand.carry_in + to_call
        seen = {low, high}
        for index, fraction in enumerate(self.game.pot_fractions):
            amount = max(hand.bets) + int(fraction * pot)
            if low < amount < high and amount not in seen:
                seen.add(amount)
                moves[_FIRST_FRACTION + index] = Action(wager.kind, amount)

    # -- moving on ----------------------------------------------------------------------

    def apply_action(self, action: int) -> None:
        """Deal a card (at a chance node) or make the actor's move; an action not open
        now raises :class:`ValueError` and changes nothing."""
        hand = self.hand
        if hand.cards_wanted:
            left = self._left
            if action not in left:
                if not isinstance(action, int) or not 0 <= action < 52:
                    raise ValueError(f"{action!r} is not a card's code (0-51)")
                card = Card.from_code(action)
                raise ValueError(f"{card} cannot be dealt: it is dealt already or not in the deck")
            del left[action]
            pending = self._pending
            pending.append(_CARDS[action])
            self.history.append(action)
            if len(pending) == hand.cards_wanted:
                self._pending = []
                hand.deal(pending)
                self._after()
            return
        if hand.is_over:
            raise ValueError("the hand is over")
        move = self._moves().get(action)
        if move is None:
            open_ = ", ".join(action_names(self.game)[a] for a in sorted(self._moves()))
            raise ValueError(f"action {action!r} is not open now; open: {open_}")
        street, actor = hand.street, hand.actor
        hand.act(move)
        self._record(street, actor, action)
        self._moves_now = self._legal_now = None
        self.history.append(action)
        self._after()

    def play(self, action: Action) -> None:
        """Make the actor's move as the engine's action, any amount the rules allow: what
        our computer players answer (the Gymnasium wrapper's opponents).  An illegal one
        raises :class:`~studpoker.engine.IllegalAction` and changes nothing."""
        hand = self.hand
        if hand.cards_wanted or hand.is_over:
            raise ValueError("no player is to act now")
        ids = {move: a for a, move in self._moves().items()}
        ident = ids.get(action)
        street, actor = hand.street, hand.actor
        hand.act(action)
        self._record(street, actor, _KIND_IDS[action.kind] if ident is None else ident)
        self._moves_now = self._legal_now = None
        self.history.append(action if ident is None else ident)
        self._after()

    def _record(self, street: int, actor: int | None, action: int) -> None:
        """Note a move (its id, or its kind's) on ``street`` for the information state."""
        last, turns = self._street_turns
        if street != last:
            turns = 0
        assert actor is not None
        self._acts.append((street, turns, actor, action))
        self._street_turns = (street, turns + 1)

    def _after(self) -> None:
        """The showdown plays itself (R5.3: show what can win, muck the rest)."""
        hand = self.hand
        if hand.round is None and not hand.cards_wanted and not hand.is_over:
            hand.play_showdown()

    def action_of(self, action: int) -> Action:
        """The engine's action an id stands for now (a player's turn only)."""
        move = self._moves().get(action)
        if move is None:
            raise ValueError(f"action {action!r} is not open now")
        return move

    def returns(self) -> list[float]:
        """Each player's chips won or lost (0 until the hand is over)."""
        hand = self.hand
        if not hand.is_over:
            return [0.0] * hand.player_count
        return [float(n) for n in hand.result.net]

    def clone(self) -> StudState:
        """The same state, to be changed on its own (replayed from the history)."""
        copy = StudState(self.game)
        for action in self.history:
            if isinstance(action, int):
                copy.apply_action(action)
            else:
                copy.play(action)
        return copy

    # -- what a player knows ------------------------------------------------------------

    def visible_events(self, player: int) -> list[Event]:
        """The hand's events as ``player`` may see them (DESIGN.md idea 2: the engine's
        one filter), the cards of a street it waits for not yet given."""
        return self.hand.events_for(player)

    def seen(self, player: int) -> _Seen:
        """What ``player`` has been told so far, read from the engine's events as that
        seat may see them and kept up as the hand goes on."""
        self._check_player(player)
        seen = self._seen[player]
        if seen is None:
            seen = self._seen[player] = _Seen(self.game.players)
        events = self.hand.events_for(player)
        if seen.read < len(events):
            seen.update(events)
        return seen

    def information_state_string(self, player: int) -> str:
        """Everything ``player`` has seen, in order (perfect recall): its own cards,
        the others' up cards, every action."""
        seen = self.seen(player)
        return f"p{player} " + seen.write(self.hand.events_for(player))

    def observation_string(self, player: int) -> str:
        """What ``player`` sees on the table now, not how it came about: the cards it
        can see by seat, each seat's stack, chips in and whether it folded, the street
        and whose turn it is."""
        self._check_player(player)
        hand = self.hand
        view = hand.view(player)
        seats = []
        for seat, seen in enumerate(view.seats):
            down = " ".join("??" if c is None else str(c) for c in seen.down_cards)
            up = " ".join(str(c) for c in seen.up_cards)
            state = "folded" if hand.folded[seat] else f"in {hand.contributed[seat]}"
            seats.append(f"s{seat}[{down} / {up}] stack {hand.stacks[seat]} {state}")
        community = " ".join(str(c) for c in hand.community)
        turn = self.current_player()
        return (
            f"p{player} street {hand.street} turn {turn} "
            + ("community " + community + " " if community else "")
            + " ; ".join(seats)
        )

    def _check_player(self, player: int) -> None:
        if not isinstance(player, int) or not 0 <= player < self.game.players:
            raise ValueError(f"{player!r} is not a player of this game (0-{self.game.players - 1})")

    def information_state_tensor(self, player: int) -> list[float]:
        return encode_information_state(self, player)

    def observation_tensor(self, player: int) -> list[float]:
        return encode_observation(self, player)

    def __str__(self) -> str:
        return self.observation_string(0) if not self.hand.is_over else repr(self.hand)


def nearest_action(core: StudState, action: Action) -> int:
    """The game's action closest to the engine's ``action``: the same kind, and among
    wagers the nearest amount."""
    moves = core._moves()
    for ident, move in moves.items():
        if move == action:
            return ident
    same = [
        (abs((move.amount or 0) - (action.amount or 0)), ident)
        for ident, move in moves.items()
        if move.kind == action.kind
    ]
    if same:
        return min(same)[1]
    return min(moves)  # not open as such: the first open (fold, else check or call)


_CARDS = [Card.from_code(code) for code in range(52)]


class _Seen:
    """What one player has been told: the events read, as text, and the cards it can
    see as (seat, slot, card code), a seat's slots in the order its cards came (the
    down cards of the first street, the up cards, the last down card); ``community``
    the community card's code or -1."""

    __slots__ = ("cards", "community", "read", "slots", "text", "written")

    def __init__(self, players: int) -> None:
        self.read = 0  # events read for the cards
        self.written = 0  # events written into the text (only when it is asked for)
        self.text = ""
        self.cards: list[tuple[int, int, int]] = []
        self.slots = [0] * players
        self.community = -1

    def write(self, events: Sequence[Event]) -> str:
        """The text of ``events`` (all the player's so far), extended from the last."""
        if self.written < len(events):
            tokens = " ".join(map(_token, events[self.written :]))
            self.text = f"{self.text} {tokens}" if self.text else tokens
            self.written = len(events)
        return self.text

    def update(self, events: Sequence[Event]) -> None:
        new = events[self.read :]
        self.read = len(events)
        for event in new:
            kind = type(event)
            if kind is CardDealt:
                seat, card = event.seat, event.card  # type: ignore[attr-defined]
                slot = self.slots[seat]
                self.slots[seat] = slot + 1
                if card is not None:
                    self.cards.append((seat, slot, int(card)))
            elif kind is CommunityCard:
                card = event.card  # type: ignore[attr-defined]
                self.community = -1 if card is None else int(card)
            elif kind is Show:
                seat = event.seat  # type: ignore[attr-defined]
                known = {(s, slot) for s, slot, _ in self.cards}
                for slot, card in enumerate(event.cards):  # type: ignore[attr-defined]
                    if card is not None and (seat, slot) not in known:
                        self.cards.append((seat, slot, int(card)))


_FIELDS: dict[type, tuple[str, ...]] = {}  # each event class's fields, in order


def _token(event: Event) -> str:
    """An event, short: ``CardDealt(1,3c,False)``, ``Call(2,990)``; ``?`` a hidden card."""
    kind = type(event)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(event))
    values = (getattr(event, name) for name in names)
    return f"{kind.__name__}({','.join('?' if v is None else str(v) for v in values)})"


_KIND_IDS = {
    _K.FOLD: FOLD,
    _K.CHECK: CHECK_CALL,
    _K.CALL: CHECK_CALL,
    _K.BRING_IN: BRING_IN,
    _K.BET: WAGER,
    _K.RAISE: WAGER,
    _K.COMPLETE: WAGER,
    _K.SHOWHAND: SHOWHAND,
}


def action_names(game: StudGame) -> list[str]:
    """Every action id's name in ``game``: :data:`ACTION_NAMES` and the pot shares."""
    return ACTION_NAMES + [f"pot_{f:g}" for f in game.pot_fractions]


# -- tensors -----------------------------------------------------------------------------


def information_state_size(game: StudGame) -> int:
    p = game.players
    cards = p * game.cards_per_player * 52 + 52
    history = game.streets * game.max_actions_per_street * (p + game.num_distinct_actions)
    return p + cards + history


def observation_size(game: StudGame) -> int:
    p = game.players
    return p + p * game.cards_per_player * 52 + 52 + 4 * p + game.streets + p


def _card_ones(game: StudGame, seen: _Seen, offset: int) -> list[int]:
    """The indices of the cards a player sees, one-hot by seat, slot and card, then the
    community card, from ``offset``; the community part ends 52 after the seats'."""
    per = game.cards_per_player
    ones = [
        offset + (seat * per + slot) * 52 + code for seat, slot, code in seen.cards if slot < per
    ]
    if seen.community >= 0:
        ones.append(offset + game.players * per * 52 + seen.community)
    return ones


def information_state_ones(state: StudState, player: int) -> list[int]:
    """Where the information-state tensor is 1 (it is 0 elsewhere): who is looking; the
    cards it can see; each street's moves in order, seat and action one-hot — perfect
    recall, in :func:`information_state_size` places."""
    game = state.game
    seen = state.seen(player)
    players = game.players
    ones = [player, *_card_ones(game, seen, players)]
    offset = players + players * game.cards_per_player * 52 + 52
    width = players + game.num_distinct_actions
    per_street = game.max_actions_per_street
    for street, turn, actor, action in state._acts:
        at = offset + (street * per_street + turn) * width
        ones.append(at + actor)
        ones.append(at + players + action)
    return ones


def encode_information_state(state: StudState, player: int) -> list[float]:
    """The information-state tensor (:func:`information_state_ones`)."""
    tensor = [0.0] * information_state_size(state.game)
    for index in information_state_ones(state, player):
        tensor[index] = 1.0
    return tensor


def observation_parts(state: StudState, player: int) -> tuple[list[int], list[tuple[int, float]]]:
    """The observation tensor as where it is 1 and the other values it holds: who is
    looking; the cards it can see; each seat's stack, chips in and bet this street
    (shares of its starting stack) and whether it folded; the street; whose turn
    (:func:`observation_size` places)."""
    game, hand = state.game, state.hand
    players = game.players
    ones = [player, *_card_ones(game, state.seen(player), players)]
    offset = players + players * game.cards_per_player * 52 + 52
    values: list[tuple[int, float]] = []
    starting, stacks, contributed, bets = game.starting, hand.stacks, hand.contributed, hand.bets
    for seat in range(players):
        start = starting[seat]
        values.append((offset, stacks[seat] / start))
        values.append((offset + 1, contributed[seat] / start))
        values.append((offset + 2, bets[seat] / start))
        if hand.folded[seat]:
            ones.append(offset + 3)
        offset += 4
    if 0 <= hand.street < game.streets:
        ones.append(offset + hand.street)
    offset += game.streets
    turn = state.current_player()
    if turn >= 0:
        ones.append(offset + turn)
    return ones, values


def encode_observation(state: StudState, player: int) -> list[float]:
    """The observation tensor (:func:`observation_parts`)."""
    tensor = [0.0] * observation_size(state.game)
    ones, values = observation_parts(state, player)
    for index in ones:
        tensor[index] = 1.0
    for index, value in values:
        tensor[index] = value
    return tensor


def fill_tensor(
    tensor: np.ndarray[Any, Any], state: StudState, player: int, *, perfect_recall: bool
) -> None:
    """Write ``player``'s information-state tensor (``perfect_recall``) or observation
    tensor into the NumPy array ``tensor`` (of its size)."""
    tensor.fill(0.0)
    if perfect_recall:
        tensor[information_state_ones(state, player)] = 1.0
        return
    ones, values = observation_parts(state, player)
    tensor[ones] = 1.0
    for index, value in values:
        tensor[index] = value
