"""Records of hands (the ``history`` layer of DESIGN.md): PokerStars and Full Tilt
text read, PokerStars text and PHH written and read, and real hands replayed
through the engine with every fact they state checked.

>>> from studpoker.history import read_history, replay
"""

from __future__ import annotations

from pathlib import Path

from studpoker.history.fulltilt import HEADER as _FULL_TILT
from studpoker.history.fulltilt import read_fulltilt
from studpoker.history.phh import from_phh, to_phh
from studpoker.history.pokerstars import HEADER as _POKERSTARS
from studpoker.history.pokerstars import read_pokerstars
from studpoker.history.pokerstars_write import to_pokerstars
from studpoker.history.record import HandRecord, HistoryError, OtherGame
from studpoker.history.replay import SITE_OPTIONS, ReplayReport, replay
from studpoker.history.text import decode

__all__ = [
    "SITE_OPTIONS",
    "HandRecord",
    "HistoryError",
    "OtherGame",
    "ReplayReport",
    "from_phh",
    "read_fulltilt",
    "read_history",
    "read_pokerstars",
    "replay",
    "to_phh",
    "to_pokerstars",
]


def read_history(source: str | bytes | Path) -> list[HandRecord | HistoryError]:
    """Every hand of a PokerStars or Full Tilt history (text, bytes in any of the
    sites' encodings, or a file's path), each a record or the error that stopped
    reading it."""
    if isinstance(source, Path):
        source = source.read_bytes()
    text = decode(source) if isinstance(source, bytes) else source
    for line in text.splitlines():
        line = line.lstrip("\ufeff")
        if _POKERSTARS.match(line):
            return read_pokerstars(text)
        if _FULL_TILT.match(line):
            return read_fulltilt(text)
    raise HistoryError("no PokerStars or Full Tilt hand found")
