//go:build !js

package game

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"mahjong/game/prefs"
)

// defaultShelf returns the desktop's saved games: the directory
// mahjong/saved in the user's configuration directory (else
// mahjong-saved in the working directory), one file NAME.json a game.
// An older version kept one game in mahjong/autosave.json: it is listed
// as slot "".
func defaultShelf() shelf {
	if dir, err := os.UserConfigDir(); err == nil {
		return dirShelf{dir: filepath.Join(dir, "mahjong", "saved"), old: filepath.Join(dir, "mahjong", "autosave.json")}
	}
	return dirShelf{dir: "mahjong-saved"}
}

// dirShelf keeps saved games as files in a directory.
type dirShelf struct {
	dir string
	old string // the older single save ("" none)
}

// Slots lists the directory's games.
func (d dirShelf) Slots() ([]string, error) {
	var names []string
	if d.old != "" {
		if _, err := os.Stat(d.old); err == nil {
			names = append(names, "")
		}
	}
	es, err := os.ReadDir(d.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return names, nil
	}
	if err != nil {
		return names, err
	}
	for _, e := range es {
		if n, ok := strings.CutSuffix(e.Name(), ".json"); ok && e.Type().IsRegular() && !strings.HasPrefix(n, ".") {
			names = append(names, n)
		}
	}
	return names, nil
}

// Slot returns a game's file; Save("") removes it.
func (d dirShelf) Slot(name string) prefs.Store {
	if name == "" && d.old != "" {
		return removingFile{prefs.File{Path: d.old}}
	}
	return removingFile{prefs.File{Path: filepath.Join(d.dir, filepath.Base(name)+".json")}}
}

func (d dirShelf) Where() string { return d.dir }

// removingFile is a file store whose empty save removes the file.
type removingFile struct{ prefs.File }

func (r removingFile) Save(text string) error {
	if text == "" {
		err := os.Remove(r.Path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	return r.File.Save(text)
}
