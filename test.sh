#!/usr/bin/env bash
# Set up .venv if needed, then run every check: lint, format, types and the test suite.
# Extra arguments go to pytest (e.g. ./test.sh tests/hands -k low).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$root"
scripts/setup.sh
export PATH="$root/.venv/bin:$PATH"
# One command a line: under set -e a failure inside an && chain would not stop the script.
echo "== ruff check"
ruff check src tests bench examples scripts
echo "== ruff format --check"
ruff format --check src tests bench examples scripts
# mypy takes 26 s of one core on a fresh clone, the other core idle meanwhile; beside the
# tests it costs them about half of that. Its verdict comes after theirs.
echo "== mypy (beside the tests; its output after theirs)"
mypy_log="$(mktemp)"
(
  mypy
  mypy --strict src/studpoker/cards src/studpoker/hands src/studpoker/games \
    src/studpoker/engine src/studpoker/store src/studpoker/fairness.py
) >"$mypy_log" 2>&1 &
mypy_pid=$!
echo "== tsc --noEmit (the client's types)"
scripts/node.sh
node_modules/.bin/tsc --noEmit -p tsconfig.json
echo "== PostgreSQL for the store tests (installed and started when missing)"
if [ -z "${STUD_TEST_POSTGRES_URL:-}" ]; then
  STUD_TEST_POSTGRES_URL="$(scripts/postgres.sh)"
  export STUD_TEST_POSTGRES_URL
fi
echo "== Redis for the tests of the room across processes (installed and started when missing)"
if [ -z "${STUD_TEST_REDIS_URL:-}" ]; then
  STUD_TEST_REDIS_URL="$(scripts/redis.sh)"
  export STUD_TEST_REDIS_URL
fi
echo "== chromium for the browser tests (installed when missing)"
scripts/chromium.sh
scripts/nginx.sh install # nginx for tests/server/test_nginx.py (installed when missing)
echo "== pytest"
# Python may write its bytecode caches (__pycache__, ignored by git): where the machine
# sets PYTHONDONTWRITEBYTECODE (this one does), every worker, and every `stud serve`
# the tests start, compiled the package and pytest rewrote every test module's asserts
# again: 18 s instead of 8 to collect the suite, 2.2 s instead of 1.7 to import the server.
unset PYTHONDONTWRITEBYTECODE
# Two workers more than the cores: many tests wait (on a room's other processes, a
# lease running out, the database, chromium), and the extra workers keep the cores busy
# meanwhile. The tests marked `long` (ten seconds or more, mostly waiting) are ordered
# first (tests/conftest.py): one worker takes them while the others run the rest, and
# none is left to end the run alone. On two cores the whole suite took 448 s with three
# workers, 452 s with four; with the long tests first, 434 s and 422 s.
# worksteal: a worker that runs out of tests takes some of another's (the last of
# its queue), so the first worker keeps the long tests and the others share the rest.
workers=$(($(nproc) + 2))
tests=0
pytest -n "$workers" --dist worksteal "$@" || tests=$?
echo "== mypy"
typed=0
wait "$mypy_pid" || typed=$?
cat "$mypy_log"
rm -f "$mypy_log"
if [ "$typed" -ne 0 ]; then
  echo "mypy failed" >&2
  exit "$typed"
fi
exit "$tests"
