//go:build js

package game

import (
	"sync"
	"syscall/js"
)

// quitEnds: in the browser Quit leaves the game for the start dialog (the
// page stays).
const quitEnds = false

// exposeUI: the page's mahjong.ui() returns UIJSON.
const exposeUI = true

var exposeUIOnce sync.Once

func exposeUIFunc() {
	exposeUIOnce.Do(func() {
		page := js.Global().Get("mahjong")
		if page.Type() != js.TypeObject {
			return
		}
		page.Set("ui", js.FuncOf(func(js.Value, []js.Value) any { return UIJSON() }))
	})
}
