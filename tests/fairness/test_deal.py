"""The deal from seeds and its proofs (issue 38, docs/fairness.md): the published test
vectors, every deck a permutation its seeds alone decide, every card's proof checking
under the root and any change to a card, a salt, a place or a path caught, a seed that
is not its commitment caught, and the shuffle's fairness measured (chi-square)."""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.cards import Card, deck_cards
from studpoker.fairness import (
    CardProof,
    Deal,
    FairnessError,
    commitment,
    deck_order,
    salt,
    verify_card,
    verify_deal,
)

VECTORS = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "fairness-vectors.json").read_text()
)["vectors"]

seeds = st.binary(min_size=32, max_size=32)
hand_ids = st.text(min_size=1, max_size=40).filter(lambda t: len(t.encode()) <= 200)
client_seeds = st.lists(st.binary(min_size=1, max_size=64), max_size=10)
sizes = st.sampled_from([52, 32, 28])


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"{v['size']} cards")
def test_the_published_vectors(vector: dict) -> None:
    seed = bytes.fromhex(vector["server_seed"])
    clients = [bytes.fromhex(c) for c in vector["client_seeds"]]
    deal = Deal(seed, vector["hand_id"], clients, vector["size"])
    assert deal.commitment.hex() == vector["commitment"]
    assert [str(card) for card in deal.order] == vector["order"]
    assert deal.root.hex() == vector["root"]
    for said in vector["proofs"]:
        proof = deal.proof(said["position"])
        assert proof.as_dict() == said
        assert verify_card(deal.root, proof)


def test_the_first_vector_by_hand() -> None:
    """The first vector's first values, written here as docs/fairness.md gives them."""
    seed = bytes(range(32))
    assert commitment(seed, "practice-stud/1").hex() == (
        "ac9a42d9e70cbbe17434ae5c577c7aba3832c7ba86a62febdcf5a71d8199e1de"
    )
    order = deck_order(seed, "practice-stud/1", [b"ann", b"bo"], 52)
    assert [str(card) for card in order[:6]] == ["Td", "4d", "3h", "6s", "Jh", "8s"]
    # The seeds decide it all: one client seed's byte changes the deck.
    other = deck_order(seed, "practice-stud/1", [b"ann", b"bp"], 52)
    assert other != order
    assert sorted(other) == sorted(order)


@settings(max_examples=200 if os.environ.get("STUD_FULL") else 40, deadline=None)
@given(seed=seeds, hand_id=hand_ids, clients=client_seeds, size=sizes)
def test_every_deck_follows_from_its_seeds_and_every_card_proves(
    seed: bytes, hand_id: str, clients: list[bytes], size: int
) -> None:
    deal = Deal(seed, hand_id, clients, size)
    assert sorted(deal.order) == sorted(deck_cards(size))  # a permutation of the deck
    assert deal.order == deck_order(seed, hand_id, clients, size)  # the seeds alone
    for position in range(size):
        proof = deal.proof(position)
        assert deal.proof_dict(position) == proof.as_dict()  # what the room sends
        assert proof.card == deal.order[position]
        assert proof.salt == salt(seed, hand_id, position)
        assert verify_card(deal.root, proof)
    assert verify_deal(seed, hand_id, clients, size, said_commitment=deal.commitment,
                       said_root=deal.root,
                       cards=dict(enumerate(deal.order))) == []  # fmt: skip


@settings(max_examples=100 if os.environ.get("STUD_FULL") else 30, deadline=None)
@given(seed=seeds, size=sizes, data=st.data())
def test_a_card_switched_after_the_deal_is_caught(
    seed: bytes, size: int, data: st.DataObject
) -> None:
    deal = Deal(seed, "ring-1/9", [b"ann"], size)
    position = data.draw(st.integers(0, size - 1))
    proof = deal.proof(position)
    other = data.draw(st.sampled_from([c for c in deck_cards(size) if c != proof.card]))
    assert not verify_card(deal.root, replace(proof, card=other))
    moved = data.draw(st.integers(0, size - 1).filter(lambda p: p != position))
    assert not verify_card(deal.root, replace(proof, position=moved))
    flipped = bytes([proof.salt[0] ^ 1]) + proof.salt[1:]
    assert not verify_card(deal.root, replace(proof, salt=flipped))
    if proof.path:
        node = data.draw(st.integers(0, len(proof.path) - 1))
        bad = (*proof.path[:node], bytes(32), *proof.path[node + 1 :])
        assert not verify_card(deal.root, replace(proof, path=bad))
        assert not verify_card(deal.root, replace(proof, path=proof.path[:-1]))
    assert not verify_card(deal.root, replace(proof, path=(*proof.path, bytes(32))))
    # Another deal's root proves nothing of this one.
    assert not verify_card(Deal(seed, "ring-1/10", [b"ann"], size).root, proof)


def test_a_revealed_seed_that_is_not_its_commitment_is_caught() -> None:
    seed, hand = bytes(range(32)), "practice-stud/1"
    deal = Deal(seed, hand, [b"ann", b"bo"])
    wrong = bytes(32)
    said = verify_deal(wrong, hand, [b"ann", b"bo"], 52, said_commitment=deal.commitment)
    assert said == ["the server seed does not match its commitment"]
    # A record whose card is not the one the seeds deal.
    cards = dict(enumerate(deal.order[:6]))
    cards[4] = Card.parse("As") if deal.order[4] != Card.parse("As") else Card.parse("Ks")
    said = verify_deal(
        seed, hand, [b"ann", b"bo"], 52, said_commitment=deal.commitment, said_root=deal.root,
        cards=cards,
    )  # fmt: skip
    assert said == [f"card 5 is {cards[4]} in the record; the seeds deal {deal.order[4]}"]
    # A root sent with the deal that is not the deck's tree (a deck the seeds do not make).
    said = verify_deal(
        seed, hand, [b"ann", b"bo"], 52, said_commitment=deal.commitment, said_root=bytes(32)
    )
    assert said == ["the deal's root is not the tree of the deck the seeds make"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((b"short", "h/1", [], 52), "a server seed is 32 bytes"),
        ((bytes(32), "", [], 52), "a hand id is 1 to 65,535 bytes, not 0"),
        ((bytes(32), "h/1", [b""], 52), "a client seed is 1 to 64 bytes"),
        ((bytes(32), "h/1", [b"x" * 65], 52), "a client seed is 1 to 64 bytes"),
    ],
)
def test_bad_seeds_are_refused_with_a_clear_error(args: tuple, message: str) -> None:
    with pytest.raises(FairnessError, match=message):
        Deal(*args)
    with pytest.raises(ValueError, match="a deck has 52, 32 or 28 cards"):
        Deal(bytes(32), "h/1", [], 36)


def test_a_proof_of_a_place_the_deck_has_not_is_refused() -> None:
    deal = Deal(bytes(32), "h/1", [b"a"], 28)
    with pytest.raises(FairnessError, match="no position 28 in a deck of 28"):
        deal.proof(28)
    proof = deal.proof(27)
    assert not verify_card(deal.root, CardProof(40, proof.card, proof.salt, proof.path, 28))


def test_every_card_is_as_likely_at_every_place_chi_square() -> None:
    """Each card's place over many decks (1,000,000 under STUD_FULL; 20,000 here): the
    52 × 52 table of counts against a uniform shuffle.  Its chi-square, over (52-1)²
    degrees of freedom, sits within five standard deviations of its mean (a fixed seed:
    the figure does not move between runs)."""
    decks = 1_000_000 if os.environ.get("STUD_FULL") else 20_000
    counts: Counter[tuple[int, Card]] = Counter()
    seed = bytes(range(32))
    for number in range(decks):
        for place, card in enumerate(deck_order(seed, f"chi/{number}", [b"x"], 52)):
            counts[place, card] += 1
    expected = decks / 52
    chi2 = sum((counts[p, c] - expected) ** 2 / expected for p in range(52) for c in deck_cards(52))
    freedom = 51 * 51
    z = (chi2 - freedom) / math.sqrt(2 * freedom)
    assert abs(z) < 5, (chi2, z)
