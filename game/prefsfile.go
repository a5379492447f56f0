package game

import (
	"errors"
	"fmt"
	"strings"

	"mahjong/game/prefs"
)

// Options › Export preferences… and Import preferences…: the preferences
// travel as a text file in the original's .xmjrc format (Display,
// Playing and GameOption lines; lines we do not know are carried as they
// are). The browser downloads and uploads the file; the desktop writes
// and reads prefsFileName in the working directory. An original xmj's
// ~/.xmjrc imports as it is.

// prefsFileName is the exported file's name.
const prefsFileName = "mahjong.xmjrc"

// prefsFileCommand runs the two menu entries.
func prefsFileCommand(a *App, id string) {
	switch id {
	case "exportprefs":
		where, err := writeSave(prefsFileName, prefs.Format(a.ui.p))
		if err != nil {
			a.announce(fmt.Sprintf("The preferences could not be exported: %v.", err))
			return
		}
		a.announce("Preferences exported to " + where + ".")
	case "importprefs":
		pickFile(filePrefs)
	}
}

// importPrefs puts the preferences in f in force and stores them; a file
// that cannot be read, or holds a line with a bad value, is refused with
// a message and changes nothing.
func importPrefs(a *App, f openedFile) {
	p, err := readPrefsFile(f)
	if err != nil {
		msg := fmt.Sprintf("The preferences in %s cannot be imported: %v.", f.name, err)
		a.announce(msg)
		a.ui.openPanel(a, infoPanel("error", "Import preferences", msg))
		return
	}
	a.ui.setPrefs(a, p, true)
	a.announce("Preferences imported from " + f.name + ".")
}

// readPrefsFile parses a picked preferences file strictly: the whole
// file must be text, and every line it knows must have a good value.
func readPrefsFile(f openedFile) (prefs.Prefs, error) {
	if f.err != nil {
		return prefs.Prefs{}, f.err
	}
	if strings.ContainsRune(f.text, 0) {
		return prefs.Prefs{}, errors.New("it is not a text file")
	}
	p, err := prefs.Parse(f.text)
	if err != nil {
		var le *prefs.LineError
		if errors.As(err, &le) {
			return prefs.Prefs{}, fmt.Errorf("line %d (%q): %v", le.Line, clip(le.Text, 40), le.Err)
		}
		return prefs.Prefs{}, errors.New(strings.TrimPrefix(err.Error(), "prefs: "))
	}
	return p, nil
}

// clip shortens s to at most n runes for a message.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
