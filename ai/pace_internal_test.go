package ai

import (
	"math"
	"testing"

	"mahjong/engine"
)

// playHand shows a robot one hand of the game as its view would: a new
// hand, n discards, and its end (winner 0: a washout).
func playHand(r *Robot, v *engine.View, n, winner int) {
	v.Game.DiscardedCount = [engine.MaxTile]int{}
	r.Respond(v, engine.CNewHand{East: 1})
	v.Game.DiscardedCount[0] = n
	if winner == 0 {
		r.Respond(v, engine.CWashOut{})
		return
	}
	r.Respond(v, engine.CPlayerMahJongs{ID: winner})
	// a second announcement of the same hand's end is not a second hand
	r.Respond(v, engine.CPlayerMahJongs{ID: winner})
}

// TestPace: the others' wins per discard, counted hand by hand, move the
// survival: a table where the others go out quickly lowers it, one where
// we win or nobody does raises it, and with paceK 0 it stays the level's;
// the measured hazard moves with it.
func TestPace(t *testing.T) {
	v := engine.NewView()
	v.ID = 1
	r := New(Options{Level: Hard})
	r.params.paceK = 2
	base := r.params.survival
	if got := r.survivalNow(); math.Abs(got-base) > 1e-9 {
		t.Fatalf("before any hand: survival %.4f, want the level's %.4f", got, base)
	}
	// ten quick hands, each won by another player after 30 discards
	for i := range 10 {
		playHand(r, v, 30, 2+i%3)
	}
	if r.pace.wins != 10 || r.pace.discards != 300 {
		t.Fatalf("counted %v wins over %v discards, want 10 over 300", r.pace.wins, r.pace.discards)
	}
	fast := r.survivalNow()
	want := 1 - (1-base)*math.Pow((10+pacePrior)/(300*paceRef+pacePrior), 2)
	if math.Abs(fast-want) > 1e-9 || fast >= base {
		t.Errorf("fast table: survival %.4f, want %.4f (below %.4f)", fast, want, base)
	}
	// the measured hazard (the let-go's and the time shape's) is scaled
	// alike
	scale := math.Pow((10+pacePrior)/(300*paceRef+pacePrior), 2)
	if got, want := r.hazard(40), min(0.95, r.params.hazScale*scale*hazardAt(40)); math.Abs(got-want) > 1e-12 || got <= hazardAt(40) {
		t.Errorf("fast table: hazard at discard 40 %.4f, want %.4f (above %.4f)", got, want, hazardAt(40))
	}
	r.params.paceK = 0
	if got := r.survivalNow(); got != base {
		t.Errorf("paceK 0: survival %.4f, want %.4f", got, base)
	}
	if got := r.hazard(40); got != r.params.hazScale*hazardAt(40) {
		t.Errorf("paceK 0: hazard %.4f, want the measured %.4f", got, hazardAt(40))
	}

	// a slow table: our own wins and washouts add discards, no others' wins
	r = New(Options{Level: Hard})
	r.params.paceK = 2
	for i := range 10 {
		w := 1
		if i%2 == 0 {
			w = 0
		}
		playHand(r, v, 60, w)
	}
	if r.pace.wins != 0 || r.pace.discards != 600 {
		t.Fatalf("counted %v wins over %v discards, want 0 over 600", r.pace.wins, r.pace.discards)
	}
	if got := r.survivalNow(); got <= base {
		t.Errorf("slow table: survival %.4f, want above %.4f", got, base)
	}

	// a robot that joins in the middle of a hand does not count it
	r = New(Options{Level: Hard})
	v.Game.DiscardedCount[0] = 20
	r.Respond(v, engine.CPlayerMahJongs{ID: 3})
	if r.pace.wins != 0 || r.pace.discards != 0 {
		t.Errorf("a hand joined midway was counted: %v wins, %v discards", r.pace.wins, r.pace.discards)
	}
}
