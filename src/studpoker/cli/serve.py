"""``stud serve``: the card room on 127.0.0.1:8000, with an SQLite file by default
(``--database postgresql://…`` for PostgreSQL); every setting also from the environment
and a TOML file (server/settings.py).  The operator's tools are ``stud admin``
(cli/admin.py)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from studpoker.server.settings import RoomSettings

DEFAULT_DATABASE = "sqlite:///stud.db"


def add_parser(commands: Any) -> None:
    serve: argparse.ArgumentParser = commands.add_parser(
        "serve",
        help="run the card room (web client, REST and WebSocket API)",
        description=(
            "Run the card room: practice, chips and competition tables of every game, "
            "the web client at http://HOST:PORT/, the REST API (OpenAPI at /openapi.json) "
            "and the WebSocket at /ws.  Every setting may also come from the environment "
            "(STUD_PORT=8080) or a TOML file (--config): a flag over the environment over "
            "the file (docs/operating.md).  Secrets (the database's and Redis' passwords) "
            "come from the environment (STUD_DATABASE_PASSWORD) or a secrets folder, "
            "never from a flag."
        ),
        argument_default=argparse.SUPPRESS,  # a flag not given is no setting
    )
    serve.add_argument("--config", type=Path, help="a TOML file of settings (room.toml)")
    serve.add_argument(
        "--print-config",
        action="store_true",
        help="print the settings in force (secrets masked) and where each came from; start nothing",
    )
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (default 8000)")
    serve.add_argument(
        "--database",
        help=f"SQLAlchemy URL (default {DEFAULT_DATABASE}; postgresql://user@host/db, its "
        "password in STUD_DATABASE_PASSWORD)",
    )
    serve.add_argument("--clock", type=float, help="seconds a decision (R8.1; default 20)")
    serve.add_argument("--time-bank", type=float, help="each seat's time bank (R8.5; default 60)")
    serve.add_argument("--pause", type=float, help="seconds between hands (default 2)")
    serve.add_argument(
        "--bot-think",
        type=_not_negative,
        metavar="SCALE",
        help="computer players pause like people before they act, about a second a "
        "decision at 1 (shorter when obvious, longer for a raise or a showhand); 0 acts "
        "at once (default 1)",
    )
    serve.add_argument(
        "--competition-minutes", type=float, help="a competition's time limit (default 30)"
    )
    serve.add_argument(
        "--redis",
        metavar="URL",
        help=(
            "serve one room with other processes: the tables' leases and the processes' "
            "messages in Redis at URL (redis://host:port/db; docs/scaling.md; its password "
            "in STUD_REDIS_PASSWORD)"
        ),
    )
    serve.add_argument(
        "--redis-prefix",
        metavar="PREFIX",
        help="the names of the room's keys and channels in Redis begin with it (default stud:)",
    )
    serve.add_argument(
        "--lease-seconds",
        type=float,
        metavar="S",
        help=(
            "with --redis: a process holds each of its tables for S seconds, renewed every "
            "S/3; a process that stops renewing (dead, or paused) loses its tables to "
            "another after S seconds (default 10)"
        ),
    )
    serve.add_argument(
        "--hand-over-seconds",
        type=float,
        metavar="S",
        help=(
            "with --redis: a stop lets the hands under way end for S seconds at most, then "
            "hands them over to another process in the middle (default 30)"
        ),
    )
    serve.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="N processes behind the one port (needs --redis and PostgreSQL)",
    )
    serve.add_argument("--seed", type=int, help="deal every table from this seed (testing)")
    serve.add_argument(
        "--log-level",
        help="debug, info (the default: the room's own lines and uvicorn's), warning or error",
    )
    serve.add_argument(
        "--log-format", help="text (the default: time, level, logger, message) or json"
    )
    serve.add_argument(
        "--trusted-proxies",
        metavar="ADDRESSES",
        help="the reverse proxies in front of the room (addresses or CIDRs, comma "
        "separated): their X-Forwarded-For / Forwarded header gives each client's "
        "address to every limit; ignored from anyone else (docs/operating.md)",
    )
    serve.add_argument(
        "--free-chips",
        metavar="AMOUNT",
        help="money a new account is given, and again on asking when its balance is below "
        "the smallest buy-in (0: only the operator adds money; default 1000.00 with "
        "SQLite, 0 with PostgreSQL)",
    )
    serve.add_argument(
        "--free-chips-hours",
        type=float,
        metavar="H",
        help="hours between two grants of free chips to one account (default 4)",
    )
    serve.add_argument(
        "--no-metrics",
        dest="metrics",
        action="store_false",
        help="no Prometheus metrics at /metrics",
    )
    serve.add_argument(
        "--no-limits",
        action="store_true",
        help="no limits per address or account (load tests from one machine; docs/security.md)",
    )
    serve.set_defaults(run=run_serve)


def serve_settings(args: argparse.Namespace) -> RoomSettings:
    """The settings of ``stud serve``'s flags over the environment over ``--config``."""
    from studpoker.server.settings import settings_from

    return settings_from(_flags(args), config=getattr(args, "config", None))


def run_serve(args: argparse.Namespace) -> int:
    """``stud serve``: the settings checked before anything is touched; the port bound
    before the database is opened (a second room on a taken port stops there); the
    database locked to this room (a second room on it stops there); then the room."""
    import logging.config

    from studpoker.server.process import log_secrets, room_server
    from studpoker.server.settings import origins
    from studpoker.server.transport import listen
    from studpoker.store import StoreError
    from studpoker.store.lock import RoomLock, RoomLocked, holder_name
    from studpoker.store.migrate import check_database

    settings = serve_settings(args)
    if getattr(args, "print_config", False):
        print_config(settings, origins(_flags(args), config=getattr(args, "config", None)))
        return 0
    from studpoker.server.logs import log_config

    logging.config.dictConfig(
        log_config(settings.log_level, settings.log_format, log_secrets(settings))
    )
    log = logging.getLogger("studpoker.serve")
    if hasattr(args, "database") and _has_password(args.database):
        log.warning(
            "the database's password is on the command line, where ps shows it: give it "
            "as STUD_DATABASE_PASSWORD or in the secrets folder (docs/operating.md)"
        )
    where = f"http://{_host_in_url(settings.host)}:{settings.port}/"
    try:
        sock = listen(settings.host, settings.port)
    except OSError as error:
        print(f"stud serve: cannot listen on {settings.host} port {settings.port}: "
              f"{error.strerror or error}", file=sys.stderr)  # fmt: skip
        return 1
    try:
        try:
            lock = RoomLock.take(
                settings.database_url(),
                shared=settings.redis is not None,
                holder=holder_name(where),
            )
        except RoomLocked as error:
            print(f"stud serve: {error}", file=sys.stderr)
            return 1
        except StoreError as error:  # the lock's connection: the database does not answer
            print(f"stud serve: the database does not answer: {error}", file=sys.stderr)
            return 1
        try:
            check_database(settings.database_url())
        except StoreError as error:
            lock.release()
            print(f"stud serve: {error}", file=sys.stderr)
            return 1
        try:
            shown = settings.shown()
            shared = (
                "" if settings.redis is None else f", {settings.workers} processes sharing Redis"
            )
            print(f"studpoker card room on {where} ({shown['database']}{shared})", flush=True)
            if settings.workers > 1:
                from studpoker.server.supervisor import Supervisor

                return Supervisor(settings, sock).run()
            server = room_server(settings)
            with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C while stopping
                server.run(sockets=[sock])
            if server.stopped_by is not None:
                log.info("the room stopped (%s)", server.stopped_by)
            return 0 if server.started or server.stopped_by else 1
        finally:
            lock.release()
    finally:
        sock.close()


def print_config(settings: RoomSettings, where: dict[str, str]) -> None:
    """The settings in force, as a TOML file would give them, each with where it came
    from; secrets masked."""
    for name, text in settings.shown().items():
        origin = where.get(name, "default")
        print(f"{name} = {text}  # {origin}")


def _flags(args: argparse.Namespace) -> dict[str, Any]:
    from studpoker.server.settings import RoomSettings

    return {name: getattr(args, name) for name in RoomSettings.model_fields if hasattr(args, name)}


def _has_password(url: str) -> bool:
    from sqlalchemy.engine import make_url

    try:
        return bool(make_url(url).password)
    except Exception:
        return False


def _host_in_url(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _not_negative(text: str) -> float:
    """A number of 0 or more (argparse says so if it is not one)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"a number of 0 or more, not {text!r}")
    return value
