package ai

import "mahjong/engine"

// This file sets out hands once somebody has gone out: the winner's
// concealed tiles in the arrangement that scores best (through the
// engine's scorer), one set per message, and a loser's scoring sets
// before it shows the rest.

// declared counts p's declared sets and pairs.
func declared(p *engine.Player) (sets, pairs int) {
	for _, m := range p.Melds {
		switch m.Kind.Size() {
		case 0:
		case 2:
			pairs++
		default:
			sets++
		}
	}
	return sets, pairs
}

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
	var c Counts
	for _, t := range p.Concealed[:p.NumConcealed] {
		c.Add(t)
	}
	sets, pairs := declared(p)
	sp := g.Options.Bool(engine.OptSevenPairs)
	sc := &r.sc
	sc.load(g, s)
	if g.MahJongPending {
		t := g.Tile
		k := Kind(t)
		if k >= 0 {
			c[k]++
			best, a, ci := -1, arrangement{}, -1
			if pairs == 0 {
				best, a, ci = sc.bestWin(s, &c, 4-sets, sp && sets == 0, t, false, nil)
			} else if pairs == 1 {
				best, a, ci = sc.bestWinNoPair(s, &c, 4-sets, t, false)
			}
			c[k]--
			if best >= 0 && ci >= 0 {
				m := a.melds[ci]
				switch m.Kind {
				case engine.ClosedPung:
					r.buf = append(r.buf, engine.PPung{})
					return
				case engine.ClosedPair:
					r.buf = append(r.buf, engine.PPair{})
					return
				case engine.ClosedChow:
					r.buf = append(r.buf, engine.PChow{Pos: engine.ChowPos(Kind(t) - Kind(m.Tile))})
					return
				}
			}
		}
		if sevenPairsPending(p, t, sp) {
			r.buf = append(r.buf, engine.PPair{})
			return
		}
		r.buf = append(r.buf, engine.PSpecialSet{})
		return
	}
	best, a := -1, arrangement{}
	switch {
	case pairs == 0:
		best, a, _ = sc.bestWin(s, &c, 4-sets, sp && sets == 0, g.Tile, true, nil)
	case pairs == 1 && sets < 5:
		best, a, _ = sc.bestWinNoPair(s, &c, 4-sets, g.Tile, true)
	default:
		// seven pairs under way
		for k, n := range c {
			if n == 2 {
				r.buf = append(r.buf, engine.PFormClosedPair{Tile: tileOf[k]})
				return
			}
		}
	}
	if best >= 0 && a.n > 0 {
		m := a.melds[0]
		switch m.Kind {
		case engine.ClosedPung:
			r.buf = append(r.buf, engine.PFormClosedPung{Tile: m.Tile})
		case engine.ClosedChow:
			r.buf = append(r.buf, engine.PFormClosedChow{Tile: m.Tile})
		case engine.ClosedPair:
			r.buf = append(r.buf, engine.PFormClosedPair{Tile: m.Tile})
		}
		return
	}
	r.buf = append(r.buf, fallbackDeclaration(g, p))
}

// fallbackDeclaration finds any next declaration that keeps the hand
// complete (seven pairs under way, or a hand the search missed).
func fallbackDeclaration(g *engine.Game, p *engine.Player) engine.Action {
	sp := g.Options.Bool(engine.OptSevenPairs)
	for _, t := range p.Concealed[:p.NumConcealed] {
		if cp := *p; cp.FormsClosedPung(t) == nil && cp.CanMahJong(engine.Blank, sp) {
			return engine.PFormClosedPung{Tile: t}
		}
		if cp := *p; cp.FormsClosedChow(t, engine.Lower) == nil && cp.CanMahJong(engine.Blank, sp) {
			return engine.PFormClosedChow{Tile: t}
		}
		if cp := *p; cp.FormsClosedPair(t) == nil && cp.CanMahJong(engine.Blank, sp) {
			return engine.PFormClosedPair{Tile: t}
		}
	}
	return engine.PFormClosedSpecialSet{}
}

// sevenPairsPending reports whether the claimed tile t completes seven
// pairs for p.
func sevenPairsPending(p *engine.Player, t engine.Tile, sp bool) bool {
	if !sp {
		return false
	}
	cp := *p
	return cp.Pairs(t) == nil && cp.CanMahJong(engine.Blank, true)
}

// bestWinNoPair is bestWin for a hand whose pair is already declared.
func (sc *scorer) bestWinNoPair(s engine.Seat, c *Counts, sets int, w engine.Tile, selfDrawn bool) (best int, bestA arrangement, bestCI int) {
	best, bestCI = -1, -1
	var a arrangement
	splitSets(c, 0, sets, true, &a, func(a *arrangement) {
		if selfDrawn {
			if v := sc.winScore(s, a, -1, w, true, nil); v > best {
				best, bestA, bestCI = v, *a, -1
			}
			return
		}
		for ci, m := range a.melds[:a.n] {
			if meldHolds(m, w) {
				if v := sc.winScore(s, a, ci, w, false, nil); v > best {
					best, bestA, bestCI = v, *a, ci
				}
			}
		}
	})
	return best, bestA, bestCI
}

// declareLoser sends a loser's next declaration: its concealed pungs and
// scoring pairs (the only concealed sets a losing hand scores), then the
// rest of its tiles. At least one tile is kept for the show, which is
// what gets a hand scored.
func (r *Robot) declareLoser(v *engine.View) {
	g := v.Game
	p := LoserToDeclare(v)
	if p == nil {
		return
	}
	var c Counts
	for _, t := range p.Concealed[:p.NumConcealed] {
		c.Add(t)
	}
	n := p.NumConcealed
	for k, x := range c {
		if x >= 3 && n > 3 {
			r.buf = append(r.buf, engine.PFormClosedPung{Tile: tileOf[k]})
			return
		}
	}
	for k, x := range c {
		if x == 2 && n > 2 && doublesOf(tileOf[k], p.Wind, g.Round) > 0 || x == 2 && n > 2 && tileOf[k].IsDragon() {
			r.buf = append(r.buf, engine.PFormClosedPair{Tile: tileOf[k]})
			return
		}
	}
	r.buf = append(r.buf, engine.PShowTiles{})
}

// LoserToDeclare returns the seat's player when it has lost the hand and
// must now declare its concealed sets: the winner's hand is scored, and
// ours is neither declared nor hidden. Otherwise it returns nil.
func LoserToDeclare(v *engine.View) *engine.Player {
	g := v.Game
	s := v.Seat()
	if g.Phase != engine.MahJonging || g.Player == s || g.Player == engine.NoSeat {
		return nil
	}
	p := g.Players[s]
	if p.HandDeclared || p.Hidden || p.NumConcealed == 0 {
		return nil
	}
	if g.Players[g.Player].HandScore < 0 {
		return nil // the winner's hand is not scored yet
	}
	return p
}
