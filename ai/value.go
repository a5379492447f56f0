package ai

import "mahjong/engine"

// This file prices complete hands with the engine's own scorer
// (engine.ScoreHand) and finds the best arrangement of concealed tiles
// into sets, for the winner's declaration and for the value of a ready
// hand's waits.

// arrangement is a complete split of concealed tiles into sets: melds
// with Kind ClosedPung, ClosedChow or ClosedPair (Tile = lowest tile).
type arrangement struct {
	n     int
	melds [7]engine.Meld
}

// arrangements calls f with every split of c into sets sets (pungs or
// chows) and one pair, or into seven pairs when sevenPairs. c is
// restored.
func arrangements(c *Counts, sets int, sevenPairs bool, f func(*arrangement)) {
	var a arrangement
	if sevenPairs && sets == 4 {
		pairs := 0
		for k, x := range c {
			switch x {
			case 0:
			case 2, 4:
				for range x / 2 {
					if a.n == len(a.melds) {
						pairs = -100
						break
					}
					pairs++
					a.melds[a.n] = engine.Meld{Kind: engine.ClosedPair, Tile: tileOf[k]}
					a.n++
				}
			default:
				pairs = -100
			}
			if a.n >= len(a.melds) {
				break
			}
		}
		if pairs == 7 {
			f(&a)
		}
		a = arrangement{}
	}
	splitSets(c, 0, sets, false, &a, f)
}

func splitSets(c *Counts, from, sets int, pair bool, a *arrangement, f func(*arrangement)) {
	k := from
	for k < NumKinds && c[k] == 0 {
		k++
	}
	if k == NumKinds {
		if sets == 0 && pair {
			f(a)
		}
		return
	}
	push := func(kind engine.MeldKind) { a.melds[a.n] = engine.Meld{Kind: kind, Tile: tileOf[k]}; a.n++ }
	if sets > 0 && c[k] >= 3 {
		c[k] -= 3
		push(engine.ClosedPung)
		splitSets(c, k, sets-1, pair, a, f)
		a.n--
		c[k] += 3
	}
	if sets > 0 && k < 27 && k%9 <= 6 && c[k+1] > 0 && c[k+2] > 0 {
		c[k]--
		c[k+1]--
		c[k+2]--
		push(engine.ClosedChow)
		splitSets(c, k, sets-1, pair, a, f)
		a.n--
		c[k]++
		c[k+1]++
		c[k+2]++
	}
	if !pair && c[k] >= 2 {
		c[k] -= 2
		push(engine.ClosedPair)
		splitSets(c, k, sets, true, a, f)
		a.n--
		c[k] += 2
	}
}

// scorer prices hypothetical hands of one seat through engine.ScoreHand,
// on a private copy of the table.
type scorer struct {
	g       engine.Game
	me      engine.Player
	players [engine.NumSeats]engine.Player
}

// load copies the table of v for seat s.
func (sc *scorer) load(g *engine.Game, s engine.Seat) {
	sc.g = *g
	for i, p := range g.Players {
		sc.players[i] = *p
		sc.g.Players[i] = &sc.players[i]
	}
	sc.me = *g.Players[s]
}

// winScore returns the score of seat s going out with the concealed
// tiles c (complete, including the winning tile w) arranged as a, the
// set holding w taken from a discard (claimed at index ci of a) unless
// selfDrawn.
func (sc *scorer) winScore(s engine.Seat, a *arrangement, ci int, w engine.Tile, selfDrawn bool, extra []engine.Meld) int {
	p := &sc.players[s]
	*p = sc.me
	p.NumConcealed = 0
	p.Concealed = [engine.MaxConcealed]engine.Tile{}
	i := 0
	for i < len(p.Melds) && p.Melds[i].Kind != engine.NoMeld {
		i++
	}
	for _, m := range extra {
		if i < len(p.Melds) {
			p.Melds[i] = m
			i++
		}
	}
	for j, m := range a.melds[:a.n] {
		if j == ci {
			switch m.Kind {
			case engine.ClosedPung:
				m.Kind = engine.Pung
			case engine.ClosedChow:
				m.Kind = engine.Chow
			case engine.ClosedPair:
				m.Kind = engine.Pair
			}
		}
		if i < len(p.Melds) {
			p.Melds[i] = m
			i++
		}
	}
	p.HandDeclared = true
	g := &sc.g
	g.Phase = engine.MahJonging
	g.Player = s
	g.Tile = w
	if selfDrawn {
		g.Whence = engine.FromWall
	} else {
		g.Whence = engine.FromDiscard
	}
	score, _ := engine.ScoreHand(g, s, nil, false)
	return score
}

// meldHolds reports whether meld m contains tile t.
func meldHolds(m engine.Meld, t engine.Tile) bool {
	switch m.Kind {
	case engine.ClosedChow, engine.Chow:
		return t >= m.Tile && t <= m.Tile+2 && t.Suit() == m.Tile.Suit()
	}
	return m.Tile == t
}

// bestWin returns the best score of seat s going out with complete
// concealed counts c whose winning tile is w, and the arrangement and
// claimed-set index achieving it (ci -1 when self-drawn).
func (sc *scorer) bestWin(s engine.Seat, c *Counts, sets int, sevenPairs bool, w engine.Tile, selfDrawn bool,
	extra []engine.Meld) (best int, bestA arrangement, bestCI int) {
	best, bestCI = -1, -1
	arrangements(c, sets, sevenPairs, func(a *arrangement) {
		if selfDrawn {
			if v := sc.winScore(s, a, -1, w, true, extra); v > best {
				best, bestA, bestCI = v, *a, -1
			}
			return
		}
		for ci, m := range a.melds[:a.n] {
			if !meldHolds(m, w) {
				continue
			}
			if v := sc.winScore(s, a, ci, w, false, extra); v > best {
				best, bestA, bestCI = v, *a, ci
			}
		}
	})
	return best, bestA, bestCI
}
