package ai

import (
	"math/rand/v2"
	"testing"

	"mahjong/engine"
)

func TestNoScoreDistance(t *testing.T) {
	const dragons = 0x70 // dragon pairs score
	tests := []struct {
		hand string
		want int // shanten as a no-score hand (distance - 1)
	}{
		{"1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D 5C 5C", 0}, // ready, plain pair
		{"1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D RD RD", 2}, // dragon pair cannot be the eyes
		{"1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D WW WW", 0}, // a plain wind pair can
		{"1B 1B 1B 4C 5C 6C 7D 8D 9D 2D 3D 5C 5C", 2}, // the pung must become a chow
		{"1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D 4D 5C", 0}, // pair wait
		{"1B 1B 1B 2B 2B 2B 3B 3B 3B 5C 5C 7D 8D", 0}, // three chows of 123
	}
	for _, tt := range tests {
		c := mustCounts(t, tt.hand)
		if got := noScoreDistance(&c, 4, dragons) - 1; got != tt.want {
			t.Errorf("%s: got %d, want %d", tt.hand, got, tt.want)
		}
	}
}

// bruteShapeDistance is bruteDistance for targets of only chows (pungs
// false) or only pungs (chows false), with the pair kinds pairOK allows.
func bruteShapeDistance(c *Counts, n int, chows, pungs bool, pairOK func(k int) bool) int {
	var use Counts
	best := 99
	need := func(k int) int {
		if use[k] >= c[k] {
			return 1
		}
		return 0
	}
	var rec func(from, left, cost int)
	rec = func(from, left, cost int) {
		if cost >= best {
			return
		}
		if left == 0 {
			for k := range NumKinds {
				if use[k]+2 > 4 || !pairOK(k) {
					continue
				}
				x := need(k)
				use[k]++
				x += need(k)
				use[k]--
				best = min(best, cost+x)
			}
			return
		}
		for i := from; i < 2*NumKinds; i++ {
			k, chow := i/2, i%2 == 1
			switch {
			case !chow && pungs && use[k]+3 <= 4:
				x := 0
				for range 3 {
					x += need(k)
					use[k]++
				}
				rec(i, left-1, cost+x)
				use[k] -= 3
			case chow && chows && k < 27 && k%9 <= 6 && use[k] < 4 && use[k+1] < 4 && use[k+2] < 4:
				x := 0
				for d := range 3 {
					x += need(k + d)
					use[k+d]++
				}
				rec(i, left-1, cost+x)
				for d := range 3 {
					use[k+d]--
				}
			}
		}
	}
	rec(0, n, 0)
	return best
}

func TestShapeDistanceBruteForce(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	cases := 200
	if testing.Short() {
		cases = 40
	}
	const noPair = 0x71 // east wind and the dragons
	plain := func(k int) bool { return k < 27 || noPair&(1<<(k-27)) == 0 }
	any := func(int) bool { return true }
	for i := range cases {
		sets := 4 - i%3
		c := randomHand(rnd, 3*sets+1+i%2)
		if got, want := noScoreDistance(&c, sets, noPair), bruteShapeDistance(&c, sets, true, false, plain); got != want {
			t.Fatalf("%s with %d chows: distance %d, brute force %d", c.String(), sets, got, want)
		}
		if got, want := noChowsDistance(&c, sets), bruteShapeDistance(&c, sets, false, true, any); got != want {
			t.Fatalf("%s with %d pungs: distance %d, brute force %d", c.String(), sets, got, want)
		}
	}
}

// TestKongWaitsForPlay: a concealed kong is not declared while flowers
// are being declared (the original East robot stumbles on it), but on
// the first regular turn.
func TestKongWaitsForPlay(t *testing.T) {
	ps := position{hand: "1B 2B 3B 4C 5C 6C 7D 8D 2D 3D NW NW NW NW"}
	v := ps.view(t)
	g := v.Game
	g.Phase = engine.DeclaringSpecials
	r := New(Options{Level: Hard})
	got := actionsString(r.Respond(v, engine.CPlayerDeclaresSpecial{ID: g.Players[3].ID, Tile: engine.Blank}))
	if got != "DeclareSpecial "+engine.Blank.String() {
		t.Errorf("while declaring flowers: got %q, want only the end of the declarations", got)
	}
	g.Phase = engine.Discarding
	got = actionsString(r.Respond(v, engine.CPlayerDraws{ID: 1, Tile: g.Tile}))
	if got != "DeclareClosedKong NW" {
		t.Errorf("on the first turn: got %q, want the kong", got)
	}
}

// TestClaimWeighted: an effective tile that makes a pung of a pair (any
// discarder) weighs more than one completing a chow (the left player
// only), which weighs more than one that can only be drawn.
func TestClaimWeighted(t *testing.T) {
	for _, claimOut := range []float64{0, 1} {
		r := New(Options{Level: Hard})
		r.params.claimOut = claimOut
		x := &context{nUnseen: 2 * NumKinds, live: 60}
		for k := range x.unseen {
			x.unseen[k] = 2
		}
		c := mustCounts(t, "5B 5B 2C 3C 7D")
		pung, chow, plain := uint64(1)<<4, uint64(1)<<Kind(mustTile(t, "4C")), uint64(1)<<Kind(mustTile(t, "7D"))
		wp, wc, wd := r.claimWeighted(x, &c, pung), r.claimWeighted(x, &c, chow), r.claimWeighted(x, &c, plain)
		if !(wp > wc && wc > wd && wd > 0) {
			t.Errorf("claimOut %v: weights pung %v, chow %v, drawn %v: want decreasing", claimOut, wp, wc, wd)
		}
	}
}

func mustTile(t testing.TB, s string) engine.Tile {
	t.Helper()
	x, err := engine.ParseTile(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestOneAwayValue: looking a draw ahead prices a hand one step from
// ready by the exact scores of the ready hands it leads to: the chow
// hand (no-score double within reach) is worth more than the same shape
// with a minor pung.
func TestOneAwayValue(t *testing.T) {
	r := New(Options{Level: Hard})
	value := func(hand string) float64 {
		v := position{seat: 1, hand: hand}.view(t)
		for _, p := range v.Game.Players {
			p.NoDiscard = false // no blessing of heaven or earth
		}
		x := r.load(v)
		c := mustCounts(t, hand)
		sh := Shape{Sets: 4}
		r.an.Reset(&c, sh)
		if s := r.an.Shanten(); s != 1 {
			t.Fatalf("%s: shanten %d, want 1", hand, s)
		}
		_, mask := r.an.Effective(1, &x.unseen)
		return r.oneAwayInfo(x, &c, &x.decl, nil, sh, mask).val
	}
	chows := value("1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D 5B 9C")
	pung := value("1B 1B 1B 4C 5C 6C 7D 8D 9D 2D 3D 5B 9C")
	if chows <= pung {
		t.Errorf("chow hand %.1f, pung hand %.1f: want the chow hand worth more", chows, pung)
	}
}
