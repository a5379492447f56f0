package game

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/prefs"
)

// failingStore is a preferences store whose saved games cannot be
// stored (a full quota, a private mode) until it is told otherwise.
type failingStore struct {
	prefs.Mem
	saves *brokenSaves
}

func (f *failingStore) SavedGames() prefs.Store { return f.saves }

type brokenSaves struct {
	mu     sync.Mutex
	err    error // what Save fails with (nil: it works)
	text   string
	stored int
}

func (b *brokenSaves) Load() (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.text, nil
}

func (b *brokenSaves) Save(text string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.err != nil {
		return b.err
	}
	b.text = text
	b.stored++
	return nil
}

func (b *brokenSaves) Where() string { return "the test's storage" }

func (b *brokenSaves) set(err error) {
	b.mu.Lock()
	b.err = err
	b.mu.Unlock()
}

// TestAutosaveStorageFailure: a store that refuses the save (quota,
// private mode) gives one clear message and the game in memory goes on;
// once the store works again the game is saved and a later failure is
// reported again.
func TestAutosaveStorageFailure(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"quota", errors.New("QuotaExceededError: the quota has been exceeded")},
		{"private", errors.New("SecurityError: localStorage is not available")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			saves := &brokenSaves{err: tc.err}
			st := &failingStore{saves: saves}
			var said []string
			a := NewApp(Config{Name: "Ann", Store: st, RobotDelay: -1, Seed: 9, AutoStart: true,
				Announce: func(s string) { said = append(said, s) }})
			a.scr = Screen{W: 1024, H: 768, Scale: 1}
			ts := a.scene.(*tableScene)
			defer ts.close()
			pl := clienttest.New(ts.cl, 9)
			if _, ok := tablePrompt(t, a, ts, pl, 20, false); !ok {
				t.Fatal("the game ended early")
			}
			failures := 0
			for _, s := range said {
				if strings.Contains(s, "could not be saved") {
					failures++
					if !strings.Contains(s, tc.err.Error()) || !strings.Contains(s, "the test's storage") {
						t.Errorf("message %q does not say what failed and where", s)
					}
				}
			}
			if failures != 1 {
				t.Errorf("%d failure messages, want 1: %q", failures, said)
			}
			if !strings.Contains(ts.notice, "could not be saved") {
				t.Errorf("the table shows %q", ts.notice)
			}
			// The game in memory went on: we are asked things, holding tiles.
			if ts.prompt.Kind == client.None || ts.cl.View().Me() == nil || len(ts.cl.Hand()) == 0 {
				t.Fatalf("the game did not go on: %v", ts.prompt.Kind)
			}

			// The store works again: the next change is saved whole.
			saves.set(nil)
			if _, ok := tablePrompt(t, a, ts, pl, 3, false); !ok {
				t.Fatal("the game ended early")
			}
			text, _ := saves.Load()
			if saves.stored == 0 || text == "" {
				t.Fatal("nothing stored once the store worked")
			}
			if _, err := decodeSaved(text); err != nil {
				t.Fatalf("the stored game cannot be resumed: %v", err)
			}
			// And fails again: said again.
			saves.set(tc.err)
			n := len(said)
			if _, ok := tablePrompt(t, a, ts, pl, 3, false); !ok {
				t.Fatal("the game ended early")
			}
			again := 0
			for _, s := range said[n:] {
				if strings.Contains(s, "could not be saved") {
					again++
				}
			}
			if again != 1 {
				t.Errorf("after a new failure %d messages, want 1: %q", again, said[n:])
			}
			if got, _ := saves.Load(); got != text {
				t.Error("a failed save changed what was stored")
			}
		})
	}
}
