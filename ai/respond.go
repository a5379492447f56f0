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
	g := v.Game
	me := v.ID
	s := v.Seat()
	if me == 0 || s == engine.NoSeat || v.Over {
		return r.buf
	}
	switch m := ev.(type) {
	case engine.CNewHand:
		r.resetStyle()
	case engine.CPause:
		if !g.Ready[s] {
			r.buf = append(r.buf, engine.PReady{})
		}
	case engine.CPlayerReady:
		if !g.Paused && g.Phase == engine.Discarding {
			r.turn(v)
		}
	case engine.CPlayerDeclaresSpecial:
		if m.Tile == engine.Blank && g.Phase == engine.DeclaringSpecials {
			r.turn(v)
		}
	case engine.CPlayerDraws:
		if m.ID == me {
			r.turn(v)
		}
	case engine.CPlayerDrawsLoose:
		if m.ID == me {
			r.turn(v)
		}
	case engine.CPlayerPungs:
		if m.ID == me {
			r.afterSet(v)
		}
	case engine.CPlayerChows:
		switch {
		case m.ID != me:
		case m.Pos != engine.AnyPos:
			r.afterSet(v)
		case g.Phase == engine.Discarded:
			r.chooseChow(v, m.Tile)
		}
	case engine.CPlayerPairs, engine.CPlayerSpecialSet, engine.CPlayerFormsClosedPung,
		engine.CPlayerFormsClosedChow, engine.CPlayerFormsClosedPair,
		engine.CPlayerMahJongs, engine.CPlayerRobsKong:
		if engine.Actor(ev) == me {
			if g.Phase == engine.MahJonging && g.Player == s {
				r.declareWinner(v)
			} else if g.Phase == engine.MahJonging {
				r.declareLoser(v)
			}
		}
	case engine.CPlayerDiscards:
		if m.ID != me && g.Phase == engine.Discarded {
			r.claim(v, m.Tile, m.Serial)
		}
	case engine.CPlayerDeclaresClosedKong:
		if m.ID != me {
			r.rob(v, m.Tile, m.Serial, false)
		}
	case engine.CPlayerAddsToPung:
		if m.ID != me {
			r.rob(v, m.Tile, m.Serial, true)
		}
	case engine.CHandScore:
		if g.Phase != engine.MahJonging || g.Player == s || g.Player == engine.NoSeat {
			break
		}
		if p := g.Players[s]; m.ID == g.Players[g.Player].ID && !p.HandDeclared && p.HandScore < 0 && p.NumConcealed > 0 {
			r.declareLoser(v)
		}
	}
	return r.buf
}

// turn acts when the robot may have the move: declaring, or to discard
// with no tile still to draw.
func (r *Robot) turn(v *engine.View) {
	g := v.Game
	if g.Player == engine.NoSeat || g.Needs != engine.FromNone || g.Konging != engine.NotKonging {
		return
	}
	p := g.Players[g.Player]
	if p.ID != v.ID || p.Hidden {
		return
	}
	switch g.Phase {
	case engine.DeclaringSpecials:
		if t := heldSpecial(p); t != engine.Blank {
			r.buf = append(r.buf, engine.PDeclareSpecial{Tile: t})
			return
		}
		// A concealed kong waits for our first regular turn: declared
		// now, the server takes it, but the original East robot then
		// discards before everybody is ready and is sent an Error.
		r.buf = append(r.buf, engine.PDeclareSpecial{Tile: engine.Blank})
	case engine.Discarding:
		if g.Paused {
			return
		}
		if g.Whence != engine.FromDiscard {
			if t := heldSpecial(p); t != engine.Blank {
				r.buf = append(r.buf, engine.PDeclareSpecial{Tile: t})
				return
			}
		}
		if p.CanMahJong(engine.Blank, g.Options.Bool(engine.OptSevenPairs)) {
			r.buf = append(r.buf, engine.PMahJong{})
			return
		}
		if p.Calling {
			r.buf = append(r.buf, engine.PDiscard{Tile: g.Tile})
			return
		}
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
		r.buf = append(r.buf, engine.PDiscard{Tile: t, Calling: calling})
	}
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

// heldSpecial returns the first flower or season p holds, or Blank.
func heldSpecial(p *engine.Player) engine.Tile {
	for _, t := range p.Concealed[:p.NumConcealed] {
		if t.IsSpecial() {
			return t
		}
	}
	return engine.Blank
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
