"""A hand street by street, as a viewer may see it, with each player's equity at every
street (the replayer's data, docs/study.md).

What the viewer sees: every up card; the down cards of their own seat (``viewer``) and,
at the showdown, those shown; every card the record holds when ``every_card`` (one's own
imported hand: the record is already what its player saw, the hands shown among it).
The equity at a street is each live player's share of the pot against exactly the cards
the replay shows at that street (issue 37): the viewer's own down cards, every up card
dealt so far, and — for one's own imported hand — every card its record holds; the folded
seats' cards shown are out of the deck.  It is what ``equity()`` / ``stud equity`` gives
on those cards: exact where it fits (seventh street with every card known is 100/0),
Monte Carlo with its interval else.  Its amounts are the hand's integers; ``money_unit`` says
how many make one unit of its money (R1.4: 100 when they are cents, "4.00", with the
``currency`` sign of a site's record, "$4.00"; 1 when they are chips, "400")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from studpoker.cards import Card
from studpoker.equity import equity
from studpoker.hands.best import best_hand_names
from studpoker.history import read_history
from studpoker.study.hands import StudyHand, from_phh_text, from_record

__all__ = ["ReplayStreet", "imported_replay", "replay_view"]

_ACTIONS = {
    "BringIn": "bring_in", "Complete": "complete", "Bet": "bet", "Raise": "raise",
    "Call": "call", "Check": "check", "Fold": "fold", "Showhand": "showhand",
}  # fmt: skip


@dataclass(slots=True)
class ReplayStreet:
    """One street: the cards each seat holds once it is dealt (in dealing order; None
    for one the viewer cannot see), the folded up cards set apart so far, the actions,
    the pot after it, the equity of each live seat as it began, and the hand each live
    seat's visible cards make (R4.5's names, in every language)."""

    name: str
    cards: dict[int, list[str | None]]
    dead: list[str]
    actions: list[dict[str, Any]] = field(default_factory=list)
    pot: int = 0
    equity: dict[int, float] | None = None
    names: dict[int, dict[str, str]] = field(default_factory=dict)
    ci95: dict[int, tuple[float, float]] | None = None
    exact: bool | None = None
    samples: int | None = None
    community: str | None = None


def replay_view(
    hand: StudyHand,
    *,
    viewer: int | None = None,
    every_card: bool = False,
    seed: int | None = 0,
    samples: int = 20_000,
) -> dict[str, Any]:
    """``hand`` as ``viewer`` (a seat, or None: an onlooker) may see it, street by
    street, with the equities; JSON-ready."""
    held: dict[int, list[str | None]] = {seat: [] for seat, _, _ in hand.seats}
    visible: dict[int, list[str | None]] = {seat: [] for seat in held}  # what is shown
    up: dict[int, list[str]] = {seat: [] for seat in held}
    folded: set[int] = set()
    dead: list[str] = []  # the folded up cards, as the street shows them apart
    gone: list[str] = []  # every card shown of a folded seat: out of the deck
    streets: list[ReplayStreet] = []
    shown: dict[int, list[str | None]] = {}
    pot = 0
    street_in: dict[int, int] = {}
    results: dict[int, int] = {}
    dealt_this_street = False
    community: str | None = None  # R7.4: the last street's card for all, if dealt

    def close_deal() -> None:
        """The street's cards are out: its view and equity fixed."""
        street = streets[-1]
        street.cards = {seat: list(cards) for seat, cards in visible.items() if cards}
        street.dead = list(dead)
        street.community = community
        live = [seat for seat in held if seat not in folded and held[seat]]
        board: list[str | None] = [] if community is None else [community]
        street.names = _names(hand.game, {seat: visible[seat] + board for seat in live})
        if len(live) < 2:
            return
        # exactly the cards the street shows: a card shown is a card known
        players = [_known(visible[seat]) for seat in live]
        try:
            found = equity(
                hand.game,
                players,
                dead=" ".join(gone),
                community=community,
                seed=seed,
                samples=samples,
            )
        except ValueError:  # a position the equity cannot take (a record's odd deal)
            return
        street.equity = dict(zip(live, found.equities, strict=True))
        street.exact, street.samples = found.exact, found.samples
        if found.ci95 is not None:
            street.ci95 = dict(zip(live, found.ci95, strict=True))

    for event in hand.events:
        kind = event["type"]
        seat: int = event.get("seat", -1)
        if kind == "StreetStarted":
            if dealt_this_street:  # the street before had no betting (all in): closed now
                close_deal()
            streets.append(ReplayStreet(event["street"], {}, []))
            street_in = {}
            dealt_this_street = True
            continue
        if kind == "Ante":
            pot += event["amount"]
            continue
        if kind == "CardDealt":
            card = event["card"]
            held[seat].append(card)
            now = event["up"] or seat == viewer
            visible[seat].append(card if now or every_card else None)
            if event["up"] and card is not None:
                up[seat].append(card)
            continue
        if kind == "CommunityCard":
            community = event["card"]
            continue
        if kind in _ACTIONS:
            if dealt_this_street:
                close_deal()
                dealt_this_street = False
            action: dict[str, Any] = {"seat": seat, "action": _ACTIONS[kind]}
            if kind in ("BringIn", "Call", "Showhand"):
                pot += event["amount"]
                street_in[seat] = street_in.get(seat, 0) + event["amount"]
                action["amount"] = event["amount"]
            elif kind in ("Complete", "Bet", "Raise"):
                pot += event["to"] - street_in.get(seat, 0)
                street_in[seat] = event["to"]
                action["to"] = event["to"]
            elif kind == "Fold":
                folded.add(seat)
                dead.extend(up[seat])
                gone.extend(card for card in visible[seat] if card is not None)
            streets[-1].actions.append(action)
            streets[-1].pot = pot
            continue
        if kind in ("UncalledBetReturned", "ExcessReturned"):
            pot -= event["amount"]
            if streets:
                streets[-1].pot = pot
        elif kind == "Show" or (kind == "Muck" and event.get("cards")):
            shown[seat] = list(event["cards"])
        elif kind == "PotAwarded":
            results[seat] = results.get(seat, 0) + event["amount"]
    if streets and dealt_this_street:
        close_deal()
    # The community card apart from the hands shown, as on the street (a room hand's
    # show holds it, a site's record writes it once); named with each (R7.4).
    board: list[str | None] = [] if community is None else [community]
    apart = {seat: [c for c in cards if c != community] for seat, cards in shown.items()}
    return {
        "source": hand.source,
        "number": hand.number,
        "game": hand.game,
        "played_at": hand.played_at,
        "small_bet": hand.small_bet,
        "big_bet": hand.big_bet,
        "currency": hand.currency,
        "money_unit": hand.scale,
        "seats": [{"seat": s, "name": n, "stack": c} for s, n, c in hand.seats],
        "viewer": viewer,
        "streets": [
            {
                "name": street.name,
                "cards": {str(s): c for s, c in street.cards.items()},
                "dead": street.dead,
                "actions": street.actions,
                "pot": street.pot,
                "equity": None
                if street.equity is None
                else {str(s): e for s, e in street.equity.items()},
                "ci95": None
                if street.ci95 is None
                else {str(s): list(c) for s, c in street.ci95.items()},
                "exact": street.exact,
                "samples": street.samples,
                "names": {str(s): n for s, n in street.names.items()},
                "community": street.community,
            }
            for street in streets
        ],
        "shown": {str(s): c for s, c in apart.items()},
        "shown_names": {
            str(s): n
            for s, n in _names(hand.game, {s: c + board for s, c in apart.items()}).items()
        },
        "collected": {str(s): amount for s, amount in results.items()},
    }


def _names(game: str, cards: dict[int, list[str | None]]) -> dict[int, dict[str, str]]:
    """What each seat's visible cards make, named in every language (none for a seat
    whose cards are all hidden)."""
    named: dict[int, dict[str, str]] = {}
    for seat, held in cards.items():
        names = best_hand_names(game, [None if c is None else Card.parse(c) for c in held])
        if names is not None:
            named[seat] = dict(names)
    return named


def _known(cards: list[str | None]) -> str:
    return " ".join("??" if card is None else card for card in cards)


def imported_replay(source: str, text: str) -> dict[str, Any]:
    """An imported hand's replay, from its source and its record's text: every card
    the record holds shown, the equity as its own player knew the cards."""
    if source == "PHH":
        hand = from_phh_text(text, number="?")
    else:
        (record,) = read_history(text)
        if isinstance(record, Exception):  # stored because it was read: cannot happen
            raise ValueError(str(record))
        hand = from_record(record, text)
    return replay_view(hand, viewer=hand.hero, every_card=True)
