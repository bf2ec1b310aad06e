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
- uncalled bets returned (R2.10);
- who shows at the showdown (R5.3), the total pot, the main and side pots (R5.4),
  and what each player collects (R5.5, R5.6), allowing for the rake the record
  shows: PokerStars and Full Tilt take it from the pots in proportion.

Where a site's rule differs from RULES.md's default, the replay sets the
matching option (:data:`SITE_OPTIONS`).  The streets are the game's: third to
seventh in the seven-card games, second to fifth in Five-Card Stud (R9.1), whose
table seats up to ten (a record with more players than the preset's eight seats
is replayed at a table of its size).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from studpoker.cards import Card, deck_cards
from studpoker.engine import Action, ActionKind, Hand, IllegalAction
from studpoker.engine.events import AllIn, Ante, PotAwarded, Show, UncalledBetReturned
from studpoker.games import GameSpec, preset
from studpoker.hands import eight_or_better, high, low_a5
from studpoker.history.record import HandRecord, RecordedAction

__all__ = ["SITE_OPTIONS", "ReplayReport", "replay"]

K = ActionKind
WAGERS = (K.COMPLETE, K.BET, K.RAISE)

# Sites that write "Pair on board - a double bet is allowed" whenever it is (R2.7).
SITES_WRITING_OPEN_PAIRS = frozenset({"PokerStars"})
# The options of RULES.md each site plays by, where they differ from the defaults.
SITE_OPTIONS: dict[str, dict[str, Any]] = {
    "PokerStars": {},
    "Full Tilt": {},
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
    return report


class _Replay:
    def __init__(self, record: HandRecord, report: ReplayReport, options: Mapping[str, Any]):
        self.record, self.report = record, report
        self.spec = self._spec(options)
        self.hand: Hand | None = None

    def fact(self, same: bool, line: int | None, message: Callable[[], str]) -> None:
        """One fact checked; ``message`` says how it differs (made only if it does)."""
        self.report.checked += 1
        if not same:
            raise _Differs(line, message())

    # -- the table ------------------------------------------------------------------

    def _spec(self, options: Mapping[str, Any]) -> GameSpec:
        record = self.record
        chosen = {**SITE_OPTIONS.get(record.site, {}), **options}
        try:
            spec = preset(
                record.game,
                ante=record.ante or 0,
                bring_in=self._bring_in(),
                small_bet=record.small_bet,
                big_bet=record.big_bet,
                **chosen,
            )
            if len(record.players) > spec.max_seats and "max_seats" not in chosen:
                spec = spec.with_options(max_seats=len(record.players))  # R9.1: ten
            return spec
        except ValueError as error:
            raise _Differs(record.line, f"cannot set up the game: {error}") from None

    def _bring_in(self) -> int:
        """The bring-in: as posted, unless posted all in; then the level the first
        raise went from ("raises 150 to 200": 50), or the call the others made
        (R2.4).  A record whose bring-in player completed at once does not say
        it, and then nothing it states depends on it."""
        record = self.record
        third = [a for a in record.actions if a.street == 0]
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
        cards = record.cards
        layout = record.layout
        live = list(record.players)
        deck: list[Card | None] = []
        slot = 0
        last = len(layout.streets) - 1
        for street, held in enumerate(layout.held):
            if len(live) < 2:
                break
            if street == last and record.community is not None:
                deck.append(record.community)
            else:
                for dealt in range(slot, held):
                    deck += [cards[p][dealt] for p in live]
            slot = held
            folded = {a.player for a in record.actions if a.street == street and a.kind == "fold"}
            live = [p for p in live if p not in folded]
        return deck + [None] * (len(deck_cards(52)) - len(deck))

    def _fill_shown(self) -> None:
        """A player who shows with a card the record does not give (a site that
        shows only the five cards played, or an unreadable card) gets, for the
        replay, the unseen card that helps the hand least, so that the record's
        result never depends on a card it did not show."""
        record = self.record
        seen = {c for held in record.cards.values() for c in held if c is not None}
        if record.community is not None:
            seen.add(record.community)
        unseen = [c for c in deck_cards(52) if c not in seen]
        reached = self._streets_reached()
        layout = record.layout
        for player in record.shows:
            if player not in record.cards:
                continue
            held = record.cards[player]
            streets = reached.get(player, 0)
            count = layout.held[streets - 1] if streets else 0
            if streets == len(layout.streets) and record.community is not None:
                count = layout.held[-2]  # the last card is the community card (R7.4)
            for slot in (s for s in range(count) if held[s] is None):
                best = min(unseen, key=partial(self._strength, held, slot))
                held[slot] = best
                unseen.remove(best)
                self.report.notes.append(
                    f"{player} shows without their card {slot + 1}; replayed with {best}, "
                    "the unseen card that helps the hand least"
                )

    def _streets_reached(self) -> dict[str, int]:
        """How many streets each player was dealt (1 the first street only)."""
        record, reached = self.record, {}
        live = list(record.players)
        for street in range(len(record.layout.streets)):
            if len(live) < 2:
                break
            for player in live:
                reached[player] = street + 1
            folded = {a.player for a in record.actions if a.street == street and a.kind == "fold"}
            live = [p for p in live if p not in folded]
        return reached

    def _strength(self, held: list[Card | None], slot: int, card: Card) -> tuple[int, ...]:
        cards = [card if i == slot else c for i, c in enumerate(held)]
        known = [c for c in cards if c is not None]
        if len(known) < 5:
            return (0,)
        game = self.record.game
        if game == "razz":
            return (low_a5(known).value,)
        if game == "stud_hilo":
            low = eight_or_better(known)
            return (high(known).value, -1 if low is None else low.value)
        return (high(known).value,)

    # -- the hand -----------------------------------------------------------------------

    def run(self) -> None:
        record = self.record
        self._fill_shown()
        stacks = [next(s.stack for s in record.seats if s.name == p) for p in record.players]
        try:
            hand = Hand(self.spec, stacks, deck=self._deck())
        except ValueError as error:
            raise _Differs(record.line, f"cannot deal the hand: {error}") from None
        self.hand = self.report.hand = hand
        self._check_antes(hand)
        self._check_bring_in(hand)
        said_pairs = dict(record.open_pair)
        rule = "R9.3" if record.game == "five_card_stud" else "R2.7"
        for index, action in enumerate(record.actions):
            rnd = hand.round
            # The open pair's street (index 1): fourth street, Five-Card Stud's third.
            paired = rnd is not None and rnd.street == action.street == 1 and not rnd.spoken
            if paired and (record.site in SITES_WRITING_OPEN_PAIRS or 1 in said_pairs):
                assert rnd is not None
                said = 1 in said_pairs
                self.fact(
                    rnd.open_pair == said,
                    said_pairs.get(1, action.line),
                    _say(
                        "the record {} a double bet on an open pair; ours {} ({})",
                        "allows" if said else "does not allow",
                        "does not" if said else "does",
                        rule,
                    ),
                )
            self._play(hand, action)
            for capped_index, line in record.capped:
                if capped_index == index:
                    rnd = hand.round
                    self.fact(
                        rnd is None or rnd.wagers > self.spec.max_raises,
                        line,
                        lambda: "the record says the betting is capped; ours is not (R2.5)",
                    )
        if hand.round is not None:
            seat = hand.actor
            assert seat is not None
            raise _Differs(
                record.summary_line,
                f"the record's betting ends, but ours has {record.players[seat]} to act on "
                f"{record.layout.streets[hand.street]} street",
            )
        self._showdown(hand)
        self._check_uncalled(hand)
        self._check_pots(hand)

    def _check_antes(self, hand: Hand) -> None:
        record = self.record
        ours = {e.seat: e.amount for e in hand.events if isinstance(e, Ante)}
        for player, (amount, _, line) in record.antes.items():
            if player not in record.players:
                continue
            seat = record.seat_of(player)
            self.fact(
                ours.get(seat) == amount,
                line,
                _say(
                    "{} posts an ante of {}; ours posts {} (R2.2)",
                    player,
                    amount,
                    ours.get(seat, 0),
                ),
            )

    def _check_bring_in(self, hand: Hand) -> None:
        record = self.record
        rnd = hand.round
        if rnd is None or not rnd.bring_in_due:
            return
        ours = record.players[rnd.actor] if rnd.actor is not None else None
        first = next((a for a in record.actions if a.street == 0), None)
        if record.bring_in_claim is not None:
            player, line = record.bring_in_claim
            self.fact(
                ours == player, line, lambda: f"{player} brings in; ours: {ours} (R3.1, R3.2)"
            )
        elif first is not None:
            self.fact(
                ours == first.player,
                first.line,
                lambda: f"{first.player} brings in or completes first; ours: {ours} (R3.1, R3.2)",
            )

    def _play(self, hand: Hand, action: RecordedAction) -> None:
        record, line = self.record, action.line
        if hand.round is None:
            raise _Differs(line, f"{action.text.strip()!r}, but our betting is over")
        streets = record.layout.streets
        self.fact(
            hand.street == action.street,
            line,
            lambda: (
                f"{action.player} acts on {streets[action.street]} street; "
                f"ours is on {streets[hand.street]} street"
            ),
        )
        seat = record.seat_of(action.player)
        actor = hand.actor
        assert actor is not None
        self.fact(
            actor == seat,
            line,
            lambda: f"{action.player} acts; ours has {record.players[actor]} to act (R3.3)",
        )
        legal = {option.kind: option for option in hand.legal_actions()}

        def allowed() -> str:
            return ", ".join(str(option) for option in legal.values())

        ours: Action
        if action.kind in ("complete", "bet", "raise"):
            kind = next((k for k in WAGERS if k in legal), None)
            assert action.amount is not None
            self.fact(
                kind is not None and legal[kind].allows(action.amount),
                line,
                lambda: f"{action.text.strip()!r}: ours allows {allowed()}",
            )
            assert kind is not None
            ours = Action(kind, action.amount)
        else:
            kind = K(action.kind)
            option = legal.get(kind)
            if option is None:
                raise _Differs(line, f"{action.text.strip()!r}: ours allows {allowed()}")
            if action.amount is not None:
                self.fact(
                    option.minimum == action.amount,
                    line,
                    lambda: f"{action.text.strip()!r}: ours costs {option.minimum}",
                )
            ours = Action(kind)
        before = len(hand.events)
        try:
            hand.act(ours)
        except IllegalAction as error:
            raise _Differs(line, f"{action.text.strip()!r}: {error}") from None
        all_in = any(isinstance(e, AllIn) and e.seat == seat for e in hand.events[before:])
        self.fact(
            all_in == action.all_in,
            line,
            lambda: (
                f"{action.player} is {'' if action.all_in else 'not '}all in in the record, "
                f"{'' if all_in else 'not '}in ours"
            ),
        )

    def _showdown(self, hand: Hand) -> None:
        record = self.record
        while not hand.is_over:
            seat = hand.actor
            if seat is None:
                break
            player = record.players[seat]
            shows = player in record.shows
            try:
                hand.act(Action(K.SHOW if shows else K.MUCK))
            except IllegalAction as error:
                line = record.mucks.get(player, record.summary_line)
                raise _Differs(line, f"{player} does not show: {error}") from None
        shown = {record.players[e.seat] for e in hand.events if isinstance(e, Show)}
        if shown:
            said = set(record.shows) & set(record.players)
            self.fact(
                shown == said,
                record.summary_line,
                lambda: f"the record shows {sorted(said)}; ours {sorted(shown)} (R5.3)",
            )

    def _check_uncalled(self, hand: Hand) -> None:
        record = self.record
        ours = Counter(
            (record.players[e.seat], e.amount)
            for e in hand.events
            if isinstance(e, UncalledBetReturned)
        )
        said = Counter((player, amount) for player, amount, _ in record.uncalled)
        line = record.uncalled[0][2] if record.uncalled else record.summary_line
        self.fact(
            ours == said,
            line,
            lambda: (
                f"uncalled bets returned: the record {sorted(said.elements())}, "
                f"ours {sorted(ours.elements())} (R2.10)"
            ),
        )

    def _check_pots(self, hand: Hand) -> None:
        record = self.record
        total = sum(hand.contributed) + hand.carry_in
        self.fact(
            total == record.total_pot,
            record.total_line,
            lambda: f"total pot {record.total_pot} in the record, {total} in ours",
        )
        rake = record.rake
        awards = [e for e in hand.events if isinstance(e, PotAwarded)]
        ours: Counter[str] = Counter()
        for award in awards:
            ours[record.players[award.seat]] += award.amount
        # What each player may collect after the rake: PokerStars takes it from the pots
        # in proportion (a player's whole share at once, below); Full Tilt takes it all
        # from the main pot, so a side pot is collected whole and the main pot's winners
        # share what is left of it.
        least: Counter[str] = Counter()
        most: Counter[str] = Counter()
        if record.site == "Full Tilt":
            main = hand.pots[0].amount if hand.pots else total
            for award in awards:
                player = record.players[award.seat]
                whole = (award.amount, award.amount)
                low_, high__ = _after_rake(award.amount, main, rake) if award.pot == 0 else whole
                least[player] += low_
                most[player] += high__
        said: Counter[str] = Counter()
        for got in record.collected:
            said[got.player] += got.amount
        line = record.collected[0].line if record.collected else record.summary_line
        for player in sorted(set(ours) | set(said)):
            if record.site == "Full Tilt":
                low, high_ = least[player], most[player]
            else:
                low, high_ = _after_rake(ours[player], total, rake)
            self.fact(
                low <= said[player] <= high_,
                line,
                _say(
                    "{} collects {} in the record; ours {}{}",
                    player,
                    said[player],
                    ours[player],
                    ""
                    if not rake
                    else f" less its share of the rake {rake} taken from the main pot"
                    if record.site == "Full Tilt"
                    else f" less its share of the rake {rake}",
                ),
            )
        if rake == 0:
            lines = Counter((g.player, g.amount) for g in record.collected)
            pieces = Counter((record.players[a.seat], a.amount) for a in awards)
            self.fact(
                lines == pieces,
                line,
                lambda: (
                    f"the pots collected: the record {sorted(lines.elements())}, "
                    f"ours {sorted(pieces.elements())} (R5.4 to R5.6)"
                ),
            )
            for got in record.collected:
                if got.pot == "pot" and got.half is None:
                    continue
                main = got.pot == "main pot"
                named = f"{got.half} {got.pot}" if got.half else got.pot
                self.fact(
                    any(
                        record.players[a.seat] == got.player
                        and a.amount == got.amount
                        and (got.pot == "pot" or (a.pot == 0) == main)
                        and (got.half is None or a.half == got.half)
                        for a in awards
                    ),
                    got.line,
                    _say("{} collects from the {}; ours does not (R5.4, R5.5)", got.player, named),
                )
        if record.pots is not None:
            pots = [pot.amount for pot in hand.pots]
            fits = len(pots) == len(record.pots) and all(
                _after_rake(ours_, total, rake)[0] <= theirs <= _after_rake(ours_, total, rake)[1]
                for ours_, theirs in zip(pots, record.pots, strict=True)
            )
            self.fact(
                fits,
                record.total_line,
                lambda: f"pots {record.pots} in the record (after rake), ours {pots}",
            )


def _say(template: str, *values: object) -> Callable[[], str]:
    """A message made only if a fact differs."""
    return partial(template.format, *values)


def _after_rake(amount: int, total: int, rake: int) -> tuple[int, int]:
    """What ``amount`` of a ``total`` pot becomes after the site took ``rake``
    from the pots in proportion (rounded either way)."""
    if not rake or not total:
        return amount, amount
    exact = amount * (total - rake) / total
    return math.floor(exact), math.ceil(exact)
