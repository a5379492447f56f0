package game

import (
	"image/color"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/golang/freetype/truetype"
	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font"

	"mahjong/assets"
	"mahjong/game/art"
)

// The fonts of text. xmj has two font preferences: the main font (buttons,
// menus, labels: everything drawn with art.Regular or art.Bold here) and
// the text font (the Scoring window, the Messages, Game info and Scoring
// history windows: drawn with the roles fontText and fontTextMono). Each
// is a family we ship (Go, Go Bold, Go Mono) and a size; gfx.face resolves
// a role to a typeface and scales its size by the preference's size / 14
// (14 CSS pixels is the table's usual body text), so a layout made for the
// standard size still holds its text.
//
// The preference is a Pango-like font name, as xmj stores it: "Go Bold
// 16", "Go Mono", "18" (the standard family at 18); "" is the standard
// font at the standard size. The standard main font is Go; the standard
// text font is Go for the windows' prose and Go Mono for the Scoring
// window, whose columns are laid out with spaces.

// Text font roles (art.Font values that are not typefaces).
const (
	fontText     art.Font = 100 + iota // the text font (prose: Go by default)
	fontTextBold                       // its bold variant (headings; Go Bold by default)
	fontTextMono                       // the text font where columns must line up (Go Mono by default)
)

// Font families of the font preferences.
const (
	famStandard = -1
	famGo       = 0
	famBold     = 1
	famMono     = 2
)

// fontFamilies are the families the Display panel offers, by fam.
var fontFamilies = []string{"Go", "Go Bold", "Go Mono"}

// Font sizes of the preferences, in CSS pixels at the standard scale.
const (
	baseFontSize = 14
	minFontSize  = 10
	maxFontSize  = 20
)

// fontPref is a parsed font preference.
type fontPref struct {
	fam  int // famStandard, famGo, famBold, famMono
	size int // 0: standard
}

// parseFont reads a font preference: a family name (any name with "mono"
// is Go Mono, with "bold" Go Bold, any other Go; none: the standard
// family) and an optional size in points (CSS pixels for us). Sizes
// outside [minFontSize, maxFontSize] are clamped; 0 is the standard size.
func parseFont(s string) fontPref {
	f := fontPref{fam: famStandard}
	s = strings.TrimSpace(s)
	fields := strings.Fields(s)
	if n := len(fields); n > 0 {
		if v, ok := atoiSize(fields[n-1]); ok {
			f.size = v
			fields = fields[:n-1]
		}
	}
	name := strings.ToLower(strings.Join(fields, " "))
	switch {
	case name == "":
	case strings.Contains(name, "mono"):
		f.fam = famMono
	case strings.Contains(name, "bold"):
		f.fam = famBold
	default:
		f.fam = famGo
	}
	if f.size != 0 {
		f.size = clampInt(f.size, minFontSize, maxFontSize)
	}
	return f
}

// atoiSize reads a font size ("14", "14px", "12.5"), rounded.
func atoiSize(s string) (int, bool) {
	v, err := strconv.ParseFloat(strings.TrimSuffix(strings.ToLower(s), "px"), 64)
	if err != nil || math.IsNaN(v) || v < 0 || v > 1000 {
		return 0, false
	}
	return int(math.Round(v)), true
}

// String formats f as a preference ("" for the standard font).
func (f fontPref) String() string {
	var parts []string
	if f.fam >= 0 && f.fam < len(fontFamilies) {
		parts = append(parts, fontFamilies[f.fam])
	}
	if f.size > 0 {
		parts = append(parts, strconv.Itoa(f.size))
	}
	return strings.Join(parts, " ")
}

// fontPick is a font preference as gfx applies it.
type fontPick struct {
	fam   int
	scale float64
}

func (f fontPref) pick() fontPick {
	p := fontPick{fam: f.fam, scale: 1}
	if f.size > 0 {
		p.scale = float64(f.size) / baseFontSize
	}
	return p
}

// typeface returns the typeface of the pick for a role whose standard
// typeface is def (bold: a bold variant is wanted).
func (p fontPick) typeface(def art.Font, bold bool) art.Font {
	f := def
	switch p.fam {
	case famGo:
		f = art.Regular
	case famBold:
		f = art.Bold
	case famMono:
		f = art.Mono
	}
	if bold && f == art.Regular {
		f = art.Bold
	}
	return f
}

// resolve maps a role to its typeface and size.
func (g *gfx) resolve(f art.Font, size float64) (art.Font, float64) {
	scale := func(p fontPick) float64 {
		if p.scale <= 0 {
			return size
		}
		return size * p.scale
	}
	switch f {
	case art.Regular, art.Bold:
		return g.main.typeface(art.Regular, f == art.Bold), scale(g.main)
	case fontText, fontTextBold:
		return g.body.typeface(art.Regular, f == fontTextBold), scale(g.body)
	case fontTextMono:
		return g.body.typeface(art.Mono, false), scale(g.body)
	}
	return f, size
}

// setFonts puts the font preferences in force; it reports whether they
// changed (the texts drawn so far are then dropped).
func (g *gfx) setFonts(main, text string) bool {
	m, t := parseFont(main).pick(), parseFont(text).pick()
	if m == g.main && t == g.body {
		return false
	}
	g.main, g.body = m, t
	for k, img := range g.texts {
		img.Deallocate()
		delete(g.texts, k)
	}
	return true
}

// textScale returns the scale of the text font (for line heights).
func (g *gfx) textScale() float64 {
	if g.body.scale <= 0 {
		return 1
	}
	return g.body.scale
}

// mainScale returns the scale of the main font (for line heights).
func (g *gfx) mainScale() float64 {
	if g.main.scale <= 0 {
		return 1
	}
	return g.main.scale
}

var (
	monoOnce sync.Once
	monoFont *truetype.Font
)

// monoFace returns Go Mono at size pixels (cached in g); nil if the font
// cannot be read.
func (g *gfx) monoFace(size float64) font.Face {
	monoOnce.Do(func() {
		f, err := truetype.Parse(assets.Font(assets.MonoFont))
		if err == nil {
			monoFont = f
		}
	})
	if monoFont == nil {
		return nil
	}
	px := int(math.Round(size))
	if g.monos == nil {
		g.monos = map[int]font.Face{}
	}
	fc, ok := g.monos[px]
	if !ok {
		fc = truetype.NewFace(monoFont, &truetype.Options{Size: float64(px), DPI: 72, Hinting: font.HintingFull})
		g.monos[px] = fc
	}
	return fc
}

// monoAdvance returns the width of one character of the Scoring window's
// font (the text font; Go Mono by default) at size: the width of "0".
func (g *gfx) monoAdvance(size float64) float64 {
	return float64(g.face(fontTextMono, size).Width("0"))
}

// monoText draws s in the Scoring window's font (the text font; Go Mono by
// default) at size, left-aligned and vertically centred in r.
func (g *gfx) monoText(dst *ebiten.Image, r Rect, size float64, s string, c color.RGBA) {
	if s == "" {
		return
	}
	img := g.textImage(fontTextMono, size, s, c)
	h := float64(img.Bounds().Dy())
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(r.X), math.Round(r.Y+(r.H-h)/2))
	dst.DrawImage(img, op)
}
