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
	fontsOnce sync.Once
	fonts     [numFonts]*truetype.Font
)

// parsed returns the parsed font f (Regular for an unknown f). The fonts
// are compiled in and checked by the tests, so a parse failure is a broken
// build and panics.
func parsed(f Font) *truetype.Font {
	fontsOnce.Do(func() {
		for i, name := range fontFiles {
			ft, err := truetype.Parse(assets.Font(name))
			if err != nil {
				panic(fmt.Sprintf("art: embedded font %s: %v", name, err))
			}
			fonts[i] = ft
		}
	})
	if f < 0 || f >= numFonts {
		f = Regular
	}
	return fonts[f]
}
