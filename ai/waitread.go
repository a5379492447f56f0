package ai

import (
	"math"

	"mahjong/engine"
)

// Learned reads of the others' hands. For another seat s and a kind k,
// waitFeatures describes what the table shows: how far s's hand has come
// (its declared sets, its discards, what it threw last, whether one tile
// is left) and how k sits with what s threw and let go by, the unseen
// copies and neighbours, and the suits of s's sets and discards. Two
// logistic fits of those features against the true hands (mj-arena
// waits collects the rows) price the chance that s goes out on k
// (waitChance, for the deal-in cost) and that s holds two or more
// concealed copies of k (pairChance, for the unseen counts). No level
// uses either (levels.go has the measurements).
//
// The features, by index: 0 one; 1-4 s's exposed sets (one of them); 5
// and 6 its discards this hand /10 and squared /100; 7 the live tiles
// /100; 8 s has called; 9 the share of middle tiles (3-7) among its last
// three discards; 10 its last discard a suit tile 2-8; 11 one concealed
// tile left; 12-15 k's unseen copies (one of 1 to 4); 16 k an honour, 17
// a terminal, 18 a 2 or an 8; 19 the chow odds of k's unseen neighbours;
// 20 s threw k, 21-23 a tile 1, 2 or 3 away in the suit; 24 s let k go
// by since its last discard; 25 the share of its discards in k's group;
// 26 and 27 its declared sets in k's group and in the others; 28 k a
// doubling honour for s; 29 s threw k's group among its last three; 30
// the unseen copies of k's two neighbours /8; 31 honour × exposed sets;
// 32 discards /10 × exposed sets.

// maxNotes bounds the discards remembered per seat (a seat rarely makes
// more than 30 in a hand).
const maxNotes = 48

// waitHist is the kinds each seat discarded this hand, in order. Fixed
// arrays, so that a forked robot copies it whole.
type waitHist struct {
	n     [engine.NumSeats]int
	kinds [engine.NumSeats][maxNotes]int8
}

func (h *waitHist) add(s engine.Seat, k int) {
	if h.n[s] < maxNotes {
		h.kinds[s][h.n[s]] = int8(k)
		h.n[s]++
	}
}

// NumWaitFeatures is the length of a wait feature vector.
const NumWaitFeatures = 33

// waitFeatures fills f for seat s and kind k in the context x.
func (r *Robot) waitFeatures(x *context, s engine.Seat, k int, f *[NumWaitFeatures]float64) {
	*f = [NumWaitFeatures]float64{}
	p := x.g.Players[s]
	h := &r.read.hist
	notes := h.kinds[s][:h.n[s]]
	e := exposedSets(p)
	f[0] = 1
	if e >= 1 && e <= 4 {
		f[e] = 1
	}
	ds := float64(len(notes))
	f[5] = ds / 10
	f[6] = ds * ds / 100
	f[7] = float64(x.live) / 100
	if p.Calling || p.OriginalCall {
		f[8] = 1
	}
	if p.NumConcealed <= 1 {
		f[11] = 1
	}
	if u := x.rawUnseen[k]; u >= 1 {
		f[11+int(u)] = 1 // 12..15
	}
	g := groupOf(k)
	switch {
	case k >= 27:
		f[16] = 1
	case k%9 == 0 || k%9 == 8:
		f[17] = 1
	case k%9 == 1 || k%9 == 7:
		f[18] = 1
	}
	if k < 27 {
		f[19] = chowOdds(&x.rawUnseen, k)
	}
	inGroup, recentGroup := 0, 0
	for i, n := range notes {
		nk := int(n)
		recent := i >= len(notes)-3
		// middle tiles thrown late say the hand has little left to do
		if recent && nk < 27 && nk%9 >= 2 && nk%9 <= 6 {
			f[9] += 1.0 / 3
		}
		if i == len(notes)-1 && nk < 27 && nk%9 >= 1 && nk%9 <= 7 {
			f[10] = 1
		}
		if groupOf(nk) == g {
			inGroup++
			if recent {
				recentGroup = 1
			}
		}
		if nk == k {
			f[20] = 1
			continue
		}
		if k >= 27 || groupOf(nk) != g {
			continue
		}
		switch d := nk - k; {
		case d == 1 || d == -1:
			f[21] = 1
		case d == 2 || d == -2:
			f[22] = 1
		case d == 3 || d == -3:
			f[23] = 1
		}
	}
	if r.read.passed[s]&(1<<k) != 0 {
		f[24] = 1
	}
	if len(notes) > 0 {
		f[25] = float64(inGroup) / ds
	}
	for _, m := range p.Melds {
		if m.Kind == engine.NoMeld {
			continue
		}
		if mk := Kind(m.Tile); mk >= 0 && groupOf(mk) == g {
			f[26]++
		} else if mk >= 0 {
			f[27]++
		}
	}
	if k >= 27 && doublesOf(tileOf[k], p.Wind, x.g.Round) > 0 {
		f[28] = 1
	}
	f[29] = float64(recentGroup)
	if k < 27 {
		n := 0
		if k%9 > 0 {
			n += int(x.rawUnseen[k-1])
		}
		if k%9 < 8 {
			n += int(x.rawUnseen[k+1])
		}
		f[30] = float64(n) / 8
	}
	f[31] = f[16] * float64(e)
	f[32] = ds / 10 * float64(e)
}

// WaitRows calls emit with the wait features of every other seat and
// every kind we hold (pairs: every kind with two or more copies unseen),
// as seat v.Seat() sees the table now (mj-arena waits fits the reads
// from them).
func (r *Robot) WaitRows(v *engine.View, pairs bool, emit func(s engine.Seat, k int, f []float64)) {
	x := r.load(v)
	var f [NumWaitFeatures]float64
	for i, p := range x.g.Players {
		s := engine.Seat(i)
		if s == x.seat || p == nil {
			continue
		}
		for k := range NumKinds {
			if pairs && x.rawUnseen[k] < 2 || !pairs && x.hand[k] == 0 {
				continue
			}
			r.waitFeatures(x, s, k, &f)
			emit(s, k, f[:])
		}
	}
}

// waitCoef is the logistic fit of the wait features against the true
// hands: Hard against three ai/classic robots, 1,000 games from seed
// 4,100,001 (mj-arena waits -l2 3). Held out, it explains 20 % of the
// log loss of a constant rate (0.7 % of seats and kinds).
var waitCoef = [NumWaitFeatures]float64{
	-11.2889, 0.6734, 1.3512, 2.0467, 2.0400, 6.9866,
	-1.4796, 0.3799, 0.0000, -0.0283, -0.0812, 0.4851,
	0.4438, 1.1555, 1.6633, 0.0000, -0.3898, -0.1061,
	-0.0736, 0.3885, -2.3665, -0.1799, -0.3093, -0.4214,
	-3.1858, -0.4086, 0.1970, 0.3981, -0.2340, 0.1774,
	0.0407, 0.2159, -0.5889,
}

// chowOdds is how readily a hand waits on suit kind k with a chow, from
// the unseen copies c of its neighbours.
func chowOdds(c *Counts, k int) float64 {
	r := k % 9
	u := func(d int) float64 {
		if r+d < 0 || r+d > 8 {
			return 0
		}
		return float64(c[k+d]) / 4
	}
	return u(-2)*u(-1) + u(-1)*u(1) + u(1)*u(2)
}

// pairCoef is the same features' fit for another seat holding two or
// more concealed copies of a kind, over the kinds with two or more
// unseen: Hard against three ai/classic robots, 1,000 games from seed
// 4,100,001 (mj-arena waits -pairs -keep 1 -l2 3). Held out it explains
// 10 % of a constant rate's log loss (5.8 % of seats and kinds) and is
// calibrated; no seat gets a chance above about 0.4.
var pairCoef = [NumWaitFeatures]float64{
	-2.4473, -0.1268, -0.3348, -0.7514, -2.3145, 1.1947,
	-0.1108, -0.4723, 0.0000, 0.1164, 0.0216, -2.9542,
	0.0000, -2.0745, -0.6539, 0.2811, -0.1883, 0.0024,
	0.0340, -0.0322, -2.6039, 0.0815, 0.1355, 0.0297,
	-1.3370, -0.0415, -0.3613, -0.2373, 0.0830, 0.0790,
	-0.3463, 0.0855, 0.1481,
}

// waitChance is the fitted chance that seat s goes out on kind k.
func (r *Robot) waitChance(x *context, s engine.Seat, k int) float64 {
	return r.fitted(&waitCoef, x, s, k)
}

// pairChance is the fitted chance that seat s holds two or more
// concealed copies of kind k.
func (r *Robot) pairChance(x *context, s engine.Seat, k int) float64 {
	return r.fitted(&pairCoef, x, s, k)
}

func (r *Robot) fitted(coef *[NumWaitFeatures]float64, x *context, s engine.Seat, k int) float64 {
	var f [NumWaitFeatures]float64
	r.waitFeatures(x, s, k, &f)
	z := 0.0
	for i, v := range f {
		z += coef[i] * v
	}
	return 1 / (1 + math.Exp(-z))
}

// lockPairs lowers the unseen counts by the copies the others are
// expected to hold in pairs (params.pairFit): a kind another hand keeps
// a pair of will not come to us. Counted from the table as it was, then
// applied together, so that one kind's lowering does not change another's.
func (r *Robot) lockPairs(x *context) {
	x.rawUnseen = x.unseen
	w := r.params.pairFit
	if w <= 0 {
		return
	}
	var lower [NumKinds]uint8
	for k := range NumKinds {
		if x.rawUnseen[k] < 2 {
			continue
		}
		e := 0.0
		for i, p := range x.g.Players {
			if s := engine.Seat(i); s != x.seat && p != nil {
				e += r.pairChance(x, s, k)
			}
		}
		lower[k] = uint8(min(float64(x.rawUnseen[k]), math.Round(w*2*e)))
	}
	for k, d := range lower {
		x.unseen[k] -= d
		x.nUnseen -= int(d)
	}
	x.nUnseen = max(x.nUnseen, 1)
}
