"""The operator's REST API (issue 34): every tool over the real path — REST and the
sockets of a served room — refused with a clear error on bad input and leaving nothing
half done, the books (every seat against the database, the audit, the chips in the
room) read after every money step (tests/server/books.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import httpx
import pytest

from studpoker.store import Actor

from .books import book_differences
from .conftest import Client, Server, choose, in_threads, served, wait_for

TABLE = "chips-razz"  # buy-ins of 40.00 to 400.00 (4000 to 40000 chips)
DEPOSIT = 10_000  # 100.00
CONSOLE = Actor("console (test)")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def player(server: Server, name: str, deposit: int = DEPOSIT) -> tuple[str, int]:
    """A registered player with ``deposit`` on the balance: (token, account id)."""
    token = server.register(name)
    account = server.room.store.account(name)
    assert account is not None
    if deposit:
        server.room.store.deposit(account.id, deposit)
    return token, account.id


def operator(server: Server, name: str = "olga") -> str:
    token, account = player(server, name, 0)
    server.room.store.grant(account, "operator", by=CONSOLE)
    return token


def admin(server: Server, token: str, method: str, path: str, **body: Any) -> httpx.Response:
    return httpx.request(
        method, f"{server.url}/api/admin{path}", headers=bearer(token), json=body or None,
        timeout=30,
    )  # fmt: skip


def answered(client: Client, ref: str) -> dict[str, Any]:
    return client.until(lambda m: m.get("id") == ref and m.get("type") in ("ok", "error"))


def sit(client: Client, table: str = TABLE, buy_in: int = 4000) -> int:
    client.send(type="sit", table=table, buy_in=buy_in, id="sit")
    answer = answered(client, "sit")
    assert answer["type"] == "ok", answer
    return int(answer["seat"])


def play_until(client: Client, table: str, done: Any) -> None:
    """Answer every decision of this seat at ``table`` until ``done()``."""
    answered_seqs: set[int] = set()
    while not done():
        try:
            message = client.receive(timeout=0.2)
        except TimeoutError:
            continue
        if message.get("type") != "table" or message.get("table") != table:
            continue
        turn = message["state"]["turn"]
        if turn and turn["legal_actions"] and turn["seq"] not in answered_seqs:
            answered_seqs.add(turn["seq"])
            client.send(type="act", table=table, seq=turn["seq"],
                        action=choose(turn["legal_actions"]))  # fmt: skip


def hand_under_way(server: Server, table: str = TABLE) -> None:
    wait_for(lambda: server.room.tables[table].table.hand_in_progress, timeout=30)


def test_only_an_operator_reaches_the_admin_api():
    with served() as server:
        token, _ = player(server, "ann")
        nobody = httpx.get(f"{server.url}/api/admin/accounts")
        assert (nobody.status_code, nobody.json()["code"]) == (401, "login")
        refused = admin(server, token, "GET", "/accounts")
        assert refused.status_code == 403
        assert refused.json() == {
            "detail": "only the room's operators may do that",
            "code": "operator_only",
            "params": {"name": "ann"},
        }
        boss = operator(server)
        listed = admin(server, boss, "GET", "/accounts")
        assert listed.status_code == 200
        rows = {row["name"]: row for row in listed.json()}
        assert rows["ann"] | {"created_at": ""} == {
            "id": rows["ann"]["id"], "name": "ann", "balance": DEPOSIT, "at_tables": 0,
            "money_unit": 100, "role": "player", "guest": False, "bot": False,
            "created_at": "", "banned": False, "muted_until": None,
        }  # fmt: skip
        assert rows["olga"]["role"] == "operator"
        assert [row["name"] for row in admin(server, boss, "GET", "/accounts?q=AN").json()] == [
            "ann"
        ]


@pytest.mark.both_databases
def test_deposits_and_withdrawals_in_the_rooms_unit_never_touch_chips_at_a_table(database):
    """A withdrawal in the middle of a hand takes the balance only: never below 0, never
    a chip of the seat; each is one ledger entry with its reason, and one admin log line."""
    with served(database) as server:
        boss = operator(server)
        token, ann = player(server, "ann")
        client = server.client(token)
        sit(client)  # 40.00 of ann's 100.00 to the table
        bob_token, _ = player(server, "bob")
        sit(server.client(bob_token))
        hand_under_way(server)
        assert book_differences(server, 2 * DEPOSIT) == []
        too_much = admin(server, boss, "POST", f"/accounts/{ann}/withdraw", amount="60.01")
        assert too_much.status_code == 409
        assert too_much.json()["detail"] == (
            "ann has 60.00 on the balance and cannot have 60.01 withdrawn "
            "(chips at tables are never withdrawn)"
        )
        assert too_much.json()["code"] == "withdrawal_too_large"
        for wrong in ("0", "-5", "1.001", "ten", "1e3", ""):
            bad = admin(server, boss, "POST", f"/accounts/{ann}/withdraw", amount=wrong)
            assert bad.status_code in (400, 422), wrong
        assert book_differences(server, 2 * DEPOSIT) == []
        taken = admin(server, boss, "POST", f"/accounts/{ann}/withdraw", amount="60.00",
                      reason="cashed out by bank transfer")  # fmt: skip
        assert taken.status_code == 200
        assert (taken.json()["balance"], taken.json()["at_tables"]) == (0, 4000)
        assert book_differences(server, 2 * DEPOSIT - 6000) == []
        given = admin(server, boss, "POST", f"/accounts/{ann}/deposit", amount="1,234.56",
                      reason="prize of the club night")  # fmt: skip
        assert given.json()["balance"] == 123456
        assert book_differences(server, 2 * DEPOSIT - 6000 + 123456) == []
        ledger = [(e.kind.value, e.balance_change, e.note)
                  for e in server.room.store.ledger(ann) if e.balance_change]  # fmt: skip
        assert ledger == [
            ("deposit", DEPOSIT, ""),
            ("buy_in", -4000, ""),
            ("withdrawal", -6000, "cashed out by bank transfer"),
            ("deposit", 123456, "prize of the club night"),
        ]
        log = admin(server, boss, "GET", "/log").json()
        assert [(line["operator"], line["action"], line["target"], line["details"])
                for line in log[:2]] == [
            ("olga", "deposit", "ann", {"amount": 123456}),
            ("olga", "withdraw", "ann", {"amount": 6000}),
        ]  # fmt: skip


@pytest.mark.both_databases
def test_a_ban_logs_out_stands_the_seat_at_the_end_of_its_hand_and_pays_it_back(database):
    with served(database) as server:
        boss = operator(server)
        ann_token, ann = player(server, "ann")
        bob_token, _ = player(server, "bob")
        ann_socket, bob_socket = server.client(ann_token), server.client(bob_token)
        sit(ann_socket)
        sit(bob_socket)
        hand_under_way(server)
        banned = admin(server, boss, "POST", f"/accounts/{ann}/ban", reason="collusion")
        assert banned.status_code == 200
        assert banned.json()["banned"] is True
        told = ann_socket.until(lambda m: m.get("type") == "logged_out")
        assert (told["message"], told["reason"]) == ("the room has banned this account", "banned")
        gone = httpx.get(f"{server.url}/api/me", headers=bearer(ann_token))
        assert (gone.status_code, gone.json()["code"]) == (401, "login")
        login = httpx.post(f"{server.url}/api/sessions",
                           json={"name": "ann", "password": "password1"})  # fmt: skip
        assert (login.status_code, login.json()["code"]) == (403, "banned")
        assert book_differences(server, 2 * DEPOSIT) == []
        # bob plays the hand out; ann's clock folds her; then her seat is gone, paid back
        ann_seat = server.room.seat_of(ann, TABLE)
        (result,) = bob_socket.play(TABLE, 1, stand=False)
        wait_for(lambda: server.room.seat_of(ann, TABLE) is None, timeout=30)
        assert book_differences(server, 2 * DEPOSIT) == []
        assert (TABLE, ann) not in server.room.store.holdings(TABLE)
        left_with = 4000 + result["net"][str(ann_seat)]
        ledger = server.room.store.ledger(ann)
        kinds = [(e.kind.value, e.balance_change) for e in ledger if e.balance_change]
        assert kinds == [("deposit", DEPOSIT), ("buy_in", -4000), ("cash_out", left_with)]
        assert server.room.store.account(ann).balance == DEPOSIT - 4000 + left_with  # type: ignore[union-attr]
        unbanned = admin(server, boss, "DELETE", f"/accounts/{ann}/ban")
        assert unbanned.json()["banned"] is False
        again = httpx.post(f"{server.url}/api/sessions",
                           json={"name": "ann", "password": "password1"})  # fmt: skip
        assert again.status_code == 200


@pytest.mark.both_databases
def test_closing_a_table_in_the_middle_of_a_hand_pays_everyone_and_forgets_it(database):
    with served(database) as server:
        boss = operator(server)
        tokens = [player(server, name)[0] for name in ("ann", "bob")]
        sockets = [server.client(token) for token in tokens]
        for socket in sockets:
            sit(socket)
        hand_under_way(server)
        closing = admin(server, boss, "POST", f"/tables/{TABLE}/close", reason="club closes")
        assert closing.status_code == 200
        assert closing.json()["action"] == "close"
        said = sockets[0].until(lambda m: m.get("type") == "chat" and m["room"])
        assert said["text"] == "This table closes at the end of the hand: club closes."
        assert said["name"] == ""
        closed = lambda: TABLE not in server.room.tables  # noqa: E731
        in_threads(*(lambda s=s: play_until(s, TABLE, closed) for s in sockets))
        results = [m["result"] for m in sockets[0].received if "result" in m]
        assert len(results) == 1  # the hand under way was played out, no other dealt
        assert server.room.store.holdings(TABLE) == {}
        assert book_differences(server, 2 * DEPOSIT) == []
        assert TABLE not in {t.table_id for t in server.room.store.kept_tables()}
        assert TABLE not in {t["id"] for t in httpx.get(f"{server.url}/api/tables").json()}
        log = admin(server, boss, "GET", "/log").json()[0]
        assert (log["action"], log["table"], log["result"]) == (
            "close",
            TABLE,
            "closed; 2 people paid out",
        )
        assert server.room.store.running_hands() == []


def test_a_paused_table_ends_its_hand_deals_no_other_and_resumes():
    with served() as server:
        boss = operator(server)
        tokens = [player(server, name)[0] for name in ("ann", "bob")]
        sockets = [server.client(token) for token in tokens]
        for socket in sockets:
            sit(socket)
        hand_under_way(server)
        paused = admin(server, boss, "POST", f"/tables/{TABLE}/pause")
        assert paused.json()["result"] == "paused: no hand is dealt until resumed"
        table = server.room.tables[TABLE].table
        following = table.next_hand_number
        entry = next(t for t in httpx.get(f"{server.url}/api/tables").json() if t["id"] == TABLE)
        assert entry["paused"] is True
        in_threads(*(lambda s=s: s.play(TABLE, 1, stand=False) for s in sockets))
        wait_for(lambda: not table.hand_in_progress)
        ended = [m for m in sockets[0].received if m.get("change") == "hand_ended"]
        assert len(ended) == 1
        assert (table.next_hand_number, TABLE in server.room.store.paused_tables()) == (
            following,
            True,
        )
        resumed = admin(server, boss, "POST", f"/tables/{TABLE}/resume")
        assert resumed.json()["result"] == "resumed"
        wait_for(lambda: table.hand_number == following, timeout=30)
        assert server.room.store.paused_tables() == set()


def test_removing_a_seat_a_message_and_a_mute():
    with served() as server:
        boss = operator(server)
        ann_token, ann = player(server, "ann")
        ann_socket = server.client(ann_token)
        seat = sit(ann_socket, "practice-razz")
        said = admin(server, boss, "POST", "/tables/practice-razz/message", text="Welcome!")
        assert said.json()["result"] == "said"
        line = ann_socket.until(lambda m: m.get("type") == "chat")
        assert (line["name"], line["text"], line["room"]) == ("", "Welcome!", True)
        muted = admin(server, boss, "POST", f"/accounts/{ann}/mute", minutes=30, reason="rude")
        assert muted.status_code == 200
        ann_socket.send(type="chat", table="practice-razz", text="hello", id="chat")
        refused = answered(ann_socket, "chat")
        until = datetime.fromisoformat(muted.json()["muted_until"])
        assert refused["code"] == "muted"
        assert refused["message"] == f"the room has muted ann until {until:%Y-%m-%d %H:%M} UTC"
        assert refused["params"] == {"until": until.isoformat()}
        admin(server, boss, "DELETE", f"/accounts/{ann}/mute")
        ann_socket.send(type="chat", table="practice-razz", text="sorry", id="chat2")
        back = ann_socket.until(lambda m: m.get("type") == "chat" and not m["room"])
        assert (back["name"], back["text"]) == ("ann", "sorry")
        bot_seat = next(n for n, s in server.room.tables["practice-razz"].table.seats.items()
                        if s.occupant.is_bot)  # fmt: skip
        robot = admin(server, boss, "POST", f"/tables/practice-razz/seats/{bot_seat}/remove")
        assert robot.json()["result"].startswith("refused: a computer player comes and goes")
        removed = admin(server, boss, "POST", f"/tables/practice-razz/seats/{seat}/remove")
        assert removed.json()["result"].startswith(f"ann leaves seat {seat}")
        wait_for(lambda: server.room.seat_of(ann, "practice-razz") is None, timeout=30)
        nowhere = admin(server, boss, "POST", "/tables/nowhere/pause")
        assert (nowhere.status_code, nowhere.json()["code"]) == (404, "no_table")


def test_a_password_reset_link_works_once_and_a_rename_keeps_the_money():
    with served() as server:
        boss = operator(server)
        made = admin(server, boss, "POST", "/accounts", name="carol", reason="club member")
        assert made.status_code == 201
        link = made.json()
        assert link["link"] == f"/#reset={link['token']}"
        used = httpx.post(f"{server.url}/api/password-reset",
                          json={"token": link["token"], "password": "carol-secret"})  # fmt: skip
        assert used.status_code == 200
        assert used.json()["account"]["name"] == "carol"
        again = httpx.post(f"{server.url}/api/password-reset",
                           json={"token": link["token"], "password": "other-secret"})  # fmt: skip
        assert (again.status_code, again.json()["code"]) == (400, "reset_invalid")
        carol = link["account"]["id"]
        admin(server, boss, "POST", f"/accounts/{carol}/deposit", amount="5")
        renamed = admin(server, boss, "POST", f"/accounts/{carol}/name", name="Caroline")
        assert (renamed.json()["name"], renamed.json()["balance"]) == ("Caroline", 500)
        login = httpx.post(f"{server.url}/api/sessions",
                           json={"name": "Caroline", "password": "carol-secret"})  # fmt: skip
        assert login.status_code == 200
        taken = admin(server, boss, "POST", f"/accounts/{carol}/name", name="OLGA")
        assert (taken.status_code, taken.json()["code"]) == (409, "name_taken")


def test_free_chips_for_a_new_account_and_when_it_runs_low_limited_by_address():
    with served(app={"free_chips": 100_000}) as server:
        token = server.register("ann")
        me = httpx.get(f"{server.url}/api/me", headers=bearer(token)).json()
        assert (me["balance"], me["free_chips"]) == (100_000, None)
        early = httpx.post(f"{server.url}/api/me/chips", headers=bearer(token))
        assert (early.status_code, early.json()["code"]) == (409, "free_chips_balance")
        ann = server.room.store.account("ann")
        assert ann is not None
        server.room.store.withdraw(ann.id, 100_000, by=CONSOLE, reason="spent")
        me = httpx.get(f"{server.url}/api/me", headers=bearer(token)).json()
        assert me["free_chips"] == 100_000
        wait = httpx.post(f"{server.url}/api/me/chips", headers=bearer(token))
        assert (wait.status_code, wait.json()["code"]) == (429, "free_chips_wait")
        assert 4 * 3600 - 60 <= int(wait.headers["Retry-After"]) <= 4 * 3600
        # Two more accounts from this address get theirs; the fourth gets none (3 a day).
        for name in ("bob", "cat", "dan"):
            server.register(name)
        balances = [server.room.store.account(n).balance for n in ("bob", "cat", "dan")]  # type: ignore[union-attr]
        assert balances == [100_000, 100_000, 0]
        kinds = [e.kind.value for e in server.room.store.ledger(ann.id)]
        assert kinds == ["free_chips", "withdrawal"]
        assert server.room.store.audit() == []
