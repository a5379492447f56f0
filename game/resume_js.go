//go:build js

package game

import (
	"errors"
	"fmt"
	"strings"
	"syscall/js"

	"mahjong/game/prefs"
)

// savedKey is the localStorage key of the autosaved local games: the
// game in slot S is under savedKey + "." + S (an older version kept one
// game under savedKey itself: it is listed as slot "").
const savedKey = "mahjong.autosave"

// defaultShelf returns the browser's saved games: localStorage keys
// starting with savedKey.
func defaultShelf() shelf { return localShelf{} }

// localShelf keeps saved games in localStorage.
type localShelf struct{}

func (localShelf) key(slot string) string {
	if slot == "" {
		return savedKey
	}
	return savedKey + "." + slot
}

// Slots lists the keys that hold a game.
func (l localShelf) Slots() (names []string, err error) {
	defer func() {
		if r := recover(); r != nil { // SecurityError
			names, err = nil, fmt.Errorf("localStorage is not available (%v)", r)
		}
	}()
	ls, err := savedStorage()
	if err != nil {
		return nil, err
	}
	n := ls.Get("length").Int()
	for i := 0; i < n; i++ {
		k := ls.Call("key", i)
		if k.Type() != js.TypeString {
			continue
		}
		switch key := k.String(); {
		case key == savedKey:
			names = append(names, "")
		case strings.HasPrefix(key, savedKey+"."):
			names = append(names, strings.TrimPrefix(key, savedKey+"."))
		}
	}
	return names, nil
}

func (l localShelf) Slot(name string) prefs.Store { return localSave{key: l.key(name)} }

func (localShelf) Where() string { return "the browser's storage" }

func savedStorage() (js.Value, error) {
	ls := js.Global().Get("localStorage")
	if ls.Type() != js.TypeObject {
		return js.Value{}, errors.New("localStorage is not available")
	}
	return ls, nil
}

// localSave keeps a saved game in localStorage. Private modes and full
// quotas make localStorage throw: those become errors, never panics.
type localSave struct{ key string }

// Load returns the stored game ("" when none).
func (l localSave) Load() (s string, err error) {
	defer func() {
		if r := recover(); r != nil { // SecurityError
			s, err = "", fmt.Errorf("localStorage is not available (%v)", r)
		}
	}()
	ls, err := savedStorage()
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
	ls, err := savedStorage()
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
