package art

import (
	"image/color"
	"math"

	"mahjong/engine"
)

var (
	numerals     = []rune("一二三四五六七八九")
	windChars    = []rune("東南西北")
	flowerChars  = []rune("梅蘭菊竹")
	seasonChars  = []rune("春夏秋冬")
	flowerColors = []color.RGBA{red, purple, orange, green}
	seasonColors = []color.RGBA{green, red, orange, blue}
)

// box is a rectangle in float pixels.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) w() float64 { return b.x1 - b.x0 }
func (b box) h() float64 { return b.y1 - b.y0 }

// at maps unit coordinates (0..1 across, 0..1 down) into the box.
func (b box) at(u, v float64) (float64, float64) { return b.x0 + u*b.w(), b.y0 + v*b.h() }

func contentBox(g geometry) box {
	x0, y0, x1, y1 := g.content()
	return box{x0, y0, x1, y1}
}

func drawClassic(cv *canvas, g geometry, t engine.Tile) {
	b := contentBox(g)
	r := t.Rank()
	switch t.Suit() {
	case engine.Characters:
		drawGlyph(cv, CJK, numerals[r-1], b.x0, b.y0, b.x1, b.y0+b.h()*0.44, fitEm, 1.15, ink)
		drawGlyph(cv, CJK, '萬', b.x0, b.y0+b.h()*0.46, b.x1, b.y1, fitEm, 1.1, red)
	case engine.Circles:
		drawCircles(cv, b, r)
	case engine.Bamboo:
		drawBamboos(cv, b, r)
	case engine.WindSuit:
		drawGlyph(cv, CJK, windChars[r-1], b.x0, b.y0, b.x1, b.y1, fitEm, 1.1, ink)
	case engine.DragonSuit:
		switch t {
		case engine.RedDragon:
			drawGlyph(cv, CJK, '中', b.x0, b.y0, b.x1, b.y1, fitInk, 0.95, red)
		case engine.GreenDragon:
			drawGlyph(cv, CJK, '發', b.x0, b.y0, b.x1, b.y1, fitEm, 1.1, green)
		default:
			drawWhiteDragon(cv, b)
		}
	case engine.FlowerSuit:
		drawBonus(cv, b, flowerChars[r-1], r, flowerColors[r-1], true)
	case engine.SeasonSuit:
		drawBonus(cv, b, seasonChars[r-1], r, seasonColors[r-1], false)
	}
}

// drawWhiteDragon draws the traditional blue frame: a thick outer and a
// thin inner rectangle.
func drawWhiteDragon(cv *canvas, b box) {
	lw := max(1, b.w()*0.1)
	x0, y0, x1, y1 := b.x0+b.w()*0.04, b.y0+b.h()*0.03, b.x1-b.w()*0.04, b.y1-b.h()*0.03
	cv.frame(x0, y0, x1, y1, lw*0.5, lw, blue)
	in := lw * 1.6
	cv.frame(x0+in, y0+in, x1-in, y1-in, 0, max(0.8, lw*0.4), blue)
}

// drawBonus draws a flower or season: its character, its number in a
// corner, and a small emblem (a blossom for flowers, a sun for seasons).
func drawBonus(cv *canvas, b box, ch rune, n int, c color.RGBA, flower bool) {
	nh := b.h() * 0.28
	drawLabel(cv, Bold, rune('0'+n), '8', b.x0, b.y0, b.x0+b.w()*0.4, b.y0+nh, 0.95, c)
	ex, ey := b.at(0.78, 0.12)
	er := b.w() * 0.15
	if flower {
		for i := range 5 {
			a := float64(i)*2*math.Pi/5 - math.Pi/2
			cv.disc(ex+math.Cos(a)*er*0.55, ey+math.Sin(a)*er*0.55, er*0.45, c)
		}
		cv.disc(ex, ey, er*0.3, gold)
	} else {
		cv.disc(ex, ey, er*0.55, c)
		for i := range 8 {
			a := float64(i) * math.Pi / 4
			sn, cs := math.Sincos(a)
			cv.line(ex+cs*er*0.7, ey+sn*er*0.7, ex+cs*er*1.05, ey+sn*er*1.05, max(0.7, er*0.18), c)
		}
	}
	drawGlyph(cv, CJK, ch, b.x0, b.y0+nh+b.h()*0.03, b.x1, b.y1, fitEm, 1.08, c)
}

// Circle arrangements: unit positions in the content box, colours, and
// the radius as a fraction of the box width.
type dotLayout struct {
	r   float64
	pos []float64 // u, v pairs
	col []color.RGBA
}

var circleLayouts = [10]dotLayout{
	2: {0.27, []float64{.5, .25, .5, .75}, []color.RGBA{green, blue}},
	3: {0.2, []float64{.2, .15, .5, .5, .8, .85}, []color.RGBA{blue, red, green}},
	4: {0.22, []float64{.27, .25, .73, .25, .27, .75, .73, .75}, []color.RGBA{blue, green, green, blue}},
	5: {0.19, []float64{.22, .18, .78, .18, .5, .5, .22, .82, .78, .82}, []color.RGBA{blue, green, red, green, blue}},
	6: {0.18, []float64{.27, .16, .73, .16, .27, .56, .73, .56, .27, .85, .73, .85},
		[]color.RGBA{green, green, red, red, red, red}},
	7: {0.155, []float64{.19, .1, .5, .23, .81, .36, .27, .62, .73, .62, .27, .88, .73, .88},
		[]color.RGBA{green, green, green, red, red, red, red}},
	8: {0.16, []float64{.28, .12, .72, .12, .28, .373, .72, .373, .28, .627, .72, .627, .28, .88, .72, .88},
		[]color.RGBA{blue, blue, blue, blue, blue, blue, blue, blue}},
	9: {0.155, []float64{.18, .15, .5, .15, .82, .15, .18, .5, .5, .5, .82, .5, .18, .85, .5, .85, .82, .85},
		[]color.RGBA{blue, blue, blue, red, red, red, green, green, green}},
}

func drawCircles(cv *canvas, b box, rank int) {
	if rank == 1 {
		cx, cy := b.at(0.5, 0.5)
		r := min(b.w(), b.h()) * 0.5
		drawBigCircle(cv, cx, cy, r)
		return
	}
	l := circleLayouts[rank]
	for i, c := range l.col {
		x, y := b.at(l.pos[2*i], l.pos[2*i+1])
		drawCoin(cv, x, y, l.r*b.w(), c)
	}
}

// drawCoin draws one circle: coloured rims around an ivory ring, with
// less detail when it is small.
func drawCoin(cv *canvas, x, y, r float64, c color.RGBA) {
	cv.disc(x, y, r, c)
	switch {
	case r < 3:
		cv.disc(x, y, r*0.45, Ivory)
	case r < 7:
		cv.disc(x, y, r*0.72, Ivory)
		cv.disc(x, y, r*0.42, c)
	default:
		cv.disc(x, y, r*0.8, Ivory)
		cv.disc(x, y, r*0.62, c)
		// Eight notches around the centre, like a flower.
		for i := range 8 {
			a := float64(i) * math.Pi / 4
			sn, cs := math.Sincos(a)
			cv.disc(x+cs*r*0.42, y+sn*r*0.42, r*0.08, Ivory)
		}
		cv.disc(x, y, r*0.2, Ivory)
		cv.disc(x, y, r*0.1, c)
	}
}

// drawBigCircle draws the one of circles: a large ornate disc.
func drawBigCircle(cv *canvas, x, y, r float64) {
	cv.disc(x, y, r, green)
	cv.disc(x, y, r*0.9, Ivory)
	// A ring of small red petals.
	n := 16
	for i := range n {
		a := float64(i) * 2 * math.Pi / float64(n)
		sn, cs := math.Sincos(a)
		cv.disc(x+cs*r*0.76, y+sn*r*0.76, r*0.095, red)
	}
	cv.disc(x, y, r*0.6, blue)
	cv.disc(x, y, r*0.5, Ivory)
	cv.disc(x, y, r*0.4, red)
	for i := range 8 {
		a := float64(i)*math.Pi/4 + math.Pi/8
		sn, cs := math.Sincos(a)
		cv.disc(x+cs*r*0.27, y+sn*r*0.27, r*0.06, Ivory)
	}
	cv.disc(x, y, r*0.14, Ivory)
	cv.disc(x, y, r*0.07, green)
}

// A stick of bamboo: unit centre, unit height (of the box height), tilt
// in degrees, colour.
type stick struct {
	u, v, h, tilt float64
	c             color.RGBA
}

var bambooLayouts = [10][]stick{
	2: {{.5, .26, .42, 0, blue}, {.5, .74, .42, 0, green}},
	3: {{.5, .26, .42, 0, blue}, {.25, .74, .42, 0, green}, {.75, .74, .42, 0, green}},
	4: {{.25, .26, .42, 0, blue}, {.75, .26, .42, 0, green}, {.25, .74, .42, 0, green}, {.75, .74, .42, 0, blue}},
	5: {{.15, .26, .42, 0, green}, {.85, .26, .42, 0, blue}, {.5, .5, .42, 0, red},
		{.15, .74, .42, 0, blue}, {.85, .74, .42, 0, green}},
	6: {{.18, .26, .42, 0, blue}, {.5, .26, .42, 0, blue}, {.82, .26, .42, 0, blue},
		{.18, .74, .42, 0, green}, {.5, .74, .42, 0, green}, {.82, .74, .42, 0, green}},
	7: {{.5, .16, .28, 0, red},
		{.18, .5, .28, 0, green}, {.5, .5, .28, 0, green}, {.82, .5, .28, 0, green},
		{.18, .84, .28, 0, green}, {.5, .84, .28, 0, green}, {.82, .84, .28, 0, green}},
	8: {{.12, .26, .42, 0, green}, {.38, .26, .44, 24, green}, {.62, .26, .44, -24, green}, {.88, .26, .42, 0, green},
		{.12, .74, .42, 0, blue}, {.38, .74, .44, -24, blue}, {.62, .74, .44, 24, blue}, {.88, .74, .42, 0, blue}},
	9: {{.18, .16, .28, 0, green}, {.5, .16, .28, 0, red}, {.82, .16, .28, 0, blue},
		{.18, .5, .28, 0, green}, {.5, .5, .28, 0, red}, {.82, .5, .28, 0, blue},
		{.18, .84, .28, 0, green}, {.5, .84, .28, 0, red}, {.82, .84, .28, 0, blue}},
}

func drawBamboos(cv *canvas, b box, rank int) {
	if rank == 1 {
		drawBird(cv, b)
		return
	}
	sw := max(3, b.w()*0.2)
	if rank >= 8 {
		sw = max(2.6, b.w()*0.16)
	}
	for _, s := range bambooLayouts[rank] {
		x, y := b.at(s.u, s.v)
		drawStick(cv, x, y, sw, s.h*b.h(), s.tilt, s.c)
	}
}

// drawStick draws one bamboo stick centred on (x, y), w wide and h tall,
// tilted by tilt degrees: a rounded stem with a joint at each end and in
// the middle, and a light line down the stem when there is room.
func drawStick(cv *canvas, x, y, w, h, tilt float64, c color.RGBA) {
	saved := cv.m
	cv.m = rotateAbout(tilt*math.Pi/180, x, y).then(saved)
	defer func() { cv.m = saved }()
	dark := shade(c, 0.6)
	x0, x1 := x-w/2, x+w/2
	y0, y1 := y-h/2, y+h/2
	cv.roundRect(x0+w*0.08, y0, x1-w*0.08, y1, w*0.3, false)
	cv.fill(c)
	// Joints: slightly wider dark bands.
	jh := max(0.8, h*0.07)
	for _, jy := range []float64{y0 + jh/2, y, y1 - jh/2} {
		cv.roundRect(x0, jy-jh/2, x1, jy+jh/2, jh/2, false)
		cv.fill(dark)
	}
	if w >= 5 {
		lw := max(0.7, w*0.14)
		for _, seg := range [][2]float64{{y0 + jh, y - jh/2}, {y + jh/2, y1 - jh}} {
			cv.roundRect(x-lw/2, seg[0]+jh*0.3, x+lw/2, seg[1]-jh*0.3, lw/2, false)
			cv.fill(tint(c, 0.55))
		}
	}
}

// drawBird draws the one of bamboo: a little bird standing on a stick.
func drawBird(cv *canvas, b box) {
	u := func(fu, fv float64) (float64, float64) { return b.at(fu, fv) }
	w := b.w()
	// Perch: one ornate bamboo stick lying across the bottom.
	px, py := u(0.5, 0.9)
	saved := cv.m
	cv.m = rotateAbout(math.Pi/2, px, py).then(saved)
	drawStick(cv, px, py, w*0.11, w*0.9, 0, green)
	cv.m = saved
	// Tail: three long feathers fanning down to the left.
	tx, ty := u(0.44, 0.56)
	for i, c := range []color.RGBA{blue, green, red} {
		a := (125 + float64(i)*24) * math.Pi / 180
		cv.m = rotateAbout(a, tx, ty).then(saved)
		cv.ellipse(tx+w*0.21, ty, w*0.22, w*0.065, false)
		cv.fill(c)
		cv.ellipse(tx+w*0.35, ty, w*0.065, w*0.045, false)
		cv.fill(tint(c, 0.55))
		cv.m = saved
	}
	// Legs.
	for _, lu := range []float64{0.52, 0.63} {
		x0, y0 := u(lu, 0.62)
		x1, y1 := u(lu-0.03, 0.86)
		cv.line(x0, y0, x1, y1, max(0.8, w*0.035), orange)
	}
	// Body and breast.
	bx, by := u(0.57, 0.5)
	cv.m = rotateAbout(-25*math.Pi/180, bx, by).then(saved)
	cv.ellipse(bx, by, w*0.24, w*0.17, false)
	cv.fill(green)
	cv.ellipse(bx+w*0.08, by+w*0.05, w*0.14, w*0.1, false)
	cv.fill(red)
	// Wing.
	cv.ellipse(bx-w*0.04, by-w*0.03, w*0.15, w*0.08, false)
	cv.fill(blue)
	cv.m = saved
	// Head, crest, beak and eye.
	hx, hy := u(0.74, 0.3)
	cv.polygon(hx-w*0.04, hy-w*0.08, hx-w*0.12, hy-w*0.22, hx+w*0.02, hy-w*0.1)
	cv.fill(red)
	cv.disc(hx, hy, w*0.11, green)
	cv.polygon(hx+w*0.09, hy-w*0.03, hx+w*0.2, hy+w*0.02, hx+w*0.09, hy+w*0.05)
	cv.fill(orange)
	cv.disc(hx+w*0.03, hy-w*0.02, max(0.9, w*0.035), Ivory)
	cv.disc(hx+w*0.035, hy-w*0.02, max(0.5, w*0.018), ink)
}

// shade darkens c by factor f (0..1).
func shade(c color.RGBA, f float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), c.A}
}

// tint mixes c with white, f being the share of c.
func tint(c color.RGBA, f float64) color.RGBA {
	m := func(v uint8) uint8 { return uint8(float64(v)*f + 255*(1-f)) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), c.A}
}
