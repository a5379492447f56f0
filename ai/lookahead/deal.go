package lookahead

import (
	"math/rand/v2"

	"mahjong/engine"
)

// Deal returns the game of view v with every tile the seat cannot see
// dealt at random: the others' concealed tiles and the undrawn wall. It
// knows nothing of the others' hands beyond their size, so every
// arrangement of the unseen tiles is as likely. Flowers and seasons go
// to the wall only, since a hand declares them as soon as it holds one.
// It reports false when the view's tiles do not add up to a full set
// (a view it cannot trust).
func Deal(v *engine.View, rng *rand.Rand) (*engine.Game, bool) {
	g := v.Game.Clone()
	var left [engine.MaxTile]int
	for _, t := range engine.TileSet(g.Options.Bool(engine.OptFlowers)) {
		left[t]++
	}
	seen := func(t engine.Tile, n int) bool {
		if !t.Valid() || left[t] < n {
			return false
		}
		left[t] -= n
		return true
	}
	hidden := 0
	for i, p := range g.Players {
		for _, m := range p.Melds {
			if m.Kind == engine.NoMeld {
				continue
			}
			if m.Kind == engine.Chow || m.Kind == engine.ClosedChow {
				if !seen(m.Tile, 1) || !seen(m.Tile+1, 1) || !seen(m.Tile+2, 1) {
					return nil, false
				}
			} else if !seen(m.Tile, m.Kind.Size()) {
				return nil, false
			}
		}
		for _, t := range p.Specials[:p.NumSpecials] {
			if !seen(t, 1) {
				return nil, false
			}
		}
		for _, t := range v.Discards[i] {
			if !seen(t, 1) {
				return nil, false
			}
		}
		if p.ID == v.ID {
			for _, t := range p.Concealed[:p.NumConcealed] {
				if !seen(t, 1) {
					return nil, false
				}
			}
		} else {
			hidden += p.NumConcealed
		}
	}
	w := &g.Wall
	if w.LiveUsed > w.DeadEnd || w.DeadEnd > len(w.Tiles) {
		return nil, false
	}
	var plain, special engine.Tiles
	for t, n := range left {
		for range n {
			if engine.Tile(t).IsSpecial() {
				special = append(special, engine.Tile(t))
			} else {
				plain = append(plain, engine.Tile(t))
			}
		}
	}
	if len(plain)+len(special) != hidden+w.DeadEnd-w.LiveUsed || len(plain) < hidden {
		return nil, false
	}
	rng.Shuffle(len(plain), func(i, j int) { plain[i], plain[j] = plain[j], plain[i] })
	for _, p := range g.Players {
		if p.ID == v.ID {
			continue
		}
		p.Hidden = false
		copy(p.Concealed[:p.NumConcealed], plain)
		plain = plain[p.NumConcealed:]
	}
	rest := append(plain, special...)
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	copy(w.Tiles[w.LiveUsed:w.DeadEnd], rest)
	return g, true
}

// viewOf returns what seat i of the complete game g sees, with the public
// parts v's seat holds (the discards on the table, the calls, the
// dangerous discards announced) copied from v.
func viewOf(g *engine.Game, i int, v *engine.View) *engine.View {
	vg := g.Clone()
	for j, p := range vg.Players {
		if j != i {
			p.Hidden = true
			clear(p.Concealed[:])
		}
	}
	clear(vg.Wall.Tiles)
	nv := &engine.View{Game: vg, ID: vg.Players[i].ID, Names: v.Names, Scores: map[int]engine.CHandScore{},
		Calling: v.Calling, Dangers: append([]engine.CDangerousDiscard(nil), v.Dangers...)}
	for s, row := range v.Discards {
		nv.Discards[s] = append(engine.Tiles(nil), row...)
	}
	return nv
}
