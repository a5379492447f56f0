#!/bin/sh
# deps.sh installs what the tests need and is not there yet: the original
# programs (Debian package mah-jong, for the tests that run them), xvfb and
# xauth (xvfb-run, under which the xmj test runs the graphical client) and Node.js
# (which runs the WebAssembly tests through go_js_wasm_exec). It installs only
# when running as root; otherwise it says what is missing and carries on, so
# tests that need a missing program skip or fail on their own. Running it
# again does nothing once everything is present.
set -eu

missing=""
[ -x /usr/games/mj-server ] || missing="$missing mah-jong"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v xvfb-run >/dev/null 2>&1 || missing="$missing xvfb"
command -v xauth >/dev/null 2>&1 || missing="$missing xauth"

[ -n "$missing" ] || exit 0

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "deps.sh: not installed:$missing (run as root with apt-get, or install them yourself)" >&2
	exit 0
fi

echo "deps.sh: installing$missing"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086 # $missing is a list of package names
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing; } >"$log" 2>&1; then
	cat "$log" >&2
	echo "deps.sh: installing$missing failed" >&2
	exit 1
fi
