package ai

import (
	"math"

	"mahjong/engine"
)

// This file prices the big hands a hand may still become. The regular
// estimate (estimate, pWin) follows the hand's fastest shape and credits
// a double for a rarer shape only while that shape is as near. A hand
// with four pairs, or ten tiles of one suit, is often a step or two from
// a hand worth two to eight times as much: a no-chows hand, whose pairs
// can be punged from any discard, or a one-suit hand. Each such target
// gets its own distance, its own effective tiles and its own value, and
// the hand is worth its best target.

// target is one shape a hand may be played towards: its chance of going
// out and its score when it does (weighed by params.targets where it is
// an estimate).
type target struct {
	p, val float64
	s      int // its shanten number
}

// worth is the target's expected score, before the collection factor.
func (t target) worth() float64 { return t.p * t.val }

// bestTarget returns the best of the big-hand targets of hand c
// (declared sets d) whose shanten number is at most s+reach, s being
// the hand's own; ok is false when none is in reach.
func (r *Robot) bestTarget(x *context, c *Counts, d *declInfo, s int) (best target, ok bool) {
	pr := &r.params
	reach := int(pr.targetReach)
	// a target further than the hand's own shape may be trusted less
	// (targetFar below 1): its chance rests on the typical rates of the
	// regular shape
	far := func(t target) target {
		t.val *= pr.targets * math.Pow(pr.targetFar, float64(t.s-s))
		return t
	}
	if t, found := r.pungTarget(x, c, d, s+reach+int(pr.pungReach)); found {
		t = far(t)
		t.val *= pr.pungTgtW
		best, ok = t, true
	}
	if t, found := r.suitTarget(x, c, d, s+reach); found {
		if t = far(t); !ok || t.worth() > best.worth() {
			best, ok = t, true
		}
	}
	if t, found := r.wondersTarget(x, c, d, s+reach); found {
		if !ok || t.worth() > best.worth() {
			best, ok = t, true
		}
	}
	return best, ok
}

// wondersTarget is Thirteen Unique Wonders, a limit hand: one of each
// terminal and honour and a pair of one of them, all concealed. Its
// value is exact (the limit), so it is neither weighed nor scaled for
// distance; params.wonders turns it on.
func (r *Robot) wondersTarget(x *context, c *Counts, d *declInfo, maxS int) (target, bool) {
	if d.sets > 0 || r.params.wonders <= 0 {
		return target{}, false
	}
	s := wondersShanten(c)
	if s < 1 || s > maxS {
		return target{}, false
	}
	// only a major tile can bring it nearer, and only drawn
	var majors uint64
	for k := range NumKinds {
		if isMajorKind(k) {
			majors |= 1 << k
		}
	}
	u, _ := targetEffective(x, c, s+1, majors, wondersDistance, 0)
	if u == 0 {
		return target{}, false
	}
	uw := r.params.plainW * float64(u)
	p := r.pWinW(x, s, u, -1, uw)
	return target{p: p, val: r.params.wonders * float64(x.g.Options.Value(engine.OptScoreLimit)), s: s}, true
}

// wondersDistance is wondersShanten in the form targetEffective takes
// (one more than the shanten number; the sets do not count).
func wondersDistance(c *Counts, _ int) int { return wondersShanten(c) + 1 }

// pungTarget is the no-chows hand: pungs (or kongs) and a pair. A pair
// becomes a pung from anybody's discard; a single becomes a pair only
// by a draw.
func (r *Robot) pungTarget(x *context, c *Counts, d *declInfo, maxS int) (target, bool) {
	if d.chows > 0 {
		return target{}, false
	}
	n := max(0, 4-d.sets)
	dist := noChowsDistance(c, n)
	s := dist - 1
	if s < 1 || s > maxS {
		return target{}, false
	}
	// only a single (to a pair) or a pair (to a pung) can come nearer
	var allowed uint64
	for k := range NumKinds {
		if c[k] == 1 || c[k] == 2 {
			allowed |= 1 << k
		}
	}
	u, mask := targetEffective(x, c, dist, allowed, noChowsDistance, n)
	if u == 0 {
		return target{}, false
	}
	pr := &r.params
	uw := 0.0
	for k := range NumKinds {
		if mask&(1<<k) == 0 {
			continue
		}
		f := pr.plainW
		if c[k] == 2 {
			f = pr.pungW
		}
		uw += f * float64(x.unseen[k])
	}
	p := r.pWinW(x, s, u, -1, uw)
	return target{p: p, val: r.pungValue(x, c, d, n), s: s}, true
}

// pungValue is the score of the no-chows hand c would make: its
// concealed pungs stay concealed, its best pairs are punged from
// discards (exposed), the least of them is the eyes, and any set still
// missing is a plain exposed pung.
func (r *Robot) pungValue(x *context, c *Counts, d *declInfo, n int) float64 {
	own, prev := x.me.Wind, x.g.Round
	pts := float64(x.g.Options.Value(engine.OptMahJongScore)%10000) + float64(d.pts) + 4*float64(x.me.NumSpecials)
	dbl := d.dbl + 1 // no chows
	sets := 0
	var pairs [7]pairPung
	np := 0
	for k, m := range c {
		dd := doublesOf(tileOf[k], own, prev)
		switch {
		case m >= 3:
			sets++
			pts += 4
			if isMajorKind(k) {
				pts += 4
			}
			dbl += dd
		case m == 2 && np < len(pairs):
			pairs[np] = pairPung{pts: 2, dbl: dd}
			if isMajorKind(k) {
				pairs[np].pts = 4
			}
			np++
		}
	}
	if np > 0 {
		ps := pairs[:np]
		sortPairs(ps)
		eyes := ps[np-1]
		pts += 2 * eyes.dbl // a dragon's pair, or a wind's for each of own and prevailing
		for _, pp := range ps[:np-1] {
			if sets >= n {
				break
			}
			sets++
			pts += pp.pts
			dbl += pp.dbl
		}
	}
	pts += 2 * float64(max(0, n-sets))
	return min(pts*math.Pow(2, dbl), x.limit)
}

// pairPung is what a pair adds when it is punged from a discard.
type pairPung struct{ pts, dbl float64 }

// sortPairs sorts a few pairs, the most valuable pung first (a double
// weighs like 20 points).
func sortPairs(a []pairPung) {
	w := func(p pairPung) float64 { return p.pts + 20*p.dbl }
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && w(a[j]) > w(a[j-1]); j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// suitTarget is the one-suit hand: the tiles of the hand's strongest
// suit with its honours (one double), or without them (three).
func (r *Robot) suitTarget(x *context, c *Counts, d *declInfo, maxS int) (target, bool) {
	g := 0
	for i := 1; i < 3; i++ {
		if suitTiles(c, d, i) > suitTiles(c, d, g) {
			g = i
		}
	}
	for i := range 3 {
		if i != g && d.suits[i] > 0 {
			return target{}, false
		}
	}
	var best target
	ok := false
	for _, honours := range [2]bool{true, false} {
		if !honours && d.suits[3] > 0 {
			continue
		}
		var cr Counts
		copy(cr[g*9:g*9+9], c[g*9:g*9+9])
		if honours {
			copy(cr[27:], c[27:])
		}
		t, found := r.restrictedTarget(x, &cr, d, g, honours, maxS)
		if found && (!ok || t.worth() > best.worth()) {
			best, ok = t, true
		}
	}
	return best, ok
}

// suitTiles counts the tiles of suit g, concealed and declared.
func suitTiles(c *Counts, d *declInfo, g int) int {
	n := d.suits[g]
	for _, m := range c[g*9 : g*9+9] {
		n += int(m)
	}
	return n
}

// restrictedTarget prices hand cr, already cut to suit g (and the
// honours when honours), as a one-suit hand.
func (r *Robot) restrictedTarget(x *context, cr *Counts, d *declInfo, g int, honours bool, maxS int) (target, bool) {
	n := max(0, 4-d.sets)
	dist := regularDistance(cr, n)
	s := dist - 1
	if s < 1 || s > maxS {
		return target{}, false
	}
	var allowed uint64
	for k := range NumKinds {
		if cr[k] < 4 && (k < 27 && k/9 == g || k >= 27 && honours) {
			allowed |= 1 << k
		}
	}
	u, mask := targetEffective(x, cr, dist, allowed, regularDistance, n)
	if u == 0 {
		return target{}, false
	}
	uw := -1.0
	if r.params.claimW {
		uw = r.claimWeighted(x, cr, mask)
	}
	return target{p: r.pWinW(x, s, u, -1, uw), val: r.estimate(x, cr, d, s), s: s}, true
}

// targetEffective returns the effective tiles of hand c for a target:
// the unseen copies, and the mask, of the kinds in allowed one more of
// which brings c below dist, its distance to n sets and a pair of the
// target's shape (distance).
func targetEffective(x *context, c *Counts, dist int, allowed uint64, distance func(*Counts, int) int, n int) (u int, mask uint64) {
	for k := range NumKinds {
		if allowed&(1<<k) == 0 || x.unseen[k] == 0 {
			continue
		}
		c[k]++
		lower := distance(c, n) < dist
		c[k]--
		if lower {
			u += int(x.unseen[k])
			mask |= 1 << k
		}
	}
	return u, mask
}
