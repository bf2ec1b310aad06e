"""Every hand a table deals follows from its seeds (issue 38, docs/fairness.md): the
commitment to the server seed is told before the hand's client seeds are taken, the
deck is the one the server seed and the client seeds (in seat order) make, a client
seed changes it, a test seed says so, and every card a viewer is given comes with a
proof that checks — and no other card's."""

from __future__ import annotations

import asyncio
import random
import secrets

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studpoker.cards import Card
from studpoker.engine import ActionKind
from studpoker.fairness import CardProof, Deal, commitment, deck_order, verify_card
from studpoker.games import Rotation, preset, razz, seven_card_stud, show_hand
from studpoker.table import ManualClock, Table, TableConfig, TableError

from .players import answer_at_once, person, remote, run, until

GAMES = [
    ("seven_card_stud", {}),
    ("razz", {}),
    ("stud_hilo", {}),
    ("five_card_stud", {}),
    ("show_hand", {}),
    ("show_hand", {"deck": 32}),
    ("show_hand", {"deck": 28}),
]


def _table(spec, seed: int | None, seats: int = 4, **options) -> Table:
    config = TableConfig(spec, "chips", clock=5.0, pause=0, seats=seats, **options)
    rng = None if seed is None else random.Random(seed)
    return Table("blue", config, rng=rng)


def _proof(sent: dict) -> CardProof:
    return CardProof(
        sent["position"],
        Card.parse(sent["card"]),
        bytes.fromhex(sent["salt"]),
        tuple(bytes.fromhex(node) for node in sent["path"]),
        sent["size"],
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    sent=st.lists(st.binary(min_size=1, max_size=64), min_size=4, max_size=4),
    senders=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_every_hand_s_deck_follows_from_its_seeds(game, seed, players, sent, senders):
    name, options = game
    spec = preset(name, **options)
    table = _table(spec, seed, seats=4)
    for seat in range(players):
        table.sit(person(f"p{seat}", seat + 1), table.config.buy_in_max, seat=seat)
    announced = table.next_hand()
    assert announced is not None
    assert announced["hand_id"] == "blue/1"
    for seat in range(players):
        if senders[seat]:
            table.take_client_seed(seat, "blue/1", sent[seat].hex())
    assert table.snapshot()["fairness"] is None  # nothing dealt yet
    told = []
    table.listeners.append(
        lambda u: told.append(table.snapshot()) if u.kind == "hand_started" else None
    )
    done = run(table.play_hand())
    seeds = done.seeds
    assert seeds is not None
    # The hand's first message tells the seeds the deck follows from, before any card.
    fairness = told[0]["fairness"]
    assert fairness == seeds.as_dict()
    assert fairness["commitment"] == announced["commitment"]
    assert fairness["size"] == spec.deck
    assert fairness["test_seed"] is True
    client_seeds = []
    for seat, entry in enumerate(fairness["client_seeds"]):
        assert entry["seat"] == seat  # in seat order
        assert entry["chosen_by_room"] is not senders[seat]
        if senders[seat]:
            assert entry["seed"] == sent[seat].hex()
        client_seeds.append(bytes.fromhex(entry["seed"]))
    order = deck_order(seeds.server_seed, "blue/1", client_seeds, spec.deck)
    assert list(done.hand.deck_order) == order
    assert commitment(seeds.server_seed, "blue/1").hex() == fairness["commitment"]
    assert (
        Deal(seeds.server_seed, "blue/1", client_seeds, spec.deck).root.hex() == (fairness["root"])
    )
    # Every card an onlooker is given arrives with a proof that checks.
    onlooker = done.hand.events_for(None)
    proofs = seeds.proofs(onlooker)
    root = bytes.fromhex(fairness["root"])
    assert all(verify_card(root, _proof(p)) for p in proofs)
    # The next hand is announced as this one ends, its client seeds taken from then on.
    following = table.next_hand()
    assert following is not None
    assert following["hand_id"] == "blue/2"


def test_a_mixed_game_deals_each_of_its_games_from_seeds():
    rotation = Rotation.of("triple_stud", hands=1)
    config = TableConfig(seven_card_stud(), "chips", clock=5.0, pause=0, rotation=rotation)
    table = Table("mix", config, rng=random.Random(3))
    for seat in range(3):
        table.sit(person(f"p{seat}", seat + 1), 10_000, seat=seat)
    games = []
    for number in (1, 2, 3):
        done = run(table.play_hand())
        seeds = done.seeds
        games.append(done.hand.spec.game)
        seeds_of = [bytes.fromhex(c["seed"]) for c in seeds.as_dict()["client_seeds"]]
        assert list(done.hand.deck_order) == deck_order(
            seeds.server_seed, f"mix/{number}", seeds_of, 52
        )
    assert games == ["seven_card_stud", "razz", "stud_hilo"]


def test_the_commitment_is_told_before_the_client_seeds_are_taken():
    table = _table(razz(), 1)
    assert table.next_hand() is None  # nobody seated: no hand to announce
    with pytest.raises(TableError) as refused:
        table.take_client_seed(0, "blue/1", "00")
    assert refused.value.code == "seat_empty"
    table.sit(person("Ann", 1), 10_000, seat=0)
    announced = table.next_hand()
    assert announced == {
        "hand_id": "blue/1",
        "commitment": announced["commitment"],
        "test_seed": True,
    }
    table.sit(person("Bo", 2), 10_000, seat=1)
    assert table.next_hand() == announced  # drawn once: the commitment stays
    for said, seed, code in (
        ("blue/2", "00", "wrong_hand_id"),
        ("other/1", "00", "wrong_hand_id"),
        ("blue/1", "", "bad_client_seed"),
        ("blue/1", "abc", "bad_client_seed"),
        ("blue/1", "zz", "bad_client_seed"),
        ("blue/1", "ab cd", "bad_client_seed"),
        ("blue/1", "00" * 65, "bad_client_seed"),
    ):
        with pytest.raises(TableError) as refused:
            table.take_client_seed(0, said, seed)
        assert refused.value.code == code, (said, seed)
    assert table._seeds.pending.sent == {}  # every refusal changed nothing
    table.take_client_seed(0, "blue/1", "ff" * 64)
    hand_started = []
    table.listeners.append(lambda u: hand_started.append(u) if u.kind == "hand_started" else None)

    async def deal() -> None:
        playing = asyncio.create_task(table.play_hand())
        await until(lambda: table.current_hand is not None)
        # While the hand is played no hand takes client seeds: its seeds are fixed.
        assert table.next_hand() is None
        with pytest.raises(TableError) as late:
            table.take_client_seed(1, "blue/1", "00")
        assert (late.value.code, late.value.params) == ("wrong_hand_id", {"hand_id": None})
        await playing

    run(deal())
    assert len(hand_started) == 1
    fairness = table.last_hand().seeds.as_dict()
    assert fairness["commitment"] == announced["commitment"]
    assert fairness["client_seeds"][0] == {"seat": 0, "seed": "ff" * 64, "chosen_by_room": False}
    assert fairness["client_seeds"][1]["chosen_by_room"] is True


def test_a_client_seed_changes_the_deck():
    decks = []
    for sent in (None, "01", "02"):
        table = _table(seven_card_stud(), 5)
        table.sit(person("Ann", 1), 10_000, seat=0)
        table.sit(person("Bo", 2), 10_000, seat=1)
        if sent is not None:
            table.take_client_seed(1, "blue/1", sent)
        decks.append(tuple(run(table.play_hand()).hand.deck_order))
    assert len(set(decks)) == 3


@pytest.mark.parametrize(("pause", "wait"), [(2.0, 1.0), (0.5, 0.5), (0.0, 0.0)])
def test_the_first_hand_waits_for_the_seed_of_who_just_sat_down(pause, wait):
    """A table waiting for players deals its first hand the pause after the second sits
    down, but at most a second (SEED_WAIT), so that Bo's browser, told the hand's
    commitment when he sat, has its client seed taken; with no pause it deals at once."""
    config = TableConfig(razz(), "chips", clock=5.0, pause=pause, seats=4)
    table = Table("blue", config, rng=random.Random(3), clock=ManualClock())
    started = []
    table.listeners.append(lambda u: started.append(u) if u.kind == "hand_started" else None)

    async def play() -> None:
        stop = asyncio.Event()
        running = asyncio.create_task(table.run(stop))
        table.sit(person("Ann", 1), 10_000, seat=0)
        for _ in range(20):
            await asyncio.sleep(0)
        assert started == []  # one player: the table waits
        table.sit(person("Bo", 2), 10_000, seat=1)
        if pause:
            for _ in range(20):
                await asyncio.sleep(0)
            assert started == []  # the pause, before the first hand too
            table.take_client_seed(1, "blue/1", "b0b0")  # his browser's, as it comes
            table.clock.advance(wait - 0.01)
            for _ in range(20):
                await asyncio.sleep(0)
            assert started == []
            table.clock.advance(0.01)
        await until(lambda: started != [])
        stop.set()  # the hand being played is finished first
        await running

    run(play())
    assert started[0].hand_number == 1
    sent = table.hand(1).seeds.as_dict()["client_seeds"]
    assert [s["chosen_by_room"] for s in sent] == [True, not pause]
    if pause:
        assert sent[1]["seed"] == "b0b0"


def test_a_seed_left_by_a_player_who_stood_up_is_not_another_s():
    table = _table(razz(), 2)
    table.sit(person("Ann", 1), 10_000, seat=0)
    table.sit(person("Bo", 2), 10_000, seat=1)
    table.take_client_seed(1, "blue/1", "0102")
    run(table.stand(1))
    table.sit(person("Cy", 3), 10_000, seat=1)
    done = run(table.play_hand())
    assert done.seeds.as_dict()["client_seeds"][1]["chosen_by_room"] is True


def test_real_play_draws_from_the_os_and_a_test_seed_says_so():
    for rng, test_seed in (
        (None, False),
        (secrets.SystemRandom(), False),
        (random.Random(1), True),
    ):
        config = TableConfig(show_hand(), "chips", clock=5.0, pause=0)
        table = Table("t", config, rng=rng)
        table.sit(person("Ann", 1), config.buy_in_max, seat=0)
        table.sit(person("Bo", 2), config.buy_in_max, seat=1)
        assert table.next_hand()["test_seed"] is test_seed
        done = run(table.play_hand())
        assert done.seeds.as_dict()["test_seed"] is test_seed


def test_the_same_test_seed_deals_the_same_seeds():
    def hands(seed: int) -> list:
        table = _table(razz(), seed)
        table.sit(person("Ann", 1), 10_000, seat=0)
        table.sit(person("Bo", 2), 10_000, seat=1)
        return [run(table.play_hand()).seeds.journal() for _ in range(3)]

    assert hands(9) == hands(9) != hands(10)


def test_each_viewer_is_proven_exactly_the_cards_it_sees():
    table = _table(seven_card_stud(), 4)
    occupant, _ = remote("Ann", 1)
    table.sit(occupant, 10_000, seat=0)
    table.sit(person("Bo", 2), 10_000, seat=1)

    async def play() -> None:
        playing = asyncio.create_task(table.play_hand())
        await until(lambda: table.turn is not None)
        hand, seeds = table.current_hand, table.seeds
        root = seeds.deal.root
        for viewer in (None, 0, 1):
            seen = hand.events_for(viewer)
            proofs = table.proofs(seen)
            visible = {
                str(card)
                for seat in hand.view(viewer).seats
                for card in (*seat.down_cards, *seat.up_cards)
                if card is not None
            }
            assert {p["card"] for p in proofs} == visible
            assert all(verify_card(root, _proof(p)) for p in proofs)
            for p in proofs:
                assert str(seeds.order[p["position"]]) == p["card"]
        # A seat's own down cards are proven to it alone.
        mine = {str(c) for c in hand.down[0]}
        assert mine <= {p["card"] for p in table.proofs(hand.events_for(0))}
        assert not mine & {p["card"] for p in table.proofs(hand.events_for(None))}
        assert not mine & {p["card"] for p in table.proofs(hand.events_for(1))}
        answer_at_once(table, seat=0)
        turn = table.turn
        legal = {o.kind for o in turn.legal_actions}
        table.submit(0, "fold" if ActionKind.FOLD in legal else "bring_in", turn.seq)
        await asyncio.wait_for(playing, 5)

    run(play())
