"""The seeds each hand of a table is dealt from (issue 38, docs/fairness.md).

Before a hand the table draws its **server seed** and announces the commitment to it
(:attr:`Seeds.next_hand`): when the hand before it ends, and when players first sit at
the table.  Only then does it take the **client seeds** of that hand, one a seat
(:meth:`Seeds.take`); a seat that sent none gets one chosen by the room, and the hand
says so.  The deck is the one the seeds make (:class:`~studpoker.fairness.Deal`), the
client seeds in seat order; every card a viewer comes to see goes to it with its proof
(:meth:`HandSeeds.proofs`), read off the events the viewer is given — the hand's filter
of what a seat may see (DESIGN.md idea 2), so no proof of a card it may not see.

A table dealing from a test seed (a room run with ``--seed``: tests and simulations stay
reproducible) draws its seeds from its seeded ``rng``, and every hand says
``test_seed``.

>>> import random
>>> seeds = Seeds("practice-razz", random.Random(1))
>>> announced = seeds.announce(7)
>>> announced.hand_id, seeds.next_hand()["test_seed"]
('practice-razz/7', True)
>>> seeds.take(2, None, "practice-razz/7", "c0ffee")
>>> dealt = seeds.deal(7, [(0, None), (2, None)], 52)
>>> [(s.seat, s.chosen_by_room) for s in dealt.client_seeds]
[(0, True), (2, False)]
>>> dealt.deal.commitment == announced.commitment, seeds.next_hand() is None
(True, True)
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from studpoker.cards import Card
from studpoker.engine import Event
from studpoker.engine.events import CardDealt, CommunityCard, Muck, PotAwarded, Show
from studpoker.fairness import CLIENT_SEED_MOST, SEED_BYTES, Deal, commitment
from studpoker.table.errors import TableError

__all__ = ["CARD_EVENTS", "ClientSeed", "HandSeeds", "NextHand", "Seeds", "hand_id"]

ROOM_SEED_BYTES = 16  # a client seed the room chooses for a seat that sent none
_HEX = re.compile(f"(?:[0-9a-fA-F]{{2}}){{1,{CLIENT_SEED_MOST}}}")


def hand_id(table_id: str, number: int) -> str:
    """A hand's id as the deal reads it: ``TABLE/NUMBER``."""
    return f"{table_id}/{number}"


@dataclass(frozen=True, slots=True)
class ClientSeed:
    """The client seed of table seat ``seat``: its player's, or the room's."""

    seat: int
    seed: bytes
    chosen_by_room: bool

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "seed": self.seed.hex(), "chosen_by_room": self.chosen_by_room}


@dataclass(slots=True)
class NextHand:
    """The next hand's server seed, drawn and committed to before any client seed of
    it is taken, and the client seeds taken so far: by table seat, with the account
    of whoever sent it (a seed is its sender's: one who leaves takes it along)."""

    number: int
    hand_id: str
    server_seed: bytes
    commitment: bytes
    sent: dict[int, tuple[int | None, bytes]] = field(default_factory=dict)
    said: dict[str, Any] | None = None  # Seeds.next_hand's, made once


class HandSeeds:
    """What the hand in play is dealt from: its id, server seed, client seeds in seat
    order and the deal they make, with each card's proof (made once a hand)."""

    __slots__ = (
        "_position",
        "_said",
        "client_seeds",
        "deal",
        "hand_id",
        "server_seed",
        "test_seed",
    )

    def __init__(
        self,
        hand: str,
        server_seed: bytes,
        client_seeds: Sequence[ClientSeed],
        size: int,
        *,
        test_seed: bool,
    ) -> None:
        self.hand_id = hand
        self.server_seed = server_seed
        self.client_seeds = tuple(client_seeds)
        self.test_seed = test_seed
        self.deal = Deal(server_seed, hand, [c.seed for c in self.client_seeds], size)
        # Each card's place in the deck, by the card's code (-1: not in this deck).
        self._position = [-1] * 52
        for at, card in enumerate(self.deal.order):
            self._position[card] = at
        self._said: dict[str, Any] | None = None

    @property
    def order(self) -> list[Card]:
        """The deck in dealing order."""
        return self.deal.order

    def as_dict(self) -> dict[str, Any]:
        """What every viewer is told with the hand's first message, before any card:
        made once a hand and shared (every state of the hand has it; one object, so
        that a diff of two states skips it at once), never to be changed."""
        said = self._said
        if said is None:
            said = self._said = {
                "hand_id": self.hand_id,
                "commitment": self.deal.commitment.hex(),
                "root": self.deal.root.hex(),
                "size": len(self.deal.order),
                "client_seeds": [seed.as_dict() for seed in self.client_seeds],
                "test_seed": self.test_seed,
            }
        return said

    def proof(self, card: Card) -> dict[str, object]:
        """The proof of ``card`` as the wire has it."""
        return self.deal.proof_dict(self._position[card])

    def proofs(
        self, events: Iterable[Event], made: dict[int, dict[str, object]] | None = None
    ) -> list[dict[str, object]]:
        """The proof of every card ``events`` show, in the order they show them:
        ``events`` as a viewer is given them (``hand.events_for(seat)``), so that a
        viewer is proven exactly the cards it sees.  ``made``: the proofs made so far
        by the caller, by position, read and added to (the room keeps them while the
        hand is played: a card shown again, or to many viewers, is proven once)."""
        out: list[dict[str, object]] = []
        position = self._position
        for card in _cards_of(events):
            at = position[card]
            if at < 0:
                continue
            if made is None:
                out.append(self.deal.proof_dict(at))
                continue
            proof = made.get(at)
            if proof is None:
                proof = made[at] = self.deal.proof_dict(at)
            out.append(proof)
        return out

    def journal(self) -> dict[str, Any]:
        """What is kept with the running hand, so that a hand resumed after a crash has
        the same seeds, deck and tree (the server seed stays the room's until revealed)."""
        return {
            "hand_id": self.hand_id,
            "server_seed": self.server_seed.hex(),
            "client_seeds": [[c.seat, c.seed.hex(), c.chosen_by_room] for c in self.client_seeds],
            "test_seed": self.test_seed,
        }

    @classmethod
    def from_journal(cls, kept: dict[str, Any], size: int) -> HandSeeds:
        """The seeds :meth:`journal` kept, dealing the same deck again."""
        return cls(
            str(kept["hand_id"]),
            bytes.fromhex(kept["server_seed"]),
            [
                ClientSeed(int(seat), bytes.fromhex(seed), bool(chosen))
                for seat, seed, chosen in kept["client_seeds"]
            ],
            size,
            test_seed=bool(kept["test_seed"]),
        )


# The events that may show a card (_cards_of): no other is proven anything.
CARD_EVENTS = (CardDealt, CommunityCard, Show, Muck, PotAwarded)


def _cards_of(events: Iterable[Event]) -> Iterable[Card]:
    """Every card the events show (a hidden card is None, and shows nothing)."""
    for event in events:
        if isinstance(event, CardDealt | CommunityCard):
            if event.card is not None:
                yield event.card
        elif isinstance(event, Show):
            yield from (card for card in event.cards if card is not None)
        elif isinstance(event, Muck):
            yield from (card for card in event.cards or () if card is not None)
        elif isinstance(event, PotAwarded) and event.value is not None:
            yield from event.value.cards


class Seeds:
    """A table's seeds: the next hand's server seed and the client seeds sent for it.
    ``rng`` None: the OS CSPRNG (real play); a seeded one is a test seed."""

    def __init__(self, table_id: str, rng: random.Random | None) -> None:
        self.table_id = table_id
        self._rng = rng
        self.test_seed = rng is not None
        self.pending: NextHand | None = None

    def _bytes(self, count: int) -> bytes:
        if self._rng is None:
            return secrets.token_bytes(count)
        return self._rng.randbytes(count)

    def announce(self, number: int) -> NextHand:
        """Hand ``number``'s server seed, drawn now unless it is drawn already: its
        commitment is told before any client seed of it is taken."""
        pending = self.pending
        if pending is None or pending.number != number:
            server_seed = self._bytes(SEED_BYTES)
            said = hand_id(self.table_id, number)
            pending = self.pending = NextHand(
                number, said, server_seed, commitment(server_seed, said)
            )
        return pending

    def next_hand(self) -> dict[str, Any] | None:
        """The hand whose client seeds are taken now, as every viewer is told it: its id
        and commitment; None while a hand is played (the next is announced when it
        ends)."""
        pending = self.pending
        if pending is None:
            return None
        if pending.said is None:  # made once a hand and shared, never to be changed
            pending.said = {
                "hand_id": pending.hand_id,
                "commitment": pending.commitment.hex(),
                "test_seed": self.test_seed,
            }
        return pending.said

    def take(self, seat: int, account_id: int | None, said_hand: str, seed_hex: str) -> None:
        """Table ``seat``'s client seed for hand ``said_hand``: hex of 1 to 64 bytes, for
        the hand announced (its commitment told first).  Refused, changing nothing,
        with ``wrong_hand_id`` or ``bad_client_seed``; a second seed replaces the
        first until the deal."""
        pending = self.pending
        if pending is None or said_hand != pending.hand_id:
            taken = None if pending is None else pending.hand_id
            raise TableError(
                f"client seeds are taken for hand {taken}, not {said_hand}"
                if taken is not None
                else f"no hand takes client seeds now: wait for the next one, not {said_hand}",
                "wrong_hand_id",
                hand_id=taken,
            )
        seed = _seed_bytes(seed_hex)
        pending.sent[seat] = (account_id, seed)

    def deal(self, number: int, players: Sequence[tuple[int, int | None]], size: int) -> HandSeeds:
        """The seeds hand ``number`` is dealt from, between ``players`` (table seat and
        account, in seat order): each seat's own client seed, or one the room chooses.
        The next hand is announced when this one ends."""
        pending = self.announce(number)
        self.pending = None
        own: list[bytes | None] = []  # each seat's own seed, None where the room chooses
        for seat, account_id in players:
            sent = pending.sent.get(seat)
            own.append(sent[1] if sent is not None and sent[0] == account_id else None)
        # The room's seeds drawn at once: one read of the OS's randomness a hand, not one
        # a seat (from a test seed's rng, the same bytes as a draw a seat).
        drawn = self._bytes(ROOM_SEED_BYTES * own.count(None)) if None in own else b""
        seeds = []
        for (seat, _), seed in zip(players, own, strict=True):
            if seed is not None:
                seeds.append(ClientSeed(seat, seed, chosen_by_room=False))
            else:
                seeds.append(ClientSeed(seat, drawn[:ROOM_SEED_BYTES], chosen_by_room=True))
                drawn = drawn[ROOM_SEED_BYTES:]
        return HandSeeds(
            pending.hand_id, pending.server_seed, seeds, size, test_seed=self.test_seed
        )


def _seed_bytes(text: str) -> bytes:
    """A client seed's bytes from its hex; a TableError ``bad_client_seed`` if it is not
    hex of 1 to 64 bytes."""
    if _HEX.fullmatch(text) is None:
        raise TableError(
            f"a client seed is hex of 1 to {CLIENT_SEED_MOST} bytes "
            f"(2 to {2 * CLIENT_SEED_MOST} hex digits)",
            "bad_client_seed",
            minimum=1,
            maximum=CLIENT_SEED_MOST,
        )
    return bytes.fromhex(text)
