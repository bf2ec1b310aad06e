#!/usr/bin/env bash
# Starts a throwaway nginx in front of a room, built from deploy/nginx.conf itself, and
# prints its URL on stdout:
#   scripts/nginx.sh 127.0.0.1:8000                  -> http://127.0.0.1:61080
#   scripts/nginx.sh --conf deploy/nginx-workers.conf 127.0.0.1:8001 127.0.0.1:8002
#   scripts/nginx.sh stop                            stops the nginx of STUD_NGINX_DIR
#   scripts/nginx.sh install                         installs nginx when missing; starts nothing
# Installs Debian's nginx package when nginx is missing. The shipped file is what runs,
# changed in two places only: its `listen 80;` becomes 127.0.0.1 and the first free port
# from STUD_NGINX_PORT (default 61080), its upstream's servers the given addresses. Around
# it, a main config of its own in STUD_NGINX_DIR (default /tmp/studpoker-nginx): one
# worker, that folder's pid file, logs (error.log, access.log) and temporary files, and,
# run as root, a worker that stays root (a test's private folder is no other user's to
# read). A second start in the same folder stops the first.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${STUD_NGINX_DIR:-/tmp/studpoker-nginx}"
first_port="${STUD_NGINX_PORT:-61080}"
log="$dir/setup.log"

fail() {
  echo "nginx.sh: $*" >&2
  [ -s "$log" ] && tail -n 30 "$log" >&2
  exit 1
}

find_nginx() {
  command -v nginx 2>/dev/null || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true
}

install_nginx() {
  [ -n "$(find_nginx)" ] && return
  command -v apt-get >/dev/null 2>&1 || fail "nginx is not installed and apt-get is missing"
  [ "$(id -u)" = 0 ] || fail "nginx is not installed; installing it needs root"
  export DEBIAN_FRONTEND=noninteractive
  # Two runs installing at once would fight over dpkg's lock: one at a time.
  exec 8>/tmp/studpoker-nginx-install.lock
  flock 8
  if [ -z "$(find_nginx)" ]; then
    apt-get update >>"$log" 2>&1 || fail "apt-get update failed"
    # --no-install-recommends: the server alone. Where services run, Debian's package
    # also starts its own nginx on port 80; ours never use that port.
    apt-get install -y -q --no-install-recommends nginx >>"$log" 2>&1 ||
      fail "apt-get install nginx failed"
  fi
  exec 8>&-
  [ -n "$(find_nginx)" ] || fail "nginx is installed but not found"
}

stop_nginx() {
  [ -s "$dir/nginx.pid" ] || return 0
  local pid
  pid="$(cat "$dir/nginx.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.05
    done
  fi
  rm -f "$dir/nginx.pid"
}

mkdir -p "$dir"
: >"$log"
case "${1:-}" in
  install)
    install_nginx
    exit 0
    ;;
  stop)
    stop_nginx
    exit 0
    ;;
esac

conf="$root/deploy/nginx.conf"
if [ "${1:-}" = --conf ]; then
  [ $# -ge 2 ] || fail "--conf needs a file"
  conf="$2"
  shift 2
fi
[ $# -ge 1 ] || fail "usage: scripts/nginx.sh [--conf FILE] HOST:PORT... | stop | install"
[ -f "$conf" ] || fail "no such file: $conf"
install_nginx
nginx="$(find_nginx)"
stop_nginx

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# The site as shipped, but for the port it listens on and the room's addresses: the
# `server` lines of `upstream studpoker { ... }` take the given addresses in turn, each
# keeping its options (max_fails=...); lines left over are dropped, addresses left over
# added.
site() {
  awk -v port="$1" -v servers="$2" '
    BEGIN { n = split(servers, each, " ") }
    /^[[:space:]]*upstream[[:space:]]+studpoker[[:space:]]*\{/ { upstream = 1 }
    upstream && /^[[:space:]]*server[[:space:]]/ {
      if (++used <= n) {
        sub(/server[[:space:]]+[^[:space:];]+/, "server " each[used])
        print
      }
      next
    }
    upstream && /^[[:space:]]*\}/ {
      for (i = used + 1; i <= n; i++) print "    server " each[i] ";"
      upstream = 0
    }
    /^[[:space:]]*listen[[:space:]]+80;/ { sub(/listen[[:space:]]+80;/, "listen 127.0.0.1:" port ";") }
    { print }
  ' "$conf"
}

main_conf() {
  local user=""
  [ "$(id -u)" = 0 ] && user="user root;"
  cat <<EOF
# Written by scripts/nginx.sh: a throwaway nginx around $conf.
$user
worker_processes 1;
worker_rlimit_nofile 8192;
pid $dir/nginx.pid;
error_log $dir/error.log notice;
events {
    worker_connections 4096;
}
http {
    access_log $dir/access.log;
    client_body_temp_path $dir/temp/body;
    proxy_temp_path $dir/temp/proxy;
    fastcgi_temp_path $dir/temp/fastcgi;
    uwsgi_temp_path $dir/temp/uwsgi;
    scgi_temp_path $dir/temp/scgi;
    include $dir/site.conf;
}
EOF
}

mkdir -p "$dir/temp"
main_conf >"$dir/nginx.conf"
# One start at a time: two runs must not both take the port they found free.
exec 9>/tmp/studpoker-nginx-ports.lock
flock 9
# The first port nobody listens on and nginx can bind: a port held by an outgoing
# connection (the system's ephemeral ports; the default lies above Linux's 32768-60999)
# answers no connection yet cannot be bound, so a bind refused moves on to the next.
port="$first_port"
while :; do
  [ "$port" -lt $((first_port + 200)) ] || fail "no free port from $first_port"
  if port_busy "$port"; then
    port=$((port + 1))
    continue
  fi
  site "$port" "$*" >"$dir/site.conf"
  grep -q "listen 127.0.0.1:$port;" "$dir/site.conf" || fail "$conf has no 'listen 80;' to change"
  : >"$dir/error.log"
  # 9>&-: nginx must not keep the lock open.
  "$nginx" -p "$dir/" -c "$dir/nginx.conf" -e "$dir/error.log" >"$dir/start.log" 2>&1 9>&- &&
    { cat "$dir/start.log" >>"$log"; break; }
  cat "$dir/start.log" "$dir/error.log" >>"$log" 2>/dev/null
  grep -qs "Address already in use" "$dir/start.log" "$dir/error.log" || fail "nginx did not start"
  port=$((port + 1))
done
for _ in $(seq 1 100); do
  port_busy "$port" && break
  sleep 0.05
done
port_busy "$port" || fail "nginx does not listen on $port"
echo "http://127.0.0.1:$port"
