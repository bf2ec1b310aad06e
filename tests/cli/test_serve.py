"""``stud admin deposit`` / ``stud admin audit``: the operator's commands, and ``stud
serve``'s options."""

from __future__ import annotations

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
