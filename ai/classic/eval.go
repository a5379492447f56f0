package classic

import (
	"math"

	"mahjong/engine"
)

var negInf = math.Inf(-1)

// This file holds the hand evaluator: the number the robot maximises in
// every decision. It follows the original robot's published source (its
// greedy.c, whose constant table is the one in the installed 1.11
// binary) so closely that the two make the same choices:
//
//   - declared sets are worth a fixed base less a cost for exposing them
//     (even a concealed kong is priced as a pung plus the kong bonus);
//   - the concealed tiles are split group by group (each suit, the winds,
//     the dragons). The group's highest tile either forms a pung (never
//     a pair when three are held), or a pair, or a chow with the two
//     tiles below it, or a partial chow with the tile below it or, only
//     when that is missing, with the tile two below, or stays single;
//     the best is kept. Partial sets are worth the live tiles (not yet
//     seen by the robot) that complete them;
//   - a pair anywhere in the arrangement kept earns the eyes' bonus;
//   - the strategy in force rescales the terms.
//
// The quirks are the original's and are kept on purpose, because the
// point of this robot is to decide as the original does: a level whose
// options are all worth less than nothing is worth nothing, the pair
// mark follows the branch taken but is set by branches tried, and the
// tile next to a terminal beyond the suit counts as four live copies.

// The original's constants, by what they do (strategy knobs at zero give
// a set 12, a pair 1.632 per live copy, a partial chow 0.4 per live
// completing tile, a single 0.075 per live copy, the eyes 4).
const (
	setBase      = 12.0 // a pung or chow before the knobs
	pungByChow   = 2.0  // pungs gain this times -chowness when it is negative
	pungByHidden = 0.15 // ... and this share times hiddenness
	eyesBase     = 4.0  // the bonus for holding a pair
	eyesByChow   = 4.97465626805558
	chowByLove   = 4.0 // chows gain this times chowness when it is positive
	chowByHidden = 0.00638363133042069
	singleBase   = 0.025
	pairByHidden = 0.4
	chowPerLive  = 0.033333333 // times the chow base, per live completing tile
	chowByHide   = 0.3
	exposeCost   = 2.0  // exposing a set
	exposeByKnob = 25.0 // ... more when the strategy dislikes that kind of set
	kongBonus    = 3.0
	suitKeep     = 0.99 // off-suit sets lose this share times suitness
	weightBySuit = -0.0011160627477312
	weightByMaj  = 0.25

	doublerPung    = 6.0  // a pung of doubling tiles: times -chowness
	majorPung      = 2.0  // a pung of terminals or honours
	minorPung      = 25.0 // times majorness: a pung of simples
	majorPair      = 1.0  // a pair of terminals or honours
	minorPair      = 12.0 // times majorness: a pair of simples
	doublerPair    = 2.0  // a pair of doubling tiles, less 4 × chowness
	doublerPairLov = 4.0
	singleNear     = 0.5  // times chowness: a single's live neighbours count
	singleSpan     = 3.0  // a single's value scales with this less chowness
	deadDoubler    = 5.0  // a lone doubling tile with no copy live
	doublerLive    = 0.5  // a live lone doubling tile: per live copy, less chowness
	offSingle      = 0.5  // times suitness: an off-suit single
	minorSingle    = 0.5  // times majorness: a simple single
	declaredOff    = 10.0 // times suitness: a declared set off the suit
)

// pairShare and pairChance make a pair's value per live copy (times the
// pung base); they are multiplied at run time, as the original does, so
// that the product rounds as its does.
var pairShare, pairChance = 0.4, 0.34

// strategy is one value of each of the original's knobs, with the suit
// that suitness collects: collect 1-3 is suit group collect-1, 0 none
// (so that every suit is off-suit, as in the original's "suit 0").
type strategy struct {
	chow, hidden, major, suit float64
	collect                   int
}

// points are the values a strategy gives the parts of a hand.
type points struct {
	pung, eyes, chow, single        float64
	partPung, partChow              float64
	exposedPung, exposedChow, off   float64
	weight                          float64
	doublerPair, doublerLive, spanC float64
}

func pointsFor(st strategy) points {
	c, h, m, s := st.chow, st.hidden, st.major, st.suit
	var p points
	p.pung = setBase - c*pungByChow
	if c > 0 {
		p.pung = setBase - c*setBase
	}
	p.pung *= 1 + pungByHidden*h
	p.eyes = eyesBase + eyesByChow*math.Abs(c)
	p.chow = setBase + c*setBase
	if c > 0 {
		p.chow = setBase + c*chowByLove
	}
	p.chow *= (1 + chowByHidden*h) * (1 - m)
	p.single = singleBase
	p.partPung = pairShare * pairChance * (1 - pairByHidden*h)
	p.partChow = chowPerLive * (1 - chowByHide*h) * (1 - m)
	p.exposedPung = exposeCost + h*p.pung
	if c > 0 {
		p.exposedPung += exposeByKnob * c
	}
	byChow := 0.0
	if c < 0 {
		byChow = -1 * exposeByKnob * c
	}
	p.exposedChow = exposeCost + h*p.chow + byChow + exposeByKnob*m
	p.off = 1 - suitKeep*s
	if s >= 1 {
		p.off = 0.01
	}
	p.weight = 1 + weightBySuit*s + weightByMaj*m
	if s >= 1 {
		p.weight = 1 + weightBySuit*(s-1) + weightByMaj*m
	}
	p.doublerPair = doublerPair - c*doublerPairLov
	p.doublerLive = doublerLive - c
	p.spanC = singleSpan - c
	return p
}

// evaluator values hands for one decision: the live counts and the
// doubling tiles are fixed while it is in use.
type evaluator struct {
	st       strategy
	pt       points
	live     counts
	doubling [numKinds]bool
	memo     map[uint64]split
}

// split is a group's value and whether the arrangement kept holds a pair.
type split struct {
	v    float64
	pair bool
}

func newEvaluator() *evaluator {
	e := &evaluator{memo: make(map[uint64]split, 1024)}
	e.pt = pointsFor(e.st)
	return e
}

// load sets the live counts and doubling tiles for seat s of g, whose
// concealed tiles are c.
func (e *evaluator) load(g *engine.Game, s engine.Seat, c *counts) {
	// The original's test for a doubling wind compares the wind's suit
	// (the same for all four) with the seat's wind and the round's, so
	// that every wind doubles for North and in the North round and none
	// does otherwise. Dragons always double.
	north := g.Round == engine.North
	if s != engine.NoSeat {
		north = north || g.Players[s].Wind == engine.North
	}
	for k := range numKinds {
		n := 4 - g.ExposedCount[tileOf(k)] - int(c[k])
		e.live[k] = int8(max(0, min(4, n)))
		e.doubling[k] = k >= 31 || k >= 27 && north
	}
	clear(e.memo)
}

// use makes st the strategy in force.
func (e *evaluator) use(st strategy) {
	if st != e.st {
		e.st = st
		e.pt = pointsFor(st)
		clear(e.memo)
	}
}

// offSuit reports whether kind k is a suit tile outside the suit the
// strategy collects.
func (e *evaluator) offSuit(k int) bool { return k < 27 && k/9+1 != e.st.collect }

// meldValue is the value of a declared set, and whether it is a pair.
func (e *evaluator) meldValue(m engine.Meld) (float64, bool) {
	k := kindOf(m.Tile)
	if k < 0 {
		return 0, false
	}
	p := &e.pt
	v, pair := 0.0, false
	switch m.Kind {
	case engine.Chow, engine.ClosedChow:
		v -= p.exposedChow
		v += p.chow
	case engine.Pung, engine.ClosedPung, engine.Kong, engine.ClosedKong:
		// In the original's order: a concealed kong first cancels the
		// exposure cost it is then charged.
		if m.Kind == engine.ClosedKong {
			v += p.exposedPung
		}
		if m.Kind == engine.Kong || m.Kind == engine.ClosedKong {
			v += kongBonus
		}
		v -= p.exposedPung
		v += p.pung
		v = e.pungExtras(k, v)
	case engine.Pair, engine.ClosedPair:
		v, pair = p.eyes, true
	default:
		return 0, false
	}
	if e.offSuit(k) {
		v -= declaredOff * e.st.suit
	}
	return v, pair
}

// value evaluates a hand: concealed tiles c and declared sets melds.
func (e *evaluator) value(c *counts, melds []engine.Meld) float64 {
	total, eyes := 0.0, false
	for _, m := range melds {
		v, pair := e.meldValue(m)
		total += v
		eyes = eyes || pair
	}
	// The groups in the original's order (dragons, winds, then the suits
	// from circles down), summed apart, so that sums round as its do.
	concealed := 0.0
	for _, g := range [...]int{4, 3, 2, 1, 0} {
		lo, n := span(g)
		var pat [9]int8
		any := false
		for i := range n {
			pat[i] = c[lo+i]
			any = any || pat[i] > 0
		}
		if !any {
			continue
		}
		s := e.group(g, pat)
		concealed += s.v
		eyes = eyes || s.pair
	}
	total += concealed
	if eyes {
		total += e.pt.eyes
	}
	return total * e.pt.weight
}

// span returns group g's first kind and its number of kinds: 0-2 the
// suits, 3 the winds, 4 the dragons.
func span(g int) (lo, n int) {
	switch g {
	case 3:
		return 27, 4
	case 4:
		return 31, 3
	}
	return g * 9, 9
}

// group returns the value of the tiles pat of group g, memoised.
func (e *evaluator) group(g int, pat [9]int8) split {
	_, n := span(g)
	r := n - 1
	for r >= 0 && pat[r] == 0 {
		r--
	}
	if r < 0 {
		return split{}
	}
	key := uint64(g)
	for _, x := range pat {
		key = key<<3 | uint64(x)
	}
	if s, ok := e.memo[key]; ok {
		return s
	}
	s := e.arrange(g, r, pat)
	e.memo[key] = s
	return s
}

// pungExtras adds to v, a pung's base, what a pung of kind k earns on
// top, declared or concealed alike: a doubling pung when the strategy
// dislikes chows, a pung of majors, a cost for minors under majorness.
func (e *evaluator) pungExtras(k int, v float64) float64 {
	if e.doubling[k] {
		v += -e.st.chow * doublerPung
	}
	if isMajor(k) {
		return v + majorPung
	}
	return v - minorPung*e.st.major
}

// arrange tries every way to use the group's highest tile, rank r, as the
// original does, and keeps the best.
func (e *evaluator) arrange(g, r int, pat [9]int8) split {
	p := &e.pt
	lo, _ := span(g)
	k := lo + r
	suit := g < 3
	factor := 1.0
	if suit && e.offSuit(k) {
		factor = p.off
	}
	// Pung, or else pair.
	pval, ppr := 0.0, false
	if pat[r] >= 3 {
		v := e.pungExtras(k, p.pung)
		rest := pat
		rest[r] -= 3
		sub := e.group(g, rest)
		v = v*factor + sub.v
		pval = max(pval, v)
		ppr = sub.pair
	} else if pat[r] == 2 {
		v := p.partPung * p.pung * float64(e.live[k])
		if e.doubling[k] {
			v += p.doublerPair
		}
		if isMajor(k) {
			v += majorPair
		} else {
			v -= minorPair * e.st.major
		}
		rest := pat
		rest[r] -= 2
		sub := e.group(g, rest)
		v = v*factor + sub.v
		pval = max(pval, v)
		ppr = true
	}
	// Chow, partial chow with the tile below, or with the one two below.
	mval, mpr := 0.0, false
	if suit {
		has1 := r >= 1 && pat[r-1] > 0
		has2 := r >= 2 && pat[r-2] > 0
		if has1 && has2 {
			rest := pat
			rest[r]--
			rest[r-1]--
			rest[r-2]--
			sub := e.group(g, rest)
			v := p.chow*factor + sub.v
			mval = max(mval, v)
			mpr = mpr || sub.pair
		}
		// A partial chow of the top tile and the one d below, worth v.
		partial := func(v float64, d int) {
			rest := pat
			rest[r]--
			rest[r-d]--
			sub := e.group(g, rest)
			mval = max(mval, v*factor+sub.v)
			mpr = mpr || sub.pair
		}
		if has1 {
			v := 0.0
			if r < 8 {
				v += p.partChow * p.chow * float64(e.live[k+1])
			}
			if r >= 2 {
				v += p.partChow * p.chow * float64(e.live[k-2])
			}
			partial(v, 1)
		} else if has2 {
			partial(p.partChow*p.chow*float64(e.live[k-1]), 2)
		}
	}
	// Single.
	live := float64(e.live[k])
	near := 0.0
	if suit {
		near = e.singleNear(lo, r)
	}
	v := p.single * (live + singleNear*e.st.chow*near) * p.spanC
	if e.doubling[k] {
		switch {
		case live == 0:
			v -= deadDoubler
		case p.doublerLive > 0:
			v += live * p.single * p.doublerLive
		default:
			v += (3 - live) * p.single * p.doublerLive
		}
	}
	if suit && e.offSuit(k) {
		v -= offSingle * e.st.suit * p.single
	}
	if !isMajor(k) {
		v -= minorSingle * e.st.major * p.single
	}
	rest := pat
	rest[r]--
	sub := e.group(g, rest)
	v += sub.v
	// Keep the best; equal values go to the pung or pair, then the chows.
	if mval > pval {
		if v > mval {
			return split{v, sub.pair}
		}
		return split{mval, mpr}
	}
	if v > pval {
		return split{v, sub.pair}
	}
	return split{pval, ppr}
}

// singleNear counts the live copies of a single's two neighbours; beyond
// the end of the suit the original reads a count that is never lowered,
// four.
func (e *evaluator) singleNear(lo, r int) float64 {
	n := 0
	if r > 0 {
		n += int(e.live[lo+r-1])
	} else {
		n += 4
	}
	if r < 8 {
		n += int(e.live[lo+r+1])
	} else {
		n += 4
	}
	return float64(n)
}
