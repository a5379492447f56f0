//go:build js

package prefs

import (
	"errors"
	"syscall/js"
)

// LocalStorage keeps the preferences in the browser's localStorage under
// Key.
type LocalStorage struct {
	Key string
}

// StorageKey is the localStorage key of Default.
const StorageKey = "mahjong.xmjrc"

// Default returns the browser's store: localStorage[StorageKey].
func Default() Store { return LocalStorage{Key: StorageKey} }

func storage() (js.Value, error) {
	ls := js.Global().Get("localStorage")
	if ls.Type() != js.TypeObject {
		return js.Value{}, errors.New("no localStorage")
	}
	return ls, nil
}

// Load returns the stored text ("" when none).
func (l LocalStorage) Load() (s string, err error) {
	defer func() {
		if r := recover(); r != nil { // a SecurityError from the page
			s, err = "", errors.New("localStorage is not available")
		}
	}()
	ls, err := storage()
	if err != nil {
		return "", err
	}
	v := ls.Call("getItem", l.Key)
	if v.Type() != js.TypeString {
		return "", nil
	}
	return v.String(), nil
}

// Save stores text.
func (l LocalStorage) Save(text string) (err error) {
	defer func() {
		if r := recover(); r != nil { // QuotaExceededError, SecurityError
			err = errors.New("localStorage refused the preferences")
		}
	}()
	ls, err := storage()
	if err != nil {
		return err
	}
	ls.Call("setItem", l.Key, text)
	return nil
}

// Where says "localStorage".
func (l LocalStorage) Where() string { return "localStorage " + l.Key }
