"""What each player did in a hand, as counts the statistics add up (docs/study.md).

:func:`facts_of` reads a :class:`~studpoker.study.hands.StudyHand`'s events once and
gives each seat a row of small counts, named by :data:`FACTS`: a *chance* (the player
was in the spot) and what they did with it.  A statistic is a sum of one over the sum of
its chance (``steal / steal_chance``), so each shows its sample size.

Stud's spots are judged by the cards, not by seats: a **steal** is a completion on the
first street by a player whom nobody has called or completed before, when *every up card
yet to act behind* (the bring-in's among them) is worse than theirs for the game — lower
in the high games (an ace high), higher in Razz (an ace low).  A completion into a
higher card behind is a completion, not a steal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studpoker.store import STUDY_FACTS as FACTS
from studpoker.study.hands import StudyHand, full_completion, nets

__all__ = ["FACTS", "PlayerFacts", "facts_of", "worse"]

# FACTS (the columns of the store's study_players) say what each count is.
_INDEX = {name: i for i, name in enumerate(FACTS)}

_HIGH = "23456789TJQKA"
_LOW = "KQJT98765432A"  # Razz: the worst first


def worse(game: str, card: str, than: str) -> bool:
    """Whether up card ``card`` is worse than ``than`` when judging a steal: by rank,
    an ace high, in the high games; an ace low in Razz.  A tie is not worse."""
    order = _LOW if game == "razz" else _HIGH
    return order.index(card[0]) < order.index(than[0])


@dataclass(slots=True)
class PlayerFacts:
    """One seat's facts in one hand: counts by :data:`FACTS`, and its net."""

    seat: int
    name: str
    counts: list[int]
    net: int
    net_bb: float  # the net in big bets (Show Hand: in minimum bets)

    def __getitem__(self, name: str) -> int:
        return self.counts[_INDEX[name]]


_DECISIONS = frozenset({"Complete", "Bet", "Raise", "Call", "Check", "Fold", "Showhand"})
_VOLUNTARY = frozenset({"Complete", "Bet", "Raise", "Call", "Showhand"})
_EIGHT_OR_BETTER = frozenset("A2345678")


def facts_of(hand: StudyHand) -> list[PlayerFacts]:
    """Every seat's facts in ``hand``, in seat order."""
    game = hand.game
    index = _INDEX
    rows = {seat: [0] * len(FACTS) for seat, _, _ in hand.seats}
    ups: dict[int, list[str]] = {seat: [] for seat in rows}
    known: dict[int, list[str]] = {seat: [] for seat in rows}
    folded: set[int] = set()
    street = -1
    level = 0
    street_in: dict[int, int] = {}
    # The first street's story.
    bring_in: int | None = None
    brought = 0
    completed = False
    anyone_in = False
    acted_first: set[int] = set()
    stealer: int | None = None
    steal_open = False
    bi_answered = False
    pushed: set[int] = set()  # Show Hand: who pushed on this street
    awarded: dict[int, int] = {}
    shown: dict[int, list[str | None]] = {}

    def fact(seat: int, name: str, value: int = 1) -> None:
        rows[seat][index[name]] = value

    for event in hand.events:
        kind = event["type"]
        if kind == "StreetStarted":
            street = event["index"]
            level = 0
            street_in = {}
            pushed = set()
            if 1 <= street <= 4:
                for live in rows:
                    if live not in folded:
                        fact(live, f"saw_{street}")
            continue
        if event.get("seat") not in rows:
            continue
        seat = event["seat"]
        if kind == "CardDealt":
            card = event["card"]
            if card is not None:
                known[seat].append(card)
                if event["up"]:
                    ups[seat].append(card)
            continue
        if kind == "BringIn":
            bring_in, brought = seat, event["amount"]
            fact(seat, "bring_in")
            street_in[seat] = event["amount"]
            level = max(level, event["amount"])
            continue
        if kind == "PotAwarded":
            awarded[seat] = awarded.get(seat, 0) + event["amount"]
            continue
        if kind == "Show":
            shown[seat] = event["cards"]
            continue
        if kind not in _DECISIONS:
            continue
        facing = level > street_in.get(seat, 0)
        if street == 0:
            if kind in _VOLUNTARY:
                fact(seat, "vpip")
            if bring_in is not None:  # a game with a bring-in
                if not completed:
                    fact(seat, "complete_chance")
                    if kind == "Complete":
                        fact(seat, "complete")
                    if not anyone_in and seat != bring_in and ups[seat]:
                        behind = [
                            s
                            for s in rows
                            if s not in folded and s != seat and (s not in acted_first)
                        ]
                        if all(ups[s] and worse(game, ups[s][0], ups[seat][0]) for s in behind):
                            fact(seat, "steal_chance")
                            if kind == "Complete":
                                fact(seat, "steal")
                                stealer, steal_open = seat, True
                else:
                    fact(seat, "raise3_chance")
                    if kind == "Raise":
                        fact(seat, "raise3")
                    if seat == bring_in and not bi_answered:
                        bi_answered = True
                        fact(seat, "bi_faced")
                        if kind == "Fold":
                            fact(seat, "bi_fold")
                        elif kind == "Call":
                            fact(seat, "bi_call")
                        elif kind == "Raise":
                            fact(seat, "bi_raise")
                    if steal_open and seat != stealer:
                        fact(seat, "steal_faced")
                        if kind == "Fold":
                            fact(seat, "steal_fold")
                        else:
                            steal_open = False  # played back: those after face two
                if kind in _VOLUNTARY:
                    anyone_in = True
                if kind in ("Complete", "Bet", "Raise") and full_completion(
                    event["to"], brought, hand.small_bet
                ):
                    completed = True  # not by one all in well short of it (R2.4)
                acted_first.add(seat)
        elif 1 <= street <= 4:
            if not facing:
                fact(seat, f"bet_chance_{street}")
                if kind in ("Bet", "Showhand"):
                    fact(seat, f"bet_{street}")
                if street == 1 and _open_pair(ups[seat]):
                    fact(seat, "pair4_chance")
                    if kind in ("Bet", "Showhand"):
                        fact(seat, "pair4_bet")
            else:
                fact(seat, f"raise_chance_{street}")
                if kind == "Raise" or (kind == "Showhand" and event["to"] > level):
                    fact(seat, f"raise_{street}")
            if kind in ("Bet", "Raise", "Showhand"):
                rows[seat][index["agg_br"]] += 1
            elif kind == "Call":
                rows[seat][index["agg_calls"]] += 1
            elif kind == "Fold":
                rows[seat][index["agg_folds"]] += 1
        if kind == "Showhand":
            fact(seat, "sh_made")
        elif pushed - {seat} and facing:
            fact(seat, "sh_faced")
            if kind == "Call":
                fact(seat, "sh_called")
        # The chips: the level of this street, and what this seat has in it.
        if kind in ("Complete", "Bet", "Raise"):
            street_in[seat] = event["to"]
            level = max(level, event["to"])
        elif kind == "Call":
            street_in[seat] = street_in.get(seat, 0) + event["amount"]
        elif kind == "Showhand":
            street_in[seat] = event["to"]
            level = max(level, event["to"])
            pushed.add(seat)
        elif kind == "Fold":
            folded.add(seat)
    last = [seat for seat in rows if seat not in folded]
    showdown = len(last) >= 2
    takers = {seat for seat, amount in awarded.items() if amount > 0}
    for seat in rows:
        if showdown and seat in last:
            fact(seat, "showdown")
            if seat in takers:
                fact(seat, "won_showdown")
            if game == "stud_hilo":
                fact(seat, "hilo_showdown")
                if takers == {seat}:
                    fact(seat, "scoop")
                elif seat in takers:
                    fact(seat, "half")
                cards = [c for c in shown.get(seat) or known[seat] if c is not None]
                if len({c[0] for c in cards if c[0] in _EIGHT_OR_BETTER}) >= 5:
                    fact(seat, "low_made")
        elif not showdown and seat in takers:
            fact(seat, "won_no_showdown")
    net = nets(hand)
    unit = hand.big_bet or 1
    names = hand.names
    return [
        PlayerFacts(seat, names[seat], rows[seat], net[seat], net[seat] / unit) for seat in rows
    ]


def _open_pair(ups: list[Any]) -> bool:
    ranks = [card[0] for card in ups]
    return len(set(ranks)) < len(ranks)
