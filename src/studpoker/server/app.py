"""The ASGI application (the ``server`` layer of DESIGN.md): REST for accounts, the
lobby, hand histories and the leaderboard (OpenAPI at ``/openapi.json``), one
WebSocket per client at ``/ws`` for the tables (docs/protocol.md), and the web
client's static files at ``/``.

:func:`create_app` makes the room's parts for one application, puts them in its state
(:class:`~studpoker.server.routes.Services`) and adds the routes of each area
(server/routes/, study_routes.py, admin.py, health.py), built once a process and shared
by its applications; what the room refuses is answered in one place
(answers.answer_refusals).
"""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from studpoker import __version__
from studpoker.room import Busy, Room, RoomError
from studpoker.room.operator import RoomOperator
from studpoker.room.ownership import RedisLeases
from studpoker.room.relay import Broker, RedisBroker, check_redis_url
from studpoker.server.admin import admin_router
from studpoker.server.answers import Refusal, answer_refusals
from studpoker.server.connections import Hub
from studpoker.server.hands import finished_hand
from studpoker.server.headers import SecurityHeaders
from studpoker.server.health import health_router, metrics_router
from studpoker.server.limits import LIMITS, AddressLimits, Backoff, Limiter, Limits, SessionLimits
from studpoker.server.metrics import LoopLag, RoomMetrics
from studpoker.server.peers import Peers, account_of
from studpoker.server.proxies import Network, ProxyHeaders, TrustedProxies
from studpoker.server.routes import Services
from studpoker.server.routes.accounts import accounts_router, seats_held
from studpoker.server.routes.hands import hands_router
from studpoker.server.routes.lobby import lobby_router
from studpoker.server.routes.notes import notes_router
from studpoker.server.routes.ratings import ratings_router
from studpoker.server.routes.socket import handle, socket_router
from studpoker.server.routes.tournaments import tournaments_router
from studpoker.server.routes.verify import verify_router
from studpoker.server.settings import check_currency
from studpoker.server.study_routes import StudyDesk, study_router
from studpoker.store import Account, Store

__all__ = ["create_app"]

WEB = Path(__file__).resolve().parent.parent / "web"


def create_app(
    room: Room | None = None,
    *,
    database: str = "sqlite:///stud.db",
    limits: Limits = LIMITS,
    redis: str | None = None,
    redis_prefix: str = "stud:",
    broker: Broker | None = None,
    free_chips: int = 0,
    free_chips_hours: float = 4.0,
    free_chips_per_address: int = 3,
    trusted_proxies: Sequence[Network | str] = (),
    metrics: bool = True,
    metrics_token: str | None = None,
    currency: str = "$",
    seed_epoch_hours: float = 24.0,
    **room_options: Any,
) -> FastAPI:
    """The room's web application; ``room`` (or a room over ``database``) starts and
    stops with it; ``limits`` say how often a client may do what (docs/security.md).

    ``redis`` (a URL) makes this process one of several serving one room: the tables'
    leases are kept in Redis and the processes speak through it (server/peers.py),
    under names beginning with ``redis_prefix``;
    ``broker`` is the same for a room given with leases of its own (tests).

    ``free_chips`` a new account is given, and again on asking when it runs low, at most
    once every ``free_chips_hours`` and ``free_chips_per_address`` times a day an address
    (room/cashier.py; 0: only the operator adds money).  ``metrics``: Prometheus' at
    ``/metrics`` for an operator or the bearer ``metrics_token`` (server/metrics.py).

    ``currency``: the sign the page writes before the fixed-limit games' stakes and the
    balance ("$", "HK$", "€"; "" for none), sent with the welcome.

    ``seed_epoch_hours``: the longest a table's seed epoch lasts before every server seed
    of it is revealed (it also ends when the table closes; docs/fairness.md).

    ``trusted_proxies`` (addresses or networks) are the reverse proxies whose
    ``X-Forwarded-For`` / ``Forwarded`` headers give the client's address to every
    limit by address (server/proxies.py); anyone else's are ignored."""
    if redis is not None:
        leases = RedisLeases(check_redis_url(redis), prefix=redis_prefix)
        room_options.setdefault("leases", leases)
        broker = broker or RedisBroker(redis, prefix=redis_prefix)
    the_room = room if room is not None else Room(Store(database), **room_options)
    if not 0 < seed_epoch_hours <= 24 * 30:
        raise ValueError(f"a seed epoch lasts 0 to 720 hours, not {seed_epoch_hours!r}")
    the_room.store.epoch = timedelta(hours=seed_epoch_hours)
    hub = Hub(the_room, limits)
    hub.currency = check_currency(currency)
    peers = None if broker is None else Peers(hub, broker, the_room.owner, handle)
    operator = RoomOperator(the_room)  # the operator's actions, as this process's part
    operator.logged_out.append(hub.banned)
    operator.online = hub.online
    free_chips_rule = the_room.cashier.give_free_chips(
        free_chips, hours=free_chips_hours, per_address=free_chips_per_address
    )
    lag = LoopLag()
    measured = RoomMetrics(the_room, hub, lag) if metrics else None
    leases_of_redis = room_options.get("leases") if redis is not None else None
    study = StudyDesk(the_room, limits)
    if peers is not None:
        _answer_peers(the_room, peers)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await the_room.start()
        await operator.start()
        if measured is not None:
            lag.start()
        if peers is not None:
            await peers.start()
        lobby = asyncio.create_task(hub.run())
        try:
            yield
        finally:
            study.close()  # the study tools' workers first: nothing waits on them
            lobby.cancel()
            await lag.stop()
            await operator.stop()
            await the_room.stop()  # the clients see a hand cut short, and who left
            await hub.close()
            if peers is not None:
                await peers.stop()
            if redis is not None and broker is not None:  # made here: closed here
                await broker.close()
                await the_room.leases.close()

    app = FastAPI(
        title="studpoker card room",
        version=__version__,
        summary="Seven Card Stud, Stud Hi/Lo, Razz and Show Hand: accounts, tables, hands.",
        lifespan=lifespan,
    )
    # The client's files and the larger answers go compressed to a browser that asks
    # (the client's modules are 96 KB, 28 KB gzipped); the WebSocket is left alone.
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    app.add_middleware(SessionLimits, limits=limits)  # replays, statistics, imports by session
    app.add_middleware(AddressLimits, limits=limits)  # logins, accounts, guests by address
    app.add_middleware(SecurityHeaders)
    if trusted_proxies:  # outermost: every limit below sees the client a proxy names
        app.add_middleware(ProxyHeaders, proxies=TrustedProxies(trusted_proxies))
    app.state.room = the_room
    app.state.hub = hub
    app.state.operator = operator
    app.state.study = study
    app.state.services = Services(
        room=the_room,
        hub=hub,
        peers=peers,
        operator=operator,
        limits=limits,
        free_chips=free_chips_rule,
        failures=Backoff(limits.login_failures_free, limits.login_backoff_cap),
        new_tables=Limiter(limits.table_per_account),  # tables and tournaments alike
        downloads=Limiter(limits.history_per_account),
        notes=Limiter(limits.notes_per_account),
        study=study,
        metrics=measured,
        redis=None if leases_of_redis is None else leases_of_redis.ping,
        metrics_token=metrics_token,
        register=_register(the_room),
    )
    answer_refusals(app)

    # The routes, shared by every application of the process, in the order of the
    # OpenAPI document's paths; each finds this application's services in its state.
    adopt(app, accounts_router())
    adopt(app, lobby_router())
    adopt(app, hands_router())
    adopt(app, ratings_router())
    adopt(app, notes_router())
    adopt(app, study_router())
    adopt(app, verify_router())
    adopt(app, tournaments_router())
    adopt(app, socket_router())
    adopt(app, admin_router())
    adopt(app, health_router())
    if measured is not None:
        adopt(app, metrics_router())

    if WEB.is_dir() and (WEB / "index.html").is_file():
        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    else:

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        async def home() -> str:
            return (
                "<!doctype html><title>studpoker</title><h1>studpoker card room</h1>"
                "<p>The API is at <a href='/docs'>/docs</a>.</p>"
            )

    return app


def adopt(app: FastAPI, router: APIRouter) -> None:
    """``router``'s routes as ``app``'s own, as if declared on it: the same route
    objects, which every application of the process shares (their models take 0.2 s of
    a core to build).  ``include_router`` (FastAPI 0.165) would build each route again,
    and a second time on the router's first request."""
    default = type(APIRouter().lifespan_context)  # runs on_startup/on_shutdown: none here
    if router.on_startup or router.on_shutdown or not isinstance(router.lifespan_context, default):
        raise ValueError("a router adopted has no lifespan, startup or shutdown of its own")
    app.router.routes.extend(router.routes)


def _answer_peers(room: Room, peers: Peers) -> None:
    """What another process of the room asks of this one's tables and tournaments'
    desks, and how the room asks another (server/peers.py)."""

    async def table_asked(args: dict[str, Any]) -> Any:
        table_id = str(args["table"])
        room.check_watch(account_of(args.get("account")), table_id, args.get("invite"))
        return room.table(table_id).table.snapshot(None)

    async def invite_asked(args: dict[str, Any]) -> Any:
        table_id = str(args["table"])
        asker = account_of(args["account"])
        if asker is None:
            raise RoomError("log in first: no valid session token", "login")
        return {"table": table_id, "invite": room.invite_of(asker, table_id)}

    async def close_asked(args: dict[str, Any]) -> Any:
        table_id = str(args["table"])
        asker = account_of(args["account"])
        if asker is None:
            raise RoomError("log in first: no valid session token", "login")
        return await room.close_private(asker, table_id)

    async def hand_asked(args: dict[str, Any]) -> Any:
        account = account_of(args["account"])
        return finished_hand(room, str(args["table"]), int(args["hand"]), args["lang"], account)

    async def seats_asked(args: dict[str, Any]) -> Any:
        return seats_held(room, int(args["account"]))

    async def tournament_asked(args: dict[str, Any]) -> Any:
        return await room.answer_tournament(args)

    async def ask_peer(peer: str, question: str, args: dict[str, Any]) -> Any:
        """The room's question to another process (a tournament's desk or tables):
        its refusal a RoomError, its silence a TimeoutError."""
        try:
            return await peers.ask(peer, question, args)
        except Refusal as error:
            raise RoomError(error.detail, error.code, **error.params) from None
        except Busy:
            raise TimeoutError(f"process {peer} did not answer") from None

    peers.questions.update(
        table=table_asked,
        hand=hand_asked,
        seats=seats_asked,
        tournament=tournament_asked,
        invite=invite_asked,
        close=close_asked,
    )
    room.peer_ask = ask_peer
    room.peer_loads = peers.loads


def _register(room: Room) -> Callable[[str, str], Awaitable[Account]]:
    """A new account of ``room``'s, made as ``POST /api/accounts`` makes one (its
    session's token unused)."""

    async def register(name: str, password: str) -> Account:
        account, _token = await room.register(name, password)
        return account

    return register
