package art

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// canvas draws anti-aliased filled shapes into an RGBA image. Shapes are
// built as paths in float64 pixel coordinates, through an affine
// transform, then filled with a colour (non-zero winding; a contour drawn
// the other way round cuts a hole). The path is recorded so that filling
// only rasterises its bounding box.
type canvas struct {
	img *image.RGBA
	z   *vector.Rasterizer
	m   affine
	ops []pathOp
}

// pathOp is one recorded path step: n points (1 move or line, 2 quad,
// 3 cube; 0 closes the contour).
type pathOp struct {
	n   int
	pts [3][2]float32
}

// affine maps (x, y) to (a*x + c*y + e, b*x + d*y + f).
type affine struct{ a, b, c, d, e, f float64 }

var identity = affine{a: 1, d: 1}

func (m affine) apply(x, y float64) [2]float32 {
	return [2]float32{float32(m.a*x + m.c*y + m.e), float32(m.b*x + m.d*y + m.f)}
}

// then returns the transform that applies m first, then n.
func (m affine) then(n affine) affine {
	return affine{
		a: n.a*m.a + n.c*m.b, b: n.b*m.a + n.d*m.b,
		c: n.a*m.c + n.c*m.d, d: n.b*m.c + n.d*m.d,
		e: n.a*m.e + n.c*m.f + n.e, f: n.b*m.e + n.d*m.f + n.f,
	}
}

func translate(x, y float64) affine { return affine{a: 1, d: 1, e: x, f: y} }

func scale(sx, sy float64) affine { return affine{a: sx, d: sy} }

// rotateAbout rotates by angle radians (clockwise on screen) about (x, y).
func rotateAbout(angle, x, y float64) affine {
	s, c := math.Sincos(angle)
	return translate(-x, -y).then(affine{a: c, b: s, c: -s, d: c}).then(translate(x, y))
}

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), z: vector.NewRasterizer(w, h), m: identity}
}

// moveTo starts a contour; n = -1 marks a move among the recorded ops.
func (cv *canvas) moveTo(x, y float64) {
	cv.ops = append(cv.ops, pathOp{n: -1, pts: [3][2]float32{cv.m.apply(x, y)}})
}

func (cv *canvas) lineTo(x, y float64) {
	cv.ops = append(cv.ops, pathOp{n: 1, pts: [3][2]float32{cv.m.apply(x, y)}})
}

func (cv *canvas) quadTo(x1, y1, x, y float64) {
	cv.ops = append(cv.ops, pathOp{n: 2, pts: [3][2]float32{cv.m.apply(x1, y1), cv.m.apply(x, y)}})
}

func (cv *canvas) cubeTo(x1, y1, x2, y2, x, y float64) {
	cv.ops = append(cv.ops, pathOp{n: 3, pts: [3][2]float32{cv.m.apply(x1, y1), cv.m.apply(x2, y2), cv.m.apply(x, y)}})
}

func (cv *canvas) closePath() { cv.ops = append(cv.ops, pathOp{n: 0}) }

// rasterise replays the recorded path into the rasteriser, sized to the
// path's bounding box within the image, and clears the record. It returns
// that box, empty if there is nothing to draw.
func (cv *canvas) rasterise() image.Rectangle {
	defer func() { cv.ops = cv.ops[:0] }()
	minX, minY := float32(math.Inf(1)), float32(math.Inf(1))
	maxX, maxY := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, op := range cv.ops {
		for _, p := range op.pts[:max(1, op.n)] {
			if op.n == 0 {
				break
			}
			minX, maxX = min(minX, p[0]), max(maxX, p[0])
			minY, maxY = min(minY, p[1]), max(maxY, p[1])
		}
	}
	if minX > maxX {
		return image.Rectangle{}
	}
	r := image.Rect(int(math.Floor(float64(minX))), int(math.Floor(float64(minY))),
		int(math.Ceil(float64(maxX)))+1, int(math.Ceil(float64(maxY)))+1).Intersect(cv.img.Bounds())
	if r.Empty() {
		return r
	}
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	cv.z.Reset(r.Dx(), r.Dy())
	for _, op := range cv.ops {
		p := op.pts
		switch op.n {
		case -1:
			cv.z.MoveTo(p[0][0]-ox, p[0][1]-oy)
		case 0:
			cv.z.ClosePath()
		case 1:
			cv.z.LineTo(p[0][0]-ox, p[0][1]-oy)
		case 2:
			cv.z.QuadTo(p[0][0]-ox, p[0][1]-oy, p[1][0]-ox, p[1][1]-oy)
		case 3:
			cv.z.CubeTo(p[0][0]-ox, p[0][1]-oy, p[1][0]-ox, p[1][1]-oy, p[2][0]-ox, p[2][1]-oy)
		}
	}
	return r
}

// fill paints the current path in colour c and starts a new path.
func (cv *canvas) fill(c color.Color) {
	if r := cv.rasterise(); !r.Empty() {
		cv.z.Draw(cv.img, r, image.NewUniform(c), image.Point{})
	}
}

// kappa places cubic control points to approximate a quarter circle.
const kappa = 0.5522847498

// ellipse adds an ellipse centred on (cx, cy); ccw reverses its direction
// (to cut a hole in a shape drawn the other way).
func (cv *canvas) ellipse(cx, cy, rx, ry float64, ccw bool) {
	if ccw {
		ry = -ry
	}
	kx, ky := rx*kappa, ry*kappa
	cv.moveTo(cx+rx, cy)
	cv.cubeTo(cx+rx, cy+ky, cx+kx, cy+ry, cx, cy+ry)
	cv.cubeTo(cx-kx, cy+ry, cx-rx, cy+ky, cx-rx, cy)
	cv.cubeTo(cx-rx, cy-ky, cx-kx, cy-ry, cx, cy-ry)
	cv.cubeTo(cx+kx, cy-ry, cx+rx, cy-ky, cx+rx, cy)
	cv.closePath()
}

// circle fills a disc.
func (cv *canvas) disc(cx, cy, r float64, c color.Color) {
	cv.ellipse(cx, cy, r, r, false)
	cv.fill(c)
}

// ring fills the annulus between radii r0 < r1.
func (cv *canvas) ring(cx, cy, r0, r1 float64, c color.Color) {
	cv.ellipse(cx, cy, r1, r1, false)
	cv.ellipse(cx, cy, r0, r0, true)
	cv.fill(c)
}

// roundRect adds a rectangle with corners of radius r; ccw reverses it.
func (cv *canvas) roundRect(x0, y0, x1, y1, r float64, ccw bool) {
	r = max(0, min(r, (x1-x0)/2, (y1-y0)/2))
	k := r * (1 - kappa)
	if ccw {
		cv.moveTo(x0+r, y0)
		cv.cubeTo(x0+k, y0, x0, y0+k, x0, y0+r)
		cv.lineTo(x0, y1-r)
		cv.cubeTo(x0, y1-k, x0+k, y1, x0+r, y1)
		cv.lineTo(x1-r, y1)
		cv.cubeTo(x1-k, y1, x1, y1-k, x1, y1-r)
		cv.lineTo(x1, y0+r)
		cv.cubeTo(x1, y0+k, x1-k, y0, x1-r, y0)
		cv.closePath()
		return
	}
	cv.moveTo(x0+r, y0)
	cv.lineTo(x1-r, y0)
	cv.cubeTo(x1-k, y0, x1, y0+k, x1, y0+r)
	cv.lineTo(x1, y1-r)
	cv.cubeTo(x1, y1-k, x1-k, y1, x1-r, y1)
	cv.lineTo(x0+r, y1)
	cv.cubeTo(x0+k, y1, x0, y1-k, x0, y1-r)
	cv.lineTo(x0, y0+r)
	cv.cubeTo(x0, y0+k, x0+k, y0, x0+r, y0)
	cv.closePath()
}

// frame fills the outline of a rounded rectangle, width lw inside it.
func (cv *canvas) frame(x0, y0, x1, y1, r, lw float64, c color.Color) {
	cv.roundRect(x0, y0, x1, y1, r, false)
	cv.roundRect(x0+lw, y0+lw, x1-lw, y1-lw, max(0, r-lw), true)
	cv.fill(c)
}

// polygon adds a closed polygon through the points (x0, y0, x1, y1, ...).
func (cv *canvas) polygon(pts ...float64) {
	cv.moveTo(pts[0], pts[1])
	for i := 2; i+1 < len(pts); i += 2 {
		cv.lineTo(pts[i], pts[i+1])
	}
	cv.closePath()
}

// line fills a straight stroke of width lw with square ends.
func (cv *canvas) line(x0, y0, x1, y1, lw float64, c color.Color) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*lw/2, dx/l*lw/2
	cv.polygon(x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny)
	cv.fill(c)
}

// gradientV fills the rectangle's rows of dst, blending from top to bottom
// colour, where mask (same size as dst) has coverage. It is used for the
// tiles' faces.
func gradientV(dst *image.RGBA, mask *image.Alpha, top, bottom color.RGBA) {
	b := dst.Bounds()
	h := float64(max(1, b.Dy()-1))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		t := float64(y-b.Min.Y) / h
		cr := float64(top.R)*(1-t) + float64(bottom.R)*t
		cg := float64(top.G)*(1-t) + float64(bottom.G)*t
		cb := float64(top.B)*(1-t) + float64(bottom.B)*t
		for x := b.Min.X; x < b.Max.X; x++ {
			a := float64(mask.AlphaAt(x, y).A) / 255
			if a == 0 {
				continue
			}
			i := dst.PixOffset(x, y)
			p := dst.Pix[i : i+4 : i+4]
			// Source over, premultiplied.
			p[0] = uint8(cr*a + float64(p[0])*(1-a) + 0.5)
			p[1] = uint8(cg*a + float64(p[1])*(1-a) + 0.5)
			p[2] = uint8(cb*a + float64(p[2])*(1-a) + 0.5)
			p[3] = uint8(255*a + float64(p[3])*(1-a) + 0.5)
		}
	}
}

// coverage rasterises the current path into an alpha mask instead of
// painting it, and starts a new path.
func (cv *canvas) coverage() *image.Alpha {
	m := image.NewAlpha(cv.img.Bounds())
	if r := cv.rasterise(); !r.Empty() {
		cv.z.Draw(m, r, image.Opaque, image.Point{})
	}
	return m
}
