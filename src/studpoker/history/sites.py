"""Every site whose hand histories we read, each found by the content of its files.

:data:`READERS` lists the readers in the order a file's lines are tried against their
headers: the first reader whose header a line matches reads the whole file.
"""

from __future__ import annotations

from studpoker.history.fulltilt import READER as FULL_TILT
from studpoker.history.pokerstars import READER as POKERSTARS
from studpoker.history.site import SiteReader

__all__ = ["READERS", "reader_for"]

READERS: tuple[SiteReader, ...] = (
    POKERSTARS,
    FULL_TILT,
)


def reader_for(line: str) -> SiteReader | None:
    """The reader of the site whose hand ``line`` (no line end) starts, if any."""
    for reader in READERS:
        if reader.finds(line):
            return reader
    return None
