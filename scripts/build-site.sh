#!/bin/sh
# build-site.sh builds the browser table into a folder that cmd/mj-web
# serves (default dist/site): index.html, the wasm_exec.js that matches the
# Go toolchain, mahjong.wasm (built from ./wasm with -trimpath -ldflags="-s
# -w") and its precompressed forms, mahjong.wasm.br (when Debian's brotli is
# installed) and mahjong.wasm.gz. A wasm identical to the one already there is
# kept as it is, so an unchanged build does not compress again.
#
# BROTLI_QUALITY (default 11, the smallest and slowest) sets brotli's -q.
# PROFILE=1 keeps the wasm's function names, for web/tools/profile.js.
set -eu
cd "$(dirname "$0")/.."

out=${1:-dist/site}
quality=${BROTLI_QUALITY:-11}
mkdir -p "$out"

tmp=$(mktemp "$out/.mahjong.wasm.XXXXXX")
ztmp="" btmp=""
trap 'rm -f "$tmp" "$ztmp" "$btmp"' EXIT
ldflags="-s -w"
if [ -n "${PROFILE:-}" ]; then
	ldflags=""
fi
# GOWASM: saturating float-to-int conversions and sign extension, which
# every browser with WebAssembly has had since 2019-2021; the code they
# replace compresses 3 KB worse.
# Inlining costs bytes: copied bodies and, above all, the inline trees
# in the function tables, which compress badly. Packages whose speed does
# not matter in the page (parsers, formatters, codecs, Ebitengine's shader
# compiler, which runs once at start) are built without it: 200 KB less
# brotli (6.6 %). The runtime, our packages, syscall/js, math, strings,
# image and Ebitengine's drawing keep it.
noinline="go/... text/... encoding/... math/big regexp/... archive/... compress/... log/... net net/... os/...
fmt reflect image/png image/jpeg image/gif hash/... crypto/... mime/... io/fs path/... flag errors
internal/fmtsort internal/lazyregexp
github.com/hajimehoshi/ebiten/v2/internal/shader github.com/hajimehoshi/ebiten/v2/internal/shaderir/...
github.com/hajimehoshi/ebiten/v2/internal/builtinshader github.com/hajimehoshi/ebiten/v2/internal/legacyshader
github.com/hajimehoshi/ebiten/v2/internal/colormshader github.com/hajimehoshi/ebiten/v2/internal/vmprotocol
github.com/hajimehoshi/ebiten/v2/internal/gamepad github.com/hajimehoshi/ebiten/v2/internal/gamepaddb"
gcflags=""
for p in $noinline; do
	gcflags="$gcflags -gcflags=$p=-l"
done
# shellcheck disable=SC2086 # gcflags is a list of flags
GOWASM=satconv,signext GOOS=js GOARCH=wasm go build -trimpath -ldflags="$ldflags" $gcflags -o "$tmp" ./wasm
if [ -f "$out/mahjong.wasm" ] && cmp -s "$tmp" "$out/mahjong.wasm"; then
	rm -f "$tmp"
else
	mv "$tmp" "$out/mahjong.wasm"
	rm -f "$out/mahjong.wasm.br" "$out/mahjong.wasm.gz"
fi

# Each compressed file is written under a private name and renamed, so a
# build running at the same time never sees half a file.
wasm="$out/mahjong.wasm"
if [ ! -f "$wasm.gz" ]; then
	ztmp=$(mktemp "$out/.gz.XXXXXX")
	gzip -9 -c "$wasm" >"$ztmp"
	chmod 644 "$ztmp"
	mv "$ztmp" "$wasm.gz"
fi
if command -v brotli >/dev/null 2>&1; then
	if [ ! -f "$wasm.br" ]; then
		btmp=$(mktemp "$out/.br.XXXXXX")
		brotli -q "$quality" -w 24 -c "$wasm" >"$btmp"
		chmod 644 "$btmp"
		mv "$btmp" "$wasm.br"
	fi
else
	echo "build-site.sh: brotli not installed, serving gzip only" >&2
fi

# The page's comments are for its readers here, not for every download:
# whole-line // comments are left out (about 800 bytes compressed).
grep -Ev '^[[:space:]]*//( |$)' index.html >"$out/index.html"
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$out/wasm_exec.js"
for f in index.html wasm_exec.js; do
	gzip -9 -c "$out/$f" >"$out/$f.gz"
	if command -v brotli >/dev/null 2>&1; then
		brotli -q 11 -c "$out/$f" >"$out/$f.br"
	fi
done
echo "build-site.sh: built $out ($(wc -c <"$wasm") bytes of wasm)"
