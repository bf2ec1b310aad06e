"""Every site whose hand histories we read, each found by the content of its files.

:data:`READERS` lists the readers in the order a file's lines are tried against their
headers: the first reader whose header a line matches reads the whole file.
"""

from __future__ import annotations

from studpoker.history.bovada import READER as BOVADA
from studpoker.history.everleaf import READER as EVERLEAF
from studpoker.history.fulltilt import READER as FULL_TILT
from studpoker.history.ipoker import READER as IPOKER
from studpoker.history.kingsclub import READER as KINGSCLUB
from studpoker.history.merge import READER as MERGE
from studpoker.history.ongame import READER as ONGAME
from studpoker.history.partypoker import READER as PARTYPOKER
from studpoker.history.pokerstars import READER as POKERSTARS
from studpoker.history.site import SiteReader
from studpoker.history.winamax import READER as WINAMAX
from studpoker.history.winning import READER_2016 as WPN_2016
from studpoker.history.winning import READER_2019 as WPN_2019

__all__ = ["READERS", "reader_for"]

READERS: tuple[SiteReader, ...] = (
    POKERSTARS,
    FULL_TILT,
    KINGSCLUB,
    WINAMAX,
    MERGE,
    EVERLEAF,
    ONGAME,
    WPN_2016,
    WPN_2019,
    IPOKER,
    PARTYPOKER,
    BOVADA,
)


def reader_for(line: str) -> SiteReader | None:
    """The reader of the site whose hand ``line`` (no line end) starts, if any."""
    for reader in READERS:
        if reader.finds(line):
            return reader
    return None
