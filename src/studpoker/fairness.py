"""A deal anyone can check (issue 38, docs/fairness.md): the deck from seeds, and every
card proven as it is seen.

Before a hand the room draws a secret **server seed** (32 bytes from the OS CSPRNG) and
announces its **commitment**, ``SHA-256(server seed ‖ hand id)``.  Each player may give a
**client seed**.  The deck's order is a Fisher–Yates shuffle read from HMAC-SHA256 keyed
by the server seed over the hand id, the client seeds in seat order and a counter, with
rejection sampling so that no position is favoured (:func:`deck_order`).  With the deal
each player receives the root of a **Merkle tree** over the deck order (each leaf a
position, its card and a salt drawn from the server seed), and each card a player comes
to see arrives with its salt and its path to the root (:class:`CardProof`): no card can
change after the deal.  When the seed is revealed, anyone recomputes the deck, the salts
and the root from the seeds (:func:`verify_deal`).

Every byte is specified in docs/fairness.md, with test vectors (:data:`TEST_VECTOR`,
checked in tests/test_fairness.py), so that anyone can write a verifier of their own; the
browser's (web/fairness.js) is a second implementation checked against the same vectors.

>>> seed = bytes(range(32))
>>> order = deck_order(seed, "practice-stud/1", [b"ann", b"bo"], 52)
>>> [str(card) for card in order[:3]]
['Td', '4d', '3h']
>>> deal = Deal(seed, "practice-stud/1", [b"ann", b"bo"], 52)
>>> deal.commitment.hex()[:16], deal.root.hex()[:16]
('ac9a42d9e70cbbe1', 'de070c242bca632f')
>>> proof = deal.proof(0)
>>> proof.card == order[0], verify_card(deal.root, proof)
(True, True)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from studpoker.cards import Card, deck_cards

__all__ = [
    "SEED_BYTES",
    "CardProof",
    "Deal",
    "DealRecord",
    "FairnessError",
    "commitment",
    "deck_order",
    "leaf_hash",
    "merkle_root",
    "new_server_seed",
    "salt",
    "verify_card",
    "verify_deal",
    "verify_dealt",
]

SEED_BYTES: Final = 32  # a server seed's length
CLIENT_SEED_MOST: Final = 64  # a client seed's longest, in bytes
SALT_BYTES: Final = 16
_LEAF, _NODE = b"\x00", b"\x01"  # RFC 6962's prefixes: a leaf's hash is no node's
_BLOCK = 64  # SHA-256's block: HMAC's key is padded to it (RFC 2104)
_IPAD = bytes(byte ^ 0x36 for byte in range(256))  # translate tables: key XOR ipad, opad
_OPAD = bytes(byte ^ 0x5C for byte in range(256))


class FairnessError(ValueError):
    """Seeds, a deal or a proof that cannot be what the rules of docs/fairness.md make."""


def new_server_seed() -> bytes:
    """A server seed: 32 bytes from the OS CSPRNG (R1.5)."""
    return secrets.token_bytes(SEED_BYTES)


def _id(hand_id: str) -> bytes:
    """The hand id as the hashes take it: its UTF-8 bytes after their length (2 bytes,
    big-endian), so that no two ids and what follows them read alike."""
    raw = hand_id.encode()
    if not raw or len(raw) > 0xFFFF:
        raise FairnessError(f"a hand id is 1 to 65,535 bytes, not {len(raw)}")
    return len(raw).to_bytes(2, "big") + raw


def commitment(server_seed: bytes, hand_id: str) -> bytes:
    """``SHA-256(server seed ‖ hand id's UTF-8)``: announced before any card is dealt."""
    _check_seed(server_seed)
    return hashlib.sha256(server_seed + hand_id.encode()).digest()


def _hmac_sha256(key: bytes, prefix: bytes) -> Callable[[bytes], bytes]:
    """``HMAC-SHA256(key, prefix ‖ m)`` as a function of ``m`` (RFC 2104, what
    ``hmac.digest`` computes): the key's padded blocks and the prefix hashed once, so
    that each of a deal's many messages under one key costs two hashes' copies, not a
    new HMAC (a deal makes one for each card's salt and each block of the shuffle)."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_BLOCK, b"\x00")
    inner = hashlib.sha256(key.translate(_IPAD))
    inner.update(prefix)
    outer = hashlib.sha256(key.translate(_OPAD))

    def mac(message: bytes) -> bytes:
        step = inner.copy()
        step.update(message)
        done = outer.copy()
        done.update(step.digest())
        return done.digest()

    return mac


def _check_seed(server_seed: bytes) -> None:
    if not isinstance(server_seed, bytes) or len(server_seed) != SEED_BYTES:
        raise FairnessError(f"a server seed is {SEED_BYTES} bytes")


def _message(hand_id: str, client_seeds: Sequence[bytes]) -> bytes:
    """What the deck's HMAC reads before its counter: the hand id, then how many client
    seeds (1 byte) and each after its length (1 byte), in seat order."""
    if len(client_seeds) > 255:
        raise FairnessError("at most 255 client seeds")
    parts = [_id(hand_id), bytes([len(client_seeds)])]
    for seed in client_seeds:
        if not isinstance(seed, bytes) or not 1 <= len(seed) <= CLIENT_SEED_MOST:
            raise FairnessError(f"a client seed is 1 to {CLIENT_SEED_MOST} bytes")
        parts.append(bytes([len(seed)]) + seed)
    return b"".join(parts)


def deck_order(
    server_seed: bytes, hand_id: str, client_seeds: Sequence[bytes], size: int = 52
) -> list[Card]:
    """The deck in dealing order (the first card dealt first) that the seeds make.

    The cards start in code order (``deck_cards(size)``: 2♣ 2♦ 2♥ 2♠ 3♣ … A♠; the 32-card
    deck from 7♣, the 28-card from 8♣).  The random numbers are the 4-byte big-endian
    words of the blocks ``HMAC-SHA256(server seed, message ‖ counter)``, the counter a
    4-byte big-endian number from 0.  For ``i`` from ``size - 1`` down to 1, a word ``w``
    below the largest multiple of ``i + 1`` not above 2³² is drawn (any other is skipped:
    no position favoured), and the cards at ``i`` and ``w mod (i + 1)`` swap."""
    _check_seed(server_seed)
    cards = list(deck_cards(size))
    mac = _hmac_sha256(server_seed, _message(hand_id, client_seeds))
    words: list[int] = []
    counter = 0
    for i in range(len(cards) - 1, 0, -1):
        span = i + 1
        limit = (1 << 32) - (1 << 32) % span
        while True:
            if not words:
                block = mac(counter.to_bytes(4, "big"))
                counter += 1
                words = [int.from_bytes(block[k : k + 4], "big") for k in range(28, -1, -4)]
            word = words.pop()  # the block's words in order (popped from the end)
            if word < limit:
                break
        j = word % span
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def salt(server_seed: bytes, hand_id: str, position: int) -> bytes:
    """The salt of the deck's card at ``position`` (0 the first dealt): the first 16
    bytes of ``HMAC-SHA256(server seed, "salt" ‖ hand id ‖ position (1 byte))``.  Drawn
    from the seed, so that a hand resumed after a crash has the same tree, and the
    reveal lets anyone recompute it."""
    _check_seed(server_seed)
    message = b"salt" + _id(hand_id) + bytes([position])
    return hmac.digest(server_seed, message, "sha256")[:SALT_BYTES]


def leaf_hash(position: int, card: Card, card_salt: bytes) -> bytes:
    """``SHA-256(0x00 ‖ position (1 byte) ‖ card (2 ASCII bytes, "Td") ‖ salt)``."""
    if not 0 <= position < 256 or len(card_salt) != SALT_BYTES:
        raise FairnessError("a leaf is a position below 256 and a 16-byte salt")
    return hashlib.sha256(_LEAF + bytes([position]) + _text(card) + card_salt).digest()


_TEXTS: dict[Card, bytes] = {}


def _text(card: Card) -> bytes:
    """The card as a leaf has it: its 2 ASCII bytes ("Td"), made once a card."""
    text = _TEXTS.get(card)
    if text is None:
        text = _TEXTS[card] = str(card).encode()
    return text


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(_NODE + left + right).digest()


def _split(count: int) -> int:
    """The largest power of two below ``count`` (RFC 6962's ``k``)."""
    k = 1
    while k * 2 < count:
        k *= 2
    return k


def merkle_root(leaves: Sequence[bytes]) -> bytes:
    """RFC 6962's Merkle tree hash of ``leaves`` (their hashes): one leaf is itself,
    more are ``SHA-256(0x01 ‖ root of the first k ‖ root of the rest)``, k the largest
    power of two below their number."""
    if not leaves:
        raise FairnessError("a tree of no leaves")
    return _nodes(leaves)[-1]


_HASH = 32  # a node's bytes: a SHA-256 digest


@dataclass(frozen=True, slots=True)
class _Shape:
    """RFC 6962's tree over ``size`` leaves, which depends on the size alone (made once a
    size).  Its nodes are numbered: the leaves from 0, then the inner nodes bottom-up
    (the root last); ``nodes`` holds each inner node's two children, and ``paths`` each
    leaf's audit path, the siblings from the leaf up, as their places in a deal's
    nodes laid end to end (``_HASH`` bytes each: (start, end) of its bytes)."""

    nodes: tuple[tuple[int, int], ...]
    paths: tuple[tuple[tuple[int, int], ...], ...]


_SHAPES: dict[int, _Shape] = {}


def _shape(size: int) -> _Shape:
    shape = _SHAPES.get(size)
    if shape is not None:
        return shape
    number = {(at, at + 1): at for at in range(size)}  # each subtree's node, by its span
    nodes: list[tuple[int, int]] = []

    def plan(start: int, end: int) -> None:
        if end - start > 1:
            k = _split(end - start)
            plan(start, start + k)
            plan(start + k, end)
            nodes.append((number[start, start + k], number[start + k, end]))
            number[start, end] = size + len(nodes) - 1

    plan(0, size)
    paths = []
    for index in range(size):
        siblings: list[int] = []
        start, end = 0, size
        while end - start > 1:
            k = _split(end - start)
            if index < start + k:
                siblings.append(number[start + k, end])
                end = start + k
            else:
                siblings.append(number[start, start + k])
                start += k
        # from the leaf up
        paths.append(tuple((_HASH * at, _HASH * (at + 1)) for at in reversed(siblings)))
    shape = _SHAPES[size] = _Shape(tuple(nodes), tuple(paths))
    return shape


def _nodes(leaves: Sequence[bytes]) -> list[bytes]:
    """The hash of every node of RFC 6962's tree over ``leaves``, in the order of its
    shape: made once a deal, each proof read off it."""
    made = list(leaves)
    sha256 = hashlib.sha256
    for left, right in _shape(len(leaves)).nodes:
        made.append(sha256(_NODE + made[left] + made[right]).digest())
    return made


@dataclass(frozen=True, slots=True)
class CardProof:
    """What comes with a card a player sees: its place in the deck, the card, its salt
    and its audit path to the deal's root."""

    position: int
    card: Card
    salt: bytes
    path: tuple[bytes, ...]
    size: int  # the deck's cards: the tree's leaves

    def as_dict(self) -> dict[str, object]:
        """As the protocol sends it: hex strings."""
        return {
            "position": self.position,
            "card": str(self.card),
            "salt": self.salt.hex(),
            "path": [node.hex() for node in self.path],
            "size": self.size,
        }


def verify_card(root: bytes, proof: CardProof) -> bool:
    """Whether ``proof`` shows its card at its position under ``root`` (RFC 9162's
    inclusion check)."""
    try:
        node = leaf_hash(proof.position, proof.card, proof.salt)
    except FairnessError:
        return False
    index, last = proof.position, proof.size - 1
    if not 0 <= index <= last:
        return False
    for sibling in proof.path:
        if last == 0:
            return False  # more path than the tree is high
        if index % 2 == 1 or index == last:
            node = _node(sibling, node)
            if index % 2 == 0:  # the right edge: climb until a left child
                while index % 2 == 0 and index != 0:
                    index //= 2
                    last //= 2
        else:
            node = _node(node, sibling)
        index //= 2
        last //= 2
    return last == 0 and hmac.compare_digest(node, root)


class Deal:
    """A hand's deal from its seeds: the deck's order, the commitment, the tree's root,
    and each card's proof.  Small enough to keep with a hand's record (a room keeps its
    tables' last hands): the tree's nodes in one string of bytes, each proof made when
    asked for (the room keeps those it sends while the hand is played)."""

    __slots__ = (
        "_tree",
        "client_seeds",
        "commitment",
        "hand_id",
        "order",
        "root",
        "salts",
    )

    def __init__(
        self, server_seed: bytes, hand_id: str, client_seeds: Sequence[bytes], size: int = 52
    ) -> None:
        self.hand_id = hand_id
        self.client_seeds = tuple(client_seeds)
        self.order = deck_order(server_seed, hand_id, client_seeds, size)
        self.commitment = commitment(server_seed, hand_id)
        # salt() and leaf_hash() for every card, their work shared (a room deals many).
        mac = _hmac_sha256(server_seed, b"salt" + _id(hand_id))
        self.salts = [mac(bytes((at,)))[:SALT_BYTES] for at in range(size)]
        sha256 = hashlib.sha256
        leaves = [
            sha256(_LEAF + bytes((at,)) + _text(card) + card_salt).digest()
            for at, (card, card_salt) in enumerate(zip(self.order, self.salts, strict=True))
        ]
        nodes = _nodes(leaves)
        self.root = nodes[-1]
        self._tree = b"".join(nodes)  # every node, _HASH bytes each, in _shape's order

    def _check(self, position: int) -> None:
        if not 0 <= position < len(self.order):
            raise FairnessError(f"no position {position} in a deck of {len(self.order)}")

    def proof(self, position: int) -> CardProof:
        """The proof of the card at ``position`` (0 the first dealt)."""
        self._check(position)
        tree = self._tree
        return CardProof(
            position,
            self.order[position],
            self.salts[position],
            tuple(tree[start:end] for start, end in _shape(len(self.order)).paths[position]),
            len(self.order),
        )

    def proof_dict(self, position: int) -> dict[str, object]:
        """``proof(position).as_dict()``, made straight from the tree: what the room
        sends with a card."""
        self._check(position)
        tree = self._tree
        return {
            "position": position,
            "card": str(self.order[position]),
            "salt": self.salts[position].hex(),
            "path": [tree[a:b].hex() for a, b in _shape(len(self.order)).paths[position]],
            "size": len(self.order),
        }

    def position_of(self, card: Card) -> int:
        return self.order.index(card)


def verify_deal(
    server_seed: bytes,
    hand_id: str,
    client_seeds: Sequence[bytes],
    size: int,
    *,
    said_commitment: bytes,
    said_root: bytes | None = None,
    cards: dict[int, Card] | None = None,
) -> list[str]:
    """What is wrong with a deal, once its seed is revealed (empty: nothing): the seed
    against its commitment, the tree's root against the one sent with the deal, and each
    card a record shows (by its position) against the deck the seeds make."""
    wrong: list[str] = []
    try:
        deal = Deal(server_seed, hand_id, client_seeds, size)
    except FairnessError as error:
        return [str(error)]
    if not hmac.compare_digest(deal.commitment, said_commitment):
        wrong.append("the server seed does not match its commitment")
    if said_root is not None and not hmac.compare_digest(deal.root, said_root):
        wrong.append("the deal's root is not the tree of the deck the seeds make")
    for position, card in sorted((cards or {}).items()):
        if position >= len(deal.order) or deal.order[position] != card:
            made = deal.order[position] if position < len(deal.order) else "nothing"
            wrong.append(f"card {position + 1} is {card} in the record; the seeds deal {made}")
    return wrong


@dataclass(frozen=True, slots=True)
class DealRecord:
    """What a hand's record says of its deal (docs/fairness.md, "Records"): the hand id,
    the deck's size, the commitment and the root sent with the deal, each seated
    player's client seed in seat order (``chosen_by_room``: the seats, counted from 0 in
    that order, whose seed the room chose), the server seed once revealed, and whether
    the room dealt from a test seed."""

    hand_id: str
    size: int
    commitment: bytes
    root: bytes
    client_seeds: tuple[bytes, ...]
    chosen_by_room: frozenset[int] = frozenset()
    server_seed: bytes | None = None
    test_seed: bool = False

    @classmethod
    def of(
        cls,
        deal: Deal,
        *,
        chosen_by_room: frozenset[int] = frozenset(),
        server_seed: bytes | None = None,
        test_seed: bool = False,
    ) -> DealRecord:
        """The record of ``deal``; ``server_seed`` once revealed."""
        return cls(
            deal.hand_id,
            len(deal.order),
            deal.commitment,
            deal.root,
            deal.client_seeds,
            chosen_by_room,
            server_seed,
            test_seed,
        )

    def phh_fields(self) -> dict[str, object]:
        """The PHH user-defined fields that carry it (``_deal_…``)."""
        fields: dict[str, object] = {
            "_deal_hand_id": self.hand_id,
            "_deal_size": self.size,
            "_deal_commitment": self.commitment.hex(),
            "_deal_root": self.root.hex(),
            "_deal_client_seeds": [seed.hex() for seed in self.client_seeds],
            "_deal_chosen_by_room": sorted(self.chosen_by_room),
        }
        if self.server_seed is not None:
            fields["_deal_server_seed"] = self.server_seed.hex()
        if self.test_seed:
            fields["_deal_test_seed"] = True
        return fields

    @classmethod
    def from_phh_fields(cls, fields: dict[str, object]) -> DealRecord | None:
        """The deal a PHH record's ``_deal_…`` fields state, None if it states none;
        a ``FairnessError`` names the field that is wrong."""
        if "_deal_commitment" not in fields:
            return None
        try:
            seeds = fields.get("_deal_client_seeds", [])
            chosen = fields.get("_deal_chosen_by_room", [])
            revealed = fields.get("_deal_server_seed")
            size = fields.get("_deal_size", 52)
            if not isinstance(seeds, list) or not isinstance(chosen, list):
                raise TypeError("a list")
            if not isinstance(size, int) or isinstance(size, bool):
                raise TypeError("a whole number")
            return cls(
                str(fields["_deal_hand_id"]),
                size,
                bytes.fromhex(str(fields["_deal_commitment"])),
                bytes.fromhex(str(fields.get("_deal_root", ""))),
                tuple(bytes.fromhex(str(seed)) for seed in seeds),
                frozenset(int(seat) for seat in chosen),
                None if revealed is None else bytes.fromhex(str(revealed)),
                fields.get("_deal_test_seed") is True,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise FairnessError(f"the record's _deal_ fields are not a deal: {error}") from None


def verify_dealt(record: DealRecord, dealt: Sequence[Card | None]) -> list[str]:
    """What is wrong with a recorded hand's deal (empty: nothing), once its server seed
    is revealed: ``dealt`` is every card drawn from the deck in order, as the record
    shows them (None for a card it does not show; a burnt card is drawn too)."""
    if record.server_seed is None:
        return ["the server seed is not revealed yet"]
    cards = {at: card for at, card in enumerate(dealt) if card is not None}
    return verify_deal(
        record.server_seed,
        record.hand_id,
        record.client_seeds,
        record.size,
        said_commitment=record.commitment,
        said_root=record.root or None,
        cards=cards,
    )
