package game

import (
	"fmt"
	"reflect"
	"testing"

	"mahjong/game/client"
	"mahjong/game/client/clienttest"
	"mahjong/game/prefs"
)

// TestResumeKeepsHistory: a game resumed in its second hand still shows
// the first hand in the Scoring history, once (the saved game replays
// only the hand in play).
func TestResumeKeepsHistory(t *testing.T) {
	for _, after := range []int{0, 6} {
		t.Run(fmt.Sprintf("prompts-after-scoring-%d", after), func(t *testing.T) { resumeKeepsHistory(t, after) })
	}
}

// resumeKeepsHistory plays to the first scored hand and after more
// prompts (0: still at the Ready of the scored hand), then resumes.
func resumeKeepsHistory(t *testing.T, after int) {
	mem := prefs.NewMem("")
	cfg := Config{Name: "Ann", Store: mem, RobotDelay: -1, Seed: 8}
	a := NewApp(cfg)
	a.scr = Screen{W: 1024, H: 768, Scale: 1}
	a.scene.(*startScene).update(a, []Intent{{Kind: Letter, Rune: 's'}})
	ts, ok := a.next.(*tableScene)
	if !ok {
		t.Fatal("Start did not start a game")
	}
	defer ts.close()
	pl := clienttest.New(ts.cl, 8)
	settled := func() bool {
		h := ts.cl.History()
		return len(h) > 0 && (len(h[0].Gains) > 0 || h[0].Washout)
	}
	for !settled() {
		if _, ok := tablePrompt(t, a, ts, pl, 1, false); !ok {
			t.Fatal("the game ended before a hand was scored")
		}
	}
	if _, ok := tablePrompt(t, a, ts, pl, after, false); !ok {
		t.Fatal("the game ended")
	}
	want := ts.cl.History()
	wantView, wantScoring, wantHand := ts.cl.View().String(), ScoringText(ts.cl.Scoring()), fmt.Sprint(ts.cl.Hand())
	ts.close()

	b := NewApp(cfg)
	b.scr = a.scr
	st := b.scene.(*startScene)
	st.update(b, []Intent{{Kind: Letter, Rune: 'r'}})
	ts2, ok := b.next.(*tableScene)
	if !ok {
		t.Fatalf("Resume did not start the game: %q", st.saved.err)
	}
	defer ts2.close()
	// Saved between hands, the game asks for our Ready again (as it did
	// before); saved mid-hand, the resume says Ready for us.
	p, _ := tablePrompt(t, b, ts2, nil, 0, after != 0)
	if after == 0 && p.Kind != client.Ready {
		t.Errorf("resumed between hands at %v, want Ready", p.Kind)
	}
	if got := ts2.cl.History(); !reflect.DeepEqual(got, want) {
		t.Errorf("history after resume:\n got %+v\nwant %+v", got, want)
	}
	if after != 0 {
		return
	}
	// Between hands the finished hand is shown again: its tiles, its
	// scoring texts (the Scoring window open) and our hand.
	if got := ts2.cl.View().String(); got != wantView {
		t.Errorf("table after resume:\n got %s\nwant %s", got, wantView)
	}
	if got := ScoringText(ts2.cl.Scoring()); got != wantScoring || wantScoring == "" {
		t.Errorf("scoring after resume:\n got %q\nwant %q", got, wantScoring)
	}
	if !ts2.score.open {
		t.Error("the Scoring window is not open after the resume")
	}
	if got := fmt.Sprint(ts2.cl.Hand()); got != wantHand {
		t.Errorf("hand after resume: got %s, want %s", got, wantHand)
	}
}

// TestResumeMidScoring: resumed while the hand is being scored, the
// hand's scores come again and the history holds it once.
func TestResumeMidScoring(t *testing.T) {
	// The first seed from 8 whose first hand is scored (not washed out)
	// and stops in its scoring: which seeds do depends on the robots' play.
	var cfg Config
	var a *App
	for seed := uint64(8); ; seed++ {
		if seed > 40 {
			t.Fatal("no seed from 8 to 40 stops in the first hand's scoring")
		}
		cfg = Config{Name: "Ann", Store: prefs.NewMem(""), RobotDelay: -1, Seed: seed}
		a = NewApp(cfg)
		a.scr = Screen{W: 1024, H: 768, Scale: 1}
		a.scene.(*startScene).update(a, []Intent{{Kind: Letter, Rune: 's'}})
		ts := a.next.(*tableScene)
		pl := clienttest.New(ts.cl, 8)
		for len(ts.cl.History()) == 0 {
			if _, ok := tablePrompt(t, a, ts, pl, 1, false); !ok {
				t.Fatal("the game ended before a hand was scored")
			}
		}
		settled := len(ts.cl.History()[0].Gains) > 0
		ts.close()
		if !settled {
			break
		}
	}

	b := NewApp(cfg)
	b.scr = a.scr
	b.scene.(*startScene).update(b, []Intent{{Kind: Letter, Rune: 'r'}})
	ts2, ok := b.next.(*tableScene)
	if !ok {
		t.Fatal("Resume did not start the game")
	}
	defer ts2.close()
	tablePrompt(t, b, ts2, nil, 0, true) // the resumed game's own Ready first
	pl2 := clienttest.New(ts2.cl, 8)
	for {
		h := ts2.cl.History()
		if len(h) > 0 && len(h[0].Gains) > 0 {
			if len(h) != 1 {
				t.Fatalf("history after the resumed scoring: %+v", h)
			}
			break
		}
		if _, ok := tablePrompt(t, b, ts2, pl2, 1, false); !ok {
			t.Fatal("the game ended")
		}
	}
}
