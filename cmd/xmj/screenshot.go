package main

import (
	"bufio"
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/game"
)

// shooter runs the App until its first table frame, writes that frame to a
// PNG file and quits.
type shooter struct {
	*game.App
	file  string
	first bool  // the App has drawn its first table frame
	saved bool  // the frame has been written (or failed to be)
	err   error // writing it failed
}

func (s *shooter) Update() error {
	if s.saved {
		return ebiten.Termination
	}
	return s.App.Update()
}

func (s *shooter) Draw(screen *ebiten.Image) {
	s.App.Draw(screen)
	if !s.first || s.saved {
		return
	}
	s.saved = true
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	s.err = writePNG(s.file, img)
}

func writePNG(name string, img image.Image) (err error) {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriter(f)
	if err := png.Encode(w, img); err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	return w.Flush()
}
