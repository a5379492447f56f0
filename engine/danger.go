package engine

// This file holds the rules for dangerous discards and the cannon
// (protocol.md section 11), as the original applies them.
//
// The state lives in Player.DangerFlags, indexed by seat, and always on
// the claimant's side:
//
//   - p.DangerFlags[own seat] holds the categories in which p is
//     dangerous: during play, the categories its declared sets show
//     (ExposedDanger, re-evaluated after each set p declares); once p has
//     won, the categories its final hand achieved (set by ScoreHand).
//   - p.DangerFlags[other seat] holds the categories for which the player
//     in that seat is liable to p because of an inexcusable dangerous
//     discard that p claimed (MarkDangerousDiscard).
//
// The winner's own entry and the other entries meet in Cannoneer.

// ExposedDanger returns the categories in which p's declared sets make p
// dangerous to others: three or more sets (pungs, kongs, chows claimed
// from discards) all of one suit, all honours, all green or all
// terminals; three wind sets or two dragon sets. It always includes
// DangerEnd, which depends on the wall, not on p.
//
// Its quirks are the original's: concealed kongs and pairs count towards
// the wind and dragon sets and the purity tests but not towards the
// three sets, and a concealed chow does not spoil all honours or all
// terminals.
//
// The controller stores the result in p.DangerFlags[seat of p] after p
// claims a pung, chow or kong, declares a concealed kong or adds to a
// pung, including the winner's pung or chow of the winning discard (but
// not after pairs or concealed sets set out when declaring).
func ExposedDanger(p *Player) DangerFlags {
	var sets, dragons, winds int
	bamboo, character, circle := true, true, true
	honours, terminals, green := true, true, true
	for _, m := range p.Melds {
		if m.Kind == NoMeld {
			continue
		}
		switch m.Kind {
		case Chow:
			sets++
			terminals, honours = false, false
		case Pung, Kong:
			sets++
		}
		if m.Tile.IsDragon() {
			dragons++
		}
		if m.Tile.IsWind() {
			winds++
		}
		switch m.Tile.Suit() {
		case Bamboo:
			character, circle = false, false
			if !meldGreen(m) {
				green = false
			}
		case Characters:
			bamboo, circle, green = false, false, false
		case Circles:
			bamboo, character, green = false, false, false
		case DragonSuit:
			bamboo, character, circle = false, false, false
			if m.Tile != GreenDragon {
				green = false
			}
		case WindSuit:
			bamboo, character, circle, green = false, false, false, false
		}
		if !m.Tile.IsHonour() {
			honours = false
		}
		if !m.Tile.IsTerminal() {
			terminals = false
		}
	}
	f := DangerEnd
	three := sets >= 3
	if three && bamboo {
		f |= DangerBamboo
	}
	if three && character {
		f |= DangerCharacter
	}
	if three && circle {
		f |= DangerCircle
	}
	if winds >= 3 {
		f |= DangerWind
	}
	if dragons >= 2 {
		f |= DangerDragon
	}
	if three && honours {
		f |= DangerHonour
	}
	if three && green {
		f |= DangerGreen
	}
	if three && terminals {
		f |= DangerTerminal
	}
	return f
}

// meldGreen reports whether every tile of a bamboo or dragon set is green
// (only an exposed chow is checked tile by tile, as in the original).
func meldGreen(m Meld) bool {
	if m.Kind == Chow {
		return m.Tile.IsGreen() && (m.Tile + 1).IsGreen() && (m.Tile + 2).IsGreen()
	}
	return m.Tile.IsGreen()
}

// tileDanger returns the categories of flags that tile t falls into.
func tileDanger(flags DangerFlags, t Tile) DangerFlags {
	var d DangerFlags
	hit := func(f DangerFlags, ok bool) {
		if ok && flags&f != 0 {
			d |= f
		}
	}
	hit(DangerBamboo, t.Suit() == Bamboo)
	hit(DangerCharacter, t.Suit() == Characters)
	hit(DangerCircle, t.Suit() == Circles)
	hit(DangerWind, t.Suit() == WindSuit)
	hit(DangerDragon, t.Suit() == DragonSuit)
	hit(DangerHonour, t.IsHonour())
	hit(DangerTerminal, t.IsTerminal())
	hit(DangerGreen, t.IsGreen())
	return d
}

// EndOfWallDanger reports whether a discard of t is dangerous because the
// wall is nearly empty: at most four live tiles are left and t has been
// discarded at most once in the hand. The count includes the discard
// being judged (the controller counts a discard when it is made), so
// "at most once" means "not discarded before". The same test is applied
// unchanged to the discarder's concealed tiles in NoChoice, where it
// therefore also accepts tiles discarded once before, as in the original.
func EndOfWallDanger(g *Game, t Tile) bool {
	return g.Wall.LiveEnd-g.Wall.LiveUsed <= 4 && int(t) < MaxTile && g.DiscardedCount[t] <= 1
}

// DiscardDanger returns the categories in which the claimed tile t is
// dangerous to the claimant: those of the claimant's recorded own flags
// (g.Players[claimant].DangerFlags[claimant], i.e. the sets it had
// declared before this claim) that t fits, plus DangerEnd under
// EndOfWallDanger. Zero means the discard was not dangerous.
func DiscardDanger(g *Game, claimant Seat, t Tile) DangerFlags {
	p := g.Players[claimant]
	d := tileDanger(p.DangerFlags[claimant], t)
	if EndOfWallDanger(g, t) {
		d |= DangerEnd
	}
	return d
}

// NoChoice reports whether the discarder had no safe alternative: every
// tile it still holds concealed (the discard has left its hand) would
// have been dangerous to some other player, by that player's recorded own
// flags, or under EndOfWallDanger. It is false when the discarder's tiles
// are hidden from the observer.
func NoChoice(g *Game, discarder Seat) bool {
	d := g.Players[discarder]
	if d.Hidden {
		return false
	}
	for _, t := range d.Concealed[:d.NumConcealed] {
		dangerous := EndOfWallDanger(g, t)
		for s, p := range g.Players {
			if Seat(s) != discarder && tileDanger(p.DangerFlags[s], t) != 0 {
				dangerous = true
			}
		}
		if !dangerous {
			return false
		}
	}
	return true
}

// MarkDangerousDiscard judges the discard just claimed and records the
// outcome, as the original does for PlayerPungs, PlayerChows (with a
// position) and PlayerPairs, including the winner's pung, chow or pair of
// the winning tile (which may be a robbed kong's tile); never for kongs
// or special sets.
//
// Preconditions: the claim has been applied (g.Player is the claimant,
// g.Supplier the discarder, g.Tile the tile, g.DiscardedCount includes
// the discard) and the claimant's own flags have not yet been
// re-evaluated with ExposedDanger.
//
// When the tile is dangerous it sets DangerousDiscardFlag (and
// NoChoiceFlag) in g.Flags; the controller then sends DangerousDiscard
// <supplier id> <g.Serial> <noChoice>. When the discarder had a choice,
// the claimant records the liability in its entry for the discarder
// (added to any earlier one) and forgets the liability of everybody else.
func MarkDangerousDiscard(g *Game) (danger DangerFlags, noChoice bool) {
	s, sup := g.Player, g.Supplier
	if s < 0 || s >= NumSeats || sup < 0 || sup >= NumSeats {
		return 0, false
	}
	danger = DiscardDanger(g, s, g.Tile)
	if danger == 0 {
		return 0, false
	}
	noChoice = NoChoice(g, sup)
	g.Flags |= DangerousDiscardFlag
	if noChoice {
		g.Flags |= NoChoiceFlag
		return danger, true
	}
	p := g.Players[s]
	p.DangerFlags[sup] |= danger
	for i := range p.DangerFlags {
		if Seat(i) != s && Seat(i) != sup {
			p.DangerFlags[i] = 0
		}
	}
	return danger, false
}

// Cannoneer returns the seat of the player who let off a cannon against
// the winner (g.Player), or NoSeat: the first seat whose liability
// recorded by the winner shares a category with the winner's final hand
// (the winner's own entry, set by ScoreHand). The original stops the
// server if two seats qualify; MarkDangerousDiscard keeps at most one
// liable seat, so that cannot happen.
func Cannoneer(g *Game) Seat {
	w := g.Player
	if w < 0 || w >= NumSeats {
		return NoSeat
	}
	p := g.Players[w]
	for i := range Seat(NumSeats) {
		if i != w && p.DangerFlags[i]&p.DangerFlags[w] != 0 {
			return i
		}
	}
	return NoSeat
}
