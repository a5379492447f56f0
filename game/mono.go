package game

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/golang/freetype/truetype"
	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"mahjong/assets"
)

// The Scoring window shows the controller's text, whose columns are laid
// out with spaces, in Go Mono so that they line up.

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

// monoAdvance returns the width of one character of Go Mono at size.
func (g *gfx) monoAdvance(size float64) float64 {
	fc := g.monoFace(size)
	if fc == nil {
		return size * 0.6
	}
	adv, _ := fc.GlyphAdvance('0')
	return float64(adv) / 64
}

// monoText draws s in Go Mono at size, left-aligned and vertically centred
// in r (falling back to the regular face).
func (g *gfx) monoText(dst *ebiten.Image, r Rect, size float64, s string, c color.RGBA) {
	if s == "" {
		return
	}
	k := textKey{s: s, font: -1, size: int(math.Round(size)), col: c}
	img, ok := g.texts[k]
	if !ok {
		fc := g.monoFace(size)
		if fc == nil {
			g.text(dst, r, 0, size, s, c, alignLeft)
			return
		}
		m := fc.Metrics()
		w := font.MeasureString(fc, s).Ceil() + 2
		h := (m.Ascent + m.Descent).Ceil() + 2
		rgba := image.NewRGBA(image.Rect(0, 0, max(1, w), max(1, h)))
		d := font.Drawer{Dst: rgba, Src: image.NewUniform(c), Face: fc, Dot: fixed.Point26_6{X: fixed.I(1), Y: m.Ascent + fixed.I(1)}}
		draw.Draw(rgba, rgba.Bounds(), image.Transparent, image.Point{}, draw.Src)
		d.DrawString(s)
		img = ebiten.NewImageFromImage(rgba)
		g.texts[k] = img
	}
	h := float64(img.Bounds().Dy())
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(r.X), math.Round(r.Y+(r.H-h)/2))
	dst.DrawImage(img, op)
}
