package ai_test

import (
	"fmt"
	"testing"

	"mahjong/ai"
	"mahjong/engine"
)

// table plays four robots against an engine.Controller in-process: every
// output is applied to the addressed seat's View and shown to its robot;
// the answers wait in one first-in first-out queue, so a game is a pure
// function of the controller's seed and the robots' options.
type table struct {
	c      *engine.Controller
	cnx    [engine.NumSeats]int
	views  [engine.NumSeats]*engine.View
	robots [engine.NumSeats]*ai.Robot
	byCnx  map[int]int
	queue  []request
	steps  int
	stats  stats
	// lenient: a refusal is counted, not an error (play suspended).
	lenient bool
	// seen, if set, is shown every message as it reaches a seat.
	seen func(seat int, ev engine.Event)
}

type request struct {
	seat int
	a    engine.Action
}

// stats counts what happened, by player id - 1.
type stats struct {
	hands, washouts  int
	wins             [engine.NumSeats]int
	winScore         [engine.NumSeats]int
	dangerous        [engine.NumSeats]int // dangerous discards with a choice
	cannons          [engine.NumSeats]int
	final            [engine.NumSeats]int
	claims           [engine.NumSeats]int
	chows            [engine.NumSeats]int // claimed chows (claims holds them too)
	handTiles        [engine.NumSeats]int // tiles of each hand at its scoring, summed over hands
	suitTiles        [engine.NumSeats]int // ... of them in the hand's strongest suit or honours
	majorTiles       [engine.NumSeats]int // ... of them terminals or honours
	lastWinnerID     int
	discards, errors int
}

func newTable(t testing.TB, so engine.ServerOptions, opts [engine.NumSeats]ai.Options, gameOpts map[string]string) *table {
	t.Helper()
	return newTableSeen(t, so, opts, gameOpts, nil)
}

// newTableSeen is newTable with seen set before the first message.
func newTableSeen(t testing.TB, so engine.ServerOptions, opts [engine.NumSeats]ai.Options, gameOpts map[string]string, seen func(int, engine.Event)) *table {
	t.Helper()
	defaults := engine.DefaultOptions()
	for name, val := range gameOpts {
		id, ok := engine.LookupOption(name)
		if !ok {
			t.Fatalf("no option %s", name)
		}
		v, err := engine.ParseOptionValue(id, val)
		if err != nil {
			t.Fatal(err)
		}
		e := defaults.Entry(id)
		e.Value = v
		so.OptionFile = append(so.OptionFile, engine.CGameOption{Entry: e})
	}
	tb := &table{c: engine.NewController(so), byCnx: map[int]int{}, seen: seen}
	for i := range tb.cnx {
		cnx, outs := tb.c.Accept()
		if cnx < 0 {
			t.Fatalf("accept: %v", outs)
		}
		tb.cnx[i] = cnx
		tb.byCnx[cnx] = i
		tb.views[i] = engine.NewView()
		tb.robots[i] = ai.New(opts[i])
	}
	for i := range tb.cnx {
		if err := tb.send(i, engine.PConnect{Version: engine.ProtocolVersion, Name: fmt.Sprintf("R%d", i+1)}); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

func (tb *table) send(seat int, a engine.Action) error {
	tb.steps++
	return tb.deliver(seat, a, tb.c.Handle(tb.cnx[seat], a))
}

// deliver applies the controller's outputs to the seats' views and queues
// their robots' answers; a is what seat sent (for the error message).
func (tb *table) deliver(seat int, a engine.Action, outs []engine.Output) error {
	for _, o := range outs {
		i, ok := tb.byCnx[o.Conn]
		if !ok || o.Event == nil {
			continue
		}
		v := tb.views[i]
		switch m := o.Event.(type) {
		case engine.CError:
			tb.stats.errors++
			if tb.lenient {
				continue
			}
			return fmt.Errorf("seat %d sent %v, got %q\n%s", seat, a, m.String(), tb.views[seat])
		case engine.CNewHand:
			if i == 0 {
				tb.stats.hands++
			}
		case engine.CWashOut:
			if i == 0 {
				tb.stats.washouts++
			}
		case engine.CPlayerMahJongs:
			if i == 0 {
				tb.stats.lastWinnerID = m.ID
			}
		case engine.CPlayerRobsKong:
			if i == 0 {
				tb.stats.lastWinnerID = m.ID
			}
		case engine.CHandScore:
			if p := v.Me(); p != nil && p.ID == m.ID {
				tb.stats.noteHand(p)
			}
			if i == 0 && m.ID == tb.stats.lastWinnerID {
				tb.stats.wins[m.ID-1]++
				tb.stats.winScore[m.ID-1] += m.Score
			}
		case engine.CDangerousDiscard:
			if i == 0 && !m.NoChoice {
				tb.stats.dangerous[m.ID-1]++
			}
		case engine.CPlayerPungs, engine.CPlayerChows, engine.CPlayerKongs:
			if i == 0 {
				tb.stats.claims[engine.Actor(o.Event)-1]++
				if _, ok := o.Event.(engine.CPlayerChows); ok {
					tb.stats.chows[engine.Actor(o.Event)-1]++
				}
			}
		case engine.CPlayerDiscards:
			if i == 0 {
				tb.stats.discards++
			}
		}
		if tb.seen != nil {
			tb.seen(i, o.Event)
		}
		if err := v.Apply(o.Event); err != nil {
			return fmt.Errorf("seat %d cannot apply %q: %w", i, o.Event.String(), err)
		}
		for _, a := range tb.robots[i].Respond(v, o.Event) {
			tb.queue = append(tb.queue, request{i, a})
		}
	}
	return nil
}

// noteHand adds the tiles player p holds at its hand's scoring, as its
// own view shows them (declared sets and concealed tiles), to the shape
// counts.
func (s *stats) noteHand(p *engine.Player) {
	var tiles []engine.Tile
	for _, m := range p.Melds {
		if m.Kind == engine.NoMeld {
			continue
		}
		for j := range m.Kind.Size() {
			t := m.Tile
			if m.Kind == engine.Chow || m.Kind == engine.ClosedChow {
				t += engine.Tile(j)
			}
			tiles = append(tiles, t)
		}
	}
	tiles = append(tiles, p.Concealed[:p.NumConcealed]...)
	var bySuit [3]int
	honours, majors := 0, 0
	for _, t := range tiles {
		switch {
		case t.IsHonour():
			honours++
		case t.IsSuit():
			bySuit[t.Suit()-engine.Bamboo]++
		}
		if t.IsMajor() {
			majors++
		}
	}
	id := p.ID - 1
	s.handTiles[id] += len(tiles)
	s.suitTiles[id] += max(bySuit[0], bySuit[1], bySuit[2]) + honours
	s.majorTiles[id] += majors
}

// run plays until the game is over.
func (tb *table) run(maxSteps int) error {
	for !tb.c.GameOver() {
		if tb.steps > maxSteps {
			return fmt.Errorf("step limit %d reached", maxSteps)
		}
		if len(tb.queue) == 0 {
			g := tb.c.Game()
			return fmt.Errorf("stalled: phase %v player %d\n%s", g.Phase, g.Player, tb.views[0])
		}
		r := tb.queue[0]
		tb.queue = tb.queue[1:]
		if err := tb.send(r.seat, r.a); err != nil {
			return err
		}
	}
	for _, p := range tb.c.FinalScores() {
		if p.ID >= 1 && p.ID <= engine.NumSeats {
			tb.stats.final[p.ID-1] = p.CumulativeScore
		}
	}
	return nil
}

func playGame(t testing.TB, seed int, opts [engine.NumSeats]ai.Options, gameOpts map[string]string) *table {
	t.Helper()
	tb := newTable(t, engine.ServerOptions{Seed: seed}, opts, gameOpts)
	if err := tb.run(200000); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return tb
}

func TestLegalGames(t *testing.T) {
	levels := []ai.Level{ai.Beginner, ai.Easy, ai.Medium, ai.Hard, ai.Expert}
	optionSets := []map[string]string{
		nil,
		{"SevenPairs": "1", "NumRounds": "1"},
		{"DiscDoubles": "1", "LosersSettle": "0", "EastDoubles": "0", "NumRounds": "1"},
		{"Flowers": "0", "KongHas3Types": "1", "LosersPurity": "1", "NumRounds": "1"},
		{"FlowersLoose": "1", "DeadWall16": "0", "ShowOnWashout": "1", "NoLimit": "1", "NumRounds": "1"},
	}
	games := 0
	for li, l := range levels {
		for oi, o := range optionSets {
			seeds := 1
			if o != nil && !testing.Short() {
				seeds = 3
			}
			for s := range seeds {
				seed := 1000*li + 10*oi + s + 1
				var opts [engine.NumSeats]ai.Options
				for i := range opts {
					opts[i] = ai.Options{Level: l, Seed: uint64(seed*4 + i)}
				}
				tb := playGame(t, seed, opts, o)
				games++
				if tb.stats.hands == 0 {
					t.Errorf("seed %d: no hands", seed)
				}
			}
		}
	}
	t.Logf("%d games", games)
}

func TestMixedLevels(t *testing.T) {
	var opts [engine.NumSeats]ai.Options
	for i := range opts {
		opts[i] = ai.Options{Level: ai.Level(i + 2), Seed: uint64(i)}
	}
	opts[0].Style = ai.Presets[3].Style
	for seed := 1; seed <= 2; seed++ {
		playGame(t, seed, opts, nil)
	}
}
