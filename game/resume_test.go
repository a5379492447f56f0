package game

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"mahjong/ai"
	"mahjong/engine"
	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/local"
	"mahjong/game/prefs"
)

func TestSavedEncoding(t *testing.T) {
	set := settings{name: "Ann", random: true, claimTime: 8, seed: 42,
		robots: [3]RobotSeat{{Name: "Bob", Level: ai.Easy, Preset: "x"}, {Name: "Cat"}, {Name: "Dan", Level: ai.Expert}}}
	text := encodeSaved(set, local.Saved{Game: "garbage\r\n"}, time.Now())
	if _, err := decodeSaved(text); err == nil || !strings.HasPrefix(err.Error(), "game: ") {
		t.Errorf("a save with a damaged game: %v", err)
	}
	for _, bad := range []string{"", "{", "[]", `{"version":2,"name":"Ann","game":"x"}`, `{"version":1,"name":"","game":"x"}`,
		`{"version":1,"name":"Ann","game":""}`, `{"version":1,"name":"Ann","claimTime":-1,"game":"x"}`} {
		if _, err := decodeSaved(bad); err == nil || !strings.HasPrefix(err.Error(), "game: ") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// tablePrompt updates ts until it asks us something (not Ready when
// skipReady), answering the first n prompts with pl; false when the game
// ended first.
func tablePrompt(t *testing.T, a *App, ts *tableScene, pl *clienttest.Player, n int, skipReady bool) (client.Prompt, bool) {
	t.Helper()
	deadline := time.NewTimer(20 * time.Second)
	defer deadline.Stop()
	for {
		if err := ts.update(a, nil); err != nil {
			t.Fatal(err)
		}
		if ts.cl == nil {
			t.Fatalf("no game: %s", ts.err)
		}
		p := ts.prompt
		switch {
		case p.Kind == client.GameOver:
			return p, false
		case p.Kind == client.Ready && skipReady:
		case p.Kind != client.None && n == 0:
			return p, true
		case p.Kind != client.None:
			n--
			if err := pl.Act(p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := ts.cl.Err(); err != nil {
			t.Fatalf("connection ended: %v", err)
		}
		select {
		case <-ts.cl.Pending():
		case <-deadline.C:
			t.Fatalf("deadline passed at prompt %v", p.Kind)
		}
	}
}

func tableState(c *client.Client) string {
	g := c.View().Game
	var b strings.Builder
	fmt.Fprintf(&b, "round %v phase %v player %v tile %v serial %d wall %d/%d\n", g.Round, g.Phase, g.Player, g.Tile, g.Serial, g.Wall.LiveUsed, g.Wall.DeadEnd)
	for _, p := range g.Players {
		if p != nil {
			fmt.Fprintf(&b, "%+v\n", *p)
		}
	}
	p := c.Prompt()
	fmt.Fprintf(&b, "hand %v\nprompt %v tile %v text %q buttons %v", c.Hand(), p.Kind, p.Tile, p.Text, p.Buttons)
	return b.String()
}

// TestResumeFromStart plays a local game from the start dialog, leaves
// it, and resumes it from a new App's start dialog ("Resume game"): the
// player is asked the same thing at the same table.
func TestResumeFromStart(t *testing.T) {
	mem := prefs.NewMem("")
	cfg := Config{Name: "Ann", Store: mem, RobotDelay: -1, Seed: 5}
	a := NewApp(cfg)
	a.scr = Screen{W: 1024, H: 768, Scale: 1}
	st := a.scene.(*startScene)
	if st.saved.shown() {
		t.Fatal("a saved game is offered before any game")
	}
	st.update(a, []Intent{{Kind: Letter, Rune: 's'}})
	ts, ok := a.next.(*tableScene)
	if !ok {
		t.Fatal("Start did not start a game")
	}
	defer ts.close()
	pl := clienttest.New(ts.cl, 5)
	if _, ok := tablePrompt(t, a, ts, pl, 25, false); !ok {
		t.Fatal("the game ended before the 25th prompt: no mid-game state to resume")
	}
	want := tableState(ts.cl)
	ts.close()
	if keptText(t, mem) == "" {
		t.Fatal("nothing autosaved")
	}

	var said []string
	cfg.Announce = func(s string) { said = append(said, s) }
	b := NewApp(cfg)
	b.scr = a.scr
	st = b.scene.(*startScene)
	if !st.saved.shown() {
		t.Fatal("the saved game is not offered")
	}
	st.update(b, nil)
	if st.saved.btn.Rect.W == 0 || st.saved.btn.Rect.Overlaps(st.start.Rect) {
		t.Errorf("Resume at %v, Start at %v", st.saved.btn.Rect, st.start.Rect)
	}
	st.update(b, []Intent{{Kind: Letter, Rune: 'r'}})
	ts2, ok := b.next.(*tableScene)
	if !ok {
		t.Fatalf("Resume did not start the game: %q %v", st.saved.err, said)
	}
	defer ts2.close()
	tablePrompt(t, b, ts2, nil, 0, true)
	if got := tableState(ts2.cl); got != want {
		t.Errorf("resumed state differs:\n got %s\nwant %s", got, want)
	}
}

// TestResumeCorruptRefused refuses a damaged save with a message and
// leaves it (and the dialog) as they were.
func TestResumeCorruptRefused(t *testing.T) {
	mem := prefs.NewMem("")
	bad := `{"version":1,"name":"Ann","robots":[{"name":"B"},{"name":"C"},{"name":"D"}],"game":"Wall 1 2 3\r\n"}`
	if err := savedShelf(mem).Slot("x").Save(bad); err != nil {
		t.Fatal(err)
	}
	var said []string
	a := NewApp(Config{Name: "Ann", Store: mem, Announce: func(s string) { said = append(said, s) }})
	a.scr = Screen{W: 800, H: 600, Scale: 1}
	st := a.scene.(*startScene)
	st.update(a, []Intent{{Kind: Letter, Rune: 'r'}})
	if a.next != nil {
		t.Fatal("a corrupt save started a game")
	}
	if st.saved.err == "" || len(said) == 0 || !strings.Contains(said[len(said)-1], "cannot be resumed") {
		t.Errorf("message %q, said %q", st.saved.err, said)
	}
	if text := keptText(t, mem); text != bad {
		t.Error("the stored save changed")
	}
}

// keptText returns the one game kept beside mem ("" none).
func keptText(t *testing.T, mem *prefs.Mem) string {
	t.Helper()
	gs, err := listKept(savedShelf(mem))
	if err != nil {
		t.Fatal(err)
	}
	switch len(gs) {
	case 0:
		return ""
	case 1:
		return gs[0].text
	}
	t.Fatalf("%d games kept, want one", len(gs))
	return ""
}

// TestResumeAtPauseLeavesReady: a game saved while the hand waited for
// our Ready (the start-of-play pause) resumes at that Ready, and the
// table does not answer it for us: before the reload we had not said
// Ready, so after it play must not go on without us.
func TestResumeAtPauseLeavesReady(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		if resumeAtPause(t, seed) {
			return
		}
	}
	t.Fatal("no seed gave a start-of-play pause for our Ready")
}

// resumeAtPause runs the test on one seed; false when the game never
// paused mid-hand for our Ready.
func resumeAtPause(t *testing.T, seed uint64) bool {
	mem := prefs.NewMem("")
	cfg := Config{Name: "Ann", Store: mem, RobotDelay: -1, Seed: seed}
	a := NewApp(cfg)
	a.scr = Screen{W: 1024, H: 768, Scale: 1}
	a.scene.(*startScene).update(a, []Intent{{Kind: Letter, Rune: 's'}})
	ts := a.next.(*tableScene)
	defer ts.close()
	pl := clienttest.New(ts.cl, seed)
	paused := false
	for n := 0; n < 40 && !paused; n++ {
		p, ok := tablePrompt(t, a, ts, pl, 0, false)
		if !ok {
			break
		}
		if p.Kind == client.Ready && ts.cl.View().Game.Phase != engine.HandComplete {
			paused = true
			break
		}
		if err := pl.Act(p); err != nil {
			t.Fatal(err)
		}
	}
	if !paused {
		return false
	}
	ts.update(a, nil) // the autosave of the pause is stored on a tick
	ts.close()

	b := NewApp(cfg)
	b.scr = a.scr
	b.scene.(*startScene).update(b, []Intent{{Kind: Letter, Rune: 'r'}})
	ts2, ok := b.next.(*tableScene)
	if !ok {
		t.Fatal("Resume did not start the game")
	}
	defer ts2.close()
	p, _ := tablePrompt(t, b, ts2, nil, 0, false)
	if p.Kind != client.Ready {
		t.Fatalf("resumed at %v, want Ready", p.Kind)
	}
	// Wait until everybody else has said Ready: only ours is missing.
	me := ts2.cl.View().Game.SeatOf(ts2.cl.ID())
	deadline := time.NewTimer(20 * time.Second)
	defer deadline.Stop()
	for {
		if err := ts2.update(b, nil); err != nil {
			t.Fatal(err)
		}
		g := ts2.cl.View().Game
		others := 0
		for s, r := range g.Ready {
			if r && s != int(me) {
				others++
			}
		}
		if !g.Paused || others == 3 {
			break
		}
		select {
		case <-ts2.cl.Pending():
		case <-deadline.C:
			t.Fatal("the robots never said Ready")
		}
	}
	for range 3 {
		if err := ts2.update(b, nil); err != nil {
			t.Fatal(err)
		}
	}
	if g := ts2.cl.View().Game; !g.Paused || ts2.prompt.Kind != client.Ready {
		t.Errorf("seed %d: play went on without our Ready (paused %v, prompt %v)", seed, g.Paused, ts2.prompt.Kind)
	}
	return true
}
