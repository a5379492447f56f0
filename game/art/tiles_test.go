package art

import (
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"testing"

	"mahjong/engine"
)

var testSizes = [][2]int{{24, 32}, {36, 48}, {90, 120}, {17, 40}}

func TestTilesRender(t *testing.T) {
	for _, set := range TileSets {
		for _, sz := range testSizes {
			seen := map[[32]byte]engine.Tile{}
			for _, tile := range engine.AllTiles {
				img := Tile(tile, set, sz[0], sz[1])
				if img.Bounds() != image.Rect(0, 0, sz[0], sz[1]) {
					t.Fatalf("%v %v %v: bounds %v", set, tile, sz, img.Bounds())
				}
				// The face must carry a picture: enough pixels far from ivory.
				if n := picturePixels(img); n < sz[0]*sz[1]/40 {
					t.Errorf("%v %v %v: only %d picture pixels", set, tile, sz, n)
				}
				h := sha256.Sum256(img.Pix)
				if other, dup := seen[h]; dup {
					t.Errorf("%v %v: %v looks exactly like %v", set, sz, tile, other)
				}
				seen[h] = tile
				// Opaque in the middle, transparent in the corner.
				if img.RGBAAt(sz[0]/2, sz[1]/2).A != 0xff || img.RGBAAt(0, 0).A == 0xff {
					t.Errorf("%v %v %v: bad alpha", set, tile, sz)
				}
			}
		}
	}
}

// picturePixels counts the opaque pixels that are not a shade of the face.
func picturePixels(img *image.RGBA) int {
	n := 0
	fr := FaceRect(img.Bounds().Dx(), img.Bounds().Dy())
	for y := fr.Min.Y + 2; y < fr.Max.Y-2; y++ {
		for x := fr.Min.X + 2; x < fr.Max.X-2; x++ {
			c := img.RGBAAt(x, y)
			if c.A == 0xff && (abs(int(c.R)-int(c.B)) > 40 || c.R < 150) {
				n++
			}
		}
	}
	return n
}

func abs(v int) int { return max(v, -v) }

func TestSetsDiffer(t *testing.T) {
	for _, tile := range engine.AllTiles {
		a, b := Tile(tile, Classic, 40, 54), Tile(tile, Numbered, 40, 54)
		if sha256.Sum256(a.Pix) == sha256.Sum256(b.Pix) {
			t.Errorf("%v: classic and numbered identical", tile)
		}
	}
}

func TestBadTileInput(t *testing.T) {
	back := TileBack(30, 40)
	for _, tile := range []engine.Tile{engine.Blank, 10, 48, 54, 99, 255} {
		img := Tile(tile, TileSet(7), 30, 40)
		if sha256.Sum256(img.Pix) != sha256.Sum256(back.Pix) {
			t.Errorf("tile %d: not the back", tile)
		}
	}
	for _, sz := range [][2]int{{0, 0}, {-5, 10}, {1 << 30, 3}} {
		img := Tile(engine.RedDragon, Classic, sz[0], sz[1])
		b := img.Bounds()
		if b.Dx() < MinTileSize || b.Dx() > MaxTileSize || b.Dy() < MinTileSize || b.Dy() > MaxTileSize {
			t.Errorf("size %v: got %v", sz, b)
		}
	}
	for _, w := range []engine.Wind{0, 9} {
		TongBox(w, Classic, 30)
	}
	if _, err := ParseTileSet("nope"); err == nil {
		t.Error("ParseTileSet accepted nope")
	}
	for _, s := range TileSets {
		if got, err := ParseTileSet(s.String()); err != nil || got != s {
			t.Errorf("ParseTileSet(%q) = %v, %v", s.String(), got, err)
		}
	}
}

func TestRotate(t *testing.T) {
	img := Tile(engine.EastWind, Classic, 30, 40)
	r1 := Rotate(img, 1)
	if r1.Bounds() != image.Rect(0, 0, 40, 30) {
		t.Fatalf("rotated bounds %v", r1.Bounds())
	}
	if r1.RGBAAt(40-1-5, 7) != img.RGBAAt(7, 5) {
		t.Error("quarter turn moved a pixel wrongly")
	}
	back := Rotate(Rotate(r1, 2), -3)
	if sha256.Sum256(back.Pix) != sha256.Sum256(img.Pix) {
		t.Error("four quarter turns do not give the original")
	}
}

// TestContactSheets writes every tile of both sets at two sizes, for people
// to look at.
func TestContactSheets(t *testing.T) {
	for _, set := range TileSets {
		for _, sz := range [][2]int{{30, 40}, {72, 96}} {
			writePNG(t, fmt.Sprintf("tiles-%v-%d.png", set, sz[0]), contactSheet(set, sz[0], sz[1]))
		}
	}
}

func contactSheet(set TileSet, w, h int) *image.RGBA {
	const cols = 9
	gap := max(4, w/8)
	rows := 6
	sheet := image.NewRGBA(image.Rect(0, 0, cols*(w+gap)+gap, rows*(h+gap)+gap+w))
	draw.Draw(sheet, sheet.Bounds(), image.NewUniform(color.RGBA{0x2d, 0x5e, 0x3e, 0xff}), image.Point{}, draw.Src)
	put := func(img *image.RGBA, col, row int) {
		p := image.Pt(gap+col*(w+gap), gap+row*(h+gap))
		draw.Draw(sheet, img.Bounds().Add(p), img, image.Point{}, draw.Over)
	}
	i := 0
	for _, tile := range engine.AllTiles {
		row := tile.Suit() - 1
		col := tile.Rank() - 1
		switch tile.Suit() {
		case engine.WindSuit:
			row, col = 3, tile.Rank()-1
		case engine.DragonSuit:
			row, col = 3, 4+tile.Rank()
		case engine.FlowerSuit:
			row, col = 4, tile.Rank()-1
		case engine.SeasonSuit:
			row, col = 4, 4+tile.Rank()
		}
		put(Tile(tile, set, w, h), col, row)
		i++
	}
	put(TileBack(w, h), 0, 5)
	put(Rotate(Tile(engine.FlowerSuit*10+1, set, w, h), 1), 1, 5)
	for wind := engine.East; wind <= engine.North; wind++ {
		put(TongBox(wind, set, w), 3+int(wind), 5)
	}
	return sheet
}

func BenchmarkTile(b *testing.B) {
	for _, sz := range [][2]int{{36, 48}, {90, 120}} {
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			i := 0
			for b.Loop() {
				Tile(engine.AllTiles[i%len(engine.AllTiles)], Classic, sz[0], sz[1])
				i++
			}
		})
	}
}

func BenchmarkAllTilesBothSets(b *testing.B) {
	for b.Loop() {
		for _, set := range TileSets {
			for _, tile := range engine.AllTiles {
				Tile(tile, set, 60, 80)
			}
		}
	}
}

func TestConcurrentUse(t *testing.T) {
	face := NewFace(Regular, 18)
	done := make(chan [32]byte)
	for i := range 4 {
		go func() {
			img := image.NewRGBA(image.Rect(0, 0, 200, 30))
			for _, tile := range engine.AllTiles[i*5 : i*5+10] {
				Tile(tile, TileSets[i%2], 30, 40)
				face.Draw(img, 0, 0, tile.Name(), color.Black)
			}
			done <- sha256.Sum256(Tile(engine.GreenDragon, Classic, 30, 40).Pix)
		}()
	}
	first := <-done
	for range 3 {
		if <-done != first {
			t.Error("same tile drawn differently in parallel")
		}
	}
}
