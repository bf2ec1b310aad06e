"""One hand of stud as a pure, deterministic state machine.

Cards given in dealing order: each seat's first down card, the second down
cards, then the up cards (9♠, 4♣, 2♦: the 2♦ brings in, R3.1).

>>> from studpoker.cards import parse_cards
>>> from studpoker.games import seven_card_stud
>>> deck = parse_cards("As Kd 7c  Ah Kh 3d  9s 4c 2d") + [None] * 43
>>> hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=deck)
>>> hand.actor, [str(a) for a in hand.legal_actions()]
(2, ['bring_in 50', 'complete to 200'])
>>> hand.act("bring_in")
>>> [str(a) for a in hand.legal_actions()]
['fold', 'call 50', 'complete to 200']
>>> hand.act("fold"); hand.act("fold")
>>> hand.is_over, hand.result.net
(True, (-25, -25, 50))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from studpoker.cards import Card, Deck, deck_cards, shuffle
from studpoker.engine import showdown as _showdown
from studpoker.engine.actions import Action, IllegalAction, Kinds, LegalAction
from studpoker.engine.betting import BettingRound
from studpoker.engine.events import (
    AllIn,
    Ante,
    CardDealt,
    CarryIn,
    CommunityCard,
    Event,
    Muck,
    PotAwarded,
    Show,
    StreetStarted,
    UncalledBetReturned,
)
from studpoker.engine.pots import Pot, side_pots
from studpoker.engine.structures import STRUCTURES
from studpoker.engine.view import HandView, SeatView, _Seen, filter_events, seat_view, view_of
from studpoker.games import GameSpec
from studpoker.hands import HandValue, show_hand_board
from studpoker.hands.showing import bring_in_value, showing_value

__all__ = ["Hand", "HandResult"]

K = Kinds  # ActionKind's members, cheaper to read (actions.Kinds)
# A seat's up cards by their ranks, as one number: three bits counting each rank.
_RANK_BIT = [1 << 3 * (code >> 2) for code in range(52)]
_ALLOWED = {size: frozenset(deck_cards(size)) for size in (52, 32, 28)}  # each deck's cards
_PAIRED = sum(0b110 << 3 * rank for rank in range(13))  # some rank shows twice or more
_SHOWING_HIGH: dict[int, int] = {}  # showing values (R3.3) by that number
_SHOWING_LOW: dict[int, int] = {}
# How strongly each card obliges its holder to bring in (R3.1), by card code.
_BRING_IN_HIGH = [bring_in_value(Card.from_code(code)) for code in range(52)]
_BRING_IN_LOW = [bring_in_value(Card.from_code(code), low=True) for code in range(52)]
_SHOW, _MUCK = Action(K.SHOW), Action(K.MUCK)
_CALL, _CHECK = Action(K.CALL), Action(K.CHECK)


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a finished hand came out.

    ``net`` is each seat's gain or loss in chips, ``stacks`` what each seat holds
    now, ``won`` the pot awards of each seat, ``shown`` the cards each seat showed
    with their values, and ``rollover`` the chips carried to the next hand's pot
    (R6.8), which the next :class:`Hand` takes as ``carry_in``.
    """

    net: tuple[int, ...]
    stacks: tuple[int, ...]
    won: tuple[tuple[PotAwarded, ...], ...]
    shown: dict[int, tuple[tuple[Card, ...], tuple[HandValue, ...]]]
    rollover: int


class Hand:
    """One hand of ``spec`` between players with ``stacks`` (seat 0 first).

    Cards come from ``deck`` when given (a :class:`Deck`, or cards in dealing
    order, ``None`` for a card a record does not show), else from a deck shuffled
    by ``rng`` (default: the OS CSPRNG).  With ``manual_deal`` they come from the
    caller a street at a time: the hand waits with :attr:`cards_wanted` cards to be
    given to :meth:`deal` (as PokerKit deals when its dealing is not automated; a
    game tree's chance nodes, ``studpoker.rl``).  ``carry_in`` is the previous
    hand's rollover (R6.8).
    """

    def __init__(
        self,
        spec: GameSpec,
        stacks: Sequence[int],
        *,
        rng: random.Random | None = None,
        deck: Deck | Iterable[Card | None] | None = None,
        carry_in: int = 0,
        manual_deal: bool = False,
    ) -> None:
        count = len(stacks)
        if not 2 <= count <= spec.max_seats:
            raise ValueError(f"{spec.game} deals 2 to {spec.max_seats} players, not {count}")
        for seat, stack in enumerate(stacks):
            if not isinstance(stack, int) or isinstance(stack, bool) or stack <= 0:
                raise ValueError(
                    f"seat {seat} has {stack!r} chips: a player dealt in has at least 1 chip"
                )
        if not isinstance(carry_in, int) or carry_in < 0:
            raise ValueError(f"carry_in is a whole number of chips, 0 or more, not {carry_in!r}")
        if manual_deal and (deck is not None or rng is not None):
            raise ValueError("a hand dealt by hand (manual_deal) takes neither a deck nor an rng")
        self.spec = spec
        self.structure = STRUCTURES[spec.betting]  # DESIGN.md idea 5
        self.player_count = count
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * count
        self.contributed = [0] * count
        self.folded = [False] * count
        self.down: list[list[Card | None]] = [[] for _ in range(count)]
        self.up: list[list[Card | None]] = [[] for _ in range(count)]
        self._up_keys = [0] * count  # each seat's up ranks (_RANK_BIT summed)
        self._unknown_up = False  # a record left an up card unknown
        self.community: list[Card | None] = []
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.carry_in = carry_in
        self.rollover = 0
        self.short_callers: set[int] = set()
        self.showhand_made = False
        self.aggressors: list[int | None] = []
        self.showhand_base = 0
        self.street = -1
        self.round: BettingRound | None = None
        self._manual = manual_deal
        self._deck = [] if manual_deal else self._deck_order(deck, rng)
        self._size = spec.deck if manual_deal else len(self._deck)  # the cards to deal from
        self._drawn = 0
        self.cards_wanted = 0  # manual_deal: the cards deal() waits for now
        # R7.4: only a game whose full table could empty the deck has a community card
        # (not Show Hand, which deals every player five cards, R6.10, nor Five-Card Stud).
        self._community_ok = spec.max_seats * spec.cards_per_player > spec.deck
        self.speaker = 0  # Show Hand: who spoke first, and so is dealt first (R6.2)
        self._showing: list[int] = []  # showdown: seats still to show or muck, in order
        self._shown: dict[int, _showdown.SeatValues] = {}
        self._values: dict[int, _showdown.SeatValues | None] = {}
        self._final_pots: list[Pot] | None = None  # fixed when the betting is over
        self._showdown_legal: tuple[int, list[LegalAction]] | None = None
        self._over = False
        # What each viewer may see of the events, kept by the view module (view.py).
        self._filtered: dict[int | None, _Seen] = {}  # view.py: what each viewer has seen
        self._hidden: dict[int, CardDealt] = {}  # view.py: a down card's event, hidden
        if carry_in:
            self.events.append(CarryIn(carry_in))
        stacks, contributed, events, ante = self.stacks, self.contributed, self.events, spec.ante
        for seat in range(count):
            paid = ante if stacks[seat] > ante else stacks[seat]  # R2.2: all in if short
            if paid:
                stacks[seat] -= paid
                contributed[seat] += paid
                events.append(Ante(seat, paid))
                if not stacks[seat]:
                    events.append(AllIn(seat))
        self._next_street()

    # -- the deck -----------------------------------------------------------------

    def _deck_order(
        self, deck: Deck | Iterable[Card | None] | None, rng: random.Random | None
    ) -> list[Card | None]:
        size = self.spec.deck
        if deck is None:
            shuffled: list[Card | None] = list(deck_cards(size))
            shuffle(shuffled, rng)
            return shuffled
        order: list[Card | None] = list(deck.cards) if isinstance(deck, Deck) else list(deck)
        known = [card for card in order if card is not None]
        allowed = _ALLOWED.get(size) or frozenset(deck_cards(size))
        for card in known:
            if not isinstance(card, Card):
                raise ValueError(f"{card!r} is not a card")
            if card not in allowed:
                raise ValueError(f"{card} is not in the {size}-card deck")
        if len(set(known)) != len(known):
            twice = next(c for c in known if known.count(c) > 1)
            raise ValueError(f"{twice} is in the deck twice")
        return order

    def _draw(self) -> Card | None:
        if self._drawn >= len(self._deck):
            raise ValueError(f"the deck ran out after {self._drawn} cards")
        card = self._deck[self._drawn]
        self._drawn += 1
        return card

    @property
    def deck_order(self) -> tuple[Card | None, ...]:
        """The whole deck in dealing order, the cards dealt and those to come: what the
        hand is dealt from (given again as ``deck``, it deals the same cards).  For the
        server alone: no view holds it (DESIGN.md idea 2)."""
        return tuple(self._deck)

    @property
    def cards_left(self) -> int:
        return self._size - self._drawn

    def deal(self, cards: Sequence[Card]) -> None:
        """Deal the street a ``manual_deal`` hand waits for: :attr:`cards_wanted` cards
        in dealing order (each seat's card of the street in turn, the first down cards
        first), none of them dealt before.  A wrong count or card raises
        :class:`ValueError` and changes nothing."""
        wanted = self.cards_wanted
        if not wanted:
            raise ValueError("the hand waits for no cards now")
        given = list(cards)
        if len(given) != wanted:
            raise ValueError(f"the hand waits for {wanted} cards, not {len(given)}")
        allowed = _ALLOWED.get(self._size) or frozenset(deck_cards(self._size))
        dealt = set(self._deck)
        for card in given:
            if not isinstance(card, Card) or card not in allowed:
                raise ValueError(f"{card!r} is not a card of the {self._size}-card deck")
            if card in dealt:
                raise ValueError(f"{card} is dealt already")
            dealt.add(card)
        burn, _ = self._street_plan(self.street, len(self.structure.dealing_order(self)))
        if burn:
            self._deck.append(None)  # R2.12: the burn card, never seen by anyone
        self._deck.extend(given)
        self.cards_wanted = 0
        if not self._open_street():
            self._next_street()

    # -- chips: the one place the betting changes them -------------------------------

    def put_in(self, seat: int, amount: int) -> None:
        """Move ``amount`` of the seat's chips into its bet (for the betting round)."""
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.contributed[seat] += amount

    def fold(self, seat: int) -> None:
        """The seat gives up its cards (for the betting round)."""
        self.folded[seat] = True

    def _return_uncalled(self) -> None:
        """R2.10: a bet or raise nobody could call goes back to its owner."""
        if self.spec.settlement == "capped":
            return  # Show Hand settles the excess after the showdown (R6.7, R6.8)
        contributed = self.contributed
        most = max(contributed)
        if contributed.count(most) > 1:
            return  # two or more put in the most: everything was called
        top = contributed.index(most)
        excess = most - sorted(contributed)[-2]  # above what anyone else put in
        if excess > 0:
            self.contributed[top] -= excess
            self.stacks[top] += excess
            self.bets[top] = max(self.bets[top] - excess, 0)
            self.events.append(UncalledBetReturned(top, excess))

    # -- streets ------------------------------------------------------------------

    def showhand_open(self, street: int) -> bool:
        """Whether a showhand may be made on this street (R6.6, R7.1)."""
        return self.structure.showhand_open(self, street)

    def _street_plan(self, index: int, players: int) -> tuple[bool, bool]:
        """Whether street ``index`` burns a card first (R2.12; a deck too short to burn
        and still deal keeps its cards) and whether it is one community card (R7.4:
        not a card for everyone), for ``players`` dealt in, before a card is drawn."""
        spec = self.spec
        cards = len(spec.streets[index].cards)
        needed = players * cards
        left = self._size - self._drawn
        community_ok = cards == 1 and self._community_ok  # R7.4
        burn = bool(index and spec.burn_cards and (left > needed or (community_ok and left > 1)))
        community = community_ok and left - burn < players
        if not community and left - burn < needed:
            raise ValueError(f"the deck ran out after {self._drawn} cards")
        return burn, community

    def _cards_wanted(self, index: int) -> int:
        """How many cards street ``index`` deals (its burn card not counted)."""
        players = len(self.structure.dealing_order(self))
        _, community = self._street_plan(index, players)
        return 1 if community else players * len(self.spec.streets[index].cards)

    def _deal_street(self, index: int) -> None:
        spec = self.spec
        street = spec.streets[index]
        events = self.events
        events.append(StreetStarted(street.name, index))
        players = self.structure.dealing_order(self)
        cards, deck = street.cards, self._deck
        burn, community = self._street_plan(index, len(players))
        if burn:
            self._draw()
        if community:
            card = self._draw()
            self.community.append(card)
            events.append(CommunityCard(card))
            return
        drawn, n = self._drawn, len(players)
        for kind in cards:
            dealt = deck[drawn : drawn + n]
            drawn += n
            if kind == "u":
                up, keys = self.up, self._up_keys
                for seat, card in zip(players, dealt, strict=True):
                    up[seat].append(card)
                    if card is None:
                        self._unknown_up = True
                    else:
                        keys[seat] += _RANK_BIT[card]
                    events.append(CardDealt(seat, card, True))
            else:
                down = self.down
                for seat, card in zip(players, dealt, strict=True):
                    down[seat].append(card)
                    events.append(CardDealt(seat, card, False))
        self._drawn = drawn

    # -- who acts first: the boards (each structure chooses which rule applies) ------

    def best_show_hand_board(self) -> int:
        """R6.2: the seat whose up cards rank highest by Show Hand's ranking."""
        spec, folded = self.spec, self.folded
        values = {
            s: show_hand_board(self._known_up(s), spec.ranking)
            for s in range(self.player_count)
            if not folded[s]
        }
        return max(values, key=lambda s: values[s])

    def open_pair_showing(self) -> bool:
        """R2.7, R9.3: whether a player still in shows a pair."""
        keys, folded = self._up_keys, self.folded
        return any(keys[s] & _PAIRED for s in range(self.player_count) if not folded[s])

    def best_showing_seat(self) -> int:
        """R3.2, R3.3: the seat with the best showing hand (lowest in Razz) acts first."""
        spec, folded = self.spec, self.folded
        low, by_suit = spec.low, spec.board_tie == "suit"
        known = _SHOWING_LOW if low else _SHOWING_HIGH  # boards' values by their ranks
        keys, up = self._up_keys, self.up
        best_seat, best = -1, -1
        for seat in range(self.player_count):
            if folded[seat]:
                continue
            if self._unknown_up:
                self._known_up(seat)
            if by_suit:
                value = showing_value(up[seat], low=low, by_suit=True)  # type: ignore[arg-type]
            else:
                value = known.get(keys[seat], -1)
                if value < 0:
                    value = known[keys[seat]] = showing_value(
                        up[seat],  # type: ignore[arg-type]
                        low=low,
                        by_suit=False,
                    )
            if value > best:  # R3.3: equal boards go to the lowest seat
                best_seat, best = seat, value
        return best_seat

    def bring_in_seat(self) -> int:
        """R3.1 by the up cards; R3.2: if that player is all in from the ante, the
        next player clockwise with chips brings in, whatever their card."""
        count, stacks, folded = self.player_count, self.stacks, self.folded
        obliged = _BRING_IN_LOW if self.spec.low else _BRING_IN_HIGH
        seat, most = -1, -1
        for s in range(count):
            if not folded[s]:
                value = obliged[self._known_up(s)[-1]]
                if value > most:
                    seat, most = s, value
        if stacks[seat] == 0:
            seat = next(
                (seat + i) % count for i in range(1, count) if stacks[(seat + i) % count] > 0
            )
        return seat

    def _known_up(self, seat: int) -> list[Card]:
        cards = self.up[seat]
        if self._unknown_up and None in cards:
            raise ValueError(f"seat {seat}'s up cards must be known to decide who acts first")
        return cards  # type: ignore[return-value]

    def _next_street(self) -> None:
        """Deal the next street and start its betting, or go on to the showdown; a
        ``manual_deal`` hand stops to wait for the street's cards."""
        streets = len(self.spec.streets)
        while True:
            self.street += 1
            if self.street >= streets:
                self._start_showdown()
                return
            if self._manual:
                self.cards_wanted = self._cards_wanted(self.street)
                return  # deal() goes on
            if self._open_street():
                return

    def _open_street(self) -> bool:
        """Deal the street and open its betting; False when nobody is left to bet."""
        structure = self.structure
        self._deal_street(self.street)
        self.aggressors.append(None)
        structure.street_dealt(self, self.street)
        stacks, folded = self.stacks, self.folded
        can_bet = [s for s in range(self.player_count) if stacks[s] and not folded[s]]
        if self.showhand_made or len(can_bet) < 2:
            return False  # nobody left to bet against: deal on (R2.9, R6.6)
        rnd = structure.open_round(self, self.street, can_bet)
        if rnd.actor is None:
            return False
        self.round = rnd
        return True

    def _end_round(self) -> None:
        rnd = self.round
        assert rnd is not None
        self.aggressors[-1] = rnd.aggressor
        self.round = None
        self._return_uncalled()
        self.bets = [0] * self.player_count
        if self.folded.count(False) == 1:
            self._win_uncontested()
        else:
            self._next_street()

    def _win_uncontested(self) -> None:
        """R5.1: everyone else folded; the last player takes every chip and shows nothing."""
        winner = self.folded.index(False)
        self._final_pots = [Pot(sum(self.contributed), (winner,))]  # what side_pots gives
        total = sum(self.contributed) + self.carry_in
        self.stacks[winner] += total
        self.events.append(PotAwarded(0, "whole", winner, total, None))
        self._over = True

    # -- the showdown ---------------------------------------------------------------

    def _start_showdown(self) -> None:
        self._return_uncalled()  # R2.10: an ante nobody matched, when nobody could bet
        self._showing = _showdown.showdown_order(self)
        self._values = {seat: _showdown.values_of(self, seat) for seat in self._showing}
        self._final_pots = self.pots
        self._advance_showdown()

    def _advance_showdown(self) -> None:
        """Show the all-in hands (R5.3), and stop at the first seat that must choose."""
        while self._showing:
            seat = self._showing[0]
            values = self._values[seat]
            if values is None:
                self._showing.pop(0)
                self.events.append(Muck(seat, self._muck_cards(seat)))
                continue
            if self.stacks[seat] == 0:
                self._showing.pop(0)
                self._show(seat, values)
                continue
            return
        self.events.extend(_showdown.award(self, self._shown))
        self._over = True

    def _show(self, seat: int, values: _showdown.SeatValues) -> None:
        self._shown[seat] = values
        self.events.append(Show(seat, tuple(self.cards_of(seat))))

    def _muck_cards(self, seat: int) -> tuple[Card | None, ...] | None:
        return tuple(self.cards_of(seat)) if self.spec.reveal_mucked else None

    def _showdown_actions(self, seat: int) -> list[LegalAction]:
        if self._showdown_legal is not None and self._showdown_legal[0] == seat:
            return self._showdown_legal[1]
        actions = self._showdown_choices(seat)
        self._showdown_legal = (seat, actions)
        return actions

    def _showdown_choices(self, seat: int) -> list[LegalAction]:
        values = self._values[seat]
        if values is None:
            return [LegalAction(K.MUCK)]
        capped = self.spec.settlement == "capped"
        pots = self._final_pots or []
        if _showdown.can_win(pots, seat, values, self._shown, capped=capped):
            return [LegalAction(K.SHOW)]
        return [LegalAction(K.SHOW), LegalAction(K.MUCK)]

    # -- the public face --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def actor(self) -> int | None:
        """The seat that must act now (bet, or show or muck), or None."""
        if self._over:
            return None
        if self.round is not None:
            return self.round.actor
        return self._showing[0] if self._showing else None

    def legal_actions(self) -> list[LegalAction]:
        """Each kind of action open to the actor, with its amounts."""
        rnd = self.round
        if rnd is not None:
            return rnd.legal_actions().copy()
        seat = self.actor
        if seat is None:
            return []
        return list(self._showdown_actions(seat))

    def act(self, action: Action | str) -> None:
        """Apply the actor's ``action`` (an :class:`Action` or text like ``"raise 400"``),
        or raise :class:`IllegalAction` saying why, changing nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        rnd = self.round
        if rnd is not None:
            seat = rnd.actor
            assert seat is not None
            rnd.apply(action, self.events)
            self.actions.append((seat, action))
            if rnd.actor is None:
                self._end_round()
            return
        seat = self.actor
        if seat is None:
            if self.cards_wanted:
                raise IllegalAction(
                    f"nobody can {action}: the hand waits for {self.cards_wanted} cards to be dealt"
                )
            raise IllegalAction(f"nobody can {action}: the hand is over", reason="hand_over")
        legal = self._showdown_actions(seat)
        if action.kind not in {option.kind for option in legal} or action.amount is not None:
            allowed = ", ".join(str(option) for option in legal)
            why = (
                "the hand can still win, and the software never mucks a winner"
                if action.kind == K.MUCK
                else "it is the showdown"
            )
            reason, rule = (
                ("never_muck_winner", "R5.3") if action.kind == K.MUCK else ("showdown", None)
            )
            raise IllegalAction(
                f"seat {seat} cannot {action}: {why}; allowed: {allowed}", reason=reason, rule=rule
            )
        self.actions.append((seat, action))
        self._showing.pop(0)
        self._showdown_legal = None
        if action.kind == K.SHOW:
            values = self._values[seat]
            assert values is not None
            self._show(seat, values)
        else:
            self.events.append(Muck(seat, self._muck_cards(seat)))
        self._advance_showdown()

    def check_or_call(self) -> None:
        """Check if checking is free, else call (R2.8): what a calling station
        does, and what PokerKit's ``check_or_call`` does.  A bring-in still to be
        posted (R2.4) or a Show Hand opener who must bet (R6.4) cannot."""
        rnd = self.round
        seat = None if rnd is None else rnd.actor
        if rnd is None or seat is None:
            raise IllegalAction("nobody can check or call: the betting is over")
        self.act(_CALL if rnd.level > self.bets[seat] else _CHECK)

    def play_showdown(self) -> None:
        """Show or muck for every seat still to choose at the showdown, by the
        automatic policy of :meth:`default_action` (what bots and timed-out
        players do, R5.3): show if the hand can win any part of any pot, else muck."""
        while self.round is None and self._showing and not self._over:
            seat = self._showing[0]
            muck = any(option.kind == K.MUCK for option in self._showdown_actions(seat))
            self.act(_MUCK if muck else _SHOW)

    def default_action(self) -> Action:
        """What a bot or a timed-out player does (R8.1, R8.2): post the bring-in,
        check if free, else fold; the Show Hand opener bets the minimum; at the
        showdown, show if the hand can win any part of any pot, else muck."""
        kinds = {option.kind: option for option in self.legal_actions()}
        if not kinds:
            raise IllegalAction("nobody must act: the hand is over")
        for kind in (K.BRING_IN, K.CHECK, K.FOLD, K.MUCK, K.SHOW):
            if kind in kinds:
                return Action(kind)
        if K.BET in kinds:
            return Action(K.BET, kinds[K.BET].minimum)
        return Action(K.SHOWHAND)

    def view(self, seat: int | None) -> HandView:
        """Everything ``seat`` may know now (``None``: an observer), DESIGN.md idea 2."""
        return view_of(self, seat)

    def seat_view(self, seat: int, viewer: int | None) -> SeatView:
        """Seat ``seat`` as ``viewer`` sees it: ``self.view(viewer).seats[seat]``, made
        alone."""
        return seat_view(self, seat, viewer)

    def forget_views(self) -> None:
        """Forget what each viewer has been shown so far (view.py keeps it to extend it
        as events come); it is made again when asked.  A finished hand kept for reading
        holds its events alone."""
        self._filtered.clear()

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """The events as ``seat`` may see them: others' down cards hidden until shown;
        from index ``start`` on (a client told of the first ``start`` already)."""
        return filter_events(self, seat, start)

    def cards_of(self, seat: int) -> list[Card | None]:
        """The seat's cards: down, up and community, in dealing order of each."""
        down, up = self.down[seat], self.up[seat]
        # The first street's down cards (two in the seven-card games, one in the
        # five-card ones), the up cards, seventh street's down card, a community card.
        return down[:2] + up + down[2:] + self.community

    @property
    def pots(self) -> list[Pot]:
        """The pots as they stand (bets of the current street included)."""
        if self._final_pots is not None:
            return list(self._final_pots)  # the pots as they were settled
        return side_pots(self.contributed, self.folded, [stack == 0 for stack in self.stacks])

    @property
    def result(self) -> HandResult:
        """How the hand came out; only once it is over."""
        if not self._over:
            raise ValueError("the hand is not over yet")
        won: list[list[PotAwarded]] = [[] for _ in range(self.player_count)]
        for event in self.events:
            if isinstance(event, PotAwarded):
                won[event.seat].append(event)
        shown = {}
        for seat, values in self._shown.items():
            cards = tuple(c for c in self.cards_of(seat) if c is not None)
            shown[seat] = (cards, tuple(v for v in (values.main, values.low) if v is not None))
        return HandResult(
            net=tuple(
                s - start for s, start in zip(self.stacks, self.starting_stacks, strict=True)
            ),
            stacks=tuple(self.stacks),
            won=tuple(tuple(w) for w in won),
            shown=shown,
            rollover=self.rollover,
        )

    def __repr__(self) -> str:
        state = "over" if self._over else f"street {self.street}, seat {self.actor} to act"
        return f"<Hand {self.spec.game} {self.player_count} players, {state}>"
