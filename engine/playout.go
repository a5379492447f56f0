package engine

import "fmt"

// Playing a hand out from a given state: a robot that looks ahead deals
// the tiles it cannot see at random into a copy of the table and lets
// robots finish the hand on a controller started at that point.

// Clone returns a copy of the game that shares nothing with it.
func (g *Game) Clone() *Game {
	c := *g
	for i, p := range g.Players {
		q := *p
		c.Players[i] = &q
	}
	c.Wall.Tiles = append(Tiles(nil), g.Wall.Tiles...)
	return &c
}

// NewControllerAt returns a controller that runs g from where it stands,
// with the four players already connected, seat i on connection i+1, and
// nothing sent: the players' next requests move the game on. The
// controller takes g over. No history is kept and the claim timer never
// runs unless Advance is called.
//
// g must be a hand in play, every tile in the hands and the undrawn wall
// known. Once a player has gone out the controller holds what it needs
// for the score beyond the table (the winner's hand before its last
// tile), so a hand being declared is refused, as are other phases.
func NewControllerAt(g *Game, opts ServerOptions) (*Controller, error) {
	switch g.Phase {
	case DeclaringSpecials, Discarding, Discarded:
	default:
		return nil, fmt.Errorf("engine: a controller cannot start a hand in phase %v", g.Phase)
	}
	if !g.Active || g.Paused || g.Player == NoSeat {
		return nil, fmt.Errorf("engine: a controller cannot start a game that waits")
	}
	for _, p := range g.Players {
		if p.ID == 0 {
			return nil, fmt.Errorf("engine: a controller cannot start with a seat empty")
		}
		for _, t := range p.Concealed[:p.NumConcealed] {
			if !t.Valid() {
				return nil, fmt.Errorf("engine: player %d's concealed tiles are not all known", p.ID)
			}
		}
	}
	w := &g.Wall
	if w.LiveUsed > w.DeadEnd || w.DeadEnd > len(w.Tiles) {
		return nil, fmt.Errorf("engine: the wall's counts do not fit its tiles")
	}
	for _, t := range w.Tiles[w.LiveUsed:w.DeadEnd] {
		if !t.Valid() {
			return nil, fmt.Errorf("engine: the undrawn wall is not all known")
		}
	}
	opts.NoHistory = true
	c := NewController(opts)
	c.g, c.extras = g, map[*Player]*playerExtras{}
	c.protocol = g.ProtVersion
	for i, p := range g.Players {
		c.extras[p] = &playerExtras{authState: authDone, protVersion: g.ProtVersion}
		c.conns[i+1] = connection{inUse: true, player: p}
		c.nextID = max(c.nextID, p.ID)
	}
	c.connected = NumSeats
	c.loadState = true
	c.lastWallSize = g.Wall.Size()
	// The scorer's picture of the current player before its last tile
	// (for filling the only place, a concealed hand, the Nine Gates): the
	// hand without the tile it has just drawn.
	c.caller = *g.Players[g.Player]
	if g.Phase != Discarded && (g.Whence == FromWall || g.Whence == FromLoose) && c.caller.count(g.Tile) > 0 {
		c.caller.removeTile(g.Tile)
	}
	return c, nil
}
