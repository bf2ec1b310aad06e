#!/usr/bin/env bash
# Set up .venv if needed, then run the `stud` command with the given arguments.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$root/scripts/setup.sh"
exec "$root/.venv/bin/stud" "$@"
