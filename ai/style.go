package ai

import (
	"math"

	"mahjong/engine"
)

// This file holds the personality in force and its switching. A Style
// lists one or more values per knob; the robot starts every hand with
// the first value of each and, before each discard, asks which value of
// each knob the hand suits best (the chowness first, then the
// hiddenness, the suitness and, only when the robot leans to pungs, the
// majorness), switching when another value fits the hand better than the
// current one by more than the hysteresis. The personality then tilts
// the robot's choices towards hands that fit it (styleFactor) and its
// claims (styleClaim).

// DefaultHysteresis is the hysteresis used when Style.Hysteresis is 0:
// the original mj-player's default.
const DefaultHysteresis = 4.0

// stylePos is the value of each knob in force: indexes into the lists
// of the Style.
type stylePos struct {
	chow, hidden, major, suit int
}

// pick1 is the value at position i of the list xs, within lo..hi; own
// (the level's own value) when the list is empty.
func pick1(xs []float64, i int, lo, hi, own float64) float64 {
	if len(xs) == 0 {
		return own
	}
	i = max(0, min(i, len(xs)-1))
	return max(lo, min(hi, xs[i]))
}

// styleAt returns the knobs at positions sp: the style's lists, and the
// level's own majorness, chowness and suitness where it lists none.
func (r *Robot) styleAt(sp stylePos) styleNow {
	s, p := &r.opts.Style, &r.params
	return styleNow{
		chow:   pick1(s.Chowness, sp.chow, -1, 1, p.chow),
		hidden: pick1(s.Hiddenness, sp.hidden, 0, 1, 0),
		major:  pick1(s.Majorness, sp.major, 0, 1, p.major),
		suit:   pick1(s.Suitness, sp.suit, 0, 1, p.suit),
	}
}

// style returns the knobs in force.
func (r *Robot) style() styleNow { return r.styleAt(r.stratPos) }

// styleSwitches reports whether the style lists more than one value of
// some knob.
func (r *Robot) styleSwitches() bool {
	s := &r.opts.Style
	return len(s.Chowness) > 1 || len(s.Hiddenness) > 1 || len(s.Majorness) > 1 || len(s.Suitness) > 1
}

// resetStyle goes back to the first value of every knob (a new hand).
func (r *Robot) resetStyle() { r.stratPos = stylePos{} }

// switchStyle re-chooses the knobs for the hand c with declared sets d,
// one knob at a time, keeping the current value unless another beats it
// by the hysteresis.
func (r *Robot) switchStyle(c *Counts, d *declInfo) {
	if !r.styleSwitches() {
		return
	}
	h := r.opts.Style.Hysteresis
	if h == 0 {
		h = DefaultHysteresis
	}
	f := handFeaturesOf(c, d)
	s := &r.opts.Style
	try := func(n int, pos *int) {
		cur := *pos
		curFit := r.style().fit(&f)
		best, bestFit := cur, curFit
		for i := range n {
			*pos = i
			if v := r.style().fit(&f); v > bestFit {
				best, bestFit = i, v
			}
		}
		*pos = cur
		if best != cur && bestFit > curFit+h {
			*pos = best
		}
	}
	try(len(s.Chowness), &r.stratPos.chow)
	try(len(s.Hiddenness), &r.stratPos.hidden)
	try(len(s.Suitness), &r.stratPos.suit)
	if r.style().chow < 0 {
		try(len(s.Majorness), &r.stratPos.major)
	}
}

// handFeatures sum up what a personality looks at in a hand.
type handFeatures struct {
	pungs, chows float64 // pung and chow material, declared and concealed (partial sets count a half)
	exposed      float64 // sets made with a claimed tile
	suit, major  float64 // share of tiles in the best suit with the honours, and of major tiles
}

func handFeaturesOf(c *Counts, d *declInfo) handFeatures {
	f := handFeatures{pungs: float64(d.pungs), chows: float64(d.chows), exposed: float64(d.nExposed)}
	cc := *c
	for k := range NumKinds {
		if cc[k] >= 3 {
			f.pungs++
			cc[k] -= 3
		}
	}
	for k := range 27 {
		for k%9 <= 6 && cc[k] > 0 && cc[k+1] > 0 && cc[k+2] > 0 {
			f.chows++
			cc[k]--
			cc[k+1]--
			cc[k+2]--
		}
	}
	for k := range NumKinds {
		switch {
		case cc[k] >= 2:
			f.pungs += 0.5
		case k < 27 && cc[k] > 0 && k%9 <= 7 && cc[k+1] > 0:
			f.chows += 0.5
		}
	}
	var groups [4]int
	total, majors := d.majors, d.majors
	for i, n := range d.suits {
		groups[i] += n
	}
	for k, n := range c {
		groups[groupOf(k)] += int(n)
		total += int(n)
		if isMajorKind(k) {
			majors += int(n)
		}
	}
	if total == 0 {
		return f
	}
	best := max(groups[0], groups[1], groups[2])
	f.suit = float64(best+groups[3]) / float64(total)
	f.major = float64(majors) / float64(total)
	return f
}

// fit is how well a hand with features f suits the style, in the
// original's units (a set is worth about 12); the zero style fits every
// hand with 0.
func (st styleNow) fit(f *handFeatures) float64 {
	return 6*st.chow*(f.chows-f.pungs) + 12*st.hidden*(1-f.exposed) +
		12*st.suit*(4*f.suit-3) + 12*st.major*(3*f.major-1.5)
}

// styleFactor is the personality's taste for the hand c with declared
// sets d, as a factor on its value (1 for the zero style): e to the
// params.styleW times its fit.
func (r *Robot) styleFactor(c *Counts, d *declInfo) float64 {
	st := r.style()
	if st == (styleNow{}) {
		return 1
	}
	f := handFeaturesOf(c, d)
	return math.Exp(r.params.styleW * st.fit(&f))
}

// majorTiles is the number of major tiles in meld m.
func majorTiles(m engine.Meld) int {
	t := m.Tile
	switch m.Kind {
	case engine.Chow, engine.ClosedChow:
		if t.Rank() == 1 || t.Rank() == 7 {
			return 1
		}
		return 0
	}
	if t.IsMajor() {
		return m.Kind.Size()
	}
	return 0
}
