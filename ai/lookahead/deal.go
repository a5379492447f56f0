package lookahead

import (
	"math/rand/v2"
	"slices"

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
	// what the table shows (discards, declared sets, flowers), as the
	// game counts it, and our own hand
	for t, n := range g.ExposedCount {
		left[t] -= n
	}
	hidden := 0
	for _, p := range g.Players {
		if p.ID != v.ID {
			hidden += p.NumConcealed
			continue
		}
		for _, t := range p.Concealed[:p.NumConcealed] {
			if t.Valid() {
				left[t]--
			} else {
				left[0] = -1
			}
		}
	}
	if slices.ContainsFunc(left[:], func(n int) bool { return n < 0 }) {
		return nil, false
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
