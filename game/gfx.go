package game

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font"

	"mahjong/engine"
	"mahjong/game/art"
)

// Colours of the table.
var (
	colTable      = color.RGBA{0x1f, 0x5e, 0x3b, 0xff}
	colTableDark  = color.RGBA{0x17, 0x4a, 0x2e, 0xff}
	colPanel      = color.RGBA{0xf4, 0xf1, 0xe8, 0xff}
	colPanelEdge  = color.RGBA{0x6b, 0x5d, 0x3f, 0xff}
	colText       = color.RGBA{0x1d, 0x1d, 0x1d, 0xff}
	colLabel      = color.RGBA{0xf5, 0xf5, 0xea, 0xff}
	colDim        = color.RGBA{0xb8, 0xc8, 0xbc, 0xff}
	colButton     = color.RGBA{0xe2, 0xdc, 0xcb, 0xff}
	colDefault    = color.RGBA{0xf3, 0xc6, 0x3f, 0xff}
	colFocus      = color.RGBA{0x1e, 0x6f, 0xd9, 0xff}
	colRed        = color.RGBA{0xd0, 0x21, 0x21, 0xff}
	colYellow     = color.RGBA{0xff, 0xe0, 0x3a, 0xff}
	colShadow     = color.RGBA{0, 0, 0, 0x50}
	colSelect     = color.RGBA{0x2a, 0x7f, 0xff, 0xff}
	colTongBox    = color.RGBA{0x8a, 0x1c, 0x1c, 0xff}
	colLabelBg    = color.RGBA{0x0e, 0x33, 0x20, 0xc0}
	colBubbleEdge = color.RGBA{0x9a, 0x6a, 0x00, 0xff}
	colTitle      = color.RGBA{0x3b, 0x4a, 0x40, 0xff}
)

type textKey struct {
	s    string
	font art.Font
	size int
	col  color.RGBA
}

type tileKey struct {
	t    engine.Tile
	back bool
	set  art.TileSet
	w, h int
}

// gfx draws text and tiles, caching rasterised images.
type gfx struct {
	faces map[[2]int]*art.Face
	texts map[textKey]*ebiten.Image
	tiles map[tileKey]*ebiten.Image
	gen   int               // cache generation: texts are dropped when the cache grows large
	monos map[int]font.Face // Go Mono by pixel size (mono.go)

	main, body fontPick     // the Display preferences MainFont and TextFont (fonts.go)
	user       *art.UserSet // the user's tileset (nil: the compiled-in art only)
}

func newGfx() *gfx {
	return &gfx{faces: map[[2]int]*art.Face{}, texts: map[textKey]*ebiten.Image{}, tiles: map[tileKey]*ebiten.Image{},
		main: fontPick{fam: famStandard, scale: 1}, body: fontPick{fam: famStandard, scale: 1}}
}

// face returns the face of font f at size pixels. f may be a role
// (art.Regular and art.Bold are the main font's, fontText and fontTextMono
// the text font's, fonts.go), which the font preferences resolve to a
// typeface and scale.
func (g *gfx) face(f art.Font, size float64) *art.Face {
	f, size = g.resolve(f, size)
	k := [2]int{int(f), int(math.Round(size))}
	fc, ok := g.faces[k]
	if !ok {
		fc = art.NewFace(f, float64(k[1]))
		g.faces[k] = fc
	}
	return fc
}

// textWidth measures s in font f at size.
func (g *gfx) textWidth(f art.Font, size float64, s string) float64 {
	return float64(g.face(f, size).Width(s))
}

// textImage returns s rendered (cached).
func (g *gfx) textImage(f art.Font, size float64, s string, c color.RGBA) *ebiten.Image {
	k := textKey{s, f, int(math.Round(size)), c}
	if img, ok := g.texts[k]; ok {
		return img
	}
	if len(g.texts) > 2000 {
		for kk, img := range g.texts {
			img.Deallocate()
			delete(g.texts, kk)
		}
	}
	rgba := g.face(f, size).Render(s, c)
	img := ebiten.NewImageFromImage(rgba)
	g.texts[k] = img
	return img
}

// Alignment of text in a box.
const (
	alignLeft = iota
	alignCenter
	alignRight
)

// text draws s in box r (vertically centred), aligned.
func (g *gfx) text(dst *ebiten.Image, r Rect, f art.Font, size float64, s string, c color.RGBA, align int) {
	if s == "" {
		return
	}
	img := g.textImage(f, size, s, c)
	w, h := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
	x := r.X
	switch align {
	case alignCenter:
		x = r.X + (r.W-w)/2
	case alignRight:
		x = r.X + r.W - w
	}
	y := r.Y + (r.H-h)/2
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x), math.Round(y))
	dst.DrawImage(img, op)
}

// textRot draws s centred in r, rotated by quarter turns q (1 = 90° clockwise).
func (g *gfx) textRot(dst *ebiten.Image, r Rect, f art.Font, size float64, s string, c color.RGBA, q int) {
	if s == "" {
		return
	}
	img := g.textImage(f, size, s, c)
	w, h := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(-w/2, -h/2)
	op.GeoM.Rotate(float64(q) * math.Pi / 2)
	cx, cy := r.Center()
	op.GeoM.Translate(math.Round(cx), math.Round(cy))
	dst.DrawImage(img, op)
}

// tileImage returns the face (or back) of t at w×h pixels.
func (g *gfx) tileImage(t engine.Tile, back bool, set art.TileSet, w, h int) *ebiten.Image {
	if w < 2 {
		w = 2
	}
	if h < 2 {
		h = 2
	}
	k := tileKey{t, back, set, w, h}
	if img, ok := g.tiles[k]; ok {
		return img
	}
	if len(g.tiles) > 600 {
		for kk, img := range g.tiles {
			img.Deallocate()
			delete(g.tiles, kk)
		}
	}
	img := ebiten.NewImageFromImage(g.rasterTile(t, back, set, w, h))
	g.tiles[k] = img
	return img
}

// drawTile draws tile t into r (its footprint on screen), rotated by
// quarter turns q: 0 upright, 1 clockwise (the left player's), 2 upside
// down (across), 3 anticlockwise (the right player's).
func (g *gfx) drawTile(dst *ebiten.Image, r Rect, t engine.Tile, back bool, set art.TileSet, q int, dim bool) {
	g.drawTileAs(dst, r, r, t, back, set, q, dim)
}

// drawTileAs draws tile t into r using the face rasterised for the
// footprint size: a tile in flight changes size every frame, and
// rasterising each size would cost a texture upload per frame.
func (g *gfx) drawTileAs(dst *ebiten.Image, r, size Rect, t engine.Tile, back bool, set art.TileSet, q int, dim bool) {
	w, h := size.W, size.H
	if q%2 == 1 {
		w, h = h, w
	}
	img := g.tileImage(t, back, set, int(math.Round(w)), int(math.Round(h)))
	iw, ih := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(-iw/2, -ih/2)
	op.GeoM.Rotate(float64(q) * math.Pi / 2)
	if (r.W != size.W || r.H != size.H) && size.W > 0 && size.H > 0 {
		op.GeoM.Scale(r.W/size.W, r.H/size.H) // in screen axes, after the turn
	}
	cx, cy := r.Center()
	op.GeoM.Translate(math.Round(cx), math.Round(cy))
	if dim {
		op.ColorScale.Scale(0.8, 0.8, 0.8, 1)
	}
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, op)
}

// fill draws a filled rectangle.
func fill(dst *ebiten.Image, r Rect, c color.Color) {
	vector.FillRect(dst, float32(r.X), float32(r.Y), float32(r.W), float32(r.H), c, false)
}

// stroke draws a rectangle's outline of width w inside r, as four plain
// rectangles (cheap, and batched with other plain fills).
func stroke(dst *ebiten.Image, r Rect, w float64, c color.Color) {
	if 2*w >= r.W || 2*w >= r.H {
		fill(dst, r, c)
		return
	}
	fill(dst, Rect{r.X, r.Y, r.W, w}, c)
	fill(dst, Rect{r.X, r.Y + r.H - w, r.W, w}, c)
	fill(dst, Rect{r.X, r.Y + w, w, r.H - 2*w}, c)
	fill(dst, Rect{r.X + r.W - w, r.Y + w, w, r.H - 2*w}, c)
}

// roundRect fills a rectangle with rounded corners of radius rad.
func roundRect(dst *ebiten.Image, r Rect, rad float64, c color.Color) {
	drawShape(dst, r, rad, 0, c)
}

// rasterTile draws a tile in pure Go: the user's tileset's picture if it
// has one (tileart.go), else art's.
func (g *gfx) rasterTile(t engine.Tile, back bool, set art.TileSet, w, h int) image.Image {
	if img := g.user.Tile(t, back, w, h); img != nil {
		return img
	}
	return artTile(t, back, set, w, h)
}

// roundRectOutline strokes a rounded rectangle inside r.
func roundRectOutline(dst *ebiten.Image, r Rect, rad, w float64, c color.Color) {
	drawShape(dst, r, rad, w, c)
}

// rectImage converts r to an image.Rectangle (rounded outwards).
func rectImage(r Rect) image.Rectangle {
	return image.Rect(int(math.Floor(r.X)), int(math.Floor(r.Y)), int(math.Ceil(r.X+r.W)), int(math.Ceil(r.Y+r.H)))
}
