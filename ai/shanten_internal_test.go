package ai

import (
	"math/rand/v2"
	"testing"

	"mahjong/engine"
)

func mustCounts(t testing.TB, s string) Counts {
	t.Helper()
	ts, err := engine.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	var c Counts
	c.Add(ts...)
	return c
}

// bruteDistance is the distance by definition: the fewest tiles a
// complete target of n sets and a pair (at most four of a kind) holds
// beyond c, by branch and bound over the targets.
func bruteDistance(c *Counts, n int) int {
	type set struct{ k, chow int }
	var sets []set
	for k := range NumKinds {
		sets = append(sets, set{k, 0})
		if k < 27 && k%9 <= 6 {
			sets = append(sets, set{k, 1})
		}
	}
	var use Counts
	best := 99
	need := func(k int) int { // cost of one more tile of k
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
				if use[k]+2 > 4 {
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
		for i := from; i < len(sets); i++ {
			st := sets[i]
			if st.chow == 0 {
				if use[st.k]+3 > 4 {
					continue
				}
				x := 0
				for range 3 {
					x += need(st.k)
					use[st.k]++
				}
				rec(i, left-1, cost+x)
				use[st.k] -= 3
			} else {
				if use[st.k] >= 4 || use[st.k+1] >= 4 || use[st.k+2] >= 4 {
					continue
				}
				x := 0
				for d := range 3 {
					x += need(st.k + d)
					use[st.k+d]++
				}
				rec(i, left-1, cost+x)
				for d := range 3 {
					use[st.k+d]--
				}
			}
		}
	}
	rec(0, n, 0)
	return best
}

func randomHand(rnd *rand.Rand, n int) Counts {
	var c Counts
	for c.Total() < n {
		k := rnd.IntN(NumKinds)
		if rnd.IntN(3) == 0 {
			k = rnd.IntN(9) // crowd one suit now and then
		}
		if c[k] < 4 {
			c[k]++
		}
	}
	return c
}

func TestShantenBruteForce(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	cases := 300
	if testing.Short() {
		cases = 60
	}
	for i := range cases {
		sets := 4 - i%3
		size := 3*sets + 1 + i%2
		c := randomHand(rnd, size)
		want := bruteDistance(&c, sets)
		if got := regularDistance(&c, sets); got != want {
			t.Fatalf("%s with %d sets: distance %d, brute force %d", c.String(), sets, got, want)
		}
	}
}

func TestShanten(t *testing.T) {
	tests := []struct {
		hand  string
		sh    Shape
		want  int
		ready string // effective tiles of a 13-tile hand, if given
	}{
		{"1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 1C 1C 2D 2D", Shape{Sets: 4}, -1, ""},
		{"1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 1C 1C 2D", Shape{Sets: 4}, 0, "2D"},
		{"1B 9B 1C 9C 1D 9D EW SW WW NW RD WD GD", Shape{Sets: 4}, 0, ""},
		{"1B 1B 2C 2C 3D 3D 4D 4D EW EW RD RD 7B", Shape{Sets: 4, SevenPairs: true}, 0, "7B"},
		{"1B 1B 2C 2C 3D 3D 4D 4D EW EW RD RD 7B", Shape{Sets: 4}, 3, ""},
		{"2B 3B 4B 5B", Shape{Sets: 1}, 0, "2B 5B"},
		{"EW", Shape{Sets: 0}, 0, "EW"},
		{"1B 4B 7B 1C 4C 7C 1D 4D 7D EW SW WW NW", Shape{Sets: 4}, 6, ""},
	}
	for _, tt := range tests {
		c := mustCounts(t, tt.hand)
		if got := Shanten(&c, tt.sh); got != tt.want {
			t.Errorf("%s: shanten %d, want %d", tt.hand, got, tt.want)
		}
		var a Analyzer
		a.Reset(&c, tt.sh)
		if got := a.Shanten(); got != tt.want {
			t.Errorf("%s: analyzer shanten %d, want %d", tt.hand, got, tt.want)
		}
		if tt.ready != "" {
			var all Counts
			for k := range all {
				all[k] = 4
			}
			_, mask := a.Effective(tt.want, &all)
			w := mustCounts(t, tt.ready)
			var wantMask uint64
			for k, n := range w {
				if n > 0 {
					wantMask |= 1 << k
				}
			}
			if mask != wantMask {
				t.Errorf("%s: waits %x, want %x", tt.hand, mask, wantMask)
			}
		}
	}
}

// TestAnalyzerWith checks the incremental evaluation against the direct
// one for every draw and discard.
func TestAnalyzerWith(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for i := range 40 {
		sh := Shape{Sets: 4, SevenPairs: i%2 == 0}
		c := randomHand(rnd, 13)
		var a Analyzer
		a.Reset(&c, sh)
		for add := -1; add < NumKinds; add++ {
			for del := -1; del < NumKinds; del++ {
				if add >= 0 && c[add] >= 4 || del >= 0 && c[del] == 0 || add >= 0 && add == del {
					continue
				}
				d := c
				if add >= 0 {
					d[add]++
				}
				if del >= 0 {
					d[del]--
				}
				if got, want := a.With(add, del), Shanten(&d, sh); got != want {
					t.Fatalf("%s +%d -%d: %d, want %d", c.String(), add, del, got, want)
				}
			}
		}
	}
}

func TestEffectiveBruteForce(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		c := randomHand(rnd, 13)
		sh := Shape{Sets: 4}
		var a Analyzer
		a.Reset(&c, sh)
		s := a.Shanten()
		var unseen Counts
		for k := range unseen {
			unseen[k] = 4 - c[k]
		}
		n, _ := a.Effective(s, &unseen)
		want := 0
		for k := range NumKinds {
			if c[k] == 4 {
				continue
			}
			d := c
			d[k]++
			if Shanten(&d, sh) < s {
				want += int(unseen[k])
			}
		}
		if n != want {
			t.Fatalf("%s: %d effective tiles, want %d", c.String(), n, want)
		}
	}
}

func BenchmarkShanten(b *testing.B) {
	rnd := rand.New(rand.NewPCG(7, 8))
	hands := make([]Counts, 256)
	for i := range hands {
		hands[i] = randomHand(rnd, 14)
		Shanten(&hands[i], Shape{Sets: 4})
	}
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		Shanten(&hands[i&255], Shape{Sets: 4, SevenPairs: true})
		i++
	}
}

func BenchmarkEffective(b *testing.B) {
	rnd := rand.New(rand.NewPCG(7, 8))
	hands := make([]Counts, 256)
	var unseen Counts
	for k := range unseen {
		unseen[k] = 3
	}
	var a Analyzer
	for i := range hands {
		hands[i] = randomHand(rnd, 13)
		a.Reset(&hands[i], Shape{Sets: 4})
		a.Effective(a.Shanten(), &unseen)
	}
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		a.Reset(&hands[i&255], Shape{Sets: 4})
		a.Effective(a.Shanten(), &unseen)
		i++
	}
}

// BenchmarkColdPattern is the cost of filling one new suit pattern.
func BenchmarkColdPattern(b *testing.B) {
	c := []uint8{1, 1, 2, 0, 3, 1, 0, 2, 1}
	b.ReportAllocs()
	for b.Loop() {
		groupVec(c, true)
	}
}
