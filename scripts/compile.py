"""Build the engine and the PokerStars reader compiled by mypyc, beside the pure package.

Usage (from the repository root)::

    .venv/bin/python scripts/compile.py          # prints the folder to put on PYTHONPATH
    STUD_COMPILED=1 ./stud.sh replay hands.txt   # stud.sh does it for you

The folder is ``build/compiled/<key>/``: a copy of ``src/studpoker`` in which the modules
of :data:`MODULES` are C extensions (mypyc, part of mypy, a development dependency), the
rest the same Python.  Put first on ``PYTHONPATH`` it replaces the installed package; the
package in ``src/`` is never touched, so the editable install of ``.venv`` never runs a
stale extension.  The key is a hash of every source file, mypy's version and Python's:
a build is reused while they are the same, and made again (about a minute on one core)
when any of them changes; older builds are removed.

``build(optimise=False)`` compiles the C without optimisation (``MYPYC_OPT_LEVEL=0``), in
a folder of its own (``build/compiled/O0-<key>/``): the same extensions, doing the same
things, a third of the time to build (11 s of CPU instead of 33 here) and slower to run.
``tests/history/test_compiled.py`` uses it, since what it checks (mypyc's semantics) does
not depend on the C compiler's optimisations; the benchmarks use the optimised build.

The compiled modules must behave exactly as the Python ones:
``tests/history/test_compiled.py`` replays every shared hand history and plays seeded
hands of every game through both and compares every fact.  ``bench/history.py`` measures
both.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "studpoker"
BUILDS = ROOT / "build" / "compiled"

# What replaying a hand history runs: the betting loop and the hand, the structures,
# pots and showdown, the PokerStars reader and the replay checker.
MODULES = (
    "engine/betting.py",
    "engine/hand.py",
    "engine/structures.py",
    "engine/pots.py",
    "engine/showdown.py",
    "history/pokerstars.py",
    "history/replay.py",
)


def key() -> str:
    """The hash of what a build depends on."""
    digest = hashlib.sha256()
    digest.update(f"{sys.version}|mypy {metadata.version('mypy')}|{MODULES}".encode())
    for path in sorted(SOURCE.rglob("*.py")):
        digest.update(str(path.relative_to(SOURCE)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def build(*, quiet: bool = False, optimise: bool = True) -> Path:
    """The folder of an up-to-date compiled build, built if there is none; without
    ``optimise``, its C compiled at ``-O0`` (quicker to build, slower to run)."""
    prefix = "" if optimise else "O0-"
    target = BUILDS / f"{prefix}{key()}"
    if (target / "studpoker").is_dir():
        return target
    BUILDS.mkdir(parents=True, exist_ok=True)
    # Built outside the repository, where mypy would read pyproject.toml's settings
    # (its ``files``, its overrides) as if this copy were the project.
    scratch = Path(tempfile.mkdtemp(prefix="studpoker-mypyc-"))
    work = scratch / "tree"
    shutil.copytree(SOURCE, work / "studpoker", ignore=shutil.ignore_patterns("__pycache__"))
    if not quiet:
        print(f"compiling {len(MODULES)} modules with mypyc …", file=sys.stderr)
    env = dict(os.environ)
    if not optimise:
        env["MYPYC_OPT_LEVEL"] = "0"
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *(f"studpoker/{module}" for module in MODULES)],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        shutil.rmtree(scratch, ignore_errors=True)
        raise SystemExit(f"mypyc failed:\n{done.stdout}\n{done.stderr}")
    shutil.rmtree(work / "build", ignore_errors=True)  # the C sources and objects
    staged = BUILDS / f".building-{os.getpid()}"
    shutil.rmtree(staged, ignore_errors=True)
    shutil.copytree(work, staged)
    shutil.rmtree(scratch, ignore_errors=True)
    for old in BUILDS.iterdir():  # older builds of the same kind
        same_kind = old.name.startswith("O0-") == (not optimise)
        if same_kind and old != staged and not old.name.startswith(".building-"):
            shutil.rmtree(old, ignore_errors=True)
    try:
        staged.rename(target)
    except OSError:  # another process built the same key meanwhile: keep its build
        shutil.rmtree(staged, ignore_errors=True)
    return target


def main() -> int:
    print(build(quiet="--quiet" in sys.argv[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
