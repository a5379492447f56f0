#!/bin/sh
# fuzz.sh runs every fuzz target found under the given directories (default:
# engine) for a short time each (FUZZTIME, default 10s). Targets are found by
# looking for "func FuzzXxx(" in test files, so new ones are picked up without
# editing this script. A failure leaves its input under the package's
# testdata/fuzz, to be committed with the fix.
set -eu
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-10s}
[ $# -gt 0 ] || set -- engine

status=0
for file in $(grep -rlE --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*\(' "$@" | sort); do
	dir=$(dirname "$file")
	for name in $(sed -nE 's/^func (Fuzz[A-Za-z0-9_]*)\(.*/\1/p' "$file"); do
		echo "fuzz: $dir $name ($fuzztime)"
		if ! (cd "$dir" && go test -run='^$' -fuzz="^${name}\$" -fuzztime="$fuzztime" .); then
			status=1
		fi
	done
done
exit $status
