package game

import (
	"strings"
	"testing"

	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/prefs"
)

// TestSelectionIsAnnounced: moving the selection by keyboard says the
// selected tile in the live region, and Escape says none is selected.
func TestSelectionIsAnnounced(t *testing.T) {
	var said []string
	cfg := Config{Name: "Ann", Store: prefs.NewMem(""), RobotDelay: -1, Seed: 3,
		Announce: func(s string) { said = append(said, s) }}
	a := NewApp(cfg)
	a.scr = Screen{W: 1024, H: 768, Scale: 1}
	a.scene.(*startScene).update(a, []Intent{{Kind: Letter, Rune: 's'}})
	ts, ok := a.next.(*tableScene)
	if !ok {
		t.Fatal("Start did not start a game")
	}
	defer ts.close()
	pl := clienttest.New(ts.cl, 3)
	// Play on to one of our discards.
	for {
		p, ok := tablePrompt(t, a, ts, pl, 0, false)
		if !ok {
			t.Fatal("the game ended before we were asked to discard")
		}
		if p.Kind == client.Discard {
			break
		}
		if err := pl.Act(p); err != nil {
			t.Fatal(err)
		}
	}
	hand := ts.cl.Hand()
	said = nil
	ts.cl.Select(0)
	ts.handle(a, []Intent{{Kind: Next}})
	want := "Selected " + hand[1].Name() + ", 2 of "
	if len(said) != 1 || !strings.HasPrefix(said[0], want) {
		t.Fatalf("after Right: said %q, want a line starting %q", said, want)
	}
	ts.handle(a, []Intent{{Kind: Escape}})
	if len(said) != 2 || said[1] != "No tile selected." {
		t.Fatalf("after Escape: said %q", said)
	}
}
