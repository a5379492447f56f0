package game

import (
	"image/color"
	"math"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/game/art"
)

// Button is a push button with a label whose mnemonic letter is marked
// by '&' (as in GTK: "&Discard"), pressed by a tap, its letter, or Space
// and Return when it is the default button.
type Button struct {
	Rect    Rect
	Label   string // with '&' before the mnemonic
	ID      string // what pressing it means (for the caller)
	Default bool   // Space/Return press it
	Focus   bool   // keyboard focus ring
	Off     bool   // disabled (drawn dim, not pressable)
	Key     rune   // the accelerator when the label has no '&' (e.g. a digit)
}

// Text returns the label without the '&'.
func (b *Button) Text() string { return strings.Replace(b.Label, "&", "", 1) }

// Mnemonic returns the lower-case mnemonic letter (0 if none).
func (b *Button) Mnemonic() rune {
	if b.Key != 0 {
		return unicode.ToLower(b.Key)
	}
	i := strings.IndexByte(b.Label, '&')
	if i < 0 || i+1 >= len(b.Label) {
		return 0
	}
	return unicode.ToLower(rune(b.Label[i+1]))
}

// ButtonFor returns the index of the button an intent presses, or -1.
// Letters match mnemonics, Default matches the focused button or else the
// default one, a tap matches the button under it.
func ButtonFor(bs []Button, it Intent) int {
	switch it.Kind {
	case Letter:
		for i := range bs {
			if bs[i].Mnemonic() == it.Rune {
				return i
			}
		}
	case Default:
		for i := range bs {
			if !bs[i].Off && bs[i].Focus {
				return i
			}
		}
		for i := range bs {
			if !bs[i].Off && bs[i].Default {
				return i
			}
		}
	case Tap, DoubleTap:
		for i := range bs {
			if !bs[i].Off && bs[i].Rect.Contains(it.X, it.Y) {
				return i
			}
		}
	}
	return -1
}

// MoveFocus moves the keyboard focus among bs by d (Tab, Shift-Tab).
func MoveFocus(bs []Button, d int) {
	if len(bs) == 0 {
		return
	}
	cur := -1
	for i := range bs {
		if bs[i].Focus {
			cur = i
		}
		bs[i].Focus = false
	}
	if cur < 0 {
		for i := range bs {
			if bs[i].Default {
				cur = i
			}
		}
	}
	for range bs {
		cur = ((cur+d)%len(bs) + len(bs)) % len(bs)
		if !bs[cur].Off {
			break
		}
	}
	bs[cur].Focus = true
}

// drawButton draws b with text size font.
func drawButton(dst *ebiten.Image, g *gfx, b *Button, font float64, scale float64) {
	r := b.Rect
	bg := colButton
	if b.Default {
		bg = colDefault
	}
	roundRect(dst, Rect{r.X, r.Y + 2*scale, r.W, r.H}, 6*scale, colShadow)
	roundRect(dst, r, 6*scale, bg)
	if b.Focus {
		strokeRound(dst, r, 6*scale, 2.5*scale, colFocus)
	}
	tc := colText
	if b.Off {
		tc = color.RGBA{0x88, 0x88, 0x88, 0xff}
	}
	txt := b.Text()
	g.text(dst, r, art.Bold, font, txt, tc, alignCenter)
	// Underline the mnemonic.
	i := strings.IndexByte(b.Label, '&')
	if i >= 0 && i+1 < len(b.Label) {
		fc := g.face(art.Bold, font)
		full := float64(fc.Width(txt))
		pre := float64(fc.Width(txt[:i]))
		ch := float64(fc.Width(txt[i : i+1]))
		x := math.Round(r.X + (r.W-full)/2 + pre)
		_, lh, asc := fc.Measure(txt)
		y := math.Round(r.Y+(r.H-float64(lh))/2) + float64(asc) + math.Max(1, math.Round(2*scale))
		fill(dst, Rect{x, y, ch, math.Max(1, math.Round(1.5*scale))}, tc)
	}
}

// strokeRound outlines a rounded rectangle.
func strokeRound(dst *ebiten.Image, r Rect, rad, w float64, c color.Color) {
	// Four bars and approximated corners are enough for a focus ring.
	roundRectOutline(dst, r, rad, w, c)
}
