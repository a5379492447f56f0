package game

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	xvector "golang.org/x/image/vector"
)

// Rounded rectangles are rasterised in Go and kept as white masks that
// Draw tints. Drawing them as anti-aliased vector paths every frame costs
// an offscreen stencil pass per shape, which under a software GL (phones
// without a GPU driver, headless Chromium) cost most of each frame.
//
// One small mask serves every size of a given corner radius and line
// width: it is drawn in nine slices, the corners as they are and the
// one-pixel middle row and column stretched (ninePatch). Rasterising a
// mask per size instead cost a third of a second before the first frame.

// shapeKey names one mask: its size in device pixels, the corner radius
// and, for outlines, the line width (both in quarter pixels; line 0 is a
// filled shape).
type shapeKey struct {
	w, h, rad, line int
}

// maxShapes bounds the cache; past it the cache starts again, so that a
// window being resized does not keep every size it passed through.
const maxShapes = 400

var shapes = struct {
	sync.Mutex
	m map[shapeKey]*ebiten.Image
}{m: map[shapeKey]*ebiten.Image{}}

// shapeImage returns the mask for k, rasterising it the first time.
func shapeImage(k shapeKey) *ebiten.Image {
	shapes.Lock()
	defer shapes.Unlock()
	if img, ok := shapes.m[k]; ok {
		return img
	}
	if len(shapes.m) >= maxShapes {
		for kk, img := range shapes.m {
			img.Deallocate()
			delete(shapes.m, kk)
		}
	}
	img := ebiten.NewImageFromImage(rasterShape(k))
	shapes.m[k] = img
	return img
}

// rasterShape draws k's mask: a rounded rectangle filling the image, or
// its outline (the rectangle less one inset by the line width, drawn the
// other way round so that the winding cancels).
func rasterShape(k shapeKey) *image.Alpha {
	w, h := k.w, k.h
	z := xvector.NewRasterizer(w, h)
	rad := float32(k.rad) / 4
	roundedPath(z, 0, 0, float32(w), float32(h), rad, false)
	if k.line > 0 {
		lw := float32(k.line) / 4
		if 2*lw < float32(w) && 2*lw < float32(h) {
			roundedPath(z, lw, lw, float32(w)-lw, float32(h)-lw, max(rad-lw, 0), true)
		}
	}
	dst := image.NewAlpha(image.Rect(0, 0, w, h))
	z.Draw(dst, dst.Bounds(), image.Opaque, image.Point{})
	return dst
}

// roundedPath adds a closed rounded rectangle from (x0, y0) to (x1, y1)
// to z, clockwise or (reverse) anticlockwise.
func roundedPath(z *xvector.Rasterizer, x0, y0, x1, y1, rad float32, reverse bool) {
	rad = min(rad, (x1-x0)/2, (y1-y0)/2)
	type pt struct{ x, y float32 }
	// Each corner: the point where its curve starts, its control point
	// and where it ends, going clockwise from the top edge.
	corners := [4][3]pt{
		{{x1 - rad, y0}, {x1, y0}, {x1, y0 + rad}},
		{{x1, y1 - rad}, {x1, y1}, {x1 - rad, y1}},
		{{x0 + rad, y1}, {x0, y1}, {x0, y1 - rad}},
		{{x0, y0 + rad}, {x0, y0}, {x0 + rad, y0}},
	}
	if reverse {
		z.MoveTo(x0+rad, y0)
		for i := 3; i >= 0; i-- {
			c := corners[i]
			z.LineTo(c[2].x, c[2].y)
			z.QuadTo(c[1].x, c[1].y, c[0].x, c[0].y)
		}
	} else {
		z.MoveTo(x0+rad, y0)
		for _, c := range corners {
			z.LineTo(c[0].x, c[0].y)
			z.QuadTo(c[1].x, c[1].y, c[2].x, c[2].y)
		}
	}
	z.ClosePath()
}

// drawShape draws the mask for r (snapped to whole pixels) in colour c.
func drawShape(dst *ebiten.Image, r Rect, rad, line float64, c color.Color) {
	x0, y0 := math.Round(r.X), math.Round(r.Y)
	w, h := int(math.Round(r.X+r.W)-x0), int(math.Round(r.Y+r.H)-y0)
	if w <= 0 || h <= 0 {
		return
	}
	k := shapeKey{w, h, int(math.Round(rad * 4)), int(math.Round(line * 4))}
	n := patchSize(k)
	if w < n || h < n {
		// Too small to slice: a mask of its own (few such sizes).
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(x0, y0)
		op.ColorScale.ScaleWithColor(c)
		dst.DrawImage(shapeImage(k), op)
		return
	}
	src := shapeImage(shapeKey{n, n, k.rad, k.line})
	cr, cg, cb, ca := c.RGBA()
	var vs [9 * 4]ebiten.Vertex
	var is [9 * 6]uint16
	for i, q := range ninePatch(n, w, h) {
		for j, v := range [4][4]int{
			{q.dx0, q.dy0, q.sx0, q.sy0}, {q.dx1, q.dy0, q.sx1, q.sy0},
			{q.dx0, q.dy1, q.sx0, q.sy1}, {q.dx1, q.dy1, q.sx1, q.sy1},
		} {
			vs[4*i+j] = ebiten.Vertex{DstX: float32(x0) + float32(v[0]), DstY: float32(y0) + float32(v[1]),
				SrcX: float32(v[2]), SrcY: float32(v[3]),
				ColorR: float32(cr) / 0xffff, ColorG: float32(cg) / 0xffff, ColorB: float32(cb) / 0xffff, ColorA: float32(ca) / 0xffff}
		}
		b := uint16(4 * i)
		copy(is[6*i:], []uint16{b, b + 1, b + 2, b + 1, b + 3, b + 2})
	}
	dst.DrawTriangles(vs[:], is[:], src, &ebiten.DrawTrianglesOptions{})
}

// patchSize is the side of the square mask drawn in nine slices for k's
// radius and line: each corner, then one middle pixel.
func patchSize(k shapeKey) int {
	c := int(math.Ceil(float64(max(k.rad, k.line)) / 4))
	return 2*c + 1
}

// quad is one slice: a source rectangle of the n×n mask and where it
// goes, relative to the shape's top left corner.
type quad struct {
	sx0, sy0, sx1, sy1 int
	dx0, dy0, dx1, dy1 int
}

// ninePatch cuts an n×n mask (n odd: corners of (n-1)/2 and a middle
// pixel) into the nine slices that draw a w×h shape.
func ninePatch(n, w, h int) [9]quad {
	c := (n - 1) / 2
	sx := [4]int{0, c, c + 1, n}
	sy := sx
	dx := [4]int{0, c, w - c, w}
	dy := [4]int{0, c, h - c, h}
	var qs [9]quad
	for row := range 3 {
		for col := range 3 {
			qs[3*row+col] = quad{sx[col], sy[row], sx[col+1], sy[row+1], dx[col], dy[row], dx[col+1], dy[row+1]}
		}
	}
	return qs
}
