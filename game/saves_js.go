//go:build js

package game

import (
	"fmt"
	"sync"
	"syscall/js"
)

var exposeOnce sync.Once

// exposeState gives the page mahjong.state(): the table's latest
// TableState as JSON text (read-only, for tests and tools).
func exposeState() {
	exposeOnce.Do(func() {
		page := js.Global().Get("mahjong")
		if page.Type() != js.TypeObject {
			return
		}
		page.Set("state", js.FuncOf(func(js.Value, []js.Value) any { return StateJSON() }))
	})
}

// writeSave downloads text as the file name (a Blob and a link with a
// download attribute); it returns what the player is told.
func writeSave(name, text string) (where string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refused the download (%v)", r)
		}
	}()
	doc := js.Global().Get("document")
	parts := js.Global().Get("Array").New(text)
	blob := js.Global().Get("Blob").New(parts, map[string]any{"type": "application/octet-stream"})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	link := doc.Call("createElement", "a")
	link.Set("href", url)
	link.Set("download", name)
	link.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", link)
	link.Call("click")
	link.Call("remove")
	// The download has its own reference to the data by now.
	js.Global().Call("setTimeout", js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		return nil
	}), 60_000)
	return name + " (downloaded)", nil
}

// askFileName asks for a file name with the browser's prompt.
func askFileName(def string) (string, bool) {
	v := js.Global().Call("prompt", "Save the game as:", def)
	if v.Type() != js.TypeString {
		return "", false
	}
	return v.String(), true
}

// pickFile opens the browser's file picker for a file of kind; the file
// read goes to the game loop through deliverOpened.
func pickFile(kind fileKind) {
	doc := js.Global().Get("document")
	input := doc.Call("createElement", "input")
	input.Set("type", "file")
	input.Set("accept", ".mjs,.json,text/plain")
	if kind == filePrefs {
		input.Set("accept", ".xmjrc,.txt,text/plain")
	}
	var onChange js.Func
	onChange = js.FuncOf(func(js.Value, []js.Value) any {
		onChange.Release()
		files := input.Get("files")
		if files.Length() == 0 {
			return nil
		}
		f := files.Index(0)
		name := f.Get("name").String()
		if size := f.Get("size").Int(); size > maxSaveBytes {
			deliverOpened(openedFile{kind: kind, name: name, err: fmt.Errorf("it is too large (%d bytes)", size)})
			return nil
		}
		var ok, fail js.Func
		done := func() { ok.Release(); fail.Release() }
		ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
			defer done()
			deliverOpened(openedFile{kind: kind, name: name, text: args[0].String()})
			return nil
		})
		fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
			defer done()
			deliverOpened(openedFile{kind: kind, name: name, err: fmt.Errorf("it could not be read (%v)", args[0])})
			return nil
		})
		f.Call("text").Call("then", ok, fail)
		return nil
	})
	input.Call("addEventListener", "change", onChange)
	input.Call("click")
}
