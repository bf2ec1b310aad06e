"""The batch evaluators (:mod:`studpoker.hands.batch`) give, row for row, the
values of the scalar ones: high (R4.1), ace-to-five low (R4.2) and
eight-or-better (R4.3, 0 where no low qualifies), and reject bad input with a
message that says what is wrong and where."""

from __future__ import annotations

import numpy as np
import pytest

from studpoker.cards import Card, parse_cards
from studpoker.hands import batch, eight_or_better, high, low_a5

SCALAR = {
    "high": lambda cards: high(cards).value,
    "low_a5": lambda cards: low_a5(cards).value,
    # R4.3: no qualifying low is None for the scalar evaluator, 0 for the batch one.
    "eight_or_better": lambda cards: getattr(eight_or_better(cards), "value", 0),
}
BATCH = {"high": batch.high, "low_a5": batch.low_a5, "eight_or_better": batch.eight_or_better}
KINDS = list(BATCH)


def random_hands(rng: np.random.Generator, n: int, size: int) -> np.ndarray:
    """n uniformly random hands of ``size`` distinct cards (rows with a repeat rejected)."""
    parts, have = [], 0
    while have < n:
        draw = rng.integers(0, 52, size=(int((n - have) * 1.7) + 16, size), dtype=np.int64)
        draw = draw[(np.diff(np.sort(draw, axis=1), axis=1) != 0).all(axis=1)]
        parts.append(draw)
        have += len(draw)
    return np.concatenate(parts)[:n]


def scalar_values(kind: str, hands: np.ndarray) -> list[int]:
    return [SCALAR[kind](tuple(map(Card.from_code, row))) for row in hands.tolist()]


@pytest.fixture(scope="module")
def samples() -> dict[int, np.ndarray]:
    rng = np.random.default_rng(2024)
    return {size: random_hands(rng, 20_000, size) for size in (5, 6, 7)}


# Same values as the scalar evaluators ---------------------------------------------------


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("kind", KINDS)
def test_batch_equals_scalar_on_20000_random_hands(samples, kind, size):
    hands = samples[size]
    values = BATCH[kind](hands)
    assert values.dtype == np.int32
    assert values.shape == (len(hands),)
    assert values.tolist() == scalar_values(kind, hands)


def test_batch_categories_are_the_scalar_high_categories(samples):
    hands = samples[7]
    categories = batch.categories(batch.high(hands))
    assert categories.tolist() == [
        high(tuple(map(Card.from_code, row))).category for row in hands.tolist()
    ]
    assert set(categories.tolist()) == set(range(9))  # every category occurs


def test_batch_values_of_some_known_hands():
    rows = np.array(
        [
            parse_cards("As Ks Qs Js Ts 2d 3c"),  # royal flush
            parse_cards("5d 4c 3h 2s Ad Kd Kc"),  # wheel; low 5-4-3-2-A
            parse_cards("9h 9d 3c Js Qs Kd 5c"),  # pair of nines; no 8-or-better low
        ]
    )
    assert batch.high(rows).tolist() == [high(row).value for row in rows.tolist()]
    assert batch.categories(batch.high(rows)).tolist() == [8, 4, 1]
    assert batch.low_a5(rows).tolist() == [low_a5(row).value for row in rows.tolist()]
    eight = batch.eight_or_better(rows).tolist()
    assert eight[:2] == [0, eight_or_better(rows[1].tolist()).value]
    assert eight[2] == 0


# Any integer dtype and memory layout -----------------------------------------------------


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("kind", KINDS)
def test_integer_dtypes_give_the_same_values(samples, kind, size):
    hands = samples[size]
    expected = BATCH[kind](hands.astype(np.int64))
    for dtype in (np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64):
        assert np.array_equal(BATCH[kind](hands.astype(dtype)), expected), dtype


@pytest.mark.parametrize("kind", KINDS)
def test_card_order_and_memory_layout_do_not_change_values(samples, kind):
    hands = samples[7]
    expected = BATCH[kind](hands)
    assert np.array_equal(BATCH[kind](hands[:, ::-1]), expected)  # reversed columns, a view
    assert np.array_equal(BATCH[kind](np.asfortranarray(hands)), expected)
    assert np.array_equal(BATCH[kind](hands[::2]), expected[::2])  # strided rows


def test_a_list_of_rows_of_cards_is_accepted():
    rows = [parse_cards("As Ks Qs Js Ts"), parse_cards("2c 2d 7h 9s Jc")]
    assert batch.high(rows).tolist() == [high(row).value for row in rows]


# validate=False ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("kind", KINDS)
def test_validate_false_gives_the_same_values_for_good_input(samples, kind, size):
    hands = samples[size]
    assert np.array_equal(BATCH[kind](hands, validate=False), BATCH[kind](hands))


def test_validate_false_still_rejects_codes_that_are_not_cards():
    with pytest.raises(ValueError, match=r"row 0 holds 52, not a card code"):
        batch.high(np.array([[0, 1, 2, 3, 52]]), validate=False)


# Empty input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("kind", KINDS)
def test_no_rows_give_an_empty_array(kind, size):
    values = BATCH[kind](np.empty((0, size), dtype=np.int64))
    assert values.shape == (0,)
    assert values.dtype == np.int32


# Bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "shape",
    [(3, 4), (3, 8), (7,), (2, 7, 1), ()],
    ids=["4 cards", "8 cards", "one row", "3-d", "scalar"],
)
def test_wrong_shape_is_rejected(kind, shape):
    codes = np.arange(int(np.prod(shape))).reshape(shape)
    with pytest.raises(ValueError, match=r"codes must have shape \(N, 5\), \(N, 6\) or \(N, 7\)"):
        BATCH[kind](codes)


@pytest.mark.parametrize("kind", KINDS)
def test_a_code_above_51_is_rejected_naming_its_row(kind):
    codes = np.array(
        [[0, 1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, 13], [14, 15, 16, 52, 18, 19, 20]]
    )
    with pytest.raises(ValueError, match=r"^row 2 holds 52, not a card code \(0 to 51\)$"):
        BATCH[kind](codes)


@pytest.mark.parametrize("kind", KINDS)
def test_a_negative_code_is_rejected_naming_its_row(kind):
    codes = np.array([[0, 1, 2, 3, 4], [5, 6, -1, 8, 9]], dtype=np.int16)
    with pytest.raises(ValueError, match=r"^row 1 holds -1, not a card code \(0 to 51\)$"):
        BATCH[kind](codes)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dtype", [np.float64, np.float32, bool, object])
def test_non_integer_arrays_are_rejected(kind, dtype):
    codes = np.arange(10).reshape(2, 5).astype(dtype)
    with pytest.raises(ValueError, match=r"codes must be integers 0 to 51"):
        BATCH[kind](codes)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("row", [0, 4095, 4096, 9999], ids=lambda r: f"row {r}")
def test_a_row_holding_a_card_twice_is_rejected_naming_the_row(samples, kind, row):
    # Rows are checked in chunks of thousands: the index must still be the row's own.
    hands = samples[7][:10_000].copy()
    hands[row, 6] = hands[row, 2]
    with pytest.raises(ValueError, match=rf"^row {row} holds a card twice$"):
        BATCH[kind](hands)
