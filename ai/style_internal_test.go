package ai

import (
	"testing"

	"mahjong/engine"
)

// TestStyleSwitching checks that a robot with several strategies moves
// to the one its hand suits, only by more than the hysteresis, and goes
// back to the first at a new hand.
func TestStyleSwitching(t *testing.T) {
	pungy := "1B 1B 1B 5C 5C 5C 9D 9D RD RD 2B 2B WD NW"
	chowy := "1B 2B 3B 4C 5C 6C 3D 4D 5D 7B 8B 2D 6D NW"
	tests := []struct {
		name  string
		hand  string
		style Style
		want  styleNow
	}{
		{"pungs switch to the pung strategy", pungy,
			Style{Chowness: []float64{0, -0.9, 0.5}}, styleNow{chow: -0.9}},
		{"chows switch to the chow strategy", chowy,
			Style{Chowness: []float64{0, -0.9, 0.5}}, styleNow{chow: 0.5}},
		{"a large hysteresis keeps the first", pungy,
			Style{Chowness: []float64{0, -0.9, 0.5}, Hysteresis: 1000}, styleNow{}},
		{"a concealed hand turns concealed", chowy,
			Style{Hiddenness: []float64{0, 0.8}}, styleNow{hidden: 0.8}},
		{"one suit", "1B 2B 3B 4B 5B 6B 7B 8B 9B 2B 3B RD RD NW",
			Style{Suitness: []float64{0, 0.5}}, styleNow{suit: 0.5}},
		{"a single value never switches", pungy,
			Style{Chowness: []float64{0.5}}, styleNow{chow: 0.5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := position{hand: tt.hand}.view(t)
			r := New(Options{Level: Hard, Style: tt.style})
			as := r.Respond(v, engine.CPlayerDraws{ID: 1, Tile: v.Game.Tile})
			if len(as) != 1 {
				t.Fatalf("got %q, want one action", actionsString(as))
			}
			if got := r.style(); got != tt.want {
				t.Errorf("style %+v, want %+v", got, tt.want)
			}
			r.Respond(v, engine.CNewHand{})
			if got, want := r.style(), r.styleAt(stylePos{}); got != want {
				t.Errorf("after a new hand: style %+v, want the first %+v", got, want)
			}
		})
	}
}

// TestStyleLeavesDefault checks that the zero style does not change a
// hand's value and that styles tilt it the expected way.
func TestStyleLeavesDefault(t *testing.T) {
	var c Counts
	ts, _ := engine.ParseTiles("1B 1B 1B 5C 5C 5C 9D 9D RD RD 2B 2B WD")
	c.Add(ts...)
	var d declInfo
	if f := New(Options{}).styleFactor(&c, &d); f != 1 {
		t.Errorf("zero style: factor %v, want 1", f)
	}
	pung := New(Options{Style: Style{Chowness: []float64{-0.9}}}).styleFactor(&c, &d)
	chow := New(Options{Style: Style{Chowness: []float64{0.9}}}).styleFactor(&c, &d)
	if !(pung > 1 && chow < 1) {
		t.Errorf("pung hand: pung lover %v, chow lover %v; want >1 and <1", pung, chow)
	}
}

// TestRobKong checks that the robot robs a kong that completes its hand
// and lets other kongs pass.
func TestRobKong(t *testing.T) {
	for _, tt := range []struct {
		tile, want string
	}{{"4D", "MahJong 9"}, {"6D", "NoClaim 9"}} {
		v := position{seat: 1, hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 2D 3D 5C 5C"}.view(t)
		g := v.Game
		tile, _ := engine.ParseTile(tt.tile)
		g.Players[0].Melds[0] = engine.Meld{Kind: engine.Pung, Tile: tile}
		g.Serial = 9
		r := New(Options{})
		got := actionsString(r.Respond(v, engine.CPlayerAddsToPung{ID: g.Players[0].ID, Tile: tile, Serial: 9}))
		if got != tt.want {
			t.Errorf("kong of %s: got %q, want %q", tt.tile, got, tt.want)
		}
	}
}
