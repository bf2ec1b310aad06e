"""Differential test: our engine against PokerKit 0.7.7 (a test-only dependency)
on random hands of Seven Card Stud, Stud/8 and Razz.

Both engines get the same players, the same stacks and the same cards (each seat
the same card, up or down as in the other engine), and the same actions: at each
step the seat that must act in our hand picks a random action from *our* legal
actions, and the test checks that PokerKit has the same seat to act and offers
the same options (fold; check or call and its amount; the bring-in and its
amount; the one total a completion, bet or raise goes to), then plays the action
in both.  The showdown is ours by ``default_action`` and PokerKit's automatic;
at the end the stacks must be identical.

Our options are set to PokerKit's choices where RULES.md has an option
(``PK_CHOICES``).  Where PokerKit follows another rule than RULES.md, the hand is
a *known divergence*, detected by the rule it involves, counted, and reported
(run with ``-s`` or ``-rP`` to see the counts) — never skipped silently:

Divergences that end the comparison of a hand (``EXCLUDED``):

* ``short_bring_in`` (R2.4).  A bring-in player with less than the bring-in posts
  what they have; PokerKit then lets the others call that short amount, while we
  make them enter for the full bring-in (the WSOP rule).
* ``short_all_in_raise`` (R2.11, R2.5).  After an all-in bet, raise or completion
  of less than a full step, PokerKit sizes the next raise on top of it (its level
  plus a step), reopens the betting only after a raise at least as large as the
  largest one on the street (or short all-ins adding up to one; on third street
  the completion counts as a raise of the small bet less the bring-in), and
  counts the short wager toward the cap.  We count an
  all-in wager of at least half a step as full; a smaller one does not reopen the
  betting nor count toward the cap, and the next raise goes to the last full level
  plus a step.  The hand stops being compared only when the random action is a
  raise PokerKit sizes or allows differently (else see ``short_all_in_options``).
* ``community_card`` (R7.4).  When the deck cannot give every remaining player a
  seventh-street card and some players have folded, PokerKit shuffles the folded
  cards back and deals everyone a card; we deal one community card (000).  When
  nobody has folded, both deal the community card, and those hands are compared.
* ``hilo_side_pot`` (R5.5).  PokerKit 0.7.7 halves every pot once anyone at the
  showdown has a qualifying low, even a side pot none of whose players has one,
  and then splits that "low half" among all of the pot's players; we give such a
  pot whole to its best high hand.
* ``odd_chips`` (R5.6, R5.4).  PokerKit gives the whole remainder of a split to the
  first tied seat (we, with ``odd_chip="seat"``, one chip each from the first seat
  on), and merges side pots whose players are the same once losing hands are
  killed, so odd chips of pots we split one by one come out differently.

Differences in the options only, where the action played is the same in both
engines, so that the hand is still compared to the end (``TOLERATED``):

* ``short_all_in_options``: PokerKit's raise option differs after a short all-in
  wager on the street (as above), but the random action was not that raise.
* ``lone_check``: when a fold leaves one player with chips against all-in
  players, PokerKit still gives that player a turn (check); our betting is over
  (R2.9: nobody can bet against them).  PokerKit gets the check.
* ``bring_in_all_in_complete``: a bring-in player with no more than the bring-in
  may in PokerKit also "complete" to the same all-in amount; we offer the bring-in
  only (R2.4), which is the same chips.

The end stacks are also compared with two settlement models computed here from
our hand values (``settle``): RULES.md's (R5.4 to R5.6), which must give our
stacks, and PokerKit's (the pots merged and halved as it does, its odd chips),
which must give PokerKit's; a difference between the engines is an exception
only if the models explain it, by the rule that makes the difference.

The default run plays 800 compared hands per game (CI's bounded run, a fifth of a
minute a game); ``STUD_FULL=1`` runs the
``slow`` test with 10,000 compared hands per game (5 minutes on 2 cores).
"""

from __future__ import annotations

import os
import random
import warnings
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pokerkit
import pytest
from pokerkit import Automation, Mode

from studpoker.cards import Card
from studpoker.engine import (
    Action,
    ActionKind,
    AllIn,
    Bet,
    BringIn,
    CardDealt,
    CommunityCard,
    Complete,
    Fold,
    Hand,
    LegalAction,
    PotAwarded,
    Raise,
    Show,
    StreetStarted,
    UncalledBetReturned,
)
from studpoker.games import GameSpec, razz, seven_card_stud, stud_hilo
from studpoker.hands import HandValue, bring_in, first_to_act

K = ActionKind
FULL = os.environ.get("STUD_FULL") == "1"
QUICK_HANDS = 800
FULL_HANDS = 10_000

ANTE, BRING_IN, SMALL_BET, BIG_BET = 5, 10, 20, 40

# Our options set to PokerKit's choices (RULES.md options):
PK_CHOICES: dict[str, Any] = {
    "open_pair_double": False,  # R2.7: PokerKit has no double bet on an open pair
    "max_raises": 3,  # R2.5: PokerKit allows 4 completions, bets or raises a street
    "cap_heads_up": True,  # R2.5: ... heads-up too
    "board_tie": "seat",  # R3.3: equal boards: PokerKit takes the lowest seat
    "odd_chip": "seat",  # R5.6: PokerKit gives odd chips to the lowest tied seat
    # R2.12: PokerKit burns a card before each later street, but when the deck runs
    # short it deals from the burnt cards too: seventh street comes out as if no
    # card had been burnt.
    "burn_cards": False,
}
GAMES: dict[str, tuple[Callable[..., GameSpec], Any]] = {
    "seven_card_stud": (seven_card_stud, pokerkit.FixedLimitSevenCardStud),
    "stud_hilo": (stud_hilo, pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter),
    "razz": (razz, pokerkit.FixedLimitRazz),
}
# Everything but the dealing, which the test does card by card from our deck.
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
PK_CARDS = tuple(pokerkit.Card.clean(str(Card.from_code(code)))[0] for code in range(52))
WAGERS = (K.COMPLETE, K.BET, K.RAISE)

EXCLUDED = {
    "short_bring_in": "R2.4: the others enter for the full bring-in",
    "short_all_in_raise": "R2.11: the raise after a short all-in wager",
    "community_card": "R7.4: a community card, not the folded cards reshuffled",
    "hilo_side_pot": "R5.5: a side pot without a low goes whole to its high",
    "odd_chips": "R5.6: odd chips of each split pot, one per tied seat",
}
TOLERATED = {
    "short_all_in_options": "R2.11: options differ after a short all-in; same action",
    "lone_check": "PokerKit asks a lone player with chips to check (R2.9)",
    "bring_in_all_in_complete": "PokerKit's 'completion' to a short bring-in (R2.4)",
}


# -- the two engines, step by step -------------------------------------------------


class Unexplained(AssertionError):
    """The engines differ and no listed divergence explains it."""


@dataclass
class Outcome:
    """How one hand went in both engines."""

    excluded: str | None = None  # the divergence that ended the comparison
    tolerated: set[str] = field(default_factory=set)
    features: set[str] = field(default_factory=set)  # rules the hand exercised
    ours: tuple[int, ...] = ()
    theirs: tuple[int, ...] = ()


Policy = Callable[[Hand, list[LegalAction]], Action]


def spec_of(game: str) -> GameSpec:
    make, _ = GAMES[game]
    return make(ante=ANTE, bring_in=BRING_IN, small_bet=SMALL_BET, big_bet=BIG_BET, **PK_CHOICES)


def pokerkit_state(game: str, stacks: Sequence[int], deck: Sequence[Card]) -> Any:
    """A PokerKit hand whose cards the test deals one by one from ``deck``; the
    cards it burns come from the end of the deck, the last ones we would deal."""
    _, pk_game = GAMES[game]
    state = pk_game.create_state(
        AUTOMATIONS,
        True,  # ante trimming: antes count toward the side pots, as in R5.4
        ANTE,
        BRING_IN,
        SMALL_BET,
        BIG_BET,
        tuple(stacks),
        len(stacks),
        mode=Mode.CASH_GAME,  # a tournament state refuses folding when checking is free (R2.8)
    )
    state.deck_cards = deque(PK_CARDS[card] for card in reversed(deck))
    return state


def our_options(legal: list[LegalAction]) -> dict[str, int]:
    options = {}
    for option in legal:
        if option.kind == K.FOLD:
            options["fold"] = 1
        elif option.kind == K.CHECK:
            options["call"] = 0
        elif option.kind == K.CALL:
            options["call"] = option.minimum
        elif option.kind == K.BRING_IN:
            options["bring_in"] = option.minimum
        else:
            assert option.choices is not None, option
            assert len(option.choices) == 1, option  # no open-pair choice of two bets
            options["raise"] = option.choices[0]
    return options


def pokerkit_options(state: Any) -> dict[str, int]:
    options = {}
    if state.can_fold():
        options["fold"] = 1
    if state.can_check_or_call():
        options["call"] = state.checking_or_calling_amount
    if state.can_post_bring_in():
        options["bring_in"] = state.effective_bring_in_amount
    if state.can_complete_bet_or_raise_to():
        low = state.min_completion_betting_or_raising_to_amount
        assert low == state.max_completion_betting_or_raising_to_amount  # fixed limit
        options["raise"] = low
    return options


def street_events(hand: Hand) -> list[Any]:
    events = []
    for event in reversed(hand.events):
        if isinstance(event, StreetStarted):
            break
        events.append(event)
    return events[::-1]


def short_bring_in_posted(hand: Hand) -> bool:
    """R2.4: on third street the bring-in was posted short (the player all in)."""
    return hand.street == 0 and any(
        isinstance(e, BringIn) and e.amount < hand.spec.bring_in for e in street_events(hand)
    )


def short_all_in_wager(hand: Hand) -> bool:
    """R2.11: this street has an all-in bet, raise or completion short of a full step."""
    spec = hand.spec
    step = spec.big_bet if spec.streets[hand.street].big else spec.small_bet
    events = street_events(hand)
    level = 0
    for i, event in enumerate(events):
        if isinstance(event, BringIn):
            level = max(level, event.amount)
        elif isinstance(event, (Bet, Raise, Complete)):
            after = events[i + 1] if i + 1 < len(events) else None
            all_in = isinstance(after, AllIn) and after.seat == event.seat
            if isinstance(event, Complete):
                short = event.to < spec.small_bet
            else:
                short = event.to - level < step
            if all_in and short:
                return True
            level = event.to
    return False


def explain_options(
    hand: Hand, ours: dict[str, int], theirs: dict[str, int]
) -> tuple[str | None, bool]:
    """The divergence that explains different options, and whether the hand can
    go on (the action played is the same in both engines)."""
    differ = {key for key in ours.keys() | theirs.keys() if ours.get(key) != theirs.get(key)}
    if (
        differ == {"raise"}
        and "bring_in" in ours
        and ours["bring_in"] <= hand.spec.bring_in
        and theirs.get("raise") == ours["bring_in"]
    ):
        return "bring_in_all_in_complete", True
    if short_bring_in_posted(hand) and differ <= {"call", "raise"}:
        return "short_bring_in", False
    if differ == {"raise"} and short_all_in_wager(hand):
        return "short_all_in_options", True
    return None, False


def in_betting(hand: Hand) -> bool:
    legal = hand.legal_actions()
    return bool(legal) and legal[0].kind not in (K.SHOW, K.MUCK)


def repro(game: str, stacks: Sequence[int], deck: Sequence[Card], hand: Hand, what: str) -> str:
    dealt = sum(isinstance(e, (CardDealt, CommunityCard)) for e in hand.events)
    actions = ", ".join(f"({seat}, {str(action)!r})" for seat, action in hand.actions)
    return (
        f"{what}\n  game={game!r} stakes={ANTE}/{BRING_IN}/{SMALL_BET}/{BIG_BET} "
        f"options={PK_CHOICES}\n  stacks={list(stacks)}\n"
        f"  deck (dealing order)={' '.join(map(str, deck[:dealt]))}\n  actions=[{actions}]"
    )


def duel(game: str, stacks: Sequence[int], deck: Sequence[Card], policy: Policy) -> Outcome:
    """Play one hand in both engines with ``policy`` choosing our actions."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # e.g. a card dealt that PokerKit does not hold
        # Cash-game PokerKit warns, and allows, a fold when checking is free (R2.8),
        # and says when it deals from the burnt (or folded) cards.
        warnings.filterwarnings("ignore", "There is no reason for this player to fold")
        warnings.filterwarnings("ignore", "Returning reserved")
        return _duel(game, stacks, deck, policy)


def _duel(game: str, stacks: Sequence[int], deck: Sequence[Card], policy: Policy) -> Outcome:
    hand = Hand(spec_of(game), stacks, deck=deck)
    state = pokerkit_state(game, stacks, deck)
    out = Outcome()
    fed = 0
    street = -1

    def fail(what: str) -> Unexplained:
        return Unexplained(repro(game, stacks, deck, hand, what))

    def lone_turns() -> None:
        # PokerKit may still want a check from a lone player whose betting we ended.
        while state.actor_index is not None and (
            not in_betting(hand) or hand.street != state.street_index
        ):
            theirs = pokerkit_options(state)
            if theirs.get("call") != 0 or "raise" in theirs:
                raise fail(f"PokerKit has seat {state.actor_index} act with {theirs}; we do not")
            out.tolerated.add("lone_check")
            state.check_or_call()

    while True:
        lone_turns()
        while fed < len(hand.events):
            event = hand.events[fed]
            fed += 1
            if isinstance(event, CardDealt):
                if state.hole_dealee_index != event.seat:
                    raise fail(f"we deal {event}; PokerKit deals to {state.hole_dealee_index}")
                dealt = state.deal_hole(PK_CARDS[event.card])
                if dealt.statuses != (event.up,):
                    raise fail(f"we deal {event}; PokerKit deals it {dealt}")
            elif isinstance(event, CommunityCard):
                out.features.add("community card")
                if not state.can_deal_board():
                    if any(hand.folded) and state.hole_dealee_index is not None:
                        out.excluded = "community_card"
                        return out
                    raise fail(f"we deal {event}; PokerKit does not deal a board card")
                state.deal_board(PK_CARDS[event.card])
        if hand.is_over:
            break
        legal = hand.legal_actions()
        if not in_betting(hand):
            hand.act(hand.default_action())
            continue
        seat = hand.actor
        assert seat is not None
        if hand.street != street:
            street = hand.street
            note_first_to_act(hand, out)
        if state.actor_index != seat:
            raise fail(f"seat {seat} acts; PokerKit has seat {state.actor_index} act")
        ours, theirs = our_options(legal), pokerkit_options(state)
        action = policy(hand, legal)
        call_instead = False
        if ours != theirs:
            kind, goes_on = explain_options(hand, ours, theirs)
            if kind is None:
                raise fail(f"seat {seat}'s options: ours {ours}, PokerKit's {theirs}")
            if not goes_on:
                out.excluded = kind
                return out
            out.tolerated.add(kind)
            if action.kind in WAGERS and theirs.get("raise") != action.amount:
                if kind == "short_all_in_options":
                    out.excluded = "short_all_in_raise"
                    return out
                raise AssertionError(f"{kind}: the action played differs")
        if short_all_in_wager(hand):
            out.features.add("short all-in wager")
        hand.act(action)
        pokerkit_act(state, Action.call() if call_instead else action)
    lone_turns()
    if state.status:
        raise fail("our hand is over and PokerKit's is not")
    out.ours, out.theirs = hand.result.stacks, tuple(state.stacks)
    shown = set(hand.result.shown)
    if settle(hand, shown, OURS) != out.ours:
        raise fail(f"our stacks {out.ours} are not RULES.md's {settle(hand, shown, OURS)}")
    note_features(hand, out)
    if out.ours != out.theirs:
        alive = {seat for seat, live in enumerate(state.statuses) if live}
        model = settle(hand, alive, POKERKIT)
        if model != out.theirs:
            raise fail(f"stacks: ours {out.ours}, PokerKit's {out.theirs}, its model {model}")
        # Which of PokerKit's settlement rules makes the difference?
        with_our_lows = settle(hand, alive, Rules(pots="pokerkit", lows="ours", odd="pokerkit"))
        out.excluded = "hilo_side_pot" if with_our_lows != model else "odd_chips"
    return out


def pokerkit_act(state: Any, action: Action) -> None:
    if action.kind == K.FOLD:
        state.fold()
    elif action.kind in (K.CHECK, K.CALL):
        state.check_or_call()
    elif action.kind == K.BRING_IN:
        state.post_bring_in()
    else:
        state.complete_bet_or_raise_to(action.amount)


def note_first_to_act(hand: Hand, out: Outcome) -> None:
    """Count the hands where who acts first passes over an all-in player (R3.2, R3.3)."""
    boards = [None if hand.folded[s] else hand.up[s] for s in range(hand.player_count)]
    if hand.street == 0:
        seat = bring_in([b[-1] if b else None for b in boards], low=hand.spec.low)
        if hand.stacks[seat] == 0:
            out.features.add("bring-in passes on (R3.2)")
    else:
        seat = first_to_act(boards, low=hand.spec.low, board_tie="seat")
        if hand.stacks[seat] == 0:
            out.features.add("best board all in (R3.3)")


def note_features(hand: Hand, out: Outcome) -> None:
    """Rules a compared hand exercised, for the report."""
    if len(rules_pots(hand.contributed, hand.folded)) > 1:
        out.features.add("side pots")
    awards = Counter((e.pot, e.half) for e in hand.events if isinstance(e, PotAwarded))
    if any(count > 1 for count in awards.values()):
        out.features.add("tie")
    if any(half == "low" for _, half in awards):
        out.features.add("high-low split")
    if any(isinstance(e, Show) for e in hand.events):
        out.features.add("showdown")
    if any(isinstance(e, UncalledBetReturned) for e in hand.events):
        out.features.add("uncalled bet returned")
    if any(isinstance(e, BringIn) and e.amount < hand.spec.bring_in for e in hand.events):
        out.features.add("short bring-in")
    if any(stack <= hand.spec.ante for stack in hand.starting_stacks):
        out.features.add("all in on the ante")
    if hand.player_count == 8:
        out.features.add("8 players")
    wagers, folded = 0, 0
    for event in hand.events:
        if isinstance(event, StreetStarted):
            wagers = 0
        elif isinstance(event, Fold):
            folded += 1
        elif isinstance(event, (Bet, Raise, Complete)):
            wagers += 1
            if wagers == 1 + hand.spec.max_raises:
                out.features.add("capped street")
                if hand.player_count - folded == 2:
                    out.features.add("capped heads-up")


# -- settlement models ----------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """How pots are split: RULES.md's way or PokerKit 0.7.7's, rule by rule."""

    pots: str  # "ours": R5.4 side pots; "pokerkit": merged when their players are the same
    lows: str  # "ours": a pot is halved when one of its players has a low (R5.5);
    # "pokerkit": every pot is halved when anyone shown has a low
    odd: str  # "ours": one odd chip each from the first seat; "pokerkit": all to the first


OURS = Rules("ours", "ours", "ours")
POKERKIT = Rules("pokerkit", "pokerkit", "pokerkit")


def rules_pots(
    contributed: Sequence[int], folded: Sequence[bool]
) -> list[tuple[int, tuple[int, ...]]]:
    """R5.4 at the end of a hand: a pot for each level a live player put in, won by
    the live players who put in that much; folded chips above the top level join
    the last pot."""
    live = [s for s, out in enumerate(folded) if not out]
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in sorted({contributed[s] for s in live}):
        amount = sum(min(c, level) - min(c, previous) for c in contributed)
        pots.append((amount, tuple(s for s in live if contributed[s] >= level)))
        previous = level
    rest = sum(max(c - previous, 0) for c in contributed)
    if rest:
        pots[-1] = (pots[-1][0] + rest, pots[-1][1])
    return [(amount, players) for amount, players in pots if amount]


def pokerkit_pots(contributed: Sequence[int], alive: set[int]) -> list[tuple[int, tuple[int, ...]]]:
    """PokerKit's ``State.pots``: a pot per contribution level, merged with the one
    before when the players who can win them are the same."""
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in sorted(set(contributed)):
        amount = sum(level - previous for c in contributed if c >= level)
        players = tuple(s for s, c in enumerate(contributed) if c >= level and s in alive)
        while pots and pots[-1][1] == players:
            amount += pots.pop()[0]
        if amount:
            pots.append((amount, players))
        previous = level
    return pots


def settle(hand: Hand, alive: set[int], rules: Rules) -> tuple[int, ...]:
    """The end stacks when the pots go by ``rules`` to the hands of ``alive`` seats
    (those shown, or not killed), valued by our evaluators."""
    stacks = [
        start - put for start, put in zip(hand.starting_stacks, hand.contributed, strict=True)
    ]
    live = [s for s in range(hand.player_count) if not hand.folded[s]]
    if len(live) == 1:
        stacks[live[0]] += sum(hand.contributed)
        return tuple(stacks)
    values: dict[int, tuple[HandValue, HandValue | None]] = {}
    for seat, (_, shown) in hand.result.shown.items():
        values[seat] = (shown[0], shown[1] if len(shown) > 1 else None)
    if rules.pots == "ours":
        pots = [
            (amount, tuple(s for s in players if s in alive) or players)
            for amount, players in rules_pots(hand.contributed, hand.folded)
        ]
    else:
        pots = pokerkit_pots(hand.contributed, alive)
    anyone_low = any(values[s][1] is not None for s in alive if s in values)
    for amount, players in pots:
        lows = [s for s in players if values[s][1] is not None]
        halved = hand.spec.hilo and (bool(lows) if rules.lows == "ours" else anyone_low)
        halves = [(amount - amount // 2, 0), (amount // 2, 1)] if halved else [(amount, 0)]
        for chips, kind in halves:
            if kind == 1 and not lows:
                winners = list(players)  # PokerKit: the "best" of no lows ties them all
            else:
                contenders = [s for s in players if values[s][kind] is not None]
                best = max(values[s][kind] for s in contenders)  # type: ignore[type-var]
                winners = [s for s in contenders if values[s][kind] == best]
            share, odd = divmod(chips, len(winners))
            for seat in winners:
                stacks[seat] += share
            if rules.odd == "ours":
                for seat in sorted(winners)[:odd]:
                    stacks[seat] += 1
            else:
                stacks[winners[0]] += odd
    return tuple(stacks)


# -- random hands -------------------------------------------------------------------------


def random_stacks(rng: random.Random, players: int) -> list[int]:
    """Mostly deep stacks, and a good share of short ones: all in on the ante, short
    of the bring-in, or all in during the betting."""
    stacks = []
    for _ in range(players):
        roll = rng.random()
        if roll < 0.55:
            stacks.append(rng.randint(400, 3000))
        elif roll < 0.65:
            stacks.append(rng.randint(1, ANTE))
        elif roll < 0.70:
            stacks.append(rng.randint(ANTE + 1, ANTE + BRING_IN))
        else:
            stacks.append(rng.randint(ANTE + BRING_IN + 1, 300))
    return stacks


def random_policy(rng: random.Random) -> Policy:
    """A random legal action: folds rarer (and rarer still when checking is free)."""

    def policy(hand: Hand, legal: list[LegalAction]) -> Action:
        facing_bet = any(option.kind == K.CALL for option in legal)
        weights = [
            (0.15 if facing_bet else 0.02)
            if option.kind == K.FOLD
            else 0.35
            if option.kind in WAGERS
            else 1.0
            for option in legal
        ]
        option = rng.choices(legal, weights)[0]
        if option.kind in WAGERS:
            assert option.choices is not None
            return Action(option.kind, rng.choice(option.choices))
        return Action(option.kind)

    return policy


def random_duel(game: str, index: int) -> Outcome:
    rng = random.Random(f"{game}:{index}")
    stacks = random_stacks(rng, rng.randint(2, 8))
    deck = [Card.from_code(code) for code in range(52)]
    rng.shuffle(deck)
    return duel(game, stacks, deck, random_policy(rng))


def compare_many(game: str, wanted: int) -> Counter[str]:
    """Play random hands until ``wanted`` of them are compared to the end; the
    counts of compared hands, exceptions and features, printed as a report."""
    counts: Counter[str] = Counter()
    index = 0
    while counts["compared"] < wanted:
        assert index < 2 * wanted, f"too many hands excluded: {dict(counts)}"
        outcome = random_duel(game, index)
        index += 1
        counts["played"] += 1
        if outcome.excluded:
            counts[f"excluded: {outcome.excluded}"] += 1
        else:
            counts["compared"] += 1
            for feature in outcome.features:
                counts[f"compared with: {feature}"] += 1
        for kind in outcome.tolerated:
            counts[f"tolerated: {kind}"] += 1
    width = max(map(len, counts))
    print(f"\n{game}: {counts['compared']:,} hands compared of {counts['played']:,} played")
    for key in sorted(counts):
        note = EXCLUDED.get(key.split(": ")[-1]) or TOLERATED.get(key.split(": ")[-1]) or ""
        print(f"  {key:<{width}} {counts[key]:>6,}  {note}")
    return counts


@pytest.mark.parametrize("game", GAMES)
def test_random_hands_end_with_pokerkits_stacks(game: str) -> None:
    counts = compare_many(game, QUICK_HANDS)
    assert counts["compared"] == QUICK_HANDS
    assert counts["compared with: side pots"] > 0
    assert counts["compared with: showdown"] > 0


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="set STUD_FULL=1 for the full run")
@pytest.mark.parametrize("game", GAMES)
def test_random_hands_end_with_pokerkits_stacks_full_run(game: str) -> None:
    counts = compare_many(game, FULL_HANDS)
    assert counts["compared"] >= FULL_HANDS
    # Every listed divergence still shows (if PokerKit changes, the list must too),
    # and the compared hands exercise the rules where the engines could differ.
    expected = ["short_bring_in", "short_all_in_raise", "community_card"]
    if game == "stud_hilo":
        expected += ["hilo_side_pot", "odd_chips"]
    for kind in expected:
        assert counts[f"excluded: {kind}"] > 0, kind
    for feature in (
        "side pots",
        "tie",
        "bring-in passes on (R3.2)",
        "best board all in (R3.3)",
        "capped heads-up",
        "short all-in wager",
    ):
        assert counts[f"compared with: {feature}"] > 0, feature


# -- each divergence, on one hand -----------------------------------------------------------


def full_deck(*streets: str) -> list[Card]:
    """The deck in dealing order, written street by street (third street: first
    down card to each seat, second down card to each, up card to each; later
    streets one card to each live seat), then every other card in a fixed order."""
    written = [Card.parse(text) for street in streets for text in street.split()]
    rest = [Card.from_code(code) for code in range(52) if Card.from_code(code) not in written]
    return written + rest


def scripted(*moves: str) -> Policy:
    """Play ``moves`` in turn, then post the bring-in, check or call to the end."""
    queue = list(moves)

    def policy(hand: Hand, legal: list[LegalAction]) -> Action:
        if queue:
            return Action.parse(queue.pop(0))
        kinds = {option.kind for option in legal}
        return Action(next(k for k in (K.BRING_IN, K.CHECK, K.CALL) if k in kinds))

    return policy


def play_both(game: str, stacks: list[int], deck: list[Card], *moves: str) -> tuple[Hand, Any]:
    """Both engines after ``moves``, with the cards dealt so far."""
    hand = Hand(spec_of(game), stacks, deck=deck)
    state = pokerkit_state(game, stacks, deck)
    fed = 0
    for move in (*moves, None):
        for event in hand.events[fed:]:
            if isinstance(event, CardDealt):
                state.deal_hole(PK_CARDS[event.card])
        fed = len(hand.events)
        if move is not None:
            hand.act(move)
            pokerkit_act(state, Action.parse(move))
    return hand, state


def test_short_bring_in_is_called_in_full_r2_4() -> None:
    # Seat 1 has 12 chips: 5 for the ante, then the 2c brings in for its last 7.
    # We: seat 2 calls the full bring-in (R2.4); PokerKit: it calls 7.
    deck = full_deck("Ah Kh Qh  Ad Kd Qd  9s 2c 7d")
    hand, state = play_both("stud_hilo", [500, 12, 500], deck, "bring_in")
    assert our_options(hand.legal_actions()) == {"fold": 1, "call": 10, "raise": 20}
    assert pokerkit_options(state) == {"fold": 1, "call": 7, "raise": 20}
    outcome = duel("stud_hilo", [500, 12, 500], deck, scripted())
    assert outcome.excluded == "short_bring_in"


@pytest.mark.parametrize(
    ("all_in", "moves", "ours", "theirs"),
    [
        # Seat 1 bets 20 on fourth street and seat 2 raises all in to 25, less than
        # half a step (R2.11): seat 0 may make it a full raise, to 20 + 20; PokerKit
        # raises on top of the short raise, to 25 + 20.
        (40, (), {"fold": 1, "call": 25, "raise": 40}, {"fold": 1, "call": 25, "raise": 45}),
        # Seat 2 raises all in to 30, half a step: a full raise, which reopens the
        # betting for seat 1 (R2.11); PokerKit does not reopen it.
        (45, ("call",), {"fold": 1, "call": 10, "raise": 50}, {"fold": 1, "call": 10}),
    ],
)
def test_short_all_in_raise_r2_11(
    all_in: int, moves: tuple[str, ...], ours: dict[str, int], theirs: dict[str, int]
) -> None:
    deck = full_deck("Ah Kh Qh  Ad Kd Qd  2c 9s 7d", "3c 9h 8d")
    third = ("bring_in", "call", "call")  # seat 0's 2c brings in
    fourth = ("bet 20", f"raise {all_in - 15}", *moves)  # seat 1's nines act first
    hand, state = play_both("seven_card_stud", [500, 500, all_in], deck, *third, *fourth)
    assert our_options(hand.legal_actions()) == ours
    assert pokerkit_options(state) == theirs
    assert short_all_in_wager(hand)
    outcome = duel("seven_card_stud", [500, 500, all_in], deck, scripted(*third, *fourth))
    assert outcome.excluded is None or outcome.excluded == "short_all_in_raise"
    assert "short_all_in_options" in outcome.tolerated


def test_community_card_against_folded_cards_reshuffled_r7_4() -> None:
    # Eight players; seat 1 folds on sixth street.  Four cards are left for seven
    # players: we deal one community card (R7.4); PokerKit shuffles seat 1's six
    # cards back into the deck and deals each player a card.
    def policy(hand: Hand, legal: list[LegalAction]) -> Action:
        if hand.street == 3 and hand.actor == 1:
            return Action.fold()
        return scripted()(hand, legal)

    hand = Hand(spec_of("razz"), [1000] * 8, deck=full_deck())
    while not hand.is_over:
        hand.act(policy(hand, hand.legal_actions()) if in_betting(hand) else hand.default_action())
    assert any(isinstance(e, CommunityCard) for e in hand.events)
    assert duel("razz", [1000] * 8, full_deck(), policy).excluded == "community_card"


def test_eight_players_share_a_community_card_in_both_engines_r7_4() -> None:
    outcome = duel("seven_card_stud", [1000] * 8, full_deck(), scripted())
    assert "community card" in outcome.features
    assert outcome.excluded is None
    assert outcome.ours == outcome.theirs


def test_hilo_side_pot_without_a_low_goes_to_its_high_r5_5() -> None:
    # Seat 0 brings in all in with the only low (6-4-3-2-A); seat 1 calls all in
    # on fourth street with kings full; seats 2 and 3 bet on.  The side pot of
    # seats 1 to 3 (60) has no low: seat 1 scoops it (R5.5).  PokerKit halves it
    # and splits its "low half" between seat 1 and seat 2, who still wins the
    # last side pot and so is at the showdown.
    deck = full_deck(
        "Ac Kc Qc 9s  2c Kd Qd Jc  3d Ks Tc Qs",
        "4h Qh Th 5d",
        "8s Jh 9h 5s",
        "7c 9c Js Ah",
        "6h 9d Jd 8d",
    )
    moves = ("bring_in", "call", "call", "call", "bet 20", "call", "call", "bet 40", "call")
    outcome = duel("stud_hilo", [15, 35, 1000, 1000], deck, scripted(*moves))
    assert outcome.excluded == "hilo_side_pot"
    assert outcome.ours[1] == outcome.theirs[1] + 15
    assert outcome.ours[2] == outcome.theirs[2] - 15


def test_odd_chips_of_each_side_pot_r5_6() -> None:
    # Seat 0 is all in for 12 with nothing; seat 3 folds its ante and seat 4 folds
    # after 25.  Seat 1's aces take the high halves, seat 2's 7-5-4-3-2 the low.
    # We split the main pot (53) and the side pot (39) each with its odd chip to
    # the high half (R5.5, R5.6); PokerKit kills seat 0's hand, merges the two
    # pots into one of 92 and splits it 46 / 46.
    deck = full_deck(
        "Kc Ah 2h Ks Qc  Qd Ad 3h Jd Jc  9s As 4d Kd Qh",
        "9d Ac 5c Th",
        "8c Kh 7s",
        "6c Jh Ts",
        "3c 2s Td",
    )
    third = ("bring_in", "fold", "complete 20", "call", "call", "call")
    fourth = ("check", "check", "fold")
    outcome = duel("stud_hilo", [12, 1000, 1000, 1000, 1000], deck, scripted(*third, *fourth))
    assert outcome.excluded == "odd_chips"
    assert outcome.ours[1] == outcome.theirs[1] + 1
    assert outcome.ours[2] == outcome.theirs[2] - 1


def test_a_raise_nobody_can_call_is_refused_in_both() -> None:
    # Seat 2 completes all in and seat 1 has folded: nobody could call a raise by
    # seat 0, so neither engine offers one; seat 0 calls.
    deck = full_deck("Ah Kh Qh  Ad Kd Qd  2c 9s 7d")
    moves = ("bring_in", "fold", "complete 20")
    hand, state = play_both("seven_card_stud", [500, 500, 25], deck, *moves)
    assert our_options(hand.legal_actions()) == pokerkit_options(state) == {"fold": 1, "call": 10}
    outcome = duel("seven_card_stud", [500, 500, 25], deck, scripted(*moves, "call"))
    assert outcome.excluded is None
    assert outcome.ours == outcome.theirs


def test_lone_player_checks_in_pokerkit_only_r2_9() -> None:
    # Seat 2 is all in on third street; on fourth street seat 1 folds although it
    # could check, and seat 0 is the only one left with chips: our betting is
    # over, PokerKit asks seat 0 to check.
    deck = full_deck("Ah Kh Qh  Ad Kd Qd  2c 9s 7d", "3c As 8d")
    moves = ("bring_in", "call", "call", "fold")
    outcome = duel("seven_card_stud", [500, 500, 15], deck, scripted(*moves))
    assert "lone_check" in outcome.tolerated
    assert outcome.excluded is None
    assert outcome.ours == outcome.theirs


def test_bring_in_passes_over_the_low_card_all_in_in_both_r3_2() -> None:
    # Seat 1 has the 2c but only its ante: seat 2 brings in, in both engines.
    deck = full_deck("Ah Kh Qh  Ad Kd Qd  9s 2c 7d")
    outcome = duel("seven_card_stud", [500, 5, 500], deck, scripted())
    assert "bring-in passes on (R3.2)" in outcome.features
    assert outcome.excluded is None
    assert outcome.ours == outcome.theirs


def test_heads_up_cap_in_both_r2_5() -> None:
    # Razz: seat 1's 9s brings in; the completion and three raises cap the street.
    deck = full_deck("Ah Kh  Ad Kd  2c 9s")
    moves = ("bring_in", "complete 20", "raise 40", "raise 60", "raise 80")
    outcome = duel("razz", [500, 500], deck, scripted(*moves))
    assert "capped heads-up" in outcome.features
    assert outcome.excluded is None
    assert outcome.ours == outcome.theirs


# -- found on the way ---------------------------------------------------------------------------


def test_pots_after_the_hand_are_the_pots_awarded_r5_4_r5_8() -> None:
    # The hand of the Stud/8 side-pot test: three pots (60, 60, 80) at the showdown,
    # and PotAwarded events for pots 0, 1 and 2.  The last-hand view (R5.8) must
    # still show those pots.
    deck = full_deck(
        "Ac Kc Qc 9s  2c Kd Qd Jc  3d Ks Tc Qs",
        "4h Qh Th 5d",
        "8s Jh 9h 5s",
        "7c 9c Js Ah",
        "6h 9d Jd 8d",
    )
    hand = Hand(spec_of("stud_hilo"), [15, 35, 1000, 1000], deck=deck)
    betting = ("bring_in", "call", "call", "call", "bet 20", "call", "call", "bet 40", "call")
    for move in (*betting, "check", "check", "check", "check"):
        hand.act(move)
    at_showdown = hand.pots
    assert [pot.amount for pot in at_showdown] == [60, 60, 80]
    while not hand.is_over:
        hand.act(hand.default_action())
    assert {e.pot for e in hand.events if isinstance(e, PotAwarded)} == {0, 1, 2}
    assert hand.pots == at_showdown
