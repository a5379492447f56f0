//go:build !js

package game

import (
	"os"
	"path/filepath"

	"mahjong/game/prefs"
)

// defaultSavedGames returns the desktop's saved-game file:
// mahjong/autosave.json in the user's configuration directory (else in
// the working directory).
func defaultSavedGames() prefs.Store {
	if dir, err := os.UserConfigDir(); err == nil {
		return prefs.File{Path: filepath.Join(dir, "mahjong", "autosave.json")}
	}
	return prefs.File{Path: "mahjong-autosave.json"}
}
