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
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".[test]"
  echo "$want" >"$stamp"
fi
