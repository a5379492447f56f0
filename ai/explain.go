package ai

import (
	"cmp"
	"slices"

	"mahjong/engine"
)

// Weighed is one option of a decision with the robot's value for it, in
// expected points (comparable within one decision only).
type Weighed struct {
	Action engine.Action
	Value  float64
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
	d.Seq++
	d.Claim = false
	d.Options = d.Options[:0]
	for i, c := range r.cands {
		w := Weighed{Action: engine.PDiscard{Tile: tileOf[c.kind]}, Value: c.ev}
		if c.bad {
			w.Value -= 1000 // a dangerous discard comes last, as in pick
		}
		if i == chosen {
			d.Options = slices.Insert(d.Options, 0, w)
			continue
		}
		d.Options = append(d.Options, w)
	}
	slices.SortStableFunc(d.Options[1:], byValue)
	r.explain(d)
}

// explainClaim reports a claim decision: pass (no) worth evPass, the
// options weighed meanwhile (r.weighed), and the chosen action.
func (r *Robot) explainClaim(chosen engine.Action, no engine.Action, evPass float64) {
	d := &r.decision
	d.Seq++
	d.Claim = true
	d.Options = append(d.Options[:0], Weighed{Action: no, Value: evPass})
	d.Options = append(d.Options, r.weighed...)
	for i, w := range d.Options {
		if w.Action == chosen {
			d.Options[0], d.Options[i] = d.Options[i], d.Options[0]
			break
		}
	}
	slices.SortStableFunc(d.Options[1:], byValue)
	r.explain(d)
}

// byValue orders options best first.
func byValue(a, b Weighed) int { return cmp.Compare(b.Value, a.Value) }
