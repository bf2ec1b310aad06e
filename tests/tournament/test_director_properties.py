"""The director's rules under any sequence of hands, busts, late entries and
re-entries (issue 17): Hypothesis drives a tournament with hands that end any way the
chips allow, and after every step the chips in play are the entries', every player
left has one seat, no table deals with two players more than another, and at the end
every entry is placed once and the prizes add up to the pool."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studpoker.tournament import Tournament, TournamentError, default_structure

STRUCTURE = default_structure("razz", "turbo")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    entrants=st.integers(2, 40),
    size=st.integers(2, 8),
    late=st.integers(0, 3),
    reentry=st.booleans(),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_any_sequence_of_hands_keeps_the_rules(
    entrants: int, size: int, late: int, reentry: bool, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    t = Tournament(STRUCTURE, table_size=size, late_levels=late, reentry=reentry,
                   rng=random.Random(seed))  # fmt: skip
    for i in range(entrants):
        t.register(f"p{i}")
    t.start(now=0.0)
    now = 0.0
    playing: set[int] = set()
    for _ in range(3000):
        if t.state != "running":
            break
        now += 7.0
        t.check()
        # Sometimes a late entry or a re-entry, while late registration lasts.
        if data.draw(st.integers(0, 9), label="late?") == 0:
            who = f"p{rng.randrange(entrants + 5)}"
            refused = None
            try:
                t.check_register(who)
            except TournamentError as error:
                refused = error.code
            if refused is None:
                t.register(who)
            assert refused in {None, "started", "registered", "busted", "full"}
        free = [n for n, table in t.tables.items() if not table.broken and n not in playing]
        if playing and (not free or rng.random() < 0.5):
            number = rng.choice(sorted(playing))
            table = t.tables[number]
            stacks = list(table.hand_stacks)
            total = sum(stacks) + table.carry
            # Any end the chips allow: some lose everything to one winner, the rest
            # move a little; nothing rolls over (a fixed-limit game).
            winner = rng.randrange(len(stacks))
            for seat in range(len(stacks)):
                if seat != winner and rng.random() < 0.3:
                    stacks[winner] += stacks[seat]
                    stacks[seat] = 0
            assert sum(stacks) == total
            t.hand_over(number, stacks, carry=0, now=now)
            playing.discard(number)
            continue
        if not free:
            continue
        number = rng.choice(free)
        deal = t.next_hand(number, now)
        if deal is None:
            continue
        table = t.tables[number]
        others = [x.count for x in t.running_tables if x is not table and not x.breaking]
        assert not others or table.count <= min(others) + 1
        assert len(deal.players) >= 2
        playing.add(number)
    assert t.state == "finished"  # 3000 steps end any of these tournaments
    places = t.places(pool=len(t.entries) * 100)
    assert sorted(p.player for p in places) == sorted(t.entries)
    assert sum(p.prize for p in places) == len(t.entries) * 100
    assert t.chips == len(t.entries) * STRUCTURE.starting_chips
