package classic

import (
	"fmt"

	"mahjong/ai"
	"mahjong/engine"
)

// DefaultHysteresis is how much better another strategy must evaluate
// before the robot switches to it, as in the original.
const DefaultHysteresis = 4.0

// The original's default lists of strategy values.
var (
	DefaultChowness   = []float64{0, -0.9, 0.5}
	DefaultHiddenness = []float64{0, 0.8}
	DefaultMajorness  = []float64{0}
	DefaultSuitness   = []float64{0, 0.5}
)

// Options are the original's strategy options. A nil list means the
// original's default list; a list of one value fixes that knob. With
// every knob fixed the robot never switches strategy, except that a
// suitness above 0, fixed or not, still lets it switch the suit it
// collects (none at the start of a hand), as the original's does.
type Options struct {
	Chowness   []float64 // -1..1
	Hiddenness []float64 // 0..1
	Majorness  []float64 // 0..1
	Suitness   []float64 // 0..1
	Hysteresis float64   // 0: DefaultHysteresis
}

// Validate reports the first value out of its knob's range.
func (o Options) Validate() error {
	check := func(name string, xs []float64, lo, hi float64) error {
		for _, x := range xs {
			if !(x >= lo && x <= hi) {
				return fmt.Errorf("classic: %s %g out of %g..%g", name, x, lo, hi)
			}
		}
		return nil
	}
	if err := check("chowness", o.Chowness, -1, 1); err != nil {
		return err
	}
	if err := check("hiddenness", o.Hiddenness, 0, 1); err != nil {
		return err
	}
	if err := check("majorness", o.Majorness, 0, 1); err != nil {
		return err
	}
	return check("suitness", o.Suitness, 0, 1)
}

// Robot plays one seat as the original mj-player does. It is not safe
// for concurrent use; give each seat its own.
type Robot struct {
	chowL, hiddenL, majorL, suitL []float64
	hyst                          float64

	cur        strategy // the strategy in force
	nextThrown counts   // the next player's discards this hand, by kind
	ev         *evaluator
	buf        []engine.Action
	melds      []engine.Meld
	moments    ai.Moments // what Respond does when (bound by New)
}

// New returns a robot. Out-of-range knob values are clamped (see
// Options.Validate to refuse them instead).
func New(o Options) *Robot {
	pick := func(xs, def []float64, lo, hi float64) []float64 {
		if len(xs) == 0 {
			xs = def
		}
		out := make([]float64, len(xs))
		for i, x := range xs {
			if x != x { // NaN
				x = 0
			}
			out[i] = max(lo, min(hi, x))
		}
		return out
	}
	r := &Robot{
		chowL:   pick(o.Chowness, DefaultChowness, -1, 1),
		hiddenL: pick(o.Hiddenness, DefaultHiddenness, 0, 1),
		majorL:  pick(o.Majorness, DefaultMajorness, 0, 1),
		suitL:   pick(o.Suitness, DefaultSuitness, 0, 1),
		hyst:    o.Hysteresis,
		ev:      newEvaluator(),
		buf:     make([]engine.Action, 0, 4),
		melds:   make([]engine.Meld, 0, engine.MaxMelds+1),
	}
	if r.hyst == 0 {
		r.hyst = DefaultHysteresis
	}
	r.resetStrategy()
	r.bindMoments()
	return r
}

// resetStrategy goes back to the first listed value of every knob.
func (r *Robot) resetStrategy() {
	r.cur = strategy{chow: r.chowL[0], hidden: r.hiddenL[0], major: r.majorL[0], suit: r.suitL[0]}
}

// Respond returns what the robot sends after its seat received ev; v is
// the seat's view, which has already applied ev. The returned slice is
// reused by the next call.
//
// Like every robot at the table it answers each message that waits for
// it: Ready on a Pause, its flowers and the end of its declaring turn,
// its move after a draw or a claimed set, a claim or NoClaim on every
// discard and every robbable kong, and its declarations once somebody
// has gone out.
func (r *Robot) Respond(v *engine.View, ev engine.Event) []engine.Action {
	r.buf = r.buf[:0]
	ai.Dispatch(v, ev, &r.moments)
	return r.buf
}

// bindMoments points the robot's ai.Moments at its own methods (New).
func (r *Robot) bindMoments() {
	r.moments = ai.Moments{
		NewHand: func() {
			r.resetStrategy()
			r.nextThrown = counts{}
		},
		Ready:         func() { r.buf = append(r.buf, engine.PReady{}) },
		Turn:          r.turn,
		AfterSet:      r.afterSet,
		ChooseChow:    r.chooseChow,
		DeclareWinner: r.declareWinner,
		DeclareLoser:  r.declareLoser,
		Claim:         r.claim,
		Rob:           r.rob,
		Discard:       r.noteDiscard,
	}
}

// noteDiscard keeps count of what the next player throws: a tile they
// let go they probably cannot chow.
func (r *Robot) noteDiscard(v *engine.View, m engine.CPlayerDiscards) {
	if v.Game.SeatOf(m.ID) == v.Seat().Next() {
		if k := kindOf(m.Tile); k >= 0 {
			r.nextThrown[k]++
		}
	}
}

// afterSet acts after the robot set out a claimed pung or chow: in play
// it then discards, when going out it goes on declaring.
func (r *Robot) afterSet(v *engine.View) {
	if v.Game.Phase == engine.MahJonging {
		r.declareWinner(v)
		return
	}
	r.turn(v)
}

// Strategy returns the knob values in force (the strategy switches
// during a hand), for tools and tests.
func (r *Robot) Strategy() (chowness, hiddenness, majorness, suitness float64) {
	return r.cur.chow, r.cur.hidden, r.cur.major, r.cur.suit
}
