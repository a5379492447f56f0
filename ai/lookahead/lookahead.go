// Package lookahead gives a robot a look-ahead on its claims. When the
// robot answers a discard it can claim, the model's choice and its
// runner-up are each played to the end of the hand many times: every
// play deals the tiles the robot cannot see (the others' concealed tiles
// and the undrawn wall) at random, starts an engine.Controller at that
// state and lets the robot itself (without the search) play its seat and
// the original's imitation (ai/classic) the others. Both options are
// played on the same deals, so the luck of a deal cancels between them,
// and the runner-up is taken only when its mean result beats the
// model's by a clear margin in standard errors.
//
// The package sits above ai and ai/classic (ai/classic imports ai), so a
// robot gets the search through ai.Options.Search. No level uses it by
// default: it has not yet been measured to gain (see DefaultPlays), and
// it costs a claim about 200 ms natively and up to a second or more as
// WebAssembly. The arena (a spec's search knob) and mj-player (--search)
// turn it on.
package lookahead

import (
	"math"
	"math/rand/v2"
	"time"

	"mahjong/ai"
	"mahjong/engine"
)

// Config sets how hard the search looks.
type Config struct {
	Plays int     // plays of each option (deals); 0: DefaultPlays
	Z     float64 // standard errors by which the runner-up must win; 0: DefaultZ
	// From gates the search by stakes: only a claim whose chosen option
	// the model values at From or more is searched; 0 searches every
	// claim. The probes found the search's gains in the few claims of
	// high value, where a wrong answer costs most.
	From float64
}

// The defaults: with Hard's play as the continuation, a 32-play search
// switching at 2.5 standard errors gained 1.34 ± 0.88 points a hand on
// first hands against three ai/classic robots (mj-arena probe -hidden
// -nets on 900 hands), the most reliable of the thresholds measured.
//
// Built into the robot, paired hand by hand on first hands (mj-arena
// local -hands 1), Expert with this search instead of without it at a
// table of three ai/classic robots: +0.82 ± 1.77 points a hand (3,000
// games from seed 2,000,001; 32 plays at 2 standard errors +1.47 ±
// 3.35) and +0.02 ± 0.97 (9,000 from 2,003,001), about +0.2 ± 0.9 in
// all; the mean winning score 68.65 -> 69.13 on the first block. Expert
// with it in Hard's place at a table of three Hards: -1.33 ± 1.78
// (9,000 from 2,100,001), where its model of the others (ai/classic)
// is not theirs. A claim took p99 about 195 ms natively, and as
// WebAssembly in headless Chromium p99 824 ms, at most 1.4 s.
//
// Against the real original, paired on first hands (mj-arena original
// -robot expert -games 3000 -hands 1 -seed 15000001 with -variant), where
// the imitation the search plays the others with is close to the truth:
// the full search -0.43 ± 1.02 points a hand, and gated to the claims
// valued at 150 or more (search=32,2.5,150, the high-stakes claims the
// probes credited with most of the gain) -0.33 ± 0.68. So no level uses
// it.
//
// Deal spreads the unseen tiles uniformly, so the others' hands in its
// plays are as far from ready as fresh ones, while real hands some turns
// into play are much nearer: the plays see the others as slow. With each
// other hand brought to the real one's shanten number instead (mj-arena
// probe -hidden -match, an oracle no robot has), the probe's search
// still finds little to take: on 1,500 first hands from seed 4,000,001
// (4,032 claims, 32 plays of the choice and its runner-up), switching at
// 2 standard errors +0.55 ± 0.58 points a hand, at 2.5 +0.49 ± 0.43.
// Even with the others' speed known, searching the claims is worth under
// a point a hand, so Deal is left uniform.
const (
	DefaultPlays = 32
	DefaultZ     = 2.5
)

// pauseEvery is how much searching may pass between two pauses (see
// pause): about a frame of the browser's animation.
const pauseEvery = 12 * time.Millisecond

// Search is an ai.Search. It counts what it does, so, like a robot, it
// serves one seat and is not safe for concurrent use.
type Search struct {
	cfg   Config
	stats Stats
}

// Stats count what a Search did.
type Stats struct {
	Decisions int // claims searched
	Switched  int // of which the runner-up was taken
	Failed    int // abandoned (a deal or a play that could not be made)
	Plays     int // hands played out
	Skipped   int // claims below Config.From, left to the model unsearched
}

// NewSearch returns a claim search.
func NewSearch(cfg Config) *Search {
	if cfg.Plays <= 0 {
		cfg.Plays = DefaultPlays
	}
	if cfg.Z <= 0 {
		cfg.Z = DefaultZ
	}
	return &Search{cfg: cfg}
}

// Stats returns the counts so far.
func (s *Search) Stats() Stats { return s.stats }

// Claim implements ai.Search: it plays opts[0] and opts[1] out on the
// same deals and takes opts[1] when Better says so. Any further options
// stay unplayed; a deal or play that cannot be made keeps opts[0], and
// so does a claim below Config.From.
func (s *Search) Claim(r *ai.Robot, v *engine.View, ev engine.Event, opts []ai.Weighed) int {
	if len(opts) < 2 {
		return 0
	}
	if opts[0].Value < s.cfg.From {
		s.stats.Skipped++
		return 0
	}
	s.stats.Decisions++
	g := v.Game
	seed := r.Options().Seed ^ uint64(g.Serial)*0x9e3779b97f4a7c15 ^ uint64(g.LiveLeft())<<40 ^ uint64(v.ID)<<56
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	n := s.cfg.Plays
	var sum, sumSq float64
	last := time.Now()
	for range n {
		if time.Since(last) >= pauseEvery {
			pause()
			last = time.Now()
		}
		deal, ok := Deal(v, rng)
		if !ok {
			s.stats.Failed++
			return 0
		}
		var net [2]float64
		for j := range 2 {
			x, ok := PlayOut(deal.Clone(), v, r.Fork(), ev, opts[j].Action)
			if !ok {
				s.stats.Failed++
				return 0
			}
			s.stats.Plays++
			net[j] = float64(x)
		}
		d := net[1] - net[0]
		sum += d
		sumSq += d * d
	}
	if Better(sum, sumSq, n, s.cfg.Z) {
		s.stats.Switched++
		return 1
	}
	return 0
}

// Better reports whether differences d1..dn with the given sum and sum
// of squares show the runner-up better: their mean is positive and at
// least z standard errors from zero.
func Better(sum, sumSq float64, n int, z float64) bool {
	if n < 2 {
		return false
	}
	mean := sum / float64(n)
	sd := math.Sqrt(max(0, sumSq/float64(n)-mean*mean) * float64(n) / float64(n-1))
	return mean > 0 && mean > z*sd/math.Sqrt(float64(n))
}
