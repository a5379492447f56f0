package ai

import "math"

// Expert's search: when the best discards are close in the model's
// values, play the hand out from each of them (rollout.go) on the same
// random deals (common random numbers, so that the luck of a deal
// cancels between the candidates) and keep the one whose mean result is
// best, when it beats the model's choice by a clear margin.

// searchDiscard returns the index in r.cands of the discard to make,
// given the model's choice best.
func (r *Robot) searchDiscard(x *context, best int) int {
	pr := &r.params
	if pr.searchN <= 0 || x.live < 8 {
		return best
	}
	b := r.cands[best]
	if b.bad {
		return best
	}
	// the close candidates, best first
	idx := append(r.searchIdx[:0], best)
	for i, c := range r.cands {
		if i != best && !c.bad && c.ev >= b.ev*(1-pr.searchClose) && c.ev > 0 {
			idx = append(idx, i)
		}
	}
	r.searchIdx = idx
	if len(idx) == 1 {
		return best
	}
	// the others by value, best first (insertion: a handful, no garbage)
	for i := 2; i < len(idx); i++ {
		for j := i; j > 1 && r.cands[idx[j]].ev > r.cands[idx[j-1]].ev; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	idx = idx[:min(len(idx), int(pr.searchK), 8)]

	seed := r.opts.Seed ^ uint64(x.g.Serial)*0x9e3779b97f4a7c15 ^ uint64(x.live)<<40 ^ uint64(x.seat)<<56
	for k, n := range x.hand {
		seed = seed*31 + uint64(n)*uint64(k+7)
	}
	ro := &r.ro
	var sum, sumSq [8]float64
	for n := range int(pr.searchN) {
		ro.deal(x, splitmix(seed+uint64(n)))
		play := splitmix(seed ^ uint64(n)<<20)
		base := 0.0
		for j, i := range idx {
			ro.reset(play)
			v := float64(ro.play(r.cands[i].kind))
			if j == 0 {
				base = v
			}
			sum[j] += v
			sumSq[j] += (v - base) * (v - base)
		}
	}
	// the best mean, if it beats the model's choice by z standard errors
	// of the paired difference
	choice, choiceM := 0, sum[0]
	n := float64(pr.searchN)
	for j := 1; j < len(idx); j++ {
		d := (sum[j] - sum[0]) / n
		v := (sumSq[j]/n - d*d) / n
		if d > pr.searchZ*math.Sqrt(math.Max(v, 0)) && sum[j] > choiceM {
			choice, choiceM = j, sum[j]
		}
	}
	return idx[choice]
}
