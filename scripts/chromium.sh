#!/usr/bin/env bash
# Installs what the browser tests (tests/web) need when it is missing, and does nothing
# when it is there: Debian's chromium-headless-shell package (the tests launch
# /usr/bin/chromium-headless-shell through Playwright's executable_path; Playwright's own
# browser downloads are not used) and a small CJK font (fonts-wqy-microhei) so the
# Chinese screenshots show characters.
# The headless shell is the same Blink as the chromium package without the browser
# around it; it is what Playwright itself runs for headless tests. The whole of tests/web
# took 100 s and 44 s of its CPU with it, 123 s and 69 s with the full chromium (two
# workers, this machine). STUD_CHROMIUM=/usr/bin/chromium runs them in the full browser.
# Quiet unless it fails.
set -euo pipefail
binary="${STUD_CHROMIUM:-/usr/bin/chromium-headless-shell}"
installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" = "install ok installed" ]; }
missing=()
[ -x "$binary" ] || missing+=("$(basename "$binary")")
if command -v dpkg-query >/dev/null 2>&1 && ! installed fonts-wqy-microhei; then
  missing+=(fonts-wqy-microhei)
fi
[ "${#missing[@]}" = 0 ] && exit 0
log="${TMPDIR:-/tmp}/studpoker-chromium-install.log"
fail() {
  echo "chromium.sh: $*" >&2
  [ -s "$log" ] && tail -n 30 "$log" >&2
  exit 1
}
command -v apt-get >/dev/null 2>&1 || fail "${missing[*]} missing and apt-get is missing"
[ "$(id -u)" = 0 ] || fail "${missing[*]} missing; installing needs root"
export DEBIAN_FRONTEND=noninteractive
: >"$log"
apt-get update >>"$log" 2>&1 || fail "apt-get update failed"
apt-get install -y -q "${missing[@]}" >>"$log" 2>&1 || fail "apt-get install ${missing[*]} failed"
[ -x "$binary" ] || fail "chromium was installed but $binary is missing"
