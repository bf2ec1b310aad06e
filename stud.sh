#!/usr/bin/env bash
# Set up .venv if needed, then run the `stud` command with the given arguments.
# STUD_COMPILED=1 runs it with the engine and the hand-history reader compiled by mypyc
# (scripts/compile.py builds them beside the package, once per change of the sources):
# about twice the speed for `stud replay` of big files; the room is the same either way.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$root/scripts/setup.sh"
if [ "${STUD_COMPILED:-}" = 1 ]; then
  compiled="$("$root/.venv/bin/python" "$root/scripts/compile.py")"
  export PYTHONPATH="$compiled${PYTHONPATH:+:$PYTHONPATH}"
fi
exec "$root/.venv/bin/stud" "$@"
