#!/usr/bin/env bash
# Creates (or reuses) the virtual environment .venv at the repository root with
# studpoker installed in editable mode, its test tools and the reference
# libraries of the tests and benchmarks. Reinstalls only when pyproject.toml changes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

python=""
for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3; do
  [ -n "$candidate" ] || continue
  if command -v "$candidate" >/dev/null 2>&1 &&
    "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    python="$candidate"
    break
  fi
done
if [ -z "$python" ]; then
  echo "setup: Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)" >&2
  exit 1
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $("$python" --version)" >&2
  "$python" -m venv .venv
fi

stamp=.venv/.studpoker-installed
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing studpoker and its test tools into .venv" >&2
  # uv installs the same packages as pip (the same versions, from the sources pip is
  # configured with: scripts/uv_sources.py) in 6 s instead of 30; pip does it where uv
  # cannot be had or fails. Neither writes bytecode: compileall does it on both cores
  # below (pip alone took 62 s with its bytecode, one file after another), leaving out the
  # big packages that the tests hardly import (Ray, matplotlib and its fonts, libcst,
  # textual, pip and setuptools, 3,900 files): what of them is imported is compiled then.
  sources="$(.venv/bin/python -m pip config list 2>/dev/null | .venv/bin/python scripts/uv_sources.py)"
  if .venv/bin/python -m pip install --quiet uv &&
    eval ".venv/bin/uv pip install --quiet --python .venv/bin/python $sources --upgrade-package pip pip -e '.[test]'"; then
    :
  else
    echo "setup: uv could not install; pip does" >&2
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet --no-compile -e ".[test]"
  fi
  site="$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
  .venv/bin/python -m compileall -q -j 0 \
    -x '/(ray|matplotlib|fontTools|libcst|textual|pip|setuptools|future)/' "$site" >/dev/null
  echo "$want" >"$stamp"
fi
