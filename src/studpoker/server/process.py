"""One process of the room: its server, made from the settings and not yet running
(``stud serve`` runs one; ``stud serve --workers N``'s supervisor starts N, each in a
process of its own, server/supervisor.py).  The server layer's, so that nothing below the
command line imports from ``cli``."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from studpoker.server.settings import RoomSettings

__all__ = ["log_secrets", "room_server"]


def room_server(settings: RoomSettings) -> Any:
    """The room's server for ``settings``, not yet running."""
    import uvicorn

    from studpoker.server import create_app
    from studpoker.server.limits import LIMITS, NO_LIMITS
    from studpoker.server.logs import log_config
    from studpoker.server.transport import RoomServer, RoomWebSocket, room_protocol

    limits = NO_LIMITS if settings.no_limits else LIMITS
    app = create_app(
        database=settings.database_url(),
        limits=limits,
        redis=settings.redis_url(),
        redis_prefix=settings.redis_prefix,
        seed=settings.seed,
        clock=settings.clock,
        time_bank=settings.time_bank,
        pause=settings.pause,
        bot_think=settings.bot_think,
        competition_seconds=settings.competition_minutes * 60,
        lease_seconds=settings.lease_seconds,
        hand_over_seconds=settings.hand_over_seconds,
        free_chips=settings.free_chips_amount(),
        free_chips_hours=settings.free_chips_hours,
        free_chips_per_address=settings.free_chips_per_address,
        currency=settings.currency,
        seed_epoch_hours=settings.seed_epoch_hours,
        trusted_proxies=settings.trusted_proxies,
        metrics=settings.metrics,
        metrics_token=(
            None if settings.metrics_token is None else settings.metrics_token.get_secret_value()
        ),
    )
    # No per-message compression: on a busy room it costs more CPU than the game itself.
    config = uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        ws=RoomWebSocket,
        ws_per_message_deflate=False,
        http=room_protocol(
            limits.header_seconds, limits.connections_per_address, settings.trusted_proxies
        ),
        proxy_headers=False,  # uvicorn's own trusts 127.0.0.1; --trusted-proxies decides
        log_config=log_config(settings.log_level, settings.log_format, log_secrets(settings)),
        # Once the room has stopped, a connection that does not close in this time is
        # cut: a process asked to stop stops.
        timeout_graceful_shutdown=10,
    )
    # The room stops before the sockets close: its players hear of a hand cut short.
    return RoomServer(config)


def log_secrets(settings: RoomSettings) -> list[str]:
    """The secrets of ``settings`` that no log line may hold."""
    found = [settings.database_password, settings.redis_password, settings.metrics_token]
    words = [secret.get_secret_value() for secret in found if secret is not None]
    for url in (settings.database, settings.redis):  # a password given in a URL
        if url is not None and "://" in url:
            from sqlalchemy.engine import make_url

            with contextlib.suppress(Exception):
                password = make_url(url).password
                if password:
                    words.append(str(password))
    return words
