package ai

import "mahjong/engine"

// Respond returns what the robot sends after its seat received ev. v is
// the seat's view, which has already applied ev. The returned slice is
// reused by the next call.
//
// The robot answers every message that waits for it: Ready on a Pause;
// its flowers, concealed kongs and the end of its turn while declaring;
// its move after a draw or a claimed set (flower, mah-jong, kong or
// discard); a claim or NoClaim for every discard of another player and
// MahJong or NoClaim for every kong that could be robbed; the position
// of a chow granted without one; and, when the hand ends, its sets set
// out one at a time (the winner) or its scoring sets and then its tiles
// shown (a loser).
func (r *Robot) Respond(v *engine.View, ev engine.Event) []engine.Action {
	r.buf = r.buf[:0]
	r.event = ev
	r.read.observe(v, ev)
	r.pace.observe(v, ev)
	Dispatch(v, ev, &r.moments)
	return r.buf
}

// bindMoments points the robot's Moments at its own methods (New).
func (r *Robot) bindMoments() {
	r.moments = Moments{
		NewHand:       r.resetStyle,
		Ready:         func() { r.buf = append(r.buf, engine.PReady{}) },
		Turn:          r.turn,
		AfterSet:      r.afterSet,
		ChooseChow:    r.chooseChow,
		DeclareWinner: r.declareWinner,
		DeclareLoser:  r.declareLoser,
		Claim:         r.claim,
		Rob:           r.rob,
	}
}

// turn acts when the robot may have the move: declaring, or to discard
// with no tile still to draw.
func (r *Robot) turn(v *engine.View) {
	p := Mover(v)
	if p == nil {
		return
	}
	if a, ok := ForcedMove(v, p); ok {
		r.buf = append(r.buf, a)
		return
	}
	g := v.Game
	if g.Whence != engine.FromDiscard {
		if t, ok := r.chooseKong(v); ok {
			if p.CanDeclareClosedKong(t) {
				r.buf = append(r.buf, engine.PDeclareClosedKong{Tile: t})
			} else {
				r.buf = append(r.buf, engine.PAddToPung{Tile: t})
			}
			return
		}
	}
	t, calling := r.chooseDiscard(v)
	r.buf = append(r.buf, discardAction(t, calling))
}

// discardActs holds the discard of every tile value (a Tile is a byte)
// already boxed as an engine.Action, so that answering a turn allocates
// nothing: a PDiscard is two bytes, which Go would otherwise box on the
// heap at each discard.
var discardActs = func() (a [256][2]engine.Action) {
	for t := range a {
		a[t][0] = engine.PDiscard{Tile: engine.Tile(t)}
		a[t][1] = engine.PDiscard{Tile: engine.Tile(t), Calling: true}
	}
	return a
}()

// discardAction returns the boxed discard of t.
func discardAction(t engine.Tile, calling bool) engine.Action {
	if calling {
		return discardActs[t][1]
	}
	return discardActs[t][0]
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

// rob answers a kong that may be robbed.
func (r *Robot) rob(v *engine.View, t engine.Tile, serial int, added bool) {
	g := v.Game
	p := v.Me()
	if p != nil && !p.Hidden && p.CanMahJong(t, g.Options.Bool(engine.OptSevenPairs)) && (added || p.CanThirteenWonders(t)) {
		r.buf = append(r.buf, engine.PMahJong{Serial: serial})
		return
	}
	r.buf = append(r.buf, engine.PNoClaim{Serial: serial})
}
