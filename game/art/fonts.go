package art

import (
	"fmt"
	"sync"

	"github.com/golang/freetype/truetype"

	"mahjong/assets"
)

// Font names one of the embedded typefaces.
type Font int

// The embedded typefaces.
const (
	Regular Font = iota // Go Regular: Latin UI text
	Bold                // Go Bold
	CJK                 // WenQuanYi Micro Hei subset: the tiles' Chinese characters
	Mono                // Go Mono: fixed-width text (the Scoring window's columns)
	numFonts
)

var fontFiles = [numFonts]string{Regular: assets.RegularFont, Bold: assets.BoldFont, CJK: assets.CJKFont, Mono: assets.MonoFont}

// String returns the font's name ("regular", "bold", "cjk", "mono").
func (f Font) String() string {
	switch f {
	case Regular:
		return "regular"
	case Bold:
		return "bold"
	case CJK:
		return "cjk"
	case Mono:
		return "mono"
	}
	return fmt.Sprintf("Font(%d)", int(f))
}

var (
	fontsOnce [numFonts]sync.Once
	fonts     [numFonts]*truetype.Font
)

// parsed returns the parsed font f (Regular for an unknown f), parsing it
// on first use: the first frame needs two of the four, and parsing all of
// them at once cost a first visit to the page about 40 ms. The fonts are
// compiled in and checked by the tests, so a parse failure is a broken
// build and panics.
func parsed(f Font) *truetype.Font {
	if f < 0 || f >= numFonts {
		f = Regular
	}
	fontsOnce[f].Do(func() {
		ft, err := truetype.Parse(assets.Font(fontFiles[f]))
		if err != nil {
			panic(fmt.Sprintf("art: embedded font %s: %v", fontFiles[f], err))
		}
		fonts[f] = ft
	})
	return fonts[f]
}
