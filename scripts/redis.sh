#!/usr/bin/env bash
# Starts a throwaway Redis server for the tests and benchmarks (or reuses the one it
# started before) and prints its URL on stdout:
#   redis://127.0.0.1:61379/0
# Installs Debian's redis-server package when Redis is missing. The server keeps its
# files in STUD_REDIS_DIR (default /tmp/studpoker-redis), listens on 127.0.0.1 only, on
# the first free port from STUD_REDIS_PORT (default 61379), and writes nothing to disk
# (no snapshots, no append-only file): keep nothing in it.
# Stop it with: redis-cli -p PORT shutdown nosave
set -euo pipefail
dir="${STUD_REDIS_DIR:-/tmp/studpoker-redis}"
first_port="${STUD_REDIS_PORT:-61379}"
log="$dir/setup.log"

fail() {
  echo "redis.sh: $*" >&2
  [ -s "$log" ] && tail -n 30 "$log" >&2
  exit 1
}

mkdir -p "$dir"
: >"$log"
if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
  command -v apt-get >/dev/null 2>&1 || fail "Redis is not installed and apt-get is missing"
  [ "$(id -u)" = 0 ] || fail "Redis is not installed; installing it needs root"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >>"$log" 2>&1 || fail "apt-get update failed"
  # --no-install-recommends: the server and its client, not Debian's service setup.
  apt-get install -y -q --no-install-recommends redis-server redis-tools >>"$log" 2>&1 ||
    fail "apt-get install redis-server failed"
  command -v redis-server >/dev/null 2>&1 || fail "redis-server is installed but not found"
fi

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
answers() { [ "$(redis-cli -h 127.0.0.1 -p "$1" ping 2>/dev/null)" = PONG ]; }

# One run at a time: two test runs starting together must not start two servers.
exec 9>"$dir/lock"
flock 9

port=""
if [ -s "$dir/port" ] && answers "$(cat "$dir/port")"; then
  port="$(cat "$dir/port")"
else
  port="$first_port"
  while port_busy "$port"; do
    port=$((port + 1))
    [ "$port" -lt $((first_port + 100)) ] || fail "no free port from $first_port"
  done
  # 9>&-: the server must not keep the lock (nor any output of ours) open.
  redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save "" --appendonly no \
    --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/server.log" \
    --protected-mode yes >>"$log" 2>&1 9>&- || fail "the server did not start"
  for _ in $(seq 1 100); do
    answers "$port" && break
    sleep 0.1
  done
  answers "$port" || { cat "$dir/server.log" >>"$log" 2>/dev/null; fail "the server does not answer"; }
  echo "$port" >"$dir/port"
fi
echo "redis://127.0.0.1:$port/0"
