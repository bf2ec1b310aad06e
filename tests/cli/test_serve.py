"""``stud admin deposit`` / ``stud admin audit``: the operator's commands, and ``stud
serve``'s options."""

from __future__ import annotations

import pytest

from studpoker.cli import main
from studpoker.store import Store


def test_deposit_puts_money_in_through_the_ledger(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        store.migrate()
        store.create_account("ann", None)
    assert main(["admin", "deposit", "ann", "2500", "--note", "welcome", "--database", url]) == 0
    assert capsys.readouterr().out == "ann: deposited 2500, balance 2500\n"
    assert main(["admin", "deposit", "ann", "500", "--database", url]) == 0
    assert capsys.readouterr().out == "ann: deposited 500, balance 3000\n"
    with Store(url) as store:
        ledger = store.ledger(store.account("ann").id)
        assert [(e.kind.value, e.balance_change, e.note) for e in ledger] == [
            ("deposit", 2500, "welcome"),
            ("deposit", 500, ""),
        ]
    assert main(["admin", "audit", "--database", url]) == 0
    assert capsys.readouterr().out == "0 differences; 3000 chips in the room\n"


def test_bad_deposits_change_nothing(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'room.db'}"
    with Store(url) as store:
        store.migrate()
        store.create_account("ann", None)
    assert main(["admin", "deposit", "nobody", "100", "--database", url]) == 2
    assert capsys.readouterr().err == "stud admin: no account 'nobody'\n"
    assert main(["admin", "deposit", "ann", "0", "--database", url]) == 2
    assert "stud admin: " in capsys.readouterr().err
    with Store(url) as store:
        assert store.account("ann").balance == 0
        assert store.ledger(store.account("ann").id) == []


def test_serve_takes_host_port_and_database(capsys):
    from studpoker.cli import _parser

    args = _parser().parse_args(["serve"])
    assert (args.host, args.port, args.database) == ("127.0.0.1", 8000, "sqlite:///stud.db")
    args = _parser().parse_args(
        ["serve", "--port", "9000", "--database", "postgresql://stud@localhost/room"]
    )
    assert (args.port, args.database) == (9000, "postgresql://stud@localhost/room")
    assert args.bot_think == 1.0  # computer players pause like people by default
    assert _parser().parse_args(["serve", "--bot-think", "0"]).bot_think == 0.0
    for wrong in ("-1", "nan", "inf", "soon"):
        with pytest.raises(SystemExit):
            _parser().parse_args(["serve", "--bot-think", wrong])
    assert f"argument --bot-think: a number of 0 or more, not '{wrong}'" in capsys.readouterr().err


def test_stud_serve_never_logs_a_session_token(tmp_path):
    """At --log-level info the access log and the WebSocket lines keep no query
    string, so even a client that puts its token in the URL leaves none in the log;
    the token itself travels in the subprotocol header (docs/security.md)."""
    import socket
    import subprocess
    import sys
    import time

    import httpx
    from websockets.sync.client import connect

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path / "serve.log"
    command = [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(port)]
    command += ["--database", f"sqlite:///{tmp_path / 'room.db'}", "--log-level", "info"]
    with log.open("wb") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/api/tables").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        answer = httpx.post(f"{url}/api/accounts", json={"name": "ann", "password": "password1"})
        token = answer.json()["token"]
        with connect(f"ws://127.0.0.1:{port}/ws?lang=en&token={token}") as careless:
            careless.recv(timeout=10)
        with connect(
            f"ws://127.0.0.1:{port}/ws?lang=en", subprotocols=["studpoker", f"bearer.{token}"]
        ) as careful:
            careful.recv(timeout=10)
        httpx.get(f"{url}/api/me?token={token}", headers={"Authorization": f"Bearer {token}"})
        time.sleep(0.5)
    finally:
        server.terminate()
        server.wait(timeout=30)
    text = log.read_text()
    assert '"WebSocket /ws" [accepted]' in text
    assert '"GET /api/me HTTP/1.1" 200' in text
    assert token not in text
