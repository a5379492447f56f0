package art

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Size limits for NewFace, in pixels.
const (
	MinFaceSize = 4
	MaxFaceSize = 512
)

// A Face is one font at one pixel size, with a cache of rasterised glyphs
// so that drawing a line costs a few mask copies. Lines are laid out from
// the top-left corner of their box: the baseline is Ascent pixels below y,
// and each line (text may hold '\n') is LineHeight pixels tall.
// A Face is safe for concurrent use.
type Face struct {
	size   float64
	faces  []font.Face // primary first, then fallbacks
	fonts  []*truetype.Font
	ascent int
	height int

	mu     sync.Mutex
	ascii  [128]*glyph // fast path for the common case
	glyphs map[rune]*glyph
}

// glyph is one cached glyph, rasterised with its origin (the dot on the
// baseline) at (0, 0).
type glyph struct {
	mask    *image.Alpha // nil for blank glyphs such as space
	advance fixed.Int26_6
}

// NewFace returns font f at sizePx pixels per em (physical pixels: multiply
// CSS pixels by the device pixel ratio). The size is clamped to
// [MinFaceSize, MaxFaceSize]. Characters missing from f are taken from the
// other embedded fonts (Chinese from CJK, Latin from Regular).
func NewFace(f Font, sizePx float64) *Face {
	if math.IsNaN(sizePx) || sizePx < MinFaceSize {
		sizePx = MinFaceSize
	}
	if sizePx > MaxFaceSize {
		sizePx = MaxFaceSize
	}
	if f < 0 || f >= numFonts {
		f = Regular
	}
	order := []Font{f, CJK}
	if f == CJK {
		order = []Font{CJK, Regular}
	}
	fc := &Face{size: sizePx, glyphs: make(map[rune]*glyph)}
	for _, o := range order {
		tf := parsed(o)
		hinting := font.HintingFull
		if o == CJK {
			hinting = font.HintingNone // the subset carries no hints
		}
		fc.fonts = append(fc.fonts, tf)
		fc.faces = append(fc.faces, truetype.NewFace(tf, &truetype.Options{
			Size:              sizePx,
			DPI:               72, // so that Size is in pixels
			Hinting:           hinting,
			GlyphCacheEntries: 1, // we keep our own cache
		}))
	}
	m := fc.faces[0].Metrics()
	fc.ascent = m.Ascent.Ceil()
	fc.height = fc.ascent + m.Descent.Ceil()
	return fc
}

// Size returns the face's size in pixels per em.
func (f *Face) Size() float64 { return f.size }

// Ascent returns the distance in pixels from the top of a line's box to
// its baseline.
func (f *Face) Ascent() int { return f.ascent }

// LineHeight returns the height in pixels of one line's box.
func (f *Face) LineHeight() int { return f.height }

// glyph returns the cached glyph for r; f.mu must be held.
func (f *Face) glyph(r rune) *glyph {
	ascii := r >= 0 && r < 128
	if ascii && f.ascii[r] != nil {
		return f.ascii[r]
	}
	if g, ok := f.glyphs[r]; ok {
		return g
	}
	face := f.faces[0]
	for i, tf := range f.fonts {
		if tf.Index(r) != 0 {
			face = f.faces[i]
			break
		}
	}
	g := &glyph{}
	if r < 0 {
		f.glyphs[r] = g
		return g
	}
	dr, mask, mp, adv, ok := face.Glyph(fixed.Point26_6{}, r)
	if ok {
		g.advance = adv
		if !dr.Empty() {
			a := image.NewAlpha(dr)
			draw.Draw(a, dr, mask, mp, draw.Src)
			g.mask = a
		}
	}
	f.glyphs[r] = g
	if ascii {
		f.ascii[r] = g
	}
	return g
}

// lineWidth returns the advance width of one line, in 26.6 pixels; f.mu
// must be held.
func (f *Face) lineWidth(line string) fixed.Int26_6 {
	var w fixed.Int26_6
	for _, r := range line {
		w += f.glyph(cleanRune(r)).advance
	}
	return w
}

// cleanRune maps tabs to spaces and other control characters to -1, which
// glyph draws as nothing.
func cleanRune(r rune) rune {
	if r == '\t' {
		return ' '
	}
	if r != utf8.RuneError && unicode.IsControl(r) {
		return -1 // drawn as nothing
	}
	return r
}

// Measure returns the size of the box s occupies: the widest line's
// advance width (rounded up), the total height (lines × LineHeight), and
// the ascent (baseline offset of the first line).
func (f *Face) Measure(s string) (w, h, ascent int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for line := range strings.SplitSeq(s, "\n") {
		n++
		if lw := f.lineWidth(line).Ceil(); lw > w {
			w = lw
		}
	}
	return w, n * f.height, f.ascent
}

// Width returns the advance width of s in pixels (its widest line).
func (f *Face) Width(s string) int {
	w, _, _ := f.Measure(s)
	return w
}

// Draw draws s in colour c with the top-left corner of its box at (x, y)
// and returns the width drawn (as Measure). Each '\n' starts a new line
// LineHeight pixels lower. Drawing is clipped to dst's bounds.
func (f *Face) Draw(dst draw.Image, x, y int, s string, c color.Color) int {
	src := image.NewUniform(c)
	f.mu.Lock()
	defer f.mu.Unlock()
	maxW := 0
	for line := range strings.SplitSeq(s, "\n") {
		dot := fixed.I(x)
		base := y + f.ascent
		for _, r := range line {
			g := f.glyph(cleanRune(r))
			if g.mask != nil {
				// Glyphs are cached at whole-pixel origins; round the dot.
				ox := dot.Round()
				dr := g.mask.Rect.Add(image.Pt(ox, base))
				draw.DrawMask(dst, dr, src, image.Point{}, g.mask, g.mask.Rect.Min, draw.Over)
			}
			dot += g.advance
		}
		if w := (dot - fixed.I(x)).Ceil(); w > maxW {
			maxW = w
		}
		y += f.height
	}
	return maxW
}

// Render returns a new image of exactly Measure(s)'s size, transparent
// except for s drawn in colour c.
func (f *Face) Render(s string, c color.Color) *image.RGBA {
	w, h, _ := f.Measure(s)
	img := image.NewRGBA(image.Rect(0, 0, max(w, 1), h))
	f.Draw(img, 0, 0, s, c)
	return img
}

// Wrap splits s into lines no wider than maxW pixels, breaking at spaces
// (and at existing '\n'). A single word wider than maxW gets a line of its
// own (and overflows it).
func (f *Face) Wrap(s string, maxW int) []string {
	var out []string
	f.mu.Lock()
	defer f.mu.Unlock()
	limit := fixed.I(maxW)
	space := f.glyph(' ').advance
	for para := range strings.SplitSeq(s, "\n") {
		var cur strings.Builder
		var curW fixed.Int26_6
		for _, word := range strings.Fields(para) {
			ww := f.lineWidth(word)
			if cur.Len() > 0 && curW+space+ww > limit {
				out = append(out, cur.String())
				cur.Reset()
				curW = 0
			}
			if cur.Len() > 0 {
				cur.WriteByte(' ')
				curW += space
			}
			cur.WriteString(word)
			curW += ww
		}
		out = append(out, cur.String())
	}
	return out
}
