"""What the players have put in, for the sites that write an action's amount as the
chips it puts in (PartyPoker's ``raises [$2 USD]``, Bovada's ``Raises $0.10``) where
the record keeps the total a wager goes to, and that do not always say who is all in
or what the stakes are.

A reader of such a site turns each amount into the record's (RULES.md R2: a call or
bring-in is what it costs, a bet, completion or raise the player's total on the
street) with :func:`put_in` and :func:`street_level`, marks a player all in when an
action takes the last chip of the stack the seat list gives (:func:`mark_all_in`),
reads an all-in line that does not say what it is (:func:`all_in_action`), and, where
the header names no stakes (Bovada's cash games), finds them from the wagers
(:func:`infer_stakes`).

>>> from studpoker.history.record import ActionName, HandRecord, RecordedAction, SeatRecord
>>> record = HandRecord("Site", "1", 1, "seven_card_stud", "$", 100, 0, 0)
>>> record.seats = [SeatRecord(1, "Ann", 500, 2), SeatRecord(2, "Bob", 60, 3)]
>>> record.actions = [
...     RecordedAction(0, "Ann", "bring_in", 25, False, 4, ""),
...     RecordedAction(0, "Bob", "complete", 50, False, 5, ""),
... ]
>>> put_in(record, "Ann", 0), street_level(record, 0), street_step(record, 0)
(25, 50, 50)
>>> action = all_in_action(record, "Ann", 0, 75, 6, "Ann is all-In [$0.75]")
>>> action.kind, action.amount, action.all_in
('raise', 100, True)
>>> infer_stakes(record), record.small_bet, record.big_bet
(None, 50, 100)
"""

from __future__ import annotations

from studpoker.history.record import ActionName, HandRecord, RecordedAction

__all__ = [
    "WAGERS",
    "all_in_action",
    "infer_stakes",
    "mark_all_in",
    "put_in",
    "stack_of",
    "street_level",
    "street_step",
]

# The record's names of a wager: an amount that is the player's total on the street.
WAGERS = frozenset(("bet", "raise", "complete"))


def put_in(record: HandRecord, player: str, street: int | None = None) -> int:
    """What ``player`` has put in so far: on ``street``, or in the whole hand with the
    ante."""
    totals: dict[int, int] = {}
    for action in record.actions:
        if action.player != player or action.amount is None:
            continue
        if action.kind in ("bring_in", "call"):
            totals[action.street] = totals.get(action.street, 0) + action.amount
        elif action.kind in WAGERS:
            totals[action.street] = action.amount
    if street is not None:
        return totals.get(street, 0)
    ante = record.antes.get(player)
    return sum(totals.values()) + (ante[0] if ante is not None else 0)


def street_level(record: HandRecord, street: int) -> int:
    """What every player must have put in on ``street`` to stay: the most anyone has
    (the bring-in counts on the first street, R2.4)."""
    players = {action.player for action in record.actions if action.street == street}
    return max((put_in(record, player, street) for player in players), default=0)


def street_step(record: HandRecord, street: int) -> int | None:
    """The size of ``street``'s bets as its first full wager shows it: on the first
    street the completion's total (the small bet, R2.4), on a later one the first bet
    (the small or big bet, R2.6, or the double bet on an open pair, R2.7); None
    before any wager."""
    for action in record.actions:
        if action.street == street and action.kind in WAGERS and not action.all_in:
            return action.amount
    return None


def stack_of(record: HandRecord, player: str) -> int:
    """The stack the seat list gives ``player``."""
    return next(seat.stack for seat in record.seats if seat.name == player)


def mark_all_in(record: HandRecord, player: str, *, ante: bool = False) -> None:
    """The ante or action just read (the record's last of ``player``) leaves the player
    all in if it took the last chip of the stack the seat list gives."""
    if put_in(record, player) < stack_of(record, player):
        return
    if ante:
        amount, _, line = record.antes[player]
        record.antes[player] = (amount, True, line)
    else:
        record.actions[-1].all_in = True


def all_in_action(
    record: HandRecord, player: str, street: int, added: int | None, line: int, text: str
) -> RecordedAction:
    """An all-in line that says only what it put in (``added``; None: the rest of the
    stack), as the action it is: the bring-in posted short when it opens the first
    street below the small bet (R2.4), a call when it does not go above the street's
    level (R2.11: a call all in for less counts too), else a bet or a raise to the
    player's new total."""
    before = put_in(record, player, street)
    if added is None:
        added = stack_of(record, player) - put_in(record, player)
    level = street_level(record, street)
    total = before + added
    if street == 0 and level == 0 and (not record.small_bet or total < record.small_bet):
        return RecordedAction(street, player, "bring_in", added, True, line, text)
    if total <= level:
        return RecordedAction(street, player, "call", added, True, line, text)
    kind: ActionName = "bet" if level == 0 else "raise"
    return RecordedAction(street, player, kind, total, True, line, text)


def infer_stakes(record: HandRecord) -> str | None:
    """The small and big bet from the hand's full wagers, for a record whose header
    does not give them (left as they are where it does): on the first street the
    completion (R2.4) and the raises after it go in small bets, on the second the
    first bet and raises go in small bets unless the bet was the double bet of an open
    pair (R2.7), after it in big bets (R2.6); the big bet is twice the small (fixed
    limit).  A hand with no full wager says nothing of them, and nothing in it depends
    on them: they are then taken from the bring-in (a small bet of two and a half
    bring-ins, as the sites' stakes are), and the returned note says so."""
    small: int | None = None
    big: int | None = None
    doubled = {street for street, _ in record.open_pair}
    level: dict[int, int] = {}
    put: dict[tuple[int, str], int] = {}
    first_wager: dict[int, int] = {}
    for action in record.actions:
        street, amount = action.street, action.amount
        if amount is None:
            continue
        key = (street, action.player)
        if action.kind in ("bring_in", "call"):
            put[key] = put.get(key, 0) + amount
            level[street] = max(level.get(street, 0), put[key])
            continue
        if action.kind not in WAGERS:
            continue
        increase = amount - level.get(street, 0)
        first = street not in first_wager
        put[key] = amount
        level[street] = max(level.get(street, 0), amount)
        if action.all_in or increase <= 0:
            continue  # a short all-in wager says nothing of the bets' size (R2.11)
        size = amount if first else increase
        if first:
            first_wager[street] = amount
        if street == 0 or (street == 1 and street not in doubled):
            small = small if small is not None else size
        else:
            big = big if big is not None else size
    if small is not None:
        record.small_bet = small
        record.big_bet = big if big is not None else 2 * small
        return None
    if big is not None:
        record.small_bet, record.big_bet = big // 2, big
        return None
    if record.small_bet and record.big_bet:
        return None  # the header's
    posted = record.bring_in or max((a.amount or 0 for a in record.actions), default=0)
    small = max(posted * 5 // 2, posted + 1, (record.ante or 0) * 5, 2)
    record.small_bet, record.big_bet = small, 2 * small
    return (
        f"the stakes are not stated and no full bet shows them; taken as {small}/{2 * small}, "
        "which no fact of the hand depends on"
    )
