package ai

import "testing"

// TestOutflowGroups: each kind reads its own row of the measured table,
// nothing comes out of a kind with no unseen copy, and the table says
// what the original robots do: a middle tile is thrown less often than
// an honour, and everything comes out faster late in the hand.
func TestOutflowGroups(t *testing.T) {
	for k := range NumKinds {
		want := 4
		switch {
		case k >= 31:
			want = 0
		case k >= 27:
			want = 1
		case k%9 == 0 || k%9 == 8:
			want = 2
		case k%9 == 1 || k%9 == 7:
			want = 3
		}
		if g := outflowGroup(k); g != want {
			t.Errorf("kind %v: group %d, want %d", tileOf[k], g, want)
		}
		if p := outflow(k, 0, 60); p != 0 {
			t.Errorf("kind %v with no unseen copy: %v", tileOf[k], p)
		}
	}
	five, red := Kind(mustTile(t, "5B")), Kind(mustTile(t, "RD"))
	if !(outflow(five, 3, 70) < outflow(red, 3, 70)) {
		t.Errorf("a 5 thrown as often as a dragon: %v, %v", outflow(five, 3, 70), outflow(red, 3, 70))
	}
	if !(outflow(five, 2, 70) < outflow(five, 2, 40) && outflow(five, 2, 40) < outflow(five, 2, 10)) {
		t.Errorf("a 5 with two unseen, early, mid, late: %v %v %v", outflow(five, 2, 70), outflow(five, 2, 40), outflow(five, 2, 10))
	}
}

// TestWaitRate: a ready hand's chance per turn counts its own draw and
// the three others' discards, for each wait; waitOut scales it.
func TestWaitRate(t *testing.T) {
	r := New(Options{Level: Hard})
	r.params.waitOut = 1
	x := &context{nUnseen: 100, live: 40}
	five, red := Kind(mustTile(t, "5B")), Kind(mustTile(t, "RD"))
	x.unseen[five], x.unseen[red] = 3, 2
	one := r.waitRate(x, 1<<five)
	want := 3.0/100 + 3*outflow(five, 3, 40)
	if d := one - want; d > 1e-12 || d < -1e-12 {
		t.Errorf("one wait: %v, want %v", one, want)
	}
	both := r.waitRate(x, 1<<five|1<<red)
	if d := both - one - (2.0/100 + 3*outflow(red, 2, 40)); d > 1e-12 || d < -1e-12 {
		t.Errorf("two waits: %v, want the sum", both)
	}
	r.params.waitOut = 0.5
	if h := r.waitRate(x, 1<<five); h != one/2 {
		t.Errorf("waitOut 0.5: %v, want %v", h, one/2)
	}
}

// TestWaitOutPrices: with waitOut a ready hand's chance of going out
// follows what the others throw. Two ready hands alike but for the last
// wait: a single wait on the West wind (two copies unseen) and a closed
// wait on the 5 of circles (three unseen). Counting copies prefers the
// 5; the measured outflow, where a wind comes out much more often than a
// middle tile, prefers the wind.
func TestWaitOutPrices(t *testing.T) {
	const sets = "1B 2B 3B 4C 5C 6C 7B 8B 9B 2D 2D "
	v := position{hand: sets + "2D WW 4D", used: 20}.view(t)
	for _, s := range []string{"WW", "5D"} {
		v.Game.DiscardedCount[mustTile(t, s)]++
		v.Game.ExposedCount[mustTile(t, s)]++
	}
	chance := func(waitOut float64, last string) float64 {
		r := New(Options{Level: Hard})
		r.params.waitOut = waitOut
		x := r.load(v)
		c := mustCounts(t, sets+last)
		h := r.evalHand(x, &c, &x.decl, nil)
		if h.s != 0 {
			t.Fatalf("%s: shanten %d", last, h.s)
		}
		return h.chance
	}
	wind, five := chance(0, "2D WW"), chance(0, "4D 6D")
	if !(wind < five) {
		t.Errorf("counting copies: the wind wait %.3f, the 5 %.3f; want the 5 ahead", wind, five)
	}
	wind, five = chance(1, "2D WW"), chance(1, "4D 6D")
	if !(wind > five) {
		t.Errorf("by the outflow: the wind wait %.3f, the 5 %.3f; want the wind ahead", wind, five)
	}
}

// TestWaitOutLevels: Hard and Expert count their waits by the outflow,
// the levels below by their unseen copies.
func TestWaitOutLevels(t *testing.T) {
	for _, l := range []Level{Beginner, Easy, Medium, Hard, Expert} {
		if on := paramsFor(l).waitOut > 0; on != (l >= Hard) {
			t.Errorf("%v: waitOut on %v", l, on)
		}
	}
}

// TestPairOut: with pairOut, a dragon pair's hoped-for pung is worth more
// early in the hand than near the end of the wall, where it has few turns
// left to come; pairPung credits it alike at any time.
func TestPairOut(t *testing.T) {
	const hand = "RD RD 1B 2B 3B 4C 5C 7D 8D 9B 2C 5D 6D"
	worth := func(pairOut float64, used int) float64 {
		r := New(Options{Level: Hard})
		r.params.pairOut = pairOut
		v := position{hand: hand, used: used}.view(t)
		x := r.load(v)
		c := x.hand
		return r.estimate(x, &c, &x.decl, 2)
	}
	if early, late := worth(0, 10), worth(0, 75); early != late {
		t.Errorf("pairPung: %v early, %v late; want the same", early, late)
	}
	if early, late := worth(1, 10), worth(1, 75); !(early > late) {
		t.Errorf("pairOut: %v early, %v late; want more early", early, late)
	}
}
