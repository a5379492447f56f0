package ai

import (
	"testing"

	"mahjong/engine"
)

// rolloutPosition is a middle-of-the-hand position for the rollout tests:
// seat 0 to discard, two sets declared around the table.
func rolloutPosition(t testing.TB) (*Robot, *context) {
	t.Helper()
	ps := position{hand: "1B 2B 5B 6B 9B 2C 3C 4C 4D 4D 6D 7D RD GD",
		melds: [engine.NumSeats][]string{1: {"Pung WD"}, 2: {"Chow 3B"}}, used: 30}
	v := ps.view(t)
	r := New(Options{Level: Expert})
	return r, r.load(v)
}

// TestRolloutDeal: a determinisation deals every unseen tile once (the
// other hands get their sizes, the wall the live tiles left) and the
// same seed deals the same tiles.
func TestRolloutDeal(t *testing.T) {
	r, x := rolloutPosition(t)
	ro := &r.ro
	ro.deal(x, 42)
	var total Counts
	for i, s := range ro.base {
		held := s.c.Total()
		if want := x.g.Players[i].NumConcealed; engine.Seat(i) != x.seat && held != want {
			t.Errorf("seat %d holds %d tiles, want %d", i, held, want)
		}
		for k, n := range s.c {
			total[k] += n
		}
	}
	if ro.baseNLive != x.live {
		t.Errorf("live wall %d tiles, want %d", ro.baseNLive, x.live)
	}
	for _, k := range ro.baseLive[:ro.baseNLive] {
		if k != bonusKind {
			total[k]++
		}
	}
	for k := range NumKinds {
		if int(total[k]) > int(x.unseen[k])+int(x.hand[k]) {
			t.Errorf("kind %d dealt %d times, only %d unseen and %d held", k, total[k], x.unseen[k], x.hand[k])
		}
	}
	first := ro.base
	ro.deal(x, 42)
	if ro.base != first {
		t.Error("the same seed dealt different hands")
	}
}

// TestRolloutPlays: rollouts end, repeat exactly from the same seeds,
// and settle to a zero sum.
func TestRolloutPlays(t *testing.T) {
	r, x := rolloutPosition(t)
	ro := &r.ro
	wins, washouts := 0, 0
	for n := range 300 {
		ro.deal(x, uint64(n))
		ro.reset(uint64(n) * 77)
		a := ro.play(Kind(engine.RedDragon))
		ro.deal(x, uint64(n))
		ro.reset(uint64(n) * 77)
		if b := ro.play(Kind(engine.RedDragon)); a != b {
			t.Fatalf("deal %d: %d then %d from the same seeds", n, a, b)
		}
		if a == 0 {
			washouts++
		} else {
			wins++
		}
	}
	if wins < 200 {
		t.Errorf("%d of 300 rollouts won, %d washouts", wins, washouts)
	}
	// zero sum, for a win by each seat
	ro.deal(x, 5)
	for w := range engine.Seat(engine.NumSeats) {
		ro.reset(5)
		s := &ro.seats[w]
		s.c = Counts{}
		s.c.Add(mustTiles(t, "1B 2B 3B 4C 5C 6C 7D 8D 9D RD RD RD 5B")...)
		s.nm, s.sets = 0, 0
		five := Kind(engine.NewTile(engine.Bamboo, 5))
		if w == 2 {
			s.c[five]++ // self-drawn: the hand holds it
		}
		d := ro.settlement(w, five, w == 2, engine.Seat(0))
		if sum := d[0] + d[1] + d[2] + d[3]; sum != 0 || d[w] <= 0 {
			t.Errorf("win by seat %d settles %v", w, d)
		}
	}
}

func mustTiles(t testing.TB, s string) []engine.Tile {
	t.Helper()
	ts, err := engine.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func BenchmarkRollout(b *testing.B) {
	r, x := rolloutPosition(b)
	ro := &r.ro
	n := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		n++
		ro.deal(x, n)
		ro.reset(n)
		ro.play(Kind(engine.RedDragon))
	}
}

// TestSearchDiscard: with the search on, a discard is still one of the
// hand's tiles, the same position gives the same answer, and the search
// only ever picks among the model's close candidates.
func TestSearchDiscard(t *testing.T) {
	tu, err := ParseTuning("searchN=24,searchClose=1,searchZ=0,searchK=4")
	if err != nil {
		t.Fatal(err)
	}
	ps := position{hand: "1B 2B 5B 6B 9B 2C 3C 4C 4D 4D 6D 7D RD GD",
		melds: [engine.NumSeats][]string{1: {"Pung WD"}, 2: {"Chow 3B"}}, used: 30}
	v := ps.view(t)
	r := New(Options{Level: Hard, Tuning: tu})
	x := r.load(v)
	model := r.discardOptions(x, &x.hand, &x.decl, nil)
	got := r.searchDiscard(x, model)
	if len(r.searchIdx) < 2 {
		t.Fatalf("searched %d candidates, want several", len(r.searchIdx))
	}
	found := false
	for _, i := range r.searchIdx {
		found = found || i == got
	}
	if !found || x.hand[r.cands[got].kind] == 0 {
		t.Errorf("search chose candidate %d (kind %d), not among %v", got, r.cands[got].kind, r.searchIdx)
	}
	a := r.Respond(v, engine.CPlayerDraws{ID: 1, Tile: v.Game.Tile})
	b := New(Options{Level: Hard, Tuning: tu}).Respond(v, engine.CPlayerDraws{ID: 1, Tile: v.Game.Tile})
	if actionsString(a) != actionsString(b) {
		t.Errorf("the same position searched twice: %s then %s", actionsString(a), actionsString(b))
	}
	// nothing close: no search
	tu, _ = ParseTuning("searchN=24,searchClose=0")
	r = New(Options{Level: Hard, Tuning: tu})
	x = r.load(v)
	model = r.discardOptions(x, &x.hand, &x.decl, nil)
	if got := r.searchDiscard(x, model); got != model {
		t.Errorf("with no close candidate the search moved from %d to %d", model, got)
	}
}

// BenchmarkSearchDiscard is one searched discard with Expert's budget
// of deals (tuned on here: Expert does not search by default).
func BenchmarkSearchDiscard(b *testing.B) {
	tu, _ := ParseTuning("searchN=32,searchClose=1")
	ps := position{hand: "1B 2B 5B 6B 9B 2C 3C 4C 4D 4D 6D 7D RD GD",
		melds: [engine.NumSeats][]string{1: {"Pung WD"}, 2: {"Chow 3B"}}, used: 30}
	v := ps.view(b)
	r := New(Options{Level: Expert, Tuning: tu})
	ev := engine.CPlayerDraws{ID: 1, Tile: v.Game.Tile}
	r.Respond(v, ev)
	b.ReportAllocs()
	for b.Loop() {
		r.Respond(v, ev)
	}
}

// TestRolloutEarlyWinsNotBlessed: early in a hand nobody has discarded
// yet, but a rollout's winner has; its win must not be priced as a
// blessing (the limit), which made the mean result of such a position
// thousands of points.
func TestRolloutEarlyWinsNotBlessed(t *testing.T) {
	v := position{hand: "1B 2B 3B 5B 6B 9B 2C 3C 4C 4D 4D 6D 7D RD", used: 10}.view(t)
	r := New(Options{Level: Hard})
	x := r.load(v)
	ro := &r.ro
	sum, limits := 0, 0
	for n := range 500 {
		ro.deal(x, uint64(n)+1)
		ro.reset(uint64(n) * 99)
		d := ro.play(Kind(engine.RedDragon))
		sum += d
		if d >= 3000 || d <= -2000 {
			limits++
		}
	}
	if mean := sum / 500; mean > 400 || limits > 10 {
		t.Errorf("mean result %d, %d of 500 rollouts near the limit", mean, limits)
	}
}

// TestRolloutChowCountsASet: a chow in a rollout is a declared set, so
// the hand that made it needs one set fewer (else it is never complete).
func TestRolloutChowCountsASet(t *testing.T) {
	r, x := rolloutPosition(t)
	ro := &r.ro
	ro.deal(x, 1)
	for n := uint64(0); n < 64; n++ {
		ro.reset(n)
		st := &ro.seats[1]
		st.c = Counts{}
		st.c.Add(mustTiles(t, "2B 3B 5C 6C 7C 1D 2D 3D 7D 8D RD RD NW")...)
		st.sets, st.nm, st.fresh = 0, 0, false
		if !ro.chowOn(1, Kind(engine.NewTile(engine.Bamboo, 4))) {
			continue // the chow is left 3 times in 8
		}
		if st.sets != 1 || st.nm != 1 || st.c.Total() != 11 {
			t.Fatalf("after the chow: %d sets, %d melds, %d tiles", st.sets, st.nm, st.c.Total())
		}
		if sh := Shanten(&st.c, st.shape(false)); sh != 0 {
			t.Errorf("the hand after the chow (before its discard) has shanten %d, want 0 (ready once it throws the north wind)", sh)
		}
		return
	}
	t.Fatal("no chow made in 64 tries")
}
