package art

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"mahjong/engine"
)

// TileSet chooses the pictures on the tiles' faces.
type TileSet int

// The compiled-in tile sets.
const (
	// Classic is the traditional Chinese set: characters, drawn circles
	// and bamboos, a bird for the one of bamboo.
	Classic TileSet = iota
	// Numbered has Western labels: a rank digit over a suit letter, wind
	// letters, dragon letters, F1-F4 and S1-S4.
	Numbered
)

// TileSets lists the sets, in order.
var TileSets = []TileSet{Classic, Numbered}

// String returns the set's name as used by --tileset ("classic",
// "numbered").
func (s TileSet) String() string {
	switch s {
	case Classic:
		return "classic"
	case Numbered:
		return "numbered"
	}
	return fmt.Sprintf("TileSet(%d)", int(s))
}

// ParseTileSet reads a set name (case-insensitive, as String gives).
func ParseTileSet(name string) (TileSet, error) {
	for _, s := range TileSets {
		if strings.EqualFold(name, s.String()) {
			return s, nil
		}
	}
	return Classic, fmt.Errorf("art: unknown tile set %q (want classic or numbered)", name)
}

// Tile image size limits, in pixels; sizes outside are clamped.
const (
	MinTileSize = 4
	MaxTileSize = 1024
)

// TileAspect is the width:height ratio the tiles are designed for
// (including the thickness drawn below the face).
const TileAspect = 0.75

// Colours of the tiles, also useful to the table.
var (
	Ivory      = color.RGBA{0xfb, 0xf7, 0xea, 0xff} // face colour (top of its gradient)
	ivoryDeep  = color.RGBA{0xee, 0xe4, 0xc8, 0xff}
	ivorySide  = color.RGBA{0xd5, 0xc8, 0x9f, 0xff}
	faceBorder = color.RGBA{0xa8, 0x98, 0x70, 0xff}
	BackGreen  = color.RGBA{0x24, 0x7a, 0x52, 0xff} // back colour
	backDeep   = color.RGBA{0x17, 0x5c, 0x3c, 0xff}
	backBorder = color.RGBA{0x10, 0x44, 0x2c, 0xff}
	backLine   = color.RGBA{0x6c, 0xb8, 0x8e, 0xff}

	ink    = color.RGBA{0x1c, 0x1c, 0x22, 0xff}
	red    = color.RGBA{0xc4, 0x1e, 0x24, 0xff}
	green  = color.RGBA{0x13, 0x78, 0x3a, 0xff}
	blue   = color.RGBA{0x1d, 0x4b, 0xa0, 0xff}
	purple = color.RGBA{0x7b, 0x2c, 0x9a, 0xff}
	orange = color.RGBA{0xd0, 0x6a, 0x10, 0xff}
	teal   = color.RGBA{0x0e, 0x7c, 0x86, 0xff}
	gold   = color.RGBA{0xe0, 0xa8, 0x20, 0xff}
)

func clampSize(v int) int { return max(MinTileSize, min(MaxTileSize, v)) }

// geometry is the layout of a w×h tile: the face (top surface) and the
// thickness shown below it.
type geometry struct {
	w, h   float64
	depth  float64 // height of the visible thickness below the face
	radius float64 // corner radius
	border float64 // face border width
}

func tileGeometry(w, h int) geometry {
	fw, fh := float64(w), float64(h)
	return geometry{
		w: fw, h: fh,
		depth:  max(1, math.Round(fh*0.075)),
		radius: min(fw, fh) * 0.12,
		border: max(0.8, min(fw, fh)*0.022),
	}
}

// faceBottom is the y where the face ends and the thickness begins.
func (g geometry) faceBottom() float64 { return g.h - g.depth }

// content returns the box the picture goes in.
func (g geometry) content() (x0, y0, x1, y1 float64) {
	m := g.w * 0.1
	return m, m, g.w - m, g.faceBottom() - m
}

// FaceRect returns the part of a w×h tile image that is its face (its top
// surface, without the thickness shown below it): where a caller may draw
// a selection tint.
func FaceRect(w, h int) image.Rectangle {
	w, h = clampSize(w), clampSize(h)
	g := tileGeometry(w, h)
	return image.Rect(0, 0, w, int(g.faceBottom()))
}

// body draws the tile's thickness and its face, returning the canvas to
// draw the picture on.
func body(w, h int, top, bottom, border, side1, side2 color.RGBA) (*canvas, geometry) {
	g := tileGeometry(w, h)
	cv := newCanvas(w, h)
	d := g.depth
	cv.roundRect(0, d, g.w, g.h, g.radius, false)
	cv.fill(side2)
	cv.roundRect(0, d*0.5, g.w, g.h-d*0.5, g.radius, false)
	cv.fill(side1)
	fb := g.faceBottom()
	cv.roundRect(0, 0, g.w, fb, g.radius, false)
	cv.fill(border)
	b := g.border
	cv.roundRect(b, b, g.w-b, fb-b, g.radius-b, false)
	gradientV(cv.img, cv.coverage(), top, bottom)
	return cv, g
}

// Tile returns tile t of the set, face up, w×h pixels (clamped to
// [MinTileSize, MaxTileSize]; about 3:4 looks right). The image is opaque
// inside the tile's rounded outline and transparent outside it. Blank or
// invalid tiles give TileBack.
func Tile(t engine.Tile, set TileSet, w, h int) *image.RGBA {
	if !t.Valid() {
		return TileBack(w, h)
	}
	w, h = clampSize(w), clampSize(h)
	cv, g := body(w, h, Ivory, ivoryDeep, faceBorder, ivorySide, BackGreen)
	if set == Numbered {
		drawNumbered(cv, g, t)
	} else {
		drawClassic(cv, g, t)
	}
	return cv.img
}

// TileBack returns the back of a tile (face down), w×h pixels, matching
// Tile's geometry.
func TileBack(w, h int) *image.RGBA {
	w, h = clampSize(w), clampSize(h)
	cv, g := body(w, h, BackGreen, backDeep, backBorder, backDeep, ivorySide)
	m := g.w * 0.14
	lw := max(0.7, g.w*0.025)
	cv.frame(m, m, g.w-m, g.faceBottom()-m, g.radius*0.6, lw, backLine)
	return cv.img
}

// TongBox returns the round-wind marker, px×px: the wind in a white
// circle (東 南 西 北 for Classic, E S W N for Numbered). An invalid wind
// gives an empty circle.
func TongBox(wind engine.Wind, set TileSet, px int) *image.RGBA {
	px = clampSize(px)
	cv := newCanvas(px, px)
	r := float64(px) / 2
	cv.disc(r, r, r, faceBorder)
	cv.disc(r, r, r-max(1, r*0.07), color.RGBA{0xff, 0xff, 0xff, 0xff})
	if wind < engine.East || wind > engine.North {
		return cv.img
	}
	s := r * 1.15
	if set == Numbered {
		drawLabel(cv, Bold, rune("ESWN"[wind-engine.East]), 'E', r-s/2, r-s/2, r+s/2, r+s/2, 0.8, ink)
	} else {
		drawGlyph(cv, CJK, []rune("東南西北")[wind-engine.East], r-s/2, r-s/2, r+s/2, r+s/2, fitInk, 1, ink)
	}
	return cv.img
}

// Rotate returns img turned clockwise by quarterTurns quarter turns (any
// integer; negative turns anticlockwise), as a new image at the origin.
func Rotate(img *image.RGBA, quarterTurns int) *image.RGBA {
	q := ((quarterTurns % 4) + 4) % 4
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if q%2 == 1 {
		w, h = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			var nx, ny int
			switch q {
			case 0:
				nx, ny = x, y
			case 1:
				nx, ny = b.Dy()-1-y, x
			case 2:
				nx, ny = b.Dx()-1-x, b.Dy()-1-y
			case 3:
				nx, ny = y, b.Dx()-1-x
			}
			si := img.PixOffset(b.Min.X+x, b.Min.Y+y)
			di := out.PixOffset(nx, ny)
			copy(out.Pix[di:di+4], img.Pix[si:si+4])
		}
	}
	return out
}
