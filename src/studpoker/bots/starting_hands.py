"""Starting-hand standards: how good a seat's first cards are, game by game.

Each game's standard rates the first betting round's cards (third street: two
down and one up; Show Hand and Five-Card Stud: the down card and the first up
card, R6.2, R9.1) as a
*tier*: ``0`` fold, ``1`` marginal (a loose player's call), ``2`` playable,
``3`` strong (complete or raise), ``4`` premium (raise and re-raise).  The tiers
count live cards: up cards the seat sees elsewhere, folded ones included, that a
hand needs to improve make it worth less.

>>> from studpoker.cards import parse_cards
>>> from studpoker.engine import Hand
>>> from studpoker.games import razz, seven_card_stud
>>> def first_tier(game, text):
...     cards = parse_cards(text)           # in dealing order; seat 0 is the one rated
...     hand = Hand(game, [1000] * (len(cards) // 3), deck=cards + [None] * (52 - len(cards)))
...     return starting_tier(Reading(hand.view(0)), game.game)
>>> first_tier(seven_card_stud(), "Qs 2c 5c  Qh Td 9d  Qd 3h 4s")     # rolled-up queens
4
>>> first_tier(seven_card_stud(), "7s 2c 5c  8s Td 9d  9s 3h 4s")     # three spades, all live
2
>>> first_tier(seven_card_stud(), "2s 2c 3c 4c 5c  7s 6d 7d 8d 9d  Js Ks Qs 4s 5s")  # 4 spades seen
0
>>> first_tier(razz(), "As 9c Kc  2h Td Jd  4d Qh Ks")                # A-2-4
4

Five-Card Stud deals each seat a down card, then each an up card (R9.1); seat 0
holds the first down card and the first up card:

>>> from studpoker.games import five_card_stud
>>> def second_tier(text):
...     cards = parse_cards(text)
...     hand = Hand(five_card_stud(), [1000] * (len(cards) // 2), deck=cards + [None] * 46)
...     return starting_tier(Reading(hand.view(0)), "five_card_stud")
>>> second_tier("Ks 8c  Qd Jh")      # the hidden king beats every up card showing
3
>>> second_tier("4s 8c  4d Jh")      # a pair of fours, a jack showing
3
>>> second_tier("7s 8c  4d Jh")      # the jack beats both cards: beaten in sight
0
"""

from __future__ import annotations

from studpoker.bots.reading import Reading, low_of, rank_of
from studpoker.cards import Card

__all__ = ["defends", "starting_tier"]

FOLD, MARGINAL, PLAYABLE, STRONG, PREMIUM = range(5)


def starting_tier(read: Reading, game: str) -> int:
    """The tier of the seat's first cards in ``game`` (a :data:`GAMES` name)."""
    if game == "razz":
        return _razz(read)
    if game == "stud_hilo":
        return _stud_hilo(read)
    if game == "show_hand":
        return _show_hand(read)
    if game == "five_card_stud":
        return _five_card_stud(read)
    return _seven_card_stud(read)


def defends(read: Reading, game: str, their_up: Card) -> bool:
    """Whether the seat's first cards are worth a call heads-up against one
    player's completion, the completer showing ``their_up``: the standard advice for
    a bring-in facing a steal, whose up card is the worst at the table.  The high
    games: a pair, or a down card above their up card (it pairs into a better
    hand than theirs shows); Razz: two low cards, each 7 or under or lower than
    their up card; Stud/8 a pair, a down card above their up card, or two low cards
    of 8 or under (the low half)."""
    down = [card for card in read.mine if card not in read.up]
    ranks = [rank_of(card) for card in read.mine]
    paired = len(set(ranks)) < len(ranks)
    if game == "razz":
        lows = _low_cards(read, 8)
        return len([low for low in lows if low < low_of(their_up) or low <= 7]) >= 2
    above = any(rank_of(card) > rank_of(their_up) for card in down)
    if game == "stud_hilo":
        return paired or above or len(_low_cards(read, 8)) >= 2
    return paired or above


def _clamp(tier: int) -> int:
    return max(FOLD, min(PREMIUM, tier))


def _pair_and_kicker(ranks: list[int]) -> tuple[int, int]:
    """The pair's rank and the odd card's rank, or (0, 0) without a pair."""
    for rank in ranks:
        if ranks.count(rank) == 2:
            return rank, next(r for r in ranks if r != rank)
    return 0, 0


def _seven_card_stud(read: Reading) -> int:
    """Rolled-up trips, big pairs, small pairs with a high kicker, three to a flush
    or a straight, each worth less when the cards it needs are dead."""
    ranks = sorted((rank_of(card) for card in read.mine), reverse=True)
    if len(set(ranks)) == 1:
        return PREMIUM
    top_up = max((rank_of(c) for up in read.opponents for c in up), default=0)
    pair, kicker = _pair_and_kicker(ranks)
    if pair:
        tier = PREMIUM if pair >= 13 else STRONG if pair >= 10 else PLAYABLE
        if pair < 10 and kicker < 12 and pair < top_up:
            tier = MARGINAL if pair >= 6 or kicker >= 11 else FOLD
        if pair >= 8 and kicker >= 13:
            tier = max(tier, STRONG)
        if read.live_rank(pair) == 0:  # both cards that would make trips are dead
            tier -= 1
        if kicker >= 11 and read.live_rank(kicker) <= 1:
            tier -= pair < 10
        return _clamp(tier)
    return max(_three_to_flush(read, ranks), _three_to_straight(read, ranks))


def _three_to_flush(read: Reading, ranks: list[int]) -> int:
    suits = {card & 3 for card in read.mine}
    if len(suits) != 1:
        return FOLD
    live = read.live_suit(suits.pop())  # 10 when no card of the suit shows elsewhere
    if live >= 9:
        return STRONG if ranks[0] >= 12 else PLAYABLE
    if live >= 8:
        return PLAYABLE
    return MARGINAL if live >= 7 else FOLD


def _three_to_straight(read: Reading, ranks: list[int]) -> int:
    """Three ranks within a five-rank window; worth the live cards that make it a
    four-card straight draw."""
    distinct = set(ranks)
    if len(distinct) != 3:
        return FOLD
    low_ranks = {1 if r == 14 else r for r in distinct}
    best = FOLD
    for held in (distinct, low_ranks):
        if max(held) - min(held) > 4:
            continue
        helpers = {
            r
            for r in range(max(held) - 4, min(held) + 5)
            if 1 <= r <= 14 and r not in held and max(held | {r}) - min(held | {r}) <= 4
        }
        live = sum(read.live_rank(r) for r in helpers)
        connected = max(held) - min(held) == 2
        if live >= 11 and connected and max(held) >= 8:
            best = max(best, PLAYABLE)
        elif live >= 8:
            best = max(best, MARGINAL)
    return best


def _low_cards(read: Reading, limit: int) -> list[int]:
    """The seat's distinct low ranks of ``limit`` or below (the ace as 1), lowest first."""
    return sorted({low_of(card) for card in read.mine if low_of(card) <= limit})


def _dead_lows(read: Reading, held: list[int]) -> int:
    """Low cards (8 or below) of ranks the seat does not hold that show elsewhere:
    each is a card the seat's low draw cannot get."""
    return sum(1 for card in read.seen if low_of(card) <= 8 and low_of(card) not in held)


def _razz(read: Reading) -> int:
    """Three low cards 8 or under, better the lower and the livelier."""
    lows = _low_cards(read, 8)
    if len(lows) == 3:
        tier = PREMIUM if lows[-1] <= 5 else STRONG if lows[-1] <= 7 else PLAYABLE
    elif len(lows) == 2 and lows[-1] <= 5:
        tier = MARGINAL
    else:
        return FOLD
    if _dead_lows(read, lows) >= 5:
        tier -= 1
    return _clamp(tier)


def _stud_hilo(read: Reading) -> int:
    """Three low cards, an ace with low cards, big pairs, rolled-up trips."""
    ranks = sorted((rank_of(card) for card in read.mine), reverse=True)
    if len(set(ranks)) == 1:
        return PREMIUM
    lows = _low_cards(read, 8)
    pair, kicker = _pair_and_kicker(ranks)
    tier = FOLD
    if len(lows) == 3:
        tier = PREMIUM if lows[-1] <= 5 and lows[0] == 1 else STRONG if lows[-1] <= 6 else PLAYABLE
    elif 1 in lows and len(lows) == 2 and lows[-1] <= 5:
        tier = PLAYABLE  # an ace with a low card: both ways
    elif len(lows) == 2 and lows[-1] <= 4:
        tier = MARGINAL
    if pair:
        if pair == 14:
            tier = max(tier, PREMIUM)
        elif pair >= 11:
            tier = max(tier, STRONG)
        elif pair <= 3 and kicker == 14:
            tier = max(tier, PLAYABLE)
        elif pair >= 9:
            tier = max(tier, MARGINAL)
    if tier and lows and len(lows) >= 2 and _dead_lows(read, lows) >= 5:
        tier -= 1
    return _clamp(tier)


def _show_hand(read: Reading) -> int:
    """Show Hand's two cards (R6.2): pairs and high cards, judged against the up
    cards the others show."""
    ranks = sorted((rank_of(card) for card in read.mine), reverse=True)
    top_up = max((rank_of(c) for up in read.opponents for c in up), default=0)
    high_rank = 14 - (14 - read.lowest_rank) // 3  # the top third of the deck's ranks
    if len(ranks) < 2:
        return FOLD
    if ranks[0] == ranks[1]:
        tier = PREMIUM if ranks[0] >= high_rank or ranks[0] >= top_up else STRONG
    elif ranks[0] == 14:
        tier = STRONG if ranks[1] >= high_rank else PLAYABLE
    elif ranks[1] >= high_rank - 1:
        tier = PLAYABLE
    elif ranks[0] >= 13:
        tier = MARGINAL
    else:
        tier = FOLD
    if ranks[0] != ranks[1] and top_up > ranks[0]:
        tier -= 1  # someone shows a card above both of the seat's
    return _clamp(tier)


def _five_card_stud(read: Reading) -> int:
    """Five-Card Stud's two cards (R9.1): a pair, or a hidden card above every up
    card the others show, is a strong start; a seat whose two cards an up card
    already beats is beaten in sight and folds.  A card whose rank is dead pairs
    less often, and many opponents ask for higher cards."""
    if len(read.mine) < 2:
        return FOLD
    ranks = sorted((rank_of(card) for card in read.mine), reverse=True)
    hidden = max((rank_of(card) for card in read.mine if card not in read.up), default=0)
    up = max((rank_of(card) for card in read.up), default=0)
    top_up = max((rank_of(c) for board in read.opponents for c in board), default=0)
    crowd = len(read.opponents) > 2
    if ranks[0] == ranks[1]:
        pair = ranks[0]
        tier = PREMIUM if pair >= max(top_up, 10) else STRONG
        if pair < top_up and (crowd or read.live_rank(pair) == 0):
            tier -= 1
        return _clamp(tier)
    if top_up > ranks[0]:
        return FOLD  # beaten in sight: an up card above both of the seat's cards
    if hidden > top_up:
        tier = STRONG if hidden >= 9 or not crowd else PLAYABLE
        if up > top_up and ranks[1] >= 10:
            tier = max(tier, STRONG)  # two cards above every up card, both high
    elif up > top_up:
        tier = PLAYABLE if up >= 12 else MARGINAL
    elif ranks[0] >= 12:
        tier = MARGINAL  # the best up card's rank, matched: the other card decides
    else:
        return FOLD
    if read.live_rank(ranks[0]) <= 1:
        tier -= 1  # the top card's rank is dead: it seldom pairs
    return _clamp(tier)
