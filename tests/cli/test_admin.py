"""``stud admin …``: the operator's tools at a console (issue 34) — amounts in the room's
unit, each action in the admin log, refused in one line with nothing changed, and the
actions at a table carried out by the running room."""

from __future__ import annotations

import json
import subprocess

import httpx
import pytest

from conftest import ServeProcess
from studpoker.cli import main
from studpoker.store import Store


@pytest.fixture
def url(tmp_path) -> str:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        store.migrate()
        store.create_account("ann", None)
    return url


def admin(capsys, url: str, *argv: str) -> tuple[int, str, str]:
    status = main(["admin", *argv, "--database", url])
    out, err = capsys.readouterr()
    return status, out, err


def test_money_goes_in_and_out_in_the_rooms_unit_through_the_ledger(url, capsys):
    assert admin(capsys, url, "deposit", "ann", "25", "--note", "welcome") == (
        0, "ann: deposited 25.00, balance 25.00\n", ""
    )  # fmt: skip
    assert admin(capsys, url, "deposit", "ann", "1,234.56")[1] == (
        "ann: deposited 1,234.56, balance 1,259.56\n"
    )
    assert admin(capsys, url, "withdraw", "ann", "1259.57", "--reason", "cash-out") == (
        2, "", "stud admin withdraw: ann has 1,259.56 on the balance and cannot have 1,259.57 "
        "withdrawn (chips at tables are never withdrawn)\n",
    )  # fmt: skip
    assert admin(capsys, url, "withdraw", "ann", "9.56", "--reason", "cash-out")[1] == (
        "ann: withdrew 9.56, balance 1,250.00\n"
    )
    for wrong in ("0", "-1", "0.001", "ten", "1e9", "1,00", "NaN", "0.00"):
        status, out, err = admin(capsys, url, "deposit", "ann", wrong)
        assert (status, out) == (2, ""), wrong
        assert err.startswith("stud admin deposit: an amount is a number above 0 with two "), err
    assert admin(capsys, url, "deposit", "nobody", "5") == (
        2, "", "stud admin deposit: no account 'nobody'\n"
    )  # fmt: skip
    with Store(url) as store:
        ann = store.account("ann")
        assert ann is not None
        assert [(e.kind.value, e.balance_change, e.note) for e in store.ledger(ann.id)] == [
            ("deposit", 2500, "welcome"),
            ("deposit", 123456, ""),
            ("withdrawal", -956, "cash-out"),
        ]
    assert admin(capsys, url, "audit") == (
        0,
        "0 differences; 1,250.00 in the room (125000 chips)\n",
        "",
    )
    log = admin(capsys, url, "log")[1].splitlines()
    assert [line[20:] for line in log] == [
        "console (root): withdraw ann 9.56 — cash-out",
        "console (root): deposit ann 1,234.56",
        "console (root): deposit ann 25.00 — welcome",
    ]


def test_accounts_are_made_found_granted_banned_muted_and_renamed(url, capsys):
    status, out, _ = admin(capsys, url, "create", "bob", "--reason", "club member")
    assert status == 0
    assert out.startswith("bob: created; its password is set at http://127.0.0.1:8000/#reset=")
    assert out.endswith(" (once, within a day)\n")
    assert admin(capsys, url, "grant", "bob", "operator")[1] == "bob: operator\n"
    assert admin(capsys, url, "ban", "ann", "--reason", "spam")[1] == (
        "ann: banned (a running room logs it out and stands its seats)\n"
    )
    assert admin(capsys, url, "mute", "bob", "--minutes", "30")[0] == 0
    assert admin(capsys, url, "rename", "bob", "Robert")[1] == "bob: now Robert\n"
    listed = admin(capsys, url, "accounts")[1].splitlines()
    assert listed[0] == "ann (banned): balance 0.00, at tables 0.00"
    assert listed[1].startswith("Robert (operator, muted until ")
    assert listed[2] == "2 accounts"
    found = json.loads(admin(capsys, url, "accounts", "ROB", "--json")[1])
    assert (found["name"], found["role"], found["banned"]) == ("Robert", "operator", False)
    assert admin(capsys, url, "create", "Dealer") == (
        2, "", "stud admin create: the name 'Dealer' is kept for the room itself (Dealer); choose "
        "another\n"
    )  # fmt: skip
    assert admin(capsys, url, "ban", "ann", "--reason", "again") == (
        2, "", "stud admin ban: ann is banned already\n"
    )  # fmt: skip


def test_an_action_at_a_table_needs_the_room_to_run(url, capsys):
    assert admin(capsys, url, "close", "practice-razz") == (
        2, "", "stud admin close: no room is running on this database: start it (stud serve) "
        "first\n",
    )  # fmt: skip
    with Store(url) as store:
        assert store.admin_log() == []


def test_the_running_room_carries_out_the_consoles_actions_at_its_tables(tmp_path, capsys):
    """A real ``stud serve`` and the console beside it: pause, a message, resume and
    close of a table, each said back by the room; the table closed is gone."""
    database = f"sqlite:///{tmp_path / 'room.db'}"
    with ServeProcess(["--database", database, "--seed", "1", "--bot-think", "0"],
                      tmp_path / "serve.log") as room:  # fmt: skip

        def console(*argv: str) -> subprocess.CompletedProcess[str]:
            """``stud admin …`` as the console runs it beside the room (this process is
            not the room's: the room's process is ServeProcess's)."""
            status = main(["admin", *argv, "--database", database])
            out, err = capsys.readouterr()
            return subprocess.CompletedProcess(argv, status, out, err)

        paused = console("pause", "chips-razz", "--reason", "a break")
        assert (paused.returncode, paused.stdout) == (
            0, "chips-razz: paused: no hand is dealt until resumed\n"
        )  # fmt: skip
        lobby = {t["id"]: t for t in httpx.get(f"{room.url}/api/tables").json()}
        assert lobby["chips-razz"]["paused"] is True
        said = console("message", "Tournament at nine!", "--table", "chips-razz")
        assert said.stdout == "chips-razz: said\n"
        assert console("resume", "chips-razz").stdout == "chips-razz: resumed\n"
        closed = console("close", "chips-stud_hilo", "--reason", "too few players")
        assert closed.stdout == "chips-stud_hilo: closed; 0 people paid out\n"
        lobby = {t["id"] for t in httpx.get(f"{room.url}/api/tables").json()}
        assert "chips-stud_hilo" not in lobby
        nowhere = console("pause", "nowhere")
        assert (nowhere.returncode, nowhere.stderr) == (
            2, "stud admin pause: no table 'nowhere' (stud admin online lists where people "
            "are)\n",
        )  # fmt: skip
        log = console("log").stdout.splitlines()
        assert [line.split(": ", 1)[1] for line in log[:2]] == [
            "close chips-stud_hilo — too few players → closed; 0 people paid out",
            "resume chips-razz → resumed",
        ]
        online = console("online")
        assert online.stdout == "0 online\n"
        assert room.stop() == 0
