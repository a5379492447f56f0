#!/bin/sh
# deps.sh installs what the tests need and is not there yet: the original
# programs (Debian package mah-jong, for the tests that run them), xvfb,
# xauth and Mesa's software OpenGL (xvfb-run, under which the xmj tests run
# the graphical clients), Node.js and npm (which run the WebAssembly tests
# through go_js_wasm_exec and the browser tests), Chromium (the browser tests,
# headless), brotli (to precompress the site's wasm) and the npm packages of
# web/ (npm ci, from web/package-lock.json). It installs only when running as
# root; otherwise it says what is missing and carries on, so tests that need a
# missing program skip or fail on their own. Running it again does nothing
# once everything is present.
set -eu
cd "$(dirname "$0")/.."

has_pkg() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

missing=""
[ -x /usr/games/mj-server ] || missing="$missing mah-jong"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
command -v xvfb-run >/dev/null 2>&1 || missing="$missing xvfb"
command -v xauth >/dev/null 2>&1 || missing="$missing xauth"
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v brotli >/dev/null 2>&1 || missing="$missing brotli"
if command -v dpkg-query >/dev/null 2>&1 && ! has_pkg libgl1-mesa-dri; then
	missing="$missing libgl1-mesa-dri"
fi

if [ -n "$missing" ]; then
	if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
		echo "deps.sh: not installed:$missing (run as root with apt-get, or install them yourself)" >&2
	else
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
	fi
fi

# The browser tests' npm packages, exactly as web/package-lock.json pins them.
if [ ! -d web/node_modules/playwright-core ]; then
	if command -v npm >/dev/null 2>&1; then
		echo "deps.sh: installing web/'s npm packages"
		(cd web && npm ci --no-audit --no-fund --loglevel=error)
	else
		echo "deps.sh: not installed: web/'s npm packages (npm is missing)" >&2
	fi
fi
