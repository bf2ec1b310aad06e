"""Is the room alive, is it ready, what is it doing: ``/healthz`` (the process answers),
``/readyz`` (the room started, its database reachable and at the program's revision,
Redis reachable when it shares one: 503 with the reasons otherwise) and ``/metrics``
(Prometheus' text, for an operator's session or the metrics token).

A load balancer asks ``/readyz`` before it sends players to a process; a supervisor
(systemd, Kubernetes) asks ``/healthz`` whether to restart it."""

import asyncio
import hmac
from collections.abc import Awaitable, Callable
from functools import cache
from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from typing_extensions import TypedDict

from studpoker.room import Room
from studpoker.server.answers import Refusal, Token, problems
from studpoker.server.metrics import CONTENT_TYPE
from studpoker.server.routes import AppServices
from studpoker.server.wire import wire
from studpoker.store.migrate import head, revision

__all__ = ["health_router", "metrics_router"]

# Seconds a readiness check waits for the database or Redis before it says "not ready".
CHECK_SECONDS = 2.0


@wire
class Alive(TypedDict):
    status: Literal["alive"]


@wire
class Readiness(TypedDict):
    """Ready, or not and why: each check's answer (``ok``, or what is wrong)."""

    status: Literal["ready", "not ready"]
    checks: dict[str, str]


@cache
def health_router() -> APIRouter:
    """The routes of health (built once a process): ``/healthz`` and ``/readyz``."""
    router = APIRouter(tags=["health"])

    @router.get("/healthz")
    async def alive() -> Alive:
        """The process answers (its event loop runs)."""
        return {"status": "alive"}

    @router.get(
        "/readyz",
        responses={503: {"model": Readiness, "description": "Not ready: `checks` says why."}},
    )
    async def ready(app: AppServices) -> Any:
        """The room started, the database answers at this program's revision, Redis
        answers (when the room shares one): 200; else 503 with what is wrong."""
        room, redis = app.room, app.redis
        checks = {"room": "ok" if room.started else "not started"}
        checks["database"] = await _check(lambda: asyncio.to_thread(_database, room))
        if redis is not None:
            checks["redis"] = await _check(redis)
        ok = all(answer == "ok" for answer in checks.values())
        body: Readiness = {"status": "ready" if ok else "not ready", "checks": checks}
        return JSONResponse(body, status_code=200 if ok else 503)

    return router


@cache
def metrics_router() -> APIRouter:
    """The route of metrics (built once a process), ``/metrics``: for an application
    with metrics (``Services.metrics``) only, read by an operator's session or the
    bearer ``Services.metrics_token``."""
    router = APIRouter(tags=["health"])

    @router.get(
        "/metrics",
        response_class=Response,
        responses={
            200: {"description": "Prometheus' text format.",
                  "content": {CONTENT_TYPE: {"schema": {"type": "string"}}}},
            **problems("login", "operator_only", invalid=False),
        },
    )  # fmt: skip
    async def scrape(token: Token, app: AppServices) -> Response:
        """The room's metrics (docs/operating.md lists them): for an operator's session,
        or the bearer token of the ``metrics_token`` setting."""
        metrics, metrics_token = app.metrics, app.metrics_token
        assert metrics is not None  # the route of an application with metrics only
        if not (metrics_token and token and hmac.compare_digest(token, metrics_token)):
            account = await app.room.account(token)
            if account is None:
                raise Refusal("log in first: no valid session token", "login")
            if not account.operator:
                raise Refusal("only the room's operators may do that", "operator_only",
                              {"name": account.name})  # fmt: skip
        return Response(metrics.text(), media_type=CONTENT_TYPE)

    return router


async def _check(check: Callable[[], Awaitable[Any]]) -> str:
    try:
        answer = await asyncio.wait_for(check(), CHECK_SECONDS)
    except TimeoutError:
        return f"no answer in {CHECK_SECONDS:g} s"
    except Exception as error:  # what is wrong, in a word or two, never a secret
        return f"unreachable ({type(error).__name__})"
    return answer if isinstance(answer, str) else "ok"


def _database(room: Room) -> str:
    """``ok`` when the database answers at the program's revision."""
    at, program = revision(room.store.engine), head()
    if at != program:
        return f"at revision {at}, the program at {program}: migrations not current"
    return "ok"
