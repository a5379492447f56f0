package ai

import "testing"

// targetOf loads hand (13 tiles, our melds) for Hard and returns the
// hand's shanten number and its best big-hand target.
func targetOf(t *testing.T, hand string, melds ...string) (int, target, bool) {
	t.Helper()
	ps := position{hand: hand}
	ps.melds[0] = melds
	v := ps.view(t)
	r := New(Options{Level: Hard})
	x := r.load(v)
	s := Shanten(&x.hand, x.shape)
	tg, ok := r.bestTarget(x, &x.hand, &x.decl, s)
	return s, tg, ok
}

// TestPungTarget: four pairs, two of them dragons, are a step or two
// from a no-chows hand with two dragon pungs; its value counts those
// doubles and the no-chows one, far above what the regular estimate
// gives the fastest shape.
func TestPungTarget(t *testing.T) {
	const hand = "RD RD GD GD 9B 9B 4C 4C 1B 2B 5D 6D 8D"
	s, tg, ok := targetOf(t, hand)
	if !ok {
		t.Fatalf("%s (shanten %d): no target", hand, s)
	}
	// the pung hand: mah-jong 20, two dragon pungs and a pung of 9B
	// exposed (4 each), a plain pung (2): 34 points and three doubles
	if tg.val < 34*8 || tg.p <= 0 || tg.p >= 1 {
		t.Errorf("pung target %+v, want the value of three doubles on 34 points", tg)
	}
	r := New(Options{Level: Hard})
	x := r.load(position{hand: hand}.view(t))
	if est := r.estimate(x, &x.hand, &x.decl, s); tg.val < 2*est {
		t.Errorf("target value %v, regular estimate %v: the target should be worth far more", tg.val, est)
	}
}

// TestNoPungTargetWithChow: a declared chow rules the no-chows hand out,
// and a hand of three suits with no suit to speak of has no one-suit
// target either.
func TestNoPungTargetWithChow(t *testing.T) {
	if s, tg, ok := targetOf(t, "RD RD GD GD 9B 9B 4C 4C 7D 8D", "Chow 1B"); ok {
		t.Errorf("with a chow declared (shanten %d): target %+v", s, tg)
	}
}

// TestSuitTarget: ten bamboos and three stray tiles are a one-suit hand
// in the making, worth at least the three doubles of the pure suit.
func TestSuitTarget(t *testing.T) {
	const hand = "1B 2B 3B 4B 5B 6B 7B 8B 8B 9B 2C 5D 9C"
	s, tg, ok := targetOf(t, hand)
	if !ok {
		t.Fatalf("%s (shanten %d): no target", hand, s)
	}
	if tg.val < 8*20 {
		t.Errorf("one-suit target %+v: want the pure suit's three doubles", tg)
	}
	// a bamboo chow declared keeps it; a character chow ends it
	if _, _, ok := targetOf(t, "4B 5B 6B 7B 8B 8B 9B 2C 5D 9C", "Chow 1B"); !ok {
		t.Errorf("a bamboo chow declared: no target")
	}
	if _, tg, ok := targetOf(t, "4B 5B 6B 7B 8B 8B 9B 2C 5D 9C", "Chow 1C"); ok {
		t.Errorf("a character chow declared: target %+v", tg)
	}
}

// TestTargetsWeight: with the targets weighed, a hand of dragon pairs
// is worth more than its fastest shape alone says; Hard and Expert weigh
// them, the levels below do not.
func TestTargetsWeight(t *testing.T) {
	v := position{hand: "RD RD GD GD 9B 9B 4C 4C 1B 2B 5D 6D 8D WD"}.view(t)
	for _, l := range []Level{Beginner, Easy, Medium, Hard, Expert} {
		r := New(Options{Level: l})
		if on := r.params.targets > 0; on != (l >= Hard) {
			t.Errorf("%v: targets weighed %v", l, on)
		}
		x := r.load(v)
		c := x.hand
		c[Kind(mustTile(t, "WD"))]--
		r.params.targets = 0
		base := r.evalHand(x, &c, &x.decl, nil)
		r.params.targets = 1
		with := r.evalHand(x, &c, &x.decl, nil)
		if l >= Medium && with.ev <= base.ev {
			t.Errorf("%v: the pung target does not raise the hand's worth (%v, %v)", l, base.ev, with.ev)
		}
	}
}

// TestTargetFar: a target a step further than the hand's own shape has
// its value scaled by targetFar, and is out of reach with targetReach 0.
func TestTargetFar(t *testing.T) {
	const hand = "1B 2B 3B 4B 5B 6B 7B 8B 8B 9B 2C 5D 9C" // two steps; the pure suit three
	v := position{hand: hand}.view(t)
	value := func(far, reach float64) (target, bool) {
		r := New(Options{Level: Hard})
		r.params.targetFar, r.params.targetReach = far, reach
		x := r.load(v)
		return r.bestTarget(x, &x.hand, &x.decl, Shanten(&x.hand, x.shape))
	}
	full, ok := value(1, 1)
	if !ok || full.s != 3 {
		t.Fatalf("target %+v (found %v), want one at shanten 3", full, ok)
	}
	if half, _ := value(0.5, 1); half.val != full.val/2 || half.p != full.p {
		t.Errorf("targetFar 0.5: %+v, want half the value of %+v", half, full)
	}
	if tg, ok := value(1, 0); ok {
		t.Errorf("targetReach 0: target %+v", tg)
	}
}

// TestWondersTarget: eleven different terminals and honours are two
// steps from Thirteen Unique Wonders, a limit hand, far nearer than any
// regular shape; with the target weighed its value is the limit times
// the weight, undiminished by the weight of the estimated targets.
func TestWondersTarget(t *testing.T) {
	const hand = "1B 9B 1C 9C 1D 9D EW SW WW NW RD 5B 6B"
	v := position{hand: hand}.view(t)
	find := func(w float64, sets int) (target, bool) {
		r := New(Options{Level: Hard})
		r.params.wonders = w
		x := r.load(v)
		x.decl.sets = sets
		return r.wondersTarget(x, &x.hand, &x.decl, 5)
	}
	tg, ok := find(0.5, 0)
	if !ok || tg.s != 2 || tg.val != 500 || tg.p <= 0 || tg.p >= 1 {
		t.Fatalf("wonders target %+v (found %v), want two steps away, worth half the limit", tg, ok)
	}
	if tg, ok := find(0, 0); ok {
		t.Errorf("weight 0: target %+v", tg)
	}
	if tg, ok := find(0.5, 1); ok {
		t.Errorf("a set declared: target %+v", tg)
	}
	r := New(Options{Level: Hard})
	r.params.wonders = 0.5
	x := r.load(v)
	best, ok := r.bestTarget(x, &x.hand, &x.decl, Shanten(&x.hand, x.shape))
	if !ok || best.val != 500 {
		t.Errorf("best target %+v, want the wonders", best)
	}
}
