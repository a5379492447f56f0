package classic

import (
	"mahjong/ai"
	"mahjong/engine"
)

// This file holds the decisions: every one tries each option, evaluates
// the hand it leaves and keeps the best. Claims keep the first of equal
// options; discards the last tile in our order among exactly equal ones,
// which is the first in the original's (it tries its tiles from the
// highest code down, and its codes run in our order).

// Discard adjustments for the next player, the only one who may chow our
// discards: a tile it threw itself, or one three away in the same suit,
// is less likely to give it a chow.
const (
	nextSame  = 0.5
	nextThree = 0.4
)

// Concealed strategies pass a discard for mah-jong when hiddenness times
// the live winning tiles times the live share of the wall reaches
// passMahJong.
const passMahJong = 1.5

// load prepares the evaluator for a decision of our seat and returns our
// concealed tiles and a copy of our declared sets in r.melds.
func (r *Robot) load(v *engine.View) (*engine.Player, counts) {
	g := v.Game
	p := v.Me()
	c := concealedCounts(p)
	r.ev.load(g, v.Seat(), &c)
	r.ev.use(r.cur)
	r.melds = r.melds[:0]
	for _, m := range p.Melds {
		if m.Kind != engine.NoMeld {
			r.melds = append(r.melds, m)
		}
	}
	return p, c
}

// turn acts when the robot may have the move: declaring, or to discard
// with no tile still to draw. The moves that leave no choice (flowers at
// once, mah-jong whenever complete) are the original's too.
func (r *Robot) turn(v *engine.View) {
	p := ai.Mover(v)
	if p == nil {
		return
	}
	if a, ok := ai.ForcedMove(v, p); ok {
		r.buf = append(r.buf, a)
		if d, ok := a.(engine.PDeclareSpecial); ok && d.Tile == engine.Blank && v.Game.Phase == engine.DeclaringSpecials {
			// The original chooses its strategy when its flowers are out.
			_, c := r.load(v)
			r.switchStrategy(&c)
		}
		return
	}
	_, c := r.load(v)
	if v.Game.Whence != engine.FromDiscard {
		if a, ok := r.chooseKong(p, &c); ok {
			r.buf = append(r.buf, a)
			return
		}
	}
	r.switchStrategy(&c)
	r.buf = append(r.buf, engine.PDiscard{Tile: r.chooseDiscard(&c)})
}

// chooseKong returns a concealed kong or an addition to a pung when the
// evaluator prefers it to the hand as it is.
func (r *Robot) chooseKong(p *engine.Player, c *counts) (engine.Action, bool) {
	best := r.ev.value(c, r.melds)
	var act engine.Action
	n := len(r.melds)
	for k := range numKinds {
		if c[k] == 0 {
			continue
		}
		t := tileOf(k)
		switch {
		case c[k] == 4 && p.CanDeclareClosedKong(t):
			c[k] -= 4
			ms := append(r.melds, engine.Meld{Kind: engine.ClosedKong, Tile: t})
			if x := r.ev.value(c, ms); x > best {
				best, act = x, engine.PDeclareClosedKong{Tile: t}
			}
			c[k] += 4
		case p.CanAddToPung(t):
			c[k]--
			ms := append(r.melds, engine.Meld{})[:n]
			for i, m := range ms {
				if m.Kind == engine.Pung && m.Tile == t {
					ms[i].Kind, ms[i].Annexed = engine.Kong, true
				}
			}
			if x := r.ev.value(c, ms); x > best {
				best, act = x, engine.PAddToPung{Tile: t}
			}
			for i, m := range ms {
				if m.Kind == engine.Kong && m.Tile == t && m.Annexed {
					ms[i].Kind, ms[i].Annexed = engine.Pung, false
				}
			}
			c[k]++
		}
	}
	r.melds = r.melds[:n]
	return act, act != nil
}

// discardValue returns the best tile to throw from c (with declared sets
// ms) and the value of the hand it leaves, the next player's
// adjustments included when adjust is set.
func (r *Robot) discardValue(c *counts, ms []engine.Meld, adjust bool) (int, float64) {
	bestK, best := -1, negInf
	for k := range numKinds {
		if c[k] == 0 {
			continue
		}
		c[k]--
		x := r.ev.value(c, ms)
		c[k]++
		if adjust {
			x = r.nextAdjust(k, x)
		}
		if x >= best { // ties go to the last kind, as the original's do
			bestK, best = k, x
		}
	}
	return bestK, best
}

// nextAdjust adds to x, the value of the hand left by throwing kind k,
// the credits for what the next player threw, one after the other as
// the original adds them (so that the sums round alike).
func (r *Robot) nextAdjust(k int, x float64) float64 {
	if r.nextThrown[k] > 0 {
		x += nextSame
	}
	if k < 27 {
		rk := k % 9
		if rk >= 3 && r.nextThrown[k-3] > 0 || rk <= 5 && r.nextThrown[k+3] > 0 {
			x += nextThree
		}
	}
	return x
}

// chooseDiscard picks the discard from the concealed tiles c.
func (r *Robot) chooseDiscard(c *counts) engine.Tile {
	k, _ := r.discardValue(c, r.melds, true)
	if k < 0 {
		return engine.Blank
	}
	return tileOf(k)
}

// switchStrategy re-chooses the strategy for the hand c as the original
// does: from the first listed values, the best chowness, then the best
// hiddenness beside it, then, afresh, the best suitness with each suit to
// collect (none, or one of the three), and majorness only when the
// winner leans to pungs. The robot switches when that best beats the
// strategy in force by the hysteresis.
func (r *Robot) switchStrategy(c *counts) {
	eval := func(st strategy) float64 {
		r.ev.use(st)
		return r.ev.value(c, r.melds)
	}
	cur := eval(r.cur)
	tmp := strategy{chow: r.chowL[0], hidden: r.hiddenL[0], major: r.majorL[0]}
	best := tmp
	bestV := -1000.0
	for _, x := range r.chowL {
		tmp.chow = x
		if v := eval(tmp); v > bestV {
			bestV, best.chow = v, x
		}
	}
	tmp.chow = best.chow
	for _, x := range r.hiddenL[1:] {
		tmp.hidden = x
		if v := eval(tmp); v > bestV {
			bestV, best.hidden = v, x
		}
	}
	tmp.hidden = best.hidden
	bestV = -1000
	for _, x := range r.suitL {
		tmp.suit = x
		last := 3
		if x == 0 {
			last = 0
		}
		for j := 0; j <= last; j++ {
			tmp.collect = j
			if v := eval(tmp); v > bestV {
				bestV, best = v, tmp
			}
		}
	}
	if best.chow < 0 {
		tmp = best
		for _, x := range r.majorL[1:] {
			tmp.major = x
			if v := eval(tmp); v > bestV {
				bestV, best = v, tmp
			}
		}
	}
	if bestV >= cur+r.hyst {
		r.cur = best
	}
	r.ev.use(r.cur)
}

// claim answers another player's discard t as the original does: the
// hand as it is, then a kong, a pung and (as the next player) each chow
// with its best discard, the first strictly better kept; mah-jong
// overrides them all, unless a concealed strategy lets it go, and then
// nothing is claimed.
func (r *Robot) claim(v *engine.View, t engine.Tile, serial int) {
	g := v.Game
	p := v.Me()
	no := engine.PNoClaim{Serial: serial}
	if p == nil || p.Hidden {
		r.buf = append(r.buf, no)
		return
	}
	k := kindOf(t)
	if p.CanMahJong(t, g.Options.Bool(engine.OptSevenPairs)) {
		if k < 0 || !r.passes(v, p) {
			r.buf = append(r.buf, engine.PMahJong{Serial: serial})
		} else {
			r.buf = append(r.buf, no)
		}
		return
	}
	if k < 0 || p.Calling {
		r.buf = append(r.buf, no)
		return
	}
	_, c := r.load(v)
	n := len(r.melds)
	best := r.ev.value(&c, r.melds)
	var act engine.Action
	if p.CanKong(t) {
		c[k] -= 3
		if x := r.ev.value(&c, append(r.melds, engine.Meld{Kind: engine.Kong, Tile: t})); x > best {
			best, act = x, engine.PKong{Serial: serial}
		}
		c[k] += 3
	}
	if p.CanPung(t) {
		c[k] -= 2
		if _, x := r.discardValue(&c, append(r.melds, engine.Meld{Kind: engine.Pung, Tile: t}), true); x > best {
			best, act = x, engine.PPung{Serial: serial}
		}
		c[k] += 2
	}
	if g.Player.Next() == v.Seat() && k < 27 {
		if pos, x := r.bestChow(p, &c, t, k, best); pos != engine.AnyPos {
			best, act = x, engine.PChow{Serial: serial, Pos: pos}
		}
	}
	r.melds = r.melds[:n]
	if act == nil {
		act = no
	}
	r.buf = append(r.buf, act)
}

// bestChow returns the chow of discard t (kind k) whose best discard
// leaves c worth more than floor, lower position first as the original
// tries them, or AnyPos.
func (r *Robot) bestChow(p *engine.Player, c *counts, t engine.Tile, k int, floor float64) (engine.ChowPos, float64) {
	n := len(r.melds)
	best, bestPos := floor, engine.AnyPos
	for pos := engine.Lower; pos <= engine.Upper; pos++ {
		if !p.CanChow(t, pos) {
			continue
		}
		lo := k - int(pos)
		for j := lo; j < lo+3; j++ {
			if j != k {
				c[j]--
			}
		}
		ms := append(r.melds, engine.Meld{Kind: engine.Chow, Tile: tileOf(lo)})
		if _, x := r.discardValue(c, ms, true); x > best {
			best, bestPos = x, pos
		}
		for j := lo; j < lo+3; j++ {
			if j != k {
				c[j]++
			}
		}
	}
	r.melds = r.melds[:n]
	return bestPos, best
}

// passes reports whether a concealed strategy lets a discard that would
// complete the hand go by, hoping to draw a winning tile itself: when
// hiddenness times the live winning tiles times the live wall's share of
// the wall left reaches passMahJong (always above a hiddenness of 1).
func (r *Robot) passes(v *engine.View, p *engine.Player) bool {
	h := r.cur.hidden
	if h <= 0 {
		return false
	}
	if h > 1 {
		return true
	}
	g := v.Game
	_, _ = r.load(v)
	sp := g.Options.Bool(engine.OptSevenPairs)
	wins := 0
	for k := range numKinds {
		if r.ev.live[k] > 0 && p.CanMahJong(tileOf(k), sp) {
			wins += int(r.ev.live[k])
		}
	}
	w := g.Wall
	left, rest := w.LiveEnd-w.LiveUsed, w.DeadEnd-w.LiveUsed
	if rest <= 0 {
		return false
	}
	return h*float64(wins)*float64(left)/float64(rest) >= passMahJong
}

// chooseChow names the position of a chow granted without one.
func (r *Robot) chooseChow(v *engine.View, t engine.Tile) {
	p := v.Me()
	k := kindOf(t)
	if p == nil || p.Hidden || k < 0 || k >= 27 {
		return
	}
	_, c := r.load(v)
	if pos, _ := r.bestChow(p, &c, t, k, negInf); pos != engine.AnyPos {
		r.buf = append(r.buf, engine.PChow{Serial: v.Game.Serial, Pos: pos})
	}
}

// rob answers a kong that may be robbed: always, when the tile completes
// the hand.
func (r *Robot) rob(v *engine.View, t engine.Tile, serial int, added bool) {
	g := v.Game
	p := v.Me()
	if p != nil && !p.Hidden && p.CanMahJong(t, g.Options.Bool(engine.OptSevenPairs)) && (added || p.CanThirteenWonders(t)) {
		r.buf = append(r.buf, engine.PMahJong{Serial: serial})
		return
	}
	r.buf = append(r.buf, engine.PNoClaim{Serial: serial})
}

// DiscardValues returns, for each kind of tile the robot could discard
// now, the value of the hand left plus the next-player adjustment (the
// number chooseDiscard maximises), in tile order; for tools that
// compare the robot's choices with the original's.
func (r *Robot) DiscardValues(v *engine.View) (tiles []engine.Tile, values []float64) {
	p := v.Me()
	if p == nil || p.Hidden {
		return nil, nil
	}
	_, c := r.load(v)
	for k := range numKinds {
		if c[k] == 0 {
			continue
		}
		c[k]--
		x := r.nextAdjust(k, r.ev.value(&c, r.melds))
		c[k]++
		tiles, values = append(tiles, tileOf(k)), append(values, x)
	}
	return tiles, values
}
