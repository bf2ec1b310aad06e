"""A tournament level's number as the sites write it: ``Level XXXI (250/500)``."""

from __future__ import annotations

__all__ = ["roman"]


def roman(number: int) -> str:
    """``number`` (1 to 3999) in Roman numerals, as the sites name a level.

    >>> roman(3), roman(14), roman(31)
    ('III', 'XIV', 'XXXI')
    """
    if not 1 <= number <= 3999:
        raise ValueError(f"a level's number is 1 to 3999, not {number}")
    out = []
    for value, letters in (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ):  # fmt: skip
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)
