package classic

import "mahjong/engine"

// Judge prices the discards of a hand that may not be anybody's real
// hand, the way the original robot's evaluator would with its default
// strategy. A robot that models the others as original robots uses it to
// ask how likely a discard it saw is, given a guess at the hand it came
// from (package ai/infer). A Judge is not safe for concurrent use.
type Judge struct {
	ev    *evaluator
	melds []engine.Meld
	c     counts
	next  counts
}

// NewJudge returns a judge.
func NewJudge() *Judge {
	return &Judge{ev: newEvaluator(), melds: make([]engine.Meld, 0, engine.MaxMelds+1)}
}

// Discards fills vals[k], for every kind k that hand holds, with the
// value the original's evaluator gives the hand left by throwing k,
// including its small credit for kinds the next player threw (next, by
// kind), and returns the kind it would throw (-1 for an empty hand).
// hand is the concealed tiles of seat s of g, by kind (the order of
// package ai), and g supplies the declared sets of s and what the table
// shows, from which the evaluator counts the live tiles.
func (j *Judge) Discards(g *engine.Game, s engine.Seat, hand *[numKinds]uint8, next *[numKinds]uint8, vals *[numKinds]float64) int {
	for k, n := range hand {
		j.c[k] = int8(n)
		j.next[k] = int8(next[k])
	}
	j.ev.load(g, s, &j.c)
	j.ev.use(strategy{})
	j.melds = j.melds[:0]
	if p := g.Players[s]; p != nil {
		for _, m := range p.Melds {
			if m.Kind != engine.NoMeld {
				j.melds = append(j.melds, m)
			}
		}
	}
	bestK, best := -1, negInf
	for k := range numKinds {
		if j.c[k] == 0 {
			continue
		}
		j.c[k]--
		x := j.ev.value(&j.c, j.melds)
		j.c[k]++
		x += nextCredit(&j.next, k)
		vals[k] = x
		if x > best-1e-9 {
			bestK, best = k, x
		}
	}
	return bestK
}
