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
			want := tt.want
			want.major = r.params.major // Hard's own, as no style here names one
			if got := r.style(); got != want {
				t.Errorf("style %+v, want %+v", got, want)
			}
			r.Respond(v, engine.CNewHand{})
			if got, want := r.style(), r.styleAt(stylePos{}); got != want {
				t.Errorf("after a new hand: style %+v, want the first %+v", got, want)
			}
		})
	}
}

// TestStyleLeavesDefault checks that the zero style does not change a
// hand's value at a level without a taste of its own (all but Hard) and
// that styles tilt it the expected way.
func TestStyleLeavesDefault(t *testing.T) {
	var c Counts
	ts, _ := engine.ParseTiles("1B 1B 1B 5C 5C 5C 9D 9D RD RD 2B 2B WD")
	c.Add(ts...)
	var d declInfo
	if f := New(Options{Level: Expert}).styleFactor(&c, &d); f != 1 {
		t.Errorf("zero style: factor %v, want 1", f)
	}
	pung := New(Options{Level: Expert, Style: Style{Chowness: []float64{-0.9}}}).styleFactor(&c, &d)
	chow := New(Options{Level: Expert, Style: Style{Chowness: []float64{0.9}}}).styleFactor(&c, &d)
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

// TestLevelMajorness checks that the level's own majorness (params.major)
// is in force when the style lists none, that a style's Majorness
// replaces it, and that the tuning key sets it as the knob would.
func TestLevelMajorness(t *testing.T) {
	tu, err := ParseTuning("major=0.3")
	if err != nil {
		t.Fatal(err)
	}
	tuned := New(Options{Level: Hard, Tuning: tu})
	knob := New(Options{Level: Hard, Style: Style{Majorness: []float64{0.3}}})
	if got, want := tuned.style(), knob.style(); got != want {
		t.Errorf("major=0.3 tuned: style %+v, want the knob's %+v", got, want)
	}
	own := New(Options{Level: Hard, Tuning: tu, Style: Style{Chowness: []float64{0.5}}})
	if got := own.style(); got.major != 0.3 || got.chow != 0.5 {
		t.Errorf("a style without majorness: %+v, want the level's majorness 0.3 beside chowness 0.5", got)
	}
	over := New(Options{Level: Hard, Tuning: tu, Style: Style{Majorness: []float64{0.7}}})
	if got := over.style().major; got != 0.7 {
		t.Errorf("a style's majorness 0.7 gives %v", got)
	}
	c, ts := countsOf("1B 1B 1B 9C 9C 9C 9D 9D RD RD WD WD NW")
	var d declInfo
	if f := tuned.styleFactor(&c, &d); f <= 1 {
		t.Errorf("a hand of major tiles under the level's majorness: factor %v, want > 1", f)
	}
	// the level's own majorness tilts claims as a personality's does
	chow := engine.Meld{Kind: engine.Chow, Tile: ts[0]}
	five, _ := engine.ParseTile("5C")
	minorPung := engine.Meld{Kind: engine.Pung, Tile: five}
	for _, m := range []engine.Meld{chow, minorPung} {
		if f, g := tuned.styleClaim(m), knob.styleClaim(m); f >= 1 || f != g {
			t.Errorf("%v claimed under the level's majorness 0.3: factor %v, under a personality's %v; want them equal and < 1", m.Kind, f, g)
		}
	}
}

// TestLevelSuitAndChow checks the level's own suitness and chowness
// (tuning keys suit and chow): in force when the style lists none,
// replaced by a style's own, and acting as a personality's would.
func TestLevelSuitAndChow(t *testing.T) {
	tu, err := ParseTuning("suit=0.2,chow=-0.3")
	if err != nil {
		t.Fatal(err)
	}
	own := New(Options{Level: Hard, Tuning: tu})
	if got := own.style(); got.suit != 0.2 || got.chow != -0.3 {
		t.Errorf("tuned suit=0.2, chow=-0.3: style %+v", got)
	}
	knob := New(Options{Level: Hard, Tuning: tu, Style: Style{Chowness: []float64{0.5}, Suitness: []float64{0.6}}})
	if got := knob.style(); got.suit != 0.6 || got.chow != 0.5 {
		t.Errorf("a style's suitness 0.6 and chowness 0.5 under tuned ones: style %+v", got)
	}
	five, _ := engine.ParseTile("5C")
	pung := engine.Meld{Kind: engine.Pung, Tile: five}
	if f := own.styleClaim(pung); f <= 1 {
		t.Errorf("a pung claimed under the level's chowness -0.3: factor %v, want > 1", f)
	}
	c, _ := countsOf("1B 1B 1B 5B 5B 5B 9B 9B 9B 2B 3B RD RD")
	var d declInfo
	if f := own.styleFactor(&c, &d); f <= 1 {
		t.Errorf("a one-suit hand of pungs under suitness 0.2 and chowness -0.3: factor %v, want > 1", f)
	}
	if f := New(Options{Level: Hard}).styleFactor(&c, &d); f >= own.styleFactor(&c, &d) {
		t.Errorf("Hard without the tilts prices that hand at factor %v, not below the tilted %v", f, own.styleFactor(&c, &d))
	}
}

// countsOf is the hand s (tiles as ParseTiles reads them) as counts, and
// its tiles.
func countsOf(s string) (Counts, []engine.Tile) {
	var c Counts
	ts, _ := engine.ParseTiles(s)
	c.Add(ts...)
	return c, ts
}
