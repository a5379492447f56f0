#!/bin/sh
# check-xmj-builds.sh checks that the desktop program builds without cgo for
# the three desktop systems (Ebitengine v2.10 needs no C compiler for them),
# so a release can be cross-compiled from this machine.
set -eu
cd "$(dirname "$0")/.."

status=0
for target in linux/amd64 windows/amd64 darwin/arm64; do
	if ! CGO_ENABLED=0 GOOS=${target%/*} GOARCH=${target#*/} go build -trimpath -o /dev/null ./cmd/xmj; then
		echo "check-xmj-builds.sh: xmj does not build for $target without cgo" >&2
		status=1
	fi
done
[ $status = 0 ] && echo "check-xmj-builds.sh: xmj builds without cgo for linux/amd64, windows/amd64 and darwin/arm64"
exit $status
