package engine_test

import (
	"testing"

	"mahjong/engine"
	"mahjong/internal/scripted"
)

// The benchmarks play whole games with scripted seats (four default
// four-round games, seeds 1-4, in turn). "table" is the game as the
// driver plays it: the controller plus four seats that apply every
// message to their views and answer. "controller" replays the requests
// recorded from the same games into a fresh controller and ignores its
// outputs: that is the controller's own cost, which is what a server
// spends. "seats" replays the recorded outputs into four views and
// policies: the driver's cost.

var benchSeeds = []int{1, 2, 3, 4}

// benchRequest is one recorded request.
type benchRequest struct {
	cnx int
	a   engine.Action
}

// benchGame is a recorded game, cut into hands: hands[k] holds the
// requests from the one that started hand k (exclusive) to the one that
// started hand k+1 (inclusive); hand 0 also holds the connection and the
// first hand. outputs[k] holds what those requests caused.
type benchGame struct {
	seed    int
	hands   [][]benchRequest
	outputs [][]engine.Output
}

func recordBenchGame(b *testing.B, seed int) benchGame {
	b.Helper()
	c := engine.NewController(engine.ServerOptions{Seed: seed})
	tb := scripted.NewTable(c)
	var reqs []benchRequest
	var outputs []engine.Output
	var cuts, outCuts []int
	tb.Trace = func(cnx int, a engine.Action, outs []engine.Output) {
		reqs = append(reqs, benchRequest{cnx, a})
		outputs = append(outputs, outs...)
		for _, o := range outs {
			if _, ok := o.Event.(engine.CNewHand); ok && o.Logged {
				cuts = append(cuts, len(reqs))
				outCuts = append(outCuts, len(outputs))
			}
		}
	}
	if err := tb.Connect(ctlNames); err != nil {
		b.Fatal(err)
	}
	if err := tb.Run(1_000_000); err != nil {
		b.Fatal(err)
	}
	if len(cuts) < 2 {
		b.Fatalf("seed %d: %d hands", seed, len(cuts))
	}
	g := benchGame{seed: seed}
	prev := 0
	for _, cut := range append(cuts[1:], len(reqs)) {
		g.hands = append(g.hands, reqs[prev:cut])
		prev = cut
	}
	prev = 0
	for _, cut := range append(outCuts[1:], len(outputs)) {
		g.outputs = append(g.outputs, outputs[prev:cut])
		prev = cut
	}
	return g
}

func recordBenchGames(b *testing.B) []benchGame {
	b.Helper()
	var gs []benchGame
	for _, s := range benchSeeds {
		gs = append(gs, recordBenchGame(b, s))
	}
	return gs
}

// benchReplay hands requests to a controller, as a server would.
func benchReplay(c *engine.Controller, reqs []benchRequest) {
	for _, r := range reqs {
		c.Handle(r.cnx, r.a)
	}
}

func newReplayController(seed int) *engine.Controller {
	c := engine.NewController(engine.ServerOptions{Seed: seed})
	for range engine.NumSeats {
		c.Accept()
	}
	return c
}

// newBenchTable starts a scripted game and plays it up to its first hand.
func newBenchTable(b *testing.B, seed int) *scripted.Table {
	tb := scripted.NewTable(engine.NewController(engine.ServerOptions{Seed: seed}))
	if err := tb.Connect(ctlNames); err != nil {
		b.Fatal(err)
	}
	for tb.Hands() == 0 {
		if _, err := tb.Step(); err != nil {
			b.Fatal(err)
		}
	}
	return tb
}

// BenchmarkHand measures one hand per operation (from its NewHand to the
// next, or to the end of the game).
func BenchmarkHand(b *testing.B) {
	b.Run("table", func(b *testing.B) {
		b.ReportAllocs()
		var tb *scripted.Table
		game, n := 0, 0
		for b.Loop() {
			if tb == nil || tb.C.GameOver() {
				tb = newBenchTable(b, benchSeeds[game%len(benchSeeds)])
				game++
			}
			h := tb.Hands()
			for tb.Hands() == h && !tb.C.GameOver() {
				if _, err := tb.Step(); err != nil {
					b.Fatal(err)
				}
			}
			n++
		}
		b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
	})
	b.Run("controller", func(b *testing.B) {
		games := recordBenchGames(b)
		b.ReportAllocs()
		var c *engine.Controller
		game, hand, n := 0, 0, 0
		for b.Loop() {
			g := games[game%len(games)]
			if hand == 0 {
				c = newReplayController(g.seed)
			}
			benchReplay(c, g.hands[hand])
			if hand++; hand == len(g.hands) {
				if !c.GameOver() {
					b.Fatal("replayed game not over")
				}
				hand = 0
				game++
			}
			n++
		}
		b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
	})
	b.Run("seats", func(b *testing.B) {
		games := recordBenchGames(b)
		b.ReportAllocs()
		var seats *benchSeats
		game, hand, n := 0, 0, 0
		for b.Loop() {
			g := games[game%len(games)]
			if hand == 0 {
				seats = newBenchSeats()
			}
			seats.deliver(b, g.outputs[hand])
			if hand++; hand == len(g.outputs) {
				hand = 0
				game++
			}
			n++
		}
		b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
	})
}

// benchSeats are four seats' views, by connection (1-4), with their
// policies' answers.
type benchSeats struct {
	views [engine.NumSeats + 1]*engine.Game
	ids   [engine.NumSeats + 1]int
	buf   []engine.Action
}

func newBenchSeats() *benchSeats {
	s := &benchSeats{buf: make([]engine.Action, 0, 4)}
	for i := 1; i <= engine.NumSeats; i++ {
		s.views[i] = engine.NewGame()
	}
	return s
}

// deliver does what scripted.Table.Deliver does, without a controller.
func (s *benchSeats) deliver(b *testing.B, outs []engine.Output) int {
	n := 0
	for _, o := range outs {
		if o.Event == nil {
			continue
		}
		if m, ok := o.Event.(engine.CConnectReply); ok {
			s.ids[o.Conn] = m.ID
		}
		if err := s.views[o.Conn].Apply(o.Event, false); err != nil {
			b.Fatal(err)
		}
		s.buf = scripted.AppendResponse(s.buf[:0], s.views[o.Conn], s.ids[o.Conn], o.Event)
		n += len(s.buf)
	}
	return n
}

// BenchmarkGame measures one whole four-round game per operation.
func BenchmarkGame(b *testing.B) {
	b.Run("table", func(b *testing.B) {
		b.ReportAllocs()
		game, hands := 0, 0
		for b.Loop() {
			c := engine.NewController(engine.ServerOptions{Seed: benchSeeds[game%len(benchSeeds)]})
			tb := scripted.NewTable(c)
			if err := tb.Connect(ctlNames); err != nil {
				b.Fatal(err)
			}
			if err := tb.Run(1_000_000); err != nil {
				b.Fatal(err)
			}
			hands += tb.Hands()
			game++
		}
		b.ReportMetric(float64(hands)/float64(game), "hands/game")
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(hands), "ns/hand")
	})
	b.Run("controller", func(b *testing.B) {
		games := recordBenchGames(b)
		b.ReportAllocs()
		game, hands := 0, 0
		for b.Loop() {
			g := games[game%len(games)]
			c := newReplayController(g.seed)
			for _, h := range g.hands {
				benchReplay(c, h)
			}
			if !c.GameOver() {
				b.Fatal("replayed game not over")
			}
			hands += len(g.hands)
			game++
		}
		b.ReportMetric(float64(hands)/float64(game), "hands/game")
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(hands), "ns/hand")
	})
}
