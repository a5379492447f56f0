package classic

import (
	"mahjong/ai"
	"mahjong/engine"
)

// This file sets out hands once somebody has gone out, in the original's
// fixed order rather than the best-scoring one: the winner places the
// claimed tile in a pung, else a pair, else a chow, then sets out its
// other tiles as pungs, then chows, then pairs, each time taking the
// first set that leaves a complete hand; a loser sets out pungs, then
// chows, then pairs, and shows the rest.

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
	c := concealedCounts(p)
	for k := range numKinds {
		if t := tileOf(k); c[k] >= 3 && complete(func(q *engine.Player) error { return q.FormsClosedPung(t) }) {
			r.buf = append(r.buf, engine.PFormClosedPung{Tile: t})
			return
		}
	}
	for k := range 27 {
		if t := tileOf(k); c[k] > 0 && complete(func(q *engine.Player) error { return q.FormsClosedChow(t, engine.Lower) }) {
			r.buf = append(r.buf, engine.PFormClosedChow{Tile: t})
			return
		}
	}
	for k := range numKinds {
		if t := tileOf(k); c[k] >= 2 && complete(func(q *engine.Player) error { return q.FormsClosedPair(t) }) {
			r.buf = append(r.buf, engine.PFormClosedPair{Tile: t})
			return
		}
	}
	r.buf = append(r.buf, engine.PFormClosedSpecialSet{})
}

// declareLoser sends a loser's next declaration once the winner's hand
// is scored. At least one tile is kept for the show, which is what gets
// the hand scored.
func (r *Robot) declareLoser(v *engine.View) {
	p := ai.LoserToDeclare(v)
	if p == nil {
		return
	}
	c := concealedCounts(p)
	n := p.NumConcealed
	for k := range numKinds {
		if c[k] >= 3 && n > 3 {
			r.buf = append(r.buf, engine.PFormClosedPung{Tile: tileOf(k)})
			return
		}
	}
	for k := range 27 {
		if k%9 <= 6 && c[k] > 0 && c[k+1] > 0 && c[k+2] > 0 && n > 3 {
			r.buf = append(r.buf, engine.PFormClosedChow{Tile: tileOf(k)})
			return
		}
	}
	for k := range numKinds {
		if c[k] == 2 && n > 2 {
			r.buf = append(r.buf, engine.PFormClosedPair{Tile: tileOf(k)})
			return
		}
	}
	r.buf = append(r.buf, engine.PShowTiles{})
}
