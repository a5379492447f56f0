#!/bin/sh
# check-imports.sh enforces the import direction of STYLE.md section 1: the
# rules (engine) and the robots (ai) must build natively and as WebAssembly
# without the UI, the browser or the network, so neither may depend on
# Ebitengine, syscall/js or the WebSocket library, directly or indirectly.
#
# Under GOOS=js the standard library itself uses syscall/js (package syscall
# does), so for syscall/js the rule is that no package outside the standard
# library imports it.
set -eu
cd "$(dirname "$0")/.."

pkgs="./engine/..."
if [ -d ai ]; then
	pkgs="$pkgs ./ai/..."
fi
forbidden='^(github[.]com/hajimehoshi/ebiten|github[.]com/coder/websocket|nhooyr[.]io/websocket)(/|$)'
# One line per dependency: its path, "std" or "-", then its imports.
format='{{.ImportPath}} {{if .Standard}}std{{else}}-{{end}}{{range .Imports}} {{.}}{{end}}'

status=0
for target in native js/wasm; do
	if [ "$target" = native ]; then
		# shellcheck disable=SC2086 # $pkgs is a list of patterns
		deps=$(go list -deps -f "$format" $pkgs)
	else
		# shellcheck disable=SC2086
		deps=$(GOOS=js GOARCH=wasm go list -deps -f "$format" $pkgs)
	fi
	bad=$(printf '%s\n' "$deps" | awk -v re="$forbidden" '
		$1 ~ re { print $1; next }
		$2 != "std" { for (i = 3; i <= NF; i++) if ($i == "syscall/js") print $1 " imports syscall/js" }')
	if [ -n "$bad" ]; then
		echo "check-imports.sh: $pkgs depend on forbidden packages ($target):" >&2
		printf '%s\n' "$bad" >&2
		status=1
	fi
done
exit $status
