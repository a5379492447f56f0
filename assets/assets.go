package assets

import "embed"

// FS holds every embedded asset file, by its name in this directory.
//
//go:embed *.ttf LICENSES.md
var FS embed.FS

// Font files in FS.
const (
	// RegularFont is Go Regular, subset to Latin-1 and common punctuation.
	RegularFont = "go-regular.ttf"
	// BoldFont is Go Bold, subset like RegularFont.
	BoldFont = "go-bold.ttf"
	// MonoFont is Go Mono, subset like RegularFont (the Scoring window's
	// columns line up in it).
	MonoFont = "go-mono.ttf"
	// CJKFont is WenQuanYi Micro Hei, subset to the Chinese characters
	// the tiles use.
	CJKFont = "wqy-microhei-tiles.ttf"
)

// Font returns the bytes of the named font file in FS, or nil if there is
// no such file.
func Font(name string) []byte {
	b, err := FS.ReadFile(name)
	if err != nil {
		return nil
	}
	return b
}
