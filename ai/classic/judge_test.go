package classic

import (
	"testing"

	"mahjong/engine"
)

// TestJudgeThrowsAsTheRobot: on a set of hands, the judge's choice is
// the discard the robot with the default strategy (no switching) makes,
// and its values rank the choice first; the next player's discards move
// it as they move the robot.
func TestJudgeThrowsAsTheRobot(t *testing.T) {
	fixed := Options{Chowness: []float64{0}, Hiddenness: []float64{0}, Suitness: []float64{0}}
	hands := []struct{ hand, seen string }{
		{"1B 2B 3B 4C 5C 6C 7D 8D 9D 5D 5D 5D NW WW", ""},
		{"1B 2B 3B 4C 5C 6C 7D 8D 9D 5D 5D 5D NW WW", "WW NW"},
		{"1B 1B 4B 6C 7C 9C 2D 3D 5D RD GD WD EW 8B", "RD RD"},
		{"2C 3C 4C 4C 5C 7B 8B 9B 1D 1D 6D 8D NW NW", "7D"},
		{"3B 3B 3B 4B 5B 6B 6B 7C 9C 9C 2D 2D SW GD", ""},
	}
	j := NewJudge()
	for _, h := range hands {
		for _, nextThrew := range []bool{false, true} {
			r := New(fixed)
			v := table(t, 0, h.hand, h.seen)
			var next [numKinds]uint8
			if nextThrew {
				r.Respond(v, engine.CPlayerDiscards{ID: v.Game.Players[1].ID, Tile: engine.WestWind, Serial: 3})
				next[kindOf(engine.WestWind)]++
			}
			r.turn(v)
			want := one(t, r.buf)
			var hand [numKinds]uint8
			for _, tl := range v.Me().Concealed[:v.Me().NumConcealed] {
				hand[kindOf(tl)]++
			}
			var vals [numKinds]float64
			k := j.Discards(v.Game, 0, &hand, &next, &vals)
			if got := (engine.PDiscard{Tile: tileOf(k)}).String(); got != want {
				t.Errorf("%s (seen %q, next threw WW %v): judge throws %s, the robot %s", h.hand, h.seen, nextThrew, got, want)
			}
			for x, n := range hand {
				if n > 0 && vals[x] > vals[k]+1e-9 {
					t.Errorf("%s: %v valued %.3f above the choice %v at %.3f", h.hand, tileOf(x), vals[x], tileOf(k), vals[k])
				}
			}
		}
	}
}
