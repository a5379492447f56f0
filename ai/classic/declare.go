package classic

import (
	"mahjong/ai"
	"mahjong/engine"
)

// This file sets out hands once somebody has gone out, in the original's
// fixed order rather than the best-scoring one: the winner places the
// claimed tile in a pung, else a pair, else a chow, then sets out its
// other tiles as pungs, then chows, then pairs, each time taking the
// first set (in the order the tiles are held) that leaves a complete
// hand; a loser sets out pungs, then chows, then pairs, and shows the
// rest.

// declareWinner sends the winner's next declaration.
func (r *Robot) declareWinner(v *engine.View) {
	g := v.Game
	s := v.Seat()
	if g.Phase != engine.MahJonging || g.Player != s {
		return
	}
	p := g.Players[s]
	if p.HandDeclared || p.Hidden {
		return
	}
	sp := g.Options.Bool(engine.OptSevenPairs)
	complete := func(try func(q *engine.Player) error) bool {
		q := *p
		return try(&q) == nil && q.CanMahJong(engine.Blank, sp)
	}
	if g.MahJongPending {
		t := g.Tile
		switch {
		case complete(func(q *engine.Player) error { return q.Pungs(t) }):
			r.buf = append(r.buf, engine.PPung{})
			return
		case complete(func(q *engine.Player) error { return q.Pairs(t) }):
			r.buf = append(r.buf, engine.PPair{})
			return
		}
		for pos := engine.Lower; pos <= engine.Upper; pos++ {
			if p.CanChow(t, pos) && complete(func(q *engine.Player) error { return q.Chows(t, pos) }) {
				r.buf = append(r.buf, engine.PChow{Pos: pos})
				return
			}
		}
		r.buf = append(r.buf, engine.PSpecialSet{})
		return
	}
	if a, ok := closedSet(p, complete); ok {
		r.buf = append(r.buf, a)
		return
	}
	r.buf = append(r.buf, engine.PFormClosedSpecialSet{})
}

// closedSet returns the first closed set among p's concealed tiles that
// ok accepts (ok tries the set on a copy of p), as the original's set
// finder offers them: pungs, then chows, then pairs, each looked for in
// the order the tiles are held.
func closedSet(p *engine.Player, ok func(try func(q *engine.Player) error) bool) (engine.Action, bool) {
	held := p.Concealed[:p.NumConcealed]
	for _, t := range held {
		if ok(func(q *engine.Player) error { return q.FormsClosedPung(t) }) {
			return engine.PFormClosedPung{Tile: t}, true
		}
	}
	for _, t := range held {
		if ok(func(q *engine.Player) error { return q.FormsClosedChow(t, engine.Lower) }) {
			return engine.PFormClosedChow{Tile: t}, true
		}
	}
	for _, t := range held {
		if ok(func(q *engine.Player) error { return q.FormsClosedPair(t) }) {
			return engine.PFormClosedPair{Tile: t}, true
		}
	}
	return nil, false
}

// declareLoser sends a loser's next declaration once the winner's hand
// is scored: as the original, the first closed pung, else chow, else
// pair its concealed tiles hold, each looked for in the order it holds
// them, down to the last tile; the rest is shown.
func (r *Robot) declareLoser(v *engine.View) {
	p := ai.LoserToDeclare(v)
	if p == nil {
		return
	}
	// A loser takes any set its tiles hold.
	legal := func(try func(q *engine.Player) error) bool {
		q := *p
		return try(&q) == nil
	}
	if a, ok := closedSet(p, legal); ok {
		r.buf = append(r.buf, a)
		return
	}
	r.buf = append(r.buf, engine.PShowTiles{})
}
