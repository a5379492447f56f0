//go:build js

package game

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"syscall/js"

	"mahjong/game/art"
	"mahjong/game/prefs"
)

// tilePickLabel is the Display panel's button that loads a tileset: in the
// browser, a file picker for the pictures.
const tilePickLabel = "Load pictures…"

// tileStoreKey is the localStorage key of the loaded tileset.
const tileStoreKey = "mahjong.tileset"

// pickTiles opens the browser's file picker (several files); the files
// read go to the game loop through deliverTiles.
func pickTiles(string) {
	defer func() {
		if r := recover(); r != nil {
			deliverTiles(tileUpload{from: "the file picker", err: fmt.Errorf("the browser refused it (%v)", r)})
		}
	}()
	doc := js.Global().Get("document")
	input := doc.Call("createElement", "input")
	input.Set("type", "file")
	input.Set("multiple", true)
	input.Set("accept", "image/png,image/gif,image/jpeg,.png,.gif,.jpg,.jpeg,.xpm")
	var onChange js.Func
	onChange = js.FuncOf(func(js.Value, []js.Value) any {
		onChange.Release()
		list := input.Get("files")
		n := list.Length()
		if n == 0 {
			return nil
		}
		go readPicked(list, n)
		return nil
	})
	input.Call("addEventListener", "change", onChange)
	input.Call("click")
}

// readPicked reads the n picked files (those named by tile code) and
// delivers them.
func readPicked(list js.Value, n int) {
	up := tileUpload{from: fmt.Sprintf("%d files", n)}
	for i := range n {
		f := list.Index(i)
		name := f.Get("name").String()
		if art.TileCode(name) == "" {
			continue
		}
		if size := f.Get("size").Int(); size > art.MaxUserFile {
			up.err = fmt.Errorf("%s: the file is too large (%d bytes)", name, size)
			break
		}
		var b js.Value
		var err error
		if strings.HasSuffix(strings.ToLower(name), ".xpm") {
			b, err = await(f.Call("arrayBuffer"))
		} else {
			b, err = browserPNG(f)
		}
		if err != nil {
			up.err = fmt.Errorf("%s could not be read (%v)", name, err)
			break
		}
		arr := js.Global().Get("Uint8Array").New(b)
		data := make([]byte, arr.Length())
		js.CopyBytesToGo(data, arr)
		up.files = append(up.files, art.UserFile{Name: name, Data: data})
	}
	deliverTiles(up)
}

// browserPNG has the browser decode a picture file (any format it reads:
// PNG, GIF, JPEG, WebP…), scaled down to at most art.MaxUserTile pixels a
// side, and returns it as a PNG (an ArrayBuffer).
func browserPNG(f js.Value) (v js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser could not convert it (%v)", r)
		}
	}()
	bmp, err := await(js.Global().Call("createImageBitmap", f))
	if err != nil {
		return js.Value{}, errors.New("not a picture the browser can read")
	}
	defer bmp.Call("close")
	w, h := bmp.Get("width").Float(), bmp.Get("height").Float()
	if w <= 0 || h <= 0 {
		return js.Value{}, errors.New("an empty picture")
	}
	if s := art.MaxUserTile / max(w, h); s < 1 {
		w, h = max(1, math.Round(w*s)), max(1, math.Round(h*s))
	}
	cv := js.Global().Get("OffscreenCanvas").New(int(w), int(h))
	ctx := cv.Call("getContext", "2d")
	ctx.Set("imageSmoothingQuality", "high")
	ctx.Call("drawImage", bmp, 0, 0, w, h)
	blob, err := await(cv.Call("convertToBlob", map[string]any{"type": "image/png"}))
	if err != nil {
		return js.Value{}, err
	}
	return await(blob.Call("arrayBuffer"))
}

// await waits for a promise.
func await(p js.Value) (js.Value, error) {
	done := make(chan struct{})
	var val js.Value
	var err error
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		val = args[0]
		close(done)
		return nil
	})
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		err = errors.New(args[0].Call("toString").String())
		close(done)
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	p.Call("then", ok, fail)
	<-done
	return val, err
}

// userTiles returns the loaded set if the preferences choose it.
func userTiles(d prefs.Display) (s *art.UserSet, err error) {
	if !isCustomTileset(d.Tileset) {
		return nil, nil
	}
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, errors.New("localStorage is not available")
		}
	}()
	v := js.Global().Get("localStorage").Call("getItem", tileStoreKey)
	if v.Type() != js.TypeString {
		return nil, errors.New("no custom tileset is stored: load its pictures in Display Options")
	}
	return decodeTiles(v.String())
}

// storeTiles keeps a loaded set in localStorage; a full storage is an
// error and leaves the stored set as it was.
func storeTiles(s *art.UserSet) (err error) {
	text, err := encodeTiles(s)
	if err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser's storage refused the pictures (%d KB; is it full?)", len(text)/1024)
		}
	}()
	js.Global().Get("localStorage").Call("setItem", tileStoreKey, text)
	return nil
}
