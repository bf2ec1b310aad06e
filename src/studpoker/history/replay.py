"""Playing a site's record through the engine, and checking every fact it states.

:func:`replay` builds the table the record describes (the game, the stakes, the
stacks of the players dealt in), deals the cards the record shows in the order
the engine deals them (a card the record does not show stays unknown), plays
the recorded actions one by one and stops at the first fact that differs:

- the antes (R2.2) and who brings in (R3.1, R3.2);
- who acts, in what order, on every street (R3.3), and on which street;
- what each action costs: the bring-in, calls, completions (written as raises),
  bets and raises to their totals, the double bet on an open pair (R2.7; in
  Five-Card Stud on third street, R9.3), capped betting (R2.5), short all-ins
  (R2.11), and who is all in;
- uncalled bets returned (R2.10), where the site writes them (Winamax keeps them in
  the pot their owner collects: they are checked there);
- who shows at the showdown (R5.3), the total pot, the main and side pots (R5.4),
  and what each player collects (R5.5, R5.6), or nets where the site writes that
  instead (WPN's 2016 summary), allowing for the rake the record shows:
  PokerStars and Full Tilt take it from the pots in proportion.  A record that
  states no rake (Everleaf) has it taken as what its collected lines leave of the
  pot, never less than nothing nor more than a tenth of the pot.

Where a site's rule differs from RULES.md's default, the replay sets the
matching option (:data:`SITE_OPTIONS`).  The streets are the game's: third to
seventh in the seven-card games, second to fifth in Five-Card Stud (R9.1), whose
table seats up to ten (a record with more players than the preset's eight seats
is replayed at a table of its size).  The options a record states are played by:
Show Hand's limit, minimum bet and table rules (``record.options``), and where a site
writes a line whenever an open pair allows the double bet, whether the table does.

Show Hand (R6) is replayed with each street dealt from the player who spoke first on
the street before (R6.2), a bet or raise the text writes for a showhand played as one
(R6.6), the excess returned and the chips rolled over checked (R6.7, R6.8), and the
chips carried in from the hand before counted in its pot.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from studpoker.cards import Card, deck_cards
from studpoker.engine import Action, ActionKind, Hand, IllegalAction, LegalAction
from studpoker.engine.betting import WAGERS
from studpoker.engine.events import (
    AllIn,
    Ante,
    Event,
    ExcessReturned,
    PotAwarded,
    Rollover,
    Show,
    StreetStarted,
    UncalledBetReturned,
)
from studpoker.games import GAMES, GameSpec, preset
from studpoker.hands import show_hand_board
from studpoker.hands.best import showdown_values
from studpoker.history.record import HandRecord, RecordedAction

__all__ = ["SITE_OPTIONS", "ReplayReport", "replay"]

K = ActionKind
_WAGER_NAMES = frozenset(("complete", "bet", "raise"))
# A recorded action's kind by its name, but for the wagers (the engine tells which
# of the three the wager is: PokerStars writes a completion as a raise).
_KINDS = {kind.value: kind for kind in K if kind.value not in _WAGER_NAMES}
_ACTIONS = {kind: Action(kind) for kind in K}  # the actions of no amount, made once
_SHOW, _MUCK = _ACTIONS[K.SHOW], _ACTIONS[K.MUCK]
_DECK_SIZE = len(deck_cards(52))
# The games whose first street opens with a bring-in (R2.4, R9.2): not Show Hand (R6.4).
_BRINGS_IN = {game: preset(game).bring_in > 0 for game in GAMES}
# The games' specs, by their stakes and options: a file repeats a few stakes.
_SPECS: dict[tuple[object, ...], GameSpec] = {}
# The most of a pot a rake the record does not state may be taken as (record.rake_stated):
# the sites' rake is a few percent, rounded up to the cent at the smallest stakes.
UNSTATED_RAKE_AT_MOST = 0.1

# The options of RULES.md each site plays by, where they differ from the defaults.
SITE_OPTIONS: dict[str, dict[str, Any]] = {
    "PokerStars": {},
    "Full Tilt": {},
    # KingsClub's first raise after a completion goes to the bring-in and a small bet
    # (44/88: 44 → 77.16 over a 33.16 bring-in), as the players' nets show.
    "KingsClub": {"raises_from": "bring_in"},
}


@dataclass(slots=True)
class ReplayReport:
    """How a record replayed: ``matched`` when every fact checked agreed, else
    ``difference`` says the first that did not (with its line)."""

    record: HandRecord
    hand: Hand | None = None
    difference: str | None = None
    checked: int = 0  # facts compared
    notes: list[str] = field(default_factory=list)

    @property
    def matched(self) -> bool:
        return self.difference is None

    def line(self) -> str:
        """One line for a person: the hand and "match", or its first difference."""
        name = f"{self.record.site} #{self.record.number}"
        if self.matched:
            return f"{name}: match ({self.checked} facts)"
        return f"{name}: {self.difference}"


class _Differs(Exception):
    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(message)
        self.at = line
        self.message = message


def replay(record: HandRecord, **options: Any) -> ReplayReport:
    """Play ``record`` through the engine and check what it states; ``options``
    are :class:`~studpoker.games.GameSpec` options on top of the site's."""
    report = ReplayReport(record, notes=list(record.notes))
    try:
        _Replay(record, report, options).run()
    except _Differs as differs:
        at = f"line {differs.at}: " if differs.at is not None else ""
        report.difference = f"{at}{differs.message}"
    except ValueError as error:
        # What the record leaves unknown stops the engine (a broken record with an up
        # card missing, so that nobody can say who acts first): a difference, said.
        report.difference = f"cannot replay the hand: {error}"
    return report


class _Replay:
    def __init__(self, record: HandRecord, report: ReplayReport, options: Mapping[str, Any]):
        self.record, self.report = record, report
        self.hand: Hand | None = None
        # Each player's engine seat (record.seat_of, asked once).
        self.seats: dict[str, int] = {}
        for seat, player in enumerate(record.players):
            self.seats.setdefault(player, seat)
        # The first street's actions, and who folds on each street.
        streets = len(record.layout.streets)
        folds: list[set[str]] = [set() for _ in range(streets)]
        self.first_street: list[RecordedAction] = []
        for action in record.actions:
            if action.street == 0:
                self.first_street.append(action)
            if action.kind == "fold" and 0 <= action.street < streets:
                folds[action.street].add(action.player)
        # How many streets each player is dealt (1: the first only), and how many
        # streets are dealt at all: the cards go on while two or more are in.
        self.reached: dict[str, int] = {}
        self.streets_dealt = 0
        live = list(record.players)
        for folded in folds:
            if len(live) < 2:
                break
            self.streets_dealt += 1
            for player in live:
                self.reached[player] = self.streets_dealt
            if folded:
                live = [p for p in live if p not in folded]
        self.spec = self._spec(options)

    def fact(self, same: bool, line: int | None, message: str, *values: object) -> None:
        """One fact checked; ``message`` (a ``str.format`` template of ``values``) says
        how it differs, made only if it does."""
        self.report.checked += 1
        if not same:
            raise _Differs(line, message.format(*values))

    def check(self, same: bool) -> bool:
        """One fact checked, whose difference the caller says (a message that costs
        something to make, made only if it differs)."""
        self.report.checked += 1
        return same

    # -- the table ------------------------------------------------------------------

    def _spec(self, options: Mapping[str, Any]) -> GameSpec:
        record = self.record
        chosen = {**SITE_OPTIONS.get(record.site, {}), **self._stated(), **options}
        bring_in = self._bring_in()
        try:
            spec = _preset(record, bring_in, chosen)
            if len(record.players) > spec.max_seats and "max_seats" not in chosen:
                spec = spec.with_options(max_seats=len(record.players))  # R9.1: ten
            return spec
        except ValueError as error:
            raise _Differs(record.line, f"cannot set up the game: {error}") from None

    def _stated(self) -> dict[str, Any]:
        """The table's options the record states: its own (``record.options``: Show
        Hand's minimum bet, limit and rules), and, where the site writes a line whenever
        an open pair allows the double bet, whether the table allows it (R2.7, R9.3):
        the line says so, and a pair showing without it says not."""
        record = self.record
        stated = dict(record.options)
        if record.open_pairs_written and "open_pair_double" not in stated:
            stated["open_pair_double"] = any(street == 1 for street, _ in record.open_pair)
        return stated

    def _bring_in(self) -> int:
        """The bring-in: as posted, unless posted all in; then the level the first
        raise went from ("raises 150 to 200": 50), or the call the others made
        (R2.4).  A record whose bring-in player completed at once does not say
        it, and then nothing it states depends on it."""
        record = self.record
        if not _BRINGS_IN[record.game]:
            return 0  # Show Hand: the best board opens with a bet (R6.4)
        third = self.first_street
        if third and third[0].kind in ("check", "fold"):
            return 0  # the first to act checked or folded: a game with no bring-in
        posted = next((a for a in third if a.kind == "bring_in"), None)
        if posted is not None and posted.amount and not posted.all_in:
            return posted.amount
        wager = next((a for a in third if a.kind in ("bet", "raise", "complete")), None)
        if wager is not None and wager.amount and wager.by is not None:
            return wager.amount - wager.by
        calls: list[int] = []
        all_in_calls: list[int] = []
        for action in third:
            if action is wager:
                break
            if action.kind == "call" and action.amount:
                (all_in_calls if action.all_in else calls).append(action.amount)
        if posted is not None and posted.amount and calls and max(calls) > posted.amount:
            return max(calls)  # what the others entered for (R2.4)
        if posted is not None and posted.amount and calls:
            self.report.notes.append(
                "the bring-in (posted all in, called for what it put in) is not stated; "
                f"taken as the {posted.amount} posted, which no fact depends on"
            )
            return posted.amount
        # Sites' bring-ins are a quarter to a half of the small bet; a short all-in
        # completion says the bring-in was less than it.
        guess = max(1, record.small_bet * 3 // 10)
        if posted is not None and posted.amount:
            guess = max(guess, posted.amount)
        # A call all in for more than the bring-in posted: the bring-in is at least that.
        guess = max([guess, *all_in_calls])
        if wager is not None and wager.amount:
            if wager is third[0] and wager.amount <= 1:
                return 0  # a first bet of one chip, which no bring-in is below: none
            guess = min(guess, wager.amount - 1)
        # Below the small bet, as a game's must be (none at all under a 1-chip small bet).
        guess = max(1, min(guess, record.small_bet - 1)) if record.small_bet > 1 else 0
        if posted is not None:
            why = "posted all in"
        elif third:
            why = "the bring-in player completed at once"
        else:
            why = "nobody could bet"
        self.report.notes.append(
            f"the bring-in ({why}) is not stated; taken as {guess}, which no fact depends on"
        )
        return guess

    def _deck(self) -> list[Card | None]:
        """The cards in the engine's dealing order (R2.3, R9.1): the first street's
        cards one round at a time (in the seven-card games the first down cards, the
        second down cards, the up cards), then one card a street for each player
        still in; seventh street's community card (R7.4)."""
        record = self.record
        cards, community, layout = record.cards, record.community, record.layout
        reached, street_of = self.reached, layout.street_of
        dealt = self.streets_dealt
        # The community card, if any, is the last street's (R7.4).
        shared = community is not None and dealt == len(layout.streets)
        slots = layout.held[dealt - 2 if shared else dealt - 1] if dealt else 0
        orders = self._dealing_orders()
        deck = [
            cards[player][slot]
            for slot in range(slots)
            for player in orders[street_of[slot]]
            if reached[player] > street_of[slot]
        ]
        if shared:
            deck.append(community)
        return deck + [None] * (_DECK_SIZE - len(deck))

    def _dealing_orders(self) -> list[list[str]]:
        """The players in the order each street deals to them: from seat 1, but in Show
        Hand from the player who spoke first on the street before (R6.2): the record's
        first to act there, or with nobody to act (after a showhand, or with all but
        one all in) the best board (R6.3)."""
        record = self.record
        streets = len(record.layout.streets)
        if self.spec.betting != "show_hand":
            return [record.players] * streets
        firsts: dict[int, str] = {}
        folded: dict[str, int] = {}  # the street each player folded on
        for action in record.actions:
            firsts.setdefault(action.street, action.player)
            if action.kind == "fold":
                folded.setdefault(action.player, action.street)
        players = record.players
        orders = [players]
        for street in range(streets - 1):
            first = firsts.get(street)
            if first is None:
                live = [p for p in players if folded.get(p, streets) >= street]
                first = self._best_board(street, live)
            at = players.index(first) if first in players else 0
            orders.append(players[at:] + players[:at])
        return orders

    def _best_board(self, street: int, live: list[str]) -> str:
        """Of the ``live`` players, the one whose up cards after ``street`` rank highest
        (R6.3), as the engine finds who speaks first; the first of them if a card is
        unknown (the engine then says it cannot tell)."""
        record, ranking = self.record, self.spec.ranking
        shown = record.layout.shown[street][1]
        best, value = live[0], None
        for player in live:
            cards = [record.cards[player][slot] for slot in shown]
            if None in cards:
                return live[0]
            board = show_hand_board(cards, ranking)  # type: ignore[arg-type]
            if value is None or board > value:
                best, value = player, board
        return best

    def _fill_shown(self) -> None:
        """A player who shows with a card the record does not give (a site that
        shows only the five cards played, or an unreadable card) gets, for the
        replay, the unseen card that helps the hand least, so that the record's
        result never depends on a card it did not show."""
        record = self.record
        if not record.shows:
            return
        reached = self.reached
        layout = record.layout
        unseen: list[Card] | None = None  # made when a card is first missing
        for player in record.shows:
            if player not in record.cards:
                continue
            held = record.cards[player]
            streets = reached.get(player, 0)
            count = layout.held[streets - 1] if streets else 0
            if streets == len(layout.streets) and record.community is not None:
                count = layout.held[-2]  # the last card is the community card (R7.4)
            if None not in held[:count]:
                continue  # every card shown
            for slot in (s for s in range(count) if held[s] is None):
                if unseen is None:
                    unseen = self._unseen()
                best = min(unseen, key=partial(self._strength, held, slot))
                held[slot] = best
                unseen.remove(best)
                self.report.notes.append(
                    f"{player} shows without their card {slot + 1}; replayed with {best}, "
                    "the unseen card that helps the hand least"
                )

    def _unseen(self) -> list[Card]:
        """The cards of the deck the record shows nowhere."""
        record = self.record
        seen = {c for held in record.cards.values() for c in held if c is not None}
        if record.community is not None:
            seen.add(record.community)
        return [c for c in deck_cards(self.spec.deck) if c not in seen]

    def _strength(self, held: list[Card | None], slot: int, card: Card) -> tuple[int, ...]:
        cards = [card if i == slot else c for i, c in enumerate(held)]
        known = [c for c in cards if c is not None]
        if len(known) < 5:
            return (0,)
        return tuple(
            -1 if value is None else value.value
            for value in showdown_values(self.record.game, known, self.spec.hand_ranking)
        )

    # -- the hand -----------------------------------------------------------------------

    def run(self) -> None:
        record, report = self.record, self.report
        self._fill_shown()
        stack_of: dict[str, int] = {}
        for listed in record.seats:
            stack_of.setdefault(listed.name, listed.stack)
        stacks = [stack_of[p] for p in record.players]
        carry_in = record.carry_in[0] if record.carry_in else 0  # R6.8
        try:
            if record.up_cards_written:
                hand = Hand(self.spec, stacks, deck=self._deck(), carry_in=carry_in)
            else:
                hand = _RecordedOrderHand(
                    record, self.spec, stacks, deck=self._deck(), carry_in=carry_in
                )
        except ValueError as error:
            raise _Differs(record.line, f"cannot deal the hand: {error}") from None
        self.hand = report.hand = hand
        self._check_antes(hand)
        self._check_bring_in(hand)
        self._bet(hand)
        if hand.round is not None:
            seat = hand.actor
            assert seat is not None
            raise _Differs(
                record.summary_line,
                f"the record's betting ends, but ours has {record.players[seat]} to act on "
                f"{record.layout.streets[hand.street]} street",
            )
        self._showdown(hand)
        self._check_outcome(hand)
        if isinstance(hand, _RecordedOrderHand) and hand.trusted:
            streets = ", ".join(record.layout.streets[street] for street in hand.trusted)
            report.notes.append(
                f"the up cards are not shown: who brings in or speaks first on {streets} "
                "street is the record's (R3.1 to R3.3 not checked there)"
            )

    def _check_antes(self, hand: Hand) -> None:
        record, seats = self.record, self.seats
        ours: dict[int, int] = {}
        for event in hand.events:
            if isinstance(event, StreetStarted):
                break  # the antes come before the first street (Hand's start)
            if isinstance(event, Ante):
                ours[event.seat] = event.amount
        for player, (amount, _, line) in record.antes.items():
            seat = seats.get(player)
            if seat is not None and not self.check(ours.get(seat) == amount):
                posted = ours.get(seat, 0)
                message = f"{player} posts an ante of {amount}; ours posts {posted} (R2.2)"
                raise _Differs(line, message)

    def _check_bring_in(self, hand: Hand) -> None:
        record = self.record
        rnd = hand.round
        if rnd is None or not rnd.bring_in_due:
            return
        ours = record.players[rnd.actor] if rnd.actor is not None else None
        first = self.first_street[0] if self.first_street else None
        if record.bring_in_claim is not None:
            player, line = record.bring_in_claim
            self.fact(ours == player, line, "{} brings in; ours: {} (R3.1, R3.2)", player, ours)
        elif first is not None:
            self.fact(
                ours == first.player,
                first.line,
                "{} brings in or completes first; ours: {} (R3.1, R3.2)",
                first.player,
                ours,
            )

    def _bet(self, hand: Hand) -> None:
        """Every recorded action in turn: on our street, by our actor, one we allow at
        its amount, leaving the player all in or not as the record says; the open
        pair's double bet (R2.7, R9.3) and the cap (R2.5) where the record speaks of
        them.  (A reader's hottest loop: each fact is counted as it is checked, its
        message made only if it differs.)"""
        record = self.record
        players, streets, seats = record.players, record.layout.streets, self.seats
        said_pairs = dict(record.open_pair)
        pairs_written = record.open_pairs_written or 1 in said_pairs
        showhands = self.spec.is_show_hand  # a bet or raise may be a showhand (R6.6)
        capped: dict[int, list[int]] = {}
        for capped_index, line in record.capped:
            capped.setdefault(capped_index, []).append(line)
        checked = 0  # the facts checked, counted into the report at the end
        try:
            for index, action in enumerate(record.actions):
                rnd = hand.round
                if rnd is None:
                    text = action.text.strip()
                    raise _Differs(action.line, f"{text!r}, but our betting is over")
                # The open pair's street (index 1): fourth street, Five-Card Stud's third.
                if action.street == 1 and rnd.street == 1 and pairs_written and not rnd.spoken:
                    said = 1 in said_pairs
                    checked += 1
                    if rnd.open_pair != said:
                        rule = "R9.3" if record.game == "five_card_stud" else "R2.7"
                        raise _Differs(
                            said_pairs.get(1, action.line),
                            f"the record {'allows' if said else 'does not allow'} a double "
                            f"bet on an open pair; ours {'does not' if said else 'does'} ({rule})",
                        )
                # Fact 1: the street.
                if hand.street != action.street:
                    checked += 1
                    raise _Differs(
                        action.line,
                        f"{action.player} acts on {streets[action.street]} street; "
                        f"ours is on {streets[hand.street]} street",
                    )
                try:
                    seat = seats[action.player]
                except KeyError:
                    seat = record.seat_of(action.player)
                # Fact 2: who acts.
                if rnd.actor != seat:
                    checked += 2
                    actor = players[rnd.actor] if rnd.actor is not None else None
                    message = f"{action.player} acts; ours has {actor} to act (R3.3)"
                    raise _Differs(action.line, message)
                legal = rnd.legal_actions()  # the round's own list, read only
                amount = action.amount
                kind = _KINDS.get(action.kind)  # None: a wager, to an amount
                # Fact 3, for an action of an amount: what it costs, or goes to.
                ours: Action
                if kind is not None:
                    for option in legal:
                        if option.kind is kind:
                            break
                    else:
                        checked += 2
                        text = action.text.strip()
                        raise _Differs(action.line, f"{text!r}: ours allows {_allowed(legal)}")
                    if amount is not None:
                        checked += 1
                        if option.minimum != amount:
                            checked += 2
                            text = action.text.strip()
                            raise _Differs(action.line, f"{text!r}: ours costs {option.minimum}")
                    ours = _ACTIONS[kind]
                else:
                    if action.kind not in _WAGER_NAMES:
                        K(action.kind)  # not an action at all: the ValueError says so
                    for wager in legal:
                        if wager.kind in WAGERS:
                            break
                    else:
                        wager = None
                    assert amount is not None
                    checked += 1
                    if showhands and self._showhand(hand, seat, amount, legal, wager, index):
                        ours = _ACTIONS[K.SHOWHAND]
                    elif wager is None or not wager.allows(amount):
                        checked += 2
                        text = action.text.strip()
                        raise _Differs(action.line, f"{text!r}: ours allows {_allowed(legal)}")
                    else:
                        ours = Action(wager.kind, amount)
                events = hand.events
                before = len(events) + 1
                try:
                    hand.act(ours)
                except IllegalAction as error:
                    checked += 2
                    text = action.text.strip()
                    raise _Differs(action.line, f"{text!r}: {error}") from None
                # Fact 4: all in or not.  A betting action appends its own event, then
                # AllIn if it took the seat's last chip (BettingRound.apply); then the
                # next street or the showdown.
                all_in = (
                    len(events) > before
                    and isinstance(after := events[before], AllIn)
                    and after.seat == seat
                )
                checked += 3
                if all_in != action.all_in:
                    raise _Differs(
                        action.line,
                        f"{action.player} is {'' if action.all_in else 'not '}all in in the "
                        f"record, {'' if all_in else 'not '}in ours",
                    )
                if capped and index in capped:
                    for line in capped[index]:
                        rnd = hand.round
                        checked += 1
                        if rnd is not None and rnd.wagers <= self.spec.max_raises:
                            raise _Differs(
                                line, "the record says the betting is capped; ours is not (R2.5)"
                            )
        finally:
            self.report.checked += checked

    def _showhand(
        self,
        hand: Hand,
        seat: int,
        to: int,
        legal: list[LegalAction],
        wager: LegalAction | None,
        index: int,
    ) -> bool:
        """Whether the record's bet or raise to ``to`` (its action ``index``) is a
        showhand, which the text writes as a bet or raise (R6.6): a showhand to that
        level is open, and no plain wager reaches it (all of one's chips: ``and is
        all-in``), or the record has nothing after it but calls and folds on its street,
        a showhand's answers (a showhand to the smallest stack leaves chips behind; a
        plain bet the others only called, with nobody left to bet on later streets, ends
        the same way)."""
        for option in legal:
            if option.kind is K.SHOWHAND:
                break
        else:
            return False
        if hand.bets[seat] + option.minimum != to:
            return False
        if wager is None or not wager.allows(to):
            return True
        actions = self.record.actions
        street = actions[index].street
        return all(a.street == street and a.kind in ("call", "fold") for a in actions[index + 1 :])

    def _showdown(self, hand: Hand) -> None:
        record = self.record
        while not hand.is_over:
            seat = hand.actor
            if seat is None:
                break
            player = record.players[seat]
            shows = player in record.shows
            try:
                hand.act(_SHOW if shows else _MUCK)
            except IllegalAction as error:
                line = record.mucks.get(player, record.summary_line)
                raise _Differs(line, f"{player} does not show: {error}") from None

    def _check_outcome(self, hand: Hand) -> None:
        """Who showed (R5.3), the uncalled bets (R2.10) and the pots: the hand's
        events read once."""
        record = self.record
        players = record.players
        found: dict[type[Event], list[Any]] = {
            Show: [],
            UncalledBetReturned: [],
            PotAwarded: [],
            ExcessReturned: [],
            Rollover: [],
        }
        for event in hand.events:
            kind = found.get(type(event))
            if kind is not None:
                kind.append(event)
        shown = {players[e.seat] for e in found[Show]}
        returned = [(players[e.seat], e.amount) for e in found[UncalledBetReturned]]
        awards: list[PotAwarded] = found[PotAwarded]
        if shown:
            said = set(record.shows) & set(players)
            if not self.check(shown == said):
                raise _Differs(
                    record.summary_line,
                    f"the record shows {sorted(said)}; ours {sorted(shown)} (R5.3)",
                )
        self._check_uncalled(returned)
        if self.spec.settlement == "capped" or record.excess or record.rollover:
            self._check_settlement(found[ExcessReturned], found[Rollover])
        kept = 0
        if record.uncalled_collected and found[UncalledBetReturned]:
            awards, kept = _with_uncalled(hand, awards, found[UncalledBetReturned])
        self._check_pots(hand, awards, kept)

    def _check_settlement(self, excess: list[ExcessReturned], rollover: list[Rollover]) -> None:
        """Show Hand's settlement: what went back to whom (R6.7), and what stayed on the
        table for the next hand (R6.8)."""
        record = self.record
        players = record.players
        ours = sorted((players[event.seat], event.amount) for event in excess)
        said = sorted((player, amount) for player, amount, _ in record.excess)
        line = record.excess[0][2] if record.excess else record.summary_line
        if not self.check(ours == said):
            raise _Differs(line, f"excess returned: the record {said}, ours {ours} (R6.7)")
        kept = rollover[0].amount if rollover else 0
        stated, line = record.rollover or (0, record.summary_line)
        self.fact(
            kept == stated,
            line,
            "rolled over to the next hand: the record {}, ours {} (R6.8)",
            stated,
            kept,
        )

    def _check_uncalled(self, ours: list[tuple[str, int]]) -> None:
        record = self.record
        if not record.uncalled_written:
            return  # the site writes none: the pots collected are checked without them
        said = [(player, amount) for player, amount, _ in record.uncalled]
        line = record.uncalled[0][2] if record.uncalled else record.summary_line
        ours.sort()
        said.sort()
        if not self.check(ours == said):  # the same bets, in any order
            raise _Differs(line, f"uncalled bets returned: the record {said}, ours {ours} (R2.10)")

    def _unstated_rake(self, total: int) -> int:
        """The rake of a record that states neither it nor the total pot (Everleaf):
        what its collected lines leave of our pot, no less than nothing and no more than
        :data:`UNSTATED_RAKE_AT_MOST` of the pot (noted, since the record does not say
        it)."""
        record = self.record
        said = sum(got.amount for got in record.collected)
        rake = total - said
        line = record.collected[0].line if record.collected else record.summary_line
        self.fact(
            rake >= 0, line, "the record's winners collect {}, more than our pot {}", said, total
        )
        most = math.ceil(total * UNSTATED_RAKE_AT_MOST)
        self.fact(
            rake <= most,
            line,
            "the record's winners collect {} of our pot {}: the {} left is more than a rake "
            "the site could take ({} at most)",
            said,
            total,
            rake,
            most,
        )
        if rake:
            self.report.notes.append(
                f"the rake is not stated; taken as {rake}, what the collected lines leave of "
                f"the pot of {total}"
            )
        return rake

    def _check_pots(self, hand: Hand, awards: list[PotAwarded], kept: int = 0) -> None:
        """The total pot, and what each player collects; ``kept``: the uncalled bets a
        site counts in the pot (:func:`_with_uncalled`)."""
        record = self.record
        players = record.players
        total = sum(hand.contributed) + hand.carry_in + kept
        if record.total_pot is not None:  # a site may give only what each player won
            self.fact(
                total == record.total_pot,
                record.total_line,
                "total pot {} in the record, {} in ours",
                record.total_pot,
                total,
            )
        rake = record.rake if record.rake_stated else self._unstated_rake(total)
        ours: dict[str, int] = {}
        for award in awards:
            player = players[award.seat]
            ours[player] = ours.get(player, 0) + award.amount
        # What each player may collect after the rake: PokerStars takes it from the pots
        # in proportion (a player's whole share at once, below); Full Tilt takes it all
        # from the main pot, so a side pot is collected whole and the main pot's winners
        # share what is left of it.
        full_tilt = record.rake_from == "main pot"
        least: dict[str, int] = {}
        most: dict[str, int] = {}
        if full_tilt:
            main = hand.pots[0].amount if hand.pots else total
            for award in awards:
                player = players[award.seat]
                whole = (award.amount, award.amount)
                low_, high__ = _after_rake(award.amount, main, rake) if award.pot == 0 else whole
                least[player] = least.get(player, 0) + low_
                most[player] = most.get(player, 0) + high__
        said: dict[str, int] = {}
        for got in record.collected:
            said[got.player] = said.get(got.player, 0) + got.amount
        line = record.collected[0].line if record.collected else record.summary_line
        for player, (net, net_line) in record.net.items():
            # What a player won or lost: what they collected less what they put in.
            if full_tilt:
                low, high_ = least.get(player, 0), most.get(player, 0)
            elif not record.rake_stated:  # a rake not stated may come from any pot
                low, high_ = max(0, ours.get(player, 0) - rake), ours.get(player, 0)
            else:
                low, high_ = _after_rake(ours.get(player, 0), total, rake)
            put_in = hand.contributed[self.seats[player]] if player in self.seats else 0
            if not self.check(low - put_in <= net <= high_ - put_in):
                share = f" less its share of the rake {rake}" if rake else ""
                raise _Differs(
                    net_line,
                    f"{player} nets {net} in the record; ours {ours.get(player, 0) - put_in}"
                    f"{share}",
                )
        # A site that gives each player's net and no collected line (WPN's 2016 summary:
        # "Bets: 3.55. Collects: 3.53.") is checked by the nets alone.
        nets_only = bool(record.net) and not record.collected
        for player in [] if nets_only else sorted(ours.keys() | said.keys()):
            if full_tilt:
                low, high_ = least.get(player, 0), most.get(player, 0)
            elif not record.rake_stated:  # a rake not stated may come from any pot
                low, high_ = max(0, ours.get(player, 0) - rake), ours.get(player, 0)
            else:
                low, high_ = _after_rake(ours.get(player, 0), total, rake)
            collected = said.get(player, 0)
            if not self.check(low <= collected <= high_):
                share = (
                    ""
                    if not rake
                    else f" less its share of the rake {rake} taken from the main pot"
                    if full_tilt
                    else f" less its share of the rake {rake}"
                )
                raise _Differs(
                    line,
                    f"{player} collects {collected} in the record; "
                    f"ours {ours.get(player, 0)}{share}",
                )
        # A rake the record does not state leaves its lines checked player by player
        # (above): how it cuts them into pieces is not known.
        if rake == 0 and not nets_only and record.rake_stated:
            lines = sorted((g.player, g.amount) for g in record.collected)
            pieces = sorted((players[a.seat], a.amount) for a in awards)
            if not self.check(lines == pieces):  # the same pieces, in any order
                raise _Differs(
                    line,
                    f"the pots collected: the record {lines}, ours {pieces} (R5.4 to R5.6)",
                )
            for got in record.collected:
                if got.pot == "pot" and got.half is None:
                    continue
                in_main = got.pot == "main pot"  # (not `main` above: an int there)
                named = f"{got.half} {got.pot}" if got.half else got.pot
                self.fact(
                    any(
                        record.players[a.seat] == got.player
                        and a.amount == got.amount
                        and (got.pot == "pot" or (a.pot == 0) == in_main)
                        and (got.half is None or a.half == got.half)
                        for a in awards
                    ),
                    got.line,
                    "{} collects from the {}; ours does not (R5.4, R5.5)",
                    got.player,
                    named,
                )
        if record.pots is not None:
            pots = [pot.amount for pot in hand.pots]
            if pots and hand.carry_in:
                pots[0] += hand.carry_in  # the chips carried in are the main pot's (R6.8)
            fits = len(pots) == len(record.pots) and all(
                _after_rake(ours_, total, rake)[0] <= theirs <= _after_rake(ours_, total, rake)[1]
                for ours_, theirs in zip(pots, record.pots, strict=True)
            )
            self.fact(
                fits,
                record.total_line,
                "pots {} in the record (after rake), ours {}",
                record.pots,
                pots,
            )


class _RecordedOrderHand(Hand):
    """A hand whose record writes nobody's up cards (``record.up_cards_written`` False):
    where an up card that says who brings in (R3.1) or speaks first (R3.3) is unknown,
    the record's first actor on the street is taken (its streets listed in
    :attr:`trusted`), and its first bet on fourth street says whether an open pair
    allowed the double bet (R2.7, R9.3).  Where every up card needed is known (the
    hands shown at the showdown, once the others have folded) the rules decide."""

    def __init__(
        self,
        record: HandRecord,
        spec: GameSpec,
        stacks: list[int],
        *,
        deck: list[Card | None],
        carry_in: int,
    ) -> None:
        firsts: dict[int, str] = {}
        for action in record.actions:
            firsts.setdefault(action.street, action.player)
        self.recorded_firsts = firsts
        self.recorded_players = record.players
        wager = next((a for a in record.actions if a.street == 1 and a.kind in _WAGER_NAMES), None)
        self.recorded_open_pair = (
            wager is not None and wager.amount is not None and wager.amount > record.small_bet
        )
        self.trusted: list[int] = []
        # Named, not passed on as *args/**kwargs: mypyc's compiled call would give the
        # keywords' dict to carry_in.
        super().__init__(spec, stacks, deck=deck, carry_in=carry_in)

    def bring_in_seat(self) -> int:
        if self._up_unknown():
            return self._recorded_first()
        return super().bring_in_seat()

    def best_showing_seat(self) -> int:
        if self._up_unknown():
            return self._recorded_first()
        return super().best_showing_seat()

    def open_pair_showing(self) -> bool:
        if self._up_unknown():
            return self.recorded_open_pair
        return super().open_pair_showing()

    def _up_unknown(self) -> bool:
        """Whether a player still in has an up card the record does not show."""
        up, folded = self.up, self.folded
        return any(None in up[seat] for seat in range(self.player_count) if not folded[seat])

    def _recorded_first(self) -> int:
        """The seat of the record's first actor on this street; if the record has none
        still in, the first seat still in with chips (the replay then says the record's
        betting ended before ours)."""
        if self.street not in self.trusted:
            self.trusted.append(self.street)
        player = self.recorded_firsts.get(self.street)
        stacks, folded = self.stacks, self.folded
        if player is not None:
            seat = self.recorded_players.index(player)
            if not folded[seat]:
                return seat
        return next(s for s in range(self.player_count) if not folded[s] and stacks[s])


def _with_uncalled(
    hand: Hand, awards: list[PotAwarded], returned: list[UncalledBetReturned]
) -> tuple[list[PotAwarded], int]:
    """The pots as a site that keeps an uncalled bet in the pot awards them
    (``record.uncalled_collected``, Winamax), and how much it kept: the bet joins the
    last pot when its owner alone may win that pot (everyone else folded), else it is
    a side pot of its own, its owner's (an all-in called for less)."""
    pots = hand.pots
    awards = list(awards)
    kept = 0
    for back in returned:
        kept += back.amount
        last = len(pots) - 1
        if last >= 0 and pots[last].eligible == (back.seat,):
            for at, award in enumerate(awards):
                if award.pot == last and award.seat == back.seat:
                    awards[at] = PotAwarded(
                        last, award.half, back.seat, award.amount + back.amount, award.value
                    )
                    break
            else:
                awards.append(PotAwarded(last, "whole", back.seat, back.amount, None))
        else:
            awards.append(PotAwarded(len(pots), "whole", back.seat, back.amount, None))
    return awards, kept


def _preset(record: HandRecord, bring_in: int, options: dict[str, Any]) -> GameSpec:
    """The record's game at its stakes, made once for each stakes and options (a spec
    is immutable, and a file repeats a few stakes)."""
    stakes = {
        "ante": record.ante or 0,
        "bring_in": bring_in,
        "small_bet": record.small_bet,
        "big_bet": record.big_bet,
    }
    try:
        key = (record.game, *stakes.values(), *options.items())
        spec = _SPECS.get(key)
    except TypeError:  # an option's value that cannot be a key
        return preset(record.game, **stakes, **options)
    if spec is None:
        if len(_SPECS) > 1_000:
            _SPECS.clear()
        spec = _SPECS[key] = preset(record.game, **stakes, **options)
    return spec


def _allowed(legal: list[LegalAction]) -> str:
    return ", ".join(str(option) for option in legal)


def _after_rake(amount: int, total: int, rake: int) -> tuple[int, int]:
    """What ``amount`` of a ``total`` pot becomes after the site took ``rake``
    from the pots in proportion (rounded either way)."""
    if not rake or not total:
        return amount, amount
    exact = amount * (total - rake) / total
    return math.floor(exact), math.ceil(exact)
