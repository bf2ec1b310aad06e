"""``stud admin …``: the operator's tools at a console (docs/operating.md) — the same
operations as the REST API's ``/api/admin`` and the Admin page, on the room's database.

Each is one transaction with its line in the admin log, by ``console (USER)``.  What a
running room must then do (log out a banned player, close a table at the end of its
hand…) it reads from that log within a second; an action at a table needs the room to
run, and the command waits a few seconds for its result.  Amounts are in the room's
unit: ``stud admin deposit ann 25`` puts 25.00 (2,500 chips) on ann's balance.

The database comes from ``--database``, ``STUD_DATABASE`` (its password from
``STUD_DATABASE_PASSWORD``) or ``--config room.toml``, as for ``stud serve``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from studpoker.cli.backup import add_parsers as add_backup_parsers

__all__ = ["add_parser"]


def add_parser(commands: Any) -> None:
    admin: argparse.ArgumentParser = commands.add_parser(
        "admin",
        help="the operator's tools (accounts, money, tables, backups)",
        description="The operator's tools on the room's database (docs/operating.md). "
        "Amounts are in the room's unit (25 is 25.00).",
    )
    actions = admin.add_subparsers(dest="action", metavar="ACTION", required=True)

    def action(name: str, run: str, text: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = actions.add_parser(name, help=text, description=text)
        parser.add_argument("--database", help="the room's database (default: as stud serve)")
        parser.add_argument("--config", type=Path, help="a TOML file of stud serve's settings")
        parser.set_defaults(run=_on_the_database(run))
        return parser

    listed = action("accounts", "_accounts", "list accounts, or those whose name holds QUERY")
    listed.add_argument("query", nargs="?", default="")
    listed.add_argument("--limit", type=int, default=50)
    listed.add_argument("--json", action="store_true", help="one JSON object an account")

    create = action("create", "_create", "create an account; prints a link to set its password")
    create.add_argument("name")
    create.add_argument(
        "--password-stdin", action="store_true", help="read its password from standard input"
    )
    _reason(create)

    reset = action("reset-password", "_reset", "a one-time link that sets NAME's password")
    reset.add_argument("name")
    _url(reset)
    _reason(reset)

    grant = action("grant", "_grant", "give NAME a role: operator (the Admin page), or player")
    grant.add_argument("name")
    grant.add_argument("role", choices=("operator", "player"))
    _reason(grant)

    ban = action("ban", "_ban", "ban NAME: logged out, seats stood at the end of their hands")
    ban.add_argument("name")
    _reason(ban, required=True)
    unban = action("unban", "_unban", "let NAME log in again")
    unban.add_argument("name")
    _reason(unban)

    mute = action("mute", "_mute", "no chat from NAME for MINUTES")
    mute.add_argument("name")
    mute.add_argument("--minutes", type=int, default=60)
    _reason(mute)
    unmute = action("unmute", "_unmute", "let NAME chat again")
    unmute.add_argument("name")

    rename = action("rename", "_rename", "give NAME another name")
    rename.add_argument("name")
    rename.add_argument("new_name")
    _reason(rename)

    deposit = action("deposit", "_deposit", "put AMOUNT (the room's unit) on NAME's balance")
    deposit.add_argument("name")
    deposit.add_argument("amount", help="in the room's unit: 25 or 12.50")
    _reason(deposit, also="--note")
    withdraw = action(
        "withdraw", "_withdraw", "take AMOUNT off NAME's balance (never chips at a table)"
    )
    withdraw.add_argument("name")
    withdraw.add_argument("amount", help="in the room's unit: 25 or 12.50")
    _reason(withdraw, also="--note")

    for name, text in (
        ("close", "close TABLE at the end of its hand, everyone paid out"),
        ("pause", "deal no new hand at TABLE until resumed"),
        ("resume", "let TABLE deal again"),
    ):
        table = action(name, f"_table_{name}", text)
        table.add_argument("table")
        _reason(table)
    remove = action("remove-seat", "_remove_seat", "the person at SEAT of TABLE leaves, paid out")
    remove.add_argument("table")
    remove.add_argument("seat", type=int, help="the seat's number, from 1")
    _reason(remove)
    message = action("message", "_message", "say TEXT at TABLE (or --all tables), as the room")
    message.add_argument("text")
    where = message.add_mutually_exclusive_group(required=True)
    where.add_argument("--table")
    where.add_argument("--all", action="store_true")

    cancel = action("cancel-tournament", "_cancel", "cancel tournament ID (refunded, or chopped)")
    cancel.add_argument("tournament", type=int)
    _reason(cancel, required=True)

    action("online", "_online", "who is online in the running room, and where")
    action("audit", "_audit", "check every balance and holding against the ledger")
    log = action("log", "_log", "the admin log: who did what, when and why (newest first)")
    log.add_argument("--limit", type=int, default=30)
    add_backup_parsers(actions)


def _reason(parser: argparse.ArgumentParser, *, required: bool = False, also: str = "") -> None:
    names = ["--reason", also] if also else ["--reason"]
    parser.add_argument(*names, dest="reason", default="", required=required,
                        help="why (kept in the admin log and the ledger)")  # fmt: skip


def _url(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", help="the room's address, for the link (default from settings)")


def _on_the_database(name: str) -> Callable[[argparse.Namespace], int]:
    """Action ``name`` of cli/console.py, on the room's database: imported when run, so
    that ``stud`` starts at once (the room and the store are most of a second)."""

    def run(args: argparse.Namespace) -> int:
        from studpoker.cli import console

        return console.on_the_database(args, getattr(console, name))

    return run
