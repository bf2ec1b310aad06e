"""The snapshot: a table's whole state for one viewer as plain values, what a
player who reconnects gets back.  It never holds a card the viewer may not see
(DESIGN.md idea 2): checked after every event of many hands of every game."""

import asyncio
import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.engine import Muck, Show
from studpoker.games import GAMES, preset, seven_card_stud, show_hand
from studpoker.hands import LANGUAGES
from studpoker.hands.best import best_hand_names
from studpoker.table import TableConfig

from .players import Room, person, remote, robot, run, until

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def cards_in(value) -> set[str]:
    """Every card named anywhere in a plain value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def checker(table, viewers, found):
    """A listener that reads every viewer's snapshot after each event: what it holds of
    the cards the viewer may not see (judged from the engine's events: another seat's
    down cards until a Show, a Muck's only where mucked hands are shown) and which of
    the viewer's own down cards it lacks.  The test judges them after the hands: the
    table logs and swallows what a listener raises, an AssertionError too."""

    def check(update):
        if update.kind != "event":
            return
        hand, dealt = update.hand, table.dealt
        reveal_mucked = hand.spec.reveal_mucked
        revealed = {
            e.seat
            for e in hand.events
            if isinstance(e, Show) or (reveal_mucked and isinstance(e, Muck))
        }
        for viewer in viewers:
            snapshot = table.snapshot(viewer)
            json.dumps(snapshot)  # plain values only
            mine = dealt.index(viewer) if viewer in dealt else None
            hidden = {
                str(card)
                for seat, downs in enumerate(hand.down)
                if seat != mine and seat not in revealed
                for card in downs
            }
            own = set() if mine is None else {str(c) for c in hand.down[mine]}
            found.append((viewer, cards_in(snapshot) & hidden, own - cards_in(snapshot["hand"])))

    return check


def test_a_snapshot_never_shows_another_seats_down_card():
    found = []
    for game in GAMES:
        spec = preset(game)
        config = TableConfig(spec, "chips", clock=5.0, pause=0, seats=6)
        table = Room().table(config, seed=21)
        for n in range(5):
            table.sit(robot(spec, n), config.buy_in_max)
        # Seat 5 is empty: it sees what an onlooker sees.
        table.listeners.append(checker(table, [None, 0, 1, 2, 3, 4, 5], found))
        for _ in range(6):
            run(table.play_hand())
    assert len(found) > 5000
    assert [(viewer, leaked) for viewer, leaked, _ in found if leaked] == []
    assert [(viewer, missing) for viewer, _, missing in found if missing] == []


def test_a_snapshot_holds_the_seats_the_hand_and_the_decision_pending():
    room = Room()
    config = TableConfig(seven_card_stud(), "chips", clock=5.0, time_bank=30.0, pause=0, seats=4)
    table = room.table(config, seed=0)
    table.sit(person("Ann", 1), 10_000, seat=1)
    occupant, _player = remote("Bo", 2)
    table.sit(occupant, 8_000, seat=3)

    async def scenario():
        playing = asyncio.create_task(table.play_hand())
        await until(lambda: table.turn is not None)
        snapshot = table.snapshot(3)
        seen_by_ann = table.snapshot(1)
        onlooker = table.snapshot(None)
        table.submit(3, "fold", table.turn.seq)
        await playing
        return snapshot, seen_by_ann, onlooker

    snapshot, seen_by_ann, onlooker = run(scenario())
    json.dumps(snapshot)
    assert snapshot["seats"][0] is None
    assert snapshot["seats"][2] is None
    assert snapshot["seats"][3] == {
        "seat": 3,
        "name": "Bo",
        "account_id": 2,
        "is_bot": False,
        "chips": 8000 - 25,
        "in_hand": True,
        "sitting_out": False,
        "away": False,
        "connected": True,
        "leaving": False,
        "time_bank": 30.0,
        "auto_muck": True,  # "Auto-muck losing hands", on from sitting down (R5.3)
        "top_up": 0,
        "waiting": None,
    }
    assert snapshot["hand_number"] == 1
    assert snapshot["rollover"] == 0
    hand = snapshot["hand"]
    assert hand["actor"] == 3
    assert hand["street_name"] == "third"
    assert [p["seat"] for p in hand["players"]] == [1, 3]
    ann, bo = hand["players"]
    assert ann["down_cards"] == [None, None]
    assert None not in bo["down_cards"]
    # R4.5: Bo's own three cards are named for him in each language; Ann's, hidden, not.
    assert bo["best"] == best_hand_names(
        "seven_card_stud", " ".join(bo["down_cards"] + bo["up_cards"])
    )
    assert set(bo["best"]) == {"en", "zh-Hant", "zh-Hans"}
    assert ann["best"] is None
    assert [a["text"] for a in hand["legal_actions"]] == ["fold", "call 50", "complete to 200"]
    assert hand["events"][0] == {"type": "Ante", "seat": 1, "amount": 25}
    turn = snapshot["turn"]
    assert turn["seat"] == 3
    assert turn["seq"] == 2
    assert 34.0 < turn["remaining"] <= 35.0
    assert 4.0 < turn["clock"] <= 5.0
    assert [a["kind"] for a in turn["legal_actions"]] == ["fold", "call", "complete"]
    # Another seat sees the turn but not its choices, nor Bo's down cards.
    assert seen_by_ann["turn"]["legal_actions"] == []
    assert seen_by_ann["hand"]["players"][1]["down_cards"] == [None, None]
    assert onlooker["hand"]["players"][0]["down_cards"] == [None, None]
    assert [p["best"] for p in onlooker["hand"]["players"]] == [None, None]
    assert table.snapshot(3)["hand"] is None
    assert table.snapshot(3)["turn"] is None


def test_a_person_who_takes_a_computer_players_seat_never_sees_its_cards():
    """R7.1: a person who sits down during a hand takes a computer player's seat when
    the hand ends; until the next deal the table still holds the ended hand, and that
    seat's view must not show the cards the computer player held (nor its events)."""
    import asyncio
    import random

    from studpoker.bots import CallingStation
    from studpoker.games import razz
    from studpoker.table import Occupant, Table, TableConfig

    seen: list[dict] = []
    newcomer: dict[str, int] = {}

    table = Table("practice", TableConfig(razz(), "practice", pause=0), rng=random.Random(3))
    table.sit(Occupant("Ann", 1, CallingStation()), 0)

    def sit_during_the_hand(update) -> None:
        if update.kind == "hand_started" and "seat" not in newcomer:
            newcomer["seat"] = table.sit(Occupant("Bo", 2, CallingStation()), 0)
        seat = newcomer.get("seat")
        held = table.seats.get(seat) if seat is not None else None
        hand = table.current_hand
        if held is not None and held.occupant.name == "Bo" and hand is not None:
            # Bo holds the seat; the old hand is current.
            seen.append((table.snapshot(seat), hand, table.dealt))

    table.listeners.append(sit_during_the_hand)

    async def play() -> None:
        await table.play_hand()

    asyncio.run(play())
    seat = newcomer["seat"]
    assert seen, "Bo never held the seat while the ended hand was current"
    for state, hand, dealt in seen:
        mine = next(p for p in state["hand"]["players"] if p["seat"] == seat)
        # The computer player's cards may be seen only if the engine has it show them.
        sent = hand.events[: len(state["hand"]["events"])]
        engine = dealt.index(seat)
        if not any(isinstance(e, Show) and e.seat == engine for e in sent):
            assert mine["down_cards"] == [None] * len(mine["down_cards"])


# -- a stripped deck's hands named as the engine values them (R6.10) -----------------------

# Seat 1 leads every street with its kings, so the deck deals seat 0 the down card, then
# the second, sixth, eighth and tenth cards face up.
STRIPPED = {
    # deck and options: the deck's order, what seat 0's five cards are called
    (32, None): ("Ah Kd 7h Ks Kh 8c Kc 9c Jh Tc", "Straight, ten high"),  # A-7-8-9-T
    (28, None): ("Ah Kd 8h Ks Kh 9c Kc Tc Qh Jc", "High card, ace"),  # the ace bridges not
    (28, True): ("Ah Kd 8h Ks Kh 9c Kc Tc Qh Jc", "Straight, jack high"),  # A-8-9-T-J
    (52, None): ("Ah Kd 7h Ks Kh 8c Kc 9c Jh Tc", "High card, ace"),
}


def test_a_stripped_decks_hand_is_named_to_everyone_as_the_engine_plays_it() -> None:
    """R6.10: in a 32-card deck A-7-8-9-T is the lowest straight; a 28-card deck makes
    A-8-9-T-J one only with ``ace_bridges_gap``.  The name in the table's state (every
    viewer's) and in the seat's own message (the table's feed, which server/connections.py
    sends) is the engine's value's, in every language."""
    from studpoker.cards import parse_cards
    from studpoker.engine import Hand
    from studpoker.hands.show_hand import show_hand as show_hand_value
    from studpoker.table.feed import Feed
    from studpoker.table.snapshot import view_dict

    for (deck, bridges), (order, name) in STRIPPED.items():
        options = {} if deck == 52 else {"deck": deck, "ace_bridges_gap": bridges}
        spec = show_hand(**options)
        hand = Hand(spec, [1000, 1000], deck=parse_cards(order))
        hand.act("showhand")
        hand.act("call")
        while not hand.is_over:
            hand.act(hand.legal_actions()[0].kind)
        value = show_hand_value((*hand.down[0], *hand.up[0]), spec.ranking)
        assert value.name("en") == name, (deck, bridges)
        named = {lang: value.name(lang) for lang in ("en", "zh-Hant", "zh-Hans")}
        for viewer in (0, 1, None):
            players = view_dict(hand.view(viewer), [0, 1])["players"]
            assert players[0]["best"] == named, (deck, bridges, viewer)
        assert Feed(f"stripped-{deck}-{bridges}").own_cards(hand, 0)[1] == named


# -- every game's names are the engine's values (R4.5, R6.10; issue 35: one answer) --------

# Show Hand at each deck and stripped-deck option (R6.10), and every other game.
NAMED_GAMES = [
    ("show_hand", {"deck": 52}),
    ("show_hand", {"deck": 32}),
    ("show_hand", {"deck": 32, "flush_beats_full_house": False}),
    ("show_hand", {"deck": 28}),
    ("show_hand", {"deck": 28, "ace_bridges_gap": True}),
    ("seven_card_stud", {}),
    ("stud_hilo", {}),
    ("razz", {}),
    ("five_card_stud", {}),
]


@settings(max_examples=60, deadline=None)
@given(choice=st.sampled_from(NAMED_GAMES), players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_every_seat_is_named_the_hand_the_engine_plays(choice, players, seed) -> None:
    """The name each seat is shown at the end of a hand played to the showdown is the
    engine's showdown value's, in every language: Show Hand as its deck ranks hands
    (a 32-card A-7-8-9-T a straight; a 28-card A-8-9-T-J one only with
    ``ace_bridges_gap``), Stud/8 its high and its low."""
    import random

    from studpoker.engine import Hand
    from studpoker.engine.showdown import values_of
    from studpoker.table.snapshot import view_dict

    game, options = choice
    spec = show_hand(**options) if game == "show_hand" else preset(game)
    hand = Hand(spec, [10_000] * players, rng=random.Random(seed))
    while not hand.is_over:  # everybody calls, checks or bets the least: a showdown of all
        legal = {option.kind: option for option in hand.legal_actions()}
        kind = next((k for k in ("check", "call", "bring_in", "show") if k in legal), None)
        hand.act(kind or f"bet {legal['bet'].minimum}")
    for seat in range(players):
        values = values_of(hand, seat)
        assert values is not None
        made = [values.main] if values.low is None else [values.main, values.low]
        named = {lang: " · ".join(v.name(lang) for v in made) for lang in LANGUAGES}
        player = view_dict(hand.view(seat), list(range(players)))["players"][seat]
        assert player["best"] == named, (game, options, seat)
