// Command xmj is the table as a native desktop program: a local game against
// three robots, drawn by Ebitengine. It takes the original xmj's display
// flags where they make sense:
//
//	xmj [--name NAME] [--show-wall | --no-show-wall] [--size N]
//	    [--animate | --no-animate] [--tileset classic|numbered] [--tileset-path DIRS]
//	    [--dialogs-popup | --dialogs-below | --dialogs-central]
//	    [--server ADDRESS [--id N] [--connect] | --relay URL [--room CODE [--connect]]]
//
// --server plays on a game server, ours or the original mj-server, over TCP
// (host:port) or a Unix socket (a path), at once; --id takes back the seat
// of player N after a lost connection. --relay names the relay of online
// rooms (for Host and Join online game) and --room joins one: through the
// Join dialog, or at once with --connect. --auto-play (for tests) makes our
// seat play itself, pressing each dialog's default button, and prints the
// game's events on standard output.
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
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	switch {
	case errors.Is(err, errUsage):
		os.Exit(2)
	case err != nil:
		fmt.Fprintln(os.Stderr, "xmj:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	opts, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	ebiten.SetWindowTitle("Mah-Jong")
	ebiten.SetWindowSize(windowSize(opts.cfg.Size))
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false) // the App redraws only what changed
	if opts.auto {
		opts.cfg.Announce = func(line string) { fmt.Fprintln(stdout, line) }
	}
	if opts.screenshot == "" {
		return ebiten.RunGame(opts.app())
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
	opts.cfg = cfg
	s.App = opts.app()
	if err := ebiten.RunGame(s); err != nil {
		return err
	}
	return s.err
}

// app makes the App and points it at a server or a room.
func (o *options) app() *game.App {
	a := game.NewApp(o.cfg)
	switch {
	case o.server != "":
		a.JoinServer(o.server, o.id)
	case o.cfg.Room != "" && o.connect:
		a.JoinRoomNow()
	}
	a.SetAutoPlay(o.auto)
	return a
}

// windowSize is the initial window for a rack of size tiles (0: automatic).
func windowSize(size int) (int, int) {
	if size <= 0 || size > 19 {
		size = 19
	}
	w := 1280 * size / 19
	return max(w, 960), max(w*3/4, 720)
}
