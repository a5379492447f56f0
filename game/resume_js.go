//go:build js

package game

import (
	"errors"
	"fmt"
	"syscall/js"

	"mahjong/game/prefs"
)

// savedKey is the localStorage key of the autosaved local game.
const savedKey = "mahjong.autosave"

// defaultSavedGames returns the browser's saved-game store:
// localStorage[savedKey].
func defaultSavedGames() prefs.Store { return localSave{key: savedKey} }

// localSave keeps a saved game in localStorage. Private modes and full
// quotas make localStorage throw: those become errors, never panics.
type localSave struct{ key string }

func (l localSave) storage() (js.Value, error) {
	ls := js.Global().Get("localStorage")
	if ls.Type() != js.TypeObject {
		return js.Value{}, errors.New("localStorage is not available")
	}
	return ls, nil
}

// Load returns the stored game ("" when none).
func (l localSave) Load() (s string, err error) {
	defer func() {
		if r := recover(); r != nil { // SecurityError
			s, err = "", fmt.Errorf("localStorage is not available (%v)", r)
		}
	}()
	ls, err := l.storage()
	if err != nil {
		return "", err
	}
	v := ls.Call("getItem", l.key)
	if v.Type() != js.TypeString {
		return "", nil
	}
	return v.String(), nil
}

// Save stores text; "" removes the saved game.
func (l localSave) Save(text string) (err error) {
	defer func() {
		if r := recover(); r != nil { // QuotaExceededError, SecurityError
			err = fmt.Errorf("localStorage refused the saved game (%v)", r)
		}
	}()
	ls, err := l.storage()
	if err != nil {
		return err
	}
	if text == "" {
		ls.Call("removeItem", l.key)
	} else {
		ls.Call("setItem", l.key, text)
	}
	return nil
}

// Where says where the game is kept, for messages.
func (l localSave) Where() string { return "the browser's storage" }
