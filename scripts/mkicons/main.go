// Command mkicons draws the web app's icons (the red dragon tile on the
// table's green) as PNG files for the manifest that scripts/build-dist.sh
// writes: icon-192.png and icon-512.png (the tile with a margin, purpose
// "any") and icon-maskable-512.png (the tile inside the safe zone, a circle
// of 80% of the width, on a full-bleed background).
//
//	go run ./scripts/mkicons DIR
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"

	"mahjong/engine"
	"mahjong/game/art"
)

// table is the page's background and theme colour (#1e5a32).
var table = color.RGBA{0x1e, 0x5a, 0x32, 0xff}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: mkicons DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	icons := []struct {
		name string
		size int
		fill float64 // the tile's height as a share of the icon
	}{
		{"icon-192.png", 192, 0.86},
		{"icon-512.png", 512, 0.86},
		{"icon-maskable-512.png", 512, 0.62},
	}
	for _, ic := range icons {
		if err := write(filepath.Join(dir, ic.name), icon(ic.size, ic.fill)); err != nil {
			fmt.Fprintln(os.Stderr, "mkicons:", err)
			os.Exit(1)
		}
	}
}

// icon draws the tile centred on the table colour.
func icon(size int, fill float64) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	draw.Draw(img, img.Bounds(), image.NewUniform(table), image.Point{}, draw.Src)
	h := int(float64(size) * fill)
	w := int(float64(h) * art.TileAspect)
	t := art.Tile(engine.RedDragon, art.Classic, w, h)
	at := image.Pt((size-w)/2, (size-h)/2)
	draw.Draw(img, image.Rectangle{Min: at, Max: at.Add(t.Bounds().Size())}, t, t.Bounds().Min, draw.Over)
	return img
}

func write(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
