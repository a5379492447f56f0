#!/bin/sh
# check-fmt.sh fails when a Go file of the repository is not gofmt-formatted.
# Run `make fmt` to fix.
set -eu
cd "$(dirname "$0")/.."
files=$(find . -name '*.go' -not -path './.git/*' -not -path '*/node_modules/*' -not -path '*/testdata/*' -print)
[ -n "$files" ] || exit 0
# shellcheck disable=SC2086 # file names of this repository have no spaces
bad=$(gofmt -l $files)
if [ -n "$bad" ]; then
	echo "check-fmt.sh: not gofmt-formatted (run make fmt):" >&2
	echo "$bad" >&2
	exit 1
fi
