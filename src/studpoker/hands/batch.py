"""Many hands at once: NumPy arrays of card codes in, arrays of values out.

Each row of ``codes`` (shape ``(N, 5)``, ``(N, 6)`` or ``(N, 7)``, any integer
dtype) is one hand of card codes (``int(card)``, 0 to 51).  The result holds,
row for row, exactly ``high(row).value``, ``low_a5(row).value`` or
``eight_or_better(row).value`` of :mod:`studpoker.hands` (0 where no low
qualifies), as ``int32``.

>>> import numpy as np
>>> from studpoker.cards import parse_cards
>>> from studpoker.hands import high as scalar_high
>>> rows = np.array([parse_cards("As Ks Qs Js Ts 2d 3c"), parse_cards("2c 2d 7h 9s Jc Kd Ah")])
>>> values = high(rows)
>>> values.dtype, bool(values[0] > values[1])
(dtype('int32'), True)
>>> int(values[1]) == scalar_high(parse_cards("2c 2d 7h 9s Jc Kd Ah")).value
True
>>> eight_or_better(rows).tolist()
[0, 0]

The work is done in chunks of a few thousand rows so that the temporaries stay
in the processor's cache; one evaluation is a handful of NumPy passes: a table
lookup per card, a sum, one lookup of the value of that sum of rank keys (a
table of some 8 million entries per hand size and kind, built on first use),
and for the few rows with five cards of a suit, a lookup of the flush.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from studpoker.hands import showdown as _showdown
from studpoker.hands import tables as _tables

__all__ = ["categories", "eight_or_better", "high", "low_a5"]

_CHUNK: Final = 4096

# Per card: its rank key above bit 16, and a 1 in its suit's 4-bit count.
_CARD_KEYS: Final = np.array(
    [(_tables.RANK_KEYS[c >> 2] << 16) | (1 << (4 * (c & 3))) for c in range(52)], dtype=np.int64
)
_RANK_BITS: Final = np.array([1 << (c >> 2) for c in range(52)], dtype=np.int32)
_PAIRS: Final = {size: np.triu_indices(size, 1) for size in (5, 6, 7)}

# (size, kind) -> the value of every rank sum of ``size`` cards (0 for sums no hand has).
_BY_SUM: dict[tuple[int, str], npt.NDArray[np.int32]] = {}
_FLUSH: list[npt.NDArray[np.int32]] = []


def _values_by_sum(size: int, kind: str) -> npt.NDArray[np.int32]:
    if (size, kind) not in _BY_SUM:
        if size == 7:
            # The scalar evaluator's flat table, shared rather than copied.
            by_sum = np.frombuffer(_showdown.seven_card_table(kind), dtype=np.int32)
        else:
            t = _tables.tables()
            table = t.high if kind == "high" else t.low
            indexes = [k for k in table if k & 15 == size]
            by_sum = np.zeros((max(indexes) >> 4) + 1, dtype=np.int32)
            by_sum[np.array(indexes, dtype=np.int64) >> 4] = [table[k] for k in indexes]
        _BY_SUM[size, kind] = by_sum
    return _BY_SUM[size, kind]


def _flush_table() -> npt.NDArray[np.int32]:
    if not _FLUSH:
        _FLUSH.append(np.array(_tables.tables().flush, dtype=np.int32))
    return _FLUSH[0]


def _check(codes: npt.ArrayLike) -> npt.NDArray[np.integer]:
    array = np.asarray(codes)
    if array.ndim != 2 or array.shape[1] not in (5, 6, 7):
        raise ValueError(f"codes must have shape (N, 5), (N, 6) or (N, 7), not {array.shape}")
    if not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"codes must be integers 0 to 51, not {array.dtype}")
    if array.size and (int(array.min()) < 0 or int(array.max()) > 51):
        bad = np.argwhere((array < 0) | (array > 51))[0]
        raise ValueError(f"row {bad[0]} holds {array[bad[0], bad[1]]}, not a card code (0 to 51)")
    return array


def _evaluate(codes: npt.ArrayLike, kind: str, *, validate: bool) -> npt.NDArray[np.int32]:
    array = _check(codes)
    size = array.shape[1]
    by_sum = _values_by_sum(size, "low" if kind == "eight" else kind)
    flush_table = _flush_table() if kind == "high" else None
    first, second = _PAIRS[size]
    out = np.empty(len(array), dtype=np.int32)
    suit_counts = np.empty(len(array), dtype=np.uint16) if flush_table is not None else None
    for start in range(0, len(array), _CHUNK):
        columns = np.ascontiguousarray(array[start : start + _CHUNK].T)
        if validate:
            repeated = (columns[first] == columns[second]).any(axis=0)
            if repeated.any():
                raise ValueError(f"row {start + int(np.argmax(repeated))} holds a card twice")
        key = _CARD_KEYS.take(columns).sum(axis=0)
        by_sum.take(key >> 16, out=out[start : start + _CHUNK])
        if suit_counts is not None:
            suit_counts[start : start + _CHUNK] = key
    if flush_table is not None and suit_counts is not None:
        # Rows with five or more cards of one suit (a 4-bit count of 5 plus 3 sets bit 3).
        suit_counts += 0x3333
        suit_counts &= 0x8888
        flush_rows = np.flatnonzero(suit_counts)
        counts = suit_counts[flush_rows]
        suit = (counts > 0x8).astype(np.int8) + (counts > 0x80) + (counts > 0x800)
        cards = array[flush_rows]
        in_suit = (cards & 3) == suit[:, None]
        bits = np.where(in_suit, _RANK_BITS[cards], 0).sum(axis=1)
        out[flush_rows] = np.maximum(out[flush_rows], flush_table[bits])
    if kind == "eight":
        out[out <= _showdown.EIGHT_OR_BETTER_MIN] = 0
    return out


def high(codes: npt.ArrayLike, *, validate: bool = True) -> npt.NDArray[np.int32]:
    """The high value (R4.1) of every row; equals ``studpoker.hands.high(row).value``.

    ``validate=False`` skips the check that no row holds a card twice (the
    codes are still checked to be 0 to 51).
    """
    return _evaluate(codes, "high", validate=validate)


def low_a5(codes: npt.ArrayLike, *, validate: bool = True) -> npt.NDArray[np.int32]:
    """The ace-to-five low value (R4.2) of every row; equals ``low_a5(row).value``."""
    return _evaluate(codes, "low", validate=validate)


def eight_or_better(codes: npt.ArrayLike, *, validate: bool = True) -> npt.NDArray[np.int32]:
    """The eight-or-better value (R4.3) of every row, 0 where no low qualifies."""
    return _evaluate(codes, "eight", validate=validate)


def categories(values: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """The :class:`~studpoker.hands.Category` of each high value."""
    return (np.asarray(values) >> 20).astype(np.int8)
