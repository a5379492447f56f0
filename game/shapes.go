package game

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	xvector "golang.org/x/image/vector"
)

// Rounded rectangles are rasterised once per size in Go and kept as
// white masks that Draw tints. Drawing them as anti-aliased vector paths
// every frame costs an offscreen stencil pass per shape, which under a
// software GL (phones without a GPU driver, headless Chromium) cost most
// of each frame.

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
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x0, y0)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(shapeImage(k), op)
}
