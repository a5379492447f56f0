package game

import (
	"image"

	"mahjong/engine"
	"mahjong/game/art"
)

// artTile draws a tile of w×h pixels with package art.
func artTile(t engine.Tile, back bool, set art.TileSet, w, h int) image.Image {
	if back || !t.Valid() {
		return art.TileBack(w, h)
	}
	return art.Tile(t, set, w, h)
}
