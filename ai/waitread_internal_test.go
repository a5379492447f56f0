package ai

import (
	"testing"

	"mahjong/engine"
)

// TestWaitRead: the learned read keeps each seat's discards for the hand
// and forgets them at the next; it rates a seat with four declared sets
// and one tile left far above one that has declared nothing, a kind that
// seat let go by far below one it has not, and it fills the deal risks
// only when waitFit asks for it.
func TestWaitRead(t *testing.T) {
	const hand = "1B 5B 9B 2C 6C 9C 3D 7D EW SW GD WD RD 1D"
	var melds [engine.NumSeats][]string
	melds[1] = []string{"Pung 2B", "Pung 6D", "Pung 8C", "Pung NW"}
	v := position{hand: hand, melds: melds, used: 70}.view(t)
	r := New(Options{Level: Hard, Tuning: mustTuning(t, "dealIn=1,waitFit=1")})
	c4, b3 := mustTile(t, "4C"), mustTile(t, "3B")
	r.Respond(v, engine.CPlayerDiscards{ID: 2, Tile: c4})
	r.Respond(v, engine.CPlayerDiscards{ID: 4, Tile: b3})
	h := &r.read.hist
	if h.n[1] != 1 || h.n[3] != 1 || int(h.kinds[1][0]) != Kind(c4) || int(h.kinds[3][0]) != Kind(b3) {
		t.Fatalf("history after two discards: %+v", h.n)
	}
	// a seat that has thrown a dozen tiles, late in the hand
	for _, d := range []string{"9D", "8D", "WD", "1C", "5D", "2D", "9C", "4D", "7C", "3D"} {
		r.Respond(v, engine.CPlayerDiscards{ID: 2, Tile: mustTile(t, d)})
	}
	x := r.load(v)
	k := Kind(mustTile(t, "1B"))
	ready, idle := r.waitChance(x, 1, k), r.waitChance(x, 3, k)
	if !(ready > 0.05 && ready > 5*idle) {
		t.Errorf("chance of going out on 1B: %.4f with four sets and a tile, %.4f with none", ready, idle)
	}
	t.Logf("1B: %.4f for the seat with four sets, %.4f for one with none", ready, idle)
	if x.dealRisk[k] < ready {
		t.Errorf("deal risk of 1B %.4f, below the ready seat's chance %.4f", x.dealRisk[k], ready)
	}
	r.read.passed[1] |= 1 << k
	if passed := r.waitChance(x, 1, k); passed > ready/5 {
		t.Errorf("after the seat let 1B go by: %.4f (before %.4f)", passed, ready)
	}
	if x0 := New(Options{Level: Hard}).load(v); x0.dealRisk[k] != 0 {
		t.Errorf("Hard without the read: risk %v", x0.dealRisk[k])
	}
	r.Respond(v, engine.CNewHand{})
	if r.read.hist != (waitHist{}) {
		t.Errorf("a new hand keeps the history: %+v", r.read.hist.n)
	}
}

// TestWaitRows: one row for each other seat and each kind we hold, of
// the features' length.
func TestWaitRows(t *testing.T) {
	v := position{hand: "1B 1B 5B 9B 2C 6C 9C 3D 7D EW SW GD WD RD"}.view(t)
	r := New(Options{Level: Hard})
	seats := map[engine.Seat]int{}
	r.WaitRows(v, false, func(s engine.Seat, k int, f []float64) {
		if len(f) != NumWaitFeatures || f[0] != 1 {
			t.Fatalf("seat %v kind %d: %v", s, k, f)
		}
		seats[s]++
	})
	if len(seats) != 3 || seats[0] != 0 || seats[1] != 13 {
		t.Errorf("rows by seat: %v (13 kinds held, three other seats)", seats)
	}
}

// TestLockPairs: without pairFit the unseen counts are the table's; with
// it they drop by the copies the others are read to hold in pairs, more
// with a larger weight, never below zero, the total kept in step, and the
// read's own features still see the table's counts.
func TestLockPairs(t *testing.T) {
	v := position{hand: "1B 5B 9B 2C 6C 9C 3D 7D EW SW GD WD RD", used: 20}.view(t)
	load := func(tuning string) (Counts, Counts, int) {
		r := New(Options{Level: Hard, Tuning: mustTuning(t, tuning)})
		x := r.load(v)
		return x.unseen, x.rawUnseen, x.nUnseen
	}
	plain, raw0, _ := load("pairFit=0")
	if plain != raw0 {
		t.Fatalf("pairFit 0 changed the unseen counts")
	}
	lowered := func(w string) int {
		u, raw, n := load("pairFit=" + w)
		if raw != plain {
			t.Fatalf("pairFit %s: the table's counts changed", w)
		}
		sum, d := 0, 0
		for k := range NumKinds {
			if u[k] > raw[k] {
				t.Fatalf("pairFit %s: kind %d raised", w, k)
			}
			sum += int(u[k])
			d += int(raw[k] - u[k])
		}
		if sum != n {
			t.Errorf("pairFit %s: %d unseen counted, %d in the counts", w, n, sum)
		}
		return d
	}
	one, three := lowered("1"), lowered("3")
	if !(three > one && three > 0) {
		t.Errorf("copies taken away: %d with weight 1, %d with 3", one, three)
	}
}
