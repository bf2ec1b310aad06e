"""``stud admin backup FILE``: the room's database copied to FILE while the room runs;
``stud admin restore FILE``: a backup put onto an empty database (docs/store.md,
"Backup and restore").  Each says in one line what it did, or what was wrong.

The database is found as every ``stud admin`` action finds it: ``--database``, else
``STUD_DATABASE``, else ``--config room.toml``, else ``sqlite:///stud.db``; its password
from ``STUD_DATABASE_PASSWORD`` or the secrets folder.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from studpoker.store.backup import BackupContents


def add_parsers(actions: Any) -> None:
    """Adds ``backup`` and ``restore`` to ``stud admin``'s actions."""
    backup = actions.add_parser(
        "backup",
        help="copy the room's database to FILE, while the room runs",
        description=(
            "Copy the room's database to FILE while the room runs: a SQLite file by "
            "SQLite's online backup, a PostgreSQL database by pg_dump (custom format). "
            "FILE is readable by its owner only, and replaced only once the copy is whole."
        ),
    )
    backup.add_argument("file", metavar="FILE", help="the backup file to write")
    _database(backup, "the database to back up")
    backup.set_defaults(run=run_backup)
    restore = actions.add_parser(
        "restore",
        help="put a backup onto an empty database",
        description=(
            "Put the backup in FILE onto an empty database (no tables at all) and bring "
            "its schema up to date: a SQLite backup onto a SQLite file (made if missing), "
            "a pg_dump archive onto a PostgreSQL database (createdb it first)."
        ),
    )
    restore.add_argument("file", metavar="FILE", help="a backup written by stud admin backup")
    _database(restore, "the empty database to restore onto")
    restore.set_defaults(run=run_restore)


def _database(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--database",
        help=f"{what}: a SQLAlchemy URL (default: the room's, as stud serve finds it; "
        "sqlite:///stud.db if none is set)",
    )
    parser.add_argument("--config", type=Path, help="a TOML file of stud serve's settings")


def _database_url(args: argparse.Namespace) -> str:
    """The database of ``args``, found as ``stud serve`` finds its own."""
    from studpoker.server.settings import settings_from

    flags = {"database": args.database} if args.database else {}
    return settings_from(flags, config=args.config).database_url()


def run_backup(args: argparse.Namespace) -> int:
    from studpoker.store import StoreError
    from studpoker.store.backup import backup, shown_url

    url = _database_url(args)
    try:
        copied = backup(url, args.file)
    except StoreError as error:
        print(f"stud admin backup: {error}", file=sys.stderr)
        return 2
    print(f"backup of {shown_url(url)} written to {args.file}: {_holding(copied)}")
    return 0


def run_restore(args: argparse.Namespace) -> int:
    from studpoker.store import StoreError
    from studpoker.store.backup import restore, shown_url
    from studpoker.store.migrate import head

    url = _database_url(args)
    try:
        restored = restore(args.file, url)
    except StoreError as error:
        print(f"stud admin restore: {error}", file=sys.stderr)
        return 2
    latest = head()
    migrated = "" if restored.revision == latest else f" (revision {restored.revision} to {latest})"
    print(f"{args.file} restored onto {shown_url(url)}{migrated}: {_holding(restored)}")
    return 0


def _holding(contents: BackupContents) -> str:
    """``12 accounts, 1,234.56 in the room``: the room's money in the room's unit."""
    from studpoker.room.money import amount_text

    accounts = "1 account" if contents.accounts == 1 else f"{contents.accounts} accounts"
    return f"{accounts}, {amount_text(contents.chips)} in the room"
