package ai

import "mahjong/engine"

// Moments are what a robot does at each point of a hand where the table
// waits for its seat. Dispatch finds those points in the event stream, so
// that every robot (ours, and the imitation of the original in
// ai/classic) answers the same messages: a robot that missed one would
// stall the table. Every field must be set except Discard.
type Moments struct {
	NewHand func()             // a hand is dealt
	Ready   func()             // a Pause waits for our Ready
	Turn    func(*engine.View) // we may have the move: declaring, or to discard
	// AfterSet: we have set out a claimed pung or chow.
	AfterSet func(*engine.View)
	// ChooseChow: a chow was granted to us without its position.
	ChooseChow func(v *engine.View, t engine.Tile)
	// DeclareWinner, DeclareLoser: somebody has gone out and we set out
	// our sets (the winner) or our scoring sets and tiles (a loser).
	DeclareWinner, DeclareLoser func(*engine.View)
	// Claim: another player's discard waits for our claim or NoClaim.
	Claim func(v *engine.View, t engine.Tile, serial int)
	// Rob: another player's kong may be robbed (added: to a pung).
	Rob func(v *engine.View, t engine.Tile, serial int, added bool)
	// Discard, if set, sees every discard of another player first (for
	// a robot's own bookkeeping).
	Discard func(v *engine.View, m engine.CPlayerDiscards)
}

// Dispatch calls what m says for ev, which the seat's view v has already
// applied; nothing when ev does not concern the seat.
func Dispatch(v *engine.View, ev engine.Event, m *Moments) {
	g := v.Game
	me := v.ID
	s := v.Seat()
	if me == 0 || s == engine.NoSeat || v.Over {
		return
	}
	switch e := ev.(type) {
	case engine.CNewHand:
		m.NewHand()
	case engine.CPause:
		if !g.Ready[s] {
			m.Ready()
		}
	case engine.CPlayerReady:
		if !g.Paused {
			resume(v, m)
		}
	case engine.CPlayerDeclaresSpecial:
		if e.Tile == engine.Blank && g.Phase == engine.DeclaringSpecials {
			m.Turn(v)
		}
	case engine.CPlayerDraws:
		if e.ID == me {
			m.Turn(v)
		}
	case engine.CPlayerDrawsLoose:
		if e.ID == me {
			m.Turn(v)
		}
	case engine.CPlayerPungs:
		if e.ID == me {
			m.AfterSet(v)
		}
	case engine.CPlayerChows:
		switch {
		case e.ID != me:
		case e.Pos != engine.AnyPos:
			m.AfterSet(v)
		case g.Phase == engine.Discarded:
			m.ChooseChow(v, e.Tile)
		}
	case engine.CPlayerPairs, engine.CPlayerSpecialSet, engine.CPlayerFormsClosedPung,
		engine.CPlayerFormsClosedChow, engine.CPlayerFormsClosedPair,
		engine.CPlayerMahJongs, engine.CPlayerRobsKong:
		if engine.Actor(ev) == me && g.Phase == engine.MahJonging {
			if g.Player == s {
				m.DeclareWinner(v)
			} else {
				m.DeclareLoser(v)
			}
		}
	case engine.CPlayerDiscards:
		if e.ID == me {
			break
		}
		if m.Discard != nil {
			m.Discard(v, e)
		}
		if g.Phase == engine.Discarded {
			m.Claim(v, e.Tile, e.Serial)
		}
	case engine.CPlayerDeclaresClosedKong:
		if e.ID != me {
			m.Rob(v, e.Tile, e.Serial, false)
		}
	case engine.CPlayerAddsToPung:
		if e.ID != me {
			m.Rob(v, e.Tile, e.Serial, true)
		}
	case engine.CHandScore:
		// A loser declares once the winner's hand is scored.
		if g.Phase != engine.MahJonging || g.Player == s || g.Player == engine.NoSeat {
			break
		}
		if p := g.Players[s]; e.ID == g.Players[g.Player].ID && !p.HandDeclared && p.HandScore < 0 && p.NumConcealed > 0 {
			m.DeclareLoser(v)
		}
	}
}

// resume acts when a pause has ended: the pause to start play, or the one
// after a player came back. While play was suspended for the return, the
// controller refused what we sent ("Game not active"), so we do again
// whatever the table still waits for from our seat. A request that was
// taken after all is refused when repeated, which changes nothing.
func resume(v *engine.View, m *Moments) {
	g := v.Game
	s := v.Seat()
	p := g.Players[s]
	switch g.Phase {
	case engine.DeclaringSpecials, engine.Discarding:
		if g.Konging != engine.NotKonging && g.Player != s && g.Claims[s] == engine.NoClaimYet {
			m.Rob(v, g.Tile, g.Serial, g.Konging == engine.AddingToPung)
			return
		}
		m.Turn(v)
	case engine.Discarded:
		switch {
		case g.Player == s:
		case g.ChowPending && g.Claims[s] == engine.ChowClaim:
			m.ChooseChow(v, g.Tile)
		case g.Claims[s] == engine.NoClaimYet:
			m.Claim(v, g.Tile, g.Serial)
		}
	case engine.MahJonging:
		if g.Player == s {
			m.DeclareWinner(v)
			return
		}
		if w := g.Players[g.Player]; w.HandDeclared && w.HandScore >= 0 && !p.HandDeclared && p.HandScore < 0 && p.NumConcealed > 0 {
			m.DeclareLoser(v)
		}
	}
}

// Mover returns the seat's player when it has the move now: declaring its
// specials, or in play with nothing left to draw and no pause or kong in
// the way. Otherwise nil.
func Mover(v *engine.View) *engine.Player {
	g := v.Game
	if g.Player == engine.NoSeat || g.Needs != engine.FromNone || g.Konging != engine.NotKonging {
		return nil
	}
	p := g.Players[g.Player]
	if p.ID != v.ID || p.Hidden {
		return nil
	}
	switch g.Phase {
	case engine.DeclaringSpecials:
		return p
	case engine.Discarding:
		if !g.Paused {
			return p
		}
	}
	return nil
}

// ForcedMove returns the move that leaves a robot no choice on its turn
// (p is the Mover): while declaring, its next flower or season, or the end
// of its declaring (a concealed kong waits for the first regular turn:
// declared now, the server takes it, but the original East robot then
// discards before everybody is ready and is sent an Error); in play, a
// flower or season just drawn, mah-jong when the hand is complete, and
// the drawn tile when the hand is calling. False: the robot must choose.
func ForcedMove(v *engine.View, p *engine.Player) (engine.Action, bool) {
	g := v.Game
	if g.Phase == engine.DeclaringSpecials {
		return engine.PDeclareSpecial{Tile: HeldSpecial(p)}, true
	}
	if g.Whence != engine.FromDiscard {
		if t := HeldSpecial(p); t != engine.Blank {
			return engine.PDeclareSpecial{Tile: t}, true
		}
	}
	if p.CanMahJong(engine.Blank, g.Options.Bool(engine.OptSevenPairs)) {
		return engine.PMahJong{}, true
	}
	if p.Calling {
		return discardAction(g.Tile, false), true
	}
	return nil, false
}

// HeldSpecial returns the first flower or season p holds, or Blank.
func HeldSpecial(p *engine.Player) engine.Tile {
	for _, t := range p.Concealed[:p.NumConcealed] {
		if t.IsSpecial() {
			return t
		}
	}
	return engine.Blank
}
