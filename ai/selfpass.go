package ai

import "mahjong/engine"

// Letting a winning discard go. These rules have no furiten: a ready
// hand that passes a discard may still go out on any later one. A fully
// concealed hand that goes out on its own draw earns the concealed
// hand's double (and the self-draw's points), so early in a hand, while
// the others are far from going out, waiting for the draw can be worth
// more than the discard in front of us. passForSelf prices both
// (params.selfPass).

// lossWhenBeaten is what a player loses on average, per the collect
// factor of 4 (a player other than East), when another goes out: the
// payment to the winner and the settlement among the losers. Measured
// over 22,389 hands of Hard against three original mj-players (seed
// 450,001): -96.1 when not East, -139.2 as East (collect 6: 144).
const lossWhenBeaten = 96

// passForSelf reports whether to let the winning discard t go, hoping
// to draw a winning tile: the hand must be fully concealed and the
// expected collection of going on (our draws, later discards, the
// others' wins and the end of the wall, round by round at the measured
// hazard) must beat taking t, weighed by selfPass.
func (r *Robot) passForSelf(x *context, t engine.Tile) bool {
	if x.decl.exposed || x.live < 8 {
		return false
	}
	take := r.takeNow(x, t)
	if take <= 0 {
		return false
	}
	return r.params.selfPass*r.goOnValue(x, waiting(x.g.Player, x.seat)) > take
}

// takeNow is our collection from going out on the discard t now (0
// when the hand cannot).
func (r *Robot) takeNow(x *context, t engine.Tile) float64 {
	r.sc.load(x.g, x.seat)
	c := x.hand
	c.Add(t)
	v, _ := r.winScores(x, &c, x.shape, Kind(t), false, nil)
	return x.collected(v)
}

// collected is what a winning score v (the engine's, within the limit)
// collects from the losers; nothing when v is no win (below zero).
func (x *context) collected(v int) float64 { return float64(max(v, 0)) * x.collect }

// goOnValue is the expected collection of a ready, fully concealed hand
// that lets the discard in front of it go and takes the first win that
// comes later, by its own draw or by a discard. Only the m players
// seated between the discarder and us play before our next draw, so the
// first round holds that share of the others' discards and of their
// chance of going out (tempo.go; scaled by params.tempo), the rounds
// after it a whole turn of each.
func (r *Robot) goOnValue(x *context, m int) float64 {
	a := &r.an3
	a.Reset(&x.hand, x.shape)
	if a.Shanten() != 0 {
		return 0
	}
	_, mask := a.Effective(0, &x.unseen)
	r.sc.load(x.g, x.seat)
	r.sc.me.NoDiscard = false // no blessing on a later tile
	// each wait's collection by either way of going out
	var self, disc [NumKinds]float64
	for k := range NumKinds {
		if mask&(1<<k) == 0 || x.unseen[k] == 0 {
			continue
		}
		c := x.hand
		c[k]++
		d, s := r.winScores(x, &c, x.shape, k, true, nil)
		disc[k], self[k] = x.collected(d), x.collected(s)
	}
	loss := lossWhenBeaten * x.collect / 4
	alive, total := 1.0, 0.0
	at := float64(x.discards())
	for t := range x.turns {
		live := x.live - 4*t
		unseen := float64(max(x.nUnseen-4*t, 8))
		var pSelf, pDisc, gSelf, gDisc float64
		for k := range NumKinds {
			n := int(x.unseen[k])
			if mask&(1<<k) == 0 || n == 0 {
				continue
			}
			ps, pd := waitRates(k, n, unseen, live)
			pSelf += ps
			pDisc += pd
			gSelf += ps * self[k]
			gDisc += pd * disc[k]
		}
		h := r.hazard(at + 4*float64(t))
		if t == 0 {
			f := r.firstRound(m)
			h, pDisc, gDisc = h*f, pDisc*f, gDisc*f
		}
		total += alive * (gSelf + gDisc - h*loss)
		alive *= max(0, 1-pSelf-pDisc-h)
	}
	return total
}
