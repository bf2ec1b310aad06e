"""A server that stops (Ctrl-C, SIGTERM, a deploy) voids the hand being played (DESIGN.md
idea 4) and tells its players so on their sockets before it closes them: a
``hand_cancelled`` message with no hand in its state and the dealer's line in the
player's language, every bet back on the account."""

from __future__ import annotations

import pytest

from .conftest import read_to_the_close, served


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Hand #1 is void: the room stopped, and every bet goes back"),
        ("zh-Hant", "第 1 局作廢：牌室已停止，所有注碼退回"),
        ("zh-Hans", "第 1 局作废：牌室已停止，所有注码退回"),
    ],
)
def test_a_hand_cut_short_by_the_server_stopping_is_told_to_its_players(lang, line):
    with served(clock=30.0) as server:
        store = server.room.store
        player, other = (server.client(server.register(n), lang=lang) for n in ("ann", "bo"))
        for name in ("ann", "bo"):
            store.deposit(store.account(name).id, 10_000)
        start = store.account("ann").balance
        for seat, client in enumerate((player, other)):
            client.send(type="sit", table="chips-razz", seat=seat, buy_in=4000, id="sit")
        player.until(lambda m: m.get("change") == "turn")
        assert store.account("ann").balance == start - 4000  # at the table, the ante in
    read_to_the_close(player)
    cancelled = [m for m in player.received if m.get("change") == "hand_cancelled"]
    assert len(cancelled) == 1, [m.get("change") for m in player.received[-5:]]
    assert cancelled[0]["state"]["hand"] is None
    assert cancelled[0]["lines"] == [line]
    for name in ("ann", "bo"):
        assert store.account(name).balance == start  # the ante back, and the buy-in
