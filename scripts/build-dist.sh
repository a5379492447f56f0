#!/bin/sh
# build-dist.sh builds the installable static site into a folder (default
# dist/): it takes the files scripts/build-site.sh builds (dist/site) and
# gives the wasm and wasm_exec.js content-hashed names (index.html is
# rewritten to name them), adds the web app manifest, its icons (drawn by
# scripts/mkicons) and the service worker (sw.js, told the build's version
# and the app shell's files), and precompresses every text and wasm file
# (.br with Debian's brotli when installed, .gz). All URLs are relative, so
# the folder can be served from any path by any static file server.
set -eu
cd "$(dirname "$0")/.."

out=${1:-dist}
# MJ_DIST_STAMP: a build stamp (letters, digits, ".", "_", "-") written into
# index.html as <meta name="mahjong-build">, which makes a different version
# of the same game (the update tests); unset, nothing is added.
stamp=${MJ_DIST_STAMP:-}
meta=""
if [ -n "$stamp" ]; then
	case $stamp in
	*[!A-Za-z0-9._-]*)
		echo "build-dist.sh: MJ_DIST_STAMP: only letters, digits, '.', '_' and '-', not \"$stamp\"" >&2
		exit 1
		;;
	esac
	meta="<meta name=\"mahjong-build\" content=\"$stamp\">\n"
fi
# MJ_SITE: a site already built by build-site.sh to take instead (tests).
site=${MJ_SITE:-dist/site}
if [ -z "${MJ_SITE:-}" ]; then
	scripts/build-site.sh "$site"
fi
mkdir -p "$out"

hash() { sha256sum "$1" | cut -c1-12; }

# Files of an older build go: the hashed names change with every build.
rm -f "$out"/mahjong.*.wasm "$out"/mahjong.*.wasm.* "$out"/wasm_exec.*.js "$out"/wasm_exec.*.js.*

wasm=mahjong.$(hash "$site/mahjong.wasm").wasm
exec=wasm_exec.$(hash "$site/wasm_exec.js").js
cp "$site/mahjong.wasm" "$out/$wasm"
for z in br gz; do
	if [ -f "$site/mahjong.wasm.$z" ]; then
		cp "$site/mahjong.wasm.$z" "$out/$wasm.$z"
	fi
done
cp "$site/wasm_exec.js" "$out/$exec"

# The icons get content-hashed names too: a file whose name carries its
# hash never changes, so the service worker may take it from the HTTP cache
# (the page has usually just loaded it) instead of downloading it again.
rm -f "$out"/icon-*.png
icons=$(mktemp -d)
trap 'rm -rf "$icons"' EXIT
go run ./scripts/mkicons "$icons"
for i in icon-192 icon-512 icon-maskable-512; do
	n=$i.$(hash "$icons/$i.png").png
	cp "$icons/$i.png" "$out/$n"
	eval "$(echo "$i" | tr - _)=\$n"
done

cat >"$out/manifest.webmanifest" <<MANIFEST
{
  "name": "Mah-Jong",
  "short_name": "Mah-Jong",
  "description": "Mah-Jong against robots, in the browser, online or not.",
  "start_url": ".",
  "scope": ".",
  "display": "standalone",
  "orientation": "any",
  "theme_color": "#1e5a32",
  "background_color": "#1e5a32",
  "icons": [
    {"src": "$icon_192", "sizes": "192x192", "type": "image/png", "purpose": "any"},
    {"src": "$icon_512", "sizes": "512x512", "type": "image/png", "purpose": "any"},
    {"src": "$icon_maskable_512", "sizes": "512x512", "type": "image/png", "purpose": "maskable"}
  ]
}
MANIFEST

# index.html: the hashed names, and the manifest link.
sed -e "s|src=\"wasm_exec.js\"|src=\"$exec\"|" \
	-e "s|\"mahjong.wasm\"|\"$wasm\"|g" \
	-e "s|<title>|$meta<link rel=\"manifest\" href=\"manifest.webmanifest\">\n<link rel=\"icon\" href=\"$icon_192\">\n<title>|" \
	"$site/index.html" >"$out/index.html"
grep -q "\"$wasm\"" "$out/index.html" || { echo "build-dist.sh: index.html does not fetch mahjong.wasm" >&2; exit 1; }
grep -q "src=\"$exec\"" "$out/index.html" || { echo "build-dist.sh: index.html does not load wasm_exec.js" >&2; exit 1; }

# The service worker's version covers every file of the shell.
files="index.html $exec $wasm manifest.webmanifest $icon_192 $icon_512 $icon_maskable_512"
version=$( { (cd "$out" && sha256sum $files); sha256sum sw.js; } | sha256sum | cut -c1-12)
list=$(printf '"%s",' ./ $files)
{
	printf 'self.MJ_BUILD = { version: "%s", assets: [%s] };\n' "$version" "${list%,}"
	cat sw.js
} >"$out/sw.js"

for f in index.html "$exec" sw.js manifest.webmanifest; do
	gzip -9 -n -c "$out/$f" >"$out/$f.gz"
	if command -v brotli >/dev/null 2>&1; then
		brotli -q 11 -c "$out/$f" >"$out/$f.br"
	fi
done
if [ ! -f "$out/$wasm.br" ] && [ ! -f "$out/$wasm.gz" ]; then
	gzip -9 -n -c "$out/$wasm" >"$out/$wasm.gz"
fi
chmod a+r "$out"/*
echo "build-dist.sh: built $out (version $version: $wasm, $exec)"
