"""Players' names and chat lines: what hides, reorders or impersonates is refused with a
message that says what and why; the letters of every script are names."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from studpoker.room.names import (
    NAME_BYTES,
    NAME_LENGTH,
    SKELETON_LENGTH,
    chat_text,
    normal_name,
    player_name,
    skeleton,
)

# The Default_Ignorable_Code_Point characters a name must not hold, from
# DerivedCoreProperties.txt, and the blanks that are not among them.
INVISIBLE = [
    "\u00ad",  # SOFT HYPHEN
    "\u034f",  # COMBINING GRAPHEME JOINER
    "\u061c",  # ARABIC LETTER MARK
    "\u115f",  # HANGUL CHOSEONG FILLER
    "\u1160",  # HANGUL JUNGSEONG FILLER
    "\u17b4",  # KHMER VOWEL INHERENT AQ
    "\u180b",  # MONGOLIAN FREE VARIATION SELECTOR ONE
    "\u180e",  # MONGOLIAN VOWEL SEPARATOR
    "\u200b",  # ZERO WIDTH SPACE
    "\u200c",  # ZERO WIDTH NON-JOINER
    "\u200d",  # ZERO WIDTH JOINER
    "\u200e",  # LEFT-TO-RIGHT MARK
    "\u202e",  # RIGHT-TO-LEFT OVERRIDE
    "\u2060",  # WORD JOINER
    "\u2066",  # LEFT-TO-RIGHT ISOLATE
    "\u3164",  # HANGUL FILLER
    "\ufe0f",  # VARIATION SELECTOR-16
    "\ufeff",  # ZERO WIDTH NO-BREAK SPACE
    "\uffa0",  # HALFWIDTH HANGUL FILLER
    "\U0001bca0",  # SHORTHAND FORMAT LETTER OVERLAP
    "\U0001d173",  # MUSICAL SYMBOL BEGIN BEAM
    "\U000e0001",  # LANGUAGE TAG
    "\U000e0100",  # VARIATION SELECTOR-17
    "\u2800",  # BRAILLE PATTERN BLANK: not ignorable, but draws nothing
]


def code(char: str) -> str:
    return f"U+{ord(char):04X}"


# -- what a name is -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        ("Alice", "Alice"),
        ("  Ann \t\n  Lee  ", "Ann Lee"),
        ("Ann\u00a0\u3000Lee", "Ann Lee"),  # no-break and ideographic spaces are spaces
        ("ａｌｉｃｅ", "alice"),  # full-width letters are letters
        ("e\u0301mile", "émile"),  # an accent composed with its letter
        ("小明", "小明"),
        ("陳大文", "陳大文"),
        ("김민준", "김민준"),
        ("さくら", "さくら"),
        ("ｻｸﾗ", "サクラ"),
        ("Владимир", "Владимир"),
        ("Νίκος", "Νίκος"),
        ("सुनील", "सुनील"),  # Devanagari vowel signs are combining marks
        ("สมศักดิ์", "สมศักดิ์"),  # so are Thai vowel and tone marks, two on a letter
        ("محمد", "محمد"),
        ("Zoë the Stud", "Zoë the Stud"),
        ("x" * NAME_LENGTH, "x" * NAME_LENGTH),
        ("Botany", "Botany"),
        ("Bot", "Bot"),
        ("Guest star", "Guest star"),
        ("Dealers", "Dealers"),
        ("\ufdfa", "صلى الله عليه وسلم"),  # 18 characters once spelled out: they fit
    ],
)
def test_names_of_every_script_are_kept_normalised(raw: str, kept: str) -> None:
    assert player_name(raw) == kept


@pytest.mark.parametrize("char", INVISIBLE, ids=code)
def test_an_invisible_character_is_refused_by_its_code(char: str) -> None:
    for raw in (f"Ann{char}Lee", f"{char}Ann", char):
        with pytest.raises(ValueError, match=r"^a name may not hold the invisible character"):
            player_name(raw)
    with pytest.raises(ValueError, match=re.escape(code(char))):
        player_name(f"Ann{char}")


def test_the_message_names_the_character_as_it_was_typed() -> None:
    # NFKC makes U+3164 the jungseong filler U+1160: the player typed U+3164.
    with pytest.raises(
        ValueError, match=r"^a name may not hold the invisible character U\+3164 \(HANGUL FILLER\)$"
    ):
        player_name("Ann\u3164")


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("Ann\x00", r"^a name may not hold the control character U\+0000$"),
        ("Ann\x1b[31m", r"^a name may not hold the control character U\+001B$"),
        ("A\x1fB", r"^a name may not hold the control character U\+001F$"),
        ("Ann\x7f", r"^a name may not hold the control character U\+007F$"),
        ("Ann\x9b", r"^a name may not hold the control character U\+009B$"),
        ("\ud800Ann", r"^a name may not hold the lone surrogate U\+D800$"),
        ("Ann\ue000", r"^a name may not hold the private-use character U\+E000$"),
        ("Ann\U000f0000", r"^a name may not hold the private-use character U\+F0000$"),
        ("Ann\u0378", r"^a name may not hold U\+0378: it is no character of Unicode \d"),
        ("Ann\u0600", r"^a name may not hold the format character U\+0600 \(ARABIC NUMBER SIGN\)$"),
    ],
)
def test_controls_surrogates_private_and_unassigned_code_points_are_refused(
    raw: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        player_name(raw)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (
            "\u0301Ann",
            r"^a name may not hold the combining mark U\+0301 \(COMBINING ACUTE ACCENT\) "
            r"without a letter under it$",
        ),
        ("Ann \u0301", r"without a letter under it$"),
        ("7\u20e3", r"U\+20E3 \(COMBINING ENCLOSING KEYCAP\) without a letter"),
        (
            "x\u0301",
            r"^a name may not put the combining mark U\+0301 \(COMBINING ACUTE ACCENT\) on 'x': "
            r"Latin, Greek and Cyrillic letters take only the accents written as one character",
        ),
        ("Ann\u0308\u0301", r"on 'n'"),  # no precomposed n with diaeresis
        ("Zalgo\u0300\u0301\u0302", r"on 'ò'"),  # NFKC composes ò: one more
        ("и\u0306\u0306", r"on 'й'"),  # NFKC composes the first: й, then one more
        ("ก\u0e34\u0e48\u0e4c", r"^a name may not stack 3 combining marks on 'ก': 2 at most$"),
    ],
)
def test_a_combining_mark_needs_a_letter_that_takes_it(raw: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        player_name(raw)


@pytest.mark.parametrize("raw", ["", " ", "\t\n", "\u3000\u00a0"])
def test_a_blank_name_is_refused(raw: str) -> None:
    with pytest.raises(
        ValueError, match=r"^a name needs a letter, a digit or a sign: .* is blank$"
    ):
        player_name(raw)


def test_a_name_is_at_most_24_characters_once_normalised() -> None:
    with pytest.raises(
        ValueError,
        match=r"^a name is 1 to 24 characters once normalised \(NFKC\), and this one is 25$",
    ):
        player_name("x" * 25)
    # 22 characters as typed (the server lets 24 through), 396 once NFKC spells them out.
    with pytest.raises(ValueError, match=r"and this one is 396$"):
        player_name("\ufdfa" * 22)
    assert player_name(" " * 10 + "x" * 24 + " " * 10) == "x" * 24


@pytest.mark.parametrize(
    ("raw", "whose"),
    [
        ("Bot 3", "the room's computer players"),
        ("bot 12", "the room's computer players"),
        ("Bot3", "the room's computer players"),
        ("B0t 3", "the room's computer players"),
        ("Вот 3", "the room's computer players"),  # Cyrillic В, о, т
        ("ВОТ 3", "the room's computer players"),
        ("Bot l0", "the room's computer players"),  # reads as Bot 10
        ("Guest 123456", "the room's guests"),
        ("GUEST 7", "the room's guests"),
        ("Guеst 123456", "the room's guests"),  # Cyrillic е
    ],
)
def test_the_names_of_the_rooms_players_are_refused(raw: str, whose: str) -> None:
    with pytest.raises(
        ValueError,
        match=f"^the name {re.escape(repr(raw))} is kept for {whose} .*; choose another$",
    ):
        player_name(raw)


@pytest.mark.parametrize(
    ("raw", "word"),
    [
        ("Dealer", "Dealer"),
        ("dealer", "Dealer"),
        ("DEALER", "Dealer"),
        ("Dеaler", "Dealer"),  # Cyrillic е
        ("System", "System"),
        ("ЅYSTEM", "System"),  # Cyrillic Ѕ
        ("admin", "Admin"),
        ("аdmin", "Admin"),  # Cyrillic а
    ],
)
def test_the_rooms_own_words_are_refused(raw: str, word: str) -> None:
    with pytest.raises(
        ValueError,
        match=f"^the name {re.escape(repr(raw))} is kept for the room itself \\({word}\\); "
        "choose another$",
    ):
        player_name(raw)


# -- when two names read alike ----------------------------------------------------------


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("paypal", "pаypal"),  # Cyrillic а
        ("Alice", "ALICE"),
        ("Alice", "АLICE"),  # Cyrillic А
        ("ALICE", "ΑLICE"),  # Greek Α
        ("bot", "ВОТ"),  # Cyrillic capitals
        ("bot", "вот"),  # Cyrillic small letters: в and т read as small capitals
        ("Nick", "ΝICK"),  # Greek Ν
        ("Hugo", "Ηugo"),  # Greek Η
        ("Siri", "Sırı"),  # dotless ı
        ("Bob", "B0b"),
        ("Moon", "Rnoon"),  # m reads as rn
        ("solo", "ѕοlο"),  # Cyrillic ѕ, Greek ο
    ],
)
def test_names_that_read_alike_have_one_skeleton(one: str, other: str) -> None:
    assert skeleton(player_name(one)) == skeleton(player_name(other))


@pytest.mark.parametrize(
    ("one", "other"), [("Ann", "Anna"), ("Bob", "Rob"), ("小明", "小朋"), ("Kim", "Tim")]
)
def test_names_that_read_otherwise_have_other_skeletons(one: str, other: str) -> None:
    assert skeleton(one) != skeleton(other)


def test_a_skeleton_fits_its_column_whatever_the_letters() -> None:
    """Every character a name can hold: its skeleton is at most SKELETON_LENGTH / 24
    characters (7 for a Hangul syllable), so a name of 24 always fits."""
    per_character = SKELETON_LENGTH // NAME_LENGTH
    for code_point in range(0x110000):
        char = chr(code_point)
        if unicodedata.category(char)[0] in "LMNPS" and unicodedata.normalize("NFKC", char) == char:
            assert len(skeleton(char)) <= per_character, code(char)


# -- the property: what comes out is a clean name -------------------------------------

TRICKY = st.sampled_from(
    INVISIBLE
    + list("\x00\x1b\t\n \u00a0\u3000\u0301\u0308\u20e3\u0e34\u0e48\ufdfa\ud800\ue000\u0378")
    + list("aAıIlі1оo0Ⅰｌ𝐀Bot Guest3小明김ก")
)
TEXT = st.text(st.one_of(st.characters(exclude_categories=()), TRICKY), max_size=40)


@given(TEXT)
@example("\ufdfa" * 22)
@example("Ann\u3164")
@example("e\u0301")
def test_a_name_that_passes_is_clean_and_stays_itself(raw: str) -> None:
    try:
        name = player_name(raw)
    except ValueError:
        return  # the tests above pin what each refusal says
    assert unicodedata.normalize("NFKC", name) == name
    assert name == name.strip()
    assert "  " not in name
    assert 1 <= len(name) <= NAME_LENGTH
    assert len(name.encode("utf-8")) <= NAME_BYTES
    assert len(skeleton(name)) <= SKELETON_LENGTH
    for char in name:
        assert unicodedata.category(char) not in ("Cc", "Cf", "Cs", "Co", "Cn"), code(char)
        assert char not in INVISIBLE, code(char)
    assert player_name(name) == name


# -- logins ---------------------------------------------------------------------------


def test_a_login_finds_the_name_as_it_is_kept() -> None:
    assert normal_name("  Ann   Lee ") == player_name("Ann Lee")
    assert normal_name("ａｌｉｃｅ") == "alice"
    assert normal_name("Bot 3") == "Bot 3"  # it checks nothing: old names still log in


# -- chat -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "sent"),
    [
        ("  nice   hand ", "nice hand"),
        ("gg\twp\nall", "gg wp all"),
        ("ni\u200bce", "nice"),
        ("\ufeffhi\u2060 there\u200c\u200d", "hi there"),
        ("שלום hello", "שלום hello"),
        ("好牌！", "好牌！"),
        ("\u200b", ""),
    ],
)
def test_a_chat_line_is_folded_and_loses_its_zero_width_characters(raw: str, sent: str) -> None:
    assert chat_text(raw) == sent


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("hi\x00", r"^a chat line may not hold the control character U\+0000$"),
        ("\x1b[2Jhi", r"^a chat line may not hold the control character U\+001B$"),
        ("hi\x7f", r"^a chat line may not hold the control character U\+007F$"),
        (
            "gg\u202eevil",
            r"^a chat line may not hold the bidirectional control U\+202E "
            r"\(RIGHT-TO-LEFT OVERRIDE\)$",
        ),
        ("a\u202ab", r"bidirectional control U\+202A \(LEFT-TO-RIGHT EMBEDDING\)$"),
        ("a\u2066b", r"bidirectional control U\+2066 \(LEFT-TO-RIGHT ISOLATE\)$"),
        ("a\u2069b", r"bidirectional control U\+2069 \(POP DIRECTIONAL ISOLATE\)$"),
        ("hi\udc00", r"^a chat line may not hold the lone surrogate U\+DC00$"),
    ],
)
def test_a_chat_line_with_controls_or_bidi_overrides_is_refused(raw: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        chat_text(raw)
