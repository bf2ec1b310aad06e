"""The room's log: its own lines and uvicorn's, each with its time, level and logger, as
text for a terminal or journald, or as one JSON object a line for a collector
(``--log-format json``).  No secret reaches a line: the query string is cut from every
path uvicorn logs (a token put in a URL stays out), and the room's secrets — the
database's and Redis' passwords, the metrics token — and anything shaped like a session
token are masked in whatever is logged, tracebacks included.

>>> import logging, io
>>> out = io.StringIO()
>>> handler = logging.StreamHandler(out)
>>> handler.addFilter(Redact(["hunter22"]))
>>> handler.setFormatter(JsonLines())
>>> log = logging.getLogger("example")
>>> log.addHandler(handler); log.propagate = False
>>> log.warning("connecting as stud:%s@db", "hunter22")
>>> record = json.loads(out.getvalue())
>>> record["level"], record["logger"], record["message"]
('WARNING', 'example', 'connecting as stud:***@db')
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

__all__ = ["JsonLines", "Redact", "log_config"]

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
MASK = "***"
# What a session token looks like (secrets.token_urlsafe(32): 43 characters) where it
# might be written: after "bearer." (the WebSocket's subprotocol), "Bearer " or "token=".
_TOKENS = re.compile(r"(?i)(bearer[. ]|token=)[A-Za-z0-9_\-]{16,}")


class Redact(logging.Filter):
    """Masks ``secrets`` and session tokens in a record's message and traceback."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = [secret for secret in secrets if len(secret) >= 3]

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = self._clean(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        return True

    def _clean(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, MASK)
        return _TOKENS.sub(lambda m: m.group(1) + MASK, text)


class JsonLines(logging.Formatter):
    """A record as one JSON object: time (UTC, ISO 8601), level, logger, message, and
    the traceback as ``exception`` when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = record.exc_text
        return json.dumps(line, ensure_ascii=False)


def log_config(level: str, form: str, secrets: Iterable[str] = ()) -> dict[str, Any]:
    """The logging configuration (``logging.config.dictConfig``, which uvicorn applies
    as its ``log_config``) of a room at ``level``, as ``form`` (``text`` or ``json``):
    one handler on standard error for the root logger, so that the room's own loggers
    (``studpoker…``) and uvicorn's reach it alike."""
    if form not in ("text", "json"):
        raise ValueError(f"the log format is text or json, not {form!r}")
    formatter: dict[str, Any] = (
        {"()": "studpoker.server.logs.JsonLines"} if form == "json" else {"format": TEXT_FORMAT}
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "no_query": {"()": "studpoker.server.transport.NoQuery"},
            "redact": {"()": "studpoker.server.logs.Redact", "secrets": list(secrets)},
        },
        "formatters": {"room": formatter},
        "handlers": {
            "room": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "room",
                "filters": ["no_query", "redact"],
            }
        },
        "root": {"handlers": ["room"], "level": level.upper()},
        "loggers": {
            # uvicorn's loggers write through the root's handler, not handlers of their own.
            "uvicorn": {"handlers": [], "level": level.upper(), "propagate": True},
            "uvicorn.error": {"handlers": [], "level": level.upper(), "propagate": True},
            "uvicorn.access": {"handlers": [], "level": level.upper(), "propagate": True},
            # Alembic's own lines are a page a migration: the room says in one line what
            # it migrated (room/lifecycle.py).
            "alembic": {"handlers": [], "level": "WARNING", "propagate": True},
        },
    }
