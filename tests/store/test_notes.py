"""Players' notes on each other (issue 36): one a writer and subject, read by its writer
alone, refused with a code on bad input and nothing changed; any sequence of writes and
deletions leaves the last write on each player."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studpoker.store import (
    NOTE_COLOURS,
    NOTE_LENGTH,
    Account,
    Actor,
    Note,
    NoteRefused,
    Store,
    StoreError,
)
from studpoker.store import notes as notes_module

from .conftest import Clock


def kept(store: Store, writer: Account) -> list[tuple[str, str | None, str]]:
    return [(note.subject, note.colour, note.text) for note in store.notes_of(writer.id)]


def test_a_note_is_its_writers_alone(store: Store, alice: Account, bob: Account) -> None:
    carol = store.create_account("carol", None, guest=True)
    note = store.set_note(alice.id, bob.id, "red", "  raises every bring-in\r\nfolds to a 3-bet  ")
    assert isinstance(note, Note)
    assert (note.subject_id, note.subject, note.colour) == (bob.id, "bob", "red")
    assert note.text == "raises every bring-in\nfolds to a 3-bet"
    store.set_note(alice.id, carol.id, None, "guest, plays every hand")
    store.set_note(bob.id, carol.id, "blue", "bob's own view of carol")
    assert kept(store, alice) == [
        ("bob", "red", "raises every bring-in\nfolds to a 3-bet"),
        ("carol", None, "guest, plays every hand"),
    ]
    assert kept(store, bob) == [("carol", "blue", "bob's own view of carol")]
    assert kept(store, carol) == []
    # Bob deleting his note on carol leaves alice's as it was.
    assert store.delete_note(bob.id, carol.id) is True
    assert store.delete_note(bob.id, carol.id) is False
    assert kept(store, bob) == []
    assert kept(store, alice)[1] == ("carol", None, "guest, plays every hand")


def test_writing_again_replaces_the_note_and_says_when(
    store: Store, alice: Account, bob: Account, clock: Clock
) -> None:
    first = store.set_note(alice.id, bob.id, "green", "tight")
    clock.advance(90)
    second = store.set_note(alice.id, bob.id, "yellow", "")
    assert first is not None
    assert second is not None
    assert (second.colour, second.text) == ("yellow", "")
    assert second.updated_at - first.updated_at == clock.now - first.updated_at
    assert kept(store, alice) == [("bob", "yellow", "")]


def test_no_colour_and_no_text_is_no_note(store: Store, alice: Account, bob: Account) -> None:
    store.set_note(alice.id, bob.id, "teal", "x")
    assert store.set_note(alice.id, bob.id, None, " \n\t ") is None
    assert kept(store, alice) == []
    assert store.set_note(alice.id, bob.id, None, "") is None  # none there: nothing to do
    assert kept(store, alice) == []


def test_a_renamed_player_keeps_the_notes_on_them(
    store: Store, alice: Account, bob: Account
) -> None:
    store.set_note(alice.id, bob.id, "purple", "slow-plays big hands")
    store.rename(bob.id, "robert", by=Actor("console (test)"))
    assert kept(store, alice) == [("robert", "purple", "slow-plays big hands")]


@pytest.mark.parametrize(
    ("colour", "text", "code", "params"),
    [
        ("pink", "x", "unknown_colour", {"value": "pink", "allowed": list(NOTE_COLOURS)}),
        ("Red", "x", "unknown_colour", {"value": "Red", "allowed": list(NOTE_COLOURS)}),
        (None, "y" * (NOTE_LENGTH + 1), "note_length", {"maximum": 2000, "length": 2001}),
        (None, "a\x00b", "note_characters", {"character": "U+0000"}),
        (None, "a\x1bb", "note_characters", {"character": "U+001B"}),
        ("red", "gg\u202e", "note_characters", {"character": "U+202E"}),
    ],
)
def test_bad_input_is_refused_with_its_code_and_changes_nothing(
    store: Store, alice: Account, bob: Account, colour: str, text: str, code: str, params: dict
) -> None:
    store.set_note(alice.id, bob.id, "grey", "before")
    with pytest.raises(NoteRefused) as refused:
        store.set_note(alice.id, bob.id, colour, text)
    assert (refused.value.code, refused.value.params) == (code, params)
    assert kept(store, alice) == [("bob", "grey", "before")]


def test_a_note_on_oneself_or_on_nobody_is_refused(store: Store, alice: Account) -> None:
    with pytest.raises(NoteRefused) as refused:
        store.set_note(alice.id, alice.id, "red", "me")
    assert (refused.value.code, refused.value.params) == ("note_self", {"name": "alice"})
    with pytest.raises(StoreError, match="no account 999"):
        store.set_note(alice.id, 999, "red", "x")
    with pytest.raises(StoreError, match="an account id must be a whole number"):
        store.set_note(alice.id, 0, "red", "x")
    assert kept(store, alice) == []


def test_a_writer_keeps_so_many_notes_at_most(
    store: Store, alice: Account, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(notes_module, "NOTES_PER_WRITER", 2)
    others = [store.create_account(f"p{n}", None) for n in range(3)]
    store.set_note(alice.id, others[0].id, "red", "")
    store.set_note(alice.id, others[1].id, "red", "")
    with pytest.raises(NoteRefused) as refused:
        store.set_note(alice.id, others[2].id, "red", "")
    assert (refused.value.code, refused.value.params) == ("notes_full", {"maximum": 2})
    store.set_note(alice.id, others[1].id, "blue", "rewritten: not one more")
    assert kept(store, alice) == [("p0", "red", ""), ("p1", "blue", "rewritten: not one more")]


WRITE = st.tuples(
    st.integers(0, 2),
    st.sampled_from([None, *NOTE_COLOURS]),
    st.sampled_from(["", "tight", "loose", "  calls\r\nany two  "]),
)
STEP = st.one_of(WRITE, st.tuples(st.integers(0, 2)))  # a 1-tuple: a deletion


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(steps=st.lists(STEP, max_size=12))
def test_any_writes_and_deletions_leave_the_last_write_on_each_player(
    store: Store, alice: Account, steps: list[tuple]
) -> None:
    subjects = [store.account(name) or store.create_account(name, None) for name in "xyz"]
    for subject in subjects:  # the database is shared by every example
        store.delete_note(alice.id, subject.id)
    expected: dict[str, tuple[str | None, str]] = {}
    for step in steps:
        subject = subjects[step[0]]
        if len(step) == 1:
            store.delete_note(alice.id, subject.id)
            expected.pop(subject.name, None)
            continue
        _, colour, text = step
        store.set_note(alice.id, subject.id, colour, text)
        text = text.replace("\r\n", "\n").strip()
        if colour is None and not text:
            expected.pop(subject.name, None)
        else:
            expected[subject.name] = (colour, text)
    assert kept(store, alice) == [(name, *expected[name]) for name in sorted(expected)]
