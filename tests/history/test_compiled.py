"""The mypyc-compiled build (scripts/compile.py) behaves exactly as the Python package.

mypyc checks declared types at run time and compiles some constructs differently, so a
type that lies (an ``int`` where ``bool`` is declared) or a construct it treats otherwise
would change what the compiled modules do.  The same script runs under both builds, each in
its own process: every hand history in ../shared/handhistories read and replayed (each
hand's match, facts checked and first difference), and seeded hands of every game and
option played with random legal actions and, every few steps, an illegal one (its exact
message).  The two outputs must be identical, line for line; and the compiled process
must really have run the extensions."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import READ_SITES

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "handhistories"

SCRIPT = r"""
import random, sys
from pathlib import Path
from studpoker.engine import Action, Hand, IllegalAction
from studpoker.engine.betting import WAGERS
from studpoker.engine import hand as hand_module
from studpoker.games import five_card_stud, razz, seven_card_stud, show_hand, stud_hilo
from studpoker.history import HandRecord, iter_history, read_pokerstars, replay
from studpoker.history.pokerstars_write import to_pokerstars
from datetime import datetime
STARTED = datetime(2024, 5, 1, 14, 30)

print("compiled", hand_module.__file__.endswith(".so"))
folders = [Path(sys.argv[1]) / site for site in sys.argv[3].split(",")]
for path in [path for folder in folders for path in sorted(folder.glob("*.txt"))]:
    for record in iter_history(path):
        if not isinstance(record, HandRecord):
            print(path.name, "skipped", type(record).__name__)
            continue
        report = replay(record)
        print(path.name, record.number, report.line(), report.notes)

SPECS = [
    seven_card_stud(), seven_card_stud(open_pair_double=False), stud_hilo(), razz(),
    five_card_stud(), five_card_stud(open_pair_double=True),
    show_hand(), show_hand(deck=32), show_hand(deck=28), show_hand(limit="pot"),
    show_hand(settlement="capped"), show_hand(opener_may_check=True),
]
for index, spec in enumerate(SPECS):
    for seed in range(int(sys.argv[2])):
        rng = random.Random(seed * 1000 + index)
        unit = max(spec.ante, spec.big_bet, spec.min_bet, 1)
        seats = rng.randint(2, spec.max_seats)
        stacks = [rng.choice([1, unit, 5 * unit, 40 * unit]) for _ in range(seats)]
        hand = Hand(spec, stacks, rng=random.Random(seed))
        step = 0
        while not hand.is_over:
            step += 1
            legal = hand.legal_actions()
            if step % 4 == 0:
                try:
                    hand.act(Action(legal[0].kind, 10**9))
                except IllegalAction as error:
                    print("illegal", error)
                else:
                    print("accepted", legal[0].kind)
                    continue
            option = rng.choice(legal)
            if option.kind not in WAGERS:
                action = Action(option.kind)
            elif option.choices:
                action = Action(option.kind, rng.choice(option.choices))
            else:
                action = Action(option.kind, rng.randint(option.minimum, option.maximum))
            hand.act(action)
        print(spec.game, seed, hand.events, hand.result)
        if not spec.is_show_hand:  # written as PokerStars text, read back and replayed
            text = to_pokerstars(hand, hand_id=seed + 1, started=STARTED, currency="$")
            (record,) = read_pokerstars(text)
            options = dict(max_raises=spec.max_raises, cap_heads_up=spec.cap_heads_up,
                           open_pair_double=spec.open_pair_double)
            report = replay(record, **options)
            print("written", report.line(), report.hand.result == hand.result)
"""


def load_compile() -> object:
    spec = importlib.util.spec_from_file_location("compile", ROOT / "scripts" / "compile.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def start(pythonpath: str | None, hands: int) -> subprocess.Popen[str]:
    """The script under the build on ``pythonpath`` (None: the Python package), started."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    return subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(SHARED), str(hands), ",".join(READ_SITES)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def lines(process: subprocess.Popen[str]) -> list[str]:
    """What a started script printed, once it ended well."""
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err[-3000:]
    return out.splitlines()


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_the_compiled_build_reads_replays_and_plays_as_the_python_one() -> None:
    assert SHARED.is_dir(), f"{SHARED} is missing: the shared hand histories are needed"
    # Unoptimised C (-O0): a third of the time to build, and the same semantics, which is
    # what this test checks (scripts/compile.py).
    build = load_compile().build(quiet=True, optimise=False)  # type: ignore[attr-defined]
    both = start(None, 200), start(str(build), 200)  # side by side, each a process
    pure, compiled = lines(both[0]), lines(both[1])
    assert pure[0] == "compiled False"
    assert compiled[0] == "compiled True"
    # Every shared hand history was read (the PokerStars and Full Tilt files), and hands of
    # each of the twelve specs played; some illegal actions were tried.
    assert sum(": match (" in line for line in pure) > 40 + 6 * 200, pure[:5]
    assert sum(line.startswith("illegal") for line in pure) > 100
    written = [line for line in pure if line.startswith("written")]
    assert len(written) == 6 * 200  # the seven-card and Five-Card Stud specs
    assert all(": match (" in line and line.endswith(" True") for line in written), written
    assert len(pure) == len(compiled)
    for ours, theirs in zip(pure[1:], compiled[1:], strict=True):
        assert ours == theirs
