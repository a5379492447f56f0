package local

import (
	"fmt"
	"strings"

	"mahjong/engine"
	"mahjong/engine/protocol"
)

// Autosaver saves a hosted game after every change, in the controller's
// own saved-game form (the original's .mjs: wire lines that
// engine.Controller.LoadGame reads back). A host wires it in three places:
// Install before engine.NewController, Sent as (or inside) its Send hook,
// and Take from its Tick hook. All but Install run on the host's
// goroutine.
type Autosaver struct {
	msgs   []engine.Event // the controller's save, while Take asks for it
	saving bool
	dirty  bool
	// doneSaved: the game was saved since its hand ended. The controller
	// (like the original) writes a second save between hands in another
	// form, from the hand's start, which a resumed game cannot rebuild;
	// between hands nothing a save holds changes, so one is enough.
	doneSaved bool
	doneText  string // that save (for Save and Save as between hands)
}

// Install lets the controller hand its saves to a. Resumable saves need
// the hand history, so it also turns NoHistory off.
func (a *Autosaver) Install(so *engine.ServerOptions) {
	so.NoHistory = false
	so.Save = func(name string, msgs []engine.Event) (string, error) {
		a.msgs = msgs
		return name, nil
	}
}

// Sent sees every message the controller sends: it notes that the game
// has changed, and returns false for the save's own reply (StateSaved or
// an error), which nobody should see.
func (a *Autosaver) Sent(o engine.Output) bool {
	if a.saving {
		return false
	}
	a.dirty = true
	return true
}

// Take returns the game as saved now, if it has changed since the last
// Take and a hand is under way or between hands (not before the game
// starts nor after it ends). cnx is the connection the save is asked for
// on: a seated player's (the controller saves on a player's request).
func (a *Autosaver) Take(h *Host, cnx int) (string, bool) {
	if !a.dirty {
		return "", false
	}
	a.dirty = false
	c := h.Controller()
	// Not before the game starts (or a loaded game resumes: Active
	// once everybody is back), nor after it ends.
	if c.Game().Round == engine.NoWind || !c.Game().Active || c.GameOver() || c.Exit() {
		return "", false
	}
	done := c.Game().Phase == engine.HandComplete
	if !done {
		a.doneSaved, a.doneText = false, ""
	} else if a.doneSaved {
		return "", false
	}
	a.saving = true
	a.msgs = nil
	h.Deliver(c.Handle(cnx, engine.PSaveState{}))
	a.saving = false
	if a.msgs == nil {
		return "", false
	}
	s := FormatGame(a.msgs)
	a.msgs = nil
	if done {
		a.doneSaved, a.doneText = true, s
	}
	return s, true
}

// Latest returns the save Take made since the hand ended, if any (Take
// makes no other until the next hand starts).
func (a *Autosaver) Latest() (string, bool) {
	return a.doneText, a.doneSaved
}

// FormatGame writes a controller's saved game as wire lines (the
// original's .mjs format).
func FormatGame(msgs []engine.Event) string {
	var b []byte
	for _, m := range msgs {
		b = protocol.AppendWire(b, m.String())
	}
	return string(b)
}

// ParseGame reads a saved game written by FormatGame (or the original's
// server). It checks the syntax only; engine.Controller.LoadGame (or
// CheckGame) checks that the game can go on.
func ParseGame(s string) ([]engine.Event, error) {
	// Every line of a saved game ends with CR LF: a file that stops
	// inside a line was cut short (a partial download or copy).
	if s != "" && !strings.HasSuffix(s, "\n") {
		return nil, fmt.Errorf("local: saved game: the file ends in the middle of a line (cut short?)")
	}
	sc := protocol.NewScanner(strings.NewReader(s))
	var msgs []engine.Event
	for sc.Scan() {
		msgs = append(msgs, sc.Event())
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("local: saved game: %w", err)
	}
	if len(msgs) == 0 {
		return nil, fmt.Errorf("local: saved game: empty")
	}
	return msgs, nil
}

// CheckGame reports whether a saved game can be resumed, without
// starting it.
func CheckGame(s string) error {
	msgs, err := ParseGame(s)
	if err != nil {
		return err
	}
	if err := engine.NewController(engine.ServerOptions{}).LoadGame(msgs); err != nil {
		return fmt.Errorf("local: saved game: %w", err)
	}
	return nil
}
