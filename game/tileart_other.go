//go:build !js

package game

import (
	"mahjong/game/art"
	"mahjong/game/prefs"
)

// tilePickLabel is the Display panel's button that loads a tileset: on
// the desktop, the pictures of the directory in the Tileset path entry.
const tilePickLabel = "Load from path"

// pickTiles reads the tile pictures of the first directory of path that
// holds some, and delivers them to the game loop.
func pickTiles(path string) {
	var up tileUpload
	for _, dir := range tilesetDirs(customTileset, path) {
		files, err := readTileDir(dir)
		if err == nil {
			deliverTiles(tileUpload{from: dir, files: files})
			return
		}
		up = tileUpload{from: dir, err: err}
	}
	if up.err == nil {
		up.err = errNoTilePath
	}
	deliverTiles(up)
}

// userTiles returns the user tileset the preferences name (nil: none, the
// compiled-in sets).
func userTiles(d prefs.Display) (*art.UserSet, error) { return dirTiles(d) }

// storeTiles keeps a loaded set: on the desktop the pictures stay in their
// directory, which the preferences name.
func storeTiles(*art.UserSet) error { return nil }
