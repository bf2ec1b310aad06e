"""Players' names and chat lines as the room takes them: nothing in them that hides,
reorders or impersonates.

A name is refused with a :class:`~studpoker.room.RoomError` (a ``ValueError``) that
says what is wrong and what is allowed, and names it with a code and its parameters
(``name_characters``, ``name_blank``, ``name_length``, ``name_reserved``); one that
passes is the name as the room keeps it (NFKC, white space folded):

>>> player_name("  Ann   Lee ")
'Ann Lee'
>>> player_name("ａｌｉｃｅ")
'alice'
>>> player_name("Ann\\u200bLee")
Traceback (most recent call last):
...
studpoker.room.errors.RoomError: a name may not hold the invisible character U+200B \
(ZERO WIDTH SPACE)
>>> player_name("Dеaler")
Traceback (most recent call last):
...
studpoker.room.errors.RoomError: the name 'Dеaler' is kept for the room itself (Dealer); \
choose another

Two names of one :func:`skeleton` (the store's: they read alike, whatever their case)
cannot both be players'; the store refuses the second.
"""

from __future__ import annotations

import unicodedata

from studpoker.room.errors import RoomError
from studpoker.store.models import NAME_LENGTH
from studpoker.store.names import SKELETON_LENGTH, skeleton

__all__ = [
    "NAME_BYTES",
    "NAME_LENGTH",
    "SKELETON_LENGTH",
    "chat_text",
    "normal_name",
    "player_name",
    "skeleton",
]

NAME_BYTES = 4 * NAME_LENGTH
"""The most UTF-8 a name takes: 4 bytes a character.  The columns count characters
(PostgreSQL's ``varchar``), so a name of ``NAME_LENGTH`` characters always fits them;
this is the bound for anything that counts bytes."""

# Unicode 15.1's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters
# that draw nothing.  Python's unicodedata does not have the property.
_DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Symbols that draw as blank space though Unicode does not call them ignorable.
_BLANK = frozenset({"\u2800", "\U0001d159"})  # BRAILLE PATTERN BLANK, NULL NOTEHEAD

# The controls that are white space: folded to one space like any other.
_WHITE_CONTROLS = frozenset("\t\n\v\f\r\x85")

# A base letter takes this many combining marks at most: enough for the vowel and tone
# marks of Thai or Devanagari, not for a stack that spills over the line.
_MARKS_ON_A_LETTER = 2

# The scripts whose accented letters NFKC writes as one character: a mark still
# standing on one of their letters is an accent Unicode does not have, or a stack.
_PRECOMPOSED_SCRIPTS = ("LATIN ", "GREEK ", "CYRILLIC ")

_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")

_ROOM_WORDS = ("Dealer", "System", "Admin")
_ROOM_NUMBERED = (
    ("Bot", "the room's computer players (Bot 1, Bot 2, …)"),
    ("Guest", "the room's guests (Guest 123456)"),
)


def _code(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X} ({name})" if name else f"U+{ord(char):04X}"


def _bad(message: str, char: str, code: str = "name_characters") -> RoomError:
    """The refusal of a character a name (or, with ``code``, a chat line) may not hold:
    the character as its code point, ``U+200B``."""
    return RoomError(message, code, character=f"U+{ord(char):04X}")


def _invisible(char: str) -> bool:
    code = ord(char)
    return char in _BLANK or any(low <= code <= high for low, high in _DEFAULT_IGNORABLE)


def _check_characters(text: str) -> None:
    """Refuses a character no name may hold, naming it."""
    for char in text:
        category = unicodedata.category(char)
        if category == "Cc" and char not in _WHITE_CONTROLS:
            raise _bad(f"a name may not hold the control character {_code(char)}", char)
        if category == "Cs":
            raise _bad(f"a name may not hold the lone surrogate {_code(char)}", char)
        if _invisible(char):
            raise _bad(f"a name may not hold the invisible character {_code(char)}", char)
        if category == "Cf":
            raise _bad(f"a name may not hold the format character {_code(char)}", char)
        if category == "Co":
            raise _bad(f"a name may not hold the private-use character {_code(char)}", char)
        if category == "Cn":
            raise _bad(
                f"a name may not hold U+{ord(char):04X}: it is no character of Unicode "
                f"{unicodedata.unidata_version}",
                char,
            )


def _check_marks(name: str) -> None:
    """Refuses a combining mark with no letter under it, on a letter that takes its
    accents precomposed, or one too many on a letter."""
    base = ""
    marks = 0
    for char in name:
        category = unicodedata.category(char)
        if category == "Mc":  # a spacing vowel sign (Devanagari ो): still the letter's
            continue
        if category not in ("Mn", "Me"):
            base = char if category.startswith("L") else ""
            marks = 0
            continue
        marks += 1
        if not base:
            raise _bad(
                f"a name may not hold the combining mark {_code(char)} without a letter under it",
                char,
            )
        if unicodedata.name(base, "").startswith(_PRECOMPOSED_SCRIPTS):
            raise _bad(
                f"a name may not put the combining mark {_code(char)} on {base!r}: Latin, "
                "Greek and Cyrillic letters take only the accents written as one "
                "character (é, ñ, ö)",
                char,
            )
        if marks > _MARKS_ON_A_LETTER:
            raise _bad(
                f"a name may not stack {marks} combining marks on {base!r}: "
                f"{_MARKS_ON_A_LETTER} at most",
                char,
            )


def _check_not_the_rooms(name: str) -> None:
    """Refuses a name that reads as one the room gives: its own words, its computer
    players' and its guests' names."""
    shape = skeleton(name)
    for word in _ROOM_WORDS:
        if shape == skeleton(word):
            raise RoomError(
                f"the name {name!r} is kept for the room itself ({word}); choose another",
                "name_reserved",
                name=name,
            )
    digits = {skeleton(digit) for digit in "0123456789"}
    for prefix, whose in _ROOM_NUMBERED:
        rest = shape.removeprefix(skeleton(prefix))
        if rest != shape:
            rest = rest.removeprefix(" ")
            if rest and all(char in digits for char in rest):
                raise RoomError(
                    f"the name {name!r} is kept for {whose}; choose another",
                    "name_reserved",
                    name=name,
                )


def normal_name(raw: str) -> str:
    """``raw`` as a name is kept: NFKC, runs of white space one space, stripped.  It
    checks nothing: a login looks up what was typed this way.

    >>> normal_name(" Ａｎｎ\\u3000 Lee")
    'Ann Lee'
    """
    return " ".join(unicodedata.normalize("NFKC", raw).split())


def player_name(raw: str) -> str:
    """The name a player asked for, as the room keeps it; a RoomError (a ValueError) if
    it may not be a player's name.

    It is 1 to ``NAME_LENGTH`` characters once normalised (NFKC, white space folded);
    letters of every script, digits, punctuation and symbols; no control, format or
    invisible character, no code point that is private or not yet a character; a
    combining mark only on a letter of a script that needs marks (Thai, Devanagari, …),
    2 at most; and not a name the room gives (``Dealer``, ``Bot 3``, ``Guest 123456``,
    nor any name that reads as one of them).
    """
    _check_characters(raw)
    name = normal_name(raw)
    _check_characters(name)
    if not name:
        raise RoomError(f"a name needs a letter, a digit or a sign: {raw!r} is blank", "name_blank")
    if len(name) > NAME_LENGTH:
        raise RoomError(
            f"a name is 1 to {NAME_LENGTH} characters once normalised (NFKC), "
            f"and this one is {len(name)}",
            "name_length",
            maximum=NAME_LENGTH,
            length=len(name),
        )
    _check_marks(name)
    _check_not_the_rooms(name)
    return name


def chat_text(raw: str) -> str:
    """A chat line as the room sends it: white space folded, zero-width characters
    (U+200B to U+200D, U+2060, U+FEFF) left out, since they only hide words from
    whoever reads or filters the line; a RoomError (``chat_characters``) for a control
    character, a bidirectional embedding, override or isolate (U+202A to U+202E, U+2066
    to U+2069: they reorder what the lines after them show) or a lone surrogate.

    >>> chat_text("  nice\\u200b   hand ")
    'nice hand'
    >>> chat_text("gg\\u202e")
    Traceback (most recent call last):
    ...
    studpoker.room.errors.RoomError: a chat line may not hold the bidirectional control U+202E \
(RIGHT-TO-LEFT OVERRIDE)
    """
    for char in raw:
        category = unicodedata.category(char)
        chat = "chat_characters"
        if category == "Cc" and char not in _WHITE_CONTROLS:
            raise _bad(f"a chat line may not hold the control character {_code(char)}", char, chat)
        if category == "Cs":
            raise _bad(f"a chat line may not hold the lone surrogate {_code(char)}", char, chat)
        if char in _BIDI_CONTROLS:
            raise _bad(
                f"a chat line may not hold the bidirectional control {_code(char)}", char, chat
            )
    kept = "".join(char for char in raw if char not in _ZERO_WIDTH)
    return " ".join(kept.split())
