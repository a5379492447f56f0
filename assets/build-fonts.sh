#!/bin/sh
# build-fonts.sh regenerates the subset fonts committed in assets/.
# It is a one-off asset-building step: the Go build never runs it.
#
# Needs Debian's fonts-wqy-microhei and fonttools (pyftsubset), and the Go
# fonts from the golang.org/x/image module in the Go module cache:
#   apt-get install -y fonts-wqy-microhei fonttools
#   cd assets && ./build-fonts.sh
set -eu
cd "$(dirname "$0")"

WQY=${WQY:-/usr/share/fonts/truetype/wqy/wqy-microhei.ttc}
GOFONTS=$(cd .. && go list -m -f '{{.Dir}}' golang.org/x/image)/font/gofont/ttfs

# The CJK glyphs the tiles and the table use: numerals, 萬, the winds,
# the dragons, flowers, seasons.
CJK='一二三四五六七八九萬東南西北中發白梅蘭菊竹春夏秋冬'

# Latin UI text: printable ASCII, Latin-1, and a little typography.
LATIN='U+0020-007E,U+00A0-00FF,U+2010-2027,U+2030,U+2032-2033,U+2039-203A,U+20AC,U+2190-2193,U+2212,U+2026,U+00D7,U+2713,U+2715,U+25B2-25BC'

common='--no-hinting --layout-features= --drop-tables+=GSUB,GPOS,GDEF,vhea,vmtx --name-IDs=0,1,2,3,4,5,6 --name-legacy --name-languages=*'

# shellcheck disable=SC2086
pyftsubset "$WQY" --font-number=0 --text="$CJK" $common \
	--output-file=wqy-microhei-tiles.ttf
for f in Regular Bold Mono; do
	# Keep the Go fonts' hinting: it makes small UI text crisp.
	pyftsubset "$GOFONTS/Go-$f.ttf" --unicodes="$LATIN" \
		--layout-features= --name-IDs='*' --name-legacy \
		--output-file="go-$(echo $f | tr A-Z a-z).ttf"
done
ls -l ./*.ttf
