package ai

import (
	"testing"

	"mahjong/engine"
)

// TestReadPassed: a seat's passed kinds are those the others threw since
// its own last discard; a new hand forgets them.
func TestReadPassed(t *testing.T) {
	v := position{}.view(t) // seat i holds player i+1
	var rd tableRead
	b5, c7 := mustTile(t, "5B"), mustTile(t, "7C")
	rd.observe(v, engine.CPlayerDiscards{ID: 2, Tile: b5})
	rd.observe(v, engine.CPlayerDiscards{ID: 3, Tile: c7})
	bit := func(x engine.Tile) uint64 { return 1 << Kind(x) }
	want := [engine.NumSeats]uint64{bit(b5) | bit(c7), bit(c7), 0, bit(b5) | bit(c7)}
	if rd.passed != want {
		t.Errorf("passed %x, want %x", rd.passed, want)
	}
	rd.observe(v, engine.CNewHand{})
	if rd.passed != ([engine.NumSeats]uint64{}) {
		t.Errorf("after a new hand: %x", rd.passed)
	}
}

// TestDealInRead: late in a hand, with the player on our right down to
// one concealed tile (waiting on its pair), the one kind of our hand it
// has not let go by is the one we keep; a kind it passed is safe to
// throw. Without the read (dealIn 0) nothing changes.
func TestDealInRead(t *testing.T) {
	const hand = "1B 5B 9B 2C 6C 9C 3D 7D EW SW GD WD RD 1D"
	var melds [engine.NumSeats][]string
	melds[1] = []string{"Pung 2B", "Pung 6D", "Pung 8C", "Pung NW"}
	discard := func(tuning string, passed []engine.Tile) engine.Tile {
		t.Helper()
		tu, err := ParseTuning(tuning)
		if err != nil {
			t.Fatal(err)
		}
		v := position{hand: hand, melds: melds, used: 70}.view(t)
		for i := range 40 {
			v.Game.DiscardedCount[tileOf[(i*7)%NumKinds]]++
		}
		r := New(Options{Level: Hard, Tuning: tu})
		for _, x := range passed {
			r.Respond(v, engine.CPlayerDiscards{ID: 3, Tile: x})
		}
		as := r.Respond(v, engine.CPlayerDraws{ID: 1, Tile: v.Game.Tile})
		if len(as) != 1 {
			t.Fatalf("%s: %s", tuning, actionsString(as))
		}
		d, ok := as[0].(engine.PDiscard)
		if !ok {
			t.Fatalf("%s: %s", tuning, actionsString(as))
		}
		return d.Tile
	}
	ts, err := engine.ParseTiles(hand)
	if err != nil {
		t.Fatal(err)
	}
	plain := discard("dealIn=0", nil)
	var others []engine.Tile
	for _, x := range ts {
		if x != plain {
			others = append(others, x)
		}
	}
	if got := discard("dealIn=0", others); got != plain {
		t.Errorf("without the read: %v after the passes, %v before", got, plain)
	}
	// with the read, the robot's own choice becomes the one kind the
	// ready player has not let go by, and it is kept
	q := discard("dealIn=1", nil)
	others = others[:0]
	for _, x := range ts {
		if x != q {
			others = append(others, x)
		}
	}
	if got := discard("dealIn=1", others); got == q {
		t.Errorf("with the read: threw %v, the one kind the ready player has not passed", got)
	}
	// the cost of a discard: only with the read, and lower once passed
	r := New(Options{Level: Hard, Tuning: mustTuning(t, "dealIn=1")})
	v := position{hand: hand, melds: melds, used: 70}.view(t)
	x := r.load(v)
	k := Kind(plain)
	before := x.dealRisk[k]
	r.read.passed[1] |= 1 << k
	r.dealRisks(x)
	if !(before > 0.03 && x.dealRisk[k] < before/5) {
		t.Errorf("risk of %v for a player with one tile: %v, after it passed %v", plain, before, x.dealRisk[k])
	}
	r0 := New(Options{Level: Hard})
	if x0 := r0.load(v); x0.dealRisk[k] != 0 {
		t.Errorf("Hard without the read: risk %v", x0.dealRisk[k])
	}
}

func mustTuning(t *testing.T, s string) Tuning {
	t.Helper()
	tu, err := ParseTuning(s)
	if err != nil {
		t.Fatal(err)
	}
	return tu
}

// TestPickBelowZero: when every option costs more than it promises, the
// least bad one is chosen (values below zero are not all alike).
func TestPickBelowZero(t *testing.T) {
	r := New(Options{Level: Hard})
	x := r.load(position{hand: "1B 5B 9B 2C 6C 9C 3D 7D EW SW GD WD RD 1D"}.view(t))
	cs := []cand{{kind: 0, priced: priced{ev: -5}}, {kind: 1, priced: priced{ev: -0.5}}, {kind: 2, priced: priced{ev: -3}}}
	if got := r.pick(x, cs); got != 1 {
		t.Errorf("picked %d (ev %v), want 1 (ev -0.5)", got, cs[got].ev)
	}
	cs[2].ev = 0.2
	if got := r.pick(x, cs); got != 2 {
		t.Errorf("picked %d, want the one option above zero", got)
	}
}

// TestDiscDoublesDealIn: with DiscDoubles the discarder pays the winner
// once more, so a discard that may win for a seat one tile from going
// out costs that share times the chance (discDealIn); under the default
// rules the same weight costs nothing, since the discarder pays no more
// than the others.
func TestDiscDoublesDealIn(t *testing.T) {
	const hand = "1B 5B 9B 2C 6C 9C 3D 7D EW SW GD WD RD 1D"
	var melds [engine.NumSeats][]string
	melds[1] = []string{"Pung 2B", "Pung 6D", "Pung 8C", "Pung NW"}
	cost := func(disc int, tuning string) (risk, cost float64) {
		t.Helper()
		v := position{hand: hand, melds: melds, used: 70}.view(t)
		v.Game.Options.Values[engine.OptDiscDoubles] = disc
		r := New(Options{Level: Hard, Tuning: mustTuning(t, tuning)})
		x := r.load(v)
		k := Kind(engine.NewTile(engine.Bamboo, 5))
		return x.dealRisk[k], r.dealCost(x, k, 100)
	}
	risk, c := cost(1, "discDealIn=1")
	if !(risk > 0.03) || !(c > 0) {
		t.Errorf("DiscDoubles: risk %v cost %v, want both above zero", risk, c)
	}
	if _, c2 := cost(1, "discDealIn=2"); !(c2 > 1.9*c && c2 < 2.1*c) {
		t.Errorf("DiscDoubles: cost %v at weight 2, %v at 1", c2, c)
	}
	if risk, c := cost(0, "discDealIn=1"); risk != 0 || c != 0 {
		t.Errorf("default rules: risk %v cost %v, want none", risk, c)
	}
	if risk, c := cost(1, "discDealIn=0"); risk != 0 || c != 0 {
		t.Errorf("weight 0: risk %v cost %v, want none", risk, c)
	}
}
