"""A player's statistics from the facts the store sums (docs/study.md): each a share
with the number of times it could happen (its sample), the results in big bets per 100
hands with a 95% interval, and the winnings graph."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from studpoker.store import Store, StoreError, StudyFilter
from studpoker.study.importer import study_row
from studpoker.study.room import room_hand

__all__ = ["Share", "Stats", "player_stats", "room_hands_studied", "winnings"]

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Share:
    """``count`` of ``sample``: a statistic and its sample size."""

    count: int
    sample: int

    @property
    def percent(self) -> float | None:
        return None if not self.sample else 100.0 * self.count / self.sample

    def __str__(self) -> str:
        percent = self.percent
        shown = "–" if percent is None else f"{percent:.1f}%"
        return f"{shown} ({self.count}/{self.sample})"


# Each statistic: its name, the fact counted, the fact that is its chance (or "hands").
SHARES: tuple[tuple[str, str, str], ...] = (
    ("VPIP", "vpip", "hands"),
    ("Third street complete", "complete", "complete_chance"),
    ("Third street raise", "raise3", "raise3_chance"),
    ("Bring-in folds to a completion", "bi_fold", "bi_faced"),
    ("Bring-in calls a completion", "bi_call", "bi_faced"),
    ("Bring-in raises a completion", "bi_raise", "bi_faced"),
    ("Steal attempt", "steal", "steal_chance"),
    ("Fold to a steal", "steal_fold", "steal_faced"),
    ("Fourth street bet with an open pair", "pair4_bet", "pair4_chance"),
    *(
        (f"{street} street {what}", f"{fact}_{index}", f"{fact}_chance_{index}")
        for index, street in enumerate(("Fourth", "Fifth", "Sixth", "Seventh"), 1)
        for what, fact in (("bet", "bet"), ("raise", "raise"))
    ),
    ("Went to showdown (of hands seeing fourth street)", "showdown", "saw_1"),
    ("Won money at showdown", "won_showdown", "showdown"),
    ("Won without showdown", "won_no_showdown", "hands"),
    ("Stud/8 scoop (of showdowns)", "scoop", "hilo_showdown"),
    ("Stud/8 half pot (of showdowns)", "half", "hilo_showdown"),
    ("Stud/8 low made (of showdowns)", "low_made", "hilo_showdown"),
    ("Show Hand showhand made", "sh_made", "sh_hands"),  # of Show Hand's hands only
    ("Show Hand showhand called", "sh_called", "sh_faced"),
)


@dataclass(slots=True)
class Stats:
    """A player's statistics over the hands a filter takes."""

    name: str
    hands: int
    net: int  # in the hands' unit (mixed stakes: read net_bb)
    bb_per_100: float | None
    interval: tuple[float, float] | None  # the 95% interval of bb_per_100
    aggression: float | None  # (bets + raises) / calls after the first street
    aggression_frequency: Share  # (bets + raises) of (bets, raises, calls, folds)
    shares: dict[str, Share] = field(default_factory=dict)

    def share(self, name: str) -> Share:
        return self.shares[name]

    def keyed(self) -> dict[str, tuple[str, Share]]:
        """Each statistic by the fact it counts (``steal``), with its label."""
        return {fact: (label, self.shares[label]) for label, fact, _ in SHARES}


def player_stats(store: Store, name: str, where: StudyFilter | None = None) -> Stats:
    """``name``'s statistics over the hands ``where`` takes (the room's, by default)."""
    sums = store.study_sums(name, where or StudyFilter())
    hands = int(sums["hands"])
    mean = sums["net_bb"] / hands if hands else 0.0
    bb100 = interval = None
    if hands:
        bb100 = 100.0 * mean
        if hands > 1:
            variance = max(0.0, (sums["net_bb2"] - hands * mean * mean) / (hands - 1))
            half = Z95 * 100.0 * math.sqrt(variance / hands)
            interval = (bb100 - half, bb100 + half)
    br, calls, folds = int(sums["agg_br"]), int(sums["agg_calls"]), int(sums["agg_folds"])
    return Stats(
        name=name,
        hands=hands,
        net=int(sums["net"]),
        bb_per_100=bb100,
        interval=interval,
        aggression=br / calls if calls else None,
        aggression_frequency=Share(br, br + calls + folds),
        shares={label: Share(int(sums[fact]), int(sums[chance])) for label, fact, chance in SHARES},
    )


@dataclass(frozen=True, slots=True)
class Winnings:
    """The winnings graph: after each hand, the total in big bets, and its parts won at
    showdowns and without (after every ``every``-th hand and the last, when thinned).

    >>> Winnings([1.0, 2.0, 3.0, 4.0, 5.0], [0.0] * 5, [1.0, 2.0, 3.0, 4.0, 5.0]).thinned(2)
    Winnings(total=[3.0, 5.0], showdown=[0.0, 0.0], no_showdown=[3.0, 5.0], every=3)
    """

    total: list[float]
    showdown: list[float]
    no_showdown: list[float]
    every: int = 1

    def thinned(self, most: int) -> Winnings:
        """The graph at about ``most`` points: after every n-th hand, and the last."""
        count = len(self.total)
        every = max(1, -(-count // most))
        picked = [*range(every - 1, count, every)]
        if count and picked[-1:] != [count - 1]:
            picked.append(count - 1)
        return Winnings(
            [self.total[i] for i in picked],
            [self.showdown[i] for i in picked],
            [self.no_showdown[i] for i in picked],
            every * self.every,
        )


def winnings(store: Store, name: str, where: StudyFilter | None = None) -> Winnings:
    total, shown, unshown = [], [], []
    t = s = u = 0.0
    for _, net_bb, showdown in store.study_series(name, where or StudyFilter()):
        t += net_bb
        if showdown:
            s += net_bb
        else:
            u += net_bb
        total.append(t)
        shown.append(s)
        unshown.append(u)
    return Winnings(total, shown, unshown)


def room_hands_studied(store: Store, *, batch: int = 1000) -> int:
    """The room's hands not yet studied turned into facts and stored (the room's hands
    are studied when a statistic is asked, not while they are played).  How many."""
    done = 0
    while True:
        ids = store.room_hands_to_study(batch)
        if not ids:
            return done
        rows = [study_row(room_hand(h), room_hand_id=h.id) for h in store.room_hands(ids)]
        try:
            store.add_study_hands(None, rows)
        except StoreError:  # another process studies them now
            return done
        done += len(ids)
