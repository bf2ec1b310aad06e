"""The REST routes of the card room, one router by area:
:mod:`~studpoker.server.routes.accounts`, :mod:`~studpoker.server.routes.lobby`,
:mod:`~studpoker.server.routes.hands`, :mod:`~studpoker.server.routes.ratings`,
:mod:`~studpoker.server.routes.tournaments`, and the WebSocket's,
:mod:`~studpoker.server.routes.socket`.  The study tools' routes are
:mod:`studpoker.server.study_routes`, the operator's :mod:`studpoker.server.admin`,
health and metrics :mod:`studpoker.server.health`.

Each router is built once a process (its function is cached) and its routes are shared
by every application of the process: a route finds its application's own room, hub,
limits… in the application's :class:`Services` (:data:`AppServices`), never in the
router.  A route asks the room and renders its answer; what the room refuses is raised
as it is and answered in one place (:func:`studpoker.server.answers.answer_refusals`).
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends
from pydantic import BaseModel, model_validator
from starlette.requests import HTTPConnection

from studpoker.room import Room
from studpoker.room.cashier import FreeChips
from studpoker.room.operator import RoomOperator
from studpoker.server.connections import Hub
from studpoker.server.limits import Backoff, Limiter, Limits
from studpoker.server.metrics import RoomMetrics
from studpoker.server.peers import Peers
from studpoker.server.protocol import encodable
from studpoker.store import Account

if TYPE_CHECKING:
    from studpoker.server.study_routes import StudyDesk

__all__ = ["AppServices", "Body", "Services", "app_services"]


class Body(BaseModel):
    """A REST request's JSON body, read as an answer can quote it (protocol.encodable):
    a lone surrogate (JSON spells one, ``"\\ud800"``) as U+FFFD, which
    :data:`~studpoker.server.protocol.Text` refuses, and ``NaN`` as ``"NaN"``, so that
    the 422 answer quoting them is JSON in UTF-8 rather than a server error."""

    @model_validator(mode="before")
    @classmethod
    def _encodable(cls, data: Any) -> Any:
        return encodable(data)


@dataclass(frozen=True)
class Services:
    """One application's own objects, which its routes use (server/app.py makes them):
    no two applications of a process share one."""

    room: Room
    hub: Hub
    peers: Peers | None
    """The room's other processes (None: this process is the room)."""
    operator: RoomOperator
    """The operator's actions, as this process's part (room/operator.py)."""
    limits: Limits
    free_chips: FreeChips
    """The room's rule of free chips ("Get chips", room/cashier.py)."""
    failures: Backoff
    """How long a name with failed logins waits."""
    new_tables: Limiter
    """How often an account opens a table or creates a tournament."""
    downloads: Limiter
    """How often an account downloads its hand histories."""
    notes: Limiter
    """How often an account writes or deletes its notes on players."""
    study: "StudyDesk"
    """The study tools' work (server/study_routes.py)."""
    metrics: RoomMetrics | None
    """The room's metrics (None: no ``/metrics``)."""
    redis: Callable[[], Awaitable[None]] | None
    """Raises unless Redis answers (None: a room alone has no Redis)."""
    metrics_token: str | None
    """A bearer token that may read ``/metrics`` besides an operator's session."""
    register: Callable[[str, str], Awaitable[Account]]
    """Makes an account as ``POST /api/accounts`` does (its name and password rules)."""


def app_services(connection: HTTPConnection) -> Services:
    """The services of the application a request or a socket came to."""
    services: Services = connection.app.state.services
    return services


AppServices = Annotated[Services, Depends(app_services)]
"""A route's dependency on its application's :class:`Services` (none in the OpenAPI
document)."""
