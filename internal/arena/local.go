package arena

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"mahjong/engine"
)

// LocalConfig is a match between robots of ours on our engine, in
// process.
type LocalConfig struct {
	Seats     [engine.NumSeats]Spec // connection i plays Seats[(i - seed) mod 4], as a match against the original seats ours
	Fixed     bool                  // connection i plays Seats[i] in every game
	Games     int                   // number of games
	FirstSeed int                   // game g uses seed FirstSeed+g
	Jobs      int                   // games played at once (0: one per core)
	Options   []engine.CGameOption  // game options (the option file)
	// Server, if set, is the controller's options (seating, flags, option
	// file), its seed replaced by each game's; Options, if set, still
	// replaces its option file.
	Server   *engine.ServerOptions
	MaxSteps int // requests per game before giving up (0: 200000)
	// Hands, if set, ends each game after this many hands: a paired
	// comparison of a change that alters few decisions resolves far better
	// hand by hand, before the games part ways (their hands' deals and
	// Easts drift apart once one result differs).
	Hands int
	// Progress, if set, is called after each finished game (from one
	// goroutine at a time).
	Progress func(done int, g *GameRecord)
	// Wrap, if set, may replace each robot as it is seated (seat i of
	// game g, playing the spec labelled label), to watch it; it is called
	// from the game's goroutine.
	Wrap func(g, seat int, label string, r Responder) Responder
	// Peek, if set, is shown each answer as it is made (seat i of game
	// g), with the controller's whole game beside the seat's view: a
	// collector of training data (mj-arena waits) labels what a robot
	// saw by what was hidden from it. Robots never see it.
	Peek func(g, seat int, v *engine.View, truth *engine.Game, r Responder, acts []engine.Action)
}

// ErrStalled is a game in which nobody had anything to send.
var ErrStalled = errors.New("arena: game stalled")

// PlayLocal plays the match and returns the games in order.
func PlayLocal(ctx context.Context, cfg LocalConfig) []*GameRecord {
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	return playGames(ctx, cfg.Games, jobs, cfg.Progress, func(g int) *GameRecord {
		return PlayLocalGame(cfg, g)
	})
}

// playGames plays games 0..n-1, jobs at a time, with play, and returns
// the finished ones in order; it starts no new game once ctx is done.
// progress, if set, sees each finished game, one call at a time.
func playGames(ctx context.Context, n, jobs int, progress func(int, *GameRecord), play func(g int) *GameRecord) []*GameRecord {
	games := make([]*GameRecord, n)
	next := make(chan int)
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for range min(jobs, max(n, 1)) {
		wg.Go(func() {
			for g := range next {
				rec := play(g)
				mu.Lock()
				games[g] = rec
				done++
				if progress != nil {
					progress(done, rec)
				}
				mu.Unlock()
			}
		})
	}
	for g := 0; g < n; g++ {
		select {
		case next <- g:
		case <-ctx.Done():
			g = n
		}
	}
	close(next)
	wg.Wait()
	var out []*GameRecord
	for _, g := range games {
		if g != nil {
			out = append(out, g)
		}
	}
	return out
}

// localSeat is one robot at an in-process table.
type localSeat struct {
	cnx   int
	label string
	view  *engine.View
	robot Responder
}

type localRequest struct {
	seat int
	a    engine.Action
}

// SpecAt returns the spec that connection i (0-3) plays in game g.
func (cfg *LocalConfig) SpecAt(g, i int) Spec {
	if cfg.Fixed {
		return cfg.Seats[i]
	}
	return cfg.Seats[(i-seatOf(cfg.FirstSeed+g)+engine.NumSeats)%engine.NumSeats]
}

// PlayLocalGame plays game number g of the match: four robots on an
// engine.Controller, every answer queued first in, first out, so the game
// is a pure function of the seed and the robots' options.
func PlayLocalGame(cfg LocalConfig, g int) *GameRecord {
	seed := cfg.FirstSeed + g
	start := time.Now()
	rec := &GameRecord{Game: g, Seed: seed, Labels: map[int]string{}, Latency: map[string]*Hist{}}
	so := engine.ServerOptions{OptionFile: cfg.Options}
	if cfg.Server != nil {
		so = *cfg.Server
		if cfg.Options != nil {
			so.OptionFile = cfg.Options
		}
	}
	so.Seed = seed
	c := engine.NewController(so)
	var seats [engine.NumSeats]localSeat
	byCnx := map[int]int{}
	for i := range seats {
		sp := cfg.SpecAt(g, i)
		cnx, _ := c.Accept()
		seats[i] = localSeat{cnx: cnx, label: sp.Label, view: engine.NewView(), robot: sp.NewRobot(uint64(seed)*4 + uint64(i))}
		if cfg.Wrap != nil {
			seats[i].robot = cfg.Wrap(g, i, sp.Label, seats[i].robot)
		}
		byCnx[cnx] = i
		rec.Labels[i+1] = sp.Label // a fresh game gives ids 1-4 in order of connection
		if rec.Latency[sp.Label] == nil {
			rec.Latency[sp.Label] = &Hist{}
		}
	}
	r := NewRecorder(g, seed, rec.Labels)
	var queue []localRequest
	head := 0
	var failure error
	deliver := func(outs []engine.Output) {
		for _, o := range outs {
			if o.Event == nil {
				continue
			}
			if o.Logged {
				r.Add(o.Event)
			}
			i, ok := byCnx[o.Conn]
			if !ok {
				continue
			}
			st := &seats[i]
			if err := st.view.Apply(o.Event); err != nil && failure == nil {
				failure = fmt.Errorf("seat %d cannot apply %q: %w", i, o.Event, err)
			}
			t0 := time.Now()
			acts := st.robot.Respond(st.view, o.Event)
			if len(acts) > 0 { // a decision: time it
				d := time.Since(t0)
				rec.Latency[st.label].Add(d)
				if rec.First == 0 {
					rec.First = d
				}
			}
			if cfg.Peek != nil && len(acts) > 0 {
				cfg.Peek(g, i, st.view, c.Game(), st.robot, acts)
			}
			for _, a := range acts {
				queue = append(queue, localRequest{seat: i, a: a})
			}
		}
	}
	for i := range seats {
		deliver(c.Handle(seats[i].cnx, engine.PConnect{Version: engine.ProtocolVersion, Name: fmt.Sprintf("%s#%d", seats[i].label, i+1)}))
	}
	maxSteps := cfg.MaxSteps
	if maxSteps <= 0 {
		maxSteps = 200000
	}
	steps := 0
	for !c.GameOver() && failure == nil && (cfg.Hands <= 0 || r.Settled() < cfg.Hands) {
		if head == len(queue) {
			gm := c.Game()
			failure = fmt.Errorf("%w: phase %v, player %d, after %d requests", ErrStalled, gm.Phase, gm.Player, steps)
			break
		}
		if steps >= maxSteps {
			failure = fmt.Errorf("arena: %d requests and no end", steps)
			break
		}
		q := queue[head]
		queue[head] = localRequest{}
		head++
		if head == len(queue) {
			queue, head = queue[:0], 0
		}
		steps++
		deliver(c.Handle(seats[q.seat].cnx, q.a))
	}
	rec.WallTime = time.Since(start).Seconds()
	if failure != nil {
		rec.Failed = failure.Error()
	}
	if cfg.Hands > 0 && !c.GameOver() {
		r.Cut()
	} else {
		rec.Finals = map[int]int{}
		for _, p := range c.FinalScores() {
			rec.Finals[p.ID] = p.CumulativeScore
		}
	}
	r.Finish(rec)
	rec.OursErrors = rec.Errors // every seat is ours
	return rec
}
