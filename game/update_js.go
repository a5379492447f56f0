//go:build js

package game

import "syscall/js"

// updateWaiting asks the page (index.html's mahjong.updateReady()) whether
// a new version of the site waits to be used.
func updateWaiting() bool {
	return pageCall("updateReady")
}

// applyUpdate tells the page to take the waiting version now
// (mahjong.applyUpdate(): the page reloads with it); false when none is
// waiting.
func applyUpdate() bool {
	return pageCall("applyUpdate")
}

// pageCall calls mahjong.name() and reports whether it returned true;
// false when the page has no such function (a site without a service
// worker) or it threw.
func pageCall(name string) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	page := js.Global().Get("mahjong")
	if page.Type() != js.TypeObject {
		return false
	}
	f := page.Get(name)
	if f.Type() != js.TypeFunction {
		return false
	}
	v := f.Invoke()
	return v.Type() == js.TypeBoolean && v.Bool()
}
