package local_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"mahjong/engine/protocol"
	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/local"
)

// TestSavedShownReplays: the saves made between hands carry the hand
// just finished as our seat saw it (mid-hand saves carry none), and a
// fresh client that replays it shows the same table, hand and scoring as
// the client that played it. A game resumed from that save keeps the
// hand in its own between-hands saves.
func TestSavedShownReplays(t *testing.T) {
	var mu sync.Mutex
	var last local.Saved
	midHandShown := 0
	g, c := join(t, local.Config{Seed: 31,
		Save: func(s local.Saved) {
			mu.Lock()
			defer mu.Unlock()
			if s.Shown != "" && strings.Contains(s.Game, "\nWall ") {
				midHandShown++
			}
			last = s
		}})
	pl := clienttest.New(c, 31)
	for len(c.History()) == 0 || len(c.History()[0].Gains) == 0 && !c.History()[0].Washout {
		if _, ok := playTo(t, c, pl, 1); !ok {
			t.Fatal("the game ended before a hand was settled")
		}
	}
	p := waitPrompt(t, c) // Ready: the host has saved the finished hand
	if p.Kind != client.Ready {
		t.Fatalf("after the settlement: %v, want Ready", p.Kind)
	}
	text, err := g.SaveNow()
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	saved := last
	bad := midHandShown
	mu.Unlock()
	if bad > 0 {
		t.Errorf("%d mid-hand saves carry a finished hand", bad)
	}
	if saved.Shown == "" || saved.Game != text {
		t.Fatalf("the between-hands save: shown %d bytes, same game %v", len(saved.Shown), saved.Game == text)
	}

	// A fresh client replays it: the same picture, nothing sent.
	a, b := protocol.Pipe()
	defer b.Close()
	c2, err := client.New(a, client.Config{Name: "Ann"})
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	if err := c2.Replay(saved.Shown); err != nil {
		t.Fatal(err)
	}
	c2.Poll()
	if got, want := c2.View().String(), c.View().String(); got != want {
		t.Errorf("replayed table:\n got %s\nwant %s", got, want)
	}
	if got, want := fmt.Sprint(c2.Hand()), fmt.Sprint(c.Hand()); got != want {
		t.Errorf("replayed hand %v, want %v", got, want)
	}
	if got, want := c2.Scoring(), c.Scoring(); len(got.Hands) != len(want.Hands) || got.Settlement == nil {
		t.Errorf("replayed scoring %+v, want %+v", got, want)
	}
	if len(c2.History()) != 0 {
		t.Errorf("the replay wrote history: %+v", c2.History())
	}
	if err := c2.Replay(saved.Shown); err == nil {
		t.Error("a second replay was taken")
	}
	c.Close()
	g.Close()

	// Resumed from that save, the game saves the same finished hand.
	var again []local.Saved
	g3, c3 := join(t, local.Config{Seed: 31,
		Resume: text, Shown: saved.Shown, Save: func(s local.Saved) { mu.Lock(); again = append(again, s); mu.Unlock() }})
	if p := waitPrompt(t, c3); p.Kind != client.Ready {
		t.Fatalf("resumed between hands at %v, want Ready", p.Kind)
	}
	g3.SaveNow()
	mu.Lock()
	defer mu.Unlock()
	if len(again) == 0 || again[len(again)-1].Shown != saved.Shown {
		t.Errorf("the resumed game's saves lost the finished hand (%d saves)", len(again))
	}
}
