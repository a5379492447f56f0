//go:build js && wasm

// Command wasm is the browser entry point of the table. index.html loads
// the WebAssembly it builds to (with wasm_exec.js) and provides a
// globalThis.mahjong object whose announce(text) and firstFrame() functions
// receive the game's announcements (for the page's ARIA live region) and the
// first table frame (for performance.mark('mj:first-frame')).
//
// A few settings can be given in the page's query string, for links and
// tests: name=NAME, seed=N (a repeatable game), start=1 (skip the start
// dialog), animate=0, wall=always|never, dialogs=below|popup|central,
// tileset=numbered|classic, room=CODE (join that online game),
// relay=URL (another relay than the one beside the page).
//
// Build it with `make site` (scripts/build-site.sh), which also copies
// index.html and the matching wasm_exec.js next to it.
package main

import (
	"fmt"
	"os"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"mahjong/game"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "mahjong:", err)
		os.Exit(1)
	}
}

func run() error {
	page := js.Global().Get("mahjong")
	call := func(name string, args ...any) {
		if page.Type() != js.TypeObject {
			return
		}
		if f := page.Get(name); f.Type() == js.TypeFunction {
			f.Invoke(args...)
		}
	}
	loc := js.Global().Get("location")
	cfg := fromQuery(loc.Get("search").String())
	cfg.Page = loc.Get("origin").String() + loc.Get("pathname").String() // for room links
	cfg.Announce = func(s string) { call("announce", s) }
	cfg.FirstFrame = func() { call("firstFrame") }
	ebiten.SetWindowTitle("Mah-Jong")
	ebiten.SetScreenClearedEveryFrame(false) // the App redraws only what changed
	app := game.NewApp(cfg)
	// The autosave is written once per frame; a page being hidden or
	// unloaded stores the latest at once.
	flush := js.FuncOf(func(js.Value, []js.Value) any { app.Flush(); return nil })
	js.Global().Call("addEventListener", "pagehide", flush)
	js.Global().Get("document").Call("addEventListener", "visibilitychange", flush)
	// For measuring tools (web/tools/profile.js): frames drawn so far.
	if page.Type() == js.TypeObject {
		page.Set("draws", js.FuncOf(func(js.Value, []js.Value) any { return app.Draws() }))
		page.Set("inputs", js.FuncOf(func(js.Value, []js.Value) any { return app.InputsSeen() }))
	}
	return ebiten.RunGame(app)
}
