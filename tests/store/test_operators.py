"""The operator's side of the store (issue 34): each action one transaction with its
line in the admin log, refused with a clear error and nothing changed on bad input."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from studpoker.store import Actor, FreeChipsRefused, InsufficientFunds, NameTaken, Store, StoreError

OLGA = Actor("olga", None)
CONSOLE = Actor("console (test)")


def test_a_ban_ends_every_session_and_refuses_a_new_one(store: Store) -> None:
    ann = store.create_account("ann", "hash")
    token = store.create_session(ann.id)
    banned = store.ban(ann.id, by=CONSOLE, reason="collusion")
    assert banned.banned_at is not None
    assert store.session_account(token) is None
    with pytest.raises(StoreError, match=f"account {ann.id} is banned: no session is made"):
        store.create_session(ann.id)
    with pytest.raises(StoreError, match="ann is banned already"):
        store.ban(ann.id, by=CONSOLE, reason="again")
    assert store.unban(ann.id, by=CONSOLE).banned_at is None
    assert store.session_account(store.create_session(ann.id)) is not None
    log = store.admin_log()
    assert [(a.operator, a.action, a.target, a.reason) for a in log] == [
        ("console (test)", "unban", "ann", ""),
        ("console (test)", "ban", "ann", "collusion"),
    ]


def test_an_operator_cannot_ban_themselves_nor_make_a_guest_an_operator(store: Store) -> None:
    olga = store.create_account("olga", "hash")
    store.grant(olga.id, "operator", by=CONSOLE)
    with pytest.raises(StoreError, match="an operator cannot ban their own account"):
        store.ban(olga.id, by=Actor("olga", olga.id), reason="oops")
    guest = store.create_account("Guest 123456", None, guest=True)
    with pytest.raises(StoreError, match="only a person's account may be an operator"):
        store.grant(guest.id, "operator", by=CONSOLE)
    with pytest.raises(StoreError, match="a role is one of player, operator, not 'admin'"):
        store.grant(olga.id, "admin", by=CONSOLE)
    assert [a.action for a in store.admin_log()] == ["grant"]


def test_a_withdrawal_never_makes_a_balance_negative_nor_touches_a_table(store: Store) -> None:
    ann = store.create_account("ann", None)
    store.deposit(ann.id, 10_000)
    store.buy_in(ann.id, "chips-razz", 4_000)
    with pytest.raises(InsufficientFunds) as short:
        store.withdraw(ann.id, 6_001, by=CONSOLE, reason="cash-out")
    assert (short.value.balance, short.value.amount) == (6_000, 6_001)
    for wrong in (0, -5, 2.5, True):
        with pytest.raises(StoreError):
            store.withdraw(ann.id, wrong, by=CONSOLE, reason="")  # type: ignore[arg-type]
    assert store.withdraw(ann.id, 6_000, by=CONSOLE, reason="cash-out") == 0
    assert store.holdings() == {("chips-razz", ann.id): 4_000}
    assert store.audit() == []
    assert store.total_chips() == 4_000
    assert [(a.action, json.loads(a.details)) for a in store.admin_log()] == [
        ("withdraw", {"amount": 6_000})
    ]


def test_a_rename_keeps_the_names_rules_and_the_money(store: Store) -> None:
    ann = store.create_account("ann", None)
    store.create_account("Bob", None)
    store.deposit(ann.id, 500)
    assert store.rename(ann.id, "Annabel", by=CONSOLE).name == "Annabel"
    assert store.account("annabel").balance == 500  # type: ignore[union-attr]
    assert store.account("ann") is None
    for taken in ("BOB", "Вob"):  # its case, or its shape (a Cyrillic В)
        with pytest.raises(NameTaken):
            store.rename(ann.id, taken, by=CONSOLE)
    with pytest.raises(StoreError, match="a name is 1 to 24 characters"):
        store.rename(ann.id, "x" * 25, by=CONSOLE)
    assert store.account(ann.id).name == "Annabel"  # type: ignore[union-attr]
    (line,) = store.admin_log()
    assert (line.action, line.target, json.loads(line.details)) == (
        "rename",
        "ann",
        {"account": ann.id, "from": "ann", "to": "Annabel"},
    )


def test_a_password_reset_is_used_once_before_it_expires(store: Store, clock) -> None:
    ann = store.create_account("ann", "old-hash")
    session = store.create_session(ann.id)
    first = store.password_reset(ann.id, by=CONSOLE)
    second = store.password_reset(ann.id, by=CONSOLE)  # the first is void now
    with pytest.raises(StoreError, match="unknown, used or expired"):
        store.use_password_reset(first, "new-hash")
    assert store.use_password_reset(second, "new-hash").password_hash == "new-hash"
    assert store.session_account(session) is None  # every session ended
    with pytest.raises(StoreError, match="unknown, used or expired"):
        store.use_password_reset(second, "other-hash")
    late = store.password_reset(ann.id, by=CONSOLE)
    clock.advance(24 * 3600 + 1)
    with pytest.raises(StoreError, match="unknown, used or expired"):
        store.use_password_reset(late, "late-hash")
    assert store.account(ann.id).password_hash == "new-hash"  # type: ignore[union-attr]


def test_free_chips_once_every_few_hours_and_a_few_times_a_day_an_address(
    store: Store, clock
) -> None:
    every = timedelta(hours=4)
    names = [store.create_account(name, None).id for name in ("ann", "bob", "cat", "dan")]
    grant = {"address": "10.0.0.7", "every": every, "per_address": 3}
    elsewhere = {**grant, "address": "10.0.0.8"}
    for account in names[:3]:
        assert store.grant_free_chips(account, 1_000, below=None, **grant) == 1_000
    with pytest.raises(FreeChipsRefused) as per_address:
        store.grant_free_chips(names[3], 1_000, below=None, **grant)
    assert (per_address.value.code, per_address.value.params) == (
        "free_chips_address",
        {"maximum": 3},
    )
    with pytest.raises(FreeChipsRefused) as rich:
        store.grant_free_chips(names[0], 1_000, below=500, **elsewhere)
    assert rich.value.code == "free_chips_balance"
    store.withdraw(names[0], 1_000, by=CONSOLE, reason="spent")
    clock.advance(3600)
    with pytest.raises(FreeChipsRefused) as wait:
        store.grant_free_chips(names[0], 1_000, below=500, **elsewhere)
    assert (wait.value.code, wait.value.params) == ("free_chips_wait", {"retry_after": 3 * 3600})
    assert str(wait.value) == "free chips once every 4 hours: again in 3 h 00 min"
    clock.advance(3 * 3600)
    assert store.grant_free_chips(names[0], 1_000, below=500, **elsewhere) == 1_000
    clock.advance(24 * 3600)  # a day later the first address may have its three again
    assert store.grant_free_chips(names[3], 1_000, below=None, **grant) == 1_000
    assert store.audit() == []
    assert store.total_chips() == 4_000


def test_a_table_action_is_done_once_whichever_process_reads_it_first(store: Store) -> None:
    before = store.last_action()
    action = store.table_action("chips-razz", "pause", by=OLGA, reason="a break")
    assert [a.id for a in store.actions_after(before)] == [action.id]
    assert [a.id for a in store.waiting_actions()] == [action.id]
    assert store.finish_action(action.id, "paused") is True
    assert store.finish_action(action.id, "paused again") is False
    assert store.waiting_actions() == []
    done = store.admin_action(action.id)
    assert done is not None
    assert (done.result, done.done_at is not None) == ("paused", True)


def test_who_is_online_is_what_each_process_wrote_lately(store: Store, clock) -> None:
    started = clock()
    store.write_presence("a:1", started, json.dumps([{"name": "ann"}]))
    clock.advance(20)
    store.write_presence("b:2", started, json.dumps([{"name": "bob"}]))
    assert [p.owner for p in store.presence(within=30)] == ["a:1", "b:2"]
    clock.advance(15)  # a:1 not heard for 35 s: stopped or dead
    assert [p.owner for p in store.presence(within=30)] == ["b:2"]
    store.drop_presence("b:2")
    assert store.presence() == []
