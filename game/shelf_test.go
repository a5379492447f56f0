package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"mahjong/game/client/clienttest"
	"mahjong/game/prefs"
)

// playAndLeave starts a new game from a fresh App's start dialog, answers
// n prompts, and leaves; it returns the table's state at that point.
func playAndLeave(t *testing.T, cfg Config, n int) string {
	t.Helper()
	a := NewApp(cfg)
	a.scr = Screen{W: 1024, H: 768, Scale: 1}
	a.scene.(*startScene).update(a, []Intent{{Kind: Letter, Rune: 's'}})
	ts, ok := a.next.(*tableScene)
	if !ok {
		t.Fatal("Start did not start a game")
	}
	defer ts.close()
	if _, ok := tablePrompt(t, a, ts, clienttest.New(ts.cl, uint64(cfg.Seed)), n, false); !ok {
		t.Fatal("the game ended too soon")
	}
	return tableState(ts.cl)
}

// TestResumeList keeps two games: the start dialog offers both (newest
// first), one is deleted and the other resumed where it was left.
func TestResumeList(t *testing.T) {
	mem := prefs.NewMem("")
	cfg := Config{Name: "Ann", Store: mem, RobotDelay: -1, Seed: 5}
	playAndLeave(t, cfg, 8)
	cfg.Seed = 9
	wantB := playAndLeave(t, cfg, 12)

	var said []string
	cfg.Announce = func(s string) { said = append(said, s) }
	b := NewApp(cfg)
	b.scr = Screen{W: 1024, H: 768, Scale: 1}
	st := b.scene.(*startScene)
	st.update(b, nil)
	if got := st.saved.btn.Label; got != "&Resume game… (2)" {
		t.Fatalf("Resume button %q, want the list of 2", got)
	}
	st.update(b, []Intent{{Kind: Letter, Rune: 'r'}})
	p := b.ui.win
	if p == nil || p.id != "kept" || len(p.rows) != 2 {
		t.Fatalf("the list of saved games is not shown: %+v", p)
	}
	for _, r := range p.rows {
		if !strings.Contains(r.label, "East round, hand 1: Ann ") || !strings.HasPrefix(r.label, "Saved ") {
			t.Errorf("row %q does not say when and what", r.label)
		}
	}
	if !slices.ContainsFunc(said, func(s string) bool { return strings.Contains(s, "Saved games") }) {
		t.Errorf("the list was not announced: %q", said)
	}
	// Delete the older game (second row), then resume the newer.
	p.rows[1].act(b, "delete:1")
	if len(p.rows) != 1 || st.saved.btn.Label != "&Resume game" {
		t.Fatalf("after Delete: %d rows, button %q", len(p.rows), st.saved.btn.Label)
	}
	if gs, _ := listKept(savedShelf(mem)); len(gs) != 1 {
		t.Fatalf("%d games kept after Delete, want 1", len(gs))
	}
	p.rows[0].act(b, "resume:0")
	ts, ok := b.next.(*tableScene)
	if !ok {
		t.Fatalf("Resume did not start the game: %q", said)
	}
	defer ts.close()
	if b.ui.win != nil {
		t.Error("the list stays open over the resumed game")
	}
	tablePrompt(t, b, ts, nil, 0, true)
	if got := tableState(ts.cl); got != wantB {
		t.Errorf("resumed state differs:\n got %s\nwant %s", got, wantB)
	}
	// It goes on saving in its own slot: still one game kept.
	ts.saver.flushNow()
	if gs, _ := listKept(savedShelf(mem)); len(gs) != 1 {
		t.Errorf("%d games kept while the resumed game goes on, want 1", len(gs))
	}
}

// TestResumeListKeepsNewest: with the shelf full, a new game's first
// save drops the oldest game and says so.
func TestResumeListKeepsNewest(t *testing.T) {
	mem := prefs.NewMem("")
	sh := savedShelf(mem)
	for i := 1; i <= maxKept; i++ {
		text := fmt.Sprintf(`{"version":1,"name":"Ann","savedAt":%d,"game":"x"}`, 1000*i)
		if err := sh.Slot(fmt.Sprintf("old%d", i)).Save(text); err != nil {
			t.Fatal(err)
		}
	}
	var said []string
	cfg := Config{Name: "Ann", Store: mem, RobotDelay: -1, Seed: 5, Announce: func(s string) { said = append(said, s) }}
	playAndLeave(t, cfg, 3)
	gs, err := listKept(sh)
	if err != nil {
		t.Fatal(err)
	}
	var slots []string
	for _, g := range gs {
		slots = append(slots, g.slot)
	}
	if len(gs) != maxKept || slices.Contains(slots, "old1") || !slices.Contains(slots, "old2") {
		t.Errorf("kept %v, want the new game and old2..old%d", slots, maxKept)
	}
	if gs[0].err != nil || !strings.Contains(gs[0].about, "Ann") {
		t.Errorf("the newest game is not first: %+v", gs[0])
	}
	if !slices.ContainsFunc(said, func(s string) bool { return strings.Contains(s, "the oldest was removed") }) {
		t.Errorf("the removal was not said: %q", said)
	}
}
