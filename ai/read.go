package ai

import "mahjong/engine"

// Reading the others' waits. A discard that completes another player's
// hand ends ours at once and makes us pay; nothing in these rules makes
// the discarder pay more, so the cost is the chance that the tile wins
// for somebody times what that win takes from us (the payment and our
// own prospects), and the only question is that chance.
//
// Two public facts bound it. A player whose hand has not changed since
// its last discard, and who let a tile go by without going out on it,
// does not wait on that tile (there is no furiten rule, but a player who
// could go out does: the original robot passes a discard win only in its
// concealed strategy, and then only with many live winning tiles). And a
// wait needs tiles: a pair or single wait on a kind needs an unseen copy
// of it in that hand, a chow wait two unseen neighbours. How likely a
// player is to be ready at all follows from the measured chance that a
// player with that many exposed sets goes out at this point of the hand
// (hazard.go).
//
// No level uses it: measured against the original robots and our own, the
// deal-ins it saves cost more in speed than they are worth (levels.go),
// and so do those of the read fitted to the true hands (waitread.go,
// waitFit). The tunables dealIn, dealEV and waitFit turn them on for a
// match.

// tableRead is what a robot remembers of the hand beyond the view.
type tableRead struct {
	// passed[s]: kinds (bit k) discarded by the others since seat s last
	// discarded, which s did not go out on
	passed [engine.NumSeats]uint64
	hist   waitHist // each seat's discards this hand (waitread.go)
}

// observe updates the read with an event the seat's view has applied.
func (t *tableRead) observe(v *engine.View, ev engine.Event) {
	switch e := ev.(type) {
	case engine.CNewHand:
		*t = tableRead{}
	case engine.CPlayerDiscards:
		s := v.Game.SeatOf(e.ID)
		k := Kind(e.Tile)
		if s == engine.NoSeat || k < 0 {
			return
		}
		t.hist.add(s, k)
		for i := range t.passed {
			if engine.Seat(i) == s {
				t.passed[i] = 0
			} else {
				t.passed[i] |= 1 << k
			}
		}
	}
}

// Constants of the wait model (a reasoned guess, not fitted): a ready
// player goes out in about one round of four discards in five, so the
// chance of being ready is about five times the chance of going out this
// round; ready hands wait on about two kinds; a passed kind keeps a tenth
// of its weight (the original's concealed strategy may pass a win).
const (
	readyPerHazard = 5
	waitKinds      = 2
	passedWeight   = 0.1
	readyCap       = 0.8
	winPayment     = 60 // a typical winning score, in points
)

// dealRisks fills x.dealRisk: for each kind, the expected number of the
// others who would go out on it (each term at most 1), and x.dealPay:
// the matching expected payment, in points, East's stakes included.
func (r *Robot) dealRisks(x *context) {
	if !r.dealAsked(x) {
		return
	}
	x.dealRisk = [NumKinds]float64{}
	x.dealPay = [NumKinds]float64{}
	d := x.discards()
	eastK := x.g.Options.Bool(engine.OptEastDoubles)
	for i, p := range x.g.Players {
		s := engine.Seat(i)
		if s == x.seat || p == nil {
			continue
		}
		pay := float64(winPayment)
		if eastK && (s == engine.EastSeat || x.seat == engine.EastSeat) {
			pay *= 2
		}
		if r.params.waitFit > 0 {
			// the learned read (waitread.go), for the kinds we may throw
			for k := range NumKinds {
				if x.hand[k] == 0 {
					continue
				}
				q := r.params.waitFit * r.waitChance(x, s, k)
				x.dealRisk[k] += q
				x.dealPay[k] += q * pay
			}
			continue
		}
		e := exposedSets(p)
		ready := min(readyCap, readyPerHazard*oppHazardAt(float64(d), e))
		switch {
		case p.Calling || p.OriginalCall:
			ready = 1 // declared ready
		case p.NumConcealed <= 1:
			ready = 0.9 // one tile left: waiting on its pair
		}
		var w [NumKinds]float64
		sum := 0.0
		for k := range NumKinds {
			w[k] = x.waitOdds(k, p.NumConcealed > 1)
			if r.read.passed[s]&(1<<k) != 0 {
				w[k] *= passedWeight
			}
			sum += w[k]
		}
		if sum <= 0 {
			continue
		}
		for k := range NumKinds {
			q := ready * min(1, waitKinds*w[k]/sum)
			x.dealRisk[k] += q
			x.dealPay[k] += q * pay
		}
	}
}

// waitOdds is how readily another hand waits on kind k, from the
// unseen tiles: a pair or single wait needs a copy of k, a chow wait two
// neighbours (only when the hand holds more than one tile).
func (x *context) waitOdds(k int, chows bool) float64 {
	w := float64(x.unseen[k]) / 4
	if !chows || k >= 27 {
		return w
	}
	return w + chowOdds(&x.unseen, k)
}

// dealAsked reports whether discards are charged dealCost at all: with
// a weight on the deal-in read, or on the extra share under DiscDoubles.
func (r *Robot) dealAsked(x *context) bool { return r.params.dealIn > 0 || x.discK > 0 }

// dealCost is what discarding kind k costs in the others' wins, given
// ev, the value of our hand after it. Under the default rules a
// discarder pays no more than the others, so the whole cost is the win
// we make happen sooner (dealIn, off in every level). With DiscDoubles
// the discarder pays the winner's score once more (twice when East is
// either side), and that extra share is a cost of the discard itself
// (discK): dealPay is exactly that share times the chance.
func (r *Robot) dealCost(x *context, k int, ev float64) float64 {
	return r.params.dealIn*(r.params.dealEV*x.dealRisk[k]*max(ev, 0)+x.dealPay[k]) + x.discK*x.dealPay[k]
}
