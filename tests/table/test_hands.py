"""Hand after hand: seat numbers mapped to the engine's, hand numbers, the record
of recent hands, reproducible shuffles (R1.5), and chips that never appear or
vanish (DESIGN.md idea 4)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studpoker.engine import Ante, CardDealt
from studpoker.games import GAMES, preset, seven_card_stud
from studpoker.table import TableConfig, TableError
from studpoker.table.state import KEPT_HANDS, RECENT_HANDS

from .players import Room, person, robot, run, stacks


def chips_table(game: str, seed: int, room: Room | None = None, **options):
    spec = preset(game)
    config = TableConfig(spec, "chips", clock=5.0, time_bank=0.0, pause=0, **options)
    room = room or Room()
    return room.table(config, seed=seed), spec, config


def test_a_seeded_table_plays_every_game_and_keeps_every_chip():
    for game in GAMES:
        room = Room()
        table, spec, config = chips_table(game, seed=11, room=room)
        for n in range(6):
            table.sit(robot(spec, n), config.buy_in_max if n % 2 else config.buy_in_min)
        total = sum(stacks(table).values())
        for number in range(1, 26):
            done = run(table.play_hand())
            assert done.number == number
            # what the hand took from a rollover (R6.8), less what it left: its net
            assert sum(done.result.net) == done.carry_in - done.rollover
            assert sum(stacks(table).values()) + table.rollover == total
        assert len(room.hands) == 25


def test_a_ten_seat_five_card_stud_table_deals_fifty_cards_and_keeps_every_chip_r9_1():
    room = Room()
    table, spec, config = chips_table("five_card_stud", seed=7, room=room, seats=10)
    for n in range(10):
        table.sit(robot(spec, n), config.buy_in_min + 100 * n)
    total = sum(stacks(table).values())
    for number in range(12):
        done = run(table.play_hand())
        if number == 0:
            assert done.hand.player_count == 10
        streets = [e.street for e in done.hand.events if type(e).__name__ == "StreetStarted"]
        assert streets == ["second", "third", "fourth", "fifth"][: len(streets)]
        dealt = [e for e in done.hand.events if isinstance(e, CardDealt)]
        assert len(dealt) <= 50  # five cards for each of ten: no community card (R7.4)
        assert sum(done.result.net) == 0  # no rollover outside Show Hand (R6.8)
        assert sum(stacks(table).values()) == total
    assert len(room.hands) == 12


def test_the_same_seed_plays_the_same_hands():
    def play(seed):
        table, spec, config = chips_table("stud_hilo", seed)
        for n in range(4):
            table.sit(robot(spec, n), config.buy_in_min)
        return [[str(a) for _, a in run(table.play_hand()).hand.actions] for _ in range(5)]

    assert play(4) == play(4)
    assert play(4) != play(5)


def test_hands_are_numbered_from_first_hand_number():
    room = Room()
    config = TableConfig(seven_card_stud(), "chips", pause=0)
    table = room.table(config, first_hand_number=41)
    table.sit(person("Ann", 1), 4000)
    table.sit(person("Bo", 2), 4000)
    assert [run(table.play_hand()).number for _ in range(3)] == [41, 42, 43]
    assert table.next_hand_number == 44
    assert table.last_hand().number == 43
    assert table.hand(42) is room.hands[1]
    assert table.hand(40) is None


def test_table_seats_map_to_engine_seats_in_seat_order():
    table, _spec, _config = chips_table("razz", seed=2)
    for seat, name in ((6, "Gil"), (1, "Bo"), (4, "Eve")):
        table.sit(person(name, seat + 1), 5000, seat=seat)
    done = run(table.play_hand())
    assert done.seats == (1, 4, 6)
    assert done.names == ("Bo", "Eve", "Gil")
    assert done.account_ids == (2, 5, 7)
    assert done.engine_seat(6) == 2
    assert set(done.net) == {1, 4, 6}
    antes = [event.seat for event in done.hand.events if isinstance(event, Ante)]
    assert antes == [0, 1, 2]


def test_listeners_hear_every_event_in_order_and_the_hand_end():
    room = Room()
    table, spec, config = chips_table("seven_card_stud", seed=3, room=room)
    for n in range(3):
        table.sit(robot(spec, n), config.buy_in_min)
    done = run(table.play_hand())
    kinds = [update.kind for update in room.updates]
    assert kinds[:3] == ["seat"] * 3
    assert kinds[3] == "hand_started"
    assert kinds[-1] == "hand_ended"
    events = [update for update in room.updates if update.kind == "event"]
    assert [update.event for update in events] == done.hand.events
    assert [update.index for update in events] == list(range(len(done.hand.events)))
    started = room.updates[3]
    assert (started.hand_number, started.seats) == (1, (0, 1, 2))
    assert room.updates[-1].completed is done


def test_info_for_the_lobby():
    table, spec, config = chips_table("seven_card_stud", seed=3, name="Blue")
    for n in range(3):
        table.sit(robot(spec, n), config.buy_in_min)
    info = table.info()
    assert info == {
        "id": "t1",
        "name": "Blue",
        "game": "seven_card_stud",
        "mode": "chips",
        "stakes": {"ante": 25, "bring_in": 50, "small_bet": 200, "big_bet": 400},
        "money_unit": 100,  # cents: 2500 is written 25.00 (R1.4)
        "seated": 3,
        "humans": 3,
        "seats": 8,
        "average_pot": 0,
        "hands_per_hour": 0,
        "competition": False,
        "halted": None,
        "paused": False,
        "mix": None,
    }
    hands = [run(table.play_hand()) for _ in range(4)]
    info = table.info()
    assert info["average_pot"] == sum(done.pot for done in hands) // 4
    span = (hands[-1].ended - hands[0].ended).total_seconds()
    assert info["hands_per_hour"] == round(3 * 3600 / span)


def test_the_table_keeps_its_last_20_hands_whole_and_the_lobby_averages_its_last_100():
    """The last KEPT_HANDS hands are kept whole (GET .../hands/{n}, the last-hand view),
    each with its events alone once another follows it; the lobby's average pot and
    hands an hour are of the last RECENT_HANDS."""
    table, _spec, _config = chips_table("razz", seed=3)
    table.sit(person("Ann", 1), 40_000)
    table.sit(person("Bo", 2), 40_000)
    hands, told = [], []
    for _ in range(103):
        hands.append(run(table.play_hand()))
        told.append(list(hands[-1].hand.events_for(0)))  # what Ann's seat saw
    assert (KEPT_HANDS, RECENT_HANDS) == (20, 100)
    assert table.hand(83) is None
    assert table.hand(84) is hands[83]
    assert table.last_hand() is hands[102]
    assert table.info()["average_pot"] == sum(done.pot for done in hands[3:]) // 100
    span = (hands[102].ended - hands[3].ended).total_seconds()
    assert table.info()["hands_per_hour"] == round(99 * 3600 / span)
    # A kept hand, what its viewers saw forgotten, shows each seat what it showed it.
    assert hands[102].hand._filtered != {}  # the last: still what every seat is told of
    for number in range(84, 103):
        kept = hands[number - 1].hand
        assert kept._filtered == {}, number
        assert kept.events_for(0) == told[number - 1], number
    hiding = [
        n
        for n in range(84, 104)
        if any(e.card is None for e in told[n - 1] if isinstance(e, CardDealt))
    ]
    assert hiding  # Bo's down cards, in the hands he folded


def test_players_are_told_only_what_their_seat_may_see():
    table, spec, _config = chips_table("seven_card_stud", seed=8)
    told = {}

    class Listening(type(robot(spec, 0).player)):
        def observe(self, events):
            told.setdefault(self.seat, []).extend(events)

    for n in range(3):
        table.sit(person(f"p{n}", n + 1, Listening(random.Random(n))), 5000)
    done = run(table.play_hand())
    for seat in range(3):
        assert told[seat] == done.hand.events_for(seat)
        hidden = [e for e in told[seat] if isinstance(e, CardDealt) and e.card is None]
        assert all(e.seat != seat and not e.up for e in hidden)


# Between hands: 0 sit out, 1 sit in, 2 stand, 3 sit down, 4 top up, 5 nothing.
OPERATIONS = st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(1, 40_000)), max_size=12
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32), operations=OPERATIONS)
def test_chips_are_conserved_whatever_the_players_do_between_hands(game, seed, operations):
    """Stacks + rollover + chips cashed out == chips bought in, after every hand and
    every change; a refused change changes nothing."""
    room = Room()
    table, spec, config = chips_table(game, seed=seed, room=room)
    rng = random.Random(seed)
    bought = 0
    for n in range(4):
        chips = rng.randint(config.buy_in_min, config.buy_in_max)
        table.sit(robot(spec, n), chips)
        bought += chips
    arrivals = 10

    def held():
        return sum(s.chips + s.top_up for s in table.seats.values()) + table.rollover

    for operation, seat, amount in operations:
        before = (stacks(table), held(), len(room.left))
        try:
            if operation == 0:
                table.sit_out(seat)
            elif operation == 1:
                table.sit_in(seat)
            elif operation == 2:
                run(table.stand(seat))
            elif operation == 3:
                chips = min(max(amount, config.buy_in_min), config.buy_in_max)
                table.sit(robot(spec, arrivals), chips, seat=seat)
                arrivals += 1
                bought += chips
            elif operation == 4:
                table.top_up(seat, amount)
                bought += amount
        except TableError:
            assert (stacks(table), held(), len(room.left)) == before
        run(table.play_hand())
        assert held() + sum(chips for _, _, chips in room.left) == bought
