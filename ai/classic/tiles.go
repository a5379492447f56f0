package classic

import "mahjong/engine"

// numKinds is the number of tile kinds in play: three suits of nine,
// four winds and three dragons (flowers and seasons are not played).
const numKinds = 34

// counts holds a number of tiles of each kind.
type counts [numKinds]int8

// kindOf maps a tile to its kind, -1 for flowers, seasons and blanks.
func kindOf(t engine.Tile) int {
	switch t.Suit() {
	case engine.Bamboo, engine.Characters, engine.Circles:
		if r := t.Rank(); r >= 1 && r <= 9 {
			return (t.Suit()-engine.Bamboo)*9 + r - 1
		}
	case engine.WindSuit:
		if r := t.Rank(); r >= 1 && r <= 4 {
			return 27 + r - 1
		}
	case engine.DragonSuit:
		if r := t.Rank(); r >= 1 && r <= 3 {
			return 31 + r - 1
		}
	}
	return -1
}

// tileOf is the inverse of kindOf.
func tileOf(k int) engine.Tile {
	switch {
	case k < 27:
		return engine.NewTile(engine.Bamboo+k/9, k%9+1)
	case k < 31:
		return engine.NewTile(engine.WindSuit, k-27+1)
	}
	return engine.NewTile(engine.DragonSuit, k-31+1)
}

// isMajor reports whether kind k is a terminal or an honour.
func isMajor(k int) bool { return k >= 27 || k%9 == 0 || k%9 == 8 }

// concealedCounts counts p's concealed tiles by kind.
func concealedCounts(p *engine.Player) counts {
	var c counts
	for _, t := range p.Concealed[:p.NumConcealed] {
		if k := kindOf(t); k >= 0 {
			c[k]++
		}
	}
	return c
}
