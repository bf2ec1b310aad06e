"""A hand to study: whoever dealt it, as its events (DESIGN.md idea 1).

Every hand studied — a site's record (any of history.READERS), a PHH file, a hand played in the
room — becomes a :class:`StudyHand`: its game and stakes, its seats, and its events as
the room stores them (``{"type": "Call", "seat": 3, "amount": 20}``: the engine's event
classes by name, a seat as the table numbers it, cards as text).  A site's record is
turned into events directly from what it states (no replay: an import reads 100,000
hands in under a minute); a PHH record and a room hand are the engine's own events.
The statistics (:mod:`studpoker.study.facts`) and the replayer read only these."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from studpoker.engine import Hand
from studpoker.history import HandRecord, from_phh
from studpoker.history.phh import NotToml, load_toml
from studpoker.history.record import RecordedAction
from studpoker.table.snapshot import event_dict

__all__ = [
    "StudyHand",
    "from_hand",
    "from_phh_text",
    "from_record",
    "full_completion",
    "nets",
]

# The record's action words as the engine's event classes.
_KINDS = {
    "bring_in": "BringIn",
    "complete": "Complete",
    "bet": "Bet",
    "raise": "Raise",
    "call": "Call",
    "check": "Check",
    "fold": "Fold",
}


@dataclass(slots=True)
class StudyHand:
    """One hand as the study tools read it.  ``source`` is where it comes from
    (``"PokerStars"``, ``"Full Tilt"``, ``"PHH"``, ``"room"``) and ``number`` its hand
    number there (a room hand's is ``"table#number"``); amounts are integers in the
    hand's unit (``scale`` a currency unit: cents for money, 1 for chips)."""

    source: str
    number: str
    game: str
    small_bet: int
    big_bet: int
    seats: list[tuple[int, str, int]]  # seat number, name, starting stack; in seat order
    events: list[dict[str, Any]]
    played_at: str | None = None  # "YYYY-MM-DD HH:MM:SS", the site's clock
    currency: str | None = None
    scale: int = 1
    table_size: int | None = None  # the table's seats ("8-max"), if known
    tournament: str | None = None
    record: str = ""  # the hand's text as read (the replayer shows it)
    hero: int | None = None  # the seat whose down cards the record was dealt with
    notes: list[str] = field(default_factory=list)

    @property
    def names(self) -> dict[int, str]:
        return {seat: name for seat, name, _ in self.seats}


def nets(hand: StudyHand) -> dict[int, int]:
    """Each seat's net in the hand: what it collected and got back, less what it put in
    (antes, bring-in, calls, bets and raises; the rake is taken from what was
    collected)."""
    put = dict.fromkeys((seat for seat, _, _ in hand.seats), 0)
    street_in: dict[int, int] = {}
    got = dict.fromkeys(put, 0)
    for event in hand.events:
        kind = event["type"]
        if kind == "StreetStarted":
            street_in = {}
            continue
        seat = event.get("seat")
        if seat is None or seat not in put:
            continue
        if kind == "Ante":
            put[seat] += event["amount"]
        elif kind in ("BringIn", "Call", "Showhand"):
            put[seat] += event["amount"]
            street_in[seat] = street_in.get(seat, 0) + event["amount"]
        elif kind in ("Complete", "Bet", "Raise"):
            put[seat] += event["to"] - street_in.get(seat, 0)
            street_in[seat] = event["to"]
        elif kind in ("UncalledBetReturned", "ExcessReturned", "PotAwarded"):
            got[seat] += event["amount"]
    return {seat: got[seat] - put[seat] for seat in put}


def from_record(record: HandRecord, text: str = "") -> StudyHand:
    """A site's record as events: the antes, each street's cards (every card the
    record shows; an unknown one as None) and actions, what was returned, the hands
    shown and what each collected."""
    layout = record.layout
    seat_of: dict[str, int] = {}
    for listed in record.seats:
        seat_of.setdefault(listed.name, listed.number)
    stacks = {listed.name: listed.stack for listed in record.seats}
    events: list[dict[str, Any]] = []
    add = events.append
    if record.carry_in is not None:  # Show Hand's rollover from the hand before (R6.8)
        add({"type": "CarryIn", "amount": record.carry_in[0]})
    showhand, showhand_paid = _showhand_of(record) or (None, 0)
    for player, (amount, all_in, _) in record.antes.items():
        add({"type": "Ante", "seat": seat_of[player], "amount": amount})
        if all_in:
            add({"type": "AllIn", "seat": seat_of[player]})
    by_street: list[list[Any]] = [[] for _ in layout.streets]
    for action in record.actions:
        if 0 <= action.street < len(by_street):
            by_street[action.street].append(action)
    last = max(
        [i for i, dealt in enumerate(record.dealt) if dealt]
        + [i for i, acts in enumerate(by_street) if acts]
        + [0]
    )
    folders = {action.player for action in record.actions if action.kind == "fold"}
    if len([p for p in record.players if p not in folders]) >= 2:
        last = len(layout.streets) - 1  # two or more to the end: every street is dealt
    slots = layout.slots
    for street in range(last + 1):
        add({"type": "StreetStarted", "street": layout.streets[street], "index": street})
        first = layout.held[street - 1] if street else 0
        dealt = record.dealt[street] or [
            p for p in record.players if street == 0 or _still_in(p, by_street, street)
        ]
        upto = layout.held[street]
        if street == last and record.community is not None:
            upto -= 1  # R7.4: no card of their own, the community card for all
        for player in dealt:
            cards = record.cards.get(player)
            for slot in range(first, upto):
                card = None if cards is None else cards[slot]
                add(
                    {
                        "type": "CardDealt",
                        "seat": seat_of[player],
                        "card": None if card is None else str(card),
                        "up": slots[slot] == "u",
                    }
                )
        if street == last and record.community is not None:
            add({"type": "CommunityCard", "card": str(record.community)})
        # Show Hand has no bring-in to complete (R6.4): its first bet is a bet.
        brought, completed = 0, street > 0 or record.game == "show_hand"
        for action in by_street[street]:
            seat = seat_of[action.player]
            kind = _KINDS[action.kind]
            if action is showhand:
                add(
                    {"type": "Showhand", "seat": seat, "amount": showhand_paid, "to": action.amount}
                )
                if action.all_in:
                    add({"type": "AllIn", "seat": seat})
                continue
            if kind == "BringIn":
                brought = action.amount or 0
            elif not completed and kind in ("Complete", "Bet", "Raise"):
                # PokerStars writes a completion as a raise (a bet by the bring-in); as
                # the engine says it, every wager is a completion until one is full.
                kind = "Complete"
                completed = full_completion(action.amount or 0, brought, record.small_bet)
            if kind in ("Complete", "Bet", "Raise"):
                add({"type": kind, "seat": seat, "to": action.amount})
            elif kind in ("BringIn", "Call"):
                add({"type": kind, "seat": seat, "amount": action.amount})
            else:
                add({"type": kind, "seat": seat})
            if action.all_in:
                add({"type": "AllIn", "seat": seat})
    for player, amount, _ in record.uncalled:
        add({"type": "UncalledBetReturned", "seat": seat_of[player], "amount": amount})
    for player in record.shows:
        cards = record.cards.get(player, [])
        if record.community is not None:  # the community card is the board's, not theirs
            cards = cards[: layout.held[-1] - 1]
        add(
            {
                "type": "Show",
                "seat": seat_of[player],
                "cards": [None if card is None else str(card) for card in cards],
            }
        )
    side = 0
    for collected in record.collected:
        half = collected.half or "whole"
        side += collected.pot == "side pot"
        add(
            {
                "type": "PotAwarded",
                "pot": side if collected.pot == "side pot" else 0,
                "half": half,
                "seat": seat_of[collected.player],
                "amount": collected.amount,
                "value": None,
            }
        )
    for player, amount, _ in record.excess:  # Show Hand's settlement (R6.7, R6.8)
        add({"type": "ExcessReturned", "seat": seat_of[player], "amount": amount})
    if record.rollover is not None:
        add({"type": "Rollover", "amount": record.rollover[0]})
    dealt_in = set(record.players)
    hero = record.hero
    if hero is None:
        found = _HERO.search(text)
        hero = found.group(1) if found else None
    return StudyHand(
        source=record.site,
        number=record.number,
        game=record.game,
        small_bet=record.small_bet,
        big_bet=record.big_bet,
        seats=[
            (seat.number, seat.name, stacks[seat.name])
            for seat in record.seats
            if seat.name in dealt_in
        ],
        events=events,
        played_at=record.played_at,
        currency=record.currency,
        scale=record.scale,
        table_size=_table_size(text),
        tournament=record.tournament,
        record=text,
        notes=list(record.notes),
        hero=seat_of.get(hero) if hero else None,
    )


def _showhand_of(record: HandRecord) -> tuple[RecordedAction, int] | None:
    """Show Hand's showhand (R6.6), which the text writes as a bet or raise, and the
    chips it put in: the hand's last bet or raise, where the table allowed a showhand on
    its street, answered only by calls and folds (nobody bets after a showhand), that
    put its maker all in, or with ``showhand_amount="smallest_stack"`` one who called it
    all in to its level.  (A plain bet that such a call answered, leaving nobody to bet
    on later streets, moves the same chips, and is taken as one.)"""
    options = record.options
    if record.game != "show_hand" or options.get("showhand_allowed") is False:
        return None
    actions = record.actions
    for at in range(len(actions) - 1, -1, -1):
        action = actions[at]
        if action.kind not in ("complete", "bet", "raise"):
            continue
        street, after = action.street, actions[at + 1 :]
        if street + 1 < options.get("showhand_from_round", 1) or not all(
            a.street == street and a.kind in ("call", "fold") for a in after
        ):
            return None
        put: dict[str, int] = {}  # each player's chips in on the street
        for earlier in actions[:at]:
            if earlier.street == street and earlier.amount is not None:
                wager = earlier.kind in ("complete", "bet", "raise")
                put[earlier.player] = earlier.amount + (0 if wager else put.get(earlier.player, 0))
        to = action.amount or 0
        paid = to - put.get(action.player, 0)
        if action.all_in:
            return action, paid
        if options.get("showhand_amount") != "smallest_stack":
            return None
        for answer in after:
            if answer.all_in and put.get(answer.player, 0) + (answer.amount or 0) == to:
                return action, paid
        return None
    return None


# The first street's "Dealt to" line with down cards: the record's own player.
_HERO = re.compile(r"^Dealt to (.+?) \[\S+ \S+(?: \S+)?\]\s*$", re.MULTILINE)


def full_completion(to: int, brought: int, small_bet: int) -> bool:
    """Whether a completion to ``to`` over a bring-in of ``brought`` is full: to the
    small bet, or (all in short of it) at least half the way there, as the engine
    judges it (R2.4, R2.11): the wagers after it are raises."""
    return to == small_bet or 2 * (to - brought) >= small_bet - brought


def _still_in(player: str, by_street: list[list[Any]], street: int) -> bool:
    return not any(
        action.player == player and action.kind == "fold"
        for earlier in by_street[:street]
        for action in earlier
    )


def _table_size(text: str) -> int | None:
    """``8-max`` (PokerStars) or ``(6 max)`` (Full Tilt) in a record's first lines."""
    for line in text.splitlines()[:2]:
        at = line.find("-max")
        if at > 0 and line[at - 1].isdigit():
            start = at - 1
            while start > 0 and line[start - 1].isdigit():
                start -= 1
            return int(line[start:at])
        at = line.find(" max)")
        if at > 0 and line[at - 1].isdigit():
            start = at - 1
            while start > 0 and line[start - 1].isdigit():
                start -= 1
            return int(line[start:at])
    return None


def from_hand(
    hand: Hand,
    names: Sequence[str],
    *,
    source: str,
    number: str,
    seats: Sequence[int] | None = None,
    played_at: str | None = None,
    record: str = "",
) -> StudyHand:
    """An engine hand (a PHH record replayed, or a hand played here) as events;
    ``seats`` numbers its players as the table does (1, 2, … if not given)."""
    numbers = list(seats) if seats is not None else list(range(1, len(names) + 1))
    spec = hand.spec
    return StudyHand(
        source=source,
        number=number,
        game=spec.game,
        small_bet=spec.small_bet,
        big_bet=spec.big_bet,
        seats=[(numbers[i], names[i], hand.starting_stacks[i]) for i in range(len(names))],
        events=[event_dict(event, numbers) for event in hand.events],
        played_at=played_at,
        table_size=spec.max_seats,
        record=record,
    )


def from_phh_text(text: str, *, number: str | None = None) -> StudyHand:
    """A PHH record (one hand) replayed through the engine, with its ``players``,
    ``hand`` number and date fields when it has them.  Raises ``ValueError`` naming
    what is wrong."""
    try:
        doc = load_toml(text)
    except NotToml as error:
        raise ValueError(f"not a PHH record: {error}") from None
    hand = from_phh(text)
    count = hand.player_count
    players = doc.get("players")
    if not (isinstance(players, list) and len(players) == count):
        players = [f"p{i + 1}" for i in range(count)]
    seats = doc.get("seats")
    if not (
        isinstance(seats, list) and len(seats) == count and all(isinstance(s, int) for s in seats)
    ):
        seats = None
    said = doc.get("hand")
    name = str(said) if said is not None else number
    if name is None:
        raise ValueError("a PHH record without a hand number (its `hand` field)")
    played = None
    if all(isinstance(doc.get(key), int) for key in ("year", "month", "day")):
        played = f"{doc['year']:04}-{doc['month']:02}-{doc['day']:02}"
        when = doc.get("time")
        played += f" {when}" if isinstance(when, str) else " 00:00:00"
    study = from_hand(
        hand, [str(p) for p in players], source="PHH", number=name, seats=seats,
        played_at=played, record=text,
    )  # fmt: skip
    study.notes = list(hand.notes)
    return study
