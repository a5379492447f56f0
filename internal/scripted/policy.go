package scripted

import "mahjong/engine"

// Respond returns what a scripted seat sends after receiving ev. g is the
// seat's view (engine.NewGame, then Apply(ev, false) for every message the
// seat received), already updated with ev; myID is the seat's player id.
//
// The seat says Ready on every Pause that does not exempt it; in its turn
// in the declaring phase it declares its flowers and seasons one at a time
// and then finishes with DeclareSpecial --; in its turn to discard it
// declares a held flower or season, else goes out if it can, else
// discards its least useful tile (see discard), the tile just drawn among
// equals; it claims another's discard only to go out and lets every
// robbable kong pass. When it has gone out it places the claimed tile and
// sets out its concealed tiles set by set; when another has gone out it
// shows its tiles once the winner's score is announced. Connecting is the
// driver's business.
func Respond(g *engine.Game, myID int, ev engine.Event) []engine.Action {
	return AppendResponse(nil, g, myID, ev)
}

// AppendResponse is Respond appending to dst, so that a driver can reuse
// one buffer.
func AppendResponse(dst []engine.Action, g *engine.Game, myID int, ev engine.Event) []engine.Action {
	switch m := ev.(type) {
	case engine.CPause:
		if s := g.SeatOf(myID); s != engine.NoSeat && !g.Ready[s] {
			dst = append(dst, engine.PReady{})
		}
	case engine.CPlayerReady:
		// The last Ready of the pause before play lets East discard.
		if !g.Paused && g.Phase == engine.Discarding {
			dst = turn(dst, g, myID)
		}
	case engine.CPlayerDeclaresSpecial:
		if m.Tile == engine.Blank && g.Phase == engine.DeclaringSpecials {
			dst = turn(dst, g, myID)
		}
	case engine.CPlayerDraws:
		if m.ID == myID {
			dst = turn(dst, g, myID)
		}
	case engine.CPlayerDrawsLoose:
		if m.ID == myID {
			dst = turn(dst, g, myID)
		}
	case engine.CPlayerPungs:
		if m.ID == myID {
			dst = afterSet(dst, g, myID)
		}
	case engine.CPlayerChows:
		switch {
		case m.ID != myID:
		case m.Pos != engine.AnyPos:
			dst = afterSet(dst, g, myID)
		case g.Phase == engine.Discarded:
			// A chow claimed with AnyPos was granted: say which.
			p := g.PlayerByID(myID)
			for pos := engine.Lower; pos <= engine.Upper; pos++ {
				if p.CanChow(m.Tile, pos) {
					dst = append(dst, engine.PChow{Serial: g.Serial, Pos: pos})
					break
				}
			}
		}
	case engine.CPlayerPairs, engine.CPlayerSpecialSet, engine.CPlayerFormsClosedPung,
		engine.CPlayerFormsClosedChow, engine.CPlayerFormsClosedPair,
		engine.CPlayerMahJongs, engine.CPlayerRobsKong:
		// The winner goes on setting out its hand.
		if engine.Actor(ev) == myID {
			dst = declare(dst, g, myID)
		}
	case engine.CPlayerDiscards:
		if p := g.PlayerByID(myID); m.ID != myID && p != nil {
			if mayComplete(p, m.Tile) && p.CanMahJong(m.Tile, g.Options.Bool(engine.OptSevenPairs)) {
				dst = append(dst, engine.PMahJong{Serial: m.Serial})
			} else {
				dst = append(dst, engine.PNoClaim{Serial: m.Serial})
			}
		}
	case engine.CPlayerDeclaresClosedKong:
		if m.ID != myID {
			dst = append(dst, engine.PNoClaim{Serial: m.Serial})
		}
	case engine.CPlayerAddsToPung:
		if m.ID != myID {
			dst = append(dst, engine.PNoClaim{Serial: m.Serial})
		}
	case engine.CHandScore:
		s := g.SeatOf(myID)
		if s == engine.NoSeat || g.Phase != engine.MahJonging || g.Player == s || g.Player == engine.NoSeat {
			break
		}
		if p := g.Players[s]; m.ID == g.Players[g.Player].ID && !p.HandDeclared && p.NumConcealed > 0 {
			dst = append(dst, engine.PShowTiles{})
		}
	}
	return dst
}

// mayComplete is a quick necessary test for p's hand to be completed by
// the discard t, which spares most calls of CanMahJong: t must join a
// tile p holds (the same tile, or a neighbour in a chow), or p must hold
// only honours and terminals, as for Thirteen Wonders.
func mayComplete(p *engine.Player, t engine.Tile) bool {
	ts := p.Concealed[:p.NumConcealed]
	lo, hi := t, t
	if info := tileInfos[t%engine.MaxTile]; info.suit {
		lo, hi = t-engine.Tile(min(2, info.rank-1)), t+engine.Tile(min(2, 9-info.rank))
	}
	for _, c := range ts {
		if c >= lo && c <= hi {
			return true
		}
	}
	if !tileInfos[t%engine.MaxTile].major {
		return false
	}
	for _, c := range ts {
		if !tileInfos[c%engine.MaxTile].major {
			return false
		}
	}
	return true
}

// tileInfo caches what the policy asks of a tile, to spare the divisions
// of Tile's methods in its inner loops.
type tileInfo struct {
	suit, major, special bool
	rank                 int
}

var tileInfos = func() (ti [engine.MaxTile]tileInfo) {
	for t := range engine.Tile(engine.MaxTile) {
		ti[t] = tileInfo{suit: t.IsSuit(), major: t.IsMajor(), special: t.IsSpecial(), rank: t.Rank()}
	}
	return ti
}()

// turn acts when player myID may have the move: in the declaring phase
// or to discard, with no tile still to draw.
func turn(dst []engine.Action, g *engine.Game, myID int) []engine.Action {
	if g.Player == engine.NoSeat || g.Needs != engine.FromNone || g.Konging != engine.NotKonging {
		return dst
	}
	p := g.Players[g.Player]
	if p.ID != myID {
		return dst
	}
	switch g.Phase {
	case engine.DeclaringSpecials:
		return append(dst, engine.PDeclareSpecial{Tile: special(p)})
	case engine.Discarding:
		if g.Paused {
			return dst
		}
		if g.Whence != engine.FromDiscard {
			if t := special(p); t != engine.Blank {
				return append(dst, engine.PDeclareSpecial{Tile: t})
			}
		}
		if p.CanMahJong(engine.Blank, g.Options.Bool(engine.OptSevenPairs)) {
			return append(dst, engine.PMahJong{})
		}
		return append(dst, engine.PDiscard{Tile: discard(g, p)})
	}
	return dst
}

// afterSet acts after player myID has set out a claimed pung or chow: in
// play it then has the move, when going out it continues declaring.
func afterSet(dst []engine.Action, g *engine.Game, myID int) []engine.Action {
	if g.Phase == engine.MahJonging {
		return declare(dst, g, myID)
	}
	return turn(dst, g, myID)
}

// special returns the first flower or season p holds, or Blank.
func special(p *engine.Player) engine.Tile {
	for _, t := range p.Concealed[:p.NumConcealed] {
		if tileInfos[t%engine.MaxTile].special {
			return t
		}
	}
	return engine.Blank
}

// discard chooses the tile to throw: the least useful concealed tile (see
// usefulness), preferring the one just drawn, then the first held, among
// equals. Throwing simply the tile just drawn would keep the dealt hand
// for ever, and nobody would ever go out.
func discard(g *engine.Game, p *engine.Player) engine.Tile {
	ts := p.Concealed[:p.NumConcealed]
	if len(ts) == 0 {
		return engine.Blank
	}
	var c [engine.MaxTile + 2]int8
	for _, t := range ts {
		if t < engine.MaxTile {
			c[t]++
		}
	}
	best, bestU := engine.Blank, 1<<30
	for _, t := range ts {
		u := usefulness(&c, t)
		if u < bestU || u == bestU && t == g.Tile {
			best, bestU = t, u
		}
	}
	return best
}

// usefulness scores how much t helps towards sets: copies of it held and,
// for suit tiles, neighbours that could make a chow. It is a crude rule,
// but enough for scripted seats to go out now and then, so that games
// end.
func usefulness(c *[engine.MaxTile + 2]int8, t engine.Tile) int {
	if t >= engine.MaxTile {
		return -1
	}
	info := tileInfos[t]
	if info.special {
		return -1
	}
	u := 4 * int(c[t]-1)
	if info.suit {
		if info.rank > 1 && c[t-1] > 0 {
			u += 2
		}
		if info.rank < 9 && c[t+1] > 0 {
			u += 2
		}
		if info.rank > 2 && c[t-2] > 0 {
			u++
		}
		if info.rank < 8 && c[t+2] > 0 {
			u++
		}
	}
	return u
}

// declare sets out the next part of the winning hand of myID: first the
// claimed tile, if one is pending, then the concealed sets one by one,
// each chosen so that the rest still completes the hand. Each set is
// tried on a copy of the player; the Can test first spares the error
// (and its allocation) of a set that cannot be made.
func declare(dst []engine.Action, g *engine.Game, myID int) []engine.Action {
	if g.Phase != engine.MahJonging || g.Player == engine.NoSeat {
		return dst
	}
	p := g.Players[g.Player]
	if p.ID != myID || p.HandDeclared {
		return dst
	}
	sp := g.Options.Bool(engine.OptSevenPairs)
	if g.MahJongPending {
		t := g.Tile
		if cp := *p; p.CanPung(t) && cp.Pungs(t) == nil && cp.CanMahJong(engine.Blank, sp) {
			return append(dst, engine.PPung{})
		}
		for pos := engine.Lower; pos <= engine.Upper; pos++ {
			if cp := *p; p.CanChow(t, pos) && cp.Chows(t, pos) == nil && cp.CanMahJong(engine.Blank, sp) {
				return append(dst, engine.PChow{Pos: pos})
			}
		}
		if cp := *p; p.CanPair(t) && cp.Pairs(t) == nil && cp.CanMahJong(engine.Blank, sp) {
			return append(dst, engine.PPair{})
		}
		if p.CanThirteenWonders(t) {
			return append(dst, engine.PSpecialSet{})
		}
		return dst
	}
	ts := p.Concealed[:p.NumConcealed]
	for i, t := range ts {
		if seenBefore(ts, i) {
			continue
		}
		if cp := *p; p.CanFormClosedPung(t) && cp.FormsClosedPung(t) == nil && cp.CanMahJong(engine.Blank, sp) {
			return append(dst, engine.PFormClosedPung{Tile: t})
		}
		if cp := *p; p.CanFormClosedChow(t, engine.Lower) && cp.FormsClosedChow(t, engine.Lower) == nil && cp.CanMahJong(engine.Blank, sp) {
			return append(dst, engine.PFormClosedChow{Tile: t})
		}
		if cp := *p; p.CanFormClosedPair(t) && cp.FormsClosedPair(t) == nil && cp.CanMahJong(engine.Blank, sp) {
			return append(dst, engine.PFormClosedPair{Tile: t})
		}
	}
	if p.CanThirteenWonders(engine.Blank) {
		return append(dst, engine.PFormClosedSpecialSet{})
	}
	return dst
}

func seenBefore(ts []engine.Tile, i int) bool {
	for _, t := range ts[:i] {
		if t == ts[i] {
			return true
		}
	}
	return false
}
