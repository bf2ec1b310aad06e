"""``stud serve``: the card room on 127.0.0.1:8000, with an SQLite file by default
(``--database postgresql://…`` for PostgreSQL); ``stud admin deposit USER AMOUNT``:
the operator puts money into an account (the only way money enters the room,
DESIGN.md idea 4).
"""

from __future__ import annotations

import argparse
import copy
from typing import Any

DEFAULT_DATABASE = "sqlite:///stud.db"


def add_parser(commands: Any) -> None:
    serve: argparse.ArgumentParser = commands.add_parser(
        "serve",
        help="run the card room (web client, REST and WebSocket API)",
        description=(
            "Run the card room: practice, chips and competition tables of every game, "
            "the web client at http://HOST:PORT/, the REST API (OpenAPI at /openapi.json) "
            "and the WebSocket at /ws."
        ),
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    _database(serve)
    serve.add_argument("--clock", type=float, default=20.0, help="seconds a decision (R8.1)")
    serve.add_argument("--time-bank", type=float, default=60.0, help="each seat's time bank")
    serve.add_argument("--pause", type=float, default=2.0, help="seconds between hands")
    serve.add_argument(
        "--bot-think",
        type=_not_negative,
        default=1.0,
        metavar="SCALE",
        help="computer players pause like people before they act, about a second a "
        "decision at 1 (shorter when obvious, longer for a raise or a showhand); 0 acts "
        "at once (default 1)",
    )
    serve.add_argument(
        "--competition-minutes", type=float, default=30.0, help="a competition's time limit"
    )
    serve.add_argument(
        "--redis",
        metavar="URL",
        help=(
            "serve one room with other processes: the tables' leases and the processes' "
            "messages in Redis at URL (redis://host:port/db; docs/scaling.md)"
        ),
    )
    serve.add_argument(
        "--redis-prefix",
        default="stud:",
        metavar="PREFIX",
        help="the names of the room's keys and channels in Redis begin with it (default stud:)",
    )
    serve.add_argument(
        "--lease-seconds",
        type=float,
        default=10.0,
        metavar="S",
        help=(
            "with --redis: a process holds each of its tables for S seconds, renewed every "
            "S/3; a process that stops renewing (dead, or paused) loses its tables to "
            "another after S seconds (default 10)"
        ),
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="N processes behind the one port (needs --redis and a shared database)",
    )
    serve.add_argument("--seed", type=int, help="deal every table from this seed (testing)")
    serve.add_argument("--log-level", default="warning", help="uvicorn's log level")
    serve.add_argument(
        "--no-limits",
        action="store_true",
        help="no limits per address or account (load tests from one machine; docs/security.md)",
    )
    serve.set_defaults(run=run_serve)

    admin: argparse.ArgumentParser = commands.add_parser(
        "admin", help="operator commands", description="Operator commands for the card room."
    )
    actions = admin.add_subparsers(dest="action", metavar="ACTION", required=True)
    deposit = actions.add_parser("deposit", help="put money into an account (the ledger)")
    deposit.add_argument("user", help="the account's name")
    deposit.add_argument("amount", type=int, help="cents (or chips) to deposit")
    deposit.add_argument("--note", default="", help="a note kept in the ledger")
    _database(deposit)
    deposit.set_defaults(run=run_deposit)
    audit = actions.add_parser("audit", help="check every balance against the ledger")
    _database(audit)
    audit.set_defaults(run=run_audit)


def _database(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--database",
        default=DEFAULT_DATABASE,
        help=f"SQLAlchemy URL (default {DEFAULT_DATABASE}; postgresql://user@host/db)",
    )


def check_serve(args: argparse.Namespace) -> None:
    """Refuse what cannot serve one room: several processes need Redis to share the
    tables through, and a database they all reach (not an SQLite file of one)."""
    if args.workers < 1:
        raise ValueError(f"--workers is 1 or more, not {args.workers}")
    if not 0 < args.lease_seconds <= 3600:  # NaN and infinity too
        raise ValueError(
            f"--lease-seconds is more than 0 and 3600 at most, not {args.lease_seconds}"
        )
    if args.redis is not None:
        from studpoker.room.relay import check_redis_url

        check_redis_url(args.redis)
    if args.workers > 1 and args.redis is None:
        raise ValueError(
            "--workers N needs --redis URL: the processes share the tables through Redis"
        )
    if args.redis is not None and args.seed is not None:
        raise ValueError("--seed is for one process alone: the processes would deal alike")


def room_server(args: argparse.Namespace) -> Any:
    """The room's server for ``args`` (``stud serve``'s), not yet running."""
    import uvicorn

    from studpoker.server import create_app
    from studpoker.server.limits import LIMITS, NO_LIMITS
    from studpoker.server.transport import RoomServer, RoomWebSocket, room_protocol

    limits = NO_LIMITS if args.no_limits else LIMITS
    app = create_app(
        database=args.database,
        limits=limits,
        redis=args.redis,
        redis_prefix=args.redis_prefix,
        seed=args.seed,
        clock=args.clock,
        time_bank=args.time_bank,
        pause=args.pause,
        bot_think=args.bot_think,
        competition_seconds=args.competition_minutes * 60,
        lease_seconds=args.lease_seconds,
    )
    # No per-message compression: on a busy room it costs more CPU than the game itself.
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws=RoomWebSocket,
        ws_per_message_deflate=False,
        http=room_protocol(limits.header_seconds, limits.connections_per_address),
        log_config=access_log_config(),
        # Once the room has stopped, a connection that does not close in this time is
        # cut: a process asked to stop stops.
        timeout_graceful_shutdown=10,
    )
    # The room stops before the sockets close: its players hear of a hand cut short.
    return RoomServer(config)


def run_serve(args: argparse.Namespace) -> int:
    check_serve(args)
    where = f"http://{args.host}:{args.port}/"
    shared = "" if args.redis is None else f", {args.workers} processes sharing Redis"
    print(f"studpoker card room on {where} ({args.database}{shared})", flush=True)
    if args.workers > 1:
        from studpoker.server.supervisor import Supervisor

        return Supervisor(args).run()
    room_server(args).run()
    return 0


def access_log_config() -> dict[str, Any]:
    """uvicorn's logging, with the query string left out of the access log: no
    secret belongs in a URL, and the log keeps none that a client put there."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"no_query": {"()": "studpoker.server.transport.NoQuery"}}
    for handler in ("default", "access"):
        config["handlers"][handler]["filters"] = ["no_query"]
    return config


def run_deposit(args: argparse.Namespace) -> int:
    from studpoker.store import Store

    with Store(args.database) as store:
        store.migrate()
        account = store.account(args.user)
        if account is None:
            raise ValueError(f"no account {args.user!r}")
        balance = store.deposit(account.id, args.amount, note=args.note)
    print(f"{account.name}: deposited {args.amount}, balance {balance}")
    return 0


def run_audit(args: argparse.Namespace) -> int:
    from studpoker.store import Store

    with Store(args.database) as store:
        store.migrate()
        problems = store.audit()
        total = store.total_chips()
    for problem in problems:
        print(problem)
    print(f"{len(problems)} differences; {total} chips in the room")
    return 1 if problems else 0


def _not_negative(text: str) -> float:
    """A number of 0 or more (argparse says so if it is not one)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"a number of 0 or more, not {text!r}")
    return value
