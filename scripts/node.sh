#!/usr/bin/env bash
# Installs the npm packages of package-lock.json (TypeScript, for test.sh's type check of
# the web client) into node_modules/ with `npm ci`, and does nothing when they are there:
# it reinstalls only when package-lock.json changes. Node.js and npm come from Debian's
# packages when they are missing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# Node.js and npm: Debian's packages when they are missing (as chromium.sh does chromium).
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
    echo "node.sh: node or npm is missing: install Node.js with npm (Debian: apt-get install nodejs npm)" >&2
    exit 1
  fi
  log="${TMPDIR:-/tmp}/studpoker-node-install.log"
  export DEBIAN_FRONTEND=noninteractive
  if ! { apt-get update && apt-get install -y -q nodejs npm; } >"$log" 2>&1; then
    echo "node.sh: apt-get install nodejs npm failed" >&2
    tail -n 30 "$log" >&2
    exit 1
  fi
fi

stamp=node_modules/.studpoker-installed
want="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "node.sh: installing the npm packages of package-lock.json into node_modules" >&2
  npm ci --no-audit --no-fund --loglevel=error >&2
  echo "$want" >"$stamp"
fi
