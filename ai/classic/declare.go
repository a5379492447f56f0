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
	// Each kind of set is looked for in the order the tiles are held.
	held := append(engine.Tiles(nil), p.Concealed[:p.NumConcealed]...)
	for _, t := range held {
		if complete(func(q *engine.Player) error { return q.FormsClosedPung(t) }) {
			r.buf = append(r.buf, engine.PFormClosedPung{Tile: t})
			return
		}
	}
	for _, t := range held {
		if complete(func(q *engine.Player) error { return q.FormsClosedChow(t, engine.Lower) }) {
			r.buf = append(r.buf, engine.PFormClosedChow{Tile: t})
			return
		}
	}
	for _, t := range held {
		if complete(func(q *engine.Player) error { return q.FormsClosedPair(t) }) {
			r.buf = append(r.buf, engine.PFormClosedPair{Tile: t})
			return
		}
	}
	r.buf = append(r.buf, engine.PFormClosedSpecialSet{})
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
	c := concealedCounts(p)
	held := p.Concealed[:p.NumConcealed]
	for _, t := range held {
		if k := kindOf(t); k >= 0 && c[k] >= 3 {
			r.buf = append(r.buf, engine.PFormClosedPung{Tile: t})
			return
		}
	}
	for _, t := range held {
		if k := kindOf(t); k >= 0 && k < 27 && k%9 <= 6 && c[k+1] > 0 && c[k+2] > 0 {
			r.buf = append(r.buf, engine.PFormClosedChow{Tile: t})
			return
		}
	}
	for _, t := range held {
		if k := kindOf(t); k >= 0 && c[k] >= 2 {
			r.buf = append(r.buf, engine.PFormClosedPair{Tile: t})
			return
		}
	}
	r.buf = append(r.buf, engine.PShowTiles{})
}
