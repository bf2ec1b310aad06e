"""The REST answers every handler shares: a refusal, a 429 with its ``Retry-After``, a
503 when the room's workers are busy (docs/security.md), and the bearer token read
from the ``Authorization`` header.

>>> bearer("Bearer abc "), bearer("Basic abc"), bearer(None)
('abc', None, None)
>>> slow_down(0.0, "logins")                 # no wait: nothing raised
>>> slow_down(1.2, "logins")
Traceback (most recent call last):
...
fastapi.exceptions.HTTPException: 429: too many logins: try again in 2 s
"""

from fastapi import HTTPException

from studpoker.room import Busy
from studpoker.server.limits import retry_after

__all__ = ["bearer", "busy", "refused", "slow_down"]


def refused(error: Exception) -> HTTPException:
    """A 400 that says what the room refused."""
    return HTTPException(400, str(error))


def slow_down(wait: float, what: str) -> None:
    """A 429 when ``wait`` (seconds before the next try is allowed) is above 0."""
    if wait > 0:
        after = retry_after(wait)
        raise HTTPException(
            429, f"too many {what}: try again in {after} s", headers={"Retry-After": after}
        )


def busy(error: Busy) -> HTTPException:
    """A 503: the room's workers are all taken; try again after ``Retry-After``."""
    after = retry_after(error.retry_after)
    return HTTPException(503, str(error), headers={"Retry-After": after})


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, or ``None``."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None
