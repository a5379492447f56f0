// Command xmj is the table as a native desktop program: a local game against
// three robots, drawn by Ebitengine. It takes the original xmj's display
// flags where they make sense:
//
//	xmj [--name NAME] [--show-wall | --no-show-wall] [--size N]
//	    [--animate | --no-animate] [--tileset classic|numbered] [--tileset-path DIRS]
//	    [--dialogs-popup | --dialogs-below | --dialogs-central]
//
// The tiles are compiled in, so --tileset names one of the built-in sets and
// --tileset-path is accepted for compatibility and otherwise ignored.
// --screenshot FILE writes the first table frame to FILE as a PNG and quits
// (for tests and bug reports).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/game"
)

func main() {
	err := run(os.Args[1:], os.Stderr)
	switch {
	case errors.Is(err, errUsage):
		os.Exit(2)
	case err != nil:
		fmt.Fprintln(os.Stderr, "xmj:", err)
		os.Exit(1)
	}
}

func run(args []string, stderr io.Writer) error {
	opts, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	ebiten.SetWindowTitle("Mah-Jong")
	ebiten.SetWindowSize(windowSize(opts.cfg.Size))
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false) // the App redraws only what changed
	if opts.screenshot == "" {
		return ebiten.RunGame(game.NewApp(opts.cfg))
	}
	s := &shooter{file: opts.screenshot}
	cfg := opts.cfg
	first := cfg.FirstFrame
	cfg.FirstFrame = func() {
		s.first = true
		if first != nil {
			first()
		}
	}
	s.App = game.NewApp(cfg)
	if err := ebiten.RunGame(s); err != nil {
		return err
	}
	return s.err
}

// windowSize is the initial window for a rack of size tiles (0: automatic).
func windowSize(size int) (int, int) {
	if size <= 0 || size > 19 {
		size = 19
	}
	w := 1280 * size / 19
	return max(w, 960), max(w*3/4, 720)
}
