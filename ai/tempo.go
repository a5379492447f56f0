package ai

import (
	"math"

	"mahjong/engine"
)

// The chance of going out (pWinW) counts every one of our turns from the
// moment of the decision as three turns of the others followed by our
// draw. That holds for a hand that has just discarded, and so for a
// claim, after which we discard at once. A discard we let go is
// different: our draw comes after only the players seated between the
// discarder and us (none when the left player threw it), and a claimed
// kong's loose tile comes at once. Without a correction passing is
// priced as if the others had a whole round to go out first, so every
// claim looks better against passing than it is. params.tempo scales
// the correction (0: none).

// waiting is the number of players whose turns come between a discard
// by seat from and the next draw of seat me, when nobody claims it.
func waiting(from, me engine.Seat) int {
	return (int(me) - int(from) - 1 + 2*engine.NumSeats) % engine.NumSeats
}

// skipped is the share of a whole round of the others' turns that does
// not come before our next draw when m of them play first, scaled by
// params.tempo: (3-m)/3 with the full correction, 0 without it.
func (r *Robot) skipped(m int) float64 {
	return r.params.tempo * float64(3-min(m, 3)) / 3
}

// leadAfter is the factor on the chance of going out of a hand whose
// next draw comes after m turns of the others instead of three: the
// survival of the turns skipped, taken back.
func (r *Robot) leadAfter(x *context, m int) float64 {
	k := r.skipped(m)
	if k == 0 {
		return 1
	}
	s := x.survAt[0]
	if s <= 0 || s >= 1 {
		return 1
	}
	return math.Pow(s, -k)
}

// firstRound is the share of a whole round of the others' turns that
// comes before our next draw when m of them play first.
func (r *Robot) firstRound(m int) float64 {
	return math.Max(0, 1-r.skipped(m))
}

// evalAfter is evalHand for a hand whose next draw comes after m turns
// of the others. The factor goes on the finished chance (x.lead), not
// into pWinW, so that the cached ready and one-step values, which
// passing and claiming share, do not depend on it.
func (r *Robot) evalAfter(x *context, m int, c *Counts, d *declInfo, extra []engine.Meld) priced {
	x.lead = r.leadAfter(x, m)
	h := r.evalHand(x, c, d, extra)
	x.lead = 1
	return h
}
