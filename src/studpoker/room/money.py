"""The room's money as people write it: a balance, a deposit, a withdrawal or free chips
in the room's unit — 100 chips make one, as the fixed-limit games write money (R1.4) —
never in chips.  The operator types ``12.50`` and means 1,250 chips.

>>> parse_amount("12.50"), parse_amount("1,000"), parse_amount("7")
(1250, 100000, 700)
>>> amount_text(1250), amount_text(100000), amount_text(5)
('12.50', '1,000.00', '0.05')
>>> parse_amount("0.001")
Traceback (most recent call last):
...
ValueError: an amount is a number above 0 with two decimals at most, such as 12.50, not '0.001'
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final, Literal

__all__ = [
    "LARGEST_AMOUNT",
    "ROOM_UNIT",
    "amount_text",
    "parse_amount",
    "withdrawal_refused",
]

ROOM_UNIT: Final[Literal[100]] = 100
"""Chips in one unit of a balance (the fixed-limit games' money, R1.4)."""
LARGEST_AMOUNT = 10**9
"""The most one deposit, withdrawal or grant moves, in units."""
_WRITTEN = re.compile(r"^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$")


def parse_amount(text: str | int | Decimal) -> int:
    """An amount written in the room's unit, as chips: a number above 0 with two
    decimals at most, its thousands separated by commas or not (no sign, no exponent)."""
    written = str(text).strip()
    chips = 0
    if _WRITTEN.match(written):
        whole, _, cents = written.replace(",", "").partition(".")
        chips = int(whole) * ROOM_UNIT + int(cents.ljust(2, "0") or 0)
    if chips <= 0:
        raise ValueError(
            "an amount is a number above 0 with two decimals at most, such as 12.50, "
            f"not {str(text)!r}"
        )
    if chips > LARGEST_AMOUNT * ROOM_UNIT:
        raise ValueError(f"an amount is {LARGEST_AMOUNT:,} at most, not {written}")
    return chips


def amount_text(chips: int) -> str:
    """Chips written in the room's unit, with two decimals and thousands separated."""
    sign = "-" if chips < 0 else ""
    whole, cents = divmod(abs(chips), ROOM_UNIT)
    return f"{sign}{whole:,}.{cents:02d}"


def withdrawal_refused(name: str, balance: int, chips: int) -> str:
    """Why a withdrawal of ``chips`` from ``name``'s ``balance`` is refused, in the room's
    unit."""
    return (
        f"{name} has {amount_text(balance)} on the balance and cannot have "
        f"{amount_text(chips)} withdrawn (chips at tables are never withdrawn)"
    )
