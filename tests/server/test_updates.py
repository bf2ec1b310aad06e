"""A table message sends what changed (a JSON Patch of the last state sent to the client),
and a client that applies the patches rebuilds exactly the state the table would show
its seat at that moment: checked at every message of many hands, for an onlooker and for
every seat, in every game; and the patch itself, for any two JSON values."""

from __future__ import annotations

import asyncio
import json
import random
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studpoker.games import GAMES, preset
from studpoker.server.connections import Client, Hub
from studpoker.server.patch import PatchError, apply_patch, diff
from studpoker.table import Occupant, RemotePlayer, Table, TableConfig

from .conftest import without_clock

SEATS = 5


def pick(legal: Any, rng: random.Random) -> str:
    """Any legal action but a fold or a showhand (so that hands go on and nobody busts),
    at an amount the rules allow."""
    options = [o for o in legal if o.kind.value not in ("fold", "showhand")] or list(legal)
    option = rng.choice(options)
    kind = option.kind.value
    if kind in ("bet", "raise", "complete"):
        amounts = option.choices or [option.minimum, min(2 * option.minimum, option.maximum)]
        return f"{kind} {rng.choice(list(amounts))}"
    return kind


def compact(value: Any) -> str:
    """JSON as the socket sends it."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def update_stream(
    game: str, between: dict[int, Any] | None = None
) -> dict[Any, list[tuple[dict[str, Any], dict[str, Any]]]]:
    """Five remote seats (account n at seat n) play hands of ``game`` with a Hub
    telling two onlookers and the five accounts; ``between``: what is done after hand
    n (given the table and the accounts' seats, which it may change).  Each client's
    messages as the wire had them, beside what the table showed its viewer then."""
    spec = preset(game)
    config = TableConfig(spec, "chips", pause=0)
    table = Table("t", config, rng=random.Random(11))
    for seat in range(SEATS):
        table.sit(Occupant(f"p{seat}", seat, RemotePlayer()), config.buy_in_max, seat=seat)
    choices = random.Random(5)
    seats = {account: account for account in range(SEATS)}  # account n plays seat n
    held = SimpleNamespace(table=table, chat=[])
    room = SimpleNamespace(
        tables={"t": held},
        table=lambda table_id: held,
        listeners=[],
        chat_listeners=[],
        seat_of=lambda account, table_id: seats.get(account),
    )
    # What each client was sent, beside what the table showed its seat at that moment.
    sent: dict[Any, list[tuple[dict[str, Any], dict[str, Any]]]] = {}

    def recording(client: Client, account: int | None, key: Any) -> Client:
        kept = sent.setdefault(key, [])

        def send(message: Any) -> None:
            # Through JSON, as the socket sends it: nothing the client keeps is shared.
            wire = json.loads(json.dumps(message))
            viewer = None if account is None else seats.get(account)
            kept.append((wire, table.snapshot(viewer, events=False)))

        client.send = send  # type: ignore[method-assign]
        return client

    # Two onlookers: they share one state and one patch a message.
    clients = [recording(Client(None), None, None), recording(Client(None), None, "onlooker 2")]
    clients += [recording(Client(SimpleNamespace(id=s)), s, s) for s in range(SEATS)]  # type: ignore[arg-type]

    async def play() -> None:
        hub = Hub(room)  # type: ignore[arg-type]
        table.listeners.append(hub.table_changed)
        for client in clients:
            hub.watch(client, "t")
        loop = asyncio.get_running_loop()
        for number in range(1, 1 + (12 if game == "show_hand" else 4)):  # Show Hand's are short
            hand = asyncio.create_task(table.play_hand())
            deadline, last = loop.time() + 30, None
            while not hand.done():
                assert loop.time() < deadline, "the hand did not end"
                turn = table.turn
                if turn is None or turn.seq == last:
                    await asyncio.sleep(0.002)
                    continue
                last = turn.seq
                table.submit(turn.seat, pick(turn.legal_actions, choices), turn.seq)
            await hand
            if between and number in between:
                await between[number](table, seats)
                await asyncio.sleep(0.01)  # its flush
        await asyncio.sleep(0.1)  # the last flush

    asyncio.run(play())
    return sent


def rebuilt(client: Any, messages: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    """Each of a client's table messages, applied to the state before it, gives what
    the table showed the client's viewer then: the whole state first (the answer to
    watch), then patches."""
    table_messages = [(m, snap) for m, snap in messages if m["type"] == "table"]
    assert len(table_messages) > 30, (client, len(table_messages))
    first, *rest = table_messages
    assert sorted({"state", "patch"} & set(first[0])) == ["state"]  # the answer to watch
    state = first[0]["state"]
    assert without_clock(state) == without_clock(first[1])
    for message, snapshot in rest:
        assert "state" not in message, message["change"]
        state = apply_patch(state, message["patch"])
        assert (client, message["change"], without_clock(state)) == (
            client,
            message["change"],
            without_clock(snapshot),
        )


@pytest.mark.parametrize("game", GAMES)
def test_the_update_stream_rebuilds_the_snapshot_at_every_step(game):
    for client, messages in update_stream(game).items():
        rebuilt(client, messages)
        rest = [(m, snap) for m, snap in messages if m["type"] == "table"][1:]
        patched = [len(compact(m["patch"])) for m, _ in rest]
        whole = [len(compact(snap)) for _, snap in rest]
        # What changed is a small part of the state: a bet is about 11 operations, 500
        # bytes of a 2,400-byte state (measured: 24% of the states' bytes for an
        # onlooker, 28% for a seat, whose turns bring its legal actions); under 40%.
        assert sum(patched) * 5 < sum(whole) * 2, (client, sum(patched), sum(whole))


@pytest.mark.parametrize("game", ["seven_card_stud", "show_hand"])
def test_a_player_who_stands_or_sits_out_between_hands_keeps_none_of_its_cards(game):
    """Seen in a served room (test_leaks.py): a player who stood up between hands was
    sent the onlookers' patch of the next deal, which left its last hand's down cards
    in its state, under the seat of whoever the next hand put at its place in the
    list of players.  Standing, sitting out and coming back, each client's patched
    state is what the table shows its viewer, at every message."""

    async def stands(table: Table, seats: dict[int, int]) -> None:
        await table.stand(0)
        del seats[0]

    out: list[int] = []  # the seat that sat out: the first one playing after hand 2

    async def sits_out(table: Table, seats: dict[int, int]) -> None:
        out.append(next(n for n, s in table.seats.items() if n and not s.sitting_out))
        table.sit_out(out[0])

    async def sits_in(table: Table, seats: dict[int, int]) -> None:
        table.sit_in(out[0])

    sent = update_stream(game, {1: stands, 2: sits_out, 3: sits_in})
    assert sent[0][-1][1]["viewer"] is None  # the account stood: an onlooker now
    for client, messages in sent.items():
        rebuilt(client, messages)


def json_values(leaves: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(["a", "b", "a/b", "~", "0"]), inner, max_size=4)
        ),
        max_leaves=12,
    )


TEXT = st.none() | st.sampled_from(["", "a", "~1", "/"])
# Flags or numbers, not both: where the state holds a flag it never holds a number (the
# schema types each field), and a diff tells ``true`` from ``1`` only where a value
# changed (Python's ``==``, which skips equal parts fast, has ``True == 1``).
JSON = st.one_of(
    st.tuples(json_values(TEXT | st.booleans()), json_values(TEXT | st.booleans())),
    st.tuples(json_values(TEXT | st.integers(-5, 5)), json_values(TEXT | st.integers(-5, 5))),
)


@given(JSON)
def test_a_patch_turns_the_old_value_into_the_new_one(pair):
    old, new = pair

    def text(value: Any) -> str:  # JSON objects have no order; true is not 1
        return json.dumps(value, sort_keys=True)

    ops = diff(old, new)
    before = text(old)
    assert text(apply_patch(old, ops)) == text(new)
    assert text(old) == before  # applying copies: the old value is unchanged
    if text(old) == text(new):
        assert ops == []


def test_a_patch_names_only_what_changed():
    old = {"hand": {"players": [{"stack": 100, "bet": 0}, {"stack": 90, "bet": 10}]}, "x": 1}
    new = {"hand": {"players": [{"stack": 80, "bet": 20}, {"stack": 90, "bet": 10}]}, "y": 2}
    assert diff(old, new) == [
        {"op": "replace", "path": "/hand/players/0/stack", "value": 80},
        {"op": "replace", "path": "/hand/players/0/bet", "value": 20},
        {"op": "add", "path": "/y", "value": 2},
        {"op": "remove", "path": "/x"},
    ]
    assert diff([1, 2, 3], [1, 5]) == [
        {"op": "replace", "path": "/1", "value": 5},
        {"op": "remove", "path": "/2"},
    ]
    assert diff([1], [1, 2, 3]) == [
        {"op": "add", "path": "/-", "value": 2},
        {"op": "add", "path": "/-", "value": 3},
    ]
    assert diff({"a/b": 1, "~": 1}, {"a/b": 2, "~": 2}) == [
        {"op": "replace", "path": "/a~1b", "value": 2},
        {"op": "replace", "path": "/~0", "value": 2},
    ]
    assert diff({"a": 1}, {"a": True}) == []  # equal to Python: see JSON below
    assert diff(1, True) == [{"op": "replace", "path": "", "value": True}]


@pytest.mark.parametrize(
    ("op", "message"),
    [
        ({"op": "move", "path": "/a", "from": "/b"}, "not an operation this patch writes"),
        ({"op": "replace", "path": "a"}, "a path starts with '/'"),
        ({"op": "replace", "path": "/zz", "value": 1}, "no 'zz' at '/zz'"),
        ({"op": "remove", "path": "/list/3"}, "index 3 is past the end"),
        ({"op": "replace", "path": "/list/01", "value": 1}, "'01' is not an index"),
        ({"op": "add", "path": "/a/b", "value": 1}, "'/a/b' goes through a int"),
        ({"op": "remove", "path": ""}, "the whole document cannot be removed"),
    ],
)
def test_an_operation_that_does_not_apply_is_refused_and_changes_nothing(op, message):
    document = {"a": 1, "list": [1, 2, 3]}
    with pytest.raises(PatchError, match=message.replace("(", r"\(")):
        apply_patch(document, [op])
    assert document == {"a": 1, "list": [1, 2, 3]}
