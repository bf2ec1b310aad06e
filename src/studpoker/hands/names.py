"""Names of hand values in English, Traditional and Simplified Chinese (R4.5).

Traditional Chinese names Show Hand values in the Hong Kong words of 002 (同花大順,
俘虜, 花, 蛇, 滔啤, 啤, 無啤 …) and every other game in the common ones (葫蘆, 同花,
順子, 高牌 …).  Simplified Chinese takes the mainland names in every game (散牌, 一对,
两对, 三条, 顺子, 同花, 葫芦, 四条, 同花顺); Show Hand's top hand is 同花大顺 there, as
in Hong Kong, and the seven-card games' 皇家同花顺, as 皇家同花順 in Traditional.

>>> from studpoker.hands import high, low_a5, show_hand
>>> hand = high("Kh Kd 7s 7c Qs")
>>> [hand.name(lang) for lang in LANGUAGES]
['Two pair, kings and sevens', '兩對 K 和 7', '两对 K 和 7']
>>> low_a5("8h 6d 4c 2s As").name("zh-Hans")
'8-6-4-2-A 低牌'
>>> full_house = show_hand("Ks Kd Kc 7h 7s")
>>> full_house.name("zh-Hant"), full_house.name("zh-Hans")
('俘虜 K 帶 7', '葫芦 K 带 7')
>>> nothing = show_hand("Ad Td 9s 5c 4c")
>>> nothing.name("zh-Hant"), nothing.name("zh-Hans"), high("Ad Td 9s 5c 4c").name("zh-Hans")
('無啤 A', '散牌 A', '散牌 A')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from studpoker.hands.value import Category, Ranking

if TYPE_CHECKING:
    from studpoker.hands.value import HandValue

__all__ = ["LANGUAGES", "describe", "rank_name"]

LANGUAGES: Final = ("en", "zh-Hant", "zh-Hans")

_EN_SINGULAR: Final = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}  # fmt: skip
_EN_PLURAL: Final = {
    rank: word + ("es" if word == "six" else "s") for rank, word in _EN_SINGULAR.items()
}
_SHORT: Final = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}

# {0} and {1} are the ranks the name mentions; "royal" is the ace-high straight flush.
_EN: Final = {
    Category.HIGH_CARD: "High card, {0}",
    Category.PAIR: "Pair of {0s}",
    Category.TWO_PAIR: "Two pair, {0s} and {1s}",
    Category.THREE_OF_A_KIND: "Three of a kind, {0s}",
    Category.STRAIGHT: "Straight, {0} high",
    Category.FLUSH: "Flush, {0} high",
    Category.FULL_HOUSE: "Full house, {0s} full of {1s}",
    Category.FOUR_OF_A_KIND: "Four of a kind, {0s}",
    Category.STRAIGHT_FLUSH: "Straight flush, {0} high",
    Category.STRAIGHT_FACE: "Straight face, {0} high",
    Category.FLUSH_FACE: "Flush face, {0} high",
    Category.STRAIGHT_FLUSH_FACE: "Straight-flush face, {0} high",
    "royal": "Royal flush",
    "low": "{all} low",
}
_ZH_HANT: Final = {
    Category.HIGH_CARD: "高牌 {0}",
    Category.PAIR: "一對 {0}",
    Category.TWO_PAIR: "兩對 {0} 和 {1}",
    Category.THREE_OF_A_KIND: "三條 {0}",
    Category.STRAIGHT: "順子 {0} 高",
    Category.FLUSH: "同花 {0} 高",
    Category.FULL_HOUSE: "葫蘆 {0} 帶 {1}",
    Category.FOUR_OF_A_KIND: "四條 {0}",
    Category.STRAIGHT_FLUSH: "同花順 {0} 高",
    Category.STRAIGHT_FACE: "蛇面 {0} 高",
    Category.FLUSH_FACE: "花面 {0} 高",
    Category.STRAIGHT_FLUSH_FACE: "同花順面 {0} 高",
    "royal": "皇家同花順",
    "low": "{all} 低牌",
}
# The mainland names (R4.5), in every game: 散牌 for high card, never 高牌, which
# Simplified Chinese players read as the high half of Stud/8 (004).
_ZH_HANS: Final = {
    Category.HIGH_CARD: "散牌 {0}",
    Category.PAIR: "一对 {0}",
    Category.TWO_PAIR: "两对 {0} 和 {1}",
    Category.THREE_OF_A_KIND: "三条 {0}",
    Category.STRAIGHT: "顺子 {0} 高",
    Category.FLUSH: "同花 {0} 高",
    Category.FULL_HOUSE: "葫芦 {0} 带 {1}",
    Category.FOUR_OF_A_KIND: "四条 {0}",
    Category.STRAIGHT_FLUSH: "同花顺 {0} 高",
    Category.STRAIGHT_FACE: "顺子面 {0} 高",
    Category.FLUSH_FACE: "同花面 {0} 高",
    Category.STRAIGHT_FLUSH_FACE: "同花顺面 {0} 高",
    "royal": "皇家同花顺",
    "low": "{all} 低牌",
}
# The Hong Kong names of Show Hand (002), R4.5.
_HK_HANT: Final = _ZH_HANT | {
    Category.HIGH_CARD: "無啤 {0}",
    Category.PAIR: "啤 {0}",
    Category.TWO_PAIR: "滔啤 {0} 和 {1}",
    Category.STRAIGHT: "蛇 {0} 高",
    Category.FLUSH: "花 {0} 高",
    Category.FULL_HOUSE: "俘虜 {0} 帶 {1}",
    "royal": "同花大順",
}
# The mainland names of Show Hand (梭哈), R4.5.
_MAINLAND_HANS: Final = _ZH_HANS | {"royal": "同花大顺"}
_TEMPLATES: Final = {
    ("en", False): _EN,
    ("en", True): _EN,
    ("zh-Hant", False): _ZH_HANT,
    ("zh-Hant", True): _HK_HANT,
    ("zh-Hans", False): _ZH_HANS,
    ("zh-Hans", True): _MAINLAND_HANS,
}


def rank_name(rank: int, lang: str = "en", *, plural: bool = False) -> str:
    """A rank's name: ``'king'``/``'kings'`` in English, ``'K'`` in Chinese."""
    if lang == "en":
        return (_EN_PLURAL if plural else _EN_SINGULAR)[rank]
    return _SHORT.get(rank, str(rank))


def describe(value: HandValue, lang: str = "en") -> str:
    """The name of a hand value in ``lang`` (one of :data:`LANGUAGES`)."""
    # A name is made of these alone; the table names every seat's cards at every
    # street, and the same few hundred names come back.
    key = (value.ranking, value.category, value.ranks, lang)
    name = _NAMED.get(key)
    if name is None:
        if lang not in LANGUAGES:
            raise ValueError(f"names are in {', '.join(LANGUAGES)}, not {lang!r}")
        if len(_NAMED) > 100_000:
            _NAMED.clear()
        name = _NAMED[key] = _describe(value, lang)
    return name


_NAMED: dict[tuple[Ranking, Category, tuple[int, ...], str], str] = {}


def _describe(value: HandValue, lang: str) -> str:
    own_names = value.ranking in (Ranking.SHOW_HAND, Ranking.SHOW_HAND_BOARD)
    templates: dict[Category | str, str] = _TEMPLATES[lang, own_names]  # type: ignore[assignment]
    category = value.category
    ranks = value.ranks
    if value.is_low:
        # A low is read by its cards, the highest first, a pair among them too ("8-6-4-2-A
        # low", "Q-6-2-2 low"): what a Razz player reads, never "pair of twos" (R4.2).
        ordered = sorted(ranks, reverse=True)
        return templates["low"].format(all="-".join(_SHORT.get(r, str(r)) for r in ordered))
    if category == Category.STRAIGHT_FLUSH and ranks[0] == 14:
        return templates["royal"]
    named = value.named_ranks()
    words = {}
    for i, rank in enumerate(named):
        words[str(i)] = rank_name(rank, lang)
        words[f"{i}s"] = rank_name(rank, lang, plural=True)
    template = templates[category]
    for key, word in words.items():
        template = template.replace("{" + key + "}", word)
    return template
