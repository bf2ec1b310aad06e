"""The actions of ``stud admin …`` (cli/admin.py names them), each on the room's
database: one transaction with its line in the admin log, by ``console (USER)``; an
action at a table waits a few seconds for the running room to carry it out."""

from __future__ import annotations

import argparse
import getpass
import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from studpoker.room.money import amount_text, parse_amount, withdrawal_refused
from studpoker.room.operator import outcome_of
from studpoker.store import (
    Account,
    AccountSummary,
    Actor,
    AdminAction,
    InsufficientFunds,
    Store,
    StoreError,
)

__all__ = ["action_words", "on_the_database"]

# Seconds a command waits for a running room to carry out an action at a table.
TABLE_WAIT = 10.0


# -- the database ------------------------------------------------------------------------


def on_the_database(
    args: argparse.Namespace, run: Callable[[argparse.Namespace, Store], int]
) -> int:
    """``run(args, store)`` on the room's database; a refusal in one line (exit 2)."""
    with _store(args) as store:
        try:
            return run(args, store)
        except StoreError as error:
            print(f"stud admin {args.action}: {error}", file=sys.stderr)
            return 2


@contextmanager
def _store(args: argparse.Namespace) -> Iterator[Store]:
    from studpoker.server.settings import settings_from

    flags = {"database": args.database} if args.database else {}
    settings = settings_from(flags, config=args.config)
    args.settings = settings
    store = Store(settings.database_url())
    try:
        store.migrate()
        yield store
    finally:
        store.close()


def _by() -> Actor:
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "unknown"
    return Actor(f"console ({user})")


def _account(store: Store, name: str) -> Account:
    account = store.account(name)
    if account is None:
        raise StoreError(f"no account {name!r}")
    return account


def _amount(text: str) -> int:
    try:
        return parse_amount(text)
    except ValueError as error:
        raise StoreError(str(error)) from None


def _line(row: AccountSummary) -> str:
    marks = [row.role] if row.role != "player" else []
    marks += ["guest"] * row.guest + ["computer"] * row.bot
    if row.banned_at is not None:
        marks.append("banned")
    if row.muted_until is not None and row.muted_until > datetime.now(UTC):
        marks.append(f"muted until {row.muted_until:%Y-%m-%d %H:%M}")
    said = f" ({', '.join(marks)})" if marks else ""
    return (f"{row.name}{said}: balance {amount_text(row.balance)}, "
            f"at tables {amount_text(row.at_tables)}")  # fmt: skip


# -- accounts ------------------------------------------------------------------------------


def _accounts(args: argparse.Namespace, store: Store) -> int:
    rows = store.accounts(args.query, limit=max(1, args.limit))
    for row in rows:
        if args.json:
            print(json.dumps({
                "id": row.id, "name": row.name, "balance": row.balance,
                "at_tables": row.at_tables, "role": row.role, "guest": row.guest,
                "bot": row.bot, "banned": row.banned_at is not None,
                "muted_until": None if row.muted_until is None else row.muted_until.isoformat(),
            }, ensure_ascii=False))  # fmt: skip
        else:
            print(_line(row))
    if not args.json:
        print(f"{len(rows)} account{'s' * (len(rows) != 1)}")
    return 0


def _create(args: argparse.Namespace, store: Store) -> int:
    from studpoker.room import RoomError
    from studpoker.room.names import player_name
    from studpoker.room.passwords import check_password_rules, hash_password

    try:
        name = player_name(args.name)
        password = sys.stdin.readline().rstrip("\n") if args.password_stdin else None
        if password is not None:
            check_password_rules(password)
    except RoomError as error:
        raise StoreError(str(error)) from None
    hashed = hash_password(password) if password is not None else None
    account = store.create_account(name, hashed)
    store.room_action("create", account.name, by=_by(), reason=args.reason,
                      details={"account": account.id})  # fmt: skip
    if password is not None:
        print(f"{account.name}: created")
        return 0
    token = store.password_reset(account.id, by=_by(), reason="its first password")
    print(
        f"{account.name}: created; its password is set at {_link(args, token)} (once, within a day)"
    )
    return 0


def _reset(args: argparse.Namespace, store: Store) -> int:
    account = _account(store, args.name)
    token = store.password_reset(account.id, by=_by(), reason=args.reason)
    print(f"{account.name}: a new password is set at {_link(args, token)} (once, within a day)")
    return 0


def _link(args: argparse.Namespace, token: str) -> str:
    base = getattr(args, "url", None)
    if not base:
        settings = args.settings
        host = "127.0.0.1" if settings.host in ("0.0.0.0", "::") else settings.host
        base = f"http://{host}:{settings.port}"
    return f"{base.rstrip('/')}/#reset={token}"


def _grant(args: argparse.Namespace, store: Store) -> int:
    account = store.grant(_account(store, args.name).id, args.role, by=_by(), reason=args.reason)
    print(f"{account.name}: {account.role}")
    return 0


def _ban(args: argparse.Namespace, store: Store) -> int:
    account = store.ban(_account(store, args.name).id, by=_by(), reason=args.reason)
    print(f"{account.name}: banned (a running room logs it out and stands its seats)")
    return 0


def _unban(args: argparse.Namespace, store: Store) -> int:
    account = store.unban(_account(store, args.name).id, by=_by(), reason=args.reason)
    print(f"{account.name}: no longer banned")
    return 0


def _mute(args: argparse.Namespace, store: Store) -> int:
    if not 1 <= args.minutes <= 60 * 24 * 365:
        raise StoreError(f"a mute lasts 1 minute to a year, not {args.minutes} minutes")
    until = datetime.now(UTC) + timedelta(minutes=args.minutes)
    account = store.mute(_account(store, args.name).id, until, by=_by(), reason=args.reason)
    print(f"{account.name}: muted until {until:%Y-%m-%d %H:%M} UTC")
    return 0


def _unmute(args: argparse.Namespace, store: Store) -> int:
    account = store.mute(_account(store, args.name).id, None, by=_by())
    print(f"{account.name}: may chat again")
    return 0


def _rename(args: argparse.Namespace, store: Store) -> int:
    from studpoker.room import RoomError
    from studpoker.room.names import player_name

    try:
        name = player_name(args.new_name)
    except RoomError as error:
        raise StoreError(str(error)) from None
    old = _account(store, args.name).name
    account = store.rename(_account(store, args.name).id, name, by=_by(), reason=args.reason)
    print(f"{old}: now {account.name}")
    return 0


# -- money ---------------------------------------------------------------------------------


def _deposit(args: argparse.Namespace, store: Store) -> int:
    chips = _amount(args.amount)
    account = _account(store, args.name)
    balance = store.operator_deposit(account.id, chips, by=_by(), reason=args.reason)
    print(f"{account.name}: deposited {amount_text(chips)}, balance {amount_text(balance)}")
    return 0


def _withdraw(args: argparse.Namespace, store: Store) -> int:
    chips = _amount(args.amount)
    account = _account(store, args.name)
    try:
        balance = store.withdraw(account.id, chips, by=_by(), reason=args.reason)
    except InsufficientFunds as short:
        raise StoreError(withdrawal_refused(account.name, short.balance or 0, chips)) from None
    print(f"{account.name}: withdrew {amount_text(chips)}, balance {amount_text(balance)}")
    return 0


# -- tables and tournaments -------------------------------------------------------------------


def _running(store: Store) -> None:
    from studpoker.store.lock import room_running

    if not room_running(store.url):
        raise StoreError("no room is running on this database: start it (stud serve) first")


def _table_close(args: argparse.Namespace, store: Store) -> int:
    return _at_table(store, args.table, "close", args.reason, {})


def _table_pause(args: argparse.Namespace, store: Store) -> int:
    return _at_table(store, args.table, "pause", args.reason, {})


def _table_resume(args: argparse.Namespace, store: Store) -> int:
    return _at_table(store, args.table, "resume", args.reason, {})


def _remove_seat(args: argparse.Namespace, store: Store) -> int:
    if not 1 <= args.seat <= 10:
        raise StoreError(f"a seat is numbered 1 to 10, not {args.seat}")
    return _at_table(store, args.table, "remove_seat", args.reason, {"seat": args.seat - 1})


def _message(args: argparse.Namespace, store: Store) -> int:
    from studpoker.room.names import chat_text

    text = chat_text(args.text)
    if not text or len(text) > 300:
        raise StoreError("a message is 1 to 300 characters")
    if args.all:
        _running(store)
        store.room_action("message_all", "every table", by=_by(), reason="",
                          details={"text": text})  # fmt: skip
        print("said at every table")
        return 0
    return _at_table(store, args.table, "message", "", {"text": text})


def _cancel(args: argparse.Namespace, store: Store) -> int:
    _running(store)
    key = f"tournament-{args.tournament}"
    logged = store.table_action(key, "cancel_tournament", by=_by(), reason=args.reason,
                                details={"tournament": args.tournament})  # fmt: skip
    return _wait(store, logged, f"tournament {args.tournament}")


def _at_table(store: Store, table: str, action: str, reason: str, details: dict[str, Any]) -> int:
    _running(store)
    if table not in {saved.table_id for saved in store.kept_tables()}:
        raise StoreError(f"no table {table!r} (stud admin online lists where people are)")
    logged = store.table_action(table, action, by=_by(), reason=reason, details=details)
    return _wait(store, logged, table)


def _wait(store: Store, logged: AdminAction, where: str) -> int:
    deadline = time.monotonic() + TABLE_WAIT
    while time.monotonic() < deadline:
        action = store.admin_action(logged.id)
        outcome = None if action is None else outcome_of(action.result)
        if outcome is not None:
            print(f"{where}: {outcome.text}")
            return 2 if outcome.code in ("refused", "failed") else 0
        time.sleep(0.2)
    print(f"{where}: under way (action {logged.id}; the room carries it out at the end of "
          "the hand: stud admin log shows when)")  # fmt: skip
    return 0


# -- what the operator watches -----------------------------------------------------------------


def _online(args: argparse.Namespace, store: Store) -> int:
    _running(store)
    people = []
    for process in store.presence():
        people += [(person, process.owner) for person in json.loads(process.online)]
    for person, _process in sorted(people, key=lambda p: str(p[0]["name"])):
        seats = ", ".join(f"{t} seat {s + 1}" for t, s in sorted(person["seats"].items()))
        watching = ", ".join(person["watching"])
        print(f"{person['name']} ({person['address']}, {person['sockets']} sockets): "
              f"{seats or 'no seat'}; watching {watching or 'nothing'}")  # fmt: skip
    print(f"{len(people)} online")
    return 0


def action_words(action: AdminAction) -> str:
    """What an admin log's line did, beyond its action and target, in a few words."""
    details = json.loads(action.details or "{}")
    if "amount" in details:
        return f" {amount_text(int(details['amount']))}"
    if "role" in details:
        return f" as {details['role']}"
    if "to" in details:
        return f" to {details['to']}"
    if details.get("until"):
        return f" until {str(details['until'])[:16].replace('T', ' ')}"
    if "seat" in details:
        return f" seat {int(details['seat']) + 1}"
    if "text" in details:
        return f": {details['text']!r}"
    return ""


def _audit(args: argparse.Namespace, store: Store) -> int:
    problems = store.audit()
    total = store.total_chips()
    for problem in problems:
        print(problem)
    print(f"{len(problems)} differences; {amount_text(total)} in the room ({total} chips)")
    return 1 if problems else 0


def _log(args: argparse.Namespace, store: Store) -> int:
    for action in store.admin_log(limit=max(1, args.limit)):
        what = action_words(action)
        said = f" — {action.reason}" if action.reason else ""
        outcome = outcome_of(action.result)
        done = "" if outcome is None else f" → {outcome.text}"
        waiting = " (waiting)" if action.table_id and action.done_at is None else ""
        print(f"{action.at:%Y-%m-%d %H:%M:%S} {action.operator}: {action.action} "
              f"{action.target}{what}{said}{done}{waiting}")  # fmt: skip
    return 0
