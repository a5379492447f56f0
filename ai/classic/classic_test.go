package classic

import (
	"testing"

	"mahjong/engine"
)

// table builds a view in which we are player 1 at seat, holding hand,
// with seen tiles counted as exposed (discarded) and the live wall at
// its start.
func table(t *testing.T, seat engine.Seat, hand string, seen string) *engine.View {
	t.Helper()
	v := engine.NewView()
	v.ID = 1
	g := v.Game
	g.Options = engine.DefaultOptions()
	g.Round = engine.East
	for i := range g.Players {
		p := g.Players[i]
		p.NewHand(engine.Seat(i).Wind())
		p.ID = 2 + (i-int(seat)+3)%4
		p.NumConcealed = 13
	}
	me := g.Players[seat]
	me.ID = 1
	me.Hidden = false
	ts, err := engine.ParseTiles(hand)
	if err != nil {
		t.Fatal(err)
	}
	me.NumConcealed = copy(me.Concealed[:], ts)
	if seen != "" {
		xs, err := engine.ParseTiles(seen)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range xs {
			g.ExposedCount[x]++
		}
	}
	g.Wall = *engine.NewWall(make(engine.Tiles, engine.WallSize(true)), true, true)
	g.Wall.LiveUsed = 53
	g.Active = true
	g.Phase = engine.Discarding
	g.Player = seat
	g.Whence = engine.FromWall
	g.Tile = ts[len(ts)-1]
	return v
}

// discardBy puts the view in the state after seat s discarded tile x and
// returns the robot's answer.
func discardBy(t *testing.T, r *Robot, v *engine.View, s engine.Seat, x string) []engine.Action {
	t.Helper()
	tile, err := engine.ParseTile(x)
	if err != nil {
		t.Fatal(err)
	}
	g := v.Game
	g.Phase = engine.Discarded
	g.Player = s
	g.Tile = tile
	g.Serial = 7
	g.ExposedCount[tile]++
	return r.Respond(v, engine.CPlayerDiscards{ID: g.Players[s].ID, Tile: tile, Serial: 7})
}

func one(t *testing.T, acts []engine.Action) string {
	t.Helper()
	if len(acts) != 1 {
		t.Fatalf("answers %v, want one", acts)
	}
	return acts[0].String()
}

// TestDecisions are known-answer cases from the description of the
// original robot (robots.md 1.3-1.5).
func TestDecisions(t *testing.T) {
	fixed := Options{Chowness: []float64{0}, Hiddenness: []float64{0}, Suitness: []float64{0}}
	tests := []struct {
		name string
		opts Options
		seat engine.Seat
		hand string
		seen string
		disc engine.Seat // discarder, NoSeat: our own turn
		tile string
		want string
	}{
		{name: "discards the isolated honour", opts: fixed, seat: 0, disc: engine.NoSeat,
			hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 2B 3B 5D 5D NW", want: "Discard NW 0"},
		{name: "discards the isolated terminal before a two-sided partial", opts: fixed, seat: 0, disc: engine.NoSeat,
			hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 3B 4B 5D 5D 9C", want: "Discard 9C 0"},
		{name: "a dead honour goes before a live one", opts: fixed, seat: 0, disc: engine.NoSeat,
			hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 5D 5D 9B NW SW", seen: "SW SW SW", want: "Discard SW 0"},
		{name: "goes out when complete", opts: fixed, seat: 0, disc: engine.NoSeat,
			hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 3B 4B 5B 5D 5D", want: "MahJong 0"},
		{name: "declares a flower at once", opts: fixed, seat: 0, disc: engine.NoSeat,
			hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 3B 4B 5B 5D 1F", want: "DeclareSpecial 1F"},
		{name: "declares a concealed kong", opts: fixed, seat: 0, disc: engine.NoSeat,
			hand: "1B 2B 3B 4C 5C 6C 7D 7D 7D 7D 4B 5D 5D NW", want: "DeclareClosedKong 7D"},
		{name: "pungs to complete a pair from anybody", opts: fixed, seat: 0, disc: 2,
			hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 5B 5B NW SW", tile: "5B", want: "Pung 7"},
		{name: "chows as the next player", opts: fixed, seat: 1, disc: 0,
			hand: "1B 2B 3B 4C 5C 6C 7D 8D NW NW 5B 6B SW", tile: "7B", want: "Chow 7 Upper"},
		{name: "no chow from across the table", opts: fixed, seat: 2, disc: 0,
			hand: "1B 2B 3B 4C 5C 6C 7D 8D NW NW 5B 6B SW", tile: "7B", want: "NoClaim 7"},
		{name: "claims a discard for mah-jong", opts: fixed, seat: 2, disc: 0,
			hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 5B 5B 2C 3C", tile: "1C", want: "MahJong 7"},
		{name: "a concealed strategy passes a discard mah-jong with many live winning tiles",
			opts: Options{Chowness: []float64{0}, Hiddenness: []float64{0.8}, Suitness: []float64{0}}, seat: 2, disc: 0,
			hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 5B 5B 2C 3C", tile: "1C", want: "NoClaim 7"},
		{name: "... but not with few", opts: Options{Chowness: []float64{0}, Hiddenness: []float64{0.8}, Suitness: []float64{0}},
			seat: 2, disc: 0, seen: "1C 1C 4C 4C 4C 7C 7C 7C 7C", hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 5B 5B 2C 3C", tile: "1C", want: "MahJong 7"},
		{name: "the chow lover does not pung", opts: Options{Chowness: []float64{0.5}, Hiddenness: []float64{0}, Suitness: []float64{0}},
			seat: 0, disc: 2, hand: "1B 2B 3B 4C 5C 6C 7D 8D 9D 5B 5B NW SW", tile: "5B", want: "NoClaim 7"},
		{name: "the pung hunter does not chow", opts: Options{Chowness: []float64{-0.9}, Hiddenness: []float64{0}, Suitness: []float64{0}},
			seat: 1, disc: 0, hand: "1B 1B 1B 4C 4C 4C 7D 8D NW NW 5B 6B SW", tile: "7B", want: "NoClaim 7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := New(tc.opts)
			v := table(t, tc.seat, tc.hand, tc.seen)
			var got string
			if tc.disc == engine.NoSeat {
				r.turn(v)
				got = one(t, r.buf)
			} else {
				v.Game.Players[tc.seat].NumConcealed = 13
				got = one(t, discardBy(t, r, v, tc.disc, tc.tile))
			}
			if got != tc.want {
				t.Errorf("got %q, want %q\n%s", got, tc.want, v)
			}
		})
	}
}

// TestNextPlayerAdjustment: between two equal tiles the last in sort
// order goes, unless the next player threw the other.
func TestNextPlayerAdjustment(t *testing.T) {
	fixed := Options{Chowness: []float64{0}, Hiddenness: []float64{0}, Suitness: []float64{0}}
	hand := "1B 2B 3B 4C 5C 6C 7D 8D 9D 5D 5D 5D NW WW"
	r := New(fixed)
	v := table(t, 0, hand, "")
	r.turn(v)
	if got := one(t, r.buf); got != "Discard NW 0" {
		t.Errorf("no adjustment: %q, want Discard NW 0", got)
	}
	r = New(fixed)
	v = table(t, 0, hand, "WW NW") // both honours equally live
	// the next player (seat 1, player 2) threw a West wind
	r.Respond(v, engine.CPlayerDiscards{ID: v.Game.Players[1].ID, Tile: engine.WestWind, Serial: 3})
	r.turn(v)
	if got := one(t, r.buf); got != "Discard WW 0" {
		t.Errorf("next player threw WW: %q, want Discard WW 0", got)
	}
}

// TestEvaluator checks the evaluator's numbers against the original's
// (with every copy live): complete sets 12 (14 for a pung of majors), a
// two-sided partial chow 0.4 per live completing tile, a pair 1.632 per
// live copy (more for majors and doubling tiles) and the eyes bonus, an
// isolated tile 0.075 per live copy.
func TestEvaluator(t *testing.T) {
	e := newEvaluator()
	for k := range numKinds {
		e.live[k] = 4
	}
	e.doubling[31] = true
	e.use(strategy{})
	val := func(s string) float64 {
		t.Helper()
		ts, err := engine.ParseTiles(s)
		if err != nil {
			t.Fatal(err)
		}
		var c counts
		for _, x := range ts {
			c[kindOf(x)]++
		}
		return e.value(&c, nil)
	}
	cases := []struct {
		hand string
		want float64
	}{
		{"1B 2B 3B", 12},
		{"5B 5B 5B", 12},
		{"1C 1C 1C", 14},
		{"4B 5B", 3.199999968},
		{"1B 2B", 1.599999984},
		{"4B 6B", 1.599999984},
		{"5B 5B", 6.528 + 4},
		{"RD RD", 6.528 + 2 + 1 + 4},
		{"NW", 0.3},
		{"RD", 0.3 + 0.05},
		{"5C", 0.3},
		{"1B 2B 3B 4B 5B 6B", 24},
	}
	for _, tc := range cases {
		if got := val(tc.hand); got < tc.want-1e-9 || got > tc.want+1e-9 {
			t.Errorf("value(%s) = %.10g, want %.10g", tc.hand, got, tc.want)
		}
	}
}

// TestDoublingWinds: the original takes every wind for a doubling tile
// when the seat or the round is North, and none otherwise (its test
// compares the wind's suit, not its value, with the seat's wind).
func TestDoublingWinds(t *testing.T) {
	for _, tc := range []struct {
		seat  engine.Seat
		round engine.Wind
		want  bool
	}{
		{0, engine.East, false}, {3, engine.East, true}, {1, engine.North, true}, {2, engine.South, false},
	} {
		v := table(t, tc.seat, "1B 2B 4B 5C 6C 8C 3D 3D 5D 7D 9D EW RD WD", "")
		v.Game.Round = tc.round
		e := newEvaluator()
		c := concealedCounts(v.Me())
		e.load(v.Game, v.Seat(), &c)
		for k := 27; k < 31; k++ {
			if e.doubling[k] != tc.want {
				t.Errorf("seat %d round %v: wind %v doubling %v, want %v", tc.seat, tc.round, tileOf(k), e.doubling[k], tc.want)
			}
		}
		if !e.doubling[31] || !e.doubling[33] {
			t.Errorf("seat %d round %v: a dragon does not double", tc.seat, tc.round)
		}
	}
}

func TestOptionsValidate(t *testing.T) {
	if err := (Options{Chowness: []float64{-1.5}}).Validate(); err == nil {
		t.Error("chowness -1.5 accepted")
	}
	if err := (Options{Suitness: []float64{0.3, 1}}).Validate(); err != nil {
		t.Error(err)
	}
}

func BenchmarkDiscard(b *testing.B) {
	t := &testing.T{}
	r := New(Options{})
	v := table(t, 0, "1B 2B 4B 5C 6C 8C 3D 3D 5D 7D 9D EW RD WD", "")
	for b.Loop() {
		r.buf = r.buf[:0]
		r.turn(v)
	}
}

func BenchmarkClaim(b *testing.B) {
	t := &testing.T{}
	r := New(Options{})
	v := table(t, 1, "1B 2B 4B 5C 6C 8C 3D 3D 5D 7D 9D RD WD", "")
	discardBy(t, r, v, 0, "3D")
	for b.Loop() {
		r.buf = r.buf[:0]
		r.claim(v, engine.NewTile(engine.Circles, 3), 7)
	}
}
