package ai

import (
	"math"

	"mahjong/engine"
)

// A learned read of the others' waits. For another seat s and a kind k
// we might throw, waitFeatures describes what the table shows about
// whether s would go out on k: how far s's hand has come (its declared
// sets, its discards, what it threw last) and how k sits with what s
// threw and let go by, the unseen copies and neighbours, and the suits
// of s's sets and discards. A logistic fit of those features against the
// true hands (mj-arena waits collects them) prices the chance.

// waitNote is one discard of a seat: its kind and how many discards the
// hand had seen before it.
type waitNote struct {
	kind int8
	at   int16
}

// maxNotes bounds the discards remembered per seat (a seat rarely makes
// more than 30 in a hand).
const maxNotes = 48

// waitHist is each seat's discards this hand, in order. Fixed arrays, so
// that a forked robot copies it whole.
type waitHist struct {
	n     [engine.NumSeats]int
	notes [engine.NumSeats][maxNotes]waitNote
	total int // discards made this hand
}

func (h *waitHist) add(s engine.Seat, k int) {
	if h.n[s] < maxNotes {
		h.notes[s][h.n[s]] = waitNote{kind: int8(k), at: int16(h.total)}
		h.n[s]++
	}
	h.total++
}

// NumWaitFeatures is the length of a wait feature vector.
const NumWaitFeatures = 33

// waitFeatures fills f for seat s and kind k in the context x.
func (r *Robot) waitFeatures(x *context, s engine.Seat, k int, f *[NumWaitFeatures]float64) {
	*f = [NumWaitFeatures]float64{}
	p := x.g.Players[s]
	h := &r.read.hist
	notes := h.notes[s][:h.n[s]]
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
	// the last three discards: middle tiles thrown late say the hand has
	// little left to do
	mid, last := 0, 0
	for i := max(0, len(notes)-3); i < len(notes); i++ {
		nk := int(notes[i].kind)
		if nk < 27 && nk%9 >= 2 && nk%9 <= 6 {
			mid++
		}
	}
	if len(notes) > 0 {
		if nk := int(notes[len(notes)-1].kind); nk < 27 && nk%9 >= 1 && nk%9 <= 7 {
			last = 1
		}
	}
	f[9] = float64(mid) / 3
	f[10] = float64(last)
	if p.NumConcealed <= 1 {
		f[11] = 1
	}
	if u := x.unseen[k]; u >= 1 {
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
		f[19] = x.waitOdds(k, true) - float64(x.unseen[k])/4
	}
	inGroup, recentGroup := 0, 0
	for i, n := range notes {
		nk := int(n.kind)
		if groupOf(nk) == g {
			inGroup++
			if i >= len(notes)-3 {
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
			n += int(x.unseen[k-1])
		}
		if k%9 < 8 {
			n += int(x.unseen[k+1])
		}
		f[30] = float64(n) / 8
	}
	f[31] = f[16] * float64(e)
	f[32] = ds / 10 * float64(e)
}

// WaitRows calls emit with the wait features of every other seat and
// every kind we hold, as seat v.Seat() sees the table now (mj-arena
// waits fits the read from them).
func (r *Robot) WaitRows(v *engine.View, emit func(s engine.Seat, k int, f []float64)) {
	x := r.load(v)
	var f [NumWaitFeatures]float64
	for i, p := range x.g.Players {
		s := engine.Seat(i)
		if s == x.seat || p == nil {
			continue
		}
		for k := range NumKinds {
			if x.hand[k] == 0 {
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

// waitChance is the fitted chance that seat s goes out on kind k.
func (r *Robot) waitChance(x *context, s engine.Seat, k int) float64 {
	var f [NumWaitFeatures]float64
	r.waitFeatures(x, s, k, &f)
	z := 0.0
	for i, v := range f {
		z += waitCoef[i] * v
	}
	return 1 / (1 + math.Exp(-z))
}
