// Package infer guesses the others' concealed tiles from what one seat
// sees, taking the others to play as the original robot does.
//
// The original robot is close to deterministic: it throws the tile its
// evaluator minds least, pungs nearly every pair it can and always goes
// out when it can. So its discards and its passes say a good deal about
// the tiles it holds. A Tracker remembers, for each other player, its
// discards this hand and the tiles it has let go since its last discard.
// A guess at the three hidden hands is then scored by how likely those
// choices are under it, as the original's evaluator (ai/classic's Judge)
// would have made them with the hand guessed: each recent discard by its
// chance among the tiles of that hand and the discard, a pass of a tile
// the hand holds a pair of, or would go out on, by a small chance. The
// guess is the hand as it is now, not as it was at each discard; the
// older a discard, the less that holds, so only the last few count.
//
// Hands draws guesses in proportion to that score by a Markov chain
// over the hidden tiles (Metropolis: swap a tile of one hand with an
// unplaced one, keep the swap by the ratio of the scores), so a guess
// always agrees with the table: every tile the seat can see is out of
// it, and each hand has its real size.
//
// A search of the robot's options deals the hidden tiles from a Tracker
// instead of at random, so that its plays start from hands that fit
// what the others did.
package infer

import (
	"math"
	"math/rand/v2"
	"slices"

	"mahjong/ai"
	"mahjong/ai/classic"
	"mahjong/engine"
)

// Model constants: a reasoned start, to be fitted against the original's
// logged games.
const (
	// a discard's chance goes as exp(beta × its value to the original's
	// evaluator), mixed with a share epsilon spread evenly over the
	// kinds held (the imitation makes 95 % of its own discards' choices
	// from the true hand, 78.6 % of the original's)
	beta    = 6.0
	epsilon = 0.05
	// the discards of a player that count, most recent first
	recent = 100
	// a guess under which the player would have punged a tile it let go
	// keeps this share of its score; would have gone out on it, this one
	pungPass = 0.15
	winPass  = 0.05
)

// Counts is a number of tiles of each kind, in ai's order of kinds.
type Counts = ai.Counts

// Tracker remembers what one seat has seen the others choose this hand,
// and guesses their concealed tiles from it. It is not safe for
// concurrent use.
type Tracker struct {
	seat     engine.Seat
	live     bool // a hand is under way
	thrown   [engine.NumSeats]Counts
	discards [engine.NumSeats][]int8 // each seat's discards this hand, oldest first
	passed   [engine.NumSeats]uint64 // kinds let go by each seat since its own last discard

	judge *classic.Judge
	vals  [ai.NumKinds]float64

	// the chain: one guess, its hands and what it leaves unplaced, and
	// each hand's log score
	hands [engine.NumSeats]Counts
	pool  Counts
	score [engine.NumSeats]float64
	bag   []int8 // scratch: the pool as a list
}

// New returns a tracker.
func New() *Tracker { return &Tracker{judge: classic.NewJudge()} }

// Observe updates what the tracker remembers with ev, which the seat's
// view v has already applied.
func (t *Tracker) Observe(v *engine.View, ev engine.Event) {
	switch e := ev.(type) {
	case engine.CNewHand:
		t.seat, t.live = v.Seat(), true
		t.thrown = [engine.NumSeats]Counts{}
		t.passed = [engine.NumSeats]uint64{}
		for s := range t.discards {
			t.discards[s] = t.discards[s][:0]
		}
	case engine.CPlayerMahJongs, engine.CWashOut:
		t.live = false
	case engine.CPlayerDiscards:
		s, k := v.Game.SeatOf(e.ID), ai.Kind(e.Tile)
		if s == engine.NoSeat || k < 0 {
			return
		}
		t.thrown[s][k]++
		t.discards[s] = append(t.discards[s], int8(k))
		for i := range t.passed {
			if engine.Seat(i) == s {
				t.passed[i] = 0
			} else {
				t.passed[i] |= 1 << k
			}
		}
	}
}

// Live reports whether a hand is under way for seat v.Seat().
func (t *Tracker) Live(v *engine.View) bool {
	return t.live && t.seat == v.Seat() && t.seat != engine.NoSeat
}

// unseen returns the tiles seat v cannot see anywhere.
func unseen(v *engine.View) Counts {
	g := v.Game
	var c Counts
	me := v.Me()
	var mine Counts
	for _, tl := range me.Concealed[:me.NumConcealed] {
		if k := ai.Kind(tl); k >= 0 {
			mine[k]++
		}
	}
	for k := range ai.NumKinds {
		c[k] = uint8(max(0, min(4, 4-g.ExposedCount[ai.TileOf(k)]-int(mine[k]))))
	}
	return c
}

// Start deals a first guess at random, as the table alone allows. It
// reports false when the hand is not under way or the view's tiles do
// not leave enough for the others' hands.
func (t *Tracker) Start(v *engine.View, rng *rand.Rand) bool {
	if !t.Live(v) {
		return false
	}
	t.pool = unseen(v)
	t.bag = t.bag[:0]
	for k, n := range t.pool {
		for range n {
			t.bag = append(t.bag, int8(k))
		}
	}
	rng.Shuffle(len(t.bag), func(i, j int) { t.bag[i], t.bag[j] = t.bag[j], t.bag[i] })
	t.hands = [engine.NumSeats]Counts{}
	for s, p := range v.Game.Players {
		if engine.Seat(s) == t.seat || p == nil {
			continue
		}
		if p.NumConcealed > len(t.bag) {
			return false
		}
		for _, k := range t.bag[:p.NumConcealed] {
			t.hands[s][k]++
			t.pool[k]--
		}
		t.bag = t.bag[p.NumConcealed:]
		t.score[s] = t.logScore(v, engine.Seat(s), &t.hands[s])
	}
	return true
}

// Steps moves the chain n times: a tile of one hand (taken in turn)
// swapped with an unplaced tile, kept by the ratio of the scores.
func (t *Tracker) Steps(v *engine.View, rng *rand.Rand, n int) {
	var seats []engine.Seat
	for s, p := range v.Game.Players {
		if engine.Seat(s) != t.seat && p != nil && p.NumConcealed > 0 {
			seats = append(seats, engine.Seat(s))
		}
	}
	if len(seats) == 0 {
		return
	}
	poolN := 0
	for _, c := range t.pool {
		poolN += int(c)
	}
	if poolN == 0 {
		return
	}
	for i := range n {
		s := seats[i%len(seats)]
		h := &t.hands[s]
		out := pickKind(h, v.Game.Players[s].NumConcealed, rng)
		in := pickKind(&t.pool, poolN, rng)
		if out == in || out < 0 || in < 0 {
			continue
		}
		h[out]--
		h[in]++
		sc := t.logScore(v, s, h)
		if d := sc - t.score[s]; d >= 0 || rng.Float64() < math.Exp(d) {
			t.score[s] = sc
			t.pool[out]++
			t.pool[in]--
			continue
		}
		h[in]--
		h[out]++
	}
}

// pickKind returns the kind of a tile of c (n tiles in all) taken at
// random.
func pickKind(c *Counts, n int, rng *rand.Rand) int {
	if n <= 0 {
		return -1
	}
	r := rng.IntN(n)
	for k, x := range c {
		if r < int(x) {
			return k
		}
		r -= int(x)
	}
	return -1
}

// Hands returns the chain's guess: the concealed tiles of each other
// seat, by kind (ours empty).
func (t *Tracker) Hands() [engine.NumSeats]Counts { return t.hands }

// logScore is the log of how likely seat s's choices are, holding hand
// h: its last few discards, and the tiles it let go since its own last
// discard.
func (t *Tracker) logScore(v *engine.View, s engine.Seat, h *Counts) float64 {
	g := v.Game
	sc := 0.0
	ds := t.discards[s]
	next := &t.thrown[s.Next()]
	for i := len(ds) - 1; i >= 0 && i >= len(ds)-recent; i-- {
		k := int(ds[i])
		h[k]++
		sc += math.Log(t.discardChance(g, s, h, next, k))
		h[k]--
	}
	if p := t.passed[s]; p != 0 {
		sh := ai.Shape{Sets: max(0, 4-declaredSets(g.Players[s]))}
		for k := range ai.NumKinds {
			if p&(1<<k) == 0 {
				continue
			}
			if h[k] >= 2 {
				sc += math.Log(pungPass)
			}
			if couldWin(h, k) {
				h[k]++
				if ai.Shanten(h, sh) < 0 {
					sc += math.Log(winPass)
				}
				h[k]--
			}
		}
	}
	return sc
}

// discardChance is the chance that the original, holding hand, throws
// kind k: a softened choice of its evaluator's, mixed with an even
// chance among the kinds held.
func (t *Tracker) discardChance(g *engine.Game, s engine.Seat, hand *Counts, next *Counts, k int) float64 {
	best := t.judge.Discards(g, s, (*[ai.NumKinds]uint8)(hand), (*[ai.NumKinds]uint8)(next), &t.vals)
	if best < 0 {
		return epsilon
	}
	top := t.vals[best]
	sum, kinds := 0.0, 0
	for j := range ai.NumKinds {
		if hand[j] > 0 {
			sum += math.Exp(beta * (t.vals[j] - top))
			kinds++
		}
	}
	return (1-epsilon)*math.Exp(beta*(t.vals[k]-top))/sum + epsilon/float64(kinds)
}

// couldWin reports whether kind k could possibly complete hand h: the
// hand holds it or, for a suit tile, a neighbour within two.
func couldWin(h *Counts, k int) bool {
	if h[k] > 0 {
		return true
	}
	if k >= 27 {
		return false
	}
	r := k % 9
	for d := -2; d <= 2; d++ {
		if d != 0 && r+d >= 0 && r+d <= 8 && h[k+d] > 0 {
			return true
		}
	}
	return false
}

func declaredSets(p *engine.Player) int {
	n := 0
	for _, m := range p.Melds {
		if m.Kind.Size() >= 3 {
			n++
		}
	}
	return n
}

// Tiles lists the tiles of c, kind by kind.
func Tiles(c *Counts) engine.Tiles {
	var ts engine.Tiles
	for k, n := range c {
		for range n {
			ts = append(ts, ai.TileOf(k))
		}
	}
	return slices.Clip(ts)
}
