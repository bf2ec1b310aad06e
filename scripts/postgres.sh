#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests (or reuses the one it started
# before) and prints its URL on stdout:
#   postgresql+psycopg://postgres@127.0.0.1:61432/studpoker
# Installs Debian's postgresql package when PostgreSQL is missing. The cluster lives in
# STUD_PG_DIR (default /tmp/studpoker-postgres), trusts local connections, listens on
# 127.0.0.1 only, on the first free port from STUD_PG_PORT (default 61432), and is
# tuned for speed, not durability: keep nothing in it.
# Stop it with: pg_ctl -D /tmp/studpoker-postgres/data stop  (as the postgres user when root)
set -euo pipefail
dir="${STUD_PG_DIR:-/tmp/studpoker-postgres}"
first_port="${STUD_PG_PORT:-61432}"
database=studpoker
log="$dir/setup.log"

fail() {
  echo "postgres.sh: $*" >&2
  [ -s "$log" ] && tail -n 30 "$log" >&2
  exit 1
}

find_bin() {
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v pg_ctl)")"
    return
  fi
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  [ -n "$found" ] && [ -x "$found/initdb" ] && echo "$found"
}

mkdir -p "$dir"
: >"$log"
bin="$(find_bin || true)"
if [ -z "$bin" ]; then
  command -v apt-get >/dev/null 2>&1 || fail "PostgreSQL is not installed and apt-get is missing"
  [ "$(id -u)" = 0 ] || fail "PostgreSQL is not installed; installing it needs root"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >>"$log" 2>&1 || fail "apt-get update failed"
  apt-get install -y -q postgresql >>"$log" 2>&1 || fail "apt-get install postgresql failed"
  bin="$(find_bin || true)"
  [ -n "$bin" ] || fail "postgresql is installed but initdb and pg_ctl were not found"
fi

# initdb refuses to run as root: the cluster belongs to the postgres user then.
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || fail "the postgres user is missing"
  chown postgres: "$dir" "$log"
  chmod 700 "$dir"
  as_owner() { runuser -u postgres -- "$@"; }
fi

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# One run at a time: two test runs starting together must not start two servers.
exec 9>"$dir/lock"
flock 9

data="$dir/data"
if ! as_owner "$bin/pg_ctl" status -D "$data" >/dev/null 2>&1; then
  if [ ! -s "$data/PG_VERSION" ]; then
    rm -rf "$data"
    as_owner "$bin/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --no-locale \
      >>"$log" 2>&1 || fail "initdb failed"
  fi
  port="$first_port"
  while port_busy "$port"; do
    port=$((port + 1))
    [ "$port" -lt $((first_port + 100)) ] || fail "no free port from $first_port"
  done
  # 9>&-: the server must not keep the lock (nor any output of ours) open.
  as_owner "$bin/pg_ctl" start -w -t 60 -D "$data" -l "$dir/server.log" \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off \
        -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    >>"$log" 2>&1 9>&- || { cat "$dir/server.log" >>"$log" 2>/dev/null; fail "the server did not start"; }
fi
# The running server's port is the fourth line of its pid file.
port="$(sed -n 4p "$data/postmaster.pid")"
[ -n "$port" ] || fail "cannot read the server's port from $data/postmaster.pid"

psql=("$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -X -q -t -A -v ON_ERROR_STOP=1)
if [ "$("${psql[@]}" -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$database'" \
  2>>"$log")" != 1 ]; then
  "${psql[@]}" -d postgres -c "CREATE DATABASE $database" >>"$log" 2>&1 ||
    fail "cannot create the database $database"
fi
echo "postgresql+psycopg://postgres@127.0.0.1:$port/$database"
