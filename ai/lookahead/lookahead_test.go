package lookahead_test

import (
	"fmt"
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
