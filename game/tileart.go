package game

import (
	"bufio"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"mahjong/engine"
	"mahjong/game/art"
	"mahjong/game/prefs"
)

// artTile draws a tile of w×h pixels with package art.
func artTile(t engine.Tile, back bool, set art.TileSet, w, h int) image.Image {
	if back || !t.Valid() {
		return art.TileBack(w, h)
	}
	return art.Tile(t, set, w, h)
}

// A user tileset (art.UserSet) replaces the compiled-in pictures of the
// tiles it has. The Display preference Tileset "custom" names the one
// the player loaded in the browser (kept in localStorage, tileart_js.go);
// on the desktop, as in the original, Tileset names a directory of
// pictures, sought in the TilesetPath directories (or TilesetPath's
// directories themselves hold the pictures: Tileset "custom").

// customTileset is the Tileset preference of the player's loaded set.
const customTileset = "custom"

// Tileset choices of the Display panel.
var tilesetChoices = []string{"Classic", "Numbered", "Custom"}

// isCustomTileset reports whether a Tileset preference names the loaded set.
func isCustomTileset(name string) bool {
	return strings.EqualFold(strings.TrimSpace(name), customTileset)
}

// setUserSet puts s in force (nil: the compiled-in art only), dropping the
// tiles drawn so far; it reports whether anything changed.
func (g *gfx) setUserSet(s *art.UserSet) bool {
	if g.user == s {
		return false
	}
	g.user = s
	for k, img := range g.tiles {
		img.Deallocate()
		delete(g.tiles, k)
	}
	return true
}

// tilesetDirs returns the directories where a desktop tileset is sought,
// in order: Tileset itself if it is a path, each TilesetPath directory
// joined with Tileset, or (for Tileset "custom") each TilesetPath
// directory itself. TilesetPath is a list separated by ':' or ';'.
func tilesetDirs(tileset, path string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(d string) {
		if d != "" && !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	tileset = strings.TrimSpace(tileset)
	if tileset == "" {
		return nil // the standard set: compiled in
	}
	custom := isCustomTileset(tileset)
	if !custom && strings.ContainsAny(tileset, `/\`) {
		add(filepath.Clean(tileset))
	}
	dirs := strings.FieldsFunc(path, func(r rune) bool { return r == ':' || r == ';' })
	for _, d := range dirs {
		d = strings.TrimSpace(d)
		if d != "" && !custom {
			add(filepath.Join(d, tileset))
		}
	}
	if custom {
		for _, d := range dirs {
			add(strings.TrimSpace(d))
		}
	}
	return out
}

// readTileDir reads the tile pictures of a directory (the files named by
// tile code; others are not read). It is an error if there are none.
func readTileDir(dir string) ([]art.UserFile, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []art.UserFile
	for _, e := range ents {
		if e.IsDir() || art.TileCode(e.Name()) == "" {
			continue
		}
		if fi, err := e.Info(); err == nil && fi.Size() > art.MaxUserFile {
			return nil, fmt.Errorf("%s: the file is too large (%d bytes)", e.Name(), fi.Size())
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files = append(files, art.UserFile{Name: e.Name(), Data: b})
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s holds no tile pictures (files named like 1B.png or 1B.xpm)", dir)
	}
	return files, nil
}

// dirTiles loads the desktop tileset the preferences name: the first of
// tilesetDirs that exists. No such directory: no set and no error (the
// name is then one of the compiled-in sets); a directory whose pictures
// cannot be read: the error.
func dirTiles(d prefs.Display) (*art.UserSet, error) {
	for _, dir := range tilesetDirs(d.Tileset, d.TilesetPath) {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		files, err := readTileDir(dir)
		if err != nil {
			if isCustomTileset(d.Tileset) {
				continue // a path directory without pictures: look on
			}
			return nil, err
		}
		s, err := art.NewUserSet(files)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		return s, nil
	}
	if isCustomTileset(d.Tileset) {
		return nil, errNoTilePath
	}
	return nil, nil
}

var errNoTilePath = errors.New("no directory of the Tileset path holds tile pictures (files named like 1B.png or 1B.xpm)")

// The stored form of a loaded set (the browser's localStorage): a header
// line, then one line per picture, its code and its PNG in base64.
const tileStoreHeader = "mahjong-tileset 1"

// encodeTiles returns the stored form of s.
func encodeTiles(s *art.UserSet) (string, error) {
	files, err := s.Files()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(tileStoreHeader + "\n")
	for _, f := range files {
		b.WriteString(strings.TrimSuffix(f.Name, ".png") + " " + base64.StdEncoding.EncodeToString(f.Data) + "\n")
	}
	return b.String(), nil
}

// decodeTiles reads the stored form of a set.
func decodeTiles(text string) (*art.UserSet, error) {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64<<10), 8<<20)
	if !sc.Scan() || sc.Text() != tileStoreHeader {
		return nil, errors.New("the stored tileset is not in a known form")
	}
	var files []art.UserFile
	for sc.Scan() {
		code, data, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		b, err := base64.StdEncoding.DecodeString(data)
		if err != nil {
			return nil, fmt.Errorf("the stored picture of %s is damaged", code)
		}
		files = append(files, art.UserFile{Name: code + ".png", Data: b})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return art.NewUserSet(files)
}

// tileUpload is the result of picking tile pictures (the browser's file
// picker, or the desktop's directory), delivered to the game loop.
type tileUpload struct {
	from  string // where the files came from, for messages
	files []art.UserFile
	err   error
}

var pendingTiles struct {
	sync.Mutex
	up *tileUpload
}

// deliverTiles hands an upload to the game loop (any goroutine).
func deliverTiles(up tileUpload) {
	pendingTiles.Lock()
	pendingTiles.up = &up
	pendingTiles.Unlock()
}

// takeTiles returns the upload waiting, if any.
func takeTiles() *tileUpload {
	pendingTiles.Lock()
	defer pendingTiles.Unlock()
	up := pendingTiles.up
	pendingTiles.up = nil
	return up
}
