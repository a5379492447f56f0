//go:build !js

package game

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// exposeState does nothing outside the browser: StateJSON is there.
func exposeState() {}

// writeSave writes text to the file name in the working directory.
func writeSave(name, text string) (string, error) {
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		return "", err
	}
	if abs, err := filepath.Abs(name); err == nil {
		return abs, nil
	}
	return name, nil
}

// askFileName has no dialog on the desktop: Save as writes a new file
// beside the old one (name-2.mjs, name-3.mjs, …).
func askFileName(def string) (string, bool) {
	base := strings.TrimSuffix(def, ".mjs")
	name := def
	for i := 2; ; i++ {
		if _, err := os.Stat(name); errors.Is(err, fs.ErrNotExist) {
			return name, true
		}
		name = fmt.Sprintf("%s-%d.mjs", base, i)
	}
}

// pickFile takes, from the working directory, the newest .mjs file (a
// saved game) or prefsFileName (preferences).
func pickFile(kind fileKind) {
	if kind == filePrefs {
		b, err := readSmall(prefsFileName)
		deliverOpened(openedFile{kind: kind, name: prefsFileName, text: string(b), err: err})
		return
	}
	ents, err := os.ReadDir(".")
	if err != nil {
		deliverOpened(openedFile{name: ".", err: err})
		return
	}
	var best string
	var newest int64
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(strings.ToLower(e.Name()), ".mjs") {
			continue
		}
		if fi, err := e.Info(); err == nil && (best == "" || fi.ModTime().UnixNano() > newest) {
			best, newest = e.Name(), fi.ModTime().UnixNano()
		}
	}
	if best == "" {
		deliverOpened(openedFile{name: "the working directory", err: errors.New("it holds no saved game (.mjs)")})
		return
	}
	b, err := readSmall(best)
	deliverOpened(openedFile{name: best, text: string(b), err: err})
}

// readSmall reads a file of at most maxSaveBytes.
func readSmall(name string) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if fi.Size() > maxSaveBytes {
		return nil, fmt.Errorf("it is too large (%d bytes)", fi.Size())
	}
	return os.ReadFile(name)
}
