package lookahead_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"
	"time"

	"mahjong/ai"
	"mahjong/ai/classic"
	"mahjong/ai/lookahead"
	"mahjong/engine"
)

type responder interface {
	Respond(v *engine.View, ev engine.Event) []engine.Action
}

// playHands plays the first hands of the game of seed with robots, each
// given its own view; seen, when set, sees each event a seat has applied
// before its robot answers.
func playHands(t testing.TB, seed, hands int, robots [engine.NumSeats]responder, seen func(i int, v *engine.View, ev engine.Event)) {
	c := engine.NewController(engine.ServerOptions{Seed: seed})
	var views [engine.NumSeats]*engine.View
	type req struct {
		cnx int
		a   engine.Action
	}
	var queue []req
	settled := 0
	deliver := func(outs []engine.Output) {
		for _, o := range outs {
			i := o.Conn - 1
			if o.Event == nil || i < 0 || i >= engine.NumSeats {
				continue
			}
			if err := views[i].Apply(o.Event); err != nil {
				t.Fatalf("seat %d cannot apply %q: %v", i, o.Event, err)
			}
			if _, ok := o.Event.(engine.CSettlement); ok && i == 0 {
				settled++
			}
			if seen != nil {
				seen(i, views[i], o.Event)
			}
			for _, a := range robots[i].Respond(views[i], o.Event) {
				queue = append(queue, req{o.Conn, a})
			}
		}
	}
	for i := range views {
		cnx, _ := c.Accept()
		if cnx != i+1 {
			t.Fatalf("connection %d for seat %d", cnx, i)
		}
		views[i] = engine.NewView()
	}
	for i := range views {
		deliver(c.Handle(i+1, engine.PConnect{Version: engine.ProtocolVersion, Name: fmt.Sprintf("p%d", i+1)}))
	}
	for steps := 0; settled < hands && !c.GameOver(); steps++ {
		if len(queue) == 0 || steps > 100000 {
			t.Fatalf("game of seed %d stalled after %d requests", seed, steps)
		}
		q := queue[0]
		queue = queue[1:]
		deliver(c.Handle(q.cnx, q.a))
	}
}

func TestSearchPlays(t *testing.T) {
	s := lookahead.NewSearch(lookahead.Config{Plays: 8})
	var robots [engine.NumSeats]responder
	robots[0] = ai.New(ai.Options{Level: ai.Hard, Seed: 1, Search: s})
	for i := 1; i < engine.NumSeats; i++ {
		robots[i] = classic.New(classic.Options{})
	}
	t0 := time.Now()
	playHands(t, 5, 4, robots, nil)
	st := s.Stats()
	t.Logf("%+v in %v", st, time.Since(t0))
	if st.Decisions == 0 || st.Failed != 0 || st.Plays != st.Decisions*2*8 {
		t.Fatalf("stats %+v", st)
	}
}

func BenchmarkSearchGame(b *testing.B) {
	for range b.N {
		s := lookahead.NewSearch(lookahead.Config{Plays: 8})
		var robots [engine.NumSeats]responder
		robots[0] = ai.New(ai.Options{Level: ai.Hard, Seed: 1, Search: s})
		for i := 1; i < engine.NumSeats; i++ {
			robots[i] = classic.New(classic.Options{})
		}
		playHands(b, 5, 4, robots, nil)
	}
}

// claimMoments plays the first hand of the game of seed with a Hard robot
// at seat 0 and three ai/classic robots, and returns a copy of seat 0's
// view at each discard it could claim (pung or chow), with the event.
func claimMoments(t testing.TB, seed int) (views []*engine.View, evs []engine.Event) {
	var robots [engine.NumSeats]responder
	robots[0] = ai.New(ai.Options{Level: ai.Hard, Seed: 1})
	for i := 1; i < engine.NumSeats; i++ {
		robots[i] = classic.New(classic.Options{})
	}
	playHands(t, seed, 1, robots, func(i int, v *engine.View, ev engine.Event) {
		d, ok := ev.(engine.CPlayerDiscards)
		me := v.Me()
		if i != 0 || !ok || d.ID == v.ID || me == nil || me.Hidden || !me.CanPung(d.Tile) {
			return
		}
		cp := *v
		cp.Game = v.Game.Clone()
		for s := range cp.Discards {
			cp.Discards[s] = append([]engine.Tile(nil), v.Discards[s]...)
		}
		views = append(views, &cp)
		evs = append(evs, ev)
	})
	return views, evs
}

// someMoments returns the claim moments of the first game that has some.
func someMoments(t testing.TB) ([]*engine.View, []engine.Event) {
	for seed := 1; seed < 20; seed++ {
		if views, evs := claimMoments(t, seed); len(views) > 0 {
			return views, evs
		}
	}
	t.Fatal("no claim moment")
	return nil, nil
}

// tableCounts counts every tile of a complete game where the table holds
// it: hands, sets, flowers, the discards of v and the undrawn wall.
func tableCounts(g *engine.Game, v *engine.View) map[engine.Tile]int {
	n := map[engine.Tile]int{}
	for i, p := range g.Players {
		for _, t := range p.Concealed[:p.NumConcealed] {
			n[t]++
		}
		for _, m := range p.Melds {
			for k := range m.Kind.Size() {
				if m.Kind == engine.Chow || m.Kind == engine.ClosedChow {
					n[m.Tile+engine.Tile(k)]++
				} else {
					n[m.Tile]++
				}
			}
		}
		for _, t := range p.Specials[:p.NumSpecials] {
			n[t]++
		}
		for _, t := range v.Discards[i] {
			n[t]++
		}
	}
	for _, t := range g.Wall.Tiles[g.Wall.LiveUsed:g.Wall.DeadEnd] {
		n[t]++
	}
	return n
}

// TestDeal checks the deals of the unseen tiles at real claim moments:
// the table then holds exactly a full set, our hand and everything shown
// are as they were, the others' hands keep their sizes and hold no
// flower, two deals differ, and a controller plays each out.
func TestDeal(t *testing.T) {
	moments := 0
	for seed := 1; seed <= 10; seed++ {
		views, evs := claimMoments(t, seed)
		for k, v := range views {
			moments++
			rng := rand.New(rand.NewPCG(uint64(seed), uint64(k)))
			g, ok := lookahead.Deal(v, rng)
			if !ok {
				t.Fatalf("seed %d: no deal for\n%v", seed, v)
			}
			full := map[engine.Tile]int{}
			for _, x := range engine.TileSet(g.Options.Bool(engine.OptFlowers)) {
				full[x]++
			}
			if got := tableCounts(g, v); !maps.Equal(got, full) {
				t.Fatalf("seed %d: the deal's table holds %v, want %v", seed, got, full)
			}
			for i, p := range g.Players {
				q := v.Game.Players[i]
				if p.NumConcealed != q.NumConcealed || p.Melds != q.Melds || p.Specials != q.Specials {
					t.Fatalf("seed %d: seat %d changed", seed, i)
				}
				if p.ID == v.ID && p.Concealed != q.Concealed {
					t.Fatalf("seed %d: our hand changed", seed)
				}
				for _, x := range p.Concealed[:p.NumConcealed] {
					if p.ID != v.ID && x.IsSpecial() {
						t.Fatalf("seed %d: %v dealt into a hand", seed, x)
					}
				}
			}
			g2, _ := lookahead.Deal(v, rng)
			if fmt.Sprint(g2.Wall.Tiles) == fmt.Sprint(g.Wall.Tiles) {
				t.Fatalf("seed %d: two deals alike", seed)
			}
			me := v.Me()
			d := evs[k].(engine.CPlayerDiscards)
			for _, a := range []engine.Action{engine.PNoClaim{Serial: v.Game.Serial}, engine.PPung{Serial: v.Game.Serial}} {
				if _, ok := lookahead.PlayOut(g.Clone(), v, ai.New(ai.Options{Level: ai.Hard}), evs[k], a); !ok {
					t.Fatalf("seed %d: %v to %v (hand %s) not played out", seed, a, d, me.TilesString(false))
				}
			}
		}
	}
	t.Logf("%d claim moments", moments)
	if moments < 5 {
		t.Fatalf("only %d claim moments", moments)
	}
}

// TestDealRefusesBadViews: a view whose tiles do not add up gives no
// deal, and the search then keeps the model's choice.
func TestDealRefusesBadViews(t *testing.T) {
	views, evs := someMoments(t)
	v := views[0]
	d := evs[0].(engine.CPlayerDiscards)
	// the table shows four more copies of the discard: five in all
	v.Game.ExposedCount[d.Tile] += 4
	if _, ok := lookahead.Deal(v, rand.New(rand.NewPCG(1, 2))); ok {
		t.Fatal("a deal for a view with five copies of a tile")
	}
	s := lookahead.NewSearch(lookahead.Config{Plays: 4})
	r := ai.New(ai.Options{Level: ai.Hard, Search: s})
	opts := []ai.Weighed{{Action: engine.PNoClaim{Serial: d.Serial}}, {Action: engine.PPung{Serial: d.Serial}}}
	if i := s.Claim(r, v, evs[0], opts); i != 0 || s.Stats().Failed != 1 {
		t.Fatalf("search on a bad view chose %d, stats %+v", i, s.Stats())
	}
}

// TestSearchDeterministic: the same decision searched twice gives the
// same plays and the same answer.
func TestSearchDeterministic(t *testing.T) {
	views, evs := someMoments(t)
	for k, v := range views {
		d := evs[k].(engine.CPlayerDiscards)
		opts := []ai.Weighed{{Action: engine.PNoClaim{Serial: d.Serial}}, {Action: engine.PPung{Serial: d.Serial}}}
		var got [2]int
		for j := range got {
			s := lookahead.NewSearch(lookahead.Config{Plays: 6, Z: 0.5})
			got[j] = s.Claim(ai.New(ai.Options{Level: ai.Hard, Seed: 7, Search: s}), v, evs[k], opts)
		}
		if got[0] != got[1] {
			t.Fatalf("decision %d: %v then %v", k, got[0], got[1])
		}
	}
}

func TestBetter(t *testing.T) {
	sums := func(d ...float64) (s, sq float64, n int) {
		for _, x := range d {
			s += x
			sq += x * x
		}
		return s, sq, len(d)
	}
	for _, tc := range []struct {
		d    []float64
		z    float64
		want bool
	}{
		{[]float64{10, 12, 8, 11}, 2.5, true},    // clearly better
		{[]float64{10, -12, 8, -11}, 2.5, false}, // noise
		{[]float64{-10, -12, -8}, 2.5, false},    // worse
		{[]float64{5, 5, 5}, 2.5, true},          // better on every deal alike
		{[]float64{0, 0, 0}, 2.5, false},         // the same
		{[]float64{30, 0, 0, 0}, 1, false},       // one lucky deal
		{[]float64{30, 0, 0, 0}, 0.5, true},      // ... enough at a low bar
		{[]float64{9}, 0.1, false},               // one deal says nothing
	} {
		s, sq, n := sums(tc.d...)
		if got := lookahead.Better(s, sq, n, tc.z); got != tc.want {
			t.Errorf("Better(%v, z %g) = %v", tc.d, tc.z, got)
		}
	}
}

// TestSearchFrom: a claim the model values below Config.From is left to
// the model without a play, and one at From is searched.
func TestSearchFrom(t *testing.T) {
	views, evs := someMoments(t)
	v := views[0]
	d := evs[0].(engine.CPlayerDiscards)
	s := lookahead.NewSearch(lookahead.Config{Plays: 4, From: 150})
	r := ai.New(ai.Options{Level: ai.Hard, Seed: 7, Search: s})
	opts := []ai.Weighed{{Action: engine.PNoClaim{Serial: d.Serial}, Value: 149}, {Action: engine.PPung{Serial: d.Serial}, Value: 400}}
	if i := s.Claim(r, v, evs[0], opts); i != 0 {
		t.Fatalf("a claim below From took option %d", i)
	}
	if st := s.Stats(); st.Skipped != 1 || st.Decisions != 0 || st.Plays != 0 {
		t.Fatalf("below From: stats %+v", st)
	}
	opts[0].Value = 150
	s.Claim(r, v, evs[0], opts)
	if st := s.Stats(); st.Skipped != 1 || st.Decisions != 1 || st.Plays != 8 {
		t.Fatalf("at From: stats %+v", st)
	}
}

// recorder is an ai.Search that keeps the options it was shown and
// takes the model's choice.
type recorder struct{ seen [][]ai.Weighed }

func (s *recorder) Claim(_ *ai.Robot, _ *engine.View, _ engine.Event, opts []ai.Weighed) int {
	s.seen = append(s.seen, append([]ai.Weighed(nil), opts...))
	return 0
}

// TestSearchShown: the robot shows a search its own choice first, with
// the value it gave it, and a different runner-up second; taking
// option 0 leaves the robot's answer as it is without a search.
func TestSearchShown(t *testing.T) {
	views, evs := someMoments(t)
	for k, v := range views {
		rec := &recorder{}
		with := ai.New(ai.Options{Level: ai.Hard, Seed: 7, Search: rec})
		without := ai.New(ai.Options{Level: ai.Hard, Seed: 7})
		got := fmt.Sprint(with.Respond(v, evs[k]))
		want := fmt.Sprint(without.Respond(v, evs[k]))
		if got != want {
			t.Fatalf("moment %d: %s with the search, %s without", k, got, want)
		}
		if len(rec.seen) != 1 {
			t.Fatalf("moment %d: the search was asked %d times", k, len(rec.seen))
		}
		opts := rec.seen[0]
		if len(opts) != 2 || fmt.Sprint([]engine.Action{opts[0].Action}) != want || opts[1].Action == opts[0].Action || opts[1].Action == nil {
			t.Fatalf("moment %d: answer %s, shown %+v", k, want, opts)
		}
		if opts[0].Value == 0 {
			t.Fatalf("moment %d: the choice shown without its value: %+v", k, opts)
		}
	}
}
