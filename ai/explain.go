package ai

import (
	"cmp"
	"slices"

	"mahjong/engine"
)

// Weighed is one option of a decision with the robot's value for it, in
// expected points (comparable within one decision only), and what the
// value is built on, for the hand the option leaves (after the discard
// that would follow a claim): its shanten number, the chance of going
// out with it before anybody else and its score when it does. Tools
// check these against what happened (mj-arena local -calibrate). Levels
// that do not value hands give every hand the same score.
type Weighed struct {
	Action engine.Action
	Value  float64
	Steps  int
	Chance float64
	Worth  float64
}

// Decision is what the robot weighed when it chose a discard or answered
// a discard it could claim: every option, the chosen one first, then the
// others by value.
type Decision struct {
	Seq     int  // decisions so far in the robot's life, this one included
	Claim   bool // answering another player's discard (else discarding)
	Options []Weighed
}

// Explain makes the robot call f after each decision of those kinds,
// before Respond returns, with what it weighed. The Decision is reused
// by the next call. Tools use it to study the robot's choices, for
// example by playing each option out (mj-arena probe); f nil stops it.
func (r *Robot) Explain(f func(*Decision)) { r.explain = f }

// explainDiscard reports a discard decision: the candidates in r.cands,
// of which chosen was taken.
func (r *Robot) explainDiscard(chosen int) {
	d := &r.decision
	d.Options = d.Options[:0]
	for _, c := range r.cands {
		w := c.weighed(engine.PDiscard{Tile: tileOf[c.kind]}, c.ev)
		if c.bad {
			w.Value -= 1000 // a dangerous discard comes last, as in pick
		}
		d.Options = append(d.Options, w)
	}
	r.report(false, chosen)
}

// explainClaim reports a claim decision: passing (no), priced pass, the
// options weighed meanwhile (r.weighed), and the chosen action.
func (r *Robot) explainClaim(chosen engine.Action, no engine.Action, pass priced) {
	d := &r.decision
	d.Options = append(d.Options[:0], pass.weighed(no, pass.ev))
	d.Options = append(d.Options, r.weighed...)
	r.report(true, slices.IndexFunc(d.Options, func(w Weighed) bool { return w.Action == chosen }))
}

// report puts the chosen option (index chosen of r.decision.Options)
// first and the others by value, and calls the explain function.
func (r *Robot) report(claim bool, chosen int) {
	d := &r.decision
	d.Seq++
	d.Claim = claim
	w := d.Options[chosen]
	copy(d.Options[1:chosen+1], d.Options[:chosen]) // the others keep their order
	d.Options[0] = w
	slices.SortStableFunc(d.Options[1:], func(a, b Weighed) int { return cmp.Compare(b.Value, a.Value) })
	r.explain(d)
}
