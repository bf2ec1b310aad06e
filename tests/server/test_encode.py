"""The socket's JSON text (server/connections.py ``encode``): what Python's ``json`` writes
(compact, UTF-8), keys that are not strings included, and an error for what JSON cannot
hold, whatever path orjson takes."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studpoker.server.connections import encode

KEYS = st.one_of(st.text(max_size=8), st.integers(-(2**31), 2**31))
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=20,
)


@given(VALUES)
def test_a_message_is_what_json_writes(message) -> None:
    assert json.loads(encode(message)) == json.loads(
        json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    )


def test_keys_that_are_not_strings_are_written_as_json_writes_them() -> None:
    assert encode({"net": {1: -200, 3: 200}}) == '{"net":{"1":-200,"3":200}}'
    assert encode({"said": "牌 é"}) == '{"said":"牌 é"}'


def test_what_json_cannot_hold_is_refused() -> None:
    with pytest.raises(TypeError):
        encode({"x": object()})
