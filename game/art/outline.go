package art

import (
	"image/color"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// outline is one glyph's contours in font units, y up.
type outline struct {
	contours               [][]outlinePoint
	minX, minY, maxX, maxY float64
	upem                   float64
}

type outlinePoint struct {
	x, y float64
	on   bool
}

type outlineKey struct {
	f Font
	r rune
}

var (
	outlineMu    sync.Mutex
	outlineCache = map[outlineKey]*outline{}
)

// glyphOutline returns the outline of r in font f (falling back to the
// other fonts), or nil if no font has it.
func glyphOutline(f Font, r rune) *outline {
	k := outlineKey{f, r}
	outlineMu.Lock()
	defer outlineMu.Unlock()
	if o, ok := outlineCache[k]; ok {
		return o
	}
	var o *outline
	for _, cand := range []Font{f, CJK, Bold} {
		tf := parsed(cand)
		idx := tf.Index(r)
		if idx == 0 {
			continue
		}
		o = loadOutline(tf, idx)
		break
	}
	outlineCache[k] = o
	return o
}

func loadOutline(tf *truetype.Font, idx truetype.Index) *outline {
	upem := tf.FUnitsPerEm()
	var g truetype.GlyphBuf
	if err := g.Load(tf, fixed.I(int(upem)), idx, font.HintingNone); err != nil || len(g.Points) == 0 {
		return nil
	}
	o := &outline{upem: float64(upem), minX: 1e9, minY: 1e9, maxX: -1e9, maxY: -1e9}
	start := 0
	for _, end := range g.Ends {
		var c []outlinePoint
		for _, p := range g.Points[start:end] {
			q := outlinePoint{x: float64(p.X) / 64, y: float64(p.Y) / 64, on: p.Flags&1 != 0}
			o.minX, o.maxX = min(o.minX, q.x), max(o.maxX, q.x)
			o.minY, o.maxY = min(o.minY, q.y), max(o.maxY, q.y)
			c = append(c, q)
		}
		start = end
		if len(c) > 1 {
			o.contours = append(o.contours, c)
		}
	}
	return o
}

// path adds the outline's contours to cv's path, through cv's transform.
func (o *outline) path(cv *canvas) {
	for _, c := range o.contours {
		n := len(c)
		// Start at an on-curve point, or between two off-curve ones.
		first := -1
		for i, p := range c {
			if p.on {
				first = i
				break
			}
		}
		var seq []outlinePoint
		var sx, sy float64
		if first >= 0 {
			sx, sy = c[first].x, c[first].y
			for k := 1; k <= n; k++ {
				seq = append(seq, c[(first+k)%n])
			}
		} else {
			sx, sy = (c[0].x+c[n-1].x)/2, (c[0].y+c[n-1].y)/2
			seq = append(append(seq, c...), outlinePoint{x: sx, y: sy, on: true})
		}
		cv.moveTo(sx, sy)
		var ctrl *outlinePoint
		for _, p := range seq {
			switch {
			case p.on && ctrl == nil:
				cv.lineTo(p.x, p.y)
			case p.on:
				cv.quadTo(ctrl.x, ctrl.y, p.x, p.y)
				ctrl = nil
			case ctrl == nil:
				pp := p
				ctrl = &pp
			default:
				mx, my := (ctrl.x+p.x)/2, (ctrl.y+p.y)/2
				cv.quadTo(ctrl.x, ctrl.y, mx, my)
				pp := p
				ctrl = &pp
			}
		}
		if ctrl != nil {
			cv.quadTo(ctrl.x, ctrl.y, sx, sy)
		}
		cv.closePath()
	}
}

// glyphFit says how drawGlyph sizes a glyph in its box.
type glyphFit int

const (
	fitEm  glyphFit = iota // the font's em square fits the box: glyphs keep their relative sizes
	fitInk                 // the glyph's own ink fits the box
)

// drawGlyph fills r's outline in colour c, centred in the box (x0, y0)-(x1, y1)
// at the scale fit chooses, times zoom. It reports false if no font has r.
func drawGlyph(cv *canvas, f Font, r rune, x0, y0, x1, y1 float64, fit glyphFit, zoom float64, c color.Color) bool {
	o := glyphOutline(f, r)
	if !o.inked() {
		return false
	}
	var s float64
	switch fit {
	case fitInk:
		s = o.inkScale(x1-x0, y1-y0)
	default:
		s = min(x1-x0, y1-y0) / o.upem
	}
	o.fill(cv, s*zoom, (x0+x1)/2, (y0+y1)/2, c)
	return true
}

// drawLabel is drawGlyph for a glyph of a set that should share one size:
// ref (e.g. 'E' for capitals, '8' for digits) fits the box, and r is drawn
// at that height (times zoom). A glyph too wide for the box is condensed
// by up to a quarter, then shrunk.
func drawLabel(cv *canvas, f Font, r, ref rune, x0, y0, x1, y1, zoom float64, c color.Color) bool {
	o, ro := glyphOutline(f, r), glyphOutline(f, ref)
	if !o.inked() {
		return false
	}
	bw, bh := x1-x0, y1-y0
	sy := bh / (o.maxY - o.minY)
	if ro.inked() {
		sy = min(sy, ro.inkScale(bw, bh))
	}
	sy *= zoom
	sx := min(sy, bw*zoom/(o.maxX-o.minX))
	if sx < 0.75*sy {
		sy = sx / 0.75
	}
	o.fillScaled(cv, sx, sy, (x0+x1)/2, (y0+y1)/2, c)
	return true
}

func (o *outline) inked() bool { return o != nil && o.maxX > o.minX && o.maxY > o.minY }

// inkScale is the scale at which the glyph's ink just fits bw×bh.
func (o *outline) inkScale(bw, bh float64) float64 {
	return min(bw/(o.maxX-o.minX), bh/(o.maxY-o.minY))
}

// fill paints the outline at scale s with its ink centred on (cx, cy).
func (o *outline) fill(cv *canvas, s, cx, cy float64, c color.Color) {
	o.fillScaled(cv, s, s, cx, cy, c)
}

// fillScaled is fill with separate horizontal and vertical scales.
func (o *outline) fillScaled(cv *canvas, sx, sy, cx, cy float64, c color.Color) {
	gcx, gcy := (o.minX+o.maxX)/2, (o.minY+o.maxY)/2
	m := translate(-gcx, -gcy).then(scale(sx, -sy)).then(translate(cx, cy))
	saved := cv.m
	cv.m = m.then(saved)
	o.path(cv)
	cv.m = saved
	cv.fill(c)
}
