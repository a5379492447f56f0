package scripted

import (
	"testing"

	"mahjong/engine"
)

// TestMayComplete checks that the quick test never rejects a discard that
// completes the hand: it takes one tile out of complete hands (random
// pungs, chows and a pair; seven pairs; Thirteen Wonders) and asks about
// that tile, and about every tile for random hands.
func TestMayComplete(t *testing.T) {
	r := engine.NewRand(7)
	var kinds []engine.Tile
	for _, k := range engine.AllTiles {
		if !k.IsSpecial() {
			kinds = append(kinds, k)
		}
	}
	player := func(ts []engine.Tile) *engine.Player {
		p := &engine.Player{}
		p.NewHand(engine.East)
		for _, x := range ts {
			if err := p.DrawsTile(x); err != nil {
				t.Fatal(err)
			}
		}
		return p
	}
	completing := 0 // cases where the tile does complete the hand
	check := func(hand []engine.Tile, sevenPairs bool) {
		for i, x := range hand {
			rest := append(append([]engine.Tile(nil), hand[:i]...), hand[i+1:]...)
			p := player(rest)
			if p.CanMahJong(x, sevenPairs) {
				completing++
				if !mayComplete(p, x) {
					t.Fatalf("%v completes %v but mayComplete says no", x, engine.Tiles(rest))
				}
			}
		}
	}
	for range 2000 {
		var count [engine.MaxTile]int
		var hand []engine.Tile
		add := func(ts ...engine.Tile) bool {
			for _, x := range ts {
				if !x.Valid() || x.IsSpecial() || count[x] == 4 {
					return false
				}
			}
			for _, x := range ts {
				count[x]++
			}
			hand = append(hand, ts...)
			return true
		}
		for sets := 0; sets < 4; {
			k := kinds[r.Index(len(kinds)-1)]
			if r.Index(1) == 0 && k.IsSuit() && k.Rank() <= 7 {
				if add(k, k+1, k+2) {
					sets++
				}
			} else if add(k, k, k) {
				sets++
			}
		}
		for k := kinds[r.Index(len(kinds)-1)]; !add(k, k); k = kinds[r.Index(len(kinds)-1)] {
		}
		check(hand, false)

		hand, count = nil, [engine.MaxTile]int{}
		for len(hand) < 14 {
			k := kinds[r.Index(len(kinds)-1)]
			add(k, k)
		}
		check(hand, true)

		random := make([]engine.Tile, 13)
		for i := range random {
			random[i] = kinds[r.Index(len(kinds)-1)]
		}
		p := player(random)
		for _, x := range kinds {
			if p.CanMahJong(x, true) && !mayComplete(p, x) {
				t.Fatalf("%v completes %v but mayComplete says no", x, engine.Tiles(random))
			}
		}
	}
	wonders, err := engine.ParseTiles("1B 9B 1C 9C 1D 9D EW SW WW NW RD WD GD GD")
	if err != nil {
		t.Fatal(err)
	}
	check(wonders, false)
	if completing < 50000 {
		t.Errorf("only %d completing cases tried", completing)
	}
}
