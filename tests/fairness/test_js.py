"""The browser's verifier of the deal (src/studpoker/web/fairness.js, WebCrypto only) is a
second implementation of docs/fairness.md: it makes the published vectors' commitments,
decks and roots, verifies their proofs and refuses them tampered with
(check_vectors.mjs), and for any seeds, hand id and deck it makes what the Python
implementation makes, verifies its proofs and says what is wrong with a deal in the same
words (answer_calls.mjs, one node process for the module).

Without node the tests are skipped, saying why, unless CI is set: there they fail, so
that a CI run without node cannot pass."""

from __future__ import annotations

import hmac
import json
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

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
    leaf_hash,
    merkle_root,
    salt,
    verify_card,
    verify_deal,
)

HERE = Path(__file__).resolve().parent
VECTORS = json.loads((HERE.parents[1] / "docs" / "fairness-vectors.json").read_text())["vectors"]
SEED = bytes(range(32))


def node_command() -> str:
    """node's path; without it the test is skipped, saying why, or under CI fails."""
    found = shutil.which("node")
    if found is None:
        missing = (
            "node is not installed: the browser's verifier (web/fairness.js) is not checked "
            "(scripts/node.sh installs it)"
        )
        if os.environ.get("CI"):
            pytest.fail(f"{missing}, and CI is set")
        pytest.skip(missing)
    return found


class Browser:
    """fairness.js in a node process of its own (answer_calls.mjs): :meth:`call` and
    :meth:`calls` send calls as [function's name, argument…] and read their answers,
    ``{"value": …}`` or ``{"error": message, "kind": …}``."""

    def __init__(self, node: str) -> None:
        self.process = subprocess.Popen(
            [node, str(HERE / "answer_calls.mjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def calls(self, calls: list[list[Any]]) -> list[dict[str, Any]]:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write(json.dumps(calls) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            assert self.process.stderr is not None
            raise AssertionError(f"node stopped:\n{self.process.stderr.read()}")
        answers: list[dict[str, Any]] = json.loads(line)
        return answers

    def call(self, name: str, *args: Any) -> Any:
        """What the function returns (an error fails the test)."""
        (answer,) = self.calls([[name, *args]])
        assert "error" not in answer, answer
        return answer["value"]

    def refusal(self, name: str, *args: Any) -> str:
        """The message of the FairnessError the function throws."""
        (answer,) = self.calls([[name, *args]])
        assert answer.get("kind") == "FairnessError", answer
        return str(answer["error"])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    browser = Browser(node_command())
    yield browser
    browser.close()


# -- the published vectors ------------------------------------------------------------------


def test_the_published_vectors_and_every_tampering_in_the_browser() -> None:
    done = subprocess.run(
        [node_command(), str(HERE / "check_vectors.mjs")],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)

    assert report["vectors"] == [
        {
            "commitment": vector["commitment"],
            "order": vector["order"],
            "root": vector["root"],
            "salts": [proof["salt"] for proof in vector["proofs"]],
            "proofs": [True] * len(vector["proofs"]),
            "wrong": [],
        }
        for vector in VECTORS
    ]
    proofs = [(vector["size"], proof) for vector in VECTORS for proof in vector["proofs"]]
    none = {"verified": []}
    assert report["tampered"] == {
        "a switched card": {"tried": sum(size - 1 for size, _ in proofs), **none},
        "a moved position": {"tried": sum(size - 1 for size, _ in proofs), **none},
        "a flipped salt byte": {"tried": 16 * len(proofs), **none},
        "a wrong path node": {"tried": sum(len(proof["path"]) for _, proof in proofs), **none},
        "a short path": {"tried": 2 * len(proofs), **none},
        "a long path": {"tried": len(proofs), **none},
        "two path nodes swapped": {"tried": len(proofs), **none},
        "a tree of another height": {"tried": 2 * len(proofs), **none},
        "another deal's root": {"tried": (len(VECTORS) - 1) * len(proofs), **none},
    }
    # Whatever is not a proof (a field missing or of another type, hex that is none or
    # of another length: 38 kinds) is false, never an exception.
    assert report["not proofs"] == {"tried": 38, "verified": [], "threw": []}


# -- against the Python implementation -----------------------------------------------------

seeds = st.binary(min_size=32, max_size=32)
hand_ids = st.text(min_size=1, max_size=40).filter(lambda t: len(t.encode()) <= 200)
client_seeds = st.lists(st.binary(min_size=1, max_size=64), max_size=10)
sizes = st.sampled_from([52, 32, 28])


def tampered(proof: CardProof, deal: Deal, data: st.DataObject) -> list[CardProof]:
    """``proof`` changed in each way a cheating room might: another card, another
    place, a salt byte flipped, a path node wrong, the path shortened or lengthened, the
    tree said to be higher than it is."""
    size = len(deal.order)
    other = data.draw(st.sampled_from([c for c in deck_cards(size) if c != proof.card]))
    moved = data.draw(st.integers(0, size - 1).filter(lambda p: p != proof.position))
    at = data.draw(st.integers(0, len(proof.salt) - 1))
    flipped = proof.salt[:at] + bytes([proof.salt[at] ^ 1]) + proof.salt[at + 1 :]
    node = data.draw(st.integers(0, len(proof.path) - 1))
    wrong = (*proof.path[:node], bytes(32), *proof.path[node + 1 :])
    return [
        replace(proof, card=other),
        replace(proof, position=moved),
        replace(proof, salt=flipped),
        replace(proof, path=wrong),
        replace(proof, path=proof.path[:-1]),
        replace(proof, path=(*proof.path, bytes(32))),
        replace(proof, size=4 * size),
    ]


@settings(max_examples=200 if os.environ.get("STUD_FULL") else 20, deadline=None)
@given(seed=seeds, hand_id=hand_ids, clients=client_seeds, size=sizes, data=st.data())
def test_the_browser_makes_the_deal_python_makes_and_checks_its_proofs(
    browser: Browser,
    seed: bytes,
    hand_id: str,
    clients: list[bytes],
    size: int,
    data: st.DataObject,
) -> None:
    deal = Deal(seed, hand_id, clients, size)
    root = deal.root.hex()
    proofs = [deal.proof(position) for position in range(size)]
    leaves = [leaf_hash(p.position, p.card, p.salt).hex() for p in proofs]
    changed = tampered(proofs[data.draw(st.integers(0, size - 1))], deal, data)
    assert not any(verify_card(deal.root, proof) for proof in changed)
    said = {
        "serverSeed": seed.hex(),
        "handId": hand_id,
        "clientSeeds": [c.hex() for c in clients],
        "size": size,
        "commitment": deal.commitment.hex(),
        "root": root,
        "cards": {str(at): str(card) for at, card in enumerate(deal.order)},
    }
    order = [str(card) for card in deal.order]
    # Each call beside what the Python implementation says it answers.
    expected: list[tuple[list[Any], Any]] = [
        (["commitment", seed.hex(), hand_id], deal.commitment.hex()),
        (["deckOrder", seed.hex(), hand_id, said["clientSeeds"], size], order),
        (["merkleRoot", leaves], root),
        (["verifyDeal", said], []),
    ]
    for proof, leaf in zip(proofs, leaves, strict=True):
        expected.append((["salt", seed.hex(), hand_id, proof.position], proof.salt.hex()))
        expected.append((["leafHash", proof.position, str(proof.card), proof.salt.hex()], leaf))
        expected.append((["verifyCard", root, proof.as_dict()], True))
    expected += [(["verifyCard", root, proof.as_dict()], False) for proof in changed]
    answers = browser.calls([call for call, _ in expected])
    assert answers == [{"value": value} for _, value in expected]


def test_hand_ids_at_their_limits_deal_alike(browser: Browser) -> None:
    """Hand ids of one byte and of 65,535 (in ASCII, and in characters of two and of four
    bytes), a NUL, a Chinese table's: the same commitment, deck and salts as Python's."""
    longest = ("x" * 65_535, "é" * 32_767 + "x", "🂡" * 16_383 + "xyz")
    assert {len(hand_id.encode()) for hand_id in longest} == {65_535}
    for hand_id in ("7", "\x00", *longest, "練習桌/17"):
        deal = Deal(SEED, hand_id, [b"\xff" * 64, b"\x00"], 28)
        assert browser.calls(
            [
                ["commitment", SEED.hex(), hand_id],
                ["deckOrder", SEED.hex(), hand_id, ["ff" * 64, "00"], 28],
                ["salt", SEED.hex(), hand_id, 27],
                ["verifyCard", deal.root.hex(), deal.proof(27).as_dict()],
            ]
        ) == [
            {"value": deal.commitment.hex()},
            {"value": [str(card) for card in deal.order]},
            {"value": deal.salts[27].hex()},
            {"value": True},
        ]


def test_a_word_the_shuffle_skips_is_skipped_alike(browser: Browser) -> None:
    """The vectors' decks draw no word at or above its limit (about one deck in seven
    million does): this hand's third word, drawn for i = 49, is at or above 2³² − 46, the
    largest multiple of 50 not above 2³², and is skipped. A verifier that took it, or
    that skipped otherwise, would deal another deck."""
    hand_id = "reject/11637075"  # found by trying "reject/0", "reject/1", …
    raw = hand_id.encode()
    message = len(raw).to_bytes(2, "big") + raw + bytes([1, 1]) + b"x" + bytes(4)
    third = int.from_bytes(hmac.digest(SEED, message, "sha256")[8:12], "big")
    assert third >= 2**32 - 2**32 % 50
    order = [str(card) for card in deck_order(SEED, hand_id, [b"x"], 52)]
    assert browser.call("deckOrder", SEED.hex(), hand_id, [b"x".hex()], 52) == order


@pytest.mark.parametrize("count", range(1, 70))
def test_the_tree_of_any_number_of_leaves(browser: Browser, count: int) -> None:
    leaves = [bytes([count, at]) * 16 for at in range(count)]
    assert browser.call("merkleRoot", [leaf.hex() for leaf in leaves]) == merkle_root(leaves).hex()


# -- what is wrong with a deal, in Python's words -------------------------------------------

DEAL = Deal(SEED, "practice-stud/1", [b"ann", b"bo"], 52)
OTHER_CARD = Card.parse("As") if DEAL.order[4] != Card.parse("As") else Card.parse("Ks")
ALL_GOOD = (SEED, "practice-stud/1", [b"ann", b"bo"], 52, DEAL.commitment, DEAL.root, {})


def python_says(
    seed: bytes,
    hand_id: str,
    clients: list[bytes],
    size: int,
    said_commitment: bytes,
    said_root: bytes | None,
    cards: dict[int, Card],
) -> list[str]:
    """What Python's verify_deal finds wrong; a deck of a size no game deals, which it
    does not catch (deck_cards's ValueError is no FairnessError), as its message."""
    try:
        return verify_deal(
            seed,
            hand_id,
            clients,
            size,
            said_commitment=said_commitment,
            said_root=said_root,
            cards=cards,
        )
    except FairnessError:
        raise  # verify_deal says these itself
    except ValueError as error:
        return [str(error)]


def variant(**change: Any) -> tuple[Any, ...]:
    names = ("seed", "hand_id", "clients", "size", "commitment", "root", "cards")
    return tuple(change.get(name, value) for name, value in zip(names, ALL_GOOD, strict=True))


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(ALL_GOOD, id="all good"),
        pytest.param(variant(cards=dict(enumerate(DEAL.order))), id="every card as dealt"),
        pytest.param(variant(root=None), id="no root said"),
        pytest.param(variant(seed=bytes(32)), id="another seed"),
        pytest.param(variant(root=bytes(32)), id="another root"),
        pytest.param(variant(commitment=DEAL.root), id="another commitment"),
        pytest.param(
            variant(cards={9: DEAL.order[8], 4: OTHER_CARD, 0: DEAL.order[0]}), id="cards not dealt"
        ),
        pytest.param(variant(cards={52: DEAL.order[0]}), id="a card past the deck"),
        pytest.param(variant(seed=b"short"), id="a short seed"),
        pytest.param(variant(seed=b"short", size=36), id="a short seed and a bad size"),
        pytest.param(variant(size=36, hand_id=""), id="a bad size and no hand id"),
        pytest.param(variant(hand_id=""), id="no hand id"),
        pytest.param(variant(hand_id="牌" * 21_846), id="a hand id of 65,538 bytes"),
        pytest.param(variant(clients=[b""]), id="an empty client seed"),
        pytest.param(variant(clients=[b"x" * 65]), id="a client seed of 65 bytes"),
        pytest.param(variant(clients=[b"x"] * 256), id="256 client seeds"),
        pytest.param(variant(clients=[b"x"] * 255), id="255 client seeds"),
        pytest.param(variant(clients=[]), id="no client seed"),
    ],
)
def test_what_is_wrong_with_a_deal_is_said_as_python_says_it(
    browser: Browser, args: tuple[Any, ...]
) -> None:
    seed, hand_id, clients, size, said_commitment, said_root, cards = args
    said = {
        "serverSeed": seed.hex(),
        "handId": hand_id,
        "clientSeeds": [c.hex() for c in clients],
        "size": size,
        "commitment": said_commitment.hex(),
        "root": None if said_root is None else said_root.hex(),
        "cards": {str(at): str(card) for at, card in cards.items()},
    }
    assert browser.call("verifyDeal", said) == python_says(*args)


def test_what_only_the_browser_reads_wrong_is_said_too(browser: Browser) -> None:
    """Hex that is none, a hand id that is no Unicode text, a record's card at no place:
    what Python, taking bytes and numbers, never meets."""
    good = {
        "serverSeed": SEED.hex(),
        "handId": "practice-stud/1",
        "clientSeeds": ["616e6e", "626f"],
        "size": 52,
        "commitment": DEAL.commitment.hex(),
        "root": DEAL.root.hex(),
    }
    told = browser.calls(
        [
            ["verifyDeal", {**good, "root": DEAL.root.hex().upper()}],
            ["verifyDeal", {**good, "serverSeed": "zz" * 32}],
            ["verifyDeal", {**good, "serverSeed": SEED.hex()[1:]}],
            ["verifyDeal", {**good, "clientSeeds": ["616e6e", "62f"]}],
            ["verifyDeal", {**good, "clientSeeds": "616e6e"}],
            ["verifyDeal", {**good, "handId": "practice-stud/\ud800"}],
            ["verifyDeal", {**good, "size": "52"}],
            ["verifyDeal", {**good, "commitment": "not hex", "root": DEAL.root.hex()[:-2]}],
            ["verifyDeal", {**good, "cards": {"-1": "Td", "x": "4d", "01": "Td"}}],
        ]
    )
    assert [answer["value"] for answer in told] == [
        [],
        ["a server seed is written in hex, two digits a byte"],
        ["a server seed is written in hex, two digits a byte"],
        ["a client seed is written in hex, two digits a byte"],
        ["the client seeds are a list of hex strings"],
        ["a hand id is Unicode text: it has a lone surrogate"],
        ['a deck has 52, 32 or 28 cards, not "52"'],
        [
            "the server seed does not match its commitment",
            "the deal's root is not the tree of the deck the seeds make",
        ],
        [
            'card Td of the record is at "-1": no place in the deck',
            'card 4d of the record is at "x": no place in the deck',
            'card Td of the record is at "01": no place in the deck',
        ],
    ]


def python_refusal(make: Callable[[], object]) -> str:
    """The message of the ValueError (a FairnessError, or the deck's size's) ``make``
    raises."""
    try:
        make()
    except ValueError as error:
        return str(error)
    raise AssertionError("Python refused nothing")


def test_the_parts_refuse_what_python_refuses_in_its_words(browser: Browser) -> None:
    card, card_salt = DEAL.order[0], DEAL.salts[0]
    refusals: list[tuple[list[Any], Callable[[], object]]] = [
        (["merkleRoot", []], lambda: merkle_root([])),
        (["leafHash", 256, str(card), card_salt.hex()], lambda: leaf_hash(256, card, card_salt)),
        (
            ["leafHash", 0, str(card), card_salt[1:].hex()],
            lambda: leaf_hash(0, card, card_salt[1:]),
        ),
        (["commitment", "00" * 31, "h/1"], lambda: commitment(bytes(31), "h/1")),
        (["salt", "00" * 33, "h/1", 0], lambda: salt(bytes(33), "h/1", 0)),
        (["salt", SEED.hex(), "", 0], lambda: salt(SEED, "", 0)),
        (["deckOrder", SEED.hex(), "h/1", [], 36], lambda: deck_order(SEED, "h/1", [], 36)),
        (["deckOrder", SEED.hex(), "", [], 52], lambda: deck_order(SEED, "", [], 52)),
        (["deckOrder", SEED.hex(), "h/1", [""], 52], lambda: deck_order(SEED, "h/1", [b""], 52)),
    ]
    for call, python in refusals:
        assert browser.refusal(*call) == python_refusal(python), call
    # Python's own types keep these from its functions: the browser says them itself.
    assert browser.refusal("leafHash", 0, "10d", card_salt.hex()) == (
        '"10d" is not a card: a rank (23456789TJQKA) then a suit (cdhs)'
    )
    assert browser.refusal("salt", SEED.hex(), "h/1", 256) == "a position is 0 to 255, not 256"
