#!/bin/sh
# web-test.sh runs the browser tests (web/tests, node:test + playwright-core
# driving Debian's Chromium, headless) against the built site: it builds the
# site and cmd/mj-web, installs web/'s npm packages when they are missing, and
# runs the tests one file at a time. Screenshots and measured figures go to
# test-output/web/. Without Chromium or Node.js it says so and skips, unless
# CI is set, when it fails.
set -eu
cd "$(dirname "$0")/.."

chromium=${CHROMIUM:-/usr/bin/chromium}
if ! command -v node >/dev/null 2>&1 || [ ! -x "$chromium" ]; then
	if [ -n "${CI:-}" ]; then
		echo "web-test.sh: node or $chromium missing (scripts/deps.sh installs them as root)" >&2
		exit 1
	fi
	echo "web-test.sh: skipped: node or $chromium missing (scripts/deps.sh installs them as root)" >&2
	exit 0
fi
if [ ! -d web/node_modules/playwright-core ]; then
	(cd web && npm ci --no-audit --no-fund --loglevel=error)
fi

scripts/build-site.sh
# The offline tests serve the installable site (make dist) as plain files.
MJ_SITE=dist/site scripts/build-dist.sh dist
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/mj-web" ./cmd/mj-web

rm -rf test-output/web
mkdir -p test-output/web
MJ_WEB_BIN="$bin/mj-web" CHROMIUM="$chromium" \
	node --test --test-concurrency=1 --test-reporter=spec web/tests/
