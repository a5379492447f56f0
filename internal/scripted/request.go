package scripted

import (
	"mahjong/engine"
	"slices"
)

// Request returns the next request of the seat whose view is v,
// or nil when it has nothing to do. It goes out whenever it can, claims
// every mah-jong, kong, pung and chow it can, declares flowers at once
// and otherwise throws the tile that fits its hand least. It decides
// from the state of the view, not from the last message (unlike
// Respond), so a table can ask each seat in turn for
// one request at a time; and it claims sets, so that returning players
// rebuild views with exposed sets and kongs' loose tiles.
func Request(v *engine.View) engine.Action {
	g := v.Game
	s := g.SeatOf(v.ID)
	if v.Over || !g.Active || v.ID == 0 || s == engine.NoSeat {
		return nil
	}
	me := g.Players[s]
	sevenPairs := g.Options.Bool(engine.OptSevenPairs)
	if g.Paused {
		if !g.Ready[s] {
			return engine.PReady{}
		}
		return nil
	}
	switch g.Phase {
	case engine.DeclaringSpecials:
		if g.Player != s || g.Konging != engine.NotKonging {
			break
		}
		if t, ok := heldSpecial(me); ok {
			return engine.PDeclareSpecial{Tile: t}
		}
		return engine.PDeclareSpecial{Tile: engine.Blank}
	case engine.Discarding:
		if g.Konging != engine.NotKonging {
			if g.Player == s || g.Claims[s] != engine.NoClaimYet {
				break
			}
			if me.CanMahJong(g.Tile, sevenPairs) && (g.Konging == engine.AddingToPung || me.CanThirteenWonders(g.Tile)) {
				return engine.PMahJong{Serial: g.Serial}
			}
			return engine.PNoClaim{Serial: g.Serial}
		}
		if g.Player != s || g.Needs != engine.FromNone {
			break
		}
		if t, ok := heldSpecial(me); ok && g.Whence != engine.FromDiscard {
			return engine.PDeclareSpecial{Tile: t}
		}
		if me.CanMahJong(engine.Blank, sevenPairs) {
			return engine.PMahJong{}
		}
		return engine.PDiscard{Tile: leastUseful(me)}
	case engine.Discarded:
		if g.Player == s || g.Claims[s] != engine.NoClaimYet || g.ChowPending {
			break
		}
		t := g.Tile
		switch {
		case me.CanMahJong(t, sevenPairs):
			return engine.PMahJong{Serial: g.Serial}
		case me.CanKong(t):
			return engine.PKong{Serial: g.Serial}
		case me.CanPung(t):
			return engine.PPung{Serial: g.Serial}
		}
		if s == g.Player.Next() {
			for _, pos := range []engine.ChowPos{engine.Lower, engine.Middle, engine.Upper} {
				if me.CanChow(t, pos) {
					return engine.PChow{Serial: g.Serial, Pos: pos}
				}
			}
		}
		return engine.PNoClaim{Serial: g.Serial}
	case engine.MahJonging:
		if g.Player == s {
			if !me.HandDeclared {
				return nextDeclaration(g, me)
			}
			break
		}
		if w := g.Players[g.Player]; w.HandScore >= 0 && me.HandScore < 0 && me.NumConcealed > 0 {
			return engine.PShowTiles{}
		}
	}
	return nil
}

func heldSpecial(p *engine.Player) (engine.Tile, bool) {
	for _, t := range p.Concealed[:p.NumConcealed] {
		if t.IsSpecial() {
			return t, true
		}
	}
	return engine.Blank, false
}

// nextDeclaration sets out the winner's hand one set at a time, placing a
// claimed discard first.
func nextDeclaration(g *engine.Game, me *engine.Player) engine.Action {
	sevenPairs := g.Options.Bool(engine.OptSevenPairs)
	keeps := func(f func(*engine.Player) error) bool {
		cp := *me
		return f(&cp) == nil && cp.CanMahJong(engine.Blank, sevenPairs)
	}
	if g.MahJongPending {
		t := g.Tile
		switch {
		case keeps(func(p *engine.Player) error { return p.Pairs(t) }):
			return engine.PPair{}
		case keeps(func(p *engine.Player) error { return p.Pungs(t) }):
			return engine.PPung{}
		}
		for _, pos := range []engine.ChowPos{engine.Lower, engine.Middle, engine.Upper} {
			if keeps(func(p *engine.Player) error { return p.Chows(t, pos) }) {
				return engine.PChow{Pos: pos}
			}
		}
		return engine.PSpecialSet{}
	}
	ts := slices.Clone(me.Concealed[:me.NumConcealed])
	slices.Sort(ts)
	for _, t := range slices.Compact(ts) {
		switch {
		case keeps(func(p *engine.Player) error { return p.FormsClosedPung(t) }):
			return engine.PFormClosedPung{Tile: t}
		case keeps(func(p *engine.Player) error { return p.FormsClosedChow(t, engine.Lower) }):
			return engine.PFormClosedChow{Tile: t}
		case keeps(func(p *engine.Player) error { return p.FormsClosedPair(t) }):
			return engine.PFormClosedPair{Tile: t}
		}
	}
	return engine.PFormClosedSpecialSet{}
}

// leastUseful throws the concealed tile with the fewest partners
// (copies and suit neighbours); ties go to the lowest tile.
func leastUseful(p *engine.Player) engine.Tile {
	best, bestValue := engine.Blank, 1<<30
	ts := slices.Clone(p.Concealed[:p.NumConcealed])
	slices.Sort(ts)
	for _, t := range slices.Compact(ts) {
		if !p.CanDiscard(t) {
			continue
		}
		v := 4 * (p.CountTile(t) - 1)
		if t.IsSuit() {
			v++
			for d := -2; d <= 2; d++ {
				if r := t.Rank() + d; d != 0 && r >= 1 && r <= 9 && p.CountTile(engine.NewTile(t.Suit(), r)) > 0 {
					v += 3 - max(d, -d)
				}
			}
		}
		if v < bestValue {
			best, bestValue = t, v
		}
	}
	return best
}
